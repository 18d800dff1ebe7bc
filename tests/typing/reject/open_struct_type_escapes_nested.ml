(* The type of an inner `open struct` escapes through the outer opened structure's
   value `y`, before the outer one hides it. *)
module A = struct
  open struct
    open struct
      type t = T
      let x = T
    end
    let y = x
  end
end
