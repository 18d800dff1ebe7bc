module M : sig type t = A of int end = struct type t = A of string end
