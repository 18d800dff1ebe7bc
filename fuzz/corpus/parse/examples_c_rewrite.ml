(* Term rewriting: Peano arithmetic and group axioms, rewriting to normal form *)
type term = V of string | F of string * term list

let rec show = function
  | V x -> x
  | F (c, []) -> c
  | F (("+" | "*") as op, [ a; b ]) -> "(" ^ show a ^ " " ^ op ^ " " ^ show b ^ ")"
  | F (f, args) -> f ^ "(" ^ String.concat ", " (List.map show args) ^ ")"

type subst = (string * term) list
type rule = { name : string; lhs : term; rhs : term }

exception No_match

let rec matches pat t (s : subst) : subst =
  match pat, t with
  | V x, _ ->
    (try if List.assoc x s = t then s else raise No_match
     with Not_found -> (x, t) :: s)
  | F (f, ps), F (g, ts) when f = g && List.length ps = List.length ts ->
    List.fold_left2 (fun s p t -> matches p t s) s ps ts
  | F _, _ -> raise No_match

let rec apply_subst s = function
  | V x -> (try List.assoc x s with Not_found -> V x)
  | F (f, args) -> F (f, List.map (apply_subst s) args)

(* rewrite at the root with the first rule that applies *)
let rec rewrite_root rules t =
  match rules with
  | [] -> None
  | r :: rest ->
    (try Some (r.name, apply_subst (matches r.lhs t []) r.rhs)
     with No_match -> rewrite_root rest t)

(* innermost normalisation, counting steps *)
let steps = ref 0
let trace = ref false

let rec normalize rules t =
  let t = match t with V _ -> t | F (f, args) -> F (f, List.map (normalize rules) args) in
  match rewrite_root rules t with
  | None -> t
  | Some (name, t') ->
    incr steps;
    if !trace then Printf.printf "  %s: %s -> %s\n" name (show t) (show t');
    normalize rules t'

let z = F ("0", [])
let s x = F ("s", [ x ])
let ( +: ) a b = F ("+", [ a; b ])
let ( *: ) a b = F ("*", [ a; b ])
let x = V "x" and y = V "y" and zz = V "z"

let peano = [
  { name = "add0"; lhs = z +: y; rhs = y };
  { name = "addS"; lhs = s x +: y; rhs = s (x +: y) };
  { name = "mul0"; lhs = z *: y; rhs = z };
  { name = "mulS"; lhs = s x *: y; rhs = y +: (x *: y) };
]

let rec num n = if n = 0 then z else s (num (n - 1))
let rec value = function
  | F ("0", []) -> 0
  | F ("s", [ t ]) -> 1 + value t
  | t -> failwith ("not a numeral: " ^ show t)

let e = F ("e", [])
let inv a = F ("i", [ a ])
let ( @@@ ) a b = F ("*", [ a; b ])

(* a complete system for groups (Knuth-Bendix result) *)
let group = [
  { name = "e-left"; lhs = e @@@ x; rhs = x };
  { name = "e-right"; lhs = x @@@ e; rhs = x };
  { name = "inv-left"; lhs = inv x @@@ x; rhs = e };
  { name = "inv-right"; lhs = x @@@ inv x; rhs = e };
  { name = "assoc"; lhs = (x @@@ y) @@@ zz; rhs = x @@@ (y @@@ zz) };
  { name = "inv-inv"; lhs = inv (inv x); rhs = x };
  { name = "inv-e"; lhs = inv e; rhs = e };
  { name = "cancel-l"; lhs = inv x @@@ (x @@@ y); rhs = y };
  { name = "cancel-r"; lhs = x @@@ (inv x @@@ y); rhs = y };
  { name = "inv-prod"; lhs = inv (x @@@ y); rhs = inv y @@@ inv x };
]

let () =
  trace := true;
  let t = num 2 *: num 2 in
  Printf.printf "%s\n" (show t);
  let r = normalize peano t in
  Printf.printf "= %s = %d (%d steps)\n" (show r) (value r) !steps;
  trace := false;
  List.iter
    (fun (a, b) ->
       steps := 0;
       let r = normalize peano (num a *: (num b +: num 1)) in
       Printf.printf "%d * (%d + 1) = %d in %d steps\n" a b (value r) !steps)
    [ (0, 5); (3, 4); (7, 6); (12, 12) ];
  let a = V "a" and b = V "b" and c = V "c" in
  List.iter
    (fun t ->
       steps := 0;
       let r = normalize group t in
       Printf.printf "%s  ~>  %s  [%d]\n" (show t) (show r) !steps)
    [ inv (a @@@ b) @@@ (a @@@ b);
      ((a @@@ b) @@@ c) @@@ inv c;
      inv (inv (inv a)) @@@ (a @@@ e);
      inv (a @@@ (b @@@ inv a));
      (e @@@ inv e) @@@ (inv (a @@@ e) @@@ a) ];
  (try ignore (value (normalize peano (x +: num 1))) with Failure m -> print_endline m);
  Printf.printf "match fails: %b\n" (try ignore (matches (x +: x) (num 1 +: num 2) []); false with No_match -> true)
