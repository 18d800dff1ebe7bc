//! Control-flow facts of a function: predecessors, reverse postorder and the dominator tree.
//!
//! Dominators are computed with Cooper, Harvey and Kennedy's iterative algorithm ("A Simple,
//! Fast Dominance Algorithm", 2001): process the blocks in reverse postorder, setting each
//! block's immediate dominator to the intersection (nearest common ancestor in the tree built so
//! far) of its already-processed predecessors, until nothing changes. A pre/post numbering of
//! the resulting tree then answers "does `a` dominate `b`" in constant time.
//!
//! Unreachable blocks have no dominator and no RPO number; [`DomTree::dominates`] says `false`
//! for them (callers treat code in unreachable blocks as they see fit).

use super::ir::{Block, Function};

pub struct DomTree {
    /// Immediate dominator of each block (`idom[entry] == entry`); `None` if unreachable.
    pub idom: Vec<Option<Block>>,
    /// Reachable blocks in reverse postorder (the entry first).
    pub rpo: Vec<Block>,
    /// Predecessors of every block (from [`Function::predecessors`]).
    pub preds: Vec<Vec<Block>>,
    rpo_index: Vec<u32>,
    pre: Vec<u32>,
    post: Vec<u32>,
}

const UNREACHED: u32 = u32::MAX;

impl DomTree {
    /// Computes the CFG facts of `f`. Successors out of range are ignored (the verifier reports
    /// them).
    pub fn new(f: &Function) -> DomTree {
        let n = f.blocks.len();
        let succs: Vec<Vec<Block>> = (0..n)
            .map(|b| {
                let d = f.blocks[b];
                if d.end == 0 || d.end as usize > f.stmts.len() || d.start >= d.end {
                    return vec![];
                }
                f.stmts[d.end as usize - 1]
                    .successors()
                    .into_iter()
                    .filter(|s| s.index() < n)
                    .collect()
            })
            .collect();
        let mut preds = vec![Vec::new(); n];
        for (b, ss) in succs.iter().enumerate() {
            for s in ss {
                if !preds[s.index()].contains(&Block(b as u32)) {
                    preds[s.index()].push(Block(b as u32));
                }
            }
        }
        // Iterative DFS for the postorder.
        let mut post_order = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        if n > 0 {
            let mut stack = vec![(0usize, 0usize)];
            seen[0] = true;
            while let Some(&mut (b, ref mut i)) = stack.last_mut() {
                if let Some(&s) = succs[b].get(*i) {
                    *i += 1;
                    if !seen[s.index()] {
                        seen[s.index()] = true;
                        stack.push((s.index(), 0));
                    }
                } else {
                    post_order.push(Block(b as u32));
                    stack.pop();
                }
            }
        }
        let rpo: Vec<Block> = post_order.iter().rev().copied().collect();
        let mut rpo_index = vec![UNREACHED; n];
        for (i, b) in rpo.iter().enumerate() {
            rpo_index[b.index()] = i as u32;
        }
        let mut idom: Vec<Option<Block>> = vec![None; n];
        if n > 0 {
            idom[0] = Some(Block(0));
        }
        let intersect = |idom: &[Option<Block>], mut a: Block, mut b: Block| {
            while a != b {
                while rpo_index[a.index()] > rpo_index[b.index()] {
                    a = idom[a.index()].unwrap();
                }
                while rpo_index[b.index()] > rpo_index[a.index()] {
                    b = idom[b.index()].unwrap();
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new: Option<Block> = None;
                for &p in &preds[b.index()] {
                    if idom[p.index()].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(q) => intersect(&idom, p, q),
                    });
                }
                if new.is_some() && idom[b.index()] != new {
                    idom[b.index()] = new;
                    changed = true;
                }
            }
        }
        // Pre/post numbering of the dominator tree.
        let mut children = vec![Vec::new(); n];
        for &b in rpo.iter().skip(1) {
            children[idom[b.index()].unwrap().index()].push(b);
        }
        let mut pre = vec![UNREACHED; n];
        let mut post = vec![UNREACHED; n];
        if n > 0 {
            let mut clock = 0;
            let mut stack = vec![(0usize, 0usize)];
            pre[0] = 0;
            while let Some(&mut (b, ref mut i)) = stack.last_mut() {
                if let Some(&c) = children[b].get(*i) {
                    *i += 1;
                    clock += 1;
                    pre[c.index()] = clock;
                    stack.push((c.index(), 0));
                } else {
                    clock += 1;
                    post[b] = clock;
                    stack.pop();
                }
            }
        }
        DomTree {
            idom,
            rpo,
            preds,
            rpo_index,
            pre,
            post,
        }
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.rpo_index[b.index()] != UNREACHED
    }

    /// Position of `b` in reverse postorder (`None` if unreachable).
    pub fn rpo_number(&self, b: Block) -> Option<u32> {
        let i = self.rpo_index[b.index()];
        (i != UNREACHED).then_some(i)
    }

    /// Whether `a` dominates `b` (reflexive). `false` if either is unreachable.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        self.is_reachable(a)
            && self.is_reachable(b)
            && self.pre[a.index()] <= self.pre[b.index()]
            && self.post[b.index()] <= self.post[a.index()]
    }

    /// Whether every retreating edge of the reachable CFG goes to a block dominating its source
    /// (the CFG is reducible).
    pub fn is_reducible(&self) -> bool {
        (0..self.preds.len()).all(|b| {
            let b = Block(b as u32);
            !self.is_reachable(b)
                || self.preds[b.index()].iter().all(|&p| {
                    !self.is_reachable(p)
                        || self.rpo_index[p.index()] < self.rpo_index[b.index()]
                        || self.dominates(b, p)
                })
        })
    }
}
