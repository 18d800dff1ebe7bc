(* Floats through closures called indirectly: every call boxes its result, so the program
   allocates about 40 million words with nothing live. A collection parses only the chunks
   the stack's words point into (tests/gc.rs: few words parsed for many allocated). *)
let fs = [| (fun x -> x *. 1.0000001); (fun x -> x +. 0.5); (fun x -> x /. 1.0000002) |]

let () =
  let acc = ref 0.0 in
  for i = 0 to 20_000_000 do
    acc := fs.(i mod 3) !acc
  done;
  Printf.printf "%f\n" !acc
