(* Extension-constructor rebinding: `exception E' = E`, `type t += D = C`. *)
exception E of int
exception E' = E

module M = struct
  exception Inner of string
end

exception Outer = M.Inner

type t = ..
type t += A | B of int
type t += C = A
type t += D = B

type exn += F = E

let name = function
  | A -> "A"
  | B n -> "B " ^ string_of_int n
  | _ -> "other"

let () =
  print_endline (name C);
  print_endline (name (D 3));
  (match A with C -> print_endline "A is C" | _ -> print_endline "A is not C");
  (match B 7 with D n -> Printf.printf "B 7 is D %d\n" n | _ -> ());
  (try raise (E 1) with E' n -> Printf.printf "caught E' %d\n" n);
  (try raise (E' 2) with E n -> Printf.printf "caught E %d\n" n);
  (try raise (F 3) with E n -> Printf.printf "caught F as E %d\n" n);
  (try raise (Outer "x") with M.Inner s -> Printf.printf "caught Outer as M.Inner %s\n" s);
  print_endline (Printexc.to_string (E' 4));
  print_endline (Printexc.to_string (Outer "y"))
