//! The simplifier's tests: the post's reference cases as snapshots, then effects, recursion,
//! data, and semantics preservation checked with the lambda interpreter.

use super::*;
use crate::lambda::builtins::empty_program;
use crate::lambda::interp::{run_program, InterpOptions, Outcome};
use crate::lambda::parse::parse_expr;
use crate::lambda::print::print_expr;
use crate::lambda::verify::verify_program;

/// Simplifies the term written `input` and compares the printed result with `expected`.
fn snapshot(input: &str, expected: &str) {
    let mut p = empty_program(unit_expr());
    let e = parse_expr(input, &mut p).unwrap();
    let (out, report) = simplify_expr(
        e,
        &mut p.vars,
        &p.types,
        &mut p.inline_sites,
        &SimplifyOptions::default(),
    );
    let got = print_expr(&out, Some(&p));
    assert_eq!(
        got, expected,
        "\ninput:    {input}\nexpected: {expected}\ngot:      {got}\n{report}"
    );
}

#[test]
fn reference_1_nested_betas_under_ty_fun() {
    snapshot(
        "(ty_fun (fun [V0] ((fun [V1] ((fun [V2] V0) 2)) 1)))",
        "(ty_fun (fun [V0] V0))",
    );
}

#[test]
fn reference_2_function_argument_applied() {
    snapshot("((fun [V0] (V0 157)) (fun [V1] V1))", "157");
}

#[test]
fn reference_3_trivial_argument_used_many_times() {
    snapshot(
        "((fun [V0] (fun [V1] (V1 V0 (V1 V0 V0)))) 3005)",
        "(fun [V1] (V1 3005 (V1 3005 3005)))",
    );
}

#[test]
fn reference_4_function_used_once() {
    snapshot(
        "(ty_fun (ty_fun (fun [V0] ((fun [V1] (V0 V1)) (fun [V2] (V2 3005))))))",
        "(ty_fun (ty_fun (fun [V0] (V0 (fun [V2] (V2 3005))))))",
    );
}

#[test]
fn reference_5_function_used_many_times_without_benefit() {
    snapshot(
        "(ty_fun (ty_fun ((fun [V0] (fun [V1] (V1 V0 V0))) (fun [V2] (V2 3005)))))",
        "(ty_fun (ty_fun (let [V0 (fun [V2] (V2 3005))] (fun [V1] (V1 V0 V0)))))",
    );
}

#[test]
fn reference_6_once_in_fun_without_benefit() {
    snapshot(
        "(ty_fun (ty_fun ((fun [V0] (fun [V1] V0)) (fun [V2] (V2 3005)))))",
        "(ty_fun (ty_fun (let [V0 (fun [V2] (V2 3005))] (fun [V1] V0))))",
    );
}

#[test]
fn reference_7_once_in_fun_with_benefit() {
    snapshot(
        "(ty_fun (ty_fun (ty_fun ((fun [V0] (fun [V1] (V0 (fun [V2] V2)))) (fun [V3] (fun [V4] (V3 (fun [V5] V5))))))))",
        "(ty_fun (ty_fun (ty_fun (fun [V1] (fun [V4] (fun [V5] V5))))))",
    );
}

#[test]
fn reference_8_the_posts_big_term() {
    snapshot(
        "((fun [V0] ((fun [V1] ((fun [V2] ((fun [V3] ((fun [V4] (V4 V0 V1 V2 V3)) (fun [V5 V6 V7 V8] V5))) 4)) 3)) 2)) ((fun [V9] V9) ((fun [V10] V10) ((fun [V11] V11) ((fun [V12] V12) 1)))))",
        "1",
    );
}

use crate::lambda::print::print_program;
use crate::lambda::testkit::*;

fn run(p: &Program) -> Outcome {
    run_program(
        p,
        &InterpOptions {
            fuel: 5_000_000,
            ..Default::default()
        },
    )
}

/// Simplifies `p` (which must verify before and after) and checks that it behaves the same;
/// returns the simplified program and the report.
fn simplify_checked(mut p: Program, opts: &SimplifyOptions) -> (Program, SimplifyReport) {
    if let Err(e) = verify_program(&p) {
        panic!("input does not verify: {e:?}\n{}", print_program(&p));
    }
    let before = run(&p);
    let original = p.clone();
    let report = simplify_program(&mut p, opts);
    if let Err(e) = verify_program(&p) {
        panic!(
            "output does not verify: {e:?}\ninput:\n{}\noutput:\n{}",
            print_program(&original),
            print_program(&p)
        );
    }
    let after = run(&p);
    assert_eq!(
        before,
        after,
        "behaviour changed\ninput:\n{}\noutput:\n{}\n{report}",
        print_program(&original),
        print_program(&p)
    );
    (p, report)
}

/// The post's `is_empty`: `is_none (head l)` with both inlined is a single match.
fn is_empty_program(k: &mut Kit) -> (Expr, VarId) {
    let il = list_ty(Type::int());
    let io = option_ty(Type::int());
    let l = k.var("l", il.clone());
    let o = k.var("o", io.clone());
    let s = k.var("s", il.clone());
    let head = k.var("head", Type::arrow(il.clone(), io.clone()));
    let is_none = k.var("is_none", Type::arrow(io.clone(), Type::bool()));
    let is_empty = k.var("is_empty", Type::arrow(il.clone(), Type::bool()));
    let head_def = fun(
        vec![l],
        Expr::Switch {
            scrut: b(var(l)),
            kind: SwitchKind::Constructor(il.clone()),
            arms: vec![
                (
                    0,
                    Expr::Construct {
                        ty: io.clone(),
                        index: 0,
                        args: vec![],
                    },
                ),
                (
                    1,
                    Expr::Construct {
                        ty: io.clone(),
                        index: 1,
                        args: vec![Expr::Field(b(var(l)), 0)],
                    },
                ),
            ],
            default: None,
            ty: io.clone(),
        },
    );
    let is_none_def = fun(
        vec![o],
        Expr::Switch {
            scrut: b(var(o)),
            kind: SwitchKind::Constructor(io),
            arms: vec![(0, tt()), (1, ff())],
            default: None,
            ty: Type::bool(),
        },
    );
    let is_empty_def = fun(
        vec![s],
        app(var(is_none), vec![app(var(head), vec![var(s)])]),
    );
    let wrap = move |body: Expr| {
        let_(
            head,
            head_def,
            let_(is_none, is_none_def, let_(is_empty, is_empty_def, body)),
        )
    };
    (wrap(var(is_empty)), is_empty)
}

#[test]
fn is_empty_becomes_a_single_match() {
    let mut k = Kit::new();
    let (e, _) = is_empty_program(&mut k);
    let mut p = k.finish(unit_expr());
    let (out, report) = simplify_expr(
        e,
        &mut p.vars,
        &p.types,
        &mut p.inline_sites,
        &SimplifyOptions::default(),
    );
    assert_eq!(
        print_expr(&out, Some(&p)),
        "(fun [V2] (switch V2 (0 true) (1 false)))",
        "{report}"
    );
}

#[test]
fn is_empty_keeps_its_meaning() {
    let mut k = Kit::new();
    let (e, is_empty) = is_empty_program(&mut k);
    let il = list_ty(Type::int());
    let cons = Expr::Construct {
        ty: il.clone(),
        index: 1,
        args: vec![
            int(1),
            Expr::Construct {
                ty: il.clone(),
                index: 0,
                args: vec![],
            },
        ],
    };
    let nil = Expr::Construct {
        ty: il,
        index: 0,
        args: vec![],
    };
    let show = |x: Expr| {
        if_(
            app(var(is_empty), vec![x]),
            print_string("empty "),
            print_string("nonempty "),
        )
    };
    let Expr::Local(h, hd, rest) = e else {
        panic!()
    };
    let Expr::Local(n, nd, rest) = *rest else {
        panic!()
    };
    let Expr::Local(ie, ied, _) = *rest else {
        panic!()
    };
    let body = let_(
        h,
        *hd,
        let_(n, *nd, let_(ie, *ied, seq(show(nil), show(cons)))),
    );
    let (p, _) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    assert_eq!(run(&p).stdout_str(), "empty nonempty ");
}

/// `let x = (print "a"; 1) in body`
fn printing_binding(k: &mut Kit, text: &str, value: i64) -> (VarId, Expr) {
    let x = k.var("x", Type::int());
    (x, seq(print_string(text), int(value)))
}

#[test]
fn effectful_binding_used_twice_runs_once() {
    let mut k = Kit::new();
    let (x, d) = printing_binding(&mut k, "a", 20);
    let body = let_(x, d, print_int(prim(Prim::Add, vec![var(x), var(x)])));
    let (p, _) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    assert_eq!(run(&p).stdout_str(), "a40");
}

#[test]
fn effectful_binding_unused_keeps_its_effect() {
    let mut k = Kit::new();
    let (x, d) = printing_binding(&mut k, "a", 20);
    let body = let_(x, d, print_string("b"));
    let (p, _) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    assert_eq!(run(&p).stdout_str(), "ab");
    assert_eq!(
        print_expr(&p.body, Some(&p)),
        "(seq (prim egret_print_string \"a\") (prim egret_print_string \"b\"))"
    );
}

#[test]
fn effectful_bindings_keep_their_order() {
    // let x = (print "a"; 1) in let y = (print "b"; 2) in print_int (y - x)
    let mut k = Kit::new();
    let (x, dx) = printing_binding(&mut k, "a", 1);
    let (y, dy) = printing_binding(&mut k, "b", 2);
    let body = let_(
        x,
        dx,
        let_(y, dy, print_int(prim(Prim::Sub, vec![var(y), var(x)]))),
    );
    let (p, _) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    assert_eq!(run(&p).stdout_str(), "ab1");
}

#[test]
fn effectful_binding_moves_to_its_first_use() {
    // let x = (print "a"; 1) in print_int (x + 2): nothing impure before the use.
    let mut k = Kit::new();
    let (x, dx) = printing_binding(&mut k, "a", 1);
    let body = let_(x, dx, print_int(prim(Prim::Add, vec![var(x), int(2)])));
    let (p, _) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    assert_eq!(
        print_expr(&p.body, Some(&p)),
        "(prim egret_print_int (prim add (seq (prim egret_print_string \"a\") 1) 2))"
    );
}

#[test]
fn effectful_binding_does_not_move_into_a_branch_or_function() {
    let mut k = Kit::new();
    let (x, dx) = printing_binding(&mut k, "a", 1);
    let (y, dy) = printing_binding(&mut k, "b", 2);
    let u = k.var("u", Type::int());
    let f = k.var("f", int_to_int());
    let body = let_(
        x,
        dx,
        let_(
            y,
            dy,
            let_(
                f,
                fun(vec![u], prim(Prim::Add, vec![var(u), var(y)])),
                seq(
                    if_(
                        prim(Prim::IntEq, vec![int(1), int(2)]),
                        print_int(var(x)),
                        unit(),
                    ),
                    print_int(prim(
                        Prim::Add,
                        vec![app(var(f), vec![int(1)]), app(var(f), vec![int(2)])],
                    )),
                ),
            ),
        ),
    );
    let (p, _) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    assert_eq!(run(&p).stdout_str(), "ab7");
}

#[test]
fn reads_do_not_move_past_writes() {
    // let r = ref 1 in let v = !r in r := 5; print_int v
    let mut k = Kit::new();
    let rt_ = ref_ty(Type::int());
    let r = k.var("r", rt_.clone());
    let v = k.var("v", Type::int());
    let body = let_(
        r,
        Expr::Construct {
            ty: rt_,
            index: 0,
            args: vec![int(1)],
        },
        let_(
            v,
            Expr::Field(b(var(r)), 0),
            seq(Expr::SetField(b(var(r)), 0, b(int(5))), print_int(var(v))),
        ),
    );
    let (p, _) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    assert_eq!(run(&p).stdout_str(), "1");
}

#[test]
fn constant_folding_follows_ocaml() {
    let k = Kit::new();
    let max = crate::lambda::arith::MAX_INT;
    let body = seq(
        print_int(prim(Prim::Add, vec![int(max), int(1)])),
        seq(
            print_int(prim(Prim::Div, vec![int(-7), int(2)])),
            print_int(prim(Prim::Div, vec![int(1), int(0)])),
        ),
    );
    let (p, _) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    let s = print_expr(&p.body, Some(&p));
    assert!(
        s.contains("-4611686018427387904") && s.contains("-3") && s.contains("(prim div 1 0)"),
        "{s}"
    );
}

#[test]
fn known_if_and_dead_branches() {
    let mut k = Kit::new();
    let x = k.var("x", Type::int());
    let body = let_(
        x,
        int(3),
        if_(
            prim(Prim::IntLt, vec![var(x), int(5)]),
            print_string("small"),
            print_string("big"),
        ),
    );
    let (p, _) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    assert_eq!(
        print_expr(&p.body, Some(&p)),
        "(prim egret_print_string \"small\")"
    );
}

/// `let rec f n = if n <= 0 then 0 else g (n - 1) and g n = f n + 1 in print_int (f 10)`
fn mutual_recursion(k: &mut Kit) -> Expr {
    let (n, m) = (k.var("n", Type::int()), k.var("m", Type::int()));
    let (f, g) = (k.var("f", int_to_int()), k.var("g", int_to_int()));
    let fdef = fun(
        vec![n],
        if_(
            prim(Prim::IntLe, vec![var(n), int(0)]),
            int(0),
            app(var(g), vec![prim(Prim::Sub, vec![var(n), int(1)])]),
        ),
    );
    let gdef = fun(
        vec![m],
        prim(Prim::Add, vec![app(var(f), vec![var(m)]), int(1)]),
    );
    Expr::LetRec(
        vec![(f, fdef), (g, gdef)],
        b(print_int(app(var(f), vec![int(10)]))),
    )
}

#[test]
fn recursive_group_terminates_and_inlines_the_non_breaker() {
    let mut k = Kit::new();
    let body = mutual_recursion(&mut k);
    let opts = SimplifyOptions {
        max_passes: 8,
        ..Default::default()
    };
    let (p, report) = simplify_checked(k.finish(body), &opts);
    assert_eq!(run(&p).stdout_str(), "10");
    // One function is left, calling itself; the other was inlined into it.
    let s = print_expr(&p.body, Some(&p));
    assert_eq!(s.matches("[V").count(), 2, "{s}\n{report}");
    assert!(
        report
            .call_sites
            .iter()
            .any(|c| !c.inlined && c.reason.contains("loop breaker")),
        "{report}"
    );
}

#[test]
fn self_application_through_data_terminates() {
    // The classic inliner trap: type t = Fold of (t -> int); let w = fun x -> match x with
    // Fold f -> f x in w (Fold w). Its own recursion comes from data, not let rec.
    let mut k = Kit::new();
    let t = TyCon(k.prog.types.decls.len() as u32);
    let tt_ = Type::Con(t, vec![]);
    k.prog.types.decls.push(TypeDecl {
        name: "t".into(),
        params: vec![],
        kind: DeclKind::Variant(vec![Constructor {
            name: "Fold".into(),
            args: vec![Type::arrow(tt_.clone(), Type::int())],
        }]),
    });
    let x = k.var("x", tt_.clone());
    let w = k.var("w", Type::arrow(tt_.clone(), Type::int()));
    let wdef = fun(vec![x], app(Expr::Field(b(var(x)), 0), vec![var(x)]));
    let body = let_(
        w,
        wdef,
        print_int(app(
            var(w),
            vec![Expr::Construct {
                ty: tt_,
                index: 0,
                args: vec![var(w)],
            }],
        )),
    );
    let mut p = k.finish(body);
    verify_program(&p).unwrap();
    let opts = SimplifyOptions {
        max_passes: 10,
        ..Default::default()
    };
    let report = simplify_program(&mut p, &opts);
    verify_program(&p).unwrap();
    assert!(report.passes.len() <= 10);
}

#[test]
fn disabled_is_the_identity() {
    let mut k = Kit::new();
    let body = mutual_recursion(&mut k);
    let mut p = k.finish(body);
    let before = print_program(&p);
    let report = simplify_program(
        &mut p,
        &SimplifyOptions {
            enabled: false,
            ..Default::default()
        },
    );
    assert_eq!(print_program(&p), before);
    assert_eq!(report.to_string(), "simplifier: off\n");
}

#[test]
fn polymorphic_function_instantiated_twice() {
    // let id = /\a. fun x:a -> x in print_int (id[int] 3); print_string (id[string] "s")
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
        seq(
            print_int(app(Expr::TyApp(b(var(id)), Type::int()), vec![int(3)])),
            rt(
                "egret_print_string",
                vec![app(
                    Expr::TyApp(b(var(id)), Type::string()),
                    vec![str_("s")],
                )],
            ),
        ),
    );
    let (p, report) = simplify_checked(k.finish(body), &SimplifyOptions::default());
    assert_eq!(
        print_expr(&p.body, Some(&p)),
        "(seq (prim egret_print_int 3) (prim egret_print_string \"s\"))",
        "{report}"
    );
}

#[test]
fn inline_report_lists_call_sites() {
    let mut k = Kit::new();
    let body = mutual_recursion(&mut k);
    let mut p = k.finish(body);
    let report = simplify_program(&mut p, &SimplifyOptions::default());
    let text = report.to_string();
    assert!(
        text.contains("call f/V2") || text.contains("call g/V3"),
        "{text}"
    );
    assert!(text.contains("inlined"), "{text}");
}

#[test]
fn occurrence_analysis_matches_the_posts_definition() {
    for seed in 0..300 {
        let p = super::gen::Gen::program(seed, 5);
        let (free1, fast) = occurrence_analysis(&p.body);
        let (free2, slow) = super::occurrence::occurrence_analysis_compositional(&p.body);
        assert_eq!(free1, free2, "seed {seed}");
        for (v, occ) in &slow.vars {
            // Loop breakers are `Many` and unreachable bindings `Dead` by design.
            if fast.is_loop_breaker(*v)
                || fast.lookup_var(*v) == Occurrence::Dead && *occ != Occurrence::Dead
            {
                continue;
            }
            assert_eq!(
                fast.lookup_var(*v),
                *occ,
                "seed {seed}: {v}\n{}",
                print_expr(&p.body, Some(&p))
            );
        }
    }
}

/// The property: for generated programs, simplification keeps the program well typed and
/// its behaviour (stdout, stderr, exit code) unchanged.
#[test]
fn simplification_preserves_behaviour_of_generated_programs() {
    let mut checked = 0;
    let mut work = Counters::default();
    for seed in 0..400 {
        let p = super::gen::Gen::program(seed, 6);
        if std::env::var("EGRET_DEBUG_SEED").is_ok() {
            eprintln!("seed {seed}");
        }
        verify_program(&p)
            .unwrap_or_else(|e| panic!("seed {seed}: generated program does not verify: {e:?}"));
        if run(&p).status == crate::lambda::interp::Status::OutOfFuel {
            continue;
        }
        for opts in [
            SimplifyOptions::default(),
            SimplifyOptions {
                inline_threshold: 200,
                max_passes: 4,
                enabled: true,
                ocaml_inlining: false,
                ocaml_inlining_when_recording: false,
                keep_exports: false,
            },
        ] {
            let (_, report) = simplify_checked(p.clone(), &opts);
            for c in &report.passes {
                work.saturated_fun_count += c.saturated_fun_count;
                work.locals_inlined += c.locals_inlined;
                work.known_cases += c.known_cases;
                work.case_of_case += c.case_of_case;
                work.constants_folded += c.constants_folded;
                work.dead_code_removed += c.dead_code_removed;
                work.saturated_ty_fun_count += c.saturated_ty_fun_count;
            }
        }
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
    // The generator exercises every kind of work.
    assert!(
        work.saturated_fun_count > 0
            && work.locals_inlined > 0
            && work.known_cases > 0
            && work.constants_folded > 0,
        "{work:?}"
    );
}

#[test]
#[ignore]
fn debug_seed() {
    let seed: u64 = std::env::var("SEED").unwrap().parse().unwrap();
    let depth: u32 = std::env::var("DEPTH")
        .map(|d| d.parse().unwrap())
        .unwrap_or(6);
    let mut p = super::gen::Gen::program(seed, depth);
    println!("{}", print_program(&p));
    let o = run(&p);
    println!("{:?}", o.status);
    let passes: usize = std::env::var("PASSES")
        .map(|d| d.parse().unwrap())
        .unwrap_or(2);
    let r = simplify_program(
        &mut p,
        &SimplifyOptions {
            max_passes: passes,
            ..Default::default()
        },
    );
    println!("{}\n{r}", print_program(&p));
}

/// Under `-g` (`keep_exports`) the program's exports are kept though it never uses them (as
/// ocamlopt keeps a unit's), a `let` and a `let rec` alike; otherwise they are dropped. A kept
/// export used once is not moved into its use either.
#[test]
fn exports_are_kept_under_keep_exports() {
    let build = || {
        let mut k = Kit::new();
        let x = k.var("x", Type::int());
        let y = k.var("y", Type::int());
        let z = k.var("z", Type::int());
        let unused = k.var("unused", int_to_int());
        let unused_rec = k.var("unused_rec", int_to_int());
        let once = k.var("once", int_to_int());
        let body = let_(
            unused,
            fun(vec![x], prim(Prim::Add, vec![var(x), int(1)])),
            Expr::LetRec(
                vec![(unused_rec, fun(vec![y], app(var(unused_rec), vec![var(y)])))],
                b(let_(
                    once,
                    fun(vec![z], prim(Prim::Mul, vec![var(z), int(3)])),
                    print_int(app(var(once), vec![int(14)])),
                )),
            ),
        );
        let mut p = k.finish(body);
        p.vars.exports.extend([unused, unused_rec, once]);
        p
    };
    // How many of the exports are still bound.
    fn bound(p: &Program, e: &Expr) -> usize {
        let named = |v: &VarId| ["unused", "unused_rec", "once"].contains(&&*p.vars.get(*v).name);
        let mut n = match e {
            Expr::Local(v, ..) => named(v) as usize,
            Expr::LetRec(defs, _) => defs.iter().filter(|(v, _)| named(v)).count(),
            _ => 0,
        };
        crate::lambda::visit::each_child(e, &mut |c| n += bound(p, c));
        n
    }
    for keep in [true, false] {
        let opts = SimplifyOptions {
            keep_exports: keep,
            ..Default::default()
        };
        let (p, report) = simplify_checked(build(), &opts);
        assert_eq!(run(&p).stdout_str(), "42");
        let s = print_program(&p);
        if keep {
            assert_eq!(bound(&p, &p.body), 3, "{s}\n{report}");
        } else {
            assert_eq!(bound(&p, &p.body), 0, "{s}\n{report}");
            assert!(p.vars.exports.is_empty());
        }
    }
}
