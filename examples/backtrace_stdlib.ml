(* Backtraces through the installed stdlib's own code under -g: its frames are named as
   ocamlopt names the units (`Stdlib__Hashtbl.find`, `Stdlib__List.iter`,
   `CamlinternalLazy.force_lazy_block`) and located in their files (`hashtbl.ml`, line 539). *)
exception Stop of int

let report title f =
  print_endline ("-- " ^ title);
  match f () with
  | () -> print_endline "no exception"
  | exception e ->
    print_endline (Printexc.to_string e);
    Printexc.print_backtrace stdout
[@@inline never]

let table = Hashtbl.create 16

let find_missing () =
  Hashtbl.replace table "one" 1;
  ignore (Hashtbl.find table "two")
[@@inline never]

let iterate () =
  List.iter (fun x -> if x = 3 then raise (Stop x)) [1; 2; 3; 4]
[@@inline never]

let suspended = lazy (raise (Stop 7))

let force () = Lazy.force suspended
[@@inline never]

let later = lazy (Hashtbl.find table "three")

let force_by_pattern () =
  let (lazy n) = later in
  print_int n
[@@inline never]

let () =
  Printexc.record_backtrace true;
  report "Hashtbl.find" find_missing;
  report "List.iter" iterate;
  report "Lazy.force" force;
  report "Lazy.force again" force;
  report "lazy pattern" force_by_pattern
