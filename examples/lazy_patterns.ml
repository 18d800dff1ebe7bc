(* Lazy patterns `lazy p`: matching forces the value (even `lazy _`), in the order the
   match tests its columns. *)
let make name v = lazy (Printf.printf "forcing %s\n" name; v)

let () =
  match make "a" 1 with lazy _ -> print_endline "matched a"

let () =
  (* the first column is tested (and forced) before the second fails *)
  match make "b" 2, 3 with
  | lazy _, 4 -> print_endline "first"
  | _, 3 -> print_endline "second"
  | _ -> print_endline "third"

let () =
  (* the int column fails first: the lazy of the first row is not forced by it *)
  match 3, make "c" 2 with
  | 4, lazy 2 -> print_endline "first"
  | _, lazy n -> Printf.printf "second %d\n" n

let describe = function
  | lazy (Some (x, lazy y)) -> Printf.sprintf "some %d %s" x y
  | lazy None -> "none"

let () =
  print_endline (describe (lazy (Some (1, make "inner" "y"))));
  print_endline (describe (lazy None));
  (* a forced lazy value is not recomputed *)
  let l = make "once" 10 in
  let get = function lazy n -> n in
  Printf.printf "%d %d\n" (get l) (get l);
  (* let and fun with lazy patterns *)
  let lazy v = make "let" "bound" in
  print_endline v;
  let f (lazy (a, b)) = a + b in
  Printf.printf "%d\n" (f (make "pair" (3, 4)));
  (* an exception while forcing propagates out of the match, and again on the next force *)
  let bad = lazy (failwith "bad lazy") in
  (match (match bad with lazy n -> n) with
   | n -> print_int n
   | exception Failure s -> print_endline ("caught " ^ s));
  (try ignore (get bad) with Failure s -> print_endline ("again " ^ s));
  (* or-patterns and guards over lazy values *)
  let classify = function
    | (lazy 0 | lazy 1) as z -> Printf.sprintf "small %b" (Lazy.is_val z)
    | lazy n when n < 0 -> "negative"
    | lazy n -> "big " ^ string_of_int n
  in
  List.iter (fun n -> print_endline (classify (make ("c" ^ string_of_int n) n))) [ 0; 1; -5; 7 ];
  (* Undefined while forcing itself *)
  let rec self = lazy (match self with lazy n -> n + 1) in
  match self with
  | lazy n -> print_int n
  | exception Lazy.Undefined -> print_endline "Undefined"
