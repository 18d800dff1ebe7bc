//! A parsed format as the source expression of its `CamlinternalFormatBasics` constructors
//! (OCaml's `Typecore.type_format`: `mk_fmt`, `mk_fmtty` ...), every node at the literal's
//! span; the typer types it like any expression.

use super::tree::{Fmt, Ign, Lit, Pad, Prec, Side, Ty};
use crate::diagnostics::Span;
use crate::syntax::ast::{self, Constant, ExprKind};

pub struct Builder {
    pub span: Span,
}

impl Builder {
    fn e(&self, kind: ExprKind) -> ast::Expr {
        ast::Expr {
            kind,
            span: self.span,
        }
    }

    fn ctor(&self, name: &str, args: Vec<ast::Expr>) -> ast::Expr {
        let arg = match args.len() {
            0 => None,
            1 => Some(Box::new(args.into_iter().next().expect("one argument"))),
            _ => Some(Box::new(self.e(ExprKind::Tuple(args)))),
        };
        self.e(ExprKind::Construct(
            format!("CamlinternalFormatBasics.{name}"),
            arg,
        ))
    }

    fn int(&self, n: i64) -> ast::Expr {
        self.e(ExprKind::Constant(Constant::Int(n)))
    }

    fn string(&self, s: &[u8]) -> ast::Expr {
        self.e(ExprKind::Constant(Constant::String(s.to_vec())))
    }

    fn char(&self, c: u8) -> ast::Expr {
        self.e(ExprKind::Constant(Constant::Char(c)))
    }

    fn int_opt(&self, n: Option<i64>) -> ast::Expr {
        match n {
            None => self.e(ExprKind::Construct("None".into(), None)),
            Some(n) => self.e(ExprKind::Construct(
                "Some".into(),
                Some(Box::new(self.int(n))),
            )),
        }
    }

    fn side(&self, s: Side) -> ast::Expr {
        self.ctor(
            match s {
                Side::Left => "Left",
                Side::Right => "Right",
                Side::Zeros => "Zeros",
            },
            vec![],
        )
    }

    fn pad(&self, p: Pad) -> ast::Expr {
        match p {
            Pad::No => self.ctor("No_padding", vec![]),
            Pad::Lit(s, w) => self.ctor("Lit_padding", vec![self.side(s), self.int(w)]),
            Pad::Arg(s) => self.ctor("Arg_padding", vec![self.side(s)]),
        }
    }

    fn prec(&self, p: Prec) -> ast::Expr {
        match p {
            Prec::No => self.ctor("No_precision", vec![]),
            Prec::Lit(n) => self.ctor("Lit_precision", vec![self.int(n)]),
            Prec::Arg => self.ctor("Arg_precision", vec![]),
        }
    }

    fn fmtty(&self, t: &Ty) -> ast::Expr {
        match t {
            Ty::One(name, rest) => self.ctor(name, vec![self.fmtty(rest)]),
            Ty::FormatArg(a, rest) => {
                self.ctor("Format_arg_ty", vec![self.fmtty(a), self.fmtty(rest)])
            }
            Ty::FormatSubst(a, b, rest) => self.ctor(
                "Format_subst_ty",
                vec![self.fmtty(a), self.fmtty(b), self.fmtty(rest)],
            ),
            Ty::End => self.ctor("End_of_fmtty", vec![]),
        }
    }

    fn formatting_lit(&self, l: &Lit) -> ast::Expr {
        match l {
            Lit::CloseBox => self.ctor("Close_box", vec![]),
            Lit::CloseTag => self.ctor("Close_tag", vec![]),
            Lit::Break(s, a, b) => {
                self.ctor("Break", vec![self.string(s), self.int(*a), self.int(*b)])
            }
            Lit::FFlush => self.ctor("FFlush", vec![]),
            Lit::ForceNewline => self.ctor("Force_newline", vec![]),
            Lit::FlushNewline => self.ctor("Flush_newline", vec![]),
            Lit::MagicSize(s, n) => self.ctor("Magic_size", vec![self.string(s), self.int(*n)]),
            Lit::EscapedAt => self.ctor("Escaped_at", vec![]),
            Lit::EscapedPercent => self.ctor("Escaped_percent", vec![]),
            Lit::ScanIndic(c) => self.ctor("Scan_indic", vec![self.char(*c)]),
        }
    }

    fn ignored(&self, i: &Ign) -> ast::Expr {
        match i {
            Ign::Plain(name) => self.ctor(name, vec![]),
            Ign::Padded(name, p) => self.ctor(name, vec![self.int_opt(*p)]),
            Ign::Int(name, iconv, p) => {
                self.ctor(name, vec![self.ctor(iconv, vec![]), self.int_opt(*p)])
            }
            Ign::Float(p, q) => {
                self.ctor("Ignored_float", vec![self.int_opt(*p), self.int_opt(*q)])
            }
            Ign::FormatArg(p, t) => {
                self.ctor("Ignored_format_arg", vec![self.int_opt(*p), self.fmtty(t)])
            }
            Ign::FormatSubst(p, t) => self.ctor(
                "Ignored_format_subst",
                vec![self.int_opt(*p), self.fmtty(t)],
            ),
            Ign::ScanCharSet(p, s) => self.ctor(
                "Ignored_scan_char_set",
                vec![self.int_opt(*p), self.string(s)],
            ),
            Ign::ScanGetCounter(c) => {
                self.ctor("Ignored_scan_get_counter", vec![self.ctor(c, vec![])])
            }
        }
    }

    /// `mk_format fmt str`: `Format (fmt, str)`.
    pub fn format(&self, f: &Fmt, s: &[u8]) -> ast::Expr {
        self.ctor("Format", vec![self.fmt(f), self.string(s)])
    }

    fn fmt(&self, f: &Fmt) -> ast::Expr {
        match f {
            Fmt::One(name, rest) => self.ctor(name, vec![self.fmt(rest)]),
            Fmt::Padded(name, p, rest) => self.ctor(name, vec![self.pad(*p), self.fmt(rest)]),
            Fmt::Int(name, iconv, p, q, rest) => self.ctor(
                name,
                vec![
                    self.ctor(iconv, vec![]),
                    self.pad(*p),
                    self.prec(*q),
                    self.fmt(rest),
                ],
            ),
            Fmt::Float(flag, kind, p, q, rest) => {
                let conv = self.e(ExprKind::Tuple(vec![
                    self.ctor(flag, vec![]),
                    self.ctor(kind, vec![]),
                ]));
                self.ctor(
                    "Float",
                    vec![conv, self.pad(*p), self.prec(*q), self.fmt(rest)],
                )
            }
            Fmt::StringLiteral(s, rest) => {
                self.ctor("String_literal", vec![self.string(s), self.fmt(rest)])
            }
            Fmt::CharLiteral(c, rest) => {
                self.ctor("Char_literal", vec![self.char(*c), self.fmt(rest)])
            }
            Fmt::FormatArg(p, t, rest) => self.ctor(
                "Format_arg",
                vec![self.int_opt(*p), self.fmtty(t), self.fmt(rest)],
            ),
            Fmt::FormatSubst(p, t, rest) => self.ctor(
                "Format_subst",
                vec![self.int_opt(*p), self.fmtty(t), self.fmt(rest)],
            ),
            Fmt::FormattingLit(l, rest) => self.ctor(
                "Formatting_lit",
                vec![self.formatting_lit(l), self.fmt(rest)],
            ),
            Fmt::FormattingGen(tag, sub, s, rest) => {
                let g = self.ctor(
                    if *tag { "Open_tag" } else { "Open_box" },
                    vec![self.format(sub, s)],
                );
                self.ctor("Formatting_gen", vec![g, self.fmt(rest)])
            }
            Fmt::ScanCharSet(p, s, rest) => self.ctor(
                "Scan_char_set",
                vec![self.int_opt(*p), self.string(s), self.fmt(rest)],
            ),
            Fmt::ScanGetCounter(c, rest) => self.ctor(
                "Scan_get_counter",
                vec![self.ctor(c, vec![]), self.fmt(rest)],
            ),
            Fmt::IgnoredParam(i, rest) => {
                self.ctor("Ignored_param", vec![self.ignored(i), self.fmt(rest)])
            }
            Fmt::End => self.ctor("End_of_format", vec![]),
        }
    }
}
