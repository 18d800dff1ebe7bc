(* A printf-heavy loop: Printf.bprintf and sprintf of several conversions. *)
let () =
  let b = Buffer.create 1024 in
  for i = 1 to 200000 do
    Buffer.clear b;
    Printf.bprintf b "%d %s %5.2f %x|" i "abc" (float i /. 3.) i;
    if i mod 50000 = 0 then print_endline (Buffer.contents b)
  done;
  let total = ref 0 in
  for i = 1 to 200000 do
    total := !total + String.length (Printf.sprintf "%d-%08.3f-%S" i (float i) "x")
  done;
  Printf.printf "%d\n" !total
