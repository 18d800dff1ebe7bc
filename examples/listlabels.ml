(* ListLabels, StringLabels, BytesLabels and StdLabels: the installed units' labelled
   signatures, labels given in any order. *)
let pr l = print_endline (String.concat " " (List.map string_of_int l))

let () =
  pr (ListLabels.map ~f:(fun x -> x * 2) [ 1; 2; 3 ]);
  pr (ListLabels.mapi [ 10; 20 ] ~f:(fun i x -> i + x));
  Printf.printf "%d\n" (ListLabels.fold_left [ 1; 2; 3 ] ~init:100 ~f:( - ));
  Printf.printf "%d\n" (ListLabels.fold_right ~f:( - ) [ 1; 2; 3 ] ~init:100);
  pr (ListLabels.filter ~f:(fun x -> x land 1 = 0) (ListLabels.init ~len:10 ~f:(fun i -> i)));
  pr (ListLabels.sort ~cmp:(fun a b -> compare b a) [ 3; 1; 2 ]);
  Printf.printf "%b %b\n" (ListLabels.mem 2 ~set:[ 1; 2 ]) (ListLabels.exists ~f:(( < ) 5) [ 1; 2 ]);
  let evens, odds = ListLabels.partition ~f:(fun x -> x mod 2 = 0) [ 1; 2; 3; 4; 5 ] in
  pr evens;
  pr odds;
  pr (ListLabels.map2 ~f:( + ) [ 1; 2 ] [ 10; 20 ]);
  Printf.printf "%s\n" (match ListLabels.find_opt ~f:(fun x -> x > 1) [ 1; 2; 3 ] with Some x -> string_of_int x | None -> "none");
  let acc, l = ListLabels.fold_left_map ~init:0 ~f:(fun a x -> (a + x, a)) [ 1; 2; 3 ] in
  Printf.printf "%d: " acc;
  pr l;
  Printf.printf "%d\n" (ListLabels.compare_length_with [ 1; 2 ] ~len:3)

let () =
  print_endline (StringLabels.concat ~sep:", " [ "a"; "b"; "c" ]);
  print_endline (StringLabels.sub "labelled" ~pos:2 ~len:4);
  print_endline (StringLabels.map ~f:Char.uppercase_ascii "shout");
  StringLabels.iteri ~f:(fun i c -> Printf.printf "%d%c " i c) "abc";
  print_newline ();
  Printf.printf "%d %b\n" (StringLabels.index_from "a,b,c" 2 ',') (StringLabels.contains_from "abc" 1 'a');
  print_endline (String.concat "|" (StringLabels.split_on_char ~sep:'/' "usr/lib/ocaml"));
  let b = BytesLabels.make 6 '.' in
  BytesLabels.blit_string ~src:"xyz" ~src_pos:0 ~dst:b ~dst_pos:2 ~len:3;
  BytesLabels.fill b ~pos:0 ~len:1 '<';
  print_endline (BytesLabels.to_string b);
  print_endline (BytesLabels.to_string (BytesLabels.init 4 ~f:(fun i -> Char.chr (97 + i))))

open StdLabels

let () =
  List.iter ~f:print_endline (List.rev_map ~f:String.uppercase_ascii [ "x"; "y" ]);
  print_endline (String.concat ~sep:"+" (List.map [ 1; 2; 3 ] ~f:string_of_int));
  Array.iter ~f:(Printf.printf "%d ") (Array.init 4 ~f:(fun i -> i * i));
  print_newline ();
  print_endline (Bytes.to_string (Bytes.sub (Bytes.of_string "hello") ~pos:1 ~len:3))
