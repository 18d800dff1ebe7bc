(* A pretty-printer for a small expression language, in the style of a compiler's -dsource:
   boxes and breaks laid out at several margins, printed with Format.printf, asprintf and a
   formatter writing into a buffer. *)

type expr =
  | Int of int
  | Var of string
  | Binop of string * expr * expr
  | Call of string * expr list
  | If of expr * expr * expr
  | Let of string * expr * expr
  | Fun of string list * expr

let prec = function "*" | "/" -> 2 | "+" | "-" -> 1 | _ -> 0

let rec pp_expr ppf e = pp_prec 0 ppf e

and pp_prec p ppf = function
  | Int n when n < 0 -> Format.fprintf ppf "(%d)" n
  | Int n -> Format.pp_print_int ppf n
  | Var x -> Format.pp_print_string ppf x
  | Binop (op, a, b) ->
    let q = prec op in
    if q < p then Format.fprintf ppf "@[<hov 1>(%a@ %s %a)@]" (pp_prec q) a op (pp_prec (q + 1)) b
    else Format.fprintf ppf "@[<hov 0>%a@ %s %a@]" (pp_prec q) a op (pp_prec (q + 1)) b
  | Call (f, args) ->
    Format.fprintf ppf "@[<hov 2>%s(%a)@]" f
      (Format.pp_print_list ~pp_sep:(fun ppf () -> Format.fprintf ppf ",@ ") pp_expr) args
  | If (c, t, e) ->
    Format.fprintf ppf "@[<hv 0>@[<hov 2>if@ %a@]@ @[<hov 2>then@ %a@]@ @[<hov 2>else@ %a@]@]"
      pp_expr c pp_expr t pp_expr e
  | Let (x, e, body) ->
    Format.fprintf ppf "@[<v 0>@[<hov 2>let %s =@ %a@]@,in@ %a@]" x pp_expr e pp_expr body
  | Fun (params, body) ->
    Format.fprintf ppf "@[<hov 2>fun %a ->@ %a@]"
      (Format.pp_print_list ~pp_sep:Format.pp_print_space Format.pp_print_string) params
      pp_expr body

let rec sum_of n = if n = 0 then Int 0 else Binop ("+", Binop ("*", Int n, Var "x"), sum_of (n - 1))

let program =
  Let ("square", Fun (["x"], Binop ("*", Var "x", Var "x")),
  Let ("total", Call ("fold", [Fun (["acc"; "y"], Binop ("+", Var "acc", Call ("square", [Var "y"])));
                               Int 0; Call ("range", [Int 1; Int 100])]),
  If (Binop ("-", Var "total", Int (-5)),
      Call ("print", [sum_of 6]),
      Binop ("*", Binop ("+", Var "total", Int 1), Binop ("-", Var "total", Int 1)))))

let () =
  List.iter (fun margin ->
      Format.set_margin margin;
      Format.printf "--- margin %d@." margin;
      Format.printf "%a@." pp_expr program)
    [20; 40; 80];
  (* asprintf builds a string with a formatter of its own (margin 78). *)
  let s = Format.asprintf "%a" pp_expr (sum_of 12) in
  Printf.printf "asprintf gave %d characters, %d lines\n" (String.length s)
    (List.length (String.split_on_char '\n' s));
  print_endline s;
  (* A formatter into a buffer, with its own margin. *)
  let buf = Buffer.create 64 in
  let ppf = Format.formatter_of_buffer buf in
  Format.pp_set_margin ppf 30;
  Format.fprintf ppf "@[<v 2>program:@,%a@]@?" pp_expr (Let ("a", sum_of 3, Var "a"));
  Printf.printf "buffer (%d bytes):\n%s\n" (Buffer.length buf) (Buffer.contents buf);
  (* str_formatter and flush_str_formatter. *)
  Format.fprintf Format.str_formatter "%a;@ %a" pp_expr (Int 1) pp_expr (Int (-2));
  Printf.printf "str_formatter: [%s]\n" (Format.flush_str_formatter ())
