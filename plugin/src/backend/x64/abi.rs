//! Calling conventions and the frame.
//!
//! egret → egret calls (ARCHITECTURE.md): word arguments 0–5 in `rdi rsi rdx rcx r8 r9`, word
//! arguments 6.. in the runtime's global array [`EXTRA_ARGS_SYMBOL`] (the callee copies them out
//! at entry, before any call), result in `rax`; unboxed float arguments (direct calls of the
//! optimizer's workers only) in `xmm0`..`xmm7`, an unboxed float result in `xmm0`
//! ([`arg_locations`]); callee-saved `rbx rbp r12–r15`, `rsp` 16-byte aligned at
//! calls. Runtime calls use SysV, which agrees on everything up to six arguments.
//!
//! The frame, with a frame pointer — except for functions that make no call and need no stack,
//! which have none at all ([`Frame::frameless`]), and set up only on the paths that leave the
//! entry region (shrinkwrap.rs) in the others:
//!
//! ```text
//!   [rbp + 8]                return address            CFA = rbp + 16
//!   [rbp]                    caller's rbp
//!   [rbp - 8 .. - A]         the stack-slot area: every `Stmt::StackSlot` of the function
//!                            (A = 8 * their total words; fixed at lowering, see `lower.rs`)
//!   [rbp - A - 8 .. - A - 8k]  callee-saved registers the function uses (k of them)
//!   [rbp - A - 8k - 8(s+1)]  spill slot s
//!   ...                      padding to keep rsp 16-byte aligned
//!   [rsp + 8j]               outgoing stack argument j of a runtime call (SysV arguments 7..)
//! ```
//!
//! The stack-slot area sits right under the saved `rbp` so that a slot's address, `rbp - d`, is
//! known when lowering (before register allocation decides `k`): loads and stores of a slot are
//! `[rbp - d + 8i]`, its address a `lea`.
//!
//! CFI: after `push rbp` the CFA is `rsp + 16` and rbp is saved at `CFA - 16`; after
//! `mov rbp, rsp` the CFA is `rbp + 16` for the rest of the body; each pushed register is saved at
//! `CFA - 16 - A - 8i`. Every epilogue (before `ret` or a tail call's `jmp`) is bracketed by
//! `RememberState` / `RestoreState` and describes each pop, so every instruction is covered.
//! Blocks of the entry region (shrinkwrap.rs) run before the prologue: CFA = rsp + 8; where
//! code of one state follows code of the other, [`Frame::cfi_switch_state`] restates the
//! whole state. Out-of-line code after the last block (allocation slow paths, prologue stubs)
//! states its own.
//!
//! `r11` is never allocated: it is regalloc2's scratch register for cyclic moves and the
//! emitter's scratch inside one instruction.

use super::buffer::{LabelUse, MachBuffer};
use super::encode::{self, AluEnc, ByteSink, Mem};
use super::inst::{Gpr, Xmm};
use crate::backend::CfiOp;
use regalloc2::{MachineEnv, PRegSet};

/// The runtime's minor-heap bump pointer, `uint64_t *egret_young_ptr` (an external data
/// symbol): the next free word; allocation moves it up.
pub const YOUNG_PTR_SYMBOL: &str = "egret_young_ptr";
/// `uint64_t *egret_young_limit` (an external data symbol): inline allocation may move
/// `egret_young_ptr` up to here; past it, the slow path calls [`ALLOC_SYMBOL`].
pub const YOUNG_LIMIT_SYMBOL: &str = "egret_young_limit";
/// The largest block allocated inline (OCaml's `Max_young_wosize`); larger ones call
/// [`ALLOC_SYMBOL`] directly.
pub const MAX_INLINE_WOSIZE: usize = 256;

/// The runtime's array receiving egret arguments 6.. (an external data symbol).
pub const EXTRA_ARGS_SYMBOL: &str = "egret_extra_args";
/// `void *egret_alloc(uint64_t wosize, uint64_t tag)`: a block with its header written.
pub const ALLOC_SYMBOL: &str = "egret_alloc";

pub const ARG_REGS: [Gpr; 6] = [Gpr::Rdi, Gpr::Rsi, Gpr::Rdx, Gpr::Rcx, Gpr::R8, Gpr::R9];
pub const RET_REG: Gpr = Gpr::Rax;
pub const SCRATCH: Gpr = Gpr::R11;
/// Allocatable and preserved by calls (rbp is the frame pointer).
pub const CALLEE_SAVED: [Gpr; 5] = [Gpr::Rbx, Gpr::R12, Gpr::R13, Gpr::R14, Gpr::R15];
/// Allocatable and clobbered by calls (the SysV caller-saved registers but the scratch `r11`).
pub const CALLER_SAVED: [Gpr; 8] = [
    Gpr::Rax,
    Gpr::Rcx,
    Gpr::Rdx,
    Gpr::Rsi,
    Gpr::Rdi,
    Gpr::R8,
    Gpr::R9,
    Gpr::R10,
];

/// The registers regalloc2 may use: caller-saved first (no save/restore cost).
/// The SSE registers unboxed floats are allocated to: all caller-saved (System V and egret's
/// convention), so no float lives across a call in a register. `xmm15` is the allocator's
/// scratch for float moves.
pub const FLOAT_REGS: std::ops::Range<u8> = 0..15;
pub const FLOAT_SCRATCH: Xmm = Xmm(15);

pub fn machine_env() -> MachineEnv {
    let mut preferred = PRegSet::empty();
    CALLER_SAVED.iter().for_each(|g| preferred.add(g.preg()));
    let mut non_preferred = PRegSet::empty();
    CALLEE_SAVED
        .iter()
        .for_each(|g| non_preferred.add(g.preg()));
    let mut floats = PRegSet::empty();
    FLOAT_REGS.for_each(|x| floats.add(Xmm(x).preg()));
    MachineEnv {
        preferred_regs_by_class: [preferred, floats, PRegSet::empty()],
        non_preferred_regs_by_class: [non_preferred, PRegSet::empty(), PRegSet::empty()],
        scratch_by_class: [Some(SCRATCH.preg()), Some(FLOAT_SCRATCH.preg()), None],
        fixed_stack_slots: Vec::new(),
    }
}

pub use crate::backend::is_explicit_collection;

/// What an explicit collection ([`is_explicit_collection`]) clobbers: [`call_clobbers`] and
/// the callee-saved registers.
pub fn collection_clobbers() -> PRegSet {
    let mut s = call_clobbers();
    CALLEE_SAVED.iter().for_each(|g| s.add(g.preg()));
    s
}

/// What a call clobbers besides its result register (which is a def, not a clobber).
pub fn call_clobbers() -> PRegSet {
    let mut s = PRegSet::empty();
    CALLER_SAVED
        .iter()
        .filter(|g| **g != RET_REG)
        .for_each(|g| s.add(g.preg()));
    (0..16).for_each(|x| s.add(Xmm(x).preg()));
    s
}

/// What a call returning an unboxed float (in `xmm0`) clobbers besides `xmm0`.
pub fn float_call_clobbers() -> PRegSet {
    let mut s = call_clobbers();
    s.add(RET_REG.preg());
    s.remove(Xmm(0).preg());
    s
}

/// Where an egret call passes one argument ([`arg_locations`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgLoc {
    Gpr(Gpr),
    Xmm(Xmm),
    /// Word `k` of [`EXTRA_ARGS_SYMBOL`].
    Extra(usize),
}

/// Where egret's convention passes arguments of these types, in order: words in [`ARG_REGS`],
/// then in `egret_extra_args`; unboxed floats (`F64`, at most
/// [`MAX_F64_PARAMS`](crate::ssa::ir::MAX_F64_PARAMS): the verifier checks it) in
/// `xmm0`..`xmm7`. Words are numbered among words only, so a function without `F64`
/// parameters is passed exactly as before.
pub fn arg_locations(types: impl IntoIterator<Item = crate::ssa::ir::Type>) -> Vec<ArgLoc> {
    let (mut words, mut floats) = (0, 0);
    types
        .into_iter()
        .map(|t| {
            if t == crate::ssa::ir::Type::F64 {
                floats += 1;
                ArgLoc::Xmm(Xmm(floats - 1))
            } else {
                words += 1;
                match ARG_REGS.get(words - 1) {
                    Some(g) => ArgLoc::Gpr(*g),
                    None => ArgLoc::Extra(words - 1 - ARG_REGS.len()),
                }
            }
        })
        .collect()
}

/// The frame of one function, known after register allocation.
#[derive(Clone, Debug)]
pub struct Frame {
    /// No frame at all: no `push rbp`, CFA = rsp + 8 throughout, `rsp` 8 mod 16 in the body.
    /// Only for functions that make no calls and need no stack (see [`Frame::new`]).
    pub frameless: bool,
    /// Bytes of the stack-slot area right under the saved `rbp` (a multiple of 8).
    pub slot_area: u32,
    /// Callee-saved registers the function writes, in push order.
    pub saved: Vec<Gpr>,
    pub spill_slots: usize,
    /// Bytes subtracted from rsp after the pushes: spill slots, the outgoing-argument area,
    /// alignment padding.
    pub frame_size: u32,
}

impl Frame {
    /// The frame; `frameless` is granted only when nothing needs the stack (no saved register,
    /// spill slot or stack slot) and the function makes no call — a frame pointer then buys
    /// nothing: the CIE's CFA = rsp + 8 holds everywhere.
    pub fn new(
        slot_area: u32,
        saved: Vec<Gpr>,
        spill_slots: usize,
        makes_calls: bool,
        outgoing_area: u32,
    ) -> Frame {
        debug_assert!(slot_area.is_multiple_of(8));
        debug_assert!(outgoing_area == 0 || makes_calls);
        let frameless = !makes_calls && slot_area == 0 && saved.is_empty() && spill_slots == 0;
        // rsp is 16-aligned after `push rbp` (entry rsp is 8 mod 16); keep it so.
        let mut frame_size = 8 * spill_slots as u32 + outgoing_area;
        if !(slot_area + 8 * saved.len() as u32 + frame_size).is_multiple_of(16) {
            frame_size += 8;
        }
        Frame {
            frameless,
            slot_area,
            saved,
            spill_slots,
            frame_size,
        }
    }

    /// The memory of spill slot `slot`.
    pub fn slot(&self, slot: usize) -> Mem {
        let disp = -(self.slot_area as i32) - 8 * (self.saved.len() as i32) - 8 * (slot as i32 + 1);
        Mem::Base {
            base: Gpr::Rbp,
            index: None,
            disp,
        }
    }

    /// `sub rsp, n` / `add rsp, n` with its listing line.
    fn adjust_rsp<U: LabelUse>(buf: &mut MachBuffer<U>, enc: AluEnc, n: u32) {
        if n == 0 {
            return;
        }
        let at = buf.cur_offset();
        encode::alu_ri(buf, enc, Gpr::Rsp, n as i32);
        let m = if enc == AluEnc::Sub { "sub" } else { "add" };
        buf.list(at, || format!("{m} rsp, 0x{n:x}"));
    }

    pub fn emit_prologue<U: LabelUse>(&self, buf: &mut MachBuffer<U>) {
        if self.frameless {
            return;
        }
        let at = buf.cur_offset();
        encode::push(buf, Gpr::Rbp);
        buf.list(at, || "push rbp".into());
        buf.add_cfi(CfiOp::DefCfaOffset(16));
        buf.add_cfi(CfiOp::Offset {
            reg: Gpr::Rbp.dwarf(),
            offset: -16,
        });
        let at = buf.cur_offset();
        encode::mov_rr(buf, Gpr::Rbp, Gpr::Rsp);
        buf.list(at, || "mov rbp, rsp".into());
        buf.add_cfi(CfiOp::DefCfaRegister(Gpr::Rbp.dwarf()));
        if self.saved.is_empty() {
            Self::adjust_rsp(buf, AluEnc::Sub, self.slot_area + self.frame_size);
            return;
        }
        Self::adjust_rsp(buf, AluEnc::Sub, self.slot_area);
        for (i, g) in self.saved.iter().enumerate() {
            let at = buf.cur_offset();
            encode::push(buf, *g);
            buf.list(at, || format!("push {}", g.name(8)));
            buf.add_cfi(CfiOp::Offset {
                reg: g.dwarf(),
                offset: -16 - self.slot_area as i32 - 8 * (i as i32 + 1),
            });
        }
        Self::adjust_rsp(buf, AluEnc::Sub, self.frame_size);
    }

    /// Everything of an epilogue but the final `ret`/`jmp`; call [`Frame::end_epilogue`] after
    /// emitting that.
    pub fn emit_epilogue<U: LabelUse>(&self, buf: &mut MachBuffer<U>) {
        if self.frameless {
            return;
        }
        buf.add_cfi(CfiOp::RememberState);
        if self.saved.is_empty() {
            Self::adjust_rsp(buf, AluEnc::Add, self.slot_area + self.frame_size);
        } else {
            Self::adjust_rsp(buf, AluEnc::Add, self.frame_size);
            for g in self.saved.iter().rev() {
                let at = buf.cur_offset();
                encode::pop(buf, *g);
                buf.list(at, || format!("pop {}", g.name(8)));
                buf.add_cfi(CfiOp::Restore(g.dwarf()));
            }
            Self::adjust_rsp(buf, AluEnc::Add, self.slot_area);
        }
        let at = buf.cur_offset();
        encode::pop(buf, Gpr::Rbp);
        buf.list(at, || "pop rbp".into());
        buf.add_cfi(CfiOp::DefCfa {
            reg: Gpr::Rsp.dwarf(),
            offset: 8,
        });
        buf.add_cfi(CfiOp::Restore(Gpr::Rbp.dwarf()));
    }

    /// CFI switching the state from outside the frame to inside it (`framed`: CFA = rbp + 16,
    /// rbp and the saved registers in their slots) or back (CFA = rsp + 8, every register the
    /// caller's): where code of one state follows code of the other (shrinkwrap.rs).
    pub fn cfi_switch_state<U: LabelUse>(&self, buf: &mut MachBuffer<U>, framed: bool) {
        if framed {
            buf.add_cfi(CfiOp::DefCfa {
                reg: Gpr::Rbp.dwarf(),
                offset: 16,
            });
            buf.add_cfi(CfiOp::Offset {
                reg: Gpr::Rbp.dwarf(),
                offset: -16,
            });
            for (i, g) in self.saved.iter().enumerate() {
                buf.add_cfi(CfiOp::Offset {
                    reg: g.dwarf(),
                    offset: -16 - self.slot_area as i32 - 8 * (i as i32 + 1),
                });
            }
        } else {
            buf.add_cfi(CfiOp::DefCfa {
                reg: Gpr::Rsp.dwarf(),
                offset: 8,
            });
            buf.add_cfi(CfiOp::Restore(Gpr::Rbp.dwarf()));
            for g in &self.saved {
                buf.add_cfi(CfiOp::Restore(g.dwarf()));
            }
        }
    }

    pub fn end_epilogue<U: LabelUse>(&self, buf: &mut MachBuffer<U>) {
        if self.frameless {
            return;
        }
        buf.add_cfi(CfiOp::RestoreState);
    }
}
