//! Explicit polymorphism: polymorphic annotations on let-bound names (`let rec f : 'a. 'a t ->
//! int = ..`, with polymorphic recursion) and locally abstract types (`fun (type a) -> e`).
//!
//! An annotation `'a1 .. 'an. t` gives the name the scheme `∀g1..gn. t` before its definition
//! is typed, so a recursive use instantiates it at any type (polymorphic recursion, which
//! plain HM inference cannot type). The definition is checked against an instance of `t` with
//! fresh unification variables `u1..un` one level deeper; afterwards each `ui` must still be
//! a distinct unbound variable that can be generalised (OCaml checks the same with its
//! universal variables), else "This definition has type .. which is less general than ..".
//!
//! A locally abstract type `a` in `fun (type a) -> e` names a fresh unification variable
//! one level deeper while `e` is typed; afterwards it must still be unbound and not have met
//! a variable from outside (OCaml: `a` is a new abstract type, which `e` cannot unify with
//! anything else, and which is then replaced by a fresh variable). Without GADTs nothing
//! refines it.

use std::collections::HashMap;

use super::env::TypeName;
use super::unify::TypePrinter;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Expr, Prim, TyVar, Type};
use crate::syntax::ast::{self, ExprKind, TypeExprKind};

/// A let-bound name's explicitly polymorphic annotation: the variable names, the type and
/// the definition under the annotation.
pub(super) struct PolyAnnotation<'a> {
    names: &'a [String],
    ty: &'a ast::TypeExpr,
    pub(super) def: &'a ast::Expr,
}

impl<'a> PolyAnnotation<'a> {
    /// The definition without its locally abstract types and type constraints (`let f : type
    /// a. t = fun ..` is `fun (type a) -> (fun .. : t)`): a `fun` when it is a function.
    pub(super) fn function(&self) -> &'a ast::Expr {
        let mut e = self.def;
        while let ExprKind::Newtype(_, x) | ExprKind::Constraint(x, _) = &e.kind {
            e = x;
        }
        e
    }
}

/// `e` is `(def : 'a... t)` (how the parser gives `let f : 'a. t = def`).
pub(super) fn poly_annotation(e: &ast::Expr) -> Option<PolyAnnotation<'_>> {
    match &e.kind {
        ExprKind::Constraint(def, te) => match &te.kind {
            TypeExprKind::Poly(names, ty) => Some(PolyAnnotation { names, ty, def }),
            _ => None,
        },
        _ => None,
    }
}

/// A definition checked against a polymorphic annotation: its expression and type, the
/// annotation's scheme and the instance variables that must stay general.
pub(super) struct PolyChecked {
    pub(super) expr: Expr,
    pub(super) ty: Type,
    scheme: Type,
    instance_vars: Vec<Type>,
    span: Span,
}

impl Typer<'_> {
    /// The scheme `∀g1..gn. t` of annotation `ann`.
    pub(super) fn poly_scheme(&mut self, ann: &PolyAnnotation) -> TResult<Type> {
        let mut scope: HashMap<String, Type> = self.annot_vars.clone();
        let mut gs = Vec::new();
        for name in ann.names {
            let g = self.u.fresh();
            // Quantified: never bound, never generalised again.
            self.u.levels[g.0 as usize] = u32::MAX;
            scope.insert(name.clone(), Type::Var(g));
            gs.push(g);
        }
        let t = self.type_expr_in(ann.ty, &scope, true)?;
        Ok(gs
            .into_iter()
            .rev()
            .fold(t, |t, g| Type::Forall(g, Box::new(t))))
    }

    /// Types `ann.def` against a fresh instance of `scheme` (at the current level: the caller
    /// has entered the definition's level). [`Typer::check_poly`] checks the result once
    /// the level is left.
    pub(super) fn poly_definition(
        &mut self,
        ann: &PolyAnnotation,
        scheme: &Type,
    ) -> TResult<PolyChecked> {
        let (instance, instance_vars) = self.u.instantiate(scheme);
        let (expr, t) = self.expr_expected(ann.def, Some(&instance))?;
        self.expect(ann.def.span, &t, &instance)?;
        Ok(PolyChecked {
            expr,
            ty: instance,
            scheme: scheme.clone(),
            instance_vars,
            span: ann.def.span,
        })
    }

    /// After leaving the definition's level: the instance variables are distinct, unbound and
    /// generalisable, so the definition has the annotated scheme. Gives the variables.
    pub(super) fn check_poly(&mut self, c: &PolyChecked) -> TResult<Vec<TyVar>> {
        self.check_general(c, "definition")
    }

    /// [`Typer::check_poly`] for a `what` ("definition", "field value").
    fn check_general(&mut self, c: &PolyChecked, what: &str) -> TResult<Vec<TyVar>> {
        let mut vars: Vec<TyVar> = Vec::new();
        for u in &c.instance_vars {
            match &*self.u.shallow(u) {
                Type::Var(w)
                    if self.u.levels[w.0 as usize] > self.u.level
                        && self.u.levels[w.0 as usize] != u32::MAX
                        && !vars.contains(w) =>
                {
                    vars.push(*w)
                }
                _ => {
                    vars.clear();
                    break;
                }
            }
        }
        if vars.len() == c.instance_vars.len() {
            return Ok(vars);
        }
        let mut p = TypePrinter::new(&self.types);
        let expected = print_scheme(&mut p, &c.scheme);
        let t = self.u.zonk(&c.ty);
        let general = self.u.generalizable(&t);
        let actual = print_scheme(
            &mut p,
            &general
                .iter()
                .rev()
                .fold(t, |t, g| Type::Forall(*g, Box::new(t))),
        );
        Err(Diagnostic::error(
            c.span,
            format!(
                "This {what} has type {actual} which is less general than\n         {expected}"
            ),
        ))
    }

    /// A use of a record field's value `e` of type `ft`: a polymorphic field's (`f : 'a. t`)
    /// is instantiated, as a variable's scheme.
    pub(super) fn field_use(&mut self, e: Expr, ft: Type) -> (Expr, Type) {
        if !matches!(ft, Type::Forall(..)) {
            return (e, ft);
        }
        let (t, args) = self.u.instantiate(&ft);
        (
            args.into_iter().fold(e, |e, a| Expr::TyApp(Box::new(e), a)),
            t,
        )
    }

    /// The value `e` stored in a field of type `ft`. For a polymorphic field `'a. t`, `e` is
    /// typed one level deeper against an instance and must be as general as the field ("This
    /// field value has type .. which is less general than .."), then abstracted over the
    /// instance's variables; one that computes is evaluated once (`Λws. identity tmp`, as a
    /// let-bound expansive value).
    pub(super) fn field_value(&mut self, e: &ast::Expr, ft: &Type) -> TResult<Expr> {
        if !matches!(ft, Type::Forall(..)) {
            // The field's type is the value's expected type (OCaml's `type_label_exp`): a
            // record in it is known (`x.contents <- { lbl = 4 }` with `lbl` out of scope).
            let (x, xt) = self.expr_expected(e, Some(ft))?;
            self.expect(e.span, &xt, ft)?;
            return Ok(x);
        }
        self.u.level += 1;
        let (instance, instance_vars) = self.u.instantiate(ft);
        let typed = self.expr_expected(e, Some(&instance)).and_then(|(x, xt)| {
            self.expect(e.span, &xt, &instance)?;
            Ok(x)
        });
        self.u.level -= 1;
        let x = typed?;
        if !super::expr::is_value(e, &|n| self.field_is_mutable(n)) {
            self.u
                .lower_contravariant(&instance, self.u.level, &self.variances);
        }
        let checked = PolyChecked {
            expr: x,
            ty: instance,
            scheme: ft.clone(),
            instance_vars,
            span: e.span,
        };
        let vars = self.check_general(&checked, "field value")?;
        let PolyChecked { expr: x, ty, .. } = checked;
        if super::expr::is_pure_value(e, &|n| self.field_is_mutable(n)) {
            return Ok(self.quantify(x, ty, &vars).0);
        }
        let ty = self.u.zonk(&ty);
        let ws: Vec<TyVar> = vars.iter().map(|_| self.u.fresh()).collect();
        let renaming = vars
            .iter()
            .zip(&ws)
            .map(|(v, w)| (*v, Type::Var(*w)))
            .collect();
        let body = super::unify::subst_all(&ty, &renaming);
        // As in `generalize_expansive`: the value's own variables are any value.
        for &v in &vars {
            let _ = self.u.unify(&Type::Var(v), &Type::any_value(), &self.types);
        }
        let tmp = self.fresh_var("_field", ty, e.span);
        let cast = Expr::Prim(Prim::Identity, vec![Expr::Var(tmp)]);
        let (cast, _) = self.quantify(cast, body, &ws);
        Ok(Expr::Local(tmp, Box::new(x), Box::new(cast)))
    }

    /// In the definition `e` of an annotated member of a `let rec` group, which is abstracted
    /// over its own annotation's variables `own` only, the variables `vs` the other members
    /// are generalised over are out of scope (`e` uses those members at them): they are
    /// any value there (`Obj.t`).
    pub(super) fn fix_foreign_vars(&mut self, e: &mut Expr, vs: &[TyVar], own: &[TyVar]) {
        let map: HashMap<TyVar, Type> = vs
            .iter()
            .filter(|v| !own.contains(v))
            .map(|v| (*v, Type::any_value()))
            .collect();
        if !map.is_empty() {
            self.subst_expr_types(e, &map);
        }
    }

    fn subst_expr_types(&mut self, e: &mut Expr, map: &HashMap<TyVar, Type>) {
        let mut binders = Vec::new();
        {
            let fix = |t: &mut Type| *t = super::unify::subst_all(&self.u.zonk(t), map);
            match e {
                Expr::TyApp(_, t) | Expr::Raise(_, t, _) => fix(t),
                Expr::Construct { ty, .. } => fix(ty),
                Expr::Switch { kind, ty, .. } => {
                    if let crate::lambda::ir::SwitchKind::Constructor(t) = kind {
                        fix(t);
                    }
                    fix(ty);
                }
                Expr::Local(v, ..) | Expr::Try(_, v, _) | Expr::For { var: v, .. } => {
                    binders.push(*v)
                }
                Expr::Fun(ps, _, _) => binders.extend(ps.iter().copied()),
                Expr::LetRec(defs, _) => binders.extend(defs.iter().map(|(v, _)| *v)),
                _ => {}
            }
        }
        for v in binders {
            let t = self.u.zonk(&self.vars.vars[v.0 as usize].ty);
            self.vars.vars[v.0 as usize].ty = super::unify::subst_all(&t, map);
        }
        crate::lambda::visit::each_child_mut(e, &mut |c| self.subst_expr_types(c, map));
    }

    /// `fun (type a) -> body`: `a` is a rigid type constructor while `body` is typed (GADT
    /// patterns may give it equations, [`super::gadt`]), typed without the expected type as
    /// OCaml's `type_newtype`; then `a` is replaced by a fresh variable in the body's type, and
    /// stands in the IR for that variable, or for `Obj.t` if it had an equation.
    pub(super) fn newtype(
        &mut self,
        name: &str,
        body: &ast::Expr,
        expected: Option<&Type>,
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let outer = self.u.level;
        self.u.level += 1;
        let v = self.u.fresh_var();
        let a = self.new_rigid(name);
        let saved = self.env.types.insert(name.to_string(), TypeName::Con(a));
        self.newtypes.push((name.to_string(), Type::Con(a, vec![])));
        self.gadt.newtype_depth += 1;
        let typed = self.expr_expected(body, None);
        self.gadt.newtype_depth -= 1;
        self.newtypes.pop();
        match saved {
            Some(s) => self.env.types.insert(name.to_string(), s),
            None => self.env.types.remove(name),
        };
        self.u.rigid.remove(&a);
        let refined = self.gadt.refined.contains(&a);
        if let Some(abs) = self.u.abstract_types.get_mut(&a) {
            abs.opaque = false;
            abs.manifest = if refined {
                Type::any_value()
            } else {
                v.clone()
            };
        }
        self.u.level = outer;
        let (e, t) = typed?;
        let t = super::gadt::replace_con(&self.u.zonk(&t), a, &v);
        if let Some(x) = expected {
            self.expect(span, &t, x)?;
        }
        // Its variables belong to this level again (the deeper one only served the check).
        self.u.lower_all(&t, outer);
        Ok((e, t))
    }
}

/// `'a 'b. t`, or `t` when nothing is quantified (as OCaml prints schemes in messages).
fn print_scheme(p: &mut TypePrinter, mut t: &Type) -> String {
    let mut vars = Vec::new();
    while let Type::Forall(v, body) = t {
        vars.push(p.print(&Type::Var(*v)));
        t = body;
    }
    let body = p.print(t);
    if vars.is_empty() {
        body
    } else {
        format!("{}. {body}", vars.join(" "))
    }
}
