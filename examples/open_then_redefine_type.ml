(* A structure that opens a module with a type `var` and then defines its own `var` provides
   `var` to its signature (the program's own definition, not the opened one). *)
module Ast = struct
  type var = string
  type oper = ADD | SUB
end

module I : sig
  type var = string
  type instr = LOOKUP of var | OPER of Ast.oper
  val show : instr -> string
end = struct
  open Ast
  type var = string
  type instr = LOOKUP of var | OPER of oper
  let show = function LOOKUP v -> v | OPER ADD -> "+" | OPER SUB -> "-"
end

module J : sig
  type oper = int
  val one : oper
end = struct
  open Ast
  type oper = int
  let one = 1
end

let () =
  print_endline (I.show (I.LOOKUP "x") ^ I.show (I.OPER Ast.ADD) ^ I.show (I.OPER Ast.SUB));
  print_int (J.one + 1);
  print_newline ()
