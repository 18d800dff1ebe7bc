(* Obj from the installed sources (obj.ml, obj.mli): its abstract type t is the typer's
   built-in Obj.t; tags, fields, set_tag, raw fields, double fields, Obj.Ephemeron's keys and
   data (blit, copy, offset errors), Extension_constructor, the tags (Obj.marshal:
   marshal_obj_unit.ml). *)
exception E of int

let () =
  let r = Obj.repr (1, "a") in
  Printf.printf "%d %d %b\n" (Obj.tag r) (Obj.size r) (Obj.is_block r);
  let x : int = Obj.obj (Obj.field r 0) in
  print_int x; print_newline ();
  let l = lazy (print_endline "forced"; 3) in
  print_int (Lazy.force l + Lazy.force l); print_newline ();
  Printf.printf "%d\n" (Obj.tag (Obj.repr 1.5));
  Printf.printf "%d\n" (Obj.tag (Obj.repr [|1.5|]));
  let b = Obj.new_block 0 2 in
  Obj.set_field b 0 (Obj.repr 7);
  Obj.set_tag b 3;
  Printf.printf "%d %nd\n" (Obj.tag b) (Obj.raw_field b 0);
  Obj.set_raw_field b 1 5n;
  Printf.printf "%d\n" (Obj.obj (Obj.field b 1));
  let a = Obj.repr [| 1.0; 2.5 |] in
  Printf.printf "%g\n" (Obj.double_field a 1);
  Obj.set_double_field a 0 4.0;
  Printf.printf "%g\n" (Obj.double_field a 0);
  let e = Obj.Ephemeron.create 2 in
  Obj.Ephemeron.set_key e 0 (Obj.repr "k");
  Obj.Ephemeron.set_data e (Obj.repr "d");
  Printf.printf "%b %b %b\n" (Obj.Ephemeron.check_key e 0) (Obj.Ephemeron.check_key e 1) (Obj.Ephemeron.check_data e);
  (match Obj.Ephemeron.get_data_copy e with Some d -> print_endline (Obj.obj d) | None -> ());
  let e2 = Obj.Ephemeron.create 3 in
  Obj.Ephemeron.blit_key e 0 e2 1 2;
  Obj.Ephemeron.blit_data e e2;
  Printf.printf "%b %b %b %d\n" (Obj.Ephemeron.check_key e2 1) (Obj.Ephemeron.check_key e2 2) (Obj.Ephemeron.check_data e2) (Obj.Ephemeron.length e2);
  Obj.Ephemeron.unset_data e2;
  Printf.printf "%b\n" (Obj.Ephemeron.check_data e2);
  (try ignore (Obj.Ephemeron.get_key e 2) with Invalid_argument s -> print_endline s);
  print_endline (Obj.Extension_constructor.name (Obj.Extension_constructor.of_val (E 1)));
  Printf.printf "%b\n" (Obj.extension_id [%extension_constructor E] = Obj.Extension_constructor.id (Obj.Extension_constructor.of_val (E 2)));
  (try ignore (Obj.Extension_constructor.of_val 3) with Invalid_argument s -> print_endline s);
  print_endline (Obj.Extension_constructor.name [%extension_constructor Not_found]);
  Printf.printf "%d %d\n" Obj.lazy_tag Obj.int_tag
