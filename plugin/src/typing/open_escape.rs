//! OCaml's check that the types an `open struct ... end` declares do not escape: the opened
//! structure's items are not part of the enclosing structure's signature, so a value the
//! enclosing structure exports cannot have a type declared by it ("The type t introduced by
//! this open appears in the signature").
//!
//! An `open` of a module expression is elaborated as a hidden module (`%N`, see
//! `modules::flatten`) that is then opened: [`Typer::record_open_struct`] remembers its full
//! path, and when a structure ends, [`Typer::check_open_escape`] looks at the types of the
//! values it exports (its own, not a hidden module's) for a type constructor declared in a
//! hidden opened module inside it.
//!
//! Invariant: only values are checked (a type, module type or class of the signature that
//! names such a type is not yet), and a structure that is the whole program is not (OCaml's
//! toplevel does not check its phrases).

use super::env::ValueBinding;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{TyCon, Type};

impl Typer<'_> {
    /// `open` of the hidden module `path` (a module expression's), at `span`.
    pub(super) fn record_open_struct(&mut self, path: &str, span: Span) {
        if !path.starts_with('%') {
            return;
        }
        let module = self.current_module_path();
        let full = if module.is_empty() {
            path.to_string()
        } else {
            format!("{module}.{path}")
        };
        self.open_structs.push((full, span));
    }

    /// Module `name` (full path `full`) has just ended: none of the values it exports may
    /// have a type declared in a module it opened. A type's name is qualified by the modules
    /// it has left so far: here, relative to the enclosing module.
    pub(super) fn check_open_escape(&mut self, full: &str, name: &str) -> TResult<()> {
        let inside = format!("{full}.");
        if self.in_prelude
            || !self
                .open_structs
                .iter()
                .any(|(o, _)| o.starts_with(&inside))
        {
            return Ok(());
        }
        let outer = full.len() - name.len();
        let opens: Vec<(String, Span)> = (self.open_structs.iter())
            .filter(|(o, _)| o.starts_with(&inside))
            .map(|(o, span)| (o[outer..].to_string(), *span))
            .collect();
        let prefix = format!("{name}.");
        let mut values = self.env.visible_with_prefix(&prefix);
        values.sort_by(|a, b| a.0.cmp(&b.0));
        for (n, b) in values {
            let own = &n[prefix.len()..];
            let ValueBinding::Var(v) = b else { continue };
            if own.split('.').any(|c| c.starts_with('%')) {
                continue;
            }
            let t = self.u.zonk(self.vars.ty(v));
            let mut cons = Vec::new();
            type_cons(&t, &mut cons);
            for c in cons {
                let decl = &self.types.decl(c).name;
                let opened = (opens.iter()).find(|(o, _)| decl.starts_with(&format!("{o}.")));
                if let Some((o, span)) = opened {
                    let ty = &decl[o.len() + 1..];
                    let value = own.rsplit('.').next().unwrap_or(own);
                    return Err(Diagnostic::error(
                        *span,
                        format!(
                            "The type {ty} introduced by this open appears in the signature\n       \
                             The value {value} has no valid type if {ty} is hidden"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The type constructors `t` mentions.
fn type_cons(t: &Type, out: &mut Vec<TyCon>) {
    match t {
        Type::Con(c, a) => {
            out.push(*c);
            a.iter().for_each(|t| type_cons(t, out));
        }
        Type::Tuple(a) => a.iter().for_each(|t| type_cons(t, out)),
        Type::Arrow(a, b) => {
            type_cons(a, out);
            type_cons(b, out)
        }
        Type::Forall(_, b) => type_cons(b, out),
        Type::Var(_) => {}
    }
}
