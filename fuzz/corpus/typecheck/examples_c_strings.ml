(* String manipulation: palindromes, Caesar cipher, reversing words, RLE *)
let rev_string s =
  let n = String.length s in
  String.init n (fun i -> s.[n - 1 - i])

let normalize s =
  let buf = ref [] in
  String.iter
    (fun c ->
       match c with
       | 'a' .. 'z' | '0' .. '9' -> buf := c :: !buf
       | 'A' .. 'Z' -> buf := Char.chr (Char.code c + 32) :: !buf
       | _ -> ())
    s;
  String.concat "" (List.map (String.make 1) (List.rev !buf))

let is_palindrome s = let t = normalize s in t = rev_string t

let caesar k s =
  let shift base c = Char.chr (base + (Char.code c - base + k + 26 * 1000) mod 26) in
  String.init (String.length s) (fun i ->
      match s.[i] with
      | 'a' .. 'z' as c -> shift (Char.code 'a') c
      | 'A' .. 'Z' as c -> shift (Char.code 'A') c
      | c -> c)

let split_on c s =
  let rec go acc start i =
    if i = String.length s then List.rev (String.sub s start (i - start) :: acc)
    else if s.[i] = c then go (String.sub s start (i - start) :: acc) (i + 1) (i + 1)
    else go acc start (i + 1)
  in
  go [] 0 0

let reverse_words s =
  split_on ' ' s |> List.filter (fun w -> w <> "") |> List.rev |> String.concat " "

let rle s =
  let n = String.length s in
  let rec go i acc =
    if i >= n then List.rev acc
    else
      let c = s.[i] in
      let j = ref i in
      while !j < n && s.[!j] = c do incr j done;
      go !j ((c, !j - i) :: acc)
  in
  go 0 []

let rle_string s =
  String.concat "" (List.map (fun (c, k) -> if k = 1 then String.make 1 c else string_of_int k ^ String.make 1 c) (rle s))

let unrle s =
  let n = String.length s in
  let rec go i count acc =
    if i >= n then String.concat "" (List.rev acc)
    else
      match s.[i] with
      | '0' .. '9' as d -> go (i + 1) (count * 10 + Char.code d - 48) acc
      | c -> go (i + 1) 0 (String.make (if count = 0 then 1 else count) c :: acc)
  in
  go 0 0 []

let count_char c s =
  let k = ref 0 in
  String.iter (fun x -> if x = c then incr k) s;
  !k

let capitalize_words s =
  String.concat " "
    (List.map
       (fun w ->
          if w = "" then w
          else
            String.init (String.length w) (fun i ->
                let c = w.[i] in
                if i = 0 && c >= 'a' && c <= 'z' then char_of_int (int_of_char c - 32) else c))
       (split_on ' ' s))

let () =
  List.iter
    (fun s -> Printf.printf "%-32s palindrome=%b\n" ("\"" ^ s ^ "\"") (is_palindrome s))
    [ "A man, a plan, a canal: Panama"; "racecar"; "hello"; ""; "No 'x' in Nixon"; "12321"; "ab" ];
  let msg = "Hello, World! The zebra quizzed XYZ." in
  let enc = caesar 3 msg in
  Printf.printf "%s\n%s\n%s\n" msg enc (caesar (-3) enc);
  Printf.printf "rot13 twice = id: %b\n" (caesar 13 (caesar 13 msg) = msg);
  Printf.printf "[%s]\n" (reverse_words "  the quick   brown fox  ");
  List.iter
    (fun s ->
       let e = rle_string s in
       Printf.printf "%s -> %s -> %s (%B)\n" s e (unrle e) (unrle e = s))
    [ "aaabccddddde"; "abc"; "zzzzzzzzzzzz"; "" ];
  Printf.printf "fields: %s\n"
    (String.concat "|" (List.map (fun f -> "<" ^ f ^ ">") (split_on ',' "a,,b,c d,")));
  Printf.printf "e's in msg: %d\n" (count_char 'e' msg);
  print_endline (capitalize_words "the old man and the sea");
  Printf.printf "compare: %d %d %d %b\n" (String.compare "apple" "apricot") (compare "b" "abc")
    (compare "" "a") (String.equal "x" "x");
  print_endline (String.sub "Hello, World" 7 5);
  (try print_endline (String.sub "abc" 2 5) with Invalid_argument m -> print_endline ("Invalid_argument: " ^ m));
  print_endline "escapes: tab[\t] quote[\"] backslash[\\] \065\066\x43 \
                 continued line";
  Printf.printf "%c%c%c|%d\n" '\'' '\\' '\x41' (Char.code '\n')
