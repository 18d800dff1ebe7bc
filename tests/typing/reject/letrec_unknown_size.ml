let rec v = ignore (fun () -> v)
