module M : sig type ('a, 'b) t = 'a * 'b end = struct type ('a, 'b) t = 'b * 'a end
