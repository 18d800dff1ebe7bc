(* GADT branches refining a locally abstract type to a function type. *)
type ('f, 'r) args =
  | Nil : ('r, 'r) args
  | Arg : 'a * ('f, 'r) args -> ('a -> 'f, 'r) args

let rec apply : type f r. f -> (f, r) args -> r = fun k args ->
  match args with
  | Nil -> k
  | Arg (x, rest) -> apply (k x) rest

type _ ty = Int : int ty | Fn : 'a ty * 'b ty -> ('a -> 'b) ty

let rec default : type a. a ty -> a = function
  | Int -> 0
  | Fn (_, b) -> fun _ -> default b

let call : type a. a ty -> a -> int = fun t v ->
  match t with
  | Int -> v + 1
  | Fn (Int, Int) -> v 41
  | Fn _ -> -1

let () =
  print_int (apply (fun a b -> a * b) (Arg (6, Arg (7, Nil))));
  print_newline ();
  print_endline (apply (fun s t u -> s ^ t ^ u) (Arg ("x", Arg ("y", Arg ("z", Nil)))));
  Printf.printf "%d %d %d\n" (default (Fn (Int, Fn (Int, Int))) 1 2) (call Int 1) (call (Fn (Int, Int)) succ)
