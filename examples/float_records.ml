(* Records whose fields are all floats are flat (OCaml's Record_float): construction, field
   access and update, functional update, patterns, compare, hash, Obj.tag, static constants. *)
type v = { x : float; y : float }
type p = { mutable px : float; mutable py : float; name : string }
type m = { mutable a : float; mutable b : float }
type 'a box = { item : 'a; w : float }
let origin = { x = 0.; y = 0. }
let add u w = { x = u.x +. w.x; y = u.y +. w.y }
let norm { x; y } = sqrt (x *. x +. y *. y)
let () =
  let s = List.fold_left add origin [ {x=1.;y=2.}; {x=3.;y=4.5} ] in
  Printf.printf "%g %g %g\n" s.x s.y (norm s);
  let m = { a = 1.; b = 2. } in
  for _ = 1 to 10 do m.a <- m.a +. m.b; m.b <- m.b *. 1.5 done;
  Printf.printf "%g %g\n" m.a m.b;
  let r = { s with y = 9. } in
  Printf.printf "%g %g %b %b %d\n" r.x r.y (r = s) (compare r s > 0) (Hashtbl.hash r);
  Printf.printf "%d %d\n" (Obj.tag (Obj.repr r)) (Obj.size (Obj.repr r));
  let p = { px = 1.; py = 2.; name = "p" } in p.px <- 5.; Printf.printf "%g %s\n" p.px p.name;
  let bx = { item = 2.5; w = 1. } in Printf.printf "%g %g\n" bx.item bx.w;
  (match s with { x = 4.; y } -> Printf.printf "four %g\n" y | _ -> print_endline "no");
  let l = List.map (fun i -> { x = float i; y = float (i*i) }) [1;2;3] in
  List.iter (fun {x; y} -> Printf.printf "(%g,%g)" x y) l; print_newline ();
  Printf.printf "%g\n" (Complex.norm { Complex.re = 3.; im = 4. });
  Printf.printf "%b\n" (origin == origin)
