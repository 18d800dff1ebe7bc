(* Declarations ocamlopt accepts with [@@unboxed] and [@@immediate] (OCaml's
   typedecl.ml, typedecl_separability.ml, typedecl_immediacy.ml), and `let rec`
   definitions around unboxed types, lazy values and array literals (rec_check.ml). *)
type t1 = A of string [@@ocaml.unboxed]
type t2 = { f : string } [@@ocaml.unboxed]
type t3 = B of { g : string } [@@unboxed]
type 'a id = Id of 'a [@@unboxed]
type boxed = C of int [@@boxed]

(* Separability: a parameter's mode comes from the argument's type. *)
type 'a s = S : 'a -> 'a s [@@unboxed]
type 'a wrap = W : 'a s -> 'a wrap [@@unboxed]
type (_, _) almost_eq = Almost_refl : 'a -> ('a, 'a) almost_eq [@@unboxed]
type valid2 = Any : (int, 'a) almost_eq -> valid2 [@@unboxed]
type list_ex = L : 'a list -> list_ex [@@unboxed]
type fn_ex = F : ('a -> 'a) -> fn_ex [@@unboxed]
type _ s2 = S2 : 'a t4 -> _ s2 [@@unboxed]
and _ t4 = T4 : 'a -> 'a s2 t4

(* Immediate types. *)
type imm [@@immediate]
type u = U : imm -> u [@@unboxed]
type 'a imm1 [@@immediate]
type u1 = U1 : 'a imm1 -> u1 [@@unboxed]
type color = Red | Green | Blue [@@immediate]
type small = int [@@immediate]
type p = q [@@immediate]
and q = char
type tags = [ `A | `B ] [@@immediate]

(* let rec: an unboxed constructor's argument may be a block holding the name. *)
type r = R of r list [@@unboxed]
let rec a = R [a]
let rec e = lazy (fun _ -> f) and f = ()
let g (z : bytes) = let rec x = [| y; z |] and y = z in x
let rec ints = [| 1; 2 |]; 3

let () =
  let A s = A "one" in
  let { f } = { f = "two" } in
  let B { g = h } = B { g = "three" } in
  let (Id n) = Id 4 in
  print_endline (String.concat " " [s; f; h; string_of_int n]);
  (match a with R [R [_]] -> print_endline "cycle" | _ -> print_endline "?");
  (match Lazy.force e () with () -> print_endline "lazy");
  print_int (Array.length (g (Bytes.of_string "b"))); print_newline ();
  print_int ints; print_newline ();
  let W (S k) = W (S "wrapped") in
  print_endline k;
  let Any (Almost_refl m) = Any (Almost_refl 5) in
  print_int m; print_newline ();
  let L l = L [1; 2; 3] in
  print_int (List.length l); print_newline ();
  let F _ = F (fun x -> x) in
  print_endline (match Green with Red -> "red" | Green -> "green" | Blue -> "blue");
  print_int (10 : small); print_newline ()
