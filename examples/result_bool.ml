(* The predefined result type (Ok / Error), the Result and Bool modules. *)
let safe_div a b = if b = 0 then Error "division by zero" else Ok (a / b)

let show = function
  | Ok n -> "Ok " ^ string_of_int n
  | Error e -> "Error " ^ e

let () =
  List.iter
    (fun (a, b) -> print_endline (show (safe_div a b)))
    [ (10, 2); (1, 0); (-7, 2) ];
  let r = Result.bind (safe_div 100 5) (fun x -> safe_div x 0) in
  print_endline (show r);
  print_endline (show (Result.map succ (Ok 41)));
  print_endline (show (Result.map_error String.uppercase_ascii (Error "bad")));
  print_endline (show (Result.join (Ok (Error "inner"))));
  Printf.printf "%b %b %b %b\n" (Result.is_ok (Ok 1)) (Result.is_error (Ok 1))
    (Result.is_ok (Error ())) (Result.is_error (Error ()));
  print_int (Result.get_ok (Ok 3));
  print_newline ();
  print_string (Result.get_error (Error "e"));
  print_newline ();
  (try ignore (Result.get_ok (Error 0)) with Invalid_argument s -> print_endline s);
  (try ignore (Result.get_error (Ok 0)) with Invalid_argument s -> print_endline s);
  Result.iter print_endline (Ok "iter ok");
  Result.iter print_endline (Error 1);
  Result.iter_error print_endline (Error "iter error");
  (match Result.to_option (Ok 5), Result.to_option (Error 5) with
   | Some 5, None -> print_endline "to_option"
   | _ -> print_endline "wrong");
  Printf.printf "%d %d\n" (List.length (Result.to_list (Ok 'a')))
    (List.length (Result.to_list (Error 'a')));
  let v : (int, string) Result.t = Result.ok 9 in
  print_endline (show v);
  print_endline (show (Result.error "made"));
  (* polymorphic comparison and equality on results *)
  Printf.printf "%b %b %d %d\n" (Ok 1 = Ok 1) (Ok 1 = Error 1) (compare (Ok 2) (Error 1))
    (compare (Error 3) (Error 4))

let () =
  let wit = ref 0 in
  let t = Bool.( && ) (incr wit; false) (incr wit; true) in
  Printf.printf "&& %b %d\n" t !wit;
  wit := 0;
  let t = Bool.( || ) (incr wit; true) (incr wit; false) in
  Printf.printf "|| %b %d\n" t !wit;
  let ops = [ Bool.( && ); Bool.( || ) ] in
  List.iter (fun op -> Printf.printf "%b " (op true false)) ops;
  print_newline ();
  Printf.printf "%b %b %d %d %d %d %s %s\n" (Bool.not true) (Bool.equal false false)
    (Bool.compare false true) (Bool.compare true false) (Bool.to_int false)
    (Bool.to_int true) (Bool.to_string true) (Bool.to_string false);
  let b : Bool.t = List.for_all Bool.not [ false; false ] in
  print_endline (string_of_bool b);
  print_endline (String.concat "," (List.map Bool.to_string [ true; false ]))

(* an alias of a constructor pattern has the type the pattern forces (OCaml's
   build_as_type): `Error _ as e` is an error of any value type *)
let map_ok f = function Ok v -> Ok (f v) | Error _ as e -> e
let keep_first = function (Some _, _) as p -> p | (None, x) -> (None, x)

let () =
  (match map_ok string_of_int (Error "no") with
   | Ok s -> print_endline s
   | Error e -> print_endline ("still " ^ e));
  (match map_ok string_of_int (Ok 12) with Ok s -> print_endline (s ^ "!") | Error e -> print_endline e);
  match keep_first (Some 1, "a"), keep_first (None, "b") with
  | (Some n, a), (None, b) -> Printf.printf "%d %s %s\n" n a b
  | _ -> ()

(* a user type may reuse the constructor names *)
type outcome = Ok | Error of int

let () =
  match [ Ok; Error 3 ] with
  | [ Ok; Error n ] -> Printf.printf "own constructors %d\n" n
  | _ -> ()
