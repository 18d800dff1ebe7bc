(* Formats as values, as libraries pass them around: error helpers built on ksprintf, a
   leveled logger over kfprintf/ifprintf, formats composed with ^^, format_of_string, a
   format chosen at run time, and printf functions used as values. *)

exception Error of string * int

let failwithf fmt = Printf.ksprintf failwith fmt
let errorf line fmt = Printf.ksprintf (fun msg -> raise (Error (msg, line))) fmt
let invalid_argf fmt = Format.kasprintf invalid_arg fmt

(* A logger: a level, a counter, and messages below the level cost nothing. *)
type level = Debug | Info | Warn
let rank = function Debug -> 0 | Info -> 1 | Warn -> 2
let threshold = ref Info
let emitted = ref 0
let name = function Debug -> "debug" | Info -> "info" | Warn -> "warn"

let log lvl fmt =
  if rank lvl >= rank !threshold then
    Format.kfprintf (fun ppf -> incr emitted; Format.pp_print_newline ppf ())
      Format.std_formatter ("@[<hov 2>[%s]@ " ^^ fmt ^^ "@]") (name lvl)
  else Format.ifprintf Format.std_formatter fmt

(* A pretty-printer combinator taking a format for its separator. *)
let pp_list sep pp ppf l =
  Format.pp_print_list ~pp_sep:(fun ppf () -> Format.fprintf ppf sep) pp ppf l

type shape = Circle of float | Rect of float * float

let pp_shape ppf = function
  | Circle r -> Format.fprintf ppf "circle(r=%g)" r
  | Rect (w, h) -> Format.fprintf ppf "rect(%gx%g)" w h

let area = function Circle r -> 3.14159 *. r *. r | Rect (w, h) -> w *. h

let row_fmt = format_of_string "%-12s|%8.2f|\n"
let csv : (string -> float -> unit, out_channel, unit) format = "%s,%.3f\n"

let () =
  (try failwithf "unexpected %S after %d tokens" "}" 12 with Failure m -> print_endline m);
  (try errorf 42 "unknown identifier %s" "foo" with Error (m, l) -> Printf.printf "line %d: %s\n" l m);
  (try invalid_argf "@[index %d out of@ bounds [0, %d)@]" 10 4 with Invalid_argument m -> print_endline m);
  let shapes = [Circle 1.5; Rect (2., 3.5); Circle 0.25; Rect (10., 0.1)] in
  log Info "%d shapes: %a" (List.length shapes) (pp_list ",@ " pp_shape) shapes;
  log Debug "this is not shown: %a" pp_shape (Circle 9.);
  log Warn "total area %.3f exceeds %d (the shapes are %a)"
    (List.fold_left (fun s x -> s +. area x) 0. shapes) 10 (pp_list ";@ " pp_shape) shapes;
  threshold := Debug;
  log Debug "now shown: %a" pp_shape (Circle 9.);
  Printf.printf "%d messages\n" !emitted;
  List.iter (fun s -> Printf.printf row_fmt (Format.asprintf "%a" pp_shape s) (area s)) shapes;
  List.iter (fun s -> Printf.printf csv (Format.asprintf "%a" pp_shape s) (area s)) shapes;
  (* A format chosen at run time, printf functions as values. *)
  let verbose = !emitted > 2 in
  let fmt : (string -> int -> unit, out_channel, unit) format =
    if verbose then "shape %s has index %d\n" else "%s:%d\n" in
  List.iteri (fun i s -> Printf.printf fmt (Format.asprintf "%a" pp_shape s) i) shapes;
  let printers = [Printf.sprintf "<%d>"; Printf.sprintf "[%d]"; Format.asprintf "@[(%d)@]"] in
  print_endline (String.concat " " (List.map (fun p -> p 7) printers));
  let sum = List.fold_left (fun acc s -> acc ^ Printf.sprintf ("%s" ^^ "; ") (Format.asprintf "%a" pp_shape s)) "" shapes in
  print_endline sum
