//! Division by a constant without `idiv` (tens of cycles): `n / d` for a constant `d >= 2` is
//! the high half of `M * n`, shifted, plus one when `n` is negative (Hacker's Delight, 10-1,
//! after Granlund and Montgomery); `n mod d` is `n - d * (n / d)`. This is what ocamlopt and
//! Cranelift emit; `x / 9` in a loop (bz_sudoku's `row`, `col`, `group`) was 2x slower with
//! `idiv`. `n` is an untagged OCaml int (63 bits), well inside the 64-bit algorithm's range.

use super::inst::{AluOp, Inst, RegImm, ShiftAmount, ShiftKind};
use super::lower::Lower;
use crate::ssa::ir::Value;

/// The magic multiplier `M` and shift `s` for dividing by `d >= 2`: `n / d` (truncated) is
/// `(mulhs(M, n) + (M < 0 ? n : 0)) >> s`, plus 1 if `n < 0`.
pub fn magic(d: i64) -> (i64, u8) {
    assert!(d >= 2, "magic divisor {d}");
    let two63: u64 = 1 << 63;
    let ad = d as u64;
    let anc = two63 - 1 - two63 % ad;
    let mut p: u32 = 63;
    let (mut q1, mut q2) = (two63 / anc, two63 / ad);
    let (mut r1, mut r2) = (two63 - q1 * anc, two63 - q2 * ad);
    loop {
        p += 1;
        q1 = q1.wrapping_mul(2);
        r1 = r1.wrapping_mul(2);
        if r1 >= anc {
            q1 = q1.wrapping_add(1);
            r1 = r1.wrapping_sub(anc);
        }
        q2 = q2.wrapping_mul(2);
        r2 = r2.wrapping_mul(2);
        if r2 >= ad {
            q2 = q2.wrapping_add(1);
            r2 = r2.wrapping_sub(ad);
        }
        let delta = ad - r2;
        if !(q1 < delta || (q1 == delta && r1 == 0)) {
            break;
        }
    }
    (q2.wrapping_add(1) as i64, (p - 64) as u8)
}

impl Lower<'_> {
    /// `d = a / c` or `a mod c` (OCaml ints) for the constant `c >= 2`.
    pub fn divide_by_const(&mut self, d: Value, a: Value, c: i64, want_rem: bool) {
        let (m, s) = magic(c);
        let x = self.untag(a);
        let mr = self.mov_imm(m);
        let (lo, hi) = (self.temp(), self.temp());
        self.emit(Inst::MulHi { x, m: mr, lo, hi });
        let mut q = hi;
        if m < 0 {
            q = self.alu_tmp(AluOp::Add, q, RegImm::Reg(x));
        }
        if s > 0 {
            q = self.shift_tmp(ShiftKind::Sar, q, ShiftAmount::Imm(s));
        }
        let sign = self.shift_tmp(ShiftKind::Shr, x, ShiftAmount::Imm(63));
        q = self.alu_tmp(AluOp::Add, q, RegImm::Reg(sign));
        if want_rem {
            let p = match i32::try_from(c) {
                Ok(imm) => {
                    let p = self.temp();
                    self.emit(Inst::ImulImm {
                        dst: p,
                        src: q,
                        imm,
                    });
                    p
                }
                Err(_) => {
                    let cr = self.mov_imm(c);
                    self.alu_tmp(AluOp::Imul, q, RegImm::Reg(cr))
                }
            };
            q = self.alu_tmp(AluOp::Sub, x, RegImm::Reg(p));
        }
        let dst = self.def(d);
        self.retag(dst, q);
    }
}

#[cfg(test)]
mod tests {
    use super::magic;

    fn div(n: i64, d: i64) -> i64 {
        let (m, s) = magic(d);
        let mut q = ((m as i128 * n as i128) >> 64) as i64;
        if m < 0 {
            q = q.wrapping_add(n);
        }
        (q >> s) + ((n as u64) >> 63) as i64
    }

    #[test]
    fn magic_division_truncates_like_idiv() {
        let lim: i64 = 1 << 62;
        let mut ds: Vec<i64> = (2..300).collect();
        for k in 1..62 {
            ds.extend([(1i64 << k) - 1, 1i64 << k, (1i64 << k) + 1]);
        }
        ds.push(lim - 1);
        let mut ns: Vec<i64> = (-1000..1000).collect();
        for k in 0..62 {
            for e in [-1i64, 0, 1] {
                ns.extend([(1i64 << k) + e, -(1i64 << k) + e]);
            }
        }
        ns.extend([lim - 1, -lim, -lim + 1]);
        let mut x: u64 = 88172645463325252;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ns.push((x as i64) >> 2);
        }
        for &d in ds.iter().filter(|&&d| (2..lim).contains(&d)) {
            for &n in &ns {
                assert_eq!(div(n, d), n / d, "{n} / {d}");
            }
        }
    }
}
