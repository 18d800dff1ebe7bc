(* Graphs on adjacency lists: BFS, DFS, topological sort, union-find components *)
type graph = (int * int list) list

let edges = [ (1, 2); (1, 3); (2, 4); (3, 4); (4, 5); (6, 7); (8, 8); (5, 9); (9, 2) ]

let add_edge g (a, b) =
  let succ = try List.assoc a g with Not_found -> [] in
  (a, succ @ [b]) :: List.filter (fun (k, _) -> k <> a) g

let directed : graph = List.fold_left add_edge [] edges
let undirected : graph =
  List.fold_left add_edge [] (edges @ List.map (fun (a, b) -> (b, a)) edges)

let succs g v = try List.assoc v g with Not_found -> []

let bfs g start =
  let rec go visited = function
    | [] -> List.rev visited
    | v :: queue ->
      if List.mem v visited then go visited queue
      else go (v :: visited) (queue @ succs g v)
  in
  go [] [start]

let dfs g start =
  let rec visit visited v =
    if List.mem v visited then visited
    else List.fold_left visit (v :: visited) (succs g v)
  in
  List.rev (visit [] start)

(* shortest path lengths by BFS layers *)
let distances g start =
  let rec layer dist frontier seen acc =
    match frontier with
    | [] -> List.rev acc
    | _ ->
      let acc = List.fold_left (fun acc v -> (v, dist) :: acc) acc frontier in
      let next =
        List.fold_left
          (fun nx v ->
             List.fold_left
               (fun nx w -> if List.mem w seen || List.mem w nx then nx else nx @ [w])
               nx (succs g v))
          [] frontier
      in
      layer (dist + 1) next (seen @ next) acc
  in
  layer 0 [start] [start] []

exception Cycle of int

let topo g nodes =
  let rec visit (temp, perm, order) v =
    if List.mem v perm then (temp, perm, order)
    else if List.mem v temp then raise (Cycle v)
    else
      let (temp, perm, order) = List.fold_left visit (v :: temp, perm, order) (succs g v) in
      (temp, v :: perm, v :: order)
  in
  let (_, _, order) = List.fold_left visit ([], [], []) nodes in
  order

(* union-find with path compression stored in a mutable assoc list *)
let parent : (int * int) list ref = ref []

let rec find x =
  match (try Some (List.assoc x !parent) with Not_found -> None) with
  | Some p when p = x -> x
  | Some p ->
    let root = find p in
    parent := (x, root) :: List.filter (fun (k, _) -> k <> x) !parent;
    root
  | None -> parent := (x, x) :: !parent; x

let union a b =
  let ra = find a and rb = find b in
  if ra <> rb then parent := (max ra rb, min ra rb) :: List.filter (fun (k, _) -> k <> max ra rb) !parent

let show l = "[" ^ String.concat " " (List.map string_of_int l) ^ "]"

let () =
  Printf.printf "bfs from 1: %s\n" (show (bfs directed 1));
  Printf.printf "dfs from 1: %s\n" (show (dfs directed 1));
  Printf.printf "undirected bfs from 5: %s\n" (show (bfs undirected 5));
  List.iter (fun (v, d) -> Printf.printf "  dist(1,%d) = %d\n" v d) (distances directed 1);
  (try Printf.printf "topo: %s\n" (show (topo directed [1; 6; 8]))
   with Cycle v -> Printf.printf "cycle through %d\n" v);
  let dag = List.fold_left add_edge [] [ (1, 2); (1, 3); (3, 2); (2, 4); (5, 4) ] in
  (try Printf.printf "topo dag: %s\n" (show (topo dag [1; 2; 3; 4; 5]))
   with Cycle v -> Printf.printf "cycle through %d\n" v);
  List.iter (fun (a, b) -> union a b) edges;
  let rec uniq = function a :: (b :: _ as r) when a = b -> uniq r | a :: r -> a :: uniq r | [] -> [] in
  let nodes = uniq (List.sort compare (List.concat (List.map (fun (a, b) -> [a; b]) edges))) in
  let comps =
    List.fold_left
      (fun acc v ->
         let r = find v in
         let members = try List.assoc r acc with Not_found -> [] in
         (r, v :: members) :: List.filter (fun (k, _) -> k <> r) acc)
      [] nodes
  in
  List.iter (fun (r, ms) -> Printf.printf "component %d: %s\n" r (show (List.rev ms)))
    (List.sort compare comps)
