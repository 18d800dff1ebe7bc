(* Exceptions of anonymous structures (`include struct .. end`, `include (struct .. end : S)`) are named by their own name, as OCaml names them; a named module's by its path. *)
include (struct exception A end : sig exception A end)
include struct exception B end
module M = struct include (struct exception C end : sig exception C end) end
module N = (struct exception D end : sig exception D end)
exception E
let () = List.iter (fun e -> print_endline (Printexc.to_string e)) [A; B; M.C; N.D; E]
