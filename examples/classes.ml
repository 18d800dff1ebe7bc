(* Classes without inheritance: parameters (labelled and optional too), `let` before the
   object (evaluated once where the class has no parameters, at each application where it
   has), `val` computed from parameters, initializers in order, `self#`, recursive `and`
   groups, `new` partially applied, the types `c` and `#c`, classes in modules. *)

class counter start =
  let () = print_endline "counter: let" in
  object (self)
    val mutable n = (print_endline "counter: val n"; start)
    val step = start + 1
    initializer Printf.printf "init1 n=%d\n" n; n <- n * 2
    method get = n
    method incr = n <- n + step; self#get
    method private twice = 2 * n
    method show = Printf.sprintf "<counter %d %d>" n self#twice
    initializer print_endline "init2"
  end

let () = print_endline "start"
let make = new counter
let () = print_endline "partial"
let c1 = make 3
let () = Printf.printf "%d %d %s\n" c1#get c1#incr c1#show

class shared =
  let r = (print_endline "shared: let"; ref 0) in
  object
    method next = incr r; !r
  end

let () =
  let a = new shared and b = new shared in
  let x = a#next in
  let y = b#next in
  let z = a#next in
  Printf.printf "%d %d %d\n" x y z

class labelled ~lab ?(opt = 7) () =
  object
    method sum = lab + opt
  end

let () =
  Printf.printf "%d %d\n" (new labelled ~lab:1 ())#sum (new labelled ~opt:2 ~lab:1 ())#sum

class node v =
  object
    method value : int = v
    method child = new leaf (v * 10)
  end

and leaf v =
  object
    method value : int = v + 1
  end

let () = Printf.printf "%d %d\n" (new node 4)#value (new node 4)#child#value

let get (x : counter) = x#get
let incr_any (x : #counter) = x#incr
let () = Printf.printf "%d %d\n" (get c1) (incr_any (make 10))

class ['a] stack =
  object
    val mutable items : 'a list = []
    method push x = items <- x :: items
    method pop = match items with [] -> None | x :: r -> items <- r; Some x
    method size = List.length items
  end

let () =
  let s = new stack in
  s#push "a";
  s#push "b";
  let t = new stack in
  t#push 1.5;
  (match s#pop with Some x -> print_endline x | None -> ());
  Printf.printf "%d %d\n" s#size t#size

module M = struct
  class point x y =
    object
      val x = x
      val y : int = y
      method coords = (x, y)
      method moved dx = {< x = x + dx >}
    end
end

let () =
  let p = new M.point 1 2 in
  let q = p#moved 5 in
  let (a, b) = q#coords and (c, d) = p#coords in
  Printf.printf "%d %d %d %d %b\n" a b c d (Oo.id p < Oo.id q)

class immediate_init =
  object
    val mutable log = []
    initializer log <- "first" :: log
    initializer log <- "second" :: log
    method log = String.concat "," (List.rev log)
  end

let () = print_endline (new immediate_init)#log
let o = object val mutable k = 1 initializer k <- 42 method k = k end
let () = print_int o#k; print_newline ()
