(* The module's record holds floats only (through an unboxed type), which the signature's
   abstract t hides: OCaml's float-record representation would differ. *)
module S : sig
  type t
  type u = { f1 : t; f2 : t }
end = struct
  type t = A of float [@@ocaml.unboxed]
  type u = { f1 : t; f2 : t }
end
