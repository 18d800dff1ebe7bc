//! Occurrence analysis: how often, and where, each variable occurs.
//!
//! As in the post: `Dead` (no occurrence), `Once`, `OnceInFun` (once, inside a function that
//! captures it — inlining there could duplicate work) and `Many`. [`Occurrences::in_fun`] and
//! [`Occurrences::merge`] are the post's combinators; type abstraction and application do not
//! count.
//!
//! [`occurrence_analysis`] computes the same result in one linear pass instead of merging maps
//! at every node: since binders are unique, an occurrence is "in a function that captures
//! the variable" exactly when it sits under more `Fun`s than the variable's binder. A test
//! checks it against the post's compositional definition ([`occurrence_analysis_compositional`]).
//!
//! Beyond the post:
//! - Loop bodies (`while`, `for`) run many times: they count as functions.
//! - `let rec` groups: a definition's occurrences of its group's variables form a dependency
//!   graph. Its strongly connected components get loop breakers ([`super::scc`]); a loop
//!   breaker is `Many` and never inlined, which is what keeps recursion from making the
//!   simplifier unroll forever. Bindings unreachable from the group's body are `Dead`.

use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashSet;

use super::scc::loop_breakers;
use crate::lambda::ir::*;
use crate::lambda::visit::each_child;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Occurrence {
    /// The variable does not occur.
    Dead,
    /// The variable occurs once.
    Once,
    /// The variable occurs once, inside a function (or loop) that captures it.
    OnceInFun,
    /// The variable occurs more than once (or is a loop breaker).
    Many,
}

#[derive(Clone, Debug, Default)]
pub struct Occurrences {
    pub vars: FxHashMap<VarId, Occurrence>,
    /// `let rec` bindings that must never be inlined.
    pub loop_breakers: FxHashSet<VarId>,
}

impl Occurrences {
    pub fn with_var_once(v: VarId) -> Self {
        let mut vars = FxHashMap::default();
        vars.insert(v, Occurrence::Once);
        Occurrences {
            vars,
            loop_breakers: FxHashSet::default(),
        }
    }

    /// The post's `in_fun`: `Once` becomes `OnceInFun` for the variables the function
    /// captures (`free`); bound variables are left alone.
    pub fn in_fun(self, free: &HashSet<VarId>) -> Self {
        Occurrences {
            vars: self
                .vars
                .into_iter()
                .map(|(id, occ)| {
                    (
                        id,
                        match occ {
                            Occurrence::Once if free.contains(&id) => Occurrence::OnceInFun,
                            occ => occ,
                        },
                    )
                })
                .collect(),
            loop_breakers: self.loop_breakers,
        }
    }

    /// The post's `merge`: occurrences in two different subterms add up.
    pub fn merge(mut self, other: Self) -> Self {
        for (var, occ) in other.vars {
            self.vars
                .entry(var)
                .and_modify(|self_occ| {
                    *self_occ = match (*self_occ, occ) {
                        (Occurrence::Dead, occ) | (occ, Occurrence::Dead) => occ,
                        (Occurrence::Many, _) | (_, Occurrence::Many) => Occurrence::Many,
                        (Occurrence::Once, Occurrence::Once) => Occurrence::Many,
                        (Occurrence::Once, _) | (Occurrence::OnceInFun, _) => Occurrence::Many,
                    }
                })
                .or_insert(occ);
        }
        self.loop_breakers.extend(other.loop_breakers);
        self
    }

    /// A variable the analysis never saw is treated as `Many` (the safe answer); binders the
    /// analysis saw without occurrences are recorded as `Dead`.
    pub fn lookup_var(&self, v: VarId) -> Occurrence {
        self.vars.get(&v).copied().unwrap_or(Occurrence::Many)
    }

    pub fn mark_dead(&mut self, v: VarId) {
        self.vars.insert(v, Occurrence::Dead);
    }

    pub fn is_loop_breaker(&self, v: VarId) -> bool {
        self.loop_breakers.contains(&v)
    }

    /// Takes over the information `other` has about variables (used after copying a term:
    /// the copy's fresh binders are analysed on their own).
    pub fn absorb(&mut self, other: Occurrences) {
        self.vars.extend(other.vars);
        self.loop_breakers.extend(other.loop_breakers);
    }
}

/// The free variables of `ir` and the occurrences of every variable in it (binders without
/// occurrences are `Dead`).
pub fn occurrence_analysis(ir: &Expr) -> (HashSet<VarId>, Occurrences) {
    let mut a = Analysis::default();
    a.walk(ir);
    a.finish()
}

/// Occurrence information for the binders of `ir` only (for a copy being inlined).
pub fn binder_occurrences(ir: &Expr) -> Occurrences {
    let mut a = Analysis::default();
    a.walk(ir);
    let bound: FxHashSet<VarId> = a.binder_depth.keys().copied().collect();
    let (_, mut occs) = a.finish();
    occs.vars.retain(|v, _| bound.contains(v));
    occs
}

struct Group {
    vars: Vec<VarId>,
    /// `edges[i]`: the group's variables definition `i` mentions.
    edges: Vec<Vec<usize>>,
    /// Mentioned from the body (not from a definition of the group).
    from_body: Vec<bool>,
    /// Definitions that are optional parameters' wrappers ([`super::default_wrapper::is_stub`]):
    /// not loop breakers while another member can be, so they stay inlinable.
    stub: Vec<bool>,
}

#[derive(Default)]
struct Analysis {
    depth: u32,
    binder_depth: FxHashMap<VarId, u32>,
    count: FxHashMap<VarId, u32>,
    in_fun: FxHashSet<VarId>,
    free: HashSet<VarId>,
    group_of: FxHashMap<VarId, (usize, usize)>,
    groups: Vec<Group>,
    /// The `let rec` definitions being analysed: (group, index).
    rec_stack: Vec<(usize, usize)>,
    loop_breakers: FxHashSet<VarId>,
    unreachable: FxHashSet<VarId>,
}

impl Analysis {
    fn bind(&mut self, v: VarId) {
        self.binder_depth.insert(v, self.depth);
        self.count.entry(v).or_insert(0);
    }

    fn walk(&mut self, e: &Expr) {
        match e {
            Expr::Var(v) => {
                let c = self.count.entry(*v).or_insert(0);
                *c = (*c + 1).min(2);
                match self.binder_depth.get(v) {
                    Some(d) => {
                        if self.depth > *d {
                            self.in_fun.insert(*v);
                        }
                    }
                    None => {
                        self.free.insert(*v);
                        if self.depth > 0 {
                            self.in_fun.insert(*v);
                        }
                    }
                }
                if let Some(&(g, i)) = self.group_of.get(v) {
                    match self.rec_stack.iter().rev().find(|(h, _)| *h == g) {
                        Some(&(_, j)) => self.groups[g].edges[j].push(i),
                        None => self.groups[g].from_body[i] = true,
                    }
                }
            }
            Expr::Fun(ps, body, _) => {
                self.depth += 1;
                ps.iter().for_each(|p| self.bind(*p));
                self.walk(body);
                self.depth -= 1;
            }
            // `mono` copies a type abstraction's body for each instance: an occurrence inside
            // one is like one inside a function (inlining an effect there would repeat it).
            Expr::TyFun(_, body) => {
                self.depth += 1;
                self.walk(body);
                self.depth -= 1;
            }
            Expr::While(c, body) => {
                self.depth += 1;
                self.walk(c);
                self.walk(body);
                self.depth -= 1;
            }
            Expr::For {
                var,
                from,
                to,
                body,
                ..
            } => {
                self.walk(from);
                self.walk(to);
                self.depth += 1;
                self.bind(*var);
                self.walk(body);
                self.depth -= 1;
            }
            Expr::Local(v, d, b) => {
                self.walk(d);
                self.bind(*v);
                self.walk(b);
            }
            Expr::Try(b, v, h) => {
                self.walk(b);
                self.bind(*v);
                self.walk(h);
            }
            Expr::LetRec(defs, body) => {
                let g = self.groups.len();
                let vars: Vec<VarId> = defs.iter().map(|(v, _)| *v).collect();
                let stub = defs
                    .iter()
                    .map(|(_, d)| super::default_wrapper::is_stub(d, &vars))
                    .collect();
                self.groups.push(Group {
                    vars,
                    edges: vec![vec![]; defs.len()],
                    from_body: vec![false; defs.len()],
                    stub,
                });
                for (i, (v, _)) in defs.iter().enumerate() {
                    self.bind(*v);
                    self.group_of.insert(*v, (g, i));
                }
                for (i, (_, d)) in defs.iter().enumerate() {
                    self.rec_stack.push((g, i));
                    self.walk(d);
                    self.rec_stack.pop();
                }
                self.walk(body);
                self.close_group(g);
            }
            _ => each_child(e, &mut |c| self.walk(c)),
        }
    }

    fn close_group(&mut self, g: usize) {
        let group = &self.groups[g];
        let n = group.vars.len();
        let breakers = loop_breakers(n, &group.edges, &group.stub);
        // Reachability from the body.
        let mut live = group.from_body.clone();
        let mut work: Vec<usize> = (0..n).filter(|i| live[*i]).collect();
        while let Some(i) = work.pop() {
            for &j in &group.edges[i] {
                if !live[j] {
                    live[j] = true;
                    work.push(j);
                }
            }
        }
        for i in 0..n {
            if !live[i] {
                self.unreachable.insert(group.vars[i]);
            } else if breakers[i] {
                self.loop_breakers.insert(group.vars[i]);
            }
        }
    }

    fn finish(self) -> (HashSet<VarId>, Occurrences) {
        let mut vars = FxHashMap::default();
        vars.reserve(self.count.len());
        for (v, c) in &self.count {
            let occ = if self.unreachable.contains(v) {
                Occurrence::Dead
            } else if self.loop_breakers.contains(v) {
                Occurrence::Many
            } else {
                match (c, self.in_fun.contains(v)) {
                    (0, _) => Occurrence::Dead,
                    (1, false) => Occurrence::Once,
                    (1, true) => Occurrence::OnceInFun,
                    _ => Occurrence::Many,
                }
            };
            vars.insert(*v, occ);
        }
        (
            self.free,
            Occurrences {
                vars,
                loop_breakers: self.loop_breakers,
            },
        )
    }
}

/// The post's definition, merging maps bottom-up (extended to the whole IR: several
/// parameters, loops as functions, `let rec` without loop breakers). Quadratic; for tests.
pub fn occurrence_analysis_compositional(ir: &Expr) -> (HashSet<VarId>, Occurrences) {
    fn binders_removed(mut free: HashSet<VarId>, vs: &[VarId]) -> HashSet<VarId> {
        for v in vs {
            free.remove(v);
        }
        free
    }
    fn dead_binders(mut occs: Occurrences, vs: &[VarId]) -> Occurrences {
        for v in vs {
            occs.vars.entry(*v).or_insert(Occurrence::Dead);
        }
        occs
    }
    let many = |parts: Vec<(HashSet<VarId>, Occurrences)>| {
        parts.into_iter().fold(
            (HashSet::new(), Occurrences::default()),
            |(mut f, o), (f2, o2)| {
                f.extend(f2);
                (f, o.merge(o2))
            },
        )
    };
    match ir {
        Expr::Var(v) => (HashSet::from([*v]), Occurrences::with_var_once(*v)),
        Expr::Fun(ps, body, _) => {
            let (free, occs) = occurrence_analysis_compositional(body);
            let free = binders_removed(free, ps);
            let occs = dead_binders(occs.in_fun(&free), ps);
            (free, occs)
        }
        Expr::TyFun(_, body) => {
            let (free, occs) = occurrence_analysis_compositional(body);
            let occs = occs.in_fun(&free);
            (free, occs)
        }
        Expr::While(c, b) => {
            let (free, occs) = many(vec![
                occurrence_analysis_compositional(c),
                occurrence_analysis_compositional(b),
            ]);
            let occs = occs.in_fun(&free);
            (free, occs)
        }
        Expr::For {
            var,
            from,
            to,
            body,
            ..
        } => {
            let (bfree, bocc) = occurrence_analysis_compositional(body);
            let bfree = binders_removed(bfree, &[*var]);
            let bocc = dead_binders(bocc.in_fun(&bfree), &[*var]);
            many(vec![
                occurrence_analysis_compositional(from),
                occurrence_analysis_compositional(to),
                (bfree, bocc),
            ])
        }
        Expr::Local(v, d, b) | Expr::Try(d, v, b) => {
            let (free, occs) = many(vec![
                occurrence_analysis_compositional(d),
                occurrence_analysis_compositional(b),
            ]);
            (binders_removed(free, &[*v]), dead_binders(occs, &[*v]))
        }
        Expr::LetRec(defs, b) => {
            let mut parts: Vec<_> = defs
                .iter()
                .map(|(_, d)| occurrence_analysis_compositional(d))
                .collect();
            parts.push(occurrence_analysis_compositional(b));
            let (free, occs) = many(parts);
            let vs: Vec<VarId> = defs.iter().map(|(v, _)| *v).collect();
            (binders_removed(free, &vs), dead_binders(occs, &vs))
        }
        _ => {
            let mut parts = vec![];
            each_child(ir, &mut |c| {
                parts.push(occurrence_analysis_compositional(c))
            });
            many(parts)
        }
    }
}
