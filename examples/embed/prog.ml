(* The OCaml side of examples/embed: built into one object with
     egret build --output-obj prog.ml -o prog.o     (ocamlopt -output-complete-obj prog.ml)
   and started by main.c, which calls the closures registered here. *)

exception Too_big of int

let fib n =
  if n > 90 then raise (Too_big n);
  let rec go a b n = if n = 0 then a else go b (a + b) (n - 1) in
  go 0 1 n

let calls = ref 0

let greet name greeting =
  incr calls;
  Printf.sprintf "%s, %s! (call %d)" greeting name !calls

let () =
  print_endline "OCaml: top level runs at caml_startup";
  Callback.register "fib" fib;
  Callback.register "greet" greet;
  Callback.register "sum3" (fun a b c -> a + b + c);
  Callback.register "sum4" (fun a b c d -> a + b + c + d);
  Callback.register "range" (fun n -> List.init n (fun i -> i * i));
  Callback.register "average" (fun l ->
      List.fold_left ( +. ) 0. l /. float_of_int (List.length l));
  Callback.register "churn" (fun n ->
      (* Allocate enough to collect several times while C holds values. *)
      let r = ref [] in
      for i = 1 to n do r := string_of_int i :: !r; if i mod 1000 = 0 then r := [] done;
      List.length !r);
  Callback.register "say" (fun s -> print_endline ("OCaml says: " ^ s))
