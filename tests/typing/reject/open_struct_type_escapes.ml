(* A type declared by `open struct ... end` is not part of the enclosing structure's
   signature: a value it exports cannot have that type. *)
module A = struct
  open struct
    type t = T
  end
  let x = T
end
