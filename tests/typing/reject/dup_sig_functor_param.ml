module F (X : sig type t and t end) = struct end
