(* A typical input-reading program: Scanf.scanf " %d" for a count and that many numbers, a
   word, the rest of a line (%[^\n]), a line with %s@\n, then pairs until End_of_file. *)
let () =
  let n = Scanf.scanf " %d" (fun n -> n) in
  let a = Array.init n (fun _ -> Scanf.scanf " %d" (fun x -> x)) in
  Printf.printf "n=%d sum=%d max=%d\n" n (Array.fold_left ( + ) 0 a)
    (Array.fold_left max min_int a);
  let name = Scanf.scanf " %s" (fun s -> s) in
  let rest = Scanf.scanf " %[^\n]" (fun s -> s) in
  Printf.printf "name=%s rest=[%s]\n" name rest;
  let line = Scanf.scanf "\n%s@\n" (fun s -> s) in
  Printf.printf "line=[%s]\n" line;
  let f, c, s = Scanf.scanf " %f %c %S" (fun f c s -> (f, c, s)) in
  Printf.printf "%g %C %S\n" f c s;
  let rec pairs acc =
    match Scanf.scanf " %d %d" (fun a b -> (a, b)) with
    | (a, b) -> pairs ((a, b) :: acc)
    | exception End_of_file -> List.rev acc
  in
  let ps = pairs [] in
  List.iter (fun (a, b) -> Printf.printf "(%d,%d) " a b) ps;
  print_newline ();
  Printf.printf "end=%b\n" (Scanf.Scanning.end_of_input Scanf.Scanning.stdin);
  match Scanf.scanf " %d" (fun x -> x) with
  | x -> Printf.printf "unexpected %d\n" x
  | exception End_of_file -> print_endline "End_of_file again"
