//! Formats as values: a string literal where a `format6` is expected (an argument of a
//! function taking a format, `format_of_string "..."`, `("..." : _ format)`), and a printf
//! function applied to a format that is not a literal (`let fail fmt = ksprintf failwith fmt`).
//!
//! A format value is the prelude's `CamlinternalFormat_Format ((fun k -> fun args.. -> k
//! items), scan_ops, text)`, whose first part, given a consumer's continuation, is the curried function of the conversions'
//! arguments, which hands the continuation the pieces (`__format_item`s: strings already
//! converted, `%!`, the `@` directives with their source text, `%a`/`%t` printers as
//! delayed closures), in order. The literal is parsed as for the direct elaboration
//! (`parse.rs`) and built as source (AST) typed by the typer; the consumers
//! (`Format.__printf_ksprintf` ...) are OCaml in the prelude's `Format` section, as
//! CamlinternalFormat's `output_acc`/`strput_acc` and format.ml's are. A format's type is
//! `(args -> 'f, 'b, 'c, 'e, 'e, 'f) format6`, as OCaml types a literal; so a wrapper
//! `let fail fmt = Printf.ksprintf failwith fmt` has OCaml's type
//! `('a, unit, string, 'b) format4 -> 'a` and its callers' literals are checked against it.

use super::super::{TResult, Typer};
use super::parse::{parse_format, Count, FormatAction, Piece};
use crate::diagnostics::Span;
use crate::lambda::ir::{BoxedIntKind, Expr, TyCon, Type};
use crate::syntax::ast::{self, ArgLabel, Constant, ExprKind, Param, Pattern, PatternKind};

/// The consumer of a format value for each printf function (private to the prelude's
/// `Format` section).
pub(in crate::typing) const CONSUMERS: [(&str, &str); 26] = [
    ("Printf.printf", "Format.__printf_printf"),
    ("Printf.sprintf", "Format.__printf_sprintf"),
    ("Printf.eprintf", "Format.__printf_eprintf"),
    ("Printf.fprintf", "Format.__printf_fprintf"),
    ("Printf.kfprintf", "Format.__printf_kfprintf"),
    ("Printf.ksprintf", "Format.__printf_ksprintf"),
    ("Printf.kprintf", "Format.__printf_ksprintf"),
    ("Printf.bprintf", "Format.__printf_bprintf"),
    ("Printf.ifprintf", "Format.__printf_ifprintf"),
    ("Format.printf", "Format.__format_printf"),
    ("Format.eprintf", "Format.__format_eprintf"),
    ("Format.fprintf", "Format.__format_fprintf"),
    ("Format.kfprintf", "Format.__format_kfprintf"),
    ("Format.sprintf", "Format.__format_sprintf"),
    ("Format.ksprintf", "Format.__format_ksprintf"),
    ("Format.asprintf", "Format.__format_asprintf"),
    ("Format.kasprintf", "Format.__format_kasprintf"),
    ("Format.dprintf", "Format.__format_dprintf"),
    ("Format.ifprintf", "Format.__format_ifprintf"),
    ("Printf.ikfprintf", "Format.__printf_ikfprintf"),
    ("Printf.kbprintf", "Format.__printf_kbprintf"),
    ("Printf.ibprintf", "Format.__printf_ibprintf"),
    ("Format.ikfprintf", "Format.__format_ikfprintf"),
    ("Format.kdprintf", "Format.__format_kdprintf"),
    ("Format.bprintf", "Format.__format_bprintf"),
    ("Format.kprintf", "Format.__format_ksprintf"),
];

fn expr(kind: ExprKind, span: Span) -> ast::Expr {
    ast::Expr { kind, span }
}

impl<'s> Typer<'s> {
    /// The `format6` type constructor (the parameter of the prelude's `format_of_string`).
    pub(in crate::typing) fn format6_con(&self) -> Option<TyCon> {
        let mut t = self.prelude_type("format_of_string").ok()?;
        while let Type::Forall(_, body) = t {
            t = *body;
        }
        match t {
            Type::Arrow(p, _) => match *p {
                Type::Con(c, _) => Some(c),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether `expected` is a format type: a string literal there is a format value.
    pub(in crate::typing) fn expects_format(&self, expected: Option<&Type>) -> bool {
        let Some(expected) = expected else {
            return false;
        };
        let t = self.u.zonk(expected);
        matches!((t, self.format6_con()), (Type::Con(c, _), Some(f)) if c == f)
    }

    /// A printf function as a value, or applied to a format that is not a literal: its
    /// consumer of format values, instantiated.
    pub(in crate::typing) fn printf_consumer(&mut self, name: &str) -> TResult<(Expr, Type)> {
        self.links_format |= name.starts_with("Format.") && !self.in_prelude;
        let consumer = CONSUMERS
            .iter()
            .find(|(f, _)| *f == name)
            .map(|(_, c)| *c)
            .expect("every printf function has a consumer");
        let v = self.prelude_function(consumer)?;
        let scheme = self.vars.ty(v).clone();
        let (t, args) = self.u.instantiate(&scheme);
        let mut e = Expr::Var(v);
        for a in args {
            e = Expr::TyApp(Box::new(e), a);
        }
        Ok((e, t))
    }

    /// The format value of literal `fmt` at `span`, typed.
    pub(in crate::typing) fn format_literal(
        &mut self,
        fmt: &[u8],
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let pieces = match parse_format(fmt, span) {
            Ok(pieces) => pieces,
            // A format only Scanf can use (`%[a-z]`, `%_d`, `%n` ...): `scanf/value.rs`.
            Err(d) => match super::super::scanf::value::scan_only_format(fmt, span) {
                Some(value) => return self.expr(&value),
                None => return Err(d),
            },
        };
        let mut b = FormatSource {
            span,
            params: Vec::new(),
            items: Vec::new(),
        };
        for p in &pieces {
            b.piece(p);
        }
        let k = "__fmt_k".to_string();
        let mut list = expr(ExprKind::Construct("[]".into(), None), span);
        for item in b.items.into_iter().rev() {
            list = expr(
                ExprKind::Construct(
                    "::".into(),
                    Some(Box::new(expr(ExprKind::Tuple(vec![item, list]), span))),
                ),
                span,
            );
        }
        let mut body = expr(
            ExprKind::Apply(
                Box::new(expr(ExprKind::Var(k.clone()), span)),
                vec![(ArgLabel::Nolabel, list)],
            ),
            span,
        );
        if !b.params.is_empty() {
            body = expr(
                ExprKind::Fun(
                    b.params.iter().map(|p| param(p, span)).collect(),
                    Box::new(body),
                ),
                span,
            );
        }
        let f = expr(ExprKind::Fun(vec![param(&k, span)], Box::new(body)), span);
        // What Scanf reads for the format, and its text (`scanf/value.rs`).
        let scan = super::super::scanf::value::scan_ops_source(fmt, span);
        let text = expr(ExprKind::Constant(Constant::String(fmt.to_vec())), span);
        let value = expr(
            ExprKind::Construct(
                "CamlinternalFormat_Format".into(),
                Some(Box::new(expr(ExprKind::Tuple(vec![f, scan, text]), span))),
            ),
            span,
        );
        self.expr(&value)
    }
}

fn param(name: &str, span: Span) -> Param {
    Param::positional(Pattern {
        kind: PatternKind::Var(name.to_string()),
        span,
    })
}

/// The source of a format value under construction: the parameters' names and the items.
struct FormatSource {
    span: Span,
    params: Vec<String>,
    items: Vec<ast::Expr>,
}

impl FormatSource {
    fn e(&self, kind: ExprKind) -> ast::Expr {
        expr(kind, self.span)
    }

    fn string(&self, s: &[u8]) -> ast::Expr {
        self.e(ExprKind::Constant(Constant::String(s.to_vec())))
    }

    fn int(&self, n: i64) -> ast::Expr {
        self.e(ExprKind::Constant(Constant::Int(n)))
    }

    fn var(&self, name: &str) -> ast::Expr {
        self.e(ExprKind::Var(name.to_string()))
    }

    fn call(&self, f: &str, args: Vec<ast::Expr>) -> ast::Expr {
        self.e(ExprKind::Apply(
            Box::new(self.var(f)),
            args.into_iter().map(|a| (ArgLabel::Nolabel, a)).collect(),
        ))
    }

    fn ctor(&self, name: &str, args: Vec<ast::Expr>) -> ast::Expr {
        let arg = match args.len() {
            0 => None,
            1 => Some(Box::new(args.into_iter().next().expect("one"))),
            _ => Some(Box::new(self.e(ExprKind::Tuple(args)))),
        };
        self.e(ExprKind::Construct(name.to_string(), arg))
    }

    fn param(&mut self) -> ast::Expr {
        let name = format!("__fmt_{}", self.params.len());
        self.params.push(name.clone());
        self.var(&name)
    }

    fn push_string(&mut self, s: ast::Expr) {
        let item = self.ctor("CamlinternalFormat_string", vec![s]);
        self.items.push(item);
    }

    fn fmt(&mut self, text: &[u8], code: i64, a: i64, b: i64) {
        let item = self.ctor(
            "CamlinternalFormat_fmt",
            vec![self.string(text), self.int(code), self.int(a), self.int(b)],
        );
        self.items.push(item);
    }

    /// The string of a text or conversion piece (its parameters added).
    fn piece_string(&mut self, p: &Piece) -> ast::Expr {
        match p {
            Piece::Text(t) => self.string(t),
            Piece::Conv {
                width,
                precision,
                size,
                kind,
                ..
            } => {
                let (head, mid, tail) = p.spec_parts().expect("a conversion");
                let concat = "CamlinternalFormat_egret.concat";
                let mut spec = self.string(head.as_bytes());
                let w = if *width == Count::Star {
                    let n = self.param();
                    self.call(
                        "CamlinternalFormat_egret.format_int",
                        vec![self.string(b"%d"), n],
                    )
                } else {
                    self.string(mid.as_bytes())
                };
                spec = self.call(concat, vec![spec, w]);
                let rest = if *precision == Count::Star {
                    let n = self.param();
                    let digits = self.call(
                        "CamlinternalFormat_egret.format_int",
                        vec![self.string(b"%d"), n],
                    );
                    let dot = self.call(concat, vec![self.string(b"."), digits]);
                    self.call(concat, vec![dot, self.string(&tail.as_bytes()[1..])])
                } else {
                    self.string(tail.as_bytes())
                };
                let s_spec = {
                    let mut t = tail.clone();
                    t.pop();
                    t.push('s');
                    t
                };
                let s_rest = if *precision == Count::Star {
                    rest.clone()
                } else {
                    self.string(s_spec.as_bytes())
                };
                let s_spec = self.call(concat, vec![spec.clone(), s_rest]);
                spec = self.call(concat, vec![spec, rest]);
                let x = self.param();
                if let Some(size) = size {
                    let f = match size {
                        BoxedIntKind::Int32 => "CamlinternalFormat_egret.format_int32",
                        BoxedIntKind::Int64 => "CamlinternalFormat_egret.format_int64",
                        BoxedIntKind::Nativeint => "CamlinternalFormat_egret.format_nativeint",
                    };
                    return self.call(f, vec![spec, x]);
                }
                match kind {
                    b's' => self.call("CamlinternalFormat_egret.format_string", vec![spec, x]),
                    b'c' => self.call("CamlinternalFormat_egret.format_char", vec![spec, x]),
                    b'b' | b'B' => self.call("CamlinternalFormat_egret.format_bool", vec![spec, x]),
                    b'S' => self.call(
                        "CamlinternalFormat_egret.format_caml_string",
                        vec![s_spec, x],
                    ),
                    b'C' => self.call("CamlinternalFormat_egret.format_caml_char", vec![x]),
                    b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'h' | b'H' => {
                        self.call("CamlinternalFormat_egret.format_float", vec![spec, x])
                    }
                    _ => self.call("CamlinternalFormat_egret.format_int", vec![spec, x]),
                }
            }
            _ => unreachable!("only text and conversions have a string"),
        }
    }

    fn piece(&mut self, p: &Piece) {
        match p {
            Piece::Text(_) | Piece::Conv { .. } => {
                let s = self.piece_string(p);
                self.push_string(s);
            }
            Piece::Flush => {
                let item = self.ctor("CamlinternalFormat_flush", vec![]);
                self.items.push(item);
            }
            Piece::Alpha | Piece::Theta => {
                let f = self.param();
                let delayed = if matches!(p, Piece::Alpha) {
                    let x = self.param();
                    let b = "__fmt_b".to_string();
                    let call = self.e(ExprKind::Apply(
                        Box::new(f),
                        vec![(ArgLabel::Nolabel, self.var(&b)), (ArgLabel::Nolabel, x)],
                    ));
                    self.e(ExprKind::Fun(vec![param(&b, self.span)], Box::new(call)))
                } else {
                    f
                };
                let item = self.ctor("CamlinternalFormat_delay", vec![delayed]);
                self.items.push(item);
            }
            Piece::Formatting { text, action } => match action {
                FormatAction::CloseBox => self.fmt(text, 0, 0, 0),
                FormatAction::Break { width, offset } => self.fmt(text, 1, *width, *offset),
                FormatAction::Flush => self.fmt(text, 2, 0, 0),
                FormatAction::ForceNewline => self.fmt(text, 3, 0, 0),
                FormatAction::FlushNewline => self.fmt(text, 4, 0, 0),
                FormatAction::MagicSize(n) => self.fmt(text, 5, *n, 0),
                FormatAction::OpenBox { indent, kind } => self.fmt(text, 6, *indent, *kind),
                FormatAction::CloseTag => self.fmt(text, 7, 0, 0),
                FormatAction::Text(t) => {
                    let item = self.ctor(
                        "CamlinternalFormat_lit",
                        vec![self.string(text), self.string(t)],
                    );
                    self.items.push(item);
                }
                // `@{` alone: code 8 (Format opens the tag "", Printf prints `@{`).
                FormatAction::OpenTag(_) if text.len() == 2 => self.fmt(text, 8, 0, 0),
                // Printf prints `@{<tag>`: the box item's text, `<`, the tag, `>`.
                FormatAction::OpenTag(tag) => {
                    let item = self.ctor(
                        "CamlinternalFormat_box",
                        vec![self.string(b"@{"), self.string(tag)],
                    );
                    self.items.push(item);
                }
                FormatAction::OpenBoxOf(sub) | FormatAction::OpenTagOf(sub) => {
                    let mut desc = self.string(b"");
                    for p in sub {
                        let s = self.piece_string(p);
                        desc = self.call("CamlinternalFormat_egret.concat", vec![desc, s]);
                    }
                    let item = self.ctor("CamlinternalFormat_box", vec![self.string(text), desc]);
                    self.items.push(item);
                }
            },
        }
    }
}
