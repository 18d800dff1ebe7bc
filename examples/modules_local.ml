(* Local modules, functors taking functors, empty structures, applicative type paths. *)
module Z = struct end
module type QSig = sig module Z : sig end end
module Q : QSig = struct module Z = Z end

module type SHOW = sig type t val show : t -> string end
module Twice (F : functor (S : SHOW) -> SHOW) (S : SHOW) = F (F (S))
module Paren (S : SHOW) = struct type t = S.t let show x = "(" ^ S.show x ^ ")" end
module IntS = struct type t = int let show = string_of_int end
module PP = Twice (Paren) (IntS)

module SMap = Map.Make (String)
let table : int Map.Make(String).t = SMap.add "k" 1 SMap.empty

let count_distinct xs =
  let module S = Set.Make (String) in
  S.cardinal (S.of_list xs)

let () =
  print_endline (PP.show 5);
  Printf.printf "%d\n" (SMap.find "k" table);
  Printf.printf "%d %d\n" (count_distinct ["b"; "a"; "b"]) (count_distinct ["a"; "a"]);
  let module M = struct
    let x = 2
    module N = struct let y = x * 21 end
  end in
  Printf.printf "%d\n" M.N.y
