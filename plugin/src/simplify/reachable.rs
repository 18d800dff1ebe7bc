//! Unreachable top-level definitions, dropped before the simplifier's first pass.
//!
//! The program is a spine of top-level phrases (`let`, `let rec`, `e;` and the source
//! locations around them) ending in its last expression. Most of the installed stdlib units a
//! program uses are definitions it never reaches: a function of `CamlinternalFormat` that only
//! another unused function calls. The simplifier would drop them too, one layer of callers per
//! pass (a definition is `Dead` only once its last occurrence has gone) and after simplifying
//! their bodies, inlining into them; this pass drops them all at once, in one linear walk,
//! before any of that work.
//!
//! Invariants:
//! - A definition is dropped only when the simplifier would drop it were it `Dead`: its
//!   evaluation has no effect ([`Effects::purity`] is not `Effect`; the members of a `let rec`
//!   are functions), and no live phrase mentions it, transitively. The roots are the
//!   definitions with an effect, the statements `e;`, the spine's last expression and the
//!   exports kept under `-g` ([`VarTable::exports`]). Effects therefore stay, in their order.
//! - Nothing else changes: the phrases kept, their order and their source locations are
//!   untouched.

use rustc_hash::{FxHashMap, FxHashSet};

use super::effects::Effects;
use super::simplifier::Subst;
use crate::lambda::builtins::unit_expr;
use crate::lambda::ir::*;
use crate::lambda::visit::each_var_occurrence;

/// Drops the top-level definitions of `body` that no effect, statement, export or the final
/// expression reaches. Returns how many it dropped.
pub fn drop_unreachable_definitions(body: &mut Expr, vars: &VarTable, types: &TypeTable) -> usize {
    let effects = Effects {
        vars,
        types,
        suspended: None,
    };
    let no_subst = Subst::default();
    // The spine's binders, each with the variables its definition mentions (empty for a root,
    // whose mentions are in `work` already).
    let mut index: FxHashMap<VarId, usize> = FxHashMap::default();
    let mut mentions: Vec<Vec<VarId>> = Vec::new();
    let mut live: Vec<bool> = Vec::new();
    let mut work: Vec<VarId> = vars.exports.iter().copied().collect();
    let mut define = |v: VarId, d: &Expr, root: bool, work: &mut Vec<VarId>| {
        index.insert(v, mentions.len());
        let mut m = Vec::new();
        each_var_occurrence(d, &mut |w| m.push(w));
        if root {
            work.append(&mut m);
        }
        mentions.push(m);
        live.push(root);
    };
    let mut cur: &Expr = body;
    loop {
        match cur {
            Expr::Local(v, d, rest) => {
                let root = effects.purity(d, &no_subst) == Purity::Effect;
                define(*v, d, root, &mut work);
                cur = rest;
            }
            Expr::LetRec(defs, rest) => {
                for (v, d) in defs {
                    define(*v, d, false, &mut work);
                }
                cur = rest;
            }
            Expr::Seq(s, rest) => {
                each_var_occurrence(s, &mut |w| work.push(w));
                cur = rest;
            }
            Expr::Loc(_, rest) => cur = rest,
            last => {
                each_var_occurrence(last, &mut |w| work.push(w));
                break;
            }
        }
    }
    while let Some(v) = work.pop() {
        let Some(&i) = index.get(&v) else { continue };
        if live[i] {
            // Reached before, or a root: its mentions are in `work` already.
            continue;
        }
        live[i] = true;
        work.append(&mut mentions[i]);
    }
    let dead: FxHashSet<VarId> = index
        .iter()
        .filter(|(_, &i)| !live[i])
        .map(|(v, _)| *v)
        .collect();
    if dead.is_empty() {
        return 0;
    }
    let mut cur: &mut Expr = body;
    loop {
        let drop_here = match cur {
            Expr::Local(v, _, _) => dead.contains(v),
            Expr::LetRec(defs, _) => {
                defs.retain(|(v, _)| !dead.contains(v));
                defs.is_empty()
            }
            _ => false,
        };
        if drop_here {
            let rest = match std::mem::replace(cur, unit_expr()) {
                Expr::Local(_, _, rest) | Expr::LetRec(_, rest) => rest,
                _ => unreachable!("only a `let` or an emptied `let rec` is dropped"),
            };
            *cur = *rest;
            continue;
        }
        cur = match cur {
            Expr::Local(_, _, rest)
            | Expr::LetRec(_, rest)
            | Expr::Seq(_, rest)
            | Expr::Loc(_, rest) => rest,
            _ => break,
        };
    }
    dead.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lambda::builtins::empty_program;
    use crate::lambda::parse::parse_expr;
    use crate::lambda::print::print_expr;

    /// Drops the unreachable definitions of the term written `input`; compares the printed
    /// result with `expected` and the count dropped with `dropped`.
    fn check(input: &str, expected: &str, dropped: usize) {
        let mut p = empty_program(unit_expr());
        let mut e = parse_expr(input, &mut p).unwrap();
        let n = drop_unreachable_definitions(&mut e, &p.vars, &p.types);
        assert_eq!(print_expr(&e, Some(&p)), expected, "input: {input}");
        assert_eq!(n, dropped, "input: {input}");
    }

    #[test]
    fn definitions_only_dead_code_reaches_are_dropped_at_once() {
        // V0 and V2 call each other and only the unused V4 calls them; V9 is never used.
        check(
            "(letrec [V0 (fun [V1] (V2 V1))] [V2 (fun [V3] (V0 V3))] \
             (let [V4 (fun [V5] (V0 V5))] \
             (let [V6 (fun [V7] V7)] \
             (seq (prim egret_print_int (V6 1)) \
             (let [V9 (fun [V10] V10)] (V6 2))))))",
            "(let [V6 (fun [V7] V7)] (seq (prim egret_print_int (V6 1)) (V6 2)))",
            4,
        );
    }

    #[test]
    fn an_unused_definition_with_an_effect_stays_with_what_it_uses() {
        check(
            "(let [V0 (fun [V1] V1)] \
             (let [V2 (prim egret_print_int (V0 1))] \
             (let [V3 \"unused\"] 0)))",
            "(let [V0 (fun [V1] V1)] (let [V2 (prim egret_print_int (V0 1))] 0))",
            1,
        );
    }

    #[test]
    fn a_reached_member_keeps_its_group_members_it_calls() {
        check(
            "(letrec [V0 (fun [V1] (V2 V1))] [V2 (fun [V3] V3)] [V4 (fun [V5] V5)] (V0 1))",
            "(letrec [V0 (fun [V1] (V2 V1))] [V2 (fun [V3] V3)] (V0 1))",
            1,
        );
    }
}
