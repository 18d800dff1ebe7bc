(* The second parameter, contravariant by annotation, occurs covariantly. *)
type ('a, -'b) t = A of 'a | B of 'b list
