(* First-class modules: packing, unpacking, constraints, patterns, existential types. *)

module type SHOW = sig
  type t
  val name : string
  val show : t -> string
  val default : t
end

module Int_show = struct
  type t = int
  let name = "int"
  let show = string_of_int
  let default = 42
end

module String_show = struct
  type t = string
  let name = "string"
  let show s = "\"" ^ String.escaped s ^ "\""
  let default = "hello\n"
end

(* A list of packed modules of the same package type: their types are hidden. *)
let shows : (module SHOW) list =
  [ (module Int_show); (module String_show : SHOW);
    (module struct type t = float list let name = "floats"
      let show l = String.concat ";" (List.map string_of_float l)
      let default = [1.5; 2.25] end) ]

let describe (module S : SHOW) = Printf.sprintf "%s: %s" S.name (S.show S.default)

let () = List.iter (fun m -> print_endline (describe m)) shows

(* Constrained package types keep the type visible. *)
let int_show : (module SHOW with type t = int) = (module Int_show)

let show_with (type a) (module S : SHOW with type t = a) (x : a) = S.show x

let () =
  print_endline (show_with int_show 7);
  print_endline (show_with (module String_show) "x y")

(* (val e : S) in a module expression, let module, let open. *)
module Again = (val int_show : SHOW with type t = int)
let () = print_endline (Again.show (Again.default + 1))

let () =
  let module M = (val List.nth shows 1 : SHOW) in
  print_endline (M.show M.default)

let () =
  let open (val int_show) in
  print_endline (name ^ " " ^ show 99)

(* Polymorphic values inside a package. *)
module type CONTAINER = sig
  type 'a t
  val empty : 'a t
  val add : 'a -> 'a t -> 'a t
  val to_list : 'a t -> 'a list
  val map : ('a -> 'b) -> 'a t -> 'b t
end

let stack : (module CONTAINER) =
  (module struct
    type 'a t = 'a list
    let empty = []
    let add x l = x :: l
    let to_list l = l
    let map = List.map
  end)

let queue : (module CONTAINER) =
  (module struct
    type 'a t = 'a list * 'a list
    let empty = ([], [])
    let add x (f, b) = (f, x :: b)
    let to_list (f, b) = f @ List.rev b
    let map g (f, b) = (List.map g f, List.map g b)
  end)

let fill (module C : CONTAINER) =
  let c = List.fold_left (fun c x -> C.add x c) C.empty [1; 2; 3] in
  let strings = C.map (fun x -> string_of_int (x * 10)) c in
  String.concat "," (C.to_list strings) ^ " / "
  ^ String.concat "," (List.map string_of_bool (C.to_list (C.map (fun x -> x > 1) c)))

let () = print_endline (fill stack); print_endline (fill queue)

(* Functions returning packed modules: a functor applied inside a function. *)
let make_set (cmp : int -> int -> int) =
  let module S = Set.Make (struct type t = int let compare = cmp end) in
  (module S : Set.S with type elt = int)

let sort_unique (type s) (set : (module Set.S with type elt = s)) l =
  let module S = (val set) in
  S.elements (S.of_list l)

let () =
  let up = make_set compare and down = make_set (fun a b -> compare b a) in
  let l = [5; 3; 9; 3; 1; 5] in
  List.iter (Printf.printf "%d ") (sort_unique up l); print_newline ();
  List.iter (Printf.printf "%d ") (sort_unique down l); print_newline ()

(* Records and variants declared by a packed signature. *)
module type SHAPE = sig
  type point = { x : int; y : int }
  type t = Circle of point * int | Rect of point * point
  val shapes : t list
  val area : t -> int
end

let shapes =
  (module struct
    type point = { x : int; y : int }
    type t = Circle of point * int | Rect of point * point
    let shapes = [ Circle ({ x = 0; y = 0 }, 2); Rect ({ x = 1; y = 1 }, { x = 4; y = 3 }) ]
    let area = function
      | Circle (_, r) -> 3 * r * r
      | Rect (a, b) -> abs ((b.x - a.x) * (b.y - a.y))
  end : SHAPE)

let () =
  let module S = (val shapes : SHAPE) in
  List.iter
    (fun s ->
      let kind = match s with S.Circle (c, _) -> Printf.sprintf "circle at %d,%d" c.S.x c.S.y
        | S.Rect _ -> "rect" in
      Printf.printf "%s: %d\n" kind (S.area s))
    S.shapes

(* Packed modules in data structures, matched in patterns with guards. *)
module type FLAG = sig val enabled : bool val label : string end

let flags =
  [ Some (module struct let enabled = true let label = "a" end : FLAG);
    None;
    Some (module struct let enabled = false let label = "b" end : FLAG) ]

let () =
  List.iter
    (function
      | Some (module F : FLAG) when F.enabled -> print_endline ("on " ^ F.label)
      | Some (module F : FLAG) -> print_endline ("off " ^ F.label)
      | None -> print_endline "none")
    flags

(* include (val ..) *)
module Extended = struct
  include (val int_show)
  let twice x = show x ^ show x
end
let () = print_endline (Extended.twice 12)

(* A module pattern in a let binding. *)
let () =
  let (module M : SHOW) = List.hd shows in
  print_endline (M.name ^ " " ^ M.show M.default)
