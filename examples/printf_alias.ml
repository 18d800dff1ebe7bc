(* Another name for a Printf function keeps it elaborated from each literal format. *)
let strf = Printf.sprintf
let printf = Printf.printf
let () = printf "%s|%d|%5.2f\n" (strf "%x" 255) 42 3.14159
module P = struct let say = Printf.printf end
let () = P.say "%c%c\n" 'o' 'k'
let () = print_endline (Option.fold ~none:"-" ~some:(strf "<%d>") (Some 7))
let () = match Option.to_result ~none:"absent" None with
  | Ok v -> print_int v | Error e -> print_endline e
