(* Variances of extensible types: a covariant `+'a shape` extended by constructors that use
   'a covariantly (lists, options, results, functions' results, lazy values, inline records),
   and a contravariant `-'a sink`. *)
type +'a shape = ..
type 'a shape +=
  | Point of 'a
  | Many of 'a list * 'a option
  | Later of (unit -> 'a) * 'a Lazy.t
  | Tagged of { tag : string; mutable hits : int; value : ('a, string) result }

type -'a sink = ..
type 'a sink += Printer of ('a -> string) | Counter of ('a -> int) list

let describe show = function
  | Point x -> "point " ^ show x
  | Many (l, o) ->
      Printf.sprintf "many %d%s" (List.length l)
        (match o with Some x -> " and " ^ show x | None -> "")
  | Later (f, l) -> "later " ^ show (f ()) ^ " " ^ show (Lazy.force l)
  | Tagged r ->
      r.hits <- r.hits + 1;
      Printf.sprintf "tagged %s (%d) %s" r.tag r.hits
        (match r.value with Ok x -> show x | Error e -> e)
  | _ -> "?"

let feed (s : 'a sink) (x : 'a) =
  match s with
  | Printer p -> p x
  | Counter fs -> string_of_int (List.fold_left (fun a f -> a + f x) 0 fs)
  | _ -> "?"

let name = function `Cat -> "cat" | `Dog -> "dog" | `Bird -> "bird"
let cats : [ `Cat ] shape = Many ([ `Cat; `Cat ], Some `Cat)

let () =
  print_endline (describe string_of_int (Point 3));
  print_endline (describe name cats);
  print_endline (describe Fun.id (Later ((fun () -> "a"), lazy "b")));
  let t = Tagged { tag = "t"; hits = 0; value = Ok 2.5 } in
  print_endline (describe string_of_float t);
  print_endline (describe string_of_float t);
  print_endline (feed (Printer name) `Bird);
  print_endline (feed (Counter [ String.length; (fun s -> 2 * String.length s) ]) "abc")
