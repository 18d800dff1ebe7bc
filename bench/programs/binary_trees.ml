(* The binary-trees benchmark (Computer Language Benchmarks Game), depth 16: many short-lived
   trees alongside one long-lived tree. *)
type tree = Empty | Node of tree * tree

let rec make d = if d = 0 then Node (Empty, Empty) else Node (make (d - 1), make (d - 1))

let rec check t = match t with Empty -> 0 | Node (l, r) -> 1 + check l + check r

let min_depth = 4
let max_depth = 16
let stretch_depth = max_depth + 1

let () =
  print_string ("stretch tree of depth " ^ string_of_int stretch_depth ^ "\t check: "
                ^ string_of_int (check (make stretch_depth)) ^ "\n");
  let long_lived = make max_depth in
  let rec loop d =
    if d <= max_depth then begin
      let iterations = 1 lsl (max_depth - d + min_depth) in
      let sum = ref 0 in
      for _ = 1 to iterations do
        sum := !sum + check (make d)
      done;
      print_string (string_of_int iterations ^ "\t trees of depth " ^ string_of_int d ^ "\t check: "
                    ^ string_of_int !sum ^ "\n");
      loop (d + 2)
    end
  in
  loop min_depth;
  print_string ("long lived tree of depth " ^ string_of_int max_depth ^ "\t check: "
                ^ string_of_int (check long_lived) ^ "\n")
