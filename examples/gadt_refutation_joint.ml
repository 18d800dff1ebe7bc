(* Refutation cases `p -> .` as OCaml checks them: a wildcard at a tuple of GADTs whose
   constructors cannot hold together, a polymorphic variant whose argument is empty, and
   cases an earlier case already takes (unused, so nothing to refute). *)
type ('a, 'b) eq = Refl : ('a, 'a) eq
type empty = (int, string) eq
let f = function `Foo (_ : empty) -> .
let g : type t. (int, t) eq * (t, string) eq -> unit = function _ -> .
let h : type t. ((int, t) eq * (t, string) eq) option -> unit = function None -> ()
let k : type t. (int, t) eq * (t, string) eq -> unit = function (_, _) -> .
let m x = match x with _ | exception _ -> () | exception Not_found -> .
let n () = match [] with x -> (fun x -> x) | _ -> .
let () = h None; m 1; print_int (n () 3); print_endline "ok"
