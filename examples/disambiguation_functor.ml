module type STRING = sig type t end
module Make (S : STRING) = struct
  let id (x : S.t) = x
end
module SorF = struct
  type t = S of string | F of int
  type r = { name : string; mutable count : int }
end
module X = Make (SorF)
module Y = Make (struct type t = SorF.r end)
let to_str r = match X.id r with S s -> s | F n -> string_of_int n
let bump r = let r = Y.id r in r.count <- r.count + 1; r.name ^ string_of_int r.count
let make n : SorF.r = Y.id { name = n; count = 0 }
let () =
  print_endline (to_str (SorF.S "abc"));
  print_endline (to_str (X.id (F 42)));
  let r = make "k" in
  print_endline (bump r);
  print_endline (bump r)
