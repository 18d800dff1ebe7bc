//! A constructor pattern's argument: `C (type a b) (x, f : a * (a -> b list))` names the
//! constructor's existential types, and `C (x, y : int * _)` constrains all the arguments of a
//! constructor of several at once (OCaml 4.13's `Typecore.solve_constructor_annotation`).
//!
//! Invariants:
//! - The names stand for the existentials that [`Typer::gadt_pattern`] made rigid, in order:
//!   there must be as many names as existentials, and the argument must be a type constraint
//!   that mentions each name (else some existential would not be bound by it: OCaml's
//!   "This type does not bind all existentials in the constructor").
//! - The names are in scope in the argument's constraint (bound in `env.types` while the
//!   argument is typed) and, through [`Typer::pattern_type_names`], in the case's guard and
//!   body ([`Typer::bind_type_names`]); nowhere else.

use super::env::TypeName;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{TyCon, Type};
use crate::syntax::ast::{self, PatternKind, TypeExprKind};

/// What [`Typer::bind_type_names`] replaced, for [`Typer::restore_type_names`].
pub(super) type SavedTypeNames = Vec<(String, Option<TypeName>)>;

/// Whether type expression `te` uses the type constructor `name` without arguments.
fn mentions(te: &ast::TypeExpr, name: &str) -> bool {
    if matches!(&te.kind, TypeExprKind::Constr(n, args) if n == name && args.is_empty()) {
        return true;
    }
    let mut found = false;
    te.clone()
        .for_each_child_mut(&mut |t| found = found || mentions(t, name));
    found
}

impl Typer<'_> {
    /// The pattern standing for the arguments of constructor `name` (of argument types
    /// `arg_tys`, existentials `existentials`) in `C arg`, once the names that `arg` gives the
    /// existentials are bound (restore them with [`Typer::restore_type_names`] after the
    /// argument is typed) and a constraint on several arguments is checked against their tuple.
    pub(super) fn constructor_argument<'p>(
        &mut self,
        arg: Option<&'p ast::Pattern>,
        existentials: &[TyCon],
        arg_tys: &[Type],
        saved: &mut SavedTypeNames,
    ) -> TResult<Option<&'p ast::Pattern>> {
        let Some(mut arg) = arg else {
            return Ok(None);
        };
        if let PatternKind::NamedExistentials(names, inner) = &arg.kind {
            arg = inner;
            // A constructor without arguments: its arity error comes first (as OCaml's).
            if !arg_tys.is_empty() {
                self.name_existentials(names, arg, existentials, arg_tys, saved)?;
            }
        }
        if let PatternKind::Constraint(inner, te) = &arg.kind {
            if arg_tys.len() > 1 {
                let ct = self.type_expr(te)?;
                self.expect_pat(arg.span, &ct, &Type::Tuple(arg_tys.to_vec()))?;
                return Ok(Some(inner));
            }
        }
        Ok(Some(arg))
    }

    /// Checks `(type names) arg` against the constructor's existentials and binds the names.
    fn name_existentials(
        &mut self,
        names: &[(String, Span)],
        arg: &ast::Pattern,
        existentials: &[TyCon],
        arg_tys: &[Type],
        saved: &mut SavedTypeNames,
    ) -> TResult<()> {
        let PatternKind::Constraint(_, te) = &arg.kind else {
            return Err(Diagnostic::error(
                arg.span,
                "Existential types introduced in a constructor pattern\n       must be bound by \
                 a type constraint on the argument.",
            ));
        };
        let distinct =
            (names.iter().enumerate()).all(|(i, (n, _))| !names[..i].iter().any(|(m, _)| m == n));
        if names.len() != existentials.len()
            || !distinct
            || names.iter().any(|(n, _)| !mentions(te, n))
        {
            let mut p = super::unify::TypePrinter::new(&self.types);
            let args = match arg_tys {
                [t] => p.print(&self.u.zonk(t)),
                ts => p.print(&self.u.zonk(&Type::Tuple(ts.to_vec()))),
            };
            return Err(Diagnostic::error(
                te.span,
                format!(
                    "This type does not bind all existentials in the constructor:\n         {args}"
                ),
            ));
        }
        let bound: Vec<(String, TyCon)> = (names.iter().zip(existentials))
            .map(|((n, _), c)| (n.clone(), *c))
            .collect();
        saved.extend(self.bind_type_names(&bound));
        self.pattern_type_names.extend(bound);
        Ok(())
    }

    /// Binds each `(name, c)` of `names` as type `c`; what they replaced, to restore.
    pub(super) fn bind_type_names(&mut self, names: &[(String, TyCon)]) -> SavedTypeNames {
        (names.iter())
            .map(|(n, c)| {
                (
                    n.clone(),
                    self.env.types.insert(n.clone(), TypeName::Con(*c)),
                )
            })
            .collect()
    }

    /// Undoes [`Typer::bind_type_names`].
    pub(super) fn restore_type_names(&mut self, saved: SavedTypeNames) {
        for (n, old) in saved.into_iter().rev() {
            match old {
                Some(t) => self.env.types.insert(n, t),
                None => self.env.types.remove(&n),
            };
        }
    }
}
