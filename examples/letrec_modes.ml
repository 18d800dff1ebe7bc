(* `let rec` of values as OCaml's Rec_check judges them: a name of the group may be used
   where its value is not inspected (discarded, stored in a block, under a function), and a
   definition whose size is known may use the group's names that way. *)

(* Computed and discarded: the placeholder is never looked at. *)
let rec x = (x; ())
let rec z = let w = (z; ()) in w
let () = print_endline (if x = () && z = () then "unit" else "?")

(* A local name that hides the group's. *)
let rec y = let y = 5 in y
let rec l = [m] and m = let l = "m" in l
let rec n = match 3 with n -> n + 1
let () = Printf.printf "%d %s %d\n" y (String.concat "," l) n

(* A block through a local name, and a field computed by a conditional. *)
type t = C of t option
let rec c = let d = C (Some c) in d
let () = match c with C (Some c') -> print_endline (if c' == c then "cyclic" else "copy") | _ -> ()
type a = { a : b } and b = X of a | Y
let rec ra = { a = (if Sys.opaque_identity true then X ra else Y) }
let () = match ra.a with X r -> print_endline (if r == ra then "cyclic" else "copy") | Y -> ()

(* A local module that only stores the group's name. *)
let rec u = let module M = struct let _f = u end in ()
let rec g =
  let module M = struct module N = struct let h = g end end in
  fun k -> if k = 0 then 0 else 1 + M.N.h (k - 1)
let () = Printf.printf "%d\n" (g 7)

(* A computed function using its own name through a local alias. *)
let rec f = let f' = f in fun k -> if k = 0 then 0 else 2 + f' (k - 1)
let () = Printf.printf "%d\n" (f 10)

(* Lazy values of the group, and closures stored in a list of the group. *)
let rec lz = lazy (Lazy.force lz2 + 1) and lz2 = lazy 41
let () = Printf.printf "%d\n" (Lazy.force lz)
let rec cl = (fun () -> List.length rr) and rr = [cl; cl; cl]
let () = Printf.printf "%d\n" (cl ())

(* Stored in a block that is discarded: the definition is a constant. *)
let rec v = let _ = Some v in 3
let () = Printf.printf "%d\n" v

(* Inside a function: a fresh cycle on each call. *)
let cycle k =
  let rec xs = k :: ys and ys = (k + 1) :: xs in
  let rec take i l = if i = 0 then [] else List.hd l :: take (i - 1) (List.tl l) in
  take 5 xs
let () = List.iter (Printf.printf "%d ") (cycle 4); print_newline ()

(* Functions computed by forms that are not functions themselves. *)
let rec fc = ((fun k -> if k = 0 then 0 else 1 + fc (k - 1)) :> int -> int)
let rec fe = let exception E in fun k -> if k = 0 then (try raise E with E -> 0) else fe (k - 1)
let () = Printf.printf "%d %d\n" (fc 5) (fe 3)

(* A lazy value through a local name, and a list through a discarded use. *)
let rec lzl : int Lazy.t = let y = lazy (1 + Lazy.force lzr) in y and lzr = lazy 2
let rec p = let q = (let _ = p in [1; 2]) in q
let () = Printf.printf "%d %d\n" (Lazy.force lzl) (List.length p)
type r = { mutable h : r option; k : int }
let rec r0 = let tmp = { h = Some r0; k = 3 } in tmp
let () = match r0.h with Some r -> Printf.printf "%b %d\n" (r == r0) r.k | None -> ()
