type any = Any : 'a -> any
let () =
  let Any x = Any () and () = () in
  ()
