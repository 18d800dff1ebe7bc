(* Blocks of no fields across collections: empty arrays (made, copied, sliced, concatenated)
   held only by local variables while the program allocates, inside other blocks, and empty
   strings and bytes. Run under EGRET_GC_STRESS (tests/gc.rs) as well as normally. *)

let churn n =
  let l = ref [] in
  for i = 1 to n do l := [i; i + 1] :: !l done;
  List.length !l

let () =
  let a = Array.make 0 1 in
  let b = Array.of_list [] in
  let c = Array.sub [| 1; 2; 3 |] 1 0 in
  let d = Array.append [||] [||] in
  let e = Array.init 0 (fun i -> i) in
  let f = Array.copy a in
  let s = String.make 0 'x' in
  let by = Bytes.create 0 in
  let n = churn 2000 in
  Printf.printf "%d: %d %d %d %d %d %d %d %d\n" n (Array.length a) (Array.length b)
    (Array.length c) (Array.length d) (Array.length e) (Array.length f) (String.length s)
    (Bytes.length by);
  (* Empty arrays inside heap blocks, and a thousand of them alive at once. *)
  let many = Array.init 1000 (fun i -> (i, Array.make 0 i, [| i |])) in
  let n = churn 3000 in
  let total = ref 0 in
  Array.iter (fun (i, z, one) -> total := !total + i + Array.length z + Array.length one + one.(0)) many;
  Printf.printf "%d: %d\n" n !total;
  let nested = [ [||]; Array.make 0 "a"; Array.make 2 "b"; Array.sub [| "c" |] 0 0 ] in
  let n = churn 1000 in
  Printf.printf "%d: %s\n" n (String.concat "," (List.map (fun a -> string_of_int (Array.length a)) nested));
  let m = Array.make_matrix 3 0 0 in
  let n = churn 1000 in
  Printf.printf "%d: %d %d\n" n (Array.length m) (Array.fold_left (fun acc r -> acc + Array.length r) 0 m);
  Printf.printf "%s|%s|%d\n" (String.concat "" []) (Bytes.to_string (Bytes.sub (Bytes.of_string "abc") 1 0)) (Array.length (Array.concat [ [||]; [||] ]))
