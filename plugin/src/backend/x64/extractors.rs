//! Extractors and shared constructors for the isel rules.
//!
//! Extractors are the pure queries patterns use to look at operands (ISLE's extractors):
//! [`Lower::word`] (is a constant, and which machine word), [`Lower::imm32`],
//! [`Lower::add_disp`], [`Lower::sinkable_cmp`] (a compare fusible into its branches).
//! The constructors here are the multi-instruction sequences several rules share (untag/retag,
//! tagged shifts, division, stores of values or immediates).

use super::inst::{
    AluOp, Amode, Compare, Cond, Inst, LoadKind, Reg, RegImm, ShiftAmount, ShiftKind,
};
use super::lower::{tag, Lower};
use super::rules::cmp_cond;
use crate::ssa::ir::{BinOp, FBinOp, Fact, Stmt, Type, UnOp, Value};

impl Lower<'_> {
    /// The machine word of `v` if it is a constant (`Const`, `RawConst`, or a `Pi` proving it).
    pub fn word(&self, mut v: Value) -> Option<i64> {
        loop {
            match self.f.stmts[v.index()] {
                Stmt::Const(n) => return Some(tag(n)),
                Stmt::RawConst(n) => return Some(n),
                Stmt::Pi {
                    fact: Fact::IsConst(n),
                    ..
                } => return Some(tag(n)),
                Stmt::Pi { value, .. } => v = value,
                _ => return None,
            }
        }
    }

    pub fn is_const(&self, v: Value) -> bool {
        self.word(v).is_some()
    }

    /// The machine word of `v` as a sign-extended 32-bit immediate.
    pub fn imm32(&self, v: Value) -> Option<i32> {
        self.word(v).and_then(|w| i32::try_from(w).ok())
    }

    /// For a tagged add of the constant `v`: the displacement `2n` (= word - 1).
    pub fn add_disp(&self, v: Value) -> Option<i32> {
        self.word(v)
            .and_then(|w| i32::try_from(w.wrapping_sub(1)).ok())
    }

    /// For a tagged subtract of the constant `v`: the displacement `-2n`.
    pub fn sub_disp(&self, v: Value) -> Option<i32> {
        self.word(v)
            .and_then(|w| i32::try_from(1i64.wrapping_sub(w)).ok())
    }

    /// The OCaml int `v` denotes, if constant.
    pub fn int_const(&self, v: Value) -> Option<i64> {
        self.word(v).map(|w| w >> 1)
    }

    /// The bits of `v` if it is a float constant (a `FConst`, through `Pi`s).
    pub fn float_const(&self, v: Value) -> Option<u64> {
        match *self.def_of(v) {
            Stmt::FConst(bits) => Some(bits),
            _ => None,
        }
    }

    /// A comparison defining `v` that has no other use, so it can be fused into its user; or
    /// whose uses are all branches, each of which then compares again (a `cmp` per branch
    /// rather than a boolean made once and tested at each: the optimizer shares one
    /// comparison between the branches of repeated tests).
    pub fn sinkable_cmp(&self, v: Value) -> Option<(BinOp, Value, Value)> {
        match self.f.stmts[v.index()] {
            Stmt::Binary(op, a, b)
                if cmp_cond(op).is_some()
                    && (self.use_count(v) == 1 || self.only_branched_on(v)) =>
            {
                Some((op, a, b))
            }
            _ => None,
        }
    }

    /// A float load (`Load`/`LoadIdx` of an `F64`) defining `v` whose one use is later in the
    /// same block with no store or call in between, so it can be read there instead: its
    /// address, then, as a memory operand of that use.
    pub fn sinkable_float_load(&self, v: Value) -> Option<Stmt> {
        let s = &self.f.stmts[v.index()];
        let float_load = matches!(
            s,
            Stmt::Load { ty: Type::F64, .. } | Stmt::LoadIdx { ty: Type::F64, .. }
        );
        if !float_load || self.use_count(v) != 1 {
            return None;
        }
        let end = self.f.block(self.cur_block()).end as usize;
        for t in &self.f.stmts[v.index() + 1..end] {
            let mut uses = false;
            t.for_each_use(|u| uses |= u == v);
            if uses {
                return (!t.is_terminator() && !matches!(t, Stmt::Phi { .. })).then(|| s.clone());
            }
            if t.has_effect() {
                return None;
            }
        }
        None
    }

    /// The address a sinkable float load ([`Lower::sinkable_float_load`]) reads.
    pub fn float_load_addr(&mut self, load: &Stmt) -> Amode {
        match *load {
            Stmt::Load { base, index, .. } => self.field(base, index, 0),
            Stmt::LoadIdx { base, index, .. } => self.element(base, index),
            _ => unreachable!("a float load"),
        }
    }

    /// An ordered float comparison (`<`, `<=`, `>`, `>=`) defining `v` with no other use, as
    /// `ucomisd x, y` and the condition a branch takes: `a`/`ae` (false when unordered, as
    /// OCaml's comparisons with a nan), `<`/`<=` with the operands swapped.
    pub fn sinkable_float_cmp(&self, v: Value) -> Option<(Value, Value, Cond)> {
        match self.f.stmts[v.index()] {
            Stmt::FBinary(op, a, b) if self.use_count(v) == 1 => match op {
                FBinOp::Gt => Some((a, b, Cond::Nbe)),
                FBinOp::Ge => Some((a, b, Cond::Nb)),
                FBinOp::Lt => Some((b, a, Cond::Nbe)),
                FBinOp::Le => Some((b, a, Cond::Nb)),
                _ => None,
            },
            _ => None,
        }
    }

    /// A `BlockTag` of `p` defining `v` with no other use: gives `p`.
    pub fn sinkable_block_tag(&self, v: Value) -> Option<Value> {
        match self.f.stmts[v.index()] {
            Stmt::Unary(UnOp::BlockTag, p) if self.use_count(v) == 1 => Some(p),
            _ => None,
        }
    }

    /// For a bound check (`Ult`) against `v`: the block whose size `v` is, when `v` has no
    /// other use.
    pub fn sinkable_block_size(&self, op: BinOp, v: Value) -> Option<Value> {
        match self.f.stmts[v.index()] {
            Stmt::Unary(UnOp::BlockSize, p) if op == BinOp::Ult && self.use_count(v) == 1 => {
                Some(p)
            }
            _ => None,
        }
    }

    /// An `IsInt` defining `v` with no other use.
    pub fn sinkable_is_int(&self, v: Value) -> Option<Value> {
        match self.f.stmts[v.index()] {
            Stmt::Unary(UnOp::IsInt, x) if self.use_count(v) == 1 => Some(x),
            _ => None,
        }
    }

    /// The flags-setting part of a comparison `a op b` and its condition: immediates folded,
    /// a constant on the left swapped to the right.
    pub fn compare(&mut self, op: BinOp, a: Value, b: Value) -> (Compare, Cond) {
        let cc = cmp_cond(op).expect("a comparison");
        if let Some(i) = self.imm32(b) {
            let lhs = self.put(a);
            (
                Compare {
                    test: false,
                    lhs,
                    rhs: RegImm::Imm(i),
                },
                cc,
            )
        } else if let Some(i) = self.imm32(a) {
            let lhs = self.put(b);
            (
                Compare {
                    test: false,
                    lhs,
                    rhs: RegImm::Imm(i),
                },
                cc.swap_operands(),
            )
        } else if let Some(p) = self.sinkable_block_size(op, b) {
            // A bound check `i <u size`: with the header shifted by 9 (`2 size + c`, `c` the
            // colour's high bit), `2i + 1 <u 2 size + c` holds exactly when `i <u size`: no
            // tagging needed (ocamlopt's check).
            let lhs = self.put(a);
            let addr = self.field(p, 0, -8);
            let header = self.temp();
            self.load(header, LoadKind::Word, addr);
            let shifted = self.temp();
            self.emit(Inst::Shift {
                kind: ShiftKind::Shr,
                dst: shifted,
                src: header,
                amount: ShiftAmount::Imm(9),
            });
            let rhs = RegImm::Reg(shifted);
            (
                Compare {
                    test: false,
                    lhs,
                    rhs,
                },
                cc,
            )
        } else {
            let lhs = self.put(a);
            let rhs = RegImm::Reg(self.put(b));
            (
                Compare {
                    test: false,
                    lhs,
                    rhs,
                },
                cc,
            )
        }
    }

    /// `dst = src <kind> amount` into a fresh register.
    pub fn shift_tmp(&mut self, kind: ShiftKind, src: Reg, amount: ShiftAmount) -> Reg {
        let dst = self.temp();
        self.emit(Inst::Shift {
            kind,
            dst,
            src,
            amount,
        });
        dst
    }

    /// The untagged int of `v` in a register (`sar 1`).
    pub fn untag(&mut self, v: Value) -> Reg {
        let r = self.put(v);
        self.shift_tmp(ShiftKind::Sar, r, ShiftAmount::Imm(1))
    }

    /// `dst = 2 * r + 1`: retags an untagged int or a 0/1 flag.
    pub fn retag(&mut self, dst: Reg, r: Reg) {
        self.lea(dst, Amode::base_index(r, r, 0, 1))
    }

    /// `x op= (count)`, then `| 1`: the tagged shifts. `x` is already prepared (`a - 1` for lsl).
    pub fn tagged_shift(&mut self, d: Value, kind: ShiftKind, x: Reg, amount: ShiftAmount) {
        let t = self.shift_tmp(kind, x, amount);
        let dst = self.def(d);
        self.alu(dst, AluOp::Or, t, RegImm::Imm(1));
    }

    pub fn divide(&mut self, d: Value, a: Value, b: Value, want_rem: bool) {
        let x = self.untag(a);
        let y = self.untag(b);
        let hi = self.temp();
        self.emit(Inst::Cqo { src: x, dst: hi });
        let (quot, rem) = (self.temp(), self.temp());
        self.emit(Inst::Idiv {
            lo: x,
            hi,
            divisor: y,
            quot,
            rem,
        });
        let dst = self.def(d);
        self.retag(dst, if want_rem { rem } else { quot });
    }

    pub fn store_value(&mut self, value: Value, addr: Amode) {
        if self.is_float(value) {
            let src = self.put(value);
            return self.emit(Inst::FStore { src, addr });
        }
        let src = match self.imm32(value) {
            Some(i) => RegImm::Imm(i),
            None => RegImm::Reg(self.put(value)),
        };
        self.emit(Inst::Store { src, addr })
    }

    /// The address of the array element of `base` numbered by the OCaml int `index`.
    pub fn element(&mut self, base: Value, index: Value) -> Amode {
        let b = self.put(base);
        let i = self.put(index);
        Amode::base_index(b, i, 2, -4)
    }

    /// The address of field `index` of `base` (plus `disp_extra`): `[rbp - d + 8 * index]` for
    /// a stack slot, `[base + 8 * index]` otherwise.
    pub fn field(&mut self, base: Value, index: u32, disp_extra: i32) -> Amode {
        if let Some(d) = self.stack_slot(base) {
            let disp = d as i64 + 8 * index as i64 + disp_extra as i64;
            return match i32::try_from(disp) {
                Ok(disp) => Amode::frame(disp),
                Err(_) => {
                    self.fail(format!("stack slot field {index} out of range"));
                    Amode::frame(0)
                }
            };
        }
        let b = self.put(base);
        match i32::try_from(8 * index as i64 + disp_extra as i64) {
            Ok(disp) => Amode::base_disp(b, disp),
            Err(_) => {
                self.fail(format!("field index {index} out of range"));
                Amode::base_disp(b, 0)
            }
        }
    }
}
