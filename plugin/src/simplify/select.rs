//! Data in the simplifier: `field` of a known constructor, and selections (`if`, `switch`)
//! rebuilt around their simplified scrutinee — floated into the tail of a `let`, reduced on a
//! known constructor or constant, dropped around a `raise`, pushed into the arms of an inner
//! selection (case of case) when the copies stay small.

use super::effects::{is_trivial, size};
use super::simplifier::*;
use crate::lambda::ir::*;
use crate::lambda::verify::type_of_in;
use crate::lambda::visit::peel_loc;

impl Simplifier<'_> {
    pub(super) fn rebuild_field(&mut self, ir: Expr, i: u32, in_scope: &InScope) -> Expr {
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
    pub(super) fn known_tag(&self, e: &Expr, in_scope: &InScope) -> Option<i64> {
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

    pub(super) fn rebuild_select(
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
            if let Expr::Raise(e, _, k) = strip_locs(ir) {
                if sel.simplified {
                    // The copies were never placed; the originals were counted.
                } else {
                    self.counters.dead_code_removed += 1;
                }
                return Step::Continue(Expr::Raise(e, ty.clone(), k));
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
    pub(super) fn into_tail(
        &mut self,
        ir: Expr,
        in_scope: &InScope,
        f: &mut dyn FnMut(&mut Self, Expr, InScope) -> Expr,
    ) -> Expr {
        match strip_locs(ir) {
            Expr::Local(v, d, b) => {
                let scope = in_scope.update(v.0, Definition::of_let(&d, self.occs.lookup_var(v)));
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
    pub(super) fn case_of_case_type(&self, ir: &Expr, sel: &Selection) -> Option<Option<Type>> {
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

    pub(super) fn simplify_selection(&mut self, sel: Selection, in_scope: &InScope) -> Selection {
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

    pub(super) fn build(scrut: Expr, sel: Selection) -> Expr {
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
}
