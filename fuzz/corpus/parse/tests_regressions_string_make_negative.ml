(* String.make and String.init with a negative length raise Invalid_argument "Bytes.create"
   in OCaml 4.13 (egret: "String.create" and "String.init"). *)
let () =
  (try ignore (String.make (-1) 'a') with Invalid_argument m -> print_endline m);
  (try ignore (String.init (-1) (fun _ -> 'a')) with Invalid_argument m -> print_endline m)
