//! A `let rec` right-hand side as OCaml's `Rec_check` reads it, for `letrec`'s syntactic
//! rules: the forms whose meaning there depends on types are rewritten into the forms
//! `letrec` already judges the same way.
//!
//! - An unboxed constructor or record (`A e`, `{ x = e }` of a `[@@unboxed]` type) is its
//!   argument: `Rec_check` gives the argument the mode of the whole (`Return`) and
//!   classifies the whole as the argument, so `let rec x = A x` is `let rec x = x`.
//! - `lazy e` where `e` is a name, a constant or a function (OCaml's
//!   `Typeopt.classify_lazy_argument`: such a `lazy` is compiled as the value itself, not
//!   delayed) is `e`.
//! - An array literal whose elements may be floats (OCaml's `Pgenarray` and
//!   `Pfloatarray` with flat float arrays: the element type is a float, a type variable or
//!   an abstract type) inspects its elements when built: it becomes an application
//!   (`%array_of_elements e1 .. en`), which `letrec` judges as a use of the elements'
//!   values. Other array literals are blocks of their elements, as before.
//!
//! Only the spine `letrec` descends (blocks' fields, sequences, `let` bodies and
//! definitions, annotations) is rewritten; elsewhere these forms only matter through the
//! names they mention, which the rewriting keeps.

use super::Typer;
use crate::lambda::ir::{DeclKind, TyCon, Type};
use crate::syntax::ast::{self, ArgLabel, Constant, ExprKind};

impl<'s> Typer<'s> {
    /// `e` as `Rec_check` reads it (see the module docs).
    pub(super) fn letrec_view(&self, e: &ast::Expr) -> ast::Expr {
        let v = |e: &ast::Expr| Box::new(self.letrec_view(e));
        let kind = match &e.kind {
            ExprKind::Construct(name, Some(arg)) if self.is_unboxed_constructor(name) => {
                return self.letrec_view(arg)
            }
            ExprKind::Record { fields, base: None }
                if fields.len() == 1 && self.is_unboxed_field(&fields[0].0) =>
            {
                return self.letrec_view(&fields[0].2)
            }
            ExprKind::Lazy(body) if returns_itself(body) => return self.letrec_view(body),
            ExprKind::Array(items) if !items.is_empty() && self.array_may_hold_floats(e) => {
                let f = ast::Expr {
                    kind: ExprKind::Var("%array_of_elements".to_string()),
                    span: e.span,
                };
                let args = items
                    .iter()
                    .map(|x| (ArgLabel::Nolabel, self.letrec_view(x)))
                    .collect();
                ExprKind::Apply(Box::new(f), args)
            }
            ExprKind::Construct(name, arg) => {
                ExprKind::Construct(name.clone(), arg.as_deref().map(v))
            }
            ExprKind::Tuple(es) => {
                ExprKind::Tuple(es.iter().map(|x| self.letrec_view(x)).collect())
            }
            ExprKind::Array(es) => {
                ExprKind::Array(es.iter().map(|x| self.letrec_view(x)).collect())
            }
            ExprKind::Record { fields, base } => ExprKind::Record {
                fields: fields
                    .iter()
                    .map(|(n, s, x)| (n.clone(), *s, self.letrec_view(x)))
                    .collect(),
                base: base.as_deref().map(v),
            },
            ExprKind::Apply(f, args) => ExprKind::Apply(
                f.clone(),
                args.iter()
                    .map(|(l, x)| (l.clone(), self.letrec_view(x)))
                    .collect(),
            ),
            ExprKind::Sequence(a, b) => ExprKind::Sequence(v(a), v(b)),
            ExprKind::Constraint(x, t) => ExprKind::Constraint(v(x), t.clone()),
            ExprKind::Newtype(n, x) => ExprKind::Newtype(n.clone(), v(x)),
            ExprKind::Open(m, x) => ExprKind::Open(m.clone(), v(x)),
            ExprKind::Let(rec, bs, body) => ExprKind::Let(
                *rec,
                bs.iter()
                    .map(|b| ast::Binding {
                        expr: self.letrec_view(&b.expr),
                        ..b.clone()
                    })
                    .collect(),
                v(body),
            ),
            _ => return e.clone(),
        };
        ast::Expr { kind, span: e.span }
    }

    /// Whether constructor `name` is the constructor of an unboxed type.
    fn is_unboxed_constructor(&self, name: &str) -> bool {
        matches!(
            self.env.ctors.get(name),
            Some(super::env::CtorRef::Variant(c, _)) if self.separability.unboxed.contains(c)
        )
    }

    /// Whether field `name` (the latest declared) is the field of an unboxed record.
    fn is_unboxed_field(&self, name: &str) -> bool {
        let name = name.rsplit('.').next().unwrap_or(name);
        self.env
            .fields
            .get(name)
            .and_then(|v| v.last())
            .is_some_and(|(c, _)| self.separability.unboxed.contains(c))
    }

    /// Whether the array literal `e` (typed: its type was recorded) may hold floats: its
    /// element type is `float`, a type variable or an abstract type (OCaml's
    /// `Typeopt.array_kind` is `Pfloatarray` or `Pgenarray`).
    fn array_may_hold_floats(&self, e: &ast::Expr) -> bool {
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
fn returns_itself(e: &ast::Expr) -> bool {
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
