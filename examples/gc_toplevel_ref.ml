(* A top-level ref is a global of the module, as under ocamlopt: what it holds stays reachable
   until it is overwritten, even when the program never reads it again (egret once made such a
   ref a mutable local of the program's code, so the value died at its last read). *)

type t = No | Block of int ref

let global = ref No
let weak : t Weak.t = Weak.create 1

let () =
  global := Block (ref 42);
  Weak.set weak 0 (Some !global);
  Gc.full_major ();
  print_endline (if Weak.check weak 0 then "held by the global" else "collected");
  global := No;
  Gc.full_major ();
  Gc.full_major ();
  print_endline (if Weak.check weak 0 then "still held" else "collected once overwritten")
