(* Coercions between object types (width subtyping), Oo.copy and Oo.id, objects as
   hash-table keys (hashed by identity: changing an instance variable keeps the key), and an
   object whose methods are polymorphic. *)

let animal name sound =
  object
    val mutable calls = 0
    method name : string = name
    method speak = calls <- calls + 1; Printf.printf "%s says %s\n" name sound
    method calls = calls
  end

let named_only (x : < name : string >) = x#name

let () =
  let cat = animal "cat" "meow" and dog = animal "dog" "woof" in
  let all = [ (cat :> < name : string >); (dog :> < name : string >) ] in
  List.iter (fun a -> print_endline (named_only a)) all;
  let speakers = [ (cat : < name : string; speak : unit; calls : int > :> < speak : unit >) ] in
  List.iter (fun s -> s#speak) speakers;
  cat#speak;
  Printf.printf "cat calls %d, dog calls %d\n" cat#calls dog#calls;
  (* A copy has its own instance variables and its own identity. *)
  let cat2 = Oo.copy cat in
  cat2#speak;
  Printf.printf "cat calls %d, cat2 calls %d\n" cat#calls cat2#calls;
  Printf.printf "same id: %b, copy is newer: %b, equal: %b\n" (Oo.id cat = Oo.id cat)
    (Oo.id cat2 > Oo.id cat) (cat = cat2);
  (* Objects as keys: by identity. *)
  let h = Hashtbl.create 8 in
  Hashtbl.replace h cat "cat";
  Hashtbl.replace h dog "dog";
  Hashtbl.replace h cat2 "cat2";
  cat#speak;
  dog#speak;
  Printf.printf "%s %s %s %d\n" (Hashtbl.find h cat) (Hashtbl.find h dog) (Hashtbl.find h cat2)
    (Hashtbl.length h);
  Printf.printf "hash stable: %b\n" (Hashtbl.hash cat = Hashtbl.hash cat);
  (* Polymorphic methods of an immediate object without mutable variables. *)
  let util =
    object
      method id x = x
      method pair x y = (x, y)
      method twice f x = f (f x)
    end
  in
  Printf.printf "%d %s %d\n" (util#id 3) (util#id "three") (util#twice (fun x -> x * 2) 5);
  let a, b = util#pair 1.5 'c' in
  Printf.printf "%g %c\n" a b
