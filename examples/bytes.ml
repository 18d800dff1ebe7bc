let sieve n =
  let b = Bytes.make (n + 1) '1' in
  Bytes.set b 0 '0'; Bytes.set b 1 '0';
  for i = 2 to n do
    if Bytes.get b i = '1' then begin
      let j = ref (i * i) in
      while !j <= n do Bytes.set b !j '0'; j := !j + i done
    end
  done;
  b
let () =
  let b = sieve 50 in
  Bytes.iteri (fun i c -> if c = '1' then Printf.printf "%d " i) b; print_newline ();
  let s = Bytes.to_string b in
  Bytes.set b 2 'x';
  Printf.printf "%c %c\n" s.[2] (Bytes.get b 2);
  let buf = Bytes.create 5 in
  Bytes.fill buf 0 5 '-';
  Bytes.blit_string "abc" 0 buf 1 3;
  print_endline (Bytes.to_string buf);
  let r = Bytes.of_string "hello world" in
  Bytes.blit r 0 r 6 5;
  print_endline (Bytes.unsafe_to_string r);
  String.blit "XY" 0 r 0 2;
  print_bytes r; print_newline ();
  Printf.printf "%d %s\n" (Bytes.length (Bytes.extend (Bytes.of_string "ab") 1 2)) (Bytes.sub_string r 0 4);
  (try Bytes.set r 100 'z' with Invalid_argument m -> print_endline m);
  (try Bytes.blit r 0 r 8 5 with Invalid_argument m -> print_endline m);
  let up = Bytes.map Char.uppercase_ascii (Bytes.of_string "shout") in
  print_endline (Bytes.to_string up)
