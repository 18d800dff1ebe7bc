//! Scanf with a format value (`let read fmt = Scanf.bscanf ib fmt`, `Scanf.sscanf s (f ^^
//! g)`, `List.map Scanf.sscanf ..`): a format value (`printf/value.rs`) also carries what
//! Scanf reads for it, the `__scan_op` list made here from its literal by the same parser as
//! the direct elaboration (`parse.rs`), and its text; the prelude's `Scanf.__kscanf_value`
//! interprets the list at run time and applies the receiver to the values read, in order.
//!
//! A literal that Scanf's parser rejects (or that egret's does not support) scans as an
//! operation that fails with `Invalid_argument` when used by Scanf: such a literal is only
//! used by Printf, which parsed it at compile time.

use super::super::Typer;
use super::parse::{parse_scan_format, Item, Pad, Prec, Token};
use crate::diagnostics::Span;
use crate::lambda::ir::BoxedIntKind;
use crate::syntax::ast::{self, Constant, ExprKind};

/// The scanning function applied to a format value: its consumer in the prelude.
pub(in crate::typing) const CONSUMERS: [(&str, &str); 7] = [
    ("Scanf.scanf", "Scanf.__scanf_value"),
    ("Scanf.sscanf", "Scanf.__sscanf_value"),
    ("Scanf.bscanf", "Scanf.__bscanf_value"),
    ("Scanf.kscanf", "Scanf.__kscanf_value"),
    ("Scanf.ksscanf", "Scanf.__ksscanf_value"),
    ("Scanf.fscanf", "Scanf.__fscanf_value"),
    ("Scanf.kfscanf", "Scanf.__kfscanf_value"),
];

/// OCaml's `max_int`.
const MAX_INT: i64 = (1 << 62) - 1;

fn e(kind: ExprKind, span: Span) -> ast::Expr {
    ast::Expr { kind, span }
}

/// The source of `[op; ..]`, the `__scan_op` list of literal `fmt` at `span`.
pub(in crate::typing) fn scan_ops_source(fmt: &[u8], span: Span) -> ast::Expr {
    let string = |s: &[u8]| e(ExprKind::Constant(Constant::String(s.to_vec())), span);
    let int = |n: i64| e(ExprKind::Constant(Constant::Int(n)), span);
    let chr = |c: u8| e(ExprKind::Constant(Constant::Char(c)), span);
    let ctor = |name: &str, args: Vec<ast::Expr>| {
        let arg = match args.len() {
            0 => None,
            1 => Some(Box::new(args.into_iter().next().expect("one"))),
            _ => Some(Box::new(e(ExprKind::Tuple(args), span))),
        };
        e(ExprKind::Construct(name.to_string(), arg), span)
    };
    let bad = |what: &str| {
        ctor(
            "CamlinternalFormat_scan_bad",
            vec![string(
                format!("scanf: bad conversion \"%{what}\"").as_bytes(),
            )],
        )
    };
    let ops: Vec<ast::Expr> = match parse_scan_format(fmt, span) {
        Err(_) => vec![ctor(
            "CamlinternalFormat_scan_bad",
            vec![string(b"scanf: a format egret cannot scan with")],
        )],
        Ok(items) => items
            .iter()
            .map(|item| match item {
                Item::Lit(t) => ctor("CamlinternalFormat_scan_lit", vec![string(t)]),
                Item::EndOfInput => ctor("CamlinternalFormat_scan_end", vec![]),
                Item::Read { token, ignored } => {
                    let (pad, prec) = match token {
                        Token::Int { pad, prec, .. } | Token::Float { pad, prec, .. } => {
                            (*pad, *prec)
                        }
                        Token::String { pad, .. }
                        | Token::CamlString { pad }
                        | Token::Bool { pad } => (*pad, Prec::None),
                        _ => (Pad::None, Prec::None),
                    };
                    match (pad, prec) {
                        (Pad::Left(_), _) => return bad("-"),
                        (Pad::Star, _) | (_, Prec::Star) => return bad("*"),
                        _ => {}
                    }
                    let w = match pad {
                        Pad::Width(w) => w,
                        _ => MAX_INT,
                    };
                    let p = match prec {
                        Prec::Digits(p) => p,
                        _ => MAX_INT,
                    };
                    let (kind, conv, w, stop, set) = match token {
                        Token::Int { conv, boxed, .. } => {
                            let kind = match boxed {
                                None => b'i',
                                Some(BoxedIntKind::Int32) => b'l',
                                Some(BoxedIntKind::Int64) => b'L',
                                Some(BoxedIntKind::Nativeint) => b'n',
                            };
                            (kind, *conv, w, None, Vec::new())
                        }
                        Token::Float { kind, .. } => (b'f', *kind, w, None, Vec::new()),
                        Token::String { stop, .. } => (b's', b's', w, *stop, Vec::new()),
                        Token::CamlString { .. } => (b'S', b'S', w, None, Vec::new()),
                        Token::Bool { .. } => (b'b', b'b', w, None, Vec::new()),
                        Token::Char => (b'c', b'c', w, None, Vec::new()),
                        Token::CamlChar => (b'C', b'C', w, None, Vec::new()),
                        Token::NextChar => (b'0', b'c', w, None, Vec::new()),
                        Token::CharSet { set, width, stop } => {
                            (b'[', b'[', width.unwrap_or(MAX_INT), *stop, set.clone())
                        }
                        Token::Counter(c) => (b'N', *c, w, None, Vec::new()),
                        Token::Alpha => return bad("a"),
                        Token::Theta => return bad("t"),
                        // Printf's parser rejects `%r`: no format value has one.
                        Token::Reader => return bad("r"),
                    };
                    let skip = if *ignored { "true" } else { "false" };
                    ctor(
                        "CamlinternalFormat_scan",
                        vec![
                            chr(kind),
                            chr(conv),
                            int(w),
                            int(p),
                            int(stop.map_or(-1, i64::from)),
                            string(&set),
                            ctor(skip, vec![]),
                        ],
                    )
                }
            })
            .collect(),
    };
    let mut list = e(ExprKind::Construct("[]".into(), None), span);
    for op in ops.into_iter().rev() {
        list = e(
            ExprKind::Construct(
                "::".into(),
                Some(Box::new(e(ExprKind::Tuple(vec![op, list]), span))),
            ),
            span,
        );
    }
    list
}

/// The source of the format value of `fmt` when Printf's parser rejects it but Scanf's
/// accepts it (`" %i %1[;]"`, `"%d %_s"`, `"%n"`): its printing part takes the arguments
/// Scanf's receiver takes (their types are the format's) and fails with `Invalid_argument`,
/// egret's Printf not printing such formats; `None` when Scanf's parser rejects it too, or
/// it has a `%r` (whose type egret's format values cannot state).
pub(in crate::typing) fn scan_only_format(fmt: &[u8], span: Span) -> Option<ast::Expr> {
    let items = parse_scan_format(fmt, span).ok()?;
    let ty = |name: &str| ast::TypeExpr {
        kind: ast::TypeExprKind::Constr(name.to_string(), vec![]),
        span,
    };
    let mut tys = Vec::new();
    for item in &items {
        let Item::Read { token, ignored } = item else {
            continue;
        };
        let (pad, prec) = match token {
            Token::Int { pad, prec, .. } | Token::Float { pad, prec, .. } => (*pad, *prec),
            Token::String { pad, .. } | Token::CamlString { pad } | Token::Bool { pad } => {
                (*pad, Prec::None)
            }
            _ => (Pad::None, Prec::None),
        };
        if pad == Pad::Star {
            tys.push(ty("int"));
        }
        if prec == Prec::Star {
            tys.push(ty("int"));
        }
        let name = match token {
            Token::Int { boxed: None, .. } | Token::Counter(_) => "int",
            Token::Int {
                boxed: Some(BoxedIntKind::Int32),
                ..
            } => "int32",
            Token::Int {
                boxed: Some(BoxedIntKind::Int64),
                ..
            } => "int64",
            Token::Int {
                boxed: Some(BoxedIntKind::Nativeint),
                ..
            } => "nativeint",
            Token::Float { .. } => "float",
            Token::String { .. } | Token::CamlString { .. } | Token::CharSet { .. } => "string",
            Token::Bool { .. } => "bool",
            Token::Char | Token::CamlChar | Token::NextChar => "char",
            Token::Reader | Token::Alpha | Token::Theta => return None,
        };
        if !ignored {
            tys.push(ty(name));
        }
    }
    let var = |name: &str| e(ExprKind::Var(name.to_string()), span);
    let message = format!(
        "Printf: egret cannot print with the scanning format \"{}\"",
        String::from_utf8_lossy(fmt)
    );
    let fail = e(
        ExprKind::Apply(
            Box::new(var("Stdlib.invalid_arg")),
            vec![(
                ast::ArgLabel::Nolabel,
                e(
                    ExprKind::Constant(Constant::String(message.into_bytes())),
                    span,
                ),
            )],
        ),
        span,
    );
    let k = "__fmt_k";
    let mut body = e(
        ExprKind::Apply(Box::new(var(k)), vec![(ast::ArgLabel::Nolabel, fail)]),
        span,
    );
    let pattern = |kind: ast::PatternKind| ast::Pattern { kind, span };
    if !tys.is_empty() {
        let params = tys
            .into_iter()
            .enumerate()
            .map(|(i, t)| {
                ast::Param::positional(pattern(ast::PatternKind::Constraint(
                    Box::new(pattern(ast::PatternKind::Var(format!("__fmt_{i}")))),
                    t,
                )))
            })
            .collect();
        body = e(ExprKind::Fun(params, Box::new(body)), span);
    }
    let print = e(
        ExprKind::Fun(
            vec![ast::Param::positional(pattern(ast::PatternKind::Var(
                k.to_string(),
            )))],
            Box::new(body),
        ),
        span,
    );
    let text = e(ExprKind::Constant(Constant::String(fmt.to_vec())), span);
    Some(e(
        ExprKind::Construct(
            "CamlinternalFormat_Format".into(),
            Some(Box::new(e(
                ExprKind::Tuple(vec![print, scan_ops_source(fmt, span), text]),
                span,
            ))),
        ),
        span,
    ))
}

impl<'s> Typer<'s> {
    /// A scanning function applied to a format value, or used as a value: its consumer of
    /// format values, instantiated.
    pub(in crate::typing) fn scanf_consumer(
        &mut self,
        name: &str,
    ) -> super::super::TResult<(crate::lambda::ir::Expr, crate::lambda::ir::Type)> {
        let consumer = CONSUMERS
            .iter()
            .find(|(f, _)| *f == name)
            .map(|(_, c)| *c)
            .expect("every scanf function has a consumer");
        self.scanf_instance(consumer)
    }
}
