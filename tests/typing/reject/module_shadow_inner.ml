module A = struct let x = 1 end
module B = struct
  module A = struct let y = 2 end
  let z = A.x
end
