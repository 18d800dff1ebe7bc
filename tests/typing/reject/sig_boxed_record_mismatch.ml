(* The signature's record is unboxed, the module's is not. *)
module P : sig
  type t = { f : string } [@@unboxed]
end = struct
  type t = { f : string }
end
