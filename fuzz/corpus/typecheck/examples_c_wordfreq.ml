(* Word frequency over a text: manual splitting, association lists, sorting *)
let text = "The quick brown fox jumps over the lazy dog. The dog sleeps; the fox \
            runs! A quick, quick fox -- and a lazy, lazy dog. It's the end."

let is_letter = function 'a' .. 'z' | 'A' .. 'Z' | '\'' -> true | _ -> false

let lowercase s =
  String.init (String.length s) (fun i ->
      let c = s.[i] in
      if c >= 'A' && c <= 'Z' then Char.chr (Char.code c + 32) else c)

let words s =
  let n = String.length s in
  let rec skip i = if i < n && not (is_letter s.[i]) then skip (i + 1) else i in
  let rec word_end i = if i < n && is_letter s.[i] then word_end (i + 1) else i in
  let rec go i acc =
    let i = skip i in
    if i >= n then List.rev acc
    else
      let j = word_end i in
      go j (lowercase (String.sub s i (j - i)) :: acc)
  in
  go 0 []

let rec remove k = function
  | [] -> []
  | (k', _) as p :: rest -> if k = k' then rest else p :: remove k rest

let count ws =
  List.fold_left
    (fun acc w ->
       let c = try List.assoc w acc with Not_found -> 0 in
       (w, c + 1) :: remove w acc)
    [] ws

let by_freq (w1, c1) (w2, c2) =
  if c1 <> c2 then compare c2 c1 else compare w1 w2

let () =
  let ws = words text in
  Printf.printf "%d words, %d distinct\n" (List.length ws) (List.length (count ws));
  let sorted = List.sort by_freq (count ws) in
  List.iteri (fun i (w, c) -> Printf.printf "%2d. %-8s %3d %s\n" (i + 1) w c (String.make c '*')) sorted;
  let longest =
    List.fold_left (fun best w -> if String.length w > String.length best then w else best) "" ws
  in
  Printf.printf "longest: \"%s\"\n" longest;
  let by_len = List.stable_sort (fun a b -> compare (String.length a) (String.length b)) ws in
  print_endline (String.concat " " by_len);
  let (short, long) = List.partition (fun w -> String.length w <= 3) ws in
  Printf.printf "short=%d long=%d\n" (List.length short) (List.length long);
  Printf.printf "has 'fox': %b, all lowercase: %B\n" (List.mem "fox" ws)
    (List.for_all (fun w -> String.equal w (lowercase w)) ws)
