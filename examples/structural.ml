(* Structural equality and ordering on every non-function type, as OCaml orders them:
   constant constructors before non-constant ones, constructors in declaration order,
   strings bytewise, lists and tuples lexicographically, records field by field. *)

type color = Red | Green | Blue
type shape = Dot | Circle of int | Rect of int * int | Named of string * shape
type rc = { name : string; age : int; tags : string list }

let cmp_to_string c = if c < 0 then "<" else if c > 0 then ">" else "="
let show label c = Printf.printf "%-28s %s\n" label (cmp_to_string c)

let () =
  show "Red Blue" (compare Red Blue);
  show "Blue Green" (compare Blue Green);
  show "Dot (Circle 0)" (compare Dot (Circle 0));
  show "Circle 5, Rect (0,0)" (compare (Circle 5) (Rect (0, 0)));
  show "Rect (1,2) Rect (1,3)" (compare (Rect (1, 2)) (Rect (1, 3)));
  show "Named a Dot, Named a Circle" (compare (Named ("a", Dot)) (Named ("a", Circle 1)));
  show "\"abc\" \"abd\"" (compare "abc" "abd");
  show "\"ab\" \"abc\"" (compare "ab" "abc");
  show "\"\" \"a\"" (compare "" "a");
  show "\"Z\" \"a\"" (compare "Z" "a");
  show "\"\\255\" \"a\"" (compare "\255" "a");
  show "[1;2] [1;2;3]" (compare [ 1; 2 ] [ 1; 2; 3 ]);
  show "[2] [1;5]" (compare [ 2 ] [ 1; 5 ]);
  show "[] [0]" (compare [] [ 0 ]);
  show "(1,\"b\") (1,\"a\")" (compare (1, "b") (1, "a"));
  show "None (Some 0)" (compare None (Some 0));
  show "Some 3, Some 2" (compare (Some 3) (Some 2));
  show "'a' 'b'" (compare 'a' 'b');
  show "true false" (compare true false);
  show "() ()" (compare () ());
  show "min_int max_int" (compare min_int max_int);
  show "-1 1" (compare (-1) 1);
  let r1 = { name = "ann"; age = 30; tags = [ "x" ] } in
  let r2 = { name = "ann"; age = 30; tags = [ "x"; "y" ] } in
  show "records" (compare r1 r2);
  Printf.printf "%b %b %b %b\n" (r1 = r2) (r1 = { r2 with tags = [ "x" ] }) (r1 < r2) (r1 >= r2);
  Printf.printf "%b %b %b\n" ([ Red; Green ] < [ Red; Blue ]) (Some [ 1 ] > None) ((1, 2) <= (1, 2));
  Printf.printf "%s %s\n" (min "pear" "apple") (max "pear" "apple");
  let m = max (Rect (1, 1)) (Circle 100) and n = min [ 3; 1 ] [ 3 ] in
  Printf.printf "%b %d\n" (m = Rect (1, 1)) (List.length n);
  let sorted = List.sort compare [ Named ("b", Dot); Dot; Rect (2, 1); Circle 3; Named ("a", Dot); Rect (1, 9) ] in
  List.iter
    (fun s ->
      print_string
        (match s with
        | Dot -> "Dot "
        | Circle n -> Printf.sprintf "Circle %d " n
        | Rect (a, b) -> Printf.sprintf "Rect(%d,%d) " a b
        | Named (s, _) -> "Named " ^ s ^ " "))
    sorted;
  print_newline ();
  (* Comparing functional values raises. *)
  (try ignore (compare (fun x -> x) (fun x -> x + 1)) with Invalid_argument m -> print_endline m);
  (try ignore ((fun x -> x) = (fun x -> x)) with Invalid_argument m -> print_endline m)
