(* Recursive modules: mutual recursion across modules, types declared by the signatures,
   sets of trees, OCaml's initialisation order and Undefined_recursive_module. *)

module rec Even : sig val test : int -> bool end = struct
  let test n = n = 0 || Odd.test (n - 1)
end
and Odd : sig val test : int -> bool end = struct
  let test n = n <> 0 && Even.test (n - 1)
end

let () = Printf.printf "even 10: %b, odd 7: %b, even 3: %b\n" (Even.test 10) (Odd.test 7) (Even.test 3)

(* The classic: a tree whose nodes hold sets of trees. *)
module rec Tree : sig
  type t = Leaf of string | Node of TreeSet.t
  val compare : t -> t -> int
  val to_string : t -> string
end = struct
  type t = Leaf of string | Node of TreeSet.t
  let compare a b =
    match (a, b) with
    | Leaf s1, Leaf s2 -> Stdlib.compare s1 s2
    | Leaf _, Node _ -> 1
    | Node _, Leaf _ -> -1
    | Node n1, Node n2 -> TreeSet.compare n1 n2
  let rec to_string = function
    | Leaf s -> s
    | Node set -> "{" ^ String.concat " " (List.map to_string (TreeSet.elements set)) ^ "}"
end
and TreeSet : Set.S with type elt = Tree.t = Set.Make (Tree)

let () =
  let leaves = List.map (fun s -> Tree.Leaf s) [ "b"; "a"; "c"; "a" ] in
  let inner = Tree.Node (TreeSet.of_list leaves) in
  let outer = Tree.Node (TreeSet.of_list [ inner; Tree.Leaf "z"; inner ]) in
  print_endline (Tree.to_string outer);
  Printf.printf "cardinal %d\n" (TreeSet.cardinal (TreeSet.of_list [ inner; outer; inner ]))

(* An abstract type declared by the signature: the body's type inside, abstract outside. *)
module rec Expr : sig
  type t
  val num : int -> t
  val add : t -> t -> t
  val eval : t -> int
  val show : t -> string
end = struct
  type t = Num of int | Add of t * t
  let num n = Num n
  let add a b = Add (a, b)
  let rec eval = function Num n -> n | Add (a, b) -> eval a + Expr.eval b
  let show e = Printer.show_with (fun e -> string_of_int (eval e)) e
end
and Printer : sig val show_with : (Expr.t -> string) -> Expr.t -> string end = struct
  let show_with f e = "<" ^ f e ^ ">"
end

let () =
  let e = Expr.add (Expr.num 2) (Expr.add (Expr.num 3) (Expr.num 4)) in
  Printf.printf "%d %s\n" (Expr.eval e) (Expr.show e)

(* Evaluation order: the unsafe module (a non-function value) is evaluated first, after the
   modules it names; calling a safe module's function before its body ran raises. *)
let trace = Buffer.create 16

module rec Config : sig val size : int val describe : unit -> string end = struct
  let () = Buffer.add_string trace "config "
  let size = 3
  let describe () = "size " ^ string_of_int size ^ ", " ^ Helper.name ()
end
and Helper : sig val name : unit -> string end = struct
  let () = Buffer.add_string trace "helper "
  let name () = "helper of " ^ string_of_int Config.size
end

let () = print_endline (Buffer.contents trace); print_endline (Config.describe ())

module rec Early : sig val v : int end = struct
  let v =
    try Late.f 1
    with Undefined_recursive_module (file, line, col) ->
      Printf.printf "undefined at %s %d %d\n" file line col;
      -1
end
and Late : sig val f : int -> int end = struct
  let f x = x + Early.v
end

let () = Printf.printf "Early.v = %d, Late.f 10 = %d\n" Early.v (Late.f 10)

(* module rec M : S = M: the functions stay undefined. *)
module rec Self : sig val f : int -> int end = Self

let () =
  match Self.f 3 with
  | n -> print_int n
  | exception e -> print_endline (Printexc.to_string e)

(* Polymorphic functions in a recursive module. *)
module rec Poly : sig
  val map : ('a -> 'b) -> 'a list -> 'b list
  val pairs : 'a list -> ('a * 'a) list
end = struct
  let map f = function [] -> [] | x :: l -> f x :: Poly.map f l
  let pairs l = Poly.map (fun x -> (x, x)) l
end

let () =
  List.iter (fun (a, b) -> Printf.printf "(%s,%s) " a b) (Poly.pairs [ "x"; "y" ]);
  List.iter (Printf.printf "%d ") (Poly.map (fun x -> x * x) [ 1; 2; 3 ]);
  print_newline ()
