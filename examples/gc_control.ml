(* The Gc module: the control record (get, set, normalised as OCaml's caml_gc_set does) and
   the collections, which must keep every live value. *)
let show g =
  Printf.printf "%d %d %d %d %d %d %d %d %d %d %d\n" g.Gc.minor_heap_size
    g.Gc.major_heap_increment g.Gc.space_overhead g.Gc.verbose g.Gc.max_overhead
    g.Gc.stack_limit g.Gc.allocation_policy g.Gc.window_size g.Gc.custom_major_ratio
    g.Gc.custom_minor_ratio g.Gc.custom_minor_max_size

let () =
  let g = Gc.get () in
  show g;
  Gc.set { g with Gc.minor_heap_size = 100; space_overhead = 0; window_size = 99;
                  allocation_policy = 7; custom_major_ratio = 0; custom_minor_ratio = 5 };
  show (Gc.get ());
  Gc.set { (Gc.get ()) with Gc.minor_heap_size = 300_000; window_size = -3;
                            allocation_policy = 0; space_overhead = -5; max_overhead = 1_000_000;
                            major_heap_increment = 4_194_304; verbose = 0 };
  show (Gc.get ());
  Gc.set { (Gc.get ()) with Gc.minor_heap_size = max_int; allocation_policy = 1 };
  show (Gc.get ());
  (* The record is a fresh copy: changing it changes nothing until Gc.set. *)
  let g = Gc.get () in
  g.Gc.space_overhead <- 80;
  Printf.printf "%d %d\n" g.Gc.space_overhead (Gc.get ()).Gc.space_overhead;
  Gc.set g;
  Printf.printf "%d\n" (Gc.get ()).Gc.space_overhead

(* Live data survives every kind of collection. *)
let () =
  let keep = ref [] in
  for i = 1 to 2000 do
    keep := (i, String.make (i mod 7) 'x') :: !keep;
    if i mod 250 = 0 then begin
      (match i / 250 mod 4 with
       | 0 -> Gc.minor ()
       | 1 -> Gc.major ()
       | 2 -> Gc.full_major ()
       | _ -> Gc.compact ());
      ignore (Gc.major_slice 0)
    end
  done;
  let sum = List.fold_left (fun acc (i, s) -> acc + i + String.length s) 0 !keep in
  Printf.printf "%d %d\n" (List.length !keep) sum;
  let f = Gc.full_major in
  f ();
  List.iter Gc.compact [(); ()];
  print_endline "done"
