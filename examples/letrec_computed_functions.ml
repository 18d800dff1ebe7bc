let rec f = let g = f in fun x -> if x = 0 then 0 else 1 + g (x - 1)
let () = print_int (f 5); print_newline ()
let rec h =
  let rec f n = if n >= 0 then g (n - 1) else 7
  and g n = h n + f n in
  f
let rec memo_fib =
  let table = Hashtbl.create 16 in
  fun n ->
    match Hashtbl.find_opt table n with
    | Some v -> v
    | None ->
      let v = if n < 2 then n else memo_fib (n - 1) + memo_fib (n - 2) in
      Hashtbl.add table n v; v
let () = print_int (memo_fib 80); print_newline ()
let mooo x =
  let rec h =
    ignore (Sys.opaque_identity x);
    print_endline "once";
    let rec g n = h n; f n
    and f n = if n >= 0 then g (n - 1) in
    f
  in
  h
let h2 = mooo 3
let () = h2 10; h2 4
let rec add = (print_endline "add defined"; fun a b -> a + b)
let () = print_int (add 1 2 + add 3 4); print_newline ()
