//! Inclusion of one functor type in another (OCaml's `Includemod.modtypes` on two
//! `Mty_functor`s), for a functor parameter whose type is itself a functor type: the expected
//! parameter `X : Q` of a functor sealed by a signature must be included in the functor's own
//! `X : P`, which egret cannot check by binding a module of type `Q` (it binds no
//! functor-typed parameter yet). `Q` is included in `P` when they have as many parameters,
//! each of `P`'s parameter types is included in `Q`'s (contravariance: a module of `P`'s,
//! bound as a parameter is, sealed by `Q`'s; functor-typed ones recursively), and `Q`'s
//! result is included in `P`'s (when every parameter could be bound).
//!
//! Invariant: as `functor_match`, this only rejects what it checks: different arities, a
//! parameter or result that is a signature on one side only, or a check egret does not
//! support yet is no error here.

use super::functor_match::{as_mismatch, mismatch, unsupported, MAX_DEPTH};
use crate::diagnostics::Span;
use crate::syntax::ast;
use crate::typing::{Phrase, PhraseKind, TResult, Typer};

impl Typer<'_> {
    /// Checks that a module of functor type `have` is one of functor type `want`; `depth`
    /// counts the functor-typed parameters entered.
    pub(super) fn match_functor_types(
        &mut self,
        have: &ast::ModType,
        want: &ast::ModType,
        span: Span,
        depth: u32,
    ) -> TResult<()> {
        if depth > MAX_DEPTH {
            return Ok(());
        }
        let (Some((hp, hr)), Some((wp, wr))) =
            (self.functor_type_of(have), self.functor_type_of(want))
        else {
            return Ok(());
        };
        if hp.len() != wp.len() {
            return Ok(());
        }
        let ctx = self.local_ctx();
        let mut phrases: Vec<Phrase> = Vec::new();
        // Every parameter was bound: the results may mention them.
        let mut bound = true;
        for (j, (h, w)) in hp.iter().zip(&wp).enumerate() {
            let (ht, wt) = match (&h.ty, &w.ty) {
                (Some(ht), Some(wt)) => (ht, wt),
                (None, None) => continue,
                _ => {
                    return Err(mismatch(
                        span,
                        "The functor was expected to be applicative at this position",
                    ))
                }
            };
            let signatures = (self.is_signature(ht), self.is_signature(wt));
            if signatures != (Some(true), Some(true)) {
                if signatures == (Some(false), Some(false)) {
                    self.match_functor_types(wt, ht, span, depth + 1)?;
                }
                bound = false;
                continue;
            }
            let wname = (w.name.clone()).unwrap_or_else(|| format!("%ftparam{depth}_{j}"));
            let chk = format!("%ftchk{depth}_{j}");
            phrases.push(ctx.phrase(PhraseKind::ParamModule(wname.clone(), wt)));
            phrases.push(ctx.phrase(PhraseKind::Alias(chk.clone(), wname.clone(), span)));
            phrases.push(ctx.phrase(PhraseKind::Seal(chk.clone(), ht, span, true)));
            if let Some(hn) = h.name.as_ref().filter(|n| **n != wname) {
                phrases.push(ctx.phrase(PhraseKind::Alias(hn.clone(), chk, span)));
            }
        }
        let results = (self.is_signature(&hr), self.is_signature(&wr));
        if bound && results == (Some(true), Some(true)) {
            let name = format!("%ftresult{depth}");
            phrases.push(ctx.phrase(PhraseKind::ParamModule(name.clone(), &hr)));
            phrases.push(ctx.phrase(PhraseKind::Seal(name, &wr, span, false)));
        }
        match self.check_phrases(&phrases) {
            Err(d) if unsupported(&d) => Ok(()),
            Err(d) => Err(as_mismatch(d, span)),
            Ok(()) => Ok(()),
        }
    }
}
