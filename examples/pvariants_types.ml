(* Polymorphic variants in types: closed, open and bounded rows; `#t` patterns; coercions;
   inheritance of variant types; functions whose types stay polymorphic in the row. *)
type color = [ `Red | `Green | `Blue ]
type shade = [ color | `Black | `White ]

let name (c : color) = match c with `Red -> "red" | `Green -> "green" | `Blue -> "blue"

let shade_name : shade -> string = function
  | #color as c -> name c
  | `Black -> "black"
  | `White -> "white"

let () = List.iter (fun s -> print_string (shade_name s ^ " ")) [ `Red; `Black; `Blue; `White ]
let () = print_newline ()

(* Coercions: a closed type to a larger one, with and without the source type. *)
let colors : color list = [ `Red; `Green ]
let shades = (colors :> shade list)
let one = ((`Blue : color) :> shade)
let () = List.iter (fun s -> print_string (shade_name s ^ " ")) (one :: shades)
let () = print_newline ()
let widen (c : color) : shade = (c : color :> shade)
let () = print_endline (shade_name (widen `Green))

(* A catch-all keeps the row open: the function accepts any tag. *)
let is_red = function `Red -> true | _ -> false
let () = Printf.printf "%b %b %b\n" (is_red `Red) (is_red `Green) (is_red `Anything)

(* Without one, the row is closed: [< `On | `Off ]. *)
let flip = function `On -> `Off | `Off -> `On
let () = print_endline (match flip (flip `On) with `On -> "on" | `Off -> "off")

(* A row variable shared between argument and result ('a as [> `Reset ]). *)
let reset_or_keep b x = if b then `Reset else x
let () =
  List.iter
    (fun v -> print_string (match v with `Reset -> "reset " | `Value n -> string_of_int n ^ " "))
    [ reset_or_keep true (`Value 1); reset_or_keep false (`Value 2) ];
  print_newline ()

(* Tags with arguments of several types, the argument being a tuple. *)
let describe = function
  | `Num n -> Printf.sprintf "num %d" n
  | `Str s -> Printf.sprintf "str %S" s
  | `Pair (a, b) -> Printf.sprintf "pair %d,%d" a b
  | `Unit -> "unit"

let () = List.iter (fun v -> print_endline (describe v)) [ `Num 4; `Str "x"; `Pair (1, 2); `Unit ]

(* Upper and lower bounds in annotations. *)
let f (x : [< `A | `B | `C > `A ]) = match x with `A -> 1 | `B -> 2 | `C -> 3
let () = Printf.printf "%d %d\n" (f `A) (f `C)
let g (x : [> `A ]) = match x with `A -> "A" | _ -> "other"
let () = print_endline (g `Z)

(* Polymorphic variants in data structures and higher-order code. *)
type event = [ `Click of int * int | `Key of char | `Quit ]
let handle (log : string list ref) : event -> bool = function
  | `Click (x, y) -> log := Printf.sprintf "click %d %d" x y :: !log; true
  | `Key c -> log := Printf.sprintf "key %c" c :: !log; true
  | `Quit -> false
let () =
  let log = ref [] in
  let rec loop = function
    | [] -> ()
    | e :: rest -> if handle log e then loop rest
  in
  loop [ `Click (1, 2); `Key 'q'; `Quit; `Key 'z' ];
  List.iter print_endline (List.rev !log)

(* let rec values holding variants (letrec-compilation). *)
let test =
  let rec x = `A f
  and f = function 0 -> 2 | n -> (match x with `A g -> g 0)
  in
  f 1
let () = print_int test; print_newline ()

(* Variant types inside declarations: record fields, constructor and exception arguments. *)
type shape = { kind : [ `Circle | `Square of int ]; label : string }
type 'a tagged = Tagged of [ `Left of 'a | `Right ] * int
exception Bad_shade of [ `Pink | `Teal ]
let area s = match s.kind with `Circle -> 3 | `Square n -> n * n
let () =
  List.iter
    (fun s -> Printf.printf "%s:%d " s.label (area s))
    [ { kind = `Circle; label = "c" }; { kind = `Square 4; label = "sq" } ];
  print_newline ()
let untag = function Tagged (`Left x, n) -> x + n | Tagged (`Right, n) -> n
let () = Printf.printf "%d %d\n" (untag (Tagged (`Left 1, 2))) (untag (Tagged (`Right, 5)))
let () =
  try raise (Bad_shade `Teal) with
  | Bad_shade `Pink -> print_endline "pink"
  | Bad_shade `Teal -> print_endline "teal"

(* A tag outside an upper bound is an unused case, not an error (against an exact type it is
   OCaml's error: tests/typing/reject/pvariant_tag_not_in_exact_type.ml). *)
let upper (x : [< `A | `B ]) = match x with `A -> 1 | `B -> 2 | `C -> 3
let () = print_int (upper `A + upper `B); print_newline ()
