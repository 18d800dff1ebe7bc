//! Generalisation of the variables a pattern binds, as OCaml's `type_let` and `type_cases` do:
//! `let (f, l) = (fun x -> x), [] in ..` and `match (fun x -> x) with f -> (f 1, f "s")` give
//! `f` and `l` polymorphic types.
//!
//! Invariants: the definition (or scrutinee) and its patterns were typed one level deeper than
//! the current one, and the relaxed value restriction has already lowered the contravariant
//! variables of an expansive one; what is left above the current level is generalised, per
//! variable, over the variables of that variable's own type. The matched value is evaluated
//! once, at a monomorphic type where each generalised variable is `Obj.t` (any value: code at
//! it stays generic, as in `Typer::generalize_expansive`); a generalised name is that value at
//! every instance (`Λws. identity x`). Each scope that uses the names (a guard, a body) gets
//! views of its own, so that binders stay unique.

use super::env::ValueBinding;
use super::Typer;
use crate::diagnostics::Span;
use crate::lambda::ir::{Expr, Prim, TyVar, Type, VarId};

/// A variable a pattern binds, generalised: `name` is `mono` at the scheme `∀vars. body`.
pub(super) struct PolyVar {
    name: String,
    mono: VarId,
    vars: Vec<TyVar>,
    body: Type,
    span: Span,
}

impl Typer<'_> {
    /// The schemes of the variables of each pattern in `groups` (the cases of one `match`, or
    /// one `let` pattern), all of which match a value of type `t`; then fixes the generalised
    /// variables to `Obj.t` in `t` and in the patterns' own types.
    pub(super) fn generalize_pattern_vars(
        &mut self,
        t: &Type,
        groups: &[Vec<VarId>],
    ) -> Vec<Vec<PolyVar>> {
        let mut fixed = self.u.generalizable(t);
        let mut out = Vec::new();
        for vars in groups {
            let mut poly = Vec::new();
            for &v in vars {
                let ty = self.u.zonk(self.vars.ty(v));
                let vs = self.u.generalizable(&ty);
                if vs.is_empty() {
                    continue;
                }
                for w in &vs {
                    if !fixed.contains(w) {
                        fixed.push(*w);
                    }
                }
                let info = self.vars.get(v);
                poly.push(PolyVar {
                    name: info.name.clone(),
                    mono: v,
                    span: info.span,
                    vars: vs,
                    body: ty,
                });
            }
            out.push(poly);
        }
        for v in fixed {
            let _ = self.u.unify(&Type::Var(v), &Type::any_value(), &self.types);
        }
        out
    }

    /// Binds each generalised name to a fresh view of its value; the `let`s to wrap the scope
    /// in ([`wrap_views`]).
    pub(super) fn bind_poly_views(&mut self, vars: &[PolyVar]) -> Vec<(VarId, Expr)> {
        let mut views = Vec::new();
        for pv in vars {
            let ws: Vec<TyVar> = pv.vars.iter().map(|_| self.u.fresh()).collect();
            let renaming = pv
                .vars
                .iter()
                .zip(&ws)
                .map(|(v, w)| (*v, Type::Var(*w)))
                .collect();
            let body = super::unify::subst_all(&pv.body, &renaming);
            let cast = Expr::Prim(Prim::Identity, vec![Expr::Var(pv.mono)]);
            let (cast, scheme) = self.quantify(cast, body, &ws);
            let y = self.fresh_var(&pv.name, scheme, pv.span);
            self.env.bind(&pv.name, ValueBinding::Var(y));
            views.push((y, cast));
        }
        views
    }
}

/// `scope` under the views' `let`s.
pub(super) fn wrap_views(views: Vec<(VarId, Expr)>, mut scope: Expr) -> Expr {
    for (y, cast) in views.into_iter().rev() {
        scope = Expr::Local(y, Box::new(cast), Box::new(scope));
    }
    scope
}
