(* __FUNCTION__: OCaml's scoped name of the code it is in. *)
let top = __FUNCTION__
let f x = ignore x; __FUNCTION__
let g = fun x -> fun y -> ignore (x, y); __FUNCTION__
let h = function
  | 0 -> (fun () -> __FUNCTION__) ()
  | _ -> __FUNCTION__
let ( +! ) a b = ignore (a + b); __FUNCTION__
let outer () =
  let inner x = ignore x; __FUNCTION__ in
  let value = __FUNCTION__ in
  let anon = List.map (fun x -> ignore x; __FUNCTION__) [1] in
  let nested = (fun () -> (fun () -> __FUNCTION__) ()) () in
  let rec r n = if n = 0 then __FUNCTION__ else r (n - 1) in
  [inner 1; value; List.hd anon; nested; r 3]
let (first, second) = (__FUNCTION__, 2)
let typed : int -> string = fun _ -> __FUNCTION__
let newtype (type a) (x : a) = ignore x; __FUNCTION__
let guarded = function x when x > 0 -> (fun y -> ignore y; __FUNCTION__) | _ -> (fun _ -> "none")

module M = struct
  let m () = __FUNCTION__
  module N = struct let n = __FUNCTION__ end
  module N2 = struct let v () = "b" end
end

module type S = sig val v : unit -> string end
module F (X : S) = struct
  let fv () = X.v () ^ " " ^ __FUNCTION__
  module Inner = struct let i () = __FUNCTION__ end
end
module Arg = struct let v () = __FUNCTION__ end
module A = F (Arg)
module A2 = F (struct let v () = __FUNCTION__ end)
module G (X : S) (Y : S) = struct let gv () = X.v () ^ Y.v () ^ " " ^ __FUNCTION__ end
module B = G (Arg) (M.N2)
module A3 = G (struct let v () = __FUNCTION__ end) (struct let v () = "." end)

let () =
  let local =
    let module L = struct let l () = __FUNCTION__ end in
    L.l ()
  in
  List.iter print_endline
    ([ top; f 0; g 1 2; h 0; h 1; 1 +! 2 ] @ outer ()
     @ [ first; typed 0; newtype 'c'; guarded 1 (); M.m (); M.N.n; A.fv (); A.Inner.i (); A2.fv (); A3.gv (); B.gv (); local;
         __FUNCTION__ ])
