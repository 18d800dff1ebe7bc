(* Float.Array (a floatarray is a float array), and Printexc.backtrace_slots (None: no frames recorded, as ocamlopt without -g). *)
let () =
  let a = Float.Array.make 3 1.5 in
  Float.Array.set a 1 2.5;
  let b = Float.Array.map (fun x -> x *. 2.) a in
  Float.Array.iter (fun x -> Printf.printf "%g " x) b; print_newline ();
  Printf.printf "%d %g\n" (Float.Array.length (Float.Array.append a b)) (Float.Array.fold_left (+.) 0. b);
  let c = Float.Array.of_list [3.; 1.; 2.] in
  Float.Array.sort compare c;
  print_endline (String.concat "," (List.map string_of_float (Float.Array.to_list c)));
  Float.Array.blit c 0 c 1 2;
  print_endline (String.concat "," (List.map string_of_float (Float.Array.to_list c)));
  (try ignore (Float.Array.sub c 2 5) with Invalid_argument m -> print_endline m);
  Printf.printf "%b %b\n" (Float.Array.mem 1. c) (Float.Array.mem_ieee nan c);
  let s = Float.Array.to_seq c in
  Seq.iter (fun x -> Printf.printf "%g;" x) s; print_newline ();
  Printf.printf "%g\n" (Float.Array.get (Float.Array.init 4 float_of_int) 3);
  (match Printexc.backtrace_slots (Printexc.get_raw_backtrace ()) with
   | None -> print_endline "no slots"
   | Some a -> Array.iteri (fun i s -> match Printexc.Slot.format i s with Some t -> print_endline t | None -> ()) a)
