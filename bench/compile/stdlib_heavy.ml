(* A program using much of the installed stdlib (Format, Scanf, Printf, Hashtbl, Map.Make,
   Set.Make, Buffer, List, String): the compile-time benchmark's stdlib-heavy row (issue #22). *)
module SMap = Map.Make (String)
module ISet = Set.Make (Int)

let words = "the quick brown fox jumps over the lazy dog the end"

let counts =
  let h = Hashtbl.create 16 in
  List.iter
    (fun w -> Hashtbl.replace h w (1 + Option.value ~default:0 (Hashtbl.find_opt h w)))
    (String.split_on_char ' ' words);
  h

let by_word =
  Hashtbl.fold (fun w n m -> SMap.add w n m) counts SMap.empty

let lengths =
  List.fold_left (fun s w -> ISet.add (String.length w) s) ISet.empty
    (String.split_on_char ' ' words)

let pp_entry ppf (w, n) = Format.fprintf ppf "@[<h>%s:@ %d@]" w n

let () =
  Format.printf "@[<v 2>counts:@,%a@]@."
    (Format.pp_print_list ~pp_sep:Format.pp_print_cut pp_entry)
    (SMap.bindings by_word);
  let b = Buffer.create 16 in
  ISet.iter (fun l -> Buffer.add_string b (Printf.sprintf "%d;" l)) lengths;
  print_endline (Buffer.contents b);
  let a, s, f = Scanf.sscanf "12 abc 3.5" "%d %s %f" (fun a s f -> (a, s, f)) in
  Printf.printf "%d %s %.2f\n" a s f;
  Format.printf "%a@." (Format.pp_print_option Format.pp_print_int) (Some 7)
