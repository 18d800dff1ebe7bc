module List = struct
  let sum = List.fold_left ( + ) 0
end
let () = print_int (List.sum [1; 2] + List.length [3])
