(* Partial application, captured variables, functions returned from functions. *)
let add x y = x + y
let add3 = add 3
let compose f g x = f (g x)
let twice f = compose f f

let make_counter_step step =
  let scale = step * 10 in
  fun x -> x + scale

let rec apply_n f n x = if n = 0 then x else apply_n f (n - 1) (f x)

let curry3 a b c = (a * 100) + (b * 10) + c

let () =
  print_int (add3 4);
  print_newline ();
  print_int (twice add3 10);
  print_newline ();
  let step5 = make_counter_step 5 in
  print_int (step5 1);
  print_newline ();
  print_int (apply_n step5 10 0);
  print_newline ();
  let p1 = curry3 1 in
  let p2 = p1 2 in
  print_int (p2 3);
  print_newline ();
  print_int ((curry3 4) 5 6);
  print_newline ();
  let k = 7 in
  let add_k = fun x -> x + k in
  let mul_then_add = fun a b -> add_k (a * b) in
  print_int (mul_then_add 6 7);
  print_newline ();
  print_int (compose (fun x -> x * 2) (fun x -> x - 1) 21);
  print_newline ();
  (* over-application: a function returning a function, applied to both at once *)
  let adder n = fun m -> n + m in
  print_int (adder 40 2);
  print_newline ()
