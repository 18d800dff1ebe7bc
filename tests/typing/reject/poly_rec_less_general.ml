(* The annotation promises any element type; the definition adds them as ints. *)
let rec sum : 'a. 'a list -> int = function [] -> 0 | x :: t -> x + sum t
let () = print_int (sum [ 1; 2 ])
