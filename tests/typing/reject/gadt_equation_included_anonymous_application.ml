(* `include F (struct .. end)`: an application to a structure is not a path, so its types are
   the including structure's own and a GADT pattern adds no equation on them (with `F (A)`
   it would, `examples/gadt_module_equations.ml`). *)
module Choose (I : sig end) = struct
  type t
  type 'a repr = Small : int repr | Big : int64 repr
  let repr : t repr = Obj.magic Small
end

module C = struct
  include Choose (struct end)
  let show (x : t) = match repr with Small -> x + 1 | Big -> 0
end
