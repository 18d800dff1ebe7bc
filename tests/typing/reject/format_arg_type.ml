let () = Format.printf "@[%d@ items@]@." "three"
