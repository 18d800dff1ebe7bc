(* Callback.register keeps values alive under a name; Sys's constants. *)
exception Boom of int

let () =
  let big = Array.init 1000 (fun i -> String.make (i mod 10) 'x') in
  Callback.register "big" big;
  Callback.register "closure" (fun x -> x + Array.length big);
  Callback.register_exception "boom" (Boom 0);
  Callback.register_exception "not found" Not_found;
  Callback.register "big" [ 1; 2; 3 ];
  (* Churn the heap: the registered values must survive collections. *)
  let l = ref [] in
  for i = 1 to 20000 do
    l := string_of_int i :: !l;
    if i mod 5000 = 0 then (l := []; Gc.full_major ())
  done;
  Printf.printf "%d %s %b\n" (Array.length big) big.(999) !Sys.interactive;
  print_endline Sys.ocaml_version
