//! Constrained type declarations (OCaml's `Typedecl.transl_declaration`): `type 'a t = ..
//! constraint 'a = 'b list`, and parameters a `t as 'a` binds (`type 'a t = [> `A ] as 'a`).
//!
//! A declaration's parameters are variables; its constraints (and aliases) are unified with
//! them before its body is read, so a parameter may become a type (`'b list`). The
//! declaration's *surface parameters* are then those types, and what egret declares has as
//! parameters the variables they contain, in order (`'b`). A use `u t` unifies `u` with a
//! fresh instance of the surface parameters (OCaml's "constraints are not satisfied"
//! otherwise) and is `t` at the instance's variables; an abbreviation is expanded at once, as
//! every abbreviation is, so only variants, records and abstract types keep the inner form.
//!
//! Invariants: a declaration whose surface parameters are distinct variables is declared as
//! before (no entry in [`Typer::constrained`]). Only what egret types exactly as OCaml is
//! accepted: a constrained declaration with variance annotations, `[@@unboxed]`, GADT
//! constructors, or in a recursive group (another declaration of the group, or itself, named
//! in it) is "not supported yet"; a variable of the body that no surface parameter determines
//! is OCaml's "cannot be deduced" error. In a declaration, a use of a constrained type must not
//! instantiate the declaration's own variables (OCaml's `check_constraints`).

use std::collections::{HashMap, HashSet};

use super::env::TypeName;
use super::pvariant::Presence;
use super::unify::{subst_all, AbstractType, TypePrinter};
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{DeclKind, TyCon, TyVar, Type};
use crate::syntax::ast::{self, TypeDeclKind};

/// A constrained declaration: its surface parameters, over the declaration's own parameters.
#[derive(Clone, Debug)]
pub struct Constrained {
    pub params: Vec<Type>,
    /// An abbreviation (an abstract type standing for its body, expanded at each use).
    pub abbrev: bool,
}

impl Typer<'_> {
    /// The variables declaration `d`'s body may name: its parameters, and the variables its
    /// constraints introduce; the constraints unified with what they constrain ("The type
    /// constraints are not consistent." otherwise).
    pub(super) fn constraint_scope(
        &mut self,
        d: &ast::TypeDecl,
        params: &[TyVar],
    ) -> TResult<HashMap<String, Type>> {
        let mut scope: HashMap<String, Type> = d
            .params
            .iter()
            .zip(params)
            .map(|(n, p)| (n.clone(), Type::Var(*p)))
            .collect();
        let mut names = Vec::new();
        for (a, b, _) in &d.constraints {
            super::gadt::type_expr_vars(a, &mut names);
            super::gadt::type_expr_vars(b, &mut names);
        }
        for n in names {
            if !scope.contains_key(&n) {
                let v = self.u.fresh();
                self.u.levels[v.0 as usize] = u32::MAX;
                scope.insert(n, Type::Var(v));
            }
        }
        for (a, b, span) in &d.constraints {
            let saved = std::mem::replace(&mut self.open_rows_ok, true);
            let ta = self.type_expr_in(a, &scope, false);
            let tb = self.type_expr_in(b, &scope, false);
            self.open_rows_ok = saved;
            let (ta, tb) = (ta?, tb?);
            let (before_a, before_b) = (self.u.zonk(&ta), self.u.zonk(&tb));
            if let Err(err) = self.u.unify(&ta, &tb, &self.types) {
                let mut printer = TypePrinter::new(&self.types);
                return Err(Diagnostic::error(
                    *span,
                    format!(
                        "The type constraints are not consistent.\nType {} is not compatible with type {}{}",
                        printer.print(&before_a),
                        printer.print(&before_b),
                        super::pvariant::explain(&err)
                    ),
                ));
            }
        }
        Ok(scope)
    }

    /// Once a group is declared: each declaration's parameters are the variables of its
    /// surface parameters; a constrained one is recorded (and an abbreviation becomes an
    /// abstract type standing for its body).
    pub(super) fn finish_constraints(
        &mut self,
        decls: &[ast::TypeDecl],
        cons: &mut [(TyCon, Vec<TyVar>)],
    ) -> TResult<()> {
        let group: Vec<&str> = decls.iter().map(|d| d.name.as_str()).collect();
        for (d, (con, params)) in decls.iter().zip(cons.iter_mut()) {
            let surface: Vec<Type> = params.iter().map(|p| self.u.zonk(&Type::Var(*p))).collect();
            let mut vars = Vec::new();
            let mut binders = Vec::new();
            for t in &surface {
                free_vars(t, &mut vars);
                mu_binders(t, self.u.pv.mu, &mut binders);
            }
            vars.retain(|v| !binders.contains(v));
            let plain =
                surface.iter().all(|t| matches!(t, Type::Var(_))) && vars.len() == surface.len();
            if plain && d.constraints.is_empty() && !has_alias(d) {
                if surface
                    .iter()
                    .zip(params.iter())
                    .all(|(t, p)| *t == Type::Var(*p))
                {
                    continue;
                }
            }
            if !plain || !d.constraints.is_empty() {
                let why = if d.variances.iter().any(|v| *v != Default::default()) {
                    Some("constrained type declarations with variance annotations are")
                } else if d.attrs.unboxed {
                    Some("constrained `[@@unboxed]` type declarations are")
                } else if Self::is_gadt_decl(d) {
                    Some("constrained GADT declarations are")
                } else if constrains_param_by_itself(d) {
                    return Err(Diagnostic::error(
                        d.span,
                        format!(
                            "This recursive type is not regular.\n       The type constructor {} is used, in a constraint on one of its parameters, at an argument containing itself.\n       All uses need to match the definition for the recursive type to be regular.",
                            d.name
                        ),
                    ));
                } else if decls.len() > 1 || mentions_any(d, &group) {
                    Some("recursive constrained type declarations are")
                } else {
                    None
                };
                if let Some(why) = why {
                    return Err(Diagnostic::unsupported(d.span, why));
                }
            }
            for v in &vars {
                self.u.levels[v.0 as usize] = u32::MAX;
            }
            self.check_deducible(d, *con, &vars, &surface)?;
            *params = vars.clone();
            self.types.decls[con.index()].params = vars.clone();
            let abbrev = matches!(d.kind, TypeDeclKind::Abbrev(_));
            if abbrev {
                let Some(TypeName::Abbrev(_, body)) = self.env.types.get(&d.name).cloned() else {
                    continue;
                };
                if plain {
                    self.env
                        .types
                        .insert(d.name.clone(), TypeName::Abbrev(vars, body));
                    continue;
                }
                self.u.abstract_types.insert(
                    *con,
                    AbstractType {
                        params: vars,
                        manifest: body,
                        opaque: false,
                        existential: false,
                    },
                );
                self.env.types.insert(d.name.clone(), TypeName::Con(*con));
            }
            if !plain {
                self.constrained.insert(
                    *con,
                    Constrained {
                        params: surface,
                        abbrev,
                    },
                );
            }
        }
        Ok(())
    }

    /// OCaml's "a type variable cannot be deduced from the type parameters": every variable
    /// of the body occurs in a surface parameter under type constructors that determine it
    /// (tuples, arrows, variants and records; not abstract types nor polymorphic variants).
    fn check_deducible(
        &self,
        d: &ast::TypeDecl,
        con: TyCon,
        vars: &[TyVar],
        surface: &[Type],
    ) -> TResult<()> {
        let mut body_types = Vec::new();
        match &self.types.decl(con).kind {
            DeclKind::Variant(cs) => {
                for c in cs {
                    body_types.extend(c.args.iter().map(|a| self.u.zonk(a)));
                }
            }
            DeclKind::Record(fs) => body_types.extend(fs.iter().map(|f| self.u.zonk(&f.ty))),
            _ => {}
        }
        if let Some(TypeName::Abbrev(_, body)) = self.env.types.get(&d.name) {
            body_types.push(self.u.zonk(body));
        }
        let mut body_vars = Vec::new();
        for t in &body_types {
            free_vars(t, &mut body_vars);
        }
        // The variable a recursive type `t as 'a` binds is not free in it.
        let mut binders = Vec::new();
        for t in &body_types {
            mu_binders(t, self.u.pv.mu, &mut binders);
        }
        body_vars.retain(|v| !binders.contains(v));
        let mut determined = HashSet::new();
        for t in surface {
            self.determined_vars(t, &mut determined);
        }
        if body_vars.iter().any(|v| !vars.contains(v)) {
            return Err(Diagnostic::error(
                d.span,
                "A type variable is unbound in this type declaration.",
            ));
        }
        if body_vars.iter().any(|v| !determined.contains(v)) {
            return Err(Diagnostic::error(
                d.span,
                "In this definition, a type variable cannot be deduced\nfrom the type parameters.",
            ));
        }
        Ok(())
    }

    pub(super) fn determined_vars(&self, t: &Type, out: &mut HashSet<TyVar>) {
        match t {
            Type::Var(v) => {
                out.insert(*v);
            }
            Type::Tuple(ts) => ts.iter().for_each(|t| self.determined_vars(t, out)),
            Type::Arrow(a, b) => {
                self.determined_vars(a, out);
                self.determined_vars(b, out);
            }
            // A polymorphic variant determines its row and presence variables and the
            // arguments of its present tags (not those of a tag that may be absent).
            Type::Con(c, ts) if *c == self.u.pv.variant => {
                let view = self.u.row_view(&ts[0]);
                if let Some(t) = view.tail {
                    out.insert(t);
                }
                for f in view.fields {
                    match self.u.presence(&f.presence) {
                        Presence::Either(v) => {
                            out.insert(v);
                        }
                        Presence::Present => {
                            let (_, args) = self.u.field_args(&f.args);
                            for a in args {
                                self.determined_vars(&self.u.zonk(&a), out);
                            }
                        }
                        Presence::Absent => {}
                    }
                }
            }
            // A recursive type: its body once (the binder marks it as entered).
            Type::Con(c, ts) if *c == self.u.pv.mu => {
                if let Type::Var(w) = &ts[0] {
                    if !out.insert(*w) {
                        return;
                    }
                }
                self.determined_vars(&ts[1], out)
            }
            // An abstract type determines the parameters it is declared injective in (`!'a`).
            Type::Con(c, ts)
                if !self.u.pv.is_internal(*c)
                    && self.u.abstract_types.get(c).is_none_or(|a| a.opaque)
                    && matches!(self.types.decl(*c).kind, DeclKind::Primitive)
                    && self.decl_variances.0.contains_key(c) =>
            {
                for (i, t) in ts.iter().enumerate() {
                    if self.decl_variances.0[c].get(i).is_some_and(|o| o.inj) {
                        self.determined_vars(t, out);
                    }
                }
            }
            Type::Con(c, ts)
                if !self.u.pv.is_internal(*c)
                    && *c != self.u.pv.variant
                    && *c != self.u.pv.mu
                    && !self.u.abstract_types.contains_key(c)
                    && matches!(
                        self.types.decl(*c).kind,
                        DeclKind::Variant(_) | DeclKind::Record(_)
                    ) =>
            {
                ts.iter().for_each(|t| self.determined_vars(t, out))
            }
            _ => {}
        }
    }

    /// `args c` where `c` is constrained: the arguments unified with an instance of its
    /// surface parameters; the type `c` at the instance's variables (an abbreviation's body).
    /// In a declaration (`!flexible`), the declaration's own variables must stay what they
    /// are.
    pub(super) fn instantiate_constrained(
        &mut self,
        c: TyCon,
        info: &Constrained,
        args: &[Type],
        arg_spans: &[Span],
        span: Span,
        name: &str,
        flexible: bool,
    ) -> TResult<Type> {
        let inner = self.types.decl(c).params.clone();
        let fresh: Vec<Type> = inner.iter().map(|_| self.u.fresh_var()).collect();
        let subst: HashMap<TyVar, Type> = inner.iter().copied().zip(fresh.clone()).collect();
        let mut rigid = Vec::new();
        if !flexible {
            for a in args {
                free_vars(&self.u.zonk(a), &mut rigid);
            }
            rigid.retain(|v| self.u.levels[v.0 as usize] == u32::MAX);
        }
        let expected: Vec<Type> = info.params.iter().map(|p| subst_all(p, &subst)).collect();
        let shown_args = Type::Con(c, args.to_vec());
        let printed_args = self.print_surface(&shown_args, name);
        let mut ok = true;
        for ((p, a), s) in expected.iter().zip(args).zip(arg_spans) {
            let (before_p, before_a) = (self.u.zonk(p), self.u.zonk(a));
            if let Err(err) = self.u.unify(p, a, &self.types) {
                if flexible {
                    // OCaml's `Typetexp` (a type annotation): the argument itself.
                    let mut printer = TypePrinter::new(&self.types);
                    return Err(Diagnostic::error(
                        *s,
                        format!(
                            "This type {} should be an instance of type {}{}",
                            printer.print(&before_a),
                            printer.print(&before_p),
                            super::pvariant::explain(&err)
                        ),
                    ));
                }
                ok = false;
                break;
            }
        }
        if ok && !rigid.is_empty() {
            // The declaration's variables map to distinct variables still.
            let mut seen = HashSet::new();
            ok = rigid.iter().all(|v| match self.u.zonk(&Type::Var(*v)) {
                Type::Var(w) => {
                    seen.insert(w) && (w == *v || !rigid.contains(&w) && !self.is_generic(w))
                }
                _ => false,
            });
        }
        if !ok {
            let mut printer = TypePrinter::new(&self.types);
            let generic: Vec<Type> = info.params.clone();
            let inst = generic.iter().map(|t| printer.print(t)).collect::<Vec<_>>();
            let instance = match inst.len() {
                1 => format!("{} {name}", inst[0]),
                _ => format!("({}) {name}", inst.join(", ")),
            };
            return Err(Diagnostic::error(
                span,
                format!(
                    "Constraints are not satisfied in this type.\nType {printed_args} should be an instance of {instance}"
                ),
            ));
        }
        Ok(if info.abbrev {
            self.u.abstract_types[&c].expand(&fresh)
        } else {
            Type::Con(c, fresh)
        })
    }

    fn is_generic(&self, v: TyVar) -> bool {
        self.u.levels[v.0 as usize] == u32::MAX
    }

    /// `args name` as written.
    fn print_surface(&self, t: &Type, name: &str) -> String {
        let Type::Con(_, args) = t else {
            unreachable!()
        };
        let mut printer = TypePrinter::new(&self.types);
        let args: Vec<String> = args
            .iter()
            .map(|a| printer.print(&self.u.zonk(a)))
            .collect();
        match args.len() {
            1 => format!("{} {name}", args[0]),
            _ => format!("({}) {name}", args.join(", ")),
        }
    }
}

fn free_vars(t: &Type, out: &mut Vec<TyVar>) {
    match t {
        Type::Var(v) => {
            if !out.contains(v) {
                out.push(*v)
            }
        }
        Type::Con(_, ts) | Type::Tuple(ts) => ts.iter().for_each(|t| free_vars(t, out)),
        Type::Arrow(a, b) => {
            free_vars(a, out);
            free_vars(b, out);
        }
        Type::Forall(v, b) => {
            let mut inner = Vec::new();
            free_vars(b, &mut inner);
            for w in inner {
                if w != *v && !out.contains(&w) {
                    out.push(w);
                }
            }
        }
    }
}

/// The variables the recursive types (`mu`) in `t` bind.
fn mu_binders(t: &Type, mu: TyCon, out: &mut Vec<TyVar>) {
    match t {
        Type::Var(_) => {}
        Type::Con(c, ts) => {
            if *c == mu {
                if let Some(Type::Var(w)) = ts.first() {
                    out.push(*w);
                }
            }
            ts.iter().for_each(|t| mu_binders(t, mu, out))
        }
        Type::Tuple(ts) => ts.iter().for_each(|t| mu_binders(t, mu, out)),
        Type::Arrow(a, b) => {
            mu_binders(a, mu, out);
            mu_binders(b, mu, out);
        }
        Type::Forall(_, b) => mu_binders(b, mu, out),
    }
}

/// Whether declaration `d` has a `t as 'a`.
fn has_alias(d: &ast::TypeDecl) -> bool {
    decl_any(d, &|t| matches!(t.kind, ast::TypeExprKind::Alias(..)))
}

/// Whether declaration `d` names one of `names` (a type of its own group).
pub(super) fn mentions_any(d: &ast::TypeDecl, names: &[&str]) -> bool {
    decl_any(
        d,
        &|t| matches!(&t.kind, ast::TypeExprKind::Constr(n, _) if names.contains(&n.as_str())),
    )
}

/// Whether a constraint of `d` binds one of its parameters to a type using `d` itself
/// (`type 'a t = 'b constraint 'a = 'b t`): the definition is then `('b t) t` and the use
/// `'b t` lies strictly inside it, so no use can match the definition — OCaml's "This recursive
/// type is not regular".
fn constrains_param_by_itself(d: &ast::TypeDecl) -> bool {
    let is_param =
        |t: &ast::TypeExpr| matches!(&t.kind, ast::TypeExprKind::Var(v) if d.params.contains(v));
    let uses_self = |t: &ast::TypeExpr| {
        te_any(
            t,
            &|u| matches!(&u.kind, ast::TypeExprKind::Constr(n, _) if *n == d.name),
        )
    };
    d.constraints
        .iter()
        .any(|(a, b, _)| (is_param(a) && uses_self(b)) || (is_param(b) && uses_self(a)))
}

/// Whether a type expression of declaration `d` has a node satisfying `p`.
fn decl_any(d: &ast::TypeDecl, p: &dyn Fn(&ast::TypeExpr) -> bool) -> bool {
    let mut found = false;
    let mut check = |t: &ast::TypeExpr| found |= te_any(t, p);
    match &d.kind {
        TypeDeclKind::Abbrev(t) => check(t),
        TypeDeclKind::Variant(cs) => {
            for c in cs {
                c.args.iter().for_each(&mut check);
                if let Some((_, r)) = &c.gadt {
                    check(r);
                }
                if let Some(fs) = &c.record {
                    fs.iter().for_each(|f| check(&f.ty));
                }
            }
        }
        TypeDeclKind::Record(fs) => fs.iter().for_each(|f| check(&f.ty)),
        TypeDeclKind::Abstract | TypeDeclKind::Open => {}
    }
    for (a, b, _) in &d.constraints {
        check(a);
        check(b);
    }
    if let Some(m) = &d.manifest {
        check(m);
    }
    found
}

fn te_any(t: &ast::TypeExpr, p: &dyn Fn(&ast::TypeExpr) -> bool) -> bool {
    use ast::TypeExprKind as K;
    p(t) || match &t.kind {
        K::Var(_) | K::Any => false,
        K::Constr(_, ts) | K::Tuple(ts) => ts.iter().any(|a| te_any(a, p)),
        K::Arrow(_, a, b) => te_any(a, p) || te_any(b, p),
        K::Poly(_, b) | K::Alias(b, _) => te_any(b, p),
        K::Package(_, cs) | K::Object { methods: cs, .. } => cs.iter().any(|(_, t)| te_any(t, p)),
        K::Variant { fields, .. } => fields.iter().any(|f| match f {
            ast::RowFieldExpr::Tag { args, .. } => args.iter().any(|a| te_any(a, p)),
            ast::RowFieldExpr::Inherit(t) => te_any(t, p),
        }),
    }
}
