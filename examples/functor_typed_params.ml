(* Functors whose parameters are functors: the expected parameter's type is included in the
   functor's own (its parameters contravariantly, its result covariantly). *)
module M : sig
  module F : functor (X : functor (A : sig type a end) -> sig type t end) -> sig end
end = struct
  module F (X : functor (A : sig type a type b end) -> sig end) = struct end
end
module N : sig
  module F : functor (X : functor (A : sig type a end) (B : sig end) -> sig type t end) -> sig end
end = struct
  module F (X : functor (A : sig type a type c end) (B : sig type d end) -> sig end) = struct end
end
let () = print_endline "ok"
