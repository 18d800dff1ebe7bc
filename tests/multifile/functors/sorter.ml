module Make (O : Ordered.S) = struct
  module S = Set.Make (O)
  let sort xs = S.elements (S.of_list xs)
  let show xs = String.concat " " (List.map O.to_string xs)
end
exception Oops of string
let count = ref 0
let () = incr count
