(* Built without -g, the installed stdlib's raises and the calls between them and the
   program keep their locations (ocamlopt's stdlib is compiled with -g). *)
let show name f =
  print_endline ("-- " ^ name);
  match f () with
  | n -> Printf.printf "result %d\n" n
  | exception e ->
      print_endline (Printexc.to_string e);
      Printexc.print_backtrace stdout

let find_big l = List.find (fun x -> x > 10) l
let h = Hashtbl.create 7
let () = Hashtbl.add h "a" 1

let rec sum_assoc keys l =
  match keys with
  | [] -> 0
  | k :: rest -> List.assoc k l + sum_assoc rest l

let () =
  Printexc.record_backtrace true;
  show "List.find" (fun () -> find_big [ 1; 2; 3 ]);
  show "Hashtbl.find" (fun () -> Hashtbl.find h "b");
  show "List.assoc" (fun () -> sum_assoc [ 1; 2; 5 ] [ (1, 10); (2, 20) ]);
  show "Queue.pop" (fun () -> Queue.pop (Queue.create ()));
  show "String.index" (fun () -> String.index "abc" 'z');
  show "Stack.pop" (fun () -> Stack.pop (Stack.create ()))
