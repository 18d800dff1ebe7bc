(* A program's top-level modules named like the standard library's units compiled from the
   installation's sources (List, String, Stream, Atomic ...): the program's top level is a
   structure of its own. *)
module List = struct
  include List
  let sum = fold_left ( + ) 0
end
module String = struct
  include String
  let lines = split_on_char '\n'
end
module Stream = struct
  type 'a t = Nil | Cons of 'a * (unit -> 'a t)
  let rec take n s = match s with
    | Nil -> []
    | Cons (x, f) -> if n = 0 then [] else x :: take (n - 1) (f ())
  let rec from n = Cons (n, fun () -> from (n + 1))
end
module Atomic = struct let x = 1 end
let () =
  Printf.printf "%d %d\n" (List.sum [1; 2; 3]) (List.length (String.lines "a\nb\nc"));
  Printf.printf "%d %d\n" (List.sum (Stream.take 4 (Stream.from 1))) Atomic.x;
  Printf.printf "%d\n" (Stdlib.List.length [1; 2])
