//! Extensible variants (`type t = ..`, `type t += C of u`) and local exceptions
//! (`let exception C of t in e`): constructors that are exceptions underneath.
//!
//! ## Extension constructors
//!
//! `type 'a t = ..` is a declaration of kind [`DeclKind::Extensible`], as `exn` is. A
//! constructor added by `type 'a t += C of u` is an entry of the exception table, so it has
//! OCaml's representation: a static identity of tag 248 `[name, id]`, which is the value of a
//! constant constructor, and `C args` a tag-0 block `[identity, args..]`; it is matched by
//! identity (`IsException`). The IR knows extension constructors as exceptions of type `exn`:
//! the table's argument types are `Obj.t` (the typer keeps the real ones, with the
//! extension's parameters, in [`ExtensionCtor`]), each argument and the value are cast by
//! `%identity`, and a tested value is cast to `exn`. `type exn += C` is `exception C`.
//!
//! A local exception gets a fresh identity each time its `let` is evaluated, as in OCaml
//! (`Translcore`'s `Texp_letexception`): the runtime's `egret_fresh_exception name` allocates an
//! object of tag 248 `[name, id]` (the same layout as a static exception identity), bound to a
//! variable of type `exn`. The constructor is an entry of the exception table (for its name
//! and argument types while typing), but no IR node names that entry: the elaboration uses the
//! identity variable, so closures capture it like any other variable.
//!
//! - `C` (constant) is the identity itself; `C (a1, .., an)` is a tag-0 block
//!   `[identity, a1, .., an]` (a tuple, cast to `exn` by `%identity`), OCaml's layout.
//! - The pattern `C` tests `v == identity`, `C (p1, .., pn)` tests `v.(0) == identity` (a
//!   constant exception's field 0 is its name, never an identity), then reads fields 1..n.
//!
//! The constructor is in scope in the body only; the entry's argument types are erased to
//! `Obj.t` once the body is typed (they may mention the body's type variables, and nothing
//! reads them afterwards).

use super::env::{CtorRef, TypeName};
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{
    Const, DeclKind, ExceptionDecl, Expr, Prim, Purity, TyCon, TyVar, Type, VarId,
};
use crate::syntax::ast;

/// A constructor of an extensible type other than `exn`, as the typer sees it.
#[derive(Clone, Debug)]
pub(super) struct ExtensionCtor {
    /// The extension's parameters (generic variables), the type it extends applied to them,
    /// and the constructor's argument types in terms of them.
    pub(super) params: Vec<TyVar>,
    pub(super) result: Type,
    pub(super) args: Vec<Type>,
}

impl Typer<'_> {
    /// `type ('a, ..) path += C1 | C2 of u`.
    pub(super) fn type_extension(&mut self, x: &ast::TypeExtension) -> TResult<()> {
        self.extend_type(x, true)
    }

    /// `type ('a, ..) path += C1 | C2 of u` as a signature's item: a signature may declare
    /// constructors of a private extensible type (OCaml's `transl_type_extension` with
    /// `check_open` false).
    pub(super) fn sig_type_extension(&mut self, x: &ast::TypeExtension) -> TResult<()> {
        self.extend_type(x, false)
    }

    /// [`Typer::type_extension`]; `check_open`: a private type takes no new constructor.
    fn extend_type(&mut self, x: &ast::TypeExtension, check_open: bool) -> TResult<()> {
        // An abbreviation is not extensible (`type bar = foo`), and neither, in egret yet, is a
        // re-export `type t = u = ..` (OCaml extends `u` through it: a false reject left).
        let con = match self.env.types.get(&x.path).cloned() {
            Some(TypeName::Con(c)) => c,
            Some(TypeName::Abbrev(..)) => return Err(not_extensible(x)),
            None | Some(TypeName::ModuleMarker(_)) => {
                return Err(Diagnostic::error(
                    x.path_span,
                    format!("Unbound type constructor {}", x.path),
                ))
            }
        };
        let decl = self.types.decl(con).clone();
        if !matches!(decl.kind, DeclKind::Extensible) {
            return Err(not_extensible(x));
        }
        if decl.params.len() != x.params.len() {
            return Err(Diagnostic::error(
                x.path_span,
                format!(
                    "This extension does not match the definition of type {}\n       They have different arities.",
                    x.path
                ),
            ));
        }
        if self.extension_variances_disagree(con, &x.variances) {
            return Err(Diagnostic::error(
                x.path_span,
                format!(
                    "This extension does not match the definition of type {}\n       Their variances do not agree.",
                    x.path
                ),
            ));
        }
        // A private extensible type (`type t = private ..`, or one a signature made so) takes
        // new constructors from no one (OCaml's `Cannot_extend_private_type`); a rebinding of
        // an existing constructor adds none. Private extensions (`+= private`) are refused
        // where they are read.
        if check_open && self.private_types.contains(&con) {
            let declared = (x.constructors.iter().zip(&x.rebinds)).find(|(_, r)| r.is_none());
            if let Some((c, _)) = declared {
                return Err(Diagnostic::error(
                    c.span,
                    format!("Cannot extend private type definition {}", x.path),
                ));
            }
        }
        if con == TyCon::EXN {
            for (c, rebind) in x.constructors.iter().zip(&x.rebinds) {
                match rebind {
                    Some((path, span)) => self.rebind_extension_ctor(c, path, *span, x, con)?,
                    None => self.exception_decl(c)?,
                }
            }
            return Ok(());
        }
        let params: Vec<TyVar> = x.params.iter().map(|_| self.u.fresh()).collect();
        for &p in &params {
            self.u.levels[p.0 as usize] = u32::MAX;
        }
        let scope = x
            .params
            .iter()
            .zip(&params)
            .map(|(n, p)| (n.clone(), Type::Var(*p)))
            .collect();
        let result = Type::Con(con, params.iter().map(|p| Type::Var(*p)).collect());
        let module = super::decls::module_name(&self.file_name);
        for (c, rebind) in x.constructors.iter().zip(&x.rebinds) {
            if let Some((path, span)) = rebind {
                self.rebind_extension_ctor(c, path, *span, x, con)?;
                continue;
            }
            let args = c
                .args
                .iter()
                .map(|a| self.type_expr_in(a, &scope, false))
                .collect::<TResult<Vec<_>>>()?;
            if c.gadt.is_none() {
                self.check_extension_ctor_variances(con, &params, &args, c.span)?;
            }
            let index = self.types.exceptions.len() as u32;
            if let Some(fields) = &c.record {
                self.declare_exception_record(&x.path, c, fields, index, params.clone(), &args);
            }
            self.types.exceptions.push(ExceptionDecl {
                name: format!("{module}.{}", c.name),
                args: vec![Type::any_value(); args.len()],
            });
            self.env
                .ctors
                .insert(c.name.clone(), CtorRef::Exception(index));
            self.extension_ctors.insert(
                index,
                ExtensionCtor {
                    params: params.clone(),
                    result: result.clone(),
                    args,
                },
            );
        }
        Ok(())
    }

    /// `C = path` in `type .. t += ..`: `C` is another name for the extension constructor
    /// `path`, which must extend `t` (OCaml's `Text_rebind`, `Rebind_wrong_type`): the
    /// same entry of the exception table, so matching either name catches both.
    fn rebind_extension_ctor(
        &mut self,
        c: &ast::ConstructorDecl,
        path: &str,
        span: Span,
        x: &ast::TypeExtension,
        con: TyCon,
    ) -> TResult<()> {
        let index = match self.env.ctors.get(path).copied() {
            Some(CtorRef::Exception(i)) => i,
            Some(CtorRef::Variant(..)) => {
                return Err(Diagnostic::error(
                    span,
                    format!("The constructor {path} is not an extension constructor"),
                ))
            }
            None => {
                return Err(Diagnostic::error(
                    span,
                    format!("Unbound constructor {path}"),
                ))
            }
        };
        let (found, _) = self.exception_ctor_instance(index);
        let extends = match &found {
            Type::Con(c, _) => *c == con,
            _ => false,
        };
        if !extends {
            let mut expected = x.path.clone();
            if !x.params.is_empty() {
                let ps: Vec<String> = x.params.iter().map(|p| format!("'{p}")).collect();
                expected = if ps.len() == 1 {
                    format!("{} {expected}", ps[0])
                } else {
                    format!("({}) {expected}", ps.join(", "))
                };
            }
            return Err(Diagnostic::error(
                span,
                format!(
                    "The constructor {path} has type {} but was expected to be of type {expected}",
                    self.print_type(&found)
                ),
            ));
        }
        self.env
            .ctors
            .insert(c.name.clone(), CtorRef::Exception(index));
        Ok(())
    }

    /// The type and argument types of exception constructor `index`, instantiated: an
    /// extension constructor's with fresh variables for its parameters, `exn` otherwise.
    pub(super) fn exception_ctor_instance(&mut self, index: u32) -> (Type, Vec<Type>) {
        let Some(x) = self.extension_ctors.get(&index).cloned() else {
            return (
                Type::exn(),
                self.types.exceptions[index as usize].args.clone(),
            );
        };
        let fresh: Vec<Type> = x.params.iter().map(|_| self.u.fresh_var()).collect();
        let inst = |t: &Type| {
            x.params
                .iter()
                .zip(&fresh)
                .fold(t.clone(), |t, (v, f)| t.subst(*v, f))
        };
        (inst(&x.result), x.args.iter().map(inst).collect())
    }

    /// `C args` for exception constructor `index`.
    pub(super) fn construct_exception(
        &self,
        index: u32,
        args: Vec<Expr>,
        arg_tys: &[Type],
    ) -> Expr {
        if let Some(identity) = self.local_exception(index) {
            return self.construct_local_exception(identity, args, arg_tys);
        }
        if !self.extension_ctors.contains_key(&index) {
            return Expr::ConstructExn { index, args };
        }
        let cast = |e: Expr| Expr::Prim(Prim::Identity, vec![e]);
        cast(Expr::ConstructExn {
            index,
            args: args.into_iter().map(cast).collect(),
        })
    }

    /// `[%extension_constructor C]`: `C`'s identity, of the predefined type `extension_constructor`
    /// (`Obj.Extension_constructor.t`).
    pub(super) fn extension_constructor(
        &mut self,
        name: &str,
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let index = match self.env.ctors.get(name) {
            Some(CtorRef::Exception(i)) => *i,
            Some(CtorRef::Variant(..)) => {
                return Err(Diagnostic::error(
                    span,
                    "This constructor is not an extension constructor.".to_string(),
                ))
            }
            None => {
                return Err(Diagnostic::error(
                    span,
                    format!("Unbound constructor {name}"),
                ))
            }
        };
        // The predefined type, whatever the program names `extension_constructor`.
        let Some(TypeName::Con(con)) = self.env.types.get("Stdlib.extension_constructor") else {
            return Err(Diagnostic::error(
                span,
                "internal error: the prelude defines no extension_constructor",
            ));
        };
        let ty = Type::Con(*con, vec![]);
        let cast = |e: Expr| Expr::Prim(Prim::Identity, vec![e]);
        let n = self.types.exceptions[index as usize].args.len();
        let identity = if let Some(v) = self.local_exception(index) {
            Expr::Var(v)
        } else if n == 0 {
            Expr::ConstructExn {
                index,
                args: vec![],
            }
        } else {
            // Field 0 of a value built with placeholder arguments (ints, never read).
            let args = (0..n).map(|_| cast(Expr::Const(Const::Int(0)))).collect();
            Expr::Field(Box::new(Expr::ConstructExn { index, args }), 0)
        };
        Ok((cast(identity), ty))
    }

    /// The test that `v` holds exception constructor `index`'s value.
    pub(super) fn is_exception(&self, index: u32, v: Expr) -> Expr {
        if let Some(identity) = self.local_exception(index) {
            let with_args = !self.types.exceptions[index as usize].args.is_empty();
            return Self::is_local_exception(v, identity, with_args);
        }
        let v = if self.extension_ctors.contains_key(&index) {
            Expr::Prim(Prim::Identity, vec![v])
        } else {
            v
        };
        Expr::Prim(Prim::IsException(index), vec![v])
    }

    /// `let exception C of t in body`.
    pub(super) fn let_exception(
        &mut self,
        decl: &ast::ConstructorDecl,
        body: &ast::Expr,
        expected: Option<&Type>,
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let args = decl
            .args
            .iter()
            .map(|a| self.type_expr(a))
            .collect::<TResult<Vec<_>>>()?;
        let index = self.types.exceptions.len() as u32;
        if let Some(fields) = &decl.record {
            self.declare_exception_record("exn", decl, fields, index, vec![], &args);
        }
        self.types.exceptions.push(ExceptionDecl {
            name: decl.name.clone(),
            args,
        });
        let identity = self.fresh_var(&decl.name, Type::exn(), span);
        self.local_exceptions.insert(index, identity);
        let saved = self
            .env
            .ctors
            .insert(decl.name.clone(), CtorRef::Exception(index));
        let typed = self.expr_expected(body, expected);
        match saved {
            Some(c) => self.env.ctors.insert(decl.name.clone(), c),
            None => self.env.ctors.remove(&decl.name),
        };
        let erased = vec![Type::any_value(); decl.args.len()];
        self.types.exceptions[index as usize].args = erased;
        let (body, ty) = typed?;
        let fresh = Expr::Prim(
            Prim::Runtime("egret_fresh_exception", Purity::Effect),
            vec![Expr::Const(Const::String(decl.name.as_bytes().into()))],
        );
        Ok((Expr::Local(identity, Box::new(fresh), Box::new(body)), ty))
    }

    /// The identity variable of exception `index`, if it is a local exception.
    pub(super) fn local_exception(&self, index: u32) -> Option<VarId> {
        self.local_exceptions.get(&index).copied()
    }

    /// `C args` for the local exception whose identity is `identity`.
    pub(super) fn construct_local_exception(
        &self,
        identity: VarId,
        args: Vec<Expr>,
        arg_tys: &[Type],
    ) -> Expr {
        if args.is_empty() {
            return Expr::Var(identity);
        }
        let mut fields = vec![Expr::Var(identity)];
        fields.extend(args);
        let mut tys = vec![Type::exn()];
        tys.extend(arg_tys.iter().cloned());
        let block = Expr::Construct {
            ty: Type::Tuple(tys),
            index: 0,
            args: fields,
        };
        Expr::Prim(Prim::Identity, vec![block])
    }

    /// The test that `v` (of type `exn`) is the local exception `identity` (`with_args`: the
    /// constructor takes arguments).
    pub(super) fn is_local_exception(v: Expr, identity: VarId, with_args: bool) -> Expr {
        let subject = if with_args {
            Expr::Field(Box::new(v), 0)
        } else {
            v
        };
        Expr::Prim(Prim::PhysEq, vec![subject, Expr::Var(identity)])
    }
}

fn not_extensible(x: &ast::TypeExtension) -> Diagnostic {
    Diagnostic::error(
        x.path_span,
        format!("Type definition {} is not extensible", x.path),
    )
}
