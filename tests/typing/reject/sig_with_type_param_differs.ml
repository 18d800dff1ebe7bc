module type S = sig type 'a c end
module M : S with type 'a c = 'a list = struct type 'a c = 'a option end
