(* Float loop variables and temporaries in every position: accumulators, nested loops, values
   escaping into lists, closures, exceptions and structural comparisons. *)
let sum_to n =
  let s = ref 0. in
  for i = 1 to n do s := !s +. 1. /. float_of_int i done;
  !s

let newton x =
  let g = ref x and steps = ref 0 in
  while abs_float (!g *. !g -. x) > 1e-12 *. x do
    g := 0.5 *. (!g +. x /. !g);
    incr steps
  done;
  (!g, !steps)

let collect n =
  let acc = ref [] and v = ref 1. in
  for _ = 1 to n do
    acc := !v :: !acc;
    v := !v *. -1.5
  done;
  List.rev !acc

let branchy xs =
  let lo = ref infinity and hi = ref neg_infinity and total = ref 0. in
  List.iter (fun x ->
    if x < !lo then lo := x;
    if x > !hi then hi := x;
    total := !total +. (if x > 0. then x else -. x)) xs;
  (!lo, !hi, !total)

exception Found of float

let first_above limit =
  let x = ref 0.1 in
  try
    for _ = 1 to 100 do
      x := !x *. 1.7 +. 0.01;
      if !x > limit then raise (Found !x)
    done;
    None
  with Found f -> Some f

let matrix n =
  let m = Array.make_matrix n n 0. in
  for i = 0 to n - 1 do
    for j = 0 to n - 1 do
      m.(i).(j) <- float_of_int (i * n + j) /. 7.
    done
  done;
  let tr = ref 0. and off = ref 0. in
  for i = 0 to n - 1 do
    for j = 0 to n - 1 do
      if i = j then tr := !tr +. m.(i).(j) else off := !off -. m.(i).(j)
    done
  done;
  (!tr, !off)

let () =
  Printf.printf "%.15g\n" (sum_to 1000);
  let g, steps = newton 2. in
  Printf.printf "%.17g %d\n" g steps;
  List.iter (fun x -> Printf.printf "%g " x) (collect 8);
  print_newline ();
  let lo, hi, total = branchy [3.5; -2.25; 0.; 17.; -0.5; nan; 4.] in
  Printf.printf "%g %g %g\n" lo hi total;
  (match first_above 1000. with Some f -> Printf.printf "found %.6f\n" f | None -> ());
  let tr, off = matrix 6 in
  Printf.printf "%.6f %.6f\n" tr off;
  let fs = List.map (fun i -> let f = ref (float i) in (fun () -> f := !f /. 2.; !f)) [1; 2; 3] in
  List.iter (fun f -> ignore (f ()); Printf.printf "%g " (f ())) fs;
  print_newline ();
  let k = ref 0. in
  while !k < 10. do k := !k +. 0.75 done;
  Printf.printf "%b %b %h\n" (!k = 10.5) ([!k] = [10.5]) !k
