module type S = sig
  type t
  val compare : t -> t -> int
  val to_string : t -> string
end
module Int_ord = struct
  type t = int
  let compare = compare
  let to_string = string_of_int
end
module Rev (O : S) = struct
  type t = O.t
  let compare a b = O.compare b a
  let to_string = O.to_string
end
