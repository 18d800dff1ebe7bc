(* 4.13's Int (to_float, of_float), Uchar, and Buffer's UTF encoders and binary integers. *)
let () =
  Printf.printf "%g %d %d\n" (Int.to_float 42) (Int.of_float 3.99) (Int.of_float (-3.99));
  Printf.printf "%d %d %d\n" (Int.abs (-5)) (Int.max 3 9) (Int.rem (-7) 2)

let show u = Printf.printf "U+%04X " (Uchar.to_int u)

let () =
  show Uchar.min; show Uchar.max; show Uchar.bom; show Uchar.rep;
  show (Uchar.succ (Uchar.of_int 0xD7FF)); show (Uchar.pred (Uchar.of_int 0xE000));
  print_newline ();
  Printf.printf "%b %b %b %b\n" (Uchar.is_valid 0xD800) (Uchar.is_valid 0x10FFFF)
    (Uchar.is_char (Uchar.of_int 255)) (Uchar.is_char (Uchar.of_int 256));
  Printf.printf "%c %d %b %d\n" (Uchar.to_char (Uchar.of_char 'z'))
    (Uchar.compare (Uchar.of_int 3) (Uchar.of_int 5))
    (Uchar.equal (Uchar.of_int 3) (Uchar.of_char '\003')) (Uchar.hash (Uchar.of_int 97));
  List.iter (fun f -> try f () with Invalid_argument m -> print_endline m)
    [ (fun () -> ignore (Uchar.of_int 0xD800));
      (fun () -> ignore (Uchar.of_int (-1)));
      (fun () -> ignore (Uchar.succ Uchar.max));
      (fun () -> ignore (Uchar.pred Uchar.min));
      (fun () -> ignore (Uchar.to_char (Uchar.of_int 0x3A9))) ]

let hex s = String.iter (fun c -> Printf.printf "%02x" (Char.code c)) s; print_newline ()

let () =
  let b = Buffer.create 1 in
  List.iter (fun u -> Buffer.add_utf_8_uchar b (Uchar.of_int u)) [0x41; 0xE9; 0x20AC; 0x1F600];
  hex (Buffer.contents b);
  Buffer.clear b;
  List.iter (fun u -> Buffer.add_utf_16be_uchar b (Uchar.of_int u)) [0x41; 0x20AC; 0x1F600];
  hex (Buffer.contents b);
  Buffer.clear b;
  List.iter (fun u -> Buffer.add_utf_16le_uchar b (Uchar.of_int u)) [0x41; 0x20AC; 0x1F600];
  hex (Buffer.contents b);
  Buffer.clear b;
  Buffer.add_int8 b (-1); Buffer.add_uint8 b 0x7f;
  Buffer.add_int16_le b 0x1234; Buffer.add_int16_be b 0x1234; Buffer.add_uint16_ne b 0xfffe;
  Buffer.add_int32_le b 0x01020304l; Buffer.add_int32_be b (-2l);
  Buffer.add_int64_le b 0x0102030405060708L; Buffer.add_int64_be b (-3L);
  hex (Buffer.contents b);
  Printf.printf "%d\n" (Buffer.length b)
