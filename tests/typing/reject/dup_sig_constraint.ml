module M : sig type t type t end = struct type t = int end
