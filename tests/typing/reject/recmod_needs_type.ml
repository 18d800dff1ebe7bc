(* Recursive modules must declare their module types. *)
module rec A = struct let f x = x end
