//! Unboxing float phis: a loop variable holding a float (`let s = ref 0. in for .. do s := !s
//! +. .. done`, a mutable local after closure conversion) is a phi of float boxes, and every
//! iteration allocates the box its next value goes in. This pass gives such a phi an `F64` twin.
//!
//! A *float phi* is a `Val` phi whose inputs are all float boxes allocated in the function
//! (`Alloc` of tag 253), float constants (static boxes of the module) or other float phis (the
//! greatest such set: candidates are removed until every input qualifies). Each gets an `F64`
//! phi over the boxes' numbers (the constants' numbers are `FConst`s at the function's entry).
//! Then:
//! - an unboxing of the phi (`Load { ty: F64, index: 0 }`) reads the twin;
//! - any other use — the value escapes: returned, stored, passed, compared structurally, input
//!   of a phi that is not a float phi — gets a box of the twin made right before it (for a phi
//!   input, at the end of the incoming edge's block).
//!
//! The boxes the phis were fed with then have no use left and compaction removes them, so the
//! loop allocates only where its value escapes. Takes a valid SSA function, gives a valid one
//! computing the same thing (a box is immutable: a fresh box of the same number is the same
//! value to every use but `==`, and OCaml does not specify `==` on floats).

use crate::ssa::compact::IrEdit;
use crate::ssa::ir::*;
use crate::ssa::lower::DOUBLE_TAG;
use std::collections::{HashMap, HashSet};

/// What feeds a float phi.
#[derive(Clone, Copy)]
enum Input {
    Box(Value),
    Const(u64),
    Phi(Value),
}

/// Gives every float phi of `f` an `F64` twin (module docs). `float_data`: the module's static
/// float boxes and their numbers. Returns the function and how many phis were unboxed.
pub fn unbox_float_phis(f: Function, float_data: &HashMap<DataId, u64>) -> (Function, usize) {
    let phis: Vec<Value> = (0..f.stmts.len() as u32)
        .map(Value)
        .filter(|v| matches!(f.stmts[v.index()], Stmt::Phi { ty: Type::Val, .. }))
        .collect();
    if phis.is_empty() {
        return (f, 0);
    }
    let input = |v: Value, cands: &HashSet<Value>| -> Option<Input> {
        match &f.stmts[v.index()] {
            Stmt::Alloc {
                tag: DOUBLE_TAG,
                fields,
                ..
            } => Some(Input::Box(fields[0])),
            Stmt::DataAddr(d) => float_data.get(d).map(|b| Input::Const(*b)),
            Stmt::Phi { .. } if cands.contains(&v) => Some(Input::Phi(v)),
            _ => None,
        }
    };
    let mut cands: HashSet<Value> = phis.iter().copied().collect();
    loop {
        let bad: Vec<Value> = cands
            .iter()
            .copied()
            .filter(|p| match &f.stmts[p.index()] {
                Stmt::Phi { values, .. } => values.iter().any(|v| input(*v, &cands).is_none()),
                _ => true,
            })
            .collect();
        if bad.is_empty() {
            break;
        }
        for b in bad {
            cands.remove(&b);
        }
    }
    let inputs: HashMap<Value, Vec<Input>> = cands
        .iter()
        .map(|p| {
            let Stmt::Phi { values, .. } = &f.stmts[p.index()] else {
                unreachable!()
            };
            let ins = values
                .iter()
                .map(|v| input(*v, &cands).expect("a float phi's input"))
                .collect();
            (*p, ins)
        })
        .collect();
    // Only phis some unboxing reads are worth a twin.
    let unboxed: HashSet<Value> = f
        .stmts
        .iter()
        .filter_map(|s| match s {
            Stmt::Load {
                base,
                index: 0,
                ty: Type::F64,
            } if cands.contains(base) => Some(*base),
            _ => None,
        })
        .collect();
    if unboxed.is_empty() {
        return (f, 0);
    }
    let mut order: Vec<Value> = cands.iter().copied().collect();
    order.sort();
    let entry_first = first_non_param(&f);
    let uses = uses_of(&f, &cands);
    let mut ed = IrEdit::new(f);
    // The twins, placed before their phis (so among the block's phis).
    let mut twin: HashMap<Value, Value> = HashMap::new();
    for &p in &order {
        let Stmt::Phi { edges, values, .. } = ed.stmt(p).clone() else {
            unreachable!()
        };
        let t = ed.insert_before(
            p,
            Stmt::Phi {
                edges,
                values: values.clone(),
                ty: Type::F64,
            },
            Type::F64,
        );
        twin.insert(p, t);
    }
    let mut consts: HashMap<u64, Value> = HashMap::new();
    for &p in &order {
        let t = twin[&p];
        let Stmt::Phi { edges, .. } = ed.stmt(p).clone() else {
            unreachable!()
        };
        let mut ins = Vec::with_capacity(inputs[&p].len());
        for i in &inputs[&p] {
            ins.push(match *i {
                Input::Box(x) => x,
                Input::Phi(q) => twin[&q],
                Input::Const(bits) => *consts.entry(bits).or_insert_with(|| {
                    ed.insert_before(entry_first, Stmt::FConst(bits), Type::F64)
                }),
            });
        }
        ed.set(
            t,
            Stmt::Phi {
                edges,
                values: ins,
                ty: Type::F64,
            },
        );
    }
    // The uses: unboxings read the twin, the rest a box of it.
    for (u, p) in uses {
        let t = twin[&p];
        match ed.stmt(u).clone() {
            Stmt::Load {
                index: 0,
                ty: Type::F64,
                ..
            } => ed.replace(u, t),
            Stmt::Phi { .. } if cands.contains(&u) => {}
            Stmt::Phi { edges, values, ty } => {
                let mut values = values;
                for (k, v) in values.iter_mut().enumerate() {
                    if *v == p {
                        let end = ed.func().blocks[edges[k].index()].end - 1;
                        *v = ed.insert_before(Value(end), box_of(t), Type::Val);
                    }
                }
                ed.set(u, Stmt::Phi { edges, values, ty });
            }
            mut s => {
                let b = ed.insert_before(u, box_of(t), Type::Val);
                s.for_each_use_mut(|v| {
                    if *v == p {
                        *v = b
                    }
                });
                ed.set(u, s);
            }
        }
    }
    (ed.compact(true), order.len())
}

fn box_of(x: Value) -> Stmt {
    Stmt::Alloc {
        tag: DOUBLE_TAG,
        fields: vec![x],
        raw_prefix: 0,
    }
}

/// The first statement of the entry block that is not a parameter.
fn first_non_param(f: &Function) -> Value {
    let b = f.blocks[0];
    (b.start..b.end)
        .map(Value)
        .find(|v| !matches!(f.stmts[v.index()], Stmt::Param(..)))
        .expect("a block ends in a terminator")
}

/// Every (statement, phi) where the statement uses one of `phis`, in statement order.
fn uses_of(f: &Function, phis: &HashSet<Value>) -> Vec<(Value, Value)> {
    let mut out = Vec::new();
    for (i, s) in f.stmts.iter().enumerate() {
        let mut seen = Vec::new();
        s.for_each_use(|v| {
            if phis.contains(&v) && !seen.contains(&v) {
                seen.push(v);
            }
        });
        out.extend(seen.into_iter().map(|p| (Value(i as u32), p)));
    }
    out
}
