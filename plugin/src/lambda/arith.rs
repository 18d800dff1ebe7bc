//! OCaml's integer arithmetic on 63-bit ints, as `ocamlopt` computes it on tagged words.
//! Shared by the interpreter and the simplifier's constant folding, so that folding can never
//! disagree with running.

use super::ir::Prim;

pub const MAX_INT: i64 = (1 << 62) - 1;
pub const MIN_INT: i64 = -(1 << 62);

/// Wraps an i64 to the 63-bit range (sign-extends bit 62).
pub fn wrap(x: i64) -> i64 {
    (x << 1) >> 1
}

/// The result of an int primitive on constant operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntResult {
    Int(i64),
    Bool(bool),
    /// `Division_by_zero` is raised.
    DivisionByZero,
}

/// Evaluates an integer primitive (`Add` .. `IntGe`, `Not` on 0/1) on 63-bit operands, or
/// `None` if `p` is not one of them or the arity is wrong.
pub fn eval_int_prim(p: Prim, args: &[i64]) -> Option<IntResult> {
    use IntResult::*;
    let r = match (p, args) {
        (Prim::Add, [a, b]) => Int(wrap(a.wrapping_add(*b))),
        (Prim::Sub, [a, b]) => Int(wrap(a.wrapping_sub(*b))),
        (Prim::Mul, [a, b]) => Int(wrap(a.wrapping_mul(*b))),
        (Prim::Div, [_, 0]) | (Prim::Mod, [_, 0]) => DivisionByZero,
        (Prim::Div, [a, b]) => Int(wrap(a.wrapping_div(*b))),
        (Prim::Mod, [a, b]) => Int(wrap(a.wrapping_rem(*b))),
        (Prim::Neg, [a]) => Int(wrap(a.wrapping_neg())),
        (Prim::And, [a, b]) => Int(a & b),
        (Prim::Or, [a, b]) => Int(a | b),
        (Prim::Xor, [a, b]) => Int(a ^ b),
        (Prim::Lsl, [a, b]) => Int(wrap(a.wrapping_shl((*b as u32) & 63))),
        (Prim::Lsr, [a, b]) => {
            let u = (*a as u64) & ((1u64 << 63) - 1);
            Int(wrap((u >> ((*b as u32) & 63)) as i64))
        }
        (Prim::Asr, [a, b]) => Int(a >> ((*b as u32) & 63)),
        (Prim::IntEq | Prim::Eq, [a, b]) => Bool(a == b),
        (Prim::IntNe | Prim::Ne, [a, b]) => Bool(a != b),
        (Prim::IntLt | Prim::Lt, [a, b]) => Bool(a < b),
        (Prim::IntLe | Prim::Le, [a, b]) => Bool(a <= b),
        (Prim::IntGt | Prim::Gt, [a, b]) => Bool(a > b),
        (Prim::IntGe | Prim::Ge, [a, b]) => Bool(a >= b),
        (Prim::Compare | Prim::IntCompare, [a, b]) => Int(a.cmp(b) as i64),
        (Prim::PhysEq, [a, b]) => Bool(a == b),
        (Prim::PhysNe, [a, b]) => Bool(a != b),
        (Prim::Not, [a]) => Bool(*a == 0),
        _ => return None,
    };
    Some(r)
}

/// `caml_float_compare`: `-1`, `0` or `1`, with nan equal to itself and below every float.
pub fn float_compare(f: f64, g: f64) -> i64 {
    (f > g) as i64 - (f < g) as i64 + (!f.is_nan()) as i64 - (!g.is_nan()) as i64
}

/// `int_of_float` as x86-64's `cvttsd2si` computes it (OCaml leaves out-of-range values
/// unspecified; this is what ocamlopt's code gives there), then wrapped to 63 bits.
pub fn int_of_float(f: f64) -> i64 {
    let n = if !(-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&f) {
        i64::MIN
    } else {
        f as i64
    };
    wrap(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ocaml_int_semantics() {
        let int = |p, a: &[i64]| match eval_int_prim(p, a) {
            Some(IntResult::Int(n)) => n,
            r => panic!("{r:?}"),
        };
        assert_eq!(int(Prim::Add, &[MAX_INT, 1]), MIN_INT);
        assert_eq!(int(Prim::Sub, &[MIN_INT, 1]), MAX_INT);
        assert_eq!(int(Prim::Mul, &[MAX_INT, 2]), -2);
        assert_eq!(int(Prim::Div, &[-7, 2]), -3);
        assert_eq!(int(Prim::Mod, &[-7, 2]), -1);
        assert_eq!(int(Prim::Div, &[MIN_INT, -1]), MIN_INT);
        assert_eq!(int(Prim::Neg, &[MIN_INT]), MIN_INT);
        assert_eq!(int(Prim::Lsl, &[1, 62]), MIN_INT);
        assert_eq!(int(Prim::Lsr, &[-1, 1]), MAX_INT);
        assert_eq!(int(Prim::Asr, &[-8, 1]), -4);
        assert_eq!(
            eval_int_prim(Prim::Div, &[1, 0]),
            Some(IntResult::DivisionByZero)
        );
        assert_eq!(
            eval_int_prim(Prim::Mod, &[1, 0]),
            Some(IntResult::DivisionByZero)
        );
    }
}
