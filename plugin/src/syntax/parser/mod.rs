//! The parser: tokens → [`Program`], by recursive descent with precedence climbing.
//!
//! It implements OCaml 4.13's grammar (`parsing/parser.mly`) for the subset egret reads, with
//! OCaml's precedence and associativity (the table is [`expr::Prec`]) and the desugarings the
//! [`ast`](super::ast) module doc lists. Where `parser.mly` resolves a conflict by precedence,
//! this parser mirrors the outcome, checked against `ocamlc -dparsetree`; the cases that
//! surprise are tested in `syntax::tests` (`if a then b, c` is `if a then (b, c)`,
//! `x + a.f <- v` is `x + (a.f <- v)`, `-a ** b` is `(-a) ** b`).
//!
//! The parser stops at the first error and returns it: a syntax error (`syntax error: expected
//! `)``) with the span of the offending token, the lexer's error if the parser reaches the
//! point where lexing stopped, or an "… not supported yet" diagnostic for OCaml constructs
//! outside egret's subset (modules, objects, labels, attributes, …).
//!
//! Files: this one holds the token cursor and the top level (items, `let` bindings);
//! [`expr`], [`pattern`] and [`types`] hold the rest of the grammar.

mod classes;
mod expr;
mod modules;
mod objects;
mod pattern;
mod types;

use super::ast::*;
use super::lexer::{Token, TokenKind};
use crate::diagnostics::{Diagnostic, Span};

pub(crate) type PResult<T> = Result<T, Diagnostic>;

pub(crate) struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    /// The lexer's error, reported when the parser reaches the [`TokenKind::Error`] token.
    lex_error: Option<Diagnostic>,
    /// The end of the last consumed token: where a node being built ends.
    prev_hi: u32,
    /// How many expressions, patterns and types are being parsed inside one another: the
    /// recursion depth, bounded by [`MAX_NESTING`].
    nesting: u32,
    /// The byte offset where each line starts, for the line numbers in notes.
    line_starts: Vec<u32>,
    /// The attributes removed before parsing ([`super::attributes::strip`]).
    pub(super) attributes: Vec<super::attributes::Removed>,
    /// The names (span and text) of the bindings marked `[@inline never]` or
    /// `[@@inline never]` (see [`Program::never_inline`]).
    never_inline: Vec<(Span, String)>,
    /// `-unsafe`: `a.(i)`, `s.[i]` and `a.{i}` read and write without bound checks
    /// (`Array.unsafe_get` ...), as OCaml's parser has them under `-unsafe`.
    pub(super) unsafe_indexing: bool,
}

/// The prefix of the names given to anonymous modules (`module _ = ..`): `_` cannot start a
/// module name in OCaml, so no program can name one.
pub const ANONYMOUS_MODULE: &str = "_anonymous_module_";

/// The deepest nesting of expressions (and patterns, types) the parser accepts. Chains that
/// are long in real programs (`;` sequences, `let ... in` chains, lists, `::`, left-associative
/// operators, match cases) are parsed iteratively and do not count; this bounds only true
/// nesting such as parentheses inside parentheses, so that [`super::parse`]'s stack suffices.
pub(super) const MAX_NESTING: u32 = 2000;

impl Parser {
    /// A parser of `tokens`, lexed from `source` whose first byte is at offset `base`.
    pub(super) fn new(
        source: &[u8],
        base: u32,
        tokens: Vec<Token>,
        lex_error: Option<Diagnostic>,
    ) -> Parser {
        let newlines = source.iter().enumerate().filter(|&(_, &b)| b == b'\n');
        let line_starts = std::iter::once(base)
            .chain(newlines.map(|(i, _)| base + i as u32 + 1))
            .collect();
        Parser {
            tokens,
            pos: 0,
            lex_error,
            prev_hi: 0,
            nesting: 0,
            line_starts,
            attributes: Vec::new(),
            never_inline: Vec::new(),
            unsafe_indexing: false,
        }
    }

    // ---- the token cursor ----

    fn peek(&self) -> &TokenKind {
        &self.tokens[self.pos].kind
    }

    fn peek_at(&self, offset: usize) -> &TokenKind {
        let last = self.tokens.len() - 1;
        &self.tokens[(self.pos + offset).min(last)].kind
    }

    fn span(&self) -> Span {
        self.tokens[self.pos].span
    }

    fn start(&self) -> u32 {
        self.span().lo
    }

    /// The span from `lo` to the end of the last consumed token.
    fn span_from(&self, lo: u32) -> Span {
        Span::new(lo, self.prev_hi.max(lo))
    }

    fn bump(&mut self) -> Token {
        let token = self.tokens[self.pos].clone();
        if !matches!(token.kind, TokenKind::Eof | TokenKind::Error) {
            self.pos += 1;
            self.prev_hi = token.span.hi;
        }
        token
    }

    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), TokenKind::Symbol(t) if t == s)
    }

    fn is_sym_at(&self, offset: usize, s: &str) -> bool {
        matches!(self.peek_at(offset), TokenKind::Symbol(t) if t == s)
    }

    /// OCaml's `LABEL` / `OPTLABEL` tokens: `~x:` or `?x:` written without spaces, `offset`
    /// tokens ahead; the label's name.
    fn label_colon_at(&self, offset: usize) -> Option<String> {
        let at = |i: usize| &self.tokens[(self.pos + offset + i).min(self.tokens.len() - 1)];
        let (tilde, name, colon) = (at(0), at(1), at(2));
        match (&tilde.kind, &name.kind, &colon.kind) {
            (TokenKind::Symbol(t), TokenKind::Lident(n), TokenKind::Symbol(c))
                if (t == "~" || t == "?")
                    && c == ":"
                    && tilde.span.hi == name.span.lo
                    && name.span.hi == colon.span.lo =>
            {
                Some(n.clone())
            }
            _ => None,
        }
    }

    fn is_kw(&self, k: &str) -> bool {
        matches!(self.peek(), TokenKind::Keyword(t) if *t == k)
    }

    fn eat_sym(&mut self, s: &str) -> bool {
        let found = self.is_sym(s);
        if found {
            self.bump();
        }
        found
    }

    fn eat_kw(&mut self, k: &str) -> bool {
        let found = self.is_kw(k);
        if found {
            self.bump();
        }
        found
    }

    fn expect_sym(&mut self, s: &str) -> PResult<Span> {
        if self.is_sym(s) {
            Ok(self.bump().span)
        } else {
            Err(self.expected(&format!("`{s}`")))
        }
    }

    fn expect_kw(&mut self, k: &str) -> PResult<Span> {
        if self.is_kw(k) {
            Ok(self.bump().span)
        } else {
            Err(self.expected(&format!("`{k}`")))
        }
    }

    /// Expects the closing `close` of the `open` at `open_span`.
    fn expect_closing(&mut self, close: &str, open: &str, open_span: Span) -> PResult<Span> {
        self.expect_sym(close)
            .map_err(|e| self.unmatched_note(e, open, open_span))
    }

    fn expect_closing_kw(&mut self, close: &str, open: &str, open_span: Span) -> PResult<Span> {
        self.expect_kw(close)
            .map_err(|e| self.unmatched_note(e, open, open_span))
    }

    /// Adds "this `(` (line 3, column 9) might be unmatched" to a syntax error.
    fn unmatched_note(&self, e: Diagnostic, open: &str, open_span: Span) -> Diagnostic {
        if !e.message.starts_with("syntax error") {
            return e; // a lexical error or an unsupported construct: the bracket is not the point
        }
        let line = self
            .line_starts
            .partition_point(|&start| start <= open_span.lo);
        let column = open_span.lo - self.line_starts[line - 1] + 1;
        e.with_note(format!(
            "this `{open}` (line {line}, column {column}) might be unmatched"
        ))
    }

    /// Enters one more level of nesting; see [`MAX_NESTING`].
    fn enter(&mut self) -> PResult<()> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            let message = format!("this is nested too deeply (more than {MAX_NESTING} levels)");
            return Err(Diagnostic::error(self.span(), message));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.nesting -= 1;
    }

    // ---- diagnostics ----

    /// `syntax error: expected X` at the current token; or the lexer's error if lexing
    /// stopped here; or, if the current token starts a construct egret does not support,
    /// the "… not supported yet" diagnostic, since that is the real problem.
    fn expected(&self, what: &str) -> Diagnostic {
        self.unsupported_here()
            .unwrap_or_else(|| self.error_here(format!("syntax error: expected {what}")))
    }

    fn error_here(&self, message: String) -> Diagnostic {
        if let (TokenKind::Error, Some(e)) = (self.peek(), &self.lex_error) {
            return e.clone();
        }
        Diagnostic::error(self.span(), message)
            .with_label(format!("unexpected {}", describe(self.peek())))
    }

    /// `[%ext ..]` at the current token: OCaml's error for an extension node no preprocessor
    /// interpreted, on the extension's name.
    fn uninterpreted_extension(&self) -> Diagnostic {
        let (name, span) = match (self.peek_at(1), self.tokens.get(self.pos + 1)) {
            (TokenKind::Lident(n) | TokenKind::Uident(n), Some(t)) => {
                // A dotted name: `[%ocaml.ext]`.
                let mut name = n.clone();
                let mut span = t.span;
                let mut k = self.pos + 2;
                while let (Some(dot), Some(next)) = (self.tokens.get(k), self.tokens.get(k + 1)) {
                    match (&dot.kind, &next.kind) {
                        (TokenKind::Symbol(d), TokenKind::Lident(n) | TokenKind::Uident(n))
                            if d == "."
                                && dot.span.lo == span.hi
                                && next.span.lo == dot.span.hi =>
                        {
                            name.push('.');
                            name.push_str(n);
                            span = Span::new(span.lo, next.span.hi);
                            k += 2;
                        }
                        _ => break,
                    }
                }
                (name, span)
            }
            _ => {
                return Diagnostic::error(
                    self.span(),
                    "syntax error: an extension name is expected",
                )
            }
        };
        Diagnostic::error(span, format!("Uninterpreted extension '{name}'."))
    }

    /// If the current token starts an OCaml construct egret does not support, the diagnostic.
    fn unsupported_here(&self) -> Option<Diagnostic> {
        let what = match self.peek() {
            TokenKind::Keyword(k) => match *k {
                "module" | "open" | "include" | "struct" | "sig" | "functor" => "modules",
                "method" | "inherit" | "initializer" | "virtual" => "objects and classes",
                "val" => "signatures",
                _ => return None,
            },
            TokenKind::Symbol(s) => match s.as_str() {
                "[%" | "[%%" => return Some(self.uninterpreted_extension()),
                "#" => "objects and toplevel directives",
                _ => return None,
            },
            _ => return None,
        };
        Some(Diagnostic::unsupported(self.span(), what))
    }

    // ---- the top level ----

    /// `program := ;;* [seq_expr] (item | ;; [seq_expr])*`: a top-level expression must start
    /// the file or follow `;;`, as in OCaml.
    pub(super) fn program(&mut self) -> PResult<Program> {
        let items = self.items(false)?;
        Ok(Program {
            items,
            never_inline: std::mem::take(&mut self.never_inline),
        })
    }

    /// The items of a file, or of a `struct` (`in_struct`: they end at `end`).
    fn items(&mut self, in_struct: bool) -> PResult<Vec<Item>> {
        let mut items = Vec::new();
        let mut expr_allowed = true;
        loop {
            while self.eat_sym(";;") {
                expr_allowed = true;
            }
            let start = self.start();
            let kind = match self.peek() {
                TokenKind::Eof => break,
                TokenKind::Keyword("end") if in_struct => break,
                TokenKind::Keyword("let")
                    if matches!(
                        self.peek_at(1),
                        TokenKind::Keyword("open" | "module" | "exception")
                    ) =>
                {
                    if !expr_allowed {
                        return Err(self.error_here(
                            "syntax error: a top-level `let open ... in` expression must start the file or follow `;;`"
                                .to_string(),
                        ));
                    }
                    ItemKind::Expr(self.seq_expr()?)
                }
                TokenKind::Keyword("let") => {
                    self.bump();
                    self.check_let_extensions()?;
                    let rec_flag = self.rec_flag();
                    let bindings = self.let_bindings()?;
                    if self.is_kw("in") {
                        if !expr_allowed {
                            return Err(self.error_here(
                                "syntax error: a top-level `let ... in` expression must start the file or follow `;;`"
                                    .to_string(),
                            ));
                        }
                        self.bump();
                        let body = self.seq_expr()?;
                        let kind = ExprKind::Let(rec_flag, bindings, Box::new(body));
                        ItemKind::Expr(Expr {
                            kind,
                            span: self.span_from(start),
                        })
                    } else {
                        ItemKind::Let(rec_flag, bindings)
                    }
                }
                TokenKind::Keyword("type") => self.type_item()?,
                TokenKind::Keyword("class") => self.class_item()?,
                TokenKind::Keyword("exception") => self.exception_declaration()?,
                TokenKind::Keyword("module") => self.module_definition()?,
                TokenKind::Keyword("external") => ItemKind::External(self.external_declaration()?),
                TokenKind::Keyword("open") => {
                    self.bump();
                    self.eat_sym("!");
                    let me = self.module_expr()?;
                    match me.kind {
                        ModExprKind::Path(path) => ItemKind::Open(path),
                        _ => ItemKind::OpenModule(me),
                    }
                }
                TokenKind::Keyword("include") => {
                    self.bump();
                    ItemKind::Include(self.module_expr()?)
                }
                _ if self.starts_expr() => {
                    if !expr_allowed {
                        return Err(self.error_here(
                            "syntax error: a top-level expression must start the file or follow `;;`".to_string(),
                        ));
                    }
                    ItemKind::Expr(self.seq_expr()?)
                }
                _ => {
                    let unexpected = format!("syntax error: unexpected {}", describe(self.peek()));
                    return Err(self
                        .unsupported_here()
                        .unwrap_or_else(|| self.error_here(unexpected)));
                }
            };
            expr_allowed = false;
            items.push(Item {
                kind,
                span: self.span_from(start),
            });
        }
        Ok(items)
    }

    /// `external name : type = "prim" ["native_prim"]`. Whether an `[@unboxed]` or `[@untagged]`
    /// attribute was on it (or in its type) is read from the attributes removed before parsing.
    pub(super) fn external_declaration(&mut self) -> PResult<ExternalDecl> {
        let first = self.pos;
        self.expect_kw("external")?;
        let (name, name_span) = self.value_name()?;
        self.expect_sym(":")?;
        let ty = self.poly_type_expr()?;
        self.expect_sym("=")?;
        let lo = self.start();
        let mut prims = Vec::new();
        while let TokenKind::String(s) = self.peek() {
            prims.push(String::from_utf8_lossy(s).into_owned());
            self.bump();
        }
        if prims.is_empty() {
            return Err(self.expected("a primitive name (a string literal)"));
        }
        let prims_span = self.span_from(lo);
        let last = self.pos;
        let unboxed = self.attributes.iter().any(|a| {
            a.at > first
                && a.at <= last
                && matches!(
                    a.name.as_str(),
                    "unboxed" | "untagged" | "ocaml.unboxed" | "ocaml.untagged"
                )
        });
        Ok(ExternalDecl {
            name,
            name_span,
            ty,
            prims,
            prims_span,
            unboxed,
        })
    }

    /// The name a module binding binds: `M`, or for `_` (OCaml 4.10's anonymous module,
    /// evaluated but bound to no name) a name no program can write, unique in the file.
    pub(super) fn module_binding_name(&mut self) -> PResult<String> {
        match self.peek().clone() {
            TokenKind::Uident(name) => {
                self.bump();
                Ok(name)
            }
            TokenKind::Symbol(s) if s == "_" => {
                let at = self.bump().span.lo;
                Ok(format!("{ANONYMOUS_MODULE}{at}"))
            }
            _ => Err(self.expected("a module name")),
        }
    }

    /// `M` or `M.N`: a module path.
    pub(super) fn module_path(&mut self) -> PResult<String> {
        let TokenKind::Uident(first) = self.peek().clone() else {
            return Err(self.expected("a module name"));
        };
        self.bump();
        let mut path = first;
        while self.is_sym(".") && matches!(self.peek_at(1), TokenKind::Uident(_)) {
            self.bump();
            let TokenKind::Uident(next) = self.peek().clone() else {
                unreachable!()
            };
            self.bump();
            path.push('.');
            path.push_str(&next);
        }
        Ok(path)
    }

    /// `rec`, if present.
    fn rec_flag(&mut self) -> RecFlag {
        if self.eat_kw("rec") {
            RecFlag::Recursive
        } else {
            RecFlag::NonRecursive
        }
    }

    /// After `let`: reject `let exception`, `let%ext` (`let open` and `let module` are
    /// expressions, parsed with the expressions).
    fn check_let_extensions(&self) -> PResult<()> {
        let what = match self.peek() {
            TokenKind::Symbol(s) if s == "%" => "extension nodes",
            _ => return Ok(()),
        };
        Err(Diagnostic::unsupported(self.span(), what))
    }

    /// `binding (and binding)*`
    fn let_bindings(&mut self) -> PResult<Vec<Binding>> {
        let mut bindings = vec![self.let_binding()?];
        while self.eat_kw("and") {
            bindings.push(self.let_binding()?);
        }
        Ok(bindings)
    }

    /// `f p1 .. pn [: t] = e` (a function, `n > 0`, or a value), or `pattern [: t] = e`.
    fn let_binding(&mut self) -> PResult<Binding> {
        let start = self.start();
        let first = self.pos;
        let name_len = self.value_name_len();
        let is_function_sugar = name_len > 0 && {
            let after = self.peek_at(name_len);
            matches!(after, TokenKind::Symbol(s) if s == "=" || s == ":")
                || self.starts_parameter_at(name_len)
        };
        let (pat, params) = if is_function_sugar {
            let (name, span) = self.value_name()?;
            let mut params = Vec::new();
            while !self.is_sym("=") && !self.is_sym(":") {
                params.push(self.parameter_or_newtypes()?);
            }
            (
                Pattern {
                    kind: PatternKind::Var(name),
                    span,
                },
                params,
            )
        } else {
            (self.pattern()?, Vec::new())
        };
        // `let f : type a. t = e` is `let f : 'a. t[a := 'a] = fun (type a) -> (e : t)`.
        let annotation = if !self.eat_sym(":") {
            None
        } else if params.is_empty() {
            Some(self.binding_annotation()?)
        } else {
            Some((None, self.poly_type_expr()?))
        };
        self.expect_sym("=")?;
        let body_start = self.start();
        let mut expr = self.seq_expr()?;
        let mut poly = None;
        match annotation {
            None => {}
            Some((
                None,
                ty @ TypeExpr {
                    kind: TypeExprKind::Poly(..),
                    ..
                },
            )) => poly = Some(ty),
            Some((None, ty)) => {
                expr = Expr {
                    kind: ExprKind::Constraint(Box::new(expr), ty),
                    span: self.span_from(body_start),
                };
            }
            Some((Some(names), ty)) => {
                let span = self.span_from(body_start);
                poly = Some(TypeExpr {
                    kind: TypeExprKind::Poly(names.clone(), Box::new(varify(&ty, &names))),
                    span: ty.span,
                });
                expr = Expr {
                    kind: ExprKind::Constraint(Box::new(expr), ty),
                    span,
                };
                for name in names.into_iter().rev() {
                    expr = Expr {
                        kind: ExprKind::Newtype(name, Box::new(expr)),
                        span,
                    };
                }
            }
        }
        if let Some(first) = params.first() {
            let lo = match first {
                pattern::Parameter::Pattern(p) => p.pat.span.lo,
                pattern::Parameter::Newtypes(_, s) => s.lo,
            };
            expr = pattern::fun_of_parameters(params, expr, self.prev_hi);
            expr.span = self.span_from(lo);
        }
        if let Some(ty) = poly {
            expr = Expr {
                kind: ExprKind::Constraint(Box::new(expr), ty),
                span: self.span_from(body_start),
            };
        }
        if let PatternKind::Var(name) = &pat.kind {
            if self.marked_inline_never(first, self.pos) {
                self.never_inline.push((pat.span, name.clone()));
            }
        }
        Ok(Binding {
            pat,
            expr,
            span: self.span_from(start),
        })
    }

    /// Whether the binding of tokens `first..last` has the attribute `[@inline never]`
    /// (written after its `let`, `rec` or `and`) or `[@@inline never]` (after it).
    fn marked_inline_never(&self, first: usize, last: usize) -> bool {
        let after_rec = first > 0
            && matches!(&self.tokens[first - 1].kind, TokenKind::Keyword(k) if *k == "rec");
        self.attributes.iter().any(|a| {
            matches!(a.name.as_str(), "inline" | "ocaml.inline")
                && a.payload == "never"
                && if a.item {
                    a.at == last
                } else {
                    a.at == first || (after_rec && a.at + 1 == first)
                }
        })
    }

    /// The operator named `offset` tokens ahead, and its number of tokens: `+` (one), or an
    /// extended indexing operator `.%()`, `.%[]<-`, `.%{;..}` (OCaml's names for `e.%(i)`,
    /// `e.%[i] <- v`, `e.%{i; j}`).
    pub(super) fn operator_at(&self, offset: usize) -> Option<(String, usize)> {
        let TokenKind::DotOp(op) = self.peek_at(offset) else {
            return operator_name(self.peek_at(offset)).map(|name| (name, 1));
        };
        let TokenKind::Symbol(open) = self.peek_at(offset + 1) else {
            return None;
        };
        let close = index_bracket_close(open)?;
        let mut n = 2;
        let multi = self.is_sym_at(offset + n, ";") && self.is_sym_at(offset + n + 1, "..");
        if multi {
            n += 2;
        }
        if !self.is_sym_at(offset + n, close) {
            return None;
        }
        n += 1;
        let set = self.is_sym_at(offset + n, "<-");
        if set {
            n += 1;
        }
        let name = dot_operator_name(op, open, multi, set);
        Some((name, n))
    }

    /// The number of tokens of a value name here: `x` is 1, `( + )` is 3, `( .%[] )` 5,
    /// anything else 0.
    fn value_name_len(&self) -> usize {
        match self.peek() {
            TokenKind::Lident(_) => 1,
            TokenKind::Symbol(s) if s == "(" => match self.operator_at(1) {
                Some((_, n)) if self.is_sym_at(1 + n, ")") => n + 2,
                _ => 0,
            },
            _ => 0,
        }
    }

    /// `x` or `( op )`.
    pub(super) fn value_name(&mut self) -> PResult<(String, Span)> {
        let start = self.start();
        match self.peek().clone() {
            TokenKind::Lident(name) => {
                self.bump();
                Ok((name, self.span_from(start)))
            }
            _ if self.value_name_len() > 1 => {
                self.bump();
                let (name, n) = self.operator_at(0).unwrap();
                for _ in 0..=n {
                    self.bump();
                }
                Ok((name, self.span_from(start)))
            }
            _ => Err(self.expected("a value name")),
        }
    }

    /// `exception E [of t1 * .. * tn]` or `exception E = M.F`.
    fn exception_declaration(&mut self) -> PResult<ItemKind> {
        self.expect_kw("exception")?;
        let decl = self.constructor_declaration()?;
        if self.eat_sym("=") {
            if !decl.args.is_empty() {
                return Err(self.expected("a declaration without `of` before `=`"));
            }
            let path = self.module_path()?;
            return Ok(ItemKind::ExceptionAlias(decl.name, path));
        }
        Ok(ItemKind::Exception(decl))
    }
}

/// If the token can be the operator in `( op )`, its name as a value: `+`, `mod`, `!`, `~-`.
fn operator_name(kind: &TokenKind) -> Option<String> {
    match kind {
        TokenKind::Keyword(
            k @ ("mod" | "land" | "lor" | "lxor" | "lsl" | "lsr" | "asr" | "or"),
        ) => Some(k.to_string()),
        // `( let* )`, `( and+ )`: binding operators as values.
        TokenKind::LetOp(op) => Some(op.clone()),
        TokenKind::Symbol(s) => {
            let first = s.as_bytes()[0];
            let excluded = [
                "->", "<-", "|", ":", "::", ".", "..", ":>", "~", "?", "_", "'",
            ];
            let is_operator = (super::lexer::is_symbol_char(first)
                || (first == b'#' && s.len() > 1))
                && !excluded.contains(&s.as_str());
            is_operator.then(|| s.clone())
        }
        _ => None,
    }
}

/// The closing bracket of an extended indexing operator's opening one (`(`, `[`, `{`).
pub(super) fn index_bracket_close(open: &str) -> Option<&'static str> {
    match open {
        "(" => Some(")"),
        "[" => Some("]"),
        "{" => Some("}"),
        _ => None,
    }
}

/// OCaml's name of an extended indexing operator: `op` (`.%`) then the brackets, `;..` inside
/// for several indices, `<-` after for the setter (`.%[;..]<-`).
pub(super) fn dot_operator_name(op: &str, open: &str, multi: bool, set: bool) -> String {
    let close = index_bracket_close(open).unwrap_or_default();
    let multi = if multi { ";.." } else { "" };
    let set = if set { "<-" } else { "" };
    format!("{op}{open}{multi}{close}{set}")
}

/// How a token is shown in "unexpected …" labels.
fn describe(kind: &TokenKind) -> String {
    match kind {
        TokenKind::Int(_) => "integer literal".to_string(),
        TokenKind::Float(_) => "float literal".to_string(),
        TokenKind::BoxedInt(..) => "integer literal".to_string(),
        TokenKind::Char(_) => "character literal".to_string(),
        TokenKind::String(_) => "string literal".to_string(),
        TokenKind::Lident(s)
        | TokenKind::Uident(s)
        | TokenKind::Symbol(s)
        | TokenKind::LetOp(s)
        | TokenKind::DotOp(s) => format!("`{s}`"),
        TokenKind::Keyword(k) => format!("keyword `{k}`"),
        TokenKind::Eof | TokenKind::Error => "end of file".to_string(),
    }
}

/// `t` with each type constructor `a` of `names` (no arguments) replaced by the variable `'a`
/// (OCaml's `Typ.varify_constructors`).
fn varify(t: &TypeExpr, names: &[String]) -> TypeExpr {
    let kind = match &t.kind {
        TypeExprKind::Constr(n, args) if args.is_empty() && names.contains(n) => {
            TypeExprKind::Var(n.clone())
        }
        TypeExprKind::Constr(n, args) => {
            TypeExprKind::Constr(n.clone(), args.iter().map(|a| varify(a, names)).collect())
        }
        TypeExprKind::Tuple(ts) => {
            TypeExprKind::Tuple(ts.iter().map(|a| varify(a, names)).collect())
        }
        TypeExprKind::Arrow(l, a, b) => TypeExprKind::Arrow(
            l.clone(),
            Box::new(varify(a, names)),
            Box::new(varify(b, names)),
        ),
        TypeExprKind::Poly(vs, b) => TypeExprKind::Poly(vs.clone(), Box::new(varify(b, names))),
        TypeExprKind::Alias(b, v) => TypeExprKind::Alias(Box::new(varify(b, names)), v.clone()),
        TypeExprKind::Package(p, cs) => TypeExprKind::Package(
            p.clone(),
            cs.iter()
                .map(|(n, t)| (n.clone(), varify(t, names)))
                .collect(),
        ),
        TypeExprKind::Variant {
            fields,
            bound,
            present,
        } => TypeExprKind::Variant {
            fields: fields
                .iter()
                .map(|f| match f {
                    RowFieldExpr::Tag {
                        name,
                        constant,
                        args,
                        span,
                    } => RowFieldExpr::Tag {
                        name: name.clone(),
                        constant: *constant,
                        args: args.iter().map(|a| varify(a, names)).collect(),
                        span: *span,
                    },
                    RowFieldExpr::Inherit(t) => RowFieldExpr::Inherit(varify(t, names)),
                })
                .collect(),
            bound: *bound,
            present: present.clone(),
        },
        TypeExprKind::Object { methods, open } => TypeExprKind::Object {
            methods: methods
                .iter()
                .map(|(n, t)| (n.clone(), varify(t, names)))
                .collect(),
            open: *open,
        },
        k @ (TypeExprKind::Var(_) | TypeExprKind::Any) => k.clone(),
    };
    TypeExpr { kind, span: t.span }
}

/// A number's text with the opposite sign (`1.5` and `-1.5`, `0xffl`'s `0xff` and `-0xff`).
pub(super) fn negate_float_text(text: &str) -> String {
    match text.strip_prefix('-') {
        Some(positive) => positive.to_string(),
        None => format!("-{text}"),
    }
}
