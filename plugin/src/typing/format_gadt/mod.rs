//! Format strings typed as OCaml types them (`Typecore.type_format`): a string literal whose
//! expected type is `CamlinternalFormatBasics.format6` is parsed at compile time
//! (`parse.rs`, OCaml's `fmt_ebb_of_string`) and becomes the source expression of its
//! `CamlinternalFormatBasics.Format (fmt, "...")` value (`build.rs`), which the typer types
//! as any constructor expression: the format's type is what the GADT's constructors give.
//! `CamlinternalFormat` (compiled from OCaml's sources) interprets the value at run time.

mod build;
mod parse;
mod tree;

use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Expr, TyCon, Type};

impl<'s> Typer<'s> {
    /// `CamlinternalFormatBasics.format6`, once that unit is typed.
    pub(in crate::typing) fn basics_format6_con(&self) -> Option<TyCon> {
        match self.env.types.get("CamlinternalFormatBasics.format6")? {
            super::env::TypeName::Con(c) => Some(*c),
            _ => None,
        }
    }

    /// Whether `expected` is `CamlinternalFormatBasics.format6`.
    pub(in crate::typing) fn expects_gadt_format(&self, expected: Option<&Type>) -> bool {
        let Some(expected) = expected else {
            return false;
        };
        let t = self.u.zonk(expected);
        matches!((t, self.basics_format6_con()), (Type::Con(c, _), Some(f)) if c == f)
    }

    /// The `CamlinternalFormatBasics.Format` value of literal `fmt` at `span`, typed.
    pub(in crate::typing) fn gadt_format_literal(
        &mut self,
        fmt: &[u8],
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let parsed = parse::fmt_of_string(fmt).map_err(|msg| Diagnostic::error(span, msg))?;
        let e = build::Builder { span }.format(&parsed, fmt);
        self.expr(&e)
    }
}
