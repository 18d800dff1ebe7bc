//! The lambda IR's verifier: a type checker for the explicitly typed System F IR.
//!
//! [`verify_program`] checks that the program is well typed (every node's operands have the
//! types its rule demands, with types compared up to renaming of bound type variables), that
//! binders are unique in the whole program, that every variable and type variable is used in
//! its scope, and that `LetRec` definitions are functions (under type abstractions).
//! [`type_of`] gives the type of an expression without the scope checks.
//!
//! Two places are typed loosely, because the IR does not carry the information:
//! - `Prim::Runtime` calls are typed from [`super::runtime::RUNTIME`]; an unknown name, or a
//!   primitive returning "any type" (`exit`), has the type its context demands.
//! - `Field(e, i)` on a variant with several constructors with arguments needs to know which
//!   constructor `e` holds: it is known inside the arm of a `Switch` on the same variable
//!   (and inside the `then` branch of an `IsException` test, for exceptions); elsewhere the
//!   field has the type its context demands.
//!
//! `Obj.t` ([`Type::any_value`]) is *any value*: compatible with every type, at any depth
//! ([`types_compatible`]); applying one, instantiating one or reading its field has the type
//! the context demands. The typer gives it to what the IR cannot name: GADT existentials and
//! the locally abstract types a GADT branch refines (`typing::gadt`: inside a branch where
//! `a = int`, code reads an `a` as an `int`), polymorphic variants, and the values the value
//! restriction generalises. Values are uniform words, so no check is lost that the run time
//! depends on.

use std::collections::{HashMap, HashSet};

use super::ir::*;
use super::print::{print_expr, print_type};
use super::runtime::{self, RtTy};

/// The type of `e` in `p` (variables typed from `p.vars`; no scope checks).
pub fn type_of(p: &Program, e: &Expr) -> Result<Type, String> {
    type_of_in(&p.vars, &p.types, e)
}

/// [`type_of`] for passes that hold the program's tables apart from its body.
pub fn type_of_in(vars: &VarTable, types: &TypeTable, e: &Expr) -> Result<Type, String> {
    let mut c = Checker::new(vars, types, false);
    match c.infer(e)? {
        Some(t) => Ok(t),
        None => Err(format!(
            "the type of {} depends on its context",
            short(types, e)
        )),
    }
}

/// Checks the whole program; all the problems found, or `Ok`.
pub fn verify_program(p: &Program) -> Result<(), Vec<String>> {
    super::with_big_stack(super::BIG_STACK, || {
        let mut c = Checker::new(&p.vars, &p.types, true);
        match c.infer(&p.body) {
            Ok(t) => {
                if let Err(e) = c.expect_ty(|| "the program".into(), &t, &Type::unit()) {
                    c.errors.push(e);
                }
            }
            Err(e) => c.errors.push(e),
        }
        if c.errors.is_empty() {
            Ok(())
        } else {
            Err(c.errors)
        }
    })
}

fn short(types: &TypeTable, e: &Expr) -> String {
    let p = Program {
        body: Expr::Const(Const::Int(0)),
        vars: VarTable::default(),
        types: types.clone(),
        next_tyvar: 0,
        inline_sites: InlineSites::default(),
    };
    let s = print_expr(e, Some(&p));
    if s.len() > 160 {
        let mut cut = 160;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        format!("{}...", &s[..cut])
    } else {
        s
    }
}

/// Type equality up to renaming of `Forall`-bound variables.
pub fn types_equal(a: &Type, b: &Type) -> bool {
    fn go(a: &Type, b: &Type, env: &mut Vec<(TyVar, TyVar)>) -> bool {
        match (a, b) {
            (Type::Var(x), Type::Var(y)) => {
                for (l, r) in env.iter().rev() {
                    if l == x || r == y {
                        return l == x && r == y;
                    }
                }
                x == y
            }
            (Type::Con(c, xs), Type::Con(d, ys)) => {
                c == d && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| go(x, y, env))
            }
            (Type::Tuple(xs), Type::Tuple(ys)) => {
                xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| go(x, y, env))
            }
            (Type::Arrow(a1, b1), Type::Arrow(a2, b2)) => go(a1, a2, env) && go(b1, b2, env),
            (Type::Forall(x, t), Type::Forall(y, u)) => {
                env.push((*x, *y));
                let r = go(t, u, env);
                env.pop();
                r
            }
            _ => false,
        }
    }
    go(a, b, &mut vec![])
}

/// [`types_equal`] where `Obj.t` ([`Type::any_value`]) is compatible with every type, at any
/// depth: it stands for any value (values are uniform words). The typer gives that type to
/// what it cannot name in the IR: GADT existentials and the locally abstract types a GADT
/// branch refines (`typing::gadt`), polymorphic variants, values generalised by the value
/// restriction's `Λws. identity tmp`.
pub fn types_compatible(a: &Type, b: &Type) -> bool {
    fn go(a: &Type, b: &Type, env: &mut Vec<(TyVar, TyVar)>) -> bool {
        match (a, b) {
            (Type::Con(TyCon::OBJ_T, _), _) | (_, Type::Con(TyCon::OBJ_T, _)) => true,
            (Type::Var(x), Type::Var(y)) => {
                for (l, r) in env.iter().rev() {
                    if l == x || r == y {
                        return l == x && r == y;
                    }
                }
                x == y
            }
            (Type::Con(c, xs), Type::Con(d, ys)) => {
                c == d && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| go(x, y, env))
            }
            (Type::Tuple(xs), Type::Tuple(ys)) => {
                xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| go(x, y, env))
            }
            (Type::Arrow(a1, b1), Type::Arrow(a2, b2)) => go(a1, a2, env) && go(b1, b2, env),
            (Type::Forall(x, t), Type::Forall(y, u)) => {
                env.push((*x, *y));
                let r = go(t, u, env);
                env.pop();
                r
            }
            _ => false,
        }
    }
    go(a, b, &mut vec![])
}

fn is_any_value(t: &Type) -> bool {
    matches!(t, Type::Con(TyCon::OBJ_T, _))
}

/// Simultaneous substitution of type variables.
pub fn subst_many(t: &Type, s: &[(TyVar, Type)]) -> Type {
    match t {
        Type::Var(v) => s
            .iter()
            .find(|(w, _)| w == v)
            .map_or_else(|| t.clone(), |(_, by)| by.clone()),
        Type::Con(c, args) => Type::Con(*c, args.iter().map(|a| subst_many(a, s)).collect()),
        Type::Tuple(ts) => Type::Tuple(ts.iter().map(|a| subst_many(a, s)).collect()),
        Type::Arrow(a, b) => Type::arrow(subst_many(a, s), subst_many(b, s)),
        Type::Forall(v, b) => {
            let inner: Vec<_> = s.iter().filter(|(w, _)| w != v).cloned().collect();
            Type::Forall(*v, Box::new(subst_many(b, &inner)))
        }
    }
}

fn free_tyvars(t: &Type, bound: &mut Vec<TyVar>, out: &mut Vec<TyVar>) {
    match t {
        Type::Var(v) => {
            if !bound.contains(v) {
                out.push(*v)
            }
        }
        Type::Con(_, ts) | Type::Tuple(ts) => ts.iter().for_each(|t| free_tyvars(t, bound, out)),
        Type::Arrow(a, b) => {
            free_tyvars(a, bound, out);
            free_tyvars(b, bound, out);
        }
        Type::Forall(v, b) => {
            bound.push(*v);
            free_tyvars(b, bound, out);
            bound.pop();
        }
    }
}

/// The argument types of constructor `index` of `ty` (a variant or record instance, or a
/// tuple), or an error.
pub fn constructor_args(types: &TypeTable, ty: &Type, index: u32) -> Result<Vec<Type>, String> {
    match ty {
        Type::Tuple(ts) if index == 0 => Ok(ts.clone()),
        Type::Con(c, targs) => {
            let Some(decl) = types.decls.get(c.index()) else {
                // Tables without the built-in declarations: unit and bool are still known.
                return match (*c, index) {
                    (TyCon::UNIT, 0) | (TyCon::BOOL, 0 | 1) => Ok(vec![]),
                    _ => Err(format!("unknown type constructor {}", c.0)),
                };
            };
            if decl.params.len() != targs.len() {
                return Err(format!(
                    "type {} applied to {} arguments",
                    decl.name,
                    targs.len()
                ));
            }
            let s: Vec<_> = decl
                .params
                .iter()
                .copied()
                .zip(targs.iter().cloned())
                .collect();
            match &decl.kind {
                DeclKind::Variant(ctors) => match ctors.get(index as usize) {
                    Some(k) => Ok(k.args.iter().map(|a| subst_many(a, &s)).collect()),
                    None => Err(format!("type {} has no constructor {index}", decl.name)),
                },
                DeclKind::Record(fields) if index == 0 => {
                    Ok(fields.iter().map(|f| subst_many(&f.ty, &s)).collect())
                }
                _ => Err(format!("type {} has no constructor {index}", decl.name)),
            }
        }
        _ => Err(format!(
            "cannot construct a value of type {}",
            print_type(ty, Some(types))
        )),
    }
}

#[derive(Clone, Copy)]
struct Tables<'a> {
    vars: &'a VarTable,
    types: &'a TypeTable,
}

/// `Some(t)`: the type; `None`: whatever the context demands (loosely typed runtime calls).
type Ty = Option<Type>;

struct Checker<'a> {
    p: Tables<'a>,
    check_scope: bool,
    in_scope: HashSet<VarId>,
    bound: HashSet<VarId>,
    tyvars: Vec<TyVar>,
    known_ctor: HashMap<VarId, u32>,
    known_exn: HashMap<VarId, u32>,
    errors: Vec<String>,
}

impl<'a> Checker<'a> {
    fn new(vars: &'a VarTable, types: &'a TypeTable, check_scope: bool) -> Self {
        Checker {
            p: Tables { vars, types },
            check_scope,
            in_scope: HashSet::new(),
            bound: HashSet::new(),
            tyvars: vec![],
            known_ctor: HashMap::new(),
            known_exn: HashMap::new(),
            errors: vec![],
        }
    }

    fn show(&self, t: &Type) -> String {
        print_type(t, Some(&self.p.types))
    }

    fn expect(&self, what: &str, found: &Type, expected: &Type) -> Result<(), String> {
        if types_compatible(found, expected) {
            Ok(())
        } else {
            Err(format!(
                "{what} has type {} but {} was expected",
                self.show(found),
                self.show(expected)
            ))
        }
    }

    fn expect_ty(
        &self,
        what: impl FnOnce() -> String,
        found: &Ty,
        expected: &Type,
    ) -> Result<(), String> {
        match found {
            Some(f) => self.expect(&what(), f, expected),
            None => Ok(()),
        }
    }

    fn var_ty(&self, v: VarId) -> Result<&'a Type, String> {
        self.p
            .vars
            .vars
            .get(v.0 as usize)
            .map(|i| &i.ty)
            .ok_or_else(|| format!("{v} is not in the variable table"))
    }

    fn bind(&mut self, v: VarId) -> Result<(), String> {
        let ty = self.var_ty(v)?;
        if self.check_scope {
            if !self.bound.insert(v) {
                return Err(format!("{v} is bound twice"));
            }
            let mut free = vec![];
            free_tyvars(ty, &mut vec![], &mut free);
            if let Some(a) = free.iter().find(|a| !self.tyvars.contains(a)) {
                return Err(format!(
                    "the type {} of {v} mentions {} out of its scope",
                    self.show(ty),
                    super::print::tyvar_name(*a)
                ));
            }
        }
        self.in_scope.insert(v);
        Ok(())
    }

    fn unbind(&mut self, v: VarId) {
        self.in_scope.remove(&v);
    }

    fn check_type_wf(&self, t: &Type) -> Result<(), String> {
        if !self.check_scope {
            return Ok(());
        }
        let mut free = vec![];
        free_tyvars(t, &mut vec![], &mut free);
        match free.iter().find(|a| !self.tyvars.contains(a)) {
            Some(a) => Err(format!(
                "type {} mentions {} out of its scope",
                self.show(t),
                super::print::tyvar_name(*a)
            )),
            None => Ok(()),
        }
    }

    fn infer(&mut self, e: &Expr) -> Result<Ty, String> {
        self.infer_inner(e).map_err(|msg| {
            if msg.contains("\n  in ") {
                msg
            } else {
                format!("{msg}\n  in {}", short(self.p.types, e))
            }
        })
    }

    fn infer_inner(&mut self, e: &Expr) -> Result<Ty, String> {
        let int = Type::int();
        Ok(Some(match e {
            Expr::Var(v) => {
                if self.check_scope && !self.in_scope.contains(v) {
                    return Err(format!("{v} is used out of its scope"));
                }
                self.var_ty(*v)?.clone()
            }
            Expr::Const(Const::Int(_)) => int,
            Expr::Const(Const::Char(_)) => Type::char(),
            Expr::Const(Const::String(_)) => Type::string(),
            Expr::Const(Const::Float(_)) => Type::float(),
            Expr::Const(Const::BoxedInt(k, _)) => Type::boxed_int(*k),
            Expr::Fun(ps, body, _) => {
                if ps.is_empty() {
                    return Err("a function without parameters".into());
                }
                for p in ps {
                    self.bind(*p)?;
                }
                let r = self.infer(body)?;
                for p in ps {
                    self.unbind(*p);
                }
                let Some(r) = r else { return Ok(None) };
                Type::arrows(ps.iter().map(|p| self.p.vars.ty(*p).clone()), r)
            }
            Expr::App(f, args) => {
                if args.is_empty() {
                    return Err("an application without arguments".into());
                }
                // Arguments first (right to left, as they run), then the function.
                let mut arg_tys = vec![];
                for a in args.iter().rev() {
                    arg_tys.push(self.infer(a)?);
                }
                arg_tys.reverse();
                let Some(mut ft) = self.infer(f)? else {
                    return Ok(None);
                };
                if is_any_value(&ft) {
                    return Ok(None);
                }
                for (i, at) in arg_tys.iter().enumerate() {
                    match ft {
                        Type::Arrow(a, r) => {
                            self.expect_ty(|| format!("argument {}", i + 1), at, &a)?;
                            ft = *r;
                        }
                        other if is_any_value(&other) => return Ok(None),
                        other => {
                            return Err(format!(
                                "applying a value of type {} to {} arguments",
                                self.show(&other),
                                args.len()
                            ))
                        }
                    }
                }
                ft
            }
            Expr::TyFun(v, body) => {
                if !computes_nothing(body) {
                    return Err(
                        "the body of a type abstraction computes (mono would repeat it for each instance)"
                            .to_string(),
                    );
                }
                self.tyvars.push(*v);
                let r = self.infer(body);
                self.tyvars.pop();
                let Some(r) = r? else { return Ok(None) };
                Type::Forall(*v, Box::new(r))
            }
            Expr::TyApp(f, t) => {
                self.check_type_wf(t)?;
                match self.infer(f)? {
                    None => return Ok(None),
                    Some(t) if is_any_value(&t) => return Ok(None),
                    Some(Type::Forall(v, body)) => body.subst(v, t),
                    Some(other) => {
                        return Err(format!(
                            "type application of a value of type {}",
                            self.show(&other)
                        ))
                    }
                }
            }
            Expr::Local(v, d, b) => {
                let dt = self.infer(d)?;
                let vt = self.var_ty(*v)?;
                self.expect_ty(|| format!("the definition of {v}"), &dt, vt)?;
                self.bind(*v)?;
                let r = self.infer(b)?;
                self.unbind(*v);
                return Ok(r);
            }
            Expr::LetRec(defs, b) => {
                for (v, _) in defs {
                    self.bind(*v)?;
                }
                for (v, d) in defs {
                    let mut f = d;
                    loop {
                        match f {
                            Expr::TyFun(_, x) | Expr::Loc(_, x) => f = x,
                            _ => break,
                        }
                    }
                    if !matches!(f, Expr::Fun(..)) {
                        return Err(format!("let rec {v} is not a function"));
                    }
                    let dt = self.infer(d)?;
                    let vt = self.var_ty(*v)?;
                    self.expect_ty(|| format!("the definition of {v}"), &dt, vt)?;
                }
                let r = self.infer(b)?;
                for (v, _) in defs {
                    self.unbind(*v);
                }
                return Ok(r);
            }
            Expr::Seq(a, b) => {
                self.infer(a)?;
                return self.infer(b);
            }
            Expr::Prim(p, args) => return self.prim(*p, args),
            Expr::If(c, a, b) => {
                let ct = self.infer(c)?;
                self.expect_ty(|| "the condition".into(), &ct, &Type::bool())?;
                let saved = self.exn_guard(c);
                let at = self.infer(a);
                if let Some((x, old)) = saved {
                    match old {
                        Some(k) => self.known_exn.insert(x, k),
                        None => self.known_exn.remove(&x),
                    };
                }
                let at = at?;
                let bt = self.infer(b)?;
                return self.join(at, bt, "the branches of `if`");
            }
            Expr::Construct { ty, index, args } => {
                self.check_type_wf(ty)?;
                let want = constructor_args(&self.p.types, ty, *index)?;
                if want.len() != args.len() {
                    return Err(format!(
                        "constructor {index} takes {} arguments, given {}",
                        want.len(),
                        args.len()
                    ));
                }
                for (i, (a, w)) in args.iter().zip(&want).enumerate().rev() {
                    let at = self.infer(a)?;
                    self.expect_ty(|| format!("constructor argument {}", i + 1), &at, w)?;
                }
                ty.clone()
            }
            Expr::ConstructExn { index, args } => {
                let decl = self
                    .p
                    .types
                    .exceptions
                    .get(*index as usize)
                    .ok_or_else(|| format!("no exception {index}"))?;
                if decl.args.len() != args.len() {
                    return Err(format!(
                        "exception {} takes {} arguments, given {}",
                        decl.name,
                        decl.args.len(),
                        args.len()
                    ));
                }
                for (i, (a, w)) in args.iter().zip(&decl.args).enumerate().rev() {
                    let at = self.infer(a)?;
                    self.expect_ty(|| format!("argument {} of {}", i + 1, decl.name), &at, w)?;
                }
                Type::exn()
            }
            Expr::Field(b, i) => return self.field(b, *i).map(|(t, _)| t),
            Expr::SetField(b, i, v) => {
                let vt = self.infer(v)?;
                let (ft, mutable) = self.field(b, *i)?;
                if !mutable {
                    return Err(format!("field {i} is not mutable"));
                }
                if let Some(ft) = ft {
                    self.expect_ty(|| "the new value".into(), &vt, &ft)?;
                }
                Type::unit()
            }
            Expr::Switch {
                scrut,
                kind,
                arms,
                default,
                ty,
            } => {
                self.check_type_wf(ty)?;
                let st = self.infer(scrut)?;
                let mut seen = HashSet::new();
                match kind {
                    SwitchKind::Constructor(t) => {
                        self.expect_ty(|| "the scrutinee".into(), &st, t)?;
                        for (k, _) in arms {
                            constructor_args(
                                &self.p.types,
                                t,
                                u32::try_from(*k).map_err(|_| format!("bad key {k}"))?,
                            )?;
                        }
                        if default.is_none() {
                            if let Type::Con(c, _) = t {
                                if let Some(DeclKind::Variant(ctors)) =
                                    self.p.types.decls.get(c.index()).map(|d| &d.kind)
                                {
                                    let covered: HashSet<i64> =
                                        arms.iter().map(|(k, _)| *k).collect();
                                    if (0..ctors.len() as i64).any(|k| !covered.contains(&k)) {
                                        return Err(
                                            "a switch without default misses constructors".into()
                                        );
                                    }
                                }
                            }
                        }
                    }
                    SwitchKind::Int => {
                        if let Some(st) = &st {
                            if !types_compatible(st, &int) && !types_equal(st, &Type::char()) {
                                return Err(format!(
                                    "an int switch on a value of type {}",
                                    self.show(st)
                                ));
                            }
                        }
                    }
                }
                let var = match super::visit::peel_loc(scrut) {
                    Expr::Var(x) if matches!(kind, SwitchKind::Constructor(_)) => Some(*x),
                    _ => None,
                };
                for (k, a) in arms {
                    if !seen.insert(*k) {
                        return Err(format!("switch key {k} appears twice"));
                    }
                    let old = var.map(|x| (x, self.known_ctor.insert(x, *k as u32)));
                    let at = self.infer(a);
                    if let Some((x, old)) = old {
                        match old {
                            Some(o) => self.known_ctor.insert(x, o),
                            None => self.known_ctor.remove(&x),
                        };
                    }
                    let at = at?;
                    self.expect_ty(|| format!("switch arm {k}"), &at, ty)?;
                }
                if let Some(d) = default {
                    let dt = self.infer(d)?;
                    self.expect_ty(|| "the switch default".into(), &dt, ty)?;
                }
                ty.clone()
            }
            Expr::While(c, b) => {
                let ct = self.infer(c)?;
                self.expect_ty(|| "the loop condition".into(), &ct, &Type::bool())?;
                self.infer(b)?;
                Type::unit()
            }
            Expr::For {
                var,
                from,
                to,
                body,
                ..
            } => {
                let ft = self.infer(from)?;
                self.expect_ty(|| "the lower bound".into(), &ft, &int)?;
                let tt = self.infer(to)?;
                self.expect_ty(|| "the upper bound".into(), &tt, &int)?;
                self.expect(&format!("loop variable {var}"), self.var_ty(*var)?, &int)?;
                self.bind(*var)?;
                self.infer(body)?;
                self.unbind(*var);
                Type::unit()
            }
            Expr::Raise(b, ty, _) => {
                self.check_type_wf(ty)?;
                let bt = self.infer(b)?;
                self.expect_ty(|| "the raised value".into(), &bt, &Type::exn())?;
                ty.clone()
            }
            Expr::Try(b, v, h) => {
                let bt = self.infer(b)?;
                self.expect(
                    &format!("handler variable {v}"),
                    self.var_ty(*v)?,
                    &Type::exn(),
                )?;
                self.bind(*v)?;
                let ht = self.infer(h)?;
                self.unbind(*v);
                return self.join(bt, ht, "the body and handler of `try`");
            }
            Expr::Loc(_, b) => return self.infer(b),
        }))
    }

    fn join(&self, a: Ty, b: Ty, what: &str) -> Result<Ty, String> {
        match (a, b) {
            (Some(a), Some(b)) => {
                if types_compatible(&a, &b) {
                    // The more precise one (an `Obj.t` arm joins any other).
                    Ok(Some(if is_any_value(&a) { b } else { a }))
                } else {
                    Err(format!(
                        "{what} have types {} and {}",
                        self.show(&a),
                        self.show(&b)
                    ))
                }
            }
            (Some(t), None) | (None, Some(t)) => Ok(Some(t)),
            (None, None) => Ok(None),
        }
    }

    /// `if IsException(k)(x) then ...`: inside `then`, `x` holds exception `k`. `if
    /// x.(0) == id then ...` (a local exception's test, `typing::extensible`): inside `then`,
    /// `x` holds no exception known here (in a branch where `x` was known to be another,
    /// the code is dead but typed as the local exception's).
    fn exn_guard(&mut self, c: &Expr) -> Option<(VarId, Option<u32>)> {
        match super::visit::peel_loc(c) {
            Expr::Prim(Prim::IsException(k), args) => {
                if let [a] = args.as_slice() {
                    if let Expr::Var(x) = super::visit::peel_loc(a) {
                        return Some((*x, self.known_exn.insert(*x, *k)));
                    }
                }
            }
            Expr::Prim(Prim::PhysEq, args) => {
                if let [a, _] = args.as_slice() {
                    if let Expr::Field(b, 0) = super::visit::peel_loc(a) {
                        if let Expr::Var(x) = super::visit::peel_loc(b) {
                            if self.known_exn.contains_key(x) {
                                return Some((*x, self.known_exn.remove(x)));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        None
    }

    /// The type of field `i` of `b` (if known) and whether it is mutable.
    fn field(&mut self, b: &Expr, i: u32) -> Result<(Ty, bool), String> {
        let Some(bt) = self.infer(b)? else {
            return Ok((None, true));
        };
        let var = match super::visit::peel_loc(b) {
            Expr::Var(x) => Some(*x),
            _ => None,
        };
        let oob = || format!("no field {i}");
        if is_any_value(&bt) {
            return Ok((None, true));
        }
        match &bt {
            Type::Tuple(ts) => Ok((Some(ts.get(i as usize).ok_or_else(oob)?.clone()), false)),
            Type::Con(c, targs) => {
                let Some(decl) = self.p.types.decls.get(c.index()) else {
                    return Ok((None, true));
                };
                let s: Vec<_> = decl
                    .params
                    .iter()
                    .copied()
                    .zip(targs.iter().cloned())
                    .collect();
                match &decl.kind {
                    DeclKind::Record(fields) => {
                        let f = fields.get(i as usize).ok_or_else(oob)?;
                        Ok((Some(subst_many(&f.ty, &s)), f.mutable))
                    }
                    DeclKind::Variant(ctors) => {
                        let ctor = match var.and_then(|x| self.known_ctor.get(&x)) {
                            Some(k) => ctors.get(*k as usize),
                            None => {
                                let with_args: Vec<_> =
                                    ctors.iter().filter(|k| !k.args.is_empty()).collect();
                                if with_args.len() == 1 {
                                    Some(with_args[0])
                                } else {
                                    None
                                }
                            }
                        };
                        match ctor {
                            Some(k) => Ok((
                                Some(subst_many(k.args.get(i as usize).ok_or_else(oob)?, &s)),
                                false,
                            )),
                            None => Ok((None, false)),
                        }
                    }
                    DeclKind::Extensible => match var.and_then(|x| self.known_exn.get(&x)) {
                        // Field 0 is the exception's identity (a local exception's is tested
                        // so: `typing::extensible`); argument j is field j + 1.
                        Some(_) if i == 0 => Ok((None, false)),
                        Some(k) => {
                            let decl = self.p.types.exceptions.get(*k as usize).ok_or_else(oob)?;
                            let j = (i as usize).checked_sub(1).ok_or_else(oob)?;
                            Ok((Some(decl.args.get(j).ok_or_else(oob)?.clone()), false))
                        }
                        None => Ok((None, false)),
                    },
                    DeclKind::Primitive => {
                        Err(format!("field {i} of a value of type {}", self.show(&bt)))
                    }
                }
            }
            _ => Err(format!("field {i} of a value of type {}", self.show(&bt))),
        }
    }

    fn prim(&mut self, p: Prim, args: &[Expr]) -> Result<Ty, String> {
        let mut tys = vec![];
        for a in args.iter().rev() {
            tys.push(self.infer(a)?);
        }
        tys.reverse();
        let n = |k: usize| -> Result<(), String> {
            if args.len() == k {
                Ok(())
            } else {
                Err(format!(
                    "primitive {:?} takes {k} arguments, given {}",
                    p,
                    args.len()
                ))
            }
        };
        let int = Type::int();
        let all = |this: &Self, t: &Type| -> Result<(), String> {
            for (i, a) in tys.iter().enumerate() {
                this.expect_ty(|| format!("operand {} of {p:?}", i + 1), a, t)?;
            }
            Ok(())
        };
        let same = |this: &Self| -> Result<(), String> {
            if let (Some(a), Some(b)) = (&tys[0], &tys[1]) {
                this.expect(&format!("the right operand of {p:?}"), b, a)?;
            }
            Ok(())
        };
        Ok(Some(match p {
            Prim::Neg => {
                n(1)?;
                all(self, &int)?;
                int
            }
            Prim::Add
            | Prim::Sub
            | Prim::Mul
            | Prim::Div
            | Prim::Mod
            | Prim::And
            | Prim::Or
            | Prim::Xor
            | Prim::Lsl
            | Prim::Lsr
            | Prim::Asr => {
                n(2)?;
                all(self, &int)?;
                int
            }
            Prim::IntEq | Prim::IntNe | Prim::IntLt | Prim::IntLe | Prim::IntGt | Prim::IntGe => {
                n(2)?;
                same(self)?;
                Type::bool()
            }
            Prim::Eq
            | Prim::Ne
            | Prim::Lt
            | Prim::Le
            | Prim::Gt
            | Prim::Ge
            | Prim::PhysEq
            | Prim::PhysNe => {
                n(2)?;
                same(self)?;
                Type::bool()
            }
            Prim::Compare | Prim::IntCompare => {
                n(2)?;
                same(self)?;
                int
            }
            Prim::Not => {
                n(1)?;
                all(self, &Type::bool())?;
                Type::bool()
            }
            Prim::FAdd | Prim::FSub | Prim::FMul | Prim::FDiv => {
                n(2)?;
                all(self, &Type::float())?;
                Type::float()
            }
            Prim::FNeg | Prim::FAbs | Prim::FSqrt => {
                n(1)?;
                all(self, &Type::float())?;
                Type::float()
            }
            Prim::FloatOfInt => {
                n(1)?;
                all(self, &int)?;
                Type::float()
            }
            Prim::IntOfFloat => {
                n(1)?;
                all(self, &Type::float())?;
                int
            }
            Prim::FEq | Prim::FNe | Prim::FLt | Prim::FLe | Prim::FGt | Prim::FGe => {
                n(2)?;
                all(self, &Type::float())?;
                Type::bool()
            }
            Prim::FCompare => {
                n(2)?;
                all(self, &Type::float())?;
                int
            }
            // A change of type without a change of representation: the result is what the
            // context says.
            Prim::Identity => {
                n(1)?;
                return Ok(None);
            }
            Prim::IsException(k) => {
                n(1)?;
                if self.p.types.exceptions.get(k as usize).is_none()
                    && !self.p.types.exceptions.is_empty()
                {
                    return Err(format!("no exception {k}"));
                }
                all(self, &Type::exn())?;
                Type::bool()
            }
            Prim::Runtime(name, _) => match runtime::lookup(name) {
                None => return Ok(None),
                Some(f) => {
                    if !f.accepts_arity(args.len()) {
                        return Err(format!(
                            "{name} takes {} arguments, given {}",
                            f.params.len(),
                            args.len()
                        ));
                    }
                    if args.len() == f.params.len() {
                        for (i, (a, want)) in tys.iter().zip(f.params).enumerate() {
                            if let (Some(want), true) = (want.to_type(), *want != RtTy::Any) {
                                self.expect_ty(
                                    || format!("argument {} of {name}", i + 1),
                                    a,
                                    &want,
                                )?;
                            }
                            if *want == RtTy::Text
                                && self
                                    .expect_ty(|| String::new(), a, &Type::string())
                                    .is_err()
                            {
                                self.expect_ty(
                                    || format!("argument {} of {name} (string or bytes)", i + 1),
                                    a,
                                    &Type::bytes(),
                                )?;
                            }
                        }
                    }
                    match f.result.to_type() {
                        Some(t) => t,
                        None => return Ok(None),
                    }
                }
            },
        }))
    }
}

/// Whether evaluating `e` does nothing observable, so that `mono` may copy it for each
/// instance of an enclosing type abstraction: the invariant of a `TyFun`'s body.
fn computes_nothing(e: &Expr) -> bool {
    match e {
        Expr::Var(_) | Expr::Const(_) | Expr::Fun(..) => true,
        Expr::TyFun(_, b) | Expr::TyApp(b, _) | Expr::Loc(_, b) => computes_nothing(b),
        Expr::Local(_, d, b) => computes_nothing(d) && computes_nothing(b),
        Expr::LetRec(defs, b) => {
            defs.iter().all(|(_, d)| computes_nothing(d)) && computes_nothing(b)
        }
        Expr::Construct { args, .. } | Expr::ConstructExn { args, .. } => {
            args.iter().all(computes_nothing)
        }
        Expr::Prim(Prim::Identity, args) => args.iter().all(computes_nothing),
        _ => false,
    }
}
