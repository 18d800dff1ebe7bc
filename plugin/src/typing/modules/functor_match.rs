//! Inclusion of functors and of module types (OCaml's `Includemod.modtypes` on functor types
//! and `modtype_declarations`), for a module sealed by a signature.
//!
//! A functor is its syntax ([`super::FunctorDef`]), so `F` is included in `functor (X1 : Q1)
//! .. (Xm : Qm) -> R` when, in `F`'s environment, a check elaborates: each parameter `Xj` a
//! module of the *expected* type `Qj` ([`PhraseKind::ParamModule`]) matched against `F`'s own
//! parameter type `Pj` (contravariance: `Qj` must be included in `Pj`), then `F`'s body (or,
//! when `F` has more parameters than the type, the functor of the rest) sealed by `R` (or,
//! when `F` has fewer, by the functor type of the remaining parameters: the body must be a
//! functor). Arities differing with a result that is not a functor type is a mismatch, as a
//! generative parameter `()` against an applicative one.
//!
//! Two module types are equal (`module type S = MT` in a signature against the module's `S`)
//! when each includes the other: a module of the one, bound as a functor parameter is, is
//! sealed by the other.
//!
//! Invariant: this only rejects, and only what it can check. A parameter or module type egret
//! cannot bind as a module yet (an abstract module type, a functor-typed parameter: see
//! `parameters`) is not an error: the matching accepts as it did without the check. The check's
//! code is dropped ([`Typer::check_phrases`]).

use super::flatten_module;
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;
use crate::typing::{Phrase, PhraseKind, TResult, Typer};

/// How deep module type paths are followed.
pub(super) const MAX_DEPTH: u32 = 64;

/// Whether `d` is a "not supported yet" diagnostic (a limit of egret, not the program's error).
pub(super) fn unsupported(d: &Diagnostic) -> bool {
    d.message.ends_with("not supported yet")
}

/// A check's error as the mismatch of a signature (its first line is OCaml's).
pub(super) fn as_mismatch(d: Diagnostic, span: Span) -> Diagnostic {
    if d.message.starts_with("Signature mismatch:") {
        return Diagnostic::error(span, d.message);
    }
    let rest = d
        .message
        .strip_prefix("Modules do not match:")
        .map_or_else(|| format!("\n       {}", d.message), |r| r.to_string());
    Diagnostic::error(
        span,
        format!("Signature mismatch:\n       Modules do not match:{rest}"),
    )
}

pub(super) fn mismatch(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("Signature mismatch:\n       Modules do not match:\n       {what}"),
    )
}

impl Typer<'_> {
    /// The functor type `mt` denotes, module type names followed: its parameters and result
    /// (`None`: not a functor type, or an abstract module type).
    pub(super) fn functor_type_of(
        &self,
        mt: &ast::ModType,
    ) -> Option<(Vec<ast::FunctorParam>, ast::ModType)> {
        let mut mt = mt.clone();
        for _ in 0..MAX_DEPTH {
            match &mt.kind {
                ast::ModTypeKind::Functor(params, result) => {
                    return Some((params.clone(), (**result).clone()))
                }
                ast::ModTypeKind::Path(p) => {
                    mt = self.env.module_types.get(p)?.ty.clone()?;
                }
                _ => return None,
            }
        }
        None
    }

    /// Whether `mt` denotes a signature (not a functor type; an abstract module type is
    /// neither).
    pub(super) fn is_signature(&self, mt: &ast::ModType) -> Option<bool> {
        let mut mt = mt.clone();
        for _ in 0..MAX_DEPTH {
            match &mt.kind {
                ast::ModTypeKind::Functor(..) => return Some(false),
                ast::ModTypeKind::Path(p) => {
                    mt = self.env.module_types.get(p)?.ty.clone()?;
                }
                ast::ModTypeKind::With(t, _) => mt = (**t).clone(),
                _ => return Some(true),
            }
        }
        None
    }

    /// Checks that the functor `name` has the functor type `mt` ([`Typer::functor_type_of`]);
    /// a module `name` that is not a functor does not.
    pub(super) fn match_functor(
        &mut self,
        name: &str,
        mt: &ast::ModType,
        span: Span,
    ) -> TResult<()> {
        let Some((expected, result)) = self.functor_type_of(mt) else {
            return Ok(());
        };
        let Some(f) = self.env.functors.get(name).cloned() else {
            return Err(mismatch(span, "This module is not a functor"));
        };
        // The standard library's functors are OCaml's own, checked by OCaml.
        if f.prelude_text {
            return Ok(());
        }
        let (n, m) = (f.params.len(), expected.len());
        // Generative against applicative, in either direction.
        for (p, q) in f.params.iter().zip(&expected) {
            if p.ty.is_none() != q.ty.is_none() {
                return Err(mismatch(
                    span,
                    "The functor was expected to be applicative at this position",
                ));
            }
        }
        if n > m && self.functor_type_of(&result).is_none() {
            return Err(mismatch(span, "An extra argument is provided"));
        }
        // Fewer parameters than the type: the body must be a functor, which a structure
        // is not.
        if n < m && matches!(f.body.kind, ast::ModExprKind::Struct(_)) {
            return Err(mismatch(span, "An argument appears to be missing"));
        }
        // The rest of the expected type when the functor has fewer parameters.
        let rest_type = (n < m).then(|| ast::ModType {
            kind: ast::ModTypeKind::Functor(expected[n..].to_vec(), Box::new(result.clone())),
            span: result.span,
        });
        let chk: Vec<String> = (0..m).map(|j| format!("%fparam{j}")).collect();
        let qnames: Vec<String> = (expected.iter().enumerate())
            .map(|(j, q)| q.name.clone().unwrap_or_else(|| format!("%fexp{j}")))
            .collect();
        let ctx = self.local_ctx();
        let mut phrases: Vec<Phrase> = Vec::new();
        for (j, (p, q)) in f.params.iter().zip(&expected).enumerate() {
            let (Some(pt), Some(qt)) = (&p.ty, &q.ty) else {
                continue;
            };
            phrases.push(ctx.phrase(PhraseKind::ParamModule(qnames[j].clone(), qt)));
            // The argument a module of the expected type, matched against the functor's own.
            phrases.push(ctx.phrase(PhraseKind::Alias(chk[j].clone(), qnames[j].clone(), span)));
            phrases.push(ctx.phrase(PhraseKind::Seal(chk[j].clone(), pt, span, true)));
            if let Some(pn) = &p.name {
                if *pn != qnames[j] {
                    phrases.push(ctx.phrase(PhraseKind::Alias(pn.clone(), chk[j].clone(), span)));
                }
            }
        }
        let body = "%fbody".to_string();
        if n > m {
            phrases.push(ctx.phrase(PhraseKind::DefineFunctor(
                body.clone(),
                &f.params[m..],
                &f.body,
                span,
            )));
        } else {
            let mut hidden = self.hidden_modules;
            flatten_module(body.clone(), &f.body, span, &ctx, &mut hidden, &mut phrases);
            self.hidden_modules = hidden;
        }
        let target = rest_type.as_ref().unwrap_or(&result);
        phrases.push(ctx.phrase(PhraseKind::Seal(body, target, span, false)));
        let outer = std::mem::replace(&mut self.env, f.env.clone());
        // The body builds values of the types private only outside (`FunctorDef::privates`).
        let privates = std::mem::replace(&mut self.private_types, (*f.privates).clone());
        // A functor-typed parameter cannot be bound: its type is compared with the
        // expected one structurally (`functor_types`).
        let mut checked = Ok(());
        for (p, q) in f.params.iter().zip(&expected) {
            if let (Some(pt), Some(qt)) = (&p.ty, &q.ty) {
                if (self.is_signature(pt), self.is_signature(qt)) == (Some(false), Some(false)) {
                    checked = checked.and_then(|()| self.match_functor_types(qt, pt, span, 0));
                }
            }
        }
        let checked = checked.and_then(|()| self.check_phrases(&phrases));
        self.private_types = privates;
        self.env = outer;
        match checked {
            Err(d) if unsupported(&d) => Ok(()),
            Err(d) => Err(as_mismatch(d, span)),
            Ok(()) => Ok(()),
        }
    }

    /// Two equal module types must have their runtime components (values that are not
    /// primitives, exceptions and extension constructors, modules) in the same order, as a
    /// module of the one is used as one of the other without a coercion (OCaml's "Illegal
    /// permutation of runtime components"). Gives the first pair out of order; submodules
    /// of signature types are compared too. `None`: same order, or not flattened.
    fn illegal_permutation(
        &self,
        have: &ast::ModType,
        want: &ast::ModType,
        depth: u32,
    ) -> Option<String> {
        if depth > MAX_DEPTH {
            return None;
        }
        let (a, b) = (
            self.flattened_sig_items(have)?,
            self.flattened_sig_items(want)?,
        );
        let (ra, rb) = (runtime_components(&a), runtime_components(&b));
        // The shared components in each one's order (a missing one is another error).
        let common_a: Vec<&(String, String)> = ra.iter().filter(|c| rb.contains(c)).collect();
        let common_b: Vec<&(String, String)> = rb.iter().filter(|c| ra.contains(c)).collect();
        if let Some((x, y)) = common_a.iter().zip(&common_b).find(|(x, y)| x != y) {
            return Some(format!(
                "the {} \"{}\" and the {} \"{}\"",
                x.0, x.1, y.0, y.1
            ));
        }
        for item in &a {
            let ast::SigItemKind::Module(m, t) = &item.kind else {
                continue;
            };
            let other = b.iter().find_map(|i| match &i.kind {
                ast::SigItemKind::Module(n, u) if n == m => Some(u),
                _ => None,
            });
            if let Some(u) = other {
                if let Some(d) = self.illegal_permutation(t, u, depth + 1) {
                    return Some(d);
                }
            }
        }
        None
    }

    /// Checks that module type `have` (the module's `module type S = have`) and `want` (the
    /// signature's) are equal: each included in the other.
    pub(super) fn match_module_types(
        &mut self,
        have: &ast::ModType,
        want: &ast::ModType,
        span: Span,
    ) -> TResult<()> {
        match (self.is_signature(have), self.is_signature(want)) {
            (Some(true), Some(true)) => {}
            (Some(a), Some(b)) if a != b => {
                return Err(mismatch(span, "Module type declarations do not match"))
            }
            _ => return Ok(()),
        }
        if let Some(d) = self.illegal_permutation(have, want, 0) {
            return Err(mismatch(
                span,
                &format!("Module type declarations do not match: illegal permutation of runtime components in a module type ({d})"),
            ));
        }
        for (a, b) in [(have, want), (want, have)] {
            let ctx = self.local_ctx();
            let name = "%mtype".to_string();
            let phrases = vec![
                ctx.phrase(PhraseKind::ParamModule(name.clone(), a)),
                ctx.phrase(PhraseKind::Seal(name, b, span, false)),
            ];
            match self.check_phrases(&phrases) {
                Err(d) if unsupported(&d) => return Ok(()),
                Err(d) => return Err(as_mismatch(d, span)),
                Ok(()) => {}
            }
        }
        Ok(())
    }
}

/// The runtime components of a signature's items, in order: (kind, name).
fn runtime_components(items: &[ast::SigItem]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for item in items {
        match &item.kind {
            ast::SigItemKind::Val(n, _, _) => out.push(("value".into(), n.clone())),
            ast::SigItemKind::Exception(c) => out.push(("exception".into(), c.name.clone())),
            ast::SigItemKind::TypeExtension(x) => {
                for c in &x.constructors {
                    out.push(("extension constructor".into(), c.name.clone()))
                }
            }
            ast::SigItemKind::Module(n, _) => out.push(("module".into(), n.clone())),
            ast::SigItemKind::RecModules(ms) => {
                for (n, _) in ms {
                    out.push(("module".into(), n.clone()))
                }
            }
            _ => {}
        }
    }
    out
}
