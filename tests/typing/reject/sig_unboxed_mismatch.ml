(* A variant unboxed in the module but not in the signature: the representations differ. *)
module M : sig
  type t = A of string
end = struct
  type t = A of string [@@ocaml.unboxed]
end
