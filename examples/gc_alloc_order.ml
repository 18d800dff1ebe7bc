(* Allocations stay where the program writes them: an argument built before a measured
   region (between two Gc.minor_words reads) is not moved into it, and one built inside it
   is counted there. *)

let report name words r = Printf.printf "%s: %d words (result %d)\n" name words r

let measure name f x =
  let overhead =
    let a = Gc.minor_words () in
    let b = Gc.minor_words () in
    b -. a
  in
  let before = Gc.minor_words () in
  let r = f x in
  let after = Gc.minor_words () in
  report name (int_of_float (after -. before -. overhead)) r

let g n s = match s with "0" -> n | "1" -> n + 1 | _ -> 0

let test f n s =
  let overhead =
    let a = Gc.minor_words () in
    let b = Gc.minor_words () in
    b -. a
  in
  let before = Gc.minor_words () in
  let k = f n s in
  let after = Gc.minor_words () in
  report "string argument" (int_of_float (after -. before -. overhead)) k

let () =
  (* [string_of_int i] is evaluated before [test] reads the counters, even once [test] and
     [g] are inlined *)
  for i = 0 to 2 do test g 42 (string_of_int i) done;
  for i = 0 to 3 do
    (* the string is allocated before [measure] runs *)
    measure "string before" String.length (string_of_int (i * 1000))
  done;
  for i = 0 to 2 do
    let p = (i, i + 1) in
    measure "tuple before" (fun (x, y) -> x + y) p
  done;
  let r = ref 0 in
  let overhead =
    let a = Gc.minor_words () in
    let b = Gc.minor_words () in
    b -. a
  in
  let before = Gc.minor_words () in
  let l = [ !r; !r + 1 ] in
  r := List.length l;
  let after = Gc.minor_words () in
  Printf.printf "list inside: %d words\n" (int_of_float (after -. before -. overhead));
  let s = Bytes.make (!r + 3) 'x' in
  let before = Gc.minor_words () in
  let t = Bytes.to_string s in
  let after = Gc.minor_words () in
  Printf.printf "copy inside: %d words (%s)\n" (int_of_float (after -. before -. overhead)) t
