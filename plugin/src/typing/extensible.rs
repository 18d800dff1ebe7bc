//! Local exceptions (`let exception C of t in e`).
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

use super::env::CtorRef;
use super::{TResult, Typer};
use crate::diagnostics::Span;
use crate::lambda::ir::{Const, ExceptionDecl, Expr, Prim, Purity, Type, VarId};
use crate::syntax::ast;

impl Typer<'_> {
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
