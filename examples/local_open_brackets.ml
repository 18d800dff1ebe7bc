(* Local opens of a list, an array or a record: M.[..], M.[|..|], M.{..}, and M.(..). *)
module Color = struct
  type t = Red | Green | Blue
  type point = { x : int; y : int }
  let name = function Red -> "red" | Green -> "green" | Blue -> "blue"
  let origin = { x = 0; y = 0 }
  let scale = 10
end

let all = Color.[ Red; Green; Blue ]
let arr = Color.[| Blue; Red |]
let p = Color.{ x = scale; y = 2 * scale }
let q = Color.{ origin with y = 5 }
let empty = Color.[]
let nested = Color.[ [ Red ]; []; [ Green; Blue ] ]

let () =
  List.iter (fun c -> print_endline (Color.name c)) all;
  Array.iter (fun c -> print_endline (Color.name c)) arr;
  Printf.printf "%d %d %d %d\n" p.Color.x p.Color.y q.Color.x q.Color.y;
  Printf.printf "%d %d\n" (List.length empty) (List.length (List.concat nested));
  print_endline (String.concat "," Color.(List.map name [ Blue; Green ]));
  (* the opened names shadow outer ones only inside the brackets *)
  let scale = 3 in
  let l = Color.[ scale; scale + 1 ] in
  Printf.printf "%d %d %d\n" (List.hd l) (List.nth l 1) scale;
  (* standard-library modules too *)
  let ls = List.[ length [ 1; 2 ]; hd [ 7 ] ] in
  Printf.printf "%d %d\n" (List.nth ls 0) (List.nth ls 1)
