(* Library loans: several record types sharing field names (id, name), resolved by type *)
type book = { id : int; name : string; author : string; mutable available : bool }
type member = { id : int; name : string; mutable borrowed : int list }
type loan = { book : book; member : member; day : int }

exception Not_available of string
exception Limit_reached of string

let books = [
  { id = 1; name = "Dune"; author = "Herbert"; available = true };
  { id = 2; name = "Emma"; author = "Austen"; available = true };
  { id = 3; name = "Ulysses"; author = "Joyce"; available = true };
]

let members = [
  { id = 10; name = "ann"; borrowed = [] };
  { id = 11; name = "bob"; borrowed = [] };
]

let find_book id : book = List.find (fun (b : book) -> b.id = id) books
let find_member id : member = List.find (fun (m : member) -> m.id = id) members

let lend day bid mid =
  let b = find_book bid in
  let m = find_member mid in
  if not b.available then raise (Not_available b.name);
  if List.length m.borrowed >= 2 then raise (Limit_reached m.name);
  b.available <- false;
  m.borrowed <- b.id :: m.borrowed;
  { book = b; member = m; day }

let give_back (l : loan) =
  l.book.available <- true;
  l.member.borrowed <- List.filter (fun i -> i <> l.book.id) l.member.borrowed

let describe_book (b : book) =
  Printf.sprintf "%d:%s by %s%s" b.id b.name b.author (if b.available then "" else " (out)")

let describe_member (m : member) =
  Printf.sprintf "%s has [%s]" m.name (String.concat "," (List.map string_of_int m.borrowed))

let () =
  let loans = ref [] in
  let attempt day bid mid =
    try loans := lend day bid mid :: !loans
    with
    | Not_available t -> Printf.printf "day %d: %s is not available\n" day t
    | Limit_reached who -> Printf.printf "day %d: %s reached the limit\n" day who
    | Not_found -> Printf.printf "day %d: unknown book %d or member %d\n" day bid mid
  in
  attempt 1 1 10;
  attempt 1 1 11;
  attempt 2 2 10;
  attempt 3 3 10;
  attempt 4 9 10;
  (match !loans with l :: _ -> give_back l | [] -> ());
  attempt 5 3 10;
  List.iter (fun b -> print_endline (describe_book b)) books;
  List.iter (fun m -> print_endline (describe_member m)) members;
  List.iter (fun { book = { name; _ }; member = { name = who; _ }; day } -> Printf.printf "loan: %s -> %s on day %d\n" name who day)
    (List.rev !loans)
