//! Emission of float compares and constants. A float constant other than +0.0 (`xorpd`) is
//! read RIP-relative from the function's constant pool, which the MachBuffer places after the
//! code (or in an island); each distinct constant is there once (`Emitter::pool`).

use super::super::buffer::X64LabelUse;
use super::super::encode::{self, AluEnc, Mem};
use super::super::inst::{Cond, FCond, Gpr, Inst, Xmm};
use super::Emitter;

impl Emitter<'_> {
    /// `ucomisd` and the flags as an OCaml bool (1 or 3) in `dst`. Unordered operands set
    /// ZF, PF and CF: `a > b` is `seta` (CF = ZF = 0) and `a >= b` `setae` (CF = 0), both
    /// false then; `<` and `<=` swap the operands; `=` also needs PF = 0 and `<>` accepts
    /// PF = 1.
    pub(super) fn float_compare(&mut self, cc: FCond, lhs: Xmm, rhs: Xmm, dst: Gpr, tmp: Gpr) {
        let b = &mut self.buf;
        let (a, c) = match cc {
            FCond::Lt | FCond::Le => (rhs, lhs),
            _ => (lhs, rhs),
        };
        encode::ucomisd(b, a, c);
        match cc {
            FCond::Eq | FCond::Ne => {
                let (zf, pf, op) = if cc == FCond::Eq {
                    (Cond::Z, Cond::Np, AluEnc::And)
                } else {
                    (Cond::Nz, Cond::P, AluEnc::Or)
                };
                encode::setcc(b, zf, dst);
                encode::setcc(b, pf, tmp);
                encode::movzx_r8(b, dst, dst);
                encode::movzx_r8(b, tmp, tmp);
                encode::alu_rr(b, op, dst, tmp);
            }
            FCond::Gt | FCond::Lt => {
                encode::setcc(b, Cond::Nbe, dst);
                encode::movzx_r8(b, dst, dst);
            }
            FCond::Ge | FCond::Le => {
                encode::setcc(b, Cond::Nb, dst);
                encode::movzx_r8(b, dst, dst);
            }
        }
        encode::tag_int(b, dst);
    }

    /// [`Inst::FConst`] and [`Inst::FAluConst`].
    pub(super) fn float_const(&mut self, inst: &Inst) {
        let at = self.at();
        let rip = Mem::Rip { disp: -4 };
        match *inst {
            Inst::FConst { dst, bits: 0 } => encode::xorpd(&mut self.buf, dst.xmm(), dst.xmm()),
            Inst::FConst { dst, bits } => {
                let field = encode::movsd_load(&mut self.buf, dst.xmm(), &rip);
                self.pool_use(field.expect("a RIP-relative operand"), bits);
            }
            Inst::FAluConst {
                op,
                dst,
                src1,
                bits,
            } => {
                debug_assert_eq!(dst, src1, "two-address operands share a register");
                let field = encode::falu_mem(&mut self.buf, op, dst.xmm(), &rip);
                self.pool_use(field.expect("a RIP-relative operand"), bits);
            }
            _ => unreachable!("not a float constant: {inst}"),
        }
        self.buf.list(at, || format!("{inst}"));
    }

    /// The rel32 field at `field` refers to the constant `bits` in the pool.
    fn pool_use(&mut self, field: u32, bits: u64) {
        let label = match self.pool.get(&bits) {
            Some(&l) => l,
            None => {
                let l = self.buf.defer_constant(bits.to_le_bytes().to_vec(), 8);
                self.pool.insert(bits, l);
                l
            }
        };
        self.buf
            .use_label_at_offset(field, label, X64LabelUse::Rel32);
    }
}
