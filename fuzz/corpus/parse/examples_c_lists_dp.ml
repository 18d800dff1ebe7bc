(* Dynamic programming and combinatorics with lists: LCS, knapsack, edit distance, permutations, powerset *)
let rec take n = function x :: r when n > 0 -> x :: take (n - 1) r | _ -> []
let explode s = List.init (String.length s) (String.get s)
let implode l = String.concat "" (List.map (String.make 1) l)

(* LCS via a row-by-row table kept as lists *)
let lcs a b =
  let xs = explode a and ys = explode b in
  let empty_row = List.map (fun _ -> "") ys in
  let next_row prev x =
    let rec go prev_row left diag ys =
      match prev_row, ys with
      | up :: prest, y :: yrest ->
        let cur =
          if x = y then diag ^ String.make 1 x
          else if String.length up >= String.length left then up
          else left
        in
        cur :: go prest cur up yrest
      | _ -> []
    in
    go prev "" "" ys
  in
  let last = List.fold_left next_row empty_row xs in
  List.fold_left (fun best s -> if String.length s > String.length best then s else best) "" last

let edit_distance a b =
  let xs = explode a and ys = explode b in
  let first = List.init (List.length ys + 1) (fun j -> j) in
  let step prev (i, x) =
    let rec go prev left ys =
      match prev, ys with
      | diag :: (up :: _ as prest), y :: yrest ->
        let cost = if x = y then 0 else 1 in
        let v = min (min (up + 1) (left + 1)) (diag + cost) in
        v :: go prest v yrest
      | _ -> []
    in
    i :: go prev i ys
  in
  let last = List.fold_left step first (List.mapi (fun i x -> (i + 1, x)) xs) in
  List.nth last (List.length ys)

(* 0/1 knapsack: table over capacities, items processed one at a time *)
let knapsack cap items =
  let init = List.init (cap + 1) (fun _ -> (0, [])) in
  let add_item table (name, w, v) =
    List.mapi
      (fun c (best, chosen) ->
         if c >= w then
           let (pv, pchosen) = List.nth table (c - w) in
           if pv + v > best then (pv + v, name :: pchosen) else (best, chosen)
         else (best, chosen))
      table
  in
  List.nth (List.fold_left add_item init items) cap

let rec permutations = function
  | [] -> [ [] ]
  | l ->
    List.concat
      (List.map (fun x -> List.map (fun p -> x :: p) (permutations (List.filter (( <> ) x) l))) l)

let rec powerset = function
  | [] -> [ [] ]
  | x :: r -> let ps = powerset r in ps @ List.map (fun s -> x :: s) ps

let rec choose k l =
  if k = 0 then [ [] ]
  else match l with
    | [] -> []
    | x :: r -> List.map (fun c -> x :: c) (choose (k - 1) r) @ choose k r

let coin_change coins amount =
  (* number of ways, table as list indexed by amount *)
  let init = List.init (amount + 1) (fun i -> if i = 0 then 1 else 0) in
  let add_coin ways c =
    let rec build i acc_rev =
      if i > amount then List.rev acc_rev
      else
        let without = List.nth ways i in
        let with_c = if i >= c then List.nth acc_rev (c - 1) else 0 in
        build (i + 1) ((without + with_c) :: acc_rev)
    in
    build 0 []
  in
  List.nth (List.fold_left add_coin init coins) amount

let () =
  List.iter (fun (a, b) -> Printf.printf "lcs(%s, %s) = %s\n" a b (lcs a b))
    [ ("ABCBDAB", "BDCABA"); ("AGGTAB", "GXTXAYB"); ("", "abc"); ("same", "same") ];
  List.iter (fun (a, b) -> Printf.printf "edit(%s, %s) = %d\n" a b (edit_distance a b))
    [ ("kitten", "sitting"); ("flaw", "lawn"); ("", "abc"); ("intention", "execution") ];
  let (v, chosen) = knapsack 50 [ ("gold", 10, 60); ("silver", 20, 100); ("bronze", 30, 120); ("gem", 5, 50) ] in
  Printf.printf "knapsack: value %d with %s\n" v (String.concat "+" (List.rev chosen));
  let perms = permutations [ 1; 2; 3; 4 ] in
  Printf.printf "%d permutations; first 5: %s\n" (List.length perms)
    (String.concat " " (List.map (fun p -> implode (List.map (fun d -> Char.chr (d + 48)) p)) (take 5 perms)));
  Printf.printf "powerset size %d; subsets summing to 10: %d\n"
    (List.length (powerset (List.init 10 (fun i -> i + 1))))
    (List.length (List.filter (fun s -> List.fold_left ( + ) 0 s = 10) (powerset (List.init 10 (fun i -> i + 1)))));
  Printf.printf "C(6,3) = %d: %s\n" (List.length (choose 3 [ 'a'; 'b'; 'c'; 'd'; 'e'; 'f' ]))
    (String.concat "," (List.map implode (take 6 (choose 3 [ 'a'; 'b'; 'c'; 'd'; 'e'; 'f' ]))));
  Printf.printf "ways to make 100 from [1;5;10;25;50] = %d\n" (coin_change [ 1; 5; 10; 25; 50 ] 100)
