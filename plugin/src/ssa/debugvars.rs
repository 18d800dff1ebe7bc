//! What a mutable debug variable holds at each statement (debug info only).
//!
//! Input: a function and the assignments of one [`DebugValue::Mutable`] variable. Output: per
//! statement, the value the variable holds when the statement starts, or `None` where it is
//! unknown (before its `LetMut`, after its scope, after the optimizer deleted the value, in
//! unreachable blocks).
//!
//! The rule is SSA construction's reaching definition (see [`DebugValue::Mutable`]): blocks
//! are walked in reverse postorder, so a block's immediate dominator is done before it; a block
//! starts with what its immediate dominator ends with, and each assignment in it takes effect
//! at its `from` statement. The lowering records an assignment at every join and loop header
//! where the variable is in scope, so the nearest dominating assignment is the one every path
//! saw last — which is why this needs no data-flow iteration. The backends intersect these
//! statement ranges with the places the values live (`backend::FunctionDebugInfo`), so gdb
//! never shows contents the program has since replaced.

use super::dom::DomTree;
use super::ir::{DebugAssign, Function, Value};

/// Per statement of `f`: the value the variable whose assignments are `assigns` holds when
/// the statement starts.
pub fn contents_at(f: &Function, dom: &DomTree, assigns: &[DebugAssign]) -> Vec<Option<Value>> {
    let n = f.stmts.len();
    let mut sorted: Vec<DebugAssign> = assigns
        .iter()
        .copied()
        .filter(|a| a.from.index() < n)
        .collect();
    // Stable: assignments at one statement keep their program order (the last one wins).
    sorted.sort_by_key(|a| a.from);
    let mut out = vec![None; n];
    let mut at_end: Vec<Option<Value>> = vec![None; f.blocks.len()];
    for &b in &dom.rpo {
        let idom = dom.idom[b.index()].expect("reachable");
        let mut cur = if idom == b {
            None
        } else {
            at_end[idom.index()]
        };
        let d = f.blocks[b.index()];
        let mut k = sorted.partition_point(|a| a.from.0 < d.start);
        for i in d.start..d.end {
            while k < sorted.len() && sorted[k].from.0 == i {
                cur = sorted[k].value;
                k += 1;
            }
            out[i as usize] = cur;
        }
        at_end[b.index()] = cur;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ssa::ir::{Callee, DebugValue, Stmt};

    /// Where the program reads `!total` right after `total := ...` (the argument of
    /// `print_int`), the debug contents are exactly the value it reads — after the optimizer
    /// and compaction renumbered everything — and never a previous one.
    #[test]
    fn contents_follow_assignments_through_the_optimizer() {
        let src = "let f n =\n  let total = ref 0 in\n  for i = 1 to n do\n    \
                   total := !total + i;\n    print_int !total\n  done;\n  !total * 2\n\
                   let () = print_int (f (List.length [1; 2; 3]))\n";
        let module = crate::fuzz::compile_module(src);
        let mut checked = 0;
        for f in &module.functions {
            let dom = DomTree::new(f);
            for d in f.debug_vars.iter().filter(|d| d.name == "total") {
                let DebugValue::Mutable(assigns) = &d.value else {
                    panic!("`total` is not a mutable local: {d:?}");
                };
                let contents = contents_at(f, &dom, assigns);
                for (i, s) in f.stmts.iter().enumerate() {
                    let Stmt::Call {
                        callee: Callee::Runtime("egret_print_int"),
                        args,
                        ..
                    } = s
                    else {
                        continue;
                    };
                    if let Some(v) = contents[i] {
                        assert_eq!(v, args[0], "{}: contents at %{i}", f.name);
                        assert!(
                            matches!(f.stmts[v.index()], Stmt::Binary(..)),
                            "{}: the contents at the print are the sum, not a phi",
                            f.name
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(
            checked, 1,
            "one print inside the loop is in `total`'s scope"
        );
    }
}
