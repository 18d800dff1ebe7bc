(* A submodule's abbreviation of its parent's type made abstract by the same signature
   (printexc.mli's Slot.t = backtrace_slot) is the sealed type. *)
module M : sig
  type bs
  val mk : unit -> bs
  module Slot : sig type t = bs val format : t -> string end
end = struct
  type bs = A
  let mk () = A
  module Slot = struct type t = bs let format A = "x" end
end
let () = print_endline (M.Slot.format (M.mk ()))
