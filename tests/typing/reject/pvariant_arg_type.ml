(* The argument of `A is an int, matched as a string. *)
let x = `A 1
let () = match x with `A s -> print_string s | _ -> ()
