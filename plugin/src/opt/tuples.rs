//! Binding tuples without allocating them: `let (x, y) = match .. with A -> (a, b) | B -> (c,
//! d)` lowers to a phi of fresh blocks whose only uses read their fields. ocamlopt does not
//! allocate such a tuple (`Matching.for_let` pushes the binding into the arms); this pass gets
//! the same effect on SSA, by scalar replacement of the phi.
//!
//! A *block phi* is a `Val` phi whose inputs are all
//! - fresh blocks allocated in the function (`Alloc` of a tag below 251, no raw prefix) whose
//!   only uses are block phis,
//! - static blocks of the module whose fields are immediates or data addresses (a constant
//!   tuple arm `(1, 2)`), or
//! - other block phis,
//!
//! all of one tag and size, and whose only uses are loads of its fields (`Load { ty: Val }`)
//! or block phis (the greatest such set: candidates are removed until every input and every use
//! qualifies). Such a block never escapes and nothing stores into it, so each of its fields is
//! known on every incoming edge: the phi gets one `Val` phi per field, its loads read those,
//! and compaction removes the phi and the blocks, which have no use left.
//!
//! Takes a valid SSA function, gives a valid one computing the same thing with fewer
//! allocations (the blocks removed were unobservable: no `==`, no store, no call sees them).

use crate::ssa::compact::IrEdit;
use crate::ssa::ir::*;
use std::collections::{HashMap, HashSet};

/// One input of a block phi.
#[derive(Clone)]
enum Input {
    /// A fresh block: its fields.
    Fresh(Vec<Value>),
    /// A static block: its fields' words.
    Static(Vec<DataWord>),
    Phi(Value),
}

/// The shape of a block: tag and number of fields.
type Shape = (u8, usize);

/// Replaces every block phi of `f` by phis of its fields (module docs). `static_blocks`: the
/// module's static data blocks by their shape and field words. Returns the function and the
/// number of phis replaced.
pub fn split_block_phis(
    f: Function,
    static_blocks: &HashMap<DataId, (Shape, Vec<DataWord>)>,
) -> (Function, usize) {
    let phis: Vec<Value> = (0..f.stmts.len() as u32)
        .map(Value)
        .filter(|v| matches!(f.stmts[v.index()], Stmt::Phi { ty: Type::Val, .. }))
        .collect();
    if phis.is_empty() {
        return (f, 0);
    }
    // Uses of every value, by statement.
    let mut uses: HashMap<Value, Vec<Value>> = HashMap::new();
    for (i, s) in f.stmts.iter().enumerate() {
        s.for_each_use(|v| uses.entry(v).or_default().push(Value(i as u32)));
    }
    let mut cands: HashSet<Value> = phis.iter().copied().collect();
    let mut shape: HashMap<Value, Shape> = HashMap::new();
    loop {
        // Shapes from the non-phi inputs, then through phi inputs.
        shape.clear();
        let mut bad: Vec<Value> = Vec::new();
        for &p in &cands {
            let Stmt::Phi { values, .. } = &f.stmts[p.index()] else {
                unreachable!()
            };
            let mut sh: Option<Shape> = None;
            for v in values {
                let s = match &f.stmts[v.index()] {
                    Stmt::Alloc {
                        tag,
                        fields,
                        raw_prefix: 0,
                    } if *tag < 251
                        && !fields.is_empty()
                        && uses[v].iter().all(|u| cands.contains(u)) =>
                    {
                        Some((*tag, fields.len()))
                    }
                    Stmt::DataAddr(d) => match static_blocks.get(d) {
                        Some((s, _)) => Some(*s),
                        None => {
                            bad.push(p);
                            break;
                        }
                    },
                    Stmt::Phi { .. } if cands.contains(v) => None,
                    _ => {
                        bad.push(p);
                        break;
                    }
                };
                if let Some(s) = s {
                    if sh.is_some_and(|t| t != s) {
                        bad.push(p);
                        break;
                    }
                    sh = Some(s);
                }
            }
            if let Some(s) = sh {
                shape.insert(p, s);
            }
        }
        // Phis fed only by phis take their inputs' shape.
        let mut grew = true;
        while grew {
            grew = false;
            for &p in &cands {
                if shape.contains_key(&p) {
                    continue;
                }
                let Stmt::Phi { values, .. } = &f.stmts[p.index()] else {
                    unreachable!()
                };
                if let Some(s) = values.iter().find_map(|v| shape.get(v).copied()) {
                    shape.insert(p, s);
                    grew = true;
                }
            }
        }
        for &p in &cands {
            let Some(&(_, n)) = shape.get(&p) else {
                bad.push(p);
                continue;
            };
            let Stmt::Phi { values, .. } = &f.stmts[p.index()] else {
                unreachable!()
            };
            let inputs_agree = values
                .iter()
                .all(|v| !cands.contains(v) || shape.get(v) == shape.get(&p));
            let uses_ok = uses.get(&p).map_or(true, |us| {
                us.iter().all(|u| match &f.stmts[u.index()] {
                    Stmt::Load {
                        base,
                        index,
                        ty: Type::Val,
                    } => *base == p && (*index as usize) < n,
                    Stmt::Phi { .. } => cands.contains(u),
                    _ => false,
                })
            });
            if !inputs_agree || !uses_ok {
                bad.push(p);
            }
        }
        if bad.is_empty() {
            break;
        }
        for b in bad {
            cands.remove(&b);
        }
        if cands.is_empty() {
            return (f, 0);
        }
    }
    // Only phis whose fields some load reads are worth splitting.
    if !cands.iter().any(|p| {
        uses.get(p).is_some_and(|us| {
            us.iter()
                .any(|u| matches!(f.stmts[u.index()], Stmt::Load { .. }))
        })
    }) {
        return (f, 0);
    }
    let mut order: Vec<Value> = cands.iter().copied().collect();
    order.sort();
    let inputs: HashMap<Value, Vec<Input>> = order
        .iter()
        .map(|p| {
            let Stmt::Phi { values, .. } = &f.stmts[p.index()] else {
                unreachable!()
            };
            let ins = values
                .iter()
                .map(|v| match &f.stmts[v.index()] {
                    Stmt::Alloc { fields, .. } => Input::Fresh(fields.clone()),
                    Stmt::DataAddr(d) => Input::Static(static_blocks[d].1.clone()),
                    _ => Input::Phi(*v),
                })
                .collect();
            (*p, ins)
        })
        .collect();
    let entry_first = first_non_param(&f);
    let mut ed = IrEdit::new(f);
    // The field phis, placed before their block phi (so among the block's phis).
    let mut twins: HashMap<Value, Vec<Value>> = HashMap::new();
    for &p in &order {
        let Stmt::Phi { edges, values, .. } = ed.stmt(p).clone() else {
            unreachable!()
        };
        let n = shape[&p].1;
        let ts = (0..n)
            .map(|_| {
                ed.insert_before(
                    p,
                    Stmt::Phi {
                        edges: edges.clone(),
                        values: values.clone(),
                        ty: Type::Val,
                    },
                    Type::Val,
                )
            })
            .collect();
        twins.insert(p, ts);
    }
    let mut consts: HashMap<(bool, u64), Value> = HashMap::new();
    for &p in &order {
        let Stmt::Phi { edges, .. } = ed.stmt(p).clone() else {
            unreachable!()
        };
        for k in 0..shape[&p].1 {
            let mut ins = Vec::with_capacity(inputs[&p].len());
            for i in &inputs[&p] {
                ins.push(match i {
                    Input::Fresh(fields) => fields[k],
                    Input::Phi(q) => twins[q][k],
                    Input::Static(words) => {
                        let (key, s) = match &words[k] {
                            DataWord::Word(x) => ((false, *x), Stmt::Const((*x as i64) >> 1)),
                            DataWord::DataAddr(d) => ((true, d.0 as u64), Stmt::DataAddr(*d)),
                            _ => unreachable!("checked by static_blocks"),
                        };
                        *consts
                            .entry(key)
                            .or_insert_with(|| ed.insert_before(entry_first, s, Type::Val))
                    }
                });
            }
            ed.set(
                twins[&p][k],
                Stmt::Phi {
                    edges: edges.clone(),
                    values: ins,
                    ty: Type::Val,
                },
            );
        }
    }
    for &p in &order {
        for u in uses.get(&p).into_iter().flatten() {
            if let Stmt::Load { index, .. } = ed.stmt(*u) {
                let t = twins[&p][*index as usize];
                ed.replace(*u, t);
            }
        }
    }
    (ed.compact(true), order.len())
}

/// [`split_block_phis`] on every function of `m`: what `-O0` runs of the optimizer, since
/// binding a tuple without allocating it is, as with ocamlopt, not an optional optimisation
/// (programs observe it through `Gc.minor_words`). Returns the number of phis replaced.
pub fn split_module(m: &mut Module) -> usize {
    let blocks = static_blocks(m);
    let mut n = 0;
    for f in m.functions.iter_mut() {
        let taken = std::mem::replace(f, Function::new("", vec![], Type::Val));
        let (split, k) = split_block_phis(taken, &blocks);
        n += k;
        *f = split;
    }
    n
}

/// The module's static blocks whose fields are all immediates or data addresses, by id: their
/// shape and field words (what [`split_block_phis`] can read without loading).
pub fn static_blocks(m: &Module) -> HashMap<DataId, (Shape, Vec<DataWord>)> {
    m.data
        .iter()
        .enumerate()
        .filter_map(|(i, d)| {
            let DataWord::Word(h) = d.words.first()? else {
                return None;
            };
            let (size, tag) = ((h >> 10) as usize, (h & 0xff) as u8);
            let fields = &d.words[1..];
            let ok = tag < 251
                && size > 0
                && size == fields.len()
                && fields.iter().all(|w| match w {
                    DataWord::Word(x) => x & 1 == 1,
                    DataWord::DataAddr(_) => true,
                    _ => false,
                });
            ok.then(|| (DataId(i as u32), ((tag, size), fields.to_vec())))
        })
        .collect()
}

/// The first statement of the entry block that is not a parameter.
fn first_non_param(f: &Function) -> Value {
    let b = f.blocks[0];
    (b.start..b.end)
        .map(Value)
        .find(|v| !matches!(f.stmts[v.index()], Stmt::Param(..)))
        .expect("a block ends in a terminator")
}
