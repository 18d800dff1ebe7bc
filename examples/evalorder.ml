(* Evaluation order as ocamlopt: application arguments, tuple components, constructor
   arguments, record fields and list elements right to left; let and ; in order; for bounds
   left to right; && and || short-circuit left to right. *)

let trace = ref []
let t name v = trace := name :: !trace; v
let show what =
  Printf.printf "%-12s %s\n" what (String.concat " " (List.rev !trace));
  trace := []

type r = { a : int; b : string; c : bool }
type v = Pair of int * int | Triple of int * string * int

let f x y z = x + y + z
let g x = fun y -> x - y

let () =
  ignore (f (t "x" 1) (t "y" 2) (t "z" 3)); show "app";
  ignore (g (t "x" 1) (t "y" 2)); show "curried";
  ignore ((t "fn" g) (t "arg" 1)); show "fn-vs-arg";
  ignore (t "a" 1, t "b" 2, t "c" 3); show "tuple";
  ignore (Pair (t "l" 1, t "r" 2)); show "ctor";
  ignore (Triple (t "1" 1, t "2" "s", t "3" 3)); show "ctor3";
  ignore { a = t "a" 1; b = t "b" "x"; c = t "c" true }; show "record";
  ignore { c = t "c" true; a = t "a" 1; b = t "b" "x" }; show "record-perm";
  ignore [ t "1" 1; t "2" 2; t "3" 3 ]; show "list";
  ignore (t "hd" 1 :: t "tl" []); show "cons";
  ignore (t "l" 1 + t "r" 2); show "plus";
  ignore (t "l" 5 - t "r" 2 * t "m" 3); show "arith";
  ignore (t "l" "a" ^ t "r" "b"); show "concat";
  ignore (t "l" 1 < t "r" 2); show "less";
  ignore (t "l" [1] = t "r" [2]); show "equal";
  ignore (t "l" false && t "r" true); show "and";
  ignore (t "l" true || t "r" true); show "or";
  ignore (t "l" true && t "r" true); show "and2";
  let x = t "first" 1 in
  let y = t "second" 2 in
  ignore (x + y); show "let";
  let p = t "a" 1 and q = t "b" 2 in
  ignore (p + q); show "let-and";
  for i = t "lo" 1 to t "hi" 2 do ignore (t (string_of_int i) i) done; show "for";
  let r = ref 0 in
  r := t "rhs" 5; show "assign";
  ignore (t "l" 7 / t "r" 7); show "div";
  ignore (Some (t "some" 1)); show "some";
  ignore (print_string (t "arg" "") ; t "after" 1); show "seq";
  (try ignore (t "a" 1, raise (t "exn" Exit), t "c" 3) with Exit -> ()); show "raise-mid";
  let h = t "h" (fun a b -> a * b) in
  ignore (h (t "a1" 2) (t "b1" 3)); show "closure";
  ignore (List.map (fun x -> t (string_of_int x) x) [ 1; 2; 3 ]); show "List.map";
  ignore (List.iter (fun x -> ignore (t (string_of_int x) x)) [ 1; 2; 3 ]); show "List.iter"
