module M : sig val size : int end = struct let length = 1 end
