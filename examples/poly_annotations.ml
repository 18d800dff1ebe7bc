(* Explicitly polymorphic annotations and locally abstract types. *)

let id : 'a. 'a -> 'a = fun x -> x
let pair : 'a 'b. 'a -> 'b -> 'a * 'b = fun a b -> (a, b)
let swap : 'a 'b. 'a * 'b -> 'b * 'a = fun (a, b) -> (b, a)

(* A monomorphically recursive function with an annotation. *)
let rec count : 'a. 'a list -> int = function [] -> 0 | _ :: t -> 1 + count t

(* Polymorphic recursion through a list of lists. *)
let rec flatten_depth : 'a. int -> 'a list -> int =
 fun d l -> if d = 0 then List.length l else flatten_depth (d - 1) [ l; l ]

(* Locally abstract types. *)
let first (type a) (l : a list) (default : a) : a =
  match l with [] -> default | x :: _ -> x

let compose (type a b c) (f : b -> c) (g : a -> b) : a -> c = fun x -> f (g x)

let apply_twice = fun (type t) (f : t -> t) (x : t) -> f (f x)

(* `type a.`: polymorphic and locally abstract at once. *)
let rec depth : type a. a list list -> int = function
  | [] -> 0
  | l :: rest -> List.length l + depth rest

let rec nest : type a. int -> a -> string =
 fun n x -> if n = 0 then "." else "(" ^ nest (n - 1) [ x ] ^ ")"

(* A locally abstract type in a local helper's annotations. *)
let find (type k) (keys : k list) (wanted : k) : k option =
  let matches (k : k) = k = wanted in
  match List.filter matches keys with [] -> None | k :: _ -> Some k

(* Values of the abstract types only flow through. *)
let rev_map (type a b) (f : a -> b) (l : a list) : b list =
  let rec go (acc : b list) (l : a list) = match l with [] -> acc | x :: t -> go (f x :: acc) t in
  go [] l

(* A group mixing annotated and inferred members: `apply0` is generalised with the group, and
   `weight` uses it at a type of its own. *)
let rec weight : 'a. 'a list -> int = fun l -> apply0 (fun z -> z) + List.length l
and apply0 k = ignore k; 0
and size n = if n = 0 then 0 else 1 + size (n - 1) + weight [ n ] - 1

let () =
  Printf.printf "%d %s %g\n" (id 3) (id "three") (id 3.0);
  Printf.printf "%d %d %d %d\n" (weight [ 'a'; 'b' ]) (weight []) (apply0 (fun (x : string) -> x)) (size 4);
  let a, b = pair 1 "one" in
  Printf.printf "%d %s\n" a b;
  let x, y = swap (2.5, 'c') in
  Printf.printf "%c %g\n" x y;
  Printf.printf "%d %d\n" (count [ 1; 2; 3 ]) (count [ "a" ]);
  Printf.printf "%d\n" (flatten_depth 10 [ 1.; 2. ]);
  Printf.printf "%d %s\n" (first [] 7) (first [ "x"; "y" ] "z");
  Printf.printf "%d\n" (compose (fun x -> x * 2) String.length "hello");
  Printf.printf "%g\n" (apply_twice (fun x -> x *. x) 3.);
  Printf.printf "%d\n" (depth [ [ 1; 2 ]; []; [ 3 ] ]);
  print_endline (nest 5 ());
  (match find [ 1; 2; 3 ] 2 with Some k -> Printf.printf "found %d\n" k | None -> print_endline "none");
  (match find [ "a" ] "b" with Some k -> Printf.printf "found %s\n" k | None -> print_endline "none");
  List.iter (Printf.printf "%g ") (rev_map float_of_int [ 1; 2; 3 ]);
  print_newline ()
