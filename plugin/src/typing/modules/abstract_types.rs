//! Abstract module types (`module type S`, no definition): OCaml's `Mty_ident` of a path
//! that does not expand, which `Includemod.modtypes` includes only in itself.
//!
//! Each declaration of an abstract module type has an identity ([`ModTypeDef::id`], from
//! [`fresh_id`]); a parameter's signature declaring one declares a new one each time it is
//! bound (`ParamModule`), as OCaml's fresh identifiers do. A module of an abstract module
//! type (a functor's parameter `X : S`, a submodule `module X : S` of a parameter's
//! signature) has no components but the marker `X.%mtype` ([`MTYPE_MARKER`]) holding that
//! identity; an alias of the module copies the marker with its other components.
//!
//! Invariant: sealing a module by an abstract module type (a signature's `module X : S`, a
//! functor's parameter `(X : S)` at an application) succeeds exactly when the module has
//! the marker of the same identity; a structure never does. A module type `S = T` where `T`
//! is abstract is `T` (same identity), as `module type aa = a` is.
//!
//! [`ModTypeDef::id`]: super::ModTypeDef

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;
use crate::typing::env::TypeName;
use crate::typing::{TResult, Typer};

/// The component `M.%mtype` of a module `M` whose module type is abstract: not a type, the
/// identity of that module type (`TypeName::ModuleMarker`).
pub(crate) const MTYPE_MARKER: &str = "%mtype";

/// How deep module type names are followed.
const MAX_DEPTH: u32 = 64;

static NEXT_ID: AtomicU32 = AtomicU32::new(1);

thread_local! {
    /// Each identity's name as declared (`a` of `module type a`), for messages.
    static NAMES: RefCell<HashMap<u32, String>> = RefCell::new(HashMap::new());
}

/// A new identity for a module type declaration named `name`.
pub(crate) fn fresh_id(name: &str) -> u32 {
    let id = NEXT_ID.fetch_add(1, Relaxed);
    NAMES.with(|n| n.borrow_mut().insert(id, name.to_string()));
    id
}

fn name_of(id: u32) -> String {
    NAMES.with(|n| n.borrow().get(&id).cloned().unwrap_or_else(|| "?".into()))
}

/// The names of two identities as OCaml shows them: with `/1` (the later declaration) and
/// `/2` when the names are the same.
fn shown_pair(got: u32, expected: u32) -> (String, String) {
    let (g, e) = (name_of(got), name_of(expected));
    if g != e {
        return (g, e);
    }
    let (gn, en) = if got > expected { (1, 2) } else { (2, 1) };
    (format!("{g}/{gn}"), format!("{e}/{en}"))
}

impl Typer<'_> {
    /// The declaration `module type name = ty` (`None`: abstract) in module `scope`: one
    /// naming an abstract module type is that one (`module type aa = a`: same identity).
    pub(super) fn declared_module_type(
        &self,
        name: &str,
        ty: Option<&ast::ModType>,
        scope: String,
    ) -> super::ModTypeDef {
        match ty.and_then(|t| self.abstract_module_type(t)) {
            Some(id) => super::ModTypeDef {
                ty: None,
                scope,
                id,
            },
            None => super::ModTypeDef::new(name, ty.cloned(), scope),
        }
    }

    /// The identity of the abstract module type `mt` denotes, module type names followed
    /// (`None`: not an abstract module type).
    pub(super) fn abstract_module_type(&self, mt: &ast::ModType) -> Option<u32> {
        let mut mt = mt.clone();
        for _ in 0..MAX_DEPTH {
            let ast::ModTypeKind::Path(p) = &mt.kind else {
                return None;
            };
            let def = self.env.module_types.get(p)?;
            match &def.ty {
                None => return Some(def.id),
                Some(t) => mt = t.clone(),
            }
        }
        None
    }

    /// The identity of the abstract module type module `name` has (`None`: another).
    pub(crate) fn module_abstract_type(&self, name: &str) -> Option<u32> {
        match self.env.types.get(&format!("{name}.{MTYPE_MARKER}")) {
            Some(TypeName::ModuleMarker(id)) => Some(*id),
            _ => None,
        }
    }

    /// The module `F` of a type path `F(A).t` when its module type is abstract (it cannot be
    /// applied).
    pub(crate) fn abstract_functor_in_path(&self, path: &str) -> Option<String> {
        let (f, _) = path.split_once('(')?;
        let resolved = self.resolve_module_path(f);
        self.module_abstract_type(&resolved).map(|_| f.to_string())
    }

    /// In the module being bound: its module type is the abstract one of identity `id`.
    pub(super) fn mark_abstract_module(&mut self, id: u32) {
        self.env
            .types
            .insert(MTYPE_MARKER.to_string(), TypeName::ModuleMarker(id));
    }

    /// Module `name` sealed by the abstract module type of identity `expected`: it must
    /// be a module of that module type (`param`: `name` is a functor's argument).
    pub(super) fn seal_abstract(
        &self,
        name: &str,
        expected: u32,
        span: Span,
        param: bool,
    ) -> TResult<()> {
        let got = self.module_abstract_type(name);
        if got == Some(expected) {
            return Ok(());
        }
        let (g, e) = match got {
            Some(g) => shown_pair(g, expected),
            None if self.env.functors.contains_key(name) => {
                ("functor ... -> ...".to_string(), name_of(expected))
            }
            None => ("sig ... end".to_string(), name_of(expected)),
        };
        let message = if param {
            format!("Modules do not match: {g} is not included in {e}")
        } else {
            format!(
                "Signature mismatch:\n       Modules do not match:\n         {g}\n       is not included in\n         {e}"
            )
        };
        Err(Diagnostic::error(span, message))
    }

    /// Two module types of a `module type S = ..` matching where one is abstract: equal when
    /// both are the same abstract module type. `None`: neither is abstract.
    pub(super) fn match_abstract_module_types(
        &self,
        have: &ast::ModType,
        want: &ast::ModType,
        span: Span,
    ) -> Option<TResult<()>> {
        let (a, b) = (
            self.abstract_module_type(have),
            self.abstract_module_type(want),
        );
        if a.is_none() && b.is_none() {
            return None;
        }
        if a == b {
            return Some(Ok(()));
        }
        let shown = |x: Option<u32>, other: Option<u32>| match (x, other) {
            (Some(x), Some(o)) => shown_pair(x, o).0,
            (Some(x), None) => name_of(x),
            (None, _) => "sig ... end".to_string(),
        };
        Some(Err(Diagnostic::error(
            span,
            format!(
                "Signature mismatch:\n       Modules do not match:\n       Module type declarations do not match:\n         {}\n       does not match\n         {}",
                shown(a, b),
                shown(b, a)
            ),
        )))
    }
}
