//! Instruction-selection rules, as data (ISLE's idea, "Cranelift ISLE: rules as data").
//!
//! A [`Rule`] is a name, a priority, the statement *roots* it applies to, and a pattern: a pure
//! function that inspects the statement through *extractors* ([`Lower::word`],
//! [`Lower::sinkable_cmp`], ...) and, on a match, returns the *constructor* — a closure over the
//! bound values that emits VCode through [`Lower`]'s constructors. For each statement the rules
//! of its root are tried by decreasing priority and the first match wins.
//!
//! Ambiguity is a bug: two rules of the same priority must never both match one statement, and
//! every rule must win on some statement (else it is shadowed). The test `rules_overlap_check`
//! enumerates statements over operand shapes (opaque values, small and huge constants, fusible
//! compares, ...) and checks both, plus that each rule matches only its declared roots.
//!
//! Constants, `DataAddr` and `FuncAddr` have no rules: [`Lower::put`] rematerialises them where
//! they are used, and an immediate-folding rule never asks for them in a register at all.

use super::inst::{AluOp, Amode, Compare, Cond, Inst, LoadKind, RegImm, ShiftAmount, ShiftKind};
use super::lower::Lower;
use crate::ssa::ir::{c_float_arity, BinOp, Callee, FBinOp, FUnOp, Stmt, Type, UnOp, Value};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The constructor a matching pattern returns; called with the statement's value.
pub type Action = Box<dyn FnOnce(&mut Lower<'_>, Value)>;

/// What kind of statement a rule applies to (the index key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Root {
    Binary(BinOp),
    Unary(UnOp),
    FBinary(FBinOp),
    FUnary(FUnOp),
    Alloc,
    Load,
    Store,
    LoadIdx,
    StoreIdx,
    LoadByte,
    StoreByte,
    Call,
    Jump,
    Branch,
    Switch,
    Return,
    TailCall,
    Unreachable,
    /// Statements without rules (constants, phis, params, pis).
    None,
}

impl Root {
    pub fn of(s: &Stmt) -> Root {
        match s {
            Stmt::Binary(op, ..) => Root::Binary(*op),
            Stmt::Unary(op, _) => Root::Unary(*op),
            Stmt::FBinary(op, ..) => Root::FBinary(*op),
            Stmt::FUnary(op, _) => Root::FUnary(*op),
            Stmt::Alloc { .. } => Root::Alloc,
            Stmt::Load { .. } => Root::Load,
            Stmt::Store { .. } => Root::Store,
            Stmt::LoadIdx { .. } => Root::LoadIdx,
            Stmt::StoreIdx { .. } => Root::StoreIdx,
            Stmt::LoadByte { .. } => Root::LoadByte,
            Stmt::StoreByte { .. } => Root::StoreByte,
            Stmt::Call { .. } => Root::Call,
            Stmt::Jump(_) => Root::Jump,
            Stmt::Branch { .. } => Root::Branch,
            Stmt::Switch { .. } => Root::Switch,
            Stmt::Return(_) => Root::Return,
            Stmt::TailCall { .. } => Root::TailCall,
            Stmt::Unreachable => Root::Unreachable,
            _ => Root::None,
        }
    }
}

pub struct Rule {
    pub name: &'static str,
    pub prio: u8,
    pub roots: Vec<Root>,
    pub pattern: for<'a> fn(&Lower<'a>, &Stmt) -> Option<Action>,
}

fn act(f: impl FnOnce(&mut Lower<'_>, Value) + 'static) -> Option<Action> {
    Some(Box::new(f))
}

const CMPS: [BinOp; 9] = [
    BinOp::Eq,
    BinOp::Ne,
    BinOp::Lt,
    BinOp::Le,
    BinOp::Gt,
    BinOp::Ge,
    BinOp::PhysEq,
    BinOp::PhysNe,
    BinOp::Ult,
];

/// The condition code of a comparison of tagged words (signed: tagging preserves order).
pub fn cmp_cond(op: BinOp) -> Option<Cond> {
    Some(match op {
        BinOp::Eq | BinOp::PhysEq => Cond::Z,
        BinOp::Ne | BinOp::PhysNe => Cond::Nz,
        BinOp::Lt => Cond::L,
        BinOp::Le => Cond::Le,
        BinOp::Gt => Cond::Nle,
        BinOp::Ge => Cond::Nl,
        BinOp::Ult => Cond::B,
        _ => return None,
    })
}

macro_rules! rule {
    ($name:ident, $prio:expr, $roots:expr, |$lo:ident, $s:ident| $body:block) => {
        Rule {
            name: stringify!($name),
            prio: $prio,
            roots: $roots.to_vec(),
            pattern: |$lo, $s| {
                let _ = &$lo;
                $body
            },
        }
    };
}

mod float;

/// Every rule. Keep one rule per line of thought: pattern, extractors, one constructor.
pub fn all_rules() -> Vec<Rule> {
    use BinOp::*;
    use Root as R;
    let mut rules = vec![
        // ---- tagged arithmetic: a + b - 1, with the constant folded into a displacement ----
        rule!(add_imm, 1, [R::Binary(Add)], |lo, s| {
            let &Stmt::Binary(Add, a, b) = s else {
                return None;
            };
            let c = lo.add_disp(b)?;
            act(move |lo, d| {
                let a = lo.put(a);
                let dst = lo.def(d);
                lo.lea(dst, Amode::base_disp(a, c))
            })
        }),
        rule!(add_imm_lhs, 1, [R::Binary(Add)], |lo, s| {
            let &Stmt::Binary(Add, a, b) = s else {
                return None;
            };
            let c = lo.add_disp(a).filter(|_| !lo.is_const(b))?;
            act(move |lo, d| {
                let b = lo.put(b);
                let dst = lo.def(d);
                lo.lea(dst, Amode::base_disp(b, c))
            })
        }),
        rule!(add, 0, [R::Binary(Add)], |lo, s| {
            let &Stmt::Binary(Add, a, b) = s else {
                return None;
            };
            act(move |lo, d| {
                let (a, b) = (lo.put(a), lo.put(b));
                let dst = lo.def(d);
                lo.lea(dst, Amode::base_index(a, b, 0, -1))
            })
        }),
        rule!(sub_imm, 1, [R::Binary(Sub)], |lo, s| {
            let &Stmt::Binary(Sub, a, b) = s else {
                return None;
            };
            let c = lo.sub_disp(b)?;
            act(move |lo, d| {
                let a = lo.put(a);
                let dst = lo.def(d);
                lo.lea(dst, Amode::base_disp(a, c))
            })
        }),
        rule!(sub, 0, [R::Binary(Sub)], |lo, s| {
            let &Stmt::Binary(Sub, a, b) = s else {
                return None;
            };
            act(move |lo, d| {
                let (a, b) = (lo.put(a), lo.put(b));
                let t = lo.alu_tmp(AluOp::Sub, a, RegImm::Reg(b));
                let dst = lo.def(d);
                lo.alu(dst, AluOp::Or, t, RegImm::Imm(1))
            })
        }),
        // ((a - 1) * n) + 1 for a constant n; ((a >> 1) * (b - 1)) | 1 otherwise.
        rule!(mul_imm, 1, [R::Binary(Mul)], |lo, s| {
            let &Stmt::Binary(Mul, a, b) = s else {
                return None;
            };
            let n = lo.int_const(b).and_then(|n| i32::try_from(n).ok())?;
            act(move |lo, d| mul_by_const(lo, d, a, n))
        }),
        rule!(mul_imm_lhs, 1, [R::Binary(Mul)], |lo, s| {
            let &Stmt::Binary(Mul, a, b) = s else {
                return None;
            };
            let n = lo
                .int_const(a)
                .and_then(|n| i32::try_from(n).ok())
                .filter(|_| !lo.is_const(b))?;
            act(move |lo, d| mul_by_const(lo, d, b, n))
        }),
        rule!(mul, 0, [R::Binary(Mul)], |lo, s| {
            let &Stmt::Binary(Mul, a, b) = s else {
                return None;
            };
            act(move |lo, d| {
                let x = lo.untag(a);
                let b = lo.put(b);
                let y = lo.temp();
                lo.lea(y, Amode::base_disp(b, -1));
                let p = lo.alu_tmp(AluOp::Imul, x, RegImm::Reg(y));
                let dst = lo.def(d);
                lo.alu(dst, AluOp::Or, p, RegImm::Imm(1))
            })
        }),
        // By a constant: a multiply-high instead of `idiv` (divconst.rs).
        rule!(div_const, 1, [R::Binary(Div), R::Binary(Mod)], |lo, s| {
            let &Stmt::Binary(op @ (Div | Mod), a, b) = s else {
                return None;
            };
            let c = lo.int_const(b).filter(|&c| c >= 2)?;
            act(move |lo, d| lo.divide_by_const(d, a, c, op == Mod))
        }),
        rule!(div, 0, [R::Binary(Div)], |lo, s| {
            let &Stmt::Binary(Div, a, b) = s else {
                return None;
            };
            act(move |lo, d| lo.divide(d, a, b, false))
        }),
        rule!(rem, 0, [R::Binary(Mod)], |lo, s| {
            let &Stmt::Binary(Mod, a, b) = s else {
                return None;
            };
            act(move |lo, d| lo.divide(d, a, b, true))
        }),
        // ---- bitwise: land/lor work on tagged words; lxor needs the tag back ----
        rule!(and_or_imm, 1, [R::Binary(And), R::Binary(Or)], |lo, s| {
            let &Stmt::Binary(op @ (And | Or), a, b) = s else {
                return None;
            };
            let i = lo.imm32(b)?;
            let op = if op == And { AluOp::And } else { AluOp::Or };
            act(move |lo, d| {
                let a = lo.put(a);
                let dst = lo.def(d);
                lo.alu(dst, op, a, RegImm::Imm(i))
            })
        }),
        rule!(and_or, 0, [R::Binary(And), R::Binary(Or)], |lo, s| {
            let &Stmt::Binary(op @ (And | Or), a, b) = s else {
                return None;
            };
            let op = if op == And { AluOp::And } else { AluOp::Or };
            act(move |lo, d| {
                let (a, b) = (lo.put(a), lo.put(b));
                let dst = lo.def(d);
                lo.alu(dst, op, a, RegImm::Reg(b))
            })
        }),
        // a ^ (2n+1) | 1 == a ^ 2n
        rule!(xor_imm, 1, [R::Binary(Xor)], |lo, s| {
            let &Stmt::Binary(Xor, a, b) = s else {
                return None;
            };
            let i = lo.add_disp(b)?;
            act(move |lo, d| {
                let a = lo.put(a);
                let dst = lo.def(d);
                lo.alu(dst, AluOp::Xor, a, RegImm::Imm(i))
            })
        }),
        rule!(xor, 0, [R::Binary(Xor)], |lo, s| {
            let &Stmt::Binary(Xor, a, b) = s else {
                return None;
            };
            act(move |lo, d| {
                let (a, b) = (lo.put(a), lo.put(b));
                let t = lo.alu_tmp(AluOp::Xor, a, RegImm::Reg(b));
                let dst = lo.def(d);
                lo.alu(dst, AluOp::Or, t, RegImm::Imm(1))
            })
        }),
        // ---- shifts: lsl ((a-1) << n) | 1, lsr/asr (a >> n) | 1; counts masked to 6 bits ----
        rule!(
            shift_imm,
            1,
            [R::Binary(Lsl), R::Binary(Lsr), R::Binary(Asr)],
            |lo, s| {
                let &Stmt::Binary(op @ (Lsl | Lsr | Asr), a, b) = s else {
                    return None;
                };
                let n = (lo.int_const(b)? & 63) as u8;
                act(move |lo, d| {
                    let x = shift_operand(lo, op, a);
                    lo.tagged_shift(d, shift_kind(op), x, ShiftAmount::Imm(n))
                })
            }
        ),
        rule!(
            shift,
            0,
            [R::Binary(Lsl), R::Binary(Lsr), R::Binary(Asr)],
            |lo, s| {
                let &Stmt::Binary(op @ (Lsl | Lsr | Asr), a, b) = s else {
                    return None;
                };
                act(move |lo, d| {
                    let x = shift_operand(lo, op, a);
                    let n = lo.untag(b);
                    lo.tagged_shift(d, shift_kind(op), x, ShiftAmount::Cl(n))
                })
            }
        ),
        // ---- comparisons of tagged words give tagged bools ----
        rule!(cmp, 0, CMPS.map(R::Binary), |lo, s| {
            let &Stmt::Binary(op, a, b) = s else {
                return None;
            };
            cmp_cond(op)?;
            act(move |lo, d| {
                let (cmp, cc) = lo.compare(op, a, b);
                let dst = lo.def(d);
                lo.emit(Inst::CmpSetcc { cmp, cc, dst })
            })
        }),
        // ---- unary ----
        rule!(neg, 0, [R::Unary(UnOp::Neg)], |lo, s| {
            let &Stmt::Unary(UnOp::Neg, a) = s else {
                return None;
            };
            act(move |lo, d| {
                let a = lo.put(a);
                let t = lo.temp();
                lo.emit(Inst::Neg { dst: t, src: a });
                let dst = lo.def(d);
                lo.alu(dst, AluOp::Add, t, RegImm::Imm(2))
            })
        }),
        rule!(not, 0, [R::Unary(UnOp::Not)], |lo, s| {
            let &Stmt::Unary(UnOp::Not, a) = s else {
                return None;
            };
            act(move |lo, d| {
                let a = lo.put(a);
                let dst = lo.def(d);
                lo.alu(dst, AluOp::Xor, a, RegImm::Imm(2))
            })
        }),
        rule!(is_int, 0, [R::Unary(UnOp::IsInt)], |lo, s| {
            let &Stmt::Unary(UnOp::IsInt, a) = s else {
                return None;
            };
            act(move |lo, d| {
                let lhs = lo.put(a);
                let dst = lo.def(d);
                let cmp = Compare {
                    test: true,
                    lhs,
                    rhs: RegImm::Imm(1),
                };
                lo.emit(Inst::CmpSetcc {
                    cmp,
                    cc: Cond::Nz,
                    dst,
                })
            })
        }),
        rule!(block_tag, 0, [R::Unary(UnOp::BlockTag)], |lo, s| {
            let &Stmt::Unary(UnOp::BlockTag, p) = s else {
                return None;
            };
            act(move |lo, d| {
                let addr = lo.field(p, 0, -8);
                let t = lo.temp();
                lo.load(t, LoadKind::ZeroExtByte, addr);
                let dst = lo.def(d);
                lo.retag(dst, t)
            })
        }),
        // header >> 10, tagged: (header >> 9) | 1
        rule!(block_size, 0, [R::Unary(UnOp::BlockSize)], |lo, s| {
            let &Stmt::Unary(UnOp::BlockSize, p) = s else {
                return None;
            };
            act(move |lo, d| {
                let addr = lo.field(p, 0, -8);
                let t = lo.temp();
                lo.load(t, LoadKind::Word, addr);
                lo.tagged_shift(d, ShiftKind::Shr, t, ShiftAmount::Imm(9))
            })
        }),
        // ---- memory ----
        rule!(load, 0, [R::Load], |lo, s| {
            let &Stmt::Load { base, index, ty } = s else {
                return None;
            };
            (ty != Type::F64).then_some(())?;
            act(move |lo, d| {
                let addr = lo.field(base, index, 0);
                let dst = lo.def(d);
                lo.load(dst, LoadKind::Word, addr)
            })
        }),
        rule!(store, 0, [R::Store], |lo, s| {
            let &Stmt::Store { base, index, value } = s else {
                return None;
            };
            act(move |lo, _| {
                let addr = lo.field(base, index, 0);
                lo.store_value(value, addr)
            })
        }),
        // An element of an array, numbered by an OCaml int `2i + 1`: `[base + 4 * (2i+1) - 4]`.
        rule!(load_idx, 0, [R::LoadIdx], |lo, s| {
            let &Stmt::LoadIdx { base, index, ty } = s else {
                return None;
            };
            act(move |lo, d| {
                let addr = lo.element(base, index);
                let dst = lo.def(d);
                if ty == Type::F64 {
                    lo.emit(Inst::FLoad { dst, addr })
                } else {
                    lo.load(dst, LoadKind::Word, addr)
                }
            })
        }),
        rule!(store_idx, 0, [R::StoreIdx], |lo, s| {
            let &Stmt::StoreIdx { base, index, value } = s else {
                return None;
            };
            act(move |lo, _| {
                let addr = lo.element(base, index);
                lo.store_value(value, addr)
            })
        }),
        // A string's byte at the OCaml int offset `2i + 1`: `movzx t, byte [base + i]`, tagged.
        rule!(load_byte, 0, [R::LoadByte], |lo, s| {
            let &Stmt::LoadByte { base, index } = s else {
                return None;
            };
            act(move |lo, d| {
                let b = lo.put(base);
                let i = lo.untag(index);
                let t = lo.temp();
                lo.load(t, LoadKind::ZeroExtByte, Amode::base_index(b, i, 0, 0));
                let dst = lo.def(d);
                lo.retag(dst, t)
            })
        }),
        rule!(store_byte, 0, [R::StoreByte], |lo, s| {
            let &Stmt::StoreByte { base, index, value } = s else {
                return None;
            };
            act(move |lo, _| {
                let b = lo.put(base);
                let i = lo.untag(index);
                let x = lo.untag(value);
                lo.emit(Inst::StoreByte {
                    src: x,
                    addr: Amode::base_index(b, i, 0, 0),
                })
            })
        }),
        rule!(alloc, 0, [R::Alloc], |lo, s| {
            let Stmt::Alloc { tag, fields, .. } = s else {
                return None;
            };
            let (tag, fields) = (*tag, fields.clone());
            act(move |lo, d| {
                let dst = lo.def(d);
                lo.alloc_block(dst, fields.len(), tag);
                for (i, f) in fields.into_iter().enumerate() {
                    let addr = Amode::base_disp(dst, 8 * i as i32);
                    lo.store_value(f, addr);
                }
            })
        }),
        rule!(call, 0, [R::Call], |lo, s| {
            let Stmt::Call { callee, args, ret } = s else {
                return None;
            };
            // An `F64` result comes only from a direct call of a worker or a C function of
            // doubles, in `xmm0` (`Reg::result_reg`); other runtime and indirect calls return
            // words.
            let f64_callee = match callee {
                Callee::Direct(_) => true,
                Callee::Runtime(name) => c_float_arity(name).is_some(),
                Callee::Indirect(_) => false,
            };
            (*ret != Type::F64 || f64_callee).then_some(())?;
            let (callee, args) = (callee.clone(), args.clone());
            act(move |lo, d| {
                let dst = lo.def(d);
                lo.call(dst, &callee, &args)
            })
        }),
        // ---- control ----
        rule!(jump, 0, [R::Jump], |lo, s| {
            let &Stmt::Jump(to) = s else { return None };
            act(move |lo, _| lo.jump(to))
        }),
        rule!(branch_same_target, 3, [R::Branch], |lo, s| {
            let &Stmt::Branch { then, els, .. } = s else {
                return None;
            };
            (then == els).then_some(())?;
            act(move |lo, _| lo.jump(then))
        }),
        rule!(branch_const, 2, [R::Branch], |lo, s| {
            let &Stmt::Branch { cond, then, els } = s else {
                return None;
            };
            let w = lo.word(cond)?;
            act(move |lo, _| lo.jump(if w & 2 != 0 { then } else { els }))
        }),
        rule!(branch_cmp, 2, [R::Branch], |lo, s| {
            let &Stmt::Branch { cond, then, els } = s else {
                return None;
            };
            let (op, a, b) = lo.sinkable_cmp(cond)?;
            act(move |lo, _| {
                let (cmp, cc) = lo.compare(op, a, b);
                let (taken, not_taken) = (lo.succ(then), lo.succ(els));
                lo.emit(Inst::JmpCond {
                    cmp,
                    cc,
                    taken,
                    not_taken,
                })
            })
        }),
        rule!(branch_float_cmp, 2, [R::Branch], |lo, s| {
            let &Stmt::Branch { cond, then, els } = s else {
                return None;
            };
            let (a, b, cc) = lo.sinkable_float_cmp(cond)?;
            act(move |lo, _| {
                let (lhs, rhs) = (lo.put(a), lo.put(b));
                let (taken, not_taken) = (lo.succ(then), lo.succ(els));
                lo.emit(Inst::FJmpCond {
                    lhs,
                    rhs,
                    cc,
                    taken,
                    not_taken,
                })
            })
        }),
        rule!(branch_is_int, 2, [R::Branch], |lo, s| {
            let &Stmt::Branch { cond, then, els } = s else {
                return None;
            };
            let x = lo.sinkable_is_int(cond)?;
            act(move |lo, _| {
                let cmp = Compare {
                    test: true,
                    lhs: lo.put(x),
                    rhs: RegImm::Imm(1),
                };
                let (taken, not_taken) = (lo.succ(then), lo.succ(els));
                lo.emit(Inst::JmpCond {
                    cmp,
                    cc: Cond::Nz,
                    taken,
                    not_taken,
                })
            })
        }),
        // true is 3, false is 1: bit 1 decides.
        rule!(branch_bool, 1, [R::Branch], |lo, s| {
            let &Stmt::Branch { cond, then, els } = s else {
                return None;
            };
            act(move |lo, _| {
                let cmp = Compare {
                    test: true,
                    lhs: lo.put(cond),
                    rhs: RegImm::Imm(2),
                };
                let (taken, not_taken) = (lo.succ(then), lo.succ(els));
                lo.emit(Inst::JmpCond {
                    cmp,
                    cc: Cond::Nz,
                    taken,
                    not_taken,
                })
            })
        }),
        rule!(switch_one_target, 2, [R::Switch], |lo, s| {
            let Stmt::Switch {
                targets, default, ..
            } = s
            else {
                return None;
            };
            targets.iter().all(|t| t == default).then_some(())?;
            let default = *default;
            act(move |lo, _| lo.jump(default))
        }),
        rule!(switch_chain, 1, [R::Switch], |lo, s| {
            let Stmt::Switch {
                value,
                targets,
                default,
            } = s
            else {
                return None;
            };
            (targets.len() <= 4 && targets.iter().any(|t| t != default)).then_some(())?;
            let (value, targets, default) = (*value, targets.clone(), *default);
            act(move |lo, _| {
                let value = lo.put(value);
                let targets = targets.iter().map(|t| lo.succ(*t)).collect();
                let default = lo.succ(default);
                lo.emit(Inst::CmpChain {
                    value,
                    targets,
                    default,
                    raw: false,
                })
            })
        }),
        // A switch on a block's tag compares the header's tag byte itself, untagged.
        rule!(switch_block_tag, 2, [R::Switch], |lo, s| {
            let Stmt::Switch {
                value,
                targets,
                default,
            } = s
            else {
                return None;
            };
            (targets.len() <= 4 && targets.iter().any(|t| t != default)).then_some(())?;
            let p = lo.sinkable_block_tag(*value)?;
            let (targets, default) = (targets.clone(), *default);
            act(move |lo, _| {
                let addr = lo.field(p, 0, -8);
                let t = lo.temp();
                lo.load(t, LoadKind::ZeroExtByte, addr);
                let targets = targets.iter().map(|t| lo.succ(*t)).collect();
                let default = lo.succ(default);
                lo.emit(Inst::CmpChain {
                    value: t,
                    targets,
                    default,
                    raw: true,
                })
            })
        }),
        rule!(switch_table, 1, [R::Switch], |lo, s| {
            let Stmt::Switch {
                value,
                targets,
                default,
            } = s
            else {
                return None;
            };
            (targets.len() > 4 && targets.iter().any(|t| t != default)).then_some(())?;
            let (value, targets, default) = (*value, targets.clone(), *default);
            act(move |lo, _| {
                let value = lo.put(value);
                let targets = targets.iter().map(|t| lo.succ(*t)).collect();
                let default = lo.succ(default);
                let (tmp1, tmp2) = (lo.temp(), lo.temp());
                lo.emit(Inst::JmpTable {
                    value,
                    tmp1,
                    tmp2,
                    targets,
                    default,
                })
            })
        }),
        rule!(ret, 0, [R::Return], |lo, s| {
            let &Stmt::Return(v) = s else { return None };
            act(move |lo, _| {
                let src = lo.put(v);
                lo.emit(Inst::Ret { src })
            })
        }),
        rule!(tail_call, 0, [R::TailCall], |lo, s| {
            let Stmt::TailCall { callee, args } = s else {
                return None;
            };
            let (callee, args) = (callee.clone(), args.clone());
            act(move |lo, _| lo.tail_call(&callee, &args))
        }),
        rule!(unreachable, 0, [R::Unreachable], |lo, s| {
            matches!(s, Stmt::Unreachable).then_some(())?;
            act(|lo, _| lo.emit(Inst::Ud2))
        }),
    ];
    rules.extend(float::rules());
    rules.sort_by_key(|r| std::cmp::Reverse(r.prio));
    rules
}

fn mul_by_const(lo: &mut Lower<'_>, d: Value, a: Value, n: i32) {
    let a = lo.put(a);
    let x = lo.temp();
    lo.lea(x, Amode::base_disp(a, -1));
    let p = lo.temp();
    lo.emit(Inst::ImulImm {
        dst: p,
        src: x,
        imm: n,
    });
    let dst = lo.def(d);
    lo.alu(dst, AluOp::Or, p, RegImm::Imm(1))
}

fn shift_kind(op: BinOp) -> ShiftKind {
    match op {
        BinOp::Lsl => ShiftKind::Shl,
        BinOp::Lsr => ShiftKind::Shr,
        _ => ShiftKind::Sar,
    }
}

/// The word a tagged shift shifts: `a - 1` for `lsl` (so the tag bit does not move in), `a`
/// otherwise.
fn shift_operand(lo: &mut Lower<'_>, op: BinOp, a: Value) -> super::inst::Reg {
    let a = lo.put(a);
    if op == BinOp::Lsl {
        let x = lo.temp();
        lo.lea(x, Amode::base_disp(a, -1));
        x
    } else {
        a
    }
}

/// The rules, and for each root the indices of its rules by decreasing priority.
pub type RuleIndex = (Vec<Rule>, HashMap<Root, Vec<usize>>);

/// The rules indexed by root, each list by decreasing priority.
pub fn rule_index() -> &'static RuleIndex {
    static INDEX: OnceLock<RuleIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let rules = all_rules();
        let mut index: HashMap<Root, Vec<usize>> = HashMap::new();
        for (i, r) in rules.iter().enumerate() {
            for root in &r.roots {
                index.entry(*root).or_default().push(i);
            }
        }
        (rules, index)
    })
}

/// The rule that lowers `s`: the first match by decreasing priority.
pub fn select<'r>(lo: &Lower<'_>, s: &Stmt) -> Option<(&'r Rule, Action)>
where
    'static: 'r,
{
    let (rules, index) = rule_index();
    let candidates = index.get(&Root::of(s))?;
    candidates
        .iter()
        .find_map(|&i| (rules[i].pattern)(lo, s).map(|a| (&rules[i], a)))
}

/// Lowers statement `v` by its rule.
pub fn lower_stmt(lo: &mut Lower<'_>, v: Value, s: &Stmt) {
    match select(lo, s) {
        Some((_, action)) => action(lo, v),
        None => lo.fail(format!("no lowering rule for {v} = {s:?}")),
    }
}
