(* What ocamlopt allocates, and what it does not: a tuple bound from the arms of a match or
   of a try is not allocated; [@inline never] keeps a call a call (so a pair of its
   parameter is built at run time); Obj.with_tag of a constant block is static data; a
   mutable block is built at run time with the new tag. *)

let[@inline never] by_match n x =
  let (a, b) = match x with
    | 0 -> (n, 42)
    | 1 -> (42, n)
    | _ -> (n / 2, n * 2) in
  a - b

let[@inline never] by_try n x =
  let (a, b) =
    try if x = 0 then (n, 1) else if x = 1 then raise Exit else (1, n)
    with Exit -> (0, 0) in
  a + b

let[@inline never] by_string n s =
  let (a, b) = match s with
    | "zero" -> (n, 1)
    | "one" -> (1, n)
    | _ -> (0, 0) in
  a * b

let[@inline never] pair a = ignore (Sys.opaque_identity (a, a))

let pair_after_return n = (n, n + 1) [@@inline never]

type t = A of string * int | B of string * int

let overhead =
  let a = Gc.minor_words () in
  let b = Gc.minor_words () in
  b -. a

let words name f =
  let before = Gc.minor_words () in
  let r = f () in
  let after = Gc.minor_words () in
  Printf.printf "%s: %d words (%d)\n" name (int_of_float (after -. before -. overhead)) r

let () =
  for i = 0 to 2 do words "match" (fun () -> by_match 40 i) done;
  for i = 0 to 2 do words "try" (fun () -> by_try 40 i) done;
  List.iter (fun s -> words "string" (fun () -> by_string 7 s)) [ "zero"; "one"; "two" ];
  words "pair of a parameter" (fun () -> pair 10; 0);
  words "returned pair" (fun () -> fst (Sys.opaque_identity (pair_after_return 3)));
  words "with_tag constant" (fun () ->
      Obj.tag (Obj.with_tag 1 (Obj.repr (A ("hello", 10)))));
  words "with_tag ref" (fun () -> Obj.tag (Obj.with_tag 1 (Obj.repr (ref 10))));
  let b = Obj.obj (Obj.with_tag 1 (Obj.repr (A ("x", 3)))) in
  (match b with A _ -> print_endline "A" | B (s, n) -> Printf.printf "B %s %d\n" s n)
