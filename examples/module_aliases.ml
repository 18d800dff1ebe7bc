module L = List
module H = Hashtbl
let () = L.iter print_int (L.rev [1;2;3]); print_newline ()
let h = H.create 3
let () = H.replace h "a" 1; print_int (H.find h "a"); print_newline ()
module M = struct
  type t = A | B of int
  let show = function A -> "A" | B n -> "B" ^ string_of_int n
  exception E of string
  module N = struct let x = 42 end
end
module M2 = M
let () = print_endline (M2.show (M2.B 3)); print_endline (M.show M2.A)
let () = try raise (M2.E "boom") with M.E s -> print_endline s
let () = print_int M2.N.x; print_newline ()
module Q = struct module P = M.N let y = P.x + 1 end
module Qu = struct
  include Queue
  let of_list l = let q = create () in List.iter (fun x -> add x q) l; q
end
let q = Qu.of_list [1; 2; 3]
let () = print_int (Qu.length q); print_int (Qu.pop q); print_newline ()
module A1 = struct type t = X | Y let f = function X -> 1 | Y -> 2 end
module B1 = struct include A1 let g x = f x * 10 end
let () = print_int (B1.g B1.Y); print_int (B1.f A1.X); print_newline ()
let () = raise (M2.E "uncaught")
