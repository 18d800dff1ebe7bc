//! Helpers for tests that build lambda IR terms in Rust (well typed, unlike parsed text).

use std::rc::Rc;

use super::builtins::{bool_expr, builtin_types, unit_expr};
use super::ir::*;
use super::runtime;
use crate::diagnostics::Span;

pub struct Kit {
    pub prog: Program,
}

impl Default for Kit {
    fn default() -> Self {
        Self::new()
    }
}

pub fn b(e: Expr) -> Box<Expr> {
    Box::new(e)
}

pub fn int(n: i64) -> Expr {
    Expr::Const(Const::Int(n))
}

pub fn str_(s: &str) -> Expr {
    Expr::Const(Const::String(Rc::from(s.as_bytes())))
}

pub fn var(v: VarId) -> Expr {
    Expr::Var(v)
}

pub fn app(f: Expr, args: Vec<Expr>) -> Expr {
    Expr::App(b(f), args)
}

pub fn fun(ps: Vec<VarId>, body: Expr) -> Expr {
    Expr::Fun(ps, b(body), FunName::from(""))
}

pub fn let_(v: VarId, d: Expr, body: Expr) -> Expr {
    Expr::Local(v, b(d), b(body))
}

pub fn seq(a: Expr, body: Expr) -> Expr {
    Expr::Seq(b(a), b(body))
}

pub fn prim(p: Prim, args: Vec<Expr>) -> Expr {
    Expr::Prim(p, args)
}

pub fn if_(c: Expr, t: Expr, e: Expr) -> Expr {
    Expr::If(b(c), b(t), b(e))
}

pub fn rt(name: &str, args: Vec<Expr>) -> Expr {
    let f = runtime::lookup(name).unwrap_or_else(|| panic!("no runtime function {name}"));
    Expr::Prim(Prim::Runtime(f.name, f.purity), args)
}

pub fn print_int(e: Expr) -> Expr {
    rt("egret_print_int", vec![e])
}

pub fn print_string(s: &str) -> Expr {
    rt("egret_print_string", vec![str_(s)])
}

pub fn tt() -> Expr {
    bool_expr(true)
}

pub fn ff() -> Expr {
    bool_expr(false)
}

pub fn unit() -> Expr {
    unit_expr()
}

pub fn list_ty(t: Type) -> Type {
    Type::Con(TyCon::LIST, vec![t])
}

pub fn option_ty(t: Type) -> Type {
    Type::Con(TyCon::OPTION, vec![t])
}

pub fn ref_ty(t: Type) -> Type {
    Type::Con(TyCon::REF, vec![t])
}

pub fn int_to_int() -> Type {
    Type::arrow(Type::int(), Type::int())
}

impl Kit {
    pub fn new() -> Kit {
        Kit {
            prog: Program {
                body: unit_expr(),
                vars: VarTable::default(),
                types: builtin_types(),
                next_tyvar: 0,
                inline_sites: InlineSites::default(),
            },
        }
    }

    pub fn var(&mut self, name: &str, ty: Type) -> VarId {
        self.prog.vars.fresh(name, ty, Span::default())
    }

    pub fn tyvar(&mut self) -> TyVar {
        self.prog.fresh_tyvar()
    }

    pub fn exn(&self, name: &str) -> u32 {
        super::builtins::exception_index(&self.prog.types, name).unwrap()
    }

    pub fn finish(mut self, body: Expr) -> Program {
        self.prog.body = body;
        self.prog
    }
}
