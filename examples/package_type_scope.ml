(* A module type defined in a module names that module's types; a first-class module of
   that type is unpacked outside the module (after ocaml-bdd's Bdd.make). *)
module B : sig
  type variable = int
  module type S = sig
    type t
    val make : variable -> t
    val var : t -> variable
  end
  module Make (X : sig val offset : int end) : S
  val make : int -> (module S)
end = struct
  type variable = int
  module type S = sig
    type t
    val make : variable -> t
    val var : t -> variable
  end
  module Make (X : sig val offset : int end) = struct
    type t = { v : variable }
    let make v = { v = v + X.offset }
    let var t = t.v
  end
  let make n = (module Make (struct let offset = n end) : S)
end

module C = struct
  type color = Red | Green
  module type P = sig val paint : int -> color end
  let painter = (module struct let paint n = if n mod 2 = 0 then Red else Green end : P)
end

let () =
  let module M = (val B.make 10) in
  Printf.printf "%d\n" (M.var (M.make 5));
  let module P = (val C.painter) in
  List.iter (fun n -> print_string (match P.paint n with C.Red -> "R" | C.Green -> "G")) [1; 2; 3];
  print_newline ()
