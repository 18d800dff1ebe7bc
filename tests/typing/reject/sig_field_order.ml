module M : sig type t = { a : int; b : string } end = struct type t = { b : string; a : int } end
