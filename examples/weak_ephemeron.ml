(* Weak arrays and ephemerons (Weak, Ephemeron.K1, K2, Kn): a weak pointer is cleared when the
   collector finds its value unreachable, and kept while the value is reachable; an
   ephemeron's data is kept while its keys are, and cleared with them. egret finds roots
   conservatively on the stack and in registers, where a stale word may keep one dead value
   alive, so the dead ones are counted: nearly all must be cleared (ocamlopt's collector is
   precise and clears all of them), and every live one must be kept. *)

let call f x = (Sys.opaque_identity f) x

let n = 100
let kept = Array.init n (fun i -> ref i)

(* Even slots: values kept alive by [kept]; odd slots: values nothing else holds. *)
let fill_weak w =
  for i = 0 to Weak.length w - 1 do
    if i mod 2 = 0 then Weak.set w i (Some kept.(i))
    else Weak.set w i (Some (ref (Sys.opaque_identity i)))
  done

let count p = let c = ref 0 in for i = 0 to n - 1 do if p i then incr c done; !c

let () =
  let w = Weak.create n in
  Printf.printf "empty: %d set\n" (count (Weak.check w));
  call fill_weak w;
  (* (Under a collector that runs at every allocation, the odd ones may be gone already.) *)
  Printf.printf "filled: %d live slots set\n" (count (fun i -> i mod 2 = 0 && Weak.check w i));
  Gc.full_major ();
  Printf.printf "live kept: %b\n"
    (count (fun i -> i mod 2 = 0 && (match Weak.get w i with Some r -> r == kept.(i) | None -> false))
     = n / 2);
  Printf.printf "dead cleared: %b\n" (count (fun i -> i mod 2 = 1 && not (Weak.check w i)) >= n / 2 - 2);
  (* get_copy copies the block: the copy is not the value. *)
  (match Weak.get_copy w 2, Weak.get w 2 with
   | Some c, Some v -> Printf.printf "copy: %d %b %b\n" !c (c == v) (c = v)
   | _ -> print_endline "copy: none");
  let show w =
    print_endline (String.concat " " (List.init (Weak.length w) (fun i ->
      match Weak.get w i with Some r -> string_of_int !r | None -> "_")))
  in
  let w1 = Weak.create 4 in
  Weak.set w1 0 (Some kept.(7));
  Weak.set w1 2 (Some kept.(9));
  let w2 = Weak.create 8 in
  Weak.fill w2 0 8 (Some kept.(3));
  Weak.blit w1 0 w2 2 4;
  show w2;
  Weak.blit w2 1 w2 0 7;
  show w2;
  Weak.set w2 0 None;
  show w2;
  List.iter (fun f -> try f () with Invalid_argument m -> print_endline m)
    [ (fun () -> ignore (Weak.create (-1)));
      (fun () -> ignore (Weak.get w n));
      (fun () -> Weak.set w (-1) None);
      (fun () -> ignore (Weak.check w (n + 1)));
      (fun () -> Weak.fill w1 2 3 None);
      (fun () -> Weak.blit w1 0 w2 5 4) ]

(* Ephemerons of one key: the even ones keyed by live values, the odd ones by dead values. *)
(* The data is made first: an allocation between setting a dead key and the data may collect
   (always, under EGRET_GC_STRESS), which clears the key before the data is set. *)
let make_k1 i =
  let e = Ephemeron.K1.create () in
  let data = string_of_int i in
  Ephemeron.K1.set_key e (if i mod 2 = 0 then kept.(i) else ref i);
  Ephemeron.K1.set_data e data;
  e

let () =
  let es = Array.init n (call make_k1) in
  Printf.printf "k1 set: %d live keys, %d data\n"
    (count (fun i -> i mod 2 = 0 && Ephemeron.K1.check_key es.(i)))
    (count (fun i -> i mod 2 = 0 && Ephemeron.K1.check_data es.(i)));
  Gc.full_major ();
  Printf.printf "k1 live keys keep their data: %b\n"
    (count (fun i -> i mod 2 = 0 && Ephemeron.K1.get_data es.(i) = Some (string_of_int i)) = n / 2);
  Printf.printf "k1 dead keys and their data cleared: %b\n"
    (count (fun i -> i mod 2 = 1 && not (Ephemeron.K1.check_key es.(i))
                     && Ephemeron.K1.get_data es.(i) = None) >= n / 2 - 2);
  let e = es.(0) and e' = Ephemeron.K1.create () in
  Ephemeron.K1.blit_key e e';
  Ephemeron.K1.blit_data e e';
  let show_k1 name e =
    Printf.printf "%s: key %s, data %s\n" name
      (match Ephemeron.K1.get_key e with Some k -> string_of_int !k | None -> "unset")
      (match Ephemeron.K1.get_data e with Some d -> d | None -> "unset")
  in
  show_k1 "blit" e';
  (match Ephemeron.K1.get_key_copy e with
   | Some k -> Printf.printf "key copy: %b %b\n" (k == kept.(0)) (k = kept.(0))
   | None -> ());
  Ephemeron.K1.unset_data e';
  show_k1 "unset data" e';
  Ephemeron.K1.unset_key e';
  show_k1 "unset key" e'

(* Two keys: the data lives while both do. *)
let make_k2 i =
  let e = Ephemeron.K2.create () in
  Ephemeron.K2.set_key1 e kept.(i);
  Ephemeron.K2.set_key2 e (if i mod 2 = 0 then kept.(n - 1 - i) else ref i);
  Ephemeron.K2.set_data e i;
  e

let () =
  let es = Array.init n (call make_k2) in
  Gc.full_major ();
  Printf.printf "k2 both keys live: %b\n"
    (count (fun i -> i mod 2 = 0 && Ephemeron.K2.check_key1 es.(i) && Ephemeron.K2.check_key2 es.(i)
                     && Ephemeron.K2.get_data es.(i) = Some i) = n / 2);
  Printf.printf "k2 key2 dead: %b\n"
    (count (fun i -> i mod 2 = 1 && Ephemeron.K2.check_key1 es.(i)
                     && not (Ephemeron.K2.check_key2 es.(i)) && not (Ephemeron.K2.check_data es.(i)))
     >= n / 2 - 2)

let () =
  let e = Ephemeron.Kn.create 3 in
  Array.iteri (Ephemeron.Kn.set_key e) [| kept.(1); kept.(2); kept.(3) |];
  Ephemeron.Kn.set_data e "three keys";
  Gc.full_major ();
  Printf.printf "kn: %b %s\n" (Ephemeron.Kn.check_key e 2)
    (match Ephemeron.Kn.get_data e with Some d -> d | None -> "unset");
  (try ignore (Ephemeron.Kn.get_key e 3) with Invalid_argument m -> print_endline m);
  Printf.printf "%d\n" (Array.fold_left (fun a r -> a + !r) 0 kept)
