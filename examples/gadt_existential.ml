(* Existential constructors: a value packed with the operations on its hidden type. *)
type showable = Show : 'a * ('a -> string) -> showable

let show_all l = List.map (fun (Show (v, f)) -> f v) l

(* A counter whose state type is hidden. *)
type counter = Counter : 'a * ('a -> 'a) * ('a -> int) -> counter

let run (Counter (start, next, get)) n =
  let rec go s i = if i = 0 then get s else go (next s) (i - 1) in
  go start n

let int_counter = Counter (0, (fun x -> x + 1), fun x -> x)
let list_counter = Counter ([], (fun l -> () :: l), List.length)
let float_counter = Counter (1.0, (fun x -> x *. 2.0), int_of_float)

(* An existential with a type witness: the hidden type can be recovered by matching. *)
type _ tag = I : int tag | S : string tag | L : 'a tag -> 'a list tag
type dyn = Dyn : 'a tag * 'a -> dyn

let rec to_string : type a. a tag -> a -> string = fun t v ->
  match t with
  | I -> string_of_int v
  | S -> "\"" ^ v ^ "\""
  | L t' -> "[" ^ String.concat "; " (List.map (to_string t') v) ^ "]"

let get_int : dyn -> int option = function Dyn (I, v) -> Some v | Dyn _ -> None

(* Existentials compared structurally through their own functions. *)
type ord = Ord : 'a * 'a * ('a -> 'a -> int) -> ord
let cmp (Ord (x, y, c)) = c x y

let () =
  List.iter print_endline
    (show_all [Show (1, string_of_int); Show ("two", fun s -> s); Show (3.5, string_of_float);
               Show ([1; 2], fun l -> string_of_int (List.length l))]);
  Printf.printf "%d %d %d\n" (run int_counter 10) (run list_counter 5) (run float_counter 10);
  let ds = [Dyn (I, 7); Dyn (S, "x"); Dyn (L I, [1; 2; 3]); Dyn (L (L S), [["a"]; []])] in
  List.iter (fun (Dyn (t, v)) -> print_endline (to_string t v)) ds;
  List.iter (fun d -> match get_int d with Some n -> Printf.printf "int %d\n" n | None -> print_endline "not an int") ds;
  Printf.printf "%d %d %d\n" (cmp (Ord (1, 2, compare))) (cmp (Ord ("b", "a", compare)))
    (cmp (Ord ([1.0], [1.0], compare)));
  (* A local existential binding. *)
  let Show (v, f) = Show (42, string_of_int) in
  print_endline (f v)
