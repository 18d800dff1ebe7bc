//! The block lowering order, after Cranelift's `BlockLoweringOrder` ("Cranelift, Part 2").
//!
//! Takes an SSA function and gives the final order of *lowered blocks*: the SSA blocks reachable
//! from the entry plus one *edge block* for every critical edge, in reverse postorder of that
//! implicit graph (edge blocks are never materialised in the SSA; they exist only as nodes of the
//! traversal), with cold blocks — those ending in `Unreachable` — sunk to the end. The order is
//! both the VCode block numbering and the emission order.
//!
//! An edge `from → to` is split when `from` has several distinct successors and `to` has several
//! predecessors or phis. So afterwards a terminator with several successors never passes block
//! arguments (regalloc2 places its moves at the head of the successor), and no critical edge is
//! left. Successors are visited last-first so the first successor (a branch's `then`, a loop's
//! body) tends to follow its predecessor and become the fallthrough — after ordering them by
//! loop depth (`ssa::loops`), deepest first: a branch out of a loop falls through to the
//! successor staying in it, so a loop's blocks stay together and its exits go after them
//! (`while true do ... if c then raise Exit ... done` runs one taken jump per iteration).
//!
//! Invariant used by lowering: a block comes after every block that dominates it (RPO; cold
//! blocks dominate nothing but themselves, so sinking them keeps it).

use super::inst::MachBlock;
use crate::ssa::ir::{Block, Function, Stmt};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoweredBlock {
    /// An SSA block.
    Orig(Block),
    /// The split critical edge `from → to`: only a jump (with `to`'s phi arguments).
    Edge { from: Block, to: Block },
}

#[derive(Clone, Debug)]
pub struct BlockOrder {
    pub order: Vec<LoweredBlock>,
    /// Per SSA block: its lowered block, if reachable.
    pub orig: Vec<Option<MachBlock>>,
    edges: HashMap<(Block, Block), MachBlock>,
}

fn distinct_succs(f: &Function, b: Block) -> Vec<Block> {
    let mut v = Vec::new();
    for s in f.successors(b) {
        if !v.contains(&s) {
            v.push(s)
        }
    }
    v
}

fn has_phis(f: &Function, b: Block) -> bool {
    f.block_stmts(b)
        .next()
        .is_some_and(|(_, s)| matches!(s, Stmt::Phi { .. }))
}

impl BlockOrder {
    pub fn new(f: &Function) -> BlockOrder {
        let preds = f.predecessors();
        let depth = crate::ssa::loops::loop_depths(f);
        let split = |to: Block, n_succs: usize| {
            n_succs > 1 && (preds[to.index()].len() > 1 || has_phis(f, to))
        };
        let succs_of = |lb: LoweredBlock| -> Vec<LoweredBlock> {
            match lb {
                LoweredBlock::Edge { to, .. } => vec![LoweredBlock::Orig(to)],
                LoweredBlock::Orig(b) => {
                    let mut s = distinct_succs(f, b);
                    s.sort_by_key(|to| std::cmp::Reverse(depth[to.index()]));
                    s.iter()
                        .map(|&to| {
                            if split(to, s.len()) {
                                LoweredBlock::Edge { from: b, to }
                            } else {
                                LoweredBlock::Orig(to)
                            }
                        })
                        .collect()
                }
            }
        };
        // Iterative DFS; postorder, then reversed.
        let mut visited: HashMap<LoweredBlock, ()> = HashMap::new();
        let mut post = Vec::new();
        let entry = LoweredBlock::Orig(Block(0));
        let mut stack = vec![(entry, succs_of(entry))];
        visited.insert(entry, ());
        while let Some((node, succs)) = stack.last_mut() {
            let node = *node;
            match succs.pop() {
                // `pop` takes the last successor first: the first successor is finished last and
                // so comes right after its predecessor in reverse postorder.
                Some(s) => {
                    if visited.insert(s, ()).is_none() {
                        let ss = succs_of(s);
                        stack.push((s, ss));
                    }
                }
                None => {
                    post.push(node);
                    stack.pop();
                }
            }
        }
        post.reverse();
        let cold = |lb: &LoweredBlock| {
            matches!(lb, LoweredBlock::Orig(b) if matches!(f.terminator(*b), Stmt::Unreachable))
                && *lb != entry
        };
        let mut order: Vec<LoweredBlock> = post.iter().filter(|b| !cold(b)).copied().collect();
        order.extend(post.iter().filter(|b| cold(b)));

        let mut orig = vec![None; f.blocks.len()];
        let mut edges = HashMap::new();
        for (i, lb) in order.iter().enumerate() {
            match *lb {
                LoweredBlock::Orig(b) => orig[b.index()] = Some(MachBlock(i as u32)),
                LoweredBlock::Edge { from, to } => {
                    edges.insert((from, to), MachBlock(i as u32));
                }
            }
        }
        BlockOrder { order, orig, edges }
    }

    /// The lowered block a branch of `from` jumps to for the SSA edge `from → to`.
    pub fn target(&self, from: Block, to: Block) -> MachBlock {
        self.edges.get(&(from, to)).copied().unwrap_or_else(|| {
            self.orig[to.index()].expect("successor of a reachable block is reachable")
        })
    }

    /// Whether the edge `from → to` goes through an edge block.
    pub fn is_split(&self, from: Block, to: Block) -> bool {
        self.edges.contains_key(&(from, to))
    }
}
