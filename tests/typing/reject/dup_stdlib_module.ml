module List = struct include List let sum = fold_left ( + ) 0 end
module List = struct end
