//! The scanf family with a literal format: `Scanf.scanf sscanf bscanf kscanf ksscanf fscanf
//! kfscanf fmt`, elaborated at each application as Printf's functions are (`typing/printf/`):
//! egret cannot compile `scanf.ml` (CamlinternalFormat needs GADTs), so the format is parsed
//! at compile time (`parse.rs`, as OCaml's type checker parses it) and each conversion
//! becomes a call of the prelude's reader for it (the `Scanf` section, `scanf.ml`'s own
//! code: `make_scanf`'s case for the conversion).
//!
//! `Scanf.sscanf s "%d %s" f` elaborates to
//!
//! ```text
//! (fun s -> let ib = Scanning.from_string s in
//!   fun f -> __kscanf ib __scanf_bad_input "%d %s"
//!     (fun () -> let x1 = __scan_int 'd' max_int ib in __check_string ib " ";
//!                let x2 = __scan_s (-1) max_int ib in fun k -> k x1 x2)
//!     f) s f
//! ```
//!
//! as OCaml's `kscanf` runs: the input buffer is made when the leading arguments are given
//! (a partial application `sscanf s fmt` shares it, as in OCaml); readers (`%r`) come before
//! the receiver `f`; scanning starts once `f` is given, under `__kscanf`, which sends
//! `Scan_failure`, `Failure` and `End_of_file` to the error function and applies `f` to the
//! values outside that handler. The receiver's type is the conversions' types in order,
//! `-> 'd`, the call's type `'d`, which is OCaml's `('a, 'b, 'c, 'd) scanner` for the literal.
//! What OCaml rejects at run time (`%-5d`, `%*d`, `%a`, `%t`) raises its `Invalid_argument`
//! at the same point. A format that is not a literal, or a scanf function used as a value,
//! goes to the function's consumer of format values (`value.rs`).

mod parse;
pub(in crate::typing) mod value;

use super::{TResult, Typer};
use crate::diagnostics::Span;
use crate::lambda::ir::{BoxedIntKind, Const, Expr, TyCon, Type, VarId};
use crate::syntax::ast::{self, Constant, ExprKind};
use parse::{parse_scan_format, Item, Pad, Prec, Token};

/// The functions elaborated from their literal format (bound as `ValueBinding::Printf`, with
/// Printf's: aliases and `open Scanf` work the same way).
pub const SCANF_FUNCTIONS: [&str; 7] = [
    "Scanf.scanf",
    "Scanf.sscanf",
    "Scanf.bscanf",
    "Scanf.kscanf",
    "Scanf.ksscanf",
    "Scanf.fscanf",
    "Scanf.kfscanf",
];

/// The public prelude values the elaborations use (captured at the end of the prelude).
pub(super) const PRELUDE_FUNCTIONS: [&str; 3] = [
    "invalid_arg",
    "Scanf.Scanning.stdin",
    "Scanf.Scanning.from_string",
];

/// The `Scanf` section's private functions the elaborations call (captured when it closes).
pub(super) const PRIVATE_FUNCTIONS: [&str; 25] = [
    "Scanf.__scanf_value",
    "Scanf.__sscanf_value",
    "Scanf.__bscanf_value",
    "Scanf.__kscanf_value",
    "Scanf.__ksscanf_value",
    "Scanf.__fscanf_value",
    "Scanf.__kfscanf_value",
    "Scanf.__kscanf",
    "Scanf.__scanf_bad_input",
    "Scanf.__fscanf_buffer",
    "Scanf.__check_string",
    "Scanf.__end_of_input",
    "Scanf.__scan_c",
    "Scanf.__scan_caml_c",
    "Scanf.__next_char",
    "Scanf.__scan_s",
    "Scanf.__scan_caml_s",
    "Scanf.__scan_b",
    "Scanf.__scan_int",
    "Scanf.__scan_int32",
    "Scanf.__scan_int64",
    "Scanf.__scan_nativeint",
    "Scanf.__scan_f",
    "Scanf.__scan_char_set",
    "Scanf.__counter",
];

/// OCaml's `max_int`: the width and precision of a conversion that has none.
const MAX_INT: i64 = (1 << 62) - 1;

fn app(f: Expr, args: Vec<Expr>) -> Expr {
    Expr::App(Box::new(f), args)
}

fn int(n: i64) -> Expr {
    Expr::Const(Const::Int(n))
}

fn chr(c: u8) -> Expr {
    Expr::Const(Const::Char(c))
}

fn string(s: &[u8]) -> Expr {
    Expr::Const(Const::String(s.into()))
}

/// A width as the readers take it.
fn width(w: Option<i64>) -> Expr {
    int(w.unwrap_or(MAX_INT))
}

/// The scanning steps under construction: the values' bindings and checks in order, the
/// values the receiver gets, and their types.
struct Scan {
    /// `Ok((v, e))`: `let v = e in`; `Err(e)`: `e;` (a check of type unit).
    steps: Vec<Result<(VarId, Expr), Expr>>,
    values: Vec<Expr>,
    tys: Vec<Type>,
    /// The `%r` readers: parameters before the receiver.
    readers: Vec<VarId>,
    reader_tys: Vec<Type>,
}

impl<'s> Typer<'s> {
    /// A prelude value, its type scheme instantiated.
    fn scanf_instance(&mut self, name: &str) -> TResult<(Expr, Type)> {
        let v = self.prelude_function(name)?;
        let scheme = self.vars.ty(v).clone();
        let (t, args) = self.u.instantiate(&scheme);
        let mut e = Expr::Var(v);
        for a in args {
            e = Expr::TyApp(Box::new(e), a);
        }
        Ok((e, t))
    }

    /// `f args..` of a monomorphic prelude function.
    fn scanf_call(&self, name: &str, args: Vec<Expr>) -> TResult<Expr> {
        Ok(app(Expr::Var(self.prelude_function(name)?), args))
    }

    /// `invalid_arg "scanf: bad conversion \"%X\""` at type `ty` (OCaml's run-time rejection
    /// of a conversion Scanf cannot do; `__kscanf` adds the format).
    fn scanf_bad_conversion(&mut self, what: &str, ty: &Type, span: Span) -> TResult<Expr> {
        let (f, t) = self.scanf_instance("invalid_arg")?;
        self.expect(span, &t, &Type::arrow(Type::string(), ty.clone()))?;
        let msg = format!("scanf: bad conversion \"%{what}\"");
        Ok(app(f, vec![string(msg.as_bytes())]))
    }

    /// Elaborates `Scanf.xxx leads.. "fmt" args..`.
    pub(super) fn scanf(
        &mut self,
        name: &str,
        args: &[(ast::ArgLabel, ast::Expr)],
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let short = name.strip_prefix("Scanf.").unwrap_or(name);
        let leads = match short {
            "scanf" => 0,
            "sscanf" | "bscanf" | "fscanf" => 1,
            _ => 2,
        };
        let fmt_expr = args
            .get(leads)
            .filter(|(l, _)| *l == ast::ArgLabel::Nolabel)
            .map(|(_, a)| a);
        let Some(ExprKind::Constant(Constant::String(fmt))) = fmt_expr.map(|a| &a.kind) else {
            // A format value (`value.rs`): the function's consumer of format values.
            let (head, t) = self.scanf_consumer(name)?;
            return self.apply_labelled(head, t, args, span);
        };
        let items = parse_scan_format(fmt, args[leads].1.span)?;
        let ib_ty = self.prelude_type("Scanf.Scanning.stdin")?;
        let d = self.u.fresh_var();
        let ef_ty = Type::arrow(ib_ty.clone(), Type::arrow(Type::exn(), d.clone()));
        let ic_ty = Type::Con(TyCon::IN_CHANNEL, vec![]);

        // The leading parameters, the input buffer and the error function.
        let mut lead_params = Vec::new();
        let mut lead_tys = Vec::new();
        let mut lead = |typer: &mut Self, what: &str, ty: Type| {
            let v = typer.fresh_var(what, ty.clone(), span);
            lead_params.push(v);
            lead_tys.push(ty);
            v
        };
        // `Some((ib, e))`: the buffer is `let ib = e` once the leading arguments are given.
        let (ib, made): (Expr, Option<(VarId, Expr)>) = match short {
            "scanf" => (
                Expr::Var(self.prelude_function("Scanf.Scanning.stdin")?),
                None,
            ),
            "bscanf" | "kscanf" => (Expr::Var(lead(self, "_ib", ib_ty.clone())), None),
            "sscanf" | "ksscanf" => {
                let s = lead(self, "_s", Type::string());
                let ib = self.fresh_var("_ib", ib_ty.clone(), span);
                let e = self.scanf_call("Scanf.Scanning.from_string", vec![Expr::Var(s)])?;
                (Expr::Var(ib), Some((ib, e)))
            }
            _ => {
                let ic = lead(self, "_ic", ic_ty);
                let ib = self.fresh_var("_ib", ib_ty.clone(), span);
                let e = self.scanf_call("Scanf.__fscanf_buffer", vec![Expr::Var(ic)])?;
                (Expr::Var(ib), Some((ib, e)))
            }
        };
        let ef = if short.starts_with('k') {
            Expr::Var(lead(self, "_ef", ef_ty.clone()))
        } else {
            let (f, t) = self.scanf_instance("Scanf.__scanf_bad_input")?;
            self.expect(span, &t, &ef_ty)?;
            f
        };

        let mut scan = Scan {
            steps: Vec::new(),
            values: Vec::new(),
            tys: Vec::new(),
            readers: Vec::new(),
            reader_tys: Vec::new(),
        };
        for item in &items {
            self.scan_item(&mut scan, item, &ib, &ib_ty, span)?;
        }

        // `fun () -> steps; fun k -> k values..`
        let receiver_ty = Type::arrows(scan.tys.iter().cloned(), d.clone());
        let k = self.fresh_var("_k", receiver_ty.clone(), span);
        let apply = if scan.values.is_empty() {
            Expr::Var(k)
        } else {
            app(Expr::Var(k), scan.values)
        };
        let mut body = Expr::Fun(vec![k], Box::new(apply));
        for step in scan.steps.into_iter().rev() {
            body = match step {
                Ok((v, e)) => Expr::Local(v, Box::new(e), Box::new(body)),
                Err(e) => Expr::Seq(Box::new(e), Box::new(body)),
            };
        }
        let unit = self.fresh_var("_unit", Type::unit(), span);
        let thunk = Expr::Fun(vec![unit], Box::new(body));

        let f = self.fresh_var("_f", receiver_ty.clone(), span);
        let (kscanf, kscanf_ty) = self.scanf_instance("Scanf.__kscanf")?;
        let expected = Type::arrows(
            [
                ib_ty.clone(),
                ef_ty,
                Type::string(),
                Type::arrow(Type::unit(), Type::arrow(receiver_ty.clone(), d.clone())),
                receiver_ty.clone(),
            ]
            .into_iter(),
            d.clone(),
        );
        self.expect(span, &kscanf_ty, &expected)?;
        let call = app(kscanf, vec![ib, ef, string(fmt), thunk, Expr::Var(f)]);
        let mut params = scan.readers;
        params.push(f);
        let inner_tys: Vec<Type> = scan
            .reader_tys
            .into_iter()
            .chain(std::iter::once(receiver_ty))
            .collect();
        let inner_ty = Type::arrows(inner_tys.into_iter(), d);
        let mut head = Expr::Fun(params, Box::new(call));
        if let Some((ib, e)) = made {
            head = Expr::Local(ib, Box::new(e), Box::new(head));
        }
        let head_ty = Type::arrows(lead_tys.into_iter(), inner_ty);
        if !lead_params.is_empty() {
            head = Expr::Fun(lead_params, Box::new(head));
        }
        let rest: Vec<(ast::ArgLabel, ast::Expr)> = args[..leads]
            .iter()
            .chain(&args[leads + 1..])
            .cloned()
            .collect();
        self.apply_labelled(head, head_ty, &rest, span)
    }

    /// Adds the steps of `item`: a literal checked, or a token read into a new value.
    fn scan_item(
        &mut self,
        scan: &mut Scan,
        item: &Item,
        ib: &Expr,
        ib_ty: &Type,
        span: Span,
    ) -> TResult<()> {
        let (token, ignored) = match item {
            Item::Lit(text) => {
                let check =
                    self.scanf_call("Scanf.__check_string", vec![ib.clone(), string(text)])?;
                scan.steps.push(Err(check));
                return Ok(());
            }
            Item::EndOfInput => {
                let check = self.scanf_call("Scanf.__end_of_input", vec![ib.clone()])?;
                scan.steps.push(Err(check));
                return Ok(());
            }
            Item::Read { token, ignored } => (token, *ignored),
        };
        // The receiver's arguments for `*` widths and precisions come before the value.
        let (pad, prec) = match token {
            Token::Int { pad, prec, .. } | Token::Float { pad, prec, .. } => (*pad, *prec),
            Token::String { pad, .. } | Token::CamlString { pad } | Token::Bool { pad } => {
                (*pad, Prec::None)
            }
            _ => (Pad::None, Prec::None),
        };
        let stars = [pad == Pad::Star, prec == Prec::Star];
        let bad = match (pad, prec) {
            (Pad::Left(_), _) => Some("-"),
            (Pad::Star, _) | (_, Prec::Star) => Some("*"),
            _ => None,
        };
        let w = match pad {
            Pad::Width(w) => Some(w),
            _ => None,
        };
        let p = match prec {
            Prec::Digits(p) => Some(p),
            _ => None,
        };
        let (ty, read) = match token {
            Token::Int {
                conv, boxed: None, ..
            } => (
                Type::int(),
                self.scanf_call("Scanf.__scan_int", vec![chr(*conv), width(w), ib.clone()])?,
            ),
            Token::Int {
                conv,
                boxed: Some(kind),
                ..
            } => {
                let f = match kind {
                    BoxedIntKind::Int32 => "Scanf.__scan_int32",
                    BoxedIntKind::Int64 => "Scanf.__scan_int64",
                    BoxedIntKind::Nativeint => "Scanf.__scan_nativeint",
                };
                (
                    Type::boxed_int(*kind),
                    self.scanf_call(f, vec![chr(*conv), width(w), ib.clone()])?,
                )
            }
            Token::Float { kind, .. } => (
                Type::float(),
                self.scanf_call(
                    "Scanf.__scan_f",
                    vec![chr(*kind), width(w), width(p), ib.clone()],
                )?,
            ),
            Token::String { stop, .. } => (
                Type::string(),
                self.scanf_call(
                    "Scanf.__scan_s",
                    vec![int(stop.map_or(-1, i64::from)), width(w), ib.clone()],
                )?,
            ),
            Token::CamlString { .. } => (
                Type::string(),
                self.scanf_call("Scanf.__scan_caml_s", vec![width(w), ib.clone()])?,
            ),
            Token::Bool { .. } => (
                Type::bool(),
                self.scanf_call("Scanf.__scan_b", vec![ib.clone()])?,
            ),
            Token::Char => (
                Type::char(),
                self.scanf_call("Scanf.__scan_c", vec![ib.clone()])?,
            ),
            Token::CamlChar => (
                Type::char(),
                self.scanf_call("Scanf.__scan_caml_c", vec![ib.clone()])?,
            ),
            Token::NextChar => (
                Type::char(),
                self.scanf_call("Scanf.__next_char", vec![ib.clone()])?,
            ),
            Token::CharSet {
                set,
                width: cw,
                stop,
            } => (
                Type::string(),
                self.scanf_call(
                    "Scanf.__scan_char_set",
                    vec![
                        string(set),
                        int(stop.map_or(-1, i64::from)),
                        width(*cw),
                        ib.clone(),
                    ],
                )?,
            ),
            Token::Counter(c) => (
                Type::int(),
                self.scanf_call("Scanf.__counter", vec![chr(*c), ib.clone()])?,
            ),
            Token::Reader => {
                let x = self.u.fresh_var();
                let reader_ty = Type::arrow(ib_ty.clone(), x.clone());
                let r = self.fresh_var("_reader", reader_ty.clone(), span);
                scan.readers.push(r);
                scan.reader_tys.push(reader_ty);
                (x, app(Expr::Var(r), vec![ib.clone()]))
            }
            Token::Alpha | Token::Theta => {
                // OCaml's types: `%a` takes a printer `ib -> 'x -> 'c` and its `'x`, `%t` a
                // printer `ib -> 'c`; Scanf fails on both before using them.
                let c = self.u.fresh_var();
                let (what, tys) = if matches!(token, Token::Alpha) {
                    let x = self.u.fresh_var();
                    let printer = Type::arrow(ib_ty.clone(), Type::arrow(x.clone(), c));
                    ("a", vec![printer, x])
                } else {
                    ("t", vec![Type::arrow(ib_ty.clone(), c)])
                };
                for ty in tys {
                    let e = self.scanf_bad_conversion(what, &ty, span)?;
                    let v = self.fresh_var("_x", ty.clone(), span);
                    scan.steps.push(Ok((v, e)));
                    scan.values.push(Expr::Var(v));
                    scan.tys.push(ty);
                }
                return Ok(());
            }
        };
        // `*`: an `int` argument of the receiver, never read (the conversion fails first).
        for star in stars {
            if star {
                scan.values.push(int(0));
                scan.tys.push(Type::int());
            }
        }
        let read = match bad {
            Some(what) => self.scanf_bad_conversion(what, &ty, span)?,
            None => read,
        };
        let v = self.fresh_var("_x", ty.clone(), span);
        scan.steps.push(Ok((v, read)));
        if !ignored {
            scan.values.push(Expr::Var(v));
            scan.tys.push(ty);
        }
        Ok(())
    }
}
