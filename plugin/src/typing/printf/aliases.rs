//! Other names for printf functions: `let pr = Printf.printf`, `open Format` then
//! `fprintf`, and `let fprintf, printf = Format.(fprintf, printf)` (a tuple of variables is
//! split into one binding per variable so that each printf function is an alias, elaborated
//! at each application from its literal format).

use super::super::env::ValueBinding;
use super::super::Typer;
use crate::syntax::ast::{self, ExprKind};

impl<'s> Typer<'s> {
    /// The printf-family function `e` names (`Printf.printf`, `fprintf` after `open Format`,
    /// `Format.(fprintf)`), if it is one.
    pub(in crate::typing) fn printf_alias(&self, e: &ast::Expr) -> Option<&'static str> {
        let printf = |b: Option<ValueBinding>| match b {
            Some(ValueBinding::Printf(full)) => Some(full),
            _ => None,
        };
        match &e.kind {
            ExprKind::Var(f) => printf(self.env.lookup(f)),
            ExprKind::Open(m, inner) => match &inner.kind {
                ExprKind::Var(f) => match self.env.lookup(&format!("{m}.{f}")) {
                    Some(b) => printf(Some(b)),
                    None => printf(self.env.lookup(f)),
                },
                _ => None,
            },
            _ => None,
        }
    }

    /// `let a, b = M.(fprintf, x)` where a component names a printf-family function: the
    /// bindings `let a = M.(fprintf) and b = M.(x)` (every component being a variable, the
    /// split changes no evaluation), so that `a` is an alias; `None` if there is none.
    pub(in crate::typing) fn split_printf_tuples(
        &self,
        bindings: &[ast::Binding],
    ) -> Option<Vec<ast::Binding>> {
        let mut any = false;
        let mut out = Vec::new();
        for b in bindings {
            let (open, tuple) = match &b.expr.kind {
                ExprKind::Open(m, inner) => (Some(m), inner.as_ref()),
                _ => (None, &b.expr),
            };
            let split = match (&b.pat.kind, &tuple.kind) {
                (ast::PatternKind::Tuple(ps), ExprKind::Tuple(es))
                    if ps.len() == es.len()
                        && ps
                            .iter()
                            .all(|p| matches!(p.kind, ast::PatternKind::Var(_)))
                        && es.iter().all(|e| matches!(e.kind, ExprKind::Var(_))) =>
                {
                    let parts: Vec<ast::Binding> = ps
                        .iter()
                        .zip(es)
                        .map(|(p, e)| ast::Binding {
                            pat: p.clone(),
                            expr: match open {
                                Some(m) => ast::Expr {
                                    kind: ExprKind::Open(m.clone(), Box::new(e.clone())),
                                    span: e.span,
                                },
                                None => e.clone(),
                            },
                            span: b.span,
                        })
                        .collect();
                    parts
                        .iter()
                        .any(|p| self.printf_alias(&p.expr).is_some())
                        .then_some(parts)
                }
                _ => None,
            };
            match split {
                Some(parts) => {
                    any = true;
                    out.extend(parts);
                }
                None => out.push(b.clone()),
            }
        }
        any.then_some(out)
    }
}
