module M : sig
  type t = A
end = struct
  type t = private A
end
