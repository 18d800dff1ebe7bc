(* A parameter used to the left of an arrow is not covariant. *)
module M : sig type +'a t end = struct type 'a t = 'a -> unit end
