module M : sig type t = A | B end = struct type t = B | A end
