(* The egret standard library prelude, compiled in front of every program.
   Sections start with a line "(*! module Name *)"; names starting with "__" are private.
   Semantics follow OCaml 4.13's stdlib (stdlib/stdlib.ml, list.ml, string.ml, char.ml). *)

let max_int = 4611686018427387903
let min_int = -4611686018427387904
let stdout = __channel 1
let stderr = __channel 2
let failwith s = raise (Failure s)
let invalid_arg s = raise (Invalid_argument s)
let fst (a, _) = a
let snd (_, b) = b
let ignore _ = ()
let succ n = n + 1
let pred n = n - 1
let abs x = if x >= 0 then x else - x
let min a b = if a <= b then a else b
let max a b = if a >= b then a else b
let lnot x = x lxor (-1)
let incr r = r := !r + 1
let decr r = r := !r - 1
let rec ( @ ) l1 l2 = match l1 with [] -> l2 | h1 :: t1 -> h1 :: (t1 @ l2)
let string_of_bool b = if b then "true" else "false"
let bool_of_string = function
  | "true" -> true
  | "false" -> false
  | _ -> invalid_arg "bool_of_string"
let int_of_char c = __int_of_char c
let char_of_int n = if n < 0 || n > 255 then invalid_arg "char_of_int" else __char_of_int n
let print_bytes = print_string
let prerr_newline () = prerr_string "\n"; flush stderr

(*! module Sys *)
let argv = __argv ()

(*! module Char *)
let code c = __int_of_char c
let chr n = if n < 0 || n > 255 then invalid_arg "Char.chr" else __char_of_int n
let lowercase_ascii c = if c >= 'A' && c <= 'Z' then __char_of_int (__int_of_char c + 32) else c
let uppercase_ascii c = if c >= 'a' && c <= 'z' then __char_of_int (__int_of_char c - 32) else c
let compare (c1 : char) c2 = __int_of_char c1 - __int_of_char c2
let equal (c1 : char) c2 = c1 = c2

(*! module String *)
let init n f =
  if n < 0 then invalid_arg "Bytes.create" else begin
    let s = __bytes_create n in
    for i = 0 to n - 1 do __bytes_set s i (f i) done;
    s
  end
let iter f s = for i = 0 to String.length s - 1 do f (String.get s i) done
let iteri f s = for i = 0 to String.length s - 1 do f i (String.get s i) done
let map f s = init (String.length s) (fun i -> f (String.get s i))
let equal (a : string) b = a = b
let compare (a : string) b = __string_compare a b
let concat sep l =
  match l with
  | [] -> ""
  | hd :: tl ->
    let rec total acc = function [] -> acc | s :: r -> total (acc + String.length sep + String.length s) r in
    let n = total (String.length hd) tl in
    let dst = __bytes_create n in
    __blit_string hd 0 dst 0 (String.length hd);
    let rec fill pos = function
      | [] -> ()
      | s :: r ->
        __blit_string sep 0 dst pos (String.length sep);
        __blit_string s 0 dst (pos + String.length sep) (String.length s);
        fill (pos + String.length sep + String.length s) r
    in
    fill (String.length hd) tl;
    dst
let contains s c =
  let rec go i = i < String.length s && (String.get s i = c || go (i + 1)) in
  go 0
let index s c =
  let rec go i = if i >= String.length s then raise Not_found else if String.get s i = c then i else go (i + 1) in
  go 0
let rindex s c =
  let rec go i = if i < 0 then raise Not_found else if String.get s i = c then i else go (i - 1) in
  go (String.length s - 1)
let uppercase_ascii s = map Char.uppercase_ascii s
let lowercase_ascii s = map Char.lowercase_ascii s
let is_space c = c = ' ' || c = '\012' || c = '\n' || c = '\r' || c = '\t'
let trim s =
  let len = String.length s in
  let i = ref 0 in
  while !i < len && is_space (String.get s !i) do incr i done;
  let j = ref (len - 1) in
  while !j >= !i && is_space (String.get s !j) do decr j done;
  if !i = 0 && !j = len - 1 then s else String.sub s !i (!j - !i + 1)
let split_on_char sep s =
  let r = ref [] in
  let j = ref (String.length s) in
  for i = String.length s - 1 downto 0 do
    if String.get s i = sep then begin
      r := String.sub s (i + 1) (!j - i - 1) :: !r;
      j := i
    end
  done;
  String.sub s 0 !j :: !r

(*! module List *)
let rec length_aux len = function [] -> len | _ :: l -> length_aux (len + 1) l
let length l = length_aux 0 l
let cons a l = a :: l
let hd = function [] -> failwith "hd" | a :: _ -> a
let tl = function [] -> failwith "tl" | _ :: l -> l
let nth l n =
  if n < 0 then invalid_arg "List.nth" else
  let rec nth_aux l n = match l with [] -> failwith "nth" | a :: l -> if n = 0 then a else nth_aux l (n - 1) in
  nth_aux l n
let append = ( @ )
let rec rev_append l1 l2 = match l1 with [] -> l2 | a :: l -> rev_append l (a :: l2)
let rev l = rev_append l []
let rec init_aux i n f = if i >= n then [] else let r = f i in r :: init_aux (i + 1) n f
let init len f = if len < 0 then invalid_arg "List.init" else init_aux 0 len f
let rec flatten = function [] -> [] | l :: r -> l @ flatten r
let concat = flatten
let rec map f = function [] -> [] | a :: l -> let r = f a in r :: map f l
let rec mapi_aux i f = function [] -> [] | a :: l -> let r = f i a in r :: mapi_aux (i + 1) f l
let mapi f l = mapi_aux 0 f l
let rev_map f l =
  let rec rmap_f accu = function [] -> accu | a :: l -> rmap_f (f a :: accu) l in
  rmap_f [] l
let rec iter f = function [] -> () | a :: l -> f a; iter f l
let rec iteri_aux i f = function [] -> () | a :: l -> f i a; iteri_aux (i + 1) f l
let iteri f l = iteri_aux 0 f l
let rec fold_left f accu l = match l with [] -> accu | a :: l -> fold_left f (f accu a) l
let rec fold_right f l accu = match l with [] -> accu | a :: l -> f a (fold_right f l accu)
let rec map2 f l1 l2 =
  match (l1, l2) with
  | ([], []) -> []
  | (a1 :: l1, a2 :: l2) -> let r = f a1 a2 in r :: map2 f l1 l2
  | (_, _) -> invalid_arg "List.map2"
let rec iter2 f l1 l2 =
  match (l1, l2) with
  | ([], []) -> ()
  | (a1 :: l1, a2 :: l2) -> f a1 a2; iter2 f l1 l2
  | (_, _) -> invalid_arg "List.iter2"
let rec fold_left2 f accu l1 l2 =
  match (l1, l2) with
  | ([], []) -> accu
  | (a1 :: l1, a2 :: l2) -> fold_left2 f (f accu a1 a2) l1 l2
  | (_, _) -> invalid_arg "List.fold_left2"
let rec fold_right2 f l1 l2 accu =
  match (l1, l2) with
  | ([], []) -> accu
  | (a1 :: l1, a2 :: l2) -> f a1 a2 (fold_right2 f l1 l2 accu)
  | (_, _) -> invalid_arg "List.fold_right2"
let rec for_all p = function [] -> true | a :: l -> p a && for_all p l
let rec exists p = function [] -> false | a :: l -> p a || exists p l
let rec mem x = function [] -> false | a :: l -> compare a x = 0 || mem x l
let rec memq x = function [] -> false | a :: l -> a == x || memq x l
let rec assoc x = function [] -> raise Not_found | (a, b) :: l -> if compare a x = 0 then b else assoc x l
let rec assoc_opt x = function [] -> None | (a, b) :: l -> if compare a x = 0 then Some b else assoc_opt x l
let rec mem_assoc x = function [] -> false | (a, _) :: l -> compare a x = 0 || mem_assoc x l
let rec remove_assoc x = function
  | [] -> []
  | (a, _ as pair) :: l -> if compare a x = 0 then l else pair :: remove_assoc x l
let rec find p = function [] -> raise Not_found | x :: l -> if p x then x else find p l
let rec find_opt p = function [] -> None | x :: l -> if p x then Some x else find_opt p l
let find_all p l =
  let rec find accu = function [] -> rev accu | x :: l -> if p x then find (x :: accu) l else find accu l in
  find [] l
let filter = find_all
let filter_map f l =
  let rec aux accu = function
    | [] -> rev accu
    | x :: l -> (match f x with None -> aux accu l | Some v -> aux (v :: accu) l)
  in
  aux [] l
let partition p l =
  let rec part yes no = function
    | [] -> (rev yes, rev no)
    | x :: l -> if p x then part (x :: yes) no l else part yes (x :: no) l
  in
  part [] [] l
let rec split = function
  | [] -> ([], [])
  | (x, y) :: l -> let (rx, ry) = split l in (x :: rx, y :: ry)
let rec combine l1 l2 =
  match (l1, l2) with
  | ([], []) -> []
  | (a1 :: l1, a2 :: l2) -> (a1, a2) :: combine l1 l2
  | (_, _) -> invalid_arg "List.combine"
let rec merge cmp l1 l2 =
  match l1, l2 with
  | [], l2 -> l2
  | l1, [] -> l1
  | h1 :: t1, h2 :: t2 -> if cmp h1 h2 <= 0 then h1 :: merge cmp t1 l2 else h2 :: merge cmp l1 t2
let stable_sort cmp l =
  let rec rev_merge l1 l2 accu =
    match l1, l2 with
    | [], l2 -> rev_append l2 accu
    | l1, [] -> rev_append l1 accu
    | h1 :: t1, h2 :: t2 ->
      if cmp h1 h2 <= 0 then rev_merge t1 l2 (h1 :: accu) else rev_merge l1 t2 (h2 :: accu)
  in
  let rec rev_merge_rev l1 l2 accu =
    match l1, l2 with
    | [], l2 -> rev_append l2 accu
    | l1, [] -> rev_append l1 accu
    | h1 :: t1, h2 :: t2 ->
      if cmp h1 h2 > 0 then rev_merge_rev t1 l2 (h1 :: accu) else rev_merge_rev l1 t2 (h2 :: accu)
  in
  let rec sort n l =
    match n, l with
    | 2, x1 :: x2 :: tl ->
      let s = if cmp x1 x2 <= 0 then [x1; x2] else [x2; x1] in
      (s, tl)
    | 3, x1 :: x2 :: x3 :: tl ->
      let s =
        if cmp x1 x2 <= 0 then
          if cmp x2 x3 <= 0 then [x1; x2; x3]
          else if cmp x1 x3 <= 0 then [x1; x3; x2]
          else [x3; x1; x2]
        else if cmp x1 x3 <= 0 then [x2; x1; x3]
        else if cmp x2 x3 <= 0 then [x2; x3; x1]
        else [x3; x2; x1]
      in
      (s, tl)
    | n, l ->
      let n1 = n asr 1 in
      let n2 = n - n1 in
      let s1, l2 = rev_sort n1 l in
      let s2, tl = rev_sort n2 l2 in
      (rev_merge_rev s1 s2 [], tl)
  and rev_sort n l =
    match n, l with
    | 2, x1 :: x2 :: tl ->
      let s = if cmp x1 x2 > 0 then [x1; x2] else [x2; x1] in
      (s, tl)
    | 3, x1 :: x2 :: x3 :: tl ->
      let s =
        if cmp x1 x2 > 0 then
          if cmp x2 x3 > 0 then [x1; x2; x3]
          else if cmp x1 x3 > 0 then [x1; x3; x2]
          else [x3; x1; x2]
        else if cmp x1 x3 > 0 then [x2; x1; x3]
        else if cmp x2 x3 > 0 then [x2; x3; x1]
        else [x3; x2; x1]
      in
      (s, tl)
    | n, l ->
      let n1 = n asr 1 in
      let n2 = n - n1 in
      let s1, l2 = sort n1 l in
      let s2, tl = sort n2 l2 in
      (rev_merge s1 s2 [], tl)
  in
  let len = length l in
  if len < 2 then l else fst (sort len l)
let sort = stable_sort
let fast_sort = stable_sort
let rec compare_lengths l1 l2 =
  match l1, l2 with
  | [], [] -> 0
  | [], _ -> -1
  | _, [] -> 1
  | _ :: l1, _ :: l2 -> compare_lengths l1 l2
