//! The simplifier's substitution: what a variable is to be replaced by — a definition not
//! simplified yet, suspended with the substitution of its binding site, or one already
//! simplified. Shared by the simplifier and the effect analysis ([`super::effects`]), which
//! looks through suspended definitions.
//!
//! Invariant: a [`Suspended`] definition is taken at most once (its variable occurs `Once`).

use std::cell::RefCell;
use std::rc::Rc;

use crate::lambda::ir::Expr;
use crate::lambda::pmap::PMap;

/// Variables to inline, and with what.
pub type Subst = PMap<SubstRng>;

#[derive(Clone, Debug)]
pub enum SubstRng {
    /// Not simplified yet: simplified at the use site, in its context, under the saved
    /// substitution. Only for `Once` variables.
    Suspend(Suspended, Subst),
    /// Already simplified: never simplified again (the substitution is emptied).
    Done(Expr),
}

/// A suspended definition. The substitution is persistent and copied into every context
/// entry, so the definition is shared; it is *taken* at its only use (cloning it there would
/// cost its size at every link of a chain of suspensions).
#[derive(Clone, Debug)]
pub struct Suspended(Rc<RefCell<Option<Expr>>>);

impl Suspended {
    pub fn new(e: Expr) -> Self {
        Suspended(Rc::new(RefCell::new(Some(e))))
    }

    /// The definition, leaving nothing behind (a `Once` variable is used once).
    pub fn take(&self) -> Option<Expr> {
        self.0.borrow_mut().take()
    }

    /// Looks at the definition, if it was not taken yet.
    pub fn with<R>(&self, f: impl FnOnce(&Expr) -> R) -> Option<R> {
        self.0.borrow().as_ref().map(f)
    }
}
