module M : sig
  type r = private { x : int; mutable y : int }
end = struct
  type r = { x : int; mutable y : int }
end

let r = { M.x = 1; M.y = 2 }
