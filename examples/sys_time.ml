(* Sys.time: processor time, which only grows; its values differ from run to run, so only
   properties are printed. *)
let () =
  let t0 = Sys.time () in
  let r = ref 0 in
  for i = 1 to 3_000_000 do r := (!r + i * i) land 0xFFFF done;
  let t1 = Sys.time () in
  Printf.printf "%d\n" !r;
  Printf.printf "non-negative: %b\n" (t0 >= 0.0);
  Printf.printf "monotone: %b\n" (t1 >= t0);
  Printf.printf "plausible: %b\n" (t1 -. t0 < 60.0)
