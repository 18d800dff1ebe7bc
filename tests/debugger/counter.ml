(* A program for the debugger test of standard-library code inlined into a line of its own
   (tests/debugger.rs): line numbers matter. `incr`, `decr` and `:=` through a function come
   from the stdlib; inlined, their code must be on the line of the call. *)
let count = ref 0
let set r v = r := v
let f x =
  incr count;
  print_int x;
  decr count;
  set count (!count + x);
  x + !count

let () =
  let s = ref 0 in
  for i = 1 to 3 do
    s := !s + f i
  done;
  print_int !s;
  print_newline ()
