module M : sig external f : int -> int = "%identity" end = struct let f x = x end
