(* `open M` inside a signature: M's types are visible in the rest of the signature (as in a
   `.mli` beginning with `open Ast`). *)
module Ast = struct
  type rule = string * string list
  type name = string
end

module Prolog : sig
  open Ast
  type ctx
  val empty : ctx
  val add : rule -> ctx -> ctx
  val size : ctx -> int
  val heads : ctx -> name list
end = struct
  open Ast
  type ctx = rule list
  let empty = []
  let add r c = r :: c
  let size = List.length
  let heads c = List.map fst c
end

let () =
  let c = Prolog.add ("q", []) (Prolog.add ("p", [ "x" ]) Prolog.empty) in
  Printf.printf "%d %s\n" (Prolog.size c) (String.concat "," (Prolog.heads c))
