let () = ListLabels.iter ~f:print_int (ListLabels.init ~len:5 ~f:(fun i -> i * i)); print_newline ()
let () = print_int (ListLabels.fold_left ~f:(+) ~init:0 [1;2;3]); print_newline ()
open StdLabels
let () = print_endline (String.concat ~sep:"," (List.map ~f:string_of_int [3;1;2]))
let () = List.iter ~f:(Printf.printf "%d ") (List.sort ~cmp:compare [3;1;2]); print_newline ()
let a = Array.make_matrix ~dimx:2 ~dimy:3 0
let () = Array.iteri ~f:(fun i r -> Array.iteri ~f:(fun j _ -> r.(j) <- i + j) r) a
let () = Array.iter ~f:(fun r -> Array.iter ~f:print_int r; print_newline ()) a
let () = print_endline (String.sub "hello" ~pos:1 ~len:3)
let b = Bytes.make 3 'a'
let () = Bytes.blit_string ~src:"xyz" ~src_pos:1 ~dst:b ~dst_pos:0 ~len:2; print_endline (Bytes.to_string b)
let () = print_endline (String.map ~f:Char.uppercase_ascii "abc")
