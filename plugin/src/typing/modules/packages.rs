//! First-class modules (OCaml 4.13): package types `(module S with type t = u)`, packing
//! `(module ME : S)` and unpacking `(val e : S)`.
//!
//! A package type is a type constructor declared on first use for a module type and the
//! names its constraints give (sorted): `(module S with type t = int)` is `Con(pkg, [int])`,
//! so two package types are equal when they name the same module type (the same
//! definition: module type aliases `module type T = S` and `include`d ones are the same) and
//! equal constraints, as OCaml's. Package constructors are exempt from the escape check
//! (like label constructors) and reach the lambda IR as primitive types.
//!
//! Run-time representation: a block of the signature's values in signature order (includes
//! expanded in place), each field a value of any type (`Obj.t`): packing builds the tuple
//! and casts it (`%identity`), unpacking reads the fields and casts each to its declared type.
//! A polymorphic value is stored at `Obj.t` for its variables and rebound as `Λ'a. cast
//! field`. Invariant: packing and unpacking lay out the same signature the same way
//! ([`Typer::package_items`] for both).
//!
//! Unpacking (`(val e : S)`, a module expression) binds the module's names as the
//! signature declares them: a type the package constrains is its constraint, an abstract
//! type a fresh *existential* (an abstract type standing for `Obj.t`, never seen through,
//! so two unpackings' types differ), other type declarations are declared anew. A pattern
//! `(module M : S)` binds the package to a variable `M` which the body unpacks (the parser's
//! `unpack_module_patterns`). An exception of the signature is a field holding its identity
//! (OCaml's layout of a module block): unpacking binds a constructor whose identity is that
//! value, as a local exception's (`typing::extensible`). Not supported: submodules, functors
//! and type extensions in a packed signature.

use std::collections::HashMap;
use std::rc::Rc;

use super::{ModTypeDef, PhraseCtx};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{DeclKind, Expr, Prim, TyCon, TyVar, Type, TypeDecl};
use crate::syntax::ast;
use crate::typing::env::{CtorRef, TypeName, ValueBinding};
use crate::typing::unify::{AbstractType, TypePrinter};
use crate::typing::{Phrase, PhraseKind, TResult, Typer};

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// What a package type constructor stands for.
pub(crate) struct Package {
    pub def: Rc<ModTypeDef>,
    /// The constrained type names, sorted (the constructor's arguments, in this order).
    pub names: Vec<String>,
}

/// The package types declared so far.
#[derive(Default)]
pub(crate) struct Packages {
    by_key: HashMap<(usize, Vec<String>), TyCon>,
    pub info: HashMap<TyCon, Package>,
    /// The existential types of unpacked modules.
    pub existentials: std::collections::HashSet<TyCon>,
}

const NOT_INFERRED: &str = "The signature for this packaged module couldn't be inferred.";

/// The names of type variables in `te`, in order of first occurrence.
pub(super) fn type_var_names(te: &ast::TypeExpr, out: &mut Vec<String>) {
    let mut add = |t: &ast::TypeExpr| type_var_names(t, out);
    match &te.kind {
        ast::TypeExprKind::Var(n) => {
            if !out.contains(n) {
                out.push(n.clone())
            }
        }
        ast::TypeExprKind::Constr(_, args) | ast::TypeExprKind::Tuple(args) => {
            args.iter().for_each(add)
        }
        ast::TypeExprKind::Arrow(_, a, b) => {
            add(a);
            type_var_names(b, out);
        }
        ast::TypeExprKind::Package(_, cs) | ast::TypeExprKind::Object { methods: cs, .. } => {
            cs.iter().for_each(|(_, t)| add(t))
        }
        ast::TypeExprKind::Alias(t, n) => {
            add(t);
            if !out.contains(n) {
                out.push(n.clone())
            }
        }
        ast::TypeExprKind::Variant { fields, .. } => {
            for f in fields {
                match f {
                    ast::RowFieldExpr::Tag { args, .. } => args.iter().for_each(&mut add),
                    ast::RowFieldExpr::Inherit(t) => add(t),
                }
            }
        }
        ast::TypeExprKind::Poly(bound, t) => {
            let mut inner = Vec::new();
            type_var_names(t, &mut inner);
            out.extend(inner.into_iter().filter(|n| !bound.contains(n)));
        }
        ast::TypeExprKind::Any => {}
    }
}

impl<'s> Typer<'s> {
    /// The definition of module type `path`, through aliases (`module type T = S`).
    fn module_type_def(&self, path: &str, span: Span) -> TResult<Rc<ModTypeDef>> {
        let Some(mut def) = self.env.module_types.get(path).cloned() else {
            return Err(Diagnostic::error(
                span,
                format!("Unbound module type {path}"),
            ));
        };
        for _ in 0..100 {
            match &def.ty {
                Some(ast::ModType {
                    kind: ast::ModTypeKind::Path(p),
                    ..
                }) => match self.env.module_types.get(p) {
                    Some(d) => def = d.clone(),
                    None => break,
                },
                _ => break,
            }
        }
        Ok(def)
    }

    /// The package type `(module path with type n1 = t1 ..)`.
    pub(crate) fn package_type_expr(
        &mut self,
        path: &str,
        constraints: &[(String, ast::TypeExpr)],
        scope: &HashMap<String, Type>,
        flexible: bool,
        span: Span,
    ) -> TResult<Type> {
        let def = self.module_type_def(path, span)?;
        let mut cs: Vec<&(String, ast::TypeExpr)> = constraints.iter().collect();
        cs.sort_by(|a, b| a.0.cmp(&b.0));
        // An abstract module type is a package type too (nothing can be packed at it).
        let items = match (&def.ty, cs.is_empty()) {
            (None, true) => Vec::new(),
            _ => self.package_items(&def, span)?,
        };
        for (n, t) in &cs {
            let declared = items.iter().any(|i| match &i.kind {
                ast::SigItemKind::Type(ds) => ds.iter().any(|d| d.name == *n),
                _ => false,
            });
            if !declared {
                return Err(Diagnostic::error(
                    t.span,
                    format!("The signature constrained by `with' has no component named {n}"),
                ));
            }
        }
        let names: Vec<String> = cs.iter().map(|(n, _)| n.clone()).collect();
        let args = cs
            .iter()
            .map(|(_, t)| self.type_expr_in(t, scope, flexible))
            .collect::<TResult<Vec<_>>>()?;
        let con = self.package_con(path, def, names);
        Ok(Type::Con(con, args))
    }

    /// The package type constructor of `def` constrained at `names`, declared on first use.
    fn package_con(&mut self, path: &str, def: Rc<ModTypeDef>, names: Vec<String>) -> TyCon {
        let key = (Rc::as_ptr(&def) as usize, names.clone());
        if let Some(&c) = self.packages.by_key.get(&key) {
            return c;
        }
        let c = TyCon(self.types.decls.len() as u32);
        let params: Vec<TyVar> = names.iter().map(|_| self.u.fresh()).collect();
        for p in &params {
            self.u.levels[p.0 as usize] = u32::MAX;
        }
        let shown = match names.is_empty() {
            true => format!("(module {path})"),
            false => {
                let cs: Vec<String> = names.iter().map(|n| format!("type {n} = \u{1}")).collect();
                format!("(module {path} with {})", cs.join(" and "))
            }
        };
        self.types.decls.push(TypeDecl {
            name: shown,
            params,
            kind: DeclKind::Primitive,
        });
        self.u.package_cons.insert(c);
        self.packages.by_key.insert(key, c);
        self.packages.info.insert(c, Package { def, names });
        c
    }

    /// The items of a packed module type's signature, `include`s expanded and `with type`
    /// constraints applied: the order of the run-time block.
    fn package_items(&mut self, def: &ModTypeDef, span: Span) -> TResult<Vec<ast::SigItem>> {
        let Some(mt) = &def.ty else {
            return Err(Diagnostic::unsupported(
                span,
                "first-class modules of abstract module types are",
            ));
        };
        let mut out = Vec::new();
        self.flat_sig_items(mt, span, 0, &mut out)?;
        // Read where the package is used: the types the module type names but does not
        // declare are those of the module it was defined in.
        self.qualify_items_in_scope(&mut out, &def.scope);
        Ok(out)
    }

    pub(super) fn flat_sig_items(
        &mut self,
        mt: &ast::ModType,
        span: Span,
        depth: u32,
        out: &mut Vec<ast::SigItem>,
    ) -> TResult<()> {
        if depth > 100 {
            return Err(Diagnostic::error(
                span,
                "This module type is too deeply nested",
            ));
        }
        match &mt.kind {
            ast::ModTypeKind::Path(p) => {
                let def = self.module_type_def(p, mt.span)?;
                let Some(t) = &def.ty else {
                    return Err(Diagnostic::unsupported(
                        span,
                        "first-class modules of abstract module types are",
                    ));
                };
                let start = out.len();
                self.flat_sig_items(t, span, depth + 1, out)?;
                self.qualify_items_in_scope(&mut out[start..], &def.scope);
                Ok(())
            }
            ast::ModTypeKind::Sig(items) => {
                for item in items {
                    match &item.kind {
                        ast::SigItemKind::Include(t) => {
                            self.flat_sig_items(t, span, depth + 1, out)?
                        }
                        _ => out.push(item.clone()),
                    }
                }
                Ok(())
            }
            ast::ModTypeKind::With(t, constraints) => {
                let start = out.len();
                self.flat_sig_items(t, span, depth + 1, out)?;
                for c in constraints {
                    let ast::WithConstraint::Type { path, decl, .. } = c else {
                        continue;
                    };
                    for item in &mut out[start..] {
                        if let ast::SigItemKind::Type(ds) = &mut item.kind {
                            for d in ds.iter_mut().filter(|d| d.name == *path) {
                                *d = ast::TypeDecl {
                                    name: d.name.clone(),
                                    ..decl.clone()
                                };
                            }
                        }
                    }
                }
                Ok(())
            }
            ast::ModTypeKind::Functor(..) | ast::ModTypeKind::TypeOf(_) => {
                Err(Diagnostic::unsupported(
                    span,
                    "first-class modules of functor types or `module type of` are",
                ))
            }
        }
    }

    /// The package `expected` is (after `shallow`), if it is one.
    fn package_of(&self, t: &Type) -> Option<(TyCon, Vec<Type>)> {
        match &*self.u.shallow(t) {
            Type::Con(c, args) if self.packages.info.contains_key(c) => Some((*c, args.clone())),
            _ => None,
        }
    }

    /// `(module ME)` where the context expects `expected`.
    pub(crate) fn pack(
        &mut self,
        me: &ast::ModExpr,
        expected: Option<&Type>,
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let Some((con, args)) = expected.and_then(|t| self.package_of(t)) else {
            return Err(Diagnostic::error(span, NOT_INFERRED));
        };
        let package_t = Type::Con(con, args);
        let info = &self.packages.info[&con];
        let Some(sig) = info.def.ty.clone() else {
            return Err(Diagnostic::unsupported(
                span,
                "first-class modules of abstract module types are",
            ));
        };
        // `S with type t = ..` (the constrained types are not abstract) for matching.
        let constraints = info
            .names
            .iter()
            .map(|n| ast::WithConstraint::Type {
                path: n.clone(),
                decl: ast::TypeDecl {
                    name: n.clone(),
                    params: Vec::new(),
                    variances: Vec::new(),
                    manifest: None,
                    kind: ast::TypeDeclKind::Abstract,
                    private_: false,
                    attrs: Default::default(),
                    constraints: Vec::new(),
                    span,
                },
                destructive: false,
            })
            .collect();
        let mt = ast::ModType {
            kind: ast::ModTypeKind::With(Box::new(sig), constraints),
            span,
        };
        let ctx = self.local_ctx();
        self.hidden_modules += 1;
        let name = format!("%{}", self.hidden_modules);
        let mut phrases = Vec::new();
        let mut hidden = self.hidden_modules;
        super::flatten_module(name.clone(), me, span, &ctx, &mut hidden, &mut phrases);
        self.hidden_modules = hidden;
        phrases.push(ctx.phrase(PhraseKind::Seal(name.clone(), &mt, span, false)));
        phrases.push(ctx.phrase(PhraseKind::PackBody(name, package_t, span)));
        let decls = self.types.decls.len() as u32;
        let r = self.local_phrases(&phrases)?;
        self.check_local_decls(decls, span)?;
        Ok(r)
    }

    /// The last phrase of a packing: the block of module `name`'s values (already matched
    /// against the package's signature), of type `package_t`.
    pub(crate) fn pack_body(&mut self, name: &str, package_t: &Type, span: Span) -> TResult<Expr> {
        let (con, args) = self.package_of(package_t).expect("a package type");
        let def = self.packages.info[&con].def.clone();
        let names = self.packages.info[&con].names.clone();
        // The constrained types are the package's: the module's package type (its own types
        // as the constraints) must be the expected one.
        let mut haves = Vec::new();
        for n in &names {
            let have = match self.env.types.get(&format!("{name}.{n}")).cloned() {
                Some(TypeName::Con(c)) if self.types.decl(c).params.is_empty() => {
                    Type::Con(c, Vec::new())
                }
                Some(TypeName::Abbrev(ps, body)) if ps.is_empty() => body,
                _ => {
                    return Err(Diagnostic::error(
                        span,
                        format!(
                            "Signature mismatch:\n       Modules do not match\n       The type `{n}' is required but not provided"
                        ),
                    ))
                }
            };
            haves.push(have);
        }
        let mut ok = true;
        for (have, want) in haves.iter().zip(&args) {
            self.u.see_through = true;
            ok &= self.u.unify(have, want, &self.types).is_ok();
            self.u.see_through = false;
        }
        if !ok {
            let mut p = TypePrinter::new(&self.types);
            let h = p.print(&self.u.zonk(&Type::Con(con, haves)));
            let w = p.print(&self.u.zonk(package_t));
            return Err(Diagnostic::error(
                span,
                format!(
                    "This expression has type {h}\n       but an expression was expected of type {w}"
                ),
            ));
        }
        let items = self.package_items(&def, span)?;
        let mut fields = Vec::new();
        for item in &items {
            let x = match &item.kind {
                ast::SigItemKind::Val(x, _, _) => x,
                ast::SigItemKind::External(d) => &d.name,
                ast::SigItemKind::Exception(c) => {
                    let Some(CtorRef::Exception(index)) =
                        self.env.ctors.get(&format!("{name}.{}", c.name)).copied()
                    else {
                        unreachable!("the module was matched against the signature")
                    };
                    fields.push(Expr::Prim(
                        Prim::Identity,
                        vec![self.exception_identity(index)],
                    ));
                    continue;
                }
                _ => {
                    self.packable_item(item, span)?;
                    continue;
                }
            };
            let e = match self.env.lookup(&format!("{name}.{x}")) {
                Some(ValueBinding::Var(v)) => {
                    // Every quantified variable at `Obj.t`.
                    let mut t = self.vars.ty(v).clone();
                    let mut e = Expr::Var(v);
                    while let Type::Forall(_, body) = t {
                        e = Expr::TyApp(bx(e), Type::any_value());
                        t = *body;
                    }
                    e
                }
                Some(ValueBinding::Builtin(i)) => self.builtin_value(i, span)?.0,
                _ => {
                    return Err(Diagnostic::unsupported(
                        span,
                        "packing a format function is",
                    ))
                }
            };
            fields.push(Expr::Prim(Prim::Identity, vec![e]));
        }
        let block = match fields.len() {
            0 => super::super::expr::unit_value(),
            n => Expr::Construct {
                ty: Type::Tuple(vec![Type::any_value(); n]),
                index: 0,
                args: fields,
            },
        };
        Ok(Expr::Prim(Prim::Identity, vec![block]))
    }

    /// Fails on a signature item a first-class module cannot have in egret.
    fn packable_item(&self, item: &ast::SigItem, span: Span) -> TResult<()> {
        match &item.kind {
            ast::SigItemKind::Type(_)
            | ast::SigItemKind::TypeSubst(_)
            | ast::SigItemKind::ModuleType(..)
            | ast::SigItemKind::Open(_)
            | ast::SigItemKind::Val(..)
            | ast::SigItemKind::External(_)
            | ast::SigItemKind::Exception(_)
            | ast::SigItemKind::Include(_) => Ok(()),
            _ => Err(Diagnostic::unsupported(
                span,
                "first-class modules whose signature has modules, functors or type extensions are",
            )),
        }
    }

    /// The phrase `(val e)` inside the module being defined (between its enter and leave
    /// phrases): binds the package's types and values, then the rest of the phrases.
    pub(crate) fn unpack_phrase(
        &mut self,
        phrases: &[Phrase],
        i: usize,
        e: &ast::Expr,
        span: Span,
    ) -> TResult<Expr> {
        let (x, xt) = self.expr(e)?;
        let Some((con, args)) = self.package_of(&xt) else {
            if let Type::Var(_) = &*self.u.shallow(&xt) {
                return Err(Diagnostic::error(e.span, NOT_INFERRED));
            }
            let shown = TypePrinter::new(&self.types).print(&self.u.zonk(&xt));
            return Err(Diagnostic::error(
                e.span,
                format!("This expression is not a packed module. It has type {shown}"),
            ));
        };
        let def = self.packages.info[&con].def.clone();
        let names = self.packages.info[&con].names.clone();
        let items = self.package_items(&def, span)?;
        let module = self
            .modules
            .last()
            .map(|m| m.name.clone())
            .unwrap_or_default();
        let nvals = items
            .iter()
            .filter(|i| {
                matches!(
                    i.kind,
                    ast::SigItemKind::Val(..)
                        | ast::SigItemKind::External(_)
                        | ast::SigItemKind::Exception(_)
                )
            })
            .count();
        let block_t = match nvals {
            0 => Type::unit(),
            n => Type::Tuple(vec![Type::any_value(); n]),
        };
        let block = self.fresh_var("%package", block_t, span);
        let mut bindings: Vec<(crate::lambda::ir::VarId, Expr)> =
            vec![(block, Expr::Prim(Prim::Identity, vec![x]))];
        let mut field = 0;
        for item in &items {
            self.packable_item(item, span)?;
            match &item.kind {
                ast::SigItemKind::Type(decls) | ast::SigItemKind::TypeSubst(decls) => {
                    let mut rest = Vec::new();
                    for d in decls {
                        if let Some(k) = names.iter().position(|n| *n == d.name) {
                            self.env.types.insert(
                                d.name.clone(),
                                TypeName::Abbrev(Vec::new(), args[k].clone()),
                            );
                        } else if matches!(d.kind, ast::TypeDeclKind::Abstract) {
                            self.existential(&module, d);
                        } else {
                            rest.push(d.clone());
                        }
                    }
                    if !rest.is_empty() {
                        self.type_decls_with(&rest, false)?;
                    }
                }
                ast::SigItemKind::ModuleType(n, t) => {
                    self.env.module_types.insert(
                        n.clone(),
                        Rc::new(ModTypeDef::new(n, t.clone(), String::new())),
                    );
                }
                ast::SigItemKind::Val(n, _, te) => {
                    self.unpack_value(n, te, block, field, span, &mut bindings)?;
                    field += 1;
                }
                ast::SigItemKind::External(d) => {
                    self.unpack_value(&d.name, &d.ty, block, field, span, &mut bindings)?;
                    field += 1;
                }
                ast::SigItemKind::Exception(c) => {
                    self.unpack_exception(c, block, field, span, &mut bindings)?;
                    field += 1;
                }
                _ => {}
            }
        }
        let rest = self.items_from(phrases, i + 1)?;
        Ok(super::wrap(bindings, rest))
    }

    /// A fresh abstract type for the abstract type `d` of an unpacked module.
    fn existential(&mut self, module: &str, d: &ast::TypeDecl) {
        let params: Vec<TyVar> = d.params.iter().map(|_| self.u.fresh()).collect();
        for p in &params {
            self.u.levels[p.0 as usize] = u32::MAX;
        }
        let con = TyCon(self.types.decls.len() as u32);
        self.types.decls.push(TypeDecl {
            name: format!("{module}.{}", d.name),
            params: params.clone(),
            kind: DeclKind::Primitive,
        });
        self.u.scope = self.types.decls.len() as u32;
        self.u.abstract_types.insert(
            con,
            AbstractType {
                params,
                manifest: Type::any_value(),
                opaque: true,
                existential: true,
            },
        );
        self.packages.existentials.insert(con);
        self.env.types.insert(d.name.clone(), TypeName::Con(con));
    }

    /// Binds exception `c` to the identity in field `field` of `block`: a constructor whose
    /// identity is a variable, as a local exception's (`typing::extensible`).
    fn unpack_exception(
        &mut self,
        c: &ast::ConstructorDecl,
        block: crate::lambda::ir::VarId,
        field: u32,
        span: Span,
        bindings: &mut Vec<(crate::lambda::ir::VarId, Expr)>,
    ) -> TResult<()> {
        let args = c
            .args
            .iter()
            .map(|a| self.type_expr_in(a, &HashMap::new(), false))
            .collect::<TResult<Vec<_>>>()?;
        let index = self.types.exceptions.len() as u32;
        if let Some(fields) = &c.record {
            self.declare_exception_record("exn", c, fields, index, vec![], &args);
        }
        self.types
            .exceptions
            .push(crate::lambda::ir::ExceptionDecl {
                name: c.name.clone(),
                args,
            });
        let identity = self.fresh_var(&c.name, Type::exn(), span);
        let read = Expr::Field(bx(Expr::Var(block)), field);
        bindings.push((identity, Expr::Prim(Prim::Identity, vec![read])));
        self.local_exceptions.insert(index, identity);
        self.env
            .ctors
            .insert(c.name.clone(), CtorRef::Exception(index));
        Ok(())
    }

    /// The identity of exception `index` as a value (of type `exn`): a local one's variable,
    /// a constant one's value, the first field of a value of one with arguments.
    fn exception_identity(&self, index: u32) -> Expr {
        if let Some(v) = self.local_exception(index) {
            return Expr::Var(v);
        }
        let n = self.types.exceptions[index as usize].args.len();
        let args = (0..n)
            .map(|_| Expr::Prim(Prim::Identity, vec![super::super::expr::unit_value()]))
            .collect();
        let value = Expr::ConstructExn { index, args };
        match n {
            0 => value,
            _ => Expr::Field(bx(value), 0),
        }
    }

    /// Binds value `n : te` to field `field` of `block` (cast to its declared type).
    fn unpack_value(
        &mut self,
        n: &str,
        te: &ast::TypeExpr,
        block: crate::lambda::ir::VarId,
        field: u32,
        span: Span,
        bindings: &mut Vec<(crate::lambda::ir::VarId, Expr)>,
    ) -> TResult<()> {
        let mut names = Vec::new();
        type_var_names(te, &mut names);
        let mut scope = HashMap::new();
        let mut vars = Vec::new();
        for name in &names {
            let v = self.u.fresh();
            scope.insert(name.clone(), Type::Var(v));
            vars.push(v);
        }
        let t = self.type_expr_in(te, &scope, false)?;
        let raw = self.fresh_var(n, Type::any_value(), span);
        bindings.push((raw, Expr::Field(bx(Expr::Var(block)), field)));
        let cast = Expr::Prim(Prim::Identity, vec![Expr::Var(raw)]);
        let (cast, scheme) = self.quantify(cast, t, &vars);
        let v = self.fresh_var(n, scheme, span);
        bindings.push((v, cast));
        self.env.bind(n, ValueBinding::Var(v));
        Ok(())
    }

    /// Fails if `t` (the type of `let module name = .. in body`) names an existential type
    /// declared since `decls` (OCaml: the type constructor would escape its scope).
    pub(crate) fn check_no_escape(&mut self, t: &Type, decls: u32, span: Span) -> TResult<()> {
        let t = self.u.zonk(t);
        let mut found = None;
        find_con(&t, &mut |c| {
            if c.0 >= decls && self.packages.existentials.contains(&c) && found.is_none() {
                found = Some(c);
            }
        });
        if let Some(c) = found {
            let mut p = TypePrinter::new(&self.types);
            let shown = p.print(&t);
            let name = self.types.decl(c).name.clone();
            return Err(Diagnostic::error(
                span,
                format!(
                    "This expression has type {shown} but an expression was expected of type 'a\n       The type constructor {name} would escape its scope"
                ),
            ));
        }
        Ok(())
    }

    /// Fails if a variant or record type declared since `decls` (by a local module) names a
    /// type variable that is not one of its parameters: a locally abstract type or a type of
    /// the enclosing function (`let f (type s) .. = let module S = Set.Make (struct type t
    /// = s .. end)`), which egret's types cannot express yet.
    pub(crate) fn check_local_decls(&self, decls: u32, span: Span) -> TResult<()> {
        let newtypes: Vec<TyCon> = (self.newtypes.iter())
            .filter_map(|(_, t)| match t {
                Type::Con(c, _) => Some(*c),
                _ => None,
            })
            .collect();
        for d in &self.types.decls[decls as usize..] {
            let tys: Vec<&Type> = match &d.kind {
                DeclKind::Variant(cs) => cs.iter().flat_map(|c| c.args.iter()).collect(),
                DeclKind::Record(fs) => fs.iter().map(|f| &f.ty).collect(),
                _ => continue,
            };
            for t in tys {
                let t = self.u.zonk(t);
                // Through abbreviations and abstract types (`Set.Make (struct type t = s ..
                // end)`'s `elt` is the parameter's `t`, which is `s`).
                let names_newtype = self.mentions_con(&t, &newtypes, 0);
                let t = self.expand_abstract_types(&t);
                if names_newtype || free_var_outside(&t, &d.params, &mut Vec::new()) {
                    return Err(Diagnostic::unsupported(
                        span,
                        "types declared in a local module that depend on a locally abstract type \
                         or on the enclosing function's types are",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Whether `t` names one of `cons`, seeing through the other abstract types.
    fn mentions_con(&self, t: &Type, cons: &[TyCon], depth: u32) -> bool {
        if cons.is_empty() || depth > 100 {
            return false;
        }
        match &*self.u.shallow(t) {
            Type::Var(_) => false,
            Type::Con(c, args) => {
                cons.contains(c)
                    || args.iter().any(|a| self.mentions_con(a, cons, depth + 1))
                    || self
                        .u
                        .abstract_types
                        .get(c)
                        .is_some_and(|a| self.mentions_con(&a.expand(args), cons, depth + 1))
            }
            Type::Tuple(ts) => ts.iter().any(|a| self.mentions_con(a, cons, depth + 1)),
            Type::Arrow(a, b) => {
                self.mentions_con(a, cons, depth + 1) || self.mentions_con(b, cons, depth + 1)
            }
            Type::Forall(_, t) => self.mentions_con(t, cons, depth + 1),
        }
    }

    /// A context for phrases of a local module (`let module`, a packing).
    pub(crate) fn local_ctx(&self) -> PhraseCtx {
        PhraseCtx {
            section: usize::MAX,
            module: self.section_module.clone(),
            prelude: false,
            prelude_text: self.in_prelude,
        }
    }
}

/// Whether `t` has a type variable neither in `params` nor bound inside it.
fn free_var_outside(t: &Type, params: &[TyVar], bound: &mut Vec<TyVar>) -> bool {
    match t {
        Type::Var(v) => !params.contains(v) && !bound.contains(v),
        Type::Con(_, ts) | Type::Tuple(ts) => ts.iter().any(|t| free_var_outside(t, params, bound)),
        Type::Arrow(a, b) => {
            free_var_outside(a, params, bound) || free_var_outside(b, params, bound)
        }
        Type::Forall(v, t) => {
            bound.push(*v);
            let r = free_var_outside(t, params, bound);
            bound.pop();
            r
        }
    }
}

fn find_con(t: &Type, f: &mut dyn FnMut(TyCon)) {
    match t {
        Type::Var(_) => {}
        Type::Con(c, ts) => {
            f(*c);
            ts.iter().for_each(|t| find_con(t, f));
        }
        Type::Tuple(ts) => ts.iter().for_each(|t| find_con(t, f)),
        Type::Arrow(a, b) => {
            find_con(a, f);
            find_con(b, f);
        }
        Type::Forall(_, t) => find_con(t, f),
    }
}
