module M : sig type t = A | B end = struct type t = A | B | C end
