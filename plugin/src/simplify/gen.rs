//! A generator of random well-typed programs (a hand-rolled PRNG, no dependencies), for the
//! property test "simplification preserves behaviour" and for the benchmark.
//!
//! Programs compute and print ints with: constants (some near `max_int`, to exercise
//! wrapping), variables, arithmetic (division may raise), `let`s of ints and of functions of
//! one and two parameters, applications (saturated, partial, and direct `(fun ..) arg`
//! redexes), `if`, prints in sequences, options built and matched, tuples, references,
//! `try`, `raise`, a polymorphic identity instantiated at `int`, and `let rec` groups (one or
//! two functions) whose recursive calls always decrease a counter, so every program stops.

use crate::lambda::builtins::exception_index;
use crate::lambda::ir::*;
use crate::lambda::testkit::*;

pub struct Gen {
    state: u64,
    pub kit: Kit,
}

#[derive(Clone, Default)]
struct Env {
    ints: Vec<VarId>,
    funs1: Vec<VarId>,
    funs2: Vec<VarId>,
    refs: Vec<VarId>,
    /// Recursive calls allowed here: call `f` with `n - 1`.
    rec_calls: Vec<(VarId, VarId)>,
    poly_id: Option<VarId>,
}

impl Gen {
    pub fn new(seed: u64) -> Gen {
        Gen {
            state: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03,
            kit: Kit::new(),
        }
    }

    /// splitmix64
    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn int_var(&mut self) -> VarId {
        let n = self.kit.prog.vars.vars.len();
        self.kit.var(&format!("x{n}"), Type::int())
    }

    fn constant(&mut self) -> Expr {
        match self.below(10) {
            0 => int(crate::lambda::arith::MAX_INT - self.below(3) as i64),
            1 => int(-(self.below(5) as i64)),
            _ => int(self.below(20) as i64),
        }
    }

    fn leaf(&mut self, env: &Env) -> Expr {
        if !env.ints.is_empty() && self.below(3) > 0 {
            var(env.ints[self.below(env.ints.len())])
        } else {
            self.constant()
        }
    }

    fn cond(&mut self, env: &Env, depth: u32) -> Expr {
        let p = [
            Prim::IntLt,
            Prim::IntLe,
            Prim::IntEq,
            Prim::IntNe,
            Prim::IntGt,
        ][self.below(5)];
        let a = self.expr(env, depth);
        let b = self.expr(env, depth);
        let c = prim(p, vec![a, b]);
        if self.below(6) == 0 {
            prim(Prim::Not, vec![c])
        } else {
            c
        }
    }

    /// A whole program printing one generated int.
    pub fn program(seed: u64, depth: u32) -> Program {
        let mut g = Gen::new(seed);
        let mut env = Env::default();
        if g.below(2) == 0 {
            let a = g.kit.tyvar();
            let x = g.kit.var("x", Type::Var(a));
            let id = g.kit.var(
                "id",
                Type::Forall(a, Box::new(Type::arrow(Type::Var(a), Type::Var(a)))),
            );
            env.poly_id = Some(id);
            let e = g.expr(&env, depth);
            let body = let_(id, Expr::TyFun(a, b(fun(vec![x], var(x)))), print_int(e));
            return g.kit.finish(body);
        }
        let e = g.expr(&env, depth);
        g.kit.finish(print_int(e))
    }

    /// An expression of type int.
    fn expr(&mut self, env: &Env, depth: u32) -> Expr {
        if depth == 0 {
            return self.leaf(env);
        }
        let d = depth - 1;
        match self.below(27) {
            0 | 1 => self.leaf(env),
            2 | 3 => {
                let p = [Prim::Add, Prim::Sub, Prim::Mul, Prim::Add, Prim::Xor][self.below(5)];
                let a = self.expr(env, d);
                let c = self.expr(env, d);
                prim(p, vec![a, c])
            }
            4 => {
                let p = if self.below(2) == 0 {
                    Prim::Div
                } else {
                    Prim::Mod
                };
                let a = self.expr(env, d);
                let c = if self.below(3) == 0 {
                    self.expr(env, d)
                } else {
                    int(self.below(4) as i64)
                };
                prim(p, vec![a, c])
            }
            5 | 6 => {
                let x = self.int_var();
                let def = self.expr(env, d);
                let mut inner = env.clone();
                inner.ints.push(x);
                let body = self.expr(&inner, d);
                let_(x, def, body)
            }
            7 => {
                // let f = fun a -> e in body
                let f = self.kit.var("f", int_to_int());
                let a = self.int_var();
                let mut fenv = env.clone();
                fenv.ints.push(a);
                let def = fun(vec![a], self.expr(&fenv, d));
                let mut inner = env.clone();
                inner.funs1.push(f);
                let body = self.expr(&inner, d);
                let_(f, def, body)
            }
            8 => {
                let g = self.kit.var("g", Type::arrow(Type::int(), int_to_int()));
                let (a, c) = (self.int_var(), self.int_var());
                let mut fenv = env.clone();
                fenv.ints.extend([a, c]);
                let def = fun(vec![a, c], self.expr(&fenv, d));
                let mut inner = env.clone();
                inner.funs2.push(g);
                let body = self.expr(&inner, d);
                let_(g, def, body)
            }
            9 | 10 => {
                if !env.funs1.is_empty() && self.below(2) == 0 {
                    let f = env.funs1[self.below(env.funs1.len())];
                    app(var(f), vec![self.expr(env, d)])
                } else if !env.funs2.is_empty() {
                    let g = env.funs2[self.below(env.funs2.len())];
                    if self.below(3) == 0 {
                        // Partial application, then the last argument.
                        let h = self.kit.var("h", int_to_int());
                        let a = self.expr(env, d);
                        let c = self.expr(env, d);
                        let_(h, app(var(g), vec![a]), app(var(h), vec![c]))
                    } else {
                        let a = self.expr(env, d);
                        let c = self.expr(env, d);
                        app(var(g), vec![a, c])
                    }
                } else if let Some(id) = env.poly_id {
                    app(
                        Expr::TyApp(b(var(id)), Type::int()),
                        vec![self.expr(env, d)],
                    )
                } else {
                    self.leaf(env)
                }
            }
            11 => {
                // A redex as the post's examples: ((fun a -> e) arg)
                let a = self.int_var();
                let mut fenv = env.clone();
                fenv.ints.push(a);
                let body = self.expr(&fenv, d);
                let arg = self.expr(env, d);
                app(fun(vec![a], body), vec![arg])
            }
            12 | 13 => {
                let c = self.cond(env, d);
                let t = self.expr(env, d);
                let e = self.expr(env, d);
                if_(c, t, e)
            }
            14 => {
                let e = self.expr(env, d);
                let rest = self.expr(env, d);
                if self.below(2) == 0 {
                    seq(print_int(e), rest)
                } else {
                    seq(
                        seq(print_string("."), unit()),
                        prim(Prim::Add, vec![e, rest]),
                    )
                }
            }
            15 => {
                // let o = if c then Some e else None in match o with None -> a | Some -> o.0 + b
                let ot = option_ty(Type::int());
                let o = self.kit.var("o", ot.clone());
                let some = Expr::Construct {
                    ty: ot.clone(),
                    index: 1,
                    args: vec![self.expr(env, d)],
                };
                let none = Expr::Construct {
                    ty: ot.clone(),
                    index: 0,
                    args: vec![],
                };
                let def = match self.below(3) {
                    0 => some,
                    1 => none,
                    _ => if_(self.cond(env, d), some, none),
                };
                let a = self.expr(env, d);
                let c = self.expr(env, d);
                let m = Expr::Switch {
                    scrut: b(var(o)),
                    kind: SwitchKind::Constructor(ot.clone()),
                    arms: vec![
                        (0, a),
                        (1, prim(Prim::Add, vec![Expr::Field(b(var(o)), 0), c])),
                    ],
                    default: None,
                    ty: Type::int(),
                };
                let_(o, def, m)
            }
            16 => {
                let tt_ = Type::Tuple(vec![Type::int(), Type::int()]);
                let t = self.kit.var("t", tt_.clone());
                let def = Expr::Construct {
                    ty: tt_,
                    index: 0,
                    args: vec![self.expr(env, d), self.expr(env, d)],
                };
                let_(
                    t,
                    def,
                    prim(
                        Prim::Sub,
                        vec![Expr::Field(b(var(t)), 0), Expr::Field(b(var(t)), 1)],
                    ),
                )
            }
            17 => {
                // let r = ref e in r := !r + e'; !r
                let rt_ = ref_ty(Type::int());
                let r = self.kit.var("r", rt_.clone());
                let def = Expr::Construct {
                    ty: rt_,
                    index: 0,
                    args: vec![self.expr(env, d)],
                };
                let mut inner = env.clone();
                inner.refs.push(r);
                let upd = prim(
                    Prim::Add,
                    vec![Expr::Field(b(var(r)), 0), self.expr(&inner, d)],
                );
                let_(
                    r,
                    def,
                    seq(
                        Expr::SetField(b(var(r)), 0, b(upd)),
                        Expr::Field(b(var(r)), 0),
                    ),
                )
            }
            18 => {
                let not_found = exception_index(&self.kit.prog.types, "Not_found").unwrap();
                let e = self.kit.var("e", Type::exn());
                let body = if self.below(2) == 0 {
                    let c = self.cond(env, d);
                    if_(
                        c,
                        Expr::Raise(
                            b(Expr::ConstructExn {
                                index: not_found,
                                args: vec![],
                            }),
                            Type::int(),
                            RaiseKind::Regular,
                        ),
                        self.expr(env, d),
                    )
                } else {
                    self.expr(env, d)
                };
                let h = self.expr(env, d);
                Expr::Try(b(body), e, b(h))
            }
            19 => {
                if let Some(&(f, n)) = env.rec_calls.get(self.below(env.rec_calls.len().max(1))) {
                    let call = app(var(f), vec![prim(Prim::Sub, vec![var(n), int(1)])]);
                    prim(Prim::Add, vec![call, self.leaf(env)])
                } else if !env.refs.is_empty() {
                    Expr::Field(b(var(env.refs[self.below(env.refs.len())])), 0)
                } else {
                    self.leaf(env)
                }
            }
            20 => {
                // Case of case: match (if c then Some e else None) with None -> a | Some _ -> b
                let ot = option_ty(Type::int());
                let some = Expr::Construct {
                    ty: ot.clone(),
                    index: 1,
                    args: vec![self.expr(env, d)],
                };
                let none = Expr::Construct {
                    ty: ot.clone(),
                    index: 0,
                    args: vec![],
                };
                let c = self.cond(env, d);
                let inner = if self.below(2) == 0 {
                    if_(c, some, none)
                } else {
                    if_(c, none, some)
                };
                let a = self.expr(env, d);
                let c2 = self.expr(env, d);
                Expr::Switch {
                    scrut: b(inner),
                    kind: SwitchKind::Constructor(ot),
                    arms: vec![(0, a), (1, c2)],
                    default: None,
                    ty: Type::int(),
                }
            }
            21 => {
                // if (if c1 then c2 else false) then a else b
                let c1 = self.cond(env, d);
                let c2 = self.cond(env, d);
                let inner = if_(c1, c2, if self.below(2) == 0 { ff() } else { tt() });
                let a = self.expr(env, d);
                let c = self.expr(env, d);
                if_(inner, a, c)
            }
            22 | 23 => {
                // An effectful binding used once, in a place it may or may not move to.
                let x = self.int_var();
                let def = seq(print_int(self.leaf(env)), self.expr(env, d));
                let mut inner = env.clone();
                let e = self.expr(&inner, d);
                inner.ints.clear();
                let use_x = prim(Prim::Add, vec![var(x), e]);
                let body = match self.below(5) {
                    0 => seq(print_string("!"), use_x),
                    1 => if_(self.cond(env, d), use_x, self.leaf(env)),
                    2 => {
                        let f = self.kit.var("f", int_to_int());
                        let a = self.int_var();
                        let_(
                            f,
                            fun(vec![a], prim(Prim::Add, vec![var(a), use_x])),
                            app(var(f), vec![app(var(f), vec![int(1)])]),
                        )
                    }
                    3 => prim(Prim::Sub, vec![use_x, seq(print_string("?"), int(1))]),
                    _ => use_x,
                };
                let_(x, def, body)
            }
            _ => self.letrec(env, d),
        }
    }

    /// `let rec f n = if n <= 0 then base else step (calls f/g with n - 1) [and g ..] in
    /// f k + ...`
    fn letrec(&mut self, env: &Env, d: u32) -> Expr {
        let two = self.below(2) == 0;
        let names: Vec<VarId> = (0..if two { 2 } else { 1 })
            .map(|i| self.kit.var(if i == 0 { "f" } else { "g" }, int_to_int()))
            .collect();
        let mut defs = vec![];
        for &f in &names {
            let n = self.int_var();
            let mut fenv = env.clone();
            fenv.ints.push(n);
            let base = self.expr(&fenv, d.min(2));
            fenv.rec_calls = names.iter().map(|g| (*g, n)).collect();
            let step = self.expr(&fenv, d);
            let step = if self.below(2) == 0 {
                prim(
                    Prim::Add,
                    vec![
                        step,
                        app(
                            var(names[self.below(names.len())]),
                            vec![prim(Prim::Sub, vec![var(n), int(1)])],
                        ),
                    ],
                )
            } else {
                step
            };
            defs.push((
                f,
                fun(
                    vec![n],
                    if_(prim(Prim::IntLe, vec![var(n), int(0)]), base, step),
                ),
            ));
        }
        // Recursive functions are called with small constants only, so that recursion stays
        // shallow (a stack overflow would show the interpreter's limits, not the program's).
        let inner = env.clone();
        let k = self.below(5) as i64;
        let call = app(var(names[0]), vec![int(k)]);
        let rest = self.expr(&inner, d.min(3));
        Expr::LetRec(defs, b(prim(Prim::Add, vec![call, rest])))
    }
}
