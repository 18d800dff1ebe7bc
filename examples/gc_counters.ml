(* Gc's allocation counters: minor_words, counters, allocated_bytes, quick_stat and stat, and
   Obj.reachable_words. The values are built from Sys.opaque_identity so that no compiler
   makes them static data or removes them. *)

let words f =
  let before = Gc.minor_words () in
  f ();
  let after = Gc.minor_words () in
  int_of_float (after -. before)

let () =
  Printf.printf "minor_words itself: %d\n" (words (fun () -> ()));
  Printf.printf "ref: %d\n" (words (fun () -> ignore (Sys.opaque_identity (ref 1))));
  Printf.printf "pair: %d\n" (words (fun () -> ignore (Sys.opaque_identity (1, 2))));
  Printf.printf "array 10: %d\n" (words (fun () -> ignore (Sys.opaque_identity (Array.make 10 0))));
  Printf.printf "list of 100: %d\n"
    (words (fun () -> ignore (Sys.opaque_identity (List.init 100 (fun i -> i)))));
  Printf.printf "loop of 1000 refs: %d\n"
    (words (fun () -> for i = 1 to 1000 do ignore (Sys.opaque_identity (ref i)) done))

(* A block of more than 256 fields is allocated in OCaml's major heap: major words. *)
let () =
  let (mi0, pro0, ma0) = Gc.counters () in
  let (mi1, pro1, ma1) = Gc.counters () in
  let a = Sys.opaque_identity (Array.make 1000 0) in
  let (mi2, pro2, ma2) = Gc.counters () in
  Printf.printf "counters: minor %.0f promoted %.0f major %.0f\n"
    ((mi2 -. mi1) -. (mi1 -. mi0)) ((pro2 -. pro1) -. (pro1 -. pro0))
    ((ma2 -. ma1) -. (ma1 -. ma0));
  let bytes f =
    let before = Gc.allocated_bytes () in
    f ();
    let after = Gc.allocated_bytes () in
    after -. before
  in
  Printf.printf "allocated_bytes: %.0f\n"
    (bytes (fun () -> ignore (Sys.opaque_identity (Array.make 300 a))) -. bytes (fun () -> ()))

let () =
  let st0 = Gc.quick_stat () in
  Gc.full_major ();
  Gc.compact ();
  let st1 = Gc.quick_stat () in
  Printf.printf "forced collections: %d\n"
    (st1.Gc.forced_major_collections - st0.Gc.forced_major_collections);
  Printf.printf "collections counted: %b %b\n"
    (st1.Gc.major_collections > st0.Gc.major_collections)
    (st1.Gc.minor_collections > st0.Gc.minor_collections);
  let st = Gc.stat () in
  Printf.printf "stat: heap %b, live %b, top %b, blocks %b\n"
    (st.Gc.heap_words > 0) (st.Gc.live_words > 0 && st.Gc.live_words <= st.Gc.heap_words)
    (st.Gc.top_heap_words >= st.Gc.heap_words) (st.Gc.live_blocks > 0);
  Printf.printf "quick_stat leaves out the heap walk: %d %d\n"
    st1.Gc.live_words st1.Gc.free_blocks

type tree = Leaf | Node of tree * int * tree

let rec build n = if n = 0 then Leaf else Node (build (n - 1), n, build (n - 1))

let () =
  let x = Sys.opaque_identity 7 in
  let size v = Obj.reachable_words (Obj.repr v) in
  Printf.printf "reachable: int %d, ref %d, pair %d\n" (size x) (size (ref x)) (size (x, ref x));
  let shared = ref x in
  Printf.printf "shared %d, array %d, string %d\n"
    (size (shared, shared)) (size (Array.make 5 shared)) (size (String.make x 'a'));
  let rec cycle = 1 :: 2 :: cycle in
  ignore (Sys.opaque_identity cycle);
  Printf.printf "list %d, tree %d\n" (size (List.init x (fun i -> i))) (size (build x))
