(* The Either module and List.partition_map. *)
let classify x = if x mod 2 = 0 then Either.Left (x / 2) else Either.Right (string_of_int x)

let () =
  let evens, odds = List.partition_map classify [ 1; 2; 3; 4; 5; 6 ] in
  print_endline (String.concat "," (List.map string_of_int evens));
  print_endline (String.concat "," odds);
  let e : (int, string) Either.t = Either.left 3 in
  Printf.printf "%b %b\n" (Either.is_left e) (Either.is_right e);
  (match Either.find_left e, Either.find_right e with
   | Some n, None -> Printf.printf "left %d\n" n
   | _ -> print_endline "wrong");
  (match Either.map_left succ e with Either.Left n -> print_int n | Either.Right s -> print_string s);
  print_newline ();
  (match Either.map_right String.length (Either.right "abcd") with
   | Either.Right n -> print_int n
   | Either.Left () -> ());
  print_newline ();
  Printf.printf "%b\n" (Either.Left 1 < Either.Right 0)
