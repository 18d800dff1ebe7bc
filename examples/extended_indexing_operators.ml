(* Extended indexing operators (OCaml 4.06/4.10): definitions, uses, setters, several
   indices, and operators qualified by a module. *)
let ( .%[] ) s i = Char.code s.[i]
let ( .%() ) a i = a.(i mod Array.length a)
let ( .%()<- ) a i v = a.(i mod Array.length a) <- v
module Grid = struct
  type t = { w : int; cells : int array }
  let make w h = { w; cells = Array.make (w * h) 0 }
  let ( .%{} ) g (x, y) = g.cells.((y * g.w) + x)
  let ( .%{}<- ) g (x, y) v = g.cells.((y * g.w) + x) <- v
  let ( .![;..] ) g idx = Array.fold_left ( + ) 0 (Array.map (fun i -> g.cells.(i)) idx)
end
let () =
  Printf.printf "%d\n" "ABC".%[1];
  let a = [| 1; 2; 3 |] in
  a.%(4) <- 20;
  Printf.printf "%d %d\n" a.%(1) a.%(7);
  let g = Grid.make 3 3 in
  g.Grid.%{1, 2} <- 5;
  Grid.(g.%{2, 2} <- 7);
  Printf.printf "%d %d\n" g.Grid.%{1, 2} Grid.(g.%{2, 2});
  Printf.printf "%d\n" g.Grid.![7; 8; 0];
  let f = Grid.( .%{} ) in
  Printf.printf "%d\n" (f g (1, 2))
