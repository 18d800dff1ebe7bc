module F (X : sig type t = int list end) = struct let y = 1 end
module G = F (struct type t = string list end)
