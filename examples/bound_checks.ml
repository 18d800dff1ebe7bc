(* Strings and bytes accessed in loops, their bound checks, and array bound checks. *)
let count c s =
  let n = ref 0 in
  for i = 0 to String.length s - 1 do if s.[i] = c then incr n done;
  !n

let () =
  let s = "hello, world" in
  Printf.printf "%d %d %d\n" (String.length s) (count 'o' s) (count 'z' s);
  List.iter (fun s -> Printf.printf "%d " (String.length s)) [""; "a"; "1234567"; "12345678"; "123456789"];
  print_newline ();
  let b = Bytes.make 10 'a' in
  for i = 0 to 9 do Bytes.set b i (Char.chr (65 + i)) done;
  Bytes.unsafe_set b 0 'z';
  print_endline (Bytes.to_string b);
  let check f = try f () with Invalid_argument m -> print_endline m in
  check (fun () -> ignore s.[12]);
  check (fun () -> ignore s.[-1]);
  check (fun () -> Bytes.set b 10 'x');
  check (fun () -> ignore (Bytes.get b (-3)));
  check (fun () -> ignore (String.get "" 0));
  let a = [| 1; 2; 3 |] in
  check (fun () -> a.(3) <- 0);
  check (fun () -> ignore a.(max_int));
  check (fun () -> ignore a.(min_int));
  let e = [||] in
  check (fun () -> ignore (e.(0) : float));
  Printf.printf "%d %d\n" (Array.length e) (Array.length a);
  print_char s.[String.length s]
