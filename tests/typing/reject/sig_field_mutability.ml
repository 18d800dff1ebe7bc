module M : sig type t = { mutable a : int } end = struct type t = { a : int } end
