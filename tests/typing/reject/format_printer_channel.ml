let pp oc x = output_string oc x
let () = Format.printf "%a@." pp "x"
