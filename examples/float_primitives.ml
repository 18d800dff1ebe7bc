(* OCaml's float and int %-primitives in `external` declarations (misc/nucleic). *)
external ( +. ) : float -> float -> float = "%addfloat"
external ( -. ) : float -> float -> float = "%subfloat"
external ( *. ) : float -> float -> float = "%mulfloat"
external ( /. ) : float -> float -> float = "%divfloat"
external neg : float -> float = "%negfloat"
external fabs : float -> float = "%absfloat"
external of_int : int -> float = "%floatofint"
external to_int : float -> int = "%intoffloat"
external feq : float -> float -> bool = "%eqfloat"
external fne : float -> float -> bool = "%noteqfloat"
external flt : float -> float -> bool = "%ltfloat"
external fle : float -> float -> bool = "%lefloat"
external fgt : float -> float -> bool = "%gtfloat"
external fge : float -> float -> bool = "%gefloat"
external ilt : int -> int -> bool = "%ltint"
external ile : int -> int -> bool = "%leint"
external igt : int -> int -> bool = "%gtint"
external ige : int -> int -> bool = "%geint"

let () =
  let x = of_int 7 and y = 2.5 in
  Printf.printf "%g %g %g %g\n" (x +. y) (x -. y) (x *. y) (x /. y);
  Printf.printf "%g %g %d %d\n" (neg x) (fabs (neg y)) (to_int (x /. y)) (to_int (neg 3.9));
  let nan = 0. /. 0. in
  List.iter (fun (a, b) ->
      Printf.printf "%b %b %b %b %b %b\n"
        (feq a b) (fne a b) (flt a b) (fle a b) (fgt a b) (fge a b))
    [ (1., 2.); (2., 2.); (3., 2.); (nan, 1.); (nan, nan) ];
  Printf.printf "%b %b %b %b\n" (ilt 1 2) (ile 2 2) (igt 1 2) (ige 3 2);
  (* Partial application and use as a value. *)
  let add1 = ( +. ) 1. in
  Printf.printf "%g\n" (List.fold_left ( *. ) 1. (List.map add1 [1.; 2.; 3.]))
