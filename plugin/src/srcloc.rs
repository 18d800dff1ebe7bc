//! Source locations as every stage after typing carries them: a byte range of the source and
//! the inline scope the code is in.
//!
//! When the simplifier inlines a function's body at a call site, the copy's locations keep the
//! callee's source ranges (so the line table still names the callee's lines) and are put in a
//! new [`InlineScope`]: an entry of the program's [`InlineSites`] table saying which function
//! was inlined (its source name and definition) and where it was called. The call site is itself
//! a [`SrcLoc`], in the scope of the code that called: scopes nest (a function inlined into code
//! that was itself inlined), and following `call.scope` from any scope reaches
//! [`InlineScope::NONE`], the function's own code, in finitely many steps (a site only ever
//! names earlier sites as parents).
//!
//! The table is per program (lambda IR, closure IR, SSA module); a `SrcLoc` stays small (three
//! words of 32 bits) and stages copy it without looking inside. Only the debug info reads the
//! scopes: it describes each one as a `DW_TAG_inlined_subroutine` (adapters/src/debuginfo).

use crate::diagnostics::Span;

/// Which inlined copy a location belongs to: an index into [`InlineSites`] plus one, or
/// [`InlineScope::NONE`] for the function's own code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct InlineScope(pub u32);

impl InlineScope {
    /// Not inlined: the code of the function it is compiled in.
    pub const NONE: InlineScope = InlineScope(0);

    pub fn is_none(self) -> bool {
        self == InlineScope::NONE
    }
}

/// A source location attached to code: byte offsets `[lo, hi)` into the source file, and the
/// inline scope of the code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SrcLoc {
    pub lo: u32,
    pub hi: u32,
    pub scope: InlineScope,
}

impl SrcLoc {
    /// The location of `span`, not inlined.
    pub fn new(span: Span) -> SrcLoc {
        SrcLoc {
            lo: span.lo,
            hi: span.hi,
            scope: InlineScope::NONE,
        }
    }

    pub fn span(self) -> Span {
        Span::new(self.lo, self.hi)
    }
}

/// One inlining: the body of function `callee` copied to the call site `call`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineSite {
    /// The inlined function's source name (`area`).
    pub callee: String,
    /// OCaml's scoped name of the inlined function's code (`T.F.area`, the `Fun`'s
    /// `lambda::ir::FunName`; empty when unknown): backtraces name the inlined frame by it.
    pub scope_name: String,
    /// Where the inlined function is defined (its binder).
    pub decl: Span,
    /// The call site, in the scope of the calling code.
    pub call: SrcLoc,
}

/// The inline scopes of a program. Invariant: the parent `call.scope` of site `i` (scope
/// `i + 1`) is `NONE` or a scope `<= i` (an earlier site).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InlineSites {
    sites: Vec<InlineSite>,
}

impl InlineSites {
    /// A new scope for `site`.
    pub fn add(&mut self, site: InlineSite) -> InlineScope {
        debug_assert!(
            site.call.scope.0 as usize <= self.sites.len(),
            "an inline site's parent must exist before it"
        );
        self.sites.push(site);
        InlineScope(self.sites.len() as u32)
    }

    /// The site of `scope` (`None` for [`InlineScope::NONE`] or a scope not in the table).
    pub fn get(&self, scope: InlineScope) -> Option<&InlineSite> {
        (scope.0 as usize)
            .checked_sub(1)
            .and_then(|i| self.sites.get(i))
    }

    /// `scope` and its enclosing scopes, innermost first, up to (not including) `NONE`.
    pub fn chain(&self, scope: InlineScope) -> impl Iterator<Item = InlineScope> + '_ {
        std::iter::successors(Some(scope), |s| self.get(*s).map(|site| site.call.scope))
            .take_while(|s| !s.is_none() && self.get(*s).is_some())
    }

    pub fn len(&self) -> usize {
        self.sites.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sites.is_empty()
    }

    /// Every site with its scope, in order.
    pub fn iter(&self) -> impl Iterator<Item = (InlineScope, &InlineSite)> {
        self.sites
            .iter()
            .enumerate()
            .map(|(i, s)| (InlineScope(i as u32 + 1), s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_end_at_the_function_itself() {
        let mut sites = InlineSites::default();
        let outer = sites.add(InlineSite {
            callee: "f".into(),
            scope_name: String::new(),
            decl: Span::new(0, 1),
            call: SrcLoc::new(Span::new(10, 12)),
        });
        let inner = sites.add(InlineSite {
            callee: "g".into(),
            scope_name: String::new(),
            decl: Span::new(2, 3),
            call: SrcLoc {
                lo: 4,
                hi: 5,
                scope: outer,
            },
        });
        assert_eq!(sites.chain(inner).collect::<Vec<_>>(), [inner, outer]);
        assert_eq!(sites.chain(InlineScope::NONE).count(), 0);
        assert_eq!(sites.get(inner).unwrap().callee, "g");
    }
}
