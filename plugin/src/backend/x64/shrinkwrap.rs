//! Shrink-wrapping: which blocks run before the frame is set up.
//!
//! Many functions return early on a path that needs no frame — the base case of a recursion
//! (`if n < 2 then n else ...`, `match t with Empty -> 0 | ...`) — while the other paths call
//! functions and keep values in callee-saved registers. Such a function sets up its frame only
//! on the paths that need it: the *entry region* is the largest set of blocks, containing the
//! entry, that need no frame and are entered only from blocks of the region. Its blocks run
//! with the incoming `rsp` (CFA = rsp + 8, nothing saved), return with a bare `ret` and
//! tail-call with a bare `jmp`. The prologue runs on each edge leaving the region: at the start
//! of the target when all its predecessors are in the region, else in a stub after the body
//! (prologue, `jmp target`) that the region's branches to it use. A self tail call from outside
//! the region must not leave and re-enter the frame at every iteration of what is a loop: it
//! jumps to a *framed copy* of the region (emit.rs), the same blocks emitted a second time
//! inside the frame — they return and tail-call through the epilogue, and branch out of the
//! region past the prologue. So a recursive function whose base case needs no frame (`tak`)
//! runs that case without one while its self-tail-call loop keeps the frame.
//!
//! A block needs the frame when it makes a call (`rsp` alignment, saved values), or when an
//! operand or a regalloc2 edit in it uses a callee-saved register (saved by the prologue) or a
//! spill slot. Functions with a stack-slot area (`rbp`-relative) keep the whole-function frame.
//! Inline allocation's slow path works in either state (emit.rs describes its pushes to the
//! CFI when no frame pointer is set up).

use super::abi::{Frame, CALLEE_SAVED};
use super::inst::{Gpr, Inst};
use super::regalloc::VCode;
use regalloc2::{Allocation, Block, Edit, InstOrEdit, Output};

/// Per VCode block: whether it is in the entry region (runs without the frame). All blocks
/// are when the function has no frame at all; none when the entry block needs the frame.
pub fn entry_region(vcode: &VCode, out: &Output, frame: &Frame) -> Vec<bool> {
    let n = vcode.blocks.len();
    if frame.frameless {
        return vec![true; n];
    }
    if frame.slot_area > 0 {
        return vec![false; n];
    }
    let uses_frame = |a: &Allocation| {
        a.as_stack().is_some()
            || a.as_reg()
                .is_some_and(|p| CALLEE_SAVED.contains(&Gpr::from_preg(p)))
    };
    let mut region: Vec<bool> = (0..n)
        .map(|b| {
            !out.block_insts_and_edits(vcode, Block::new(b))
                .any(|item| match item {
                    InstOrEdit::Edit(Edit::Move { from, to }) => uses_frame(from) || uses_frame(to),
                    InstOrEdit::Inst(i) => {
                        matches!(vcode.insts[i.index()], Inst::Call { .. })
                            || out.inst_allocs(i).iter().any(uses_frame)
                    }
                })
        })
        .collect();
    // Keep the blocks entered only from the region (block 0 has no predecessors).
    loop {
        let mut changed = false;
        for b in 0..n {
            if region[b] && vcode.blocks[b].preds.iter().any(|p| !region[p.index()]) {
                region[b] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if !region[0] {
        return vec![false; n];
    }
    region
}
