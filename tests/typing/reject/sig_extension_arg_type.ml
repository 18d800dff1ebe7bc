(* The extension's parameters in order: 'a is not 'b. *)
type ('a, 'b) bar = ..
module M : sig
  type ('a, 'b) bar += A of 'a
end = struct
  type ('a, 'b) bar += A of 'b
end
