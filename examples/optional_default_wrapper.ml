(* Functions with optional parameters' defaults: the wrapper filling in the defaults is
   inlined at calls (no `Some` allocated per call), the defaults are computed in order, and a
   backtrace through such a function names the function itself. *)

let rec sum ?(flag = false) ?(acc = 0) = function
  | [] -> if flag then acc else acc + 1
  | hd :: tl -> sum ~flag ~acc:(acc + hd) tl

let rec count ?(step = 1) ?(stop = 10) n =
  if n >= stop then n else if n mod 2 = 0 then count ~step ~stop (n + step) else count ~stop (n + step)

let noisy ?(a = (print_string "a "; 1)) ?(b = (print_string "b "; 2)) () = a + b

let dependent ?(x = 1) ?(y = x + 1) z = x + y + z

let poly ?(default = []) l = match l with [] -> default | _ -> l

let rec fail ?(depth = 3) () =
  if depth = 0 then raise Not_found else 1 + fail ~depth:(depth - 1) ()

let () =
  let l = [1; 2; 3; 4; 5; 6; 7; 8; 9] in
  let x0 = Gc.allocated_bytes () in
  let x1 = Gc.allocated_bytes () in
  let total = ref 0 in
  for _ = 1 to 1000 do
    total := !total + sum l + sum ~flag:true l + count 0
  done;
  let x2 = Gc.allocated_bytes () in
  Printf.printf "total %d, allocated nothing: %b\n" !total (x1 -. x0 = x2 -. x1);
  Printf.printf "%d\n" (noisy ());
  Printf.printf "%d\n" (noisy ~b:5 ());
  let partial = noisy ~a:10 in
  Printf.printf "%d\n" (partial ());
  Printf.printf "%d %d %d\n" (dependent 1) (dependent ~x:5 1) (dependent ~y:0 1);
  Printf.printf "%d %d\n" (List.length (poly [])) (List.length (poly ~default:[1] []));
  Printf.printf "%s\n" (String.concat "," (poly ~default:["x"] []));
  Printexc.record_backtrace true;
  (try ignore (fail ()) with Not_found -> Printexc.print_backtrace stdout);
  try ignore (fail ~depth:1 ()) with Not_found -> Printexc.print_backtrace stdout
