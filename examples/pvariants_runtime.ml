(* Polymorphic variants at run time: OCaml's representation (a tag is its hash, `A x is a
   block [hash; x]), so compare, Hashtbl.hash, equality, Obj and Marshal-free inspection agree
   with ocamlopt. *)
let tags = [ `A; `B; `Zebra; `apple; `Hello_world ]
let () = List.iter (fun t -> Printf.printf "%d " (Obj.magic t : int)) tags
let () = print_newline ()

let () = Printf.printf "%d %d %d\n" (compare `A `B) (compare `B `A) (compare `Zebra `Zebra)
let () =
  Printf.printf "%d %d\n" (compare (`A 1) (`A 2)) (compare (`Pair (1, "x")) (`Pair (1, "w")))
let sorted = List.sort compare [ `C; `A; `B; `Zebra; `apple ]
let () = List.iter (fun t -> Printf.printf "%d " (Hashtbl.hash t)) sorted
let () = print_newline ()

(* Constant tags against non-constant ones: ints sort before blocks. *)
let mixed = List.sort compare [ `Some 3; `None; `Some 1; `Other ]
let show = function
  | `None -> "None"
  | `Other -> "Other"
  | `Some n -> Printf.sprintf "Some %d" n
let () = print_endline (String.concat "; " (List.map show mixed))

let () =
  Printf.printf "%d %d %d\n" (Hashtbl.hash (`A 1)) (Hashtbl.hash (`Pair (1, 2)))
    (Hashtbl.hash [ `X; `Y ])

(* Blocks of tag 0 with two fields: [hash; argument] (several arguments are one tuple). *)
let v = `Point (3, 4)
let r = Obj.repr v
let () =
  Printf.printf "is_block=%b tag=%d size=%d hash=%d\n" (Obj.is_block r) (Obj.tag r)
    (Obj.size r) (Obj.obj (Obj.field r 0) : int)

(* Physical and structural equality, association lists keyed by tags. *)
let table = [ (`Red, "rouge"); (`Green, "vert"); (`Blue, "bleu") ]
let () = print_endline (List.assoc `Green table)
let () = Printf.printf "%b %b\n" (List.mem_assoc `Blue table) (List.mem_assoc `Pink table)
let () = Printf.printf "%b %b %b\n" (`A = `A) (`A 1 = `A 1) (`A 1 <> `A 2)

(* Hashtbl with variant keys. *)
let h : ([ `Apple | `Pear of int ], int) Hashtbl.t = Hashtbl.create 8
let () =
  List.iter (fun (k, v) -> Hashtbl.replace h k v) [ (`Apple, 3); (`Pear 2, 5); (`Apple, 4) ];
  Printf.printf "%d %d %d\n" (Hashtbl.find h `Apple) (Hashtbl.find h (`Pear 2)) (Hashtbl.length h)

(* A match on many tags compiles to a switch on the hash. *)
let code = function
  | `Mon -> 1 | `Tue -> 2 | `Wed -> 3 | `Thu -> 4 | `Fri -> 5 | `Sat -> 6 | `Sun -> 7
let () = List.iter (fun d -> print_int (code d)) [ `Sun; `Mon; `Wed; `Sat ]
let () = print_newline ()
