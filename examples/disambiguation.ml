(* Type-directed disambiguation of record fields and constructors that several types declare:
   the expected type, a record's base, an annotation pick the declaration. *)
type a = { x : int; y : int }
type b = { x : string }

let f (r : a) = r.x + 1
let g r = String.length r.x
let mk : a = { x = 1; y = 2 }
let () = print_int (f mk); print_int (g { x = "abc" }); print_newline ()
let h (r : a) = match r with { x; _ } -> x
let () = print_int (h { mk with x = 5 }); print_newline ()

type c = A | B
type d = A | C

let k (v : c) = match v with A -> 1 | B -> 2
let () = print_int (k A); print_int (k B); print_newline ()
let l : c = A
let () = print_int (k l); print_newline ()
let m = function (A : c) -> "A of c" | B -> "B"
let () = print_endline (m A); print_endline (match (A : d) with A -> "A of d" | C -> "C")
