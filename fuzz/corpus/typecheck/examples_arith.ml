(* OCaml's 63-bit integer semantics: wrapping, truncating division, shifts. *)
let max_int = 4611686018427387903
let min_int = -4611686018427387904

let p n = print_int n; print_newline ()

let () =
  p (max_int + 1);
  p (min_int - 1);
  p (max_int * 2);
  p (7 / 2);
  p (-7 / 2);
  p (7 mod 3);
  p (-7 mod 3);
  p (7 mod -3);
  p (min_int / -1);
  p (1 lsl 62);
  p (-1 lsr 1);
  p (-16 asr 2);
  p (0xFF land 0x0F);
  p (0xF0 lor 0x0F);
  p (0xFF lxor 0x0F);
  p (- 5);
  p (0b1010 + 0o17 + 1_000);
  p (3 * -4)
