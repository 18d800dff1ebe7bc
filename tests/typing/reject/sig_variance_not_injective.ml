(* The signature asks for an injective covariant parameter the module's type ignores. *)
module M : sig type +!'a t end = struct type 'a t = int end
