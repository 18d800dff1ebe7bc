module type S = sig end
module type S = sig val x : int end
