(* Boxed integers inside data: polymorphic compare (signed), equality, hashing, Hashtbl,
   sorting, pattern matching on constants, min/max. *)

let () =
  let l = [ 3L; -1L; Int64.max_int; 0L; Int64.min_int; 42L ] in
  List.iter (fun x -> Printf.printf "%Ld " x) (List.sort compare l);
  print_newline ();
  let l32 = [ 5l; -5l; Int32.min_int; 0l; Int32.max_int ] in
  List.iter (fun x -> Printf.printf "%ld " x) (List.sort Int32.compare l32);
  print_newline ();
  Printf.printf "%b %b %b %b\n" (1L = 1L) (1L <> 2L) ((1L, "a") = (1L, "a")) ([ 1n; 2n ] = [ 1n; 3n ]);
  Printf.printf "%b %b %b\n" (-1l < 0l) (Some 3L > Some 2L) (max 3n (-4n) = 3n);
  Printf.printf "%d %d %d\n" (compare (-1L) 1L) (compare [ 1l ] [ 1l ]) (compare (2n, 1) (2n, 0));
  (* Hashes as OCaml's caml_hash with the custom operations' hash. *)
  List.iter (fun x -> Printf.printf "%d " (Hashtbl.hash x)) [ 0l; 1l; -1l; Int32.max_int; Int32.min_int ];
  print_newline ();
  List.iter (fun x -> Printf.printf "%d " (Hashtbl.hash x)) [ 0L; 1L; -1L; Int64.max_int; 0x1234567887654321L ];
  print_newline ();
  List.iter (fun x -> Printf.printf "%d " (Hashtbl.hash x)) [ 0n; 1n; -1n; Nativeint.max_int; 0x100000000n ];
  print_newline ();
  Printf.printf "%d %d\n" (Hashtbl.hash (1L, 2l, 3n)) (Hashtbl.hash [ 10L; 20L ]);
  let t = Hashtbl.create 16 in
  for i = 0 to 99 do
    Hashtbl.replace t (Int64.mul (Int64.of_int i) 1_000_000_007L) i
  done;
  Printf.printf "%d %d\n" (Hashtbl.find t 7_000_000_049L) (Hashtbl.length t);
  Printf.printf "%b\n" (Hashtbl.mem t 5L);
  let classify = function
    | 0l -> "zero"
    | 1l | 2l -> "small"
    | -1l -> "minus one"
    | 0x7fffffffl -> "max"
    | _ -> "other"
  in
  List.iter (fun x -> print_endline (classify x)) [ 0l; 2l; -1l; Int32.max_int; 99l ];
  let f = function (0L, s) -> s | (n, _) when n < 0L -> "negative" | _ -> "positive" in
  print_endline (f (0L, "pair")); print_endline (f (-5L, "")); print_endline (f (5L, ""));
  (* A record and an array of them. *)
  let a = Array.init 5 (fun i -> Int32.of_int (i * i - 4)) in
  Array.sort (fun x y -> compare y x) a;
  Array.iter (fun x -> Printf.printf "%ld;" x) a;
  print_newline ();
  let sum = Array.fold_left Int32.add 0l a in
  Printf.printf "sum %ld\n" sum
