(* Buffer, Digest, Random, Fun, Callback and Printexc's backtrace API: OCaml's own buffer.ml,
   digest.ml, random.ml, fun.ml, callback.ml. *)
module B = struct
let () =
  let b = Buffer.create 4 in
  Buffer.add_string b "hello"; Buffer.add_char b ' '; Buffer.add_substring b "world!!" 0 5;
  Buffer.add_utf_8_uchar b (Uchar.of_int 0x263A);
  Printf.bprintf b " %d-%s" 42 "x";
  print_endline (Buffer.contents b);
  Printf.printf "%d %c %s\n" (Buffer.length b) (Buffer.nth b 1) (Buffer.sub b 0 5);
  Buffer.truncate b 5; Buffer.add_int32_le b 0x41424344l; Buffer.add_uint16_be b 0x4546;
  print_endline (Buffer.contents b);
  print_endline (Digest.to_hex (Digest.string "abc"));
  print_endline (Digest.to_hex (Digest.substring "xabcx" 1 3));
  let s = Buffer.to_seq b in print_int (Seq.fold_left (fun n _ -> n + 1) 0 s); print_newline ();
  Buffer.add_substitute b (function "x" -> "X!" | v -> v) " $x ${y}"; print_endline (Buffer.contents b);
  (try Buffer.truncate b 100 with Invalid_argument m -> print_endline m);
  print_endline (Printf.sprintf "%s|%5d|%-4s|" "a" 7 "b");
  Format.printf "@[<v 2>x@,y@]@."
end
module D = struct
let () =
  let oc = open_out "stdlib_units_digest.tmp" in output_string oc "hello digest\n"; close_out oc;
  print_endline (Digest.to_hex (Digest.file "stdlib_units_digest.tmp"));
  let ic = open_in "stdlib_units_digest.tmp" in
  close_in ic;
  let ic = open_in "stdlib_units_digest.tmp" in
  print_endline (Digest.to_hex (Digest.channel ic 5));
  (try ignore (Digest.channel ic 100) with End_of_file -> print_endline "eof");
  close_in ic;
  print_endline (Digest.to_hex (Digest.from_hex "00112233445566778899aabbccddeeff"))
  ; Sys.remove "stdlib_units_digest.tmp"
end
module R = struct
let () =
  Random.init 42;
  for _ = 1 to 5 do Printf.printf "%d " (Random.int 1000) done; print_newline ();
  Printf.printf "%ld %Ld %nd %b\n" (Random.int32 1000l) (Random.int64 1000000L) (Random.nativeint 77n) (Random.bool ());
  Printf.printf "%.6f\n" (Random.float 1.0);
  let s = Random.State.make [| 1; 2; 3 |] in
  Printf.printf "%d %d\n" (Random.State.int s 100) (Random.State.bits s);
  let s2 = Random.State.copy s in
  Printf.printf "%d %d\n" (Random.State.int s 100) (Random.State.int s2 100);
  Random.full_init [| 7; 8 |];
  Printf.printf "%d\n" (Random.full_int (1 lsl 40));
  let st = Random.get_state () in
  let a = Random.int 10 in Random.set_state st; Printf.printf "%b\n" (a = Random.int 10);
  print_endline (Filename.concat "a" "b"); print_endline (Filename.chop_extension "x.ml")
end
module P = struct
exception E of int
let () =
  Printexc.record_backtrace true;
  Printf.printf "%b %s\n" (Printexc.backtrace_status ()) (Printexc.exn_slot_name (E 3));
  print_endline (Printexc.exn_slot_name Not_found);
  print_int (Printexc.raw_backtrace_length (Printexc.get_callstack 10) * 0); print_newline ();
  (try raise (E 1) with e -> let bt = Printexc.get_raw_backtrace () in
     (try Printexc.raise_with_backtrace e bt with E n -> Printf.printf "E %d\n" n));
  print_string (Printexc.get_backtrace () |> fun s -> if s = "" then "" else "");
  print_endline (Printexc.to_string (E 5));
  (* OCaml's stdlib is built with -g: a recorded backtrace would show its frames. *)
  Printexc.record_backtrace false
end
let () =
  print_int (Fun.id 3); print_int (Fun.const 4 5); print_int (Fun.flip (-) 1 10);
  print_string (string_of_bool (Fun.negate (fun x -> x > 0) 3)); print_newline ();
  Callback.register "f" (fun x -> x + 1);
  Callback.register_exception "e" Not_found;
  (try Fun.protect ~finally:(fun () -> print_endline "finally") (fun () -> raise Exit) with Exit -> print_endline "exit");
  (try Fun.protect ~finally:(fun () -> raise Not_found) (fun () -> ()) with Fun.Finally_raised e -> print_endline (Printexc.to_string e));
  Fun.protect ~finally:(fun () -> failwith "boom") ignore
