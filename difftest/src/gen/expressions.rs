//! Type-directed expressions: atoms, constants, calls and partial applications, and the
//! expressions of each base type, lists and formats.

use super::*;

impl Gen<'_> {
    // ---------------------------------------------------------------------------------
    // Expressions
    // ---------------------------------------------------------------------------------

    pub(super) fn vars_of<'e>(&self, env: &'e Env, ty: &Ty) -> Vec<&'e Var> {
        env.vars.iter().filter(|v| &v.ty == ty).collect()
    }

    /// An expression of type `ty`.
    pub(super) fn expr(&mut self, ty: &Ty, env: &Env, depth: u32) -> Node {
        // Atoms at the leaves, and often elsewhere.
        if depth == 0 || self.rng.chance(20) {
            return self.atom(ty, env);
        }
        let d = depth - 1;
        match self.rng.below(20) {
            0 => {
                let c = self.expr(&Ty::Bool, env, d);
                let a = self.expr(ty, env, d);
                let b = self.expr(ty, env, d);
                self.ex(
                    ty,
                    vec![t("(if "), c, t(" then "), a, t(" else "), b, t(")")],
                )
            }
            1 => {
                let vt = self.any_type(1);
                let x = self.name("v");
                let e1 = self.expr(&vt, env, d);
                let body = self.expr(ty, &env.with(&x, vt.clone()), d);
                self.ex(
                    ty,
                    vec![
                        t("(let "),
                        t(format!("({x} : {})", vt.ocaml())),
                        t(" = "),
                        e1,
                        t(" in "),
                        body,
                        t(")"),
                    ],
                )
            }
            2 | 3 => self.match_expr(ty, env, d),
            4 | 5 => match self.call(ty, env, d) {
                Some(n) => n,
                None => self.specific(ty, env, d),
            },
            6 => self.sequence(ty, env, d),
            7 if self.cfg.exceptions => self.try_expr(ty, env, d),
            8 if self.cfg.exceptions && !self.no_raise && self.rng.chance(30) => {
                let c = self.expr(&Ty::Bool, env, d);
                let r = self.raise_expr(ty, env, d);
                let e = self.expr(ty, env, d);
                self.ex(
                    ty,
                    vec![t("(if "), c, t(" then "), r, t(" else "), e, t(")")],
                )
            }
            9 => {
                // Apply a local closure.
                let at = self.data_type(1);
                let x = self.name("a");
                let body = self.expr(ty, &env.with(&x, at.clone()), d);
                let arg = self.expr(&at, env, d);
                self.ex(
                    ty,
                    vec![
                        t(format!("((fun ({x} : {}) -> ", at.ocaml())),
                        body,
                        t(") "),
                        arg,
                        t(")"),
                    ],
                )
            }
            _ => self.specific(ty, env, d),
        }
    }

    /// A literal, a variable or a simple constructor of type `ty`.
    pub(super) fn atom(&mut self, ty: &Ty, env: &Env) -> Node {
        let vars = self.vars_of(env, ty);
        if !vars.is_empty() && self.rng.chance(60) {
            let v = self.rng.pick(&vars).name.clone();
            return self.ex(ty, vec![t(v)]);
        }
        let text = match ty {
            Ty::Int => int_lit(self.int_const()),
            Ty::Bool => if self.rng.chance(50) { "true" } else { "false" }.into(),
            Ty::Char => char_lit(self.char_const()),
            Ty::Str => self.string_const(),
            Ty::Unit => "()".into(),
            Ty::List(el) if self.rng.chance(60) => {
                let n = self.rng.range(1, 3);
                let items: Vec<Node> = (0..n)
                    .flat_map(|k| {
                        let e = self.atom(el, env);
                        if k == 0 {
                            vec![e]
                        } else {
                            vec![t("; "), e]
                        }
                    })
                    .collect();
                let mut v = vec![t("[")];
                v.extend(items);
                v.push(t("]"));
                return self.ex(ty, v);
            }
            Ty::Option(el) if self.rng.chance(60) => {
                let e = self.atom(el, env);
                return self.ex(ty, vec![t("(Some "), e, t(")")]);
            }
            Ty::Tuple(ts) => {
                let mut v = vec![t("(")];
                for (k, et) in ts.clone().iter().enumerate() {
                    if k > 0 {
                        v.push(t(", "));
                    }
                    v.push(self.atom(et, env));
                }
                v.push(t(")"));
                return self.ex(ty, v);
            }
            Ty::Ref(el) => {
                let e = self.atom(el, env);
                return self.ex(ty, vec![t("(ref "), e, t(")")]);
            }
            Ty::Adt(i) => {
                let (c, args) = {
                    let ctors = &self.adts[*i].ctors;
                    // Mostly non-recursive constructors at the leaves.
                    let k = self.rng.below(ctors.len());
                    ctors[k].clone()
                };
                if args.iter().any(|a| matches!(a, Ty::Adt(j) if j == i))
                    || args
                        .iter()
                        .any(|a| matches!(a, Ty::List(x) if **x == Ty::Adt(*i)))
                {
                    self.adts[*i].ctors[0].0.clone()
                } else if args.is_empty() {
                    c
                } else {
                    let mut v = vec![t(format!("({c} ("))];
                    for (k, at) in args.iter().enumerate() {
                        if k > 0 {
                            v.push(t(", "));
                        }
                        v.push(self.atom(at, env));
                    }
                    v.push(t("))"));
                    return self.ex(ty, v);
                }
            }
            Ty::Rec(i) => {
                let fields: Vec<(String, Ty)> = self.recs[*i]
                    .fields
                    .iter()
                    .map(|(f, ty, _)| (f.clone(), ty.clone()))
                    .collect();
                let mut v = vec![t("{ ")];
                for (k, (f, ft)) in fields.iter().enumerate() {
                    if k > 0 {
                        v.push(t("; "));
                    }
                    v.push(t(format!("{f} = ")));
                    v.push(self.atom(ft, env));
                }
                v.push(t(" }"));
                return self.ex(ty, v);
            }
            Ty::Fun(args, r) => {
                let mut e = env.clone();
                let mut head = String::from("(fun");
                for a in args {
                    let x = self.name("a");
                    head.push_str(&format!(" ({x} : {})", a.ocaml()));
                    e = e.with(&x, a.clone());
                }
                head.push_str(" -> ");
                let body = self.atom(r, &e);
                return self.ex(ty, vec![t(head), body, t(")")]);
            }
            _ => self.default(ty),
        };
        self.ex(ty, vec![t(text)])
    }

    pub(super) fn int_const(&mut self) -> i64 {
        match self.rng.below(12) {
            0 => *self.rng.pick(&[
                4611686018427387903,
                -4611686018427387904,
                4611686018427387902,
                -1,
                1 << 40,
            ]),
            1 => self.rng.range(-1000, 1000),
            2 => self.rng.range(-(1 << 40), 1 << 40),
            _ => self.rng.range(-3, 12),
        }
    }

    pub(super) fn char_const(&mut self) -> u8 {
        match self.rng.below(10) {
            0 => *self.rng.pick(b"\n\\'\"\t "),
            1 => self.rng.range(0, 255) as u8,
            2 => self.rng.range(b'A' as i64, b'Z' as i64) as u8,
            _ => self.rng.range(b'a' as i64, b'h' as i64) as u8,
        }
    }

    pub(super) fn string_const(&mut self) -> String {
        let n = self.rng.range(0, 6) as usize;
        let bytes: Vec<u8> = (0..n)
            .map(|_| match self.rng.below(12) {
                0 => *self.rng.pick(b"\n\\\"% "),
                1 => self.rng.range(0, 255) as u8,
                _ => self.rng.range(b'a' as i64, b'e' as i64) as u8,
            })
            .collect();
        string_lit(&bytes)
    }

    /// Constructs specific to the type.
    pub(super) fn specific(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        match ty {
            Ty::Int => self.int_expr(env, d),
            Ty::Bool => self.bool_expr(env, d),
            Ty::Char => self.char_expr(env, d),
            Ty::Str => self.string_expr(env, d),
            Ty::Unit => self.stmt(env, d),
            Ty::List(el) => self.list_expr(el, env, d),
            Ty::Option(el) => {
                if self.rng.chance(70) {
                    let e = self.expr(el, env, d);
                    self.ex(ty, vec![t("(Some "), e, t(")")])
                } else {
                    self.atom(ty, env)
                }
            }
            Ty::Tuple(ts) => {
                let mut v = vec![t("(")];
                for (k, et) in ts.clone().iter().enumerate() {
                    if k > 0 {
                        v.push(t(", "));
                    }
                    v.push(self.expr(et, env, d));
                }
                v.push(t(")"));
                self.ex(ty, v)
            }
            Ty::Ref(el) => {
                let e = self.expr(el, env, d);
                self.ex(ty, vec![t("(ref "), e, t(")")])
            }
            Ty::Adt(i) => {
                let k = self.rng.below(self.adts[*i].ctors.len());
                let (c, args) = self.adts[*i].ctors[k].clone();
                if args.is_empty() {
                    return self.ex(ty, vec![t(c)]);
                }
                let mut v = vec![t(format!("({c} ("))];
                for (k, at) in args.iter().enumerate() {
                    if k > 0 {
                        v.push(t(", "));
                    }
                    v.push(self.expr(at, env, d));
                }
                v.push(t("))"));
                self.ex(ty, v)
            }
            Ty::Rec(i) => {
                let fields: Vec<(String, Ty)> = self.recs[*i]
                    .fields
                    .iter()
                    .map(|(f, ty, _)| (f.clone(), ty.clone()))
                    .collect();
                let recs = self.vars_of(env, ty);
                if !recs.is_empty() && self.rng.chance(40) {
                    let r = self.rng.pick(&recs).name.clone();
                    let (f, ft) = self.rng.pick(&fields).clone();
                    let e = self.expr(&ft, env, d);
                    return self.ex(ty, vec![t(format!("{{ {r} with {f} = ")), e, t(" }")]);
                }
                let mut v = vec![t("{ ")];
                for (k, (f, ft)) in fields.iter().enumerate() {
                    if k > 0 {
                        v.push(t("; "));
                    }
                    v.push(t(format!("{f} = ")));
                    v.push(self.expr(ft, env, d));
                }
                v.push(t(" }"));
                self.ex(ty, v)
            }
            Ty::Fun(args, r) => {
                // A closure over the environment, or a partial application.
                if let Some(n) = self.partial_application(ty, env, d) {
                    if self.rng.chance(50) {
                        return n;
                    }
                }
                let mut e = env.clone();
                let mut head = String::from("(fun");
                for a in args {
                    let x = self.name("a");
                    head.push_str(&format!(" ({x} : {})", a.ocaml()));
                    e = e.with(&x, a.clone());
                }
                head.push_str(" -> ");
                let body = self.expr(r, &e, d);
                self.ex(ty, vec![t(head), body, t(")")])
            }
        }
    }

    /// A full application (or over-application) of a function in scope returning `ty`.
    pub(super) fn call(&mut self, ty: &Ty, env: &Env, d: u32) -> Option<Node> {
        let mut cands: Vec<(String, Vec<Ty>)> = vec![];
        for v in &env.vars {
            if env.restricted && self.functions.contains(&v.name) {
                continue;
            }
            if let Ty::Fun(args, r) = &v.ty {
                if **r == *ty {
                    cands.push((v.name.clone(), args.clone()));
                } else if let Ty::Fun(args2, r2) = &**r {
                    if **r2 == *ty {
                        let mut all = args.clone();
                        all.extend(args2.iter().cloned());
                        cands.push((v.name.clone(), all));
                    }
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (f, args) = self.rng.pick(&cands).clone();
        let mut v = vec![t(format!("({f}"))];
        for a in &args {
            v.push(t(" "));
            v.push(self.expr(a, env, d));
        }
        v.push(t(")"));
        Some(self.ex(ty, v))
    }

    /// `f a1 .. ak` of type `ty` for a function in scope with more parameters.
    pub(super) fn partial_application(&mut self, ty: &Ty, env: &Env, d: u32) -> Option<Node> {
        let Ty::Fun(want_args, want_r) = ty else {
            return None;
        };
        let mut cands = vec![];
        for v in &env.vars {
            if env.restricted && self.functions.contains(&v.name) {
                continue;
            }
            if let Ty::Fun(args, r) = &v.ty {
                if r == want_r && args.len() > want_args.len() {
                    let k = args.len() - want_args.len();
                    if args[k..] == want_args[..] {
                        cands.push((v.name.clone(), args[..k].to_vec()));
                    }
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (f, given) = self.rng.pick(&cands).clone();
        let mut v = vec![t(format!("({f}"))];
        for a in &given {
            v.push(t(" "));
            v.push(self.expr(a, env, d));
        }
        v.push(t(")"));
        Some(self.ex(ty, v))
    }

    pub(super) fn int_expr(&mut self, env: &Env, d: u32) -> Node {
        let int = Ty::Int;
        match self.rng.below(22) {
            0..=4 => {
                let op = *self
                    .rng
                    .pick(&["+", "-", "*", "+", "-", "land", "lor", "lxor"]);
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                self.ex(&int, vec![t("("), a, t(format!(" {op} ")), b, t(")")])
            }
            5 => {
                // Division by a non-zero divisor, or by anything under a handler.
                let op = *self.rng.pick(&["/", "mod"]);
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                if self.rng.chance(50) || !self.cfg.exceptions {
                    self.ex(
                        &int,
                        vec![t("("), a, t(format!(" {op} (")), b, t(" lor 1))")],
                    )
                } else {
                    let k = int_lit(self.int_const());
                    self.ex(
                        &int,
                        vec![
                            t("(try "),
                            a,
                            t(format!(" {op} ")),
                            b,
                            t(format!(" with Division_by_zero -> {k})")),
                        ],
                    )
                }
            }
            6 => {
                let op = *self.rng.pick(&["lsl", "lsr", "asr"]);
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                self.ex(
                    &int,
                    vec![t("("), a, t(format!(" {op} (")), b, t(" land 63))")],
                )
            }
            7 => {
                let f = *self.rng.pick(&["abs", "succ", "pred", "-", "lnot"]);
                let a = self.expr(&int, env, d);
                self.ex(&int, vec![t(format!("({f} ")), a, t(")")])
            }
            8 => {
                let f = *self.rng.pick(&["min", "max"]);
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                self.ex(&int, vec![t(format!("({f} ")), a, t(" "), b, t(")")])
            }
            9 => {
                let s = self.expr(&Ty::Str, env, d);
                self.ex(&int, vec![t("(String.length "), s, t(")")])
            }
            10 => {
                let c = self.expr(&Ty::Char, env, d);
                self.ex(&int, vec![t("(Char.code "), c, t(")")])
            }
            11 => {
                let et = self.data_type(1);
                let l = self.expr(&Ty::list(et), env, d);
                self.ex(&int, vec![t("(List.length "), l, t(")")])
            }
            12 => {
                let et = self.data_type(1);
                let acc = self.name("acc");
                let x = self.name("x");
                let e2 = env.with(&acc, Ty::Int).with(&x, et.clone());
                let body = self.expr(&int, &e2, d.min(2));
                let init = self.expr(&int, env, d);
                let l = self.expr(&Ty::list(et.clone()), env, d);
                self.ex(
                    &int,
                    vec![
                        t(format!(
                            "(List.fold_left (fun ({acc} : int) ({x} : {}) -> ",
                            et.ocaml()
                        )),
                        body,
                        t(") "),
                        init,
                        t(" "),
                        l,
                        t(")"),
                    ],
                )
            }
            13 => {
                let ct = self.data_type(1);
                let a = self.expr(&ct, env, d);
                let b = self.expr(&ct, env, d);
                if self.cfg.known_bugs {
                    self.ex(&int, vec![t("(compare "), a, t(" "), b, t(")")])
                } else {
                    // The order ocamlopt evaluates `compare`'s arguments in depends on their
                    // type (a known bug): name them first.
                    let (x, y) = (self.name("c"), self.name("c"));
                    self.ex(
                        &int,
                        vec![
                            t(format!("(let {x} = ")),
                            a,
                            t(format!(" in let {y} = ")),
                            b,
                            t(format!(" in compare {x} {y})")),
                        ],
                    )
                }
            }
            14 if self.cfg.exceptions => {
                // int_of_string of something that may or may not be a number.
                let s = if self.rng.chance(60) {
                    let n = self.expr(&int, env, d);
                    let pre = *self.rng.pick(&["", "0x", "-", "0b1", "+", "1_", "0o"]);
                    let post = *self.rng.pick(&["", "", "_0", "z"]);
                    cat(vec![
                        t(format!("(\"{pre}\" ^ string_of_int (abs ")),
                        n,
                        t(format!(") ^ \"{post}\")")),
                    ])
                } else {
                    self.expr(&Ty::Str, env, d)
                };
                let k = int_lit(self.int_const());
                self.ex(
                    &int,
                    vec![
                        t("(try int_of_string "),
                        s,
                        t(format!(" with Failure _ -> {k})")),
                    ],
                )
            }
            15 => {
                let refs: Vec<String> = env
                    .vars
                    .iter()
                    .filter(|v| v.ty == Ty::Ref(Box::new(Ty::Int)))
                    .map(|v| v.name.clone())
                    .collect();
                if refs.is_empty() {
                    return self.atom(&int, env);
                }
                let r = self.rng.pick(&refs).clone();
                self.ex(&int, vec![t(format!("(!{r})"))])
            }
            16 => self.field_read(&int, env, d),
            17 => {
                let pt = Ty::Tuple(vec![Ty::Int, self.data_type(1)]);
                let p = self.expr(&pt, env, d);
                self.ex(&int, vec![t("(fst "), p, t(")")])
            }
            _ => {
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                let op = *self.rng.pick(&["+", "*", "-"]);
                self.ex(&int, vec![t("("), a, t(format!(" {op} ")), b, t(")")])
            }
        }
    }

    /// `r.f` for a record variable in scope with a field of type `ty`, else an atom.
    pub(super) fn field_read(&mut self, ty: &Ty, env: &Env, _d: u32) -> Node {
        let mut cands = vec![];
        for v in &env.vars {
            if let Ty::Rec(i) = v.ty {
                for (f, ft, _) in &self.recs[i].fields {
                    if ft == ty {
                        cands.push(format!("{}.{f}", v.name));
                    }
                }
            }
        }
        if cands.is_empty() {
            return self.atom(ty, env);
        }
        let c = self.rng.pick(&cands).clone();
        self.ex(ty, vec![t(format!("({c})"))])
    }

    pub(super) fn bool_expr(&mut self, env: &Env, d: u32) -> Node {
        let b = Ty::Bool;
        match self.rng.below(10) {
            0..=3 => {
                let ct = if self.rng.chance(60) {
                    Ty::Int
                } else {
                    self.data_type(1)
                };
                let op = *self.rng.pick(&["=", "<>", "<", ">", "<=", ">="]);
                let x = self.expr(&ct, env, d);
                let y = self.expr(&ct, env, d);
                self.ex(&b, vec![t("("), x, t(format!(" {op} ")), y, t(")")])
            }
            4 | 5 => {
                let op = *self.rng.pick(&["&&", "||"]);
                let x = self.expr(&b, env, d);
                let y = self.expr(&b, env, d);
                self.ex(&b, vec![t("("), x, t(format!(" {op} ")), y, t(")")])
            }
            6 => {
                let x = self.expr(&b, env, d);
                self.ex(&b, vec![t("(not "), x, t(")")])
            }
            7 => {
                let et = self.data_type(1);
                let x = self.name("x");
                let body = self.expr(&b, &env.with(&x, et.clone()), d.min(2));
                let l = self.expr(&Ty::list(et.clone()), env, d);
                let f = *self.rng.pick(&["List.exists", "List.for_all"]);
                self.ex(
                    &b,
                    vec![
                        t(format!("({f} (fun ({x} : {}) -> ", et.ocaml())),
                        body,
                        t(") "),
                        l,
                        t(")"),
                    ],
                )
            }
            8 => {
                let et = self.data_type(1);
                let x = self.expr(&et, env, d);
                let l = self.expr(&Ty::list(et), env, d);
                self.ex(&b, vec![t("(List.mem "), x, t(" "), l, t(")")])
            }
            _ => self.field_read(&b, env, d),
        }
    }

    pub(super) fn char_expr(&mut self, env: &Env, d: u32) -> Node {
        let c = Ty::Char;
        match self.rng.below(4) {
            0 => {
                let n = self.expr(&Ty::Int, env, d);
                self.ex(&c, vec![t("(Char.chr ("), n, t(" land 255))")])
            }
            1 => {
                // s.[i] in bounds, or out of bounds under a handler.
                let s = self.expr(&Ty::Str, env, d);
                let i = self.expr(&Ty::Int, env, d);
                let sv = self.name("s");
                if self.rng.chance(60) || !self.cfg.exceptions {
                    self.ex(
                        &c,
                        vec![
                            t(format!("(let {sv} = ")),
                            s,
                            t(format!(
                                " in if String.length {sv} = 0 then 'z' else {sv}.[("
                            )),
                            i,
                            t(format!(" land max_int) mod String.length {sv}])")),
                        ],
                    )
                } else {
                    self.ex(
                        &c,
                        vec![
                            t("(try String.get "),
                            s,
                            t(" "),
                            i,
                            t(" with Invalid_argument _ -> '?')"),
                        ],
                    )
                }
            }
            _ => self.field_read(&c, env, d),
        }
    }

    pub(super) fn string_expr(&mut self, env: &Env, d: u32) -> Node {
        let s = Ty::Str;
        match self.rng.below(11) {
            0..=2 => {
                let a = self.expr(&s, env, d);
                let b = self.expr(&s, env, d);
                self.ex(&s, vec![t("("), a, t(" ^ "), b, t(")")])
            }
            3 => {
                let n = self.expr(&Ty::Int, env, d);
                self.ex(&s, vec![t("(string_of_int "), n, t(")")])
            }
            4 if self.cfg.exceptions => {
                let a = self.expr(&s, env, d);
                let i = self.expr(&Ty::Int, env, d);
                let n = self.expr(&Ty::Int, env, d);
                self.ex(
                    &s,
                    vec![
                        t("(try String.sub "),
                        a,
                        t(" ("),
                        i,
                        t(" land 7) ("),
                        n,
                        t(" land 7) with Invalid_argument m -> m)"),
                    ],
                )
            }
            5 => {
                let n = self.expr(&Ty::Int, env, d);
                let c = self.expr(&Ty::Char, env, d);
                self.ex(&s, vec![t("(String.make ("), n, t(" land 7) "), c, t(")")])
            }
            6 => {
                let sep = self.expr(&s, env, d);
                let l = self.expr(&Ty::list(Ty::Str), env, d);
                self.ex(&s, vec![t("(String.concat "), sep, t(" "), l, t(")")])
            }
            7 => {
                let i = self.name("i");
                let n = self.expr(&Ty::Int, env, d);
                let body = self.expr(&Ty::Char, &env.with(&i, Ty::Int), d.min(2));
                self.ex(
                    &s,
                    vec![
                        t("(String.init ("),
                        n,
                        t(format!(" land 7) (fun ({i} : int) -> ")),
                        body,
                        t("))"),
                    ],
                )
            }
            8 => {
                let (fmt, args) = self.format(env, d);
                let mut v = vec![t(format!("(Printf.sprintf \"{fmt}\""))];
                for a in args {
                    v.push(t(" "));
                    v.push(a);
                }
                v.push(t(")"));
                self.ex(&s, v)
            }
            9 => {
                let b = self.expr(&Ty::Bool, env, d);
                self.ex(&s, vec![t("(string_of_bool "), b, t(")")])
            }
            _ => self.field_read(&s, env, d),
        }
    }

    /// A Printf format (the text between the quotes) and its arguments.
    pub(super) fn format(&mut self, env: &Env, d: u32) -> (String, Vec<Node>) {
        let mut fmt = String::new();
        let mut args = vec![];
        for _ in 0..self.rng.range(1, 3) {
            if self.rng.chance(40) {
                let piece = self.rng.pick(&["<", " ", "x=", "%%", "|"]).to_string();
                fmt.push_str(&piece);
            }
            match self.rng.below(5) {
                0 => {
                    let spec = *self.rng.pick(&[
                        "%d", "%i", "%5d", "%-4d", "%03d", "%x", "%X", "%o", "%u", "%+d",
                    ]);
                    fmt.push_str(spec);
                    args.push(self.expr(&Ty::Int, env, d));
                }
                1 => {
                    let piece = self.rng.pick(&["%s", "%5s", "%-3s"]).to_string();
                    fmt.push_str(&piece);
                    args.push(self.expr(&Ty::Str, env, d));
                }
                2 => {
                    let spec = if self.rng.chance(30) { "%3c" } else { "%c" };
                    fmt.push_str(spec);
                    args.push(self.expr(&Ty::Char, env, d));
                }
                3 => {
                    let piece = self.rng.pick(&["%b", "%B", "%6b"]).to_string();
                    fmt.push_str(&piece);
                    args.push(self.expr(&Ty::Bool, env, d));
                }
                _ => {
                    let spec = if self.rng.chance(30) { "%#d" } else { "%d" };
                    fmt.push_str(spec);
                    args.push(self.expr(&Ty::Int, env, d));
                }
            }
        }
        (fmt, args)
    }

    pub(super) fn list_expr(&mut self, el: &Ty, env: &Env, d: u32) -> Node {
        let lt = Ty::list(el.clone());
        match self.rng.below(9) {
            0 => {
                let x = self.expr(el, env, d);
                let l = self.expr(&lt, env, d);
                self.ex(&lt, vec![t("("), x, t(" :: "), l, t(")")])
            }
            1 => {
                let a = self.expr(&lt, env, d);
                let b = self.expr(&lt, env, d);
                self.ex(&lt, vec![t("("), a, t(" @ "), b, t(")")])
            }
            2 => {
                let st = self.data_type(1);
                let x = self.name("x");
                let body = self.expr(el, &env.with(&x, st.clone()), d.min(2));
                let l = self.expr(&Ty::list(st.clone()), env, d);
                self.ex(
                    &lt,
                    vec![
                        t(format!("(List.map (fun ({x} : {}) -> ", st.ocaml())),
                        body,
                        t(") "),
                        l,
                        t(")"),
                    ],
                )
            }
            3 => {
                let x = self.name("x");
                let body = self.expr(&Ty::Bool, &env.with(&x, el.clone()), d.min(2));
                let l = self.expr(&lt, env, d);
                self.ex(
                    &lt,
                    vec![
                        t(format!("(List.filter (fun ({x} : {}) -> ", el.ocaml())),
                        body,
                        t(") "),
                        l,
                        t(")"),
                    ],
                )
            }
            4 => {
                let l = self.expr(&lt, env, d);
                self.ex(&lt, vec![t("(List.rev "), l, t(")")])
            }
            5 => {
                let i = self.name("i");
                let n = self.expr(&Ty::Int, env, d);
                let body = self.expr(el, &env.with(&i, Ty::Int), d.min(2));
                self.ex(
                    &lt,
                    vec![
                        t("(List.init ("),
                        n,
                        t(format!(" land 7) (fun ({i} : int) -> ")),
                        body,
                        t("))"),
                    ],
                )
            }
            6 if el.comparable() => {
                let l = self.expr(&lt, env, d);
                let f = *self.rng.pick(&["compare", "(fun a b -> compare b a)"]);
                self.ex(&lt, vec![t(format!("(List.sort {f} ")), l, t(")")])
            }
            _ => {
                let n = self.rng.range(0, 3);
                let mut v = vec![t("[")];
                for k in 0..n {
                    if k > 0 {
                        v.push(t("; "));
                    }
                    v.push(self.expr(el, env, d));
                }
                v.push(t("]"));
                self.ex(&lt, v)
            }
        }
    }
}
