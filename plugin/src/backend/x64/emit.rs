//! Emission: allocated VCode → bytes in a [`MachBuffer`].
//!
//! Takes the VCode and regalloc2's [`Output`]; rewrites every operand to its physical register,
//! lays out the [`Frame`] (callee-saved registers actually written, spill slots) and the entry
//! region that runs without it (shrinkwrap.rs), then walks the blocks in order, binding one
//! label per block, interleaving the allocator's moves, spills and reloads with the
//! instructions, and expanding pseudo-instructions (prologues where the region is left,
//! epilogues before `ret` and tail calls outside it, compare-and-branch, jump tables). Branches are emitted naively — `jcc taken;
//! jmp not_taken` — and registered with the buffer, whose tail edits remove, invert and thread
//! them.
//!
//! Relocations: `call rel32` → `X86CallPcRel4` (addend −4); RIP-relative `lea` → `X86PcRel4`
//! (the addend the instruction carries, −4 for a symbol, `8 − 4` for a data object's first
//! field). Jump tables are relocation-free: rel32 offsets from the table start, placed right
//! after the indirect `jmp`.

mod float;

use super::abi::Frame;
use super::buffer::{MachBuffer, MachBufferFinished, MachLabel, X64LabelUse};
use super::encode::{self, AluEnc, ByteSink, Mem};
use super::inst::{
    Amode, CallTarget, Compare, Cond, Gpr, Inst, LoadKind, MachBlock, RegImm, ShiftAmount, Xmm,
};
use super::lower::tag;
use super::print::show_reg;
use super::regalloc::{Rewriter, VCode};
use crate::backend::{RelocKind, RelocTarget};
use crate::ssa::ir::SrcLoc;
use regalloc2::{Allocation, Block, Edit, InstOrEdit, Output};

/// What emission gives besides the bytes.
pub struct Emitted {
    pub code: MachBufferFinished,
    pub prologue_end: u32,
    pub frame: Frame,
    pub insts: usize,
    /// Per VCode instruction: the offsets where its code starts and ends (after the edits
    /// before it, before the edits after it).
    pub inst_offsets: Vec<(u32, u32)>,
    /// Per VCode block: the offset of its first byte (before the edits at its start).
    pub block_offsets: Vec<u32>,
}

struct Emitter<'a> {
    buf: MachBuffer<X64LabelUse>,
    frame: &'a Frame,
    labels: Vec<MachLabel>,
    /// The function's id in its module (for self tail calls).
    self_id: Option<crate::ssa::ir::FuncId>,
    /// The source location of the instruction being emitted.
    loc: SrcLoc,
    /// Allocation slow paths, emitted after the last block.
    slow_paths: Vec<SlowPath>,
    /// The function has SSE registers: its slow paths save them around their call (all are
    /// caller-saved in the C ABI, and a float may live across an allocation).
    has_floats: bool,
    /// Per block: in the entry region, run without the frame (shrinkwrap.rs).
    region: Vec<bool>,
    /// Per block outside the region entered from both sides: the label of its prologue stub,
    /// which the region's branches to it use.
    stubs: Vec<Option<MachLabel>>,
    /// The block being emitted is in the region.
    in_region: bool,
    /// Per region block, when the function has framed copies of the region (shrinkwrap.rs:
    /// where a self tail call from inside the frame goes): the label of its copy.
    copy_labels: Vec<Option<MachLabel>>,
    /// Per block with a prologue at its start: the label right after it, where the framed
    /// copies' branches to the block go.
    after_prologue: Vec<Option<MachLabel>>,
    /// The block being emitted is a framed copy of a region block.
    in_copy: bool,
    /// The CFI state at the current offset: inside the frame (CFA = rbp + 16) or outside.
    cfi_framed: bool,
    /// Bound right after block 0's prologue, when it has one: where self tail calls go.
    body: MachLabel,
    /// The float constants' labels in the pool after the code, by bits (float.rs).
    pool: std::collections::HashMap<u64, MachLabel>,
}

/// The out-of-line half of an [`Inst::AllocInline`].
struct SlowPath {
    label: MachLabel,
    back: MachLabel,
    dst: Gpr,
    wosize: u32,
    tag: u8,
    loc: SrcLoc,
    /// Taken inside the frame (`rsp` 16-aligned, CFA = rbp + 16), or outside it (`rsp` 8 mod
    /// 16, CFA = rsp + 8).
    framed: bool,
}

fn mem(a: &Amode) -> Mem {
    Mem::Base {
        base: a.base.gpr(),
        index: a.index.map(|(r, s)| (r.gpr(), s)),
        disp: a.disp,
    }
}

fn alu_enc(op: super::inst::AluOp) -> AluEnc {
    use super::inst::AluOp::*;
    match op {
        Add => AluEnc::Add,
        Sub => AluEnc::Sub,
        And => AluEnc::And,
        Or => AluEnc::Or,
        Xor => AluEnc::Xor,
        Imul => unreachable!("imul has its own encoding"),
    }
}

impl Emitter<'_> {
    fn at(&self) -> u32 {
        self.buf.cur_offset()
    }

    fn compare(&mut self, c: &Compare) {
        let at = self.at();
        let lhs = c.lhs.gpr();
        match (c.test, c.rhs) {
            (false, RegImm::Reg(r)) => encode::alu_rr(&mut self.buf, AluEnc::Cmp, lhs, r.gpr()),
            (false, RegImm::Imm(i)) => encode::alu_ri(&mut self.buf, AluEnc::Cmp, lhs, i),
            (true, RegImm::Reg(r)) => encode::test_rr(&mut self.buf, lhs, r.gpr()),
            (true, RegImm::Imm(i)) => encode::test_ri(&mut self.buf, lhs, i),
        }
        self.buf.list(at, || c.show());
    }

    /// The `rel8` displacement of a 2-byte branch starting here to `target`, when `target` is
    /// bound behind the code the buffer may still edit (so its offset is final) and in reach.
    fn short_disp(&self, target: MachLabel) -> Option<i8> {
        let t = self.buf.stable_label_offset(target)?;
        i8::try_from(t as i64 - (self.at() as i64 + 2)).ok()
    }

    /// An island here, jumped over, if block `bi`'s worst-case size could take a pending
    /// label use out of its range.
    fn island_before(&mut self, vcode: &VCode, bi: usize) {
        let vb = &vcode.blocks[bi];
        let worst = 16 * (vb.end - vb.start) + 64;
        if self.buf.island_needed(worst) {
            let after = self.buf.get_label();
            self.jmp(after);
            self.buf.emit_island(worst);
            self.buf.bind_label(after);
        }
    }

    /// Block `bi`'s instructions and the allocator's moves among them; records each
    /// instruction's start and end marks in `marks` if given. Returns how many were emitted.
    fn block_body(
        &mut self,
        vcode: &VCode,
        out: &Output,
        bi: usize,
        mut marks: Option<&mut [(usize, usize)]>,
    ) -> usize {
        let mut n = 0;
        for item in out.block_insts_and_edits(vcode, Block::new(bi)) {
            match item {
                InstOrEdit::Edit(Edit::Move { from, to }) => self.edit_move(*from, *to),
                InstOrEdit::Inst(i) => {
                    self.loc = vcode.srclocs[i.index()];
                    let start = marks.is_some().then(|| self.buf.mark());
                    self.buf.start_srcloc(self.loc);
                    self.inst(&vcode.insts[i.index()]);
                    self.buf.end_srcloc();
                    if let (Some(marks), Some(start)) = (marks.as_deref_mut(), start) {
                        marks[i.index()] = (start, self.buf.mark());
                    }
                }
            }
            n += 1;
        }
        n
    }

    fn jmp(&mut self, target: MachLabel) {
        let start = self.at();
        if let Some(d) = self.short_disp(target) {
            encode::jmp_rel8(&mut self.buf, d);
            self.buf.list_branch(start, "jmp", target);
            let end = self.at();
            self.buf.add_resolved_branch(start, end, target, None);
            return;
        }
        let field = encode::jmp_rel32(&mut self.buf, -4);
        self.buf
            .use_label_at_offset(field, target, X64LabelUse::Rel32);
        self.buf.list_branch(start, "jmp", target);
        let end = self.at();
        self.buf.add_uncond_branch(start, end, target);
    }

    fn jcc(&mut self, cc: Cond, target: MachLabel) {
        let start = self.at();
        if let Some(d) = self.short_disp(target) {
            encode::jcc_rel8(&mut self.buf, cc, d);
            self.buf
                .list_branch(start, &format!("j{}", cc.suffix()), target);
            let mut inverted = Vec::new();
            encode::jcc_rel8(&mut inverted, cc.invert(), d);
            let end = self.at();
            self.buf
                .add_resolved_branch(start, end, target, Some(inverted));
            return;
        }
        let field = encode::jcc_rel32(&mut self.buf, cc, -4);
        self.buf
            .use_label_at_offset(field, target, X64LabelUse::Rel32);
        self.buf
            .list_branch(start, &format!("j{}", cc.suffix()), target);
        let mut inverted = Vec::new();
        encode::jcc_rel32(&mut inverted, cc.invert(), -4);
        let end = self.at();
        self.buf.add_cond_branch(start, end, target, inverted);
    }

    /// The label a branch of the current block to `b` targets: `b`'s prologue stub when the
    /// branch leaves the entry region for a block that has one; from a framed copy of the
    /// region, the copy of `b`, or `b` past its prologue.
    fn label(&self, b: MachBlock) -> MachLabel {
        let b = b.0 as usize;
        if self.in_copy {
            return self.copy_labels[b]
                .or(self.after_prologue[b])
                .unwrap_or(self.labels[b]);
        }
        match self.stubs[b] {
            Some(stub) if self.in_region => stub,
            _ => self.labels[b],
        }
    }

    /// Makes the CFI state at the current offset `framed` (or not).
    fn set_cfi_state(&mut self, framed: bool) {
        if self.cfi_framed != framed {
            self.frame.cfi_switch_state(&mut self.buf, framed);
            self.cfi_framed = framed;
        }
    }

    /// The epilogue before a `ret` or a tail call's `jmp`: none in the entry region.
    fn epilogue(&mut self) {
        if !self.in_region {
            self.frame.emit_epilogue(&mut self.buf);
        }
    }

    fn end_epilogue(&mut self) {
        if !self.in_region {
            self.frame.end_epilogue(&mut self.buf);
        }
    }

    fn edit_move(&mut self, from: Allocation, to: Allocation) {
        let at = self.at();
        let float = from
            .as_reg()
            .or(to.as_reg())
            .is_some_and(|p| p.class() == regalloc2::RegClass::Float);
        if float {
            return self.edit_move_float(from, to);
        }
        match (from.as_reg(), to.as_reg()) {
            (Some(a), Some(b)) => {
                if a == b {
                    return;
                }
                let (a, b) = (Gpr::from_preg(a), Gpr::from_preg(b));
                encode::mov_rr(&mut self.buf, b, a);
                self.buf
                    .list(at, || format!("mov {}, {}", b.name(8), a.name(8)));
            }
            (Some(a), None) => {
                let slot = to.as_stack().expect("a spill slot").index();
                let a = Gpr::from_preg(a);
                encode::store(&mut self.buf, &self.frame.slot(slot), a);
                self.buf.list(at, || {
                    format!(
                        "mov {}, {}  ; spill",
                        show_slot(self.frame, slot),
                        a.name(8)
                    )
                });
            }
            (None, Some(b)) => {
                let slot = from.as_stack().expect("a spill slot").index();
                let b = Gpr::from_preg(b);
                encode::load(&mut self.buf, b, &self.frame.slot(slot));
                self.buf.list(at, || {
                    format!(
                        "mov {}, {}  ; reload",
                        b.name(8),
                        show_slot(self.frame, slot)
                    )
                });
            }
            (None, None) => unreachable!("regalloc2 never moves stack to stack"),
        }
    }

    /// A move of the float class: `movapd`, or `movsd` to or from a spill slot.
    fn edit_move_float(&mut self, from: Allocation, to: Allocation) {
        let at = self.at();
        let xmm = |a: Allocation| a.as_reg().map(|p| Xmm(p.hw_enc() as u8));
        match (xmm(from), xmm(to)) {
            (Some(a), Some(b)) => {
                if a == b {
                    return;
                }
                encode::movapd(&mut self.buf, b, a);
                self.buf
                    .list(at, || format!("movapd {}, {}", b.name(), a.name()));
            }
            (Some(a), None) => {
                let slot = to.as_stack().expect("a spill slot").index();
                encode::movsd_store(&mut self.buf, &self.frame.slot(slot), a);
                self.buf.list(at, || {
                    format!(
                        "movsd {}, {}  ; spill",
                        show_slot(self.frame, slot),
                        a.name()
                    )
                });
            }
            (None, Some(b)) => {
                let slot = from.as_stack().expect("a spill slot").index();
                encode::movsd_load(&mut self.buf, b, &self.frame.slot(slot));
                self.buf.list(at, || {
                    format!(
                        "movsd {}, {}  ; reload",
                        b.name(),
                        show_slot(self.frame, slot)
                    )
                });
            }
            (None, None) => unreachable!("regalloc2 never moves stack to stack"),
        }
    }

    fn inst(&mut self, inst: &Inst) {
        let at = self.at();
        let b = &mut self.buf;
        match inst {
            Inst::Args { .. } => return,
            Inst::MovRR { dst, src } => {
                if dst == src {
                    return;
                }
                // A copy of an unboxed float (a frame entry's copy of an `F64`) moves xmm regs.
                if dst.is_float() {
                    encode::movapd(b, dst.xmm(), src.xmm())
                } else {
                    encode::mov_rr(b, dst.gpr(), src.gpr())
                }
            }
            Inst::MovImm { dst, imm } => encode::mov_ri(b, dst.gpr(), *imm),
            Inst::Alu {
                op,
                dst,
                src1,
                src2,
            } => {
                debug_assert_eq!(dst, src1, "two-address operands share a register");
                match (op, src2) {
                    (super::inst::AluOp::Imul, RegImm::Reg(r)) => {
                        encode::imul_rr(b, dst.gpr(), r.gpr())
                    }
                    (super::inst::AluOp::Imul, RegImm::Imm(i)) => {
                        encode::imul_rri(b, dst.gpr(), dst.gpr(), *i)
                    }
                    (op, RegImm::Reg(r)) => encode::alu_rr(b, alu_enc(*op), dst.gpr(), r.gpr()),
                    (op, RegImm::Imm(i)) => encode::alu_ri(b, alu_enc(*op), dst.gpr(), *i),
                }
            }
            Inst::ImulImm { dst, src, imm } => encode::imul_rri(b, dst.gpr(), src.gpr(), *imm),
            Inst::Shift {
                kind,
                dst,
                src,
                amount,
            } => {
                debug_assert_eq!(dst, src);
                match amount {
                    ShiftAmount::Imm(n) => encode::shift_ri(b, *kind, dst.gpr(), *n),
                    ShiftAmount::Cl(c) => {
                        debug_assert_eq!(c.gpr(), Gpr::Rcx);
                        encode::shift_rcl(b, *kind, dst.gpr())
                    }
                }
            }
            Inst::Neg { dst, src } => {
                debug_assert_eq!(dst, src);
                encode::neg(b, dst.gpr())
            }
            Inst::Lea { dst, addr } => {
                encode::lea(b, dst.gpr(), &mem(addr));
            }
            Inst::LeaSymbol {
                dst,
                target,
                addend,
            } => {
                let field = encode::lea(b, dst.gpr(), &Mem::Rip { disp: 0 }).expect("rip");
                b.add_reloc_at(field, RelocKind::X86PcRel4, target.clone(), *addend);
            }
            Inst::Load {
                kind: LoadKind::Word,
                dst,
                addr,
            } => {
                encode::load(b, dst.gpr(), &mem(addr));
            }
            Inst::Load {
                kind: LoadKind::ZeroExtByte,
                dst,
                addr,
            } => {
                encode::movzx_load8(b, dst.gpr(), &mem(addr));
            }
            Inst::Store {
                src: RegImm::Reg(r),
                addr,
            } => {
                encode::store(b, &mem(addr), r.gpr());
            }
            Inst::Store {
                src: RegImm::Imm(i),
                addr,
            } => encode::store_imm(b, &mem(addr), *i),
            Inst::StoreByte { src, addr } => {
                encode::store8(b, &mem(addr), src.gpr());
            }
            Inst::CmpSetcc { cmp, cc, dst } => {
                self.compare(cmp);
                let at = self.at();
                let (b, d) = (&mut self.buf, dst.gpr());
                encode::setcc(b, *cc, d);
                encode::movzx_r8(b, d, d);
                encode::tag_int(b, d);
                let cc = *cc;
                b.list(at, || {
                    format!(
                        "set{} {}; movzx; lea {0}, [{0}+{0}+1]",
                        cc.suffix(),
                        d.name(1)
                    )
                });
                return;
            }
            Inst::AllocInline {
                dst,
                tmp,
                wosize,
                tag,
            } => {
                self.alloc_inline(dst.gpr(), tmp.gpr(), *wosize, *tag);
                return;
            }
            Inst::FLoad { dst, addr } => {
                encode::movsd_load(b, dst.xmm(), &mem(addr));
            }
            Inst::FStore { src, addr } => {
                encode::movsd_store(b, &mem(addr), src.xmm());
            }
            Inst::MovqToXmm { dst, src } => encode::movq_to_xmm(b, dst.xmm(), src.gpr()),
            Inst::FConst { .. } | Inst::FAluConst { .. } => return self.float_const(inst),
            Inst::FAlu {
                op,
                dst,
                src1,
                src2,
            } => {
                debug_assert_eq!(dst, src1, "two-address operands share a register");
                encode::falu(b, *op, dst.xmm(), src2.xmm())
            }
            Inst::FAluMem {
                op,
                dst,
                src1,
                addr,
            } => {
                debug_assert_eq!(dst, src1, "two-address operands share a register");
                encode::falu_mem(b, *op, dst.xmm(), &mem(addr));
            }
            Inst::FSqrt { dst, src } => encode::sqrtsd(b, dst.xmm(), src.xmm()),
            Inst::FSign { neg, dst, src, tmp } => {
                encode::movq_from_xmm(b, tmp.gpr(), src.xmm());
                encode::bt_ri(b, *neg, tmp.gpr(), 63);
                encode::movq_to_xmm(b, dst.xmm(), tmp.gpr());
            }
            Inst::Cvtsi2sd { dst, src } => encode::cvtsi2sd(b, dst.xmm(), src.gpr()),
            Inst::Cvttsd2si { dst, src } => {
                let d = dst.gpr();
                encode::cvttsd2si(b, d, src.xmm());
                encode::tag_int(b, d);
            }
            Inst::FCmpSetcc {
                cc,
                lhs,
                rhs,
                dst,
                tmp,
            } => self.float_compare(*cc, lhs.xmm(), rhs.xmm(), dst.gpr(), tmp.gpr()),
            Inst::Cqo { .. } => encode::cqo(b),
            Inst::Idiv { divisor, .. } => encode::idiv(b, divisor.gpr()),
            Inst::MulHi { m, .. } => encode::imul1(b, m.gpr()),
            Inst::Call {
                target: CallTarget::Symbol(t),
                ..
            } => {
                if let RelocTarget::External(s) = t {
                    if super::abi::is_explicit_collection(s) {
                        // No value lives in a callee-saved register across this call
                        // (`abi::collection_clobbers`): what the function left in those it
                        // writes is dead, and must not be taken for a root.
                        for g in &self.frame.saved {
                            encode::alu_rr(b, AluEnc::Xor, *g, *g);
                        }
                    }
                }
                let field = encode::call_rel32(b, 0);
                b.add_reloc_at(field, RelocKind::X86CallPcRel4, t.clone(), -4);
            }
            Inst::Call {
                target: CallTarget::Reg(r),
                ..
            } => encode::call_r(b, r.gpr()),
            Inst::Jmp { target } => {
                let l = self.label(*target);
                self.jmp(l);
                return;
            }
            Inst::JmpCond {
                cmp,
                cc,
                taken,
                not_taken,
            } => {
                self.compare(cmp);
                let (t, n) = (self.label(*taken), self.label(*not_taken));
                self.jcc(*cc, t);
                self.jmp(n);
                return;
            }
            Inst::FJmpCond {
                lhs,
                rhs,
                cc,
                taken,
                not_taken,
            } => {
                encode::ucomisd(b, lhs.xmm(), rhs.xmm());
                let (l, r) = (lhs.xmm().name(), rhs.xmm().name());
                self.buf.list(at, || format!("ucomisd {l}, {r}"));
                let (t, n) = (self.label(*taken), self.label(*not_taken));
                self.jcc(*cc, t);
                self.jmp(n);
                return;
            }
            Inst::CmpChain {
                value,
                targets,
                default,
                raw,
            } => {
                for (i, t) in targets.iter().enumerate() {
                    if t == default {
                        continue;
                    }
                    let n = if *raw { i as i64 } else { tag(i as i64) };
                    let imm = i32::try_from(n).expect("small switch");
                    self.compare(&Compare {
                        test: false,
                        lhs: *value,
                        rhs: RegImm::Imm(imm),
                    });
                    let l = self.label(*t);
                    self.jcc(Cond::Z, l);
                }
                let l = self.label(*default);
                self.jmp(l);
                return;
            }
            Inst::JmpTable {
                value,
                tmp1,
                tmp2,
                targets,
                default,
            } => {
                self.jump_table(value.gpr(), tmp1.gpr(), tmp2.gpr(), targets, *default);
                return;
            }
            Inst::Ret { .. } => {
                self.epilogue();
                let at = self.at();
                encode::ret(&mut self.buf);
                self.buf.list(at, || "ret".into());
                self.end_epilogue();
                return;
            }
            Inst::TailCall {
                target: CallTarget::Symbol(RelocTarget::Func(id)),
                ..
            } if Some(*id) == self.self_id => {
                // Back to block 0, which takes the arguments from the same registers (and
                // `egret_extra_args`): from the region, to block 0 itself; from inside the
                // frame, to block 0 past its prologue or, when block 0 runs without the
                // frame, to its framed copy (shrinkwrap.rs).
                let l = if self.in_region {
                    self.labels[0]
                } else if self.region[0] {
                    self.copy_labels[0].expect("a framed copy of the region")
                } else {
                    self.body
                };
                self.jmp(l);
                return;
            }
            Inst::TailCall { target, .. } => {
                self.epilogue();
                let at = self.at();
                let b = &mut self.buf;
                match target {
                    CallTarget::Symbol(t) => {
                        let field = encode::jmp_rel32(b, 0);
                        b.add_reloc_at(field, RelocKind::X86CallPcRel4, t.clone(), -4);
                        b.list(at, || {
                            format!("jmp {}  ; tail call", super::print::show_target(t))
                        });
                    }
                    CallTarget::Reg(r) => {
                        encode::jmp_r(b, r.gpr());
                        b.list(at, || format!("jmp {}  ; tail call", show_reg(*r, 8)));
                    }
                }
                self.end_epilogue();
                return;
            }
            Inst::Ud2 => encode::ud2(b),
        }
        self.buf.list(at, || format!("{inst}"));
    }

    /// An instruction with a RIP-relative operand referring to the data symbol `sym`.
    fn rip_data(
        &mut self,
        sym: &str,
        enc: impl FnOnce(&mut MachBuffer<X64LabelUse>) -> Option<u32>,
        show: impl FnOnce() -> String,
    ) {
        let at = self.at();
        let field = enc(&mut self.buf).expect("a RIP-relative operand");
        self.buf.add_reloc_at(
            field,
            RelocKind::X86PcRel4,
            RelocTarget::External(sym.into()),
            -4,
        );
        self.buf.list(at, show);
    }

    /// The inline half of [`Inst::AllocInline`]:
    ///
    /// ```text
    ///     mov dst, [rip+egret_young_ptr]
    ///     lea tmp, [dst + 8*(wosize+1)]
    ///     cmp tmp, [rip+egret_young_limit]
    ///     ja  slow                          ; out of line, after the last block
    ///     mov [rip+egret_young_ptr], tmp
    ///     mov qword [dst], header
    ///     add dst, 8
    /// back:
    /// ```
    fn alloc_inline(&mut self, dst: Gpr, tmp: Gpr, wosize: u32, tag: u8) {
        use super::abi::{YOUNG_LIMIT_SYMBOL, YOUNG_PTR_SYMBOL};
        let rip = Mem::Rip { disp: 0 };
        self.rip_data(
            YOUNG_PTR_SYMBOL,
            |b| encode::load(b, dst, &rip),
            || format!("mov {}, qword ptr [rip+{YOUNG_PTR_SYMBOL}]", dst.name(8)),
        );
        let bytes = 8 * (wosize as i32 + 1);
        let at = self.at();
        let m = Mem::Base {
            base: dst,
            index: None,
            disp: bytes,
        };
        encode::lea(&mut self.buf, tmp, &m);
        self.buf.list(at, || {
            format!("lea {}, [{}+0x{bytes:x}]", tmp.name(8), dst.name(8))
        });
        self.rip_data(
            YOUNG_LIMIT_SYMBOL,
            |b| encode::alu_rm(b, AluEnc::Cmp, tmp, &rip),
            || format!("cmp {}, qword ptr [rip+{YOUNG_LIMIT_SYMBOL}]", tmp.name(8)),
        );
        let n = self.slow_paths.len();
        let slow = self.buf.get_named_label(format!("alloc_slow{n}"));
        let at = self.at();
        let field = encode::jcc_rel32(&mut self.buf, Cond::Nbe, -4);
        self.buf
            .use_label_at_offset(field, slow, X64LabelUse::Rel32);
        self.buf.list_branch(at, "ja", slow);
        self.rip_data(
            YOUNG_PTR_SYMBOL,
            |b| encode::store(b, &rip, tmp),
            || format!("mov qword ptr [rip+{YOUNG_PTR_SYMBOL}], {}", tmp.name(8)),
        );
        let header = (wosize as i64) << 10 | tag as i64;
        let header = i32::try_from(header).expect("a small block's header fits an imm32");
        let at = self.at();
        let m = Mem::Base {
            base: dst,
            index: None,
            disp: 0,
        };
        encode::store_imm(&mut self.buf, &m, header);
        self.buf.list(at, || {
            format!("mov qword ptr [{}], 0x{header:x}  ; header", dst.name(8))
        });
        let at = self.at();
        encode::alu_ri(&mut self.buf, AluEnc::Add, dst, 8);
        self.buf.list(at, || format!("add {}, 0x8", dst.name(8)));
        let back = self.buf.get_label();
        self.buf.bind_label(back);
        self.slow_paths.push(SlowPath {
            label: slow,
            back,
            dst,
            wosize,
            tag,
            loc: self.loc,
            framed: !self.in_region,
        });
    }

    /// The out-of-line half of [`Inst::AllocInline`]: `dst = egret_alloc(wosize, tag)` with
    /// every other caller-saved register saved around the call (and `rsp` kept 16-aligned),
    /// then back. `r11` is not saved: nothing lives in it between instructions.
    /// Outside the frame, CFA = rsp + `cfa`: each `rsp` change is described to the CFI.
    fn slow_path(&mut self, p: &SlowPath) {
        self.set_cfi_state(p.framed);
        self.buf.bind_label(p.label);
        self.buf.start_srcloc(p.loc);
        let mut cfa = 8;
        let mut moved = |buf: &mut MachBuffer<X64LabelUse>, by: i32| {
            cfa += by;
            if !p.framed {
                buf.add_cfi(crate::backend::CfiOp::DefCfaOffset(cfa));
            }
        };
        let saved: Vec<Gpr> = super::abi::CALLER_SAVED
            .iter()
            .copied()
            .filter(|g| *g != p.dst)
            .collect();
        for g in &saved {
            let at = self.at();
            encode::push(&mut self.buf, *g);
            self.buf.list(at, || format!("push {}", g.name(8)));
            moved(&mut self.buf, 8);
        }
        let misalignment = if p.framed { 0 } else { 8 };
        let pad = ((misalignment + 8 * saved.len() as u32) % 16) as i32;
        if pad > 0 {
            let at = self.at();
            encode::alu_ri(&mut self.buf, AluEnc::Sub, Gpr::Rsp, pad);
            self.buf.list(at, || format!("sub rsp, 0x{pad:x}"));
            moved(&mut self.buf, pad);
        }
        const XMM_AREA: i32 = 16 * 8;
        if self.has_floats {
            let at = self.at();
            encode::alu_ri(&mut self.buf, AluEnc::Sub, Gpr::Rsp, XMM_AREA);
            self.buf.list(at, || format!("sub rsp, 0x{XMM_AREA:x}"));
            moved(&mut self.buf, XMM_AREA);
            for x in 0..16u8 {
                let at = self.at();
                let slot = Mem::Base {
                    base: Gpr::Rsp,
                    index: None,
                    disp: 8 * x as i32,
                };
                encode::movsd_store(&mut self.buf, &slot, Xmm(x));
                self.buf.list(at, || {
                    format!("movsd qword ptr [rsp+0x{:x}], xmm{x}", 8 * x)
                });
            }
        }
        for (g, v) in [(Gpr::Rdi, p.wosize as i64), (Gpr::Rsi, p.tag as i64)] {
            let at = self.at();
            encode::mov_ri(&mut self.buf, g, v);
            self.buf.list(at, || format!("mov {}, 0x{v:x}", g.name(4)));
        }
        let at = self.at();
        let field = encode::call_rel32(&mut self.buf, 0);
        self.buf.add_reloc_at(
            field,
            RelocKind::X86CallPcRel4,
            RelocTarget::External(super::abi::ALLOC_SYMBOL.into()),
            -4,
        );
        self.buf
            .list(at, || format!("call {}", super::abi::ALLOC_SYMBOL));
        if p.dst != Gpr::Rax {
            let at = self.at();
            encode::mov_rr(&mut self.buf, p.dst, Gpr::Rax);
            self.buf.list(at, || format!("mov {}, rax", p.dst.name(8)));
        }
        if self.has_floats {
            for x in 0..16u8 {
                let at = self.at();
                let slot = Mem::Base {
                    base: Gpr::Rsp,
                    index: None,
                    disp: 8 * x as i32,
                };
                encode::movsd_load(&mut self.buf, Xmm(x), &slot);
                self.buf.list(at, || {
                    format!("movsd xmm{x}, qword ptr [rsp+0x{:x}]", 8 * x)
                });
            }
            let at = self.at();
            encode::alu_ri(&mut self.buf, AluEnc::Add, Gpr::Rsp, XMM_AREA);
            self.buf.list(at, || format!("add rsp, 0x{XMM_AREA:x}"));
            moved(&mut self.buf, -XMM_AREA);
        }
        if pad > 0 {
            let at = self.at();
            encode::alu_ri(&mut self.buf, AluEnc::Add, Gpr::Rsp, pad);
            self.buf.list(at, || format!("add rsp, 0x{pad:x}"));
            moved(&mut self.buf, -pad);
        }
        for g in saved.iter().rev() {
            let at = self.at();
            encode::pop(&mut self.buf, *g);
            self.buf.list(at, || format!("pop {}", g.name(8)));
            moved(&mut self.buf, -8);
        }
        let at = self.at();
        let field = encode::jmp_rel32(&mut self.buf, -4);
        self.buf
            .use_label_at_offset(field, p.back, X64LabelUse::Rel32);
        self.buf.list_branch(at, "jmp", p.back);
        self.buf.end_srcloc();
    }

    /// `value` is a tagged int `2n+1`; entry `n` of the table is `target - table`.
    fn jump_table(
        &mut self,
        value: Gpr,
        t1: Gpr,
        t2: Gpr,
        targets: &[MachBlock],
        default: MachBlock,
    ) {
        let bound = tag(targets.len() as i64);
        let c = Compare {
            test: false,
            lhs: super::inst::Reg::phys(value),
            rhs: RegImm::Imm(bound as i32),
        };
        self.compare(&c);
        let d = self.label(default);
        self.jcc(Cond::Nb, d);
        let table = self.buf.get_label();
        let at = self.at();
        let field = encode::lea(&mut self.buf, t1, &Mem::Rip { disp: -4 }).expect("rip");
        self.buf
            .use_label_at_offset(field, table, X64LabelUse::Rel32);
        let at2 = self.at();
        encode::movsxd_load32(
            &mut self.buf,
            t2,
            &Mem::Base {
                base: t1,
                index: Some((value, 1)),
                disp: -2,
            },
        );
        let at3 = self.at();
        encode::alu_rr(&mut self.buf, AluEnc::Add, t1, t2);
        let at4 = self.at();
        encode::jmp_r(&mut self.buf, t1);
        self.buf
            .list(at, || format!("lea {}, [rip+table]", t1.name(8)));
        self.buf.list(at2, || {
            format!(
                "movsxd {}, dword ptr [{}+{}*2-0x2]",
                t2.name(8),
                t1.name(8),
                value.name(8)
            )
        });
        self.buf
            .list(at3, || format!("add {}, {}", t1.name(8), t2.name(8)));
        self.buf.list(at4, || format!("jmp {}", t1.name(8)));
        self.buf.bind_label(table);
        for (i, t) in targets.iter().enumerate() {
            let at = self.at();
            self.buf.put4(4 * i as u32);
            let l = self.label(*t);
            self.buf.use_label_at_offset(at, l, X64LabelUse::Rel32);
            self.buf.list(at, || format!(".long block{} - table", t.0));
        }
    }
}

fn show_slot(frame: &Frame, slot: usize) -> String {
    match frame.slot(slot) {
        Mem::Base { disp, .. } => format!("qword ptr [rbp-0x{:x}]", -disp),
        Mem::Rip { .. } => unreachable!(),
    }
}

/// Emits allocated VCode. `vcode` is rewritten to physical registers.
pub fn emit_function(vcode: &mut VCode, out: &Output, check: bool, listing: bool) -> Emitted {
    for (i, inst) in vcode.insts.iter_mut().enumerate() {
        let allocs = out.inst_allocs(regalloc2::Inst::new(i));
        let mut rw = Rewriter { allocs, next: 0 };
        inst.visit_operands(&mut rw);
        debug_assert_eq!(rw.next, allocs.len());
    }
    let mut saved = Vec::new();
    let mut note = |a: Allocation| {
        if let Some(p) = a.as_reg() {
            let g = Gpr::from_preg(p);
            if super::abi::CALLEE_SAVED.contains(&g) && !saved.contains(&g) {
                saved.push(g);
            }
        }
    };
    out.allocs.iter().for_each(|a| note(*a));
    for (_, Edit::Move { to, .. }) in &out.edits {
        note(*to);
    }
    saved.sort();
    let frame = Frame::new(
        vcode.slot_area,
        saved,
        out.num_spillslots,
        vcode.insts.iter().any(|i| matches!(i, Inst::Call { .. })),
        vcode.outgoing_area,
    );

    let mut buf = MachBuffer::new(check, listing);
    let labels = vcode
        .blocks
        .iter()
        .map(|b| buf.get_named_label(b.name.clone()))
        .collect();
    let region = super::shrinkwrap::entry_region(vcode, out, &frame);
    // Where the region is left: the prologue at the start of a block entered only from the
    // region (block 0 when the region is empty), else in a stub.
    let preds_in_region = |b: usize| {
        let preds = &vcode.blocks[b].preds;
        (
            preds.iter().any(|p| region[p.index()]),
            preds.iter().all(|p| region[p.index()]),
        )
    };
    let inline_prologue: Vec<bool> = (0..vcode.blocks.len())
        .map(|b| !region[b] && preds_in_region(b).1)
        .collect();
    let stubs = (0..vcode.blocks.len())
        .map(|b| {
            let (any, all) = preds_in_region(b);
            (!region[b] && any && !all).then(|| buf.get_named_label(format!("prologue{b}")))
        })
        .collect();
    // Framed copies of the region, when a self tail call from inside the frame goes back to a
    // block 0 that runs without it.
    let self_call_framed = (0..vcode.blocks.len()).any(|b| {
        let vb = &vcode.blocks[b];
        !region[b] && (vb.start..vb.end).any(|i| vcode.is_self_tail_call(i as usize))
    });
    let copy_labels: Vec<Option<MachLabel>> = (0..vcode.blocks.len())
        .map(|b| {
            (region[0] && self_call_framed && region[b])
                .then(|| buf.get_named_label(format!("{} framed", vcode.blocks[b].name)))
        })
        .collect();
    let after_prologue = inline_prologue
        .iter()
        .map(|p| p.then(|| buf.get_label()))
        .collect();
    let mut em = Emitter {
        buf,
        frame: &frame,
        labels,
        copy_labels,
        after_prologue,
        in_copy: false,
        self_id: vcode.self_id,
        loc: SrcLoc::default(),
        slow_paths: Vec::new(),
        has_floats: vcode.has_floats,
        region,
        stubs,
        in_region: false,
        cfi_framed: false,
        body: MachLabel(0),
        pool: Default::default(),
    };
    em.body = em.buf.get_label();
    let mut prologue_end = 0;
    let mut insts = 0;
    // Mark numbers, resolved to offsets once the buffer is finished.
    let mut inst_marks = vec![(0, 0); vcode.insts.len()];
    let mut block_marks = vec![0; vcode.blocks.len()];
    for bi in 0..vcode.blocks.len() {
        em.island_before(vcode, bi);
        em.buf.bind_label(em.labels[bi]);
        block_marks[bi] = em.buf.mark();
        em.in_region = em.region[bi];
        if inline_prologue[bi] {
            em.set_cfi_state(false);
            frame.emit_prologue(&mut em.buf);
            em.cfi_framed = true;
            let l = em.after_prologue[bi].expect("a label after the prologue");
            em.buf.bind_label(l);
            if bi == 0 {
                prologue_end = em.at();
                let body = em.body;
                em.buf.bind_label(body);
            }
        } else {
            em.set_cfi_state(!em.in_region);
        }
        insts += em.block_body(vcode, out, bi, Some(&mut inst_marks));
    }
    // The framed copies of the region: the same instructions and allocation, inside the frame
    // (epilogues before `ret` and tail calls, branches out of the region past the prologue).
    for bi in 0..vcode.blocks.len() {
        let Some(copy) = em.copy_labels[bi] else {
            continue;
        };
        em.island_before(vcode, bi);
        em.buf.bind_label(copy);
        em.in_region = false;
        em.in_copy = true;
        em.set_cfi_state(true);
        insts += em.block_body(vcode, out, bi, None);
        em.in_copy = false;
    }
    for p in std::mem::take(&mut em.slow_paths) {
        em.slow_path(&p);
        insts += 1;
    }
    for b in 0..vcode.blocks.len() {
        if let Some(stub) = em.stubs[b] {
            em.set_cfi_state(false);
            em.buf.bind_label(stub);
            frame.emit_prologue(&mut em.buf);
            em.cfi_framed = true;
            em.in_region = false;
            let l = em.labels[b];
            em.jmp(l);
            insts += 1;
        }
    }
    let code = em.buf.finish();
    let inst_offsets = inst_marks
        .iter()
        .map(|&(s, e)| (code.marks[s], code.marks[e]))
        .collect();
    let block_offsets = block_marks.iter().map(|&m| code.marks[m]).collect();
    Emitted {
        code,
        prologue_end,
        frame,
        insts,
        inst_offsets,
        block_offsets,
    }
}
