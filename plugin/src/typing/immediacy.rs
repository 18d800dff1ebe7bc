//! `[@@immediate]` and `[@@immediate64]` declarations, OCaml 4.13's `typing/typedecl_immediacy.ml`:
//! a type so marked must be one whose values are never pointers — `int`, `char`, `bool`,
//! `unit`, a variant of constant constructors, a polymorphic variant type of constant tags,
//! an abbreviation of one, an unboxed type of one, or an abstract type itself marked so
//! (trusted, as OCaml trusts it). Anything else is OCaml's error "Types marked with the
//! immediate attribute must be non-pointer types like int or bool."
//!
//! The abstract types marked immediate are remembered ([`Immediates`]): they are
//! immediate where they are used (in another declaration, and in the separability of
//! unboxed types, `unboxed`).

use std::collections::HashSet;

use super::env::TypeName;
use super::{TResult, Typer};
use crate::diagnostics::Diagnostic;
use crate::lambda::ir::{DeclKind, TyCon, TyVar, Type};
use crate::syntax::ast::{self, TypeDeclKind};

/// The abstract types declared `[@@immediate]` (or `[@@immediate64]`).
#[derive(Default)]
pub struct Immediates {
    pub abstract_types: HashSet<TyCon>,
}

impl<'s> Typer<'s> {
    /// Checks the group's declarations marked immediate (`cons`: each declaration's type
    /// constructor) and remembers its abstract ones.
    pub(super) fn check_immediacy(
        &mut self,
        decls: &[ast::TypeDecl],
        cons: &[(TyCon, Vec<TyVar>)],
    ) -> TResult<()> {
        for (d, (con, _)) in decls.iter().zip(cons) {
            if (d.attrs.immediate || d.attrs.immediate64)
                && matches!(d.kind, TypeDeclKind::Abstract)
            {
                self.immediates.abstract_types.insert(*con);
            }
        }
        for (d, (con, _)) in decls.iter().zip(cons) {
            if !(d.attrs.immediate || d.attrs.immediate64) {
                continue;
            }
            let immediate = match &d.kind {
                TypeDeclKind::Abstract => true,
                TypeDeclKind::Abbrev(_) => match self.env.types.get(&d.name) {
                    Some(TypeName::Abbrev(_, body)) => {
                        let body = self.u.zonk(body);
                        self.is_immediate(&body, 0)
                    }
                    _ => true,
                },
                _ => self.is_immediate(&Type::Con(*con, Vec::new()), 0),
            };
            if !immediate {
                let text = if d.attrs.immediate {
                    "Types marked with the immediate attribute must be non-pointer types\n       \
                     like int or bool."
                } else {
                    "Types marked with the immediate64 attribute must be produced using\n       \
                     the Stdlib.Sys.Immediate64.Make functor."
                };
                return Err(Diagnostic::error(d.span, text));
            }
        }
        Ok(())
    }

    /// Whether values of `t` are never pointers (OCaml's `Ctype.immediacy` is `Always`).
    pub(super) fn is_immediate(&self, t: &Type, depth: u32) -> bool {
        if depth > 100 {
            return false;
        }
        let t = self.u.expand_head(t);
        let pv = &self.u.pv;
        match &t {
            Type::Con(c, _) if [TyCon::INT, TyCon::CHAR, TyCon::BOOL, TyCon::UNIT].contains(c) => {
                true
            }
            Type::Con(c, _) if self.immediates.abstract_types.contains(c) => true,
            Type::Con(c, a) if *c == pv.variant => {
                let view = self.u.row_view(&a[0]);
                view.tail.is_none()
                    && view.fields.iter().all(|f| {
                        let (constant, args) = self.u.field_args(&f.args);
                        match self.u.presence(&f.presence) {
                            super::pvariant::Presence::Present => args.is_empty(),
                            super::pvariant::Presence::Absent => true,
                            super::pvariant::Presence::Either(_) => constant,
                        }
                    })
            }
            Type::Con(c, args) if self.separability.unboxed.contains(c) => {
                let decl = self.types.decl(*c);
                let arg = match &decl.kind {
                    DeclKind::Variant(cs) if self.gadt.ctors.get(&(*c, 0)).is_none() => {
                        cs[0].args[0].clone()
                    }
                    DeclKind::Record(fs) => fs[0].ty.clone(),
                    _ => return false,
                };
                let arg = decl
                    .params
                    .iter()
                    .zip(args)
                    .fold(arg, |t, (p, a)| t.subst(*p, a));
                self.is_immediate(&arg, depth + 1)
            }
            Type::Con(c, _) => match &self.types.decl(*c).kind {
                DeclKind::Variant(cs) => {
                    !pv.is_internal(*c)
                        && !self.separability.unboxed.contains(c)
                        && cs.iter().all(|k| k.args.is_empty())
                }
                _ => false,
            },
            _ => false,
        }
    }
}
