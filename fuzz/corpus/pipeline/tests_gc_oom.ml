(* Keeps everything it allocates: must end with "Fatal error: out of memory", never hang. *)
let rec grow n acc = if n < 0 then acc else grow (n + 1) ((n, n) :: acc)

let () = print_int (List.length (grow 0 []))
