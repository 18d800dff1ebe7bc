//! The structure level: a program's phrases (items, and the enter/leave phrases of the
//! modules flattened between them), the prelude's sections, `open`, module aliases,
//! `include`, and the program's exit (`at_exit`, uncaught exceptions).

use super::env::{CtorRef, TypeName, ValueBinding};
use super::expr::{unit_value, EXIT_FUNCTIONS, LAZY_FUNCTIONS};
use super::{OpenModule, OpenUndo, Phrase, PhraseKind, Scope, TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Expr, Type};
use crate::syntax::ast;

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// OCaml's word for an exception's or a type extension's constructor in its "Multiple
/// definition" error.
const EXTENSION: &str = "extension constructor";

impl<'s> Typer<'s> {
    /// Elaborates phrases `i..` into nested bindings ending in `()`. Crossing from one
    /// section to the next closes the previous one: a prelude section of module `M` rebinds
    /// its names as `M.name` only; at the end of the prelude its private `__` names are hidden.
    /// A user module's phrases sit between its enter and leave phrases; leaving it rebinds
    /// its names as `M.name` the same way.
    pub(super) fn items_from(&mut self, phrases: &[Phrase], i: usize) -> TResult<Expr> {
        if i > 0 && phrases.get(i).map(|p| p.section) != Some(phrases[i - 1].section) {
            self.close_section(&phrases[i - 1]);
        }
        let program_begins = phrases.get(i).is_none_or(|p| !p.prelude);
        if i > 0 && phrases[i - 1].prelude && program_begins {
            return self.program_with_exit(phrases, i);
        }
        self.phrases_from(phrases, i)
    }

    /// [`Typer::items_from`] once the previous section is closed.
    pub(super) fn phrases_from(&mut self, phrases: &[Phrase], i: usize) -> TResult<Expr> {
        let Some(phrase) = phrases.get(i) else {
            return Ok(unit_value());
        };
        if i == 0 || phrases[i - 1].section != phrase.section {
            self.section_scope = self.scope();
        }
        self.in_prelude = phrase.prelude || phrase.prelude_text;
        self.prelude_phrase = phrase.prelude;
        self.section_module = phrase.module.clone();
        self.section = Some(phrase.section);
        self.u.classic = self.classic.holds(phrase.section, phrase.prelude);
        self.annot_vars.clear();
        self.annot_level = self.u.level + 1;
        let item = match &phrase.kind {
            PhraseKind::Item(item) => *item,
            PhraseKind::EnterModule(name, span) => {
                let (name, span) = (name.as_str(), *span);
                self.declare_in_structure(name, span, "module", |s| &mut s.modules)?;
                self.enter_module_scope(name);
                self.enter_module_scopes(name);
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::LeaveModule => {
                let full = self.current_module_path();
                let name = self.modules.last().map(|m| m.name.clone());
                self.leave_module_scope();
                if let Some(name) = name {
                    self.check_open_escape(&full, &name)?;
                }
                self.leave_scopes();
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::Alias(name, path, span) => {
                self.declare_in_structure(name, *span, "module", |s| &mut s.modules)?;
                self.alias_any_module(name, path, *span)?;
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::Seal(name, mt, span, param) => {
                if !self.in_prelude {
                    self.check_signature_names(mt)?;
                }
                if let Some((_, mark)) = self.weak_left_module.as_ref().filter(|m| m.0 == *name) {
                    self.weak_toplevel.truncate(*mark);
                }
                let wrappers = self.seal(name, mt, *span, *param)?;
                let rest = self.items_from(phrases, i + 1)?;
                return Ok(super::modules::wrap(wrappers, rest));
            }
            PhraseKind::DefineFunctor(name, params, body, span) => {
                self.define_functor(name, params, body, *span)?;
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::Apply {
                name,
                functor,
                arg,
                span,
                chain,
            } => {
                if *chain {
                    self.functor_chains.insert(*span);
                }
                let functor = self.resolve_module_path(functor);
                let arg = arg.as_deref().map(|a| self.resolve_module_path(a));
                return self.apply_functor(phrases, i, name, &functor, arg.as_deref(), *span);
            }
            PhraseKind::EnterFunctor {
                functor,
                param,
                arg,
                path,
            } => {
                let classic = self.classic.functors.contains(&functor.key);
                self.classic.applications.push(classic);
                self.enter_functor(functor, param.as_deref(), arg.as_deref(), *path);
                self.enter_functor_scopes(&functor.scopes);
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::LeaveFunctor(name) => {
                self.leave_functor(name);
                self.leave_scopes();
                self.classic.applications.pop();
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::OpenPath(path, span) => {
                self.open_in_structure(path, *span)?;
                self.record_open_struct(path, *span);
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::IncludePath(path, span) => {
                if !phrase.prelude {
                    self.declare_included(path, *span)?;
                }
                self.open_module(path, *span)?;
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::RecModules(bindings, span) => {
                return self.rec_modules(phrases, i, bindings, *span)
            }
            PhraseKind::RecModuleDone(k) => return self.rec_module_done(phrases, i, *k),
            PhraseKind::RecModuleStart(k) => {
                if let Some(g) = self.rec_groups.last_mut() {
                    g.active = Some((*k, self.modules.len() + 1));
                }
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::Unpack(e, span) => return self.unpack_phrase(phrases, i, e, *span),
            PhraseKind::ParamModule(name, mt) => {
                self.bind_parameter(name, mt)?;
                return self.items_from(phrases, i + 1);
            }
            PhraseKind::PackBody(name, t, span) => {
                let e = self.pack_body(name, t, *span)?;
                self.body_types.push(t.clone());
                return Ok(e);
            }
            PhraseKind::Body(e) => {
                let (e, t) = self.expr(e)?;
                self.body_types.push(t);
                return Ok(e);
            }
        };
        match &item.kind {
            ast::ItemKind::Let(rec, bindings) => {
                // A structure's `let` patterns give no GADT equations (`typing::gadt`).
                self.gadt.structure_let = true;
                self.let_bindings(*rec, bindings, &mut |t| {
                    t.mark_module_globals(bindings);
                    Ok((t.items_from(phrases, i + 1)?, Type::unit()))
                })
            }
            ast::ItemKind::Class(decls) => {
                self.gadt.structure_let = true;
                let bindings: Vec<ast::Binding> = decls.iter().map(|d| d.binding.clone()).collect();
                self.let_bindings(ast::RecFlag::Recursive, &bindings, &mut |t| {
                    t.mark_module_globals(&bindings);
                    for d in decls {
                        t.class_declared(d)?;
                    }
                    Ok((t.items_from(phrases, i + 1)?, Type::unit()))
                })
            }
            ast::ItemKind::Expr(e) => {
                let (e, _) = self.expr(e)?;
                let rest = self.items_from(phrases, i + 1)?;
                Ok(Expr::Seq(bx(e), bx(rest)))
            }
            ast::ItemKind::Type(decls) | ast::ItemKind::TypeNonrec(decls) => {
                if !phrase.prelude {
                    for d in decls {
                        self.declare_in_structure(&d.name, d.span, "type", |s| &mut s.types)?;
                    }
                }
                let nonrec = matches!(item.kind, ast::ItemKind::TypeNonrec(_));
                self.type_decls_with(decls, nonrec)?;
                self.rec_anchor_types(decls);
                self.items_from(phrases, i + 1)
            }
            ast::ItemKind::Exception(c) => {
                if !phrase.prelude {
                    self.declare_in_structure(&c.name, c.span, EXTENSION, |s| &mut s.extensions)?;
                }
                self.exception_decl(c)?;
                self.items_from(phrases, i + 1)
            }
            ast::ItemKind::TypeExtension(x) => {
                if !phrase.prelude {
                    for c in &x.constructors {
                        self.declare_in_structure(&c.name, c.span, EXTENSION, |s| {
                            &mut s.extensions
                        })?;
                    }
                }
                self.type_extension(x)?;
                self.items_from(phrases, i + 1)
            }
            ast::ItemKind::Open(path) => {
                self.open_in_structure(path, item.span)?;
                self.items_from(phrases, i + 1)
            }
            ast::ItemKind::External(x) => {
                self.external_decl(x)?;
                self.items_from(phrases, i + 1)
            }
            ast::ItemKind::ModuleAlias(name, path) => {
                self.declare_in_structure(name, item.span, "module", |s| &mut s.modules)?;
                self.alias_any_module(name, path, item.span)?;
                self.items_from(phrases, i + 1)
            }
            ast::ItemKind::ExceptionAlias(name, path) => {
                if !phrase.prelude {
                    self.declare_in_structure(name, item.span, EXTENSION, |s| &mut s.extensions)?;
                }
                match self.env.ctors.get(path.as_str()).copied() {
                    Some(c @ CtorRef::Exception(i)) => {
                        self.exception_homes
                            .entry(i)
                            .or_insert_with(|| path.clone());
                        self.env.ctors.insert(name.clone(), c);
                    }
                    Some(CtorRef::Variant(..)) => {
                        return Err(Diagnostic::error(
                            item.span,
                            format!("The constructor {path} is not an exception"),
                        ))
                    }
                    None => {
                        return Err(Diagnostic::error(
                            item.span,
                            format!("Unbound constructor {path}"),
                        ))
                    }
                }
                self.items_from(phrases, i + 1)
            }
            // The included names are bound in the structure, which exports what it binds.
            ast::ItemKind::Include(me) => {
                let ast::ModExprKind::Path(path) = &me.kind else {
                    unreachable!("an include of a module expression is flattened into phrases")
                };
                let path = self.resolve_module_path(path);
                if !phrase.prelude {
                    self.declare_included(&path, item.span)?;
                }
                self.open_module(&path, item.span)?;
                self.items_from(phrases, i + 1)
            }
            ast::ItemKind::ModuleType(name, mt) => {
                self.define_module_type(name, mt.as_ref(), item.span)?;
                self.items_from(phrases, i + 1)
            }
            ast::ItemKind::Module(..)
            | ast::ItemKind::OpenModule(_)
            | ast::ItemKind::RecModules(_) => {
                unreachable!("modules are flattened into phrases")
            }
        }
    }

    /// Records the variables a structure's `let` binds (those of a variable pattern, possibly
    /// constrained) as module globals (`VarTable::module_globals`), and the program's own as
    /// its exports (`VarTable::exports`). Called where they are bound.
    fn mark_module_globals(&mut self, bindings: &[ast::Binding]) {
        for b in bindings {
            let mut p = &b.pat;
            while let ast::PatternKind::Constraint(q, _) = &p.kind {
                p = q;
            }
            if let ast::PatternKind::Var(name) = &p.kind {
                if let Some(ValueBinding::Var(v)) = self.env.lookup(name) {
                    self.vars.module_globals.insert(v);
                    if !self.in_prelude {
                        self.vars.exports.insert(v);
                    }
                }
            }
        }
    }

    /// Begins the scope of module `name`'s items (unqualified until it ends).
    pub(super) fn enter_module_scope(&mut self, name: &str) {
        self.structures.push(Default::default());
        self.opened.push(Default::default());
        let scope = self.scope();
        self.modules.push(OpenModule {
            name: name.to_string(),
            scope,
            decls: self.types.decls.len() as u32,
            weak_mark: self.weak_toplevel.len(),
        });
    }

    /// Ends the innermost module's scope: what it declared is rebound as `M.name`.
    pub(super) fn leave_module_scope(&mut self) {
        let m = self.modules.pop().expect("a module is open");
        // A hidden module's types (`include struct .. end`, `include F(struct .. end)`)
        // become the including structure's own; a named module's are named `M.t`.
        if !m.name.starts_with('%') {
            self.close_decls(m.decls);
        }
        let declared = self.structures.pop().unwrap_or_default();
        self.weak_left_module = Some((m.name.clone(), m.weak_mark));
        // A weak variable left free by the module cannot become one of the module's
        // types later (OCaml: "The type constructor M.t would escape its scope").
        for s in &mut self.u.scopes {
            *s = (*s).min(m.decls);
        }
        // An exception is named after its unit: the main file's (`Prog.M.E`), or, in
        // a program of several files, the unit module's own name (`A.E`).
        let unit = if self.in_prelude {
            // An installed stdlib unit (`Stdlib.Queue.Empty`); the `Camlinternal` units are
            // not compiled as `Stdlib`'s (`CamlinternalLazy.Undefined`).
            (!m.name.starts_with("Camlinternal")).then(|| "Stdlib".to_string())
        } else if self.units {
            None
        } else {
            Some(super::decls::module_name(&self.file_name))
        };
        // An anonymous structure's exception (`include struct exception E end`, `include
        // (struct .. end : S)`) is named by its own name alone, as OCaml names it.
        let exn_name = |key: &str| {
            let anonymous = key.rfind('%').and_then(|i| key[i..].split_once('.'));
            match (&unit, anonymous) {
                (_, Some((_, bare))) => bare.to_string(),
                (Some(u), None) => format!("{u}.{key}"),
                (None, None) => key.to_string(),
            }
        };
        let replaces = !self.prelude_phrase;
        self.qualify_replacing(
            &m.scope,
            &m.name,
            &exn_name,
            false,
            replaces,
            Some(&declared),
        );
        self.opened.pop();
        // The module exists even with no components (`struct end`).
        let marker = self.structure_marker();
        self.env.types.insert(
            format!("{}.{}", m.name, super::modules::MODULE_MARKER),
            TypeName::ModuleMarker(marker),
        );
    }

    /// Module `name` is bound anew: what it named before (a stdlib unit the program extends
    /// under its own name, an outer module) is no longer visible under `name.`, as OCaml's
    /// environment has one module per name (its record fields too).
    pub(super) fn hide_module(&mut self, name: &str) {
        let prefix = format!("{name}.");
        let mut values: Vec<String> = (self.env.visible_with_prefix(&prefix).into_iter())
            .map(|(n, _)| n)
            .collect();
        values.sort();
        for n in values {
            self.env.bind(&n, ValueBinding::Hidden);
        }
        self.env.types.retain(|n, _| !n.starts_with(&prefix));
        self.env.ctors.retain(|n, _| !n.starts_with(&prefix));
        self.env.fields.retain(|n, _| !n.starts_with(&prefix));
        self.env
            .functors
            .retain(|n, _| n != name && !n.starts_with(&prefix));
        self.env.module_types.retain(|n, _| !n.starts_with(&prefix));
    }

    /// Records that the current structure declares `name` (a type, module, module type or
    /// extension constructor name: `what`), or
    /// OCaml's error if it already did.
    pub(super) fn declare_in_structure(
        &mut self,
        name: &str,
        span: Span,
        what: &str,
        names: fn(&mut super::StructureNames) -> &mut std::collections::HashSet<String>,
    ) -> TResult<()> {
        // Each toplevel phrase is a structure of its own: its names may be defined again.
        if self.toplevel && self.structures.len() == 1 {
            return Ok(());
        }
        let structure = self.structures.last_mut().expect("a structure is open");
        if names(structure).insert(name.to_string()) {
            return Ok(());
        }
        // A type, module, module type or extension constructor an `include` brought may be
        // defined again (OCaml 4.13's `Shadowable` names: the included one leaves the
        // signature, and with a type its constructors and fields, which egret drops here).
        if structure.included.remove(&format!("{what} {name}")) {
            if what == "type" {
                self.drop_included_type(name);
            }
            return Ok(());
        }
        Err(Diagnostic::error(
            span,
            format!(
                "Multiple definition of the {what} name {name}.\nNames must be unique in a given structure or signature."
            ),
        ))
    }

    /// `include path`: the structure declares the module's types, modules, module types and
    /// extension constructors (OCaml's error if it already did).
    fn declare_included(&mut self, path: &str, span: Span) -> TResult<()> {
        let prefix = format!("{path}.");
        let own = |n: &String| {
            n.strip_prefix(&prefix)
                .filter(|n| {
                    !n.contains('.') && !n.starts_with("__") && *n != super::modules::MTYPE_MARKER
                })
                .map(str::to_string)
        };
        let module = |n: &String| {
            let n = n.strip_prefix(&prefix)?;
            let m = n
                .strip_suffix(super::modules::MODULE_MARKER)?
                .strip_suffix('.')?;
            (!m.contains('.')).then(|| m.to_string())
        };
        let mut types: Vec<String> = self.env.types.keys().filter_map(own).collect();
        let mut modules: Vec<String> = self.env.types.keys().filter_map(module).collect();
        modules.extend(self.env.functors.keys().filter_map(own));
        let mut module_types: Vec<String> = self.env.module_types.keys().filter_map(own).collect();
        let mut extensions: Vec<String> = (self.env.ctors.iter())
            .filter(|(_, c)| matches!(c, CtorRef::Exception(_)))
            .filter_map(|(n, _)| own(n))
            .collect();
        for v in [&mut types, &mut modules, &mut module_types, &mut extensions] {
            v.sort();
        }
        for n in types {
            self.declare_included_name(&n, span, "type", |s| &mut s.types)?;
        }
        for n in modules {
            self.declare_included_name(&n, span, "module", |s| &mut s.modules)?;
        }
        for n in module_types {
            self.declare_included_name(&n, span, "module type", |s| &mut s.module_types)?;
        }
        for n in extensions {
            self.declare_included_name(&n, span, EXTENSION, |s| &mut s.extensions)?;
        }
        Ok(())
    }

    /// The included type `name` is shadowed: its constructors are no longer the module's
    /// (OCaml: `B.A` is unbound once `B` redefines the `t` it included), nor its fields.
    fn drop_included_type(&mut self, name: &str) {
        let Some(TypeName::Con(c)) = self.env.types.get(name).cloned() else {
            return;
        };
        self.env
            .ctors
            .retain(|n, k| n.contains('.') || !matches!(k, CtorRef::Variant(d, _) if *d == c));
        for (n, decls) in self.env.fields.iter_mut() {
            if !n.contains('.') {
                decls.retain(|(d, _)| *d != c);
            }
        }
        self.env.fields.retain(|_, decls| !decls.is_empty());
    }

    /// [`Typer::declare_in_structure`] for a name an `include` brings: it may meet another
    /// included one (which it replaces), not one the structure defined.
    fn declare_included_name(
        &mut self,
        name: &str,
        span: Span,
        what: &str,
        names: fn(&mut super::StructureNames) -> &mut std::collections::HashSet<String>,
    ) -> TResult<()> {
        let key = format!("{what} {name}");
        let structure = self.structures.last_mut().expect("a structure is open");
        if names(structure).contains(name) && structure.included.contains(&key) {
            return Ok(());
        }
        self.declare_in_structure(name, span, what, names)?;
        let structure = self.structures.last_mut().expect("a structure is open");
        structure.included.insert(key);
        Ok(())
    }

    /// What the environment holds now.
    pub(super) fn scope(&self) -> Scope {
        Scope {
            mark: self.env.mark(),
            rebound_ctors: self.env.rebound_ctors.len(),
            types: self.env.types.clone(),
            ctors: self.env.ctors.clone(),
            functors: self.env.functors.clone(),
            module_types: self.env.module_types.clone(),
            fields: self.env.fields.clone(),
        }
    }

    /// Rebinds what was declared since `scope` under `module.`: values (the private `__`
    /// ones, also of a module nested in it, dropped when `hide_private`), types, constructors; an exception's printed name
    /// becomes `exn_name(qualified constructor)`.
    pub(super) fn qualify_since(
        &mut self,
        scope: &Scope,
        module: &str,
        exn_name: &dyn Fn(&str) -> String,
        hide_private: bool,
    ) {
        self.qualify_replacing(scope, module, exn_name, hide_private, false, None)
    }

    /// [`Typer::qualify_since`]; with `replaces`, the module replaces whatever `module`
    /// named before (a stdlib unit, an outer module): those components are hidden first.
    /// `declared`: the names the structure declared, also where they mean what the outer
    /// ones they shadow mean (`type nonrec t = t`, `module Z = Z`).
    pub(super) fn qualify_replacing(
        &mut self,
        scope: &Scope,
        module: &str,
        exn_name: &dyn Fn(&str) -> String,
        hide_private: bool,
        replaces: bool,
        declared: Option<&super::StructureNames>,
    ) {
        // A name of a type the structure declared, or of a module's component.
        let own = |n: &str| {
            declared.is_some_and(|d| {
                d.types.contains(n)
                    || d.modules.contains(n)
                    || n.split_once('.')
                        .is_some_and(|(m, _)| d.modules.contains(m))
            })
        };
        let names = self.env.names_since(scope.mark);
        let opened = self.opened.last().cloned().unwrap_or_default();
        let bindings: Vec<(String, ValueBinding)> = names
            .into_iter()
            .filter_map(|n| self.env.lookup(&n).map(|b| (n, b)))
            .filter(|(n, b)| !opened.values.iter().any(|(m, c)| m == n && c == b))
            .collect();
        self.env.restore(scope.mark);
        // What a module defined inside hid (an outer `List`'s components, by a `module List`
        // of its own) is visible again.
        for (n, t) in &scope.types {
            if !self.env.types.contains_key(n) {
                self.env.types.insert(n.clone(), t.clone());
            }
        }
        for (n, c) in &scope.ctors {
            self.env.ctors.entry(n.clone()).or_insert(*c);
        }
        for (n, f) in &scope.functors {
            if !self.env.functors.contains_key(n) {
                self.env.functors.insert(n.clone(), f.clone());
            }
        }
        for (n, m) in &scope.module_types {
            if !self.env.module_types.contains_key(n) {
                self.env.module_types.insert(n.clone(), m.clone());
            }
        }
        if replaces {
            self.hide_module(module);
        }
        for (n, b) in bindings {
            // `__x`, and a nested module's `M.__x` (`Scanf.Scanning`'s internals).
            let private = n.rsplit('.').next().is_some_and(|x| x.starts_with("__"));
            if !(hide_private && private) {
                self.env.bind(&format!("{module}.{n}"), b);
            }
        }
        // A type or constructor declared since `scope` (new, or shadowing an outer one, which
        // is visible again afterwards) is known as `module.name`.
        // What the structure's `open`s made visible leaves with it, unexported.
        for (n, t) in &opened.types {
            // (Not a type the structure declared after the `open`, equal to the opened one:
            // `open Ast` then `type var = string`.)
            if self.env.types.get(n) == Some(t) && !declared.is_some_and(|d| d.types.contains(n)) {
                match scope.types.get(n) {
                    Some(outer) => self.env.types.insert(n.clone(), outer.clone()),
                    None => self.env.types.remove(n),
                };
            }
        }
        for (n, c) in &opened.ctors {
            if self.env.ctors.get(n) == Some(c) {
                match scope.ctors.get(n) {
                    Some(outer) => self.env.ctors.insert(n.clone(), *outer),
                    None => self.env.ctors.remove(n),
                };
            }
        }
        self.qualify_fields(&scope.fields, module, &opened.fields);
        let declared: Vec<String> = (self.env.types.iter())
            .filter(|&(n, t)| scope.types.get(n) != Some(t) || own(n))
            .map(|(n, _)| n.clone())
            .collect();
        for n in declared {
            let t = self.env.types.remove(&n).expect("declared above");
            if let Some(outer) = scope.types.get(&n) {
                self.env.types.insert(n.clone(), outer.clone());
            }
            let qualified = format!("{module}.{n}");
            // (Not a type the module only names again: `module Z = Z`.)
            if let (TypeName::Con(con), false) = (&t, scope.types.get(&n) == Some(&t)) {
                self.types.decls[con.0 as usize].name = qualified.clone();
            }
            self.env.types.insert(qualified, t);
        }
        let rebound = self.env.rebound_ctors.split_off(scope.rebound_ctors);
        let declared: Vec<String> = (self.env.ctors.iter())
            .filter(|&(n, c)| scope.ctors.get(n) != Some(c) || rebound.contains(n) || own(n))
            .map(|(n, _)| n.clone())
            .collect();
        for n in declared {
            let c = self.env.ctors.remove(&n).expect("declared above");
            let named_again = scope.ctors.get(&n) == Some(&c);
            if let Some(outer) = scope.ctors.get(&n) {
                self.env.ctors.insert(n.clone(), *outer);
            }
            let qualified = format!("{module}.{n}");
            if let (CtorRef::Exception(i), false) = (c, named_again) {
                if self.exception_homes.get(&i).is_none_or(|home| *home == n) {
                    self.types.exceptions[i as usize].name = exn_name(&qualified);
                    self.exception_homes.insert(i, qualified.clone());
                }
            }
            self.env.ctors.insert(qualified, c);
        }
        let declared: Vec<String> = (self.env.functors.iter())
            .filter(|&(n, f)| {
                own(n) || (scope.functors.get(n)).is_none_or(|g| !std::rc::Rc::ptr_eq(f, g))
            })
            .map(|(n, _)| n.clone())
            .collect();
        for n in declared {
            let f = self.env.functors.remove(&n).expect("declared above");
            if let Some(outer) = scope.functors.get(&n) {
                self.env.functors.insert(n.clone(), outer.clone());
            }
            self.env.functors.insert(format!("{module}.{n}"), f);
        }
        let declared: Vec<String> = (self.env.module_types.iter())
            .filter(|&(n, f)| {
                own(n) || (scope.module_types.get(n)).is_none_or(|g| !std::rc::Rc::ptr_eq(f, g))
            })
            .map(|(n, _)| n.clone())
            .collect();
        for n in declared {
            let f = self.env.module_types.remove(&n).expect("declared above");
            if let Some(outer) = scope.module_types.get(&n) {
                self.env.module_types.insert(n.clone(), outer.clone());
            }
            self.env.module_types.insert(format!("{module}.{n}"), f);
        }
    }

    pub(super) fn close_section(&mut self, last: &Phrase) {
        if let Some(module) = &last.module {
            // A prelude module's exception prints as OCaml's does (`Stdlib.Stack.Empty`).
            let scope = std::mem::take(&mut self.section_scope);
            let exn_name = |key: &str| format!("Stdlib.{key}");
            self.qualify_since(&scope, module, &exn_name, true);
        }
        // What elaborations call, whatever the program rebinds: captured as each prelude
        // section ends, for good at the end of the prelude.
        if last.prelude {
            for name in LAZY_FUNCTIONS.iter().chain(&EXIT_FUNCTIONS) {
                if let Some(ValueBinding::Var(v)) = self.env.lookup(name) {
                    self.prelude_functions.insert(name, v);
                }
            }
        }
        // The unqualified library is `Stdlib.x` for the rest of the prelude too: installed
        // units that define their own `compare` call `Stdlib.compare`.
        // (Section 1: CamlinternalFormatBasics comes first.)
        let unqualified = 1;
        if last.prelude && last.section == unqualified && !last.ends_prelude {
            let mut values = self.env.visible_names();
            values.sort();
            for n in values
                .into_iter()
                .filter(|n| !n.contains('.') && !n.starts_with("__"))
            {
                if let Some(b) = self.env.lookup(&n) {
                    self.env.bind(&format!("Stdlib.{n}"), b);
                }
            }
            // And its types and constructors (`float.ml`'s `type fpclass = Stdlib.fpclass`).
            let own = |n: &String| !n.contains('.') && !n.starts_with("__");
            let types: Vec<(String, TypeName)> = (self.env.types.iter())
                .filter(|(n, _)| own(n))
                .map(|(n, t)| (format!("Stdlib.{n}"), t.clone()))
                .collect();
            self.env.types.extend(types);
            let ctors: Vec<(String, CtorRef)> = (self.env.ctors.iter())
                .filter(|(n, _)| own(n))
                .map(|(n, c)| (format!("Stdlib.{n}"), *c))
                .collect();
            self.env.ctors.extend(ctors);
            let fields: Vec<(String, super::field_scope::FieldDecls)> = (self.env.fields.iter())
                .filter(|(n, _)| own(n))
                .map(|(n, f)| (format!("Stdlib.{n}"), f.clone()))
                .collect();
            self.env.fields.extend(fields);
        }
        if last.ends_prelude {
            for n in self.env.visible_names() {
                if n.starts_with("__") {
                    self.env.bind(&n, ValueBinding::Hidden);
                }
            }
            self.bind_stdlib_names();
        }
    }

    /// Everything the prelude defines is also `Stdlib.name` (`Stdlib.compare`,
    /// `Stdlib.List.map`, `Stdlib.Not_found`, `int Stdlib.ref`), whatever the program rebinds.
    pub(super) fn bind_stdlib_names(&mut self) {
        let mut values = self.env.visible_names();
        values.sort();
        for n in values {
            if let Some(b) = self.env.lookup(&n) {
                self.env.bind(&format!("Stdlib.{n}"), b);
            }
        }
        let types: Vec<(String, TypeName)> = (self.env.types.iter())
            .map(|(n, t)| (format!("Stdlib.{n}"), t.clone()))
            .collect();
        self.env.types.extend(types);
        let ctors: Vec<(String, CtorRef)> = (self.env.ctors.iter())
            .map(|(n, c)| (format!("Stdlib.{n}"), *c))
            .collect();
        self.env.ctors.extend(ctors);
        let fields: Vec<(String, Vec<(crate::lambda::ir::TyCon, u32)>)> = (self.env.fields.iter())
            .map(|(n, f)| (format!("Stdlib.{n}"), f.clone()))
            .collect();
        self.env.fields.extend(fields);
        let functors: Vec<_> = (self.env.functors.iter())
            .map(|(n, f)| (format!("Stdlib.{n}"), f.clone()))
            .collect();
        self.env.functors.extend(functors);
        let module_types: Vec<_> = (self.env.module_types.iter())
            .map(|(n, f)| (format!("Stdlib.{n}"), f.clone()))
            .collect();
        self.env.module_types.extend(module_types);
    }

    /// The program's phrases `i..` as ocamlopt runs a program: `try (phrases; do_at_exit ())
    /// with e -> __uncaught e` (the handler Printexc registered when the program links it,
    /// else the runtime's report: the unqualified library's `__uncaught`).
    pub(super) fn program_with_exit(&mut self, phrases: &[Phrase], i: usize) -> TResult<Expr> {
        // The program's structure is its own: the installed stdlib units the prelude
        // declared (`List`, `String`) are not among its names, so it may define a module
        // `List` (`struct include List .. end`), as OCaml's typer sees only `Stdlib`'s.
        debug_assert_eq!(
            self.structures.len(),
            1,
            "the prelude closes its structures"
        );
        self.structures = vec![Default::default()];
        // A program of one file is that unit's code (`T`); several are modules of their own.
        if !self.units {
            let unit = super::decls::module_name(&self.files[0].name);
            self.enter_unit_scope(&unit);
        }
        let program = self.phrases_from(phrases, i)?;
        let call = |t: &mut Self, name: &str, args: Vec<Expr>| -> TResult<Expr> {
            let Some(f) = t.prelude_functions.get(name).copied() else {
                return Err(Diagnostic::error(
                    Span::default(),
                    format!("internal error: the prelude defines no `{name}`"),
                ));
            };
            // `__uncaught` never returns: its result is a type variable (unit here).
            let scheme = t.vars.ty(f).clone();
            let (_, tys) = t.u.instantiate(&scheme);
            let head = tys
                .into_iter()
                .fold(Expr::Var(f), |e, ty| Expr::TyApp(bx(e), ty));
            Ok(Expr::App(bx(head), args))
        };
        let at_exit = call(self, "do_at_exit", vec![unit_value()])?;
        let x = self.fresh_var("_uncaught", Type::exn(), Span::default());
        let handler = call(self, "__uncaught", vec![Expr::Var(x)])?;
        Ok(Expr::Try(
            bx(Expr::Seq(bx(program), bx(at_exit))),
            x,
            bx(handler),
        ))
    }

    /// `open M` as an item of a structure: its names are visible, not the structure's own
    /// (they are not exported: [`Typer::qualify_since`] leaves them out).
    pub(super) fn open_in_structure(&mut self, path: &str, span: Span) -> TResult<()> {
        let (values, _, _, _, _, _) = super::modules::components(&self.env, path);
        let undo = self.open_module(path, span)?;
        let opened = self.opened.last_mut().expect("a structure is open");
        opened
            .values
            .extend(values.into_iter().filter(|(n, _)| !n.contains('.')));
        for (n, _) in undo.types {
            if let Some(t) = self.env.types.get(&n) {
                opened.types.push((n, t.clone()));
            }
        }
        for (n, _) in undo.ctors {
            if let Some(c) = self.env.ctors.get(&n) {
                opened.ctors.push((n, *c));
            }
        }
        for (n, before) in undo.fields {
            let now = self.env.fields.get(&n).cloned().unwrap_or_default();
            let added = now[before.map_or(0, |b| b.len())..].to_vec();
            opened.fields.push((n, added));
        }
        Ok(())
    }

    /// `open M`: binds `M.x` as `x` for values, types and constructors. Returns what the
    /// types and constructors were before, for [`Self::close_open`] (values are scoped by the
    /// environment's marks).
    pub(super) fn open_module(&mut self, path: &str, span: Span) -> TResult<OpenUndo> {
        let prefix = format!("{path}.");
        let strip = |n: &String| n.strip_prefix(&prefix).map(str::to_string);
        let values: Vec<(String, ValueBinding)> =
            (self.env.visible_with_prefix(&prefix).into_iter())
                .filter_map(|(n, b)| Some((strip(&n)?, b)))
                .collect();
        let types: Vec<(String, TypeName)> = (self.env.types.iter())
            .filter_map(|(n, t)| Some((strip(n)?, t.clone())))
            .collect();
        let ctors: Vec<(String, CtorRef)> = (self.env.ctors.iter())
            .filter_map(|(n, c)| Some((strip(n)?, c.clone())))
            .collect();
        let functors: Vec<(String, std::rc::Rc<super::modules::FunctorDef>)> =
            (self.env.functors.iter())
                .filter_map(|(n, f)| Some((strip(n)?, f.clone())))
                .collect();
        let module_types: Vec<(String, std::rc::Rc<super::modules::ModTypeDef>)> =
            (self.env.module_types.iter())
                .filter_map(|(n, f)| Some((strip(n)?, f.clone())))
                .collect();
        let no_components = values.is_empty()
            && types.is_empty()
            && ctors.is_empty()
            && functors.is_empty()
            && module_types.is_empty();
        if no_components && !super::modules::module_exists(&self.env, path) {
            return Err(Diagnostic::error(span, format!("Unbound module {path}")));
        }
        // `open F`, `include F`, `F.(e)` of a functor (a module of functor type has no
        // components): OCaml's `Structure_expected`.
        if no_components && self.env.functors.contains_key(path) {
            return Err(Diagnostic::error(
                span,
                "This module is not a structure; it has type\n       functor ... -> ...",
            ));
        }
        let mut undo = OpenUndo::default();
        for (n, f) in functors {
            undo.functors
                .push((n.clone(), self.env.functors.insert(n, f)));
        }
        for (n, f) in module_types {
            undo.module_types
                .push((n.clone(), self.env.module_types.insert(n, f)));
        }
        for (n, b) in values {
            self.env.bind(&n, b);
        }
        for (n, t) in types {
            undo.types.push((n.clone(), self.env.types.insert(n, t)));
        }
        for (n, c) in ctors {
            undo.ctors.push((n.clone(), self.env.ctors.insert(n, c)));
        }
        undo.fields = self.open_fields(path);
        Ok(undo)
    }

    /// Ends a local open: the types and constructors it shadowed are back.
    pub(super) fn close_open(&mut self, undo: OpenUndo) {
        self.close_open_fields(undo.fields);
        for (n, old) in undo.types.into_iter().rev() {
            match old {
                Some(t) => self.env.types.insert(n, t),
                None => self.env.types.remove(&n),
            };
        }
        for (n, old) in undo.ctors.into_iter().rev() {
            match old {
                Some(c) => self.env.ctors.insert(n, c),
                None => self.env.ctors.remove(&n),
            };
        }
        for (n, old) in undo.functors.into_iter().rev() {
            match old {
                Some(f) => self.env.functors.insert(n, f),
                None => self.env.functors.remove(&n),
            };
        }
        for (n, old) in undo.module_types.into_iter().rev() {
            match old {
                Some(f) => self.env.module_types.insert(n, f),
                None => self.env.module_types.remove(&n),
            };
        }
    }
}
