//! The printf family with a literal format string: `Printf.printf eprintf fprintf kfprintf
//! sprintf ksprintf kprintf bprintf ifprintf` and `Format.printf eprintf fprintf kfprintf
//! sprintf ksprintf asprintf kasprintf dprintf ifprintf` are elaborated here; the others
//! (`kdprintf`, `ikfprintf`, `kbprintf`, `ibprintf`, the deprecated `Format.bprintf` and
//! `kprintf`), and every one applied to a format that is not a literal, take a format value
//! (`value.rs`).
//!
//! egret cannot compile CamlinternalFormat (it needs GADTs), so the format is parsed at
//! compile time (`parse.rs`, as OCaml's type checker parses it): each conversion becomes a
//! parameter of the right type, and the call elaborates to `(fun lead.. a1 .. an -> body)
//! lead.. args..`, where the body outputs the pieces in order to the function's *sink*, as
//! CamlinternalFormat's `make_printf` followed by the sink's `output_acc` would: Printf's
//! channel, string or buffer (`@` directives printed as text), or a `Format.formatter`
//! (`@` directives call the engine, the prelude's `Format` section). Output happens once all
//! arguments are given, as in OCaml; `%a` and `%t` printers run then, in order.
//! The functions the bodies call are the prelude's, captured at its end
//! (`PRELUDE_FUNCTIONS`), so a program's own bindings cannot shadow them.

mod aliases;
pub(super) mod parse;
mod value;

use super::builtins::BuiltinImpl;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{BoxedIntKind, Const, Expr, Prim, Purity, TyCon, Type, VarId};
use crate::syntax::ast::{self, Constant, ExprKind};
use parse::{parse_format, Count, FormatAction, Piece};

/// Where the pieces of a format go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sink {
    Stdout,
    Stderr,
    /// `fprintf oc`: the variable the channel is bound to.
    Channel(VarId),
    /// `sprintf`, `ksprintf`: the pieces concatenated.
    String,
    /// `Printf.bprintf b`.
    Buffer(VarId),
    /// A formatter; `strput`: `%a` and `%t` printers return strings (`Format.sprintf`,
    /// format.ml's `strput_acc`), else they print on the formatter (`output_acc`).
    Formatter {
        ppf: VarId,
        strput: bool,
    },
    /// `ifprintf`: the arguments are taken, nothing is printed.
    Ignore,
}

/// What the elaborated function does once the pieces are output.
enum Finish {
    /// The body's value (unit, or the string of a `String` sink).
    Body,
    /// `ksprintf k`, `kasprintf k`: `k` of the string.
    KString(VarId),
    /// `kfprintf k x`: `k x`.
    KApply(VarId, VarId),
    /// `Format.sprintf`, `asprintf`: the body prints on a buffer formatter (the `Formatter`
    /// sink's variable), whose contents are the result, given to `k` if any.
    BufferFormatter(VarId, Option<VarId>),
    /// `Format.dprintf`: `fun ppf -> body`.
    Delayed(VarId),
}

/// The prelude functions the elaborations call (private ones are captured when their
/// section closes: `PRIVATE_FUNCTIONS`).
pub(super) const PRELUDE_FUNCTIONS: [&str; 18] = [
    "output_string",
    "format_of_string",
    "stdout",
    "stderr",
    "String.escaped",
    "Char.escaped",
    "Buffer.add_string",
    "Format.std_formatter",
    "Format.err_formatter",
    "Format.pp_print_string",
    "Format.pp_print_as",
    "Format.pp_print_flush",
    "Format.pp_print_newline",
    "Format.pp_force_newline",
    "Format.pp_print_break",
    "Format.pp_close_box",
    "Format.pp_open_tag",
    "Format.pp_close_tag",
];

/// Private prelude functions the elaborations call, as `Module.__name`.
pub(super) const PRIVATE_FUNCTIONS: [&str; 28] = [
    "Format.__link",
    "Format.__open_box",
    "Format.__open_box_of_string",
    "Format.__buffer_output",
    "Format.__printf_printf",
    "Format.__printf_sprintf",
    "Format.__printf_eprintf",
    "Format.__printf_fprintf",
    "Format.__printf_kfprintf",
    "Format.__printf_ksprintf",
    "Format.__printf_bprintf",
    "Format.__printf_ifprintf",
    "Format.__format_printf",
    "Format.__format_eprintf",
    "Format.__format_fprintf",
    "Format.__format_kfprintf",
    "Format.__format_sprintf",
    "Format.__format_ksprintf",
    "Format.__format_asprintf",
    "Format.__format_kasprintf",
    "Format.__format_dprintf",
    "Format.__format_ifprintf",
    "Format.__printf_ikfprintf",
    "Format.__printf_kbprintf",
    "Format.__printf_ibprintf",
    "Format.__format_ikfprintf",
    "Format.__format_kdprintf",
    "Format.__format_bprintf",
];

/// The functions on formats as values that egret does not have (a format value does not
/// keep its string).
pub const FORMAT_VALUE_FUNCTIONS: [&str; 2] = ["string_of_format", "Stdlib.string_of_format"];

pub fn is_printf(name: &str) -> bool {
    PRINTF_FUNCTIONS.contains(&name)
}

/// The functions elaborated from their literal format (bound as `ValueBinding::Printf`).
pub const PRINTF_FUNCTIONS: [&str; 26] = [
    "Printf.printf",
    "Printf.sprintf",
    "Printf.eprintf",
    "Printf.fprintf",
    "Printf.kfprintf",
    "Printf.ksprintf",
    "Printf.kprintf",
    "Printf.bprintf",
    "Printf.ifprintf",
    "Format.printf",
    "Format.eprintf",
    "Format.fprintf",
    "Format.kfprintf",
    "Format.sprintf",
    "Format.ksprintf",
    "Format.asprintf",
    "Format.kasprintf",
    "Format.dprintf",
    "Format.ifprintf",
    "Printf.ikfprintf",
    "Printf.kbprintf",
    "Printf.ibprintf",
    "Format.ikfprintf",
    "Format.kdprintf",
    "Format.bprintf",
    "Format.kprintf",
];

/// `Format.__link ()`: what linking Format does (its at_exit), called before the code of a
/// program that uses Format.
pub(super) fn format_link(typer: &Typer) -> TResult<Expr> {
    Ok(app(
        typer.prelude_function("Format.__link")?,
        vec![super::expr::unit_value()],
    ))
}

fn rt(name: &'static str, purity: Purity, args: Vec<Expr>) -> Expr {
    Expr::Prim(Prim::Runtime(name, purity), args)
}

fn string(s: &[u8]) -> Expr {
    Expr::Const(Const::String(s.into()))
}

fn int(n: i64) -> Expr {
    Expr::Const(Const::Int(n))
}

fn concat(a: Expr, b: Expr) -> Expr {
    match (&a, &b) {
        (Expr::Const(Const::String(x)), Expr::Const(Const::String(y))) => {
            let mut s: Vec<u8> = x.to_vec();
            s.extend_from_slice(y);
            string(&s)
        }
        _ => rt("egret_string_concat", Purity::Pure, vec![a, b]),
    }
}

fn app(f: VarId, args: Vec<Expr>) -> Expr {
    Expr::App(Box::new(Expr::Var(f)), args)
}

/// `e1; e2; ..; en` (unit if empty).
fn sequence(steps: Vec<Expr>) -> Expr {
    let mut it = steps.into_iter().rev();
    let Some(last) = it.next() else {
        return super::expr::unit_value();
    };
    it.fold(last, |rest, step| Expr::Seq(Box::new(step), Box::new(rest)))
}

/// The elaboration of one call under construction: the parameters so far and the body's
/// steps (or, for a `String` sink, the string parts, with the printers' results bound first).
struct Elaboration {
    params: Vec<VarId>,
    tys: Vec<Type>,
    steps: Vec<Expr>,
    /// `String` sink: the `%a`/`%t` results, bound in order before the concatenation.
    lets: Vec<(VarId, Expr)>,
    /// `@<n>` seen: the next literal, string or char is printed with this size.
    magic_size: Option<i64>,
}

impl<'s> Typer<'s> {
    pub(super) fn prelude_function(&self, name: &str) -> TResult<VarId> {
        self.prelude_functions.get(name).copied().ok_or_else(|| {
            Diagnostic::error(
                Span::default(),
                format!("internal error: the prelude defines no `{name}`"),
            )
        })
    }

    /// The type of a prelude value (`Format.std_formatter : formatter`).
    pub(super) fn prelude_type(&self, name: &str) -> TResult<Type> {
        Ok(self.vars.ty(self.prelude_function(name)?).clone())
    }

    /// Elaborates `Printf.xxx "fmt" args..` and `Format.xxx "fmt" args..`.
    pub(super) fn printf(
        &mut self,
        name: &str,
        args: &[(ast::ArgLabel, ast::Expr)],
        span: Span,
    ) -> TResult<(Expr, Type)> {
        if name.starts_with("Scanf.") {
            return self.scanf(name, args, span);
        }
        let format_family = name.starts_with("Format.");
        self.links_format |= format_family && !self.in_prelude;
        let formatter = Type::Con(
            match self.prelude_type("Format.std_formatter")? {
                Type::Con(c, _) => c,
                _ => unreachable!("Format.formatter is a record"),
            },
            vec![],
        );
        let channel = Type::Con(TyCon::OUT_CHANNEL, vec![]);
        let mut e = Elaboration {
            params: Vec::new(),
            tys: Vec::new(),
            steps: Vec::new(),
            lets: Vec::new(),
            magic_size: None,
        };
        let lead = |typer: &mut Self, e: &mut Elaboration, what: &str, ty: Type| {
            let v = typer.fresh_var(what, ty.clone(), span);
            e.params.push(v);
            e.tys.push(ty);
            v
        };
        // The leading parameters (continuation, channel, formatter, buffer), the sink, what
        // follows the output, and the type of `%a`'s and `%t`'s printers' first argument and
        // result.
        let short = name.split_once('.').map_or(name, |(_, f)| f);
        let result_var = self.u.fresh_var();
        let (sink, finish, printer_arg, printer_result, result_ty) = match (format_family, short) {
            (false, "printf") => (
                Sink::Stdout,
                Finish::Body,
                channel.clone(),
                Type::unit(),
                Type::unit(),
            ),
            (false, "eprintf") => (
                Sink::Stderr,
                Finish::Body,
                channel.clone(),
                Type::unit(),
                Type::unit(),
            ),
            (false, "fprintf") => {
                let oc = lead(self, &mut e, "_oc", channel.clone());
                (
                    Sink::Channel(oc),
                    Finish::Body,
                    channel.clone(),
                    Type::unit(),
                    Type::unit(),
                )
            }
            (false, "kfprintf") => {
                let k = lead(
                    self,
                    &mut e,
                    "_k",
                    Type::arrow(channel.clone(), result_var.clone()),
                );
                let oc = lead(self, &mut e, "_oc", channel.clone());
                (
                    Sink::Channel(oc),
                    Finish::KApply(k, oc),
                    channel.clone(),
                    Type::unit(),
                    result_var,
                )
            }
            (false, "sprintf") => (
                Sink::String,
                Finish::Body,
                Type::unit(),
                Type::string(),
                Type::string(),
            ),
            (false, "ksprintf" | "kprintf") => {
                let k = lead(
                    self,
                    &mut e,
                    "_k",
                    Type::arrow(Type::string(), result_var.clone()),
                );
                (
                    Sink::String,
                    Finish::KString(k),
                    Type::unit(),
                    Type::string(),
                    result_var,
                )
            }
            (false, "bprintf") => {
                let buffer = match self.prelude_type("Buffer.add_string")? {
                    Type::Arrow(b, _) => *b,
                    _ => unreachable!("Buffer.add_string is a function"),
                };
                let b = lead(self, &mut e, "_buf", buffer.clone());
                (
                    Sink::Buffer(b),
                    Finish::Body,
                    buffer,
                    Type::unit(),
                    Type::unit(),
                )
            }
            (false, "ifprintf") => {
                let any = self.u.fresh_var();
                lead(self, &mut e, "_x", any.clone());
                (
                    Sink::Ignore,
                    Finish::Body,
                    any,
                    self.u.fresh_var(),
                    Type::unit(),
                )
            }
            (true, "printf" | "eprintf") => {
                let std = if short == "printf" {
                    "Format.std_formatter"
                } else {
                    "Format.err_formatter"
                };
                let ppf = self.prelude_function(std)?;
                (
                    Sink::Formatter { ppf, strput: false },
                    Finish::Body,
                    formatter.clone(),
                    Type::unit(),
                    Type::unit(),
                )
            }
            (true, "fprintf" | "ifprintf") => {
                let ppf = lead(self, &mut e, "_ppf", formatter.clone());
                let sink = if short == "fprintf" {
                    Sink::Formatter { ppf, strput: false }
                } else {
                    Sink::Ignore
                };
                (
                    sink,
                    Finish::Body,
                    formatter.clone(),
                    Type::unit(),
                    Type::unit(),
                )
            }
            (true, "kfprintf") => {
                let k = lead(
                    self,
                    &mut e,
                    "_k",
                    Type::arrow(formatter.clone(), result_var.clone()),
                );
                let ppf = lead(self, &mut e, "_ppf", formatter.clone());
                (
                    Sink::Formatter { ppf, strput: false },
                    Finish::KApply(k, ppf),
                    formatter.clone(),
                    Type::unit(),
                    result_var,
                )
            }
            (true, "sprintf" | "ksprintf" | "asprintf" | "kasprintf") => {
                let k = short.starts_with('k').then(|| {
                    lead(
                        self,
                        &mut e,
                        "_k",
                        Type::arrow(Type::string(), result_var.clone()),
                    )
                });
                let ppf = self.fresh_var("_ppf", formatter.clone(), span);
                let strput = short.ends_with("sprintf") && !short.ends_with("asprintf");
                let (arg, res) = if strput {
                    (Type::unit(), Type::string())
                } else {
                    (formatter.clone(), Type::unit())
                };
                let result = if k.is_some() {
                    result_var
                } else {
                    Type::string()
                };
                (
                    Sink::Formatter { ppf, strput },
                    Finish::BufferFormatter(ppf, k),
                    arg,
                    res,
                    result,
                )
            }
            (true, "dprintf") => {
                let ppf = self.fresh_var("_ppf", formatter.clone(), span);
                (
                    Sink::Formatter { ppf, strput: false },
                    Finish::Delayed(ppf),
                    formatter.clone(),
                    Type::unit(),
                    Type::arrow(formatter.clone(), Type::unit()),
                )
            }
            // The rest (`kdprintf`, `ikfprintf`, `kbprintf`, the deprecated `Format.bprintf`
            // ...) take the literal as a format value (`value.rs`).
            _ => {
                let (head, t) = self.printf_consumer(name)?;
                return self.apply_labelled(head, t, args, span);
            }
        };
        let fmt_arg = e.params.len();
        let fmt_expr = args
            .get(fmt_arg)
            .filter(|(l, _)| *l == ast::ArgLabel::Nolabel)
            .map(|(_, a)| a);
        let Some(ExprKind::Constant(Constant::String(fmt))) = fmt_expr.map(|a| &a.kind) else {
            // A format value (`value.rs`): the function's consumer of format values.
            let (head, t) = self.printf_consumer(name)?;
            return self.apply_labelled(head, t, args, span);
        };
        let pieces = parse_format(fmt, args[fmt_arg].1.span)?;
        for p in &pieces {
            self.piece(
                &mut e,
                p,
                sink,
                format_family,
                (&printer_arg, &printer_result),
                span,
            )?;
        }
        let body = self.sink_body(&mut e, sink)?;
        let body = match finish {
            Finish::Body => body,
            Finish::KString(k) => app(k, vec![body]),
            Finish::KApply(k, x) => Expr::Seq(Box::new(body), Box::new(app(k, vec![Expr::Var(x)]))),
            Finish::BufferFormatter(ppf, k) => {
                let output = self.prelude_function("Format.__buffer_output")?;
                let s = app(output, vec![Expr::Fun(vec![ppf], Box::new(body))]);
                match k {
                    Some(k) => app(k, vec![s]),
                    None => s,
                }
            }
            Finish::Delayed(ppf) => Expr::Fun(vec![ppf], Box::new(body)),
        };
        let fn_ty = Type::arrows(e.tys.into_iter(), result_ty);
        let head = if e.params.is_empty() {
            body
        } else {
            Expr::Fun(e.params, Box::new(body))
        };
        let rest: Vec<(ast::ArgLabel, ast::Expr)> = args[..fmt_arg]
            .iter()
            .chain(&args[fmt_arg + 1..])
            .cloned()
            .collect();
        self.apply_labelled(head, fn_ty, &rest, span)
    }

    /// A new parameter of type `ty`.
    fn format_param(&mut self, e: &mut Elaboration, ty: Type, span: Span) -> VarId {
        let v = self.fresh_var("_fmt", ty.clone(), span);
        e.params.push(v);
        e.tys.push(ty);
        v
    }

    /// Adds piece `p` to the elaboration.
    fn piece(
        &mut self,
        e: &mut Elaboration,
        p: &Piece,
        sink: Sink,
        format_family: bool,
        (printer_arg, printer_result): (&Type, &Type),
        span: Span,
    ) -> TResult<()> {
        match p {
            Piece::Text(t) => self.emit_string(e, sink, string(t))?,
            Piece::Flush => self.emit_flush(e, sink)?,
            Piece::Formatting { text, action } => {
                if let FormatAction::OpenBoxOf(sub) | FormatAction::OpenTagOf(sub) = action {
                    return self.open_box_of(e, sink, format_family, text, action, sub, span);
                }
                if !format_family {
                    return self.emit_string(e, sink, string(text));
                }
                let Sink::Formatter { ppf, .. } = sink else {
                    return Ok(()); // ifprintf
                };
                let ppf_e = Expr::Var(ppf);
                let unit = super::expr::unit_value;
                let call = |typer: &Self, f: &str, args: Vec<Expr>| -> TResult<Expr> {
                    Ok(app(typer.prelude_function(f)?, args))
                };
                let step = match action {
                    FormatAction::Text(t) => return self.emit_string(e, sink, string(t)),
                    FormatAction::OpenBoxOf(_) | FormatAction::OpenTagOf(_) => {
                        unreachable!("handled above")
                    }
                    FormatAction::MagicSize(n) => {
                        e.magic_size = Some(*n);
                        return Ok(());
                    }
                    FormatAction::OpenBox { indent, kind } => call(
                        self,
                        "Format.__open_box",
                        vec![ppf_e, int(*indent), int(*kind)],
                    )?,
                    FormatAction::CloseBox => {
                        call(self, "Format.pp_close_box", vec![ppf_e, unit()])?
                    }
                    FormatAction::OpenTag(tag) => {
                        call(self, "Format.pp_open_tag", vec![ppf_e, string(tag)])?
                    }
                    FormatAction::CloseTag => {
                        call(self, "Format.pp_close_tag", vec![ppf_e, unit()])?
                    }
                    FormatAction::Break { width, offset } => call(
                        self,
                        "Format.pp_print_break",
                        vec![ppf_e, int(*width), int(*offset)],
                    )?,
                    FormatAction::Flush => {
                        call(self, "Format.pp_print_flush", vec![ppf_e, unit()])?
                    }
                    FormatAction::ForceNewline => {
                        call(self, "Format.pp_force_newline", vec![ppf_e, unit()])?
                    }
                    FormatAction::FlushNewline => {
                        call(self, "Format.pp_print_newline", vec![ppf_e, unit()])?
                    }
                };
                e.magic_size = None;
                e.steps.push(step);
            }
            Piece::Alpha | Piece::Theta => {
                let x_ty = self.u.fresh_var();
                let printer_ty = if matches!(p, Piece::Alpha) {
                    Type::arrow(
                        printer_arg.clone(),
                        Type::arrow(x_ty.clone(), printer_result.clone()),
                    )
                } else {
                    Type::arrow(printer_arg.clone(), printer_result.clone())
                };
                let f = self.format_param(e, printer_ty, span);
                let x = matches!(p, Piece::Alpha).then(|| self.format_param(e, x_ty, span));
                let first = match sink {
                    Sink::Stdout => Expr::Var(self.prelude_function("stdout")?),
                    Sink::Stderr => Expr::Var(self.prelude_function("stderr")?),
                    Sink::Channel(v)
                    | Sink::Buffer(v)
                    | Sink::Formatter {
                        ppf: v,
                        strput: false,
                    } => Expr::Var(v),
                    Sink::String | Sink::Formatter { strput: true, .. } => {
                        super::expr::unit_value()
                    }
                    Sink::Ignore => return Ok(()),
                };
                let call = app(f, std::iter::once(first).chain(x.map(Expr::Var)).collect());
                match sink {
                    Sink::String => {
                        let s = self.fresh_var("_str", Type::string(), span);
                        e.lets.push((s, call));
                        e.steps.push(Expr::Var(s));
                    }
                    Sink::Formatter { strput: true, .. } => self.emit_string(e, sink, call)?,
                    _ => {
                        e.magic_size = None;
                        e.steps.push(call);
                    }
                }
            }
            Piece::Conv { .. } => {
                let s = self.piece_string(e, p, span)?;
                self.emit_string(e, sink, s)?;
            }
        }
        Ok(())
    }

    /// The string of a text, conversion or boxed-integer piece (its parameters added).
    fn piece_string(&mut self, e: &mut Elaboration, p: &Piece, span: Span) -> TResult<Expr> {
        Ok(match p {
            Piece::Text(t) => string(t),
            Piece::Conv {
                width,
                precision,
                size,
                kind,
                ..
            } => {
                // `*`: the width, then the precision, are `int` arguments before the value.
                let (head, mid, tail) = p.spec_parts().expect("a conversion");
                let star = |typer: &mut Self, e: &mut Elaboration| {
                    let n = typer.format_param(e, Type::int(), span);
                    rt(
                        "egret_format_int",
                        Purity::Pure,
                        vec![string(b"%d"), Expr::Var(n)],
                    )
                };
                let mut spec_e = string(head.as_bytes());
                spec_e = if *width == Count::Star {
                    concat(spec_e, star(self, e))
                } else {
                    concat(spec_e, string(mid.as_bytes()))
                };
                if *precision == Count::Star {
                    spec_e = concat(spec_e, string(b"."));
                    spec_e = concat(spec_e, star(self, e));
                    spec_e = concat(spec_e, string(&tail.as_bytes()[1..]));
                } else {
                    spec_e = concat(spec_e, string(tail.as_bytes()));
                }
                match size {
                    Some(size) => {
                        let v = self.format_param(e, Type::boxed_int(*size), span);
                        let name = match size {
                            BoxedIntKind::Int32 => "egret_format_int32",
                            BoxedIntKind::Int64 => "egret_format_int64",
                            BoxedIntKind::Nativeint => "egret_format_nativeint",
                        };
                        rt(name, Purity::Pure, vec![spec_e, Expr::Var(v)])
                    }
                    None => self.conversion(e, *kind, spec_e, span)?,
                }
            }
            _ => unreachable!("parse_format keeps only text and conversions here"),
        })
    }

    /// The string of a conversion `%<kind>` of a new parameter, with `spec_e` its spec.
    fn conversion(
        &mut self,
        e: &mut Elaboration,
        kind: u8,
        spec_e: Expr,
        span: Span,
    ) -> TResult<Expr> {
        let ty = match kind {
            b's' | b'S' => Type::string(),
            b'c' | b'C' => Type::char(),
            b'b' | b'B' => Type::bool(),
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'h' | b'H' => Type::float(),
            _ => Type::int(),
        };
        let v = self.format_param(e, ty, span);
        let arg = Expr::Var(v);
        Ok(match kind {
            b's' => rt("egret_format_string", Purity::Pure, vec![spec_e, arg]),
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'h' | b'H' => {
                rt("egret_format_float", Purity::Pure, vec![spec_e, arg])
            }
            b'c' => rt("egret_format_char", Purity::Pure, vec![spec_e, arg]),
            // `%S` and `%C`: the argument as an OCaml literal, quoted and escaped by the
            // prelude's `String.escaped` / `Char.escaped`; `%S` is padded as `%s` is, `%C`
            // ignores its width as `%c` does.
            b'S' | b'C' => {
                let (escape, quote) = if kind == b'S' {
                    ("String.escaped", b"\"")
                } else {
                    ("Char.escaped", b"'")
                };
                let f = self.prelude_function(escape)?;
                let escaped = app(f, vec![arg]);
                let quoted = concat(string(quote), concat(escaped, string(quote)));
                let s_spec = if kind == b'S' {
                    respec(spec_e, b's')
                } else {
                    string(b"%s")
                };
                rt("egret_format_string", Purity::Pure, vec![s_spec, quoted])
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
        })
    }

    /// `@[<..>` / `@{<..>` with a description known at run time: Printf prints `@[<`, the
    /// description and `>`; Format prints the description into a string and opens the box
    /// (`Format.__open_box_of_string`, failing as OCaml does on an invalid one) or the tag.
    #[allow(clippy::too_many_arguments)]
    fn open_box_of(
        &mut self,
        e: &mut Elaboration,
        sink: Sink,
        format_family: bool,
        text: &[u8],
        action: &FormatAction,
        sub: &[Piece],
        span: Span,
    ) -> TResult<()> {
        if !format_family {
            let mut open = text.to_vec();
            open.push(b'<');
            self.emit_string(e, sink, string(&open))?;
            for p in sub {
                let s = self.piece_string(e, p, span)?;
                self.emit_string(e, sink, s)?;
            }
            return self.emit_string(e, sink, string(b">"));
        }
        let mut desc = string(b"");
        for p in sub {
            let s = self.piece_string(e, p, span)?;
            desc = concat(desc, s);
        }
        let Sink::Formatter { ppf, .. } = sink else {
            return Ok(()); // ifprintf
        };
        let f = if matches!(action, FormatAction::OpenTagOf(_)) {
            "Format.pp_open_tag"
        } else {
            "Format.__open_box_of_string"
        };
        let step = app(self.prelude_function(f)?, vec![Expr::Var(ppf), desc]);
        e.magic_size = None;
        e.steps.push(step);
        Ok(())
    }

    /// Outputs string `s` to the sink.
    fn emit_string(&mut self, e: &mut Elaboration, sink: Sink, s: Expr) -> TResult<()> {
        let step = match sink {
            Sink::Stdout | Sink::Stderr => {
                let print = if sink == Sink::Stdout {
                    "print_string"
                } else {
                    "prerr_string"
                };
                let imp = self
                    .builtins
                    .iter()
                    .find(|b| b.name == print)
                    .map(|b| b.imp);
                let Some(BuiltinImpl::Prim(prim, _)) = imp else {
                    unreachable!("print builtins")
                };
                Expr::Prim(prim, vec![s])
            }
            Sink::Channel(oc) => app(
                self.prelude_function("output_string")?,
                vec![Expr::Var(oc), s],
            ),
            Sink::String => s,
            Sink::Buffer(b) => app(
                self.prelude_function("Buffer.add_string")?,
                vec![Expr::Var(b), s],
            ),
            Sink::Formatter { ppf, .. } => match e.magic_size.take() {
                Some(n) => app(
                    self.prelude_function("Format.pp_print_as")?,
                    vec![Expr::Var(ppf), int(n), s],
                ),
                None => app(
                    self.prelude_function("Format.pp_print_string")?,
                    vec![Expr::Var(ppf), s],
                ),
            },
            Sink::Ignore => return Ok(()),
        };
        e.steps.push(step);
        Ok(())
    }

    /// `%!` (and, in Format, `@?`): flushes the sink.
    fn emit_flush(&mut self, e: &mut Elaboration, sink: Sink) -> TResult<()> {
        let step = match sink {
            Sink::Stdout => rt("egret_flush", Purity::Effect, vec![int(1)]),
            Sink::Stderr => rt("egret_flush", Purity::Effect, vec![int(2)]),
            Sink::Channel(oc) => rt("egret_flush", Purity::Effect, vec![Expr::Var(oc)]),
            Sink::Formatter { ppf, .. } => app(
                self.prelude_function("Format.pp_print_flush")?,
                vec![Expr::Var(ppf), super::expr::unit_value()],
            ),
            Sink::String | Sink::Buffer(_) | Sink::Ignore => return Ok(()),
        };
        e.magic_size = None;
        e.steps.push(step);
        Ok(())
    }

    /// The body: the steps in sequence, or for a `String` sink their concatenation.
    fn sink_body(&mut self, e: &mut Elaboration, sink: Sink) -> TResult<Expr> {
        let steps = std::mem::take(&mut e.steps);
        if sink != Sink::String {
            return Ok(sequence(steps));
        }
        let mut parts = steps.into_iter();
        let first = parts.next().unwrap_or_else(|| string(b""));
        let joined = parts.fold(first, concat);
        Ok(std::mem::take(&mut e.lets)
            .into_iter()
            .rev()
            .fold(joined, |body, (v, x)| {
                Expr::Local(v, Box::new(x), Box::new(body))
            }))
    }
}

/// `spec_e` (a spec ending in a conversion letter) with its last letter replaced by `letter`.
fn respec(spec_e: Expr, letter: u8) -> Expr {
    match spec_e {
        Expr::Const(Const::String(s)) => {
            let mut s: Vec<u8> = s.to_vec();
            if let Some(last) = s.last_mut() {
                *last = letter;
            }
            string(&s)
        }
        // `%*S`: the spec was built from pieces whose last is the letter.
        Expr::Prim(p, mut args) if args.len() == 2 => {
            let last = args.pop().expect("two arguments");
            let first = args.pop().expect("two arguments");
            Expr::Prim(p, vec![first, respec(last, letter)])
        }
        other => other,
    }
}
