let dprintf = Format.kasprintf print_string
let () =
  dprintf "%d" 1;
  dprintf "%s" "x"
