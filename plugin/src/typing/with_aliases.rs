//! OCaml's check that a destructive `with` constraint changes no module the constrained
//! signature aliases (`Typemod`'s `With_changes_module_alias`): in `sig module M : sig type t
//! end module A = M end with type M.t := float`, `A` would stand for a module whose type lost
//! its `t`.
//!
//! A destructive constraint on `M1.M2 .. Mk.x` changes the modules of its path up to `x`'s
//! parent: `M1`, `M1.M2`, .. `M1 .. Mk` (`with module M1 .. Mk := P` replaces `Mk`, which then
//! is `x`). In the constrained signature, then in `M1`'s, and so on down the path, an alias
//! `module A = Q` to one of the modules changed there is OCaml's error: "This `with'
//! constraint on M.t changes M, which is aliased in the constrained signature (as A)."
//!
//! Invariant: this only rejects. Signatures are read as written (a named module type is
//! followed; one egret cannot see into is not checked).

use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;

/// How many named module types are followed to reach a signature.
const MAX_DEPTH: u32 = 64;

impl Typer<'_> {
    /// The check on `base with constraints` (the span of the whole, as OCaml reports it).
    pub(super) fn check_with_aliases(
        &self,
        base: &ast::ModType,
        constraints: &[ast::WithConstraint],
        span: Span,
    ) -> TResult<()> {
        for c in constraints {
            let (ast::WithConstraint::Type {
                path,
                destructive: true,
                ..
            }
            | ast::WithConstraint::Module {
                path,
                destructive: true,
                ..
            }) = c
            else {
                continue;
            };
            let comps: Vec<&str> = path.split('.').collect();
            let mut changed = &comps[..comps.len() - 1];
            let mut items = self.written_sig_items(base, 0);
            while let (Some(level), false) = (items, changed.is_empty()) {
                for item in level {
                    let ast::SigItemKind::ModuleAlias(alias, target) = &item.kind else {
                        continue;
                    };
                    if (1..=changed.len()).any(|n| changed[..n].join(".") == *target) {
                        return Err(Diagnostic::error(
                            span,
                            format!(
                                "This `with' constraint on {path} changes {target}, which is \
                                 aliased\n       in the constrained signature (as {alias})."
                            ),
                        ));
                    }
                }
                items = level.iter().find_map(|item| match &item.kind {
                    ast::SigItemKind::Module(name, t) if name == changed[0] => {
                        self.written_sig_items(t, 0)
                    }
                    _ => None,
                });
                changed = &changed[1..];
            }
        }
        Ok(())
    }

    /// The items of the signature `mt` is, as written (under its own `with` constraints).
    fn written_sig_items<'m>(
        &'m self,
        mt: &'m ast::ModType,
        depth: u32,
    ) -> Option<&'m [ast::SigItem]> {
        if depth > MAX_DEPTH {
            return None;
        }
        match &mt.kind {
            ast::ModTypeKind::Sig(items) => Some(items),
            ast::ModTypeKind::With(t, _) => self.written_sig_items(t, depth + 1),
            ast::ModTypeKind::Path(p) => {
                let t = self.env.module_types.get(p)?.ty.as_ref()?;
                self.written_sig_items(t, depth + 1)
            }
            _ => None,
        }
    }
}
