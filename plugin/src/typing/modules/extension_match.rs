//! Matching a module's extension constructors (`type 'a t += C of u`) against a signature's,
//! OCaml's `Includecore.extension_constructors`: the same type extended (with the
//! extension's parameters in order), the same arity, an inline record on both sides or on
//! neither, and equal argument types. Exceptions (`type exn += E`) are `type_match`'s.
//!
//! Invariant: this only rejects. A constructor egret cannot compare (a GADT one, a rebinding
//! `C = D`, a type the signature's reading does not resolve) passes.

use std::collections::HashMap;

use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{TyCon, Type};
use crate::syntax::ast;
use crate::typing::env::{CtorRef, TypeName};
use crate::typing::{TResult, Typer};

impl Typer<'_> {
    /// Checks the extension constructors of module `name` against the signature's
    /// extension `x`.
    pub(super) fn match_extension(
        &mut self,
        name: &str,
        x: &ast::TypeExtension,
        span: Span,
    ) -> TResult<()> {
        let Some(TypeName::Con(con)) = self.env.types.get(&x.path).cloned() else {
            return Ok(());
        };
        for (c, rebind) in x.constructors.iter().zip(&x.rebinds) {
            if rebind.is_some() || c.gadt.is_some() {
                continue;
            }
            let Some(CtorRef::Exception(i)) =
                self.env.ctors.get(&format!("{name}.{}", c.name)).copied()
            else {
                continue; // reported as missing by the caller
            };
            if con == TyCon::EXN {
                self.match_exception(name, c, span)?;
                continue;
            }
            let Some(mine) = self.extension_ctors.get(&i).cloned() else {
                continue;
            };
            let mismatch = |why: &str| {
                Diagnostic::error(
                    span,
                    format!(
                        "Signature mismatch:\n       Extension declarations do not match:\n         type {} += {}\n       is not included in the signature's:\n       {why}",
                        x.path, c.name
                    ),
                )
            };
            if mine.args.len() != c.args.len() {
                return Err(mismatch("They have different arities."));
            }
            let mine_record = self.exception_record_of(i).is_some();
            match (mine_record, c.record.is_some()) {
                (true, false) => {
                    return Err(mismatch(
                        "The first uses inline records and the second doesn't.",
                    ))
                }
                (false, true) => {
                    return Err(mismatch(
                        "The second uses inline records and the first doesn't.",
                    ))
                }
                _ => {}
            }
            // The signature's parameters, and mine's instance of the extension's.
            let vars: Vec<Type> = x.params.iter().map(|_| self.u.fresh_var()).collect();
            let scope: HashMap<String, Type> =
                x.params.iter().cloned().zip(vars.iter().cloned()).collect();
            let fresh: Vec<Type> = mine.params.iter().map(|_| self.u.fresh_var()).collect();
            let inst = |t: &Type| {
                (mine.params.iter())
                    .zip(&fresh)
                    .fold(t.clone(), |t, (p, v)| t.subst(*p, v))
            };
            let mut pairs = vec![(inst(&mine.result), Type::Con(con, vars.clone()))];
            for (a, te) in mine.args.iter().zip(&c.args) {
                let Ok(t) = self.type_expr_in(te, &scope, false) else {
                    return Ok(()); // not read here
                };
                pairs.push((inst(a), t));
            }
            if !self.equal_types(&pairs, &vars) {
                return Err(mismatch("The types are not equal."));
            }
        }
        Ok(())
    }
}
