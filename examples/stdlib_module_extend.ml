(* Extending stdlib modules under their own names. *)
module List = struct
  include List
  let sum = fold_left ( + ) 0
  let rec range a b = if a > b then [] else a :: range (a + 1) b
end

module String = struct
  include String
  let lines = split_on_char '\n'
end

module Char = struct
  let is_digit c = c >= '0' && c <= '9'
end

module Buffer = struct
  include Buffer
  let of_list l =
    let b = create 16 in
    List.iter (add_string b) l;
    b
end

module Hashtbl = struct
  include Hashtbl
  let keys h = fold (fun k _ acc -> k :: acc) h [] |> List.sort compare
end

let n = Array.length [| 1; 2 |]
module Array = struct
  let first a = a.(0)
end

module Outer = struct
  module List = struct
    let twice l = l @ l
  end
  let doubled = List.twice [1; 2]
end

let () =
  Printf.printf "%d %d\n" (List.sum (List.range 1 10)) (List.length (String.lines "a\nb\nc"));
  Printf.printf "%b %b\n" (Char.is_digit '5') (Char.is_digit 'x');
  print_endline (Buffer.contents (Buffer.of_list ["x"; "y"; "z"]));
  let h = Hashtbl.create 8 in
  Hashtbl.replace h "b" 2; Hashtbl.replace h "a" 1;
  print_endline (String.concat "," (Hashtbl.keys h));
  Printf.printf "%d %d\n" n (Array.first [| 7; 8 |]);
  Printf.printf "%d\n" (List.length Outer.doubled);
  print_endline (String.uppercase_ascii "done")

(* A module named like an outer one replaces it inside its structure only. *)
module A = struct let x = 1 let name = "outer" end
module B = struct
  module A = struct let name = "inner" end
  let inner = A.name
end
let () = Printf.printf "%s %s %d\n" B.inner A.name A.x

(* Extending with a functor and a type of its own, used inside and after. *)
module Map = struct
  include Map
  module Make (O : OrderedType) = struct
    include Make (O)
    let of_list l = List.fold_left (fun m (k, v) -> add k v m) empty l
  end
end
module SM = Map.Make (String)
module Option = struct
  include Option
  type 'a maybe = 'a option
  let or_else d = function Some x -> x | None -> d
end
let () =
  let m = SM.of_list [ ("a", 1); ("b", 2) ] in
  let v : int Option.maybe = SM.find_opt "b" m in
  Printf.printf "%d %d\n" (SM.cardinal m) (Option.or_else 0 v);
  Printf.printf "%d\n" (List.sum (List.map (fun s -> String.length s) (String.lines "ab\ncde")))
