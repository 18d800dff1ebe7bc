let count = let r = ref [] in fun x -> r := x :: !r; List.length !r
let () = print_int (count 1); print_int (count "a")
