open Bigarray
(* 400 bigarrays of 8 MB (3.2 GB in all) and views of them, most dead soon: the data of the
   dead ones must be freed, and a view keeps its parent's data alive. *)
let () =
  let keep = ref [] in
  let total = ref 0. in
  for i = 1 to 400 do
    let a = Array1.create float64 c_layout 1_000_000 in
    Array1.fill a (float_of_int i);
    let v = Array1.sub (Array1.create int c_layout 1000) 10 5 in
    Array1.fill v i;
    if i mod 50 = 0 then keep := (Array1.sub a 5 3, v) :: !keep;
    total := !total +. a.{999_999}
  done;
  Gc.full_major ();
  List.iter (fun (s, v) -> Printf.printf "%g %d %d\n" s.{0} v.{4} (Array1.dim s)) !keep;
  Printf.printf "%g\n" !total
