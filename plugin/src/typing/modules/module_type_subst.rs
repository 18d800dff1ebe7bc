//! `with module type` constraints and local `module type S := MT` substitutions (OCaml 4.13,
//! `Typemod.merge_constraint`), expanded into the plain module types they denote before the
//! rest of the typer reads them ([`Typer::expand_module_type_substs`]):
//!
//! - `S with module type T = MT` is `S`'s signature with `module type T` (abstract) defined as
//!   `MT`; `with module type T := MT` removes `T` and replaces each of its uses in the items
//!   after it by `MT` (`module M : T`, `include T`, `T -> T`, `(module T)`). A path `M.T`
//!   constrains `T` in submodule `M`'s signature, and a destructive one replaces `M.T` after
//!   `M` too.
//! - `sig module type T := MT .. end` replaces `T` by `MT` in the items after it, and `sig
//!   module P := M .. end` the module `P` by `M` (its types, module types, aliases).
//! - A first-class module type `(module T)` can only become another path: `T := sig .. end`
//!   under a `val x : (module T)` is OCaml's error ("makes a packed module ill-formed", "is not
//!   a valid type for a packed module").
//!
//! Invariant: what is expanded means what OCaml's constraint means, or the constraint is "not
//! supported yet" (never accepted unchecked). `MT` is written outside the signature but is
//! read inside it once expanded: a name of `MT` that the signature declares too would be
//! captured ([`Declared`]), so such a constraint is not supported (a module type path is
//! replaced by its definition first: `t with module type x = x`). A constraint on a module
//! type the signature defines must restate the same definition (OCaml checks the two are
//! equivalent): egret accepts the same text read in the same scope, and reports any other as
//! not supported.

use std::collections::HashSet;

use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;
use crate::syntax::print::print_mod_type_compact;
use crate::typing::{TResult, Typer};

/// How deep module type definitions and nested constraints are followed.
const MAX_DEPTH: u32 = 64;

/// Whether `mt` itself (not the signatures nested in its items) has a `with module type`
/// constraint or a `module type S := MT` item.
pub(super) fn has_module_type_substs(mt: &ast::ModType) -> bool {
    match &mt.kind {
        ast::ModTypeKind::With(t, cs) => {
            cs.iter()
                .any(|c| matches!(c, ast::WithConstraint::ModuleType { .. }))
                || has_module_type_substs(t)
        }
        ast::ModTypeKind::Sig(items) => items.iter().any(|i| {
            matches!(
                i.kind,
                ast::SigItemKind::ModuleTypeSubst(..) | ast::SigItemKind::ModuleSubst(..)
            )
        }),
        _ => false,
    }
}

/// The names a signature declares, by namespace; `open` makes them unknown (`all`).
#[derive(Default, Clone)]
struct Declared {
    types: HashSet<String>,
    modules: HashSet<String>,
    module_types: HashSet<String>,
    all: bool,
}

/// The names a module type refers to, by namespace (the first component of a qualified name
/// as a module); `all`: it refers to names egret does not follow (`module type of`).
#[derive(Default)]
struct Mentioned {
    types: HashSet<String>,
    modules: HashSet<String>,
    module_types: HashSet<String>,
    all: bool,
}

impl Mentioned {
    fn type_name(&mut self, n: &str) {
        match n.split_once('.') {
            Some((m, _)) => self.module_path(m),
            None => {
                self.types.insert(n.to_string());
            }
        }
    }
    fn module_type_name(&mut self, n: &str) {
        match n.split_once('.') {
            Some((m, _)) => self.module_path(m),
            None => {
                self.module_types.insert(n.to_string());
            }
        }
    }
    fn module_path(&mut self, p: &str) {
        let head = p.split(['.', '(']).next().unwrap_or(p);
        self.modules.insert(head.to_string());
    }
    fn type_expr(&mut self, t: &ast::TypeExpr) {
        match &t.kind {
            ast::TypeExprKind::Constr(n, _) => self.type_name(n),
            ast::TypeExprKind::Package(p, _) => self.module_type_name(p),
            _ => {}
        }
        let mut t = t.clone();
        t.for_each_child_mut(&mut |c| self.type_expr(c));
    }
    fn module_type(&mut self, mt: &ast::ModType) {
        match &mt.kind {
            ast::ModTypeKind::Path(p) => self.module_type_name(p),
            ast::ModTypeKind::Sig(items) => {
                for item in items {
                    self.sig_item(item);
                }
            }
            ast::ModTypeKind::With(t, cs) => {
                self.module_type(t);
                for c in cs {
                    match c {
                        ast::WithConstraint::Type { decl, .. } => {
                            let mut d = decl.clone();
                            let _ = for_each_decl_type(&mut d, &mut |t| {
                                self.type_expr(t);
                                Ok(())
                            });
                        }
                        ast::WithConstraint::Module { target, .. } => self.module_path(target),
                        ast::WithConstraint::ModuleType { ty, .. } => self.module_type(ty),
                    }
                }
            }
            ast::ModTypeKind::Functor(params, body) => {
                for t in params.iter().filter_map(|p| p.ty.as_ref()) {
                    self.module_type(t);
                }
                self.module_type(body);
            }
            ast::ModTypeKind::TypeOf(_) => self.all = true,
        }
    }
    fn sig_item(&mut self, item: &ast::SigItem) {
        let mut item = item.clone();
        let _ = for_each_item_type(&mut item, &mut |t| {
            self.type_expr(t);
            Ok(())
        });
        match &item.kind {
            ast::SigItemKind::Module(_, t)
            | ast::SigItemKind::Include(t)
            | ast::SigItemKind::ModuleTypeSubst(_, t)
            | ast::SigItemKind::ModuleType(_, Some(t)) => self.module_type(t),
            ast::SigItemKind::RecModules(ms) => ms.iter().for_each(|(_, t)| self.module_type(t)),
            ast::SigItemKind::ModuleAlias(_, p) | ast::SigItemKind::Open(p) => self.module_path(p),
            _ => {}
        }
    }
    /// Whether a name of these is one `d` declares.
    fn captured_by(&self, d: &Declared) -> bool {
        let meets = |a: &HashSet<String>, b: &HashSet<String>| a.iter().any(|n| b.contains(n));
        self.all
            || d.all
            || meets(&self.types, &d.types)
            || meets(&self.modules, &d.modules)
            || meets(&self.module_types, &d.module_types)
    }
}

/// Calls `f` on each type expression of declaration `d` (manifest, definition, constructor
/// arguments and fields).
fn for_each_decl_type(
    d: &mut ast::TypeDecl,
    f: &mut dyn FnMut(&mut ast::TypeExpr) -> Result<(), String>,
) -> Result<(), String> {
    if let Some(m) = &mut d.manifest {
        f(m)?;
    }
    match &mut d.kind {
        ast::TypeDeclKind::Abbrev(t) => f(t)?,
        ast::TypeDeclKind::Variant(cs) => {
            for c in cs {
                for_each_ctor_type(c, f)?;
            }
        }
        ast::TypeDeclKind::Record(fs) => {
            for x in fs {
                f(&mut x.ty)?;
            }
        }
        ast::TypeDeclKind::Abstract | ast::TypeDeclKind::Open => {}
    }
    Ok(())
}

fn for_each_ctor_type(
    c: &mut ast::ConstructorDecl,
    f: &mut dyn FnMut(&mut ast::TypeExpr) -> Result<(), String>,
) -> Result<(), String> {
    for a in &mut c.args {
        f(a)?;
    }
    if let Some(fs) = &mut c.record {
        for x in fs {
            f(&mut x.ty)?;
        }
    }
    if let Some((_, r)) = &mut c.gadt {
        f(r)?;
    }
    Ok(())
}

/// Calls `f` on each type expression of item `item` itself (not of its nested signatures).
fn for_each_item_type(
    item: &mut ast::SigItem,
    f: &mut dyn FnMut(&mut ast::TypeExpr) -> Result<(), String>,
) -> Result<(), String> {
    match &mut item.kind {
        ast::SigItemKind::Val(_, _, t) => f(t),
        ast::SigItemKind::External(x) => f(&mut x.ty),
        ast::SigItemKind::Type(ds) | ast::SigItemKind::TypeSubst(ds) => {
            ds.iter_mut().try_for_each(|d| for_each_decl_type(d, f))
        }
        ast::SigItemKind::Exception(c) => for_each_ctor_type(c, f),
        ast::SigItemKind::TypeExtension(x) => {
            (x.constructors.iter_mut()).try_for_each(|c| for_each_ctor_type(c, f))
        }
        _ => Ok(()),
    }
}

/// What a substitution puts for its name: a module type (`module type S := MT`, `with module
/// type S := MT`), or the path of a module (`module M := P`).
enum By {
    ModuleType(ast::ModType),
    Module(String),
}

impl By {
    /// The names it refers to.
    fn mentioned(&self) -> Mentioned {
        let mut m = Mentioned::default();
        match self {
            By::ModuleType(t) => m.module_type(t),
            By::Module(p) => m.module_path(p),
        }
        m
    }
}

/// Module path `p` with its module `name` (itself or a prefix) replaced by `q`.
fn rename_module(p: &mut String, name: &str, q: &str) {
    if p == name {
        *p = q.to_string();
    } else if let Some(rest) = p.strip_prefix(name).filter(|r| r.starts_with(['.', '('])) {
        *p = format!("{q}{rest}");
    }
}

/// Type `t` under the substitution: `(module name)` made `(module p)` when `by` is the path
/// `p`, the types of module `name` made those of `P`; `Err`: the package path that cannot be
/// (`by` is no path).
fn subst_type(t: &mut ast::TypeExpr, name: &str, by: &By) -> Result<(), String> {
    match (&mut t.kind, by) {
        (ast::TypeExprKind::Package(p, _), By::ModuleType(mt)) if p == name => match &mt.kind {
            ast::ModTypeKind::Path(q) => *p = q.clone(),
            _ => return Err(p.clone()),
        },
        (ast::TypeExprKind::Package(p, _) | ast::TypeExprKind::Constr(p, _), By::Module(q))
            if p.contains('.') =>
        {
            rename_module(p, name, q)
        }
        _ => {}
    }
    let mut r = Ok(());
    t.for_each_child_mut(&mut |c| {
        if r.is_ok() {
            r = subst_type(c, name, by);
        }
    });
    r
}

/// Whether `item` declares the name substituted (a later use of the name is that
/// declaration's): module type `name`, or the module `name` (its path) starts with.
fn declares(item: &ast::SigItem, name: &str, by: &By) -> bool {
    let (head, module) = match (name.split_once('.'), by) {
        (Some((m, _)), _) => (m, true),
        (None, By::Module(_)) => (name, true),
        (None, By::ModuleType(_)) => (name, false),
    };
    match &item.kind {
        ast::SigItemKind::ModuleType(n, _) | ast::SigItemKind::ModuleTypeSubst(n, _) => {
            !module && n == head
        }
        ast::SigItemKind::Module(n, _)
        | ast::SigItemKind::ModuleAlias(n, _)
        | ast::SigItemKind::ModuleSubst(n, _) => module && n == head,
        ast::SigItemKind::RecModules(ms) => module && ms.iter().any(|(n, _)| n == head),
        _ => false,
    }
}

/// Each use of `name` in `items` replaced by `by`, up to a declaration of the name; `Err`: a
/// package type `(module name)` that cannot be (with the path as written).
fn subst_items(items: &mut [ast::SigItem], name: &str, by: &By) -> Result<(), String> {
    for item in items {
        subst_item(item, name, by)?;
        if declares(item, name, by) {
            break;
        }
    }
    Ok(())
}

fn subst_item(item: &mut ast::SigItem, name: &str, by: &By) -> Result<(), String> {
    for_each_item_type(item, &mut |t| subst_type(t, name, by))?;
    match (&mut item.kind, by) {
        (
            ast::SigItemKind::Module(_, t)
            | ast::SigItemKind::Include(t)
            | ast::SigItemKind::ModuleTypeSubst(_, t)
            | ast::SigItemKind::ModuleType(_, Some(t)),
            _,
        ) => subst_mt(t, name, by),
        (ast::SigItemKind::RecModules(ms), _) => {
            (ms.iter_mut()).try_for_each(|(_, t)| subst_mt(t, name, by))
        }
        (
            ast::SigItemKind::ModuleAlias(_, p)
            | ast::SigItemKind::ModuleSubst(_, p)
            | ast::SigItemKind::Open(p),
            By::Module(q),
        ) => {
            rename_module(p, name, q);
            Ok(())
        }
        _ => Ok(()),
    }
}

fn subst_mt(t: &mut ast::ModType, name: &str, by: &By) -> Result<(), String> {
    match (&mut t.kind, by) {
        (ast::ModTypeKind::Path(p), By::ModuleType(mt)) if p == name => *t = mt.clone(),
        (ast::ModTypeKind::Path(p), By::Module(q)) if p.contains('.') => rename_module(p, name, q),
        (ast::ModTypeKind::TypeOf(me), By::Module(q)) => {
            if let ast::ModExprKind::Path(p) = &mut me.kind {
                rename_module(p, name, q)
            }
        }
        (ast::ModTypeKind::Sig(items), _) => subst_items(items, name, by)?,
        (ast::ModTypeKind::With(inner, cs), _) => {
            subst_mt(inner, name, by)?;
            for c in cs {
                match (c, by) {
                    (ast::WithConstraint::ModuleType { ty, .. }, _) => subst_mt(ty, name, by)?,
                    (ast::WithConstraint::Type { decl, .. }, _) => {
                        for_each_decl_type(decl, &mut |t| subst_type(t, name, by))?
                    }
                    (ast::WithConstraint::Module { target, .. }, By::Module(q)) => {
                        rename_module(target, name, q)
                    }
                    (ast::WithConstraint::Module { .. }, By::ModuleType(_)) => {}
                }
            }
        }
        (ast::ModTypeKind::Functor(params, body), _) => {
            for p in params.iter_mut() {
                if let Some(t) = &mut p.ty {
                    subst_mt(t, name, by)?;
                }
            }
            subst_mt(body, name, by)?;
        }
        (ast::ModTypeKind::Path(_) | ast::ModTypeKind::TypeOf(_), _) => {}
    }
    Ok(())
}

/// `mt` under constraint `c` (added to its `with` constraints if it has some).
fn with_one(mt: ast::ModType, c: ast::WithConstraint) -> ast::ModType {
    match mt.kind {
        ast::ModTypeKind::With(inner, mut cs) => {
            cs.push(c);
            ast::ModType {
                kind: ast::ModTypeKind::With(inner, cs),
                span: mt.span,
            }
        }
        kind => ast::ModType {
            kind: ast::ModTypeKind::With(
                Box::new(ast::ModType {
                    kind,
                    span: mt.span,
                }),
                vec![c],
            ),
            span: mt.span,
        },
    }
}

/// A module type as OCaml's messages show it (`sig end`, a path; a longer signature elided).
fn shown(mt: &ast::ModType) -> String {
    match &mt.kind {
        ast::ModTypeKind::Path(p) => p.clone(),
        ast::ModTypeKind::Sig(items) if items.is_empty() => "sig end".to_string(),
        ast::ModTypeKind::Sig(_) => "sig ... end".to_string(),
        _ => "...".to_string(),
    }
}

fn not_supported(span: Span) -> Diagnostic {
    Diagnostic::unsupported(
        span,
        "this module type substitution (its module type would name what the signature declares, or a module type of another module, or restate one the signature defines with another text) is",
    )
}

impl Typer<'_> {
    /// `mt` with its `with module type` constraints and `module type S := MT` items (nested
    /// ones too) expanded (see the module documentation).
    pub(crate) fn expand_module_type_substs(&self, mt: &ast::ModType) -> TResult<ast::ModType> {
        self.expand_mt(mt, 0)
    }

    fn expand_mt(&self, mt: &ast::ModType, depth: u32) -> TResult<ast::ModType> {
        if depth > MAX_DEPTH {
            return Err(not_supported(mt.span));
        }
        let kind = match &mt.kind {
            ast::ModTypeKind::Path(_) | ast::ModTypeKind::TypeOf(_) => return Ok(mt.clone()),
            ast::ModTypeKind::Sig(items) => ast::ModTypeKind::Sig(self.expand_items(items, depth)?),
            ast::ModTypeKind::Functor(params, body) => {
                let mut params = params.clone();
                for p in &mut params {
                    if let Some(t) = &mut p.ty {
                        *t = self.expand_mt(t, depth + 1)?;
                    }
                }
                ast::ModTypeKind::Functor(params, Box::new(self.expand_mt(body, depth + 1)?))
            }
            ast::ModTypeKind::With(t, cs) => {
                let mut cur = self.expand_mt(t, depth + 1)?;
                for c in cs {
                    cur = match c {
                        ast::WithConstraint::ModuleType {
                            path,
                            ty,
                            destructive,
                        } => {
                            let ty = self.expand_mt(ty, depth + 1)?;
                            let (items, outer) = self.items_of(&cur, mt.span, depth + 1)?;
                            let items = self.constrain_items(
                                items,
                                path,
                                &ty,
                                *destructive,
                                mt.span,
                                &Declared::default(),
                                depth + 1,
                            )?;
                            let sig = ast::ModType {
                                kind: ast::ModTypeKind::Sig(items),
                                span: mt.span,
                            };
                            outer.into_iter().fold(sig, with_one)
                        }
                        c => with_one(cur, c.clone()),
                    };
                }
                cur.kind
            }
        };
        Ok(ast::ModType {
            kind,
            span: mt.span,
        })
    }

    /// A signature's items with its local substitutions applied and removed, and the module
    /// types of its items expanded.
    fn expand_items(&self, items: &[ast::SigItem], depth: u32) -> TResult<Vec<ast::SigItem>> {
        // Each substitution with the names the items after it declare: its module type, read
        // where it is written, must not name them (they would capture the name).
        let mut substs: Vec<(String, By, Declared)> = Vec::new();
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let mut item = item.clone();
            let mut dropped = false;
            for (name, by, since) in &substs {
                let before = item.clone();
                let r = subst_item(&mut item, name, by);
                if r.is_ok() && item != before {
                    if by.mentioned().captured_by(since) {
                        return Err(not_supported(item.span));
                    }
                }
                if let Err(p) = r {
                    // A value declared again later is not in the signature (OCaml removes it
                    // before the check).
                    let redeclared = matches!(&item.kind, ast::SigItemKind::Val(x, _, _)
                        if items[i + 1..].iter().any(|j| matches!(&j.kind,
                            ast::SigItemKind::Val(y, _, _) if y == x)));
                    if redeclared {
                        dropped = true;
                        break;
                    }
                    return Err(Diagnostic::error(
                        item.span,
                        format!("The module type {p} is not a valid type for a packed module:\n       it is defined as a local substitution for a non-path module type."),
                    ));
                }
            }
            if dropped {
                continue;
            }
            if let ast::SigItemKind::ModuleTypeSubst(name, t) = &item.kind {
                let t = self.expand_mt(t, depth + 1)?;
                substs.retain(|(n, _, _)| n != name);
                substs.push((name.clone(), By::ModuleType(t), Declared::default()));
                continue;
            }
            if let ast::SigItemKind::ModuleSubst(name, path) = &item.kind {
                self.check_module_subst(path, item.span)?;
                substs.retain(|(n, _, _)| n != name);
                substs.push((name.clone(), By::Module(path.clone()), Declared::default()));
                continue;
            }
            substs.retain(|(n, by, _)| !declares(&item, n, by));
            self.expand_item(&mut item, depth)?;
            for (_, _, since) in &mut substs {
                *since = self.declared(std::slice::from_ref(&item), since, depth);
            }
            out.push(item);
        }
        Ok(out)
    }

    fn expand_item(&self, item: &mut ast::SigItem, depth: u32) -> TResult<()> {
        match &mut item.kind {
            ast::SigItemKind::Module(_, t)
            | ast::SigItemKind::Include(t)
            | ast::SigItemKind::ModuleType(_, Some(t)) => *t = self.expand_mt(t, depth + 1)?,
            ast::SigItemKind::RecModules(ms) => {
                for (_, t) in ms {
                    *t = self.expand_mt(t, depth + 1)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The items of the (expanded) signature `mt` denotes, and the `with` constraints on
    /// them (outermost last).
    fn items_of(
        &self,
        mt: &ast::ModType,
        span: Span,
        depth: u32,
    ) -> TResult<(Vec<ast::SigItem>, Vec<ast::WithConstraint>)> {
        if depth > MAX_DEPTH {
            return Err(not_supported(span));
        }
        match &mt.kind {
            ast::ModTypeKind::Sig(items) => Ok((items.clone(), Vec::new())),
            ast::ModTypeKind::With(t, cs) => {
                let (items, mut outer) = self.items_of(t, span, depth + 1)?;
                outer.extend(cs.iter().cloned());
                Ok((items, outer))
            }
            ast::ModTypeKind::Path(p) => {
                let Some(def) = self.env.module_types.get(p) else {
                    return Err(Diagnostic::error(
                        mt.span,
                        format!("Unbound module type {p}"),
                    ));
                };
                match &def.ty {
                    Some(t) if def.scope.is_empty() => {
                        let t = self.expand_mt(t, depth + 1)?;
                        self.items_of(&t, span, depth + 1)
                    }
                    _ => Err(not_supported(span)),
                }
            }
            ast::ModTypeKind::Functor(..) | ast::ModTypeKind::TypeOf(_) => Err(not_supported(span)),
        }
    }

    /// The names `items` declare (with those of their `include`s), added to `outer`'s.
    fn declared(&self, items: &[ast::SigItem], outer: &Declared, depth: u32) -> Declared {
        let mut d = outer.clone();
        for item in items {
            match &item.kind {
                ast::SigItemKind::Type(ds) | ast::SigItemKind::TypeSubst(ds) => {
                    d.types.extend(ds.iter().map(|x| x.name.clone()))
                }
                ast::SigItemKind::Module(n, _)
                | ast::SigItemKind::ModuleAlias(n, _)
                | ast::SigItemKind::ModuleSubst(n, _) => {
                    d.modules.insert(n.clone());
                }
                ast::SigItemKind::RecModules(ms) => {
                    d.modules.extend(ms.iter().map(|(n, _)| n.clone()))
                }
                ast::SigItemKind::ModuleType(n, _) | ast::SigItemKind::ModuleTypeSubst(n, _) => {
                    d.module_types.insert(n.clone());
                }
                // A module type the signature declares is not the environment's.
                ast::SigItemKind::Include(ast::ModType {
                    kind: ast::ModTypeKind::Path(p),
                    ..
                }) if {
                    let head = p.split('.').next().unwrap_or(p);
                    d.module_types.contains(head) || d.modules.contains(head)
                } =>
                {
                    d.all = true
                }
                ast::SigItemKind::Include(t) => match self.items_of(t, item.span, depth + 1) {
                    Ok((inner, _)) if depth < MAX_DEPTH => d = self.declared(&inner, &d, depth + 1),
                    _ => d.all = true,
                },
                ast::SigItemKind::Open(_) => d.all = true,
                _ => {}
            }
        }
        d
    }

    /// `ty`, read where the constraint is written, as it reads inside a signature declaring
    /// `d`: a module type path the signature captures is replaced by its definition.
    fn uncaptured(&self, ty: &ast::ModType, d: &Declared, depth: u32) -> Option<ast::ModType> {
        let mut m = Mentioned::default();
        m.module_type(ty);
        if !m.captured_by(d) {
            return Some(ty.clone());
        }
        let ast::ModTypeKind::Path(p) = &ty.kind else {
            return None;
        };
        let def = self.env.module_types.get(p)?;
        match &def.ty {
            Some(t) if def.scope.is_empty() && depth < MAX_DEPTH => {
                self.uncaptured(t, d, depth + 1)
            }
            _ => None,
        }
    }

    /// `items` with constraint `module type path (:)= ty`; `outer`: the names the enclosing
    /// signatures declare.
    #[allow(clippy::too_many_arguments)]
    fn constrain_items(
        &self,
        mut items: Vec<ast::SigItem>,
        path: &str,
        ty: &ast::ModType,
        destructive: bool,
        span: Span,
        outer: &Declared,
        depth: u32,
    ) -> TResult<Vec<ast::SigItem>> {
        if depth > MAX_DEPTH {
            return Err(not_supported(span));
        }
        let no_component = || {
            Diagnostic::error(
                span,
                format!("The signature constrained by `with' has no component named {path}"),
            )
        };
        let declared = self.declared(&items, outer, depth);
        let Some(ty) = self.uncaptured(ty, &declared, depth) else {
            return Err(not_supported(span));
        };
        let packed = |p: String| {
            let line = format!(
                "This `with' constraint {p} := {} makes a packed module ill-formed.",
                shown(&ty)
            );
            // OCaml's break before "makes" past the margin.
            let line = if "Error: ".len() + line.len() > 77 {
                line.replacen(" makes a packed", "\n       makes a packed", 1)
            } else {
                line
            };
            Diagnostic::error(span, line)
        };
        if let Some((m, rest)) = path.split_once('.') {
            let i = (items.iter())
                .rposition(|x| matches!(&x.kind, ast::SigItemKind::Module(n, _) if n == m))
                .ok_or_else(no_component)?;
            let ast::SigItemKind::Module(_, t) = &items[i].kind else {
                unreachable!("found as a module")
            };
            // The submodule's module type named here is read in the signature's scope.
            if let ast::ModTypeKind::Path(_) = &t.kind {
                let mut mt = Mentioned::default();
                mt.module_type(t);
                if mt.captured_by(&declared) {
                    return Err(not_supported(span));
                }
            }
            let t = self.expand_mt(t, depth + 1)?;
            let (inner, wrap) = self.items_of(&t, span, depth + 1)?;
            let inner =
                self.constrain_items(inner, rest, &ty, destructive, span, &declared, depth + 1)?;
            let sig = ast::ModType {
                kind: ast::ModTypeKind::Sig(inner),
                span: t.span,
            };
            items[i].kind =
                ast::SigItemKind::Module(m.to_string(), wrap.into_iter().fold(sig, with_one));
            if destructive {
                subst_items(&mut items[i + 1..], path, &By::ModuleType(ty.clone()))
                    .map_err(packed)?;
            }
            return Ok(items);
        }
        let i = (items.iter())
            .rposition(|x| matches!(&x.kind, ast::SigItemKind::ModuleType(n, _) if n == path))
            .ok_or_else(no_component)?;
        let ast::SigItemKind::ModuleType(_, original) = items[i].kind.clone() else {
            unreachable!("found as a module type")
        };
        if let Some(original) = &original {
            // The same definition, read in the same scope (neither names what the signature
            // declares).
            let mut m = Mentioned::default();
            m.module_type(original);
            let same = !m.captured_by(&declared)
                && print_mod_type_compact(&self.definition(original, depth))
                    == print_mod_type_compact(&self.definition(&ty, depth));
            if !same {
                return Err(not_supported(span));
            }
        }
        if destructive {
            items.remove(i);
            subst_items(&mut items[i..], path, &By::ModuleType(ty.clone())).map_err(packed)?;
        } else if original.is_none() {
            items[i].kind = ast::SigItemKind::ModuleType(path.to_string(), Some(ty));
        }
        Ok(items)
    }

    /// `module M := P`: `P` must be a module; a functor application path (`F(X)`) is not
    /// supported yet once its modules exist.
    fn check_module_subst(&self, path: &str, span: Span) -> TResult<()> {
        let names = path.split(['(', ')']).filter(|n| !n.is_empty());
        for n in names {
            let n = n.trim_start_matches('.');
            let head = n.split('.').next().unwrap_or(n);
            for m in [head, n] {
                if !super::module_exists(&self.env, &self.resolve_module_path(m)) {
                    return Err(Diagnostic::error(span, format!("Unbound module {m}")));
                }
            }
        }
        if path.contains('(') {
            return Err(Diagnostic::unsupported(
                span,
                "local substitutions by a functor application's path are",
            ));
        }
        Ok(())
    }

    /// A module type path's definition (followed through paths defined at top level).
    fn definition(&self, ty: &ast::ModType, depth: u32) -> ast::ModType {
        if let ast::ModTypeKind::Path(p) = &ty.kind {
            if let Some(def) = self.env.module_types.get(p) {
                if let (Some(t), true) = (&def.ty, def.scope.is_empty() && depth < MAX_DEPTH) {
                    return self.definition(t, depth + 1);
                }
            }
        }
        ty.clone()
    }
}
