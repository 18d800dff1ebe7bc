//! Patterns, loosest first: `p as x` < `p | q` (left) < `p, q` < `p :: q` (right) <
//! constructor application `C p` < simple patterns. Function parameters are simple patterns.

use super::negate_float_text;
use super::{PResult, Parser};
use crate::diagnostics::Span;
use crate::syntax::ast::*;
use crate::syntax::lexer::{wrap_int63, TokenKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum PatPrec {
    Alias,
    Or,
    Tuple,
    Cons,
}

fn pat(kind: PatternKind, span: Span) -> Pattern {
    Pattern { kind, span }
}

impl Parser {
    pub(super) fn pattern(&mut self) -> PResult<Pattern> {
        self.pattern_at(PatPrec::Alias)
    }

    fn pattern_at(&mut self, min: PatPrec) -> PResult<Pattern> {
        self.enter()?;
        let start = self.start();
        let mut lhs = self.constructor_pattern()?;
        loop {
            if self.is_kw("as") && min <= PatPrec::Alias {
                self.bump();
                let (name, _) = self.value_name()?;
                lhs = pat(
                    PatternKind::Alias(Box::new(lhs), name),
                    self.span_from(start),
                );
            } else if self.is_sym("|") && min <= PatPrec::Or {
                self.bump();
                let rhs = self.pattern_at(PatPrec::Tuple)?;
                lhs = pat(
                    PatternKind::Or(Box::new(lhs), Box::new(rhs)),
                    self.span_from(start),
                );
            } else if self.is_sym(",") && min <= PatPrec::Tuple {
                let mut items = vec![lhs];
                while self.eat_sym(",") {
                    items.push(self.pattern_at(PatPrec::Cons)?);
                }
                lhs = pat(PatternKind::Tuple(items), self.span_from(start));
            } else if self.is_sym("::") && min <= PatPrec::Cons {
                self.bump();
                let rhs = self.pattern_at(PatPrec::Cons)?;
                let span = self.span_from(start);
                let pair = pat(PatternKind::Tuple(vec![lhs, rhs]), span);
                lhs = pat(
                    PatternKind::Construct("::".to_string(), Some(Box::new(pair))),
                    span,
                );
            } else {
                self.leave();
                return Ok(lhs);
            }
        }
    }

    /// `C p` or a simple pattern.
    fn constructor_pattern(&mut self) -> PResult<Pattern> {
        let start = self.start();
        match self.peek() {
            // `exception p` binds as tightly as a constructor application (OCaml's
            // `%prec prec_constr_appl`): `exception A | B` is `(exception A) | B`.
            TokenKind::Keyword("exception") => {
                self.bump();
                let inner = self.constructor_pattern()?;
                return Ok(pat(
                    PatternKind::Exception(Box::new(inner)),
                    self.span_from(start),
                ));
            }
            // `lazy p` takes a simple pattern (OCaml's `LAZY simple_pattern`).
            TokenKind::Keyword("lazy") => {
                self.bump();
                let inner = self.simple_pattern()?;
                return Ok(pat(
                    PatternKind::Lazy(Box::new(inner)),
                    self.span_from(start),
                ));
            }
            _ => {}
        }
        let is_constructor = matches!(self.peek(), TokenKind::Uident(_)) || self.is_sym("`");
        let head = self.simple_pattern()?;
        match head.kind {
            PatternKind::Construct(name, None)
                if is_constructor && self.starts_simple_pattern() =>
            {
                let arg = if name.starts_with('`') {
                    self.simple_pattern()?
                } else {
                    self.constructor_argument()?
                };
                Ok(pat(
                    PatternKind::Construct(name, Some(Box::new(arg))),
                    self.span_from(start),
                ))
            }
            kind => Ok(pat(kind, head.span)),
        }
    }

    /// A constructor pattern's argument: a simple pattern, after `(type a b)` naming the
    /// constructor's existential types (OCaml 4.13's `constr_longident LPAREN TYPE
    /// lident_list RPAREN simple_pattern`).
    fn constructor_argument(&mut self) -> PResult<Pattern> {
        if !(self.is_sym("(") && self.is_kw_at(1, "type")) {
            return self.simple_pattern();
        }
        let start = self.start();
        self.bump();
        self.bump();
        let mut names = Vec::new();
        while let TokenKind::Lident(name) = self.peek().clone() {
            names.push((name, self.bump().span));
        }
        if names.is_empty() {
            return Err(self.expected("a type name"));
        }
        self.expect_sym(")")?;
        let arg = self.simple_pattern()?;
        Ok(pat(
            PatternKind::NamedExistentials(names, Box::new(arg)),
            self.span_from(start),
        ))
    }

    fn starts_simple_pattern(&self) -> bool {
        self.starts_simple_pattern_at(0)
    }

    fn starts_simple_pattern_at(&self, offset: usize) -> bool {
        match self.peek_at(offset) {
            TokenKind::Int(_)
            | TokenKind::Float(_)
            | TokenKind::BoxedInt(..)
            | TokenKind::Char(_)
            | TokenKind::String(_)
            | TokenKind::Lident(_)
            | TokenKind::Uident(_) => true,
            TokenKind::Keyword(k) => matches!(*k, "true" | "false"),
            TokenKind::Symbol(s) => {
                matches!(s.as_str(), "_" | "(" | "[" | "{" | "[|" | "`" | "#")
                    || (s == "-"
                        && matches!(
                            self.peek_at(offset + 1),
                            TokenKind::Int(_) | TokenKind::Float(_) | TokenKind::BoxedInt(..)
                        ))
            }
            _ => false,
        }
    }

    /// Whether a function parameter (possibly labelled) starts `offset` tokens ahead.
    pub(super) fn starts_parameter_at(&self, offset: usize) -> bool {
        self.starts_simple_pattern_at(offset)
            || matches!(self.peek_at(offset), TokenKind::Symbol(s) if s == "~" || s == "?")
    }

    /// A parameter of `fun` or of a `let`-defined function (OCaml's `labeled_simple_pattern`):
    /// a simple pattern, `~x`, `~(x : t)`, `~x:p`, `?x`, `?(x [: t] [= d])`, `?x:p`,
    /// `?x:(p [: t] [= d])`.
    pub(super) fn parameter(&mut self) -> PResult<Param> {
        let optional = self.is_sym("?");
        if !optional && !self.is_sym("~") {
            if !self.starts_simple_pattern() {
                return Err(self.expected("a parameter pattern"));
            }
            return Ok(Param::positional(self.simple_pattern()?));
        }
        let label = |name: String| ArgLabel::new(optional, name);
        if let Some(name) = self.label_colon_at(0) {
            // `~x:p`, `?x:p`, `?x:(p [: t] [= d])`
            self.bump();
            self.bump();
            self.bump();
            if optional && self.is_sym("(") {
                let start = self.start();
                self.bump();
                let mut pat = self.pattern()?;
                pat = self.parameter_constraint(pat, start)?;
                let default = self.parameter_default()?;
                self.expect_sym(")")?;
                return Ok(Param {
                    label: label(name),
                    default,
                    pat,
                });
            }
            if !self.starts_simple_pattern() {
                return Err(self.expected("a pattern"));
            }
            let pat = self.simple_pattern()?;
            return Ok(Param {
                label: label(name),
                default: None,
                pat,
            });
        }
        self.bump();
        if self.eat_sym("(") {
            // `~(x [: t])`, `?(x [: t] [= d])`
            let start = self.start();
            let (name, span) = self.label_name()?;
            let pat =
                self.parameter_constraint(pat(PatternKind::Var(name.clone()), span), start)?;
            let default = if optional {
                self.parameter_default()?
            } else {
                None
            };
            self.expect_sym(")")?;
            return Ok(Param {
                label: label(name),
                default,
                pat,
            });
        }
        let (name, span) = self.label_name()?;
        Ok(Param {
            label: label(name.clone()),
            default: None,
            pat: pat(PatternKind::Var(name), span),
        })
    }

    /// The name after `~` or `?`: a lowercase identifier.
    pub(super) fn label_name(&mut self) -> PResult<(String, Span)> {
        match self.peek().clone() {
            TokenKind::Lident(name) => Ok((name, self.bump().span)),
            _ => Err(self.expected("a label name")),
        }
    }

    /// `p : t` inside a parameter's parentheses, if there is a `:`.
    fn parameter_constraint(&mut self, p: Pattern, start: u32) -> PResult<Pattern> {
        if !self.eat_sym(":") {
            return Ok(p);
        }
        let t = self.type_expr()?;
        Ok(pat(
            PatternKind::Constraint(Box::new(p), t),
            self.span_from(start),
        ))
    }

    /// `= d` inside an optional parameter's parentheses, if there is a `=`.
    fn parameter_default(&mut self) -> PResult<Option<Box<Expr>>> {
        if !self.eat_sym("=") {
            return Ok(None);
        }
        Ok(Some(Box::new(self.seq_expr()?)))
    }

    /// A parameter or a group of locally abstract types `(type a b)`.
    pub(super) fn parameter_or_newtypes(&mut self) -> PResult<Parameter> {
        if !(self.is_sym("(") && self.is_kw_at(1, "type")) {
            return Ok(Parameter::Pattern(self.parameter()?));
        }
        let start = self.start();
        self.bump();
        self.bump();
        let mut names = Vec::new();
        while let TokenKind::Lident(name) = self.peek().clone() {
            self.bump();
            names.push(name);
        }
        if names.is_empty() {
            return Err(self.expected("a type name"));
        }
        self.expect_sym(")")?;
        Ok(Parameter::Newtypes(names, self.span_from(start)))
    }

    fn is_kw_at(&self, offset: usize, k: &str) -> bool {
        matches!(self.peek_at(offset), TokenKind::Keyword(t) if *t == k)
    }

    fn simple_pattern(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let kind = match self.peek().clone() {
            TokenKind::Symbol(s) if s == "_" => PatternKind::Any,
            TokenKind::Symbol(s) if s == "`" => {
                self.bump();
                let name = self.tag_name()?;
                return Ok(pat(
                    PatternKind::Construct(format!("`{name}"), None),
                    self.span_from(start),
                ));
            }
            // `#t`: any tag of the closed variant type `t`.
            TokenKind::Symbol(s) if s == "#" => {
                self.bump();
                let mut path = String::new();
                while let TokenKind::Uident(m) = self.peek().clone() {
                    self.bump();
                    path.push_str(&m);
                    path.push('.');
                    self.expect_sym(".")?;
                }
                let TokenKind::Lident(name) = self.peek().clone() else {
                    return Err(self.expected("a type name"));
                };
                self.bump();
                path.push_str(&name);
                return Ok(pat(
                    PatternKind::Construct(format!("#{path}"), None),
                    self.span_from(start),
                ));
            }
            TokenKind::Lident(name) => PatternKind::Var(name),
            TokenKind::Keyword(b @ ("true" | "false")) => {
                PatternKind::Construct(b.to_string(), None)
            }
            TokenKind::Int(_)
            | TokenKind::Float(_)
            | TokenKind::BoxedInt(..)
            | TokenKind::String(_) => {
                let c = self.signed_constant()?;
                return Ok(pat(PatternKind::Constant(c), self.span_from(start)));
            }
            TokenKind::Symbol(s) if s == "-" => {
                let c = self.signed_constant()?;
                return Ok(pat(PatternKind::Constant(c), self.span_from(start)));
            }
            TokenKind::Char(lo) => {
                self.bump();
                if self.eat_sym("..") {
                    let TokenKind::Char(hi) = *self.peek() else {
                        return Err(self.expected("a character literal"));
                    };
                    self.bump();
                    return Ok(pat(PatternKind::CharRange(lo, hi), self.span_from(start)));
                }
                return Ok(pat(
                    PatternKind::Constant(Constant::Char(lo)),
                    self.span_from(start),
                ));
            }
            TokenKind::Uident(_) => {
                let mut path = String::new();
                while let TokenKind::Uident(name) = self.peek().clone() {
                    self.bump();
                    path.push_str(&name);
                    if !self.is_sym(".") {
                        return Ok(pat(
                            PatternKind::Construct(path, None),
                            self.span_from(start),
                        ));
                    }
                    if matches!(self.peek_at(1), TokenKind::Symbol(s) if matches!(s.as_str(), "(" | "[" | "[|" | "{"))
                    {
                        self.bump();
                        let inner = self.simple_pattern()?;
                        return Ok(pat(
                            PatternKind::Open(path, Box::new(inner)),
                            self.span_from(start),
                        ));
                    }
                    if !matches!(self.peek_at(1), TokenKind::Uident(_)) {
                        self.bump();
                        return Err(self.expected("a constructor, a module name or `(`"));
                    }
                    self.bump();
                    path.push('.');
                }
                unreachable!("the loop returns once the path ends")
            }
            TokenKind::Symbol(s) if s == "(" => return self.parenthesized_pattern(),
            TokenKind::Symbol(s) if s == "[" => {
                let open = self.bump().span;
                let items = self.semicolon_separated("]", Self::pattern)?;
                self.expect_closing("]", "[", open)?;
                let span = self.span_from(start);
                let nil = pat(
                    PatternKind::Construct("[]".to_string(), None),
                    Span::new(span.hi - 1, span.hi),
                );
                let list = items.into_iter().rev().fold(nil, |tail, head| {
                    let span = Span::new(head.span.lo, span.hi);
                    let pair = pat(PatternKind::Tuple(vec![head, tail]), span);
                    pat(
                        PatternKind::Construct("::".to_string(), Some(Box::new(pair))),
                        span,
                    )
                });
                return Ok(list);
            }
            TokenKind::Symbol(s) if s == "{" => return self.record_pattern(),
            TokenKind::Symbol(s) if s == "[|" => {
                let open = self.bump().span;
                let items = self.semicolon_separated("|]", Self::pattern)?;
                self.expect_closing("|]", "[|", open)?;
                return Ok(pat(PatternKind::Array(items), self.span_from(start)));
            }
            _ => return Err(self.expected("a pattern")),
        };
        self.bump();
        Ok(pat(kind, self.span_from(start)))
    }

    /// A literal, with an optional leading `-`: `1`, `-1`, `-1.5`, `"s"`.
    fn signed_constant(&mut self) -> PResult<Constant> {
        let negative = self.eat_sym("-");
        let constant = match self.peek().clone() {
            TokenKind::Int(n) if negative => Constant::Int(wrap_int63(n.wrapping_neg())),
            TokenKind::Int(n) => Constant::Int(n),
            TokenKind::Float(text) if negative => Constant::Float(negate_float_text(&text)),
            TokenKind::Float(text) => Constant::Float(text),
            TokenKind::BoxedInt(text, suffix) if negative => {
                Constant::BoxedInt(negate_float_text(&text), suffix)
            }
            TokenKind::BoxedInt(text, suffix) => Constant::BoxedInt(text, suffix),
            TokenKind::String(s) if !negative => Constant::String(s),
            _ => return Err(self.expected("a number")),
        };
        self.bump();
        Ok(constant)
    }

    /// `()`, `( op )`, `( p )`, `( p : t )`.
    fn parenthesized_pattern(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let open = self.expect_sym("(")?;
        if self.eat_sym(")") {
            return Ok(pat(
                PatternKind::Construct("()".to_string(), None),
                self.span_from(start),
            ));
        }
        if let Some((op, n)) = self.operator_at(0).filter(|(_, n)| self.is_sym_at(*n, ")")) {
            for _ in 0..=n {
                self.bump();
            }
            return Ok(pat(PatternKind::Var(op), self.span_from(start)));
        }
        if self.eat_kw("module") {
            // `(module M)`, `(module _)`, `(module M : S)`: a variable named as the module
            // (no value's name is capitalised), which the function's or case's body unpacks
            // (`unpack_module_patterns`).
            let p = match self.peek().clone() {
                TokenKind::Uident(m) => {
                    self.bump();
                    pat(PatternKind::Var(m), self.span_from(start))
                }
                TokenKind::Symbol(s) if s == "_" => {
                    self.bump();
                    pat(PatternKind::Any, self.span_from(start))
                }
                _ => return Err(self.expected("a module name")),
            };
            let p = if self.eat_sym(":") {
                let t = self.package_type()?;
                pat(
                    PatternKind::Constraint(Box::new(p), t),
                    self.span_from(start),
                )
            } else {
                p
            };
            self.expect_closing(")", "(", open)?;
            return Ok(Pattern {
                span: self.span_from(start),
                ..p
            });
        }
        let mut p = self.pattern()?;
        if self.eat_sym(":") {
            let ty = self.type_expr()?;
            self.expect_closing(")", "(", open)?;
            return Ok(pat(
                PatternKind::Constraint(Box::new(p), ty),
                self.span_from(start),
            ));
        }
        self.expect_closing(")", "(", open)?;
        p.span = self.span_from(start);
        Ok(p)
    }

    /// `{ f1 = p1; f2; _ }`
    fn record_pattern(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let open = self.expect_sym("{")?;
        let mut fields = Vec::new();
        let mut open_ = false;
        loop {
            if self.eat_sym("_") {
                open_ = true;
                self.eat_sym(";");
                break;
            }
            let (label, label_span) = self.label_path()?;
            let value = if self.eat_sym("=") {
                self.pattern()?
            } else {
                let short = label.rsplit('.').next().unwrap().to_string();
                pat(PatternKind::Var(short), label_span)
            };
            fields.push((label, label_span, value));
            if !self.eat_sym(";") || self.is_sym("}") {
                break;
            }
        }
        self.expect_closing("}", "{", open)?;
        Ok(pat(
            PatternKind::Record { fields, open_ },
            self.span_from(start),
        ))
    }
}

/// The names that first-class module patterns (`(module M)`) bind in `p`.
fn module_pattern_names(p: &Pattern, out: &mut Vec<(String, Span)>) {
    match &p.kind {
        PatternKind::Var(n) if n.starts_with(|c: char| c.is_ascii_uppercase()) => {
            out.push((n.clone(), p.span))
        }
        PatternKind::Tuple(ps) | PatternKind::Array(ps) => {
            ps.iter().for_each(|p| module_pattern_names(p, out))
        }
        PatternKind::Construct(_, Some(p))
        | PatternKind::Lazy(p)
        | PatternKind::Alias(p, _)
        | PatternKind::Open(_, p)
        | PatternKind::NamedExistentials(_, p)
        | PatternKind::Constraint(p, _)
        | PatternKind::Exception(p) => module_pattern_names(p, out),
        PatternKind::Record { fields, .. } => fields
            .iter()
            .for_each(|(_, _, p)| module_pattern_names(p, out)),
        PatternKind::Or(a, _) => module_pattern_names(a, out),
        _ => {}
    }
}

/// `body` under the modules that first-class module patterns of `pats` bind: `let module M =
/// (val M) in body` for each (the pattern binds the package to a variable named `M`).
pub(super) fn unpack_module_patterns<'p>(
    pats: impl IntoIterator<Item = &'p Pattern>,
    body: Expr,
) -> Expr {
    let mut names = Vec::new();
    for p in pats {
        module_pattern_names(p, &mut names);
    }
    names.into_iter().rev().fold(body, |body, (name, span)| {
        let var = Expr {
            kind: ExprKind::Var(name.clone()),
            span,
        };
        let me = ModExpr {
            kind: ModExprKind::Unpack(Box::new(var)),
            span,
        };
        let span = body.span;
        Expr {
            kind: ExprKind::LetModule(name, me, Box::new(body)),
            span,
        }
    })
}

/// A parameter of `fun` or of a let-defined function.
pub(super) enum Parameter {
    Pattern(Param),
    /// `(type a b)`
    Newtypes(Vec<String>, Span),
}

/// `fun params -> body`: runs of patterns become one `Fun` each, `(type a)` a `Newtype`
/// (`fun x (type a) y -> e` is `Fun([x], Newtype(a, Fun([y], e)))`). `end_` is where the
/// whole function ends (each node spans from its first parameter to there).
pub(super) fn fun_of_parameters(params: Vec<Parameter>, body: Expr, end_: u32) -> Expr {
    let mut body = body;
    let mut pats: Vec<Param> = Vec::new();
    for p in params.into_iter().rev() {
        match p {
            Parameter::Pattern(p) => pats.insert(0, p),
            Parameter::Newtypes(names, span) => {
                if !pats.is_empty() {
                    body = fun_of_patterns(std::mem::take(&mut pats), body, end_);
                }
                for name in names.into_iter().rev() {
                    body = Expr {
                        kind: ExprKind::Newtype(name, Box::new(body)),
                        span: Span::new(span.lo, end_),
                    };
                }
            }
        }
    }
    if !pats.is_empty() {
        body = fun_of_patterns(pats, body, end_);
    }
    body
}

/// `fun pats -> body` (`pats` not empty), the modules of first-class module patterns
/// unpacked where the next parameters begin: `fun (module M : S) (M.Ex | _) -> e` is `fun M
/// -> let module M = (val M) in fun (M.Ex | _) -> e`, so a later parameter's pattern sees
/// `M`, as in OCaml.
fn fun_of_patterns(mut pats: Vec<Param>, mut body: Expr, end_: u32) -> Expr {
    loop {
        let before_last = pats.len() - 1;
        let unpacks = |p: &Param| {
            let mut names = Vec::new();
            module_pattern_names(&p.pat, &mut names);
            !names.is_empty()
        };
        let Some(k) = pats[..before_last].iter().rposition(unpacks) else {
            break;
        };
        let rest = pats.split_off(k + 1);
        body = fun_node(rest, body, end_);
    }
    fun_node(pats, body, end_)
}

fn fun_node(pats: Vec<Param>, body: Expr, end_: u32) -> Expr {
    let lo = pats[0].pat.span.lo;
    let body = unpack_module_patterns(pats.iter().map(|p| &p.pat), body);
    Expr {
        kind: ExprKind::Fun(pats, Box::new(body)),
        span: Span::new(lo, end_),
    }
}
