(* One alias bound to two different closed variant types. *)
let x : ([ `A ] as 'a) * ([ `B ] as 'a) = (`A, `B)
