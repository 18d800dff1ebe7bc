(* Exception-heavy control flow; ends with an uncaught exception (exit code 2) *)
exception My_error of string * int
exception Empty_input

type 'a outcome = Value of 'a | Err of string

let find_first_negative l =
  try
    List.iter (fun x -> if x < 0 then raise Exit) l;
    None
  with Exit -> Some (List.find (fun x -> x < 0) l)

let lookup k env = try Some (List.assoc k env) with Not_found -> None

let parse_all strs =
  List.map
    (fun s -> try Value (int_of_string s) with Failure msg -> Err (s ^ ": " ^ msg))
    strs

let describe = function
  | Not_found -> "Not_found"
  | Exit -> "Exit"
  | Failure m -> "Failure " ^ m
  | Invalid_argument m -> "Invalid_argument " ^ m
  | Division_by_zero -> "Division_by_zero"
  | My_error (s, n) -> Printf.sprintf "My_error(%s, %d)" s n
  | Empty_input -> "Empty_input"
  | Assert_failure (file, line, col) -> Printf.sprintf "Assert_failure(%s, %d, %d)" file line col
  | Match_failure (file, line, col) -> Printf.sprintf "Match_failure(%s, %d, %d)" file line col
  | _ -> "other"

let protect f = try ignore (f ()); "no exception" with e -> describe e

let average l =
  if l = [] then raise Empty_input;
  List.fold_left ( + ) 0 l / List.length l

let partial_fn = function 0 -> "zero" | 1 -> "one"

let nested () =
  try
    try raise (My_error ("inner", 1))
    with My_error (s, n) when n > 5 -> "caught too early: " ^ s
  with My_error (s, n) -> Printf.sprintf "outer caught %s/%d" s n

let reraise () =
  try
    try failwith "first" with Failure m -> raise (My_error (m ^ "+wrapped", 2))
  with e -> describe e

let finally_like f =
  let log = ref [] in
  let result =
    try
      log := "start" :: !log;
      let r = f () in
      log := "end" :: !log;
      string_of_int r
    with e ->
      log := "cleanup" :: !log;
      "error: " ^ describe e
  in
  result ^ " [" ^ String.concat ";" (List.rev !log) ^ "]"

let counter = ref 0
let rec deep n = if n = 0 then raise (My_error ("deep", !counter)) else (incr counter; 1 + deep (n - 1))

let () =
  (match find_first_negative [ 3; 1; -4; 1; -5 ] with
   | Some x -> Printf.printf "first negative: %d\n" x
   | None -> print_endline "none");
  (match find_first_negative [ 1; 2 ] with Some _ -> () | None -> print_endline "no negatives");
  let env = [ ("a", 1); ("b", 2) ] in
  Printf.printf "lookup b=%s z=%s\n"
    (match lookup "b" env with Some v -> string_of_int v | None -> "-")
    (match lookup "z" env with Some v -> string_of_int v | None -> "-");
  List.iter
    (function Value n -> Printf.printf "ok %d\n" n | Err m -> Printf.printf "err %s\n" m)
    (parse_all [ "42"; "-17"; "0x1F"; "0b101"; "1_000"; "abc"; ""; "12a"; "  5"; "4611686018427387904" ]);
  print_endline (protect (fun () -> List.assoc "missing" env));
  print_endline (protect (fun () -> List.find (fun x -> x > 10) [ 1; 2; 3 ]));
  print_endline (protect (fun () -> int_of_string "forty-two"));
  print_endline (protect (fun () -> List.hd []));
  print_endline (protect (fun () -> List.tl []));
  print_endline (protect (fun () -> List.nth [ 1; 2 ] 5));
  print_endline (protect (fun () -> List.nth [ 1; 2 ] (-1)));
  print_endline (protect (fun () -> String.make (-1) 'x'));
  print_endline (protect (fun () -> "abc".[3]));
  print_endline (protect (fun () -> Char.chr 256));
  print_endline (protect (fun () -> bool_of_string "yes"));
  print_endline (protect (fun () -> List.combine [ 1 ] [ 1; 2 ]));
  print_endline (protect (fun () -> List.map2 ( + ) [ 1 ] []));
  print_endline (protect (fun () -> 10 / (List.length [])));
  print_endline (protect (fun () -> 10 mod 0));
  print_endline (protect (fun () -> average []));
  print_endline (protect (fun () -> average [ 1; 2; 3; 4 ]));
  print_endline (protect (fun () -> invalid_arg "custom"));
  print_endline (protect (fun () -> assert (1 + 1 = 3)));
  print_endline (protect (fun () -> partial_fn 2));
  print_endline (protect (fun () -> raise (My_error ("boom", 42))));
  print_endline (nested ());
  print_endline (reraise ());
  print_endline (finally_like (fun () -> 7));
  print_endline (finally_like (fun () -> failwith "oops"));
  print_endline (protect (fun () -> deep 1000));
  Printf.printf "counter=%d\n" !counter;
  let l = [ 1; 2; 3 ] in
  print_endline "about to fail...";
  let total = List.fold_left (fun acc x -> if x = 3 then raise (My_error ("fold", acc)) else acc + x) 0 l in
  Printf.printf "unreachable %d\n" total
