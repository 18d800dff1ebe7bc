//! The simplifier proper: `simplify` descends, `rebuild` ascends (see the module docs of
//! [`super`] for the design and the post it follows).

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::copy::{copy_fresh, subst_type_in_place};
use super::effects::{is_trivial, is_value, size, Effects, SuspendedFacts};
use super::occurrence::{binder_occurrences, Occurrence, Occurrences};
use super::report::{CallSite, Counters};
pub use super::subst::{Subst, SubstRng, Suspended};
use crate::diagnostics::Span;
use crate::lambda::ir::*;
use crate::lambda::pmap::PMap;
use crate::lambda::visit::{each_var_occurrence, peel_loc};

/// Every variable in scope, with its definition when it is known.
pub type InScope = PMap<Definition>;

#[derive(Clone, Debug)]
pub enum Definition {
    /// A parameter (or a loop breaker, or a handler's exception).
    Unknown,
    /// A `let` bound to this (simplified) definition.
    BoundTo(Expr, Occurrence),
    /// A `let` bound to a computation whose text nothing can use: not a value (never
    /// inlined), not a constructor or constant (never a known case). Only that the variable
    /// has a definition is kept: copying every such definition into the scope cost time
    /// quadratic in the nesting of `let`s inside definitions (issue #22).
    Computed(Occurrence),
}

impl Definition {
    /// What the scope records of a `let` of `var` (occurrence `occ`) to the simplified `ir`.
    pub fn of_let(ir: &Expr, occ: Occurrence) -> Definition {
        let useful =
            is_value(ir) || matches!(peel_loc(ir), Expr::Construct { .. } | Expr::Const(_));
        if useful {
            Definition::BoundTo(ir.clone(), occ)
        } else {
            Definition::Computed(occ)
        }
    }
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
    Loc(SrcLoc),
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

/// Case-of-case may copy the outer arms into every inner arm as long as the copies add up
/// to at most this size.
pub const CASE_OF_CASE_BUDGET: usize = 40;

/// The program-wide inlining budget of a pass: copies of definitions inlined at call sites may
/// add up to `INLINE_GROWTH_FACTOR` times the program's size plus `INLINE_GROWTH_MIN`. Each
/// site's own limits (the size threshold for `Many`) do not bound the total: a chain of
/// functions each used once in the next (`let f1 x = f0 (x + 1)`, `let f2 x = f1 ..`) copies
/// f0 into f1, then f0+f1 into f2, ..., quadratic time and memory in the chain's length
/// (issue #22). Past the budget only definitions of size at most [`INLINE_TINY`] are copied.
pub const INLINE_GROWTH_FACTOR: usize = 2;
pub const INLINE_GROWTH_MIN: usize = 20_000;
/// Definitions this small (a wrapper, a field read) are inlined whatever the budget: each
/// copy costs no more than the call it replaces.
pub const INLINE_TINY: usize = 4;

pub struct Simplifier<'a> {
    pub occs: Occurrences,
    pub subst: Subst,
    pub counters: Counters,
    pub inline_size_threshold: usize,
    pub(super) vars: &'a mut VarTable,
    pub(super) types: &'a TypeTable,
    /// References to each variable placed in the output so far (an over-approximation: a
    /// binding whose variable has none is dead).
    pub(super) emitted: Vec<u32>,
    /// Fresh variable → the variable it copies.
    pub(super) origins: &'a mut HashMap<VarId, VarId>,
    pub call_sites: Vec<CallSite>,
    pub(super) pass: usize,
    /// The purity of each `Suspend`ed definition.
    pub(super) suspended_facts: HashMap<VarId, SuspendedFacts>,
    /// The program's inline scopes: inlining a function adds one (see [`super::scopes`]).
    pub(super) inline_sites: &'a mut InlineSites,
    /// What is left of this pass's program-wide inlining budget (see [`INLINE_GROWTH_FACTOR`]).
    pub inline_budget: usize,
}

pub(super) enum Step {
    /// The selection was rebuilt; continue with the rest of the context.
    Continue(Expr),
    /// The rest of the context was handled too.
    Finished(Expr),
}

pub(super) fn strip_locs(mut e: Expr) -> Expr {
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
        inline_sites: &'a mut InlineSites,
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
            suspended_facts: HashMap::new(),
            inline_sites,
            inline_budget: usize::MAX,
        }
    }

    pub fn did_no_work(&self) -> bool {
        self.counters.total() == 0
    }

    pub(super) fn effects(&self) -> Effects<'_> {
        Effects {
            vars: self.vars,
            types: self.types,
            suspended: Some(&self.suspended_facts),
        }
    }

    pub(super) fn purity(&self, e: &Expr) -> Purity {
        self.effects().purity(e, &Subst::default())
    }

    // ---- emitted references ----

    pub(super) fn emit(&mut self, v: VarId) {
        let i = v.0 as usize;
        if i >= self.emitted.len() {
            self.emitted.resize(i + 1, 0);
        }
        self.emitted[i] += 1;
    }

    pub(super) fn emitted(&self, v: VarId) -> u32 {
        self.emitted.get(v.0 as usize).copied().unwrap_or(0)
    }

    /// `e` (already counted) leaves the output.
    pub(super) fn un_emit(&mut self, e: &Expr) {
        let emitted = &mut self.emitted;
        each_var_occurrence(e, &mut |v| {
            if let Some(c) = emitted.get_mut(v.0 as usize) {
                *c = c.saturating_sub(1);
            }
        });
    }

    pub(super) fn count_refs(&mut self, e: &Expr) {
        each_var_occurrence(e, &mut |v| self.emit(v));
    }

    /// A copy of a simplified term for a second place in the output, with fresh binders
    /// (analysed, since it will be simplified again).
    pub(super) fn copy_for_inline(&mut self, e: &Expr) -> Expr {
        let c = copy_fresh(e, self.vars, self.origins);
        self.occs.absorb(binder_occurrences(&c));
        c
    }

    /// A copy placed in the output as it is: its references count.
    pub(super) fn copy_counted(&mut self, e: &Expr) -> Expr {
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
                Expr::Fun(ps, body, name)
                    if matches!(ctx.last(), Some((ContextEntry::App(_), _))) =>
                {
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
                    break self.beta(ps, *body, name, args, false, in_scope, ctx);
                }
                Expr::Fun(ps, body, name) => {
                    let mut inner = in_scope.clone();
                    for p in &ps {
                        inner.insert(p.0, Definition::Unknown);
                    }
                    let body = self.simplify(*body, inner, vec![]);
                    break self.rebuild(Expr::Fun(ps, Box::new(body), name), in_scope, ctx);
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
    pub(super) fn simplify_each(&mut self, es: Vec<Expr>, in_scope: &InScope) -> Vec<Expr> {
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

    pub(super) fn simplify_one(&mut self, e: Expr, in_scope: &InScope) -> Expr {
        let saved = self.subst.clone();
        let out = self.simplify(e, in_scope.clone(), vec![]);
        self.subst = saved;
        out
    }

    /// The nodes no context flows into: their operands are simplified apart.
    pub(super) fn simplify_operands(&mut self, e: Expr, in_scope: &InScope) -> Expr {
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
            Expr::Raise(b, ty, k) => Expr::Raise(Box::new(self.simplify_one(*b, in_scope)), ty, k),
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

    pub(super) fn simplify_local(
        &mut self,
        var: VarId,
        defn: Expr,
        body: Expr,
        ctx: &mut Context,
    ) -> Expr {
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
                if !self.vars.is_never_inline(var)
                    && ((purity == Purity::Pure
                        && self.effects().pure_may_move(&defn, &body, var, &self.subst))
                        || self.effects().first_use_is_safe(&body, var, &self.subst)) =>
            {
                self.locals_inlined_here();
                let allocates = self.effects().allocates(&defn, &self.subst);
                self.suspended_facts
                    .insert(var, SuspendedFacts { purity, allocates });
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

    pub(super) fn locals_inlined_here(&mut self) {
        self.counters.locals_inlined += 1;
    }

    pub(super) fn simplify_var(
        &mut self,
        var: VarId,
        in_scope: &InScope,
        ctx: &Context,
    ) -> ControlFlow<VarId, Expr> {
        match self.subst.remove(var.0) {
            Some(SubstRng::Suspend(payload, subst)) => match payload.take() {
                Some(mut payload) => {
                    self.note_call(
                        var,
                        ctx,
                        true,
                        "used once: its definition moves here".into(),
                    );
                    self.enter_inline_scope(var, &mut payload, ctx);
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

    pub(super) fn callsite_inline(
        &mut self,
        var: VarId,
        in_scope: &InScope,
        ctx: &Context,
    ) -> ControlFlow<VarId, Expr> {
        match in_scope.get(var.0) {
            Some(Definition::BoundTo(definition, occ)) => {
                let verdict = self
                    .should_inline(var, definition, *occ, in_scope, ctx)
                    .and_then(|why| self.charge_inline_budget(definition).map(|()| why));
                match verdict {
                    Ok(why) => {
                        self.note_call(var, ctx, true, why);
                        self.subst = Subst::default();
                        if let Occurrence::OnceInFun = occ {
                            self.occs.mark_dead(var);
                        }
                        let mut copy = self.copy_for_inline(definition);
                        self.enter_inline_scope(var, &mut copy, ctx);
                        ControlFlow::Continue(copy)
                    }
                    Err(why) => {
                        self.note_call(var, ctx, false, why);
                        ControlFlow::Break(var)
                    }
                }
            }
            Some(Definition::Computed(occ)) => {
                let why = if self.occs.is_loop_breaker(var) {
                    "loop breaker of a recursive group"
                } else {
                    match occ {
                        Occurrence::Dead => "dead",
                        Occurrence::Many => "used many times, not a value",
                        Occurrence::Once | Occurrence::OnceInFun => {
                            "used once in a function, but not a value (would repeat work)"
                        }
                    }
                };
                self.note_call(var, ctx, false, why.into());
                ControlFlow::Break(var)
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

    /// Charges the copy of `definition` to the program-wide inlining budget, or refuses it
    /// when the budget is spent (a tiny definition is always allowed).
    fn charge_inline_budget(&mut self, definition: &Expr) -> Result<(), String> {
        let limit = self.inline_budget.max(INLINE_TINY);
        let s = size(definition, limit);
        if s > INLINE_TINY && s > self.inline_budget {
            return Err("the program-wide inlining budget of this pass is spent".into());
        }
        self.inline_budget = self.inline_budget.saturating_sub(s);
        self.counters.inlined_size += s;
        Ok(())
    }

    pub(super) fn should_inline(
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
        if self.vars.is_never_inline(var) {
            return Err("[@inline never]".into());
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
    pub(super) fn some_benefit(&self, ir: &Expr, in_scope: &InScope, ctx: &Context) -> bool {
        let mut params = 0;
        let mut f = ir;
        loop {
            match f {
                Expr::Fun(ps, b, _) => {
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
                        Expr::Var(v) => matches!(
                            in_scope.get(v.0),
                            Some(Definition::BoundTo(..) | Definition::Computed(_))
                        ),
                        _ => false,
                    }
            }
            None => false,
        })
    }

    pub(super) fn note_call(&mut self, var: VarId, ctx: &Context, inlined: bool, reason: String) {
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

    // ---- rebuild: up ----

    pub fn rebuild(&mut self, mut ir: Expr, in_scope: InScope, mut ctx: Context) -> Expr {
        while let Some((entry, subst)) = ctx.pop() {
            self.subst = subst;
            match entry {
                ContextEntry::App(args) => {
                    if let Expr::Fun(..) = peel_loc(&ir) {
                        if let Expr::Fun(params, body, name) = strip_locs(ir) {
                            return self.beta(params, *body, name, args, true, in_scope, ctx);
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
                        in_scope.update(var.0, Definition::of_let(&ir, occ)),
                        vec![],
                    );
                    let unused = occ == Occurrence::Dead
                        || self.emitted(var) == 0 && !self.vars.is_export(var);
                    ir = if unused {
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
    pub(super) fn beta(
        &mut self,
        params: Vec<VarId>,
        body: Expr,
        name: FunName,
        mut args: Vec<Expr>,
        body_simplified: bool,
        in_scope: InScope,
        ctx: Context,
    ) -> Expr {
        self.counters.saturated_fun_count += 1;
        let n = params.len().min(args.len());
        let extra = args.split_off(n);
        let rest = if n < params.len() {
            Expr::Fun(params[n..].to_vec(), Box::new(body), name.clone())
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
            let probe = Expr::Fun(params[..n].to_vec(), Box::new(rest), name);
            self.occs.absorb(binder_occurrences(&probe));
            let Expr::Fun(_, rest, _) = probe else {
                unreachable!("built above")
            };
            return self.beta_bind(&params[..n], *rest, args, extra, in_scope, ctx);
        }
        self.beta_bind(&params[..n], rest, args, extra, in_scope, ctx)
    }

    pub(super) fn beta_bind(
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
}
