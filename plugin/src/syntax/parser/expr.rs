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

use super::{negate_float_text, PResult, Parser};
use crate::diagnostics::Span;
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
                ">}" => return None,
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

/// The name of the local module `let open ME in` opens (no program can write it).
const OPENED_MODULE: &str = "%open";

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
    /// `seq_expr`: `e1; e2; ..; en` where any `ei` may be a `let ... in` whose body is the
    /// rest (a `let` extends as far right as possible).
    ///
    /// Parsed with an explicit stack rather than by recursion: a long function body written
    /// as `let a = .. in f a; let b = .. in ..` nests one level per line in the tree, and
    /// must not nest in the parser's stack.
    pub(super) fn seq_expr(&mut self) -> PResult<Expr> {
        enum Frame {
            /// `let [rec] bindings in` seen at `start`; the body follows.
            Let(u32, RecFlag, Vec<Binding>),
            /// `let open M in` seen at `start`.
            Open(u32, String),
            /// `let module M = ME in` seen at `start`.
            Module(u32, String, ModExpr),
            /// `let exception C in` seen at `start`.
            Exception(u32, ConstructorDecl),
            /// `e;` seen; the rest of the sequence follows.
            Then(Expr),
            /// `let* p1 = e1 and* p2 = e2 .. in` seen at `start` (binding operators).
            LetOp(u32, LetOps),
        }
        let mut frames = Vec::new();
        let mut result = loop {
            if let TokenKind::LetOp(op) = self.peek().clone() {
                if op.starts_with("let") {
                    let start = self.start();
                    frames.push(Frame::LetOp(start, self.let_ops(op)?));
                    continue;
                }
            }
            if self.is_kw("let") {
                let start = self.start();
                self.bump();
                if self.eat_kw("open") {
                    self.eat_sym("!");
                    let me = self.module_expr()?;
                    self.expect_kw("in")?;
                    match me.kind {
                        ModExprKind::Path(path) => frames.push(Frame::Open(start, path)),
                        // `let open struct .. end in e`: a local module, opened.
                        _ => {
                            frames.push(Frame::Module(start, OPENED_MODULE.to_string(), me));
                            frames.push(Frame::Open(start, OPENED_MODULE.to_string()));
                        }
                    }
                    continue;
                }
                if self.eat_kw("module") {
                    let name = self.module_binding_name()?;
                    let (params, constraint) = self.module_binding_head()?;
                    let body = self.module_expr()?;
                    let me = super::modules::functor_of(params, body, constraint);
                    self.expect_kw("in")?;
                    frames.push(Frame::Module(start, name, me));
                    continue;
                }
                if self.eat_kw("exception") {
                    let decl = self.constructor_declaration()?;
                    self.expect_kw("in")?;
                    frames.push(Frame::Exception(start, decl));
                    continue;
                }
                self.check_let_extensions()?;
                let rec_flag = self.rec_flag();
                let bindings = self.let_bindings()?;
                self.expect_kw("in")?;
                frames.push(Frame::Let(start, rec_flag, bindings));
                continue;
            }
            let e = self.expr()?;
            // A trailing `;` (OCaml's `expr SEMI`) ends the sequence.
            if self.eat_sym(";") && self.starts_expr() {
                frames.push(Frame::Then(e));
                continue;
            }
            break e;
        };
        while let Some(frame) = frames.pop() {
            let end = result.span.hi;
            result = match frame {
                Frame::Let(start, rec_flag, bindings) => {
                    let body = super::pattern::unpack_module_patterns(
                        bindings.iter().map(|b| &b.pat),
                        result,
                    );
                    let kind = ExprKind::Let(rec_flag, bindings, boxed(body));
                    Expr {
                        kind,
                        span: Span::new(start, end),
                    }
                }
                Frame::Open(start, path) => Expr {
                    kind: ExprKind::Open(path, boxed(result)),
                    span: Span::new(start, end),
                },
                Frame::Module(start, name, me) => Expr {
                    kind: ExprKind::LetModule(name, me, boxed(result)),
                    span: Span::new(start, end),
                },
                Frame::Exception(start, decl) => Expr {
                    kind: ExprKind::LetException(decl, boxed(result)),
                    span: Span::new(start, end),
                },
                Frame::LetOp(start, ops) => ops.apply(result, Span::new(start, end)),
                Frame::Then(first) => {
                    let span = Span::new(first.span.lo, end);
                    Expr {
                        kind: ExprKind::Sequence(boxed(first), boxed(result)),
                        span,
                    }
                }
            };
        }
        Ok(result)
    }

    /// `let* p1 = e1 and* p2 = e2 .. in` (the `in` too), the `let*` token next.
    fn let_ops(&mut self, op: String) -> PResult<LetOps> {
        let op_span = self.span();
        self.bump();
        let first = self.let_binding()?;
        let mut ands = Vec::new();
        while let TokenKind::LetOp(and) = self.peek().clone() {
            if !and.starts_with("and") {
                break;
            }
            let and_span = self.span();
            self.bump();
            ands.push((and, and_span, self.let_binding()?));
        }
        self.expect_kw("in")?;
        Ok(LetOps {
            op,
            op_span,
            first,
            ands,
        })
    }

    /// `expr`: an expression without a top-level `;`.
    pub(super) fn expr(&mut self) -> PResult<Expr> {
        self.expr_at(Prec::NonSeq)
    }

    /// An expression whose binary operators all bind at least as tightly as `min`.
    ///
    /// Each kind of operator is handled by its own function: in unoptimised builds a frame
    /// holds every local of the function, and this is the parser's recursion path.
    pub(super) fn expr_at(&mut self, min: Prec) -> PResult<Expr> {
        self.enter()?;
        let mut lhs = self.operand()?;
        while let Some(prec) = infix_prec(self.peek()) {
            if prec < min {
                break;
            }
            lhs = match prec {
                Prec::Comma => self.tuple(lhs)?,
                _ if self.is_sym("<-") => {
                    return Err(self.error_here(
                        "syntax error: `<-` can only assign to a record field `e.f` or an array element `e.(i)`"
                            .to_string(),
                    ))
                }
                _ if prec.right_assoc() => self.right_assoc_chain(lhs, prec)?,
                _ => {
                    let op = self.bump();
                    let rhs = self.expr_at(prec.next())?;
                    binary(op.kind, op.span, lhs, rhs)
                }
            };
        }
        self.leave();
        Ok(lhs)
    }

    /// `first, e2, .., en`
    fn tuple(&mut self, first: Expr) -> PResult<Expr> {
        let mut items = vec![first];
        while self.eat_sym(",") {
            items.push(self.expr_at(Prec::Or)?);
        }
        let span = items[0].span.to(items.last().unwrap().span);
        Ok(Expr {
            kind: ExprKind::Tuple(items),
            span,
        })
    }

    /// `lhs op e2 op .. en` with every `op` at the right-associative level `prec`, folded to
    /// the right (iteratively: `1 :: 2 :: .. :: l` does not recurse).
    fn right_assoc_chain(&mut self, lhs: Expr, prec: Prec) -> PResult<Expr> {
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
        Ok(acc)
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
            | TokenKind::BoxedInt(..)
            | TokenKind::Char(_)
            | TokenKind::String(_)
            | TokenKind::Lident(_)
            | TokenKind::Uident(_) => true,
            TokenKind::Keyword(k) => matches!(*k, "true" | "false" | "begin" | "new" | "object"),
            TokenKind::Symbol(s) => {
                matches!(
                    s.as_str(),
                    "(" | "[" | "[|" | "{" | "{<" | "!" | "~" | "?" | "`" | "[%"
                ) || is_prefix_operator(s)
            }
            _ => false,
        }
    }

    /// The operand of a binary operator.
    fn operand(&mut self) -> PResult<Expr> {
        match self.peek() {
            TokenKind::Keyword("let") => self.let_expr(),
            TokenKind::Keyword("match") => self.match_expr(),
            TokenKind::Keyword("try") => self.try_expr(),
            TokenKind::Keyword("function") => self.function_expr(),
            TokenKind::Keyword("fun") => self.fun_expr(),
            TokenKind::Keyword("if") => self.if_expr(),
            TokenKind::Keyword("while") => self.while_expr(),
            TokenKind::Keyword("for") => self.for_expr(),
            TokenKind::Keyword("assert") => self.assert_expr(),
            TokenKind::Keyword("lazy") => {
                let start = self.start();
                self.expect_kw("lazy")?;
                let (e, _) = self.simple_expr()?;
                Ok(Expr {
                    kind: ExprKind::Lazy(boxed(e)),
                    span: self.span_from(start),
                })
            }
            TokenKind::Symbol(s) if matches!(s.as_str(), "-" | "-." | "+" | "+.") => {
                self.unary_expr()
            }
            _ => self.application(),
        }
    }

    /// `match seq_expr with cases`
    fn match_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect_kw("match")?;
        let scrutinee = self.seq_expr()?;
        self.expect_kw("with")?;
        let cases = self.cases()?;
        Ok(Expr {
            kind: ExprKind::Match(boxed(scrutinee), cases),
            span: self.span_from(start),
        })
    }

    /// `try seq_expr with cases`
    fn try_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect_kw("try")?;
        let body = self.seq_expr()?;
        self.expect_kw("with")?;
        let cases = self.cases()?;
        Ok(Expr {
            kind: ExprKind::Try(boxed(body), cases),
            span: self.span_from(start),
        })
    }

    /// `function cases`
    fn function_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect_kw("function")?;
        let cases = self.cases()?;
        Ok(Expr {
            kind: ExprKind::Function(cases),
            span: self.span_from(start),
        })
    }

    /// `fun p1 .. pn [: t] -> seq_expr`
    fn fun_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect_kw("fun")?;
        let mut params = vec![self.parameter_or_newtypes()?];
        while !self.is_sym("->") && !self.is_sym(":") {
            params.push(self.parameter_or_newtypes()?);
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
        let mut f = super::pattern::fun_of_parameters(params, body, self.prev_hi);
        f.span = self.span_from(start);
        Ok(f)
    }

    /// `if seq_expr then expr [else expr]`
    fn if_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect_kw("if")?;
        let cond = self.seq_expr()?;
        self.expect_kw("then")?;
        let then = self.expr()?;
        let els = if self.eat_kw("else") {
            Some(boxed(self.expr()?))
        } else {
            None
        };
        let kind = ExprKind::If {
            cond: boxed(cond),
            then: boxed(then),
            els,
        };
        Ok(Expr {
            kind,
            span: self.span_from(start),
        })
    }

    /// `while seq_expr do seq_expr done`
    fn while_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_kw("while")?;
        let cond = self.seq_expr()?;
        self.expect_kw("do")?;
        let body = self.seq_expr()?;
        self.expect_closing_kw("done", "while", open)?;
        Ok(Expr {
            kind: ExprKind::While(boxed(cond), boxed(body)),
            span: self.span_from(start),
        })
    }

    /// `assert simple_expr`
    fn assert_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect_kw("assert")?;
        let (e, _) = self.simple_expr()?;
        Ok(Expr {
            kind: ExprKind::Assert(boxed(e)),
            span: self.span_from(start),
        })
    }

    /// Prefix `-e`, `-.e`, `+e`, `+.e`.
    fn unary_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let TokenKind::Symbol(op) = self.bump().kind else {
            unreachable!("called at a prefix operator")
        };
        let operand = self.expr_at(Prec::Unary)?;
        Ok(unary(&op, operand, self.span_from(start)))
    }

    /// `let [rec] bindings in seq_expr` (see [`Parser::seq_expr`], which parses it).
    fn let_expr(&mut self) -> PResult<Expr> {
        debug_assert!(self.is_kw("let"));
        self.seq_expr()
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
            let pat = self.pattern()?;
            let guard = if self.eat_kw("when") {
                Some(self.seq_expr()?)
            } else {
                None
            };
            self.expect_sym("->")?;
            let body = if self.is_sym(".") {
                let span = self.span();
                self.bump();
                Expr {
                    kind: ExprKind::Unreachable,
                    span,
                }
            } else {
                self.seq_expr()?
            };
            let guard = guard.map(|g| super::pattern::unpack_module_patterns([&pat], g));
            let body = super::pattern::unpack_module_patterns([&pat], body);
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
            return Err(self.expected("an expression"));
        }
        let is_constructor = matches!(self.peek(), TokenKind::Uident(_)) || self.is_sym("`");
        let (head, assignable) = self.simple_expr()?;
        if assignable && self.is_sym("<-") {
            return self.assignment(head, start);
        }
        if let (ExprKind::Var(name), true) = (&head.kind, self.is_sym("<-")) {
            // `x <- e`: an instance variable's assignment (OCaml's `Pexp_setinstvar`).
            if name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_') && !name.contains('.')
            {
                let (name, name_span) = (name.clone(), head.span);
                self.bump();
                let value = self.expr_at(Prec::Assign)?;
                return Ok(Expr {
                    kind: ExprKind::SetInstVar(name, name_span, boxed(value)),
                    span: self.span_from(start),
                });
            }
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
            args.push(self.argument()?);
        }
        Ok(Expr {
            kind: ExprKind::Apply(boxed(head), args),
            span: self.span_from(start),
        })
    }

    /// An argument (OCaml's `labeled_simple_expr`): a simple expression, `~x:e`, `~x`,
    /// `~(x : t)`, `?x:e`, `?x`.
    fn argument(&mut self) -> PResult<(ArgLabel, Expr)> {
        let optional = self.is_sym("?");
        if !optional && !self.is_sym("~") {
            return Ok((ArgLabel::Nolabel, self.simple_expr()?.0));
        }
        let label = |name: String| ArgLabel::new(optional, name);
        if let Some(name) = self.label_colon_at(0) {
            self.bump();
            self.bump();
            self.bump();
            if !self.starts_simple_expr() {
                return Err(self.expected("an expression"));
            }
            return Ok((label(name), self.simple_expr()?.0));
        }
        let start = self.start();
        self.bump();
        if !optional && self.eat_sym("(") {
            let (name, span) = self.label_name()?;
            self.expect_sym(":")?;
            let t = self.type_expr()?;
            self.expect_sym(")")?;
            let e = Expr {
                kind: ExprKind::Constraint(boxed(var(&name, span)), t),
                span: self.span_from(start),
            };
            return Ok((label(name), e));
        }
        let (name, span) = self.label_name()?;
        Ok((label(name.clone()), var(&name, span)))
    }

    /// `e.f <- v` or `e.(i) <- v`, after `head` (`e.f` or `e.(i)`).
    fn assignment(&mut self, head: Expr, start: u32) -> PResult<Expr> {
        self.expect_sym("<-")?;
        let value = self.expr_at(Prec::Assign)?;
        let span = self.span_from(start);
        Ok(match head.kind {
            ExprKind::Field(record, field) => Expr {
                kind: ExprKind::SetField(record, field, boxed(value)),
                span,
            },
            ExprKind::Apply(f, mut args) => {
                // `a.(i) <- v` is `Array.set a i v`, `a.{i, j} <- v` `Bigarray.Array2.set a i
                // j v`: the getter's module's `set` (`unsafe_set` under `-unsafe`).
                let setter = match &f.kind {
                    // An extended indexing operator's setter: `.%()<-`.
                    ExprKind::Var(getter) if getter.ends_with([')', ']', '}']) => {
                        format!("{getter}<-")
                    }
                    ExprKind::Var(getter) => match getter.rsplit_once('.') {
                        Some((module, name)) => format!("{module}.{}", name.replace("get", "set")),
                        None => getter.replace("get", "set"),
                    },
                    _ => unreachable!("`.( )` and `.{{ }}` apply a getter"),
                };
                args.push((ArgLabel::Nolabel, value));
                Expr {
                    kind: ExprKind::Apply(boxed(var(&setter, f.span)), args),
                    span,
                }
            }
            _ => unreachable!("only fields, `.( )` and `.{{ }}` are assignable"),
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
                kind: ExprKind::Apply(boxed(var(&op, op_span)), unlabelled(vec![e, rhs])),
                span,
            };
            assignable = false;
        }
        Ok((e, assignable))
    }

    /// An atom with prefixes, then `.f` `.(i)` `.[i]` suffixes.
    fn dotted_expr(&mut self) -> PResult<(Expr, bool)> {
        let start = self.start();
        let mut e = self.prefixed_atom()?;
        let mut assignable = false;
        loop {
            if let Some(indexed) = self.dot_operator_index(&e, start)? {
                e = indexed;
                assignable = true;
                continue;
            }
            if self.is_sym("#") && matches!(self.peek_at(1), TokenKind::Lident(_)) {
                // `e#m`: a method call (OCaml's `simple_expr HASH label`).
                self.bump();
                let TokenKind::Lident(name) = self.bump().kind else {
                    unreachable!()
                };
                e = Expr {
                    kind: ExprKind::Send(boxed(e), name),
                    span: self.span_from(start),
                };
                assignable = false;
                continue;
            }
            if !self.is_sym(".") {
                break;
            }
            let dot = self.bump().span;
            match self.peek().clone() {
                TokenKind::Symbol(s) if s == "(" || s == "[" => {
                    let open = self.bump().span;
                    let index = self.seq_expr()?;
                    let close = if s == "(" { ")" } else { "]" };
                    self.expect_closing(close, &s, open)?;
                    let getter = match (s == "(", self.unsafe_indexing) {
                        (true, false) => "Array.get",
                        (true, true) => "Array.unsafe_get",
                        (false, false) => "String.get",
                        (false, true) => "String.unsafe_get",
                    };
                    let span = self.span_from(start);
                    e = Expr {
                        kind: ExprKind::Apply(boxed(var(getter, dot)), unlabelled(vec![e, index])),
                        span,
                    };
                    assignable = s == "(";
                }
                TokenKind::Symbol(s) if s == "{" => {
                    // `a.{i}`, `a.{i, j}` ...: OCaml's parser's `bigarray_get`.
                    let open = self.bump().span;
                    let index = self.seq_expr()?;
                    self.expect_closing("}", &s, open)?;
                    let mut args = vec![e];
                    let getter = match index.kind {
                        ExprKind::Tuple(is) => {
                            // `Genarray` has no unsafe accessor (OCaml's `bigarray_get`).
                            let getter = match (is.len(), self.unsafe_indexing) {
                                (2, false) => "Bigarray.Array2.get",
                                (2, true) => "Bigarray.Array2.unsafe_get",
                                (3, false) => "Bigarray.Array3.get",
                                (3, true) => "Bigarray.Array3.unsafe_get",
                                _ => "Bigarray.Genarray.get",
                            };
                            if is.len() > 3 {
                                let span = index.span;
                                args.push(Expr {
                                    kind: ExprKind::Array(is),
                                    span,
                                });
                            } else {
                                args.extend(is);
                            }
                            getter
                        }
                        _ => {
                            args.push(index);
                            if self.unsafe_indexing {
                                "Bigarray.Array1.unsafe_get"
                            } else {
                                "Bigarray.Array1.get"
                            }
                        }
                    };
                    let span = self.span_from(start);
                    e = Expr {
                        kind: ExprKind::Apply(boxed(var(getter, dot)), unlabelled(args)),
                        span,
                    };
                    assignable = true;
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

    /// `e.%(i)`, `e.%[i; j]`, `e.M.%{i}` after `e`: the extended indexing operator applied,
    /// `( .%() ) e i`, `( .%[;..] ) e [| i; j |]` (OCaml's parser's reading), or `None` when
    /// no such operator follows.
    fn dot_operator_index(&mut self, e: &Expr, start: u32) -> PResult<Option<Expr>> {
        // `.M.N.%(`: the operator qualified by a module path.
        let mut k = 0;
        if self.is_sym(".") {
            k = 1;
            while matches!(self.peek_at(k), TokenKind::Uident(_)) && self.is_sym_at(k + 1, ".") {
                k += 2;
            }
            if !matches!(self.peek_at(k), TokenKind::Uident(_)) {
                return Ok(None);
            }
            k += 1;
        }
        let TokenKind::DotOp(op) = self.peek_at(k).clone() else {
            return Ok(None);
        };
        let open = match self.peek_at(k + 1) {
            TokenKind::Symbol(s) if matches!(s.as_str(), "(" | "[" | "{") => s.clone(),
            _ => return Ok(None),
        };
        // `M.N.` before the operator's name, as `M.N.( .%() )` names it.
        let mut path = String::new();
        for _ in 0..k {
            if let TokenKind::Uident(m) = self.bump().kind {
                path.push_str(&m);
                path.push('.');
            }
        }
        let op_span = self.bump().span;
        let open_span = self.bump().span;
        let close = super::index_bracket_close(&open).unwrap_or_default();
        let mut indices = vec![self.expr()?];
        while self.eat_sym(";") && !self.is_sym(close) {
            indices.push(self.expr()?);
        }
        self.expect_closing(close, &open, open_span)?;
        let multi = indices.len() > 1;
        let index = if multi {
            let span = Span::new(indices[0].span.lo, self.prev_hi);
            Expr {
                kind: ExprKind::Array(indices),
                span,
            }
        } else {
            indices.pop().unwrap()
        };
        let name = super::dot_operator_name(&op, &open, multi, false);
        let f = var(&format!("{path}{name}"), op_span);
        Ok(Some(Expr {
            kind: ExprKind::Apply(boxed(f), unlabelled(vec![e.clone(), index])),
            span: self.span_from(start),
        }))
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
                self.enter()?;
                let operand = self.prefixed_atom()?;
                self.leave();
                let kind = ExprKind::Apply(boxed(var(&s, op_span)), unlabelled(vec![operand]));
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
            TokenKind::BoxedInt(text, suffix) => {
                ExprKind::Constant(Constant::BoxedInt(text, suffix))
            }
            TokenKind::Char(c) => ExprKind::Constant(Constant::Char(c)),
            TokenKind::String(s) => ExprKind::Constant(Constant::String(s)),
            TokenKind::Lident(name) => ExprKind::Var(name),
            TokenKind::Keyword(b @ ("true" | "false")) => ExprKind::Construct(b.to_string(), None),
            TokenKind::Uident(_) => return self.qualified_atom(),
            TokenKind::Symbol(s) if s == "`" => {
                self.bump();
                let name = self.tag_name()?;
                return Ok(Expr {
                    kind: ExprKind::Construct(format!("`{name}"), None),
                    span: self.span_from(start),
                });
            }
            TokenKind::Keyword("begin") => return self.begin_expr(),
            TokenKind::Keyword("object") => return self.object_expr(),
            TokenKind::Keyword("new") => return self.new_expr(),
            TokenKind::Symbol(s) if s == "{<" => return self.override_expr(),
            TokenKind::Symbol(s) if s == "(" => return self.parenthesized(),
            TokenKind::Symbol(s) if s == "[" => return self.list_expr(),
            TokenKind::Symbol(s) if s == "[|" => return self.array_expr(),
            TokenKind::Symbol(s) if s == "{" => return self.record_expr(),
            TokenKind::Symbol(s)
                if s == "[%"
                    && matches!(self.peek_at(1), TokenKind::Lident(n) if n == "extension_constructor") =>
            {
                self.bump();
                self.bump();
                let mut path = String::new();
                loop {
                    let TokenKind::Uident(m) = self.peek().clone() else {
                        return Err(self.expected("a constructor name"));
                    };
                    self.bump();
                    path.push_str(&m);
                    if !self.eat_sym(".") {
                        break;
                    }
                    path.push('.');
                }
                self.expect_sym("]")?;
                return Ok(Expr {
                    kind: ExprKind::ExtensionConstructor(path),
                    span: self.span_from(start),
                });
            }
            _ => return Err(self.expected("an expression")),
        };
        self.bump();
        Ok(Expr {
            kind,
            span: self.span_from(start),
        })
    }

    /// `begin seq_expr end`, `begin end`.
    fn begin_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_kw("begin")?;
        if self.eat_kw("end") {
            let kind = ExprKind::Construct("()".to_string(), None);
            return Ok(Expr {
                kind,
                span: self.span_from(start),
            });
        }
        let mut e = self.seq_expr()?;
        self.expect_closing_kw("end", "begin", open)?;
        e.span = self.span_from(start);
        Ok(e)
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
                        && (self.operator_at(2))
                            .is_some_and(|(_, n)| self.is_sym_at(2 + n, ")")) =>
                {
                    self.bump();
                    self.bump();
                    let (op, n) = self.operator_at(0).unwrap();
                    for _ in 0..=n {
                        self.bump();
                    }
                    let kind = ExprKind::Var(format!("{path}.{op}"));
                    return Ok(Expr {
                        kind,
                        span: self.span_from(start),
                    });
                }
                TokenKind::Symbol(s) if s == "(" => {
                    self.bump();
                    let open = self.expect_sym("(")?;
                    let e = self.seq_expr()?;
                    self.expect_closing(")", "(", open)?;
                    return Ok(Expr {
                        kind: ExprKind::Open(path, boxed(e)),
                        span: self.span_from(start),
                    });
                }
                // `M.[..]`, `M.[|..|]`, `M.{..}`: `let open M in` the list, array or record.
                TokenKind::Symbol(s) if matches!(s.as_str(), "[" | "{" | "[|") => {
                    self.bump();
                    let e = match s.as_str() {
                        "[" => self.list_expr()?,
                        "[|" => self.array_expr()?,
                        _ => self.record_expr()?,
                    };
                    return Ok(Expr {
                        kind: ExprKind::Open(path, boxed(e)),
                        span: self.span_from(start),
                    });
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
        if let Some((op, n)) = self.operator_at(0).filter(|(_, n)| self.is_sym_at(*n, ")")) {
            for _ in 0..=n {
                self.bump();
            }
            return Ok(Expr {
                kind: ExprKind::Var(op),
                span: self.span_from(start),
            });
        }
        if self.eat_kw("module") {
            // `(module ME)`, `(module ME : S)`.
            let me = self.module_expr()?;
            let pack = Expr {
                span: self.span_from(start),
                kind: ExprKind::Pack(me),
            };
            let e = if self.eat_sym(":") {
                let t = self.package_type()?;
                Expr {
                    kind: ExprKind::Constraint(boxed(pack), t),
                    span: self.span_from(start),
                }
            } else {
                pack
            };
            self.expect_closing(")", "(", open)?;
            return Ok(Expr {
                span: self.span_from(start),
                ..e
            });
        }
        let mut e = self.seq_expr()?;
        if self.eat_sym(":") {
            let ty = self.type_expr()?;
            if self.eat_sym(":>") {
                let to = self.type_expr()?;
                self.expect_closing(")", "(", open)?;
                return Ok(Expr {
                    kind: ExprKind::Coerce(boxed(e), Some(ty), to),
                    span: self.span_from(start),
                });
            }
            self.expect_closing(")", "(", open)?;
            return Ok(Expr {
                kind: ExprKind::Constraint(boxed(e), ty),
                span: self.span_from(start),
            });
        }
        if self.eat_sym(":>") {
            let to = self.type_expr()?;
            self.expect_closing(")", "(", open)?;
            return Ok(Expr {
                kind: ExprKind::Coerce(boxed(e), None, to),
                span: self.span_from(start),
            });
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

    /// `[| e1; ..; en |]`
    fn array_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let open = self.expect_sym("[|")?;
        let items = self.semicolon_separated("|]", Self::expr)?;
        self.expect_closing("|]", "[|", open)?;
        Ok(Expr {
            kind: ExprKind::Array(items),
            span: self.span_from(start),
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
        ("-", ExprKind::Constant(Constant::BoxedInt(text, suffix))) => {
            ExprKind::Constant(Constant::BoxedInt(negate_float_text(&text), suffix))
        }
        ("+", ExprKind::Constant(c @ (Constant::Int(_) | Constant::BoxedInt(..))))
        | ("+" | "+.", ExprKind::Constant(c @ Constant::Float(_))) => ExprKind::Constant(c),
        (_, kind) => {
            let operand = Expr {
                kind,
                span: operand.span,
            };
            let name = format!("~{op}");
            ExprKind::Apply(
                boxed(var(&name, Span::new(span.lo, span.lo + op.len() as u32))),
                unlabelled(vec![operand]),
            )
        }
    };
    Expr { kind, span }
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
        kind: ExprKind::Apply(boxed(var(&name, op_span)), unlabelled(vec![lhs, rhs])),
        span,
    }
}

fn build_list(items: Vec<Expr>, span: Span) -> Expr {
    Expr::list(items, span)
}

/// `!`, `!!`, `~-`, `?+`: OCaml's `BANG` and `PREFIXOP` (not `!=`, not `~`/`?` alone).
fn is_prefix_operator(s: &str) -> bool {
    (s.starts_with('!') && s != "!=") || ((s.starts_with('~') || s.starts_with('?')) && s.len() > 1)
}

/// A binding operator's bindings, `let* p1 = e1 and* p2 = e2 .. in body`: OCaml reads it as
/// `( let* ) (( and* ) e1 e2) (fun (p1, p2) -> body)`, the `and*`s folded from the left.
struct LetOps {
    op: String,
    op_span: Span,
    first: Binding,
    ands: Vec<(String, Span, Binding)>,
}

impl LetOps {
    fn apply(self, body: Expr, span: Span) -> Expr {
        let var = |name: String, span: Span| Expr {
            kind: ExprKind::Var(name),
            span,
        };
        let mut arg = self.first.expr;
        let mut pat = self.first.pat;
        for (and, and_span, b) in self.ands {
            let span = arg.span.to(b.expr.span);
            arg = Expr {
                kind: ExprKind::Apply(boxed(var(and, and_span)), unlabelled(vec![arg, b.expr])),
                span,
            };
            let pspan = pat.span.to(b.pat.span);
            pat = Pattern {
                kind: PatternKind::Tuple(vec![pat, b.pat]),
                span: pspan,
            };
        }
        let body = super::pattern::unpack_module_patterns([&pat], body);
        let fun = Expr {
            span: Span::new(pat.span.lo, body.span.hi),
            kind: ExprKind::Fun(vec![Param::positional(pat)], boxed(body)),
        };
        Expr {
            kind: ExprKind::Apply(
                boxed(var(self.op, self.op_span)),
                unlabelled(vec![arg, fun]),
            ),
            span,
        }
    }
}
