(* Sudoku solver using association lists and exceptions for backtracking *)
let puzzle =
  "530070000\
   600195000\
   098000060\
   800060003\
   400803001\
   700020006\
   060000280\
   000419005\
   000080079"

type grid = ((int * int) * int) list   (* only filled cells *)

let parse s : grid =
  let cells = ref [] in
  for i = 0 to String.length s - 1 do
    match s.[i] with
    | '1' .. '9' as c -> cells := ((i / 9, i mod 9), Char.code c - Char.code '0') :: !cells
    | '0' | '.' -> ()
    | c -> failwith (Printf.sprintf "bad char '%c' at %d" c i)
  done;
  !cells

let get (g : grid) r c = try List.assoc (r, c) g with Not_found -> 0

let candidates g r c =
  let br = r / 3 * 3 and bc = c / 3 * 3 in
  let conflict ((r', c'), _) =
    r' = r || c' = c || (r' / 3 * 3 = br && c' / 3 * 3 = bc)
  in
  let used = List.map snd (List.filter conflict g) in
  List.filter (fun d -> not (List.mem d used)) [1; 2; 3; 4; 5; 6; 7; 8; 9]

exception Solved of grid

let empties g =
  let acc = ref [] in
  for r = 8 downto 0 do
    for c = 8 downto 0 do
      if not (List.mem_assoc (r, c) g) then acc := (r, c) :: !acc
    done
  done;
  !acc

(* choose the empty cell with fewest candidates *)
let best_cell g cells =
  List.fold_left
    (fun best cell ->
       let (r, c) = cell in
       let n = List.length (candidates g r c) in
       match best with
       | Some (_, m) when m <= n -> best
       | _ -> Some (cell, n))
    None cells

let nodes = ref 0

let rec solve g =
  incr nodes;
  match best_cell g (empties g) with
  | None -> raise (Solved g)
  | Some ((r, c), _) ->
    List.iter (fun d -> solve (((r, c), d) :: g)) (candidates g r c)

let print_grid g =
  for r = 0 to 8 do
    if r mod 3 = 0 && r > 0 then print_endline "------+-------+------";
    for c = 0 to 8 do
      if c mod 3 = 0 && c > 0 then print_string "| ";
      print_int (get g r c);
      print_char ' '
    done;
    print_newline ()
  done

let () =
  let g = parse puzzle in
  Printf.printf "given: %d cells\n" (List.length g);
  (try solve g; print_endline "no solution"
   with Solved s ->
     print_grid s;
     Printf.printf "filled: %d\n" (List.length s));
  Printf.printf "nodes: %d\n" !nodes;
  (try ignore (parse "12x") with Failure m -> print_endline ("parse error: " ^ m))
