(* Exceptions carrying heap values across collections: handlers inside loops that allocate,
   Failure and Invalid_argument from the runtime, re-raising through nested handlers. *)
exception Found of int list * string

let rec build n acc = if n = 0 then acc else build (n - 1) (n :: acc)

let search l target =
  try
    List.iter (fun x -> if x = target then raise (Found (build x [], string_of_int x))) l;
    None
  with Found (path, s) -> Some (List.length path, s)

let parse s = try int_of_string s with Failure msg -> String.length msg

let nested n =
  try
    try if n mod 3 = 0 then failwith ("three " ^ string_of_int n) else raise Not_found
    with Not_found -> raise (Found ([ n; n ], "inner"))
  with
  | Found (l, s) -> List.length l + String.length s
  | Failure m -> String.length m

let () =
  let l = build 300 [] in
  let total = ref 0 in
  for i = 1 to 200 do
    (match search l (i mod 310) with Some (n, s) -> total := !total + n + String.length s | None -> incr total);
    total := !total + parse (if i mod 2 = 0 then string_of_int i else "x" ^ string_of_int i);
    total := !total + nested i;
    total := !total + (try String.length (String.sub "abc" i 2) with Invalid_argument m -> String.length m)
  done;
  print_int !total;
  print_newline ();
  let keep = build 1000 [] in
  let r = try ignore (List.nth keep 5000); "no" with Failure m -> m | Invalid_argument m -> m in
  print_endline r;
  print_int (List.length keep);
  print_newline ()
