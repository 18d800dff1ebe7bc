//! OCaml's integer semantics on the integers the SSA's `Val` ints denote: 63-bit two's
//! complement, wrapping. One definition shared by the interpreter and the optimizer's constant
//! folding.
//!
//! An int is held in an `i64` whose top two bits agree (the value sign-extended from 63 bits);
//! every result is computed in `i64` and then sign-extended from bit 62 ([`wrap`]). Division
//! truncates toward zero and the remainder has the dividend's sign; both are `None` for a zero
//! divisor (never folded: the lowering guards divisions, so a fold would hide the guard's
//! purpose). Shift amounts are masked to 6 bits, as egret's backends do (OCaml leaves shifts by
//! more than 62 unspecified).

use super::ir::{BinOp, UnOp};

/// The largest OCaml int, `2^62 - 1`.
pub const MAX_INT: i64 = (1 << 62) - 1;
/// The smallest OCaml int, `-2^62`.
pub const MIN_INT: i64 = -(1 << 62);

/// Sign-extends `x` from 63 bits: the OCaml int with the same low 63 bits.
pub fn wrap(x: i64) -> i64 {
    (x << 1) >> 1
}

/// `a op b` on OCaml ints; `None` for a division or remainder by zero.
pub fn eval_binop(op: BinOp, a: i64, b: i64) -> Option<i64> {
    let bool_ = |c: bool| c as i64;
    let shift = (b & 63) as u32;
    Some(match op {
        BinOp::Add => wrap(a.wrapping_add(b)),
        BinOp::Sub => wrap(a.wrapping_sub(b)),
        BinOp::Mul => wrap(a.wrapping_mul(b)),
        BinOp::Div => {
            if b == 0 {
                return None;
            }
            wrap(a.wrapping_div(b))
        }
        BinOp::Mod => {
            if b == 0 {
                return None;
            }
            wrap(a.wrapping_rem(b))
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Lsl => wrap(a.wrapping_shl(shift)),
        BinOp::Lsr => {
            let u = (a as u64) & ((1 << 63) - 1);
            wrap(u.wrapping_shr(shift) as i64)
        }
        BinOp::Asr => a >> shift.min(63),
        BinOp::Eq | BinOp::PhysEq => bool_(a == b),
        BinOp::Ne | BinOp::PhysNe => bool_(a != b),
        BinOp::Lt => bool_(a < b),
        BinOp::Le => bool_(a <= b),
        BinOp::Gt => bool_(a > b),
        BinOp::Ge => bool_(a >= b),
        // The tagged words `2a+1` and `2b+1`, unsigned.
        BinOp::Ult => bool_((((a << 1) | 1) as u64) < (((b << 1) | 1) as u64)),
    })
}

/// `op a` on an OCaml int; `None` for the block operations (not defined on ints).
pub fn eval_unop(op: UnOp, a: i64) -> Option<i64> {
    match op {
        UnOp::Neg => Some(wrap(a.wrapping_neg())),
        // OCaml compiles `not b` as `1 - b` on the int (`4 - x` on the tagged word).
        UnOp::Not => Some(wrap(1i64.wrapping_sub(a))),
        UnOp::IsInt => Some(1),
        UnOp::BlockTag | UnOp::BlockSize => None,
    }
}

/// Whether `op` is commutative (`a op b = b op a` for all ints).
pub fn is_commutative(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add
            | BinOp::Mul
            | BinOp::And
            | BinOp::Or
            | BinOp::Xor
            | BinOp::Eq
            | BinOp::Ne
            | BinOp::PhysEq
            | BinOp::PhysNe
    )
}

/// The comparison `op'` with `a op b == b op' a`, if `op` is an ordering comparison.
pub fn swapped_comparison(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ocaml_int_semantics() {
        // Values checked against `ocaml` (64-bit): max_int + 1 = min_int, etc.
        assert_eq!(eval_binop(BinOp::Add, MAX_INT, 1), Some(MIN_INT));
        assert_eq!(eval_binop(BinOp::Sub, MIN_INT, 1), Some(MAX_INT));
        assert_eq!(eval_binop(BinOp::Mul, MAX_INT, 2), Some(-2));
        assert_eq!(eval_binop(BinOp::Div, -7, 2), Some(-3));
        assert_eq!(eval_binop(BinOp::Mod, -7, 2), Some(-1));
        assert_eq!(eval_binop(BinOp::Mod, 7, -2), Some(1));
        assert_eq!(eval_binop(BinOp::Div, MIN_INT, -1), Some(MIN_INT));
        assert_eq!(eval_binop(BinOp::Mod, MIN_INT, -1), Some(0));
        assert_eq!(eval_binop(BinOp::Div, 1, 0), None);
        assert_eq!(eval_binop(BinOp::Lsr, -1, 1), Some(MAX_INT));
        assert_eq!(eval_binop(BinOp::Lsr, -1, 62), Some(1));
        assert_eq!(eval_binop(BinOp::Asr, -5, 1), Some(-3));
        assert_eq!(eval_binop(BinOp::Lsl, 1, 62), Some(MIN_INT));
        assert_eq!(eval_binop(BinOp::Lsl, 3, 63), Some(0));
        assert_eq!(eval_unop(UnOp::Neg, MIN_INT), Some(MIN_INT));
        assert_eq!(eval_unop(UnOp::Not, 0), Some(1));
        assert_eq!(eval_unop(UnOp::Not, 1), Some(0));
    }
}
