let ( let* ) = Option.bind
let ( and* ) a b = match a, b with Some x, Some y -> Some (x, y) | _ -> None
let ( let+ ) x f = Option.map f x
let ( and+ ) = ( and* )
let div a b = if b = 0 then None else Some (a / b)
let f a b c =
  let* x = div a b in
  let* y = div x c in
  Some (x + y)
let g a b =
  let+ x = div a b
  and+ y = div b a
  and+ z = Some 3 in
  x + y + z
module R = struct
  let ( let* ) r f = match r with Ok x -> f x | Error e -> Error e
end
let h s =
  let open R in
  let* n = (match int_of_string_opt s with Some n -> Ok n | None -> Error ("bad " ^ s)) in
  let* (a, b) = Ok (n, n * 2) in
  Ok (a + b)
let pr = function Some n -> Printf.printf "Some %d\n" n | None -> print_endline "None"
let () =
  pr (f 100 5 2); pr (f 1 0 2); pr (g 6 3); pr (g 0 3);
  (match h "21" with Ok n -> print_int n | Error e -> print_string e); print_newline ();
  (match h "x" with Ok n -> print_int n | Error e -> print_string e); print_newline ();
  let ( let@ ) f x = f x in
  let@ () = (fun k -> print_string "["; k (); print_endline "]") in
  print_string "inside"
