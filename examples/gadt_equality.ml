(* Type equality witnesses. *)
type (_, _) eq = Refl : ('a, 'a) eq

let cast : type a b. (a, b) eq -> a -> b = fun Refl x -> x
let sym : type a b. (a, b) eq -> (b, a) eq = fun Refl -> Refl
let trans : type a b c. (a, b) eq -> (b, c) eq -> (a, c) eq = fun Refl Refl -> Refl

type _ ty = Int : int ty | String : string ty | List : 'a ty -> 'a list ty
  | Pair : 'a ty * 'b ty -> ('a * 'b) ty | Fun : 'a ty * 'b ty -> ('a -> 'b) ty

(* Deciding equality of two type representations gives a witness. *)
let rec eq_ty : type a b. a ty -> b ty -> (a, b) eq option = fun a b ->
  match a, b with
  | Int, Int -> Some Refl
  | String, String -> Some Refl
  | List a, List b -> (match eq_ty a b with Some Refl -> Some Refl | None -> None)
  | Pair (a1, a2), Pair (b1, b2) ->
    (match eq_ty a1 b1, eq_ty a2 b2 with
     | Some Refl, Some Refl -> Some Refl
     | _ -> None)
  | Fun (a1, a2), Fun (b1, b2) ->
    (match eq_ty a1 b1 with
     | Some Refl -> (match eq_ty a2 b2 with Some Refl -> Some Refl | None -> None)
     | None -> None)
  | _ -> None

type dyn = Dyn : 'a ty * 'a -> dyn

let from_dyn : type a. a ty -> dyn -> a option = fun t (Dyn (t', v)) ->
  match eq_ty t' t with Some Refl -> Some v | None -> None

let rec name : type a. a ty -> string = function
  | Int -> "int" | String -> "string" | List t -> name t ^ " list"
  | Pair (a, b) -> "(" ^ name a ^ " * " ^ name b ^ ")"
  | Fun (a, b) -> "(" ^ name a ^ " -> " ^ name b ^ ")"

(* An equation used under a function. *)
let apply_int : type a. (a, int) eq -> (a -> a) -> int = fun Refl f -> f 41

let () =
  print_endline (cast Refl "cast");
  Printf.printf "%d\n" (cast (trans (sym Refl) Refl) 5);
  let ds = [Dyn (Int, 1); Dyn (String, "s"); Dyn (List Int, [1; 2]);
            Dyn (Pair (Int, String), (3, "three")); Dyn (Fun (Int, Int), succ)] in
  List.iter (fun (Dyn (t, _) as d) ->
      Printf.printf "%s: int? %s list? %s\n" (name t)
        (match from_dyn Int d with Some n -> string_of_int n | None -> "no")
        (match from_dyn (List Int) d with Some l -> string_of_int (List.length l) | None -> "no"))
    ds;
  (match from_dyn (Fun (Int, Int)) (List.nth ds 4) with
   | Some f -> Printf.printf "f 9 = %d\n" (f 9)
   | None -> print_endline "no function");
  (match from_dyn (Pair (Int, String)) (List.nth ds 3) with
   | Some (n, s) -> Printf.printf "%d %s\n" n s
   | None -> ());
  Printf.printf "%d\n" (apply_int Refl (fun x -> x + 1));
  Printf.printf "%b %b\n" (eq_ty (List (Pair (Int, String))) (List (Pair (Int, String))) <> None)
    (eq_ty (List Int) (List String) <> None)
