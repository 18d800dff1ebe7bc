(* Applicative paths of several applications in type abbreviations, and anonymous modules. *)
module F (X : sig type x end) (Y : sig type y end) = struct
  type t = X of X.x | Y of Y.y
end
module A = struct type x = int type y = string end
module FAA = F (A) (A)
type u = F(A)(A).t
let v : u = FAA.X 3
let w : F(A)(A).t list = [ FAA.Y "y"; v ]
module G (X : sig type x end) = struct type t = X.x list end
module GA = G (A)
module type S = sig type t = G(A).t val l : t end
module M : S = struct type t = GA.t let l = [ 1; 2 ] end
module _ = struct let () = print_endline "anonymous module evaluated" end
module _ = struct let () = print_endline "a second one" end
module Shown : sig val n : int end = struct
  module _ = struct let () = print_endline "nested" end
  let n = List.length M.l
end
let () =
  let module _ = struct let () = print_endline "local" end in
  List.iter (function FAA.X n -> print_int n | FAA.Y s -> print_string s) w;
  print_newline ();
  print_int Shown.n;
  print_newline ()
