(* The value restriction as OCaml 4.13 has it: relaxed (covariant variables of an expansive
   expression are generalised), nonexpansive expressions with effects evaluated once, and a
   top-level weak variable fixed by a later use. *)

(* A weak variable fixed later in the unit. *)
let r = ref []
let push x = r := x :: !r
let () = push 1; push 2; push 3
let () = List.iter print_int !r; print_newline ()

(* Relaxed: 'a occurs only covariantly, so it is generalised although List.rev [] is an
   application. *)
let empty = List.rev []
let () =
  print_int (List.length (1 :: empty));
  print_string (String.concat "," ("a" :: "b" :: empty));
  print_newline ()

(* A nonexpansive expression with an effect: generalised, evaluated once. *)
let once = (print_endline "evaluated once"; [])
let () = print_int (List.length (1 :: once) + List.length ("x" :: once)); print_newline ()

(* An option of a function result, covariant. *)
let none = (fun () -> None) ()
let describe = function None -> "none" | Some _ -> "some"
let () = print_endline (describe (none : int option)); print_endline (describe (none : string option))

(* A pair of covariant things built by an application. *)
let pair = (fun () -> ([], None)) ()
let () =
  let (l, o) = pair in
  print_int (List.length (1 :: l));
  print_string (match o with None -> "-" | Some s -> s);
  print_newline ()

(* Local lets: generalised functions inside a function, weak refs monomorphic. *)
let f () =
  let id x = x in
  let acc = ref [] in
  let add x = acc := x :: !acc in
  add (id 1); add (id 2);
  print_string (id "ids ");
  List.fold_left ( + ) 0 !acc
let () = print_int (f ()); print_newline ()

(* [||] and [] are values. *)
let no_elements = [||]
let () = print_int (Array.length no_elements + Array.length (no_elements : string array)); print_newline ()

(* A raise is nonexpansive. *)
let fail_with = try raise Not_found with Not_found -> []
let () = print_int (List.length (fail_with @ [1; 2])); print_newline ()

(* A signature gives a module's values their declared types: a weak variable it hides is not
   an error (OCaml checks the unit's signature). *)
module Counter : sig
  val bump : unit -> int
end = struct
  let seen = ref []
  let bump () = List.length !seen
end
let () = print_int (Counter.bump ()); print_newline ()
