//! Loop nesting depth of each block, from the natural loops of the back edges (an edge `a → h`
//! whose target dominates its source): a loop's body is `h` and every block reaching `a`
//! without passing through `h`. A block's depth is the number of back edges whose loop holds
//! it (loops sharing a header count once each); unreachable blocks have depth 0. The native
//! backend's block order uses it to keep loop bodies together (x64/blockorder.rs).

use super::dom::DomTree;
use super::ir::{Block, Function};

/// Per block: how many natural loops contain it.
pub fn loop_depths(f: &Function) -> Vec<u32> {
    let dom = DomTree::new(f);
    let n = f.blocks.len();
    let mut depth = vec![0u32; n];
    let mut in_loop = vec![false; n];
    for &a in &dom.rpo {
        let mut heads = f.successors(a);
        heads.sort_by_key(|b| b.index());
        heads.dedup();
        for h in heads {
            if !dom.dominates(h, a) {
                continue;
            }
            // The natural loop of `a → h`: walk predecessors back from `a`, stopping at `h`.
            in_loop.iter_mut().for_each(|x| *x = false);
            in_loop[h.index()] = true;
            let mut work: Vec<Block> = vec![a];
            while let Some(b) = work.pop() {
                if std::mem::replace(&mut in_loop[b.index()], true) {
                    continue;
                }
                work.extend(
                    dom.preds[b.index()]
                        .iter()
                        .copied()
                        .filter(|p| dom.is_reachable(*p)),
                );
            }
            for (d, &i) in depth.iter_mut().zip(&in_loop) {
                *d += i as u32;
            }
        }
    }
    depth
}
