(* Conway's game of life on a list of live cells *)
type cell = int * int

let neighbours (x, y) =
  [ (x - 1, y - 1); (x, y - 1); (x + 1, y - 1);
    (x - 1, y);                 (x + 1, y);
    (x - 1, y + 1); (x, y + 1); (x + 1, y + 1) ]

let rec dedup = function
  | a :: (b :: _ as rest) -> if a = b then dedup rest else a :: dedup rest
  | l -> l

let alive board c = List.mem c board

let count_live board c =
  List.fold_left (fun n p -> if alive board p then n + 1 else n) 0 (neighbours c)

let step board =
  let candidates = dedup (List.sort compare (board @ List.concat (List.map neighbours board))) in
  List.filter
    (fun c ->
       match alive board c, count_live board c with
       | true, (2 | 3) -> true
       | false, 3 -> true
       | _ -> false)
    candidates

let bounds board =
  match board with
  | [] -> (0, 0, 0, 0)
  | (x, y) :: rest ->
    List.fold_left
      (fun (x0, y0, x1, y1) (x, y) -> (min x0 x, min y0 y, max x1 x, max y1 y))
      (x, y, x, y) rest

let render board =
  let (x0, y0, x1, y1) = bounds board in
  for y = y0 to y1 do
    let line = String.init (x1 - x0 + 1) (fun i -> if alive board (x0 + i, y) then '#' else '.') in
    print_endline line
  done

let rec iterate n f x = if n = 0 then x else iterate (n - 1) f (f x)

let glider = [ (1, 0); (2, 1); (0, 2); (1, 2); (2, 2) ]
let blinker = [ (0, 1); (1, 1); (2, 1) ]
let r_pentomino = [ (1, 0); (2, 0); (0, 1); (1, 1); (1, 2) ]

let () =
  print_endline "glider gen 0:"; render glider;
  let g4 = iterate 4 step glider in
  print_endline "glider gen 4:"; render g4;
  let moved = List.map (fun (x, y) -> (x - 1, y - 1)) g4 in
  Printf.printf "glider translated by (1,1): %b\n" (List.sort compare moved = List.sort compare glider);
  print_endline "blinker gen 1:"; render (step blinker);
  Printf.printf "blinker period 2: %b\n" (step (step blinker) = List.sort compare blinker);
  let r = ref r_pentomino in
  for gen = 1 to 30 do
    r := step !r;
    if gen mod 10 = 0 then Printf.printf "r-pentomino gen %d: %d cells\n" gen (List.length !r)
  done
