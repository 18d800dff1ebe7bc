(* Floats across direct calls: functions whose float parameters and results the optimizer
   unboxes (workers) called directly, through closures, partially applied, recursively and
   mutually recursively, raising, with -0. and nan, with many arguments. *)

let[@inline never] hyp a b = sqrt (a *. a +. b *. b)

(* Used directly, as a closure, and partially applied. *)
let[@inline never] axpy a x y = a *. x +. y

(* A tail-recursive loop carrying floats. *)
let rec sum_to n acc x = if n = 0 then acc else sum_to (n - 1) (acc +. x) (x *. 0.5)

(* Non-tail recursion on a float. *)
let rec pow2 x n = if n = 0 then x else 2. *. pow2 x (n - 1)

(* Mutual recursion, with the result returned through tail calls. *)
let rec even_f n x = if n = 0 then x else odd_f (n - 1) (x +. 1.)
and odd_f n x = if n = 0 then -. x else even_f (n - 1) (x *. 0.5)

exception Negative of float

(* Raising with a float argument. *)
let[@inline never] checked_sqrt x = if x < 0. then raise (Negative x) else sqrt x

(* Returns a constant on one path, a computed float on the other. *)
let[@inline never] clamp lo hi x = if x < lo then lo else if x > hi then hi else x *. 1.

(* Many float and int arguments: more than eight floats and more than six words. *)
let[@inline never] many a b c d e f g h i j k l m n =
  a +. 2. *. b +. 3. *. c +. 4. *. d +. 5. *. e +. 6. *. f +. 7. *. g +. 8. *. h
  +. 9. *. i +. 10. *. j +. float (k + 2 * l + 3 * m + 4 * n)

let[@inline never] mixed i1 f1 i2 f2 i3 f3 i4 f4 i5 f5 i6 f6 i7 f7 =
  float (i1 + i2 + i3 + i4 + i5 + i6 + i7) +. f1 *. f2 +. f3 *. f4 +. f5 *. f6 +. f7

(* A float parameter that escapes (stored in a list) next to one that is only unboxed. *)
let[@inline never] keep x y = [x; x +. y]

(* A float function whose result is boxed, tail-calling one whose result is unboxed. *)
let[@inline never] via_tail x = if x > 0. then hyp x x else hyp (-. x) 1.
let[@inline never] boxed_then_tail (x : float) (l : float list) =
  match l with [] -> via_tail x | y :: _ -> via_tail (x +. y)

let show x = Printf.printf "%s %h %F\n" (string_of_float x) x x

let () =
  show (hyp 3. 4.);
  show (hyp (-0.) (-0.));
  show (hyp nan 1.);
  show (hyp infinity nan);
  let f = hyp 5. in
  show (f 12.);
  show (List.fold_left (fun acc x -> acc +. hyp x 1.) 0. [1.; 2.; 3.]);
  let g = axpy 2. in
  show (g 3. 4.);
  show (List.fold_left (axpy 0.5) 1. [2.; 4.; 8.]);
  let apply3 (h : float -> float -> float -> float) = h 1. 2. 3. in
  show (apply3 axpy);
  show (sum_to 100 0. 1.);
  show (sum_to 0 (-0.) 1.);
  show (pow2 1.5 10);
  show (pow2 (-0.) 3);
  show (even_f 10 1.);
  show (odd_f 7 (-0.));
  show (even_f 3 nan);
  (try show (checked_sqrt 2.); show (checked_sqrt (-2.))
   with Negative x -> Printf.printf "Negative %F\n" x);
  (try show (checked_sqrt (-0.)) with Negative _ -> print_endline "not raised for -0.");
  show (clamp 0. 1. (-3.));
  show (clamp 0. 1. 0.25);
  show (clamp 0. 1. nan);
  show (1. /. clamp (-0.) 1. (-0.));
  show (many 1. 2. 3. 4. 5. 6. 7. 8. 9. 10. 1 2 3 4);
  show (mixed 1 1.5 2 2.5 3 3.5 4 4.5 5 5.5 6 6.5 7 7.5);
  List.iter show (keep 1.25 2.);
  show (boxed_then_tail 3. []);
  show (boxed_then_tail (-3.) [1.]);
  let fs = [hyp 1.; axpy 2. 2.; (fun x -> sum_to 3 x x)] in
  List.iter (fun h -> show (h 0.5)) fs;
  let r = ref 0. in
  for i = 1 to 1000 do r := axpy (float i) 0.001 !r done;
  show !r
