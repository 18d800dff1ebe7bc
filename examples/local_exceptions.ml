(* Local exceptions: `let exception C in e` makes a fresh exception each time it is
   evaluated (basic/localexn). *)
let f (type t) () =
  let exception E of t in
  (fun x -> E x), (function E _ -> print_endline "OK" | _ -> print_endline "KO")

let inj1, proj1 = f ()
let inj2, proj2 = f ()

let () = proj1 (inj1 42)
let () = proj1 (inj2 42)

(* A constant local exception, raised and caught. *)
let find_first p l =
  let exception Found in
  let r = ref None in
  (try List.iter (fun x -> if p x then (r := Some x; raise Found)) l with Found -> ());
  !r

let () =
  match find_first (fun x -> x > 2) [1; 2; 3; 4] with
  | Some x -> Printf.printf "found %d\n" x
  | None -> print_endline "none"

(* Two evaluations are two different exceptions, even with the same name. *)
let make () = let exception Same in (Same, function Same -> true | _ -> false)
let (s1, is1) = make ()
let (s2, is2) = make ()
let () = Printf.printf "%b %b %b %b\n" (is1 s1) (is1 s2) (is2 s1) (is2 s2)

(* Several arguments, shadowing a global exception, printing. *)
exception E of int
let () =
  let exception E of string * int in
  (try raise (E ("x", 3)) with E (s, n) -> Printf.printf "local %s %d\n" s n);
  print_endline (Printexc.to_string (E ("y", 4)))
let () =
  try raise (E 5) with E n -> Printf.printf "global %d\n" n
let () =
  let exception Local in
  print_endline (Printexc.to_string Local);
  let exception Arg of int in
  raise (Arg 7)
