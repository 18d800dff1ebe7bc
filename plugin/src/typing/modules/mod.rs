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
//! specialised to its argument (`Map.Make (String)` compares strings directly); its
//! exceptions are new, and its types are those of any earlier application of the functor to
//! the same module ([`applicative`], OCaml's applicative functors). Invariants: the
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
//! First-class modules: [`packages`]; recursive modules: [`recursive`]. Not yet: functor
//! bodies are type-checked at each application only (a functor never applied is not
//! checked).

mod abstract_types;
pub(crate) use abstract_types::MTYPE_MARKER;
mod applicative;
mod decl_repr;
mod extension_match;
mod flatten;
mod functor_match;
mod functor_types;
mod module_type_subst;
pub(crate) mod packages;
mod parameters;
mod private_views;
pub(crate) mod recursive;
mod signatures;
mod type_match;
mod value_match;
mod with_constraints;

pub(crate) use applicative::Applications;
pub(crate) use flatten::{flatten_items, flatten_module, PhraseCtx};
pub(crate) use signatures::wrap;

use std::collections::HashSet;
use std::rc::Rc;
use std::sync::atomic::Ordering::Relaxed;

use super::env::{CtorRef, Env, TypeName, ValueBinding};
use super::{Phrase, PhraseKind, TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Expr, TyCon, Type};
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
    /// Its identity in applicative paths (`applicative`): applications of one key share
    /// their types.
    pub key: String,
    /// Its body was type-checked at the definition against its parameters' signatures
    /// (`parameters`), directly or as part of an enclosing functor's body.
    pub checked: bool,
    /// The private variants and records at the definition: the body, elaborated again at
    /// each application, builds values of the types of the module it is defined in, which
    /// become private only when that module is sealed (OCaml types the body once, inside).
    pub privates: Rc<HashSet<TyCon>>,
    /// The scopes of its body's code, at every application (`typing::scopes`).
    pub scopes: super::scopes::Scopes,
}

/// A module type (`None`: abstract, `module type S`).
pub(crate) struct ModTypeDef {
    pub ty: Option<ast::ModType>,
    /// The path of the module the definition is in (`Hashtbl` for `Hashtbl.S`; empty at
    /// top level): a type its values name but it does not declare (`statistics` in
    /// `Hashtbl.S`) is that module's, as lexical scope says, wherever it is used.
    pub scope: String,
    /// The declaration's identity, which an abstract module type is equal to only itself by
    /// (`abstract_types`).
    pub id: u32,
}

impl ModTypeDef {
    /// The declaration of module type `name` (a new identity).
    pub(crate) fn new(name: &str, ty: Option<ast::ModType>, scope: String) -> ModTypeDef {
        ModTypeDef {
            ty,
            scope,
            id: abstract_types::fresh_id(name),
        }
    }
}

/// The components a module `prefix` has in `env`: (values, types, ctors, fields, functors,
/// module types), each as (name relative to the module, meaning).
pub(crate) type Components = (
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
    let mut values: Vec<(String, ValueBinding)> = (env.visible_with_prefix(&prefix).into_iter())
        .filter_map(|(n, b)| Some((n.strip_prefix(&prefix)?.to_string(), b)))
        .collect();
    values.sort_by(|a, b| a.0.cmp(&b.0));
    let fields = members(&env.fields, &prefix);
    let (types, ctors, functors, module_types) = type_components(env, path);
    (values, types, ctors, fields, functors, module_types)
}

/// The type names, constructors, functors and module types of module `path` in `env` (the
/// names a signature's types are read with, see `open_type_names`): [`components`] without
/// the values and fields, whose copies reading a signature's declared types would throw
/// away (issue #22: copying and sorting a unit's values for each of its values was a tenth
/// of a small program's build).
pub(crate) fn type_components(
    env: &Env,
    path: &str,
) -> (
    Vec<(String, TypeName)>,
    Vec<(String, CtorRef)>,
    Vec<(String, Rc<FunctorDef>)>,
    Vec<(String, Rc<ModTypeDef>)>,
) {
    let prefix = format!("{path}.");
    (
        members(&env.types, &prefix),
        members(&env.ctors, &prefix),
        members(&env.functors, &prefix),
        members(&env.module_types, &prefix),
    )
}

/// The entries of `map` named `prefix` + a name, by that name, sorted by it.
fn members<T: Clone>(map: &std::collections::HashMap<String, T>, prefix: &str) -> Vec<(String, T)> {
    let mut out: Vec<(String, T)> = (map.iter())
        .filter_map(|(n, t)| Some((n.strip_prefix(prefix)?.to_string(), t.clone())))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Whether module `path` exists in `env` (it has a component, or it is a functor).
pub(crate) fn module_exists(env: &Env, path: &str) -> bool {
    let prefix = format!("{path}.");
    env.functors.contains_key(path)
        || env.any_visible_with_prefix(&prefix)
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
    // An unqualified label (`include M`) keeps the declarations it had, as OCaml's scope
    // keeps every label of a name for disambiguation; a module's own (`N.f`) are replaced.
    for (n, f) in fields {
        if prefix.is_empty() {
            let decls = env.fields.entry(n).or_default();
            decls.retain(|d| !f.contains(d));
            decls.extend(f);
        } else {
            env.fields.insert(q(&n), f);
        }
    }
    for (n, f) in functors {
        env.functors.insert(q(&n), f);
    }
    for (n, t) in module_types {
        env.module_types.insert(q(&n), t);
    }
}

impl<'s> Typer<'s> {
    /// The path of the module being elaborated (`Hashtbl`, `M.N`; empty at top level).
    pub(super) fn current_module_path(&self) -> String {
        let mut parts: Vec<&str> = Vec::new();
        if let Some(s) = &self.section_module {
            if self.modules.first().map(|m| m.name.as_str()) != Some(s.as_str()) {
                parts.push(s);
            }
        }
        parts.extend(self.modules.iter().map(|m| m.name.as_str()));
        parts.join(".")
    }

    /// `module type S = MT`.
    pub(super) fn define_module_type(
        &mut self,
        name: &str,
        mt: Option<&ast::ModType>,
        span: Span,
    ) -> TResult<()> {
        // `with module type` constraints and `module type S := MT` items expanded
        // (`module_type_subst`): the definition is a plain module type.
        let expanded = mt.map(|t| self.expand_module_type_substs(t)).transpose()?;
        let mt = expanded.as_ref();
        if !self.in_prelude {
            self.declare_in_structure(name, span, "module type", |s| &mut s.module_types)?;
            if let Some(mt) = mt {
                self.check_signature_names(mt)?;
                // Once, at the definition (an enclosing functor's check covered it).
                if self.checked_bodies.last() != Some(&true) {
                    self.check_module_type_body(name, mt)?;
                }
            }
        }
        let def = match self.rec_anchor_module_type(name, mt) {
            Some(declared) => declared,
            None => Rc::new(self.declared_module_type(name, mt, self.current_module_path())),
        };
        self.env.module_types.insert(name.to_string(), def);
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
            for t in params.iter().filter_map(|p| p.ty.as_ref()) {
                self.check_signature_names(t)?;
            }
        }
        for p in params {
            if let Some(t) = &p.ty {
                // The parameter's module type must exist (checked again at each application).
                self.signature_of(t)?;
            }
        }
        // The body is checked once, at the definition, unless an enclosing functor's check
        // covered it (a functor defined in the body of one being applied).
        let checked = self.checked_bodies.last() == Some(&true)
            || (self.in_prelude && !parameters::CHECK_STDLIB_FUNCTORS.load(Relaxed))
            || self.check_functor_body(name, params, body, span)?;
        if !self.in_prelude && !checked {
            // See `Gadts::unapplied_functors`.
            let text = self
                .source
                .get(body.span.lo as usize..body.span.hi as usize)
                .unwrap_or("");
            if text.contains("(type ") || text.contains(": type ") {
                self.gadt.unapplied_functors.push((name.to_string(), span));
            }
        }
        // The body sees what `name` was before (`module Make (O) = struct include Make (O)
        // .. end` in a structure including `Map`).
        let def = FunctorDef {
            params: params.to_vec(),
            body: body.clone(),
            env: self.env.clone(),
            prelude_text: self.in_prelude,
            key: self.new_functor_key(),
            checked,
            privates: Rc::new(self.private_types.clone()),
            scopes: self.functor_scopes(name),
        };
        if !self.prelude_phrase {
            self.hide_module(name);
        }
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
            let message = if self.module_abstract_type(functor).is_some() {
                format!("The module {functor} is abstract, it cannot be applied")
            } else if module_exists(&self.env, functor) {
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
        let applied = functor.rsplit('.').next().unwrap_or(functor);
        self.gadt.unapplied_functors.retain(|(n, _)| n != applied);
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
        let from_path = !functor.contains('%') || self.path_applications.contains(functor);
        let path = from_path && arg.is_some_and(|a| !a.contains('%'));
        if path {
            self.path_applications.insert(name.to_string());
        }
        new.push(ctx.phrase(PhraseKind::EnterFunctor {
            functor: f.clone(),
            param: param.name.clone(),
            arg: arg.map(str::to_string),
            path,
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
    pub(super) fn enter_functor(
        &mut self,
        f: &FunctorDef,
        param: Option<&str>,
        arg: Option<&str>,
        path: bool,
    ) {
        let arg_id = arg.map(|a| (self.module_identity(a), self.module_marker(a)));
        self.enter_application(&f.key, arg_id.as_ref().map(|(id, _)| id.clone()));
        let outer = std::mem::replace(&mut self.env, f.env.clone());
        if let (Some(x), Some(a)) = (param, arg) {
            // What `x` named where the functor was defined is not the argument's.
            self.hide_module(x);
            let c = components(&outer, a);
            bind_components(&mut self.env, x, c);
            // The parameter is the argument's path (`applicative`).
            if let Some((_, marker)) = arg_id {
                self.env.types.insert(
                    format!("{x}.{MODULE_MARKER}"),
                    TypeName::ModuleMarker(marker),
                );
            }
            // A functor as the argument (of a parameter of functor type).
            if let Some(f) = outer.functors.get(a) {
                self.env.functors.insert(x.to_string(), f.clone());
            }
        }
        self.saved_envs.push(outer);
        (self.gadt.functor_decls).push((self.types.decls.len() as u32, path));
        self.structures.push(Default::default());
        self.param_abstracts.push(Vec::new());
        self.checked_bodies.push(f.checked);
        let outer_privates = std::mem::replace(&mut self.private_types, (*f.privates).clone());
        self.saved_privates
            .push((outer_privates, f.privates.clone()));
    }

    /// Leaves the private types of a functor's body ([`FunctorDef::privates`]): the
    /// application's, with those the body made private.
    fn leave_functor_privates(&mut self) {
        let (mut outer, at_definition) =
            self.saved_privates.pop().expect("inside a functor's body");
        outer.extend(
            self.private_types
                .drain()
                .filter(|c| !at_definition.contains(c)),
        );
        self.private_types = outer;
    }

    /// Leaves a functor's body: back in the application's environment, with the module
    /// `name` the body built.
    pub(super) fn leave_functor(&mut self, name: &str) {
        self.leave_application();
        if let Some((from, true)) = self.gadt.functor_decls.pop() {
            self.close_decls(from);
        }
        self.checked_bodies.pop();
        self.leave_functor_privates();
        let outer = self.saved_envs.pop().expect("inside a functor's body");
        let body = std::mem::replace(&mut self.env, outer);
        let c = components(&body, name);
        if !self.prelude_phrase {
            self.hide_module(name);
        }
        bind_components(&mut self.env, name, c);
        if let Some(f) = body.functors.get(name) {
            self.env.functors.insert(name.to_string(), f.clone());
        }
        // The result is a module of its own: `M1` and `M2`, both `Map.Make (String)`, are
        // not aliases of one another (`applicative`).
        let marker = format!("{name}.{MODULE_MARKER}");
        if self.env.types.contains_key(&marker) {
            let own = TypeName::ModuleMarker(self.structure_marker());
            self.env.types.insert(marker, own);
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
        let functor = self.env.functors.get(&path).cloned();
        // An alias is its module's path (`applicative`).
        let marker = functor.is_none().then(|| self.module_marker(&path));
        if !self.prelude_phrase {
            self.hide_module(name);
        }
        bind_components(&mut self.env, name, c);
        if let Some(f) = functor {
            self.env.functors.insert(name.to_string(), f);
        } else if let Some(marker) = marker {
            // Its module's marker, so that the enclosing structure sees `name` declared.
            self.env.types.insert(
                format!("{name}.{MODULE_MARKER}"),
                TypeName::ModuleMarker(marker),
            );
        }
        Ok(())
    }

    /// `F(A).x` paths name the module an application of `F` to `A` built; `F(A)(B).x` the
    /// one that applying the module `F(A)` names to `B` built.
    pub(super) fn resolve_module_path(&self, path: &str) -> String {
        let mut path = path.to_string();
        while path.contains('(') {
            // The longest prefix that is an application made so far.
            let mut best: Option<(usize, &String)> = None;
            for (app, module) in &self.applications {
                if path.starts_with(app.as_str())
                    && matches!(path.as_bytes().get(app.len()), None | Some(b'.' | b'('))
                    && best.is_none_or(|(l, _)| app.len() > l)
                {
                    best = Some((app.len(), module));
                }
            }
            match best {
                // A module's name has no `(`: each step removes an application.
                Some((l, m)) if !m.contains('(') => path = format!("{m}{}", &path[l..]),
                _ => break,
            }
        }
        path
    }

    /// `let module name = me in body`.
    pub(super) fn let_module(
        &mut self,
        name: &str,
        me: &ast::ModExpr,
        body: &ast::Expr,
        span: Span,
    ) -> TResult<(Expr, Type)> {
        // The expression's type, made before the module's types: the body's type cannot name
        // one of them (OCaml's "The type constructor M.t would escape its scope"). Only where
        // OCaml has no path for them (`only_fresh_types`): an application's types are egret's
        // own fresh ones, where OCaml's applicative paths (`Set.Make(Int32).t`) may leave.
        let outer = only_fresh_types(me).then(|| self.u.fresh_var());
        let decls = self.types.decls.len() as u32;
        let ctx = self.local_ctx();
        let mut phrases = Vec::new();
        let mut hidden = self.hidden_modules;
        flatten_module(name.to_string(), me, span, &ctx, &mut hidden, &mut phrases);
        self.hidden_modules = hidden;
        phrases.push(ctx.phrase(PhraseKind::Body(body)));
        let (e, t) = self.in_local_module(|t| t.local_phrases(&phrases))?;
        self.check_no_escape(&t, decls, body.span)?;
        self.check_local_decls(decls, span)?;
        match outer {
            Some(outer) => {
                self.expect(body.span, &t, &outer)?;
                Ok((e, outer))
            }
            None => Ok((e, t)),
        }
    }

    /// Elaborates the phrases of a local module, the last one giving the value (and pushing
    /// its type on `body_types`); the environment is restored afterwards.
    pub(super) fn local_phrases(&mut self, phrases: &[Phrase]) -> TResult<(Expr, Type)> {
        let e = self.in_local_scope(|t| t.phrases_from(phrases, 0))?;
        let t = self.body_types.pop().expect("the body was typed");
        Ok((e, t))
    }

    /// Runs `f` in a structure of its own: the environment, the prelude flags and the
    /// section's scope are restored afterwards.
    pub(super) fn in_local_scope(
        &mut self,
        f: impl FnOnce(&mut Self) -> TResult<Expr>,
    ) -> TResult<Expr> {
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
        let prelude_phrase = self.prelude_phrase;
        self.structures.push(Default::default());
        let result = f(self);
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
        self.prelude_phrase = prelude_phrase;
        self.section_module = section_module;
        result
    }
}

/// Whether the types module expression `me` declares are all new ones of its own, which no
/// path outside can name: a structure (constrained or not) with no functor application to a
/// path in it (`Set.Make(Int32).t` is a path), or a functor applied to no argument or to such
/// a structure.
fn only_fresh_types(me: &ast::ModExpr) -> bool {
    match &me.kind {
        ast::ModExprKind::Struct(items) => items.iter().all(|i| match &i.kind {
            ast::ItemKind::Module(_, m)
            | ast::ItemKind::Include(m)
            | ast::ItemKind::OpenModule(m) => only_fresh_types(m),
            _ => true,
        }),
        ast::ModExprKind::Constraint(m, _) => only_fresh_types(m),
        ast::ModExprKind::Path(_) | ast::ModExprKind::Functor(..) => true,
        // An unpacked first-class module's types are existentials of its own.
        ast::ModExprKind::Unpack(_) => true,
        // `F ()` and `F (struct .. end)`: OCaml has no path for the result's types either.
        ast::ModExprKind::Apply(f, arg) => {
            matches!(f.kind, ast::ModExprKind::Path(_))
                && arg.as_ref().is_none_or(|a| {
                    !matches!(a.kind, ast::ModExprKind::Path(_)) && only_fresh_types(a)
                })
        }
    }
}
