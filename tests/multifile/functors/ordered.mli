module type S = sig
  type t
  val compare : t -> t -> int
  val to_string : t -> string
end
module Int_ord : S with type t = int
module Rev (O : S) : S with type t = O.t
