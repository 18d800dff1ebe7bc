(* Weak from the installed weak.ml: its externals (caml_weak_create, caml_weak_get,
   caml_weak_get_copy, caml_weak_check, caml_weak_blit, caml_ephe_set_key,
   caml_ephe_unset_key) on values kept alive, and the offset checks weak.ml makes. *)
let keep = Array.init 6 (fun i -> ref (i * 10))

let show w =
  for i = 0 to Weak.length w - 1 do
    match Weak.get w i with
    | Some r -> Printf.printf " %d" !r
    | None -> print_string " _"
  done;
  print_newline ()

let () =
  let w = Weak.create 6 in
  Printf.printf "length %d\n" (Weak.length w);
  show w;
  Array.iteri (fun i r -> if i mod 2 = 0 then Weak.set w i (Some r)) keep;
  show w;
  Printf.printf "check %b %b\n" (Weak.check w 0) (Weak.check w 1);
  (match Weak.get_copy w 2 with
   | Some r ->
     r := 99;
     Printf.printf "copy %d, original %d, same %b\n" !r !(keep.(2)) (r == keep.(2))
   | None -> print_endline "none");
  Weak.blit w 0 w 1 4;
  show w;
  Weak.blit w 2 w 0 3;
  show w;
  Weak.set w 0 None;
  show w;
  Weak.fill w 3 2 (Some keep.(5));
  show w;
  let w2 = Weak.create 3 in
  Weak.blit w 3 w2 0 3;
  show w2;
  List.iter
    (fun (name, f) ->
      match f () with
      | () -> Printf.printf "%s: ok\n" name
      | exception Invalid_argument m -> Printf.printf "%s: Invalid_argument %s\n" name m)
    [ ("get", fun () -> ignore (Weak.get w 6));
      ("get_copy", fun () -> ignore (Weak.get_copy w (-1)));
      ("set", fun () -> Weak.set w 6 None);
      ("check", fun () -> ignore (Weak.check w 7));
      ("blit", fun () -> Weak.blit w 0 w2 1 3);
      ("fill", fun () -> Weak.fill w 5 2 None);
      ("create", fun () -> ignore (Weak.create (-1))) ];
  let module S = Weak.Make (struct
    type t = string
    let equal = String.equal
    let hash = Hashtbl.hash
  end) in
  let strings = List.init 50 (fun i -> "s" ^ string_of_int i) in
  let t = S.create 7 in
  List.iter (S.add t) strings;
  Printf.printf "count %d, mem %b %b\n" (S.count t) (S.mem t "s7") (S.mem t "t7");
  let a = S.merge t (String.concat "" ["s"; "3"]) in
  Printf.printf "merge finds the stored one: %b\n" (a == List.nth strings 3);
  S.remove t "s3";
  Printf.printf "count %d, find_opt %s\n" (S.count t)
    (match S.find_opt t "s3" with None -> "None" | Some s -> s);
  ignore (Sys.opaque_identity (keep, strings))
