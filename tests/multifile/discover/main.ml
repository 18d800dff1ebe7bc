(* Built as `egret build main.ml` by tests/multifile.rs: A (a.mli, a.ml) and B, which A uses,
   are found next to it; the module C defined here is not the unit in c.ml, which is not part
   of the program (its top level would print). *)
module C = struct
  let name = "local C"
end

let () =
  print_endline (A.describe 3);
  print_endline C.name;
  Printf.printf "%d\n" (List.length (A.items ()))
