(* A corpus of tricky groupings, compared with OCaml's own parser by the `matches_ocaml_parser`
   test (it is parsed, never type-checked). *)
let _ = 1 + 2 * 3
let _ = a - b - c + d
let _ = a / b * c mod d
let _ = a ** b ** c * d
let _ = a lsl b lsl c
let _ = a lor b land c lxor d
let _ = 1 lsl 2 + 3 asr 1
let _ = a +. b *. c -. d /. e
let _ = a ^ b ^ c @ d
let _ = a :: b :: c @ d
let _ = a @ b :: c
let _ = a = b :: c
let _ = x = y && z || w
let _ = a && b && c || d || e
let _ = a & b or c
let _ = a <> b || c != d
let _ = a < b = (c > d)
let _ = a >= b <= c
let _ = x |> f |> g @@ h @@ y
let _ = f x y + g z
let _ = - f x
let _ = f - 1
let _ = f (-1) (- 2) (-. 3.)
let _ = -a ** b
let _ = - a * b
let _ = -a.b
let _ = -(1)
let _ = - 4611686018427387904
let _ = 4611686018427387904
let _ = -0x7fffffffffffffff
let _ = 0x7fffffffffffffff
let _ = 0b1010 + 0o777 + 0xdead_beef + 1_000_000
let _ = - 1.5 +. 2e3 -. 1.
let _ = ~- x + ~-. y
let _ = + 1 + +. 2.
let _ = !r.f + !r.(0) + !(!r)
let _ = f !r x.y.z
let _ = r := !r + 1; s := 2
let _ = a := b := c
let _ = a := b, c
let _ = x, y := z
let _ = a.f <- b; c
let _ = a.f <- 1, 2
let _ = x + a.f <- v
let _ = a.f <- b.g <- c
let _ = a.(i) <- a.(j) + 1
let _ = a.(i).(j) <- s.[k]
let _ = if a then b else c; d
let _ = if a then b; c
let _ = if a then b, c
let _ = if a then b else c, d
let _ = if a then b else c := d
let _ = if a then if b then c else d
let _ = if a then let x = 1 in x; y else z
let _ = 1 + if a then b else c + 1
let _ = let x = 1 in x; y
let _ = x; let y = 1 in y; z
let _ = fun x -> x; y
let _ = fun x y (a, b) () _ -> x
let _ = fun x : int -> x
let _ = match x with A -> match y with B -> 1 | C -> 2
let _ = match x with A -> 1 | B -> 2; 3
let _ = (match x with A -> 1); 2
let _ = match x with | A | B -> 1 | C (x, y) when x > y -> 2 | _ -> 3
let _ = match x with (a, b) as p -> p | x :: y :: z -> z | [a; b] -> a | Some (Some x) -> x
let _ = match x with -1 -> 0 | 'a'..'z' -> 1 | "s" -> 2 | 1.5 -> 3 | { a = 1; b; _ } -> 4 | (x : int) -> 5
let _ = match x with A x | B x as y -> y | C, D -> 1 | M.E -> 2 | true -> 3 | () -> 4
let _ = match x with a, b | c, d -> 1 | x :: y as l -> l | (Some _ | None) as o, _ -> o
let _ = match x with { M.a; b = (1 | 2) } -> a | Some x :: rest -> 1 | - 2 -> 3
let _ = function A -> try f x with E -> 1 | B -> 2
let _ = function x :: _ -> fun y -> y | [] -> fun y -> 0
let _ = try f x with Not_found -> 0 | Failure s when s = "" -> 1
let _ = f (fun x -> x) (function _ -> 1) (match x with _ -> 2)
let _ = [1; 2; 3] @ [4, 5] @ [] @ [6;]
let _ = [Some 1; None; Some (f x)]
let _ = [| 1; 2; 3 |]
let _ = (1, 2), 3
let _ = Some (1, 2) :: Some x :: None :: []
let _ = M.C x, M.x, A.B.c, List.( + )
let _ = (+) 1 ( * ) (mod) ( - ) ( ~- )
let _ = (x : int) + (f : 'a -> 'a list -> ('a * int) option)
let _ = begin a; b end; begin end
let _ = (a; b;)
let _ = { a = 1; b; M.c = x, y }
let _ = { r with a = if c then 1 else 2; b }
let _ = { (f x) with a = 1 }.a
let _ = (f x).y.z
let _ = r.M.f
let _ = assert (x > 0); assert false
let _ = f (assert true)
let _ = for i = 1 to n - 1 do print_int i done; for i = n downto 0 do () done
let _ = while !r > 0 do decr r; incr x; done
let _ = raise Not_found
let _ = not a && not b
let _ = x ## y
let _ = "a\tb\"c\\d\065\x41\o101\n" ^ "line\
           continued"
let _ = '\n', '\'', '"', '\\', '\000', '\255', 'a'
let _ = {|quoted "string"|}
let _ = f x (* comment "with *) string" *) y
let rec f x = g x and g y = f y
let f (x : int) y : int = x + y
let (a, b) = p
let x, y = 1, 2
let x :: _ = l
let x : int = 1
let ( +! ) a b = a + b
let () = ()
let f : int -> int = fun x -> x
type t = A | B of int * int | C of (int * int) | D of int list * (int -> int)
type 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
type ('a, 'b) pair = 'a * 'b
type r = { name : string; mutable count : int; }
type u = int -> int -> bool
type f = (int -> int) -> int * int
type e and g = int list option
type t2 = | X | Y
type h = (int, string) Hashtbl.t
exception E
exception F of int * string
let _ = 1;;
print_int x;;
let x = 1 in x;;
let _ = Some - 1
let _ = a.b <- c.d <- e
let _ = fun x -> fun y -> x
let _ = x :: y = z
let _ = -x :: y
let _ = a, b :: c
let _ = (fun x -> x), 1
let _ = x |> fun y -> y |> g
let _ = if a then b else fun x -> x
let _ = match x with A -> () | B -> (); ()
let _ = let x = match y with A -> 1 | B -> 2 in x
let _ = f x y.z.(1).[2]
let _ = { a = 1 }.a <- 2
let _ = a == b != c
let _ = a $ b $$ c
let _ = a %% b * c % d
let _ = a **. b *** c
let _ = a |+| b &&& c || d ||| e
let _ = a @@@ b ^^ c
let _ = a +! b -! c
let _ = a.(b).c
let _ = !r.(0) <- 1
let _ = - a.(0) <- 1
let _ = f x :: g y
let _ = A (1) :: B
let _ = fun x -> x :: []
let _ = 1 - -1 - - 1 -- 1
let _ = f x -1
let _ = - - 1
let _ = - -0x4000000000000000
let _ = match x with 'a' | 'b' -> 1 | (x, y) :: rest -> 2 | [] | [_] -> 3 | _ :: _ :: _ -> 4
let _ = match x with A (B, C) -> 1 | Some (-1) -> 2 | Some (- 1.5) -> 3
let _ = x.contents <- 1
let _ = (f x : int)
let _ = ((x : int) : int)
let _ = [ x; y ] = []
let _ = f [] () ""
let _ = -f x y
let _ = -x.(0)
let _ = !x.(0)
let _ = f ! x
let _ = x.(i) <- if c then 1 else 2
let _ = while true do () done
let _ = x.(i) <- a; b
let _ = let rec f = fun x -> x in f
let _ = a < b && b < c || not (a = c)
let _ = f x; g y; h z; ()
let _ = if a then b else c |> d
let _ = match x with A -> if b then c else d | B -> e
let _ = f (let x = 1 in x) (try 1 with _ -> 2)
let _ = f x y :: g z :: []
let _ = x :: (y :: z)
let _ = a - (b - c)
let _ = a ** (b ** c) ** d
let _ = not (a && b)
let _ = fst (1, 2) + snd (3, 4)
let _ = print_string "hello"; print_newline ()
let _ = Printf.printf "%d %s\n" (x + 1) (string_of_int y)
let _ = List.iter (fun x -> print_int x; print_newline ()) l
let _ = ignore (f x); g
let _ = f x (g y) (h (i z))
let _ = 'a' <= c && c <= 'z'
let _ = s.[0] = 'a' || s.[String.length s - 1] = 'z'
let _ = { r with x = r.x + 1 }.x
let _ = (if a then b else c) + 1
let _ = assert (f x) ; ()
let _ = a.f.g.h <- i
let _ = f { a = 1 } [ 1 ] [| 2 |] (3)
let f = function | A -> 1 | B -> 2 and g = 1
type t = A of int list list | B of (int, string) result | C of 'a option * ('a -> 'b)
type 'a t3 = 'a list
type w = { wf : int -> int; wg : int list; }
exception E2 of (int * int)
let _ = - (1)
let _ = -(-1)
let _ = f (- x) (-x) (-. x)
let x = 1 and y = 2
let rec even n = n = 0 || odd (n - 1) and odd n = n <> 0 && even (n - 1)
let _ = match f x with Some y | exception E y -> y | exception A | B -> 0 | _ -> 1
let _ = match f x with exception Failure s | exception Invalid_argument s -> s | s -> s
let _ = match x with exception (A | B) -> 1 | (exception C) -> 2 | x -> x
let f = function [||] -> 0 | [| x |] -> x | [| x; (y, z) |] | [| x; y; z |] -> x + y + z
let f = function lazy x -> x | lazy (Some y) as z -> y | (lazy _, lazy [| _ |]) -> 0
let f = function Some (lazy x) -> x | C (lazy x, y) -> y
