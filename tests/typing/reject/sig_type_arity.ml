module M : sig type 'a t end = struct type t = int end
