//! Classes' syntax, made values (OCaml's `class_declaration`, `class_fun_binding`,
//! `class_expr`, `simple_expr: NEW class_longident`).
//!
//! `class c p1 .. pn = ce` is the binding `c#new = fun () p1 .. pn -> ce'` (a recursive group
//! with the classes after `and`), where `ce'` is `ce` with `let`s kept and `object .. end` an
//! object expression; `class c = let bs in object .. end` is `c#new = let bs in fun () ->
//! object .. end`: the `unit` parameter goes where the class's evaluation stops until an
//! object is made (its first `fun`, or its `object`), so what comes before runs once, where
//! the class is defined, and what comes after each time its arguments are given, as OCaml's
//! compiled classes do. `new c` is `c#new ()`.
//!
//! Not parsed here (each a "not supported yet" error): class type constraints `(ce : ct)`
//! and `class c : ct = ..`, class applications `class d = c a`, `virtual` classes.

use super::pattern::{fun_of_parameters, Parameter};
use super::{PResult, Parser};
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast::*;
use crate::syntax::lexer::TokenKind;

fn unit_param(span: Span) -> Param {
    Param::positional(Pattern {
        kind: PatternKind::Construct("()".to_string(), None),
        span,
    })
}

/// `fun () -> e`.
fn delayed(e: Expr) -> Expr {
    let span = e.span;
    Expr {
        kind: ExprKind::Fun(vec![unit_param(span)], Box::new(e)),
        span,
    }
}

fn count_params(params: &[Parameter]) -> usize {
    params
        .iter()
        .filter(|p| matches!(p, Parameter::Pattern(_)))
        .count()
}

impl Parser {
    /// `class c1 .. and c2 ..`, at `class`.
    pub(super) fn class_item(&mut self) -> PResult<ItemKind> {
        self.expect_kw("class")?;
        if self.is_kw("type") {
            return Err(Diagnostic::unsupported(self.span(), "class types"));
        }
        let mut decls = vec![self.class_decl()?];
        while self.eat_kw("and") {
            decls.push(self.class_decl()?);
        }
        Ok(ItemKind::Class(decls))
    }

    /// `[virtual] ['a, ..] c p1 .. pn = class-expr`.
    fn class_decl(&mut self) -> PResult<ClassDecl> {
        let start = self.start();
        if self.is_kw("virtual") {
            return Err(Diagnostic::unsupported(self.span(), "virtual classes"));
        }
        let mut type_params = Vec::new();
        if self.eat_sym("[") {
            loop {
                self.eat_sym("+");
                self.eat_sym("-");
                self.expect_sym("'")?;
                match self.peek().clone() {
                    TokenKind::Lident(n) | TokenKind::Uident(n) => {
                        self.bump();
                        type_params.push(n);
                    }
                    _ => return Err(self.expected("a type variable name")),
                }
                if !self.eat_sym(",") {
                    break;
                }
            }
            self.expect_sym("]")?;
        }
        let TokenKind::Lident(name) = self.peek().clone() else {
            return Err(self.expected("a class name"));
        };
        let name_span = self.bump().span;
        let mut params = Vec::new();
        while !self.is_sym("=") && !self.is_sym(":") {
            params.push(self.parameter_or_newtypes()?);
        }
        if self.is_sym(":") {
            return Err(Diagnostic::unsupported(
                self.span(),
                "class type constraints",
            ));
        }
        self.expect_sym("=")?;
        let arity = count_params(&params);
        let (expr, more) = if params.is_empty() {
            self.class_expr(false)?
        } else {
            let (body, more) = self.class_expr(true)?;
            let f = fun_of_parameters(params, body, self.prev_hi);
            (delayed(f), more)
        };
        self.finish_class(start, name, name_span, type_params, arity + more, expr)
    }

    fn finish_class(
        &mut self,
        start: u32,
        name: String,
        name_span: Span,
        type_params: Vec<String>,
        arity: usize,
        expr: Expr,
    ) -> PResult<ClassDecl> {
        let span = self.span_from(start);
        Ok(ClassDecl {
            binding: Binding {
                pat: Pattern {
                    kind: PatternKind::Var(class_value_name(&name)),
                    span: name_span,
                },
                expr,
                span,
            },
            name,
            span,
            type_params,
            arity,
        })
    }

    /// A class expression as the expression building its objects; `under_unit`: the `unit`
    /// parameter delaying object creation is already above it. Also gives the parameters
    /// of its `fun`s.
    fn class_expr(&mut self, under_unit: bool) -> PResult<(Expr, usize)> {
        let start = self.start();
        let wrap = |e: Expr| if under_unit { e } else { delayed(e) };
        match self.peek() {
            TokenKind::Keyword("object") => Ok((wrap(self.object_expr()?), 0)),
            TokenKind::Keyword("fun") => {
                self.bump();
                let mut params = Vec::new();
                while !self.is_sym("->") {
                    params.push(self.parameter_or_newtypes()?);
                }
                self.expect_sym("->")?;
                let n = count_params(&params);
                let (body, more) = self.class_expr(true)?;
                let mut f = fun_of_parameters(params, body, self.prev_hi);
                f.span = self.span_from(start);
                Ok((wrap(f), n + more))
            }
            TokenKind::Keyword("let") => {
                self.bump();
                if matches!(
                    self.peek(),
                    TokenKind::Keyword("open" | "module" | "exception")
                ) {
                    return Err(Diagnostic::unsupported(
                        self.span(),
                        "this class expression",
                    ));
                }
                let rec_flag = self.rec_flag();
                let bindings = self.let_bindings()?;
                self.expect_kw("in")?;
                let (body, n) = self.class_expr(under_unit)?;
                let kind = ExprKind::Let(rec_flag, bindings, Box::new(body));
                Ok((
                    Expr {
                        kind,
                        span: self.span_from(start),
                    },
                    n,
                ))
            }
            TokenKind::Symbol(s) if s == "(" => {
                let open = self.bump().span;
                let r = self.class_expr(under_unit)?;
                if self.is_sym(":") {
                    return Err(Diagnostic::unsupported(
                        self.span(),
                        "class type constraints",
                    ));
                }
                self.expect_closing(")", "(", open)?;
                Ok(r)
            }
            _ => Err(Diagnostic::unsupported(
                self.span(),
                "this class expression",
            )),
        }
    }

    /// `new c` (`new M.c`), at `new`: `c#new ()`.
    pub(super) fn new_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect_kw("new")?;
        let mut path = String::new();
        while let TokenKind::Uident(m) = self.peek().clone() {
            self.bump();
            path.push_str(&m);
            self.expect_sym(".")?;
            path.push('.');
        }
        let TokenKind::Lident(c) = self.peek().clone() else {
            return Err(self.expected("a class name"));
        };
        self.bump();
        path.push_str(&c);
        let span = self.span_from(start);
        let f = Expr {
            kind: ExprKind::Var(class_value_name(&path)),
            span,
        };
        let unit = Expr {
            kind: ExprKind::Construct("()".to_string(), None),
            span,
        };
        Ok(Expr {
            kind: ExprKind::Apply(Box::new(f), vec![(ArgLabel::Nolabel, unit)]),
            span,
        })
    }
}
