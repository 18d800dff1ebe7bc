(* N-queens: count and print solutions with backtracking over lists *)
let safe col placed =
  let rec check dist = function
    | [] -> true
    | c :: rest ->
      c <> col && abs (c - col) <> dist && check (dist + 1) rest
  in
  check 1 placed

let rec range a b = if a > b then [] else a :: range (a + 1) b

let queens n =
  let rec place row placed =
    if row = n then [List.rev placed]
    else
      List.concat
        (List.map
           (fun col -> if safe col placed then place (row + 1) (col :: placed) else [])
           (range 0 (n - 1)))
  in
  place 0 []

exception Found of int list

let first_solution n =
  let rec go row placed =
    if row = n then raise (Found (List.rev placed))
    else
      for col = 0 to n - 1 do
        if safe col placed then go (row + 1) (col :: placed)
      done
  in
  try go 0 []; None with Found s -> Some s

let show n sol =
  List.iter
    (fun c ->
       print_string (String.init n (fun i -> if i = c then 'Q' else '.'));
       print_newline ())
    sol

let () =
  for n = 1 to 9 do
    Printf.printf "%d-queens: %3d solutions\n" n (List.length (queens n))
  done;
  (match first_solution 8 with
   | Some s -> show 8 s
   | None -> print_endline "none");
  match first_solution 3 with
  | Some _ -> print_endline "3: found?"
  | None -> print_endline "3: no solution"
