//! A benchmark of the simplifier (not a timed test): generated terms of a given size —
//! deep `let` chains, many-use definitions, nested lambdas, recursive groups — simplified,
//! with the time taken and the sizes before and after. Run it with
//! `cargo test -p egret-plugin --release simplify::bench -- --ignored --nocapture`.

use std::time::{Duration, Instant};

use super::{effects::node_count, simplify_program, SimplifyOptions};
use crate::diagnostics::Span;
use crate::lambda::builtins::{builtin_types, unit_expr};
use crate::lambda::ir::*;
use crate::lambda::runtime;

#[derive(Clone, Debug)]
pub struct BenchFigure {
    pub family: &'static str,
    pub nodes_before: usize,
    pub nodes_after: usize,
    pub passes: usize,
    pub time: Duration,
}

struct B {
    prog: Program,
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

fn int(n: i64) -> Expr {
    Expr::Const(Const::Int(n))
}

fn add(a: Expr, b: Expr) -> Expr {
    Expr::Prim(Prim::Add, vec![a, b])
}

fn print_int(e: Expr) -> Expr {
    let f = runtime::lookup("egret_print_int").expect("print_int");
    Expr::Prim(Prim::Runtime(f.name, f.purity), vec![e])
}

impl B {
    fn new() -> B {
        B {
            prog: Program {
                body: unit_expr(),
                vars: VarTable::default(),
                types: builtin_types(),
                next_tyvar: 0,
                inline_sites: InlineSites::default(),
            },
        }
    }
    fn var(&mut self, ty: Type) -> VarId {
        let n = self.prog.vars.vars.len();
        self.prog.vars.fresh(format!("v{n}"), ty, Span::default())
    }
    fn int_fun() -> Type {
        Type::arrow(Type::int(), Type::int())
    }

    /// `let x1 = 1 in let x2 = x1 + x1 in ... print_int xn`: every definition used twice
    /// (or once, for `once`).
    fn let_chain(&mut self, n: usize, once: bool, seed: VarId) -> Expr {
        let xs: Vec<VarId> = (0..n).map(|_| self.var(Type::int())).collect();
        let mut e = print_int(Expr::Var(xs[n - 1]));
        for i in (0..n).rev() {
            let def = if i == 0 {
                add(Expr::Var(seed), int(1))
            } else if once {
                add(Expr::Var(xs[i - 1]), int(1))
            } else {
                add(Expr::Var(xs[i - 1]), Expr::Var(xs[i - 1]))
            };
            e = Expr::Local(xs[i], bx(def), bx(e));
        }
        e
    }

    /// `let f = fun a -> a * 3 + 1 in print_int (f (f (... (f y))))`.
    fn many_uses(&mut self, n: usize, y: VarId) -> Expr {
        let f = self.var(B::int_fun());
        let a = self.var(Type::int());
        let def = Expr::Fun(
            vec![a],
            bx(add(
                Expr::Prim(Prim::Mul, vec![Expr::Var(a), int(3)]),
                int(1),
            )),
            FunName::from(""),
        );
        let mut call = Expr::Var(y);
        for _ in 0..n {
            call = Expr::App(bx(Expr::Var(f)), vec![call]);
        }
        Expr::Local(f, bx(def), bx(print_int(call)))
    }

    /// `(fun a1 -> (fun a2 -> ... (fun ak -> a1 + .. + ak))) 1 2 .. k`, nested lambdas
    /// applied one argument at a time.
    fn nested_lambdas(&mut self, k: usize, y: VarId) -> Expr {
        let xs: Vec<VarId> = (0..k).map(|_| self.var(Type::int())).collect();
        let mut body = int(0);
        for x in &xs {
            body = add(body, Expr::Var(*x));
        }
        for x in xs.iter().rev() {
            body = Expr::Fun(vec![*x], bx(body), FunName::from(""));
        }
        for i in 0..k {
            let arg = if i % 2 == 0 {
                Expr::Var(y)
            } else {
                int(i as i64)
            };
            body = Expr::App(bx(body), vec![arg]);
        }
        print_int(body)
    }

    /// `let rec f n = if n <= 0 then 0 else g (n - 1) and g n = f n + 1 in print_int (f 3);`
    /// repeated.
    fn rec_groups(&mut self, groups: usize) -> Expr {
        let mut e = unit_expr();
        for _ in 0..groups {
            let (f, g) = (self.var(B::int_fun()), self.var(B::int_fun()));
            let (n, m) = (self.var(Type::int()), self.var(Type::int()));
            let fdef = Expr::Fun(
                vec![n],
                bx(Expr::If(
                    bx(Expr::Prim(Prim::IntLe, vec![Expr::Var(n), int(0)])),
                    bx(int(0)),
                    bx(Expr::App(
                        bx(Expr::Var(g)),
                        vec![Expr::Prim(Prim::Sub, vec![Expr::Var(n), int(1)])],
                    )),
                )),
                FunName::from(""),
            );
            let gdef = Expr::Fun(
                vec![m],
                bx(add(Expr::App(bx(Expr::Var(f)), vec![Expr::Var(m)]), int(1))),
                FunName::from(""),
            );
            let call = print_int(Expr::App(bx(Expr::Var(f)), vec![int(3)]));
            e = Expr::LetRec(vec![(f, fdef), (g, gdef)], bx(Expr::Seq(bx(call), bx(e))));
        }
        e
    }
}

/// Programs of about `nodes` IR nodes in each family. Each family's term depends on an
/// unknown `y`: it is the body of `fun y -> ..`, called twice (too big to inline), so that
/// not everything folds to a constant.
pub fn bench_programs(nodes: usize) -> Vec<(&'static str, Program)> {
    let mut out = vec![];
    let mut make = |name: &'static str, f: &dyn Fn(&mut B, VarId) -> Expr| {
        let mut b = B::new();
        let y = b.var(Type::int());
        let h = b.var(Type::arrow(Type::int(), Type::unit()));
        let def = Expr::Fun(vec![y], bx(f(&mut b, y)), FunName::from(""));
        let call = |k: i64| Expr::App(bx(Expr::Var(h)), vec![int(k)]);
        b.prog.body = Expr::Local(h, bx(def), bx(Expr::Seq(bx(call(1)), bx(call(2)))));
        out.push((name, b.prog));
    };
    make("let chain, each used twice", &|b, y| {
        b.let_chain(nodes / 4, false, y)
    });
    make("let chain, each used once", &|b, y| {
        b.let_chain(nodes / 4, true, y)
    });
    make("many-use small function", &|b, y| b.many_uses(nodes / 2, y));
    make("nested lambdas applied", &|b, y| {
        b.nested_lambdas(nodes / 4, y)
    });
    make("recursive groups", &|b, _| b.rec_groups(nodes / 22));
    out
}

/// Simplifies the programs of [`bench_programs`] (built, measured and dropped on a thread
/// with a large stack: the terms are deep).
pub fn run_bench(nodes: usize) -> Vec<BenchFigure> {
    crate::lambda::with_big_stack(crate::lambda::BIG_STACK, || {
        bench_programs(nodes)
            .into_iter()
            .map(|(family, mut p)| {
                let nodes_before = node_count(&p.body);
                let start = Instant::now();
                let report = simplify_program(&mut p, &SimplifyOptions::default());
                let time = start.elapsed();
                BenchFigure {
                    family,
                    nodes_before,
                    nodes_after: node_count(&p.body),
                    passes: report.passes.len(),
                    time,
                }
            })
            .collect()
    })
}

#[test]
#[ignore]
fn bench_simplify() {
    for n in [10_000, 100_000] {
        for f in run_bench(n) {
            println!(
                "{:>7} nodes  {:<28} -> {:>7} nodes, {} passes, {:>9.2?}",
                f.nodes_before, f.family, f.nodes_after, f.passes, f.time
            );
        }
    }
}

#[test]
fn bench_programs_simplify_correctly() {
    use crate::lambda::interp::{run_program, InterpOptions};
    use crate::lambda::verify::verify_program;
    for (name, p) in bench_programs(400) {
        verify_program(&p).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let before = run_program(&p, &InterpOptions::default());
        let mut q = p.clone();
        simplify_program(&mut q, &SimplifyOptions::default());
        verify_program(&q).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(before, run_program(&q, &InterpOptions::default()), "{name}");
    }
}
