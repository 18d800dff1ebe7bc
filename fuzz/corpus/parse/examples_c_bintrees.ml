(* Binary-trees benchmark (allocation heavy), depth 16 *)
type tree = Leaf | Node of tree * tree

let rec make d = if d = 0 then Node (Leaf, Leaf) else Node (make (d - 1), make (d - 1))

let rec check = function Leaf -> 0 | Node (l, r) -> 1 + check l + check r

let min_depth = 4
let max_depth = 16
let stretch_depth = max_depth + 1

let () =
  let c = check (make stretch_depth) in
  Printf.printf "stretch tree of depth %d\t check: %d\n" stretch_depth c;
  let long_lived = make max_depth in
  let rec loop d =
    if d <= max_depth then begin
      let niter = 1 lsl (max_depth - d + min_depth) in
      let c = ref 0 in
      for _i = 1 to niter do
        c := !c + check (make d)
      done;
      Printf.printf "%d\t trees of depth %d\t check: %d\n" niter d !c;
      loop (d + 2)
    end
  in
  loop min_depth;
  Printf.printf "long lived tree of depth %d\t check: %d\n" max_depth (check long_lived)
