//! The VCode instruction: x86-64 machine instructions over registers that are virtual before
//! register allocation and physical after it.
//!
//! One [`Inst`] is one regalloc2 instruction. Most are one machine instruction; a few are short
//! fixed sequences (`CmpSetcc`, `JmpCond`, `JmpTable`, `CmpChain`, `Call` with its reloc) whose
//! register needs are stated as one set of operands. Two-address x86 forms (`add dst, src`) keep
//! separate `dst` and `src` fields tied by a regalloc2 *reuse* constraint, so the VCode stays in
//! SSA form; after allocation both fields hold the same physical register.
//!
//! [`Inst::visit_operands`] is the single description of an instruction's registers: the
//! register-allocation adapter (`regalloc.rs`) runs it with a collector to build regalloc2
//! [`Operand`](regalloc2::Operand)s, and the emitter runs it with a rewriter that replaces every
//! virtual register by its allocation, in the same order.

use crate::backend::RelocTarget;
use regalloc2::{PReg, RegClass, VReg};
use std::fmt;

/// A general-purpose register, by its hardware encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Gpr {
    Rax = 0,
    Rcx,
    Rdx,
    Rbx,
    Rsp,
    Rbp,
    Rsi,
    Rdi,
    R8,
    R9,
    R10,
    R11,
    R12,
    R13,
    R14,
    R15,
}

pub const ALL_GPRS: [Gpr; 16] = [
    Gpr::Rax,
    Gpr::Rcx,
    Gpr::Rdx,
    Gpr::Rbx,
    Gpr::Rsp,
    Gpr::Rbp,
    Gpr::Rsi,
    Gpr::Rdi,
    Gpr::R8,
    Gpr::R9,
    Gpr::R10,
    Gpr::R11,
    Gpr::R12,
    Gpr::R13,
    Gpr::R14,
    Gpr::R15,
];

impl Gpr {
    pub fn enc(self) -> u8 {
        self as u8
    }
    pub fn from_enc(e: u8) -> Gpr {
        ALL_GPRS[(e & 15) as usize]
    }
    pub fn preg(self) -> PReg {
        PReg::new(self.enc() as usize, RegClass::Int)
    }
    pub fn from_preg(p: PReg) -> Gpr {
        Gpr::from_enc(p.hw_enc() as u8)
    }
    /// The DWARF register number (System V x86-64 psABI).
    pub fn dwarf(self) -> u16 {
        const MAP: [u16; 16] = [0, 2, 1, 3, 7, 6, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15];
        MAP[self.enc() as usize]
    }
    pub fn name(self, bytes: u8) -> &'static str {
        const Q: [&str; 16] = [
            "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11",
            "r12", "r13", "r14", "r15",
        ];
        const D: [&str; 16] = [
            "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "r8d", "r9d", "r10d", "r11d",
            "r12d", "r13d", "r14d", "r15d",
        ];
        const B: [&str; 16] = [
            "al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil", "r8b", "r9b", "r10b", "r11b",
            "r12b", "r13b", "r14b", "r15b",
        ];
        match bytes {
            8 => Q[self.enc() as usize],
            4 => D[self.enc() as usize],
            _ => B[self.enc() as usize],
        }
    }
}

/// An SSE register `xmm0`..`xmm15`, by its number: where unboxed floats live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Xmm(pub u8);

impl Xmm {
    pub fn enc(self) -> u8 {
        self.0
    }
    pub fn preg(self) -> PReg {
        PReg::new(self.0 as usize, RegClass::Float)
    }
    /// The DWARF register number (System V x86-64 psABI: xmm0 is 17).
    pub fn dwarf(self) -> u16 {
        17 + self.0 as u16
    }
    pub fn name(self) -> String {
        format!("xmm{}", self.0)
    }
}

/// A register operand: a virtual register before allocation, a physical one after; of the
/// integer class (a [`Gpr`]) or the float class (an [`Xmm`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reg(u32);

const VIRTUAL_BIT: u32 = 1 << 31;
const FLOAT_BIT: u32 = 1 << 30;

impl Reg {
    pub fn virt(v: VReg) -> Reg {
        let class = if v.class() == RegClass::Float {
            FLOAT_BIT
        } else {
            0
        };
        Reg(VIRTUAL_BIT | class | v.vreg() as u32)
    }
    pub fn phys(g: Gpr) -> Reg {
        Reg(g.enc() as u32)
    }
    pub fn phys_xmm(x: Xmm) -> Reg {
        Reg(FLOAT_BIT | x.enc() as u32)
    }
    /// The register an allocation's physical register is.
    pub fn from_preg(p: PReg) -> Reg {
        match p.class() {
            RegClass::Float => Reg::phys_xmm(Xmm(p.hw_enc() as u8)),
            _ => Reg::phys(Gpr::from_preg(p)),
        }
    }
    pub fn is_virtual(self) -> bool {
        self.0 & VIRTUAL_BIT != 0
    }
    pub fn is_float(self) -> bool {
        self.0 & FLOAT_BIT != 0
    }
    /// The register a result of this register's class is returned in: `rax`, or `xmm0` for
    /// an unboxed float (egret's convention, as SysV's).
    pub fn result_reg(self) -> PReg {
        if self.is_float() {
            Xmm(0).preg()
        } else {
            Gpr::Rax.preg()
        }
    }
    pub fn vreg(self) -> VReg {
        debug_assert!(self.is_virtual());
        let class = if self.is_float() {
            RegClass::Float
        } else {
            RegClass::Int
        };
        VReg::new((self.0 & !(VIRTUAL_BIT | FLOAT_BIT)) as usize, class)
    }
    /// The physical general-purpose register; only valid after allocation.
    pub fn gpr(self) -> Gpr {
        debug_assert!(
            !self.is_virtual() && !self.is_float(),
            "{self:?} is not a general-purpose register"
        );
        Gpr::from_enc(self.0 as u8)
    }
    /// The physical SSE register; only valid after allocation.
    pub fn xmm(self) -> Xmm {
        debug_assert!(
            !self.is_virtual() && self.is_float(),
            "{self:?} is not an SSE register"
        );
        Xmm((self.0 & 15) as u8)
    }
}

impl fmt::Debug for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.is_virtual(), self.is_float()) {
            (true, false) => write!(f, "v{}", self.0 & !VIRTUAL_BIT),
            (true, true) => write!(f, "fv{}", self.0 & !(VIRTUAL_BIT | FLOAT_BIT)),
            (false, false) => f.write_str(self.gpr().name(8)),
            (false, true) => f.write_str(&self.xmm().name()),
        }
    }
}

/// Float arithmetic (`addsd`, `subsd`, `mulsd`, `divsd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FAluOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl FAluOp {
    pub fn name(self) -> &'static str {
        match self {
            FAluOp::Add => "addsd",
            FAluOp::Sub => "subsd",
            FAluOp::Mul => "mulsd",
            FAluOp::Div => "divsd",
        }
    }
}

/// A float comparison giving an OCaml bool (IEEE: unordered makes all false but `Ne`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FCond {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// A register or a sign-extended 32-bit immediate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegImm {
    Reg(Reg),
    Imm(i32),
}

/// A memory operand `[base + index * 2^shift + disp]`.
///
/// The base may be the physical `rbp` (the frame pointer, never allocated): that is how stack
/// slots are addressed. Physical registers in an `Amode` are not register-allocation operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Amode {
    pub base: Reg,
    pub index: Option<(Reg, u8)>,
    pub disp: i32,
}

impl Amode {
    pub fn base_disp(base: Reg, disp: i32) -> Amode {
        Amode {
            base,
            index: None,
            disp,
        }
    }
    pub fn base_index(base: Reg, index: Reg, shift: u8, disp: i32) -> Amode {
        Amode {
            base,
            index: Some((index, shift)),
            disp,
        }
    }
}

/// x86 condition codes, by their encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cond {
    O = 0,
    No = 1,
    B = 2,
    Nb = 3,
    Z = 4,
    Nz = 5,
    Be = 6,
    Nbe = 7,
    S = 8,
    Ns = 9,
    P = 10,
    Np = 11,
    L = 12,
    Nl = 13,
    Le = 14,
    Nle = 15,
}

impl Cond {
    pub fn enc(self) -> u8 {
        self as u8
    }
    pub fn invert(self) -> Cond {
        Cond::from_enc(self.enc() ^ 1)
    }
    pub fn from_enc(e: u8) -> Cond {
        use Cond::*;
        [O, No, B, Nb, Z, Nz, Be, Nbe, S, Ns, P, Np, L, Nl, Le, Nle][(e & 15) as usize]
    }
    /// The condition with the operands of the comparison swapped (`a < b` iff `b > a`).
    pub fn swap_operands(self) -> Cond {
        use Cond::*;
        match self {
            L => Nle,
            Nle => L,
            Le => Nl,
            Nl => Le,
            B => Nbe,
            Nbe => B,
            Be => Nb,
            Nb => Be,
            c => c,
        }
    }
    /// The mnemonic suffix iced-x86 (and objdump) use.
    pub fn suffix(self) -> &'static str {
        [
            "o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g",
        ][self.enc() as usize]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AluOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    /// `imul r64, r/m64` (register form only).
    Imul,
}

impl AluOp {
    pub fn name(self) -> &'static str {
        match self {
            AluOp::Add => "add",
            AluOp::Sub => "sub",
            AluOp::And => "and",
            AluOp::Or => "or",
            AluOp::Xor => "xor",
            AluOp::Imul => "imul",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShiftKind {
    Shl,
    Shr,
    Sar,
}

impl ShiftKind {
    pub fn name(self) -> &'static str {
        match self {
            ShiftKind::Shl => "shl",
            ShiftKind::Shr => "shr",
            ShiftKind::Sar => "sar",
        }
    }
}

/// A shift count: an immediate, or a register that allocation pins to `cl`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShiftAmount {
    Imm(u8),
    Cl(Reg),
}

/// A flag-setting comparison: `cmp lhs, rhs` or `test lhs, rhs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compare {
    pub test: bool,
    pub lhs: Reg,
    pub rhs: RegImm,
}

/// What a call or tail call transfers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallTarget {
    /// `call rel32` with a relocation.
    Symbol(RelocTarget),
    /// `call reg`.
    Reg(Reg),
}

/// The width of a load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadKind {
    /// `mov r64, m64`.
    Word,
    /// `movzx r32, byte m8`.
    ZeroExtByte,
}

/// A lowered block: an index into the VCode's blocks (and a MachBuffer label of the same number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MachBlock(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    /// Defines the register parameters at function entry (fixed-register defs). First in the
    /// entry block.
    Args {
        args: Vec<(Reg, PReg)>,
    },
    MovRR {
        dst: Reg,
        src: Reg,
    },
    MovImm {
        dst: Reg,
        imm: i64,
    },
    /// `op dst, src2` with `dst` tied to `src1`.
    Alu {
        op: AluOp,
        dst: Reg,
        src1: Reg,
        src2: RegImm,
    },
    /// `imul dst, src, imm32` (three-operand).
    ImulImm {
        dst: Reg,
        src: Reg,
        imm: i32,
    },
    Shift {
        kind: ShiftKind,
        dst: Reg,
        src: Reg,
        amount: ShiftAmount,
    },
    Neg {
        dst: Reg,
        src: Reg,
    },
    Lea {
        dst: Reg,
        addr: Amode,
    },
    /// `lea dst, [rip + target + addend]` with a PC-relative relocation.
    LeaSymbol {
        dst: Reg,
        target: RelocTarget,
        addend: i64,
    },
    Load {
        kind: LoadKind,
        dst: Reg,
        addr: Amode,
    },
    /// `mov qword [addr], src` (an immediate is sign-extended to 64 bits).
    Store {
        src: RegImm,
        addr: Amode,
    },
    /// `mov byte [addr], src8`: the low byte of `src`.
    StoreByte {
        src: Reg,
        addr: Amode,
    },
    /// `cmp`/`test`, `setcc dst8`, `movzx dst32, dst8`, `lea dst, [2*dst + 1]`: an OCaml bool.
    CmpSetcc {
        cmp: Compare,
        cc: Cond,
        dst: Reg,
    },
    /// `cqo`: sign-extends `rax` into `rdx`.
    Cqo {
        src: Reg,
        dst: Reg,
    },
    /// `idiv divisor`: `rdx:rax / divisor`, quotient in `rax`, remainder in `rdx`.
    Idiv {
        lo: Reg,
        hi: Reg,
        divisor: Reg,
        quot: Reg,
        rem: Reg,
    },
    /// `imul m` (one operand, signed): `rdx:rax = rax * m`, the high half in `hi` (`rdx`),
    /// `rax` clobbered (`lo`). Division by a constant (divconst.rs).
    MulHi {
        x: Reg,
        m: Reg,
        lo: Reg,
        hi: Reg,
    },
    Call {
        target: CallTarget,
        args: Vec<(Reg, PReg)>,
        ret: Reg,
    },
    /// A heap block of `wosize` (1..=[`MAX_INLINE_WOSIZE`](super::abi::MAX_INLINE_WOSIZE))
    /// words with `tag`, header written, its first field's address in `dst`. Inline: bump
    /// `egret_young_ptr` and compare with `egret_young_limit`; past the limit, an out-of-line
    /// slow path (after the function's last block) calls `egret_alloc(wosize, tag)`, saving and
    /// restoring every caller-saved register but `dst` itself — so the instruction clobbers only
    /// `dst` and `tmp`, and values stay in registers across it.
    AllocInline {
        dst: Reg,
        tmp: Reg,
        wosize: u32,
        tag: u8,
    },

    /// `movsd dst, qword [addr]`.
    /// `op dst, qword [addr]` with `dst` tied to `src1`: a float load folded into its one use.
    FAluMem {
        op: FAluOp,
        dst: Reg,
        src1: Reg,
        addr: Amode,
    },
    FLoad {
        dst: Reg,
        addr: Amode,
    },
    /// `movsd qword [addr], src`.
    FStore {
        src: Reg,
        addr: Amode,
    },
    /// `movq dst, src`: the bits of a general-purpose register into an SSE register.
    MovqToXmm {
        dst: Reg,
        src: Reg,
    },
    /// A float constant: `xorpd dst, dst` for +0.0, else `movsd dst, [rip+c]` from the
    /// function's constant pool (after its code; emit/fconst.rs).
    FConst {
        dst: Reg,
        bits: u64,
    },
    /// `op dst, qword [rip+c]` with `dst` tied to `src1`: a float constant from the pool
    /// folded into its use (ocamlopt's `mulsd xmm, [rip+.L]`).
    FAluConst {
        op: FAluOp,
        dst: Reg,
        src1: Reg,
        bits: u64,
    },
    /// `op dst, src2` (`addsd` ...) with `dst` tied to `src1`.
    FAlu {
        op: FAluOp,
        dst: Reg,
        src1: Reg,
        src2: Reg,
    },
    /// `sqrtsd dst, src`.
    FSqrt {
        dst: Reg,
        src: Reg,
    },
    /// The sign bit: `movq tmp, src`, `btc tmp, 63` (negate) or `btr tmp, 63` (absolute
    /// value), `movq dst, tmp`.
    FSign {
        neg: bool,
        dst: Reg,
        src: Reg,
        tmp: Reg,
    },
    /// `cvtsi2sd dst, src` (an untagged int).
    Cvtsi2sd {
        dst: Reg,
        src: Reg,
    },
    /// `cvttsd2si dst, src`, then `lea dst, [2*dst + 1]`: an OCaml int.
    Cvttsd2si {
        dst: Reg,
        src: Reg,
    },
    /// `ucomisd` (operands swapped for `<` and `<=`), the flags as an OCaml bool in `dst`
    /// (`sete`+`setnp` for `=`, `setne`+`setp` for `<>`, through `tmp`).
    FCmpSetcc {
        cc: FCond,
        lhs: Reg,
        rhs: Reg,
        dst: Reg,
        tmp: Reg,
    },

    // ---- terminators ----
    Jmp {
        target: MachBlock,
    },
    /// `cmp`/`test`, `jcc taken`, `jmp not_taken`.
    JmpCond {
        cmp: Compare,
        cc: Cond,
        taken: MachBlock,
        not_taken: MachBlock,
    },
    /// `ucomisd lhs, rhs; j<cc> taken; jmp not_taken`: a branch on a float comparison whose
    /// condition holds only for ordered operands (`a` / `ae`, the unordered flags clear them).
    FJmpCond {
        lhs: Reg,
        rhs: Reg,
        cc: Cond,
        taken: MachBlock,
        not_taken: MachBlock,
    },
    /// Switch on a tagged int `value` through a table of rel32 offsets placed after the jump.
    JmpTable {
        value: Reg,
        tmp1: Reg,
        tmp2: Reg,
        targets: Vec<MachBlock>,
        default: MachBlock,
    },
    /// Switch on a tagged int `value` (an untagged one when `raw`) by a chain of `cmp`/`je`;
    /// targets equal to `default` get no comparison.
    CmpChain {
        value: Reg,
        targets: Vec<MachBlock>,
        default: MachBlock,
        raw: bool,
    },
    /// Epilogue and `ret`; the result is in `rax`.
    Ret {
        src: Reg,
    },
    /// Epilogue and `jmp`: a guaranteed tail call. An indirect target is pinned to `rax`.
    TailCall {
        target: CallTarget,
        args: Vec<(Reg, PReg)>,
    },
    Ud2,
}

/// How an instruction's registers are seen by register allocation; see the module doc.
pub trait OperandVisitor {
    /// A use in any register, read before any def of the instruction is written.
    fn use_reg(&mut self, r: &mut Reg);
    fn use_fixed(&mut self, r: &mut Reg, g: PReg);
    /// A def written after all uses are read.
    fn def_reg(&mut self, r: &mut Reg);
    fn def_fixed(&mut self, r: &mut Reg, g: PReg);
    /// A def in the register of the operand numbered `idx` (a use).
    fn def_reuse(&mut self, r: &mut Reg, idx: usize);
    /// A scratch register, distinct from every use of the instruction.
    fn temp(&mut self, r: &mut Reg);
}

impl Amode {
    fn visit(&mut self, v: &mut impl OperandVisitor) {
        if self.base.is_virtual() {
            v.use_reg(&mut self.base);
        }
        if let Some((ix, _)) = &mut self.index {
            v.use_reg(ix);
        }
    }

    /// `[rbp + disp]`: a stack slot (its displacement is final at lowering, see `abi.rs`).
    pub fn frame(disp: i32) -> Amode {
        Amode::base_disp(Reg::phys(Gpr::Rbp), disp)
    }
}

impl RegImm {
    fn visit(&mut self, v: &mut impl OperandVisitor) {
        if let RegImm::Reg(r) = self {
            v.use_reg(r)
        }
    }
}

impl Inst {
    /// Visits every register operand in a fixed order (see the module doc).
    pub fn visit_operands(&mut self, v: &mut impl OperandVisitor) {
        match self {
            Inst::Args { args } => args.iter_mut().for_each(|(r, g)| v.def_fixed(r, *g)),
            Inst::MovRR { dst, src } => {
                v.use_reg(src);
                v.def_reg(dst)
            }
            Inst::MovImm { dst, .. } | Inst::LeaSymbol { dst, .. } | Inst::FConst { dst, .. } => {
                v.def_reg(dst)
            }
            Inst::FAluConst { dst, src1, .. } => {
                v.use_reg(src1);
                v.def_reuse(dst, 0)
            }
            Inst::Alu {
                dst, src1, src2, ..
            } => {
                v.use_reg(src1);
                src2.visit(v);
                v.def_reuse(dst, 0)
            }
            Inst::ImulImm { dst, src, .. } => {
                v.use_reg(src);
                v.def_reg(dst)
            }
            Inst::Shift {
                dst, src, amount, ..
            } => {
                v.use_reg(src);
                if let ShiftAmount::Cl(c) = amount {
                    v.use_fixed(c, Gpr::Rcx.preg())
                }
                v.def_reuse(dst, 0)
            }
            Inst::Neg { dst, src } => {
                v.use_reg(src);
                v.def_reuse(dst, 0)
            }
            Inst::Lea { dst, addr } | Inst::Load { dst, addr, .. } => {
                addr.visit(v);
                v.def_reg(dst)
            }
            Inst::Store { src, addr } => {
                src.visit(v);
                addr.visit(v)
            }
            Inst::StoreByte { src, addr } => {
                v.use_reg(src);
                addr.visit(v)
            }
            Inst::CmpSetcc { cmp, dst, .. } => {
                v.use_reg(&mut cmp.lhs);
                cmp.rhs.visit(v);
                v.def_reg(dst)
            }
            Inst::Cqo { src, dst } => {
                v.use_fixed(src, Gpr::Rax.preg());
                v.def_fixed(dst, Gpr::Rdx.preg())
            }
            Inst::Idiv {
                lo,
                hi,
                divisor,
                quot,
                rem,
            } => {
                v.use_fixed(lo, Gpr::Rax.preg());
                v.use_fixed(hi, Gpr::Rdx.preg());
                v.use_reg(divisor);
                v.def_fixed(quot, Gpr::Rax.preg());
                v.def_fixed(rem, Gpr::Rdx.preg())
            }
            Inst::MulHi { x, m, lo, hi } => {
                v.use_fixed(x, Gpr::Rax.preg());
                v.use_reg(m);
                v.def_fixed(hi, Gpr::Rdx.preg());
                v.def_fixed(lo, Gpr::Rax.preg())
            }
            Inst::AllocInline { dst, tmp, .. } => {
                v.temp(tmp);
                v.def_reg(dst)
            }
            Inst::Call { target, args, ret } => {
                if let CallTarget::Reg(r) = target {
                    v.use_reg(r)
                }
                args.iter_mut().for_each(|(r, g)| v.use_fixed(r, *g));
                v.def_fixed(ret, ret.result_reg())
            }
            Inst::FLoad { dst, addr } => {
                addr.visit(v);
                v.def_reg(dst)
            }
            Inst::FAluMem {
                dst, src1, addr, ..
            } => {
                v.use_reg(src1);
                addr.visit(v);
                v.def_reuse(dst, 0)
            }
            Inst::FStore { src, addr } => {
                v.use_reg(src);
                addr.visit(v)
            }
            Inst::MovqToXmm { dst, src }
            | Inst::FSqrt { dst, src }
            | Inst::Cvtsi2sd { dst, src }
            | Inst::Cvttsd2si { dst, src } => {
                v.use_reg(src);
                v.def_reg(dst)
            }
            Inst::FAlu {
                dst, src1, src2, ..
            } => {
                v.use_reg(src1);
                v.use_reg(src2);
                v.def_reuse(dst, 0)
            }
            Inst::FSign { dst, src, tmp, .. } => {
                v.use_reg(src);
                v.temp(tmp);
                v.def_reg(dst)
            }
            Inst::FCmpSetcc {
                lhs, rhs, dst, tmp, ..
            } => {
                v.use_reg(lhs);
                v.use_reg(rhs);
                v.temp(tmp);
                v.def_reg(dst)
            }
            Inst::Jmp { .. } | Inst::Ud2 => {}
            Inst::FJmpCond { lhs, rhs, .. } => {
                v.use_reg(lhs);
                v.use_reg(rhs)
            }
            Inst::JmpCond { cmp, .. } => {
                v.use_reg(&mut cmp.lhs);
                cmp.rhs.visit(v)
            }
            Inst::JmpTable {
                value, tmp1, tmp2, ..
            } => {
                v.use_reg(value);
                v.temp(tmp1);
                v.temp(tmp2)
            }
            Inst::CmpChain { value, .. } => v.use_reg(value),
            Inst::Ret { src } => v.use_fixed(src, src.result_reg()),
            Inst::TailCall { target, args } => {
                if let CallTarget::Reg(r) = target {
                    v.use_fixed(r, Gpr::Rax.preg())
                }
                args.iter_mut().for_each(|(r, g)| v.use_fixed(r, *g))
            }
        }
    }

    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            Inst::Jmp { .. }
                | Inst::JmpCond { .. }
                | Inst::FJmpCond { .. }
                | Inst::JmpTable { .. }
                | Inst::CmpChain { .. }
                | Inst::Ret { .. }
                | Inst::TailCall { .. }
                | Inst::Ud2
        )
    }

    /// Terminators that leave the function (regalloc2's "ret").
    pub fn is_exit(&self) -> bool {
        matches!(self, Inst::Ret { .. } | Inst::TailCall { .. } | Inst::Ud2)
    }

    /// Renames the blocks a terminator goes to.
    pub fn map_targets(&mut self, f: impl Fn(MachBlock) -> MachBlock) {
        match self {
            Inst::Jmp { target } => *target = f(*target),
            Inst::JmpCond {
                taken, not_taken, ..
            }
            | Inst::FJmpCond {
                taken, not_taken, ..
            } => {
                *taken = f(*taken);
                *not_taken = f(*not_taken);
            }
            Inst::JmpTable {
                targets, default, ..
            }
            | Inst::CmpChain {
                targets, default, ..
            } => {
                targets.iter_mut().for_each(|t| *t = f(*t));
                *default = f(*default);
            }
            _ => {}
        }
    }

    /// The blocks a terminator may go to, in a fixed order, without duplicates.
    pub fn successors(&self) -> Vec<MachBlock> {
        let mut s = match self {
            Inst::Jmp { target } => vec![*target],
            Inst::JmpCond {
                taken, not_taken, ..
            }
            | Inst::FJmpCond {
                taken, not_taken, ..
            } => vec![*taken, *not_taken],
            Inst::JmpTable {
                targets, default, ..
            }
            | Inst::CmpChain {
                targets, default, ..
            } => {
                let mut v = targets.clone();
                v.push(*default);
                v
            }
            _ => vec![],
        };
        let mut seen = Vec::with_capacity(s.len());
        s.retain(|b| {
            if seen.contains(b) {
                false
            } else {
                seen.push(*b);
                true
            }
        });
        s
    }
}
