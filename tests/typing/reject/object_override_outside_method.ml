let f () = {< >}
