module H = Hashtbl.Make (struct type t = string let equal = (=) let hash = Hashtbl.hash end)
let () =
  let t = H.create 16 in
  List.iteri (fun i w -> H.replace t w i) ["a"; "bb"; "a"; "ccc"; "dd"; "e"];
  H.iter (fun k v -> Printf.printf "%s:%d " k v) t; print_newline ();
  Printf.printf "%d %b %d\n" (H.length t) (H.mem t "zz") (H.find t "a");
  H.remove t "a"; Printf.printf "%d\n" (H.length t);
  for i = 0 to 100 do H.add t (string_of_int i) i done;
  Printf.printf "%d\n" (H.fold (fun _ v a -> v + a) t 0)
