(* Constrained type declarations, type aliases `t as 'a` and private abbreviations in a
   structure, as OCaml types them. *)

(* A constrained abbreviation: its parameter is a pair, the body names the components. *)
type 'p first = 'a constraint 'p = 'a * 'b

let fst' : ('a * 'b) -> ('a * 'b) first = fun (a, _) -> a

(* A constrained variant: the constructor's argument is the list's element. *)
type 'l head = Head of 'e | Empty constraint 'l = 'e list

let head (l : 'a list) : 'a list head = match l with x :: _ -> Head x | [] -> Empty

let show_head = function Head n -> string_of_int n | Empty -> "empty"

(* A record whose parameter is an arrow type. *)
type 'f fn = { apply : 'a -> 'b; name : string } constraint 'f = 'a -> 'b

let succ_fn : (int -> int) fn = { apply = (fun x -> x + 1); name = "succ" }

(* An open polymorphic variant named by the parameter. *)
type 'a tagged = [> `Int of int | `Str of string ] as 'a

let describe (x : 'a tagged) =
  match x with
  | `Int n -> Printf.sprintf "int %d" n
  | `Str s -> Printf.sprintf "str %s" s
  | _ -> "other"

(* Aliases in annotations: the input's type is the output's. *)
let id_ab : ([< `A | `B ] as 'a) -> 'a = fun x -> x

let ab_name = function `A -> "A" | `B -> "B"

(* A recursive type through a polymorphic variant. *)
let rec depth : ([ `Leaf | `Node of 'a * 'a ] as 'a) -> int = function
  | `Leaf -> 0
  | `Node (l, r) -> 1 + max (depth l) (depth r)

(* Private abbreviations: built only through the module's functions, read through a
   coercion. *)
module Even : sig
  type t = private int
  val make : int -> t
end = struct
  type t = int
  let make n = if n mod 2 = 0 then n else n + 1
end

type celsius = private float

let to_celsius (x : float) : celsius = Obj.magic x

let () =
  Printf.printf "%d\n" (fst' (3, "x"));
  print_endline (show_head (head [ 7; 8 ]));
  print_endline (show_head (head []));
  Printf.printf "%s %d\n" succ_fn.name (succ_fn.apply 41);
  print_endline (describe (`Int 5));
  print_endline (describe (`Str "s"));
  print_endline (describe `Other);
  print_endline (ab_name (id_ab `B));
  Printf.printf "%d\n" (depth (`Node (`Leaf, `Node (`Leaf, `Leaf))));
  let e = Even.make 7 in
  Printf.printf "%d\n" ((e :> int) * 2);
  let temps = List.map to_celsius [ 1.5; 20.25 ] in
  List.iter (fun c -> Printf.printf "%.2f\n" (((c : celsius) :> float) +. 0.5)) temps
