(* Counts the solutions of the N-queens problem by backtracking over lists. *)
let rec safe q d = function
  | [] -> true
  | q' :: rest -> q <> q' && abs (q - q') <> d && safe q (d + 1) rest

let rec place n row placed =
  if row = n then 1
  else begin
    let count = ref 0 in
    for q = 0 to n - 1 do
      if safe q 1 placed then count := !count + place n (row + 1) (q :: placed)
    done;
    !count
  end

let () =
  for n = 4 to 11 do
    Printf.printf "%d-queens: %d solutions\n" n (place n 0 [])
  done
