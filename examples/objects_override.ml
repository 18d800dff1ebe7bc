(* Functional objects: {< x = v >} copies self with changed instance variables (a new object:
   equality and comparison are by identity, in order of creation), methods returning self,
   and self's type in a method's result. *)

let p =
  object (self)
    val x = 0
    val label = "p"
    method x = x
    method label = label
    method move d = {< x = x + d >}
    method rename l = {< label = l; x = x * 10 >}
    method same = {< >}
    method me = self
  end

module M = Map.Make (struct
  type t = < x : int ; label : string ; move : int -> t ; rename : string -> t ; same : t ; me : t >
  let compare = compare
end)

let () =
  let q = p#move 3 in
  let r = q#move 4 in
  Printf.printf "%d %d %d\n" p#x q#x r#x;
  let s = r#rename "s" in
  Printf.printf "%s %d / %s %d\n" r#label r#x s#label s#x;
  Printf.printf "p = p: %b, p = q: %b, p = p#me: %b, p = p#same: %b\n" (p = p) (p = q)
    (p = p#me) (p = p#same);
  Printf.printf "p == p#me: %b\n" (p == p#me);
  (* Later objects compare greater: copies are created after their originals. *)
  Printf.printf "compare: %d %d %d\n" (compare p q) (compare r q) (compare q q);
  let l = List.sort compare [ r; p; s; q ] in
  List.iter (fun o -> Printf.printf "%d:%s " o#x o#label) l;
  print_newline ();
  (* An object as a key of a structural map: by identity. *)
  let m = M.add p "p" (M.add q "q" M.empty) in
  Printf.printf "%s %s %b\n" (M.find p m) (M.find q m) (M.mem r m)
