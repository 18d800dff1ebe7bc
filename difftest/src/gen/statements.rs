//! Control: `raise`, `try`, sequences, `let` bindings and the statements that print
//! intermediate results.

use super::*;

impl Gen<'_> {
    /// A `raise` of type `ty`.
    pub(super) fn raise_expr(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        let k = self.rng.below(self.exns.len() + 4);
        let payload = if k < self.exns.len() {
            let (name, args) = self.exns[k].clone();
            if args.is_empty() {
                vec![t(name)]
            } else {
                let mut v = vec![t(format!("{name} ("))];
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        v.push(t(", "));
                    }
                    v.push(self.expr(a, env, d));
                }
                v.push(t(")"));
                v
            }
        } else {
            match k - self.exns.len() {
                0 => vec![t("Not_found")],
                1 => vec![t("Exit")],
                2 => {
                    let s = self.expr(&Ty::Str, env, d);
                    return self.ex(ty, vec![t("(failwith "), s, t(")")]);
                }
                _ => {
                    let s = self.expr(&Ty::Str, env, d);
                    return self.ex(ty, vec![t("(invalid_arg "), s, t(")")]);
                }
            }
        };
        let mut v = vec![t("(raise (")];
        v.extend(payload);
        v.push(t("))"));
        self.ex(ty, v)
    }

    /// `try e with handlers`, some re-raising.
    pub(super) fn try_expr(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        let body = self.expr(ty, env, d);
        let mut v = vec![t("(try "), body, t(" with")];
        let n = self.rng.range(1, 3);
        for _ in 0..n {
            let k = self.rng.below(self.exns.len() + 5);
            let (pat, binds): (String, Vec<(String, Ty)>) = if k < self.exns.len() {
                let (name, args) = self.exns[k].clone();
                if args.is_empty() {
                    (name, vec![])
                } else {
                    let names: Vec<String> = args.iter().map(|_| self.name("e")).collect();
                    let p = format!("{name} ({})", names.join(", "));
                    (p, names.into_iter().zip(args).collect())
                }
            } else {
                match k - self.exns.len() {
                    0 => ("Not_found".into(), vec![]),
                    1 => ("Division_by_zero".into(), vec![]),
                    2 => {
                        let m = self.name("m");
                        (format!("Failure {m}"), vec![(m, Ty::Str)])
                    }
                    3 => {
                        let m = self.name("m");
                        (format!("Invalid_argument {m}"), vec![(m, Ty::Str)])
                    }
                    _ => ("Exit".into(), vec![]),
                }
            };
            let mut e2 = env.clone();
            for (n, ty) in &binds {
                e2 = e2.with(n, ty.clone());
            }
            let handler = self.expr(ty, &e2, d);
            v.push(item(cat(vec![t(format!(" | {pat} -> ")), handler])));
        }
        match self.rng.below(3) {
            0 => {
                // Re-raise after printing.
                let x = self.name("ex");
                v.push(t(format!(" | {x} -> print_string \"reraise \"; raise {x}")));
            }
            1 => {
                let h = self.expr(ty, env, d);
                v.push(cat(vec![t(" | _ -> "), h]));
            }
            _ => {}
        }
        v.push(t(")"));
        self.ex(ty, v)
    }

    /// `(s1; s2; let x = e in s3; e)`.
    pub(super) fn sequence(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        let mut env = env.clone();
        let mut v = vec![t("(")];
        for _ in 0..self.rng.range(1, 3) {
            if self.rng.chance(35) {
                let (binding, x, xt) = self.binding(&env, d);
                v.push(item(binding));
                env = env.with(&x, xt);
            } else {
                let s = self.stmt(&env, d);
                v.push(item(cat(vec![s, t("; ")])));
            }
        }
        v.push(self.expr(ty, &env, d));
        v.push(t(")"));
        self.ex(ty, v)
    }

    /// `let x = e in ` (a ref, a record, a closure or any value); returns the variable.
    pub(super) fn binding(&mut self, env: &Env, d: u32) -> (Node, String, Ty) {
        let x = self.name("v");
        let ty = match self.rng.below(4) {
            0 => Ty::Ref(Box::new(Ty::Int)),
            1 => Ty::Ref(Box::new(self.data_type(1))),
            _ => self.any_type(1),
        };
        let e = self.expr(&ty, env, d);
        (
            cat(vec![
                t(format!("let ({x} : {}) = ", ty.ocaml())),
                e,
                t(" in "),
            ]),
            x,
            ty,
        )
    }

    /// A statement (an expression of type unit).
    pub(super) fn stmt(&mut self, env: &Env, d: u32) -> Node {
        let u = Ty::Unit;
        match self.rng.below(16) {
            0..=4 => self.print_stmt(env, d),
            5 => {
                let refs: Vec<(String, Ty)> = env
                    .vars
                    .iter()
                    .filter_map(|v| match &v.ty {
                        Ty::Ref(inner) => Some((v.name.clone(), (**inner).clone())),
                        _ => None,
                    })
                    .collect();
                if refs.is_empty() {
                    return self.print_stmt(env, d);
                }
                let (r, inner) = self.rng.pick(&refs).clone();
                if inner == Ty::Int && self.rng.chance(40) {
                    let f = *self.rng.pick(&["incr", "decr"]);
                    return self.ex(&u, vec![t(format!("({f} {r})"))]);
                }
                let e = self.expr(&inner, env, d);
                self.ex(&u, vec![t(format!("({r} := ")), e, t(")")])
            }
            6 => {
                let mut cands = vec![];
                for v in &env.vars {
                    if let Ty::Rec(i) = v.ty {
                        for (f, ft, m) in &self.recs[i].fields {
                            if *m {
                                cands.push((v.name.clone(), f.clone(), ft.clone()));
                            }
                        }
                    }
                }
                if cands.is_empty() {
                    return self.print_stmt(env, d);
                }
                let (r, f, ft) = self.rng.pick(&cands).clone();
                let e = self.expr(&ft, env, d);
                self.ex(&u, vec![t(format!("({r}.{f} <- ")), e, t(")")])
            }
            7 | 8 if env.loops < 2 => {
                let i = self.name("i");
                let lo = self.rng.range(-2, 3);
                let hi = lo + self.rng.range(-1, 6);
                let dir = if self.rng.chance(30) { "downto" } else { "to" };
                let (lo, hi) = if dir == "downto" { (hi, lo) } else { (lo, hi) };
                let mut e2 = env.with(&i, Ty::Int);
                e2.restricted = true;
                e2.loops += 1;
                let body = self.stmt_seq(&e2, d);
                self.ex(
                    &u,
                    vec![
                        t(format!(
                            "(for {i} = {} {dir} {} do ",
                            int_lit(lo),
                            int_lit(hi)
                        )),
                        body,
                        t(" done)"),
                    ],
                )
            }
            9 if env.loops < 2 => {
                let c = self.name("c");
                let n = self.rng.range(0, 6);
                let mut e2 = env.clone();
                e2.restricted = true;
                e2.loops += 1;
                let body = self.stmt_seq(&e2, d);
                self.ex(
                    &u,
                    vec![
                        t(format!(
                            "(let {c} = ref {n} in while !{c} > 0 do decr {c}; "
                        )),
                        body,
                        t(" done)"),
                    ],
                )
            }
            10 => {
                let c = self.expr(&Ty::Bool, env, d);
                let s = self.stmt(env, d);
                self.ex(&u, vec![t("(if "), c, t(" then "), s, t(")")])
            }
            11 => {
                let et = self.data_type(1);
                let x = self.name("x");
                let mut e2 = env.with(&x, et.clone());
                e2.restricted = true;
                let body = self.print_stmt(&e2, d.min(1));
                let l = self.expr(&Ty::list(et.clone()), env, d);
                self.ex(
                    &u,
                    vec![
                        t(format!("(List.iter (fun ({x} : {}) -> ", et.ocaml())),
                        body,
                        t(") "),
                        l,
                        t(")"),
                    ],
                )
            }
            12 => {
                let et = self.any_type(1);
                let e = self.expr(&et, env, d);
                self.ex(&u, vec![t("(ignore "), e, t(")")])
            }
            13 => {
                let s = self.expr(&Ty::Str, env, d);
                let f = *self
                    .rng
                    .pick(&["String.iter (fun c -> print_char c)", "print_endline"]);
                self.ex(&u, vec![t(format!("({f} ")), s, t(")")])
            }
            14 if self.cfg.exceptions && self.rng.chance(20) => {
                let c = self.expr(&Ty::Bool, env, d);
                self.ex(&u, vec![t("(assert "), c, t(")")])
            }
            _ => self.print_stmt(env, d),
        }
    }

    /// Statements separated by `;` (a loop body).
    pub(super) fn stmt_seq(&mut self, env: &Env, d: u32) -> Node {
        let mut v = vec![];
        let n = self.rng.range(1, 2);
        for k in 0..n {
            let s = self.stmt(env, d);
            if k + 1 < n {
                v.push(item(cat(vec![s, t("; ")])));
            } else {
                v.push(s);
            }
        }
        self.ex(&Ty::Unit, vec![t("("), cat(v), t(")")])
    }

    /// Prints a value of a random type.
    pub(super) fn print_stmt(&mut self, env: &Env, d: u32) -> Node {
        let u = Ty::Unit;
        match self.rng.below(8) {
            0 => {
                let e = self.expr(&Ty::Int, env, d);
                self.ex(&u, vec![t("(print_int "), e, t("; print_char ' ')")])
            }
            1 => {
                let e = self.expr(&Ty::Str, env, d);
                let f = *self.rng.pick(&["print_string", "print_endline"]);
                self.ex(&u, vec![t(format!("({f} ")), e, t(")")])
            }
            2 => {
                let e = self.expr(&Ty::Char, env, d);
                self.ex(&u, vec![t("(print_char "), e, t(")")])
            }
            3 => {
                let (fmt, args) = self.format(env, d);
                let nl = if self.rng.chance(50) { "\\n" } else { "" };
                let mut v = vec![t(format!("(Printf.printf \"{fmt}{nl}\""))];
                for a in args {
                    v.push(t(" "));
                    v.push(a);
                }
                v.push(t(")"));
                self.ex(&u, v)
            }
            4 => self.ex(&u, vec![t("(print_newline ())")]),
            _ => {
                let ty = self.data_type(2);
                let x = self.name("w");
                let e = self.expr(&ty, env, d);
                let shown = self.show(&ty, &x);
                self.ex(
                    &u,
                    vec![
                        t(format!("(let ({x} : {}) = ", ty.ocaml())),
                        e,
                        t(format!(" in print_string ({shown}); print_char '\\n')")),
                    ],
                )
            }
        }
    }

    // ---------------------------------------------------------------------------------
}
