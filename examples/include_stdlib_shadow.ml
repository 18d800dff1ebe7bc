(* A type brought by including a standard library module (`Array`'s `t`) and then defined
   again in the same structure: the new definition is the module's. *)
module Float_array = struct
  include Stdlib.Array
  let create = create_float
  type t = float array
  let sum (a : t) = fold_left ( +. ) 0. a
end

let () =
  let a = Float_array.create 3 in
  Float_array.fill a 0 3 1.5;
  Printf.printf "%g %d\n" (Float_array.sum a) (Float_array.length a)
