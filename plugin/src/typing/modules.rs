//! The module level: module expressions as phrases, functors applied at compile time, module
//! types, signature matching, local modules.
//!
//! Modules are flattened into qualified names (`M.x`, `M.N.t`; see ARCHITECTURE.md). A module
//! expression becomes phrases ([`flatten_module`]): a structure's items between its enter and
//! leave phrases, `(ME : MT)` a [`PhraseKind::Seal`] after ME's phrases, a functor a
//! [`PhraseKind::DefineFunctor`], an application a [`PhraseKind::Apply`] after the phrases of
//! the arguments that are not paths (elaborated as hidden modules named `%N`, a name no
//! program can write).
//!
//! **Functors are applied at compile time** (defunctorised, as MLton): a functor is its
//! parameters, its body's syntax and the environment it was defined in ([`FunctorDef`]).
//! `module M = F (A)` elaborates F's body as the structure `M` in that environment, with the
//! parameter `X` an alias of `A` checked against and restricted to `X`'s signature; `M`'s
//! components then join the application's environment. Each application is code of its own,
//! specialised to its argument (`Map.Make (String)` compares strings directly), and its
//! exceptions and types are new, as OCaml's generative semantics for them. Invariants: the
//! body sees exactly the names of the definition's environment (a later shadowing of a name
//! does not change it), and the values it binds are in scope of the rest of the program (the
//! body's phrases are spliced before the rest, so its `let`s enclose it).
//!
//! Signatures ([`Sig`]) are sets of names with the declared types of values: matching checks
//! that every value, type, exception, module and module type is provided, that each value's
//! type is an instance of the declared one (a value less general than its declaration is bound
//! under the declared type by a type application: `let x' = Λ.. x [..]`), and hides the rest.
//! A type the signature declares abstract becomes a new type standing for its definition
//! ([`super::unify::AbstractType`]): outside the module it is a type of its own, the lambda
//! IR sees the definition. A functor parameter's abstract types are abstract inside the body
//! and equal the argument's afterwards (OCaml's substitution of the argument's path).
//! Not yet: functor bodies are type-checked at each application only (a functor never
//! applied is not checked), first-class and recursive modules.

use std::collections::HashMap;
use std::rc::Rc;

use super::env::{CtorRef, Env, TypeName, ValueBinding};
use super::unify::TypePrinter;
use super::{Phrase, PhraseKind, TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Expr, TyVar, Type, VarId};
use crate::syntax::ast;

/// A type name no program can write, `M.%module`, that every structure `M` has: an empty
/// structure exists too.
pub(crate) const MODULE_MARKER: &str = "%module";

/// A functor: what applying it needs.
pub(crate) struct FunctorDef {
    pub params: Vec<ast::FunctorParam>,
    pub body: ast::ModExpr,
    /// The environment of the definition: the body's names.
    pub env: Env,
    /// The syntax is the prelude's (its spans are not positions in the program).
    pub prelude_text: bool,
}

/// A module type (`None`: abstract, `module type S`).
pub(crate) struct ModTypeDef {
    pub ty: Option<ast::ModType>,
}

/// Where phrases come from: their section and origin (see [`Phrase`]).
#[derive(Clone)]
pub(crate) struct PhraseCtx {
    pub section: usize,
    pub module: Option<String>,
    pub prelude: bool,
    pub prelude_text: bool,
}

impl PhraseCtx {
    fn phrase<'a>(&self, kind: PhraseKind<'a>) -> Phrase<'a> {
        Phrase {
            kind,
            section: self.section,
            module: self.module.clone(),
            ends_prelude: false,
            prelude: self.prelude,
            prelude_text: self.prelude_text,
        }
    }
}

/// The items of a structure as phrases.
pub(crate) fn flatten_items<'a>(
    items: &'a [ast::Item],
    ctx: &PhraseCtx,
    hidden: &mut u32,
    out: &mut Vec<Phrase<'a>>,
) {
    for item in items {
        match &item.kind {
            ast::ItemKind::Module(name, me) => {
                flatten_module(name.clone(), me, item.span, ctx, hidden, out)
            }
            ast::ItemKind::Include(me) if !matches!(me.kind, ast::ModExprKind::Path(_)) => {
                let h = hidden_name(hidden);
                flatten_module(h.clone(), me, item.span, ctx, hidden, out);
                out.push(ctx.phrase(PhraseKind::IncludePath(h, item.span)));
            }
            ast::ItemKind::OpenModule(me) => {
                let h = hidden_name(hidden);
                flatten_module(h.clone(), me, item.span, ctx, hidden, out);
                out.push(ctx.phrase(PhraseKind::OpenPath(h, item.span)));
            }
            _ => out.push(ctx.phrase(PhraseKind::Item(item))),
        }
    }
}

fn hidden_name(hidden: &mut u32) -> String {
    *hidden += 1;
    format!("%{hidden}")
}

/// The phrases that bind module expression `me` as the module `name`.
pub(crate) fn flatten_module<'a>(
    name: String,
    me: &'a ast::ModExpr,
    span: Span,
    ctx: &PhraseCtx,
    hidden: &mut u32,
    out: &mut Vec<Phrase<'a>>,
) {
    match &me.kind {
        ast::ModExprKind::Struct(items) => {
            out.push(ctx.phrase(PhraseKind::EnterModule(name, span)));
            flatten_items(items, ctx, hidden, out);
            out.push(ctx.phrase(PhraseKind::LeaveModule));
        }
        ast::ModExprKind::Path(p) => {
            out.push(ctx.phrase(PhraseKind::Alias(name, p.clone(), span)));
        }
        ast::ModExprKind::Constraint(inner, mt) => {
            flatten_module(name.clone(), inner, span, ctx, hidden, out);
            out.push(ctx.phrase(PhraseKind::Seal(name, mt, me.span, false)));
        }
        ast::ModExprKind::Functor(params, body) => {
            out.push(ctx.phrase(PhraseKind::DefineFunctor(name, params, body, span)));
        }
        ast::ModExprKind::Apply(f, arg) => {
            let functor = match &f.kind {
                ast::ModExprKind::Path(p) => p.clone(),
                _ => {
                    let h = hidden_name(hidden);
                    flatten_module(h.clone(), f, f.span, ctx, hidden, out);
                    h
                }
            };
            let arg = arg.as_deref().map(|a| match &a.kind {
                ast::ModExprKind::Path(p) => p.clone(),
                _ => {
                    let h = hidden_name(hidden);
                    flatten_module(h.clone(), a, a.span, ctx, hidden, out);
                    h
                }
            });
            out.push(ctx.phrase(PhraseKind::Apply {
                name,
                functor,
                arg,
                span: me.span,
            }));
        }
    }
}

/// A signature as matching needs it: the names it declares, with the declared types of its
/// values, in order.
#[derive(Default)]
struct Sig {
    /// Values (`None`: no declared type to check, from `module type of`).
    vals: Vec<(String, Option<ast::TypeExpr>)>,
    /// Types, with the constructors each declares and whether the signature makes it
    /// abstract (`type t`, `type 'a t`, without a `with type` constraint).
    types: Vec<(String, Vec<String>, bool)>,
    exceptions: Vec<String>,
    /// Modules, with their module types (`None`: unrestricted).
    modules: Vec<(String, Option<ast::ModType>)>,
    /// Functors (module components whose type is a functor type).
    functors: Vec<String>,
    module_types: Vec<String>,
}

/// The components a module `prefix` has in `env`: (values, types, ctors, fields, functors,
/// module types), each as (name relative to the module, meaning).
type Components = (
    Vec<(String, ValueBinding)>,
    Vec<(String, TypeName)>,
    Vec<(String, CtorRef)>,
    Vec<(String, Vec<(crate::lambda::ir::TyCon, u32)>)>,
    Vec<(String, Rc<FunctorDef>)>,
    Vec<(String, Rc<ModTypeDef>)>,
);

/// The components of module `path` in `env`, named relative to it, sorted (so that binding
/// them does not depend on hash order).
pub(crate) fn components(env: &Env, path: &str) -> Components {
    let prefix = format!("{path}.");
    let strip = |n: &String| n.strip_prefix(&prefix).map(str::to_string);
    let mut values: Vec<(String, ValueBinding)> = (env.visible_names().iter())
        .filter_map(|n| Some((strip(n)?, env.lookup(n)?)))
        .collect();
    values.sort_by(|a, b| a.0.cmp(&b.0));
    let mut types: Vec<(String, TypeName)> = (env.types.iter())
        .filter_map(|(n, t)| Some((strip(n)?, t.clone())))
        .collect();
    types.sort_by(|a, b| a.0.cmp(&b.0));
    let mut ctors: Vec<(String, CtorRef)> = (env.ctors.iter())
        .filter_map(|(n, c)| Some((strip(n)?, *c)))
        .collect();
    ctors.sort_by(|a, b| a.0.cmp(&b.0));
    let mut fields: Vec<(String, Vec<(crate::lambda::ir::TyCon, u32)>)> = (env.fields.iter())
        .filter_map(|(n, f)| Some((strip(n)?, f.clone())))
        .collect();
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    let mut functors: Vec<(String, Rc<FunctorDef>)> = (env.functors.iter())
        .filter_map(|(n, f)| Some((strip(n)?, f.clone())))
        .collect();
    functors.sort_by(|a, b| a.0.cmp(&b.0));
    let mut module_types: Vec<(String, Rc<ModTypeDef>)> = (env.module_types.iter())
        .filter_map(|(n, f)| Some((strip(n)?, f.clone())))
        .collect();
    module_types.sort_by(|a, b| a.0.cmp(&b.0));
    (values, types, ctors, fields, functors, module_types)
}

/// Whether module `path` exists in `env` (it has a component, or it is a functor).
pub(crate) fn module_exists(env: &Env, path: &str) -> bool {
    let prefix = format!("{path}.");
    env.functors.contains_key(path)
        || env.visible_names().iter().any(|n| n.starts_with(&prefix))
        || env.types.keys().any(|n| n.starts_with(&prefix))
        || env.ctors.keys().any(|n| n.starts_with(&prefix))
        || env.functors.keys().any(|n| n.starts_with(&prefix))
        || env.module_types.keys().any(|n| n.starts_with(&prefix))
}

/// Binds the components `c` of a module in `env` under `prefix.` (`prefix` empty: unqualified).
pub(crate) fn bind_components(env: &mut Env, prefix: &str, c: Components) {
    let q = |n: &str| {
        if prefix.is_empty() {
            n.to_string()
        } else {
            format!("{prefix}.{n}")
        }
    };
    let (values, types, ctors, fields, functors, module_types) = c;
    for (n, b) in values {
        env.bind(&q(&n), b);
    }
    for (n, t) in types {
        env.types.insert(q(&n), t);
    }
    for (n, c) in ctors {
        env.ctors.insert(q(&n), c);
    }
    for (n, f) in fields {
        env.fields.insert(q(&n), f);
    }
    for (n, f) in functors {
        env.functors.insert(q(&n), f);
    }
    for (n, t) in module_types {
        env.module_types.insert(q(&n), t);
    }
}

/// The names of type variables in `te`, in order of first occurrence.
fn type_var_names(te: &ast::TypeExpr, out: &mut Vec<String>) {
    match &te.kind {
        ast::TypeExprKind::Var(n) => {
            if !out.contains(n) {
                out.push(n.clone())
            }
        }
        ast::TypeExprKind::Any => {}
        ast::TypeExprKind::Constr(_, args) | ast::TypeExprKind::Tuple(args) => {
            args.iter().for_each(|a| type_var_names(a, out))
        }
        ast::TypeExprKind::Arrow(_, a, b) => {
            type_var_names(a, out);
            type_var_names(b, out);
        }
        ast::TypeExprKind::Variant { fields, .. } => {
            for f in fields {
                match f {
                    ast::RowFieldExpr::Tag { args, .. } => {
                        args.iter().for_each(|a| type_var_names(a, out))
                    }
                    ast::RowFieldExpr::Inherit(t) => type_var_names(t, out),
                }
            }
        }
        ast::TypeExprKind::Poly(bound, t) => {
            let mut inner = Vec::new();
            type_var_names(t, &mut inner);
            out.extend(inner.into_iter().filter(|n| !bound.contains(n)));
        }
    }
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl<'s> Typer<'s> {
    /// `module type S = MT`.
    pub(super) fn define_module_type(
        &mut self,
        name: &str,
        mt: Option<&ast::ModType>,
        span: Span,
    ) -> TResult<()> {
        if !self.in_prelude {
            self.declare_in_structure(name, span, "module type", |s| &mut s.module_types)?;
        }
        self.env.module_types.insert(
            name.to_string(),
            Rc::new(ModTypeDef { ty: mt.cloned() }),
        );
        Ok(())
    }

    /// `module F (X : S) .. = ME`: records the functor and the environment it sees.
    pub(super) fn define_functor(
        &mut self,
        name: &str,
        params: &[ast::FunctorParam],
        body: &ast::ModExpr,
        span: Span,
    ) -> TResult<()> {
        if !self.in_prelude {
            self.declare_in_structure(name, span, "module", |s| &mut s.modules)?;
        }
        for p in params {
            if let Some(t) = &p.ty {
                // The parameter's module type must exist (checked again at each application).
                self.signature_of(t)?;
            }
        }
        let def = FunctorDef {
            params: params.to_vec(),
            body: body.clone(),
            env: self.env.clone(),
            prelude_text: self.in_prelude,
        };
        self.env.functors.insert(name.to_string(), Rc::new(def));
        Ok(())
    }

    /// `module name = functor (arg)` at phrase `i`: the functor's body (or, with more
    /// parameters, the functor of the rest) as the module `name`, in the functor's
    /// environment, then the rest of the phrases.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn apply_functor(
        &mut self,
        phrases: &[Phrase],
        i: usize,
        name: &str,
        functor: &str,
        arg: Option<&str>,
        span: Span,
    ) -> TResult<Expr> {
        let Some(f) = self.env.functors.get(functor).cloned() else {
            let message = if module_exists(&self.env, functor) {
                format!("This module is not a functor; it has type\n       sig ... end")
            } else {
                format!("Unbound module {functor}")
            };
            return Err(Diagnostic::error(span, message));
        };
        if let Some(a) = arg {
            if !module_exists(&self.env, a) {
                return Err(Diagnostic::error(span, format!("Unbound module {a}")));
            }
        }
        let (param, rest) = f.params.split_first().expect("a functor has a parameter");
        match (&param.ty, arg) {
            (None, Some(_)) => {
                return Err(Diagnostic::error(
                    span,
                    "This is a generative functor. It can only be applied to ()",
                ))
            }
            (Some(_), None) => {
                return Err(Diagnostic::error(
                    span,
                    "The functor was expected to be applicative at this position",
                ))
            }
            _ => {}
        }
        self.declare_in_structure(name, span, "module", |s| &mut s.modules)?;
        if let Some(a) = arg {
            self.applications
                .insert(format!("{functor}({a})"), name.to_string());
        }
        let here = &phrases[i];
        let ctx = PhraseCtx {
            section: here.section,
            module: here.module.clone(),
            prelude: here.prelude,
            prelude_text: f.prelude_text,
        };
        let mut new = vec![here.clone()];
        new.push(ctx.phrase(PhraseKind::EnterFunctor {
            functor: f.clone(),
            param: param.name.clone(),
            arg: arg.map(str::to_string),
        }));
        if let (Some(x), Some(t)) = (&param.name, &param.ty) {
            new.push(ctx.phrase(PhraseKind::Seal(x.clone(), t, span, true)));
        }
        let mut hidden = self.hidden_modules;
        if rest.is_empty() {
            flatten_module(name.to_string(), &f.body, span, &ctx, &mut hidden, &mut new);
        } else {
            new.push(ctx.phrase(PhraseKind::DefineFunctor(
                name.to_string(),
                rest,
                &f.body,
                span,
            )));
        }
        self.hidden_modules = hidden;
        new.push(ctx.phrase(PhraseKind::LeaveFunctor(name.to_string())));
        new.extend(phrases[i + 1..].iter().cloned());
        self.phrases_from(&new, 1)
    }

    /// Enters a functor's body: its environment, with the parameter bound to the argument.
    pub(super) fn enter_functor(&mut self, f: &FunctorDef, param: Option<&str>, arg: Option<&str>) {
        let outer = std::mem::replace(&mut self.env, f.env.clone());
        if let (Some(x), Some(a)) = (param, arg) {
            let c = components(&outer, a);
            bind_components(&mut self.env, x, c);
            // A functor as the argument (of a parameter of functor type).
            if let Some(f) = outer.functors.get(a) {
                self.env.functors.insert(x.to_string(), f.clone());
            }
        }
        self.saved_envs.push(outer);
        self.structures.push(Default::default());
        self.param_abstracts.push(Vec::new());
    }

    /// Leaves a functor's body: back in the application's environment, with the module
    /// `name` the body built.
    pub(super) fn leave_functor(&mut self, name: &str) {
        let outer = self.saved_envs.pop().expect("inside a functor's body");
        let body = std::mem::replace(&mut self.env, outer);
        let c = components(&body, name);
        bind_components(&mut self.env, name, c);
        if let Some(f) = body.functors.get(name) {
            self.env.functors.insert(name.to_string(), f.clone());
        }
        self.structures.pop();
        // The parameter's abstract types are the argument's outside the body (the result's
        // `key = Ord.t` is the argument's type).
        for c in self.param_abstracts.pop().unwrap_or_default() {
            if let Some(a) = self.u.abstract_types.get_mut(&c) {
                a.opaque = false;
            }
        }
    }

    /// `module name = path`: the same components under another name.
    pub(super) fn alias_any_module(&mut self, name: &str, path: &str, span: Span) -> TResult<()> {
        let path = self.resolve_module_path(path);
        if !module_exists(&self.env, &path) {
            return Err(Diagnostic::error(span, format!("Unbound module {path}")));
        }
        let c = components(&self.env, &path);
        bind_components(&mut self.env, name, c);
        if let Some(f) = self.env.functors.get(&path).cloned() {
            self.env.functors.insert(name.to_string(), f);
        } else {
            // A marker of its own, so that the enclosing structure sees `name` declared.
            self.hidden_modules += 1;
            self.env.types.insert(
                format!("{name}.{MODULE_MARKER}"),
                TypeName::ModuleMarker(self.hidden_modules),
            );
        }
        Ok(())
    }

    /// `F(A).x` paths name the module an application of `F` to `A` built.
    pub(super) fn resolve_module_path(&self, path: &str) -> String {
        if !path.contains('(') {
            return path.to_string();
        }
        // The longest prefix that is an application made so far.
        let mut best: Option<(usize, &String)> = None;
        for (app, module) in &self.applications {
            if path.starts_with(app.as_str())
                && (path.len() == app.len() || path.as_bytes()[app.len()] == b'.')
                && best.is_none_or(|(l, _)| app.len() > l)
            {
                best = Some((app.len(), module));
            }
        }
        match best {
            Some((l, m)) => format!("{m}{}", &path[l..]),
            None => path.to_string(),
        }
    }

    /// `let module name = me in body`.
    pub(super) fn let_module(
        &mut self,
        name: &str,
        me: &ast::ModExpr,
        body: &ast::Expr,
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let mark = self.env.mark();
        let saved = (
            self.env.types.clone(),
            self.env.ctors.clone(),
            self.env.fields.clone(),
            self.env.functors.clone(),
            self.env.module_types.clone(),
        );
        let section_scope = std::mem::take(&mut self.section_scope);
        let (in_prelude, section_module) = (self.in_prelude, self.section_module.clone());
        let ctx = PhraseCtx {
            section: usize::MAX,
            module: self.section_module.clone(),
            prelude: false,
            prelude_text: self.in_prelude,
        };
        let mut phrases = Vec::new();
        let mut hidden = self.hidden_modules;
        flatten_module(name.to_string(), me, span, &ctx, &mut hidden, &mut phrases);
        self.hidden_modules = hidden;
        phrases.push(ctx.phrase(PhraseKind::Body(body)));
        self.structures.push(Default::default());
        let result = self.phrases_from(&phrases, 0);
        self.structures.pop();
        self.env.restore(mark);
        (
            self.env.types,
            self.env.ctors,
            self.env.fields,
            self.env.functors,
            self.env.module_types,
        ) = saved;
        self.section_scope = section_scope;
        self.in_prelude = in_prelude;
        self.section_module = section_module;
        let e = result?;
        let t = self.body_types.pop().expect("the body was typed");
        Ok((e, t))
    }

    /// The signature module type `mt` denotes (`None`: it restricts nothing).
    fn signature_of(&mut self, mt: &ast::ModType) -> TResult<Option<Sig>> {
        match &mt.kind {
            ast::ModTypeKind::Path(p) => {
                let Some(def) = self.env.module_types.get(p).cloned() else {
                    return Err(Diagnostic::error(
                        mt.span,
                        format!("Unbound module type {p}"),
                    ));
                };
                match &def.ty {
                    Some(t) => self.signature_of(t),
                    None => Ok(None),
                }
            }
            ast::ModTypeKind::Sig(items) => {
                let mut sig = Sig::default();
                for item in items {
                    self.sig_item(item, &mut sig)?;
                }
                Ok(Some(sig))
            }
            ast::ModTypeKind::With(t, constraints) => {
                let Some(mut sig) = self.signature_of(t)? else {
                    return Ok(None);
                };
                for c in constraints {
                    match c {
                        ast::WithConstraint::Type {
                            path,
                            destructive: true,
                            ..
                        } => sig.types.retain(|(n, _, _)| n != path),
                        ast::WithConstraint::Type {
                            path,
                            destructive: false,
                            ..
                        } => {
                            // `with type t = u`: `t` is `u`, not abstract.
                            for (n, _, abstract_) in &mut sig.types {
                                if n == path {
                                    *abstract_ = false;
                                }
                            }
                        }
                        ast::WithConstraint::Module {
                            path,
                            destructive: true,
                            ..
                        } => sig.modules.retain(|(n, _)| n != path),
                        _ => {}
                    }
                }
                Ok(Some(sig))
            }
            ast::ModTypeKind::Functor(..) => Ok(None),
            ast::ModTypeKind::TypeOf(me) => match &me.kind {
                ast::ModExprKind::Path(p) => {
                    let p = self.resolve_module_path(p);
                    if !module_exists(&self.env, &p) {
                        return Err(Diagnostic::error(me.span, format!("Unbound module {p}")));
                    }
                    Ok(Some(self.signature_of_module(&p)))
                }
                _ => Ok(None),
            },
        }
    }

    /// `module type of path`: everything the module has, values without declared types.
    fn signature_of_module(&self, path: &str) -> Sig {
        let (values, types, ctors, _, functors, module_types) = components(&self.env, path);
        let mut sig = Sig::default();
        let mut modules: Vec<String> = Vec::new();
        let mut note_module = |n: &str| {
            if let Some((m, _)) = n.split_once('.') {
                if !modules.iter().any(|x| x == m) {
                    modules.push(m.to_string());
                }
                true
            } else {
                false
            }
        };
        for (n, _) in values {
            if !note_module(&n) {
                sig.vals.push((n, None));
            }
        }
        for (n, _) in types {
            if n != MODULE_MARKER && !note_module(&n) {
                sig.types.push((n, Vec::new(), false));
            }
        }
        for (n, c) in ctors {
            if note_module(&n) {
                continue;
            }
            match c {
                CtorRef::Exception(_) => sig.exceptions.push(n),
                CtorRef::Variant(..) => {
                    if let Some(t) = sig.types.first_mut() {
                        t.1.push(n)
                    }
                }
            }
        }
        for (n, _) in functors {
            if !note_module(&n) {
                sig.functors.push(n);
            }
        }
        for (n, _) in module_types {
            if !note_module(&n) {
                sig.module_types.push(n);
            }
        }
        sig.modules = modules.into_iter().map(|m| (m, None)).collect();
        // Constructors are kept by name whatever type declares them.
        let (_, _, ctors, _, _, _) = components(&self.env, path);
        let all: Vec<String> = ctors
            .into_iter()
            .filter(|(n, c)| !n.contains('.') && matches!(c, CtorRef::Variant(..)))
            .map(|(n, _)| n)
            .collect();
        sig.types.push((String::new(), all, false));
        sig
    }

    fn sig_item(&mut self, item: &ast::SigItem, sig: &mut Sig) -> TResult<()> {
        match &item.kind {
            ast::SigItemKind::Val(name, _, t) => sig.vals.push((name.clone(), Some(t.clone()))),
            ast::SigItemKind::External(x) => sig.vals.push((x.name.clone(), Some(x.ty.clone()))),
            ast::SigItemKind::Type(decls) => {
                for d in decls {
                    let ctors = match &d.kind {
                        ast::TypeDeclKind::Variant(cs) => cs.iter().map(|c| c.name.clone()).collect(),
                        _ => Vec::new(),
                    };
                    let abstract_ = matches!(d.kind, ast::TypeDeclKind::Abstract);
                    sig.types.push((d.name.clone(), ctors, abstract_));
                }
            }
            ast::SigItemKind::TypeSubst(_) => {}
            ast::SigItemKind::Exception(c) => sig.exceptions.push(c.name.clone()),
            ast::SigItemKind::Module(name, t) => {
                if matches!(t.kind, ast::ModTypeKind::Functor(..)) {
                    sig.functors.push(name.clone());
                } else {
                    sig.modules.push((name.clone(), Some(t.clone())));
                }
            }
            ast::SigItemKind::ModuleAlias(name, _) => sig.modules.push((name.clone(), None)),
            ast::SigItemKind::ModuleType(name, _) => sig.module_types.push(name.clone()),
            ast::SigItemKind::Include(t) => {
                if let Some(inner) = self.signature_of(t)? {
                    sig.vals.extend(inner.vals);
                    sig.types.extend(inner.types);
                    sig.exceptions.extend(inner.exceptions);
                    sig.modules.extend(inner.modules);
                    sig.functors.extend(inner.functors);
                    sig.module_types.extend(inner.module_types);
                }
            }
            ast::SigItemKind::Open(_) => {}
        }
        Ok(())
    }

    /// `(module name : mt)`: checks the module against the signature and restricts it to
    /// what the signature declares. Gives the bindings that give values their declared
    /// types where those are less general than the definitions' (`let x' = Λ.. x [..]`).
    /// `param`: the module is a functor's parameter, whose abstract types are abstract in
    /// the body only (after it, they equal the argument's: [`Typer::leave_functor`]).
    pub(super) fn seal(
        &mut self,
        name: &str,
        mt: &ast::ModType,
        span: Span,
        param: bool,
    ) -> TResult<Vec<(VarId, Expr)>> {
        let mut wrappers = Vec::new();
        match self.seal_into(name, mt, span, param, &[], &mut wrappers) {
            Ok(()) => Ok(wrappers),
            // An argument not matching its parameter: OCaml's words for it.
            Err(mut d) if param => {
                if let Some(rest) = d.message.strip_prefix("Signature mismatch:") {
                    d.message = format!("Modules do not match:{rest}");
                }
                Err(d)
            }
            Err(d) => Err(d),
        }
    }

    /// Makes the types `sig` declares abstract abstract in module `name`: each becomes a new
    /// type standing for its definition. Gives whether there was one.
    fn abstract_types_of(&mut self, name: &str, sig: &Sig, param: bool) -> bool {
        let mut any = false;
        for (t, _, abstract_) in &sig.types {
            if !abstract_ {
                continue;
            }
            let full = format!("{name}.{t}");
            let (params, manifest) = match self.env.types.get(&full).cloned() {
                Some(TypeName::Con(c)) => {
                    let n = self.types.decl(c).params.len();
                    let params: Vec<TyVar> = (0..n).map(|_| self.u.fresh()).collect();
                    let args = params.iter().map(|p| Type::Var(*p)).collect();
                    (params, Type::Con(c, args))
                }
                Some(TypeName::Abbrev(ps, body)) => {
                    let params: Vec<TyVar> = ps.iter().map(|_| self.u.fresh()).collect();
                    let body = ps
                        .iter()
                        .zip(&params)
                        .fold(body, |b, (p, q)| b.subst(*p, &Type::Var(*q)));
                    (params, body)
                }
                _ => continue,
            };
            for p in &params {
                self.u.levels[p.0 as usize] = u32::MAX;
            }
            let con = crate::lambda::ir::TyCon(self.types.decls.len() as u32);
            self.types.decls.push(crate::lambda::ir::TypeDecl {
                name: full.clone(),
                params: params.clone(),
                kind: crate::lambda::ir::DeclKind::Primitive,
            });
            self.u.scope = self.types.decls.len() as u32;
            self.u.abstract_types.insert(
                con,
                super::unify::AbstractType {
                    params,
                    manifest,
                    opaque: true,
                },
            );
            if param {
                if let Some(top) = self.param_abstracts.last_mut() {
                    top.push(con);
                }
            }
            self.env.types.insert(full, TypeName::Con(con));
            any = true;
        }
        any
    }

    /// [`Typer::seal`] of `name`, a submodule of the modules `outer` (outermost first) whose
    /// signatures declared it: the declared types' names are those of `outer` and `name`.
    #[allow(clippy::too_many_arguments)]
    fn seal_into(
        &mut self,
        name: &str,
        mt: &ast::ModType,
        span: Span,
        param: bool,
        outer: &[String],
        wrappers: &mut Vec<(VarId, Expr)>,
    ) -> TResult<()> {
        let Some(sig) = self.signature_of(mt)? else {
            return Ok(());
        };
        let mismatch = |what: String| {
            Diagnostic::error(span, format!("Signature mismatch:\n       {what}"))
        };
        // Presence, in OCaml's order of report: types, then values, then the rest.
        for (t, _, _) in &sig.types {
            if !t.is_empty() && !self.env.types.contains_key(&format!("{name}.{t}")) {
                return Err(mismatch(format!("The type `{t}' is required but not provided")));
            }
        }
        for (x, _) in &sig.vals {
            if self.env.lookup(&format!("{name}.{x}")).is_none() {
                return Err(mismatch(format!("The value `{x}' is required but not provided")));
            }
        }
        for e in &sig.exceptions {
            if !matches!(
                self.env.ctors.get(&format!("{name}.{e}")),
                Some(CtorRef::Exception(_))
            ) {
                return Err(mismatch(format!(
                    "The extension constructor `{e}' is required but not provided"
                )));
            }
        }
        for (m, _) in &sig.modules {
            if !module_exists(&self.env, &format!("{name}.{m}")) {
                return Err(mismatch(format!("The module `{m}' is required but not provided")));
            }
        }
        for f in &sig.functors {
            if !self.env.functors.contains_key(&format!("{name}.{f}")) {
                return Err(mismatch(format!("The module `{f}' is required but not provided")));
            }
        }
        for m in &sig.module_types {
            if !self.env.module_types.contains_key(&format!("{name}.{m}")) {
                return Err(mismatch(format!(
                    "The module type `{m}' is required but not provided"
                )));
            }
        }
        let abstracted = self.abstract_types_of(name, &sig, param);
        // What the signature does not declare is gone before its types are read.
        self.restrict(name, &sig);
        let mut chain = outer.to_vec();
        chain.push(name.to_string());
        // A submodule's module type may name the signature's own module types (`module M :
        // S` after `module type S` in the same signature).
        let mut undos = Vec::new();
        for module in &chain {
            undos.push(self.open_type_names(module));
        }
        let mut result = Ok(());
        for (m, t) in &sig.modules {
            if let Some(t) = t {
                result = self.seal_into(&format!("{name}.{m}"), t, span, param, &chain, wrappers);
                if result.is_err() {
                    break;
                }
            }
        }
        for undo in undos.into_iter().rev() {
            self.close_open(undo);
        }
        result?;
        for (x, t) in &sig.vals {
            let full = format!("{name}.{x}");
            let (Some(b), Some(t)) = (self.env.lookup(&full), t) else {
                continue;
            };
            if matches!(b, ValueBinding::Printf(_) | ValueBinding::Hidden) {
                continue;
            }
            if let Some((v2, e)) = self.match_value(&chain, x, b, t, span, abstracted)? {
                self.env.bind(&full, ValueBinding::Var(v2));
                wrappers.push((v2, e));
            }
        }
        Ok(())
    }

    /// Checks that the value `x` (bound as `b` in the last module of `chain`) has an instance
    /// of the declared type `declared`. Gives a binding of the value at the declared type
    /// when that is less general (or names abstract types, or `b` is a primitive).
    fn match_value(
        &mut self,
        chain: &[String],
        x: &str,
        b: ValueBinding,
        declared: &ast::TypeExpr,
        span: Span,
        abstracted: bool,
    ) -> TResult<Option<(VarId, Expr)>> {
        // The declared type's names are the signature's (the modules of `chain`, innermost
        // last) or the outer ones.
        let mut undos = Vec::new();
        for module in chain {
            undos.push(self.open_type_names(module));
        }
        let mut names = Vec::new();
        type_var_names(declared, &mut names);
        let mut scope: HashMap<String, Type> = HashMap::new();
        self.u.level += 1;
        let mut instance_vars = Vec::new();
        for n in &names {
            let t = self.u.fresh_var();
            scope.insert(n.clone(), t.clone());
            instance_vars.push(t);
        }
        let declared_t = self.type_expr_in(declared, &scope, false);
        for undo in undos.into_iter().rev() {
            self.close_open(undo);
        }
        let declared_t = match declared_t {
            Ok(t) => t,
            Err(e) => {
                self.u.level -= 1;
                return Err(e);
            }
        };
        let (impl_e, impl_t, impl_args, scheme) = match b {
            ValueBinding::Var(v) => {
                let scheme = self.vars.ty(v).clone();
                let (t, args) = self.u.instantiate(&scheme);
                (Expr::Var(v), t, args, scheme)
            }
            _ => {
                // A primitive (`external`): its value as a closure.
                let ValueBinding::Builtin(i) = b else {
                    unreachable!("Printf and hidden bindings are skipped")
                };
                match self.builtin_value(i, span) {
                    Ok((e, t)) => (e, t.clone(), Vec::new(), t),
                    Err(e) => {
                        self.u.level -= 1;
                        return Err(e);
                    }
                }
            }
        };
        // Inside the module, its abstract types are their definitions.
        self.u.see_through = true;
        let unified = self.u.unify(&impl_t, &declared_t, &self.types);
        self.u.see_through = false;
        self.u.level -= 1;
        // The declared type's variables must stay distinct, unbound variables.
        let mut vars: Vec<TyVar> = Vec::new();
        let general = unified.is_ok()
            && instance_vars.iter().all(|u| match &*self.u.shallow(u) {
                Type::Var(w)
                    if self.u.levels[w.0 as usize] > self.u.level
                        && self.u.levels[w.0 as usize] != u32::MAX
                        && !vars.contains(w) =>
                {
                    vars.push(*w);
                    true
                }
                _ => false,
            });
        if !general {
            let mut p = TypePrinter::new(&self.types);
            let actual = p.print(&self.u.zonk(&scheme_body(&scheme)));
            let expected = p.print(&self.u.zonk(&declared_t));
            return Err(Diagnostic::error(
                span,
                format!(
                    "Signature mismatch:\n       Values do not match:\n         val {x} : {actual}\n       is not included in\n         val {x} : {expected}"
                ),
            ));
        }
        let same = matches!(b, ValueBinding::Var(_))
            && impl_args.len() == vars.len()
            && impl_args
                .iter()
                .zip(&vars)
                .all(|(a, w)| matches!(&*self.u.shallow(a), Type::Var(u) if u == w));
        if same && !abstracted && !self.mentions_abstract(&declared_t) {
            return Ok(None);
        }
        let e = impl_args
            .into_iter()
            .fold(impl_e, |e, a| Expr::TyApp(bx(e), a));
        let (e, scheme) = self.quantify(e, declared_t, &vars);
        let v2 = self.fresh_var(x, scheme, Span::default());
        Ok(Some((v2, e)))
    }

    /// The type-level names of module `path` (types, constructors, functors, module types)
    /// unqualified, for reading a signature's types; values are left alone (a signature's
    /// matching rebinds them). Undone by [`Typer::close_open`].
    fn open_type_names(&mut self, path: &str) -> super::OpenUndo {
        let (_, types, ctors, _, functors, module_types) = components(&self.env, path);
        let mut undo = super::OpenUndo::default();
        for (n, t) in types {
            undo.types.push((n.clone(), self.env.types.insert(n, t)));
        }
        for (n, c) in ctors {
            undo.ctors.push((n.clone(), self.env.ctors.insert(n, c)));
        }
        for (n, f) in functors {
            undo.functors.push((n.clone(), self.env.functors.insert(n, f)));
        }
        for (n, t) in module_types {
            undo.module_types.push((n.clone(), self.env.module_types.insert(n, t)));
        }
        undo
    }

    /// Whether `t` names a type a signature made abstract.
    fn mentions_abstract(&self, t: &Type) -> bool {
        match &*self.u.shallow(t) {
            Type::Var(_) => false,
            Type::Con(c, ts) => {
                self.u.abstract_types.contains_key(c) || ts.iter().any(|t| self.mentions_abstract(t))
            }
            Type::Tuple(ts) => ts.iter().any(|t| self.mentions_abstract(t)),
            Type::Arrow(a, b) => self.mentions_abstract(a) || self.mentions_abstract(b),
            Type::Forall(_, t) => self.mentions_abstract(t),
        }
    }

    /// Hides what module `name` has beyond `sig`.
    fn restrict(&mut self, name: &str, sig: &Sig) {
        let prefix = format!("{name}.");
        let kept_module = |rest: &str| {
            rest.split_once('.').is_some_and(|(m, _)| {
                sig.modules.iter().any(|(n, _)| n == m)
                    || sig.functors.iter().any(|n| n == m)
            })
        };
        for n in self.env.visible_names() {
            let Some(rest) = n.strip_prefix(&prefix) else {
                continue;
            };
            if !kept_module(rest) && !sig.vals.iter().any(|(x, _)| x == rest) {
                self.env.bind(&n, ValueBinding::Hidden);
            }
        }
        self.env.types.retain(|n, _| {
            n.strip_prefix(&prefix).is_none_or(|rest| {
                kept_module(rest) || sig.types.iter().any(|(t, _, _)| t == rest)
            })
        });
        self.env.ctors.retain(|n, c| {
            n.strip_prefix(&prefix).is_none_or(|rest| {
                kept_module(rest)
                    || match c {
                        CtorRef::Exception(_) => sig.exceptions.iter().any(|e| e == rest),
                        CtorRef::Variant(..) => {
                            sig.types.iter().any(|(_, cs, _)| cs.iter().any(|c| c == rest))
                        }
                    }
            })
        });
        self.env.functors.retain(|n, _| {
            n.strip_prefix(&prefix)
                .is_none_or(|rest| kept_module(rest) || sig.functors.iter().any(|f| f == rest))
        });
        self.env.module_types.retain(|n, _| {
            n.strip_prefix(&prefix).is_none_or(|rest| {
                kept_module(rest) || sig.module_types.iter().any(|m| m == rest)
            })
        });
    }
}

/// A scheme's type without its quantifiers.
fn scheme_body(t: &Type) -> Type {
    match t {
        Type::Forall(_, t) => scheme_body(t),
        t => t.clone(),
    }
}

/// Wraps `rest` in the bindings `wrappers` made (first binding outermost).
pub(crate) fn wrap(wrappers: Vec<(VarId, Expr)>, rest: Expr) -> Expr {
    wrappers
        .into_iter()
        .rev()
        .fold(rest, |rest, (v, e)| Expr::Local(v, bx(e), bx(rest)))
}
