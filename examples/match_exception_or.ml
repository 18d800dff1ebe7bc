(* `match ... with` cases mixing value and exception patterns under or-patterns
   (OCaml's split_cases): the body is shared, each part goes to its side. *)
exception String of string
exception Code of int * string

let classify f =
  match f () with
  | str | exception (String str) -> "value or String: " ^ str
  | exception Code (n, s) when n > 10 -> Printf.sprintf "big code %d %s" n s
  | exception (Code (_, s) | Failure s) -> "code or failure: " ^ s
  | exception Not_found | exception Exit -> "not found or exit"

let () =
  print_endline (classify (fun () -> "plain"));
  print_endline (classify (fun () -> raise (String "raised")));
  print_endline (classify (fun () -> raise (Code (42, "x"))));
  print_endline (classify (fun () -> raise (Code (1, "y"))));
  print_endline (classify (fun () -> failwith "boom"));
  print_endline (classify (fun () -> raise Not_found));
  print_endline (classify (fun () -> raise Exit));
  (* an exception not matched by any case propagates *)
  (try print_endline (classify (fun () -> raise (Invalid_argument "ia")))
   with Invalid_argument s -> print_endline ("propagated " ^ s))

(* `exception p` binds as tightly as a constructor application *)
let parse s =
  match int_of_string s with
  | 0 | exception Failure _ -> None
  | n -> Some n

let () =
  List.iter
    (fun s ->
      match parse s with
      | None -> print_endline (s ^ " -> None")
      | Some n -> Printf.printf "%s -> %d\n" s n)
    [ "12"; "0"; "x"; "-3" ]

(* the exception part of a case only protects the scrutinee, not the body *)
let rec count n =
  match if n = 0 then raise Exit else n with
  | k -> k + (try count (n - 1) with Exit -> 0)
  | exception Exit -> 100

let () = Printf.printf "%d %d\n" (count 3) (count 0)

(* nested: or-patterns of values inside the value part *)
let describe x =
  match List.assoc x [ (1, "one"); (2, "two"); (3, "three") ] with
  | ("one" | "two") as s -> s
  | s -> "other " ^ s
  | exception Not_found -> "missing"

let () = List.iter (fun x -> print_endline (describe x)) [ 1; 2; 3; 4 ]
