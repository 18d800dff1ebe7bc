//! Tests of the lambda IR's printer, reader, verifier and interpreter.

use super::builtins::empty_program;
use super::interp::{run_program, InterpOptions, Status};
use super::ir::*;
use super::parse::parse_expr;
use super::print::{print_expr, print_program};
use super::testkit::*;
use super::verify::{type_of, verify_program};

fn roundtrip(text: &str) {
    let mut p = empty_program(unit());
    let e = parse_expr(text, &mut p).unwrap_or_else(|err| panic!("{text}: {err}"));
    assert_eq!(print_expr(&e, Some(&p)), text);
}

#[test]
fn print_parse_roundtrip() {
    for t in [
        "(ty_fun (fun [V0] ((fun [V1] ((fun [V2] V0) 2)) 1)))",
        "((fun [V0] (V0 157)) (fun [V1] V1))",
        "(ty_fun (ty_fun (let [V0 (fun [V2] (V2 3005))] (fun [V1] (V1 V0 V0)))))",
        "((fun [V0] ((fun [V1] ((fun [V2] ((fun [V3] ((fun [V4] (V4 V0 V1 V2 V3)) (fun [V5 V6 V7 V8] V5))) 4)) 3)) 2)) ((fun [V9] V9) ((fun [V10] V10) ((fun [V11] V11) ((fun [V12] V12) 1)))))",
        "(letrec [V0 (fun [V1] (V0 V1))] [V2 (fun [V3] V3)] (V0 1))",
        "(if true (prim add 1 -2) (prim egret_print_int 3))",
        "(construct list::1 1 (construct list::0))",
        "(switch V0 (0 'a') (1 \"s\\n\\\"q\") (_ (raise (exn Not_found))))",
        "(try (field (tuple 1 2) 0) V3 (seq () 4))",
        "(for V1 0 upto 10 (while false ()))",
        "(prim is_exn:Failure V2)",
    ] {
        roundtrip(t);
    }
}

#[test]
fn program_printer_shows_types_and_indents() {
    let mut k = Kit::new();
    let x = k.var("x", Type::int());
    let f = k.var("f", int_to_int());
    let body = let_(
        f,
        fun(vec![x], prim(Prim::Add, vec![var(x), int(1)])),
        seq(
            print_int(app(var(f), vec![int(41)])),
            print_string("a fairly long string so that the line has to be broken"),
        ),
    );
    let p = k.finish(body);
    let s = print_program(&p);
    assert!(s.contains("V1:{int -> int}"), "{s}");
    assert!(s.contains("[V0:int]"), "{s}");
    assert!(s.lines().count() > 1, "{s}");
}

fn counter_program() -> Program {
    // let r = ref 0 in for i = 1 to 10 do r := !r + i done; print_int !r
    let mut k = Kit::new();
    let r = k.var("r", ref_ty(Type::int()));
    let i = k.var("i", Type::int());
    let body = let_(
        r,
        Expr::Construct {
            ty: ref_ty(Type::int()),
            index: 0,
            args: vec![int(0)],
        },
        seq(
            Expr::For {
                var: i,
                from: b(int(1)),
                to: b(int(10)),
                dir: Direction::Upto,
                body: b(Expr::SetField(
                    b(var(r)),
                    0,
                    b(prim(Prim::Add, vec![Expr::Field(b(var(r)), 0), var(i)])),
                )),
            },
            print_int(Expr::Field(b(var(r)), 0)),
        ),
    );
    k.finish(body)
}

#[test]
fn verifier_accepts_well_typed_programs() {
    let p = counter_program();
    verify_program(&p).unwrap();
    // A polymorphic identity, instantiated.
    let mut k = Kit::new();
    let a = k.tyvar();
    let x = k.var("x", Type::Var(a));
    let id = k.var(
        "id",
        Type::Forall(a, Box::new(Type::arrow(Type::Var(a), Type::Var(a)))),
    );
    let body = let_(
        id,
        Expr::TyFun(a, b(fun(vec![x], var(x)))),
        print_int(app(Expr::TyApp(b(var(id)), Type::int()), vec![int(3)])),
    );
    let p = k.finish(body);
    verify_program(&p).unwrap();
    assert_eq!(
        type_of(&p, &Expr::TyApp(b(var(id)), Type::int())).unwrap(),
        int_to_int()
    );
}

#[test]
fn verifier_rejects_ill_typed_programs() {
    let mut k = Kit::new();
    let x = k.var("x", Type::int());
    let y = k.var("y", Type::string());
    // Ill-typed argument.
    let p = Kit::new().finish(print_int(str_("no")));
    assert!(verify_program(&p).is_err());
    // Duplicate binder.
    let body = let_(x, int(1), let_(x, int(2), print_int(var(x))));
    let mut p = k.finish(body);
    let errs = verify_program(&p).unwrap_err();
    assert!(errs[0].contains("bound twice"), "{errs:?}");
    // Out of scope.
    p.body = seq(print_int(var(x)), unit());
    assert!(verify_program(&p).unwrap_err()[0].contains("out of its scope"));
    // Definition of the wrong type.
    p.body = let_(y, int(1), unit());
    assert!(verify_program(&p).is_err());
    // let rec of a non-function.
    p.body = Expr::LetRec(vec![(x, int(1))], b(unit()));
    assert!(verify_program(&p).unwrap_err()[0].contains("not a function"));
}

fn run(p: &Program) -> super::interp::Outcome {
    run_program(p, &InterpOptions::default())
}

#[test]
fn interpreter_runs_loops_and_references() {
    let o = run(&counter_program());
    assert_eq!(o.stdout_str(), "55");
    assert_eq!(o.exit_code, 0);
}

#[test]
fn interpreter_curried_partial_and_over_application() {
    let mut k = Kit::new();
    let (x, y, z) = (
        k.var("x", Type::int()),
        k.var("y", Type::int()),
        k.var("z", Type::int()),
    );
    let f = k.var("f", Type::arrow(Type::int(), int_to_int()));
    let g = k.var("g", int_to_int());
    let add = k.var("add", Type::arrow(Type::int(), int_to_int()));
    // let add = fun x y -> x - y in let g = add 10 in let f = fun z -> add z in
    // print (g 3); print (f 5 1); print (add 7 2)
    let body = let_(
        add,
        fun(vec![x, y], prim(Prim::Sub, vec![var(x), var(y)])),
        let_(
            g,
            app(var(add), vec![int(10)]),
            let_(
                f,
                fun(vec![z], app(var(add), vec![var(z)])),
                seq(
                    print_int(app(var(g), vec![int(3)])),
                    seq(
                        print_int(app(var(f), vec![int(5), int(1)])),
                        print_int(app(var(add), vec![int(7), int(2)])),
                    ),
                ),
            ),
        ),
    );
    let p = k.finish(body);
    verify_program(&p).unwrap();
    assert_eq!(run(&p).stdout_str(), "745");
}

#[test]
fn interpreter_evaluates_right_to_left() {
    let mut k = Kit::new();
    let x = k.var("x", Type::unit());
    let y = k.var("y", Type::unit());
    let f = k.var(
        "f",
        Type::arrow(Type::unit(), Type::arrow(Type::unit(), Type::unit())),
    );
    let body = let_(
        f,
        fun(vec![x, y], unit()),
        app(var(f), vec![print_string("a"), print_string("b")]),
    );
    let p = k.finish(body);
    verify_program(&p).unwrap();
    assert_eq!(run(&p).stdout_str(), "ba");
}

#[test]
fn interpreter_exceptions() {
    let mut k = Kit::new();
    let failure = k.exn("Failure");
    let not_found = k.exn("Not_found");
    let e = k.var("e", Type::exn());
    // try raise Not_found with e -> if is Not_found then print "caught"; then failwith "boom"
    let body = seq(
        Expr::Try(
            b(Expr::Raise(
                b(Expr::ConstructExn {
                    index: not_found,
                    args: vec![],
                }),
                Type::unit(),
                RaiseKind::Regular,
            )),
            e,
            b(if_(
                prim(Prim::IsException(not_found), vec![var(e)]),
                print_string("caught "),
                unit(),
            )),
        ),
        seq(
            print_int(prim(Prim::Div, vec![int(7), int(2)])),
            Expr::Raise(
                b(Expr::ConstructExn {
                    index: failure,
                    args: vec![str_("boom")],
                }),
                Type::unit(),
                RaiseKind::Regular,
            ),
        ),
    );
    let p = k.finish(body);
    verify_program(&p).unwrap();
    let o = run(&p);
    assert_eq!(o.stdout_str(), "caught 3");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "Fatal error: exception Failure(\"boom\")\n"
    );
    assert_eq!(o.exit_code, 2);
    let p = Kit::new().finish(print_int(prim(Prim::Mod, vec![int(1), int(0)])));
    let o = run(&p);
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "Fatal error: exception Division_by_zero\n"
    );
}

#[test]
fn interpreter_structural_compare() {
    let k = Kit::new();
    let cons = |h: Expr, t: Expr| Expr::Construct {
        ty: list_ty(Type::int()),
        index: 1,
        args: vec![h, t],
    };
    let nil = || Expr::Construct {
        ty: list_ty(Type::int()),
        index: 0,
        args: vec![],
    };
    let l1 = cons(int(1), cons(int(2), nil()));
    let l2 = cons(int(1), nil());
    let body = seq(
        print_int(prim(Prim::Compare, vec![l1.clone(), l2.clone()])),
        seq(
            print_int(prim(Prim::Compare, vec![nil(), l2])),
            print_int(prim(Prim::Compare, vec![str_("abc"), str_("abd")])),
        ),
    );
    let p = k.finish(body);
    verify_program(&p).unwrap();
    assert_eq!(run(&p).stdout_str(), "1-1-1");
}

fn countdown(depth: i64, tail: bool) -> Program {
    // let rec f n = if n = 0 then 0 else (1 + f (n-1))   (or the tail-recursive f n acc)
    let mut k = Kit::new();
    let n = k.var("n", Type::int());
    let acc = k.var("acc", Type::int());
    let f = k.var("f", Type::arrow(Type::int(), int_to_int()));
    let dec = prim(Prim::Sub, vec![var(n), int(1)]);
    let body = if tail {
        app(var(f), vec![dec, prim(Prim::Add, vec![var(acc), int(1)])])
    } else {
        prim(Prim::Add, vec![int(1), app(var(f), vec![dec, var(acc)])])
    };
    let def = fun(
        vec![n, acc],
        if_(prim(Prim::IntEq, vec![var(n), int(0)]), var(acc), body),
    );
    let prog = Expr::LetRec(
        vec![(f, def)],
        b(print_int(app(var(f), vec![int(depth), int(0)]))),
    );
    k.finish(prog)
}

#[test]
fn interpreter_deep_and_tail_recursion() {
    let o = run(&countdown(50_000, false));
    assert_eq!(o.stdout_str(), "50000");
    let o = run(&countdown(300_000, true));
    assert_eq!(o.stdout_str(), "300000");
    let o = run_program(
        &countdown(1_000_000, false),
        &InterpOptions {
            max_depth: 10_000,
            ..Default::default()
        },
    );
    assert_eq!(o.status, Status::UncaughtException("Stack_overflow".into()));
    let o = run_program(
        &countdown(1_000_000, true),
        &InterpOptions {
            fuel: 1000,
            ..Default::default()
        },
    );
    assert_eq!(o.status, Status::OutOfFuel);
}

#[test]
fn every_runtime_primitive_is_implemented() {
    for f in super::runtime::RUNTIME {
        // Bigarrays, Marshal and the Unix library are the C runtime's only: the interpreter
        // says so.
        let c_only = if f.name.starts_with("caml_ba_") {
            Some("bigarrays are not in the interpreter")
        } else if super::runtime::MARSHAL.contains(&f.name) {
            Some("Marshal is not in the interpreter")
        } else if super::runtime::is_unix(f.name) {
            Some("the Unix library is not in the interpreter")
        } else {
            None
        };
        if let Some(why) = c_only {
            let args = f.params.iter().map(|_| int(0)).collect();
            let p = Kit::new().finish(seq(rt(f.name, args), unit()));
            assert!(
                matches!(&run(&p).status, Status::Error(e) if e.contains(why)),
                "{}",
                f.name
            );
            continue;
        }
        // The lexer's and parser's automata take OCaml's records (`Lexing.lexbuf`,
        // `Parsing.parser_env` ...; run on real ones by the examples lexing_ocamllex and
        // parsing_ocamlyacc): given ints, they say which field they miss.
        if matches!(
            f.name,
            "caml_lex_engine" | "caml_new_lex_engine" | "caml_parse_engine"
        ) {
            let args = f.params.iter().map(|_| int(0)).collect();
            let p = Kit::new().finish(seq(rt(f.name, args), unit()));
            assert!(
                matches!(&run(&p).status, Status::Error(e) if e.starts_with(&format!("{}: no field", f.name))),
                "{}: {:?}",
                f.name,
                run(&p).status
            );
            continue;
        }
        // Filling a recursive value's dummy takes two blocks of one size.
        if f.name == "egret_update_dummy" {
            let dummy = || rt("egret_alloc_dummy", vec![int(1)]);
            let p = Kit::new().finish(seq(rt(f.name, vec![dummy(), dummy()]), unit()));
            let o = run(&p);
            assert!(
                !matches!(o.status, Status::Error(_)),
                "{}: {:?}",
                f.name,
                o.status
            );
            continue;
        }
        // `Gc.set` takes a control record, as `Gc.get` returns it.
        if f.name == "caml_gc_set" {
            let control = rt("caml_gc_get", vec![unit()]);
            let p = Kit::new().finish(seq(rt(f.name, vec![control]), unit()));
            let o = run(&p);
            assert!(
                !matches!(o.status, Status::Error(_)),
                "{}: {:?}",
                f.name,
                o.status
            );
            continue;
        }
        let args: Vec<Expr> = f
            .params
            .iter()
            .map(|t| match t {
                super::runtime::RtTy::String if f.name == "egret_format_float" => str_("%f"),
                super::runtime::RtTy::String if f.name.contains("format") => str_("%d"),
                // `Sys`'s primitives get a file that cannot exist (a `mkdir` must fail).
                super::runtime::RtTy::String if f.name.starts_with("caml_sys_") => {
                    str_("/nonexistent-egret-test/1")
                }
                super::runtime::RtTy::String | super::runtime::RtTy::Text => str_("1"),
                super::runtime::RtTy::Char => Expr::Const(Const::Char(b'c')),
                super::runtime::RtTy::Unit => unit(),
                super::runtime::RtTy::Bool => tt(),
                super::runtime::RtTy::Array => rt("egret_array_make", vec![int(1), int(0)]),
                super::runtime::RtTy::Float => Expr::Const(Const::float(1.5)),
                super::runtime::RtTy::Int32 => Expr::Const(Const::BoxedInt(BoxedIntKind::Int32, 7)),
                super::runtime::RtTy::Int64 => Expr::Const(Const::BoxedInt(BoxedIntKind::Int64, 7)),
                super::runtime::RtTy::Nativeint => {
                    Expr::Const(Const::BoxedInt(BoxedIntKind::Nativeint, 7))
                }
                // The 16/32/64-bit accesses take a string long enough.
                super::runtime::RtTy::Any
                    if f.name.starts_with("caml_string_") || f.name.starts_with("caml_bytes_") =>
                {
                    str_("12345678")
                }
                // `Obj`'s copies and field accesses take a block; a flat float record's, floats.
                super::runtime::RtTy::Any
                    if f.name.starts_with("caml_obj_") || f.name.starts_with("egret_obj_") =>
                {
                    rt("egret_array_make", vec![int(1), int(0)])
                }
                // Weak arrays' and ephemerons' primitives take one (key 0 exists).
                super::runtime::RtTy::Any
                    if f.name.starts_with("caml_weak_") || f.name.starts_with("caml_ephe_") =>
                {
                    rt("caml_weak_create", vec![int(1)])
                }
                super::runtime::RtTy::Any if f.name.starts_with("egret_double_field_") => rt(
                    "egret_array_make",
                    vec![int(1), Expr::Const(Const::float(1.5))],
                ),
                _ => int(0),
            })
            .collect();
        let p = Kit::new().finish(seq(rt(f.name, args), unit()));
        let o = run(&p);
        assert!(
            !matches!(o.status, Status::Error(_)),
            "{}: {:?}",
            f.name,
            o.status
        );
    }
}

/// Found by the `pipeline` fuzz target: a refutable pattern in a parameter or a `let` whose
/// body is not `unit` gave its `Match_failure` branch the type `unit`.
#[test]
fn refutable_binding_patterns_type_their_failure_branch() {
    let src = "let f 0 : int = 5\n\
               let g x 0 = x + 1\n\
               let h x = let (0 | 1) = x in x * 10\n\
               let k l = let ([y] | [_; y]) = l in y + 1\n\
               let m = let 3 = 1 + 2 in \"three\"\n\
               let () = print_int (f 0 + g 1 0 + h 1 + k [3] + k [1; 7]); print_string m;\n\
               print_int (h 2)\n";
    let ast = crate::syntax::parse(src).unwrap();
    let (p, _) = crate::typing::type_program(&ast, src, "t.ml").unwrap();
    if let Err(e) = verify_program(&p) {
        panic!("{}", e.join("\n"));
    }
    let o = run(&p);
    assert_eq!(o.stdout_str(), "29three");
    assert_eq!(o.exit_code, 2, "h 2 raises Match_failure");
}

/// `Obj.t` is any value: compatible with every type at any depth (the erasure of GADT
/// existentials and refined locally abstract types, `typing::gadt`); other types are compared
/// exactly.
#[test]
fn any_value_is_compatible_with_every_type() {
    use super::verify::types_compatible;
    let list = |t: Type| Type::Con(TyCon::LIST, vec![t]);
    assert!(types_compatible(&Type::any_value(), &Type::int()));
    assert!(types_compatible(
        &Type::arrow(list(Type::any_value()), Type::int()),
        &Type::arrow(list(Type::string()), Type::int())
    ));
    assert!(types_compatible(
        &Type::Tuple(vec![Type::bool(), Type::any_value()]),
        &Type::Tuple(vec![Type::bool(), Type::arrow(Type::int(), Type::int())])
    ));
    assert!(!types_compatible(&Type::int(), &Type::bool()));
    assert!(!types_compatible(
        &list(Type::int()),
        &Type::Con(TyCon::OPTION, vec![Type::any_value()])
    ));
}
