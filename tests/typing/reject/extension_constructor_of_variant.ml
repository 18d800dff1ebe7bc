(* [%extension_constructor C] names an extension constructor. *)
let c = [%extension_constructor Some]
