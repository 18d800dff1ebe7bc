(* A record of a submodule whose field has a type the submodule's signature makes abstract
   (after Pierce's TAPL checkers' Support.Error.withinfo). *)
module Support : sig
  module Error : sig
    type info
    type 'a withinfo = { i : info; v : 'a }
    val dummyinfo : info
    val create : string -> int -> info
    val show : info -> string
  end
end = struct
  module Error = struct
    type info = FI of string * int | UNKNOWN
    type 'a withinfo = { i : info; v : 'a }
    let dummyinfo = UNKNOWN
    let create f l = FI (f, l)
    let show = function FI (f, l) -> Printf.sprintf "%s:%d" f l | UNKNOWN -> "?"
  end
end

open Support.Error

type term = TmVar of info * string

let var (w : string withinfo) = TmVar (w.i, w.v)

let () =
  List.iter
    (fun w -> match var w with TmVar (i, s) -> print_endline (show i ^ " " ^ s))
    [ { i = dummyinfo; v = "x" }; { i = create "f.ml" 3; v = "y" } ]
