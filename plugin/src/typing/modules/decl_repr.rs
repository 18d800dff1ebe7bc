//! The checks of OCaml's `Includecore.type_declarations` beyond a declaration's constructors
//! and fields, when a module's type is matched against a signature's declaration:
//!
//! - the representation: a variant or record `[@@unboxed]` on one side only ("Their internal
//!   representations differ"), and a record of floats on one side only (OCaml's
//!   `Record_float`: every field's type is `float`, through abbreviations and unboxed types,
//!   which a signature's abstract type hides);
//! - the immediacy an abstract `[@@immediate]` (`[@@immediate64]`) declaration asks for;
//! - the variance and injectivity an abstract declaration's annotations ask for (`type +!'a
//!   t`).
//!
//! Invariant: these only reject, and only when the answer is known on both sides (a type whose
//! representation or variance egret cannot tell passes).

use crate::lambda::ir::{DeclKind, TyCon, Type};
use crate::syntax::ast;
use crate::typing::env::TypeName;
use crate::typing::Typer;

/// How deep abbreviations and unboxed types are followed.
const MAX_DEPTH: u32 = 64;

impl Typer<'_> {
    /// Why the module's type `mine` (`mine_type`: it applied to the declaration's parameters
    /// `scope`) does not match the signature's declaration `d` (`sig`: the signature's type
    /// declarations), if it does not, in OCaml's words.
    pub(super) fn decl_attrs_mismatch(
        &mut self,
        mine: &TypeName,
        mine_type: &Type,
        d: &ast::TypeDecl,
        sig: &[ast::TypeDecl],
        scope: &std::collections::HashMap<String, Type>,
    ) -> Option<String> {
        match &d.kind {
            ast::TypeDeclKind::Abstract => {
                if d.attrs.immediate || d.attrs.immediate64 {
                    // An abstract type marked immediate (a parameter's) is; a type made
                    // abstract by an earlier matching is if its definition is.
                    let mut immediate = self.is_immediate(mine_type, 0);
                    if !immediate {
                        self.u.see_through = true;
                        immediate = self.is_immediate(mine_type, 0);
                        self.u.see_through = false;
                    }
                    if !immediate {
                        return Some(if d.attrs.immediate {
                            "The first is not an immediate type.".to_string()
                        } else {
                            "The first is not a type that is always immediate on 64 bit platforms."
                                .to_string()
                        });
                    }
                }
                if !self.variances_included(mine, &d.variances) {
                    return Some("Their variances do not agree.".to_string());
                }
                None
            }
            ast::TypeDeclKind::Variant(_) | ast::TypeDeclKind::Record(_) => {
                let TypeName::Con(c) = mine else { return None };
                let differ = |which: &str, what: &str| {
                    Some(format!(
                        "Their internal representations differ:\n       the {which} declaration uses {what} representation."
                    ))
                };
                let mine_unboxed = self.separability.unboxed.contains(c);
                if mine_unboxed != d.attrs.unboxed {
                    return differ(if mine_unboxed { "first" } else { "second" }, "unboxed");
                }
                let ast::TypeDeclKind::Record(fs) = &d.kind else {
                    return None;
                };
                let DeclKind::Record(mine_fields) = self.types.decl(*c).kind.clone() else {
                    return None;
                };
                if mine_unboxed || self.is_inline_record(*c) {
                    return None;
                }
                let mine_float = mine_fields.iter().all(|f| self.float_repr(&f.ty, 0));
                let mut sig_float = true;
                for f in fs {
                    sig_float &= self.sig_float_repr(&f.ty, sig, scope, 0)?;
                }
                match (mine_float, sig_float) {
                    (true, false) => differ("first", "unboxed float"),
                    (false, true) => differ("second", "unboxed float"),
                    _ => None,
                }
            }
            // Includecore's variance check of an extensible type: the same variances
            // (`type +'a t = ..` is not `type 'a t = ..`).
            ast::TypeDeclKind::Open => (!self.variances_equal(mine, &d.variances))
                .then(|| "Their variances do not agree.".to_string()),
            ast::TypeDeclKind::Abbrev(_) => None,
        }
    }

    /// Whether values of `t` are floats, OCaml's `Typedecl.is_float`: `float` through
    /// abbreviations and unboxed types (the type's own definitions, as the module sees them).
    fn float_repr(&self, t: &Type, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match self.u.expand_head(t) {
            Type::Con(TyCon::FLOAT, _) => true,
            Type::Con(c, args) if self.separability.unboxed.contains(&c) => {
                let decl = self.types.decl(c);
                let arg = match &decl.kind {
                    DeclKind::Variant(cs) if self.gadt.ctors.get(&(c, 0)).is_none() => {
                        cs[0].args[0].clone()
                    }
                    DeclKind::Record(fs) if !fs.is_empty() => fs[0].ty.clone(),
                    _ => return false,
                };
                let arg = (decl.params.iter())
                    .zip(&args)
                    .fold(arg, |t, (p, a)| t.subst(*p, a));
                self.float_repr(&arg, depth + 1)
            }
            _ => false,
        }
    }

    /// Whether the signature's type expression `te` is a float where the signature is read
    /// (its own abstract types are not), if known.
    fn sig_float_repr(
        &mut self,
        te: &ast::TypeExpr,
        sig: &[ast::TypeDecl],
        scope: &std::collections::HashMap<String, Type>,
        depth: u32,
    ) -> Option<bool> {
        if depth > MAX_DEPTH {
            return None;
        }
        match &te.kind {
            ast::TypeExprKind::Var(_) => Some(false),
            ast::TypeExprKind::Constr(name, args) if !name.contains('.') => {
                let Some(d) = sig.iter().find(|d| &d.name == name) else {
                    return self.resolved_float_repr(te, scope);
                };
                if !args.is_empty() || !d.params.is_empty() || d.manifest.is_some() {
                    return None;
                }
                let d = d.clone();
                match &d.kind {
                    ast::TypeDeclKind::Abstract | ast::TypeDeclKind::Open => Some(false),
                    ast::TypeDeclKind::Abbrev(body) => {
                        self.sig_float_repr(body, sig, scope, depth + 1)
                    }
                    ast::TypeDeclKind::Variant(cs) if d.attrs.unboxed => {
                        let arg = cs.first()?.args.first()?;
                        self.sig_float_repr(arg, sig, scope, depth + 1)
                    }
                    ast::TypeDeclKind::Record(fs) if d.attrs.unboxed => {
                        self.sig_float_repr(&fs.first()?.ty, sig, scope, depth + 1)
                    }
                    ast::TypeDeclKind::Variant(_) | ast::TypeDeclKind::Record(_) => Some(false),
                }
            }
            _ => self.resolved_float_repr(te, scope),
        }
    }

    fn resolved_float_repr(
        &mut self,
        te: &ast::TypeExpr,
        scope: &std::collections::HashMap<String, Type>,
    ) -> Option<bool> {
        let t = self.type_expr_in(te, scope, false).ok()?;
        Some(self.float_repr(&t, 0))
    }
}
