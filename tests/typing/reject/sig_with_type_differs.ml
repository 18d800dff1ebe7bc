module type S = sig type t end
module type T = S with type t = int
module M : T = struct type t = string end
