(* Polymorphic record fields: a record of functions each usable at every type. *)

type id = { f : 'a. 'a -> 'a; n : int }

type ops = { eq : 'a. 'a -> 'a -> bool; cmp : 'a. 'a -> 'a -> int }

type 'b box = { get : 'a. ('b -> 'a) -> 'a; mutable uses : int }

type folder = { fold : 'a 'acc. ('acc -> 'a -> 'acc) -> 'acc -> 'a list -> 'acc }

type mut = { mutable act : 'a. 'a -> 'a }

let both { f; _ } = (f 1, f "a")
let apply r = match r with { f = g; n } -> g n

let structural = { eq = (fun x y -> x = y); cmp = compare }

(* Computed once: the field value is evaluated when the record is built. *)
let reversed = { eq = (print_endline "built"; fun x y -> x = y); cmp = (fun x y -> compare y x) }

let mk v = { get = (fun k -> k v); uses = 0 }
let left = { fold = List.fold_left }

let () =
  let a, b = both { f = (fun x -> x); n = 2 } in
  Printf.printf "%d %s %d\n" a b (apply { f = (fun x -> x); n = 3 });
  Printf.printf "%b %b %b %d %d\n" (structural.eq "ab" ("a" ^ "b")) (structural.eq 1.5 1.5)
    (structural.eq nan nan) (structural.cmp "b" "a") (structural.cmp [ 1 ] [ 2 ]);
  Printf.printf "%b %b %d %d\n" (reversed.eq "ab" ("a" ^ "b")) (reversed.eq [ 1. ] [ 1. ])
    (reversed.cmp 2.5 3.5) (reversed.cmp (Some 'a') None);
  let b = mk 2.5 in
  b.uses <- b.uses + 2;
  Printf.printf "%g %s %d\n" (b.get (fun x -> x *. 2.)) (b.get string_of_float) b.uses;
  Printf.printf "%d %s\n" (left.fold ( + ) 0 [ 1; 2; 3 ]) (left.fold ( ^ ) "" [ "x"; "y" ]);
  let r = { f = (fun x -> x); n = 1 } in
  let r2 = { r with n = 5 } in
  Printf.printf "%d %s %g\n" (r2.f r2.n) (r2.f "s") (r2.f 0.5);
  let m = { act = (fun x -> x) } in
  m.act <- (fun x -> print_string "!"; x);
  print_string (m.act "a");
  print_int (m.act 1);
  print_newline ()
