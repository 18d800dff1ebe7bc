(* Lazy from the installed lazy.ml and camlinternalLazy.ml: lazy values are ocamlopt's blocks
   (Obj.lazy_tag while delayed, Obj.forward_tag once forced, the value itself for
   Lazy.from_val of a value that cannot be taken for a lazy block), Undefined on a recursive
   force, an exception raised again by every later force, and compare and Hashtbl.hash
   looking through a forced value's forward block. *)

let r = ref 0
let l = lazy (incr r; !r + 41)

let () =
  let before = Lazy.is_val l in
  let a = Lazy.force l in
  let b = Lazy.force l in
  Printf.printf "%b %d %d %b %d\n" before a b (Lazy.is_val l) !r

let rec rl = lazy (Lazy.force rl + 1)

let () =
  (try ignore (Lazy.force rl) with Lazy.Undefined -> print_endline "Undefined");
  (try ignore (Lazy.force rl) with Lazy.Undefined -> print_endline "Undefined again");
  print_endline (Printexc.to_string Lazy.Undefined);
  print_endline (Printexc.to_string CamlinternalLazy.Undefined)

let bad = lazy (incr r; failwith "boom")

let () =
  for _ = 1 to 2 do
    try ignore (Lazy.force bad) with Failure m -> Printf.printf "%s %d\n" m !r
  done

let () =
  let f = Lazy.from_fun (fun () -> "from_fun") in
  let v = Lazy.from_val 3.5 in
  Printf.printf "%b %s %b\n" (Lazy.is_val f) (Lazy.force f) (Lazy.is_val f);
  Printf.printf "%g %b %b\n" (Lazy.force v) (Lazy.is_val v) (Lazy.is_val (Lazy.from_val 1));
  Printf.printf "%d\n" (Lazy.force (Lazy.map (fun x -> x * 2) (lazy 21)));
  let mv = Lazy.map_val (fun x -> x + 1) (Lazy.from_val 1) in
  let md = Lazy.map_val (fun x -> x + 1) (lazy (1 + 1)) in
  Printf.printf "%b %d %b %d\n" (Lazy.is_val mv) (Lazy.force mv) (Lazy.is_val md) (Lazy.force md);
  Printf.printf "%d %d\n" (Lazy.force_val (lazy 7)) (Lazy.force (Lazy.lazy_from_fun (fun () -> 8)))

(* Lazy patterns force the value. *)
let g = function lazy (Some x) -> x | lazy None -> 0
let h (lazy a, lazy b) = a + b

let () =
  let n = ref 0 in
  let counted = lazy (incr n; Some 5) in
  Printf.printf "%d %d %d %d\n" (g counted) (g counted) (g (lazy None)) !n;
  Printf.printf "%d\n" (h (lazy 1, Lazy.from_val 2))

(* The representation, as Obj sees it. *)
let () =
  let delayed = lazy (print_string "") in
  let forced = lazy (String.make 1 'x') in
  let t0 = Obj.tag (Obj.repr forced) in
  ignore (Lazy.force forced);
  let t1 = Obj.tag (Obj.repr forced) in
  Printf.printf "%d %d %d %d %d\n" (Obj.tag (Obj.repr delayed)) t0 t1
    (Obj.tag (Obj.repr (Lazy.from_val 2.0)))
    (Obj.tag (Obj.repr (Lazy.from_val (lazy (print_string "")))));
  Printf.printf "%b\n" (Obj.repr (Lazy.from_val "s") == Obj.repr "s" || true)

(* compare and hash see a forced value through its forward block. *)
let () =
  let x = lazy (1 + 1) and y = lazy (String.make 2 'a') in
  ignore (Lazy.force x);
  ignore (Lazy.force y);
  Printf.printf "%d %d %d\n" (compare x (Lazy.from_val 2)) (compare (Lazy.from_val 3.) (Lazy.from_val 3.))
    (compare y (Lazy.from_val "ab"));
  Printf.printf "%d %d %d\n" (Hashtbl.hash x) (Hashtbl.hash 2) (Hashtbl.hash y);
  Printf.printf "%b\n" (Hashtbl.hash y = Hashtbl.hash "aa");
  try ignore (compare (lazy (print_string "")) (lazy (print_string "")))
  with Invalid_argument m -> print_endline m

(* Stream (stream.ml) builds on lazy values too. *)
let () =
  let s = Stream.of_list [1; 2; 3] in
  Stream.iter (Printf.printf "%d ") s;
  let l = Stream.from (fun i -> if i < 4 then Some (i * i) else None) in
  Printf.printf "%d " (Stream.next l);
  Printf.printf "%s " (String.concat "," (List.map string_of_int (Stream.npeek 3 l)));
  print_newline ()

(* A lazy value of a polymorphic type is generalised (lazy_t is covariant). *)
let empty = Lazy.from_val []
let () = Printf.printf "%d %s\n" (List.length (1 :: Lazy.force empty)) (String.concat "" ("a" :: Lazy.force empty))

(* In a recursive definition. *)
let rec lx = lazy 1 and ly = lazy (fun () -> Lazy.force lx + 1)
let rec lz = lazy (fun n -> if n = 0 then 0 else 1 + Lazy.force lz (n - 1))
let () = Printf.printf "%b %d %d %d\n" (Lazy.is_val lx) (Lazy.force lx) ((Lazy.force ly) ()) (Lazy.force lz 5)
