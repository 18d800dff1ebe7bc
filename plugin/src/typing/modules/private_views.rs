//! A signature's private view of a type another module declares: sealing an existing module
//! `(M : S)` where `S` says `type t = private ..`, `= private A | ..` or `= private { .. }`
//! gives `t` the signature's view, as OCaml's matching does (the sealed module is not
//! strengthened by `M`: the signature's own declaration is the sealed module's).
//!
//! Invariant: the sealed module's `t` is a new type constructor, private, distinct from `M.t`
//! for the typer (an opaque abstract type) and `M.t` for the lambda IR (its manifest), so that
//! `M.t` itself stays public. An extensible view is extensible (nobody extends it:
//! `typing::extensible`); a variant or record view has `M.t`'s constructors or fields, in the
//! same order (the same representation), and the sealed module's constructor and field names
//! denote them. A type only the sealed module names (a structure sealed where it is written),
//! a functor parameter's, and a GADT or a variant with inline records are marked private in
//! place.

use std::collections::HashMap;

use crate::lambda::ir::{DeclKind, TyCon, TyVar, Type};
use crate::typing::env::{CtorRef, TypeName};
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
        if param || !self.own_view_possible(c) || !self.type_shared_elsewhere(full, c) {
            self.private_types.insert(c);
            return;
        }
        let old_params = self.types.decl(c).params.clone();
        let params: Vec<TyVar> = old_params.iter().map(|_| self.u.fresh()).collect();
        let to_new: HashMap<TyVar, Type> = (old_params.iter().copied())
            .zip(params.iter().map(|p| Type::Var(*p)))
            .collect();
        let kind = match self.types.decl(c).kind.clone() {
            DeclKind::Variant(mut cs) => {
                for k in &mut cs {
                    for a in &mut k.args {
                        *a = crate::typing::unify::subst_all(a, &to_new);
                    }
                }
                DeclKind::Variant(cs)
            }
            DeclKind::Record(mut fs) => {
                for f in &mut fs {
                    f.ty = crate::typing::unify::subst_all(&f.ty, &to_new);
                }
                DeclKind::Record(fs)
            }
            kind => kind,
        };
        let manifest = Type::Con(c, params.iter().map(|p| Type::Var(*p)).collect());
        let con = self.new_opaque_type(full, params, manifest, kind);
        if let Some(v) = self.decl_variances.0.get(&c).cloned() {
            self.decl_variances.0.insert(con, v);
        }
        self.private_types.insert(con);
        self.env.types.insert(full.to_string(), TypeName::Con(con));
        self.rebind_view_names(full, c, con);
    }

    /// Whether type constructor `c` can have a view of its own: an extensible type, or a
    /// variant or record whose constructors carry no GADT signature nor inline record.
    fn own_view_possible(&self, c: TyCon) -> bool {
        match &self.types.decl(c).kind {
            DeclKind::Extensible => true,
            DeclKind::Record(_) => !self.is_inline_record(c),
            DeclKind::Variant(cs) => (0..cs.len() as u32).all(|i| {
                !self.gadt.ctors.contains_key(&(c, i)) && self.inline_record_of(c, i).is_none()
            }),
            DeclKind::Primitive => false,
        }
    }

    /// The sealed module's constructor and field names of `c` (those of the module `full`'s
    /// path names) made to denote the view `con` instead.
    fn rebind_view_names(&mut self, full: &str, c: TyCon, con: TyCon) {
        let Some((module, _)) = full.rsplit_once('.') else {
            return;
        };
        match self.types.decl(c).kind.clone() {
            DeclKind::Variant(cs) => {
                for (i, k) in cs.iter().enumerate() {
                    let name = format!("{module}.{}", k.name);
                    if self.env.ctors.get(&name) == Some(&CtorRef::Variant(c, i as u32)) {
                        self.env.ctors.insert(name, CtorRef::Variant(con, i as u32));
                    }
                }
            }
            DeclKind::Record(fs) => {
                for f in &fs {
                    let name = format!("{module}.{}", f.name);
                    if let Some(decls) = self.env.fields.get_mut(&name) {
                        for d in decls.iter_mut().filter(|d| d.0 == c) {
                            d.0 = con;
                        }
                    }
                }
            }
            _ => {}
        }
    }
}
