//! The type-directed questions OCaml's `Rec_check` asks of a `let rec` right-hand side
//! (`typing::rec_check`): whether a constructor or record is unboxed (its argument is the
//! value itself), whether a record is a flat float record or an array literal may hold
//! floats (its elements are inspected when it is built: OCaml's `Record_float`,
//! `Pfloatarray` and `Pgenarray`), and whether `lazy e` is `e` itself once compiled
//! (`Typeopt.classify_lazy_argument`).

use super::Typer;
use crate::lambda::ir::{DeclKind, TyCon, Type};
use crate::syntax::ast::{self, Constant, ExprKind};

impl<'s> Typer<'s> {
    /// Whether constructor `name` is the constructor of an unboxed type.
    pub(super) fn is_unboxed_constructor(&self, name: &str) -> bool {
        matches!(
            self.env.ctors.get(name),
            Some(super::env::CtorRef::Variant(c, _)) if self.separability.unboxed.contains(c)
        )
    }

    /// Whether field `name` (the latest declared) is the field of an unboxed record.
    pub(super) fn is_unboxed_field(&self, name: &str) -> bool {
        let name = name.rsplit('.').next().unwrap_or(name);
        self.env
            .fields
            .get(name)
            .and_then(|v| v.last())
            .is_some_and(|(c, _)| self.separability.unboxed.contains(c))
    }

    /// Whether field `name` (the latest declared) is a field of a flat float record (OCaml's
    /// `Record_float`).
    pub(super) fn is_flat_float_field(&self, name: &str) -> bool {
        let name = name.rsplit('.').next().unwrap_or(name);
        self.env
            .fields
            .get(name)
            .and_then(|v| v.last())
            .is_some_and(|(c, _)| self.types.is_flat_float_record(*c))
    }

    /// Whether the array literal `e` (typed: its type was recorded) may hold floats: its
    /// element type is `float`, a type variable or an abstract type (OCaml's
    /// `Typeopt.array_kind` is `Pfloatarray` or `Pgenarray`).
    pub(super) fn array_may_hold_floats(&self, e: &ast::Expr) -> bool {
        let Some(t) = self.array_literals.get(&e.span) else {
            return false;
        };
        let Type::Con(TyCon::ARRAY, args) = self.u.expand_head(t) else {
            return true;
        };
        match self.u.expand_head(&args[0]) {
            Type::Var(_) => true,
            Type::Con(c, _) if c == TyCon::FLOAT || c == TyCon::OBJ_T => true,
            Type::Con(c, _) => {
                c.0 >= TyCon::FIRST_DECLARED.0
                    && matches!(self.types.decl(c).kind, DeclKind::Primitive)
                    && !self.u.pv.is_internal(c)
                    && !self.u.label_cons.contains(&c)
                    && !self.packages.info.contains_key(&c)
            }
            _ => false,
        }
    }
}

/// Whether `lazy e` is `e` itself once compiled (OCaml's `classify_lazy_argument`: a
/// constant, a function, a constant constructor, a name).
pub(super) fn returns_itself(e: &ast::Expr) -> bool {
    matches!(
        &e.kind,
        ExprKind::Constant(
            Constant::Int(_)
                | Constant::Char(_)
                | Constant::String(_)
                | Constant::BoxedInt(..)
                | Constant::Float(_)
        ) | ExprKind::Fun(..)
            | ExprKind::Function(_)
            | ExprKind::Construct(_, None)
            | ExprKind::Var(_)
    )
}
