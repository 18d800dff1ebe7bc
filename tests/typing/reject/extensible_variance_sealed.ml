(* An extensible type keeps its variances through a signature: `+'a foo` is not `'a foo`. *)
module M = struct type +'a foo = .. type 'a bar = 'a foo = .. end
module type S = sig type 'a foo = .. type 'a bar = 'a foo = .. end
module M_S = (M : S)
