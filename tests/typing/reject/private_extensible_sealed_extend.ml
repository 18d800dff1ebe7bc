(* A signature makes an existing module's extensible type private: the sealed module's type
   takes no new constructor (the original's still does). *)
module M = struct type foo = .. end
module type S = sig type foo = private .. end
module M_S = (M : S)
type M.foo += Bar
type M_S.foo += Foo
