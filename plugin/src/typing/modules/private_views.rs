//! A signature's private view of an extensible type another module declares: sealing an
//! existing module `(M : S)` where `S` says `type t = private ..` gives `t` the signature's
//! view, as OCaml's matching does (the sealed module is not strengthened by `M`).
//!
//! Invariant: the sealed module's `t` is a new type constructor, extensible and private
//! (nobody extends it: `typing::extensible`), distinct from `M.t` for the typer (an opaque
//! abstract type) and `M.t` for the lambda IR (its manifest), so that `M.t` itself stays
//! public. A type only the sealed module names (a structure sealed where it is written) is
//! marked private in place.

use crate::lambda::ir::{DeclKind, TyCon, TyVar, Type};
use crate::typing::env::TypeName;
use crate::typing::Typer;

impl Typer<'_> {
    /// Whether type constructor `c`, which the sealed module's type `full` denotes, is also
    /// another module's type (a sealed existing module shares its types with the original).
    pub(super) fn type_shared_elsewhere(&self, full: &str, c: TyCon) -> bool {
        // The enclosing signatures' opened names (`Error.info` for `Support.Error.info`
        // while `Support` is sealed) are the same name, not another module's.
        let same_name = |k: &str| k == full || full.ends_with(&format!(".{k}"));
        (self.env.types.iter())
            .any(|(k, v)| !same_name(k) && matches!(v, TypeName::Con(o) if *o == c))
    }

    /// The sealed module's type `full` (of constructor `c`) made private, as a signature's
    /// `type t = private ..` or `= private A | ..` says.
    pub(super) fn make_private_view(&mut self, full: &str, c: TyCon, param: bool) {
        let extensible = matches!(self.types.decl(c).kind, DeclKind::Extensible);
        if param || !extensible || !self.type_shared_elsewhere(full, c) {
            self.private_types.insert(c);
            return;
        }
        let n = self.types.decl(c).params.len();
        let params: Vec<TyVar> = (0..n).map(|_| self.u.fresh()).collect();
        let manifest = Type::Con(c, params.iter().map(|p| Type::Var(*p)).collect());
        let con = self.new_opaque_type(full, params, manifest, DeclKind::Extensible);
        if let Some(v) = self.decl_variances.0.get(&c).cloned() {
            self.decl_variances.0.insert(con, v);
        }
        self.private_types.insert(con);
        self.env.types.insert(full.to_string(), TypeName::Con(con));
    }
}
