module M = struct
  type r = { a : int; b : string }
  type t = A | B of int
end
let f = function M.{ a; b } -> a + String.length b
let g = function M.[ A; B n ] -> n | _ -> 0
let h = function M.[| A; B n |] -> n | _ -> -1
let k = function M.(A) -> 0 | M.(B (n : int)) -> n
let () = Printf.printf "%d %d %d %d %d\n" (f M.{ a = 1; b = "xy" }) (g M.[A; B 5]) (h M.[| A; B 7 |]) (k (M.B 3)) (k M.A)
let () = match Some 3 with Stdlib.(Some x) -> print_int x; print_newline () | _ -> ()
(* A local open binds the clause's variables; nested opens and a type constraint inside. *)
module N = struct
  module P = struct
    type u = U of int * int
  end
end
let N.P.(U (x, y)) = N.P.U (10, 20)
let () = Printf.printf "%d\n" (x + y)
