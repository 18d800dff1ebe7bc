//! Type declarations, exception declarations and type expressions.

use std::collections::HashMap;

use super::env::{CtorRef, TypeName};
use super::{TResult, Typer};
use crate::diagnostics::Diagnostic;
use crate::lambda::ir::{
    Constructor, DeclKind, ExceptionDecl, FieldInfo, TyCon, TyVar, Type, TypeDecl,
};
use crate::syntax::ast::{self, TypeDeclKind, TypeExprKind};

impl<'s> Typer<'s> {
    /// `type a = ... and b = ...`: all names are in scope in all bodies.
    /// With `nonrec` (`type nonrec ..`), the group's names in its bodies are the types they
    /// named before (`type nonrec t = t list`).
    pub(super) fn type_decls_with(&mut self, decls: &[ast::TypeDecl], nonrec: bool) -> TResult<()> {
        for d in decls {
            super::unboxed::check_attribute(d)?;
        }
        if let [d] = decls {
            if self.is_installed_obj_t(d) {
                // One definition: the installed `obj.ml`'s abstract `type t` is the typer's
                // built-in `Obj.t` (the type of any value, which elaborations and the IR use).
                self.env
                    .types
                    .insert(d.name.clone(), TypeName::Con(TyCon::OBJ_T));
                return Ok(());
            }
        }
        if decls.iter().all(|d| d.manifest.is_none()) {
            return self.type_decls_group(decls, nonrec);
        }
        // A re-exported definition is its manifest as an abbreviation, then its constructors
        // or labels bound again to the original type's, once the two definitions agree.
        let abbreviations: Vec<ast::TypeDecl> = decls
            .iter()
            .map(|d| match &d.manifest {
                Some(m) => ast::TypeDecl {
                    manifest: None,
                    kind: TypeDeclKind::Abbrev(m.clone()),
                    ..d.clone()
                },
                None => d.clone(),
            })
            .collect();
        self.type_decls_group(&abbreviations, nonrec)?;
        for d in decls.iter().filter(|d| d.manifest.is_some()) {
            self.rebind_reexported(d)?;
        }
        Ok(())
    }

    /// Whether `d` is the abstract `type t` at the top of the installed stdlib unit `Obj`
    /// (`obj.ml`, and `obj.mli` sealing it: [`Typer::is_installed_obj`]).
    pub(super) fn is_installed_obj_t(&self, d: &ast::TypeDecl) -> bool {
        d.name == "t"
            && d.params.is_empty()
            && d.manifest.is_none()
            && matches!(d.kind, TypeDeclKind::Abstract)
            && self.is_installed_obj()
    }

    /// Whether the structure being elaborated is the installed stdlib unit `Obj` itself (not
    /// one of its submodules, not a program's module named `Obj`).
    pub(super) fn is_installed_obj(&self) -> bool {
        self.prelude_phrase && matches!(&self.modules[..], [m] if m.name == "Obj")
    }

    /// `type 'a t = 'a list = [] | (::) of 'a * 'a t`, once `t` is the abbreviation: checks
    /// the representation is the original's (same constructors or fields, in order, with the
    /// same arguments, or both extensible) and binds its constructors or labels to the
    /// original type's.
    fn rebind_reexported(&mut self, d: &ast::TypeDecl) -> TResult<()> {
        if d.private_ {
            return Err(Diagnostic::unsupported(
                d.span,
                "private re-exported definitions are",
            ));
        }
        // A constrained manifest (`typing::constraints`) is not compared as OCaml does.
        let Some(TypeName::Abbrev(params, body)) = self.env.types.get(&d.name).cloned() else {
            return Err(Diagnostic::unsupported(
                d.span,
                "re-exported definitions of constrained types are",
            ));
        };
        let constrained =
            |t: &Type| matches!(t, Type::Con(c, _) if self.constrained.contains_key(c));
        if !d.constraints.is_empty() || constrained(&self.u.zonk(&body)) {
            return Err(Diagnostic::unsupported(
                d.span,
                "re-exported definitions of constrained types are",
            ));
        }
        let body = self.u.zonk(&body);
        let scope = param_scope(&d.params, &params);
        let mismatch = |this: &Self| {
            let mut printer = super::unify::TypePrinter::new(&this.types);
            Diagnostic::error(
                d.span,
                format!(
                    "This variant or record definition does not match that of type {}",
                    printer.print(&body)
                ),
            )
        };
        let Type::Con(orig, args) = &body else {
            return Err(mismatch(self));
        };
        // The representations must agree too (`[@@unboxed]` on one of them only).
        if d.attrs.unboxed != self.separability.unboxed.contains(orig) {
            return Err(mismatch(self));
        }
        let decl = &self.types.decls[orig.index()];
        let subst: HashMap<TyVar, Type> = decl.params.iter().copied().zip(args.clone()).collect();
        match (&d.kind, decl.kind.clone()) {
            (TypeDeclKind::Variant(cs), DeclKind::Variant(orig_cs))
                if cs.len() == orig_cs.len() =>
            {
                for (c, o) in cs.iter().zip(&orig_cs) {
                    let args = c
                        .args
                        .iter()
                        .map(|a| self.type_expr_in(a, &scope, false).map(|t| self.u.zonk(&t)))
                        .collect::<TResult<Vec<_>>>()?;
                    let expected: Vec<Type> = o
                        .args
                        .iter()
                        .map(|t| super::unify::subst_all(t, &subst))
                        .collect();
                    if c.name != o.name || args != expected {
                        return Err(mismatch(self));
                    }
                }
                for (i, c) in cs.iter().enumerate() {
                    self.env
                        .ctors
                        .insert(c.name.clone(), CtorRef::Variant(*orig, i as u32));
                    self.env.rebound_ctors.push(c.name.clone());
                }
            }
            (TypeDeclKind::Record(fs), DeclKind::Record(orig_fs)) if fs.len() == orig_fs.len() => {
                for (f, o) in fs.iter().zip(&orig_fs) {
                    let ty = self.type_expr_in(&f.ty, &scope, false)?;
                    let ty = self.u.zonk(&ty);
                    if f.name != o.name
                        || f.mutable != o.mutable
                        || ty != super::unify::subst_all(&o.ty, &subst)
                    {
                        return Err(mismatch(self));
                    }
                }
                for (i, f) in fs.iter().enumerate() {
                    self.env
                        .fields
                        .entry(f.name.clone())
                        .or_default()
                        .push((*orig, i as u32));
                }
            }
            // `type t = exn = ..` (printexc.ml): an extensible type re-exported; its
            // constructors are the original's, added wherever they are declared. As OCaml's
            // inclusion check: the manifest names the extensible type itself, not an
            // abbreviation of it (their kinds differ), with the parameters in order (same
            // arity, no constraint).
            (TypeDeclKind::Open, DeclKind::Extensible) => {
                let names_abbrev = match d.manifest.as_ref().map(|m| &m.kind) {
                    Some(ast::TypeExprKind::Constr(name, _)) => {
                        matches!(self.env.types.get(name), Some(TypeName::Abbrev(..)))
                    }
                    _ => true,
                };
                let in_order = args.len() == params.len()
                    && args.iter().zip(&params).all(|(a, p)| *a == Type::Var(*p));
                if names_abbrev || !in_order {
                    return Err(mismatch(self));
                }
            }
            _ => return Err(mismatch(self)),
        }
        Ok(())
    }

    fn type_decls_group(&mut self, decls: &[ast::TypeDecl], nonrec: bool) -> TResult<()> {
        for d in decls {
            check_declaration(d)?;
        }
        self.decl_aliases.clear();
        let r = self.type_decls_group_inner(decls, nonrec);
        self.decl_aliases.clear();
        r
    }

    fn type_decls_group_inner(&mut self, decls: &[ast::TypeDecl], nonrec: bool) -> TResult<()> {
        let before: Vec<Option<TypeName>> = decls
            .iter()
            .map(|d| self.env.types.get(&d.name).cloned())
            .collect();
        // First pass: give every variant/record a type constructor.
        let mut cons = Vec::new();
        for d in decls {
            let params: Vec<TyVar> = d.params.iter().map(|_| self.u.fresh()).collect();
            for &p in &params {
                self.u.levels[p.0 as usize] = u32::MAX;
            }
            let con = TyCon(self.types.decls.len() as u32);
            // The group's types are in scope of its own parameters and bodies.
            self.u.scope = con.0 + 1;
            self.types.decls.push(TypeDecl {
                name: d.name.clone(),
                params: params.clone(),
                kind: DeclKind::Primitive,
            });
            self.applicative_type(con);
            if !matches!(d.kind, TypeDeclKind::Abbrev(_)) {
                self.env.types.insert(d.name.clone(), TypeName::Con(con));
            }
            if d.private_ {
                if let TypeDeclKind::Abbrev(te) = &d.kind {
                    check_private_abbrev(d, te, decls)?;
                } else if matches!(d.kind, TypeDeclKind::Abstract) {
                    return Err(Diagnostic::unsupported(
                        d.span,
                        "private abstract types are",
                    ));
                } else {
                    // A private variant or record builds no value outside; a private
                    // extensible type (`type t = private ..`) is extended by no one
                    // (`typing::extensible`).
                    self.private_types.insert(con);
                }
            }
            cons.push((con, params));
        }
        // Each declaration's variables, its constraints unified (`typing::constraints`).
        let mut scopes = Vec::new();
        for (d, (_, params)) in decls.iter().zip(&cons) {
            scopes.push(self.constraint_scope(d, params)?);
        }
        // What the group declares, once its bodies are read (`nonrec`).
        let mut declared: Vec<(String, TypeName)> = Vec::new();
        if nonrec {
            for (d, old) in decls.iter().zip(&before) {
                if let Some(t) = self.env.types.remove(&d.name) {
                    declared.push((d.name.clone(), t));
                }
                if let Some(old) = old {
                    self.env.types.insert(d.name.clone(), old.clone());
                }
            }
        }
        // Abbreviations next (they may mention the new types), then bodies. An abbreviation
        // may mention itself through a polymorphic variant (`type t = [ `A | `B of t ]`, a
        // recursive type): each stands for a placeholder variable until its body is known
        // (not with `nonrec`, where its name in its body is the earlier type).
        let mut placeholders = Vec::new();
        for (d, (_, params)) in decls.iter().zip(&cons) {
            if matches!(d.kind, TypeDeclKind::Abbrev(_)) {
                let v = self.u.fresh();
                self.u.levels[v.0 as usize] = u32::MAX;
                if !nonrec {
                    self.env.types.insert(
                        d.name.clone(),
                        TypeName::Abbrev(params.clone(), Type::Var(v)),
                    );
                }
                placeholders.push(v);
            }
        }
        let mut placeholders = placeholders.into_iter();
        let mut defined = Vec::new();
        for ((d, (_, params)), scope) in decls.iter().zip(&cons).zip(&scopes) {
            if let TypeDeclKind::Abbrev(te) = &d.kind {
                let v = placeholders.next().unwrap();
                let t = self.type_expr_in(te, scope, false)?;
                if self.u.unify(&Type::Var(v), &t, &self.types).is_err()
                    || self.u.zonk(&Type::Var(v)) == Type::Var(v)
                {
                    return Err(Diagnostic::error(
                        d.span,
                        format!("The type abbreviation {} is cyclic", d.name),
                    ));
                }
                defined.push((d.name.clone(), params.clone(), v));
            }
        }
        for (name, params, v) in defined {
            let t = self.u.zonk(&Type::Var(v));
            if nonrec {
                declared.push((name, TypeName::Abbrev(params, t)));
            } else {
                self.env.types.insert(name, TypeName::Abbrev(params, t));
            }
        }
        for ((d, (con, params)), scope) in decls.iter().zip(&cons).zip(&scopes) {
            let scope = scope.clone();
            let kind = match &d.kind {
                TypeDeclKind::Variant(_) if Self::is_gadt_decl(d) => {
                    DeclKind::Variant(self.gadt_constructors(d, *con, params, &scope)?)
                }
                TypeDeclKind::Variant(cs) => {
                    let mut ctors = Vec::new();
                    for (i, c) in cs.iter().enumerate() {
                        let args = c
                            .args
                            .iter()
                            .map(|a| self.type_expr_in(a, &scope, false))
                            .collect::<TResult<Vec<_>>>()?;
                        self.env
                            .ctors
                            .insert(c.name.clone(), CtorRef::Variant(*con, i as u32));
                        if let Some(fields) = &c.record {
                            self.declare_inline_record(&d.name, c, fields, *con, i as u32, &args);
                        }
                        ctors.push(Constructor {
                            name: c.name.clone(),
                            args,
                        });
                    }
                    DeclKind::Variant(ctors)
                }
                TypeDeclKind::Record(fs) => {
                    let mut fields = Vec::new();
                    for (i, f) in fs.iter().enumerate() {
                        let ty = self.type_expr_in(&f.ty, &scope, false)?;
                        self.env
                            .fields
                            .entry(f.name.clone())
                            .or_default()
                            .push((*con, i as u32));
                        fields.push(FieldInfo {
                            name: f.name.clone(),
                            ty,
                            mutable: f.mutable,
                        });
                    }
                    DeclKind::Record(fields)
                }
                // An abstract type is a type constructor of its own, with no data known:
                // its values are compared and hashed generically, its parameters invariant.
                TypeDeclKind::Abbrev(_) | TypeDeclKind::Abstract => DeclKind::Primitive,
                // Its constructors are exception-like (`typing::extensible`).
                TypeDeclKind::Open => DeclKind::Extensible,
            };
            self.types.decls[con.index()].kind = kind;
        }
        for (name, t) in declared {
            self.env.types.insert(name, t);
        }
        self.finish_constraints(decls, &mut cons)?;
        for (d, (con, _)) in decls.iter().zip(&cons) {
            if d.private_ && matches!(d.kind, TypeDeclKind::Abbrev(_)) {
                self.declare_private_abbrev(d, *con);
            }
        }
        self.declared_variances(decls, &cons)?;
        self.check_gadt_deducible(decls, &cons)?;
        self.check_immediacy(decls, &cons)?;
        self.check_separability(decls, &cons)?;
        self.variances.update(&self.types);
        // An abstract type's parameters are weak unless annotated covariant.
        for (d, (con, _)) in decls.iter().zip(&cons) {
            if matches!(d.kind, TypeDeclKind::Abstract) {
                if let Some(flags) = self.abstract_weak_flags(*con) {
                    self.variances.set_weak(*con, flags);
                }
            }
        }
        // A GADT's parameters are invariant (OCaml: its constrained parameters are).
        for (d, (con, params)) in decls.iter().zip(&cons) {
            if Self::is_gadt_decl(d) {
                self.variances.set_weak(*con, vec![true; params.len()]);
            }
        }
        self.u.scope = self.types.decls.len() as u32;
        Ok(())
    }

    pub(super) fn exception_decl(&mut self, c: &ast::ConstructorDecl) -> TResult<()> {
        let args = c
            .args
            .iter()
            .map(|a| self.type_expr_in(a, &HashMap::new(), false))
            .collect::<TResult<Vec<_>>>()?;
        let index = self.types.exceptions.len() as u32;
        // Uncaught, it prints qualified by the compilation unit's module name, as OCaml does.
        let module = module_name(&self.file_name);
        if let Some(fields) = &c.record {
            self.declare_exception_record("exn", c, fields, index, vec![], &args);
        }
        self.types.exceptions.push(ExceptionDecl {
            name: format!("{module}.{}", c.name),
            args,
        });
        self.env
            .ctors
            .insert(c.name.clone(), CtorRef::Exception(index));
        Ok(())
    }

    /// A type annotation in an expression or pattern: `'a` names are shared across the phrase.
    pub(super) fn type_expr(&mut self, te: &ast::TypeExpr) -> TResult<Type> {
        let scope = self.annot_vars.clone();
        let t = self.type_expr_in(te, &scope, true)?;
        Ok(t)
    }

    pub(super) fn type_expr_in(
        &mut self,
        te: &ast::TypeExpr,
        scope: &HashMap<String, Type>,
        flexible: bool,
    ) -> TResult<Type> {
        Ok(match &te.kind {
            TypeExprKind::Var(name) => match scope.get(name) {
                Some(t) => t.clone(),
                None if flexible => self.annot_var(name),
                None if self.decl_aliases.contains_key(name) => self.decl_aliases[name].clone(),
                None => {
                    return Err(Diagnostic::error(
                        te.span,
                        format!("The type variable '{name} is unbound in this type declaration."),
                    ))
                }
            },
            TypeExprKind::Any => self.u.fresh_var(),
            TypeExprKind::Alias(inner, name) => {
                self.alias_type_expr(te, inner, name, scope, flexible)?
            }
            TypeExprKind::Variant {
                fields,
                bound,
                present,
            } => self.variant_type_expr(te, fields, *bound, present, scope, flexible)?,
            TypeExprKind::Object { methods, open } => {
                self.object_type_expr(te, methods, *open, scope, flexible)?
            }
            // A polymorphic record field `f : 'a. t` (declarations only).
            TypeExprKind::Poly(names, body) if !flexible => {
                let mut inner = scope.clone();
                let mut gs = Vec::new();
                for name in names {
                    let g = self.u.fresh();
                    // Quantified: never bound, never generalised again.
                    self.u.levels[g.0 as usize] = u32::MAX;
                    inner.insert(name.clone(), Type::Var(g));
                    gs.push(g);
                }
                let t = self.type_expr_in(body, &inner, false)?;
                gs.into_iter()
                    .rev()
                    .fold(t, |t, g| Type::Forall(g, Box::new(t)))
            }
            TypeExprKind::Package(path, constraints) => {
                self.package_type_expr(path, constraints, scope, flexible, te.span)?
            }
            TypeExprKind::Poly(..) => {
                return Err(Diagnostic::unsupported(
                    te.span,
                    "explicitly polymorphic annotations other than on a let-bound name or a \
                     record field are",
                ))
            }
            TypeExprKind::Tuple(ts) => Type::Tuple(
                ts.iter()
                    .map(|t| self.type_expr_in(t, scope, flexible))
                    .collect::<TResult<_>>()?,
            ),
            TypeExprKind::Arrow(label, a, b) => {
                let mut param = self.type_expr_in(a, scope, flexible)?;
                if label.is_optional() {
                    param = Type::Con(TyCon::OPTION, vec![param]);
                }
                let result = self.type_expr_in(b, scope, flexible)?;
                self.labelled_arrow(label, param, result, true)
            }
            TypeExprKind::Constr(name, arg_exprs) if name.starts_with('#') => {
                self.class_open_type(te, &name[1..], arg_exprs, scope, flexible)?
            }
            TypeExprKind::Constr(name, arg_exprs) => {
                let args = arg_exprs
                    .iter()
                    .map(|t| self.type_expr_in(t, scope, flexible))
                    .collect::<TResult<Vec<_>>>()?;
                // `Map.Make(String).t`: the type of the module that application built.
                let resolved = self.resolve_module_path(name);
                let name = &resolved;
                match self.env.types.get(name).cloned() {
                    Some(TypeName::Con(c)) if self.constrained.contains_key(&c) => {
                        let info = self.constrained[&c].clone();
                        if info.params.len() != args.len() {
                            return Err(Diagnostic::error(
                                te.span,
                                format!("The type constructor {name} expects {} argument(s),\n       but is here applied to {} argument(s)", info.params.len(), args.len()),
                            ));
                        }
                        let spans: Vec<_> = arg_exprs.iter().map(|a| a.span).collect();
                        self.instantiate_constrained(
                            c, &info, &args, &spans, te.span, name, flexible,
                        )?
                    }
                    Some(TypeName::Con(c)) => {
                        let arity = self.types.decl(c).params.len();
                        if arity != args.len() {
                            return Err(Diagnostic::error(
                                te.span,
                                format!("The type constructor {name} expects {arity} argument(s),\n       but is here applied to {} argument(s)", args.len()),
                            ));
                        }
                        Type::Con(c, args)
                    }
                    Some(TypeName::Abbrev(params, body)) => {
                        if params.len() != args.len() {
                            return Err(Diagnostic::error(
                                te.span,
                                format!("The type constructor {name} expects {} argument(s),\n       but is here applied to {} argument(s)", params.len(), args.len()),
                            ));
                        }
                        // A use inside its own (recursive) definition: only with the
                        // definition's own parameters (a regular type).
                        if let Type::Var(v) = &body {
                            if self.u.bindings[v.0 as usize].is_none()
                                && self.u.levels[v.0 as usize] == u32::MAX
                                && !params.contains(v)
                                && args.iter().zip(&params).any(|(a, p)| *a != Type::Var(*p))
                            {
                                return Err(Diagnostic::error(
                                    te.span,
                                    format!(
                                        "In the definition of {name}, type {} should be {name}",
                                        crate::syntax::print::type_expr_text(te)
                                    ),
                                ));
                            }
                        }
                        let t = params
                            .iter()
                            .zip(&args)
                            .fold(body, |t, (p, a)| t.subst(*p, a));
                        if self.u.pv.cyclic {
                            self.u.refresh_cycles(&t)
                        } else {
                            t
                        }
                    }
                    None | Some(TypeName::ModuleMarker(_)) => {
                        return Err(match self.abstract_functor_in_path(name) {
                            Some(f) => Diagnostic::error(
                                te.span,
                                format!("The module {f} is abstract, it cannot be applied"),
                            ),
                            None => Diagnostic::error(
                                te.span,
                                format!("Unbound type constructor {name}"),
                            ),
                        })
                    }
                }
            }
        })
    }
}

impl Typer<'_> {
    /// The variable a type annotation's `'name` stands for, shared across the phrase.
    fn annot_var(&mut self, name: &str) -> Type {
        if let Some(t) = self.annot_vars.get(name) {
            return t.clone();
        }
        let fresh = self.u.fresh_var();
        if let Type::Var(v) = fresh {
            let level = &mut self.u.levels[v.0 as usize];
            *level = (*level).min(self.annot_level);
        }
        self.annot_vars.insert(name.to_string(), fresh.clone());
        fresh
    }

    /// `t as 'a` (OCaml's `Ptyp_alias`): `'a` is bound before `t` is read (so `t` may mention
    /// it: a recursive type, which unification allows through a polymorphic variant only),
    /// then unified with `t`. In a declaration, a name that is not a parameter is a variable
    /// of its own ([`Typer::decl_aliases`]), which must end up bound.
    fn alias_type_expr(
        &mut self,
        te: &ast::TypeExpr,
        inner: &ast::TypeExpr,
        name: &str,
        scope: &HashMap<String, Type>,
        flexible: bool,
    ) -> TResult<Type> {
        self.alias_names.insert(name.to_string());
        let var = match scope.get(name) {
            Some(t) => t.clone(),
            None if flexible => self.annot_var(name),
            None => match self.decl_aliases.get(name) {
                Some(t) => t.clone(),
                None => {
                    let v = self.u.fresh();
                    self.u.levels[v.0 as usize] = u32::MAX;
                    self.decl_aliases.insert(name.to_string(), Type::Var(v));
                    Type::Var(v)
                }
            },
        };
        let saved = self.open_rows_ok;
        self.open_rows_ok = saved || !flexible;
        let t = self.type_expr_in(inner, scope, flexible);
        self.open_rows_ok = saved;
        let t = t?;
        let before = self.u.zonk(&var);
        if let Err(err) = self.u.unify(&var, &t, &self.types) {
            let mut printer = super::unify::TypePrinter::new(&self.types);
            let bound = printer.print(&before);
            let used = printer.print(&self.u.zonk(&t));
            return Err(Diagnostic::error(
                te.span,
                format!(
                    "This alias is bound to type {used} but is used as an instance of type {bound}{}",
                    super::pvariant::explain(&err)
                ),
            ));
        }
        // The alias itself: every occurrence of the type is the one node it is bound to (a
        // cycle through it is then seen as one, `(< m : 'a > as 'a) -> 'a`).
        Ok(var)
    }
}

impl Typer<'_> {
    /// `type t = private u` (its checks passed, [`check_private_abbrev`]): a type of its own,
    /// standing for `u` at run time, whose values coerce to `u` (`(x :> u)`) and that no value
    /// of `u` is, as a signature's private abbreviation.
    fn declare_private_abbrev(&mut self, d: &ast::TypeDecl, con: TyCon) {
        let Some(TypeName::Abbrev(params, body)) = self.env.types.get(&d.name).cloned() else {
            return;
        };
        self.types.decls[con.index()].params = params.clone();
        self.u.abstract_types.insert(
            con,
            super::unify::AbstractType {
                params,
                manifest: body,
                opaque: true,
                existential: false,
            },
        );
        self.private_abbrevs.insert(con);
        self.env.types.insert(d.name.clone(), TypeName::Con(con));
    }
}

/// What egret declares of `type t = private te` in a structure: not a private row type
/// (`private [< `A ]`), not with constraints, not in a recursive group (whose other
/// declarations would see the definition).
fn check_private_abbrev(
    d: &ast::TypeDecl,
    te: &ast::TypeExpr,
    group: &[ast::TypeDecl],
) -> TResult<()> {
    let row = matches!(te.kind, TypeExprKind::Variant { .. })
        || matches!(&te.kind, TypeExprKind::Alias(t, _) if matches!(t.kind, TypeExprKind::Variant { .. }));
    let why = if row {
        "private row types are"
    } else if d.variances.iter().any(|v| *v != Default::default()) {
        "private type abbreviations with variance annotations are"
    } else if !d.constraints.is_empty() {
        "constrained private type abbreviations are"
    } else if group.len() > 1 || super::constraints::mentions_any(d, &[d.name.as_str()]) {
        "recursive private type abbreviations are"
    } else {
        return Ok(());
    };
    Err(Diagnostic::unsupported(d.span, why))
}

/// OCaml's module name for a source file: `my_prog.ml` → `My_prog`.
pub(super) fn module_name(file_name: &str) -> String {
    let stem = file_name.rsplit('/').next().unwrap_or(file_name);
    let stem = stem.strip_suffix(".ml").unwrap_or(stem);
    let mut c = stem.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => "Main".to_string(),
    }
}

/// OCaml's checks of one declaration on its own: constructor and label names unique, at most
/// 246 constructors with arguments (their tags are 0..245; 246 and up are OCaml's reserved
/// tags: lazy, closures, objects, ...).
pub(super) fn check_declaration(d: &ast::TypeDecl) -> TResult<()> {
    // OCaml's `Typetexp.valid_tyvar_name`: `'_a` is a weak variable's name, which no program
    // writes (an anonymous parameter `_` is named `_ N`).
    let weak_name = |p: &&String| p.len() > 1 && p.starts_with('_') && !p.starts_with("_ ");
    if let Some(p) = d.params.iter().find(weak_name) {
        return Err(Diagnostic::error(
            d.span,
            format!("The type variable name '{p} is not allowed in programs"),
        ));
    }
    let mut seen = std::collections::HashSet::new();
    match &d.kind {
        TypeDeclKind::Variant(cs) => {
            if let Some(c) = cs.iter().find(|c| !seen.insert(c.name.as_str())) {
                return Err(Diagnostic::error(
                    d.span,
                    format!("Two constructors are named {}", c.name),
                ));
            }
            if cs.iter().filter(|c| !c.args.is_empty()).count() > MAX_NON_CONSTANT_CONSTRUCTORS {
                return Err(Diagnostic::error(
                    d.span,
                    format!("Too many non-constant constructors\n-- maximum is {MAX_NON_CONSTANT_CONSTRUCTORS} non-constant constructors"),
                ));
            }
        }
        TypeDeclKind::Record(fs) => {
            if let Some(f) = fs.iter().find(|f| !seen.insert(f.name.as_str())) {
                return Err(Diagnostic::error(
                    d.span,
                    format!("Two labels are named {}", f.name),
                ));
            }
        }
        TypeDeclKind::Abbrev(_) | TypeDeclKind::Abstract | TypeDeclKind::Open => {}
    }
    Ok(())
}

/// OCaml's `Config.max_tag` + 1.
const MAX_NON_CONSTANT_CONSTRUCTORS: usize = 246;

fn param_scope(names: &[String], params: &[TyVar]) -> HashMap<String, Type> {
    names
        .iter()
        .zip(params)
        .map(|(n, p)| (n.clone(), Type::Var(*p)))
        .collect()
}
