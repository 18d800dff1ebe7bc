//! The x86-64 encoder: one function per machine-instruction form, over physical registers.
//!
//! Every function appends exactly one instruction to a [`ByteSink`]. Forms that carry a 32-bit
//! PC-relative field (`jmp rel32`, `call rel32`, `lea r, [rip + disp32]`) return the offset of
//! that field so the caller can attach a label use or a relocation; the field is written with the
//! placeholder the caller passes (the relocation addend convention: a rel32 field's PC is the end
//! of the field, so placeholders are usually `-4`).
//!
//! Memory operands follow the ModRM/SIB rules, including the special cases the test in
//! `tests/encode.rs` checks with iced-x86: `rsp`/`r12` bases need a SIB byte, `rbp`/`r13` bases
//! cannot use `mod = 00` (that encodes RIP-relative or no base) and get a zero `disp8`, and
//! `rsp` can never be an index.

use super::inst::{Cond, FAluOp, Gpr, ShiftKind, Xmm};

/// Where encoded bytes go: a `Vec<u8>` in tests, the MachBuffer in the emitter.
pub trait ByteSink {
    fn put1(&mut self, b: u8);
    fn cur_offset(&self) -> u32;
    fn put4(&mut self, v: u32) {
        for b in v.to_le_bytes() {
            self.put1(b)
        }
    }
    fn put8(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.put1(b)
        }
    }
}

impl ByteSink for Vec<u8> {
    fn put1(&mut self, b: u8) {
        self.push(b)
    }
    fn cur_offset(&self) -> u32 {
        self.len() as u32
    }
}

/// A memory operand in machine terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mem {
    /// `[base + index * 2^shift + disp]`; `index` must not be `rsp`.
    Base {
        base: Gpr,
        index: Option<(Gpr, u8)>,
        disp: i32,
    },
    /// `[rip + disp32]`, the displacement measured from the end of the instruction.
    Rip { disp: i32 },
}

/// The ALU operations with the classic `op r/m, r` / `op r/m, imm` encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AluEnc {
    Add,
    Or,
    And,
    Sub,
    Xor,
    Cmp,
}

impl AluEnc {
    /// (`op r/m64, r64` opcode, `/digit` of the immediate forms)
    fn codes(self) -> (u8, u8) {
        match self {
            AluEnc::Add => (0x01, 0),
            AluEnc::Or => (0x09, 1),
            AluEnc::And => (0x21, 4),
            AluEnc::Sub => (0x29, 5),
            AluEnc::Xor => (0x31, 6),
            AluEnc::Cmp => (0x39, 7),
        }
    }
}

fn low3(g: Gpr) -> u8 {
    g.enc() & 7
}

/// Emits a REX prefix when needed. `byte_reg` forces one for `spl bpl sil dil` (8-bit operands
/// that otherwise name `ah ch dh bh`).
fn rex(s: &mut impl ByteSink, w: bool, r: u8, x: u8, b: u8, byte_reg: bool) {
    let v = 0x40 | (w as u8) << 3 | (r >> 3 & 1) << 2 | (x & 1) << 1 | (b >> 3 & 1);
    if v != 0x40 || byte_reg {
        s.put1(v)
    }
}

/// `opcode` with ModRM `mod = 11`: `reg` is a register number or a `/digit`.
pub fn op_reg_rm(s: &mut impl ByteSink, w: bool, opcode: &[u8], reg: u8, rm: Gpr, byte_reg: bool) {
    rex(s, w, reg, 0, rm.enc(), byte_reg);
    opcode.iter().for_each(|b| s.put1(*b));
    s.put1(0xC0 | (reg & 7) << 3 | low3(rm));
}

/// `opcode` with a memory operand. Returns the offset of the disp32 field of a RIP-relative
/// operand.
pub fn op_reg_mem(
    s: &mut impl ByteSink,
    w: bool,
    opcode: &[u8],
    reg: u8,
    mem: &Mem,
    byte_reg: bool,
) -> Option<u32> {
    match *mem {
        Mem::Rip { disp } => {
            rex(s, w, reg, 0, 0, byte_reg);
            opcode.iter().for_each(|b| s.put1(*b));
            s.put1((reg & 7) << 3 | 0b101);
            let at = s.cur_offset();
            s.put4(disp as u32);
            Some(at)
        }
        Mem::Base { base, index, disp } => {
            let x = index.map_or(0, |(i, _)| i.enc());
            debug_assert!(
                index.is_none_or(|(i, _)| i != Gpr::Rsp),
                "rsp cannot be an index"
            );
            rex(s, w, reg, x >> 3, base.enc(), byte_reg);
            opcode.iter().for_each(|b| s.put1(*b));
            // rbp/r13 cannot take mod=00; a zero disp8 stands in.
            let md = if disp == 0 && low3(base) != 0b101 {
                0b00
            } else if disp as i8 as i32 == disp {
                0b01
            } else {
                0b10
            };
            match index {
                None if low3(base) != 0b100 => s.put1(md << 6 | (reg & 7) << 3 | low3(base)),
                None => {
                    s.put1(md << 6 | (reg & 7) << 3 | 0b100);
                    s.put1(0b00_100_100); // no index, base rsp/r12
                }
                Some((ix, shift)) => {
                    s.put1(md << 6 | (reg & 7) << 3 | 0b100);
                    s.put1((shift & 3) << 6 | low3(ix) << 3 | low3(base));
                }
            }
            match md {
                0b01 => s.put1(disp as u8),
                0b10 => s.put4(disp as u32),
                _ => {}
            }
            None
        }
    }
}

/// `lea r, [r + r + 1]`: the machine integer in `r` as a tagged OCaml int `2r + 1`.
pub fn tag_int(s: &mut impl ByteSink, r: Gpr) {
    let mem = Mem::Base {
        base: r,
        index: Some((r, 0)),
        disp: 1,
    };
    lea(s, r, &mem);
}

pub fn mov_rr(s: &mut impl ByteSink, dst: Gpr, src: Gpr) {
    op_reg_rm(s, true, &[0x89], src.enc(), dst, false)
}

/// The shortest `mov` of a 64-bit constant: `mov r32, imm32` (zero-extending),
/// `mov r/m64, simm32`, or `movabs r64, imm64`.
pub fn mov_ri(s: &mut impl ByteSink, dst: Gpr, imm: i64) {
    if (0..=u32::MAX as i64).contains(&imm) {
        rex(s, false, 0, 0, dst.enc(), false);
        s.put1(0xB8 + low3(dst));
        s.put4(imm as u32);
    } else if imm as i32 as i64 == imm {
        op_reg_rm(s, true, &[0xC7], 0, dst, false);
        s.put4(imm as u32);
    } else {
        rex(s, true, 0, 0, dst.enc(), false);
        s.put1(0xB8 + low3(dst));
        s.put8(imm as u64);
    }
}

/// `mov dst, qword [mem]`.
pub fn load(s: &mut impl ByteSink, dst: Gpr, mem: &Mem) -> Option<u32> {
    op_reg_mem(s, true, &[0x8B], dst.enc(), mem, false)
}

/// `mov qword [mem], src`.
pub fn store(s: &mut impl ByteSink, mem: &Mem, src: Gpr) -> Option<u32> {
    op_reg_mem(s, true, &[0x89], src.enc(), mem, false)
}

/// `mov qword [mem], simm32`.
pub fn store_imm(s: &mut impl ByteSink, mem: &Mem, imm: i32) {
    let rip = op_reg_mem(s, true, &[0xC7], 0, mem, false);
    debug_assert!(
        rip.is_none(),
        "RIP-relative store with an immediate needs an adjusted disp"
    );
    s.put4(imm as u32);
}

/// `movzx dst32, byte [mem]`.
pub fn movzx_load8(s: &mut impl ByteSink, dst: Gpr, mem: &Mem) -> Option<u32> {
    op_reg_mem(s, false, &[0x0F, 0xB6], dst.enc(), mem, false)
}

/// `mov byte [mem], src8`.
pub fn store8(s: &mut impl ByteSink, mem: &Mem, src: Gpr) -> Option<u32> {
    op_reg_mem(s, false, &[0x88], src.enc(), mem, true)
}

/// `movzx dst32, src8`.
pub fn movzx_r8(s: &mut impl ByteSink, dst: Gpr, src: Gpr) {
    op_reg_rm(
        s,
        false,
        &[0x0F, 0xB6],
        dst.enc(),
        src,
        (4..8).contains(&src.enc()),
    )
}

/// `movsxd dst, dword [mem]`.
pub fn movsxd_load32(s: &mut impl ByteSink, dst: Gpr, mem: &Mem) -> Option<u32> {
    op_reg_mem(s, true, &[0x63], dst.enc(), mem, false)
}

pub fn lea(s: &mut impl ByteSink, dst: Gpr, mem: &Mem) -> Option<u32> {
    op_reg_mem(s, true, &[0x8D], dst.enc(), mem, false)
}

/// `op dst, src` (64-bit).
pub fn alu_rr(s: &mut impl ByteSink, op: AluEnc, dst: Gpr, src: Gpr) {
    op_reg_rm(s, true, &[op.codes().0], src.enc(), dst, false)
}

/// `op dst, imm` with the short `imm8` form when the immediate fits.
pub fn alu_ri(s: &mut impl ByteSink, op: AluEnc, dst: Gpr, imm: i32) {
    if imm as i8 as i32 == imm {
        op_reg_rm(s, true, &[0x83], op.codes().1, dst, false);
        s.put1(imm as u8);
    } else {
        op_reg_rm(s, true, &[0x81], op.codes().1, dst, false);
        s.put4(imm as u32);
    }
}

/// `op dst, qword [mem]` (64-bit; `cmp dst, [mem]` compares `dst` with memory). Returns the
/// offset of the disp32 field of a RIP-relative operand.
pub fn alu_rm(s: &mut impl ByteSink, op: AluEnc, dst: Gpr, mem: &Mem) -> Option<u32> {
    op_reg_mem(s, true, &[op.codes().0 + 2], dst.enc(), mem, false)
}

pub fn test_rr(s: &mut impl ByteSink, a: Gpr, b: Gpr) {
    op_reg_rm(s, true, &[0x85], b.enc(), a, false)
}

pub fn test_ri(s: &mut impl ByteSink, a: Gpr, imm: i32) {
    op_reg_rm(s, true, &[0xF7], 0, a, false);
    s.put4(imm as u32);
}

/// `imul dst, src` (64-bit).
pub fn imul_rr(s: &mut impl ByteSink, dst: Gpr, src: Gpr) {
    op_reg_rm(s, true, &[0x0F, 0xAF], dst.enc(), src, false)
}

/// `imul dst, src, imm`.
pub fn imul_rri(s: &mut impl ByteSink, dst: Gpr, src: Gpr, imm: i32) {
    if imm as i8 as i32 == imm {
        op_reg_rm(s, true, &[0x6B], dst.enc(), src, false);
        s.put1(imm as u8);
    } else {
        op_reg_rm(s, true, &[0x69], dst.enc(), src, false);
        s.put4(imm as u32);
    }
}

fn shift_digit(k: ShiftKind) -> u8 {
    match k {
        ShiftKind::Shl => 4,
        ShiftKind::Shr => 5,
        ShiftKind::Sar => 7,
    }
}

/// `shl/shr/sar dst, imm` (count masked to 6 bits, as the hardware does).
pub fn shift_ri(s: &mut impl ByteSink, k: ShiftKind, dst: Gpr, n: u8) {
    let n = n & 63;
    if n == 1 {
        op_reg_rm(s, true, &[0xD1], shift_digit(k), dst, false);
    } else {
        op_reg_rm(s, true, &[0xC1], shift_digit(k), dst, false);
        s.put1(n);
    }
}

/// `shl/shr/sar dst, cl`.
pub fn shift_rcl(s: &mut impl ByteSink, k: ShiftKind, dst: Gpr) {
    op_reg_rm(s, true, &[0xD3], shift_digit(k), dst, false)
}

pub fn neg(s: &mut impl ByteSink, r: Gpr) {
    op_reg_rm(s, true, &[0xF7], 3, r, false)
}

pub fn cqo(s: &mut impl ByteSink) {
    s.put1(0x48);
    s.put1(0x99);
}

pub fn idiv(s: &mut impl ByteSink, r: Gpr) {
    op_reg_rm(s, true, &[0xF7], 7, r, false)
}

/// `imul r64` (one operand): `rdx:rax = rax * r`, signed.
pub fn imul1(s: &mut impl ByteSink, r: Gpr) {
    op_reg_rm(s, true, &[0xF7], 5, r, false)
}

/// `setcc r8`.
pub fn setcc(s: &mut impl ByteSink, cc: Cond, r: Gpr) {
    op_reg_rm(
        s,
        false,
        &[0x0F, 0x90 + cc.enc()],
        0,
        r,
        (4..8).contains(&r.enc()),
    )
}

/// `jmp rel32`; returns the offset of the rel32 field.
pub fn jmp_rel32(s: &mut impl ByteSink, placeholder: i32) -> u32 {
    s.put1(0xE9);
    let at = s.cur_offset();
    s.put4(placeholder as u32);
    at
}

/// `jcc rel32`; returns the offset of the rel32 field.
pub fn jcc_rel32(s: &mut impl ByteSink, cc: Cond, placeholder: i32) -> u32 {
    s.put1(0x0F);
    s.put1(0x80 + cc.enc());
    let at = s.cur_offset();
    s.put4(placeholder as u32);
    at
}

/// `jmp rel8`; returns the offset of the rel8 field.
pub fn jmp_rel8(s: &mut impl ByteSink, placeholder: i8) -> u32 {
    s.put1(0xEB);
    let at = s.cur_offset();
    s.put1(placeholder as u8);
    at
}

/// `jcc rel8`; returns the offset of the rel8 field.
pub fn jcc_rel8(s: &mut impl ByteSink, cc: Cond, placeholder: i8) -> u32 {
    s.put1(0x70 + cc.enc());
    let at = s.cur_offset();
    s.put1(placeholder as u8);
    at
}

/// `call rel32`; returns the offset of the rel32 field.
pub fn call_rel32(s: &mut impl ByteSink, placeholder: i32) -> u32 {
    s.put1(0xE8);
    let at = s.cur_offset();
    s.put4(placeholder as u32);
    at
}

pub fn call_r(s: &mut impl ByteSink, r: Gpr) {
    op_reg_rm(s, false, &[0xFF], 2, r, false)
}

pub fn jmp_r(s: &mut impl ByteSink, r: Gpr) {
    op_reg_rm(s, false, &[0xFF], 4, r, false)
}

pub fn push(s: &mut impl ByteSink, r: Gpr) {
    rex(s, false, 0, 0, r.enc(), false);
    s.put1(0x50 + low3(r));
}

pub fn pop(s: &mut impl ByteSink, r: Gpr) {
    rex(s, false, 0, 0, r.enc(), false);
    s.put1(0x58 + low3(r));
}

pub fn ret(s: &mut impl ByteSink) {
    s.put1(0xC3)
}

pub fn ud2(s: &mut impl ByteSink) {
    s.put1(0x0F);
    s.put1(0x0B);
}

/// Patches a little-endian rel32 field at `at` by adding `delta` to what it holds.
pub fn add_to_rel32(bytes: &mut [u8], at: usize, delta: i64) {
    let old = i32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let new = (old as i64 + delta) as i32;
    bytes[at..at + 4].copy_from_slice(&new.to_le_bytes());
}

// ---- SSE2: scalar doubles in xmm registers (register numbers as `Xmm`) ----

/// A prefixed two-byte-opcode SSE instruction `prefix [REX] 0F op /r` with `reg` and an `rm`
/// register (both register numbers 0..15; the mandatory prefix precedes the REX prefix).
fn sse_rr(s: &mut impl ByteSink, prefix: u8, w: bool, op: u8, reg: u8, rm: u8) {
    s.put1(prefix);
    op_reg_rm(s, w, &[0x0F, op], reg, Gpr::from_enc(rm), false)
}

fn sse_rm(s: &mut impl ByteSink, prefix: u8, op: u8, reg: Xmm, mem: &Mem) -> Option<u32> {
    s.put1(prefix);
    op_reg_mem(s, false, &[0x0F, op], reg.enc(), mem, false)
}

/// `movsd xmm, qword [mem]`.
pub fn movsd_load(s: &mut impl ByteSink, dst: Xmm, mem: &Mem) -> Option<u32> {
    sse_rm(s, 0xF2, 0x10, dst, mem)
}

/// `movsd qword [mem], xmm`.
pub fn movsd_store(s: &mut impl ByteSink, mem: &Mem, src: Xmm) -> Option<u32> {
    sse_rm(s, 0xF2, 0x11, src, mem)
}

/// `movapd dst, src` (a register copy).
pub fn movapd(s: &mut impl ByteSink, dst: Xmm, src: Xmm) {
    sse_rr(s, 0x66, false, 0x28, dst.enc(), src.enc())
}

/// `xorpd dst, src` (with `dst = src`: +0.0 without a load).
pub fn xorpd(s: &mut impl ByteSink, dst: Xmm, src: Xmm) {
    sse_rr(s, 0x66, false, 0x57, dst.enc(), src.enc())
}

/// `movq xmm, r64`.
pub fn movq_to_xmm(s: &mut impl ByteSink, dst: Xmm, src: Gpr) {
    sse_rr(s, 0x66, true, 0x6E, dst.enc(), src.enc())
}

/// `movq r64, xmm`.
pub fn movq_from_xmm(s: &mut impl ByteSink, dst: Gpr, src: Xmm) {
    sse_rr(s, 0x66, true, 0x7E, src.enc(), dst.enc())
}

/// `addsd`/`subsd`/`mulsd`/`divsd dst, src`.
pub fn falu(s: &mut impl ByteSink, op: FAluOp, dst: Xmm, src: Xmm) {
    let code = match op {
        FAluOp::Add => 0x58,
        FAluOp::Mul => 0x59,
        FAluOp::Sub => 0x5C,
        FAluOp::Div => 0x5E,
    };
    sse_rr(s, 0xF2, false, code, dst.enc(), src.enc())
}

/// `addsd`/`subsd`/`mulsd`/`divsd dst, qword [mem]`.
pub fn falu_mem(s: &mut impl ByteSink, op: FAluOp, dst: Xmm, mem: &Mem) -> Option<u32> {
    let code = match op {
        FAluOp::Add => 0x58,
        FAluOp::Mul => 0x59,
        FAluOp::Sub => 0x5C,
        FAluOp::Div => 0x5E,
    };
    sse_rm(s, 0xF2, code, dst, mem)
}

/// `sqrtsd dst, src`.
pub fn sqrtsd(s: &mut impl ByteSink, dst: Xmm, src: Xmm) {
    sse_rr(s, 0xF2, false, 0x51, dst.enc(), src.enc())
}

/// `cvtsi2sd xmm, r64`.
pub fn cvtsi2sd(s: &mut impl ByteSink, dst: Xmm, src: Gpr) {
    sse_rr(s, 0xF2, true, 0x2A, dst.enc(), src.enc())
}

/// `cvttsd2si r64, xmm`.
pub fn cvttsd2si(s: &mut impl ByteSink, dst: Gpr, src: Xmm) {
    sse_rr(s, 0xF2, true, 0x2C, dst.enc(), src.enc())
}

/// `ucomisd a, b`.
pub fn ucomisd(s: &mut impl ByteSink, a: Xmm, b: Xmm) {
    sse_rr(s, 0x66, false, 0x2E, a.enc(), b.enc())
}

/// `btc r64, imm8` (`complement`) or `btr r64, imm8`.
pub fn bt_ri(s: &mut impl ByteSink, complement: bool, r: Gpr, bit: u8) {
    op_reg_rm(
        s,
        true,
        &[0x0F, 0xBA],
        if complement { 7 } else { 6 },
        r,
        false,
    );
    s.put1(bit)
}
