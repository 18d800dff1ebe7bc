(* A typed printf: the format's index is the type of the function it builds. *)
type (_, _) fmt =
  | Lit : string * ('a, 'r) fmt -> ('a, 'r) fmt
  | Int : ('a, 'r) fmt -> (int -> 'a, 'r) fmt
  | Str : ('a, 'r) fmt -> (string -> 'a, 'r) fmt
  | Float : ('a, 'r) fmt -> (float -> 'a, 'r) fmt
  | Bool : ('a, 'r) fmt -> (bool -> 'a, 'r) fmt
  | End : ('r, 'r) fmt

let rec kprintf : type a r. (string -> r) -> string -> (a, r) fmt -> a =
  fun k acc f ->
    match f with
    | Lit (s, rest) -> kprintf k (acc ^ s) rest
    | Int rest -> fun n -> kprintf k (acc ^ string_of_int n) rest
    | Str rest -> fun s -> kprintf k (acc ^ s) rest
    | Float rest -> fun x -> kprintf k (acc ^ Printf.sprintf "%g" x) rest
    | Bool rest -> fun b -> kprintf k (acc ^ string_of_bool b) rest
    | End -> k acc

let sprintf f = kprintf (fun s -> s) "" f
let printf f = kprintf print_string "" f

(* Concatenation of formats, by the structure of the first. *)
let rec concat : type a b r. (a, b) fmt -> (b, r) fmt -> (a, r) fmt = fun f g ->
  match f with
  | Lit (s, rest) -> Lit (s, concat rest g)
  | Int rest -> Int (concat rest g)
  | Str rest -> Str (concat rest g)
  | Float rest -> Float (concat rest g)
  | Bool rest -> Bool (concat rest g)
  | End -> g

let rec arity : type a r. (a, r) fmt -> int = function
  | Lit (_, r) -> arity r
  | Int r -> 1 + arity r | Str r -> 1 + arity r | Float r -> 1 + arity r | Bool r -> 1 + arity r
  | End -> 0

let () =
  let f = Lit ("x = ", Int (Lit (", name = ", Str (Lit ("\n", End))))) in
  printf f 42 "egret";
  print_endline (sprintf (Float (Lit (" and ", Bool End))) 2.5 true);
  let g = concat f (Lit ("ratio ", Float (Lit ("\n", End)))) in
  printf g 1 "two" 0.75;
  Printf.printf "arity %d %d\n" (arity f) (arity g);
  let lines = List.map (sprintf (Int (Lit (":", Str End))) 7) ["a"; "b"] in
  List.iter print_endline lines
