type 'a t = (int * 'a) list
exception Empty
let empty = []
let rec push p x = function
  | [] -> [(p, x)]
  | (q, y) :: rest as l -> if p <= q then (p, x) :: l else (q, y) :: push p x rest
let pop = function [] -> raise Empty | h :: t -> (h, t)
let size = List.length
let internal = 42
