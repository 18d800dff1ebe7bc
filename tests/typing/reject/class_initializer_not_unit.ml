(* An initializer must be of type unit. *)
class c = object val mutable n = 0 initializer n end
