(* A module type's signature is checked where it is declared; in a signature a private
   extensible type takes new constructors (only structures may not extend it). *)
module type S = sig
  type foo = private ..
  type foo += A of float
  val show : foo -> string
end
module M : S = struct
  type foo = ..
  type foo += A of float
  let show = function A f -> Printf.sprintf "A %g" f | _ -> "?"
end
let () = print_endline (M.show (M.A 1.5))
