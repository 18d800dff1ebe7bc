(* A type an `include` brought may be defined again (OCaml 4.13): the new definition is the
   module's, the included values keep their types. *)
module A = struct
  type t = A | B
  let x = A
  let n = 3
  let name = function A -> "A" | B -> "B"
end

module B = struct
  include A
  type t = string
  let y : t = "s"
  let z = name x
end

module C = struct
  include A
  type t = { v : int }
  let c = { v = n + 1 }
end

include A
type t = float
let f : t = 2.5

let () = Printf.printf "%s %d %s %d %g\n" B.y B.n B.z C.c.v f
