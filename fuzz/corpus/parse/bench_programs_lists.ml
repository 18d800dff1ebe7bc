(* List-heavy code: map, filter, folds, sorting and association lists on large lists. *)
let () =
  let n = 100_000 in
  let l = List.init n (fun i -> (i * 7919) mod 100_003) in
  let total = ref 0 in
  for round = 1 to 4 do
    let m = List.map (fun x -> x * round + 1) l in
    let f = List.filter (fun x -> x mod 3 <> 0) m in
    let s = List.sort compare f in
    let r = List.rev_map (fun x -> x lxor round) s in
    total := !total + List.fold_left (fun acc x -> (acc + x) land 0xFFFFFF) 0 r + List.length s
  done;
  let assoc = List.init 1000 (fun i -> (i, i * i)) in
  let hits = ref 0 in
  for i = 0 to 5000 do if List.mem_assoc (i mod 1500) assoc then incr hits done;
  Printf.printf "%d %d\n" !total !hits
