exception E of int
exception F
exception G of string * int

let rec deep n = if n = 0 then raise (E 42) else 1 + deep (n - 1)

let rec sum_to n acc = if n = 0 then acc else sum_to (n - 1) (acc + n)

let safe_div a b = try a / b with Division_by_zero -> -1

let f x =
  try
    if x > 10 then raise (E x)
    else if x < 0 then raise F
    else x * 2
  with E n -> n + 1000

let nested x =
  try
    try
      if x = 0 then raise F else raise (E x)
    with E n when n > 5 -> n * 10
  with
  | F -> -1
  | E n -> -n

let reraise x =
  try
    (try raise (E x) with E n -> raise (G ("inner", n + 1)))
  with G (s, n) -> String.length s + n

let count = ref 0

let rec loop_try i acc =
  if i = 0 then acc
  else begin
    let v = try if i mod 3 = 0 then raise (E i) else i with E n -> n * 2 in
    incr count;
    loop_try (i - 1) (acc + v)
  end

let finally_like x =
  let r = ref 0 in
  (try r := x; if x > 2 then failwith "big" with Failure m -> r := !r + String.length m);
  !r

let () =
  print_int (f 5); print_newline ();
  print_int (f 20); print_newline ();
  print_int (try f (-3) with F -> 77); print_newline ();
  print_int (nested 0); print_newline ();
  print_int (nested 3); print_newline ();
  print_int (nested 9); print_newline ();
  print_int (reraise 4); print_newline ();
  print_int (try deep 10000 with E n -> n); print_newline ();
  print_int (safe_div 10 0); print_newline ();
  print_int (safe_div 10 3); print_newline ();
  print_int (loop_try 1000 0); print_newline ();
  print_int !count; print_newline ();
  print_int (finally_like 1); print_newline ();
  print_int (finally_like 5); print_newline ();
  print_int (sum_to 100 0); print_newline ();
  let l = [1; 2; 3] in
  print_int (try List.assoc 4 (List.combine l l) with Not_found -> -4); print_newline ();
  print_int (try List.nth l 1 with _ -> 0); print_newline ();
  (try ignore (deep 5) with E n -> (print_string "caught "; print_int n; print_newline ()));
  raise Not_found
