module type SHOW = sig type t val show : t -> string end
module type HAS = sig
  module type T
  module M : T
end
module Has : HAS with module type T = SHOW = struct
  module type T = SHOW
  module M = struct type t = int let show = string_of_int end
end
let () = print_endline (Has.M.show 3)
