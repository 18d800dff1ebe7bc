//! A functor's body checked at its definition (OCaml's `Typemod.type_module` of a functor):
//! each parameter is a module of its signature whose abstract types are new types of their
//! own, and the body is elaborated against those parameters once, its code discarded.
//!
//! Functors are applied at compile time (`modules/mod.rs`), each application elaborating the
//! body with the parameter an alias of the argument: that checks the body at every argument,
//! but a functor never applied would not be checked at all, and a body could use what only
//! one argument provides. [`Typer::check_functor_body`] closes that hole: at the definition,
//! the phrases `ParamModule(X, S)` (one per parameter, [`Typer::bind_parameter`]) and the
//! body's own phrases are elaborated in a local scope, as a `let module` is, and the code is
//! dropped. A parameter's module binds what its signature declares:
//!
//! - a type declaration is declared as in a structure: an abstract type (`type t`) is a type
//!   constructor of its own with no definition (`X.t` equals no other type), a manifest one
//!   its definition, a variant or record its constructors;
//! - a value is a variable of its declared type (never bound to code: nothing runs);
//! - exceptions, `external`s, submodules (recursively), module aliases and module types as
//!   declared; `with type` constraints replace the declarations they name, and `with module
//!   M = P` makes `M`'s types `P`'s (OCaml's strengthening).
//!
//! Invariants: what the check binds never reaches the lambda IR (its expression is dropped;
//! its type declarations stay in the table unused); the environment, the weak-variable list,
//! the warnings and the applicative-functor memo are as before the check. A parameter whose
//! signature egret cannot bind yet (a functor, an abstract module type, `module type of`,
//! `open`, recursive modules, private abbreviations, a destructive `with module`) leaves the
//! functor checked at each application only, as before ([`Typer::parameter_checkable`]).
//! An error in the body is the program's error, with OCaml's message. A module type
//! declaration's signature is checked the same way, as a parameter's with no body
//! ([`Typer::check_module_type_body`]).

use std::collections::HashMap;
use std::rc::Rc;

use super::flatten_module;
use super::packages::type_var_names;
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;
use crate::typing::env::ValueBinding;
use crate::typing::{Phrase, PhraseKind, TResult, Typer};

/// Whether the prelude's functors (the installed standard library's `Map.Make`, ...) are
/// checked at their definitions too. They are OCaml's own sources, which OCaml has checked,
/// so by default they are not (it would cost every program using `Map` some 0.05 s); the
/// test `stdlib_functor_bodies_check` sets it and checks them all.
pub(crate) static CHECK_STDLIB_FUNCTORS: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Deeper nesting of module types than this is not checked at definition.
const MAX_DEPTH: u32 = 64;

/// A parameter's signature flattened: its items in order (includes expanded, `with type`
/// applied) and the submodules a `with module M = P` makes equal to a path.
#[derive(Default)]
struct ParamSig {
    items: Vec<ast::SigItem>,
    equal_modules: Vec<(String, String)>,
    /// The identity of the abstract module type the signature is (`abstract_types`): it
    /// then has no items.
    abstract_of: Option<u32>,
}

/// Why a signature is not bound at definition (not an error of the program).
struct NotYet;

impl<'s> Typer<'s> {
    /// Checks the body of the functor `name` (parameters `params`) at its definition, in the
    /// current environment. Gives whether it was checked (`false`: a parameter's signature
    /// is not one egret can bind yet; the functor is then checked at each application).
    pub(super) fn check_functor_body(
        &mut self,
        name: &str,
        params: &[ast::FunctorParam],
        body: &ast::ModExpr,
        span: Span,
    ) -> TResult<bool> {
        if !params.iter().all(|p| self.parameter_checkable(p)) {
            return Ok(false);
        }
        let ctx = self.local_ctx();
        let mut phrases: Vec<Phrase> = Vec::new();
        for p in params {
            if let (Some(x), Some(t)) = (&p.name, &p.ty) {
                phrases.push(ctx.phrase(PhraseKind::ParamModule(x.clone(), t)));
            }
        }
        let mut hidden = self.hidden_modules;
        flatten_module(
            name.to_string(),
            body,
            span,
            &ctx,
            &mut hidden,
            &mut phrases,
        );
        self.hidden_modules = hidden;
        self.check_phrases(&phrases).map(|_| true)
    }

    /// Elaborates `phrases` in a local scope for their errors only: the code is dropped, and
    /// the weak-variable list, the warnings, the applications and their memo are as before.
    pub(super) fn check_phrases(&mut self, phrases: &[Phrase]) -> TResult<()> {
        // What the check must leave as it was.
        let weak = self.weak_toplevel.len();
        let weak_left = self.weak_left_module.clone();
        let warnings = self.warnings.len();
        let applications = self.applications.clone();
        let memo = self.applications_memo.snapshot();
        let annot = (
            std::mem::take(&mut self.annot_vars),
            self.annot_level,
            self.section,
        );
        // The body is not an application: what it creates is recorded for no key.
        self.enter_application("", None);
        let result = self.in_local_scope(|t| t.phrases_from(phrases, 0));
        self.leave_application();
        (self.annot_vars, self.annot_level, self.section) = annot;
        self.applications_memo.restore(memo);
        self.applications = applications;
        self.warnings.truncate(warnings);
        self.weak_toplevel.truncate(weak);
        self.weak_left_module = weak_left;
        result.map(|_| ())
    }

    /// Checks the signature of the module type declaration `module type name = mt` (OCaml's
    /// `Typemod.transl_modtype`: unbound types, arities, constraints, extensions of types that
    /// are not extensible) by binding a module of that signature in a local scope, as a
    /// functor's parameter is at the functor's definition. A signature egret cannot bind yet
    /// ([`Typer::parameter_checkable`]) is not checked here, nor, yet, one whose binding
    /// would read names differently from OCaml: with `with` constraints (a constraint's
    /// definition is read in the constrained signature's scope once flattened: `with type t
    /// := t` would be cyclic) or an extension through a re-exported type (`type b = a = ..`).
    pub(super) fn check_module_type_body(&mut self, name: &str, mt: &ast::ModType) -> TResult<()> {
        if self.has_unbindable_reading(mt, 0) {
            return Ok(());
        }
        let mut sig = ParamSig::default();
        if self.param_sig(mt, 0, &mut sig).is_err() || !self.sig_bindable(&sig, 0) {
            return Ok(());
        }
        let ctx = self.local_ctx();
        let phrases = [ctx.phrase(PhraseKind::ParamModule(name.to_string(), mt))];
        self.check_phrases(&phrases)
    }

    /// Whether `mt` (or a signature nested in it) has a `with` constraint or extends a type
    /// the environment knows as an abbreviation ([`Typer::check_module_type_body`]).
    fn has_unbindable_reading(&self, mt: &ast::ModType, depth: u32) -> bool {
        if depth >= MAX_DEPTH {
            return true;
        }
        match &mt.kind {
            ast::ModTypeKind::With(..) => true,
            ast::ModTypeKind::Sig(items) => items.iter().any(|item| match &item.kind {
                ast::SigItemKind::TypeExtension(x) => !matches!(
                    self.env.types.get(&x.path),
                    Some(crate::typing::env::TypeName::Con(_)) | None
                ),
                ast::SigItemKind::Module(_, t)
                | ast::SigItemKind::Include(t)
                | ast::SigItemKind::ModuleType(_, Some(t)) => {
                    self.has_unbindable_reading(t, depth + 1)
                }
                ast::SigItemKind::RecModules(ms) => ms
                    .iter()
                    .any(|(_, t)| self.has_unbindable_reading(t, depth + 1)),
                _ => false,
            }),
            ast::ModTypeKind::Functor(params, body) => {
                params
                    .iter()
                    .filter_map(|p| p.ty.as_ref())
                    .any(|t| self.has_unbindable_reading(t, depth + 1))
                    || self.has_unbindable_reading(body, depth + 1)
            }
            ast::ModTypeKind::Path(_) | ast::ModTypeKind::TypeOf(_) => false,
        }
    }

    /// Whether parameter `p`'s signature is one [`Typer::bind_parameter`] can bind.
    pub(super) fn parameter_checkable(&self, p: &ast::FunctorParam) -> bool {
        match &p.ty {
            None => true,
            Some(t) => {
                let mut sig = ParamSig::default();
                self.param_sig(t, 0, &mut sig).is_ok() && self.sig_bindable(&sig, 0)
            }
        }
    }

    /// Whether every item of `sig` (and of its submodules) can be bound.
    /// A submodule's module type may be one the signature declares before it (`module type
    /// t  module X : t`), bound by then.
    fn sig_bindable(&self, sig: &ParamSig, depth: u32) -> bool {
        let mut local: Vec<(&str, Option<&ast::ModType>)> = Vec::new();
        depth < MAX_DEPTH
            && sig.items.iter().all(|item| match &item.kind {
                ast::SigItemKind::Type(ds) | ast::SigItemKind::TypeSubst(ds) => ds
                    .iter()
                    .all(|d| !(d.private_ && matches!(d.kind, ast::TypeDeclKind::Abbrev(_)))),
                ast::SigItemKind::ModuleType(m, t) => {
                    local.push((m, t.as_ref()));
                    true
                }
                ast::SigItemKind::Module(_, t) => {
                    let declared = match &t.kind {
                        ast::ModTypeKind::Path(p) => local.iter().rev().find(|(m, _)| m == p),
                        _ => None,
                    };
                    let t = match declared {
                        Some((_, None)) => return true,
                        Some((_, Some(t2))) => t2,
                        None => t,
                    };
                    let mut inner = ParamSig::default();
                    self.param_sig(t, depth + 1, &mut inner).is_ok()
                        && self.sig_bindable(&inner, depth + 1)
                }
                ast::SigItemKind::RecModules(_) | ast::SigItemKind::Open(_) => false,
                _ => true,
            })
    }

    /// The phrase `ParamModule(name, mt)`: the module `name` of signature `mt`.
    pub(crate) fn bind_parameter(&mut self, name: &str, mt: &ast::ModType) -> TResult<()> {
        self.enter_module_scope(name);
        self.bind_signature(mt, None, 0)?;
        self.leave_module_scope();
        Ok(())
    }

    /// Binds, in the module being defined, what a module of type `mt` has; `equal_to`: its
    /// types are those of that module (`with module M = P`).
    fn bind_signature(
        &mut self,
        mt: &ast::ModType,
        equal_to: Option<&str>,
        depth: u32,
    ) -> TResult<()> {
        let mut sig = ParamSig::default();
        if self.param_sig(mt, depth, &mut sig).is_err() {
            return Err(Diagnostic::unsupported(
                mt.span,
                "this functor parameter's signature is",
            ));
        }
        if let Some(p) = equal_to {
            strengthen(&mut sig, p);
        }
        if let Some(id) = sig.abstract_of {
            self.mark_abstract_module(id);
        }
        for item in &sig.items {
            match &item.kind {
                ast::SigItemKind::Val(n, _, te) => self.bind_declared_value(n, te, item.span)?,
                ast::SigItemKind::External(x) => self.external_decl(x)?,
                ast::SigItemKind::Type(decls) | ast::SigItemKind::TypeSubst(decls) => {
                    self.type_decls_with(decls, false)?;
                    self.rigid_abstract_types(decls);
                }
                ast::SigItemKind::Exception(c) => self.exception_decl(c)?,
                ast::SigItemKind::TypeExtension(x) => self.sig_type_extension(x)?,
                ast::SigItemKind::Module(m, t) => {
                    let equal = (sig.equal_modules.iter())
                        .find(|(n, _)| n == m)
                        .map(|(_, p)| p.clone());
                    self.enter_module_scope(m);
                    self.bind_signature(t, equal.as_deref(), depth + 1)?;
                    self.leave_module_scope();
                }
                ast::SigItemKind::ModuleAlias(m, path) => {
                    self.alias_any_module(m, path, item.span)?
                }
                ast::SigItemKind::ModuleType(m, t) => {
                    let scope = self.current_module_path();
                    self.env.module_types.insert(
                        m.clone(),
                        Rc::new(self.declared_module_type(m, t.as_ref(), scope)),
                    );
                }
                ast::SigItemKind::Include(_)
                | ast::SigItemKind::RecModules(_)
                | ast::SigItemKind::ModuleTypeSubst(..)
                | ast::SigItemKind::ModuleSubst(..)
                | ast::SigItemKind::Open(_) => {
                    return Err(Diagnostic::unsupported(
                        item.span,
                        "this functor parameter's signature is",
                    ))
                }
            }
        }
        Ok(())
    }

    /// A parameter's abstract types without parameters are rigid (OCaml's `is_instantiable`
    /// paths): a GADT pattern may add an equation on `X.t` in the body (`let Refl = X.eql in
    /// ..` with `val eql : (t, int) eq`). The check's code is dropped, so the erasure of a
    /// refined type (`gadt`) reaches no IR.
    fn rigid_abstract_types(&mut self, decls: &[ast::TypeDecl]) {
        for d in decls {
            let plain = matches!(d.kind, ast::TypeDeclKind::Abstract)
                && d.manifest.is_none()
                && d.params.is_empty()
                && !d.private_;
            let Some(crate::typing::env::TypeName::Con(c)) = self.env.types.get(&d.name) else {
                continue;
            };
            if !plain || self.u.abstract_types.contains_key(c) {
                continue;
            }
            self.u.abstract_types.insert(
                *c,
                crate::typing::unify::AbstractType {
                    params: Vec::new(),
                    manifest: crate::lambda::ir::Type::any_value(),
                    opaque: true,
                    existential: false,
                },
            );
            self.u.rigid.insert(*c);
        }
    }

    /// Binds value `n` at its declared type `te` (a variable no code binds).
    fn bind_declared_value(&mut self, n: &str, te: &ast::TypeExpr, span: Span) -> TResult<()> {
        let mut names = Vec::new();
        type_var_names(te, &mut names);
        let mut scope = HashMap::new();
        let mut vars = Vec::new();
        for name in &names {
            let v = self.u.fresh();
            scope.insert(name.clone(), crate::lambda::ir::Type::Var(v));
            vars.push(v);
        }
        let t = self.type_expr_in(te, &scope, false)?;
        let (_, scheme) = self.quantify(crate::typing::expr::unit_value(), t, &vars);
        let v = self.fresh_var(n, scheme, span);
        self.env.bind(n, ValueBinding::Var(v));
        Ok(())
    }

    /// The items of module type `mt`, `include`s expanded and `with` constraints applied
    /// (`None`: one egret does not flatten yet).
    pub(super) fn flattened_sig_items(&self, mt: &ast::ModType) -> Option<Vec<ast::SigItem>> {
        let mut sig = ParamSig::default();
        self.param_sig(mt, 0, &mut sig).ok()?;
        Some(sig.items)
    }

    /// Flattens module type `mt` into `out` (`Err`: something not bound yet).
    fn param_sig(&self, mt: &ast::ModType, depth: u32, out: &mut ParamSig) -> Result<(), NotYet> {
        if depth > MAX_DEPTH {
            return Err(NotYet);
        }
        match &mt.kind {
            ast::ModTypeKind::Path(p) => {
                let def = self.env.module_types.get(p).ok_or(NotYet)?;
                let Some(t) = def.ty.as_ref() else {
                    // An abstract module type: a module of no components but its identity.
                    if out.items.is_empty() && out.abstract_of.is_none() {
                        out.abstract_of = Some(def.id);
                        return Ok(());
                    }
                    return Err(NotYet);
                };
                let mut inner = ParamSig::default();
                self.param_sig(t, depth + 1, &mut inner)?;
                self.qualify_in_scope(&mut inner, &def.scope);
                out.items.extend(inner.items);
                out.equal_modules.extend(inner.equal_modules);
                Ok(())
            }
            ast::ModTypeKind::Sig(items) => {
                for item in items {
                    match &item.kind {
                        ast::SigItemKind::Include(t) => {
                            if self.abstract_module_type(t).is_some() {
                                return Err(NotYet);
                            }
                            self.param_sig(t, depth + 1, out)?
                        }
                        _ => out.items.push(item.clone()),
                    }
                }
                Ok(())
            }
            ast::ModTypeKind::With(t, constraints) => {
                let mut inner = ParamSig::default();
                self.param_sig(t, depth + 1, &mut inner)?;
                if inner.abstract_of.is_some() {
                    return Err(NotYet);
                }
                for c in constraints {
                    constrain(&mut inner, c)?;
                }
                out.items.extend(inner.items);
                out.equal_modules.extend(inner.equal_modules);
                Ok(())
            }
            ast::ModTypeKind::Functor(..) | ast::ModTypeKind::TypeOf(_) => Err(NotYet),
        }
    }

    /// A module type defined in module `scope` names the types it does not declare as that
    /// module's (`statistics` in `Hashtbl.S` is `Hashtbl.statistics`), as
    /// `signatures::resolve_in_scope` does for matching.
    fn qualify_in_scope(&self, sig: &mut ParamSig, scope: &str) {
        self.qualify_items_in_scope(&mut sig.items, scope);
    }

    /// [`Self::qualify_in_scope`] on the items of a flattened signature (a module type's
    /// syntax, read away from where it was defined: a parameter's, a package's).
    pub(super) fn qualify_items_in_scope(&self, items: &mut [ast::SigItem], scope: &str) {
        if scope.is_empty() {
            return;
        }
        let mut own: Vec<String> = Vec::new();
        for item in items.iter() {
            match &item.kind {
                ast::SigItemKind::Type(ds) | ast::SigItemKind::TypeSubst(ds) => {
                    own.extend(ds.iter().map(|d| d.name.clone()))
                }
                ast::SigItemKind::Module(m, _) | ast::SigItemKind::ModuleAlias(m, _) => {
                    own.push(m.clone())
                }
                _ => {}
            }
        }
        let prefixes: Vec<&str> = scope
            .match_indices('.')
            .map(|(i, _)| &scope[..i])
            .chain([scope])
            .collect();
        let qualify = |name: &str| -> Option<String> {
            let head = name.split('.').next().unwrap_or(name);
            if own.iter().any(|o| o == head) {
                return None;
            }
            (prefixes.iter().rev())
                .map(|p| format!("{p}.{name}"))
                .find(|q| self.env.types.contains_key(q))
        };
        for item in items.iter_mut() {
            match &mut item.kind {
                ast::SigItemKind::Val(_, _, te) => super::signatures::qualify_constrs(te, &qualify),
                ast::SigItemKind::External(x) => {
                    super::signatures::qualify_constrs(&mut x.ty, &qualify)
                }
                ast::SigItemKind::Exception(c) => {
                    c.args
                        .iter_mut()
                        .for_each(|a| super::signatures::qualify_constrs(a, &qualify));
                }
                ast::SigItemKind::Type(ds) | ast::SigItemKind::TypeSubst(ds) => {
                    for d in ds {
                        qualify_decl(d, &qualify)
                    }
                }
                _ => {}
            }
        }
    }
}

/// Renames the type constructors `qualify` maps in declaration `d`.
fn qualify_decl(d: &mut ast::TypeDecl, qualify: &dyn Fn(&str) -> Option<String>) {
    let go = |t: &mut ast::TypeExpr| super::signatures::qualify_constrs(t, qualify);
    if let Some(m) = &mut d.manifest {
        go(m);
    }
    match &mut d.kind {
        ast::TypeDeclKind::Abbrev(t) => go(t),
        ast::TypeDeclKind::Variant(cs) => {
            for c in cs {
                c.args.iter_mut().for_each(go);
                if let Some((_, r)) = &mut c.gadt {
                    go(r);
                }
                if let Some(fs) = &mut c.record {
                    fs.iter_mut().for_each(|f| go(&mut f.ty));
                }
            }
        }
        ast::TypeDeclKind::Record(fs) => fs.iter_mut().for_each(|f| go(&mut f.ty)),
        _ => {}
    }
}

/// Applies `with` constraint `c` to the flattened signature `sig`.
fn constrain(sig: &mut ParamSig, c: &ast::WithConstraint) -> Result<(), NotYet> {
    match c {
        ast::WithConstraint::Type { path, decl, .. } => {
            if let Some((m, rest)) = path.split_once('.') {
                return constrain_submodule(
                    sig,
                    m,
                    ast::WithConstraint::Type {
                        path: rest.to_string(),
                        decl: decl.clone(),
                        destructive: false,
                    },
                );
            }
            let found = sig.items.iter_mut().find_map(|item| match &mut item.kind {
                ast::SigItemKind::Type(ds) | ast::SigItemKind::TypeSubst(ds) => {
                    ds.iter_mut().find(|d| d.name == *path)
                }
                _ => None,
            });
            let d = found.ok_or(NotYet)?;
            *d = ast::TypeDecl {
                name: d.name.clone(),
                ..decl.clone()
            };
            Ok(())
        }
        ast::WithConstraint::Module {
            destructive: true, ..
        }
        | ast::WithConstraint::ModuleType { .. } => Err(NotYet),
        ast::WithConstraint::Module { path, target, .. } => {
            if let Some((m, rest)) = path.split_once('.') {
                return constrain_submodule(
                    sig,
                    m,
                    ast::WithConstraint::Module {
                        path: rest.to_string(),
                        target: target.clone(),
                        destructive: false,
                    },
                );
            }
            if !sig
                .items
                .iter()
                .any(|i| matches!(&i.kind, ast::SigItemKind::Module(m, _) if m == path))
            {
                return Err(NotYet);
            }
            sig.equal_modules.push((path.clone(), target.clone()));
            Ok(())
        }
    }
}

/// Constraint `c` on submodule `m` of `sig`: its module type gets it.
fn constrain_submodule(sig: &mut ParamSig, m: &str, c: ast::WithConstraint) -> Result<(), NotYet> {
    let item = sig
        .items
        .iter_mut()
        .find(|i| matches!(&i.kind, ast::SigItemKind::Module(n, _) if n == m))
        .ok_or(NotYet)?;
    let ast::SigItemKind::Module(_, t) = &mut item.kind else {
        unreachable!("found as a module")
    };
    let span = t.span;
    let inner = std::mem::replace(
        t,
        ast::ModType {
            kind: ast::ModTypeKind::Sig(Vec::new()),
            span,
        },
    );
    *t = ast::ModType {
        kind: ast::ModTypeKind::With(Box::new(inner), vec![c]),
        span,
    };
    Ok(())
}

/// `with module M = P` on `M`'s signature `sig`: its types are `P`'s (an abstract one is
/// `P.t`, a variant or record re-exports `P.t`), its submodules `P`'s.
fn strengthen(sig: &mut ParamSig, path: &str) {
    for item in &mut sig.items {
        match &mut item.kind {
            ast::SigItemKind::Type(ds) => {
                for d in ds {
                    let span = d.span;
                    let args = d
                        .params
                        .iter()
                        .map(|p| ast::TypeExpr {
                            kind: ast::TypeExprKind::Var(p.clone()),
                            span,
                        })
                        .collect();
                    let theirs = ast::TypeExpr {
                        kind: ast::TypeExprKind::Constr(format!("{path}.{}", d.name), args),
                        span,
                    };
                    match &d.kind {
                        ast::TypeDeclKind::Abstract => d.kind = ast::TypeDeclKind::Abbrev(theirs),
                        ast::TypeDeclKind::Variant(_) | ast::TypeDeclKind::Record(_)
                            if d.manifest.is_none() =>
                        {
                            d.manifest = Some(theirs)
                        }
                        _ => {}
                    }
                }
            }
            ast::SigItemKind::Module(m, _) => {
                if !sig.equal_modules.iter().any(|(n, _)| n == m) {
                    sig.equal_modules.push((m.clone(), format!("{path}.{m}")));
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering::Relaxed;

    /// Every functor of the standard library (the installed sources: `Map.Make`, `Set.Make`,
    /// `Hashtbl.Make`, `Weak.Make`, `Ephemeron.K1.Make`, ...) passes the check at its
    /// definition: the check rejects no functor OCaml accepts, over a body of code egret did
    /// not write.
    #[test]
    fn stdlib_functor_bodies_check() {
        // A comment naming every module of the standard library brings all its sections.
        let src = "(* Sys Char Uchar Seq Either Int Bytes String List Option Result Bool Array \
                   Buffer Stack Queue Int32 Int64 Nativeint Complex Bigarray Lazy Float \
                   Printexc Fun Obj Digest Random Lexing Parsing Marshal Filename Hashtbl \
                   Format Gc Weak Ephemeron Callback ListLabels ArrayLabels StringLabels \
                   BytesLabels StdLabels Arg Map Set Scanf Unit Atomic Stream Genlex *)\n\
                   let () = print_endline \"ok\"\n";
        let ast = crate::syntax::parse(src).unwrap();
        super::CHECK_STDLIB_FUNCTORS.store(true, Relaxed);
        let typed = crate::typing::type_program(&ast, src, "t.ml");
        super::CHECK_STDLIB_FUNCTORS.store(false, Relaxed);
        if let Err(e) = typed {
            panic!("{:?}", e.iter().map(|d| &d.message).collect::<Vec<_>>());
        }
    }
}
