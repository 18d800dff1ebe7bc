(* Under `ulimit -v 1600000` (tests/gc.rs): allocations that cannot be satisfied raise
   Out_of_memory, which the program catches and goes on. *)
let attempt name n =
  match Array.make n 1 with
  | a -> Printf.printf "%s: %d\n" name (Array.length a)
  | exception Out_of_memory -> Printf.printf "%s: Out_of_memory\n" name

let () =
  attempt "2 GiB" (1 lsl 28);
  attempt "1 MiB" (1 lsl 17);
  (match Bytes.create (1 lsl 31) with
   | b -> Printf.printf "bytes: %d\n" (Bytes.length b)
   | exception Out_of_memory -> print_endline "bytes: Out_of_memory");
  let l = List.init 100_000 (fun i -> i) in
  Printf.printf "still allocating: %d\n" (List.fold_left (+) 0 l);
  attempt "8 GiB" (1 lsl 30);
  ignore (Array.make (1 lsl 30) 0)
