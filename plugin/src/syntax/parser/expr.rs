//! Expressions: precedence climbing over OCaml's operator table, recursive descent for the rest.
//!
//! Grammar layers, loosest first (OCaml manual §11.7, "Expressions"):
//! - [`Parser::expr_at`] — the binary operators and `;`, `,` by [`Prec`]; its operands come
//!   from [`Parser::operand`].
//! - [`Parser::operand`] — the constructs that extend as far right as possible (`let`,
//!   `match`, `try`, `fun`, `function`, `if`), prefix `-`, `while`/`for`, and application
//!   (`f a b`, `C a`, `assert a`), including `e.f <- v` and `e.(i) <- v`.
//! - [`Parser::simple_expr`] — what can be an argument: atoms with `!` prefixes and `.f`,
//!   `.(i)`, `.[i]` suffixes, and `#`-operators.

use super::{operator_name, PResult, Parser};
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast::*;
use crate::syntax::lexer::{wrap_int63, TokenKind};

/// Binding strength of the binary operators and separators, loosest first; `Ord` follows it.
/// `if` sits between [`Prec::Seq`] and [`Prec::Assign`]: its branches are [`Prec::NonSeq`]
/// expressions, so `if a then b; c` is `(if a then b); c` but `if a then b, c` is
/// `if a then (b, c)`, as in OCaml.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Prec {
    /// `e1; e2` (right).
    Seq,
    /// Everything but `;`: OCaml's `expr` as opposed to `seq_expr`.
    NonSeq,
    /// `:=` (right) and `<-`.
    Assign,
    /// `e1, e2, e3` (n-ary).
    Comma,
    /// `||` `or` (right).
    Or,
    /// `&&` `&` (right).
    And,
    /// `=…` `<…` `>…` `|…` `&…` `$…` `!=` (left).
    Compare,
    /// `@…` `^…` (right).
    Concat,
    /// `::` (right).
    Cons,
    /// `+…` `-…` (left).
    Add,
    /// `*…` `/…` `%…` `mod` `land` `lor` `lxor` (left).
    Mul,
    /// `**…` `lsl` `lsr` `asr` (right).
    Pow,
    /// Prefix `-` `-.` `+` `+.`: the operand of a prefix minus.
    Unary,
}

impl Prec {
    fn next(self) -> Prec {
        use Prec::*;
        match self {
            Seq => NonSeq,
            NonSeq => Assign,
            Assign => Comma,
            Comma => Or,
            Or => And,
            And => Compare,
            Compare => Concat,
            Concat => Cons,
            Cons => Add,
            Add => Mul,
            Mul => Pow,
            Pow | Unary => Unary,
        }
    }

    fn right_assoc(self) -> bool {
        matches!(
            self,
            Prec::Seq | Prec::Assign | Prec::Or | Prec::And | Prec::Concat | Prec::Cons | Prec::Pow
        )
    }
}

/// The precedence of a binary operator token, by OCaml's rule: its first characters.
fn infix_prec(kind: &TokenKind) -> Option<Prec> {
    match kind {
        TokenKind::Keyword(k) => match *k {
            "or" => Some(Prec::Or),
            "mod" | "land" | "lor" | "lxor" => Some(Prec::Mul),
            "lsl" | "lsr" | "asr" => Some(Prec::Pow),
            _ => None,
        },
        TokenKind::Symbol(s) => {
            let prec = match s.as_str() {
                ";" => Prec::Seq,
                ":=" | "<-" => Prec::Assign,
                "," => Prec::Comma,
                "||" => Prec::Or,
                "&&" | "&" => Prec::And,
                "!=" => Prec::Compare,
                "::" => Prec::Cons,
                "|" | "->" | "|]" => return None,
                _ => match s.as_bytes()[0] {
                    b'=' | b'<' | b'>' | b'|' | b'&' | b'$' => Prec::Compare,
                    b'@' | b'^' => Prec::Concat,
                    b'+' | b'-' => Prec::Add,
                    b'*' if s.starts_with("**") => Prec::Pow,
                    b'*' | b'/' | b'%' => Prec::Mul,
                    _ => return None,
                },
            };
            Some(prec)
        }
        _ => None,
    }
}

fn boxed(e: Expr) -> Box<Expr> {
    Box::new(e)
}

fn var(name: &str, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Var(name.to_string()),
        span,
    }
}

/// `Construct("::", Tuple[head, tail])` spanning both.
fn cons(head: Expr, tail: Expr, span: Span) -> Expr {
    let pair = Expr {
        kind: ExprKind::Tuple(vec![head, tail]),
        span,
    };
    Expr {
        kind: ExprKind::Construct("::".to_string(), Some(boxed(pair))),
        span,
    }
}

impl Parser {
    /// `seq_expr`: an expression including `;`.
    pub(super) fn seq_expr(&mut self) -> PResult<Expr> {
        self.expr_at(Prec::Seq)
    }

    /// `expr`: an expression without a top-level `;`.
    pub(super) fn expr(&mut self) -> PResult<Expr> {
        self.expr_at(Prec::NonSeq)
    }

    /// An expression whose binary operators all bind at least as tightly as `min`.
    pub(super) fn expr_at(&mut self, min: Prec) -> PResult<Expr> {
        let mut lhs = self.operand()?;
        while let Some(prec) = infix_prec(self.peek()) {
            if prec < min {
                break;
            }
            lhs = match prec {
                Prec::Seq => {
                    // Right-associative, parsed iteratively so long sequences do not recurse.
                    let mut items = vec![lhs];
                    while self.eat_sym(";") {
                        if !self.starts_expr() {
                            break; // a trailing `;` (OCaml's `expr SEMI`)
                        }
                        items.push(self.expr_at(Prec::NonSeq)?);
                    }
                    fold_right(items, |a, b| {
                        let span = a.span.to(b.span);
                        Expr { kind: ExprKind::Sequence(boxed(a), boxed(b)), span }
                    })
                }
                Prec::Comma => {
                    let mut items = vec![lhs];
                    while self.eat_sym(",") {
                        items.push(self.expr_at(Prec::Or)?);
                    }
                    let span = items[0].span.to(items.last().unwrap().span);
                    Expr { kind: ExprKind::Tuple(items), span }
                }
                _ if self.is_sym("<-") => {
                    return Err(self.error_here(
                        "syntax error: `<-` can only assign to a record field `e.f` or an array element `e.(i)`"
                            .to_string(),
                    ))
                }
                _ if prec.right_assoc() => {
                    // `a op b op c` with every `op` at this level, folded to the right.
                    let mut operands = vec![lhs];
                    let mut ops = Vec::new();
                    while let Some(p) = infix_prec(self.peek()) {
                        if p != prec || self.is_sym("<-") {
                            break;
                        }
                        ops.push(self.bump());
                        operands.push(self.expr_at(prec.next())?);
                    }
                    let mut acc = operands.pop().unwrap();
                    while let Some(op) = ops.pop() {
                        acc = binary(op.kind, op.span, operands.pop().unwrap(), acc);
                    }
                    acc
                }
                _ => {
                    let op = self.bump();
                    let rhs = self.expr_at(prec.next())?;
                    binary(op.kind, op.span, lhs, rhs)
                }
            };
        }
        Ok(lhs)
    }

    /// Whether the current token can start an expression.
    pub(super) fn starts_expr(&self) -> bool {
        self.starts_simple_expr()
            || match self.peek() {
                TokenKind::Keyword(k) => matches!(
                    *k,
                    "let"
                        | "match"
                        | "try"
                        | "fun"
                        | "function"
                        | "if"
                        | "while"
                        | "for"
                        | "assert"
                        | "lazy"
                ),
                TokenKind::Symbol(s) => matches!(s.as_str(), "-" | "-." | "+" | "+."),
                TokenKind::LetOp(_) => true,
                _ => false,
            }
    }

    /// Whether the current token can start an argument (OCaml's `simple_expr`), counting the
    /// unsupported ones so that they get their diagnostic.
    fn starts_simple_expr(&self) -> bool {
        match self.peek() {
            TokenKind::Int(_)
            | TokenKind::Float(_)
            | TokenKind::Char(_)
            | TokenKind::String(_)
            | TokenKind::Lident(_)
            | TokenKind::Uident(_) => true,
            TokenKind::Keyword(k) => matches!(*k, "true" | "false" | "begin" | "new" | "object"),
            TokenKind::Symbol(s) => {
                matches!(
                    s.as_str(),
                    "(" | "[" | "[|" | "{" | "!" | "~" | "?" | "`" | "[%"
                ) || is_prefix_operator(s)
            }
            _ => false,
        }
    }

    /// The operand of a binary operator.
    fn operand(&mut self) -> PResult<Expr> {
        let start = self.start();
        match self.peek().clone() {
            TokenKind::Keyword("let") => self.let_expr(),
            TokenKind::Keyword("match") => {
                self.bump();
                let scrutinee = self.seq_expr()?;
                self.expect_kw("with")?;
                let cases = self.cases()?;
                Ok(Expr {
                    kind: ExprKind::Match(boxed(scrutinee), cases),
                    span: self.span_from(start),
                })
            }
            TokenKind::Keyword("try") => {
                self.bump();
                let body = self.seq_expr()?;
                self.expect_kw("with")?;
                let cases = self.cases()?;
                Ok(Expr {
                    kind: ExprKind::Try(boxed(body), cases),
                    span: self.span_from(start),
                })
            }
            TokenKind::Keyword("function") => {
                self.bump();
                let cases = self.cases()?;
                Ok(Expr {
                    kind: ExprKind::Function(cases),
                    span: self.span_from(start),
                })
            }
            TokenKind::Keyword("fun") => {
                self.bump();
                let mut params = vec![self.parameter()?];
                while !self.is_sym("->") && !self.is_sym(":") {
                    params.push(self.parameter()?);
                }
                let annotation = if self.eat_sym(":") {
                    Some(self.type_expr_no_arrow()?)
                } else {
                    None
                };
                self.expect_sym("->")?;
                let body_start = self.start();
                let mut body = self.seq_expr()?;
                if let Some(ty) = annotation {
                    body = Expr {
                        kind: ExprKind::Constraint(boxed(body), ty),
                        span: self.span_from(body_start),
                    };
                }
                Ok(Expr {
                    kind: ExprKind::Fun(params, boxed(body)),
                    span: self.span_from(start),
                })
            }
            TokenKind::Keyword("if") => {
                self.bump();
                let cond = self.seq_expr()?;
                self.expect_kw("then")?;
                let then = self.expr()?;
                let els = if self.eat_kw("else") {
                    Some(boxed(self.expr()?))
                } else {
                    None
                };
                Ok(Expr {
                    kind: ExprKind::If {
                        cond: boxed(cond),
                        then: boxed(then),
                        els,
                    },
                    span: self.span_from(start),
                })
            }
            TokenKind::Keyword("while") => {
                let open = self.bump().span;
                let cond = self.seq_expr()?;
                self.expect_kw("do")?;
                let body = self.seq_expr()?;
                self.expect_closing_kw("done", "while", open)?;
                Ok(Expr {
                    kind: ExprKind::While(boxed(cond), boxed(body)),
                    span: self.span_from(start),
                })
            }
            TokenKind::Keyword("for") => self.for_expr(),
            TokenKind::Symbol(s) if matches!(s.as_str(), "-" | "-." | "+" | "+.") => {
                self.bump();
                let operand = self.expr_at(Prec::Unary)?;
                Ok(unary(&s, operand, self.span_from(start)))
            }
            TokenKind::Keyword("assert") => {
                self.bump();
                let (e, _) = self.simple_expr()?;
                Ok(Expr {
                    kind: ExprKind::Assert(boxed(e)),
                    span: self.span_from(start),
                })
            }
            _ => self.application(),
        }
    }

    /// `let [rec] bindings in seq_expr`
    fn let_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect_kw("let")?;
        self.check_let_extensions()?;
        let rec_flag = self.rec_flag();
        let bindings = self.let_bindings()?;
        self.expect_kw("in")?;
        let body = self.seq_expr()?;
        Ok(Expr {
            kind: ExprKind::Let(rec_flag, bindings, boxed(body)),
            span: self.span_from(start),
        })
    }

    /// `for i = e1 to|downto e2 do seq_expr done`
    fn for_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_kw("for")?;
        let var_span = self.span();
        let var = match self.peek().clone() {
            TokenKind::Lident(name) => name,
            TokenKind::Symbol(s) if s == "_" => s,
            _ => return Err(self.expected("a loop variable")),
        };
        self.bump();
        self.expect_sym("=")?;
        let from = self.seq_expr()?;
        let dir = if self.eat_kw("to") {
            Direction::Upto
        } else if self.eat_kw("downto") {
            Direction::Downto
        } else {
            return Err(self.expected("`to` or `downto`"));
        };
        let to = self.seq_expr()?;
        self.expect_kw("do")?;
        let body = self.seq_expr()?;
        self.expect_closing_kw("done", "for", open)?;
        let kind = ExprKind::For {
            var,
            var_span,
            from: boxed(from),
            to: boxed(to),
            dir,
            body: boxed(body),
        };
        Ok(Expr {
            kind,
            span: self.span_from(start),
        })
    }

    /// `[|] case (| case)*` where `case := pattern [when seq_expr] -> seq_expr`.
    fn cases(&mut self) -> PResult<Vec<Case>> {
        self.eat_sym("|");
        let mut cases = Vec::new();
        loop {
            if self.is_kw("exception") {
                return Err(Diagnostic::unsupported(self.span(), "exception patterns"));
            }
            let pat = self.pattern()?;
            let guard = if self.eat_kw("when") {
                Some(self.seq_expr()?)
            } else {
                None
            };
            self.expect_sym("->")?;
            if self.is_sym(".") {
                return Err(Diagnostic::unsupported(self.span(), "refutation cases"));
            }
            let body = self.seq_expr()?;
            cases.push(Case { pat, guard, body });
            if !self.eat_sym("|") {
                return Ok(cases);
            }
        }
    }

    /// Application `f a1 .. an`, constructor application `C a`, a field or element
    /// assignment `e.f <- v`, or a lone simple expression.
    fn application(&mut self) -> PResult<Expr> {
        let start = self.start();
        if !self.starts_simple_expr() {
            return Err(self.expected_or_unsupported("an expression"));
        }
        let is_constructor = matches!(self.peek(), TokenKind::Uident(_));
        let (head, assignable) = self.simple_expr()?;
        if assignable && self.is_sym("<-") {
            self.bump();
            let value = self.expr_at(Prec::Assign)?;
            let span = self.span_from(start);
            return Ok(match head.kind {
                ExprKind::Field(record, field) => Expr {
                    kind: ExprKind::SetField(record, field, boxed(value)),
                    span,
                },
                ExprKind::Apply(f, mut args) => {
                    // `a.(i) <- v` is `Array.set a i v`.
                    args.push(value);
                    Expr {
                        kind: ExprKind::Apply(boxed(var("Array.set", f.span)), args),
                        span,
                    }
                }
                _ => unreachable!("only fields and `.( )` are assignable"),
            });
        }
        if !self.starts_simple_expr() {
            return Ok(head);
        }
        if let (true, ExprKind::Construct(name, None)) = (is_constructor, &head.kind) {
            let (arg, _) = self.simple_expr()?;
            let kind = ExprKind::Construct(name.clone(), Some(boxed(arg)));
            return Ok(Expr {
                kind,
                span: self.span_from(start),
            });
        }
        let mut args = Vec::new();
        while self.starts_simple_expr() {
            args.push(self.simple_expr()?.0);
        }
        Ok(Expr {
            kind: ExprKind::Apply(boxed(head), args),
            span: self.span_from(start),
        })
    }

    /// OCaml's `simple_expr`: an atom with `!`-prefixes, then `.f` `.(i)` `.[i]` suffixes and
    /// `#`-operators. The flag says whether it ends with `.f` or `.(i)`, which `<-` can assign.
    pub(super) fn simple_expr(&mut self) -> PResult<(Expr, bool)> {
        let start = self.start();
        let (mut e, mut assignable) = self.dotted_expr()?;
        while let TokenKind::Symbol(op) = self.peek().clone() {
            if !(op.starts_with('#') && op.len() > 1) {
                break;
            }
            let op_span = self.bump().span;
            let (rhs, _) = self.dotted_expr()?;
            let span = self.span_from(start);
            e = Expr {
                kind: ExprKind::Apply(boxed(var(&op, op_span)), vec![e, rhs]),
                span,
            };
            assignable = false;
        }
        if self.is_sym("#") {
            return Err(Diagnostic::unsupported(self.span(), "method calls"));
        }
        Ok((e, assignable))
    }

    /// An atom with prefixes, then `.f` `.(i)` `.[i]` suffixes.
    fn dotted_expr(&mut self) -> PResult<(Expr, bool)> {
        let start = self.start();
        let mut e = self.prefixed_atom()?;
        let mut assignable = false;
        while self.is_sym(".") {
            let dot = self.bump().span;
            match self.peek().clone() {
                TokenKind::Symbol(s) if s == "(" || s == "[" => {
                    let open = self.bump().span;
                    let index = self.seq_expr()?;
                    let close = if s == "(" { ")" } else { "]" };
                    self.expect_closing(close, &s, open)?;
                    let getter = if s == "(" { "Array.get" } else { "String.get" };
                    let span = self.span_from(start);
                    e = Expr {
                        kind: ExprKind::Apply(boxed(var(getter, dot)), vec![e, index]),
                        span,
                    };
                    assignable = s == "(";
                }
                TokenKind::Symbol(s) if s == "{" => {
                    return Err(Diagnostic::unsupported(self.span(), "bigarrays"))
                }
                TokenKind::Lident(_) | TokenKind::Uident(_) => {
                    let (label, _) = self.label_path()?;
                    e = Expr {
                        kind: ExprKind::Field(boxed(e), label),
                        span: self.span_from(start),
                    };
                    assignable = true;
                }
                _ => return Err(self.expected("a field name")),
            }
        }
        Ok((e, assignable))
    }

    /// A record label, possibly qualified: `f`, `M.f`.
    pub(super) fn label_path(&mut self) -> PResult<(String, Span)> {
        let start = self.start();
        let mut path = String::new();
        while let TokenKind::Uident(m) = self.peek().clone() {
            self.bump();
            path.push_str(&m);
            path.push('.');
            self.expect_sym(".")?;
        }
        match self.peek().clone() {
            TokenKind::Lident(name) => {
                self.bump();
                path.push_str(&name);
                Ok((path, self.span_from(start)))
            }
            _ => Err(self.expected("a field name")),
        }
    }

    /// `!e`, `~-e`, `!!e`: a prefix operator applies to the atom before its suffixes
    /// (`!r.f` is `(!r).f`).
    fn prefixed_atom(&mut self) -> PResult<Expr> {
        let start = self.start();
        if let TokenKind::Symbol(s) = self.peek().clone() {
            if is_prefix_operator(&s) {
                let op_span = self.bump().span;
                let operand = self.prefixed_atom()?;
                let kind = ExprKind::Apply(boxed(var(&s, op_span)), vec![operand]);
                return Ok(Expr {
                    kind,
                    span: self.span_from(start),
                });
            }
        }
        self.atom()
    }

    fn atom(&mut self) -> PResult<Expr> {
        let start = self.start();
        let kind = match self.peek().clone() {
            TokenKind::Int(n) => ExprKind::Constant(Constant::Int(n)),
            TokenKind::Float(text) => ExprKind::Constant(Constant::Float(text)),
            TokenKind::Char(c) => ExprKind::Constant(Constant::Char(c)),
            TokenKind::String(s) => ExprKind::Constant(Constant::String(s)),
            TokenKind::Lident(name) => ExprKind::Var(name),
            TokenKind::Keyword(b @ ("true" | "false")) => ExprKind::Construct(b.to_string(), None),
            TokenKind::Uident(_) => return self.qualified_atom(),
            TokenKind::Keyword("begin") => {
                let open = self.bump().span;
                if self.eat_kw("end") {
                    return Ok(Expr {
                        kind: ExprKind::Construct("()".to_string(), None),
                        span: self.span_from(start),
                    });
                }
                let mut e = self.seq_expr()?;
                self.expect_closing_kw("end", "begin", open)?;
                e.span = self.span_from(start);
                return Ok(e);
            }
            TokenKind::Symbol(s) if s == "(" => return self.parenthesized(),
            TokenKind::Symbol(s) if s == "[" => return self.list_expr(),
            TokenKind::Symbol(s) if s == "[|" => return self.array_expr(),
            TokenKind::Symbol(s) if s == "{" => return self.record_expr(),
            _ => return Err(self.expected_or_unsupported("an expression")),
        };
        self.bump();
        Ok(Expr {
            kind,
            span: self.span_from(start),
        })
    }

    /// `M.x`, `M.N.x`, `M.( op )`, `M.C`, `C`.
    fn qualified_atom(&mut self) -> PResult<Expr> {
        let start = self.start();
        let mut path = String::new();
        loop {
            let TokenKind::Uident(name) = self.peek().clone() else {
                unreachable!()
            };
            self.bump();
            path.push_str(&name);
            if !self.is_sym(".") {
                break;
            }
            match self.peek_at(1).clone() {
                TokenKind::Uident(_) => {
                    self.bump();
                    path.push('.');
                }
                TokenKind::Lident(x) => {
                    self.bump();
                    self.bump();
                    let kind = ExprKind::Var(format!("{path}.{x}"));
                    return Ok(Expr {
                        kind,
                        span: self.span_from(start),
                    });
                }
                TokenKind::Symbol(s)
                    if s == "("
                        && operator_name(self.peek_at(2)).is_some()
                        && self.is_sym_at(3, ")") =>
                {
                    self.bump();
                    self.bump();
                    let op = operator_name(self.peek()).unwrap();
                    self.bump();
                    self.bump();
                    let kind = ExprKind::Var(format!("{path}.{op}"));
                    return Ok(Expr {
                        kind,
                        span: self.span_from(start),
                    });
                }
                TokenKind::Symbol(s) if matches!(s.as_str(), "(" | "[" | "{" | "[|") => {
                    return Err(Diagnostic::unsupported(
                        self.span_from(start),
                        "local opens `M.(e)`",
                    ));
                }
                _ => {
                    self.bump();
                    return Err(self.expected("a value, a constructor or a module name"));
                }
            }
        }
        Ok(Expr {
            kind: ExprKind::Construct(path, None),
            span: self.span_from(start),
        })
    }

    /// `()`, `( op )`, `( seq_expr )`, `( seq_expr : t )`.
    fn parenthesized(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_sym("(")?;
        if self.eat_sym(")") {
            return Ok(Expr {
                kind: ExprKind::Construct("()".to_string(), None),
                span: self.span_from(start),
            });
        }
        if let (Some(op), true) = (operator_name(self.peek()), self.is_sym_at(1, ")")) {
            self.bump();
            self.bump();
            return Ok(Expr {
                kind: ExprKind::Var(op),
                span: self.span_from(start),
            });
        }
        if self.is_kw("module") {
            return Err(Diagnostic::unsupported(self.span(), "first-class modules"));
        }
        let mut e = self.seq_expr()?;
        if self.eat_sym(":") {
            let ty = self.type_expr()?;
            self.expect_closing(")", "(", open)?;
            return Ok(Expr {
                kind: ExprKind::Constraint(boxed(e), ty),
                span: self.span_from(start),
            });
        }
        if self.is_sym(":>") {
            return Err(Diagnostic::unsupported(self.span(), "coercions"));
        }
        self.expect_closing(")", "(", open)?;
        e.span = self.span_from(start);
        Ok(e)
    }

    /// `[e1; ..; en]` → `e1 :: .. :: en :: []`.
    fn list_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_sym("[")?;
        let items = self.semicolon_separated("]", Self::expr)?;
        self.expect_closing("]", "[", open)?;
        let span = self.span_from(start);
        Ok(build_list(items, span))
    }

    /// `[| e1; ..; en |]` → `Array.of_list [e1; ..; en]` (same evaluation order: right to left).
    fn array_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_sym("[|")?;
        let items = self.semicolon_separated("|]", Self::expr)?;
        self.expect_closing("|]", "[|", open)?;
        let span = self.span_from(start);
        let list = build_list(items, span);
        Ok(Expr {
            kind: ExprKind::Apply(boxed(var("Array.of_list", open)), vec![list]),
            span,
        })
    }

    /// Items separated by `;` with an optional trailing `;`, until `close` (not consumed).
    pub(super) fn semicolon_separated<T>(
        &mut self,
        close: &str,
        mut item: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        let mut items = Vec::new();
        while !self.is_sym(close) {
            items.push(item(self)?);
            if !self.eat_sym(";") {
                break;
            }
        }
        Ok(items)
    }

    /// `{ f1 = e1; f2; .. }` or `{ e with f1 = e1; .. }`.
    fn record_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_sym("{")?;
        let base = if self.starts_record_field() {
            None
        } else {
            let (base, _) = self.simple_expr()?;
            self.expect_kw("with")?;
            Some(boxed(base))
        };
        let fields = self.semicolon_separated("}", |p| {
            let (label, label_span) = p.label_path()?;
            let value = if p.eat_sym("=") {
                p.expr()?
            } else {
                // Punning: `{ x }` is `{ x = x }`, `{ M.x }` is `{ M.x = x }`.
                let short = label.rsplit('.').next().unwrap();
                var(short, label_span)
            };
            Ok((label, label_span, value))
        })?;
        if fields.is_empty() {
            return Err(self.expected("a field name"));
        }
        self.expect_closing("}", "{", open)?;
        Ok(Expr {
            kind: ExprKind::Record { fields, base },
            span: self.span_from(start),
        })
    }

    /// After `{`: whether a field list starts here (`M.f =`, `f;`, `f }`), not `e with`.
    fn starts_record_field(&self) -> bool {
        let mut i = 0;
        while matches!(self.peek_at(i), TokenKind::Uident(_)) && self.is_sym_at(i + 1, ".") {
            i += 2;
        }
        matches!(self.peek_at(i), TokenKind::Lident(_))
            && matches!(self.peek_at(i + 1), TokenKind::Symbol(s) if s == "=" || s == ";" || s == "}")
    }
}

/// `-`, `-.`, `+`, `+.` applied to `operand`: a negative literal when the operand is a
/// literal (as OCaml's `mkuminus`), else `~-`, `~-.`, `~+`, `~+.`.
fn unary(op: &str, operand: Expr, span: Span) -> Expr {
    let kind = match (op, operand.kind) {
        ("-", ExprKind::Constant(Constant::Int(n))) => {
            ExprKind::Constant(Constant::Int(wrap_int63(n.wrapping_neg())))
        }
        ("-" | "-.", ExprKind::Constant(Constant::Float(text))) => {
            ExprKind::Constant(Constant::Float(negate_float_text(&text)))
        }
        ("+", ExprKind::Constant(c @ Constant::Int(_)))
        | ("+" | "+.", ExprKind::Constant(c @ Constant::Float(_))) => ExprKind::Constant(c),
        (_, kind) => {
            let operand = Expr {
                kind,
                span: operand.span,
            };
            let name = format!("~{op}");
            ExprKind::Apply(
                boxed(var(&name, Span::new(span.lo, span.lo + op.len() as u32))),
                vec![operand],
            )
        }
    };
    Expr { kind, span }
}

pub(super) fn negate_float_text(text: &str) -> String {
    match text.strip_prefix('-') {
        Some(positive) => positive.to_string(),
        None => format!("-{text}"),
    }
}

/// An application of a binary operator token, or `::` as a constructor.
fn binary(op: TokenKind, op_span: Span, lhs: Expr, rhs: Expr) -> Expr {
    let span = lhs.span.to(rhs.span);
    let name = match op {
        TokenKind::Symbol(s) => s,
        TokenKind::Keyword(k) => k.to_string(),
        _ => unreachable!("binary operators are symbols or keywords"),
    };
    if name == "::" {
        return cons(lhs, rhs, span);
    }
    Expr {
        kind: ExprKind::Apply(boxed(var(&name, op_span)), vec![lhs, rhs]),
        span,
    }
}

fn build_list(items: Vec<Expr>, span: Span) -> Expr {
    let nil = Expr {
        kind: ExprKind::Construct("[]".to_string(), None),
        span: Span::new(span.hi - 1, span.hi),
    };
    items.into_iter().rev().fold(nil, |tail, head| {
        let span = Span::new(head.span.lo, span.hi);
        cons(head, tail, span)
    })
}

/// `!`, `!!`, `~-`, `?+`: OCaml's `BANG` and `PREFIXOP` (not `!=`, not `~`/`?` alone).
fn is_prefix_operator(s: &str) -> bool {
    (s.starts_with('!') && s != "!=") || ((s.starts_with('~') || s.starts_with('?')) && s.len() > 1)
}

fn fold_right(mut items: Vec<Expr>, f: impl Fn(Expr, Expr) -> Expr) -> Expr {
    let mut acc = items.pop().unwrap();
    while let Some(item) = items.pop() {
        acc = f(item, acc);
    }
    acc
}
