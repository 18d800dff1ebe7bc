(* Comparisons of constructor arguments inside the arm that decided the constructor: strings,
   floats (nan) and ints, a GADT constructor, an inline record; specialised by the argument type. *)
type term = Var of int | Term of string * term list
type fl = F of float * string | G of { x : float; s : string } | H of int
type 'a poly = P of 'a * 'a | Q
type _ g = GI : int -> int g | GS : string * 'b -> string g
let f t1 t2 = match t1, t2 with
  | Term (a, _), Term (b, _) -> if a = b then 1 else if a < b then 2 else 4
  | Var a, Var b -> if a = b then 5 else 6
  | _ -> 3
let h x y = match x, y with
  | F (a, s), F (b, t) -> (a = b, a < b, compare a b, s = t, compare s t)
  | G r, G q -> (r.x = q.x, r.x < q.x, compare r.x q.x, r.s = q.s, compare r.s q.s)
  | _ -> (false, false, 0, false, 0)
let p (x : float poly) = match x with P (a, b) -> a = b | Q -> false
let q (x : string poly) = match x with P (a, b) -> compare a b | Q -> 0
let gg : type a. a g -> a g -> bool = fun x y -> match x, y with
  | GI a, GI b -> a = b
  | GS (a, _), GS (b, _) -> a = b
let () =
  Printf.printf "%d %d %d\n" (f (Term ("a", [])) (Term (String.make 1 (Char.chr 98), []))) (f (Term ("ab", [])) (Term ("ab", []))) (f (Var 3) (Var 3));
  let pr (a, b, c, d, e) = Printf.printf "%b %b %d %b %d\n" a b c d e in
  pr (h (F (nan, "x")) (F (nan, "x")));
  pr (h (F (1.5, "x")) (F (2.5, "y")));
  pr (h (G {x = nan; s = "q"}) (G {x = 0.0; s = "q"}));
  pr (h (G {x = 1.; s = "b"}) (G {x = 1.0; s = "a"}));
  Printf.printf "%b %b %d %d\n" (p (P (nan, nan))) (p (P (1., 1.))) (q (P ("a", "b"))) (q Q);
  Printf.printf "%b %b %b\n" (gg (GI 1) (GI 1)) (gg (GS ("x", 1)) (GS ("x", 2.0))) (gg (GS ("x", 1)) (GS ("y", 2.0)))
