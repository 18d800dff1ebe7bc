module M : sig
  type r = private { x : int; mutable y : int }
  val make : int -> r
end = struct
  type r = { x : int; mutable y : int }
  let make x = { x; y = x }
end

let () = let r = M.make 1 in r.M.y <- 3
