(* external declarations: OCaml's %-primitives and the runtime's C primitives, fully applied,
   partially applied, used as values, over-applied, declared in a module, shadowing. *)
external ( +! ) : int -> int -> int = "%addint"
external ( -! ) : int -> int -> int = "%subint"
external id : 'a -> 'a = "%identity"
external magic : 'a -> 'b = "%identity"
external ignore' : 'a -> unit = "%ignore"
external succ' : int -> int = "%succint"
external pred' : int -> int = "%predint"
external neg : int -> int = "%negint"
external eq : 'a -> 'a -> bool = "%equal"
external phys_eq : 'a -> 'a -> bool = "%eq"
external cmp : 'a -> 'a -> int = "%compare"
external lt : 'a -> 'a -> bool = "%lessthan"
external mkref : 'a -> 'a ref = "%makemutable"
external get : 'a ref -> 'a = "%field0"
external set : 'a ref -> 'a -> unit = "%setfield0"
external snd' : 'a * 'b -> 'b = "%field1"
external raise' : exn -> 'a = "%raise"
external ( @@! ) : ('a -> 'b) -> 'a -> 'b = "%apply"
external ( |>! ) : 'a -> ('a -> 'b) -> 'b = "%revapply"
external not' : bool -> bool = "%boolnot"
external ( &&! ) : bool -> bool -> bool = "%sequand"
external length : string -> int = "%string_length"
external get_char : string -> int -> char = "%string_safe_get"
external array_get : 'a array -> int -> 'a = "%array_safe_get"
external array_length : 'a array -> int = "%array_length"
external word_size : unit -> int = "%word_size"
external int_size : unit -> int = "%int_size"
external big_endian : unit -> bool = "%big_endian"
(* A C primitive of the runtime, with its bytecode and native names. *)
external gc_get : unit -> Gc.control = "caml_gc_get" "caml_gc_get"
external major_slice : int -> int = "caml_gc_major_slice"

module M = struct
  external double_plus : int -> int -> int = "%addint"
  let twice x = double_plus x x
end

let () =
  Printf.printf "%d %d %d %d %d\n" (1 +! 2) (10 -! 3) (succ' 41) (pred' 0) (neg 5);
  (* Partial application and use as a value. *)
  let add3 = ( +! ) 3 in
  Printf.printf "%d\n" (List.fold_left ( +! ) 0 (List.map add3 [1; 2; 3]));
  let fs = [succ'; pred'; neg; add3] in
  List.iter (fun f -> Printf.printf "%d " (f 100)) fs;
  print_newline ();
  Printf.printf "%s %d\n" (id "same") (magic 7 : int);
  ignore' (print_string "ignored\n");
  Printf.printf "%b %b %b %b\n" (eq [1; 2] [1; 2]) (eq "a" "b") (phys_eq 1 1) (lt "abc" "abd");
  Printf.printf "%d %d %d\n" (cmp 1 2) (cmp "b" "a") (cmp (1, 2) (1, 2));
  let r = mkref 10 in
  set r (get r +! 5);
  Printf.printf "%d %d %s\n" !r (get r) (snd' (1, "second"));
  (try raise' (Failure "raised") with Failure m -> print_endline m);
  Printf.printf "%d %d\n" (succ' @@! 1) (2 |>! succ');
  (* Over-application: %apply's result is itself applied. *)
  Printf.printf "%d\n" (( @@! ) ( +! ) 20 22);
  Printf.printf "%b %b\n" (not' true) (true &&! (length "abc" = 3));
  Printf.printf "%c %d %d\n" (get_char "xyz" 1) (array_get [| 4; 5 |] 1) (array_length [| 1; 2; 3 |]);
  (try ignore (get_char "xyz" 5) with Invalid_argument m -> print_endline m);
  Printf.printf "%d %d %b\n" (word_size ()) (int_size ()) (big_endian ());
  Printf.printf "%d %d\n" (M.twice 21) (gc_get ()).Gc.window_size;
  Printf.printf "%d\n" (major_slice 0);
  (* Arguments are evaluated right to left, as for any application. *)
  let trace x = print_int x; x in
  Printf.printf " = %d\n" (trace 1 +! trace 2)
