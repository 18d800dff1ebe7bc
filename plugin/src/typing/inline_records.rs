//! Inline records: `type t = C of { x : int; mutable y : 'a }` (OCaml's `Cstr_inlined`).
//!
//! The constructor's block holds the fields, as OCaml lays it out: `C { x; y }` is one block
//! of `C`'s tag whose fields are `x` and `y`, exactly the block of `C of int * 'a`. So the
//! constructor is declared with the fields' types as its arguments, and everything that
//! only sees constructors (the match compiler, variance, signatures) needs nothing more.
//!
//! What the fields' names need is a record type of their own, `t.C`, with the declaration's
//! parameters: a variable bound by the pattern `C r` has that type, and `r.x` / `r.y <- v` are
//! its field accesses, the same block's fields. Invariants:
//! - a value of type `t.C` is always a block built by `C` (only `C r` patterns bind one;
//!   `t.C` is not a type name a program can write), so `Field(r, i)` reads `C`'s argument i;
//! - the fields of `t.C` are found only through its type (type-directed): an expression or
//!   pattern whose type is not known to be `t.C` never picks them ([`Typer::is_inline_record`]);
//! - as in OCaml, such a variable may only be a field access's or a record update's base, or
//!   the argument of its constructor: elsewhere its type would escape ("This form is not
//!   allowed as the type of the inlined record could escape.").
//!
//!
//! Exception and extension constructors (`exception E of { code : int }`, `type t += C of
//! { x : int }`): the block is `[identity, fields..]` (OCaml's layout, that of `E of int`),
//! so the record type `exn.E` has a first field `%exn` no program can name, standing for the
//! identity: `r.code` is the block's field 1, as the declaration's index says. That field is
//! never given (`E { code = 1 }` builds `E 1`) nor matched.
//!
//! Not yet: inline records in GADT constructors.

use std::collections::HashMap;

use super::pattern::Pat;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Expr, FieldInfo, Prim, TyCon, Type, TypeDecl};
use crate::syntax::ast::{self, ExprKind};

/// The inline record types declared so far and their constructors.
#[derive(Default, Clone)]
pub(crate) struct InlineRecords {
    /// (variant type, constructor index) → the record type of its fields.
    by_ctor: HashMap<(TyCon, u32), TyCon>,
    /// Record type → its (variant type, constructor index).
    by_record: HashMap<TyCon, (TyCon, u32)>,
    /// Exception (or extension constructor) index → the record type of its fields.
    by_exception: HashMap<u32, TyCon>,
    /// The record types of exceptions' inline records (their field 0 is [`EXN_FIELD`]).
    of_exceptions: std::collections::HashSet<TyCon>,
}

/// The first field of an exception's inline record type: the block's identity.
pub(super) const EXN_FIELD: &str = "%exn";

/// The constructor an inline record belongs to.
#[derive(Clone, Copy)]
pub(super) enum InlineCtor {
    /// Constructor `index` of a variant type.
    Variant(u32),
    /// Exception (or extension constructor) `index`.
    Exception(u32),
}

pub(super) const ESCAPE: &str =
    "This form is not allowed as the type of the inlined record could escape.";

impl Typer<'_> {
    /// Declares the record type `ty_name.C` of constructor `index` of `con`, whose fields'
    /// types `arg_tys` the declaration has just typed (in terms of its parameters).
    pub(super) fn declare_inline_record(
        &mut self,
        ty_name: &str,
        ctor: &ast::ConstructorDecl,
        fields: &[ast::FieldDecl],
        con: TyCon,
        index: u32,
        arg_tys: &[Type],
    ) {
        let rc = TyCon(self.types.decls.len() as u32);
        let params = self.types.decl(con).params.clone();
        let fields: Vec<FieldInfo> = fields
            .iter()
            .zip(arg_tys)
            .map(|(f, ty)| FieldInfo {
                name: f.name.clone(),
                ty: ty.clone(),
                mutable: f.mutable,
            })
            .collect();
        for (i, f) in fields.iter().enumerate() {
            let at = self.env.fields.entry(f.name.clone()).or_default();
            // Below the plain records of the same name: found only through its type.
            at.insert(0, (rc, i as u32));
        }
        self.types.decls.push(TypeDecl {
            // `TypeDecl::is_inline_record` recognises this name.
            name: format!("{ty_name}.{}", ctor.name),
            params,
            kind: crate::lambda::ir::DeclKind::Record(fields),
        });
        self.applicative_type(rc);
        self.inline_records.by_ctor.insert((con, index), rc);
        self.inline_records.by_record.insert(rc, (con, index));
    }

    /// Declares the record type `exn.E` (or `t.C`) of exception (or extension constructor)
    /// `index`, named `name`, whose fields' types `arg_tys` are in terms of `params` (an
    /// extension constructor's type's; none for an exception).
    pub(super) fn declare_exception_record(
        &mut self,
        type_name: &str,
        ctor: &ast::ConstructorDecl,
        fields: &[ast::FieldDecl],
        index: u32,
        params: Vec<crate::lambda::ir::TyVar>,
        arg_tys: &[Type],
    ) {
        let rc = TyCon(self.types.decls.len() as u32);
        let identity = FieldInfo {
            name: EXN_FIELD.to_string(),
            ty: Type::any_value(),
            mutable: false,
        };
        let fields: Vec<FieldInfo> = std::iter::once(identity)
            .chain(fields.iter().zip(arg_tys).map(|(f, ty)| FieldInfo {
                name: f.name.clone(),
                ty: ty.clone(),
                mutable: f.mutable,
            }))
            .collect();
        for (i, f) in fields.iter().enumerate().skip(1) {
            let at = self.env.fields.entry(f.name.clone()).or_default();
            at.insert(0, (rc, i as u32));
        }
        self.types.decls.push(TypeDecl {
            name: format!("{type_name}.{}", ctor.name),
            params,
            kind: crate::lambda::ir::DeclKind::Record(fields),
        });
        self.inline_records.by_exception.insert(index, rc);
        self.inline_records.of_exceptions.insert(rc);
    }

    /// The inline record type of exception (or extension constructor) `index`, if any.
    pub(super) fn exception_record_of(&self, index: u32) -> Option<TyCon> {
        self.inline_records.by_exception.get(&index).copied()
    }

    /// Whether field `i` of record type `c` is an exception's identity, never given.
    pub(super) fn is_identity_field(&self, c: TyCon, i: usize) -> bool {
        i == 0 && self.inline_records.of_exceptions.contains(&c)
    }

    /// Whether `c` is the inline record of a constructor of a private variant.
    pub(super) fn private_inline_record(&self, c: TyCon) -> bool {
        (self.inline_records.by_record.get(&c)).is_some_and(|(v, _)| self.private_types.contains(v))
    }

    /// Whether `c` is the record type of an inline record.
    pub(super) fn is_inline_record(&self, c: TyCon) -> bool {
        self.inline_records.by_record.contains_key(&c)
            || self.inline_records.of_exceptions.contains(&c)
    }

    /// The inline record type of constructor `index` of `con`, if it has one.
    pub(super) fn inline_record_of(&self, con: TyCon, index: u32) -> Option<TyCon> {
        self.inline_records.by_ctor.get(&(con, index)).copied()
    }

    /// The record type `t.C` at the instance `ty` (`Con(t, args)`) of its variant type
    /// (`exn.E` at `exn`: no arguments).
    fn inline_instance(&self, rc: TyCon, ty: &Type) -> Type {
        match self.u.zonk(ty) {
            Type::Con(_, args) if !self.types.decl(rc).params.is_empty() => Type::Con(rc, args),
            Type::Con(..) => Type::Con(rc, vec![]),
            _ => unreachable!("a constructor's type is a type constructor"),
        }
    }

    /// `C arg` where `C` (constructor `index` of the instance `ty`) has the inline record
    /// `rc`: `arg` is a record expression (its block gets `C`'s tag), or a variable bound by a
    /// `C r` pattern (the same block).
    pub(super) fn construct_inline(
        &mut self,
        name: &str,
        arg: Option<&ast::Expr>,
        rc: TyCon,
        ctor: InlineCtor,
        ty: Type,
        arg_tys: &[Type],
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let rt = self.inline_instance(rc, &ty);
        let Some(arg) = arg else {
            return Err(Diagnostic::error(
                span,
                format!("The constructor {name} expects 1 argument(s),\n       but is applied here to 0 argument(s)"),
            ));
        };
        match &arg.kind {
            ExprKind::Record { fields, base } => {
                let (record, t) = self.record(fields, base.as_deref(), arg.span, Some(&rt))?;
                self.expect(arg.span, &t, &rt)?;
                let built = match ctor {
                    InlineCtor::Variant(index) => retag(record, &ty, index),
                    InlineCtor::Exception(index) => retag_exception(record, &|args| {
                        let args = args.into_iter().skip(1).collect();
                        self.construct_exception(index, args, arg_tys)
                    }),
                };
                Ok((built, ty))
            }
            ExprKind::Var(_) => {
                let (x, t) = self.record_base(arg)?;
                if !matches!(*self.u.shallow(&t), Type::Con(c, _) if self.is_inline_record(c)) {
                    return Err(Diagnostic::error(arg.span, ESCAPE));
                }
                self.expect(arg.span, &t, &rt)?;
                Ok((Expr::Prim(Prim::Identity, vec![x]), ty))
            }
            _ => Err(Diagnostic::error(
                arg.span,
                "This constructor expects an inlined record argument.",
            )),
        }
    }

    /// Types `e` where an inline record variable is allowed: the base of a field access or
    /// of a record update, the argument of its constructor.
    pub(super) fn record_base(&mut self, e: &ast::Expr) -> TResult<(Expr, Type)> {
        match &e.kind {
            ExprKind::Var(name) => self.var(name, e.span),
            _ => self.expr(e),
        }
    }

    /// The pattern `C p` where `C` (constructor `index` of the instance `ct`) has the inline
    /// record `rc`: `p` is typed as a record of type `t.C`, then its record patterns become
    /// `C`'s argument patterns and its variables name the constructor's block.
    pub(super) fn inline_pattern(
        &mut self,
        p: &ast::Pattern,
        rc: TyCon,
        ctor: InlineCtor,
        ct: &Type,
        arg_tys: Vec<Type>,
        binds: &mut super::pattern::Bindings,
    ) -> TResult<Pat> {
        let rt = self.inline_instance(rc, ct);
        let q = self.pattern(p, &rt, binds)?;
        let make = |args: Vec<Pat>, arg_tys: Vec<Type>| match ctor {
            InlineCtor::Variant(index) => Pat::Ctor {
                ty: ct.clone(),
                index,
                args,
                arg_tys,
            },
            InlineCtor::Exception(index) => Pat::Exn {
                index,
                args,
                arg_tys,
            },
        };
        // An exception's record pattern has the identity field first: not matched.
        let skip = usize::from(matches!(ctor, InlineCtor::Exception(_)));
        Ok(as_ctor_pattern(q, &make, skip, &arg_tys))
    }
}

/// The record expression typed at `t.C` (a `Construct` of index 0, possibly under the `let`
/// of an update's base) as the block of constructor `index` of `ty`.
fn retag(record: Expr, ty: &Type, index: u32) -> Expr {
    match record {
        Expr::Construct { args, .. } => Expr::Construct {
            ty: ty.clone(),
            index,
            args,
        },
        Expr::Local(v, base, body) => Expr::Local(v, base, Box::new(retag(*body, ty, index))),
        Expr::Loc(l, e) => Expr::Loc(l, Box::new(retag(*e, ty, index))),
        other => unreachable!("a record expression is a block: {other:?}"),
    }
}

/// The record expression typed at `exn.E` (a `Construct`, possibly under the `let` of an
/// update's base) as the exception built from its fields (`build`, given every field).
fn retag_exception(record: Expr, build: &dyn Fn(Vec<Expr>) -> Expr) -> Expr {
    match record {
        Expr::Construct { args, .. } => build(args),
        Expr::Local(v, base, body) => Expr::Local(v, base, Box::new(retag_exception(*body, build))),
        Expr::Loc(l, e) => Expr::Loc(l, Box::new(retag_exception(*e, build))),
        other => unreachable!("a record expression is a block: {other:?}"),
    }
}

/// A pattern of type `t.C` as the pattern of `C`'s block (`ctor` of its argument patterns),
/// leaving out the record's first `skip` fields.
fn as_ctor_pattern(
    q: Pat,
    ctor: &dyn Fn(Vec<Pat>, Vec<Type>) -> Pat,
    skip: usize,
    arg_tys: &[Type],
) -> Pat {
    match q {
        Pat::Ctor { args, arg_tys, .. } => ctor(
            args.into_iter().skip(skip).collect(),
            arg_tys.into_iter().skip(skip).collect(),
        ),
        Pat::Any => ctor(vec![Pat::Any; arg_tys.len()], arg_tys.to_vec()),
        // The variable names the constructor's block, at the record's type (a cast).
        Pat::Var(v) => Pat::Alias(
            Box::new(ctor(vec![Pat::Any; arg_tys.len()], arg_tys.to_vec())),
            v,
        ),
        Pat::Alias(q, v) => Pat::Alias(Box::new(as_ctor_pattern(*q, ctor, skip, arg_tys)), v),
        Pat::Or(a, b) => Pat::Or(
            Box::new(as_ctor_pattern(*a, ctor, skip, arg_tys)),
            Box::new(as_ctor_pattern(*b, ctor, skip, arg_tys)),
        ),
        other => unreachable!("a pattern of a record type: {other:?}"),
    }
}
