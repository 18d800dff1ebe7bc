//! Where debug variables live: regalloc2's debug locations → code ranges, for the DWARF
//! location lists of `-g`.
//!
//! Input: the VCode's labels (`VCode::debug_labels`: the vreg of each debug variable's SSA
//! value, labelled with that value), regalloc2's [`Output::debug_locations`] (`(label, from,
//! to, allocation)` over program points, only where the vreg is live) and the offsets emission
//! recorded per instruction and block. Output: per labelled value, code ranges `[start, end)`
//! and a [`ValueLocation`] (DWARF register, or a spill slot as an offset from the CFA).
//!
//! Invariant — a range never claims a location that does not hold the value at every
//! instruction boundary inside it (gdb stops only at boundaries, and looks a caller's frame up
//! at its return address minus one). Program points map to offsets conservatively: a range
//! starts after the allocator's moves at its first point, and ends just past the last boundary
//! before anything could overwrite the location — the start of the moves after it, or, for a
//! range ending at `After(i)`, the start of instruction `i` (an instruction — a call, an
//! epilogue, a multi-instruction pseudo-op — may overwrite an operand that dies in it). So in
//! a caller's frame a call's arguments are never shown in registers the call clobbered. A range
//! ending at the start of a block ends before it: other predecessors may hold anything there.
//!
//! The statement ranges ([`stmt_ranges`]) are each instruction's own bytes, labelled with the
//! SSA statement it comes from; the allocator's moves between instructions are in none.
//!
//! Parameters the function reads also get their argument register from the entry up to and
//! including the first instruction after the prologue (where `break f` stops), which the
//! prologue never writes. One it never reads (an unused closure) has no location: direct calls
//! do not pass it.

use super::abi::{ArgLoc, Frame};
use super::encode::Mem;
use super::regalloc::VCode;
use crate::backend::ValueLocation;
use crate::ssa::ir::{DebugValue, Function, Stmt, Value};
use regalloc2::{InstPosition, Output, ProgPoint};

/// The code ranges where each labelled value lives, sorted by value; each value's ranges sorted
/// by start.
pub fn value_locations(
    f: &Function,
    vcode: &VCode,
    out: &Output,
    frame: &Frame,
    inst_offsets: &[(u32, u32)],
    block_offsets: &[u32],
    prologue_end: u32,
) -> Vec<(Value, Vec<(u32, u32, ValueLocation)>)> {
    let n = vcode.insts.len();
    // The block of every instruction.
    let mut block_of = vec![0usize; n];
    for (b, vb) in vcode.blocks.iter().enumerate() {
        for i in vb.start..vb.end {
            block_of[i as usize] = b;
        }
    }
    let same_block = |i: usize, j: usize| j < n && block_of[i] == block_of[j];
    // The first offset at which the allocation holds the value from `p` on.
    let start_of = |p: ProgPoint| {
        let i = p.inst().index();
        match p.pos() {
            InstPosition::Before => inst_offsets[i].0,
            InstPosition::After if same_block(i, i + 1) => inst_offsets[i + 1].0,
            InstPosition::After => inst_offsets[i].1,
        }
    };
    // The end (exclusive) of the code over which the allocation holds the value until `p`:
    // one byte past the last instruction boundary where it surely does, so that boundary is in.
    let end_of = |p: ProgPoint| {
        let i = p.inst().index();
        if i >= n {
            return inst_offsets.last().map_or(0, |o| o.1);
        }
        match p.pos() {
            // Not live into the block: other predecessors may hold anything there.
            InstPosition::Before if vcode.blocks[block_of[i]].start as usize == i => {
                block_offsets[block_of[i]]
            }
            // Before the moves between `i - 1` and `i`.
            InstPosition::Before => inst_offsets[i - 1].1 + 1,
            // Where `i` starts, before it runs.
            InstPosition::After => inst_offsets[i].0 + 1,
        }
    };
    let mut by_value: Vec<(Value, Vec<(u32, u32, ValueLocation)>)> = Vec::new();
    for &(label, from, to, alloc) in &out.debug_locations {
        let (start, end) = (start_of(from), end_of(to));
        if start >= end {
            continue;
        }
        let loc = if let Some(p) = alloc.as_reg() {
            ValueLocation::Reg(super::inst::Gpr::from_preg(p).dwarf())
        } else if let Some(slot) = alloc.as_stack() {
            match frame.slot(slot.index()) {
                // The frame pointer is CFA - 16 (abi.rs).
                Mem::Base { disp, .. } => ValueLocation::CfaOffset(disp - 16),
                Mem::Rip { .. } => continue,
            }
        } else {
            continue;
        };
        let value = Value(label);
        if by_value.last().is_none_or(|(v, _)| *v != value) {
            by_value.push((value, Vec::new()));
        }
        let ranges = &mut by_value.last_mut().expect("pushed").1;
        match ranges.last_mut() {
            // (Ranges come in program order; with the one-byte extensions they may touch.)
            Some(last) if last.2 == loc && last.1 >= start => last.1 = last.1.max(end),
            _ => ranges.push((start, end, loc)),
        }
    }
    // Parameters in their argument registers at the entry — those the function reads: a direct
    // call does not pass the others (`lower::ParamReads`).
    let read = super::lower::params_read(f);
    for d in &f.debug_vars {
        let DebugValue::Fixed(value) = d.value else {
            continue;
        };
        let Some(Stmt::Param(i, _)) = f.stmts.get(value.index()) else {
            continue;
        };
        if !read.get(*i as usize).copied().unwrap_or(false) {
            continue;
        }
        let reg = match super::abi::arg_locations(f.params.iter().copied()).get(*i as usize) {
            Some(ArgLoc::Gpr(g)) => g.dwarf(),
            Some(ArgLoc::Xmm(x)) => x.dwarf(),
            _ => continue,
        };
        let k = match by_value.binary_search_by_key(&value, |(v, _)| *v) {
            Ok(k) => k,
            Err(k) => {
                by_value.insert(k, (value, Vec::new()));
                k
            }
        };
        let ranges = &mut by_value[k].1;
        let first = ranges.iter().map(|r| r.0).min().unwrap_or(u32::MAX);
        let end = first.min(prologue_end + 1);
        if end > 0 && !ranges.iter().any(|r| r.0 == 0) {
            ranges.push((0, end, ValueLocation::Reg(reg)));
        }
    }
    for (_, ranges) in &mut by_value {
        ranges.sort_by_key(|r| r.0);
    }
    by_value.sort_by_key(|(v, _)| *v);
    by_value
}

/// The code range of every instruction that comes from an SSA statement, with the statement,
/// in code order (see [`crate::backend::FunctionDebugInfo::stmt_ranges`]).
pub fn stmt_ranges(vcode: &VCode, inst_offsets: &[(u32, u32)]) -> Vec<(u32, u32, Value)> {
    let mut out: Vec<(u32, u32, Value)> = vcode
        .stmts
        .iter()
        .zip(inst_offsets)
        .filter_map(|(stmt, &(start, end))| Some((start, end, (*stmt)?)))
        .filter(|&(start, end, _)| start < end)
        .collect();
    out.sort_by_key(|r| r.0);
    out
}
