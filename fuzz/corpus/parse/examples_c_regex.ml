(* A tiny regular-expression matcher (Pike/Kernighan style) extended with + ? and classes *)
type re =
  | Char of char
  | Any
  | Class of (char * char) list * bool  (* ranges, negated *)
  | Star of re
  | Plus of re
  | Opt of re
  | Bol
  | Eol

exception Syntax of string

(* parse into a list of atoms *)
let parse pat =
  let n = String.length pat in
  let rec parse_class i acc =
    if i >= n then raise (Syntax "unterminated class")
    else
      match pat.[i] with
      | ']' -> (List.rev acc, i + 1)
      | c when i + 2 < n && pat.[i + 1] = '-' && pat.[i + 2] <> ']' ->
        parse_class (i + 3) ((c, pat.[i + 2]) :: acc)
      | c -> parse_class (i + 1) ((c, c) :: acc)
  in
  let rec go i acc =
    if i >= n then List.rev acc
    else
      let atom, j =
        match pat.[i] with
        | '.' -> (Any, i + 1)
        | '^' when i = 0 -> (Bol, i + 1)
        | '$' when i = n - 1 -> (Eol, i + 1)
        | '[' ->
          let neg = i + 1 < n && pat.[i + 1] = '^' in
          let (ranges, j) = parse_class (if neg then i + 2 else i + 1) [] in
          (Class (ranges, neg), j)
        | '\\' ->
          if i + 1 >= n then raise (Syntax "trailing backslash") else (Char pat.[i + 1], i + 2)
        | ('*' | '+' | '?') as c -> raise (Syntax (Printf.sprintf "nothing to repeat before '%c'" c))
        | c -> (Char c, i + 1)
      in
      if j < n then
        match pat.[j], atom with
        | ('*' | '+' | '?'), (Bol | Eol) -> raise (Syntax "cannot repeat anchor")
        | '*', _ -> go (j + 1) (Star atom :: acc)
        | '+', _ -> go (j + 1) (Plus atom :: acc)
        | '?', _ -> go (j + 1) (Opt atom :: acc)
        | _ -> go j (atom :: acc)
      else go j (atom :: acc)
  in
  go 0 []

let matches_char atom c =
  match atom with
  | Char d -> c = d
  | Any -> true
  | Class (ranges, neg) ->
    let inside = List.exists (fun (lo, hi) -> c >= lo && c <= hi) ranges in
    if neg then not inside else inside
  | _ -> false

(* match atoms against s starting at i; returns end position option (leftmost-longest greedy) *)
let rec match_here atoms s i =
  let n = String.length s in
  match atoms with
  | [] -> Some i
  | Eol :: rest -> if i = n then match_here rest s i else None
  | Bol :: rest -> if i = 0 then match_here rest s i else None
  | Star a :: rest -> match_repeat a 0 rest s i
  | Plus a :: rest -> match_repeat a 1 rest s i
  | Opt a :: rest ->
    (match (if i < n && matches_char a s.[i] then match_here rest s (i + 1) else None) with
     | Some _ as r -> r
     | None -> match_here rest s i)
  | a :: rest -> if i < n && matches_char a s.[i] then match_here rest s (i + 1) else None

and match_repeat a min_count rest s i =
  (* greedy: consume as many as possible then back off *)
  let n = String.length s in
  let j = ref i in
  while !j < n && matches_char a s.[!j] do incr j done;
  let rec back k =
    if k < i + min_count then None
    else match match_here rest s k with Some _ as r -> r | None -> back (k - 1)
  in
  back !j

let search pat s =
  let atoms = parse pat in
  let anchored = match atoms with Bol :: _ -> true | _ -> false in
  let rec try_at i =
    if i > String.length s then None
    else
      match match_here atoms s i with
      | Some j -> Some (i, j)
      | None -> if anchored then None else try_at (i + 1)
  in
  try_at 0

let tests = [
  "abc", "xxabcxx";
  "a.c", "abc adc aXc";
  "^ab*c$", "abbbbc";
  "^ab*c$", "abbbbcd";
  "colou?r", "my favourite colour";
  "colou?r", "color me";
  "[0-9]+", "order 66 and 1234";
  "[a-z]+@[a-z]+\\.com", "mail bob@example.com now";
  "[^ ]+$", "last word here";
  "x*", "yyy";
  "a+b+", "aaacbbb aabb";
  "\\.\\*", "literal .* here";
  "*a", "boom";
  "[abc", "boom";
  "a**", "boom";
]

let () =
  List.iter
    (fun (pat, s) ->
       Printf.printf "%-22s %-26s " pat ("\"" ^ s ^ "\"");
       try
         match search pat s with
         | Some (i, j) -> Printf.printf "match [%d,%d) = \"%s\"\n" i j (String.sub s i (j - i))
         | None -> print_endline "no match"
       with Syntax msg -> Printf.printf "syntax error: %s\n" msg)
    tests
