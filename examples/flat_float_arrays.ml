(* Flat float arrays (Double_array_tag, as OCaml): literals, make, polymorphic access, compare,
   hash, Obj.tag, sorting, blit, Hashtbl keys. *)
let () =
  let a = Array.make 5 1.5 in
  a.(2) <- 3.25;
  Array.iter (fun x -> Printf.printf "%g " x) a; print_newline ();
  let b = [| 1.0; nan; 2.0 |] in
  Printf.printf "%d %d %b %b\n" (compare b b) (compare a b) (a = a) (b = b);
  Printf.printf "%d %d\n" (Hashtbl.hash a) (Hashtbl.hash [| 1.0; 2.0 |]);
  Printf.printf "%d %d\n" (Obj.tag (Obj.repr a)) (Obj.size (Obj.repr a));
  let m = Array.make_matrix 3 3 0. in
  m.(1).(1) <- 2.5;
  let poly_get arr i = arr.(i) in
  Printf.printf "%g %g %d\n" (poly_get m.(1) 1) (poly_get a 2) (poly_get [|7|] 0);
  let c = Array.map (fun x -> x *. 2.) a in
  Printf.printf "%s\n" (String.concat "," (Array.to_list (Array.map string_of_float c)));
  let l = Array.to_list (Array.append a [|9.|]) in
  List.iter (Printf.printf "%g;") l; print_newline ();
  let s = Array.copy a in Array.sort compare s; Array.iter (Printf.printf "%g ") s; print_newline ();
  Printf.printf "%b\n" ([|1.;2.|] < [|1.;3.|]);
  Printf.printf "%b %b\n" ([||] = [|1.|]) (compare [||] [|1.|] < 0);
  let t = Array.init 4 float in Array.blit t 0 a 1 3; Array.iter (Printf.printf "%g ") a; print_newline ();
  let h = Hashtbl.create 3 in Hashtbl.add h [|1.;2.|] "x"; print_endline (Hashtbl.find h [|1.;2.|]);
  let r = Array.fold_left (+.) 0. a in Printf.printf "%g\n" r;
  Printf.printf "%g\n" (Array.get (Array.of_list [1.;2.]) 1)
