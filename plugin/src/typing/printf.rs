//! `Printf.printf`, `Printf.sprintf`, `Printf.eprintf` and `Printf.fprintf` with a literal
//! format string.
//!
//! The format is parsed at compile time (as OCaml's type checker does): each conversion
//! becomes a parameter of the right type, and the call elaborates to
//! `(fun a1 .. an -> pieces) args..`, where pieces print (or concatenate) the literal text and
//! each formatted argument in order. Output happens once all arguments are given, as in OCaml.
//! Supported: `%d %i %u %x %X %o %s %c %b %B %% %!`, the float conversions `%f %F %e %E %g %G
//! %h %H` (with a precision), the boxed integers' `%ld %Ld %nd` (and `i u x X o`), flags
//! `- 0 + space #`, widths.

use super::builtins::BuiltinImpl;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{BoxedIntKind, Const, Expr, Prim, Purity, Type};
use crate::syntax::ast::{self, Constant, ExprKind};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Stdout,
    Stderr,
    String,
    /// `fprintf oc`: the variable the channel is bound to.
    Channel(crate::lambda::ir::VarId),
}

enum Piece {
    Text(Vec<u8>),
    /// A conversion: its spec (e.g. `%-5d`) and the argument type.
    Conv {
        spec: String,
        kind: u8,
    },
    /// `%ld`, `%Lx`, `%nu` ...: its spec (with the size letter) and the integer type.
    BoxedInt {
        spec: String,
        kind: BoxedIntKind,
    },
    Flush,
}

/// The prelude functions the elaborations call.
pub(super) const PRELUDE_FUNCTIONS: [&str; 3] = ["output_string", "String.escaped", "Char.escaped"];

pub fn is_printf(name: &str) -> bool {
    PRINTF_FUNCTIONS.contains(&name)
}

/// The functions elaborated from their literal format (bound as `ValueBinding::Printf`).
pub const PRINTF_FUNCTIONS: [&str; 4] = [
    "Printf.printf",
    "Printf.sprintf",
    "Printf.eprintf",
    "Printf.fprintf",
];

fn parse_format(fmt: &[u8], span: Span) -> TResult<Vec<Piece>> {
    let mut pieces = Vec::new();
    let mut text = Vec::new();
    let mut i = 0;
    let bad = |msg: String| Diagnostic::error(span, msg);
    while i < fmt.len() {
        if fmt[i] != b'%' {
            text.push(fmt[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < fmt.len() && b"-0+ #".contains(&fmt[i]) {
            i += 1;
        }
        while i < fmt.len() && fmt[i].is_ascii_digit() {
            i += 1;
        }
        let mut precision = false;
        if fmt.get(i) == Some(&b'.') {
            precision = true;
            i += 1;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                i += 1;
            }
        }
        // `%ld %Lx %nu ...`: an int32, int64 or nativeint conversion.
        let size = match (fmt.get(i), fmt.get(i + 1)) {
            (Some(&l @ (b'l' | b'L' | b'n')), Some(b'd' | b'i' | b'u' | b'x' | b'X' | b'o')) => {
                i += 1;
                Some(match l {
                    b'l' => BoxedIntKind::Int32,
                    b'L' => BoxedIntKind::Int64,
                    _ => BoxedIntKind::Nativeint,
                })
            }
            _ => None,
        };
        let Some(&c) = fmt.get(i) else {
            return Err(bad(
                "invalid format: it ends in the middle of a conversion".into()
            ));
        };
        i += 1;
        match c {
            b'%' if i - start == 2 => text.push(b'%'),
            b'!' if i - start == 2 => {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
                pieces.push(Piece::Flush);
            }
            b'd' | b'i' | b'u' | b'x' | b'X' | b'o' if !precision && size.is_some() => {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
                let spec = String::from_utf8_lossy(&fmt[start..i]).into_owned();
                pieces.push(Piece::BoxedInt {
                    spec,
                    kind: size.unwrap_or(BoxedIntKind::Int64),
                });
            }
            b'd' | b'i' | b'u' | b'x' | b'X' | b'o' | b's' | b'c' | b'b' | b'B' | b'S' | b'C'
                if !precision =>
            {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
                let spec = String::from_utf8_lossy(&fmt[start..i]).into_owned();
                pieces.push(Piece::Conv { spec, kind: c });
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'h' | b'H' => {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
                let spec = String::from_utf8_lossy(&fmt[start..i]).into_owned();
                pieces.push(Piece::Conv { spec, kind: c });
            }
            _ => {
                return Err(bad(format!(
                    "invalid or unsupported format conversion `{}`",
                    String::from_utf8_lossy(&fmt[start..i])
                )))
            }
        }
    }
    pieces.push(Piece::Text(text));
    pieces.retain(|p| !matches!(p, Piece::Text(t) if t.is_empty()));
    Ok(pieces)
}

fn rt(name: &'static str, purity: Purity, args: Vec<Expr>) -> Expr {
    Expr::Prim(Prim::Runtime(name, purity), args)
}

fn string(s: &[u8]) -> Expr {
    Expr::Const(Const::String(s.into()))
}

impl<'s> Typer<'s> {
    fn prelude_function(&self, name: &str) -> TResult<crate::lambda::ir::VarId> {
        self.prelude_functions.get(name).copied().ok_or_else(|| {
            Diagnostic::error(
                Span::default(),
                format!("internal error: the prelude defines no `{name}`"),
            )
        })
    }

    /// Elaborates `Printf.xxx "fmt" args..`.
    pub(super) fn printf(
        &mut self,
        name: &str,
        args: &[(ast::ArgLabel, ast::Expr)],
        span: Span,
    ) -> TResult<(Expr, Type)> {
        // `fprintf oc fmt args..` is `(fun oc args.. -> ..) oc args..`: the channel is the
        // first parameter, so it is evaluated as an ordinary argument.
        let (target, fmt_arg) = match name {
            "Printf.printf" => (Target::Stdout, 0),
            "Printf.eprintf" => (Target::Stderr, 0),
            "Printf.fprintf" => {
                let oc = self.fresh_var(
                    "_oc",
                    Type::Con(crate::lambda::ir::TyCon::OUT_CHANNEL, vec![]),
                    span,
                );
                (Target::Channel(oc), 1)
            }
            _ => (Target::String, 0),
        };
        let fmt_expr = args
            .get(fmt_arg)
            .filter(|(l, _)| *l == ast::ArgLabel::Nolabel)
            .map(|(_, a)| a);
        let Some(ExprKind::Constant(Constant::String(fmt))) = fmt_expr.map(|a| &a.kind) else {
            return Err(Diagnostic::unsupported(
                fmt_expr.map_or(span, |a| a.span),
                &format!("`{name}` with a format that is not a string literal is"),
            ));
        };
        let pieces = parse_format(fmt, args[fmt_arg].1.span)?;
        let mut params = Vec::new();
        let mut tys = Vec::new();
        if let Target::Channel(oc) = target {
            params.push(oc);
            tys.push(Type::Con(crate::lambda::ir::TyCon::OUT_CHANNEL, vec![]));
        }
        let mut out: Vec<Expr> = Vec::new();
        for p in &pieces {
            match p {
                Piece::Text(t) => out.push(string(t)),
                Piece::Flush => out.push(Expr::Prim(
                    Prim::Runtime("egret_flush", Purity::Effect),
                    vec![match target {
                        Target::Stderr => Expr::Const(Const::Int(2)),
                        Target::Channel(oc) => Expr::Var(oc),
                        _ => Expr::Const(Const::Int(1)),
                    }],
                )),
                Piece::BoxedInt { spec, kind } => {
                    let ty = Type::boxed_int(*kind);
                    let v = self.fresh_var("_fmt", ty.clone(), span);
                    params.push(v);
                    tys.push(ty);
                    let name = match kind {
                        BoxedIntKind::Int32 => "egret_format_int32",
                        BoxedIntKind::Int64 => "egret_format_int64",
                        BoxedIntKind::Nativeint => "egret_format_nativeint",
                    };
                    out.push(rt(
                        name,
                        Purity::Pure,
                        vec![string(spec.as_bytes()), Expr::Var(v)],
                    ));
                }
                Piece::Conv { spec, kind } => {
                    let ty = match kind {
                        b's' | b'S' => Type::string(),
                        b'c' | b'C' => Type::char(),
                        b'b' | b'B' => Type::bool(),
                        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'h' | b'H' => Type::float(),
                        _ => Type::int(),
                    };
                    let v = self.fresh_var("_fmt", ty.clone(), span);
                    params.push(v);
                    tys.push(ty);
                    let arg = Expr::Var(v);
                    let spec_e = string(spec.as_bytes());
                    out.push(match kind {
                        b's' => rt("egret_format_string", Purity::Pure, vec![spec_e, arg]),
                        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'h' | b'H' => {
                            rt("egret_format_float", Purity::Pure, vec![spec_e, arg])
                        }
                        b'c' => rt("egret_format_char", Purity::Pure, vec![spec_e, arg]),
                        // `%S` and `%C`: the argument as an OCaml literal, quoted and escaped
                        // by the prelude's `String.escaped` / `Char.escaped`; `%S` is padded
                        // as `%s` is, `%C` ignores its width as `%c` does.
                        b'S' | b'C' => {
                            let (escape, quote) = if *kind == b'S' {
                                ("String.escaped", b"\"")
                            } else {
                                ("Char.escaped", b"'")
                            };
                            let f = self.prelude_function(escape)?;
                            let escaped = Expr::App(Box::new(Expr::Var(f)), vec![arg]);
                            let quoted = rt(
                                "egret_string_concat",
                                Purity::Pure,
                                vec![
                                    string(quote),
                                    rt(
                                        "egret_string_concat",
                                        Purity::Pure,
                                        vec![escaped, string(quote)],
                                    ),
                                ],
                            );
                            let s_spec = match kind {
                                b'S' => format!("{}s", &spec[..spec.len() - 1]),
                                _ => "%s".to_string(),
                            };
                            rt(
                                "egret_format_string",
                                Purity::Pure,
                                vec![string(s_spec.as_bytes()), quoted],
                            )
                        }
                        b'b' | b'B' => {
                            let text = Expr::If(
                                Box::new(arg),
                                Box::new(string(b"true")),
                                Box::new(string(b"false")),
                            );
                            rt("egret_format_string", Purity::Pure, vec![spec_e, text])
                        }
                        _ => rt("egret_format_int", Purity::Pure, vec![spec_e, arg]),
                    });
                }
            }
        }
        let print = match target {
            Target::Stdout => "print_string",
            Target::Stderr => "prerr_string",
            Target::String | Target::Channel(_) => "",
        };
        let body = if let Target::Channel(oc) = target {
            let output = self.prelude_function("output_string")?;
            let mut seq = super::expr::unit_value();
            for e in out.into_iter().rev() {
                let step = match e {
                    flush @ Expr::Prim(Prim::Runtime("egret_flush", _), _) => flush,
                    e => Expr::App(Box::new(Expr::Var(output)), vec![Expr::Var(oc), e]),
                };
                seq = if matches!(seq, Expr::Construct { .. }) {
                    step
                } else {
                    Expr::Seq(Box::new(step), Box::new(seq))
                };
            }
            seq
        } else if target == Target::String {
            let mut parts = out
                .into_iter()
                .filter(|e| !matches!(e, Expr::Prim(Prim::Runtime("egret_flush", _), _)));
            let first = parts.next().unwrap_or_else(|| string(b""));
            parts.fold(first, |acc, e| {
                rt("egret_string_concat", Purity::Pure, vec![acc, e])
            })
        } else {
            let imp = self
                .builtins
                .iter()
                .find(|b| b.name == print)
                .map(|b| b.imp);
            let Some(BuiltinImpl::Prim(prim, _)) = imp else {
                unreachable!("print builtins")
            };
            let mut seq = super::expr::unit_value();
            for e in out.into_iter().rev() {
                let step = match e {
                    flush @ Expr::Prim(Prim::Runtime("egret_flush", _), _) => flush,
                    e => Expr::Prim(prim, vec![e]),
                };
                seq = if matches!(seq, Expr::Construct { .. }) {
                    step
                } else {
                    Expr::Seq(Box::new(step), Box::new(seq))
                };
            }
            seq
        };
        let result_ty = if target == Target::String {
            Type::string()
        } else {
            Type::unit()
        };
        let fn_ty = Type::arrows(tys.into_iter(), result_ty);
        let head = if params.is_empty() {
            body
        } else {
            Expr::Fun(params, Box::new(body))
        };
        let rest: Vec<(ast::ArgLabel, ast::Expr)> = match target {
            Target::Channel(_) => std::iter::once(args[0].clone())
                .chain(args[2..].iter().cloned())
                .collect(),
            _ => args[1..].to_vec(),
        };
        self.apply_labelled(head, fn_ty, &rest, span)
    }
}
