(* ArrayLabels from the installed sources (arrayLabels.ml is `include Array`, compiled in
   classic mode), with its externals: create_float and Floatarray. *)
let () =
  let a = ArrayLabels.init 5 ~f:(fun i -> i * i) in
  ArrayLabels.iter ~f:(Printf.printf "%d ") a;
  print_newline ();
  let f = ArrayLabels.create_float 3 in
  ArrayLabels.fill f ~pos:0 ~len:3 1.5;
  Printf.printf "%g %d\n" (ArrayLabels.fold_left ~f:( +. ) ~init:0. f) (Array.length (Array.create_float 0));
  let fa = ArrayLabels.Floatarray.create 2 in
  ArrayLabels.Floatarray.set fa 1 2.5;
  ArrayLabels.Floatarray.set fa 0 0.25;
  Printf.printf "%g %g %d\n" (ArrayLabels.Floatarray.get fa 0) (ArrayLabels.Floatarray.get fa 1)
    (ArrayLabels.Floatarray.length fa);
  ArrayLabels.sort a ~cmp:(fun x y -> compare y x);
  ArrayLabels.iter ~f:(Printf.printf "%d ") a;
  print_newline ();
  let b = ArrayLabels.make 6 0 in
  ArrayLabels.blit ~src:a ~src_pos:1 ~dst:b ~dst_pos:2 ~len:3;
  ArrayLabels.iteri ~f:(fun i x -> Printf.printf "%d:%d " i x) b;
  print_newline ();
  print_endline (String.concat "," (ArrayLabels.to_list (ArrayLabels.map ~f:string_of_int (ArrayLabels.sub a ~pos:1 ~len:2))));
  Printf.printf "%b %b\n" (ArrayLabels.exists ~f:(fun x -> x = 9) a) (ArrayLabels.mem 7 ~set:a);
  let m = ArrayLabels.make_matrix ~dimx:2 ~dimy:2 'x' in
  m.(1).(0) <- 'y';
  ArrayLabels.iter ~f:(fun r -> ArrayLabels.iter ~f:print_char r; print_newline ()) m;
  (try ignore (Array.create_float (-1)) with Invalid_argument s -> print_endline s);
  (try ignore (ArrayLabels.sub a ~pos:4 ~len:3) with Invalid_argument s -> print_endline s)
