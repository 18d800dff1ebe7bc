//! `let a, b = x, y` (also `let a, b = M.(x, y)`), every component a variable: the bindings
//! `let a = x and b = y`, so that `a` and `b` are generalised as OCaml generalises the
//! variables of a pattern (`let fprintf, printf = Format.(fprintf, printf)` gives two
//! polymorphic functions). Reading a variable has no effect, so the split changes no
//! evaluation; egret does not generalise the variables a pattern binds otherwise.

use super::Typer;
use crate::syntax::ast::{self, ExprKind, PatternKind};

impl Typer<'_> {
    /// The bindings with each `let` of a tuple of variables to a tuple of variables split;
    /// `None` if there is none.
    pub(super) fn split_variable_tuples(
        &self,
        bindings: &[ast::Binding],
    ) -> Option<Vec<ast::Binding>> {
        let mut any = false;
        let mut out = Vec::new();
        for b in bindings {
            match split(b) {
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

/// `b` as one binding per component, if its pattern is a tuple of distinct variables and its
/// expression a tuple of as many variables (under local opens).
fn split(b: &ast::Binding) -> Option<Vec<ast::Binding>> {
    let mut opens = Vec::new();
    let mut tuple = &b.expr;
    while let ExprKind::Open(m, inner) = &tuple.kind {
        opens.push(m);
        tuple = inner;
    }
    let (PatternKind::Tuple(ps), ExprKind::Tuple(es)) = (&b.pat.kind, &tuple.kind) else {
        return None;
    };
    let names: Vec<&String> = ps
        .iter()
        .filter_map(|p| match &p.kind {
            PatternKind::Var(n) => Some(n),
            _ => None,
        })
        .collect();
    let distinct = (names.iter().enumerate()).all(|(i, n)| !names[..i].contains(n));
    if names.len() != ps.len()
        || !distinct
        || ps.len() != es.len()
        || !es.iter().all(|e| matches!(e.kind, ExprKind::Var(_)))
    {
        return None;
    }
    let parts = ps.iter().zip(es).map(|(p, e)| {
        let expr = opens.iter().rev().fold(e.clone(), |inner, m| ast::Expr {
            kind: ExprKind::Open((*m).clone(), Box::new(inner)),
            span: e.span,
        });
        ast::Binding {
            pat: p.clone(),
            expr,
            span: b.span,
        }
    });
    Some(parts.collect())
}
