(* An abstract type of a sealed structure that is opened escapes too. *)
module A = struct
  open (struct type u = U let u = U end : sig type u val u : u end)
  let g = [ u ]
end
