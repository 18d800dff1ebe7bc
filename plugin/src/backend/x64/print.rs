//! Printing VCode instructions in Intel syntax, as iced-x86 prints the same machine
//! instructions with the options of the encoder test (so the listing and the decoder agree).

use super::inst::*;
use crate::backend::RelocTarget;
use std::fmt;

pub fn show_reg(r: Reg, bytes: u8) -> String {
    if r.is_virtual() {
        format!("{r:?}")
    } else if r.is_float() {
        r.xmm().name()
    } else {
        r.gpr().name(bytes).to_string()
    }
}

pub fn show_imm(i: i64) -> String {
    if i < 0 {
        format!("-0x{:x}", (i as i128).unsigned_abs())
    } else {
        format!("0x{i:x}")
    }
}

/// `size ptr [base+index*scale+disp]`; an empty `size` omits the size (as for `lea`).
pub fn show_amode(a: &Amode, size: &str) -> String {
    let mut s = if size.is_empty() {
        String::from("[")
    } else {
        format!("{size} ptr [")
    };
    s.push_str(&show_reg(a.base, 8));
    if let Some((ix, sh)) = a.index {
        s.push('+');
        s.push_str(&show_reg(ix, 8));
        if sh > 0 {
            s.push_str(&format!("*{}", 1 << sh));
        }
    }
    if a.disp > 0 {
        s.push_str(&format!("+0x{:x}", a.disp));
    } else if a.disp < 0 {
        s.push_str(&format!("-0x{:x}", (a.disp as i64).unsigned_abs()));
    }
    s.push(']');
    s
}

fn show_ri(r: &RegImm) -> String {
    match r {
        RegImm::Reg(r) => show_reg(*r, 8),
        RegImm::Imm(i) => show_imm(*i as i64),
    }
}

pub fn show_target(t: &RelocTarget) -> String {
    match t {
        RelocTarget::Func(f) => format!("func{}", f.0),
        RelocTarget::Data(d) => format!("data{}", d.0),
        RelocTarget::External(s) => s.clone(),
    }
}

impl Compare {
    pub fn show(&self) -> String {
        let m = if self.test { "test" } else { "cmp" };
        format!("{m} {}, {}", show_reg(self.lhs, 8), show_ri(&self.rhs))
    }
}

impl fmt::Display for Inst {
    /// A VCode listing line (several machine instructions for pseudo-instructions).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = |r: &Reg| show_reg(*r, 8);
        let fixed = |a: &[(Reg, regalloc2::PReg)]| {
            a.iter()
                .map(|(v, g)| format!("{}={}", r(v), show_reg(Reg::from_preg(*g), 8)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let blocks = |t: &[MachBlock]| {
            t.iter()
                .map(|b| format!("block{}", b.0))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Inst::Args { args } => write!(f, "args {}", fixed(args)),
            Inst::MovRR { dst, src } => write!(f, "mov {}, {}", r(dst), r(src)),
            Inst::MovImm { dst, imm } => write!(f, "mov {}, {}", r(dst), show_imm(*imm)),
            Inst::Alu {
                op,
                dst,
                src1,
                src2,
            } => {
                write!(f, "{} {}, {}", op.name(), r(dst), show_ri(src2))?;
                if dst != src1 {
                    write!(f, "  ; {} = {}", r(dst), r(src1))?;
                }
                Ok(())
            }
            Inst::ImulImm { dst, src, imm } => {
                write!(f, "imul {}, {}, {}", r(dst), r(src), show_imm(*imm as i64))
            }
            Inst::Shift {
                kind, dst, amount, ..
            } => match amount {
                ShiftAmount::Imm(n) => {
                    write!(f, "{} {}, {}", kind.name(), r(dst), show_imm(*n as i64))
                }
                ShiftAmount::Cl(_) => write!(f, "{} {}, cl", kind.name(), r(dst)),
            },
            Inst::Neg { dst, .. } => write!(f, "neg {}", r(dst)),
            Inst::FLoad { dst, addr } => {
                write!(f, "movsd {}, {}", r(dst), show_amode(addr, "qword"))
            }
            Inst::FStore { src, addr } => {
                write!(f, "movsd {}, {}", show_amode(addr, "qword"), r(src))
            }
            Inst::MovqToXmm { dst, src } => write!(f, "movq {}, {}", r(dst), r(src)),
            Inst::FConst { dst, bits: 0 } => write!(f, "xorpd {}, {0}  ; 0.", r(dst)),
            Inst::FConst { dst, bits } => {
                write!(f, "movsd {}, [rip+{}]", r(dst), f64::from_bits(*bits))
            }
            Inst::FAluConst {
                op,
                dst,
                src1,
                bits,
            } => {
                let c = f64::from_bits(*bits);
                write!(f, "{} {}, [rip+{c}]", op.name(), r(dst))?;
                if dst != src1 {
                    write!(f, "  ; {} = {}", r(dst), r(src1))?;
                }
                Ok(())
            }
            Inst::FAlu {
                op,
                dst,
                src1,
                src2,
            } => {
                write!(f, "{} {}, {}", op.name(), r(dst), r(src2))?;
                if dst != src1 {
                    write!(f, "  ; {} = {}", r(dst), r(src1))?;
                }
                Ok(())
            }
            Inst::FAluMem {
                op,
                dst,
                src1,
                addr,
            } => {
                write!(f, "{} {}, {}", op.name(), r(dst), show_amode(addr, "qword"))?;
                if dst != src1 {
                    write!(f, "  ; {} = {}", r(dst), r(src1))?;
                }
                Ok(())
            }
            Inst::FSqrt { dst, src } => write!(f, "sqrtsd {}, {}", r(dst), r(src)),
            Inst::FSign { neg, dst, src, tmp } => write!(
                f,
                "movq {}, {}; {} {0}, 0x3f; movq {}, {0}",
                r(tmp),
                r(src),
                if *neg { "btc" } else { "btr" },
                r(dst)
            ),
            Inst::Cvtsi2sd { dst, src } => write!(f, "cvtsi2sd {}, {}", r(dst), r(src)),
            Inst::Cvttsd2si { dst, src } => {
                write!(f, "cvttsd2si {}, {}; lea {0}, [{0}+{0}+1]", r(dst), r(src))
            }
            Inst::FCmpSetcc {
                cc, lhs, rhs, dst, ..
            } => write!(f, "fcmp.{cc:?} {}, {}, {}", r(dst), r(lhs), r(rhs)),
            Inst::Lea { dst, addr } => write!(f, "lea {}, {}", r(dst), show_amode(addr, "")),
            Inst::LeaSymbol {
                dst,
                target,
                addend,
            } => {
                write!(
                    f,
                    "lea {}, [rip+{}{:+}]",
                    r(dst),
                    show_target(target),
                    addend
                )
            }
            Inst::Load {
                kind: LoadKind::Word,
                dst,
                addr,
            } => {
                write!(f, "mov {}, {}", r(dst), show_amode(addr, "qword"))
            }
            Inst::Load {
                kind: LoadKind::ZeroExtByte,
                dst,
                addr,
            } => {
                write!(
                    f,
                    "movzx {}, {}",
                    show_reg(*dst, 4),
                    show_amode(addr, "byte")
                )
            }
            Inst::Store { src, addr } => {
                write!(f, "mov {}, {}", show_amode(addr, "qword"), show_ri(src))
            }
            Inst::StoreByte { src, addr } => {
                write!(f, "mov {}, {}", show_amode(addr, "byte"), show_reg(*src, 1))
            }
            Inst::CmpSetcc { cmp, cc, dst } => {
                write!(f, "{}; set{} {} (tagged)", cmp.show(), cc.suffix(), r(dst))
            }
            Inst::Cqo { .. } => write!(f, "cqo"),
            Inst::Idiv { divisor, .. } => write!(f, "idiv {}", r(divisor)),
            Inst::MulHi { m, .. } => write!(f, "imul {}", r(m)),
            Inst::Call {
                target: CallTarget::Symbol(t),
                args,
                ret,
            } => {
                write!(f, "call {} ({}) -> {}", show_target(t), fixed(args), r(ret))
            }
            Inst::Call {
                target: CallTarget::Reg(t),
                args,
                ret,
            } => {
                write!(f, "call {} ({}) -> {}", r(t), fixed(args), r(ret))
            }
            Inst::AllocInline {
                dst,
                tmp,
                wosize,
                tag,
            } => write!(
                f,
                "alloc_inline {}, wosize {wosize}, tag {tag} (tmp {})",
                r(dst),
                r(tmp)
            ),
            Inst::Jmp { target } => write!(f, "jmp block{}", target.0),
            Inst::FJmpCond {
                lhs,
                rhs,
                cc,
                taken,
                not_taken,
            } => write!(
                f,
                "ucomisd {}, {}; j{} block{}; jmp block{}",
                r(lhs),
                r(rhs),
                cc.suffix(),
                taken.0,
                not_taken.0
            ),
            Inst::JmpCond {
                cmp,
                cc,
                taken,
                not_taken,
            } => write!(
                f,
                "{}; j{} block{}; jmp block{}",
                cmp.show(),
                cc.suffix(),
                taken.0,
                not_taken.0
            ),
            Inst::JmpTable {
                value,
                targets,
                default,
                ..
            } => {
                write!(
                    f,
                    "jmp_table {} [{}] default block{}",
                    r(value),
                    blocks(targets),
                    default.0
                )
            }
            Inst::CmpChain {
                value,
                targets,
                default,
                raw,
            } => {
                write!(
                    f,
                    "cmp_chain{} {} [{}] default block{}",
                    if *raw { "_raw" } else { "" },
                    r(value),
                    blocks(targets),
                    default.0
                )
            }
            Inst::Ret { src } => write!(f, "ret {}", r(src)),
            Inst::TailCall {
                target: CallTarget::Symbol(t),
                args,
            } => {
                write!(f, "tail_call {} ({})", show_target(t), fixed(args))
            }
            Inst::TailCall {
                target: CallTarget::Reg(t),
                args,
            } => {
                write!(f, "tail_call {} ({})", r(t), fixed(args))
            }
            Inst::Ud2 => write!(f, "ud2"),
        }
    }
}
