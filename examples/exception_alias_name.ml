(* An exception bound again under another name (`exception F = M.E`) is the same exception,
   and prints by the name it was declared with, wherever the alias sits. *)
module M = struct
  exception E
  module Inner = struct exception I of int end
end
module N = struct
  exception F = M.E
  exception E = M.Inner.I
  module Deeper = struct exception G = M.E end
end
exception H = N.F
exception Top
module P = struct exception T = Top end

let show e = print_endline (Printexc.to_string e)

let () =
  show N.F; show H; show N.Deeper.G; show (N.E 3); show (M.Inner.I 4); show P.T; show Top;
  show Lazy.Undefined;
  Printf.printf "%b\n" (try raise N.Deeper.G with M.E -> true)
