(* Random.self_init and State.make_self_init seed from the system: the numbers differ from run
   to run, so only their properties are printed. *)
let () =
  Random.self_init ();
  let xs = List.init 1000 (fun _ -> Random.int 10) in
  Printf.printf "in range: %b\n" (List.for_all (fun x -> x >= 0 && x < 10) xs);
  Printf.printf "not constant: %b\n" (List.exists (fun x -> x <> List.hd xs) xs);
  let s = Random.State.make_self_init () in
  let t = Random.State.make_self_init () in
  let a = List.init 10 (fun _ -> Random.State.bits s) in
  let b = List.init 10 (fun _ -> Random.State.bits t) in
  Printf.printf "bits in range: %b\n" (List.for_all (fun x -> x >= 0 && x < 1 lsl 30) a);
  (* Two states seeded from 96 bits of /dev/urandom: equal with probability 2^-96. *)
  Printf.printf "two self-initialised states differ: %b\n" (a <> b);
  let f = Random.float 1.0 in
  Printf.printf "float in [0, 1]: %b\n" (f >= 0.0 && f <= 1.0)
