//! The mono stage: polymorphic lambda IR → lambda IR specialised where that is finite
//! (whole program, MLton-style), uniform elsewhere.
//!
//! Every polymorphic definition (`let v = TyFun(a.., def)`, or a `let rec` group) is copied once
//! per distinct instantiation its uses request (`TyApp(.. TyApp(Var v, t1) .., tn)` with the
//! types made ground); definitions nobody instantiates disappear (they are values, so this
//! drops no effect), except the program's exports kept under `-g` ([`VarTable::exports`]),
//! which get their uniform copy. Every binder is fresh (each copy gets its own variables), so binders stay
//! unique.
//!
//! Requests are collected demand-first: the scope of a polymorphic binding is translated before
//! its definition, then one copy is made per request; a `let rec` group runs a worklist until
//! no copy requests a new instance.
//!
//! Specialisation is an optimisation, not a requirement: values are uniform words, so a
//! definition can also be kept as one *uniform copy* (`TyFun`s kept, its type variables left
//! as variables) that runs at every type, which later stages erase. A request gets the uniform
//! copy (`TyApp`s of it) when
//! - no type could change its code (it is not *type-sensitive*, see [`sensitive`]: no
//!   comparison, array access or parameter at a type variable, directly or through what it
//!   instantiates), so copies would be the same code compiled again,
//! - it comes from a copy of the same `let rec` group and its type arguments are bigger than
//!   the copy's own (polymorphic recursion, `f : 'a. 'a t -> int` calling `f` at `('a * 'a)`:
//!   specialising would never end),
//! - the definition already has [`MAX_INSTANCES`] copies, or
//! - its type arguments mention type variables of a uniform copy that are not in scope at the
//!   definition (a uniform copy calling a polymorphic function defined outside it).
//!
//! Inside a uniform copy, types are not ground: structural comparisons at a type variable
//! stay the runtime's generic ones.
//!
//! Polymorphic values that are not definitions: a `TyFun` elsewhere (the value of a polymorphic
//! record field) becomes a uniform copy in place; the `TyApp`s of a `Field` or of a variable
//! whose type is a `Forall` (bound to such a field) stay; a `TyApp` of a `TyFun` (the
//! simplifier substituted a definition) is its body at those types.
//!
//! Now that types are known, structural comparisons of immediate values (ints, chars,
//! constant-only variants) become word comparisons, of floats float comparisons and of
//! strings OCaml's string primitives, as ocamlopt specialises them. An operand's type is
//! known from its shape ([`Mono::type_of`]), including a constructor's argument read inside
//! the `switch` arm that decided the constructor (a pattern's variable the simplifier
//! substituted: `match t with Term (a, _) -> a = b`).

use std::collections::HashMap;

use rustc_hash::FxHashSet;

mod sensitive;

use crate::lambda::ir::{
    DeclKind, Expr, Prim, Program, Purity, SwitchKind, TyCon, TyVar, Type, TypeTable, VarId,
    VarInfo, VarTable,
};

/// Makes `program` monomorphic.
pub fn monomorphize(program: &Program) -> Program {
    let mut m = Mono {
        old: &program.vars,
        vars: VarTable::default(),
        rename: HashMap::new(),
        poly: HashMap::new(),
        types: &program.types,
        tyvars: Vec::new(),
        copying: Vec::new(),
        known_ctors: Vec::new(),
        shared: sensitive::insensitive_definitions(&program.body, &program.vars),
    };
    let body = m.expr(&program.body, &HashMap::new());
    Program {
        body,
        vars: m.vars,
        types: program.types.clone(),
        next_tyvar: program.next_tyvar,
        inline_sites: program.inline_sites.clone(),
    }
}

/// Copies of one polymorphic definition beyond which further instances share its uniform copy.
pub const MAX_INSTANCES: usize = 32;

struct PolyBinding {
    /// Instances requested so far: type arguments → the copy's variable.
    instances: Vec<(Vec<Type>, VarId)>,
    /// The uniform copy's variable, once requested.
    uniform: Option<VarId>,
    /// The `let rec` group the definition belongs to (an index of [`Mono::groups`]), if any.
    group: Option<usize>,
    /// How many of [`Mono::tyvars`] are in scope at the definition: an instance may mention
    /// only those (the copies are placed at the definition).
    tyvars_in_scope: usize,
}

impl PolyBinding {
    fn new(group: Option<usize>, tyvars_in_scope: usize) -> PolyBinding {
        PolyBinding {
            instances: Vec::new(),
            uniform: None,
            group,
            tyvars_in_scope,
        }
    }
}

struct Mono<'a> {
    old: &'a VarTable,
    vars: VarTable,
    /// Monomorphic binders in scope: old → new.
    rename: HashMap<VarId, VarId>,
    /// Polymorphic binders in scope.
    poly: HashMap<VarId, PolyBinding>,
    types: &'a TypeTable,
    /// The type variables of the uniform copies being translated, outermost first.
    tyvars: Vec<TyVar>,
    /// `let rec` groups seen so far; `copying[g]`: the size of the type arguments of the copy
    /// of group `g` being translated (innermost), if any.
    copying: Vec<Vec<usize>>,
    /// The arms of `switch` being translated: inside the arm of constructor `k` of a variable
    /// `v` of variant type `t`, `(v, t, k)` — so `field v i` has `k`'s `i`-th argument type.
    known_ctors: Vec<(VarId, Type, u32)>,
    /// Polymorphic definitions no type argument changes (`sensitive`): their uses share the
    /// uniform copy.
    shared: FxHashSet<VarId>,
}

type TySubst = HashMap<TyVar, Type>;

/// `t` with the variables of `s` replaced; one not in `s` (none in a verified program) is any
/// value.
fn subst_all(t: &Type, s: &TySubst) -> Type {
    match t {
        Type::Var(v) => s.get(v).cloned().unwrap_or_else(Type::any_value),
        Type::Con(c, a) => Type::Con(*c, a.iter().map(|t| subst_all(t, s)).collect()),
        Type::Tuple(a) => Type::Tuple(a.iter().map(|t| subst_all(t, s)).collect()),
        Type::Arrow(a, b) => Type::arrow(subst_all(a, s), subst_all(b, s)),
        Type::Forall(_, t) => subst_all(t, s),
    }
}

/// `t` with the variables of `s` replaced, keeping `Forall`s and the variables they bind.
fn subst_scheme(t: &Type, s: &TySubst) -> Type {
    match t {
        Type::Forall(v, b) => {
            let mut inner = s.clone();
            inner.insert(*v, Type::Var(*v));
            Type::Forall(*v, Box::new(subst_scheme(b, &inner)))
        }
        t => subst_all(t, s),
    }
}

/// The number of nodes of `t`.
fn type_size(t: &Type) -> usize {
    match t {
        Type::Var(_) => 1,
        Type::Con(_, a) | Type::Tuple(a) => 1 + a.iter().map(type_size).sum::<usize>(),
        Type::Arrow(a, b) => 1 + type_size(a) + type_size(b),
        Type::Forall(_, t) => 1 + type_size(t),
    }
}

fn args_size(args: &[Type]) -> usize {
    args.iter().map(type_size).sum()
}

/// Whether every type variable of `t` is one of `scope`.
fn vars_within(t: &Type, scope: &[TyVar]) -> bool {
    match t {
        Type::Var(v) => scope.contains(v),
        Type::Con(_, a) | Type::Tuple(a) => a.iter().all(|t| vars_within(t, scope)),
        Type::Arrow(a, b) => vars_within(a, scope) && vars_within(b, scope),
        Type::Forall(v, t) => vars_within(t, &[scope, &[*v]].concat()),
    }
}

/// Structural comparison of immediates is comparison of machine words.
fn specialize_comparison(p: Prim) -> Prim {
    match p {
        Prim::Eq => Prim::IntEq,
        Prim::Ne => Prim::IntNe,
        Prim::Lt => Prim::IntLt,
        Prim::Le => Prim::IntLe,
        Prim::Gt => Prim::IntGt,
        Prim::Ge => Prim::IntGe,
        p => p,
    }
}

/// Structural comparison of floats is float comparison (IEEE for `=`/`<`..., OCaml's total
/// order for `compare`).
fn float_comparison(p: Prim) -> Prim {
    match p {
        Prim::Eq => Prim::FEq,
        Prim::Ne => Prim::FNe,
        Prim::Lt => Prim::FLt,
        Prim::Le => Prim::FLe,
        Prim::Gt => Prim::FGt,
        Prim::Ge => Prim::FGe,
        Prim::Compare => Prim::FCompare,
        p => p,
    }
}

/// Structural comparison of strings (or bytes) is OCaml's string primitives (`runtime/str.c`),
/// as ocamlopt specialises them: no walk of the generic comparison.
fn string_comparison(p: Prim) -> Option<&'static str> {
    Some(match p {
        Prim::Eq => "caml_string_equal",
        Prim::Ne => "caml_string_notequal",
        Prim::Lt => "caml_string_lessthan",
        Prim::Le => "caml_string_lessequal",
        Prim::Gt => "caml_string_greaterthan",
        Prim::Ge => "caml_string_greaterequal",
        Prim::Compare => "caml_string_compare",
        _ => return None,
    })
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// Splits `TyFun(a1, .. TyFun(an, e))` into its type parameters and body.
fn strip_tyfuns(mut e: &Expr) -> (Vec<TyVar>, &Expr) {
    let mut vs = Vec::new();
    loop {
        match e {
            Expr::TyFun(v, b) => {
                vs.push(*v);
                e = b;
            }
            Expr::Loc(_, b) if matches!(**b, Expr::TyFun(..)) => e = b,
            _ => return (vs, e),
        }
    }
}

impl<'a> Mono<'a> {
    fn fresh_binder(&mut self, old: VarId, s: &TySubst) -> VarId {
        let info = self.old.get(old);
        // A monomorphic binder may still hold a polymorphic value (a polymorphic record
        // field's): its `Forall`s stay.
        let v = self
            .vars
            .fresh(info.name.clone(), subst_scheme(&info.ty, s), info.span);
        self.rename.insert(old, v);
        self.mark_copy(old, v);
        v
    }

    /// Copy `new` of `old` keeps what the variable table says of `old`: a module global, an
    /// export ([`VarTable::exports`]).
    fn mark_copy(&mut self, old: VarId, new: VarId) {
        if self.old.is_module_global(old) {
            self.vars.module_globals.insert(new);
        }
        if self.old.is_export(old) {
            self.vars.exports.insert(new);
        }
    }

    /// An export (kept under `-g`) the program never instantiates gets its uniform copy, so
    /// that its code exists: monomorphisation is an optimisation, and uniform code runs at
    /// every type.
    fn request_unused_export(&mut self, old: VarId) {
        let p = &self.poly[&old];
        if self.old.is_export(old) && p.instances.is_empty() && p.uniform.is_none() {
            self.uniform_instance(old, vec![]);
        }
    }

    /// The instance of polymorphic `old` at `args`: a specialised copy's variable, or the
    /// uniform copy applied to `args` (see the module doc for when).
    fn instance(&mut self, old: VarId, args: Vec<Type>) -> Expr {
        let binding = self.poly.get(&old).expect("polymorphic binding in scope");
        if let Some((_, v)) = binding.instances.iter().find(|(a, _)| *a == args) {
            return Expr::Var(*v);
        }
        let in_scope = &self.tyvars[..binding.tyvars_in_scope];
        let grows = binding
            .group
            .and_then(|g| self.copying[g].last())
            .is_some_and(|&size| args_size(&args) > size);
        let specialise = binding.uniform.is_none()
            && !self.shared.contains(&old)
            && !grows
            && binding.instances.len() < MAX_INSTANCES
            && args.iter().all(|a| vars_within(a, in_scope));
        if !specialise {
            return self.uniform_instance(old, args);
        }
        let info: &VarInfo = self.old.get(old);
        // The instance's type: strip the foralls and substitute.
        let mut t = info.ty.clone();
        let mut s = TySubst::new();
        for a in &args {
            if let Type::Forall(v, body) = t {
                s.insert(v, a.clone());
                t = *body;
            }
        }
        let ty = subst_all(&t, &s);
        let v = self.vars.fresh(info.name.clone(), ty, info.span);
        self.mark_copy(old, v);
        self.poly.get_mut(&old).unwrap().instances.push((args, v));
        Expr::Var(v)
    }

    /// `old`'s uniform copy applied to `args` (the copy is made where `old` is defined, once
    /// its scope has been translated).
    fn uniform_instance(&mut self, old: VarId, args: Vec<Type>) -> Expr {
        let u = match self.poly[&old].uniform {
            Some(u) => u,
            None => {
                let info: &VarInfo = self.old.get(old);
                // Free variables of the scheme other than its own are those of the enclosing
                // uniform copies, which stay; anything else is fixed as everywhere in mono.
                let keep: TySubst = self.tyvars.iter().map(|v| (*v, Type::Var(*v))).collect();
                let ty = subst_scheme(&info.ty, &keep);
                let u = self.vars.fresh(info.name.clone(), ty, info.span);
                self.mark_copy(old, u);
                self.poly.get_mut(&old).unwrap().uniform = Some(u);
                u
            }
        };
        args.into_iter()
            .fold(Expr::Var(u), |e, a| Expr::TyApp(bx(e), a))
    }

    /// The uniform copy of definition `def` (`TyFun(a.., inner)`): its type variables stay.
    fn uniform_copy(&mut self, def: &Expr, s: &TySubst) -> Expr {
        let (tvs, inner) = strip_tyfuns(def);
        let mut s2 = s.clone();
        for tv in &tvs {
            s2.insert(*tv, Type::Var(*tv));
        }
        let depth = self.tyvars.len();
        self.tyvars.extend(tvs.iter().copied());
        let body = self.expr(inner, &s2);
        self.tyvars.truncate(depth);
        tvs.into_iter()
            .rev()
            .fold(body, |e, tv| Expr::TyFun(tv, bx(e)))
    }

    fn expr(&mut self, e: &Expr, s: &TySubst) -> Expr {
        match e {
            Expr::Var(v) => match self.rename.get(v) {
                Some(n) => Expr::Var(*n),
                None if self.poly.contains_key(v) => self.instance(*v, vec![]),
                None => panic!("mono: unbound variable {v}"),
            },
            Expr::TyApp(..) => {
                let mut args = Vec::new();
                let mut cur = e;
                while let Expr::TyApp(f, t) = cur {
                    args.push(subst_all(t, s));
                    cur = f;
                }
                args.reverse();
                let mut head = cur;
                while let Expr::Loc(_, h) = head {
                    head = h;
                }
                match head {
                    Expr::Var(v) if self.poly.contains_key(v) => self.instance(*v, args),
                    // A type abstraction applied (the simplifier substituted a definition):
                    // its body at those types.
                    Expr::TyFun(..) => {
                        let (tvs, inner) = strip_tyfuns(head);
                        let mut s2 = s.clone();
                        let n = tvs.len().min(args.len());
                        for (tv, a) in tvs.iter().zip(&args) {
                            s2.insert(*tv, a.clone());
                        }
                        // Partially applied: the rest stays abstract (uniform).
                        let rest = &tvs[n..];
                        for tv in rest {
                            s2.insert(*tv, Type::Var(*tv));
                        }
                        let depth = self.tyvars.len();
                        self.tyvars.extend(rest.iter().copied());
                        let body = self.expr(inner, &s2);
                        self.tyvars.truncate(depth);
                        let body = rest
                            .iter()
                            .rev()
                            .fold(body, |e, tv| Expr::TyFun(*tv, bx(e)));
                        args[n..]
                            .iter()
                            .fold(body, |e, a| Expr::TyApp(bx(e), a.clone()))
                    }
                    // A polymorphic value that is not a definition (a polymorphic record
                    // field's, or a variable bound to one): instantiated where it is used.
                    Expr::Field(..) => args
                        .into_iter()
                        .fold(self.expr(cur, s), |e, a| Expr::TyApp(bx(e), a)),
                    Expr::Var(v)
                        if matches!(
                            self.rename.get(v).map(|n| self.vars.ty(*n)),
                            Some(Type::Forall(..))
                        ) =>
                    {
                        args.into_iter()
                            .fold(self.expr(cur, s), |e, a| Expr::TyApp(bx(e), a))
                    }
                    // A type application of something already monomorphic: the head.
                    _ => self.expr(cur, s),
                }
            }
            // A type abstraction that is not a definition (the value of a polymorphic record
            // field): one uniform copy.
            Expr::TyFun(..) => self.uniform_copy(e, s),
            Expr::Local(v, def, body) => {
                let (tvs, inner) = strip_tyfuns(def);
                if tvs.is_empty() {
                    let d = self.expr(def, s);
                    let nv = self.fresh_binder(*v, s);
                    let b = self.expr(body, s);
                    return Expr::Local(nv, bx(d), bx(b));
                }
                self.poly
                    .insert(*v, PolyBinding::new(None, self.tyvars.len()));
                let b = self.expr(body, s);
                self.request_unused_export(*v);
                let binding = self.poly.remove(v).unwrap();
                let mut out = b;
                if let Some(u) = binding.uniform {
                    let d = self.uniform_copy(def, s);
                    out = Expr::Local(u, bx(d), bx(out));
                }
                for (args, nv) in binding.instances.into_iter().rev() {
                    let mut s2 = s.clone();
                    for (tv, a) in tvs.iter().zip(args) {
                        s2.insert(*tv, a);
                    }
                    let d = self.expr(inner, &s2);
                    out = Expr::Local(nv, bx(d), bx(out));
                }
                out
            }
            Expr::LetRec(defs, body) => self.letrec(defs, body, s),
            Expr::Fun(params, b, name) => {
                let ps = params.iter().map(|p| self.fresh_binder(*p, s)).collect();
                Expr::Fun(ps, bx(self.expr(b, s)), name.clone())
            }
            Expr::Try(b, v, h) => {
                let b = self.expr(b, s);
                let nv = self.fresh_binder(*v, s);
                Expr::Try(bx(b), nv, bx(self.expr(h, s)))
            }
            Expr::For {
                var,
                from,
                to,
                dir,
                body,
            } => {
                let from = self.expr(from, s);
                let to = self.expr(to, s);
                let nv = self.fresh_binder(*var, s);
                Expr::For {
                    var: nv,
                    from: bx(from),
                    to: bx(to),
                    dir: *dir,
                    body: bx(self.expr(body, s)),
                }
            }
            Expr::Construct { ty, index, args } => Expr::Construct {
                ty: subst_all(ty, s),
                index: *index,
                args: args.iter().map(|a| self.expr(a, s)).collect(),
            },
            Expr::Switch {
                scrut,
                kind,
                arms,
                default,
                ty,
            } => {
                let scrut = self.expr(scrut, s);
                let kind = match kind {
                    SwitchKind::Constructor(t) => SwitchKind::Constructor(subst_all(t, s)),
                    k => k.clone(),
                };
                let decided = match (crate::lambda::visit::peel_loc(&scrut), &kind) {
                    (Expr::Var(v), SwitchKind::Constructor(t)) => Some((*v, t.clone())),
                    _ => None,
                };
                let arms = arms
                    .iter()
                    .map(|(k, a)| {
                        let Some((v, t)) = &decided else {
                            return (*k, self.expr(a, s));
                        };
                        self.known_ctors.push((*v, t.clone(), *k as u32));
                        let a = self.expr(a, s);
                        self.known_ctors.pop();
                        (*k, a)
                    })
                    .collect();
                Expr::Switch {
                    scrut: bx(scrut),
                    kind,
                    arms,
                    default: default.as_ref().map(|d| bx(self.expr(d, s))),
                    ty: subst_all(ty, s),
                }
            }
            Expr::Raise(x, ty, k) => Expr::Raise(bx(self.expr(x, s)), subst_all(ty, s), *k),
            Expr::Prim(p, args) => {
                let args: Vec<Expr> = args.iter().map(|a| self.expr(a, s)).collect();
                let ty = args.first().and_then(|a| self.type_of(a));
                if let (Prim::Runtime(name, purity), Some(Type::Con(TyCon::ARRAY, elt))) = (p, &ty)
                {
                    if let Some(name) = self.array_access(name, &elt[0]) {
                        return Expr::Prim(Prim::Runtime(name, *purity), args);
                    }
                }
                match ty {
                    Some(t) if *p == Prim::Compare && self.is_immediate(&t) => {
                        // ocamlopt evaluates an int `compare`'s operands left to right.
                        let mut binds = Vec::new();
                        let vals: Vec<Expr> = args
                            .into_iter()
                            .map(|a| match a {
                                Expr::Var(_) | Expr::Const(_) => a,
                                a => {
                                    let v = self.vars.fresh(
                                        "_cmp",
                                        t.clone(),
                                        crate::diagnostics::Span::default(),
                                    );
                                    binds.push((v, a));
                                    Expr::Var(v)
                                }
                            })
                            .collect();
                        binds
                            .into_iter()
                            .rev()
                            .fold(Expr::Prim(Prim::IntCompare, vals), |b, (v, a)| {
                                Expr::Local(v, bx(a), bx(b))
                            })
                    }
                    Some(t) if self.is_immediate(&t) => Expr::Prim(specialize_comparison(*p), args),
                    Some(t) if t == Type::float() => Expr::Prim(float_comparison(*p), args),
                    Some(t) if t == Type::string() || t == Type::bytes() => {
                        match string_comparison(*p) {
                            Some(name) => Expr::Prim(Prim::Runtime(name, Purity::Pure), args),
                            None => Expr::Prim(*p, args),
                        }
                    }
                    _ => Expr::Prim(*p, args),
                }
            }
            // The other nodes are rebuilt from their translated children (in the order of
            // `visit::each_child`). Not `e.clone()` and then each child: on a deep tree (a long
            // `a; b; ..` sequence) that copies every subtree once per level, quadratic in time
            // and memory.
            Expr::Const(c) => Expr::Const(c.clone()),
            Expr::App(f, args) => {
                let f = self.expr(f, s);
                Expr::App(bx(f), args.iter().map(|a| self.expr(a, s)).collect())
            }
            Expr::Seq(a, b) => {
                let a = self.expr(a, s);
                Expr::Seq(bx(a), bx(self.expr(b, s)))
            }
            Expr::If(c, a, b) => {
                let c = self.expr(c, s);
                let a = self.expr(a, s);
                Expr::If(bx(c), bx(a), bx(self.expr(b, s)))
            }
            Expr::ConstructExn { index, args } => Expr::ConstructExn {
                index: *index,
                args: args.iter().map(|a| self.expr(a, s)).collect(),
            },
            Expr::Field(b, i) => Expr::Field(bx(self.expr(b, s)), *i),
            Expr::SetField(a, i, b) => {
                let a = self.expr(a, s);
                Expr::SetField(bx(a), *i, bx(self.expr(b, s)))
            }
            Expr::While(c, b) => {
                let c = self.expr(c, s);
                Expr::While(bx(c), bx(self.expr(b, s)))
            }
            Expr::Loc(span, b) => Expr::Loc(*span, bx(self.expr(b, s))),
        }
    }

    /// The type of a monomorphic expression, where it is cheap to know.
    fn type_of(&self, e: &Expr) -> Option<Type> {
        match e {
            Expr::Var(v) => Some(self.vars.ty(*v).clone()),
            Expr::Const(crate::lambda::ir::Const::Int(_)) => Some(Type::int()),
            Expr::Const(crate::lambda::ir::Const::Char(_)) => Some(Type::char()),
            Expr::Const(crate::lambda::ir::Const::String(_)) => Some(Type::string()),
            Expr::Const(crate::lambda::ir::Const::Float(_)) => Some(Type::float()),
            Expr::Construct { ty, .. } => Some(ty.clone()),
            Expr::Loc(_, e) | Expr::Seq(_, e) | Expr::Local(_, _, e) | Expr::LetRec(_, e) => {
                self.type_of(e)
            }
            Expr::If(_, a, _) => self.type_of(a),
            Expr::Field(b, i) => match self.type_of(b)? {
                Type::Tuple(ts) => ts.get(*i as usize).cloned(),
                Type::Con(c, args) => {
                    let decl = self.types.decl(c);
                    let declared = match &decl.kind {
                        DeclKind::Record(fields) => &fields.get(*i as usize)?.ty,
                        DeclKind::Variant(ctors) => {
                            // The constructor is known inside its switch arm. A GADT
                            // constructor's own variables are erased in its declared arguments,
                            // so substituting the parameters is sound for them too.
                            let Expr::Var(v) = *crate::lambda::visit::peel_loc(b) else {
                                return None;
                            };
                            let (_, _, k) = self.known_ctors.iter().rev().find(|(w, t, _)| {
                                *w == v && matches!(t, Type::Con(d, _) if *d == c)
                            })?;
                            ctors.get(*k as usize)?.args.get(*i as usize)?
                        }
                        _ => return None,
                    };
                    let mut t = declared.clone();
                    for (p, a) in decl.params.iter().zip(&args) {
                        t = t.subst(*p, a);
                    }
                    Some(t)
                }
                _ => None,
            },
            Expr::Switch { .. } => None,
            Expr::Prim(
                Prim::Runtime(
                    "egret_array_get" | "egret_addr_array_get" | "egret_floatarray_get",
                    _,
                ),
                args,
            ) => match self.type_of(args.first()?)? {
                Type::Con(TyCon::ARRAY, mut elt) => elt.pop(),
                _ => None,
            },
            Expr::Prim(p, _) => match p {
                Prim::Add | Prim::Sub | Prim::Mul | Prim::Div | Prim::Mod | Prim::Neg => {
                    Some(Type::int())
                }
                Prim::And | Prim::Or | Prim::Xor | Prim::Lsl | Prim::Lsr | Prim::Asr => {
                    Some(Type::int())
                }
                Prim::Compare | Prim::IntCompare | Prim::FCompare | Prim::IntOfFloat => {
                    Some(Type::int())
                }
                Prim::FAdd
                | Prim::FSub
                | Prim::FMul
                | Prim::FDiv
                | Prim::FNeg
                | Prim::FAbs
                | Prim::FSqrt
                | Prim::FloatOfInt => Some(Type::float()),
                _ => None,
            },
            Expr::App(f, args) => {
                let mut t = self.type_of(f)?;
                for _ in args {
                    match t {
                        Type::Arrow(_, r) => t = *r,
                        _ => return None,
                    }
                }
                Some(t)
            }
            _ => None,
        }
    }

    /// The runtime function of an array access `name` on an array of `elt` when the type says
    /// which kind of array it is (ocamlopt's `Typeopt.array_kind`): flat floats, or values
    /// never floats. An abstract type or a type variable may be `float`: those stay generic.
    fn array_access(&self, name: &str, elt: &Type) -> Option<&'static str> {
        let float = *elt == Type::float();
        let never_float = match elt {
            Type::Tuple(_) | Type::Arrow(..) => true,
            Type::Con(c, _) => match &self.types.decl(*c).kind {
                DeclKind::Primitive => [
                    TyCon::INT,
                    TyCon::CHAR,
                    TyCon::STRING,
                    TyCon::BYTES,
                    TyCon::UNIT,
                    TyCon::BOOL,
                    TyCon::LIST,
                    TyCon::OPTION,
                    TyCon::REF,
                    TyCon::EXN,
                    TyCon::ARRAY,
                ]
                .contains(c),
                DeclKind::Variant(_) | DeclKind::Record(_) | DeclKind::Extensible => true,
            },
            Type::Var(_) | Type::Forall(..) => false,
        };
        Some(match (name, float, never_float) {
            ("egret_array_get", true, _) => "egret_floatarray_get",
            ("egret_array_set", true, _) => "egret_floatarray_set",
            ("egret_array_get", _, true) => "egret_addr_array_get",
            ("egret_array_set", _, true) => "egret_addr_array_set",
            _ => return None,
        })
    }

    /// Values of this type are always immediate (never heap blocks): compare them as words.
    fn is_immediate(&self, t: &Type) -> bool {
        match t {
            Type::Con(c, _) => match &self.types.decl(*c).kind {
                DeclKind::Primitive => *c == TyCon::INT || *c == TyCon::CHAR,
                DeclKind::Variant(cs) => cs.iter().all(|c| c.args.is_empty()),
                _ => false,
            },
            _ => false,
        }
    }

    fn letrec(&mut self, defs: &[(VarId, Expr)], body: &Expr, s: &TySubst) -> Expr {
        let polymorphic = defs.iter().any(|(_, d)| !strip_tyfuns(d).0.is_empty());
        if !polymorphic {
            let vs: Vec<VarId> = defs.iter().map(|(v, _)| self.fresh_binder(*v, s)).collect();
            let ds = defs
                .iter()
                .zip(&vs)
                .map(|((_, d), v)| (*v, self.expr(d, s)))
                .collect();
            return Expr::LetRec(ds, bx(self.expr(body, s)));
        }
        let group = self.copying.len();
        self.copying.push(Vec::new());
        for (v, _) in defs {
            self.poly
                .insert(*v, PolyBinding::new(Some(group), self.tyvars.len()));
        }
        let b = self.expr(body, s);
        for (v, _) in defs {
            self.request_unused_export(*v);
        }
        // Worklist: specialise every requested instance; copies may request more, and the
        // uniform copies once requested.
        let mut done: Vec<usize> = vec![0; defs.len()];
        let mut uniform_done = vec![false; defs.len()];
        let mut out_defs = Vec::new();
        loop {
            let todo = defs.iter().enumerate().find_map(|(k, (v, _))| {
                let p = &self.poly[v];
                if done[k] < p.instances.len() {
                    Some((k, Some(done[k])))
                } else if p.uniform.is_some() && !uniform_done[k] {
                    Some((k, None))
                } else {
                    None
                }
            });
            let Some((k, i)) = todo else { break };
            let (v, def) = &defs[k];
            match i {
                Some(i) => {
                    done[k] += 1;
                    let (args, nv) = self.poly[v].instances[i].clone();
                    let (tvs, inner) = strip_tyfuns(def);
                    let mut s2 = s.clone();
                    self.copying[group].push(args_size(&args));
                    for (tv, a) in tvs.iter().zip(args) {
                        s2.insert(*tv, a);
                    }
                    let d = self.expr(inner, &s2);
                    self.copying[group].pop();
                    out_defs.push((nv, d));
                }
                None => {
                    uniform_done[k] = true;
                    let u = self.poly[v].uniform.unwrap();
                    let d = self.uniform_copy(def, s);
                    out_defs.push((u, d));
                }
            }
        }
        for (v, _) in defs {
            self.poly.remove(v);
        }
        if out_defs.is_empty() {
            return b;
        }
        Expr::LetRec(out_defs, bx(b))
    }
}

#[cfg(test)]
mod tests {
    use crate::lambda::ir::{Expr, Program, VarId};

    /// Types `src` (no simplifier) and makes it monomorphic where it can; checks the result
    /// with the verifier and the interpreter against `want` (what ocamlopt prints).
    fn mono(src: &str, want: &str) -> Program {
        let ast = crate::syntax::parse(src).unwrap();
        let (p, _) = crate::typing::type_program(&ast, src, "t.ml").unwrap();
        let m = super::monomorphize(&p);
        crate::lambda::verify::verify_program(&m).unwrap();
        let out = crate::lambda::interp::run_program(&m, &Default::default());
        assert_eq!(String::from_utf8_lossy(&out.stdout), want);
        m
    }

    /// The type abstractions left in the definitions of variables named `name`, and those
    /// definitions (the prelude's own uniform copies are not counted).
    fn count(p: &Program, name: &str) -> (usize, usize) {
        fn go(p: &Program, e: &Expr, name: &str, inside: bool, n: &mut (usize, usize)) {
            let named = |v: &VarId| p.vars.get(*v).name == name;
            match e {
                Expr::TyFun(..) if inside => n.0 += 1,
                Expr::Local(v, d, b) if named(v) => {
                    n.1 += 1;
                    go(p, d, name, true, n);
                    go(p, b, name, inside, n);
                    return;
                }
                Expr::LetRec(defs, b) => {
                    for (v, d) in defs {
                        n.1 += usize::from(named(v));
                        go(p, d, name, inside || named(v), n);
                    }
                    go(p, b, name, inside, n);
                    return;
                }
                _ => {}
            }
            crate::lambda::visit::each_child(e, &mut |c| go(p, c, name, inside, n));
        }
        let mut n = (0, 0);
        go(p, &p.body, name, false, &mut n);
        n
    }

    /// An export (kept under `-g`) nobody instantiates gets its uniform copy, a `let` and a
    /// `let rec` alike; without the mark (no `-g`: the simplifier empties the set) it
    /// disappears.
    #[test]
    fn unused_polymorphic_export_gets_a_uniform_copy() {
        let src = "let unused_poly l = List.length l + 2\n\
                   let rec unused_rec l = match l with [] -> 0 | _ :: t -> 1 + unused_rec t\n\
                   let () = print_int 42";
        let m = mono(src, "42");
        assert_eq!(count(&m, "unused_poly").1, 1);
        assert_eq!(count(&m, "unused_rec").1, 1);
        let ast = crate::syntax::parse(src).unwrap();
        let (mut p, _) = crate::typing::type_program(&ast, src, "t.ml").unwrap();
        p.vars.exports.clear();
        let m = super::monomorphize(&p);
        assert_eq!(count(&m, "unused_poly").1, 0);
        assert_eq!(count(&m, "unused_rec").1, 0);
    }

    /// Ordinary polymorphism is specialised as before where a type reads the code (here the
    /// comparison): one copy per type, no `TyFun` left.
    #[test]
    fn finite_instances_are_specialised() {
        let m = mono(
            "let rec tmem x l = match l with [] -> false | y :: t -> x = y || tmem x t\n\
             let () = print_int (Bool.to_int (tmem 1 [1; 2]) + Bool.to_int (tmem \"a\" [\"a\"]) \
             + Bool.to_int (tmem [] [[]]))",
            "3",
        );
        assert_eq!(count(&m, "tmem"), (0, 3));
    }

    /// A definition no type argument changes (no comparison, array access or parameter at a
    /// type variable) has one copy, its uniform one, for all its uses; so has one that only
    /// instantiates such definitions.
    #[test]
    fn insensitive_definitions_share_the_uniform_copy() {
        let m = mono(
            "let rec tlen l = match l with [] -> 0 | _ :: t -> 1 + tlen t\n\
             let twice l = tlen l + tlen l\n\
             let () = print_int (twice [1; 2] + twice [\"a\"] + twice [[]])",
            "8",
        );
        assert_eq!(count(&m, "tlen"), (1, 1));
        assert_eq!(count(&m, "twice").1, 1);
        // A comparison at the type variable, in a function `twice` calls: copies again.
        let m = mono(
            "let rec tmem x l = match l with [] -> false | y :: t -> x = y || tmem x t\n\
             let both x l = tmem x l && tmem x l\n\
             let () = print_int (Bool.to_int (both 1 [1]) + Bool.to_int (both \"a\" [\"b\"]))",
            "1",
        );
        assert_eq!(count(&m, "both").1, 2);
    }

    /// Polymorphic recursion (`tlen` calls itself at `'a * 'a`): the instance asked for from
    /// outside is specialised, and its recursive call goes to the one uniform copy.
    #[test]
    fn polymorphic_recursion_gets_a_uniform_copy() {
        let m = mono(
            "type 'a t = N | C of 'a * ('a * 'a) t\n\
             let rec tlen : 'a. 'a t -> int = function\n\
             | N -> 0 | C (x, r) -> (if x = x then 1 else 0) + 2 * tlen r\n\
             let () = print_int (tlen (C (1, C ((2, 3), N))))",
            "3",
        );
        assert_eq!(count(&m, "tlen"), (1, 2));
    }

    /// A generalised value that computes is evaluated once at `Obj.t` (any value): its
    /// comparison stays structural at every type (with `unit` it compared words).
    #[test]
    fn expansive_generalised_values_compare_generically() {
        let m = mono(
            "let eq = (print_string \"\"; fun x y -> x = y)\n\
             let () = print_string (string_of_bool (eq \"ab\" (\"a\" ^ \"b\")))",
            "true",
        );
        // `eq` is a type abstraction of the value at `Obj.t`: its one uniform copy serves all.
        assert_eq!(count(&m, "eq"), (1, 2));
    }

    /// The runtime functions a program calls (`Prim::Runtime` names), with repetitions.
    fn runtime_calls(p: &Program) -> Vec<&'static str> {
        fn go(e: &Expr, out: &mut Vec<&'static str>) {
            if let Expr::Prim(crate::lambda::ir::Prim::Runtime(name, _), _) = e {
                out.push(name);
            }
            crate::lambda::visit::each_child(e, &mut |c| go(c, out));
        }
        let mut out = Vec::new();
        go(&p.body, &mut out);
        out
    }

    /// A constructor's argument compared inside the match arm that decided the constructor:
    /// the simplifier substitutes the pattern's variable (`field t 0`), and the comparison is
    /// still specialised by the argument's declared type (strings: OCaml's string primitive,
    /// as ocamlopt; it was the generic comparison, a fifth of `kb`'s time).
    #[test]
    fn constructor_arguments_compare_at_their_type() {
        let src = "type term = Var of int | Term of string * term list\n\
                   let rec m t1 t2 = match t1, t2 with\n\
                   | Term (a, l1), Term (b, l2) -> a = b && List.for_all2 m l1 l2\n\
                   | Var x, Var y -> x = y\n\
                   | _ -> false\n\
                   let () = print_string (string_of_bool (m (Term (\"f\", [Var 1])) \
                   (Term (String.make 1 'f', [Var 1]))))";
        let ast = crate::syntax::parse(src).unwrap();
        let (mut p, _) = crate::typing::type_program(&ast, src, "t.ml").unwrap();
        crate::simplify::simplify_program(&mut p, &Default::default());
        let m = super::monomorphize(&p);
        crate::lambda::verify::verify_program(&m).unwrap();
        let out = crate::lambda::interp::run_program(&m, &Default::default());
        assert_eq!(String::from_utf8_lossy(&out.stdout), "true");
        let calls = runtime_calls(&m);
        assert!(calls.contains(&"caml_string_equal"), "{calls:?}");
    }

    /// A polymorphic record field's value is one uniform copy, instantiated at each use.
    #[test]
    fn polymorphic_fields_hold_uniform_copies() {
        let m = mono(
            "type r = { cmp : 'a. 'a -> 'a -> int }\n\
             let r = { cmp = (fun x y -> compare x y) }\n\
             let () = print_int (r.cmp \"b\" \"a\" + r.cmp 1 2 + r.cmp [1.] [1.])",
            "0",
        );
        assert_eq!(count(&m, "r").0, 1);
    }

    /// A definition used at more than `MAX_INSTANCES` types: that many copies, and the
    /// uniform copy for the other uses.
    #[test]
    fn instances_beyond_the_budget_share_the_uniform_copy() {
        let n = super::MAX_INSTANCES + 8;
        let mut src = String::from("let tf x = compare x x\nlet () =\n");
        let mut v = String::from("1");
        for _ in 0..n {
            src.push_str(&format!("  print_int (tf ({v}));\n"));
            v = format!("[{v}]");
        }
        src.push_str("  ()\n");
        let m = mono(&src, &"0".repeat(n));
        assert_eq!(count(&m, "tf"), (1, super::MAX_INSTANCES + 1));
    }

    /// A long sequence (`print_int 1; print_int 1; ..`, a right-nested chain of `Seq`s) is
    /// translated in linear time and memory. The translation used to copy every subtree once
    /// per level above it: 4,000 statements took gigabytes, 50,000 ran out of memory.
    #[test]
    fn long_sequences_are_linear() {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(|| {
                let n = 3_000;
                let src = format!("let () =\n{}print_newline ()\n", "print_int 1;\n".repeat(n));
                let ast = crate::syntax::parse(&src).unwrap();
                let (p, _) = crate::typing::type_program(&ast, &src, "seq.ml").unwrap();
                let start = std::time::Instant::now();
                let m = super::monomorphize(&p);
                let took = start.elapsed();
                crate::lambda::verify::verify_program(&m).unwrap();
                // Linear: a few milliseconds; the quadratic translation took over 5 s.
                assert!(
                    took.as_secs_f64() < 2.0,
                    "mono took {took:?} on {n} statements"
                );
            })
            .unwrap()
            .join()
            .unwrap();
    }
}
