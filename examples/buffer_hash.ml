let join sep l =
  let b = Buffer.create 4 in
  List.iteri (fun i s -> if i > 0 then Buffer.add_string b sep; Buffer.add_string b s) l;
  Buffer.contents b
let () =
  print_endline (join ", " ["alpha"; "beta"; "gamma"; "delta"]);
  let b : Buffer.t = Buffer.create 0 in
  for i = 0 to 99 do Buffer.add_char b (Char.chr (65 + i mod 26)) done;
  Printf.printf "%d %c %s\n" (Buffer.length b) (Buffer.nth b 27) (Buffer.sub b 10 5);
  Buffer.truncate b 3;
  Buffer.add_substring b "xyz123" 3 2;
  print_endline (Buffer.contents b);
  let c = Buffer.create 10 in
  Buffer.add_buffer c b; Buffer.add_buffer c b;
  print_endline (Buffer.contents c);
  Buffer.clear c; Buffer.add_string c "new";
  print_endline (Buffer.contents c);
  Buffer.reset c;
  Printf.printf "%d\n" (Buffer.length c);
  (try ignore (Buffer.nth c 5) with Invalid_argument s -> print_endline s)

let () =
  List.iter (fun x -> Printf.printf "%d\n" (Hashtbl.hash x)) [0; 1; -1];
  Printf.printf "%d %d\n" (Hashtbl.hash "") (Hashtbl.hash "hello");
  Printf.printf "%d\n" (Hashtbl.hash (1, "ab"));
  Printf.printf "%d\n" (Hashtbl.hash [1; 2; 3]);
  Printf.printf "%d %d %d\n" (Hashtbl.hash max_int) (Hashtbl.hash min_int) (Hashtbl.hash 'a');
  Printf.printf "%d\n" (Hashtbl.hash (Some (Some [| 1 |])));
  Printf.printf "%d\n" (Hashtbl.hash (List.init 300 (fun i -> i)));
  Printf.printf "%d\n" (Hashtbl.hash "a somewhat longer string with 37 ch");
  Printf.printf "%d\n" (Hashtbl.hash_param 2 5 [1; 2; 3]);
  Printf.printf "%d\n" (Hashtbl.seeded_hash 42 "x")
