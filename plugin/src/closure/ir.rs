//! The closure IR: first-order functions with explicit environments.
//!
//! Every lambda-IR `Fun` has become a [`Func`]: its parameters, the variables it captures (in
//! environment order) and a body in which no function is nested. Inside the body, captured
//! variables are bound at entry by `Let(v, EnvField(i), ..)`; the function's own closure is
//! the extra last parameter `self_var`. A function that captures nothing has one static
//! closure (`StaticClosure`), so referring to it allocates nothing.
//!
//! Calls: `CallKnown(f, args, closure)` calls function `f` directly with exactly its arity;
//! `Apply(f, args)` applies an unknown function value to any number of arguments (curried:
//! partial and over-application are resolved at run time by the apply helpers).

use crate::diagnostics::Span;
use crate::lambda::ir::{
    Const, Direction, InlineSites, Prim, SrcLoc, SwitchKind, Type, TypeTable, VarId, VarTable,
};
use crate::srcloc::InlineScope;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncIdx(pub u32);

#[derive(Clone, Debug)]
pub struct Func {
    /// Unique symbol-friendly name.
    pub name: String,
    /// The source name (`fib`, `fib.go`), for debug info.
    pub source_name: String,
    /// OCaml's scoped name of its code (`Backtrace2.test_Error.f`; empty for the program's
    /// entry and the prelude's code), for backtraces.
    pub scope_name: String,
    pub params: Vec<VarId>,
    /// The closure of the function itself (its last machine parameter).
    pub self_var: VarId,
    /// The variable the function is bound to (`let rec f = ...`), if any: inside the function
    /// it also denotes `self_var` (e.g. when a nested closure captures it).
    pub binder: Option<VarId>,
    /// Captured variables, in environment order (closure fields 2..).
    pub captured: Vec<VarId>,
    pub body: CExpr,
    pub span: Span,
    /// The inline scope the function was written in: a closure inside an inlined copy is
    /// that copy's code (`NONE` otherwise).
    pub scope: InlineScope,
}

#[derive(Clone, Debug)]
pub enum CExpr {
    Var(VarId),
    Const(Const),
    Let(VarId, Box<CExpr>, Box<CExpr>),
    /// A mutable local variable (a `ref` that never escapes): `GetMut` reads it, `SetMut`
    /// assigns it (giving unit). The SSA lowering turns it into SSA values and phis.
    LetMut(VarId, Box<CExpr>, Box<CExpr>),
    GetMut(VarId),
    SetMut(VarId, Box<CExpr>),
    /// Allocates closures (possibly referring to each other) and binds them.
    Closures(Vec<(VarId, FuncIdx, Vec<VarId>)>, Box<CExpr>),
    /// The static closure of a function that captures nothing.
    StaticClosure(FuncIdx),
    /// Captured variable `i` of the current function.
    EnvField(u32),
    CallKnown(FuncIdx, Vec<CExpr>, Box<CExpr>),
    Apply(Box<CExpr>, Vec<CExpr>),
    Seq(Box<CExpr>, Box<CExpr>),
    Prim(Prim, Vec<CExpr>),
    If(Box<CExpr>, Box<CExpr>, Box<CExpr>),
    Construct {
        ty: Type,
        index: u32,
        args: Vec<CExpr>,
    },
    ConstructExn {
        index: u32,
        args: Vec<CExpr>,
    },
    Field(Box<CExpr>, u32),
    SetField(Box<CExpr>, u32, Box<CExpr>),
    Switch {
        scrut: Box<CExpr>,
        kind: SwitchKind,
        arms: Vec<(i64, CExpr)>,
        default: Option<Box<CExpr>>,
    },
    While(Box<CExpr>, Box<CExpr>),
    For {
        var: VarId,
        from: Box<CExpr>,
        to: Box<CExpr>,
        dir: Direction,
        body: Box<CExpr>,
    },
    Raise(Box<CExpr>, crate::lambda::ir::RaiseKind),
    /// `try body with var -> handler`. A *local* try's body can raise only by its own `raise`s
    /// (`closure::raises_only_directly`): they jump to the handler in the same frame, with no
    /// handler frame at run time; any other try's body runs under the runtime's `egret_try`.
    Try {
        body: Box<CExpr>,
        var: VarId,
        handler: Box<CExpr>,
        local: bool,
    },
    Loc(SrcLoc, Box<CExpr>),
}

#[derive(Clone, Debug)]
pub struct Program {
    pub funcs: Vec<Func>,
    /// The program's top level: a function of no parameters.
    pub entry: FuncIdx,
    pub vars: VarTable,
    pub types: TypeTable,
    /// The inline scopes of the `Loc`s (see [`crate::srcloc`]).
    pub inline_sites: InlineSites,
}

impl Program {
    pub fn func(&self, f: FuncIdx) -> &Func {
        &self.funcs[f.0 as usize]
    }
}
