let x = lazy (print_endline "computing"; 42)
let () = Printf.printf "%b\n" (Lazy.is_val x)
let () = print_int (Lazy.force x + Lazy.force x); print_newline ()
let () = Printf.printf "%b\n" (Lazy.is_val x)
let c = lazy 3
let () = Printf.printf "%b %d\n" (Lazy.is_val c) (Lazy.force c)
exception Boom
let count = ref 0
let bad = lazy (incr count; raise Boom)
let () = (try ignore (Lazy.force bad) with Boom -> print_endline "boom 1");
         (try ignore (Lazy.force bad) with Boom -> print_endline "boom 2");
         Printf.printf "count %d\n" !count
let rec self = lazy (Lazy.force self + 1)
let () = try ignore (Lazy.force self) with Lazy.Undefined -> print_endline "undefined"
type 'a stream = Cons of 'a * 'a stream Lazy.t
let rec from n = Cons (n, lazy (from (n + 1)))
let rec take n (Cons (x, l)) = if n = 0 then [] else x :: take (n - 1) (Lazy.force l)
let () = List.iter print_int (take 5 (from 3)); print_newline ()
let rec ones = Cons (1, lazy ones)
let () = List.iter print_int (take 3 ones); print_newline ()
let m = Lazy.map (fun x -> x * 2) (lazy 21)
let () = print_int (Lazy.force m); print_newline ()
let rec c2 = lazy (0 + d) and d = 3
let () = print_int (Lazy.force c2); print_newline ()
