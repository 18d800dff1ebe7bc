//! Signatures and matching: what a module type declares ([`Sig`]), a module checked against
//! it and restricted to it (`Typer::seal`), abstract types made abstract.

use super::module_type_subst::has_module_type_substs;
use super::with_constraints::{expand_type_substs, substitute_type};
use super::{components, module_exists, type_components, MODULE_MARKER};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{DeclKind, Expr, TyCon, TyVar, Type, VarId};
use crate::syntax::ast;
use crate::typing::env::{CtorRef, TypeName, ValueBinding};
use crate::typing::{TResult, Typer};

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// A signature as matching needs it: the names it declares, with the declared types of its
/// values, in order.
#[derive(Default)]
pub(super) struct Sig {
    /// Values (`None`: no declared type to check, from `module type of`).
    pub(super) vals: Vec<(String, Option<ast::TypeExpr>)>,
    /// The values declared as primitives (`external`): they stay primitives outside.
    pub(super) externals: Vec<String>,
    /// Types, with the constructors each declares and whether the signature makes it
    /// abstract (`type t`, `type 'a t`, without a `with type` constraint).
    types: Vec<(String, Vec<String>, bool)>,
    /// The private variants, records and extensible types it declares (`type t = private A
    /// | ..`, `type t = private ..`).
    private_types: Vec<String>,
    /// Its private abbreviations (`type t = private int`), abstract types coercible to
    /// their definitions.
    private_abbrevs: Vec<String>,
    exceptions: Vec<String>,
    /// Modules, with their module types (`None`: unrestricted).
    modules: Vec<(String, Option<ast::ModType>)>,
    /// Functors (module components whose type is a functor type).
    functors: Vec<String>,
    /// The functors' declared types.
    functor_types: Vec<(String, ast::ModType)>,
    module_types: Vec<String>,
    /// The module types the signature defines (`module type S = MT`), which the module's
    /// must equal.
    module_type_defs: Vec<(String, ast::ModType)>,
    /// The modules it opens (`sig open M .. end`): their type names are visible where its
    /// types are read.
    opens: Vec<String>,
}

/// Renames the type constructors of `te` that `qualify` maps.
pub(super) fn qualify_constrs(te: &mut ast::TypeExpr, qualify: &dyn Fn(&str) -> Option<String>) {
    if let ast::TypeExprKind::Constr(name, _) = &mut te.kind {
        if let Some(q) = qualify(name) {
            *name = q;
        }
    }
    te.for_each_child_mut(&mut |t| qualify_constrs(t, qualify));
}

impl<'s> Typer<'s> {
    /// A module type defined in module `scope` names the types it does not declare as that
    /// module's (lexical scope): its values' types are rewritten to the qualified names
    /// (`statistics` in `Hashtbl.S` is `Hashtbl.statistics`), innermost module first. Inside
    /// the module itself the names are not qualified yet and stay as they are.
    fn resolve_in_scope(&self, sig: &mut Sig, scope: &str) {
        if scope.is_empty() {
            return;
        }
        let own: Vec<&str> = (sig.types.iter().map(|(n, _, _)| n.as_str()))
            .chain(sig.modules.iter().map(|(n, _)| n.as_str()))
            .collect();
        let prefixes: Vec<&str> = scope
            .match_indices('.')
            .map(|(i, _)| &scope[..i])
            .chain([scope])
            .collect();
        let qualify = |name: &str| -> Option<String> {
            let head = name.split('.').next().unwrap_or(name);
            if own.contains(&head) {
                return None;
            }
            (prefixes.iter().rev())
                .map(|p| format!("{p}.{name}"))
                .find(|q| self.env.types.contains_key(q))
        };
        for (_, te) in &mut sig.vals {
            if let Some(te) = te {
                qualify_constrs(te, &qualify);
            }
        }
    }

    /// The signature module type `mt` denotes (`None`: it restricts nothing).
    pub(super) fn signature_of(&mut self, mt: &ast::ModType) -> TResult<Option<Sig>> {
        match &mt.kind {
            ast::ModTypeKind::Path(p) => {
                let Some(def) = self.env.module_types.get(p).cloned() else {
                    return Err(Diagnostic::error(
                        mt.span,
                        format!("Unbound module type {p}"),
                    ));
                };
                match &def.ty {
                    Some(t) => {
                        let mut sig = self.signature_of(t)?;
                        if let Some(sig) = &mut sig {
                            self.resolve_in_scope(sig, &def.scope);
                        }
                        Ok(sig)
                    }
                    None => Ok(None),
                }
            }
            _ if has_module_type_substs(mt) => {
                let expanded = self.expand_module_type_substs(mt)?;
                self.signature_of(&expanded)
            }
            ast::ModTypeKind::Sig(items) => {
                let mut sig = Sig::default();
                for item in &expand_type_substs(items) {
                    self.sig_item(item, &mut sig)?;
                }
                Ok(Some(sig))
            }
            ast::ModTypeKind::With(t, constraints) => {
                let Some(mut sig) = self.signature_of(t)? else {
                    return Ok(None);
                };
                for c in constraints {
                    // A constraint on a submodule (`with type M.t = u`, `with module M = P`)
                    // is one on its module type (`with_constraints`).
                    let (ast::WithConstraint::Type { path, .. }
                    | ast::WithConstraint::Module { path, .. }
                    | ast::WithConstraint::ModuleType { path, .. }) = c;
                    let (sub, rest) = path.split_once('.').unwrap_or((path, ""));
                    let module_eq = matches!(
                        c,
                        ast::WithConstraint::Module {
                            destructive: false,
                            ..
                        }
                    );
                    if !rest.is_empty() || module_eq {
                        if let Some((_, Some(t))) = sig.modules.iter_mut().find(|(n, _)| n == sub) {
                            *t = match c {
                                ast::WithConstraint::Module { target, .. } if rest.is_empty() => {
                                    self.strengthen_submodule_type(t.clone(), target)
                                }
                                _ => self.constrain_submodule_type(t.clone(), rest, c),
                            };
                        }
                        continue;
                    }
                    match c {
                        ast::WithConstraint::Type {
                            path,
                            decl,
                            destructive: true,
                        } => {
                            if let ast::TypeDeclKind::Abbrev(body) = &decl.kind {
                                for te in sig.vals.iter_mut().filter_map(|(_, t)| t.as_mut()) {
                                    substitute_type(te, path, &decl.params, body);
                                }
                            }
                            sig.types.retain(|(n, _, _)| n != path);
                            sig.private_types.retain(|n| n != path);
                            sig.private_abbrevs.retain(|n| n != path);
                        }
                        ast::WithConstraint::Type {
                            path,
                            destructive: false,
                            ..
                        } => {
                            // `with type t = u`: `t` is `u`, not abstract (nor private).
                            sig.private_types.retain(|n| n != path);
                            sig.private_abbrevs.retain(|n| n != path);
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
            if n != MODULE_MARKER && n != super::abstract_types::MTYPE_MARKER && !note_module(&n) {
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
            ast::SigItemKind::External(x) => {
                sig.vals.push((x.name.clone(), Some(x.ty.clone())));
                sig.externals.push(x.name.clone());
            }
            ast::SigItemKind::Type(decls) => {
                for d in decls {
                    let ctors = match &d.kind {
                        ast::TypeDeclKind::Variant(cs) => {
                            cs.iter().map(|c| c.name.clone()).collect()
                        }
                        _ => Vec::new(),
                    };
                    let mut abstract_ = matches!(d.kind, ast::TypeDeclKind::Abstract);
                    if d.private_ {
                        if matches!(d.kind, ast::TypeDeclKind::Abbrev(_)) {
                            abstract_ = true;
                            sig.private_abbrevs.push(d.name.clone());
                        } else {
                            sig.private_types.push(d.name.clone());
                        }
                    }
                    sig.types.push((d.name.clone(), ctors, abstract_));
                }
            }
            // Expanded by `signature_of` (`module_type_subst`).
            ast::SigItemKind::TypeSubst(_)
            | ast::SigItemKind::ModuleTypeSubst(..)
            | ast::SigItemKind::ModuleSubst(..) => {}
            ast::SigItemKind::Exception(c) => sig.exceptions.push(c.name.clone()),
            // Extension constructors are exceptions underneath (`typing::extensible`).
            ast::SigItemKind::TypeExtension(x) => {
                (sig.exceptions).extend(x.constructors.iter().map(|c| c.name.clone()))
            }
            ast::SigItemKind::Module(name, t) => {
                if self.functor_type_of(t).is_some() {
                    sig.functors.push(name.clone());
                    sig.functor_types.push((name.clone(), t.clone()));
                } else {
                    sig.modules.push((name.clone(), Some(t.clone())));
                }
            }
            ast::SigItemKind::ModuleAlias(name, _) => sig.modules.push((name.clone(), None)),
            ast::SigItemKind::RecModules(ms) => {
                for (name, t) in ms {
                    sig.modules.push((name.clone(), Some(t.clone())));
                }
            }
            ast::SigItemKind::ModuleType(name, def) => {
                sig.module_types.push(name.clone());
                if let Some(t) = def {
                    sig.module_type_defs.push((name.clone(), t.clone()));
                }
            }
            ast::SigItemKind::Include(t) => {
                if let Some(inner) = self.signature_of(t)? {
                    sig.vals.extend(inner.vals);
                    sig.externals.extend(inner.externals);
                    sig.types.extend(inner.types);
                    sig.exceptions.extend(inner.exceptions);
                    sig.modules.extend(inner.modules);
                    sig.functors.extend(inner.functors);
                    sig.functor_types.extend(inner.functor_types);
                    sig.module_types.extend(inner.module_types);
                    sig.module_type_defs.extend(inner.module_type_defs);
                    sig.opens.extend(inner.opens);
                }
            }
            ast::SigItemKind::Open(p) => sig.opens.push(self.resolve_module_path(p)),
        }
        Ok(())
    }

    /// `(module name : mt)`: checks the module against the signature and restricts it to
    /// what the signature declares. Gives the bindings that give values their declared
    /// types where those are less general than the definitions' (`let x' = Λ.. x [..]`).
    /// `param`: the module is a functor's parameter, whose abstract types are abstract in
    /// the body only (after it, they equal the argument's: [`Typer::leave_functor`]).
    pub(crate) fn seal(
        &mut self,
        name: &str,
        mt: &ast::ModType,
        span: Span,
        param: bool,
    ) -> TResult<Vec<(VarId, Expr)>> {
        let mut wrappers = Vec::new();
        match self.seal_into(name, mt, span, param, &[], u32::MAX, &mut wrappers) {
            Ok(()) => Ok(wrappers),
            // An argument not matching its parameter: OCaml's words for it.
            Err(mut d) if param => {
                if let Some(rest) = d.message.strip_prefix("Signature mismatch:") {
                    d.message = format!("Modules do not match:{rest}");
                }
                if self.functor_chains.contains(&span) {
                    d.message = format!(
                        "The functor application is ill-typed.\n       {}",
                        d.message
                    );
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
                // The installed `Obj`'s `t` is the built-in `Obj.t` (`Typer::is_installed_obj_t`):
                // already a type of its own, equal to no other, and it stays the one type.
                Some(TypeName::Con(TyCon::OBJ_T)) if name == "Obj" && self.prelude_phrase => {
                    continue
                }
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
            let con = self.new_opaque_type(&full, params, manifest, DeclKind::Primitive);
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

    /// A new type constructor `full` of parameters `params` (made generic), of kind `kind`
    /// for the typer, opaque (equal to no other type), and `manifest` for the lambda IR.
    pub(super) fn new_opaque_type(
        &mut self,
        full: &str,
        params: Vec<TyVar>,
        manifest: Type,
        kind: DeclKind,
    ) -> TyCon {
        for p in &params {
            self.u.levels[p.0 as usize] = u32::MAX;
        }
        let con = TyCon(self.types.decls.len() as u32);
        self.types.decls.push(crate::lambda::ir::TypeDecl {
            name: full.to_string(),
            params: params.clone(),
            kind,
        });
        self.u.scope = self.types.decls.len() as u32;
        self.u.abstract_types.insert(
            con,
            crate::typing::unify::AbstractType {
                params,
                manifest,
                opaque: true,
                existential: false,
            },
        );
        self.applicative_type(con);
        con
    }

    /// [`Typer::seal`] of `name`, a submodule of the modules `outer` (outermost first) whose
    /// signatures declared it: the declared types' names are those of `outer` and `name`, and
    /// the types made abstract from `outer_fresh` on (by the enclosing matchings) are seen as
    /// their definitions, as this matching's own. [`Typer::seal_into_sig`], with the modules
    /// `mt`'s signature opens (`open M` among its items) visible while its types are read.
    #[allow(clippy::too_many_arguments)]
    fn seal_into(
        &mut self,
        name: &str,
        mt: &ast::ModType,
        span: Span,
        param: bool,
        outer: &[String],
        outer_fresh: u32,
        wrappers: &mut Vec<(VarId, Expr)>,
    ) -> TResult<()> {
        // Its `with module type` constraints expanded first: every reading of `mt` below
        // sees the plain module type (`module_type_subst`).
        let expanded;
        let mt = if has_module_type_substs(mt) {
            expanded = self.expand_module_type_substs(mt)?;
            &expanded
        } else {
            mt
        };
        let before = self.sig_opens.len();
        if let ast::ModTypeKind::Sig(items) = &mt.kind {
            for item in items {
                if let ast::SigItemKind::Open(p) = &item.kind {
                    if !p.is_empty() {
                        self.sig_opens.push(p.clone());
                    }
                }
            }
        }
        let r = self.seal_into_sig(name, mt, span, param, outer, outer_fresh, wrappers);
        self.sig_opens.truncate(before);
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn seal_into_sig(
        &mut self,
        name: &str,
        mt: &ast::ModType,
        span: Span,
        param: bool,
        outer: &[String],
        outer_fresh: u32,
        wrappers: &mut Vec<(VarId, Expr)>,
    ) -> TResult<()> {
        // A module of an abstract module type (`abstract_types`).
        if let Some(id) = self.abstract_module_type(mt) {
            return match self.in_prelude {
                true => Ok(()),
                false => self.seal_abstract(name, id, span, param),
            };
        }
        // A functor against a functor type (`functor_match`).
        if self.functor_type_of(mt).is_some() {
            if !self.in_prelude {
                self.match_functor(name, mt, span)?;
            }
            return Ok(());
        }
        let Some(sig) = self.signature_of(mt)? else {
            return Ok(());
        };
        if !self.in_prelude && self.env.functors.contains_key(name) {
            return Err(Diagnostic::error(
                span,
                "Signature mismatch:\n       Modules do not match:\n       This module is a functor, the signature's a structure",
            ));
        }
        let mismatch =
            |what: String| Diagnostic::error(span, format!("Signature mismatch:\n       {what}"));
        // Presence, in OCaml's order of report: types, then values, then the rest.
        for (t, _, _) in &sig.types {
            if !t.is_empty() && !self.env.types.contains_key(&format!("{name}.{t}")) {
                return Err(mismatch(format!(
                    "The type `{t}' is required but not provided"
                )));
            }
        }
        for (x, _) in &sig.vals {
            if self.env.lookup(&format!("{name}.{x}")).is_none() {
                return Err(mismatch(format!(
                    "The value `{x}' is required but not provided"
                )));
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
                return Err(mismatch(format!(
                    "The module `{m}' is required but not provided"
                )));
            }
        }
        for f in &sig.functors {
            if !self.env.functors.contains_key(&format!("{name}.{f}")) {
                return Err(mismatch(format!(
                    "The module `{f}' is required but not provided"
                )));
            }
        }
        for m in &sig.module_types {
            if !self.env.module_types.contains_key(&format!("{name}.{m}")) {
                return Err(mismatch(format!(
                    "The module type `{m}' is required but not provided"
                )));
            }
        }
        // The types this matching (and the enclosing ones: `M.t` in `M.Ops`'s values) makes
        // abstract are seen as their definitions while the values are matched.
        let fresh_from = outer_fresh.min(self.types.decls.len() as u32);
        // The modules the signature opens are read first, the signature's own names after.
        let outer_read: Vec<String> = sig.opens.iter().chain(outer).cloned().collect();
        self.match_type_decls(name, &outer_read, mt, span)?;
        let decls_before = self.types.decls.len();
        let abstracted = self.abstract_types_of(name, &sig, param);
        if abstracted && !param {
            self.reread_sealed_data(name, &outer_read, mt);
        }
        // Private types: outside, no value of theirs can be built (variants, records), or
        // they are abstract types coercible to their definitions (abbreviations).
        for (names, abbrev) in [(&sig.private_types, false), (&sig.private_abbrevs, true)] {
            for t in names {
                let full = format!("{name}.{t}");
                if let Some(TypeName::Con(c)) = self.env.types.get(&full).cloned() {
                    if abbrev {
                        self.private_abbrevs.insert(c);
                    } else {
                        self.make_private_view(&full, c, param);
                    }
                }
            }
        }
        // What the signature does not declare is gone before its types are read.
        self.restrict(name, &sig);
        self.seal_classic_module(name, mt);
        let mut chain = outer.to_vec();
        chain.push(name.to_string());
        let read_chain: Vec<String> = sig.opens.iter().chain(&chain).cloned().collect();
        // A submodule's module type may name the signature's own module types (`module M :
        // S` after `module type S` in the same signature).
        let mut undos = Vec::new();
        for module in &chain {
            undos.push(self.open_type_names(module));
        }
        let mut result = Ok(());
        if !self.in_prelude {
            result = self.match_module_components(name, &sig, span);
        }
        for (m, t) in &sig.modules {
            if result.is_err() {
                break;
            }
            if let Some(t) = t {
                result = self.seal_into(
                    &format!("{name}.{m}"),
                    t,
                    span,
                    param,
                    &chain,
                    fresh_from,
                    wrappers,
                );
                if result.is_err() {
                    break;
                }
            }
        }
        for undo in undos.into_iter().rev() {
            self.close_open(undo);
        }
        result?;
        // Types made abstract here, in a submodule, or by an enclosing matching (a
        // submodule's `type t = bs` names its parent's sealed `bs`: Printexc.Slot.t).
        if !param && self.types.decls.len() > (fresh_from as usize).min(decls_before) {
            self.reread_sealed_abbrevs(name, &outer_read, mt);
        }
        // The declared types' names are the signature's (the modules of `read_chain`,
        // innermost last) or the outer ones: opened once for every value (issue #22: opening
        // them for each value scanned the whole environment each time, a tenth of a small
        // program's build). Matching binds values only, so the names stay the same throughout.
        let mut undos = Vec::new();
        for module in self.sig_opens.clone().iter().chain(&read_chain) {
            undos.push(self.open_type_names(module));
        }
        let matched = self.match_values(name, &sig, span, abstracted, fresh_from, wrappers);
        for undo in undos.into_iter().rev() {
            self.close_open(undo);
        }
        matched
    }

    /// The functors and module types of module `name` against those `sig` declares
    /// (`functor_match`).
    fn match_module_components(&mut self, name: &str, sig: &Sig, span: Span) -> TResult<()> {
        for (f, t) in &sig.functor_types {
            self.match_functor(&format!("{name}.{f}"), t, span)?;
        }
        for (s, want) in &sig.module_type_defs {
            let path = ast::ModType {
                kind: ast::ModTypeKind::Path(format!("{name}.{s}")),
                span,
            };
            if let Some(r) = self.match_abstract_module_types(&path, want, span) {
                r?;
                continue;
            }
            let have = self.env.module_types.get(&format!("{name}.{s}")).cloned();
            match have.as_ref().and_then(|d| d.ty.as_ref()) {
                Some(have) => self.match_module_types(have, want, span)?,
                None => {
                    return Err(Diagnostic::error(
                        span,
                        format!("Signature mismatch:\n       Modules do not match:\n       Module type declarations do not match: module type {s} is abstract"),
                    ))
                }
            }
        }
        Ok(())
    }

    /// The type-level names of module `path` (types, constructors, functors, module types)
    /// unqualified, for reading a signature's types; values are left alone (a signature's
    /// matching rebinds them). Undone by [`Typer::close_open`].
    pub(super) fn open_type_names(&mut self, path: &str) -> crate::typing::OpenUndo {
        let (types, ctors, functors, module_types) = type_components(&self.env, path);
        let mut undo = crate::typing::OpenUndo::default();
        for (n, t) in types {
            undo.types.push((n.clone(), self.env.types.insert(n, t)));
        }
        for (n, c) in ctors {
            undo.ctors.push((n.clone(), self.env.ctors.insert(n, c)));
        }
        for (n, f) in functors {
            undo.functors
                .push((n.clone(), self.env.functors.insert(n, f)));
        }
        for (n, t) in module_types {
            undo.module_types
                .push((n.clone(), self.env.module_types.insert(n, t)));
        }
        undo
    }

    /// Hides what module `name` has beyond `sig`.
    fn restrict(&mut self, name: &str, sig: &Sig) {
        let prefix = format!("{name}.");
        let kept_module = |rest: &str| {
            rest.split_once('.').is_some_and(|(m, _)| {
                sig.modules.iter().any(|(n, _)| n == m) || sig.functors.iter().any(|n| n == m)
            })
        };
        for (n, _) in self.env.visible_with_prefix(&prefix) {
            let Some(rest) = n.strip_prefix(&prefix) else {
                continue;
            };
            if !kept_module(rest) && !sig.vals.iter().any(|(x, _)| x == rest) {
                self.env.bind(&n, ValueBinding::Hidden);
            }
        }
        // The marker stays: the module exists, and its identity is its path's (`applicative`).
        self.env.types.retain(|n, _| {
            n.strip_prefix(&prefix).is_none_or(|rest| {
                kept_module(rest)
                    || rest == super::MODULE_MARKER
                    || sig.types.iter().any(|(t, _, _)| t == rest)
            })
        });
        self.env.ctors.retain(|n, c| {
            n.strip_prefix(&prefix).is_none_or(|rest| {
                kept_module(rest)
                    || match c {
                        CtorRef::Exception(_) => sig.exceptions.iter().any(|e| e == rest),
                        CtorRef::Variant(..) => sig
                            .types
                            .iter()
                            .any(|(_, cs, _)| cs.iter().any(|c| c == rest)),
                    }
            })
        });
        self.env.functors.retain(|n, _| {
            n.strip_prefix(&prefix)
                .is_none_or(|rest| kept_module(rest) || sig.functors.iter().any(|f| f == rest))
        });
        self.env.module_types.retain(|n, _| {
            n.strip_prefix(&prefix)
                .is_none_or(|rest| kept_module(rest) || sig.module_types.iter().any(|m| m == rest))
        });
    }
}

/// Wraps `rest` in the bindings `wrappers` made (first binding outermost).
pub(crate) fn wrap(wrappers: Vec<(VarId, Expr)>, rest: Expr) -> Expr {
    wrappers
        .into_iter()
        .rev()
        .fold(rest, |rest, (v, e)| Expr::Local(v, bx(e), bx(rest)))
}
