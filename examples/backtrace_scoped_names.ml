(* Backtrace frames are named by OCaml's scoped names, as the typer computes them for
   __FUNCTION__: a functor's code is the functor's at every application (`F.h`), a nested
   module's code is under the module (`M.N.g`), an anonymous function is `.(fun)`, a lazy
   body is the definition's code (`l1`, not `l1.(fun)`), a local function is under its
   definition (`outer.aux`). Each trace is printed in the handler of the function it passes
   through, so no frame is the standard library's. *)
exception E of int

module type S = sig val k : int end

module F (X : S) = struct
  let rec h n = if n = 0 then raise (E X.k) else 1 + h (n - 1)
  let run () =
    try ignore (h 2) with E _ -> Printexc.print_backtrace stdout
  let name = __FUNCTION__
end

module A = F (struct let k = 1 end)
module B = F (struct let k = 2 end)

module M = struct
  module N = struct
    let rec g n = if n = 0 then raise (E 0) else 1 + g (n - 1)
    let run () =
      try ignore (g 1) with E _ -> Printexc.print_backtrace stdout
  end
end

let outer () =
  let rec aux n = if n = 0 then raise Not_found else 1 + aux (n - 1) in
  try ignore (aux 1) with Not_found -> Printexc.print_backtrace stdout

let apply f x =
  try f x with E _ -> Printexc.print_backtrace stdout; 0

let anon n =
  ignore (apply (fun m -> if m > 0 then raise (E m) else m) n + 1)


let l1 =
  lazy (try raise (E 7) with E _ -> Printexc.print_backtrace stdout; 3)

let () =
  Printexc.record_backtrace true;
  print_endline A.name;
  A.run ();
  print_endline "--";
  B.run ();
  print_endline "--";
  M.N.run ();
  print_endline "--";
  outer ();
  print_endline "--";
  anon 1;
  print_endline "--";
  print_int (Lazy.force l1);
  print_newline ()
