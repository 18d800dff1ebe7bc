type r = { x : int; y : int; x : string }
