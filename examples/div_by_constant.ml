(* Division and remainder by constants (compiled to a multiply-high, not idiv): signs,
   powers of two, large divisors, and the ends of the int range. *)
let ns = [ 0; 1; -1; 2; -2; 7; -7; 8; -8; 9; -9; 26; -26; 27; -27; 80; 81; -81; 1000003;
           -1000003; max_int; min_int; max_int - 1; min_int + 1; 1 lsl 40; -(1 lsl 40) ]

let[@inline never] show name f =
  Printf.printf "%s:" name;
  List.iter (fun n -> Printf.printf " %d" (f n)) ns;
  print_newline ()

let () =
  show "/2" (fun n -> n / 2);
  show "mod 2" (fun n -> n mod 2);
  show "/3" (fun n -> n / 3);
  show "mod 3" (fun n -> n mod 3);
  show "/7" (fun n -> n / 7);
  show "mod 7" (fun n -> n mod 7);
  show "/9" (fun n -> n / 9);
  show "mod 9" (fun n -> n mod 9);
  show "/16" (fun n -> n / 16);
  show "mod 16" (fun n -> n mod 16);
  show "/1000" (fun n -> n / 1000);
  show "mod 1000" (fun n -> n mod 1000);
  show "/641" (fun n -> n / 641);
  show "/(2^31+1)" (fun n -> n / 2147483649);
  show "mod (2^31+1)" (fun n -> n mod 2147483649);
  show "/max_int" (fun n -> n / max_int);
  show "mod max_int" (fun n -> n mod max_int);
  show "/-3" (fun n -> n / -3);
  show "mod -3" (fun n -> n mod -3);
  (* bz_sudoku's cell arithmetic *)
  let group c = 3 * (c / 9 / 3) + c mod 9 / 3 in
  let s = ref 0 in
  for c = 0 to 80 do s := !s * 7 + group c land 0xFFFF done;
  Printf.printf "groups %d\n" !s
