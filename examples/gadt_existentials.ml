(* GADT declarations and existential bindings ocamlopt accepts, next to the ones it
   rejects (tests/typing/reject/gadt_undeducible_abstract.ml, existential_*.ml). *)
type 'a s = S of 'a
type !'a inj
type _ t = T : 'a -> 'a s t
type _ u = U : 'a -> 'a inj u
type _ l = L : 'a -> 'a list l
type _ p = P : 'a * 'b -> ('a * 'b) p

(* `_` in a constructor's argument: an existential, fresh at each use. *)
type other = Any : _ -> other
let count = function Any _ -> 1
let both = [Any 1; Any "two"; Any 3.0]

(* A local `let` of one binding is a `match`: it may bind an existential. *)
let size () = let Any _ = Any [1; 2] in List.length both

(* Re-exported definitions with the original's representation. *)
type mono = { foo : int }
type same = mono = { foo : int }
type ub = { bar : int } [@@unboxed]
type ub2 = ub = { bar : int } [@@unboxed]

let () =
  let T x = T 5 in
  let L y = L "list" in
  let P (a, b) = P (1, "one") in
  print_int (x + a); print_newline ();
  print_endline (y ^ " " ^ b);
  print_int (List.fold_left (fun n v -> n + count v) 0 both + size ()); print_newline ();
  let { foo } : same = { foo = 7 } in
  let { bar } : ub2 = { bar = 8 } in
  print_int (foo + bar); print_newline ()
