exception E of int
exception Stop

(* a try at every level of a deep recursion; values live across each try *)
let rec down n =
  if n = 0 then raise (E 0)
  else
    let a = n * 3 and b = n + 7 in
    let r = try down (n - 1) with E k -> if k mod 100 = 99 then raise (E (k + 1)) else k + 1 in
    if n mod 2 = 0 then r + a - a + b - b else r

(* raise from a handler, across many frames *)
let rec chain n = if n = 0 then raise Stop else 1 + chain (n - 1)

let test_chain () =
  try
    (try chain 100000 with Stop -> raise (E 7))
  with E k -> k * 2

(* try in a loop, capturing many variables *)
let loop n =
  let total = ref 0 in
  let x1 = 1 and x2 = 2 and x3 = 3 and x4 = 4 and x5 = 5 and x6 = 6 and x7 = 7 in
  for i = 1 to n do
    let v =
      try
        if i mod 7 = 0 then raise (E (x1 + x2 + x3 + x4 + x5 + x6 + x7))
        else i + x1
      with E k -> k
    in
    total := !total + v
  done;
  !total

(* try whose body tail-calls a closure; handler in tail position *)
let apply f x = try f x with E k -> k - 1
let rec count_down n = if n = 0 then raise (E 99) else count_down (n - 1)

(* many-argument function with try *)
let many a b c d e f g h = try (if a > 0 then raise (E (a + b + c + d + e + f + g + h)) else 0) with E k -> k * 2

let rec so n = 1 + so (n + 1)

let () =
  print_int (try down 1000 with E k -> -k); print_newline ();
  print_int (test_chain ()); print_newline ();
  print_int (loop 10000); print_newline ();
  print_int (apply count_down 1000000); print_newline ();
  print_int (apply (fun x -> x + 1) 5); print_newline ();
  print_int (many 1 2 3 4 5 6 7 8); print_newline ();
  print_int (many 0 2 3 4 5 6 7 8); print_newline ();
  print_int (try so 0 with Stack_overflow -> 12345); print_newline ();
  print_int (try chain 10 with Stop -> 5); print_newline ();
  print_string (try failwith "x" with Failure s -> s ^ "y"); print_newline ();
  print_int (try int_of_string "abc" with Failure _ -> 3); print_newline ();
