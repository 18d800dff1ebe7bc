(* The Obj module: representations of values as ocamlopt lays them out. *)
type t = A of int * string | B of int | C
type r = { x : int; mutable y : string }

let describe name v =
  let o = Obj.repr v in
  if Obj.is_int o then Printf.printf "%s: int %d (tag %d)\n" name (Obj.magic o : int) (Obj.tag o)
  else Printf.printf "%s: block tag %d size %d\n" name (Obj.tag o) (Obj.size o)

let () =
  describe "42" 42;
  describe "true" true;
  describe "C" C;
  describe "None" None;
  describe "A" (A (1, "one"));
  describe "B" (B 2);
  describe "pair" (1, 2);
  describe "triple" (1, "2", [3]);
  describe "list" [1; 2; 3];
  describe "record" { x = 1; y = "y" };
  describe "string" "hello, world";
  describe "empty string" "";
  describe "array" [| 1; 2; 3; 4 |];
  describe "Some" (Some "x");
  describe "ref" (ref 0);
  describe "exn" (Failure "f");
  describe "Not_found" Not_found;
  describe "char" 'a';
  describe "unit" ();
  (* Fields. *)
  let v = Obj.repr (A (int_of_string "7", "seven")) in
  Printf.printf "%d %s\n" (Obj.obj (Obj.field v 0) : int) (Obj.obj (Obj.field v 1) : string);
  Obj.set_field v 0 (Obj.repr 8);
  (match (Obj.obj v : t) with A (n, s) -> Printf.printf "%d %s\n" n s | _ -> ());
  (* Copies and new blocks. *)
  let r = { x = 1; y = "a" } in
  let r' = (Obj.obj (Obj.dup (Obj.repr r)) : r) in
  r'.y <- "b";
  Printf.printf "%s %s %b\n" r.y r'.y (r = r');
  let s = (Obj.obj (Obj.dup (Obj.repr "dup me")) : string) in
  print_endline s;
  let b = (Obj.obj (Obj.with_tag 1 (Obj.repr (A (3, "x")))) : t) in
  (match b with B n -> Printf.printf "B %d\n" n | _ -> print_endline "?");
  let blk = Obj.new_block 0 3 in
  Printf.printf "%d %d %b\n" (Obj.tag blk) (Obj.size blk) (Obj.obj (Obj.field blk 2) = ());
  Obj.set_field blk 1 (Obj.repr "filled");
  let (_, m, _) = (Obj.obj blk : unit * string * unit) in
  print_endline m;
  let str = Obj.new_block Obj.string_tag 2 in
  Printf.printf "%d %d\n" (Obj.tag str) (String.length (Obj.obj str : string));
  Printf.printf "%d\n" (Obj.tag (Obj.with_tag 42 (Obj.repr [||])));
  List.iter
    (fun (tag, size) ->
      match Obj.new_block tag size with
      | _ -> Printf.printf "new_block %d %d: ok\n" tag size
      | exception Invalid_argument m -> Printf.printf "new_block %d %d: %s\n" tag size m)
    [ (255, 1); (252, 0); (5, 0) ];
  Printf.printf "%b %b\n" (Obj.is_block (Obj.repr "s")) (Obj.is_block (Obj.repr 1));
  let l = (Obj.magic 0 : string option) in
  (match l with None -> print_endline "None" | Some _ -> print_endline "Some")
