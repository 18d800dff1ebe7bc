//! The simplifier proper: `simplify` descends, `rebuild` ascends (see the module docs of
//! [`super`] for the design and the post it follows).

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

use super::copy::{copy_fresh, subst_type_in_place};
use super::effects::{is_trivial, is_value, size, Effects};
use super::occurrence::{binder_occurrences, Occurrence, Occurrences};
use super::report::CallSite;
use super::scc::sccs;
use crate::diagnostics::Span;
use crate::lambda::arith::{eval_int_prim, IntResult};
use crate::lambda::builtins::bool_expr;
use crate::lambda::ir::*;
use crate::lambda::pmap::PMap;
use crate::lambda::verify::type_of_in;
use crate::lambda::visit::{each_var_occurrence, peel_loc};

/// Variables to inline, and with what.
pub type Subst = PMap<SubstRng>;

#[derive(Clone, Debug)]
pub enum SubstRng {
    /// Not simplified yet: simplified at the use site, in its context, under the saved
    /// substitution. Only for `Once` variables.
    Suspend(Suspended, Subst),
    /// Already simplified: never simplified again (the substitution is emptied).
    Done(Expr),
}

/// A suspended definition. The substitution is persistent and copied into every context
/// entry, so the definition is shared; it is *taken* at its only use (cloning it there would
/// cost its size at every link of a chain of suspensions).
#[derive(Clone, Debug)]
pub struct Suspended(Rc<RefCell<Option<Expr>>>);

impl Suspended {
    pub fn new(e: Expr) -> Self {
        Suspended(Rc::new(RefCell::new(Some(e))))
    }

    /// The definition, leaving nothing behind (a `Once` variable is used once).
    pub fn take(&self) -> Option<Expr> {
        self.0.borrow_mut().take()
    }

    /// Looks at the definition, if it was not taken yet.
    pub fn with<R>(&self, f: impl FnOnce(&Expr) -> R) -> Option<R> {
        self.0.borrow().as_ref().map(f)
    }
}

/// Every variable in scope, with its definition when it is known.
pub type InScope = PMap<Definition>;

#[derive(Clone, Debug)]
pub enum Definition {
    /// A parameter (or a loop breaker, or a handler's exception).
    Unknown,
    /// A `let` bound to this (simplified) definition.
    BoundTo(Expr, Occurrence),
}

/// A term with a hole, on the way down from the root to the term being simplified.
#[derive(Clone, Debug)]
pub enum ContextEntry {
    /// `(_ args)`, arguments not simplified yet.
    App(Vec<Expr>),
    /// `(ty_app _ ty)`
    TyApp(Type),
    /// `(ty_fun _)`
    TyFun(TyVar),
    /// `(let [var _] body)`, body not simplified yet.
    Local(VarId, Occurrence, Expr),
    /// `(seq _ next)`
    Seq(Expr),
    /// `(if _ a b)` or `(switch _ arms..)`.
    Select(Selection),
    /// `(field _ i)`
    Field(u32),
    /// A source location around the hole.
    Loc(Span),
}

#[derive(Clone, Debug)]
pub struct Selection {
    pub shape: Shape,
    /// For `if`: `(1, then)` and `(0, else)`.
    pub arms: Vec<(i64, Expr)>,
    pub default: Option<Box<Expr>>,
    /// The arms are already simplified (after case-of-case): they are copied, never
    /// simplified again.
    pub simplified: bool,
}

#[derive(Clone, Debug)]
pub enum Shape {
    If,
    Switch { kind: SwitchKind, ty: Type },
}

pub type Context = Vec<(ContextEntry, Subst)>;

/// Work done in a pass; a pass that does none ends the simplification.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// `App(Fun)` reduced to `Local`s.
    pub saturated_fun_count: usize,
    /// `TyApp(TyFun)` reduced by substitution.
    pub saturated_ty_fun_count: usize,
    /// Bindings removed (inlined, trivial, or dead).
    pub locals_inlined: usize,
    /// Switches, ifs and field reads on known constructors.
    pub known_cases: usize,
    pub case_of_case: usize,
    pub constants_folded: usize,
    /// Pure code whose value is unused (`seq` operands, `try` around code that cannot raise).
    pub dead_code_removed: usize,
}

impl Counters {
    pub fn total(&self) -> usize {
        self.saturated_fun_count
            + self.saturated_ty_fun_count
            + self.locals_inlined
            + self.known_cases
            + self.case_of_case
            + self.constants_folded
            + self.dead_code_removed
    }
}

/// Case-of-case may copy the outer arms into every inner arm as long as the copies add up
/// to at most this size.
pub const CASE_OF_CASE_BUDGET: usize = 40;

pub struct Simplifier<'a> {
    pub occs: Occurrences,
    pub subst: Subst,
    pub counters: Counters,
    pub inline_size_threshold: usize,
    vars: &'a mut VarTable,
    types: &'a TypeTable,
    /// References to each variable placed in the output so far (an over-approximation: a
    /// binding whose variable has none is dead).
    emitted: Vec<u32>,
    /// Fresh variable → the variable it copies.
    origins: &'a mut HashMap<VarId, VarId>,
    pub call_sites: Vec<CallSite>,
    pass: usize,
    /// The purity of each `Suspend`ed definition.
    suspended_purity: HashMap<VarId, Purity>,
}

enum Step {
    /// The selection was rebuilt; continue with the rest of the context.
    Continue(Expr),
    /// The rest of the context was handled too.
    Finished(Expr),
}

fn strip_locs(mut e: Expr) -> Expr {
    while let Expr::Loc(_, inner) = e {
        e = *inner;
    }
    e
}

impl<'a> Simplifier<'a> {
    pub fn new(
        occs: Occurrences,
        vars: &'a mut VarTable,
        types: &'a TypeTable,
        inline_size_threshold: usize,
        origins: &'a mut HashMap<VarId, VarId>,
        pass: usize,
    ) -> Self {
        Simplifier {
            occs,
            subst: Subst::default(),
            counters: Counters::default(),
            inline_size_threshold,
            emitted: vec![0; vars.vars.len()],
            vars,
            types,
            origins,
            call_sites: vec![],
            pass,
            suspended_purity: HashMap::new(),
        }
    }

    pub fn did_no_work(&self) -> bool {
        self.counters.total() == 0
    }

    fn effects(&self) -> Effects<'_> {
        Effects {
            vars: self.vars,
            types: self.types,
            suspended: Some(&self.suspended_purity),
        }
    }

    fn purity(&self, e: &Expr) -> Purity {
        self.effects().purity(e, &Subst::default())
    }

    // ---- emitted references ----

    fn emit(&mut self, v: VarId) {
        let i = v.0 as usize;
        if i >= self.emitted.len() {
            self.emitted.resize(i + 1, 0);
        }
        self.emitted[i] += 1;
    }

    fn emitted(&self, v: VarId) -> u32 {
        self.emitted.get(v.0 as usize).copied().unwrap_or(0)
    }

    /// `e` (already counted) leaves the output.
    fn un_emit(&mut self, e: &Expr) {
        let emitted = &mut self.emitted;
        each_var_occurrence(e, &mut |v| {
            if let Some(c) = emitted.get_mut(v.0 as usize) {
                *c = c.saturating_sub(1);
            }
        });
    }

    fn count_refs(&mut self, e: &Expr) {
        each_var_occurrence(e, &mut |v| self.emit(v));
    }

    /// A copy of a simplified term for a second place in the output, with fresh binders
    /// (analysed, since it will be simplified again).
    fn copy_for_inline(&mut self, e: &Expr) -> Expr {
        let c = copy_fresh(e, self.vars, self.origins);
        self.occs.absorb(binder_occurrences(&c));
        c
    }

    /// A copy placed in the output as it is: its references count.
    fn copy_counted(&mut self, e: &Expr) -> Expr {
        let c = self.copy_for_inline(e);
        self.count_refs(&c);
        c
    }

    // ---- simplify: down ----

    pub fn simplify(&mut self, mut ir: Expr, in_scope: InScope, mut ctx: Context) -> Expr {
        loop {
            ir = match ir {
                Expr::App(fun, args) => {
                    ctx.push((ContextEntry::App(args), self.subst.clone()));
                    *fun
                }
                Expr::TyApp(ty_fun, ty) => {
                    ctx.push((ContextEntry::TyApp(ty), self.subst.clone()));
                    *ty_fun
                }
                Expr::TyFun(v, body) => {
                    ctx.push((ContextEntry::TyFun(v), self.subst.clone()));
                    *body
                }
                Expr::Loc(span, body) => {
                    ctx.push((ContextEntry::Loc(span), self.subst.clone()));
                    *body
                }
                Expr::Field(b, i) => {
                    ctx.push((ContextEntry::Field(i), self.subst.clone()));
                    *b
                }
                Expr::Seq(a, b) => {
                    ctx.push((ContextEntry::Seq(*b), self.subst.clone()));
                    *a
                }
                Expr::If(c, a, b) => {
                    let sel = Selection {
                        shape: Shape::If,
                        arms: vec![(1, *a), (0, *b)],
                        default: None,
                        simplified: false,
                    };
                    ctx.push((ContextEntry::Select(sel), self.subst.clone()));
                    *c
                }
                Expr::Switch {
                    scrut,
                    kind,
                    arms,
                    default,
                    ty,
                } => {
                    let sel = Selection {
                        shape: Shape::Switch { kind, ty },
                        arms,
                        default,
                        simplified: false,
                    };
                    ctx.push((ContextEntry::Select(sel), self.subst.clone()));
                    *scrut
                }
                Expr::Const(c) => break self.rebuild(Expr::Const(c), in_scope, ctx),
                Expr::Fun(ps, body) if matches!(ctx.last(), Some((ContextEntry::App(_), _))) => {
                    // `((fun [p..] body) args)`: reduce it now. (The post simplifies the body
                    // first and reduces in `rebuild`, which simplifies the body twice: nested
                    // applied lambdas would cost quadratic time.)
                    let Some((ContextEntry::App(mut args), arg_subst)) = ctx.pop() else {
                        unreachable!("matched above")
                    };
                    if !arg_subst.ptr_eq(&self.subst) {
                        // The body needs the current substitution, the arguments the one saved
                        // with them: each argument is suspended under its own, behind a fresh
                        // variable that is always substituted away.
                        for (i, a) in args.iter_mut().enumerate() {
                            // (Its type does not matter: it never reaches the output.)
                            let ty = ps
                                .get(i)
                                .map_or_else(Type::int, |p| self.vars.ty(*p).clone());
                            let t = self.vars.fresh("arg", ty, Span::default());
                            let a = std::mem::replace(a, Expr::Var(t));
                            self.subst.insert(
                                t.0,
                                SubstRng::Suspend(Suspended::new(a), arg_subst.clone()),
                            );
                        }
                    }
                    break self.beta(ps, *body, args, false, in_scope, ctx);
                }
                Expr::Fun(ps, body) => {
                    let mut inner = in_scope.clone();
                    for p in &ps {
                        inner.insert(p.0, Definition::Unknown);
                    }
                    let body = self.simplify(*body, inner, vec![]);
                    break self.rebuild(Expr::Fun(ps, Box::new(body)), in_scope, ctx);
                }
                Expr::Local(var, defn, body) => self.simplify_local(var, *defn, *body, &mut ctx),
                Expr::LetRec(defs, body) => break self.simplify_letrec(defs, *body, in_scope, ctx),
                Expr::Var(var) => match self.simplify_var(var, &in_scope, &ctx) {
                    ControlFlow::Continue(ir) => ir,
                    ControlFlow::Break(var) => {
                        self.emit(var);
                        break self.rebuild(Expr::Var(var), in_scope, ctx);
                    }
                },
                other => {
                    let e = self.simplify_operands(other, &in_scope);
                    break self.rebuild(e, in_scope, ctx);
                }
            }
        }
    }

    /// Simplifies each term on its own (empty context) under the current substitution.
    fn simplify_each(&mut self, es: Vec<Expr>, in_scope: &InScope) -> Vec<Expr> {
        let saved = self.subst.clone();
        let out = es
            .into_iter()
            .map(|e| {
                self.subst = saved.clone();
                self.simplify(e, in_scope.clone(), vec![])
            })
            .collect();
        self.subst = saved;
        out
    }

    fn simplify_one(&mut self, e: Expr, in_scope: &InScope) -> Expr {
        let saved = self.subst.clone();
        let out = self.simplify(e, in_scope.clone(), vec![]);
        self.subst = saved;
        out
    }

    /// The nodes no context flows into: their operands are simplified apart.
    fn simplify_operands(&mut self, e: Expr, in_scope: &InScope) -> Expr {
        match e {
            Expr::Prim(p, args) => {
                let args = self.simplify_each(args, in_scope);
                self.fold_prim(p, args)
            }
            Expr::Construct { ty, index, args } => Expr::Construct {
                ty,
                index,
                args: self.simplify_each(args, in_scope),
            },
            Expr::ConstructExn { index, args } => Expr::ConstructExn {
                index,
                args: self.simplify_each(args, in_scope),
            },
            Expr::SetField(b, i, v) => {
                let b = self.simplify_one(*b, in_scope);
                let v = self.simplify_one(*v, in_scope);
                Expr::SetField(Box::new(b), i, Box::new(v))
            }
            Expr::While(c, b) => {
                let c = self.simplify_one(*c, in_scope);
                let b = self.simplify_one(*b, in_scope);
                Expr::While(Box::new(c), Box::new(b))
            }
            Expr::For {
                var,
                from,
                to,
                dir,
                body,
            } => {
                let from = self.simplify_one(*from, in_scope);
                let to = self.simplify_one(*to, in_scope);
                let body = self.simplify_one(*body, &in_scope.update(var.0, Definition::Unknown));
                Expr::For {
                    var,
                    from: Box::new(from),
                    to: Box::new(to),
                    dir,
                    body: Box::new(body),
                }
            }
            Expr::Raise(b, ty) => Expr::Raise(Box::new(self.simplify_one(*b, in_scope)), ty),
            Expr::Try(b, v, h) => {
                let b = self.simplify_one(*b, in_scope);
                let h = self.simplify_one(*h, &in_scope.update(v.0, Definition::Unknown));
                if self.purity(&b) == Purity::Pure {
                    // Nothing to catch.
                    self.un_emit(&h);
                    self.counters.dead_code_removed += 1;
                    b
                } else {
                    Expr::Try(Box::new(b), v, Box::new(h))
                }
            }
            // Every other node is taken apart by `simplify` itself.
            other => other,
        }
    }

    fn simplify_local(&mut self, var: VarId, defn: Expr, body: Expr, ctx: &mut Context) -> Expr {
        let occ = self.occs.lookup_var(var);
        let purity = self.effects().purity(&defn, &self.subst);
        match occ {
            Occurrence::Dead if purity != Purity::Effect => {
                self.locals_inlined_here();
                body
            }
            Occurrence::Dead => {
                // Unused, but its effect stays, in order.
                ctx.push((ContextEntry::Seq(body), self.subst.clone()));
                defn
            }
            Occurrence::Once
                if purity == Purity::Pure
                    || self.effects().first_use_is_safe(&body, var, &self.subst) =>
            {
                self.locals_inlined_here();
                self.suspended_purity.insert(var, purity);
                let subst = self.subst.clone();
                self.subst
                    .insert(var.0, SubstRng::Suspend(Suspended::new(defn), subst));
                body
            }
            occ => {
                ctx.push((ContextEntry::Local(var, occ, body), self.subst.clone()));
                defn
            }
        }
    }

    fn locals_inlined_here(&mut self) {
        self.counters.locals_inlined += 1;
    }

    fn simplify_var(
        &mut self,
        var: VarId,
        in_scope: &InScope,
        ctx: &Context,
    ) -> ControlFlow<VarId, Expr> {
        match self.subst.remove(var.0) {
            Some(SubstRng::Suspend(payload, subst)) => match payload.take() {
                Some(payload) => {
                    self.note_call(
                        var,
                        ctx,
                        true,
                        "used once: its definition moves here".into(),
                    );
                    self.subst = subst;
                    ControlFlow::Continue(payload)
                }
                // A second use of a `Once` variable would be a bug in the analysis; keep the
                // variable (the verifier will report it unbound) rather than guess.
                None => ControlFlow::Break(var),
            },
            Some(SubstRng::Done(payload)) => {
                self.note_call(var, ctx, true, "trivial definition".into());
                self.subst = Subst::default();
                ControlFlow::Continue(payload)
            }
            None => self.callsite_inline(var, in_scope, ctx),
        }
    }

    fn callsite_inline(
        &mut self,
        var: VarId,
        in_scope: &InScope,
        ctx: &Context,
    ) -> ControlFlow<VarId, Expr> {
        match in_scope.get(var.0) {
            Some(Definition::BoundTo(definition, occ)) => {
                match self.should_inline(var, definition, *occ, in_scope, ctx) {
                    Ok(why) => {
                        self.note_call(var, ctx, true, why);
                        self.subst = Subst::default();
                        if let Occurrence::OnceInFun = occ {
                            self.occs.mark_dead(var);
                        }
                        ControlFlow::Continue(self.copy_for_inline(definition))
                    }
                    Err(why) => {
                        self.note_call(var, ctx, false, why);
                        ControlFlow::Break(var)
                    }
                }
            }
            Some(Definition::Unknown) => {
                let why = if self.occs.is_loop_breaker(var) {
                    "loop breaker of a recursive group"
                } else {
                    "unknown function (a parameter)"
                };
                self.note_call(var, ctx, false, why.into());
                ControlFlow::Break(var)
            }
            None => {
                self.note_call(var, ctx, false, "free in the simplified term".into());
                ControlFlow::Break(var)
            }
        }
    }

    fn should_inline(
        &self,
        var: VarId,
        ir: &Expr,
        occ: Occurrence,
        in_scope: &InScope,
        ctx: &Context,
    ) -> Result<String, String> {
        if self.occs.is_loop_breaker(var) {
            return Err("loop breaker of a recursive group".into());
        }
        match occ {
            Occurrence::Dead => Err("dead".into()),
            // `Once` reaches here when its definition has effects and stays where it is.
            Occurrence::Once | Occurrence::OnceInFun => {
                if !is_value(ir) {
                    Err("used once in a function, but not a value (would repeat work)".into())
                } else if self.some_benefit(ir, in_scope, ctx) {
                    Ok("used once in a function: a value, with benefit".into())
                } else {
                    Err("used once in a function: no benefit here".into())
                }
            }
            Occurrence::Many => {
                if !is_value(ir) {
                    return Err("used many times, not a value".into());
                }
                let s = size(ir, self.inline_size_threshold);
                if s > self.inline_size_threshold {
                    return Err(format!(
                        "used many times, too big (size > {})",
                        self.inline_size_threshold
                    ));
                }
                if self.some_benefit(ir, in_scope, ctx) {
                    Ok(format!(
                        "used many times: small value (size {s}), with benefit"
                    ))
                } else {
                    Err(format!(
                        "used many times: small value (size {s}), no benefit here"
                    ))
                }
            }
        }
    }

    /// Whether inlining `ir` here opens up work: enough arguments in the context to saturate
    /// it, or an interesting argument (not trivial, or a variable with a known definition).
    fn some_benefit(&self, ir: &Expr, in_scope: &InScope, ctx: &Context) -> bool {
        let mut params = 0;
        let mut f = ir;
        loop {
            match f {
                Expr::Fun(ps, b) => {
                    params += ps.len();
                    f = b;
                }
                Expr::TyFun(_, b) => {
                    params += 1;
                    f = b;
                }
                Expr::Loc(_, b) => f = b,
                _ => break,
            }
        }
        let mut args: Vec<Option<&Expr>> = vec![];
        for (entry, _) in ctx.iter().rev() {
            match entry {
                ContextEntry::App(a) => args.extend(a.iter().map(Some)),
                ContextEntry::TyApp(_) => args.push(None),
                ContextEntry::Loc(_) => {}
                _ => break,
            }
        }
        if args.len() >= params {
            return true;
        }
        args.iter().take(params).any(|a| match a {
            Some(arg) => {
                !is_trivial(arg)
                    || match peel_loc(arg) {
                        Expr::Var(v) => matches!(in_scope.get(v.0), Some(Definition::BoundTo(..))),
                        _ => false,
                    }
            }
            None => false,
        })
    }

    fn note_call(&mut self, var: VarId, ctx: &Context, inlined: bool, reason: String) {
        let mut args = 0;
        for (entry, _) in ctx.iter().rev() {
            match entry {
                ContextEntry::App(a) => args += a.len(),
                ContextEntry::TyApp(_) | ContextEntry::Loc(_) => {}
                _ => break,
            }
        }
        if args == 0 {
            return;
        }
        let info = self.vars.vars.get(var.0 as usize);
        self.call_sites.push(CallSite {
            pass: self.pass,
            var,
            name: info.map_or_else(String::new, |i| i.name.clone()),
            span: info.map(|i| i.span).unwrap_or_default(),
            args,
            inlined,
            reason,
        });
    }

    // ---- let rec ----

    fn simplify_letrec(
        &mut self,
        defs: Vec<(VarId, Expr)>,
        body: Expr,
        in_scope: InScope,
        ctx: Context,
    ) -> Expr {
        let n = defs.len();
        let vars: Vec<VarId> = defs.iter().map(|(v, _)| *v).collect();
        let index: HashMap<VarId, usize> = vars.iter().enumerate().map(|(i, v)| (*v, i)).collect();
        let edges_of = |ds: &[&Expr]| -> Vec<Vec<usize>> {
            ds.iter()
                .map(|d| {
                    let mut out = vec![];
                    each_var_occurrence(d, &mut |v| {
                        if let Some(&j) = index.get(&v) {
                            if !out.contains(&j) {
                                out.push(j);
                            }
                        }
                    });
                    out
                })
                .collect()
        };
        let breaker: Vec<bool> = vars.iter().map(|v| self.occs.is_loop_breaker(*v)).collect();
        // Non-breakers in dependency order (they do not depend on each other cyclically),
        // so each is simplified, and known, before the definitions that use it.
        let edges = edges_of(&defs.iter().map(|(_, d)| d).collect::<Vec<_>>());
        let non_breaker_edges: Vec<Vec<usize>> = (0..n)
            .map(|i| {
                if breaker[i] {
                    vec![]
                } else {
                    edges[i].iter().copied().filter(|j| !breaker[*j]).collect()
                }
            })
            .collect();
        let mut order: Vec<usize> = sccs(n, &non_breaker_edges)
            .into_iter()
            .flatten()
            .filter(|i| !breaker[*i])
            .collect();
        order.extend((0..n).filter(|i| breaker[*i]));

        let mut scope = in_scope;
        for v in &vars {
            scope.insert(v.0, Definition::Unknown);
        }
        let saved = self.subst.clone();
        let mut pending: Vec<Option<Expr>> = defs.into_iter().map(|(_, d)| Some(d)).collect();
        let mut done: Vec<Option<Expr>> = vec![None; n];
        for i in order {
            self.subst = saved.clone();
            let d = pending[i].take().expect("each definition once");
            let d = self.simplify(d, scope.clone(), vec![]);
            if !breaker[i] {
                scope.insert(
                    vars[i].0,
                    Definition::BoundTo(d.clone(), self.occs.lookup_var(vars[i])),
                );
            }
            done[i] = Some(d);
        }
        self.subst = saved;
        let defs: Vec<Expr> = done.into_iter().map(|d| d.expect("simplified")).collect();
        let inside: Vec<u32> = vars.iter().map(|v| self.emitted(*v)).collect();
        // The body, with the whole context: `C[let rec fs in b]` is `let rec fs in C[b]`
        // (closures are pure, and binders are unique).
        let body = self.simplify(body, scope, ctx);

        // Live bindings: used outside the group's definitions, or by a live one.
        let edges = edges_of(&defs.iter().collect::<Vec<_>>());
        let mut live: Vec<bool> = (0..n).map(|i| self.emitted(vars[i]) > inside[i]).collect();
        let mut work: Vec<usize> = (0..n).filter(|i| live[*i]).collect();
        while let Some(i) = work.pop() {
            for &j in &edges[i] {
                if !live[j] {
                    live[j] = true;
                    work.push(j);
                }
            }
        }
        for i in 0..n {
            if !live[i] {
                self.un_emit(&defs[i]);
                self.counters.locals_inlined += 1;
            }
        }
        // What is left, as nested groups in dependency order; a group that is not recursive
        // becomes a plain `let` (which the next pass can inline like any other).
        let keep: Vec<usize> = (0..n).filter(|i| live[*i]).collect();
        let pos: HashMap<usize, usize> = keep.iter().enumerate().map(|(k, i)| (*i, k)).collect();
        let sub: Vec<Vec<usize>> = keep
            .iter()
            .map(|i| {
                edges[*i]
                    .iter()
                    .filter_map(|j| pos.get(j).copied())
                    .collect()
            })
            .collect();
        let comps = sccs(keep.len(), &sub);
        let mut slots: Vec<Option<Expr>> = defs.into_iter().map(Some).collect();
        let mut out = body;
        for comp in comps.into_iter().rev() {
            let recursive = comp.len() > 1 || sub[comp[0]].contains(&comp[0]);
            let mut group: Vec<(VarId, Expr)> = comp
                .iter()
                .map(|k| (vars[keep[*k]], slots[keep[*k]].take().unwrap()))
                .collect();
            out = if recursive {
                Expr::LetRec(group, Box::new(out))
            } else {
                let (v, d) = group.pop().unwrap();
                Expr::Local(v, Box::new(d), Box::new(out))
            };
        }
        out
    }

    // ---- rebuild: up ----

    pub fn rebuild(&mut self, mut ir: Expr, in_scope: InScope, mut ctx: Context) -> Expr {
        while let Some((entry, subst)) = ctx.pop() {
            self.subst = subst;
            match entry {
                ContextEntry::App(args) => {
                    if let Expr::Fun(..) = peel_loc(&ir) {
                        if let Expr::Fun(params, body) = strip_locs(ir) {
                            return self.beta(params, *body, args, true, in_scope, ctx);
                        }
                        unreachable!("peel_loc saw a function");
                    }
                    let args = self.simplify_each(args, &in_scope);
                    ir = match ir {
                        // ((f a) b) is (f a b): both evaluate b, a, f, then apply.
                        Expr::App(f, mut first) => {
                            first.extend(args);
                            Expr::App(f, first)
                        }
                        f => Expr::App(Box::new(f), args),
                    };
                }
                ContextEntry::TyApp(ty) => {
                    ir = match strip_locs(ir) {
                        Expr::TyFun(v, mut body) => {
                            self.counters.saturated_ty_fun_count += 1;
                            subst_type_in_place(&mut body, v, &ty, self.vars);
                            *body
                        }
                        other => Expr::TyApp(Box::new(other), ty),
                    };
                }
                ContextEntry::TyFun(v) => ir = Expr::TyFun(v, Box::new(ir)),
                ContextEntry::Loc(span) => ir = Expr::Loc(span, Box::new(ir)),
                ContextEntry::Local(var, occ, body) => {
                    if is_trivial(&ir) {
                        self.counters.locals_inlined += 1;
                        self.un_emit(&ir);
                        self.subst.insert(var.0, SubstRng::Done(ir));
                        return self.simplify(body, in_scope, ctx);
                    }
                    let body = self.simplify(
                        body,
                        in_scope.update(var.0, Definition::BoundTo(ir.clone(), occ)),
                        vec![],
                    );
                    ir = if occ == Occurrence::Dead || self.emitted(var) == 0 {
                        if self.purity(&ir) == Purity::Effect {
                            Expr::Seq(Box::new(ir), Box::new(body))
                        } else {
                            self.counters.locals_inlined += 1;
                            self.un_emit(&ir);
                            body
                        }
                    } else {
                        Expr::Local(var, Box::new(ir), Box::new(body))
                    };
                }
                ContextEntry::Seq(next) => {
                    // The value of `ir` is unused: `(seq (seq x 20) next)` is `(seq x next)`.
                    while let Expr::Seq(_, y) = &ir {
                        if self.purity(y) == Purity::Effect {
                            break;
                        }
                        let Expr::Seq(x, y) = ir else {
                            unreachable!("matched above")
                        };
                        self.un_emit(&y);
                        self.counters.dead_code_removed += 1;
                        ir = *x;
                    }
                    if self.purity(&ir) != Purity::Effect {
                        if !is_trivial(&ir) {
                            self.counters.dead_code_removed += 1;
                        }
                        self.un_emit(&ir);
                        return self.simplify(next, in_scope, ctx);
                    }
                    let next = self.simplify(next, in_scope.clone(), vec![]);
                    ir = Expr::Seq(Box::new(ir), Box::new(next));
                }
                ContextEntry::Field(i) => ir = self.rebuild_field(ir, i, &in_scope),
                ContextEntry::Select(sel) => {
                    match self.rebuild_select(ir, sel, &in_scope, &mut ctx) {
                        Step::Continue(e) => ir = e,
                        Step::Finished(e) => return e,
                    }
                }
            }
        }
        ir
    }

    /// `((fun [p1 .. pn] body) a1 .. am)`: the parameters become `let`s of the arguments,
    /// bound in evaluation order (the last argument first), and the result is simplified
    /// again in the context.
    fn beta(
        &mut self,
        params: Vec<VarId>,
        body: Expr,
        mut args: Vec<Expr>,
        body_simplified: bool,
        in_scope: InScope,
        ctx: Context,
    ) -> Expr {
        self.counters.saturated_fun_count += 1;
        let n = params.len().min(args.len());
        let extra = args.split_off(n);
        let rest = if n < params.len() {
            Expr::Fun(params[n..].to_vec(), Box::new(body))
        } else {
            body
        };
        if body_simplified {
            // The body leaves the output; it comes back simplified anew. Simplification changed
            // its occurrences since the pass began: analyse it again.
            self.un_emit(&rest);
        }
        if body_simplified || n < params.len() {
            // (In a partial application the parameters are captured by the rest.)
            let probe = Expr::Fun(params[..n].to_vec(), Box::new(rest));
            self.occs.absorb(binder_occurrences(&probe));
            let Expr::Fun(_, rest) = probe else {
                unreachable!("built above")
            };
            return self.beta_bind(&params[..n], *rest, args, extra, in_scope, ctx);
        }
        self.beta_bind(&params[..n], rest, args, extra, in_scope, ctx)
    }

    fn beta_bind(
        &mut self,
        params: &[VarId],
        rest: Expr,
        args: Vec<Expr>,
        extra: Vec<Expr>,
        in_scope: InScope,
        mut ctx: Context,
    ) -> Expr {
        let mut e = rest;
        for (p, a) in params.iter().zip(args) {
            e = Expr::Local(*p, Box::new(a), Box::new(e));
        }
        if !extra.is_empty() {
            ctx.push((ContextEntry::App(extra), self.subst.clone()));
        }
        self.simplify(e, in_scope, ctx)
    }

    fn rebuild_field(&mut self, ir: Expr, i: u32, in_scope: &InScope) -> Expr {
        let k = i as usize;
        match peel_loc(&ir) {
            Expr::Construct { args, .. } if k < args.len() => {
                if args
                    .iter()
                    .enumerate()
                    .all(|(j, a)| j == k || self.purity(a) == Purity::Pure)
                {
                    if let Expr::Construct { mut args, .. } = strip_locs(ir) {
                        self.counters.known_cases += 1;
                        let picked = args.swap_remove(k);
                        for a in &args {
                            self.un_emit(a);
                        }
                        return picked;
                    }
                    unreachable!("peel_loc saw a constructor");
                }
            }
            Expr::Var(x) => {
                if let Some(Definition::BoundTo(d, _)) = in_scope.get(x.0) {
                    if let Expr::Construct { args, .. } = peel_loc(d) {
                        if let Some(a) = args.get(k) {
                            if is_trivial(a)
                                && self.effects().field_purity(peel_loc(d), i) == Purity::Pure
                            {
                                let a = a.clone();
                                self.counters.known_cases += 1;
                                self.un_emit(&ir);
                                self.count_refs(&a);
                                return a;
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        Expr::Field(Box::new(ir), i)
    }

    /// The constructor index (or int) `e` is known to evaluate to, without effects.
    fn known_tag(&self, e: &Expr, in_scope: &InScope) -> Option<i64> {
        match peel_loc(e) {
            Expr::Const(Const::Int(n)) => Some(*n),
            Expr::Const(Const::Char(c)) => Some(*c as i64),
            Expr::Construct { index, args, .. }
                if args.iter().all(|a| self.purity(a) == Purity::Pure) =>
            {
                Some(*index as i64)
            }
            Expr::Var(x) => match in_scope.get(x.0) {
                Some(Definition::BoundTo(d, _)) => match peel_loc(d) {
                    Expr::Const(Const::Int(n)) => Some(*n),
                    Expr::Const(Const::Char(c)) => Some(*c as i64),
                    Expr::Construct { index, .. } => Some(*index as i64),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }

    fn rebuild_select(
        &mut self,
        ir: Expr,
        sel: Selection,
        in_scope: &InScope,
        ctx: &mut Context,
    ) -> Step {
        // 1. `(switch (let [x d] e) ..)` is `(let [x d] (switch e ..))`: look at the tail.
        if let Expr::Local(..) | Expr::Seq(..) | Expr::LetRec(..) = peel_loc(&ir) {
            let entry_subst = self.subst.clone();
            let e = self.into_tail(
                ir,
                in_scope,
                &mut |this: &mut Self, tail: Expr, scope: InScope| {
                    this.rebuild(
                        tail,
                        scope,
                        vec![(ContextEntry::Select(sel.clone()), entry_subst.clone())],
                    )
                },
            );
            return Step::Continue(e);
        }
        // 2. Case of known constructor (and known `if` conditions).
        if let Some(tag) = self.known_tag(&ir, in_scope) {
            if sel.arms.iter().any(|(k, _)| *k == tag) || sel.default.is_some() {
                let Selection {
                    arms,
                    default,
                    simplified,
                    ..
                } = sel;
                let arm = match arms.into_iter().find(|(k, _)| *k == tag) {
                    Some((_, a)) => a,
                    None => *default.expect("checked above"),
                };
                self.counters.known_cases += 1;
                self.un_emit(&ir);
                if simplified {
                    return Step::Continue(self.copy_counted(&arm));
                }
                return Step::Finished(self.simplify(arm, in_scope.clone(), std::mem::take(ctx)));
            }
        }
        // 3. Nothing is selected from a raise.
        if let (Expr::Raise(..), Shape::Switch { ty, .. }) = (peel_loc(&ir), &sel.shape) {
            if let Expr::Raise(e, _) = strip_locs(ir) {
                if sel.simplified {
                    // The copies were never placed; the originals were counted.
                } else {
                    self.counters.dead_code_removed += 1;
                }
                return Step::Continue(Expr::Raise(e, ty.clone()));
            }
            unreachable!("peel_loc saw a raise");
        }
        // 4. Case of case: the selection moves into the arms of the inner one.
        if let Some(ty) = self.case_of_case_type(&ir, &sel) {
            let sel = self.simplify_selection(sel, in_scope);
            let entry_subst = self.subst.clone();
            self.counters.case_of_case += 1;
            let push = |this: &mut Self, arm: Expr| {
                this.rebuild(
                    arm,
                    in_scope.clone(),
                    vec![(ContextEntry::Select(sel.clone()), entry_subst.clone())],
                )
            };
            let e = match strip_locs(ir) {
                Expr::If(c, a, b) => {
                    let a = push(self, *a);
                    let b = push(self, *b);
                    Expr::If(c, Box::new(a), Box::new(b))
                }
                Expr::Switch {
                    scrut,
                    kind,
                    arms,
                    default,
                    ..
                } => {
                    let arms = arms.into_iter().map(|(k, a)| (k, push(self, a))).collect();
                    let default = default.map(|d| Box::new(push(self, *d)));
                    Expr::Switch {
                        scrut,
                        kind,
                        arms,
                        default,
                        ty: ty.expect("a switch needs its result type"),
                    }
                }
                other => other,
            };
            return Step::Continue(e);
        }
        // 5. Nothing known: the arms are simplified (or copied) where they are.
        let sel = if sel.simplified {
            let arms = sel
                .arms
                .iter()
                .map(|(k, a)| (*k, self.copy_counted(a)))
                .collect();
            let default = sel.default.as_ref().map(|d| Box::new(self.copy_counted(d)));
            Selection {
                arms,
                default,
                ..sel
            }
        } else {
            self.simplify_selection(sel, in_scope)
        };
        Step::Continue(Self::build(ir, sel))
    }

    /// Applies `f` to the tail of a chain of `let`/`seq`/`let rec`, keeping the chain.
    fn into_tail(
        &mut self,
        ir: Expr,
        in_scope: &InScope,
        f: &mut dyn FnMut(&mut Self, Expr, InScope) -> Expr,
    ) -> Expr {
        match strip_locs(ir) {
            Expr::Local(v, d, b) => {
                let scope = in_scope.update(
                    v.0,
                    Definition::BoundTo((*d).clone(), self.occs.lookup_var(v)),
                );
                let b = self.into_tail(*b, &scope, f);
                Expr::Local(v, d, Box::new(b))
            }
            Expr::Seq(a, b) => {
                let b = self.into_tail(*b, in_scope, f);
                Expr::Seq(a, Box::new(b))
            }
            Expr::LetRec(defs, b) => {
                let mut scope = in_scope.clone();
                for (v, _) in &defs {
                    scope.insert(v.0, Definition::Unknown);
                }
                let b = self.into_tail(*b, &scope, f);
                Expr::LetRec(defs, Box::new(b))
            }
            other => f(self, other, in_scope.clone()),
        }
    }

    /// `Some(result type)` (for a rebuilt inner switch; `None` inside for an inner `if`) when
    /// case-of-case applies to `ir` under `sel` within the size budget.
    fn case_of_case_type(&self, ir: &Expr, sel: &Selection) -> Option<Option<Type>> {
        let inner_arms = match peel_loc(ir) {
            Expr::If(..) => 2,
            Expr::Switch { arms, default, .. } => arms.len() + default.is_some() as usize,
            _ => return None,
        };
        let outer: usize = sel
            .arms
            .iter()
            .map(|(_, a)| size(a, CASE_OF_CASE_BUDGET))
            .sum::<usize>()
            + sel
                .default
                .as_ref()
                .map_or(0, |d| size(d, CASE_OF_CASE_BUDGET));
        if outer.max(1) * inner_arms.saturating_sub(1) > CASE_OF_CASE_BUDGET {
            return None;
        }
        match (peel_loc(ir), &sel.shape) {
            (Expr::If(..), _) => Some(None),
            (_, Shape::Switch { ty, .. }) => Some(Some(ty.clone())),
            // The type of the `if`, from one of its arms.
            (_, Shape::If) => type_of_in(self.vars, self.types, &sel.arms[0].1)
                .ok()
                .map(Some),
        }
    }

    fn simplify_selection(&mut self, sel: Selection, in_scope: &InScope) -> Selection {
        if sel.simplified {
            return sel;
        }
        let saved = self.subst.clone();
        let mut arms = vec![];
        for (k, a) in sel.arms {
            self.subst = saved.clone();
            arms.push((k, self.simplify(a, in_scope.clone(), vec![])));
        }
        let default = sel.default.map(|d| {
            self.subst = saved.clone();
            Box::new(self.simplify(*d, in_scope.clone(), vec![]))
        });
        self.subst = saved;
        Selection {
            shape: sel.shape,
            arms,
            default,
            simplified: true,
        }
    }

    fn build(scrut: Expr, sel: Selection) -> Expr {
        match sel.shape {
            Shape::If => {
                let mut then = None;
                let mut els = None;
                for (k, a) in sel.arms {
                    if k == 1 {
                        then = Some(a);
                    } else {
                        els = Some(a);
                    }
                }
                Expr::If(
                    Box::new(scrut),
                    Box::new(then.expect("then")),
                    Box::new(els.expect("else")),
                )
            }
            Shape::Switch { kind, ty } => Expr::Switch {
                scrut: Box::new(scrut),
                kind,
                arms: sel.arms,
                default: sel.default,
                ty,
            },
        }
    }

    // ---- constant folding ----

    fn fold_prim(&mut self, p: Prim, args: Vec<Expr>) -> Expr {
        if !matches!(p, Prim::Runtime(..) | Prim::IsException(_)) {
            let consts: Option<Vec<i64>> = args
                .iter()
                .map(|a| match peel_loc(a) {
                    Expr::Const(Const::Int(n)) => Some(*n),
                    Expr::Const(Const::Char(c)) => Some(*c as i64),
                    Expr::Construct { args, index, .. } if args.is_empty() => Some(*index as i64),
                    _ => None,
                })
                .collect();
            if let Some(ns) = consts {
                match eval_int_prim(p, &ns) {
                    Some(IntResult::Int(n)) => {
                        self.counters.constants_folded += 1;
                        return Expr::Const(Const::Int(n));
                    }
                    Some(IntResult::Bool(b)) => {
                        self.counters.constants_folded += 1;
                        return bool_expr(b);
                    }
                    // Division by zero raises at run time: leave it.
                    Some(IntResult::DivisionByZero) | None => {}
                }
            }
        }
        let is = |e: &Expr, n: i64| matches!(peel_loc(e), Expr::Const(Const::Int(m)) if *m == n);
        let identity = match (p, args.as_slice()) {
            (Prim::Add, [x, z])
            | (Prim::Add, [z, x])
            | (Prim::Sub, [x, z])
            | (Prim::Or, [x, z])
            | (Prim::Xor, [x, z])
                if is(z, 0) =>
            {
                Some(x.clone())
            }
            (Prim::Mul, [x, o]) | (Prim::Mul, [o, x]) | (Prim::Div, [x, o]) if is(o, 1) => {
                Some(x.clone())
            }
            (Prim::Not, [inner]) => match peel_loc(inner) {
                Expr::Prim(Prim::Not, xs) if xs.len() == 1 => Some(xs[0].clone()),
                _ => None,
            },
            _ => None,
        };
        match identity {
            Some(x) => {
                self.counters.constants_folded += 1;
                x
            }
            None => Expr::Prim(p, args),
        }
    }
}
