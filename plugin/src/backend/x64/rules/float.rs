//! The float rules (SSE2 scalar doubles): arithmetic, with a constant from the pool or a
//! single-use load folded in as the memory operand, compares, conversions, float loads.

use super::{act, Root as R, Rule};
use crate::backend::x64::inst::{FAluOp, FCond, Inst, ShiftAmount, ShiftKind};
use crate::ssa::ir::{FBinOp, FUnOp, Stmt, Type};

pub(super) fn rules() -> Vec<Rule> {
    vec![
        rule!(
            float_arith,
            0,
            [
                R::FBinary(FBinOp::Add),
                R::FBinary(FBinOp::Sub),
                R::FBinary(FBinOp::Mul),
                R::FBinary(FBinOp::Div)
            ],
            |lo, s| {
                let &Stmt::FBinary(op, a, b) = s else {
                    return None;
                };
                let (op, _) = falu_op(op)?;
                act(move |lo, d| {
                    let (src1, src2) = (lo.put(a), lo.put(b));
                    let dst = lo.def(d);
                    lo.emit(Inst::FAlu {
                        op,
                        dst,
                        src1,
                        src2,
                    })
                })
            }
        ),
        rule!(
            float_compare,
            0,
            [
                R::FBinary(FBinOp::Eq),
                R::FBinary(FBinOp::Ne),
                R::FBinary(FBinOp::Lt),
                R::FBinary(FBinOp::Le),
                R::FBinary(FBinOp::Gt),
                R::FBinary(FBinOp::Ge)
            ],
            |lo, s| {
                let &Stmt::FBinary(op, a, b) = s else {
                    return None;
                };
                let cc = match op {
                    FBinOp::Eq => FCond::Eq,
                    FBinOp::Ne => FCond::Ne,
                    FBinOp::Lt => FCond::Lt,
                    FBinOp::Le => FCond::Le,
                    FBinOp::Gt => FCond::Gt,
                    FBinOp::Ge => FCond::Ge,
                    _ => return None,
                };
                act(move |lo, d| {
                    let (lhs, rhs) = (lo.put(a), lo.put(b));
                    let dst = lo.def(d);
                    let tmp = lo.temp();
                    lo.emit(Inst::FCmpSetcc {
                        cc,
                        lhs,
                        rhs,
                        dst,
                        tmp,
                    })
                })
            }
        ),
        rule!(
            float_sign,
            0,
            [R::FUnary(FUnOp::Neg), R::FUnary(FUnOp::Abs)],
            |lo, s| {
                let &Stmt::FUnary(op, a) = s else {
                    return None;
                };
                matches!(op, FUnOp::Neg | FUnOp::Abs).then_some(())?;
                act(move |lo, d| {
                    let src = lo.put(a);
                    let dst = lo.def(d);
                    let tmp = lo.temp();
                    lo.emit(Inst::FSign {
                        neg: op == FUnOp::Neg,
                        dst,
                        src,
                        tmp,
                    })
                })
            }
        ),
        rule!(float_sqrt, 0, [R::FUnary(FUnOp::Sqrt)], |lo, s| {
            let &Stmt::FUnary(FUnOp::Sqrt, a) = s else {
                return None;
            };
            act(move |lo, d| {
                let src = lo.put(a);
                let dst = lo.def(d);
                lo.emit(Inst::FSqrt { dst, src })
            })
        }),
        // The int untagged by an arithmetic shift, then converted.
        rule!(float_of_int, 0, [R::FUnary(FUnOp::OfInt)], |lo, s| {
            let &Stmt::FUnary(FUnOp::OfInt, a) = s else {
                return None;
            };
            act(move |lo, d| {
                let n = lo.put(a);
                let t = lo.temp();
                lo.emit(Inst::Shift {
                    kind: ShiftKind::Sar,
                    dst: t,
                    src: n,
                    amount: ShiftAmount::Imm(1),
                });
                let dst = lo.def(d);
                lo.emit(Inst::Cvtsi2sd { dst, src: t })
            })
        }),
        rule!(int_of_float, 0, [R::FUnary(FUnOp::ToInt)], |lo, s| {
            let &Stmt::FUnary(FUnOp::ToInt, a) = s else {
                return None;
            };
            act(move |lo, d| {
                let src = lo.put(a);
                let dst = lo.def(d);
                lo.emit(Inst::Cvttsd2si { dst, src })
            })
        }),
        // A float load with one use, folded into it as a memory operand (ocamlopt's
        // `addsd xmm, [mem]`); a commutative operation folds a load on either side.
        rule!(
            float_arith_mem,
            1,
            [
                R::FBinary(FBinOp::Add),
                R::FBinary(FBinOp::Sub),
                R::FBinary(FBinOp::Mul),
                R::FBinary(FBinOp::Div)
            ],
            |lo, s| {
                let &Stmt::FBinary(op, a, b) = s else {
                    return None;
                };
                let (fop, commutes) = falu_op(op)?;
                let (reg, load) = match lo.sinkable_float_load(b) {
                    Some(l) if a != b => (a, l),
                    _ if commutes && a != b => (b, lo.sinkable_float_load(a)?),
                    _ => return None,
                };
                act(move |lo, d| {
                    let src1 = lo.put(reg);
                    let addr = lo.float_load_addr(&load);
                    let dst = lo.def(d);
                    lo.emit(Inst::FAluMem {
                        op: fop,
                        dst,
                        src1,
                        addr,
                    })
                })
            }
        ),
        // A float constant operand read from the constant pool by the operation itself
        // (`mulsd xmm, [rip+c]`), on either side of a commutative one. Above the folded load:
        // with a load on the other side, the load goes to a register.
        rule!(
            float_arith_const,
            2,
            [
                R::FBinary(FBinOp::Add),
                R::FBinary(FBinOp::Sub),
                R::FBinary(FBinOp::Mul),
                R::FBinary(FBinOp::Div)
            ],
            |lo, s| {
                let &Stmt::FBinary(op, a, b) = s else {
                    return None;
                };
                let (fop, commutes) = falu_op(op)?;
                let (reg, bits) = match lo.float_const(b) {
                    Some(c) if a != b => (a, c),
                    _ if commutes && a != b => (b, lo.float_const(a)?),
                    _ => return None,
                };
                act(move |lo, d| {
                    let src1 = lo.put(reg);
                    let dst = lo.def(d);
                    lo.emit(Inst::FAluConst {
                        op: fop,
                        dst,
                        src1,
                        bits,
                    })
                })
            }
        ),
        rule!(load_float, 0, [R::Load], |lo, s| {
            let &Stmt::Load { base, index, ty } = s else {
                return None;
            };
            (ty == Type::F64).then_some(())?;
            act(move |lo, d| {
                let addr = lo.field(base, index, 0);
                let dst = lo.def(d);
                lo.emit(Inst::FLoad { dst, addr })
            })
        }),
    ]
}

/// The SSE operation of a float arithmetic operation, and whether it commutes.
fn falu_op(op: FBinOp) -> Option<(FAluOp, bool)> {
    Some(match op {
        FBinOp::Add => (FAluOp::Add, true),
        FBinOp::Sub => (FAluOp::Sub, false),
        FBinOp::Mul => (FAluOp::Mul, true),
        FBinOp::Div => (FAluOp::Div, false),
        _ => return None,
    })
}
