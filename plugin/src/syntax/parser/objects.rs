//! Immediate objects' syntax: `object [(self-pattern)] field* end`, the fields `val
//! [mutable] x = e` and `method [private] m p1 .. pn = e`, and `{< x = e; .. >}` (OCaml's
//! `class_structure`, `class_field`, `simple_expr: LBRACELESS .. GREATERRBRACE`).
//!
//! `initializer e` is a field too (immediate objects may have it; classes are `classes.rs`).
//! `inherit` and `virtual` fields are not parsed: they are "not supported yet".

use super::{PResult, Parser};
use crate::syntax::ast::*;
use crate::syntax::lexer::TokenKind;

impl Parser {
    /// `object [(pattern)] field* end`, at `object`.
    pub(super) fn object_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_kw("object")?;
        let self_pat = if self.is_sym("(") {
            Some(self.simple_pattern_for_self()?)
        } else {
            None
        };
        let mut fields = Vec::new();
        loop {
            if self.eat_kw("end") {
                break;
            }
            let field_start = self.start();
            if self.eat_kw("val") {
                let mutable = self.eat_kw("mutable");
                let b = self.object_binding()?;
                fields.push(ObjectField::Val {
                    name: b.0,
                    span: self.span_from(field_start),
                    mutable,
                    expr: b.1,
                });
            } else if self.eat_kw("method") {
                let private = self.eat_kw("private");
                let b = self.object_binding()?;
                fields.push(ObjectField::Method {
                    name: b.0,
                    span: self.span_from(field_start),
                    private,
                    expr: b.1,
                });
            } else if self.eat_kw("initializer") {
                let expr = self.seq_expr()?;
                fields.push(ObjectField::Initializer {
                    span: self.span_from(field_start),
                    expr,
                });
            } else if self.is_kw("inherit") {
                return Err(crate::diagnostics::Diagnostic::unsupported(
                    self.span(),
                    "inheritance (`inherit`)",
                ));
            } else if self.is_kw("virtual") {
                return Err(crate::diagnostics::Diagnostic::unsupported(
                    self.span(),
                    "virtual methods and instance variables",
                ));
            } else {
                let e = self.expected("`val`, `method` or `end`");
                return Err(self.unmatched_note(e, "object", open));
            }
            // `;;` is not a separator here; attributes `[@@..]` are skipped by the lexer.
        }
        Ok(Expr {
            kind: ExprKind::Object(Box::new(ObjectExpr { self_pat, fields })),
            span: self.span_from(start),
        })
    }

    /// `(pattern)` or `(pattern : type)` after `object`.
    fn simple_pattern_for_self(&mut self) -> PResult<Pattern> {
        let open = self.expect_sym("(")?;
        let start = self.start();
        let p = self.pattern()?;
        let p = if self.eat_sym(":") {
            let t = self.type_expr()?;
            Pattern {
                kind: PatternKind::Constraint(Box::new(p), t),
                span: self.span_from(start),
            }
        } else {
            p
        };
        self.expect_closing(")", "(", open)?;
        Ok(p)
    }

    /// A field's `name p1 .. pn [: t] = e`, as a let binding's (its parameters a `fun`).
    fn object_binding(&mut self) -> PResult<(String, Expr)> {
        if !matches!(self.peek(), TokenKind::Lident(_)) {
            return Err(self.expected("a name"));
        }
        let b = self.let_binding()?;
        match b.pat.kind {
            PatternKind::Var(name) => Ok((name, b.expr)),
            _ => Err(self.expected("a name")),
        }
    }

    /// `{< x1 = e1; ..; xn = en >}`, at `{<`.
    pub(super) fn override_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_sym("{<")?;
        let mut fields = Vec::new();
        while !self.is_sym(">}") {
            let TokenKind::Lident(name) = self.peek().clone() else {
                return Err(self.expected("an instance variable"));
            };
            let span = self.bump().span;
            let value = if self.eat_sym("=") {
                self.expr()?
            } else {
                // `{< x >}` is `{< x = x >}` (OCaml's punning).
                Expr {
                    kind: ExprKind::Var(name.clone()),
                    span,
                }
            };
            fields.push((name, span, value));
            if !self.eat_sym(";") {
                break;
            }
        }
        self.expect_closing(">}", "{<", open)?;
        Ok(Expr {
            kind: ExprKind::Override(fields),
            span: self.span_from(start),
        })
    }
}
