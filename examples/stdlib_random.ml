(* Random as OCaml 4.13's: the sequences after init and full_init, the default state, State
   values independent of it and of each other, floats, full_int above 2^30, get/set_state,
   and the errors. *)
let show name f =
  Printf.printf "%s:" name;
  for _ = 1 to 8 do Printf.printf " %d" (f ()) done;
  print_newline ()

let () =
  (* The default state, without init. *)
  show "default bits" Random.bits;
  show "default int 100" (fun () -> Random.int 100);
  Random.init 42;
  show "init 42 bits" Random.bits;
  show "init 42 int 1000" (fun () -> Random.int 1000);
  show "init 42 int 0x3FFFFFFF" (fun () -> Random.int 0x3FFFFFFF);
  Random.init 0;
  show "init 0" Random.bits;
  Random.init (-7);
  show "init -7" Random.bits;
  Random.init max_int;
  show "init max_int" Random.bits;
  Random.full_init [| 1; 2; 3 |];
  show "full_init [|1;2;3|]" Random.bits;
  Random.full_init [||];
  show "full_init [||]" Random.bits;
  Random.full_init (Array.init 100 (fun i -> i * i));
  show "full_init 100 squares" Random.bits;
  Random.init 42;
  for _ = 1 to 6 do Printf.printf "%.17g\n" (Random.float 1.0) done;
  for _ = 1 to 3 do Printf.printf "%.17g\n" (Random.float 1e10) done;
  Printf.printf "%.17g\n" (Random.float (-3.5));
  show "bool" (fun () -> if Random.bool () then 1 else 0);
  show "full_int 2^40" (fun () -> Random.full_int (1 lsl 40));
  show "full_int max_int" (fun () -> Random.full_int max_int);
  show "full_int 0x7FFFFFFF" (fun () -> Random.full_int 0x7FFFFFFF);
  show "full_int 0x40000000" (fun () -> Random.full_int 0x40000000);
  show "full_int 10" (fun () -> Random.full_int 10);
  show "full_int 1" (fun () -> Random.full_int 1);
  (* get_state copies; set_state restores. *)
  let saved = Random.get_state () in
  let a = List.init 5 (fun _ -> Random.int 1000) in
  Random.set_state saved;
  let b = List.init 5 (fun _ -> Random.int 1000) in
  Printf.printf "replay equal: %b\n" (a = b);
  ignore (Random.bits ());
  let c = List.init 5 (fun _ -> Random.State.int saved 1000) in
  Printf.printf "saved state untouched: %b\n" (a = c);
  (* States are independent of each other and of the default. *)
  let s1 = Random.State.make [| 42 |] in
  let s2 = Random.State.make [| 42 |] in
  Random.init 42;
  let d = List.init 8 (fun _ -> Random.bits ()) in
  let x1 = List.init 8 (fun _ -> Random.State.bits s1) in
  ignore (Random.State.bits s2);
  let s3 = Random.State.copy s2 in
  let x2 = List.init 7 (fun _ -> Random.State.bits s2) in
  let x3 = List.init 7 (fun _ -> Random.State.bits s3) in
  Printf.printf "State.make [|42|] = init 42: %b\n" (d = x1);
  Printf.printf "copy independent: %b %b\n" (x2 = x3) (List.tl x1 = x2);
  let s = Random.State.make [| 3; 1; 4; 1; 5 |] in
  show "State int 6" (fun () -> Random.State.int s 6);
  show "State full_int 2^50" (fun () -> Random.State.full_int s (1 lsl 50));
  show "State bool" (fun () -> if Random.State.bool s then 1 else 0);
  Printf.printf "%.17g %.17g\n" (Random.State.float s 2.0) (Random.State.float s 1e-3);
  (* Errors. *)
  let check name f =
    match f () with
    | _ -> Printf.printf "%s: no exception\n" name
    | exception Invalid_argument m -> Printf.printf "%s: Invalid_argument %S\n" name m
  in
  check "int 0" (fun () -> Random.int 0);
  check "int -1" (fun () -> Random.int (-1));
  check "int 2^30" (fun () -> Random.int (1 lsl 30));
  check "full_int 0" (fun () -> Random.full_int 0);
  check "full_int min_int" (fun () -> Random.full_int min_int);
  check "State.int 0" (fun () -> Random.State.int s 0);
  check "State.full_int -5" (fun () -> Random.State.full_int s (-5));
  (* Random numbers of the seeded default state drive a shuffle. *)
  Random.init 2024;
  let a = Array.init 20 (fun i -> i) in
  for i = Array.length a - 1 downto 1 do
    let j = Random.int (i + 1) in
    let t = a.(i) in
    a.(i) <- a.(j);
    a.(j) <- t
  done;
  Array.iter (Printf.printf " %d") a;
  print_newline ()

(* The submodule under its path, as a type, and through `open Random`. *)
let seeded : Random.State.t = Random.State.make [| 7 |]

let () =
  let open Random in
  let st : State.t = State.copy seeded in
  Printf.printf "open Random: %d %d\n" (State.int st 100) (State.int seeded 100)
