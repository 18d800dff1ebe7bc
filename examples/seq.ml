(* The Seq module and the to_seq / of_seq functions of List, Array, String, Option, Result. *)
let show l = String.concat " " (List.map string_of_int l)

let () =
  let s = List.to_seq [ 1; 2; 3; 4; 5; 6 ] in
  print_endline (show (List.of_seq (Seq.filter (fun x -> x mod 2 = 0) s)));
  print_endline (show (List.of_seq (Seq.map (fun x -> x * x) s)));
  print_endline (show (List.of_seq (Seq.filter_map (fun x -> if x > 3 then Some (-x) else None) s)));
  Printf.printf "%d\n" (Seq.fold_left ( + ) 0 s);
  Seq.iter (fun x -> print_int x) s;
  print_newline ();
  let range a b = Seq.unfold (fun i -> if i > b then None else Some (i, i + 1)) a in
  print_endline (show (List.of_seq (range 3 9)));
  print_endline (show (List.of_seq (Seq.append (range 1 2) (range 7 8))));
  print_endline (show (List.of_seq (Seq.concat (List.to_seq [ range 1 2; Seq.empty; Seq.return 5 ]))));
  print_endline (show (List.of_seq (Seq.flat_map (fun x -> range 1 x) (range 1 3))));
  print_endline (show (List.of_seq (Seq.concat_map (fun x -> Seq.cons x (Seq.return x)) (range 1 3))));
  (* sequences are lazy: nothing runs before it is asked for *)
  let noisy = Seq.map (fun x -> Printf.printf "<%d>" x; x) (range 1 3) in
  print_endline "built";
  print_endline (show (List.of_seq noisy));
  (* long lists go through of_seq's tail-recursive path *)
  Printf.printf "%d\n" (List.length (List.of_seq (range 1 100000)));
  let a = Array.of_seq (range 1 5) in
  Printf.printf "%d %d\n" (Array.length a) a.(4);
  Array.to_seq [| "x"; "y" |] |> Seq.iter print_string;
  print_newline ();
  Array.to_seqi [| 'a'; 'b' |] |> Seq.iter (fun (i, c) -> Printf.printf "%d%c " i c);
  print_newline ();
  Printf.printf "%d\n" (Array.length (Array.of_seq Seq.empty));
  String.to_seq "abc" |> Seq.iter (fun c -> print_char (Char.uppercase_ascii c));
  print_newline ();
  String.to_seqi "xy" |> Seq.iter (fun (i, c) -> Printf.printf "%d:%c " i c);
  print_newline ();
  print_endline (show (List.of_seq (Option.to_seq (Some 4))));
  print_endline (show (List.of_seq (Option.to_seq None)));
  print_endline (show (List.of_seq (Result.to_seq (Ok 8))));
  print_endline (show (List.of_seq (Result.to_seq (Error "e"))));
  match List.to_seq [ 10 ] () with
  | Seq.Cons (x, rest) -> (match rest () with Seq.Nil -> Printf.printf "one %d\n" x | _ -> ())
  | Seq.Nil -> ()
