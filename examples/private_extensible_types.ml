(* Private extensible types: `type t = private ..` is matched by anyone and extended by no
   one outside; a signature that makes an existing module's extensible type private leaves
   the original extensible. *)
module Events = struct
  type t = ..
  type t += Click of int * int | Key of char
  let describe = function
    | Click (x, y) -> Printf.sprintf "click at %d,%d" x y
    | Key c -> Printf.sprintf "key %c" c
    | _ -> "unknown event"
end

module type READ_ONLY = sig
  type t = private ..
end

module Sealed = (Events : READ_ONLY)

type Events.t += Scroll of int

module Log : sig
  type entry = private ..
  type entry += Info of string | Warn of string
  val show : entry -> string
end = struct
  type entry = ..
  type entry += Info of string | Warn of string
  let show = function Info s -> "info: " ^ s | Warn s -> "warn: " ^ s | _ -> "?"
end

let count_known (l : Log.entry list) =
  List.length (List.filter (function Log.Info _ | Log.Warn _ -> true | _ -> false) l)

let () =
  List.iter
    (fun e -> print_endline (Events.describe e))
    [ Events.Click (3, 4); Events.Key 'q'; Scroll 2 ];
  let l = [ Log.Info "started"; Log.Warn "low disk" ] in
  List.iter (fun e -> print_endline (Log.show e)) l;
  Printf.printf "%d known entries\n" (count_known l);
  ignore (fun (x : Sealed.t) -> x)
