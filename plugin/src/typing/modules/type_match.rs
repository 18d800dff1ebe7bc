//! Matching a module's type and exception declarations against a signature's, as OCaml's
//! `Includemod.type_declarations` and `extension_constructors` do, before the signature
//! makes anything abstract: a declared type of the signature that is not abstract must be the
//! module's (the same arity; an abbreviation equal to the module's type; a variant with the
//! same constructors, in order, of the same arguments; a record with the same fields, in
//! order, of the same mutability and types), and a declared exception must have the module's
//! arguments.
//!
//! Invariant: this only rejects. A module that passes is sealed as before; without the check,
//! `module M : sig type t = int val x : t end = struct type t = string let x = "" end` made a
//! string an int.

use std::collections::HashMap;

use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{DeclKind, TyCon, TyVar, Type};
use crate::syntax::ast;
use crate::typing::env::{CtorRef, TypeName};
use crate::typing::unify::TypePrinter;
use crate::typing::{TResult, Typer};

use super::with_constraints::{expand_type_substs, substitute_in_decl};

/// How deep `include`s of named module types are followed.
const MAX_DEPTH: u32 = 64;

/// The type and exception declarations of a signature, with its `include`s'. A `with type`
/// constraint replaces its type's declaration when its definition names no module (`with type
/// t = int list`); one that does is left out, its paths being read where the constraint was
/// written (a functor's result type names the functor's parameter): the sealed module keeps
/// its own definition of such a type (transparent), so no value is seen at another type.
#[derive(Default)]
struct Decls {
    types: Vec<ast::TypeDecl>,
    /// Each type's group (`type a = .. and b = ..`), in signature order: `groups[k]` is
    /// `types[k]`'s; `next_group` is the next one's.
    groups: Vec<u32>,
    next_group: u32,
    exceptions: Vec<ast::ConstructorDecl>,
    extensions: Vec<ast::TypeExtension>,
}

impl Decls {
    /// The type names the signature declares only in groups after the `k`-th type's: in
    /// that type's declaration they still mean what they mean outside the signature, as in
    /// OCaml (`type obj_t = t` before `type t`, in obj.mli's `Obj.Ephemeron`, is the
    /// enclosing signature's `t`).
    fn later_names(&self, k: usize) -> Vec<String> {
        let g = self.groups[k];
        let typed = || self.types.iter().zip(&self.groups);
        let so_far: std::collections::HashSet<&str> = (typed().filter(|(_, h)| **h <= g))
            .map(|(d, _)| d.name.as_str())
            .collect();
        (typed().filter(|(d, h)| **h > g && !so_far.contains(d.name.as_str())))
            .map(|(d, _)| d.name.clone())
            .collect()
    }
}

impl Typer<'_> {
    fn sig_decls(&self, mt: &ast::ModType, out: &mut Decls, depth: u32) {
        if depth > MAX_DEPTH {
            return;
        }
        match &mt.kind {
            ast::ModTypeKind::Sig(items) => {
                for item in &expand_type_substs(items) {
                    match &item.kind {
                        ast::SigItemKind::Type(ds) => {
                            out.types.extend(ds.iter().cloned());
                            out.groups.extend(ds.iter().map(|_| out.next_group));
                            out.next_group += 1;
                        }
                        ast::SigItemKind::Exception(c) => out.exceptions.push(c.clone()),
                        ast::SigItemKind::TypeExtension(x) => out.extensions.push(x.clone()),
                        ast::SigItemKind::Include(t) => self.sig_decls(t, out, depth + 1),
                        _ => {}
                    }
                }
            }
            ast::ModTypeKind::Path(p) => {
                if let Some(Some(t)) = self.env.module_types.get(p).map(|d| d.ty.clone()) {
                    self.sig_decls(&t, out, depth + 1);
                }
            }
            ast::ModTypeKind::With(t, cs) => {
                let mut inner = Decls::default();
                self.sig_decls(t, &mut inner, depth + 1);
                for c in cs {
                    if let ast::WithConstraint::Type {
                        path,
                        decl,
                        destructive,
                    } = c
                    {
                        let kept = (inner.types.drain(..).zip(inner.groups.drain(..)))
                            .filter(|(d, _)| &d.name != path);
                        (inner.types, inner.groups) = kept.unzip();
                        if let (true, ast::TypeDeclKind::Abbrev(body)) = (destructive, &decl.kind) {
                            for d in &mut inner.types {
                                substitute_in_decl(d, path, &decl.params, body);
                            }
                        }
                        if !destructive && path_free_decl(decl) {
                            let mut d = decl.clone();
                            d.name = path.clone();
                            inner.types.push(d);
                            inner.groups.push(inner.next_group);
                            inner.next_group += 1;
                        }
                    }
                }
                out.types.extend(inner.types);
                let first = out.next_group;
                out.groups.extend(inner.groups.iter().map(|g| first + g));
                out.next_group += inner.next_group;
                out.exceptions.extend(inner.exceptions);
                out.extensions.extend(inner.extensions);
            }
            ast::ModTypeKind::Functor(..) | ast::ModTypeKind::TypeOf(_) => {}
        }
    }

    /// Opens the type names a sealed module's declarations are read in: the enclosing
    /// signatures' opens, the outer modules', then `name`'s own (undone by
    /// [`Self::close_sealed_names`]).
    fn open_sealed_names(&mut self, name: &str, outer: &[String]) -> Vec<crate::typing::OpenUndo> {
        let opens = self.sig_opens.clone();
        (opens.iter().map(String::as_str))
            .chain(outer.iter().map(String::as_str))
            .chain([name])
            .map(|m| self.open_type_names(m))
            .collect()
    }

    fn close_sealed_names(&mut self, undos: Vec<crate::typing::OpenUndo>) {
        for undo in undos.into_iter().rev() {
            self.close_open(undo);
        }
    }

    /// Rebinds each type name of `names` to what it meant before `opened` (the opening of the
    /// sealed module's own names) bound it; gives what [`Self::restore_types`] puts back.
    fn outer_meanings(
        &mut self,
        names: &[String],
        opened: Option<&crate::typing::OpenUndo>,
    ) -> Vec<(String, Option<TypeName>)> {
        let mut now = Vec::new();
        let Some(opened) = opened else {
            return now;
        };
        for n in names {
            let Some((_, before)) = opened.types.iter().find(|(m, _)| m == n) else {
                continue;
            };
            let current = match before {
                Some(t) => self.env.types.insert(n.clone(), t.clone()),
                None => self.env.types.remove(n),
            };
            now.push((n.clone(), current));
        }
        now
    }

    fn restore_types(&mut self, saved: Vec<(String, Option<TypeName>)>) {
        for (n, t) in saved.into_iter().rev() {
            match t {
                Some(t) => self.env.types.insert(n, t),
                None => self.env.types.remove(&n),
            };
        }
    }

    /// Once matching made some of `mt`'s types abstract (or private abbreviations), the
    /// variants and records of module `name` that `mt` declares take their argument and
    /// field types from `mt` (`type s = { f : t }` with `t` abstract: `M.f` is of type
    /// `M.t` outside, not of its definition). The lambda IR replaces abstract types by
    /// their definitions, so the representation is unchanged.
    pub(super) fn reread_sealed_data(&mut self, name: &str, outer: &[String], mt: &ast::ModType) {
        let mut decls = Decls::default();
        self.sig_decls(mt, &mut decls, 0);
        // Only the types no other name denotes (a structure sealed where it is written): a
        // sealed existing module shares its types with the original, which keeps them.
        let mut own = Vec::new();
        for d in &decls.types {
            let full = format!("{name}.{}", d.name);
            let Some(TypeName::Con(c)) = self.env.types.get(&full).cloned() else {
                continue;
            };
            if !self.type_shared_elsewhere(&full, c) && d.manifest.is_none() {
                own.push((d, c));
            }
        }
        let undos = self.open_sealed_names(name, outer);
        for (d, c) in own {
            let params = self.types.decl(c).params.clone();
            if params.len() != d.params.len() {
                continue;
            }
            let scope: HashMap<String, Type> = d
                .params
                .iter()
                .cloned()
                .zip(params.iter().map(|p| Type::Var(*p)))
                .collect();
            let kind = self.types.decl(c).kind.clone();
            match (&d.kind, kind) {
                (ast::TypeDeclKind::Record(fs), DeclKind::Record(mut mine))
                    if fs.len() == mine.len() && !self.is_inline_record(c) =>
                {
                    let Ok(tys) = fs
                        .iter()
                        .map(|f| self.type_expr_in(&f.ty, &scope, false))
                        .collect::<TResult<Vec<_>>>()
                    else {
                        continue;
                    };
                    for (f, t) in mine.iter_mut().zip(tys) {
                        f.ty = t;
                    }
                    self.types.decls[c.index()].kind = DeclKind::Record(mine);
                }
                (ast::TypeDeclKind::Variant(cs), DeclKind::Variant(mut mine))
                    if cs.len() == mine.len()
                        && cs.iter().all(|k| k.gadt.is_none() && k.record.is_none())
                        && !Self::is_gadt_decl(d) =>
                {
                    let Ok(tys) = cs
                        .iter()
                        .map(|k| {
                            k.args
                                .iter()
                                .map(|a| self.type_expr_in(a, &scope, false))
                                .collect::<TResult<Vec<_>>>()
                        })
                        .collect::<TResult<Vec<_>>>()
                    else {
                        continue;
                    };
                    if mine.iter().zip(&tys).any(|(k, a)| k.args.len() != a.len()) {
                        continue;
                    }
                    for (k, a) in mine.iter_mut().zip(tys) {
                        k.args = a;
                    }
                    self.types.decls[c.index()].kind = DeclKind::Variant(mine);
                }
                _ => {}
            }
        }
        self.close_sealed_names(undos);
    }

    /// Once matching made types abstract (`name`'s own or its submodules'), the abbreviations
    /// of module `name` that `mt` declares are their bodies there, read now: `type u = t` with
    /// `t` made abstract is the new `M.t`, not the implementation's definition of `t`
    /// (`Scanf.Scanning.scanbuf`, and `Scanf.scanner` naming the sealed `Scanning.in_channel`).
    pub(super) fn reread_sealed_abbrevs(
        &mut self,
        name: &str,
        outer: &[String],
        mt: &ast::ModType,
    ) {
        let mut decls = Decls::default();
        self.sig_decls(mt, &mut decls, 0);
        let mut abbrevs = Vec::new();
        for (k, d) in decls.types.iter().enumerate() {
            let full = format!("{name}.{}", d.name);
            if let (ast::TypeDeclKind::Abbrev(body), false, Some(TypeName::Abbrev(ps, _))) =
                (&d.kind, d.private_, self.env.types.get(&full))
            {
                if ps.len() == d.params.len() {
                    abbrevs.push((k, full, &d.params, body, ps.clone()));
                }
            }
        }
        if abbrevs.is_empty() {
            return;
        }
        let undos = self.open_sealed_names(name, outer);
        for (k, full, names, body, ps) in abbrevs {
            let scope: HashMap<String, Type> = (names.iter().cloned())
                .zip(ps.iter().map(|p| Type::Var(*p)))
                .collect();
            let hidden = self.outer_meanings(&decls.later_names(k), undos.last());
            if let Ok(t) = self.type_expr_in(body, &scope, false) {
                self.env.types.insert(full, TypeName::Abbrev(ps, t));
            }
            self.restore_types(hidden);
        }
        self.close_sealed_names(undos);
    }

    /// Checks the type and exception declarations of module `name`, a submodule of the
    /// modules `outer` (outermost first), against those of `mt` (the modules' own names
    /// visible unqualified while the signature's types are read).
    pub(super) fn match_type_decls(
        &mut self,
        name: &str,
        outer: &[String],
        mt: &ast::ModType,
        span: Span,
    ) -> TResult<()> {
        let mut decls = Decls::default();
        self.sig_decls(mt, &mut decls, 0);
        if decls.types.is_empty() && decls.exceptions.is_empty() && decls.extensions.is_empty() {
            return Ok(());
        }
        let undos: Vec<_> = (outer.iter().map(String::as_str))
            .chain([name])
            .map(|m| self.open_type_names(m))
            .collect();
        let mut result = Ok(());
        for (k, d) in decls.types.iter().enumerate() {
            let hidden = self.outer_meanings(&decls.later_names(k), undos.last());
            result = self.match_type_decl(name, d, &decls.types, span);
            self.restore_types(hidden);
            if result.is_err() {
                break;
            }
        }
        if result.is_ok() {
            for c in &decls.exceptions {
                result = self.match_exception(name, c, span);
                if result.is_err() {
                    break;
                }
            }
        }
        if result.is_ok() {
            for x in &decls.extensions {
                result = self.match_extension(name, x, span);
                if result.is_err() {
                    break;
                }
            }
        }
        for undo in undos.into_iter().rev() {
            self.close_open(undo);
        }
        result
    }

    fn match_type_decl(
        &mut self,
        name: &str,
        d: &ast::TypeDecl,
        sig: &[ast::TypeDecl],
        span: Span,
    ) -> TResult<()> {
        if let Some(m) = &d.manifest {
            // A re-exported definition (`type 'a t = 'a list = [] | ..`) is its manifest: the
            // representation is the original type's, checked where it is re-exported.
            let abbreviation = ast::TypeDecl {
                manifest: None,
                kind: ast::TypeDeclKind::Abbrev(m.clone()),
                ..d.clone()
            };
            return self.match_type_decl(name, &abbreviation, sig, span);
        }
        let full = format!("{name}.{}", d.name);
        let Some(mine) = self.env.types.get(&full).cloned() else {
            return Ok(()); // reported as missing by the caller
        };
        let mismatch = |what: &str| {
            Diagnostic::error(
                span,
                format!(
                    "Signature mismatch:\n       Type declarations do not match:\n         type {} {what}",
                    d.name
                ),
            )
        };
        let arity = match &mine {
            TypeName::Con(c) => self.types.decl(*c).params.len(),
            TypeName::Abbrev(ps, _) => ps.len(),
            TypeName::ModuleMarker(_) => return Ok(()),
        };
        if arity != d.params.len() {
            return Err(mismatch(
                "is not included in the signature's: they have different arities",
            ));
        }
        // The parameters, shared by both sides.
        let vars: Vec<Type> = d.params.iter().map(|_| self.u.fresh_var()).collect();
        let scope: HashMap<String, Type> =
            d.params.iter().cloned().zip(vars.iter().cloned()).collect();
        let subst = |t: &Type, params: &[TyVar]| {
            params
                .iter()
                .zip(&vars)
                .fold(t.clone(), |t, (p, v)| t.subst(*p, v))
        };
        let mine_type = match &mine {
            TypeName::Con(c) => Type::Con(*c, vars.clone()),
            TypeName::Abbrev(ps, body) => subst(body, ps),
            TypeName::ModuleMarker(_) => unreachable!(),
        };
        // Includecore's `Privacy`: a private variant, record or extensible type stays private.
        if let TypeName::Con(c) = &mine {
            let public = !d.private_
                && matches!(
                    d.kind,
                    ast::TypeDeclKind::Variant(_)
                        | ast::TypeDeclKind::Record(_)
                        | ast::TypeDeclKind::Open
                );
            if public && self.private_types.contains(c) {
                return Err(mismatch(&format!(
                    "= private ..\n       is not included in\n         type {} = ..\n       A private type would be revealed.",
                    d.name
                )));
            }
        }
        let kinds: TResult<()> = 'kinds: {
            match &d.kind {
                ast::TypeDeclKind::Abstract => Ok(()),
                ast::TypeDeclKind::Abbrev(te) => {
                    let Ok(declared) = self.type_expr_in(te, &scope, false) else {
                        break 'kinds Ok(()); // not read here: see `Decls`
                    };
                    if self.equal_types(&[(mine_type.clone(), declared.clone())], &vars) {
                        break 'kinds Ok(());
                    }
                    let mut p = TypePrinter::new(&self.types);
                    let (m, s) = (p.print(&mine_type), p.print(&declared));
                    Err(mismatch(&format!(
                    "= {m}\n       is not included in\n         type {} = {s}\n       The type {m} is not equal to the type {s}",
                    d.name
                )))
                }
                ast::TypeDeclKind::Variant(cs) => {
                    let ctors = match &mine {
                        TypeName::Con(c) => match &self.types.decl(*c).kind {
                            DeclKind::Variant(ctors) => {
                                let params = self.types.decl(*c).params.clone();
                                ctors
                                    .iter()
                                    .map(|k| {
                                        (
                                            k.name.clone(),
                                            k.args
                                                .iter()
                                                .map(|a| subst(a, &params))
                                                .collect::<Vec<_>>(),
                                        )
                                    })
                                    .collect::<Vec<_>>()
                            }
                            _ => {
                                break 'kinds Err(mismatch(
                                    "is not included in the signature's: their kinds differ",
                                ))
                            }
                        },
                        _ => {
                            break 'kinds Err(mismatch(
                                "is not included in the signature's: their kinds differ",
                            ))
                        }
                    };
                    let names = |v: Vec<&str>| v.join(" | ");
                    if ctors.len() != cs.len()
                        || ctors
                            .iter()
                            .zip(cs)
                            .any(|(k, c)| k.0 != c.name || k.1.len() != c.args.len())
                    {
                        break 'kinds Err(mismatch(&format!(
                        "= {}\n       is not included in\n         type {} = {}\n       Their constructors differ",
                        names(ctors.iter().map(|k| k.0.as_str()).collect()),
                        d.name,
                        names(cs.iter().map(|c| c.name.as_str()).collect())
                    )));
                    }
                    if let TypeName::Con(con) = &mine {
                        if self.gadt.ctors.contains_key(&(*con, 0)) {
                            break 'kinds if self.gadt_ctors_match(*con, cs, &scope, &vars) {
                                Ok(())
                            } else {
                                Err(mismatch("is not included in the signature's: the types of their constructors' arguments differ"))
                            };
                        }
                    }
                    let mut pairs = Vec::new();
                    for (k, c) in ctors.iter().zip(cs) {
                        for (a, te) in k.1.iter().zip(&c.args) {
                            let Ok(t) = self.type_expr_in(te, &scope, false) else {
                                break 'kinds Ok(());
                            };
                            pairs.push((a.clone(), t));
                        }
                    }
                    if self.equal_types(&pairs, &vars) {
                        break 'kinds Ok(());
                    }
                    Err(mismatch("is not included in the signature's: the types of their constructors' arguments differ"))
                }
                ast::TypeDeclKind::Record(fs) => {
                    let fields = match &mine {
                        TypeName::Con(c) => match &self.types.decl(*c).kind {
                            DeclKind::Record(fields) => {
                                let params = self.types.decl(*c).params.clone();
                                fields
                                    .iter()
                                    .map(|f| (f.name.clone(), f.mutable, subst(&f.ty, &params)))
                                    .collect::<Vec<_>>()
                            }
                            _ => {
                                break 'kinds Err(mismatch(
                                    "is not included in the signature's: their kinds differ",
                                ))
                            }
                        },
                        _ => {
                            break 'kinds Err(mismatch(
                                "is not included in the signature's: their kinds differ",
                            ))
                        }
                    };
                    if fields.len() != fs.len()
                        || fields
                            .iter()
                            .zip(fs)
                            .any(|(f, g)| f.0 != g.name || f.1 != g.mutable)
                    {
                        break 'kinds Err(mismatch(
                            "is not included in the signature's: their fields differ",
                        ));
                    }
                    let mut pairs = Vec::new();
                    for (f, g) in fields.iter().zip(fs) {
                        let Ok(t) = self.type_expr_in(&g.ty, &scope, false) else {
                            break 'kinds Ok(());
                        };
                        pairs.push((f.2.clone(), t));
                    }
                    if self.equal_types(&pairs, &vars) {
                        break 'kinds Ok(());
                    }
                    Err(mismatch(
                        "is not included in the signature's: the types of their fields differ",
                    ))
                }
                ast::TypeDeclKind::Open => match &mine {
                    TypeName::Con(c)
                        if matches!(self.types.decl(*c).kind, DeclKind::Extensible) =>
                    {
                        Ok(())
                    }
                    _ => Err(mismatch(
                        "is not included in the signature's: their kinds differ",
                    )),
                },
            }
        };
        kinds?;
        match self.decl_attrs_mismatch(&mine, &mine_type, d, sig, &scope) {
            Some(why) => Err(mismatch(&format!(
                "is not included in the signature's:\n       {why}"
            ))),
            None => Ok(()),
        }
    }

    pub(super) fn match_exception(
        &mut self,
        name: &str,
        c: &ast::ConstructorDecl,
        span: Span,
    ) -> TResult<()> {
        let Some(CtorRef::Exception(i)) =
            self.env.ctors.get(&format!("{name}.{}", c.name)).copied()
        else {
            return Ok(()); // reported as missing by the caller
        };
        let mine = self.types.exceptions[i as usize].args.clone();
        let scope = HashMap::new();
        let mut pairs = Vec::new();
        let records_agree = self.exception_record_of(i).is_some() == c.record.is_some();
        if mine.len() == c.args.len() && records_agree {
            for (a, te) in mine.iter().zip(&c.args) {
                let Ok(t) = self.type_expr_in(te, &scope, false) else {
                    return Ok(());
                };
                pairs.push((a.clone(), t));
            }
            if self.equal_types(&pairs, &[]) {
                return Ok(());
            }
        }
        Err(Diagnostic::error(
            span,
            format!(
                "Signature mismatch:\n       Extension declarations do not match:\n         exception {}\n       is not included in the signature's: their arguments differ",
                c.name
            ),
        ))
    }

    /// Whether each pair's types are equal, the declaration's parameters `vars` staying
    /// distinct variables (the module's abstract types seen through, as inside it).
    /// Whether the GADT `con`'s constructors have the types the signature's `cs` declare, up
    /// to a renaming of each constructor's own variables (a constructor written `C of ..` is
    /// over the declaration's parameters: `scope`, `params`).
    fn gadt_ctors_match(
        &mut self,
        con: TyCon,
        cs: &[ast::ConstructorDecl],
        scope: &HashMap<String, Type>,
        params: &[Type],
    ) -> bool {
        for (i, c) in cs.iter().enumerate() {
            let Some((mine_ret, mine_args)) = self.gadt_instance(con, i as u32) else {
                return false;
            };
            if mine_args.len() != c.args.len() {
                return false;
            }
            let own = match &c.gadt {
                Some((explicit, ret)) => {
                    let mut names = explicit.clone();
                    for a in &c.args {
                        crate::typing::gadt::type_expr_vars(a, &mut names);
                    }
                    crate::typing::gadt::type_expr_vars(ret, &mut names);
                    names.into_iter().map(|n| (n, self.u.fresh_var())).collect()
                }
                None => scope.clone(),
            };
            let mut pairs = Vec::new();
            for (a, te) in mine_args.iter().zip(&c.args) {
                let Ok(t) = self.type_expr_in(te, &own, false) else {
                    return true; // not read here: see `Decls`
                };
                pairs.push((a.clone(), t));
            }
            let ret = match &c.gadt {
                Some((_, te)) => match self.type_expr_in(te, &own, false) {
                    Ok(t) => t,
                    Err(_) => return true,
                },
                None => Type::Con(con, params.to_vec()),
            };
            pairs.push((mine_ret, ret));
            // Mine's instance of the constructor's variables must stay distinct variables,
            // each matching one of the signature's.
            let mut vars = Vec::new();
            for (a, _) in &pairs {
                collect_vars(&self.u.zonk(a), &mut vars);
            }
            if !self.equal_types(&pairs, &vars) {
                return false;
            }
        }
        true
    }

    pub(super) fn equal_types(&mut self, pairs: &[(Type, Type)], vars: &[Type]) -> bool {
        self.u.see_through = true;
        let unified = pairs
            .iter()
            .all(|(a, b)| self.u.unify(a, b, &self.types).is_ok());
        self.u.see_through = false;
        let mut seen: Vec<TyVar> = Vec::new();
        unified
            && vars.iter().all(|v| match &*self.u.shallow(v) {
                Type::Var(w) if !seen.contains(w) => {
                    seen.push(*w);
                    true
                }
                _ => false,
            })
    }
}

/// The predefined types, which no signature declares.
const PREDEFINED: &[&str] = &[
    "int",
    "char",
    "string",
    "bytes",
    "float",
    "bool",
    "unit",
    "exn",
    "list",
    "array",
    "option",
    "int32",
    "int64",
    "nativeint",
    "lazy_t",
    "extension_constructor",
    "floatarray",
];

/// Whether a `with type` constraint's definition names no module (`int`, `'a list`, `string *
/// bool`): it reads the same wherever the signature is matched.
fn path_free_decl(d: &ast::TypeDecl) -> bool {
    fn free(t: &ast::TypeExpr) -> bool {
        match &t.kind {
            ast::TypeExprKind::Var(_) | ast::TypeExprKind::Any => true,
            // An unqualified name may be an enclosing signature's type (`module Set : Set.S
            // with type elt = t`), read elsewhere than where it was written: only the
            // predefined types read the same everywhere.
            ast::TypeExprKind::Constr(name, args) => {
                PREDEFINED.contains(&name.as_str()) && args.iter().all(free)
            }
            ast::TypeExprKind::Tuple(ts) => ts.iter().all(free),
            ast::TypeExprKind::Arrow(_, a, b) => free(a) && free(b),
            _ => false,
        }
    }
    match &d.kind {
        ast::TypeDeclKind::Abbrev(t) => free(t),
        _ => false,
    }
}

/// The type variables of `t`, each once.
fn collect_vars(t: &Type, out: &mut Vec<Type>) {
    match t {
        Type::Var(_) => {
            if !out.contains(t) {
                out.push(t.clone())
            }
        }
        Type::Con(_, a) | Type::Tuple(a) => a.iter().for_each(|t| collect_vars(t, out)),
        Type::Arrow(a, b) => {
            collect_vars(a, out);
            collect_vars(b, out)
        }
        Type::Forall(_, b) => collect_vars(b, out),
    }
}
