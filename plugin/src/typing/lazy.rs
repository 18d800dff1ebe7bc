//! Lazy values as ocamlopt compiles them (OCaml 4.13's `Translcore` for `Texp_lazy`,
//! `Typeopt.classify_lazy_argument`), over the installed `camlinternalLazy.ml` and `lazy.ml`.
//!
//! A value of type `'a lazy_t` is one of: a block of `Obj.lazy_tag` whose one field is the
//! delayed `unit -> 'a` (or, once forcing it raised, a function raising that again); a block
//! of `Obj.forward_tag` whose field is the value (what forcing leaves, in place); or the value
//! itself, when it cannot be taken for either (not a float, not a lazy block).
//!
//! Invariants: `lazy e` is elaborated without calling the library (the installed `lazy.ml`
//! itself uses `lazy`); forcing (`%lazy_force`, `lazy p` patterns) calls
//! [`LAZY_FORCE`], captured when its unit closes, so nothing forces a lazy value before it.

use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Const, DeclKind, Expr, Prim, Purity, TyCon, Type};
use crate::syntax::ast::{self, ExprKind};

/// What forces a lazy value (`Lazy.force`'s `%lazy_force`, `lazy p` patterns): the installed
/// `camlinternalLazy.ml`'s function, which tests the tag and runs the delayed function once.
pub(super) const LAZY_FORCE: &str = "CamlinternalLazy.force";

/// `Obj.lazy_tag`: a delayed lazy value.
const LAZY_TAG: i64 = 246;

/// How `lazy e` is compiled (`Typeopt.classify_lazy_argument`).
enum LazyArgument {
    /// A constant other than a float, a function, a constant constructor: the value itself.
    Itself,
    /// A float constant, or a variable whose type may be a float or a lazy value: a forward
    /// block holding the value.
    Forward,
    /// Anything else: a lazy block holding `fun () -> e`.
    Delayed,
}

impl Typer<'_> {
    /// `lazy e`, of type `t lazy_t` when `e` has type `t`.
    pub(super) fn lazy(&mut self, e: &ast::Expr, _span: Span) -> TResult<(Expr, Type)> {
        let in_letrec_definition = std::mem::take(&mut self.in_letrec_definition);
        let (x, t) = self.expr(e)?;
        let lazy_t = Type::Con(TyCon::LAZY_T, vec![t.clone()]);
        let elaborated = match self.classify_lazy_argument(e, &t) {
            // In a `let rec` definition, `typing::letrec` allocates the one-field block the
            // value will be copied into: a forward block (which forces to the same value;
            // OCaml compiles the value itself, an `Obj.tag` only tells them apart).
            LazyArgument::Itself if in_letrec_definition => Expr::Prim(
                Prim::Runtime("caml_lazy_make_forward", Purity::Effect),
                vec![x],
            ),
            LazyArgument::Itself => Expr::Prim(Prim::Identity, vec![x]),
            LazyArgument::Forward => Expr::Prim(
                Prim::Runtime("caml_lazy_make_forward", Purity::Effect),
                vec![x],
            ),
            LazyArgument::Delayed => {
                let u = self.fresh_var("_unit", Type::unit(), e.span);
                let delayed = Expr::Fun(vec![u], Box::new(x), self.fun_name());
                // The block is an `Obj.t` until filled, then cast to its type.
                let block = self.fresh_var("_lazy", Type::Con(TyCon::OBJ_T, vec![]), e.span);
                let alloc = Expr::Prim(
                    Prim::Runtime("caml_obj_block", Purity::Effect),
                    vec![
                        Expr::Const(Const::Int(LAZY_TAG)),
                        Expr::Const(Const::Int(1)),
                    ],
                );
                let fill = Expr::SetField(Box::new(Expr::Var(block)), 0, Box::new(delayed));
                Expr::Local(
                    block,
                    Box::new(alloc),
                    Box::new(Expr::Seq(
                        Box::new(fill),
                        Box::new(Expr::Prim(Prim::Identity, vec![Expr::Var(block)])),
                    )),
                )
            }
        };
        Ok((elaborated, lazy_t))
    }

    fn classify_lazy_argument(&self, e: &ast::Expr, t: &Type) -> LazyArgument {
        match &e.kind {
            ExprKind::Constant(ast::Constant::Float(_)) => LazyArgument::Forward,
            ExprKind::Constant(_)
            | ExprKind::Fun(..)
            | ExprKind::Function(_)
            | ExprKind::Construct(_, None) => LazyArgument::Itself,
            ExprKind::Var(_) if self.lazy_val_requires_forward(t) => LazyArgument::Forward,
            ExprKind::Var(_) => LazyArgument::Itself,
            _ => LazyArgument::Delayed,
        }
    }

    /// Whether a value of type `t` may be a float or a lazy value (`Typeopt`'s
    /// `lazy_val_requires_forward`: a type variable or an abstract type may be either).
    fn lazy_val_requires_forward(&self, t: &Type) -> bool {
        match self.u.expand_head(t) {
            Type::Var(_) => true,
            Type::Con(c, _) => {
                c == TyCon::FLOAT
                    || c == TyCon::LAZY_T
                    || c == TyCon::OBJ_T
                    || (c.0 >= TyCon::FIRST_DECLARED.0
                        && matches!(self.types.decl(c).kind, DeclKind::Primitive)
                        && !self.u.pv.is_internal(c)
                        && !self.u.label_cons.contains(&c)
                        && !self.packages.info.contains_key(&c))
            }
            _ => false,
        }
    }

    /// `%lazy_force` applied to `lazy_value`, whose result has type `result`.
    pub(super) fn lazy_force(&mut self, lazy_value: Expr, result: &Type) -> TResult<Expr> {
        let (force, ft) = self.prelude_function_instance(LAZY_FORCE, Span::default())?;
        let Type::Arrow(_, forced) = ft else {
            unreachable!("CamlinternalLazy.force is a function")
        };
        self.u.unify(&forced, result, &self.types).map_err(|_| {
            Diagnostic::error(Span::default(), "internal error: %lazy_force's type")
        })?;
        Ok(Expr::App(Box::new(force), vec![lazy_value]))
    }
}
