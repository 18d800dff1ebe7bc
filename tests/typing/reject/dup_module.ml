module M = struct let x = 1 end
module N = struct end
module M = struct let y = 2 end
