(* An abstract type declared immediate in a signature must be so in the module. *)
module D : sig type t [@@immediate] end = struct
  type t = string
end
