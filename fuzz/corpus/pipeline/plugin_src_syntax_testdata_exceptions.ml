(* Exceptions: declaration, raise, try/with with or-patterns and guards, finally-like re-raise. *)
exception Empty
exception Bad_value of int * string

let safe_div a b = try Some (a / b) with Division_by_zero -> None

let parse s =
  match (try int_of_string s with Failure _ -> raise (Bad_value (0, s))) with
  | n when n < 0 -> raise (Bad_value (n, "negative"))
  | n -> n

let head = function [] -> raise Empty | x :: _ -> x

let check l =
  try
    let x = head l in
    assert (x <> 42);
    if x > 100 then raise Exit;
    Printf.printf "head is %d\n" x
  with
  | Empty -> print_endline "empty"
  | Exit | Not_found -> print_endline "exit or not found"
  | Bad_value (n, msg) when n > 0 -> Printf.printf "bad %d: %s\n" n msg
  | e -> print_endline "other"; raise e

let () =
  check [];
  check [ 1; 2 ];
  check [ 1000 ];
  (match safe_div 1 0 with None -> print_endline "div by zero" | Some q -> print_int q);
  (try ignore (parse "-5") with Bad_value (n, why) -> Printf.printf "%d %s\n" n why);
  try check [ 42 ] with Assert_failure (file, line, _) -> Printf.printf "assert at %s:%d\n" file line
