(* Sealing an existing module with a private variant or record gives the sealed module the
   signature's private view; the original module's type stays public (OCaml: the signature's
   own declaration is the sealed module's, not strengthened by the original). *)
module type S = sig type 'a t = private A of 'a | B val mk : 'a -> 'a t end
module M = struct type 'a t = A of 'a | B let mk x = A x end
module M_S = (M : S)
let x : int M.t = M.A 3
let f = function M_S.A x -> x | M_S.B -> 0
let g : 'a M_S.t -> 'a option = function A x -> Some x | B -> None
let () = Printf.printf "%d %d\n" (f (M_S.mk 5)) (match g (M_S.mk 7) with Some x -> x | None -> 0)
let () = match x with M.A n -> print_int n | M.B -> ()
let () = print_newline ()
module type R = sig type t = private { x : int; mutable y : int } val mk : int -> t end
module N = struct type t = { x : int; mutable y : int } let mk x = { x; y = x } end
module N_S = (N : R)
let r = N_S.mk 4
let () = Printf.printf "%d %d\n" r.N_S.x r.y
let n = { N.x = 1; y = 2 }
let () = n.N.y <- 5; Printf.printf "%d\n" n.N.y
let h (v : N_S.t) = match v with { N_S.x; _ } -> x
let () = print_int (h r); print_newline ()
module type S0 = sig type t = private A | B val mk : unit -> t end
module M0 = struct type t = A | B let mk () = B end
module M0_S = (M0 : S0)
let () = match M0_S.mk (), M0.A with
  | M0_S.B, M0.A -> print_endline "B A"
  | _ -> print_endline "other"
