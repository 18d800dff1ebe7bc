//! A `try` body that returns a fresh block returns its fields instead: `let (x, y) = try ..
//! with ..` then allocates no tuple, as with ocamlopt (whose `Matching.for_let` binds the
//! components in every arm of the `try`).
//!
//! A `try` body is a C-ABI function of the environment in its caller's frame
//! (`ssa::lower`'s `try_with`). When every value it returns is a *fresh block* — an `Alloc`
//! of a tag below 251 without raw prefix, whose only uses are such phis and the function's
//! returns, or a phi of fresh blocks of one tag and size — [`return_fields`] rewrites each
//! `return v` as `env[base + k] <- v.(k)` for every field `k`, then `return ()`. The caller
//! rebuilds the block from those words on the normal path, a block of the same tag and
//! fields; since the body's block was fresh and escaped only by being returned, no program
//! can tell the two apart. Then the caller's block is a phi input like a handler's tuple, and
//! the optimizer's `opt::tuples` removes both when only their fields are read; the body's
//! fresh blocks, read only by the new loads, are removed there too.
//!
//! The environment is scanned conservatively by the collector (it is in the caller's stack
//! frame), so the fields stored there stay alive until the caller reads them.

use super::compact::IrEdit;
use super::ir::*;
use std::collections::{HashMap, HashSet};

/// The tag and size of the blocks a rewritten `try` body returns.
pub type Shape = (u8, usize);

/// Rewrites the returns of the `try` body `f` to store their block's fields at `env[base..]`
/// (`env` is `f`'s parameter 0), when every return is of a fresh block of one shape (module
/// docs). Returns the function and that shape, or `f` unchanged and `None`.
pub fn return_fields(f: Function, base: u32) -> (Function, Option<Shape>) {
    let returns: Vec<(Value, Value)> = f
        .stmts
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match s {
            Stmt::Return(v) => Some((Value(i as u32), *v)),
            _ => None,
        })
        .collect();
    if returns.is_empty() {
        return (f, None);
    }
    let mut uses: HashMap<Value, Vec<Value>> = HashMap::new();
    for (i, s) in f.stmts.iter().enumerate() {
        s.for_each_use(|v| uses.entry(v).or_default().push(Value(i as u32)));
    }
    let shape = fresh_shape(&f, &uses, returns.iter().map(|(_, v)| *v).collect());
    let Some((tag, n)) = shape else {
        return (f, None);
    };
    let env = (f.blocks[0].start..f.blocks[0].end)
        .map(Value)
        .find(|v| matches!(f.stmts[v.index()], Stmt::Param(0, _)))
        .expect("a try body takes its environment");
    let mut ed = IrEdit::new(f);
    for (ret, v) in returns {
        for k in 0..n as u32 {
            let x = ed.insert_before(
                ret,
                Stmt::Load {
                    base: v,
                    index: k,
                    ty: Type::Val,
                },
                Type::Val,
            );
            ed.insert_before(
                ret,
                Stmt::Store {
                    base: env,
                    index: base + k,
                    value: x,
                },
                Type::Raw,
            );
        }
        let unit = ed.insert_before(ret, Stmt::Const(0), Type::Val);
        ed.set(ret, Stmt::Return(unit));
    }
    (ed.compact(false), Some((tag, n)))
}

/// The shape of the blocks `roots` are, if they are fresh: the values they reach through phi
/// inputs are `Alloc`s of one shape and phis, each used only by those phis and by returns.
fn fresh_shape(
    f: &Function,
    uses: &HashMap<Value, Vec<Value>>,
    roots: Vec<Value>,
) -> Option<Shape> {
    let mut set = HashSet::new();
    let mut work = roots;
    let mut shape = None;
    while let Some(v) = work.pop() {
        if !set.insert(v) {
            continue;
        }
        match &f.stmts[v.index()] {
            Stmt::Alloc {
                tag,
                fields,
                raw_prefix: 0,
            } if *tag < 251 && !fields.is_empty() => {
                let s = (*tag, fields.len());
                if shape.is_some_and(|t| t != s) {
                    return None;
                }
                shape = Some(s);
            }
            Stmt::Phi {
                values,
                ty: Type::Val,
                ..
            } => work.extend(values.iter().copied()),
            _ => return None,
        }
    }
    let contained = set.iter().all(|v| {
        uses.get(v).map_or(true, |us| {
            us.iter().all(|u| match f.stmts[u.index()] {
                Stmt::Phi { .. } => set.contains(u),
                Stmt::Return(_) => true,
                _ => false,
            })
        })
    });
    contained.then_some(shape).flatten()
}
