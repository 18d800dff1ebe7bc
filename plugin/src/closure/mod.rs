//! The closure stage: lambda IR (after `mono`) → first-order functions with explicit
//! environments ([`ir`]).
//!
//! Type abstractions and applications are erased (values are uniform words, so a
//! polymorphic definition `mono` kept uniform runs as it is): `Λa. fun ..` bound to a
//! variable is a known function like `fun ..`.
//!
//! 1. Number every `Fun` in pre-order (function 0 is the top level) and compute its free
//!    variables. All walks here visit children in [`visit::each_child`] order, so the
//!    pre-order numbers agree between passes.
//! 2. Find the *closed* functions by a fixpoint: a function is closed when each of its free
//!    variables is bound to a closed function (or to itself). Closed functions get a static
//!    closure and capture nothing.
//! 3. Translate: references to closed functions become `StaticClosure`, captured variables are
//!    loaded from the environment at function entry, saturated calls to a variable bound to a
//!    known function become `CallKnown`, and everything else `Apply`.

pub mod ir;
pub mod print;

use std::collections::{HashMap, HashSet};

use crate::diagnostics::Span;
use crate::lambda::ir::{Expr, Program, SrcLoc, Type, VarId};
use crate::lambda::visit;
use crate::srcloc::InlineScope;
use ir::{CExpr, Func, FuncIdx};

pub fn convert(program: &Program) -> ir::Program {
    let mut c = Converter {
        vars: program.vars.clone(),
        fun_of_var: HashMap::new(),
        funs: vec![FunInfo {
            free: Vec::new(),
            binder: None,
            arity: 0,
            name: "main".into(),
            path: String::new(),
            span: Span::default(),
            scope: InlineScope::NONE,
        }],
        closed: HashSet::new(),
        out: Vec::new(),
        counter: 1,
        local_refs: HashSet::new(),
    };
    c.number(&program.body, None, SrcLoc::default());
    c.counter = 1;
    c.free_vars(&program.body, &mut HashSet::new(), &mut HashSet::new());
    c.find_closed();
    c.out = vec![None; c.funs.len()];
    c.counter = 1;
    let entry_self = c.vars.fresh("_main", Type::unit(), Span::default());
    let body = c.expr(
        &program.body,
        Cur {
            idx: FuncIdx(0),
            self_var: None,
        },
    );
    c.out[0] = Some(Func {
        name: "egret_main_body".into(),
        source_name: "main".into(),
        scope_name: String::new(),
        params: vec![],
        self_var: entry_self,
        binder: None,
        captured: vec![],
        body,
        span: Span::default(),
        scope: InlineScope::NONE,
    });
    ir::Program {
        funcs: c
            .out
            .into_iter()
            .map(|f| f.expect("every function converted"))
            .collect(),
        entry: FuncIdx(0),
        vars: c.vars,
        types: program.types.clone(),
        inline_sites: program.inline_sites.clone(),
    }
}

/// The function being translated.
#[derive(Clone, Copy)]
struct Cur {
    idx: FuncIdx,
    self_var: Option<VarId>,
}

struct FunInfo {
    /// Free variables, sorted.
    free: Vec<VarId>,
    binder: Option<VarId>,
    arity: usize,
    name: String,
    /// OCaml's scoped name of its code (`Backtrace2.test_Error.f`), as the typer named the
    /// `Fun` (`lambda::ir::FunName`): backtraces print it.
    path: String,
    span: Span,
    /// The inline scope the function was written in (a closure inside an inlined copy).
    scope: InlineScope,
}

struct Converter {
    vars: crate::lambda::ir::VarTable,
    /// Variables bound directly to a function.
    fun_of_var: HashMap<VarId, FuncIdx>,
    funs: Vec<FunInfo>,
    closed: HashSet<FuncIdx>,
    out: Vec<Option<Func>>,
    /// Pre-order function counter of the current walk.
    counter: u32,
    /// `ref`s that never escape their function: mutable local variables.
    local_refs: HashSet<VarId>,
}

/// The initial value of `d` if it is `ref init`.
fn local_ref_init(d: &Expr) -> Option<&Expr> {
    match strip_loc(d) {
        Expr::Construct {
            ty: crate::lambda::ir::Type::Con(c, _),
            index: 0,
            args,
        } if *c == crate::lambda::ir::TyCon::REF => args.first(),
        _ => None,
    }
}

/// Whether every exception evaluating `e` can raise comes from a `raise` of its own, outside
/// any function it defines or from a check the lowering makes inline (a bound check, a zero
/// divisor: `Prim::fails_only_by_inline_check`): no call, no other primitive that may fail, no
/// nested `try` whose handler may raise otherwise. A `try e with ..` then needs no handler frame: the lowering makes each
/// such `raise` a jump to the handler (`CExpr::Try::local`). Allocation failure and stack
/// overflow are not counted, as ocamlopt's handlers do not see them reliably either.
pub fn raises_only_directly(e: &Expr) -> bool {
    match e {
        Expr::App(..) => false,
        Expr::Prim(p, args) => {
            (p.purity() != crate::lambda::ir::Purity::Effect || p.fails_only_by_inline_check())
                && args.iter().all(raises_only_directly)
        }
        // Defining a function raises nothing; its body runs in its own frame.
        Expr::Fun(..) => true,
        // A nested try catches whatever its body raises: only its handler raises to us.
        Expr::Try(_, _, h) => raises_only_directly(h),
        _ => {
            let mut ok = true;
            visit::each_child(e, &mut |c| ok = ok && raises_only_directly(c));
            ok
        }
    }
}

/// Whether ref `r` is only ever read (`!r`) and assigned (`r := v`) in `e`, never passed
/// anywhere, and not used by a nested function or `try` body (which run in other frames).
fn ref_stays_local(r: VarId, e: &Expr) -> bool {
    fn go(r: VarId, e: &Expr, nested: bool) -> bool {
        match e {
            Expr::Var(v) => *v != r,
            Expr::Field(x, 0) if matches!(strip_loc(x), Expr::Var(v) if *v == r) => !nested,
            Expr::SetField(x, 0, v) if matches!(strip_loc(x), Expr::Var(w) if *w == r) => {
                !nested && go(r, v, nested)
            }
            Expr::Fun(_, b, _) => go(r, b, true),
            // A local try's body stays in this frame.
            Expr::Try(b, _, h) => go(r, b, nested || !raises_only_directly(b)) && go(r, h, nested),
            _ => {
                let mut ok = true;
                visit::each_child(e, &mut |c| ok = ok && go(r, c, nested));
                ok
            }
        }
    }
    go(r, e, false)
}

fn strip_loc(e: &Expr) -> &Expr {
    match e {
        Expr::Loc(_, b) => strip_loc(b),
        e => e,
    }
}

/// `e` without its locations and type abstractions and applications, which compute nothing
/// (values are uniform words): `Λa. fun x -> ..` is a function, `f [int]` is `f`.
fn strip_types(e: &Expr) -> &Expr {
    match e {
        Expr::Loc(_, b) | Expr::TyFun(_, b) | Expr::TyApp(b, _) => strip_types(b),
        e => e,
    }
}

fn bx(e: CExpr) -> Box<CExpr> {
    Box::new(e)
}

impl Converter {
    /// Numbers the functions of `e` (written at `at`: its span and inline scope) in pre-order.
    fn number(&mut self, e: &Expr, binder: Option<VarId>, at: SrcLoc) {
        let span = at.span();
        match e {
            Expr::Fun(ps, b, path) => {
                let idx = FuncIdx(self.funs.len() as u32);
                let name = match binder {
                    Some(v) => self.vars.get(v).name.clone(),
                    None => "fun".to_string(),
                };
                if let Some(v) = binder {
                    self.fun_of_var.insert(v, idx);
                }
                let span = binder.map(|v| self.vars.get(v).span).unwrap_or(span);
                self.funs.push(FunInfo {
                    free: vec![],
                    binder,
                    arity: ps.len(),
                    name,
                    path: path.to_string(),
                    span,
                    scope: at.scope,
                });
                self.number(
                    b,
                    None,
                    SrcLoc {
                        lo: span.lo,
                        hi: span.hi,
                        scope: at.scope,
                    },
                );
            }
            Expr::Loc(s, b) => self.number(b, binder, *s),
            Expr::TyFun(_, b) => self.number(b, binder, at),
            Expr::Local(v, d, b) => {
                self.number(d, Some(*v), at);
                self.number(b, None, at);
            }
            Expr::LetRec(defs, b) => {
                for (v, d) in defs {
                    self.number(d, Some(*v), at);
                }
                self.number(b, None, at);
            }
            _ => visit::each_child(e, &mut |c| self.number(c, None, at)),
        }
    }

    /// Collects the free variables of the current function into `free`, recording those of
    /// nested functions in `funs`.
    fn free_vars(&mut self, e: &Expr, bound: &mut HashSet<VarId>, free: &mut HashSet<VarId>) {
        match e {
            Expr::Var(v) => {
                if !bound.contains(v) {
                    free.insert(*v);
                }
            }
            Expr::Fun(ps, b, _) => {
                let idx = self.counter as usize;
                self.counter += 1;
                let mut inner_bound: HashSet<VarId> = ps.iter().copied().collect();
                let mut inner_free = HashSet::new();
                self.free_vars(b, &mut inner_bound, &mut inner_free);
                let mut list: Vec<VarId> = inner_free.into_iter().collect();
                list.sort();
                for v in &list {
                    if !bound.contains(v) {
                        free.insert(*v);
                    }
                }
                self.funs[idx].free = list;
            }
            Expr::Local(v, d, b) => {
                self.free_vars(d, bound, free);
                bound.insert(*v);
                self.free_vars(b, bound, free);
            }
            Expr::LetRec(defs, b) => {
                bound.extend(defs.iter().map(|(v, _)| *v));
                for (_, d) in defs {
                    self.free_vars(d, bound, free);
                }
                self.free_vars(b, bound, free);
            }
            Expr::Try(b, v, h) => {
                self.free_vars(b, bound, free);
                bound.insert(*v);
                self.free_vars(h, bound, free);
            }
            Expr::For {
                var,
                from,
                to,
                body,
                ..
            } => {
                self.free_vars(from, bound, free);
                self.free_vars(to, bound, free);
                bound.insert(*var);
                self.free_vars(body, bound, free);
            }
            _ => visit::each_child(e, &mut |c| self.free_vars(c, bound, free)),
        }
    }

    /// The closed functions: the greatest set in which every function's free variables are
    /// bound to functions of the set (or to itself). The greatest, not the least, so mutually
    /// recursive functions that capture nothing else (a top-level `let rec .. and ..` group)
    /// all get static closures. One pass over a worklist: a function with a free variable
    /// not bound to a function is open, and so is every function with an open one free
    /// (linear; a fixpoint by sweeps took a sweep per link of a chain).
    fn find_closed(&mut self) {
        let n = self.funs.len();
        // users[g]: the functions with g's binder free.
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut open = vec![false; n];
        let mut work = Vec::new();
        for (i, info) in self.funs.iter().enumerate().skip(1) {
            for v in &info.free {
                match self.fun_of_var.get(v) {
                    Some(g) if g.0 as usize == i => {}
                    Some(g) => users[g.0 as usize].push(i),
                    None => {
                        if !open[i] {
                            open[i] = true;
                            work.push(i);
                        }
                    }
                }
            }
        }
        // The top level (function 0) is never closed: it has no closure.
        open[0] = true;
        work.push(0);
        while let Some(g) = work.pop() {
            for &u in &users[g] {
                if !open[u] {
                    open[u] = true;
                    work.push(u);
                }
            }
        }
        self.closed = (1..n)
            .filter(|&i| !open[i])
            .map(|i| FuncIdx(i as u32))
            .collect();
    }

    /// The value of variable `v` inside function `cur`.
    fn var(&self, v: VarId, cur: Cur) -> CExpr {
        if let Some(g) = self.fun_of_var.get(&v) {
            if *g == cur.idx {
                if let Some(s) = cur.self_var {
                    return CExpr::Var(s);
                }
            }
            if self.closed.contains(g) {
                return CExpr::StaticClosure(*g);
            }
        }
        CExpr::Var(v)
    }

    fn expr(&mut self, e: &Expr, cur: Cur) -> CExpr {
        match e {
            Expr::Var(v) => self.var(*v, cur),
            Expr::Const(c) => CExpr::Const(c.clone()),
            Expr::Fun(..) => {
                let idx = self.function(e);
                if self.closed.contains(&idx) {
                    CExpr::StaticClosure(idx)
                } else {
                    let tmp = self.vars.fresh("_clos", Type::unit(), Span::default());
                    let captured = self.captured_of(idx);
                    CExpr::Closures(vec![(tmp, idx, captured)], bx(CExpr::Var(tmp)))
                }
            }
            Expr::App(f, args) => {
                let head = strip_types(f);
                let known = match head {
                    Expr::Var(v) => self
                        .fun_of_var
                        .get(v)
                        .copied()
                        .filter(|g| self.funs[g.0 as usize].arity <= args.len()),
                    _ => None,
                };
                let fc = self.expr(f, cur);
                let mut xs: Vec<CExpr> = args.iter().map(|a| self.expr(a, cur)).collect();
                match known {
                    Some(g) => {
                        let n = self.funs[g.0 as usize].arity;
                        let rest = xs.split_off(n);
                        let call = CExpr::CallKnown(g, xs, bx(fc));
                        if rest.is_empty() {
                            call
                        } else {
                            CExpr::Apply(bx(call), rest)
                        }
                    }
                    None => CExpr::Apply(bx(fc), xs),
                }
            }
            Expr::TyFun(_, b) | Expr::TyApp(b, _) => self.expr(b, cur),
            Expr::Local(v, d, b)
                if local_ref_init(d).is_some()
                    && !self.vars.is_module_global(*v)
                    && ref_stays_local(*v, b) =>
            {
                let init = self.expr(local_ref_init(d).unwrap(), cur);
                self.local_refs.insert(*v);
                CExpr::LetMut(*v, bx(init), bx(self.expr(b, cur)))
            }
            Expr::Local(v, d, b) => {
                let dc = if let Expr::Fun(..) = strip_types(d) {
                    let idx = self.function(strip_types(d));
                    if self.closed.contains(&idx) {
                        // Referenced as a static closure; the binding is not needed.
                        let bc = self.expr(b, cur);
                        return bc;
                    }
                    let captured = self.captured_of(idx);
                    let bc = self.expr(b, cur);
                    return CExpr::Closures(vec![(*v, idx, captured)], bx(bc));
                } else {
                    self.expr(d, cur)
                };
                CExpr::Let(*v, bx(dc), bx(self.expr(b, cur)))
            }
            Expr::LetRec(defs, b) => {
                let mut group = Vec::new();
                for (v, d) in defs {
                    let idx = self.function(strip_types(d));
                    if !self.closed.contains(&idx) {
                        group.push((*v, idx, self.captured_of(idx)));
                    }
                }
                let bc = self.expr(b, cur);
                if group.is_empty() {
                    bc
                } else {
                    CExpr::Closures(group, bx(bc))
                }
            }
            Expr::Seq(a, b) => CExpr::Seq(bx(self.expr(a, cur)), bx(self.expr(b, cur))),
            // A change of type only (types are erased from here on): the argument itself, in
            // the same position (a tail call under it stays one; `typing::gadt` casts bodies).
            Expr::Prim(crate::lambda::ir::Prim::Identity, args) if args.len() == 1 => {
                self.expr(&args[0], cur)
            }
            Expr::Prim(p, args) => {
                CExpr::Prim(*p, args.iter().map(|a| self.expr(a, cur)).collect())
            }
            Expr::If(c, t, f) => CExpr::If(
                bx(self.expr(c, cur)),
                bx(self.expr(t, cur)),
                bx(self.expr(f, cur)),
            ),
            Expr::Construct { ty, index, args } => CExpr::Construct {
                ty: ty.clone(),
                index: *index,
                args: args.iter().map(|a| self.expr(a, cur)).collect(),
            },
            Expr::ConstructExn { index, args } => CExpr::ConstructExn {
                index: *index,
                args: args.iter().map(|a| self.expr(a, cur)).collect(),
            },
            Expr::Field(x, 0) if matches!(strip_loc(x), Expr::Var(r) if self.local_refs.contains(r)) =>
            {
                let Expr::Var(r) = strip_loc(x) else {
                    unreachable!()
                };
                CExpr::GetMut(*r)
            }
            Expr::SetField(x, 0, v) if matches!(strip_loc(x), Expr::Var(r) if self.local_refs.contains(r)) =>
            {
                let Expr::Var(r) = strip_loc(x) else {
                    unreachable!()
                };
                CExpr::SetMut(*r, bx(self.expr(v, cur)))
            }
            Expr::Field(x, i) => CExpr::Field(bx(self.expr(x, cur)), *i),
            Expr::SetField(x, i, v) => {
                CExpr::SetField(bx(self.expr(x, cur)), *i, bx(self.expr(v, cur)))
            }
            Expr::Switch {
                scrut,
                kind,
                arms,
                default,
                ..
            } => CExpr::Switch {
                scrut: bx(self.expr(scrut, cur)),
                kind: kind.clone(),
                arms: arms.iter().map(|(k, a)| (*k, self.expr(a, cur))).collect(),
                default: default.as_ref().map(|d| bx(self.expr(d, cur))),
            },
            Expr::While(c, b) => CExpr::While(bx(self.expr(c, cur)), bx(self.expr(b, cur))),
            Expr::For {
                var,
                from,
                to,
                dir,
                body,
            } => CExpr::For {
                var: *var,
                from: bx(self.expr(from, cur)),
                to: bx(self.expr(to, cur)),
                dir: *dir,
                body: bx(self.expr(body, cur)),
            },
            Expr::Raise(x, _, k) => CExpr::Raise(bx(self.expr(x, cur)), *k),
            Expr::Try(b, v, h) => CExpr::Try {
                body: bx(self.expr(b, cur)),
                var: *v,
                handler: bx(self.expr(h, cur)),
                local: raises_only_directly(b),
            },
            Expr::Loc(s, b) => CExpr::Loc(*s, bx(self.expr(b, cur))),
        }
    }

    /// The variables function `idx` keeps in its closure: its free variables except itself
    /// and closed functions (which have static closures).
    fn captured_of(&self, idx: FuncIdx) -> Vec<VarId> {
        if self.closed.contains(&idx) {
            return vec![];
        }
        self.funs[idx.0 as usize]
            .free
            .iter()
            .copied()
            .filter(|v| match self.fun_of_var.get(v) {
                Some(g) => *g != idx && !self.closed.contains(g),
                None => true,
            })
            .collect()
    }

    /// Translates the `Fun` node `e` (the next one in pre-order) into a first-order function.
    fn function(&mut self, e: &Expr) -> FuncIdx {
        let Expr::Fun(params, body, _) = e else {
            unreachable!("function() on a non-function")
        };
        let idx = FuncIdx(self.counter);
        self.counter += 1;
        let self_var = self.vars.fresh("_self", Type::unit(), Span::default());
        let captured = self.captured_of(idx);
        let mut b = self.expr(
            body,
            Cur {
                idx,
                self_var: Some(self_var),
            },
        );
        for (i, v) in captured.iter().enumerate().rev() {
            b = CExpr::Let(*v, bx(CExpr::EnvField(i as u32)), bx(b));
        }
        let info = &self.funs[idx.0 as usize];
        let clean: String = info
            .name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        self.out[idx.0 as usize] = Some(Func {
            name: format!("egret_{clean}_{}", idx.0),
            source_name: info.name.clone(),
            scope_name: info.path.clone(),
            params: params.clone(),
            self_var,
            binder: info.binder,
            captured,
            body: b,
            span: info.span,
            scope: info.scope,
        });
        idx
    }
}
