let () = Random.init 7
let () = for _ = 1 to 5 do Printf.printf "%ld %Ld %nd\n" (Random.int32 1000l) (Random.int64 1_000_000_000_000L) (Random.nativeint 99999n) done
let s = Random.State.make [| 3; 4 |]
let () = Printf.printf "%ld %Ld %Ld\n" (Random.State.int32 s Int32.max_int) (Random.State.int64 s Int64.max_int) (Random.State.int64 s 3L)
let () = try ignore (Random.int32 0l) with Invalid_argument m -> print_endline m
let () = try ignore (Random.int64 (-1L)) with Invalid_argument m -> print_endline m
