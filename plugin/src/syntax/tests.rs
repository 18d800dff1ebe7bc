//! Tests of the whole syntax stage: source text in, S-expression out (see [`super::print`]).
//! Each expected grouping was checked against `ocamlc -dparsetree` (OCaml 4.13).

use super::ast::*;
use super::parse;
use super::print::{print_expr_compact, print_item_compact, print_program};
use crate::diagnostics::{Diagnostic, Span};

/// The expression `src`, parsed as the body of `let _ = src`.
fn expr(src: &str) -> String {
    print_expr_compact(&parse_expr(src))
}

fn parse_expr(src: &str) -> Expr {
    let program = parse(&format!("let _ = {src}")).unwrap_or_else(|e| panic!("{src}: {e:?}"));
    match program.items.into_iter().next().map(|i| i.kind) {
        Some(ItemKind::Let(_, mut bindings)) => bindings.remove(0).expr,
        _ => panic!("{src}: not a let item"),
    }
}

#[test]
fn labelled_arguments_parameters_and_types() {
    let cases = [
        ("f ~x ~y:2 z", "(f (~x x) (~y 2) z)"),
        ("f ?x ?y:(g 1)", "(f (?x x) (?y (g 1)))"),
        ("f ~(x : int)", "(f (~x (: x int)))"),
        ("fun ~x ~y:(a, b) -> x", "(fun ((~x x) (~y (, a b))) x)"),
        (
            "fun ?x ?(y = 1) ?z:(w = 2) () -> x",
            "(fun ((?x x) (?y y 1) (?z w 2) ()) x)",
        ),
        ("fun ?(y : int = 1) -> y", "(fun ((?y (: y int) 1)) y)"),
        ("fun ~(x : int) -> x", "(fun ((~x (: x int))) x)"),
        (
            "(f : x:int -> ?y:(int * int) -> unit)",
            "(: f (x:int -> ?y:(int * int) -> unit))",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(expr(src), want, "{src}");
    }
    assert_eq!(
        items("let f ~x ?(y = x) () = x + y"),
        "(let (f (fun ((~x x) (?y y x) ()) (+ x y))))"
    );
}

/// Each item of the program `src`, one per line.
fn items(src: &str) -> String {
    let program = parse(src).unwrap_or_else(|e| panic!("{src}: {e:?}"));
    program
        .items
        .iter()
        .map(print_item_compact)
        .collect::<Vec<_>>()
        .join("\n")
}

fn error(src: &str) -> Diagnostic {
    match parse(src) {
        Ok(p) => panic!("{src}: expected an error, got {}", print_program(&p)),
        Err(mut e) => {
            assert_eq!(e.len(), 1, "{src}: one error expected");
            e.remove(0)
        }
    }
}

/// Asserts that `src` fails with `message` at the span covering the first occurrence of
/// `at` in `src` (the empty span at the end of the file if `at` is empty).
#[track_caller]
fn assert_error(src: &str, message: &str, at: &str) {
    let e = error(src);
    let lo = if at.is_empty() {
        src.len()
    } else {
        src.find(at)
            .unwrap_or_else(|| panic!("`{at}` not in `{src}`"))
    };
    let lo = lo as u32;
    assert_eq!(e.message, message, "{src}");
    assert_eq!(
        e.span,
        Some(Span::new(lo, lo + at.len() as u32)),
        "{src}: {e:?}"
    );
}

#[track_caller]
fn check(cases: &[(&str, &str)]) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(src, want)| {
            let got = expr(src);
            (got != *want).then(|| format!("  {src}\n    want {want}\n    got  {got}"))
        })
        .collect();
    assert!(failures.is_empty(), "mismatches:\n{}", failures.join("\n"));
}

#[test]
fn arithmetic_precedence() {
    check(&[
        ("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ("1 * 2 + 3", "(+ (* 1 2) 3)"),
        ("a - b - c", "(- (- a b) c)"),
        ("a / b * c", "(* (/ a b) c)"),
        ("a ** b ** c", "(** a (** b c))"),
        ("1 lsl 2 + 3", "(+ (lsl 1 2) 3)"),
        ("a lor b land c", "(land (lor a b) c)"),
        ("a mod b * c", "(* (mod a b) c)"),
        ("a + b mod c", "(+ a (mod b c))"),
        ("a lsl b lsl c", "(lsl a (lsl b c))"),
        ("a +. b *. c", "(+. a (*. b c))"),
        ("a ^ b ^ c", "(^ a (^ b c))"),
        ("a @ b @ c", "(@ a (@ b c))"),
    ]);
}

/// `e#m` is OCaml's `simple_expr HASH label`: it binds tighter than application, as `.f`,
/// left to right with `.f`.
#[test]
fn method_calls() {
    check(&[
        ("o#m", "(# o m)"),
        ("f o#m x", "(f (# o m) x)"),
        ("o#m#n", "(# (# o m) n)"),
        ("r.f#m", "(# (. r f) m)"),
        ("o#m.f", "(. (# o m) f)"),
        ("(f o)#m", "(# (f o) m)"),
        ("a ## b", "(## a b)"),
    ]);
}

/// Immediate objects: fields in order, a method's parameters a `fun`, `x <- e` an instance
/// variable's assignment, `{< .. >}` (its `>}` one token only inside `{<`).
#[test]
fn immediate_objects() {
    check(&[
        ("object end", "(object)"),
        (
            "object (self) val mutable x = 1 method private m a = x <- a; self end",
            "(object self (val-mutable x 1) (method-private m (fun (a) (seq (setinstvar x a) self))))",
        ),
        ("{< x = 1; y >}", "(override (x 1) (y y))"),
        ("{< x = a > b >}", "(override (x (> a b)))"),
        ("{< >}", "(override)"),
        ("x <- y + 1", "(setinstvar x (+ y 1))"),
    ]);
}

#[test]
fn application_binds_tighter_than_operators() {
    check(&[
        ("f x y + g z", "(+ (f x y) (g z))"),
        ("f a b c d", "(f a b c d)"),
        ("f (g x) (h y)", "(f (g x) (h y))"),
        ("(fun x -> x) 1", "((fun (x) x) 1)"),
        ("f x.(0) y", "(f (Array.get x 0) y)"),
        ("r.f x", "((. r f) x)"),
        ("not b", "(not b)"),
        ("raise Not_found", "(raise Not_found)"),
        ("List.map f l", "(List.map f l)"),
        ("Printf.printf \"%d\\n\" x", "(Printf.printf \"%d\\n\" x)"),
        ("f A x", "(f A x)"),
    ]);
}

#[test]
fn unary_minus() {
    check(&[
        ("- f x", "(~- (f x))"),
        ("f -1", "(- f 1)"),
        ("f (-1)", "(f -1)"),
        ("x - 1", "(- x 1)"),
        ("-1", "-1"),
        ("- 1", "-1"),
        ("-(1)", "-1"),
        ("-x * y", "(* (~- x) y)"),
        ("- x - y", "(- (~- x) y)"),
        ("x * -y", "(* x (~- y))"),
        ("-a ** b", "(** (~- a) b)"),
        ("-a.b", "(~- (. a b))"),
        ("- 1.5", "-1.5"),
        ("-. 1.5", "-1.5"),
        ("-. x", "(~-. x)"),
        ("-. 1", "(~-. 1)"),
        ("+ 1", "1"),
        ("+ x", "(~+ x)"),
        ("~- x", "(~- x)"),
        ("f ~-1", "(f (~- 1))"),
    ]);
}

#[test]
fn min_int_literal() {
    // OCaml folds `-` into the literal, so min_int can be written.
    check(&[
        ("- 4611686018427387904", "-4611686018427387904"),
        ("-4611686018427387904", "-4611686018427387904"),
        ("4611686018427387903", "4611686018427387903"),
        ("-0x7fffffffffffffff", "1"),
        ("0x7fffffffffffffff", "-1"),
    ]);
    assert_error(
        "let x = -4611686018427387905",
        "integer literal exceeds the range of representable integers of type int",
        "4611686018427387905",
    );
}

#[test]
fn lists_tuples_and_comparisons() {
    check(&[
        ("a :: b @ c", "(@ (:: a b) c)"),
        ("a @ b :: c", "(@ a (:: b c))"),
        ("x :: y :: z", "(:: x (:: y z))"),
        ("1 + 2 :: l", "(:: (+ 1 2) l)"),
        ("a = b :: c", "(= a (:: b c))"),
        ("x = y && z", "(&& (= x y) z)"),
        ("a || b && c", "(|| a (&& b c))"),
        ("a && b || c", "(|| (&& a b) c)"),
        ("a || b || c", "(|| a (|| b c))"),
        ("a <> b || c", "(|| (<> a b) c)"),
        ("a = b = c", "(= (= a b) c)"),
        ("x == y", "(== x y)"),
        ("x != y", "(!= x y)"),
        ("a <= b", "(<= a b)"),
        ("x |> f |> g", "(|> (|> x f) g)"),
        ("f @@ g @@ x", "(@@ f (@@ g x))"),
        ("x >>= fun y -> y", "(>>= x (fun (y) y))"),
        ("1, 2, 3", "(, 1 2 3)"),
        ("(1, 2), 3", "(, (, 1 2) 3)"),
        ("a, b = c, d", "(, a (= b c) d)"),
        ("[1; 2; 3]", "(:: 1 (:: 2 (:: 3 [])))"),
        ("[1; 2;]", "(:: 1 (:: 2 []))"),
        ("[1, 2]", "(:: (, 1 2) [])"),
        ("[]", "[]"),
        ("[Some 1; None]", "(:: (Some 1) (:: None []))"),
        ("[| 1; 2 |]", "(Array.of_list (:: 1 (:: 2 [])))"),
    ]);
}

#[test]
fn constructors_and_simple_expressions() {
    check(&[
        ("()", "()"),
        ("true && false", "(&& true false)"),
        ("Some (1, 2)", "(Some (, 1 2))"),
        ("Some x :: l", "(:: (Some x) l)"),
        ("Some [1]", "(Some (:: 1 []))"),
        ("M.C", "M.C"),
        ("M.C x", "(M.C x)"),
        ("A.B.c", "A.B.c"),
        ("List.( + )", "List.+"),
        ("(+)", "+"),
        ("( * )", "*"),
        ("( - )", "-"),
        ("(mod)", "mod"),
        ("( ~- )", "~-"),
        ("(x : int)", "(: x int)"),
        ("(1 : int) + 2", "(+ (: 1 int) 2)"),
        ("(f : 'a -> 'a list)", "(: f ('a -> 'a list))"),
        ("begin a; b end", "(seq a b)"),
        ("begin end", "()"),
        ("(a; b;)", "(seq a b)"),
        ("!r.f", "(. (! r) f)"),
        ("!r x", "((! r) x)"),
        ("f !r", "(f (! r))"),
        ("!(!r)", "(! (! r))"),
        ("s.[i]", "(String.get s i)"),
        ("\"abc\".[0]", "(String.get \"abc\" 0)"),
        ("a.(i).(j)", "(Array.get (Array.get a i) j)"),
        ("Sys.argv.(1)", "(Array.get Sys.argv 1)"),
        ("(f x).y", "(. (f x) y)"),
        ("r.M.f", "(. r M.f)"),
        ("{ a = 1; b }", "(record (a 1) (b b))"),
        ("{ a = 1; b = 2; }", "(record (a 1) (b 2))"),
        ("{ M.a = x, y }", "(record (M.a (, x y)))"),
        ("{ r with a = 1 }", "(record-with r (a 1))"),
        (
            "{ (f x) with a = if c then 1 else 2; b }",
            "(record-with (f x) (a (if c 1 2)) (b b))",
        ),
        ("assert (x > 0)", "(assert (> x 0))"),
        ("assert false", "(assert false)"),
        ("x ## y", "(## x y)"),
    ]);
}

#[test]
fn assignment() {
    check(&[
        ("r := !r + 1", "(:= r (+ (! r) 1))"),
        ("a := b := c", "(:= a (:= b c))"),
        ("a := b, c", "(:= a (, b c))"),
        ("x, y := z", "(:= (, x y) z)"),
        ("x.f <- y; z", "(seq (setfield x f y) z)"),
        ("r.f <- 1, 2", "(setfield r f (, 1 2))"),
        ("a.b.c <- 1", "(setfield (. a b) c 1)"),
        ("a.f <- b := c", "(setfield a f (:= b c))"),
        ("a.f <- b.g <- c", "(setfield a f (setfield b g c))"),
        ("x + a.f <- v", "(+ x (setfield a f v))"),
        ("x := a.f <- v", "(:= x (setfield a f v))"),
        ("a.(i) <- b; c", "(seq (Array.set a i b) c)"),
        ("a.(i).(j) <- 1", "(Array.set (Array.get a i) j 1)"),
        ("if a then b else c := 1", "(if a b (:= c 1))"),
    ]);
    assert_error(
        "let _ = f a.b <- c",
        "syntax error: `<-` can only assign to a record field `e.f` or an array element `e.(i)`",
        "<-",
    );
}

#[test]
fn if_then_else() {
    check(&[
        ("if c then a else b; c", "(seq (if c a b) c)"),
        ("if c then a; b", "(seq (if c a) b)"),
        ("if a then b, c", "(if a (, b c))"),
        ("if a then b else c, d", "(if a b (, c d))"),
        ("if a then if b then c else d", "(if a (if b c d))"),
        ("if a then (if b then c) else d", "(if a (if b c) d)"),
        ("if a then b else c + 1", "(if a b (+ c 1))"),
        ("1 + if a then b else c", "(+ 1 (if a b c))"),
        ("f (if a then b else c)", "(f (if a b c))"),
        (
            "if a then let x = 1 in x; y else z",
            "(if a (let ((x 1)) (seq x y)) z)",
        ),
    ]);
}

#[test]
fn constructs_extending_to_the_right() {
    check(&[
        ("let x = 1 in x; y", "(let ((x 1)) (seq x y))"),
        ("x; let y = 1 in y; z", "(seq x (let ((y 1)) (seq y z)))"),
        ("1 + let x = 2 in x * 3", "(+ 1 (let ((x 2)) (* x 3)))"),
        ("fun x -> x + 1", "(fun (x) (+ x 1))"),
        ("fun x -> x; y", "(fun (x) (seq x y))"),
        (
            "match x with A -> match y with B -> 1 | C -> 2",
            "(match x (A -> (match y (B -> 1) (C -> 2))))",
        ),
        (
            "match x with A -> 1 | B -> 2; 3",
            "(match x (A -> 1) (B -> (seq 2 3)))",
        ),
        ("(match x with A -> 1); 2", "(seq (match x (A -> 1)) 2)"),
        ("1 + match x with _ -> 1", "(+ 1 (match x (_ -> 1)))"),
        ("g (match x with _ -> 1)", "(g (match x (_ -> 1)))"),
        (
            "match x with A -> fun y -> y | B -> 2",
            "(match x (A -> (fun (y) y)) (B -> 2))",
        ),
        (
            "function A -> try f x with E -> 1 | B -> 2",
            "(function (A -> (try (f x) (E -> 1) (B -> 2))))",
        ),
        ("f x; g y; h z", "(seq (f x) (g y) (h z))"),
        (
            "for i = 1 to 10 do print_int i done",
            "(for i 1 to 10 (print_int i))",
        ),
        (
            "for i = 10 downto 1 do () done; x",
            "(seq (for i 10 downto 1 ()) x)",
        ),
        (
            "while !r > 0 do decr r; incr x; done",
            "(while (> (! r) 0) (seq (decr r) (incr x)))",
        ),
        (
            "try f x with Not_found -> 0 | Failure s -> 1",
            "(try (f x) (Not_found -> 0) ((Failure s) -> 1))",
        ),
    ]);
}

#[test]
fn functions_and_bindings() {
    check(&[
        ("function A -> 1 | B -> 2", "(function (A -> 1) (B -> 2))"),
        (
            "function | x :: _ -> x | [] -> 0",
            "(function ((:: x _) -> x) ([] -> 0))",
        ),
        ("fun (x, y) z -> x", "(fun ((, x y) z) x)"),
        ("fun () -> ()", "(fun (()) ())"),
        ("fun _ x -> x", "(fun (_ x) x)"),
        ("fun x : int -> x", "(fun (x) (: x int))"),
        ("fun None [] { a } -> a", "(fun (None [] (record (a a))) a)"),
        (
            "let rec f x = f x and g y = g y in f",
            "(let rec ((f (fun (x) (f x))) (g (fun (y) (g y)))) f)",
        ),
        (
            "let f (x : int) y : int = x + y in f",
            "(let ((f (fun ((: x int) y) (: (+ x y) int)))) f)",
        ),
        ("let (a, b) = p in a", "(let (((, a b) p)) a)"),
        ("let x, y = 1, 2 in x", "(let (((, x y) (, 1 2))) x)"),
        ("let x :: _ = l in x", "(let (((:: x _) l)) x)"),
        ("let x : int = 1 in x", "(let ((x (: 1 int))) x)"),
        (
            "let ( +! ) a b = a + b in 1 +! 2",
            "(let ((+! (fun (a b) (+ a b)))) (+! 1 2))",
        ),
        (
            "let f x = x in let g = f in g",
            "(let ((f (fun (x) x))) (let ((g f)) g))",
        ),
        ("let () = f () in ()", "(let ((() (f ()))) ())"),
    ]);
}

#[test]
fn patterns() {
    check(&[
        (
            "match x with | A | B -> 1 | C (x, y) when x > y -> 2 | _ -> 3",
            "(match x ((| A B) -> 1) ((C (, x y)) when (> x y) -> 2) (_ -> 3))",
        ),
        (
            "match x with (a, b) as p -> p | x :: y :: z -> z | [a; b] -> a | Some (Some x) -> x",
            "(match x ((as (, a b) p) -> p) ((:: x (:: y z)) -> z) ((:: a (:: b [])) -> a) ((Some (Some x)) -> x))",
        ),
        (
            "match x with -1 -> 0 | 'a'..'z' -> 1 | \"s\" -> 2 | 1.5 -> 3 | { a = 1; b; _ } -> 4 | (x : int) -> 5",
            "(match x (-1 -> 0) ('a'..'z' -> 1) (\"s\" -> 2) (1.5 -> 3) ((record (a 1) (b b) _) -> 4) ((: x int) -> 5))",
        ),
        (
            "match x with A x | B x as y -> y | C, D -> 1 | M.E -> 2 | true -> 3 | () -> 4",
            "(match x ((as (| (A x) (B x)) y) -> y) ((, C D) -> 1) (M.E -> 2) (true -> 3) (() -> 4))",
        ),
        ("match x with a, b | c, d -> 1", "(match x ((| (, a b) (, c d)) -> 1))"),
        ("match x with Some x :: rest -> 1", "(match x ((:: (Some x) rest) -> 1))"),
        ("match x with A | B | C -> 1", "(match x ((| (| A B) C) -> 1))"),
        ("match x with x :: y as l -> l", "(match x ((as (:: x y) l) -> l))"),
        ("match x with (Some _ | None) as o, _ -> o", "(match x ((, (as (| (Some _) None) o) _) -> o))"),
        ("match x with { M.a; b = (1 | 2) } -> a", "(match x ((record (M.a a) (b (| 1 2))) -> a))"),
        ("match c with '\\n' | '\\'' -> 1", "(match c ((| '\\n' '\\'') -> 1))"),
        ("match x with - 1.5 -> 1", "(match x (-1.5 -> 1))"),
    ]);
}

#[test]
fn literals() {
    check(&[
        ("'a'", "'a'"),
        ("'\\n'", "'\\n'"),
        ("'\\065'", "'A'"),
        ("'\\x41'", "'A'"),
        ("'\\\\'", "'\\\\'"),
        ("'\\''", "'\\''"),
        ("'\"'", "'\"'"),
        ("'\\000'", "'\\000'"),
        ("\"a\\tb\\\"c\"", "\"a\\tb\\\"c\""),
        ("\"multi\\\n    line\"", "\"multiline\""),
        ("1.5e3", "1.5e3"),
        ("0b101", "5"),
        ("0o17", "15"),
        ("0xff", "255"),
        ("1_000", "1000"),
        ("(* comment (* nested *) \"*)\" *) 1", "1"),
    ]);
}

#[test]
fn top_level_items() {
    let src = "\
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
let x = 1
let rec f x = g x and g x = f x
let () = print_endline \"hi\"
let _ = 1;;
print_int x;;
let x = 1 in x;;
;;
let f : int -> int = fun x -> x
let a = 1 let b = 2";
    let want = "\
(type (t (variant (A) (B int int) (C (int * int)) (D (int list) (int -> int)))))
(type (('a tree) (variant (Leaf) (Node ('a tree) 'a ('a tree)))))
(type ((('a, 'b) pair) = ('a * 'b)))
(type (r (record (name string) (mutable count int))))
(type (u = (int -> int -> bool)))
(type (f = ((int -> int) -> (int * int))))
(type (e) (g = (int list option)))
(type (t2 (variant (X) (Y))))
(type (h = ((int, string) Hashtbl.t)))
(exception (E))
(exception (F int string))
(let (x 1))
(let rec (f (fun (x) (g x))) (g (fun (x) (f x))))
(let (() (print_endline \"hi\")))
(let (_ 1))
(eval (print_int x))
(eval (let ((x 1)) x))
(let (f (: (fun (x) x) (int -> int))))
(let (a 1))
(let (b 2))";
    let got = items(src);
    assert!(got == want, "want:\n{want}\ngot:\n{got}");
}

#[test]
fn first_phrase_may_be_an_expression() {
    assert_eq!(
        items("print_int 1;; let x = 2"),
        "(eval (print_int 1))\n(let (x 2))"
    );
    assert_eq!(items(""), "");
    assert_eq!(items("(* only a comment *) ;;"), "");
    assert_eq!(
        items("let x = 1;; x + 1;; x"),
        "(let (x 1))\n(eval (+ x 1))\n(eval x)"
    );
}

#[test]
fn spans() {
    let e = parse_expr("f x + 10");
    assert_eq!(e.span, Span::new(8, 16));
    let ExprKind::Apply(op, args) = &e.kind else {
        panic!()
    };
    assert_eq!(op.span, Span::new(12, 13));
    assert_eq!(args[0].1.span, Span::new(8, 11));
    assert_eq!(args[1].1.span, Span::new(14, 16));

    let e = parse_expr("(1, 2)");
    assert_eq!(e.span, Span::new(8, 14));
    let e = parse_expr("- x");
    assert_eq!(e.span, Span::new(8, 11));
    let e = parse_expr("let x = 1 in x");
    let ExprKind::Let(_, bindings, body) = &e.kind else {
        panic!()
    };
    assert_eq!(e.span, Span::new(8, 22));
    assert_eq!(bindings[0].span, Span::new(12, 17));
    assert_eq!(body.span, Span::new(21, 22));

    let program = parse("let f x = x\ntype t = A").unwrap();
    assert_eq!(program.items[0].span, Span::new(0, 11));
    assert_eq!(program.items[1].span, Span::new(12, 22));
    let ItemKind::Let(_, bindings) = &program.items[0].kind else {
        panic!()
    };
    assert_eq!(bindings[0].pat.span, Span::new(4, 5));
    assert_eq!(bindings[0].expr.span, Span::new(6, 11));
}

#[test]
fn syntax_errors() {
    assert_error("let x = (1 + 2", "syntax error: expected `)`", "");
    assert_error("let x = (1 + 2 in x", "syntax error: expected `)`", "in");
    assert_error("let x = [1; 2 in", "syntax error: expected `]`", "in");
    assert_error(
        "let x = 1 + ) ",
        "syntax error: expected an expression",
        ")",
    );
    assert_error("let x = 1 )", "syntax error: unexpected `)`", ")");
    assert_error(
        "let f x = match x with A -> 1 | ",
        "syntax error: expected a pattern",
        "",
    );
    assert_error("let x = if a b", "syntax error: expected `then`", "");
    assert_error("let x = let y = 1 y", "syntax error: expected `in`", "");
    assert_error(
        "let x = 1 let y = 2 in y",
        "syntax error: a top-level `let ... in` expression must start the file or follow `;;`",
        "in",
    );
    assert_error("type t = A of", "syntax error: expected a type", "");
    assert_error("let x = y.(1", "syntax error: expected `)`", "");
    assert_error("let x = r.", "syntax error: expected a field name", "");
    assert_error("let = 1", "syntax error: expected a pattern", "=");
    assert_error(
        "let x = for i = 1 do () done",
        "syntax error: expected `to` or `downto`",
        "do",
    );
    // The note points at the opening bracket.
    let e = error("let x =\n  (1, [2; (3)");
    assert_eq!(e.notes, ["this `[` (line 2, column 7) might be unmatched"]);
}

#[test]
fn attributes_are_dropped_and_extensions_rejected() {
    let with = items(
        "let[@inline never] f x = (x [@attr] + 1) [@tailcall]\n[@@@warning \"-8\"]\n\
         type t = A [@a] | B of int [@b \"s\" [@c]] [@@deriving show]\nlet y = 2 [@@inline]",
    );
    let without = items("let f x = (x + 1)\ntype t = A | B of int\nlet y = 2");
    assert_eq!(with, without);
    assert_error("let x = [%ext]", "Uninterpreted extension 'ext'.", "ext");
    assert_error(
        "let x = [%ocaml.ext 1]",
        "Uninterpreted extension 'ocaml.ext'.",
        "ocaml.ext",
    );
    // An attribute left open is a syntax error at the end.
    let e = error("let x = 1 [@@inline");
    assert!(
        e.message.contains("syntax error") || e.message.contains("expected"),
        "{}",
        e.message
    );
}

#[test]
fn lexical_errors_come_through_the_parser() {
    assert_error(
        "let x = 4611686018427387905",
        "integer literal exceeds the range of representable integers of type int",
        "4611686018427387905",
    );
    assert_error("let s = \"abc", "unterminated string literal", "\"");
    assert_error("let x = 1 (* open", "unterminated comment", "(*");
    assert_error("let c = '\\q'", "illegal escape sequence `\\q`", "\\q");
    // A syntax error before the lexical error is reported first.
    assert_error(
        "let x = ) in \"abc",
        "syntax error: expected an expression",
        ")",
    );
}

#[test]
fn unsupported_constructs() {
    let cases = [
        (
            "module rec F (X : S) : S = struct end",
            "recursive functors are",
            "module",
        ),
        (
            "module M = (val m :> S)",
            "coercions of first-class modules are",
            ":>",
        ),
        (
            "class c : object end = object end",
            "class type constraints",
            ":",
        ),
        ("class type t = object end", "class types", "type"),
        (
            "let x = object inherit c end",
            "inheritance (`inherit`)",
            "inherit",
        ),
        ("class virtual c = object end", "virtual classes", "virtual"),
        (
            "let x = object method virtual m : int end",
            "objects and classes",
            "virtual",
        ),
        (
            "module type S = sig class c : object end end",
            "classes in signatures",
            "class",
        ),
        (
            "type t = < m : int; u >",
            "object types including other types",
            "u",
        ),
        ("type t = A : { x : int } -> t", "inline records", "{"),
        (
            "external f : 'a. 'a -> 'a = \"f\"",
            "explicitly polymorphic annotations",
            "'",
        ),
    ];
    for (src, what, at) in cases {
        assert_error(src, &format!("{what} not supported yet"), at);
    }
}

#[test]
fn private_types_and_extension_rebindings() {
    let program = parse(
        "type t = private int and u = private A | B and r = private { x : int }\n\
         type v = t = private A | B\ntype e += C = M.D | F",
    )
    .unwrap();
    let ItemKind::Type(decls) = &program.items[0].kind else {
        panic!("{:?}", program.items[0].kind)
    };
    assert!(decls.iter().all(|d| d.private_));
    let ItemKind::Type(decls) = &program.items[1].kind else {
        panic!("{:?}", program.items[1].kind)
    };
    assert!(decls[0].private_ && decls[0].manifest.is_some());
    let ItemKind::TypeExtension(x) = &program.items[2].kind else {
        panic!("{:?}", program.items[2].kind)
    };
    assert_eq!(x.constructors.len(), 2);
    assert_eq!(x.rebinds[0].as_ref().map(|(p, _)| p.as_str()), Some("M.D"));
    assert!(x.rebinds[1].is_none());
    assert_error(
        "type t = private u = A",
        "syntax error: expected a type expression",
        "A",
    );
    assert_error(
        "type t += A of int = B",
        "syntax error: expected a declaration without `of` before `=`",
        "B",
    );
}

#[test]
fn printer_breaks_long_items() {
    let program = parse("let rec fact n = if n <= 1 then 1 else n * fact (n - 1) * fact (n - 1) * fact (n - 1) * fact (n - 1)").unwrap();
    let printed = print_program(&program);
    assert!(printed.lines().count() > 1, "{printed}");
    assert!(printed.lines().all(|l| l.len() <= 100), "{printed}");
    // Re-joining the lines gives the compact form back.
    let joined: String = printed
        .split('\n')
        .map(str::trim_start)
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(joined.trim_end(), print_item_compact(&program.items[0]));
}

/// Realistic programs (all accepted by `ocaml`, see `testdata/`) parse without error.
#[test]
fn realistic_programs() {
    let programs = [
        ("bst.ml", include_str!("testdata/bst.ml"), 7),
        ("eval.ml", include_str!("testdata/eval.ml"), 7),
        ("loop.ml", include_str!("testdata/loop.ml"), 5),
        ("printf.ml", include_str!("testdata/printf.ml"), 3),
        ("exceptions.ml", include_str!("testdata/exceptions.ml"), 7),
    ];
    for (name, src, count) in programs {
        let program = parse(src).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(
            program.items.len(),
            count,
            "{name}:\n{}",
            print_program(&program)
        );
    }
}

#[test]
fn realistic_program_shape() {
    let program = parse(include_str!("testdata/bst.ml")).unwrap();
    assert_eq!(
        print_item_compact(&program.items[1]),
        "(let rec (insert (fun (x) (function (Leaf -> (Node (, Leaf x Leaf))) ((as (Node (, l y r)) t) -> \
         (if (< x y) (Node (, (insert x l) y r)) (if (> x y) (Node (, l y (insert x r))) t)))))))"
    );
    assert_eq!(
        print_item_compact(&program.items[2]),
        "(let rec (mem (fun (x t) (match t (Leaf -> false) ((Node (, l y r)) -> (|| (= x y) (if (< x y) (mem x l) (mem x r))))))))"
    );
}

#[test]
fn long_chains_do_not_recurse() {
    // Parsed iteratively: sequences, let-chains interleaved with sequences, lists, `::`,
    // left-associative operators, arrows. (The trees are forgotten: dropping a 20 000-deep
    // tree recurses, which is not what this test is about.)
    let lines = vec!["let x = f x in\nprint_int x;"; 20_000].join("\n");
    let program = parse(&format!("let () =\n{lines}\n()")).unwrap();
    assert_eq!(program.items.len(), 1);
    std::mem::forget(program);
    let elements = vec!["1"; 20_000].join("; ");
    std::mem::forget(parse_expr(&format!("[{elements}]")));
    std::mem::forget(parse_expr(&vec!["1"; 20_000].join(" :: ")));
    std::mem::forget(parse_expr(&vec!["1"; 20_000].join(" + ")));
    let arrows = vec!["int"; 20_000].join(" -> ");
    std::mem::forget(parse(&format!("type t = {arrows}")).unwrap());
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let nested = |n: usize| format!("let _ = {}1{}", "(".repeat(n), ")".repeat(n));
    std::mem::forget(parse(&nested(1_900)).unwrap());
    let e = error(&nested(100_000));
    assert_eq!(
        e.message,
        "this is nested too deeply (more than 2000 levels)"
    );
    let e = error(&format!("let _ = {}x", "! ".repeat(100_000)));
    assert_eq!(
        e.message,
        "this is nested too deeply (more than 2000 levels)"
    );
    let e = error(&format!("let _ = {}0", "if c then 1 else ".repeat(100_000)));
    assert_eq!(
        e.message,
        "this is nested too deeply (more than 2000 levels)"
    );
    let e = error(&format!("let _ = function {}_ -> 0", "(".repeat(100_000)));
    assert_eq!(
        e.message,
        "this is nested too deeply (more than 2000 levels)"
    );
}

/// Differential test: every item of the files in `testdata/` prints the same as OCaml's own
/// parser's tree (`testdata/parsetree_sexp.ml`, run with compiler-libs). Skipped when
/// `ocaml` is not installed.
#[test]
fn matches_ocaml_parser() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/syntax/testdata");
    let files = [
        "grammar.ml",
        "bst.ml",
        "eval.ml",
        "loop.ml",
        "printf.ml",
        "exceptions.ml",
    ];
    let output = std::process::Command::new("ocaml")
        .args(["-I", "+compiler-libs", "ocamlcommon.cma"])
        .arg(dir.join("parsetree_sexp.ml"))
        .args(files.iter().map(|f| dir.join(f)))
        .output();
    let output = match output {
        Ok(output) if output.status.success() => output,
        Ok(output) => panic!(
            "reference printer failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ),
        Err(_) => {
            eprintln!("matches_ocaml_parser: `ocaml` not found, skipped");
            return;
        }
    };
    let reference = String::from_utf8(output.stdout).unwrap();
    let mut expected = reference.split(";; ").skip(1);
    for file in files {
        let want = expected.next().unwrap().strip_prefix(file).unwrap().trim();
        let src = std::fs::read_to_string(dir.join(file)).unwrap();
        let got = items(&src);
        let mismatches: Vec<String> = want
            .lines()
            .zip(got.lines())
            .filter(|(w, g)| w != g)
            .map(|(w, g)| format!("  ocaml: {w}\n  egret: {g}"))
            .collect();
        assert!(mismatches.is_empty(), "{file}:\n{}", mismatches.join("\n"));
        assert_eq!(
            want.lines().count(),
            got.lines().count(),
            "{file}: item counts differ"
        );
    }
}

#[test]
fn modules_and_opens() {
    let src = "module M = struct let x = 1 module N = struct type t = A end end\nopen M.N\nlet y = let open M in x\nlet z = M.(x + 1)";
    let printed = items(src);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 4, "{printed}");
    assert!(
        lines[0].starts_with("(module M (struct (let ")
            && lines[0].contains("(module N (struct (type"),
        "{printed}"
    );
    assert_eq!(lines[1], "(open M.N)");
    assert!(lines[2].contains("(open M x)"), "{printed}");
    assert!(lines[3].contains("(open M (+ x 1))"), "{printed}");
    assert_error(
        "module M = struct let x = 1",
        "syntax error: expected `end`",
        "",
    );
}

#[test]
fn module_language() {
    let src = "module type S = sig type t val f : t -> int module N : sig end end\n\
               module F (X : S) (Y : S with type t = X.t) : S = struct include X end\n\
               module G = functor (X : S) -> F (X) (X)\n\
               module H = F (struct type t = int let f x = x module N = struct end end)\n\
               module type T = functor (X : S) -> S with type t := X.t\n\
               open struct let hidden = 1 end\n\
               type t = Map.Make(String).t\n\
               let x = let module M = struct let y = 1 end in M.y";
    let printed = items(src);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 8, "{printed}");
    assert!(
        lines[0].starts_with("(module-type S (sig (type "),
        "{printed}"
    );
    assert!(
        lines[1].starts_with("(module F (functor (X S) (Y (with S (type "),
        "{printed}"
    );
    assert!(lines[1].contains("(: (struct (include X)) S)"), "{printed}");
    assert!(
        lines[2].contains("(functor (X S) (apply (apply F X) X))"),
        "{printed}"
    );
    assert!(
        lines[3].starts_with("(module H (apply F (struct "),
        "{printed}"
    );
    assert!(lines[4].contains("(type:= "), "{printed}");
    assert!(lines[5].starts_with("(open (struct "), "{printed}");
    assert!(lines[6].contains("Map.Make(String).t"), "{printed}");
    assert!(lines[7].contains("(let-module M (struct "), "{printed}");
}

#[test]
fn external_declarations() {
    let src = "external f : int -> int = \"caml_f\"\n\
               external ( +! ) : int -> int -> int = \"%addint\" [@@noalloc]\n\
               external g : 'a -> unit = \"g_byte\" \"g_native\" \"noalloc\"\n\
               external h : (float [@unboxed]) -> int = \"h\" \"h_unboxed\"\n\
               external k : int -> int = \"k\" [@@untagged]\n\
               let x = 1 [@@unboxed]";
    assert_eq!(
        items(src),
        "(external f (int -> int) \"caml_f\")\n\
         (external +! (int -> int -> int) \"%addint\")\n\
         (external g ('a -> unit) \"g_byte\" \"g_native\" \"noalloc\")\n\
         (external h (float -> int) \"h\" \"h_unboxed\" unboxed)\n\
         (external k (int -> int) \"k\" unboxed)\n\
         (let (x 1))"
    );
    assert_error("external f : int -> int", "syntax error: expected `=`", "");
    assert_error(
        "external f : int -> int = 3",
        "syntax error: expected a primitive name (a string literal)",
        "3",
    );
}

/// Explicitly polymorphic annotations and locally abstract types, in the forms OCaml's parser
/// gives (`let f : type a. t = e` is `let f : 'a. t[a := 'a] = fun (type a) -> (e : t)`).
#[test]
fn polymorphic_annotations_and_locally_abstract_types() {
    assert_eq!(
        items("let rec f : 'a. 'a t -> int = fun x -> f x"),
        "(let rec (f (: (fun (x) (f x)) ('a. ('a t -> int)))))"
    );
    assert_eq!(
        items("let f : 'a 'b. 'a -> 'b -> 'a = fun x _ -> x"),
        "(let (f (: (fun (x _) x) ('a 'b. ('a -> 'b -> 'a)))))"
    );
    assert_eq!(
        items("let f : type a b. a -> b list = fun x -> []"),
        "(let (f (: (fun (type a) (fun (type b) (: (fun (x) []) (a -> b list)))) ('a 'b. ('a -> 'b list)))))"
    );
    check(&[
        (
            "fun (type a) (x : a) -> x",
            "(fun (type a) (fun ((: x a)) x))",
        ),
        (
            "fun x (type a b) y -> x",
            "(fun (x) (fun (type a) (fun (type b) (fun (y) x))))",
        ),
        (
            "let f (type t) x = x in f",
            "(let ((f (fun (type t) (fun (x) x)))) f)",
        ),
    ]);
    assert_error(
        "let f (type) x = x",
        "syntax error: expected a type name",
        ")",
    );
}

#[test]
fn inline_never_bindings_are_recorded() {
    let src = "let[@inline never] f x = x\nlet g y = y [@@inline never]\nlet h z = z\n\
               let[@inline] i z = z\nlet[@ocaml.inline never] rec j z = j z\n\
               let k = let[@inline never] l x = x in l";
    let program = parse(src).unwrap();
    let names: Vec<&str> = program
        .never_inline
        .iter()
        .map(|(_, n)| n.as_str())
        .collect();
    assert_eq!(names, ["f", "g", "j", "l"]);
    for (span, name) in &program.never_inline {
        assert_eq!(&src[span.lo as usize..span.hi as usize], name);
    }
}

/// GADT constructors (`C : args -> r`, `C : r`, `C : 'a. ..`), empty variants and refutation
/// cases.
#[test]
fn gadt_declarations_and_refutation_cases() {
    assert_eq!(
        items("type _ t = A : int -> int t | B : 'a t * 'b t -> ('a * 'b) t | C : bool t | D : 'a. 'a -> unit t"),
        "(type (('_ 0 t) (variant (A int : (int t)) (B ('a t) ('b t) : (('a * 'b) t)) (C : (bool t)) (D 'a : 'a (unit t)))))"
    );
    assert_eq!(items("type empty = |"), "(type (empty (variant)))");
    assert_eq!(
        items("let f = function A -> 1 | B -> ."),
        "(let (f (function (A -> 1) (B -> .))))"
    );
}

/// A text parsed at a base offset (an installed stdlib unit's, `crate::installed_files`) has
/// every span, an error's included, moved by the base, and the same tree.
#[test]
fn parsing_at_a_base_moves_every_span() {
    let src = "let f x =\n  g (x + 1)\n";
    let base = 1 << 30;
    let at = super::parse_bytes_at(src.as_bytes(), base).unwrap();
    let plain = parse(src).unwrap();
    assert_eq!(print_program(&at), print_program(&plain));
    assert_eq!(
        at.items[0].span,
        Span::new(plain.items[0].span.lo + base, plain.items[0].span.hi + base)
    );
    let bad = super::parse_bytes_at(b"let f = (1 +\n", base).unwrap_err();
    let span = bad[0].span.expect("a syntax error has a place");
    assert!(span.lo >= base, "{bad:?}");
}
