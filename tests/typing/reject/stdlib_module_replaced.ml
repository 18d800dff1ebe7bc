module String = struct
  let twice s = s ^ s
end
let () = print_endline (String.twice "ab"); print_char "xyz".[1]
