(* Polymorphic code at type variables: structural equality, comparison and hashing inside
   uniform (not specialised) code, floats passing through it boxed, and one polymorphic
   function used at more types than the compiler specialises. *)

type 'a nested = Nil | Cons of 'a * ('a * 'a) nested

(* Equality and comparison at the type variable of a polymorphically recursive function. *)
let rec mem : 'a. 'a -> 'a nested -> bool =
 fun x n ->
  match n with
  | Nil -> false
  | Cons (y, rest) -> x = y || mem (x, x) rest

let rec max_elt : 'a. ('a -> float) -> 'a nested -> float =
 fun f n ->
  match n with
  | Nil -> neg_infinity
  | Cons (y, rest) -> max (f y) (max_elt (fun (a, b) -> max (f a) (f b)) rest)

let rec compare_all : 'a. 'a -> 'a nested -> int list =
 fun x n ->
  match n with
  | Nil -> []
  | Cons (y, rest) -> compare x y :: compare_all (x, y) rest

let rec hashes : 'a. 'a nested -> int list = function
  | Nil -> []
  | Cons (y, rest) -> Hashtbl.hash y :: hashes rest

let rec build : 'a. int -> 'a -> 'a nested =
 fun n x -> if n = 0 then Nil else Cons (x, build (n - 1) (x, x))

let show l = String.concat " " (List.map string_of_int l)

(* Used at many types: specialised for the first ones, uniform for the others. *)
let describe x = (Hashtbl.hash x, compare x x, x = x, compare (x, 1) (x, 2))

let total = ref 0

(* A generalised binding that computes (evaluated once): its comparison at 'a is generic. *)
let equal = (print_string ""; fun x y -> x = y)
let order = (print_string ""; fun x y -> compare x y)

let check x =
  let h, c, e, c2 = describe x in
  total := !total + h + c + (if e then 1 else 0) + c2

let () =
  let f = build 6 1.5 in
  Printf.printf "mem %b %b\n" (mem 1.5 f) (mem 2.5 f);
  let n = build 3 nan in
  Printf.printf "mem nan %b\n" (mem nan n);
  Printf.printf "max %g %g\n" (max_elt (fun x -> x) f) (max_elt float_of_int (build 4 7));
  print_endline (show (compare_all 0. (build 4 0.)));
  print_endline (show (compare_all nan (build 3 nan)));
  print_endline (show (compare_all "b" (Cons ("a", Cons (("b", "c"), Nil)))));
  print_endline (show (hashes (build 4 2.5)));
  print_endline (show (hashes (Cons ("x", Cons (("y", "z"), Nil)))));
  print_endline (show (hashes (build 3 [ 1; 2 ])));
  Printf.printf "%b %b %b %b\n" (equal "ab" ("a" ^ "b")) (equal [ 1.5 ] [ 1.5 ]) (equal nan nan)
    (equal 3 3);
  Printf.printf "%d %d %d\n" (order "b" "a") (order [ 2 ] [ 1; 2 ]) (order (Some 1.) None);
  check (1);
  check ([ 1 ]);
  check ([ [ 1 ] ]);
  check ([ [ [ 1 ] ] ]);
  check ([ [ [ [ 1 ] ] ] ]);
  check ([ [ [ [ [ 1 ] ] ] ] ]);
  check ([ [ [ [ [ [ 1 ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ 1 ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check ([ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]);
  check (2.5);
  check (Some (2.5));
  check (Some (Some (2.5)));
  check (Some (Some (Some (2.5))));
  check (Some (Some (Some (Some (2.5)))));
  check (Some (Some (Some (Some (Some (2.5))))));
  check (Some (Some (Some (Some (Some (Some (2.5)))))));
  check (Some (Some (Some (Some (Some (Some (Some (2.5))))))));
  check (Some (Some (Some (Some (Some (Some (Some (Some (2.5)))))))));
  check (Some (Some (Some (Some (Some (Some (Some (Some (Some (2.5))))))))));
  Printf.printf "total %d\n" !total
