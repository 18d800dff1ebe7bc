//! `let rec` in the simplifier: definitions simplified in dependency order (loop breakers
//! last, never inlined), dead definitions dropped, what is left split into the smallest
//! recursive groups (a group that is no longer recursive becomes a plain `let`).

use std::collections::HashMap;

use super::scc::sccs;
use super::simplifier::*;
use crate::lambda::ir::*;
use crate::lambda::visit::each_var_occurrence;

impl Simplifier<'_> {
    // ---- let rec ----

    pub(super) fn simplify_letrec(
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

        // Live bindings: used outside the group's definitions, or by a live one, or exports
        // kept under `-g`.
        let edges = edges_of(&defs.iter().collect::<Vec<_>>());
        let mut live: Vec<bool> = (0..n)
            .map(|i| self.emitted(vars[i]) > inside[i] || self.vars.is_export(vars[i]))
            .collect();
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
}
