//! OCaml's location values (`stdlib.mli`'s `%loc_*` externals): `__FILE__`, `__LINE__`, `__FUNCTION__` (the
//! scoped name of the code, [`super::scopes`]),
//! `__MODULE__`, `__LOC__`, `__POS__` are constants of where they are written, and
//! `__LOC_OF__ e`, `__LINE_OF__ e`, `__POS_OF__ e` pair `e` with the location of the whole
//! application (`Translprim.lambda_of_prim`); used as a value (`let g = __LOC_OF__`) one is a
//! function pairing its argument with the location of the name itself. Also reached as
//! `Stdlib.__LINE__` and `Pervasives.__LINE__`.

use crate::diagnostics::Span;
use crate::lambda::ir::{Const, Expr, Type};
use crate::syntax::ast;
use crate::typing::{TResult, Typer};

/// `name` without the qualifiers that reach the location values: `Stdlib.`, and
/// `Pervasives.` (whose `pervasives.ml` declares them again as `%loc_*` externals).
fn unqualified(name: &str) -> &str {
    let name = name.strip_prefix("Stdlib.").unwrap_or(name);
    name.strip_prefix("Pervasives.").unwrap_or(name)
}

/// The value whose location `name` (a `__X_OF__` function) pairs with its argument.
fn located(name: &str) -> Option<&'static str> {
    match unqualified(name) {
        "__LOC_OF__" => Some("__LOC__"),
        "__LINE_OF__" => Some("__LINE__"),
        "__POS_OF__" => Some("__POS__"),
        _ => None,
    }
}

impl Typer<'_> {
    /// OCaml's location values: `__FILE__`, `__LINE__`, `__MODULE__`, `__LOC__`, `__POS__`
    /// (of the file the expression is in, in a program of several files).
    pub(super) fn location_value(&self, name: &str, span: Span) -> Option<(Expr, Type)> {
        let string = |s: String| Expr::Const(Const::String(s.into_bytes().into()));
        let file = self.file_name_at(span.lo);
        let (line, col) = self.line_col(span.lo);
        let end = col + (span.hi - span.lo) as i64;
        Some(match unqualified(name) {
            "__FILE__" => (string(file), Type::string()),
            "__FUNCTION__" => (string(self.scopes.name().to_string()), Type::string()),
            "__LINE__" => (Expr::Const(Const::Int(line)), Type::int()),
            "__MODULE__" => (string(super::decls::module_name(&file)), Type::string()),
            "__LOC__" => (
                string(format!(
                    "File \"{file}\", line {line}, characters {col}-{end}"
                )),
                Type::string(),
            ),
            "__POS__" => {
                let ty = Type::Tuple(vec![Type::string(), Type::int(), Type::int(), Type::int()]);
                let e = Expr::Construct {
                    ty: ty.clone(),
                    index: 0,
                    args: vec![
                        string(file),
                        Expr::Const(Const::Int(line)),
                        Expr::Const(Const::Int(col)),
                        Expr::Const(Const::Int(end)),
                    ],
                };
                (e, ty)
            }
            _ => return None,
        })
    }

    /// `__LOC_OF__ arg` (`__LINE_OF__`, `__POS_OF__`): `(location of the application, arg)`.
    pub(super) fn location_of_applied(
        &mut self,
        name: &str,
        arg: &ast::Expr,
        span: Span,
    ) -> TResult<Option<(Expr, Type)>> {
        let Some(loc) = located(name).and_then(|l| self.location_value(l, span)) else {
            return Ok(None);
        };
        let (x, xt) = self.expr_expected(arg, None)?;
        Ok(Some(pair(loc, x, xt)))
    }

    /// `__LOC_OF__` as a value: `fun x -> (location of the name, x)`.
    pub(super) fn location_of_value(&mut self, name: &str, span: Span) -> Option<(Expr, Type)> {
        let loc = self.location_value(located(name)?, span)?;
        let a = self.u.fresh_var();
        let x = self.fresh_var("_x", a.clone(), span);
        let (body, bt) = pair(loc, Expr::Var(x), a.clone());
        Some((
            Expr::Fun(vec![x], Box::new(body), self.fun_name()),
            Type::Arrow(Box::new(a), Box::new(bt)),
        ))
    }
}

/// The pair `(loc, x)`.
fn pair((loc, lt): (Expr, Type), x: Expr, xt: Type) -> (Expr, Type) {
    let ty = Type::Tuple(vec![lt, xt]);
    let e = Expr::Construct {
        ty: ty.clone(),
        index: 0,
        args: vec![loc, x],
    };
    (e, ty)
}
