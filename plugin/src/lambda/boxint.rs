//! OCaml's boxed integers (`int32`, `int64`, `nativeint`): the semantics of their primitives,
//! shared by both interpreters (the lambda interpreter and the SSA one) so they agree with each
//! other and with the C runtime (`runtime/egret_boxint.c`), which follows OCaml's
//! `runtime/ints.c` and ocamlopt's inline code.
//!
//! A value is its payload as an `i64` (an `int32` sign-extended). At run time it is a custom
//! block (tag 255) of two words: the address of the type's custom operations
//! ([`BoxedIntKind::ops_symbol`]) and the payload (an `int32` in the low 4 bytes).
//!
//! Every primitive is a runtime function named as OCaml's C primitive (`caml_int64_add`), listed
//! in [`super::runtime::RUNTIME`]; [`eval`] evaluates one by name.

use super::ir::BoxedIntKind;

/// A value the interpreters pass to or get from a boxed-integer primitive.
#[derive(Clone, Debug, PartialEq)]
pub enum BoxArg {
    Int(i64),
    Boxed(BoxedIntKind, i64),
    Float(f64),
    Str(Vec<u8>),
}

/// What a primitive gives back, or raises.
#[derive(Clone, Debug, PartialEq)]
pub enum BoxResult {
    Value(BoxArg),
    DivisionByZero,
    /// `Failure msg`.
    Failure(String),
}

/// The kind and operation a primitive's name names: `caml_int32_add` is (int32, `add`),
/// `egret_format_int64` (Printf's `%Ld`) is (int64, `egret_format`).
pub fn split_name(name: &str) -> Option<(BoxedIntKind, &str)> {
    if let Some(r) = name.strip_prefix("egret_format_") {
        let kind = BoxedIntKind::ALL.into_iter().find(|k| k.name() == r)?;
        return Some((kind, "egret_format"));
    }
    let rest = name.strip_prefix("caml_")?;
    BoxedIntKind::ALL.into_iter().find_map(|k| {
        let op = rest.strip_prefix(k.name())?.strip_prefix('_')?;
        Some((k, op))
    })
}

/// `%bswap16` (`caml_bswap16`): the two low bytes of an int swapped, the rest dropped.
pub fn bswap16(n: i64) -> i64 {
    ((n & 0xff) << 8) | ((n & 0xff00) >> 8)
}

/// The string and bytes accesses of 16, 32 and 64 bits (`caml_string_get32`,
/// `caml_bytes_set64` ..., OCaml's `str.c`): whether it writes, and the width in bytes.
pub fn bytes_access(name: &str) -> Option<(bool, usize)> {
    let rest = name
        .strip_prefix("caml_string_get")
        .map(|w| (false, w))
        .or_else(|| name.strip_prefix("caml_bytes_get").map(|w| (false, w)))
        .or_else(|| name.strip_prefix("caml_bytes_set").map(|w| (true, w)))?;
    let width = match rest.1 {
        "16" => 2,
        "32" => 4,
        "64" => 8,
        _ => return None,
    };
    Some((rest.0, width))
}

/// The little-endian integer of `width` bytes at `idx` (an int32 sign-extended; 16 bits
/// unsigned), or `None` out of bounds (OCaml raises `Invalid_argument "index out of bounds"`).
pub fn bytes_get(b: &[u8], idx: i64, width: usize) -> Option<i64> {
    let i = usize::try_from(idx).ok()?;
    let bytes = b.get(i..i.checked_add(width)?)?;
    let mut word = [0u8; 8];
    word[..width].copy_from_slice(bytes);
    let n = i64::from_le_bytes(word);
    Some(match width {
        4 => n as i32 as i64,
        _ => n,
    })
}

/// Writes the low `width` bytes of `v` at `idx`, little-endian; `false` out of bounds.
pub fn bytes_set(b: &mut [u8], idx: i64, width: usize, v: i64) -> bool {
    let Some(i) = usize::try_from(idx).ok() else {
        return false;
    };
    let Some(slot) = i.checked_add(width).and_then(|end| b.get_mut(i..end)) else {
        return false;
    };
    slot.copy_from_slice(&v.to_le_bytes()[..width]);
    true
}

/// The unsigned value of the payload at the type's width.
fn unsigned(kind: BoxedIntKind, n: i64) -> u64 {
    match kind {
        BoxedIntKind::Int32 => n as u32 as u64,
        _ => n as u64,
    }
}

/// A shift as ocamlopt's inline code computes it: on the 64-bit register, the count masked to
/// 6 bits (x86-64), then the result wrapped to the width (OCaml leaves counts outside
/// `0..bits-1` unspecified).
fn shift(kind: BoxedIntKind, op: &str, n: i64, count: i64) -> i64 {
    let c = (count as u32) & 63;
    kind.wrap(match op {
        "shift_left" => n.wrapping_shl(c),
        "shift_right" => n >> c,
        _ => (unsigned(kind, n) >> c) as i64,
    })
}

/// OCaml's `parse_intnat` / `caml_int64_of_string` (`runtime/ints.c`) at `kind`'s width.
pub fn of_string(kind: BoxedIntKind, s: &[u8]) -> Option<i64> {
    parse_intnat(s, kind.bits()).map(|r| kind.wrap(r))
}

/// OCaml's `parse_intnat` at a width of `bits` (63 for `int_of_string`): an optional sign, a
/// base prefix (`0x 0o 0b 0u`: unsigned), digits with `_` after the first; decimal must fit
/// signed, prefixed forms unsigned at the width (negated if `-`). The result's low `bits`
/// bits are the value.
pub fn parse_intnat(s: &[u8], bits: u32) -> Option<i64> {
    let (neg, mut p) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (mut base, mut signed) = (10u64, true);
    if p.len() >= 2 && p[0] == b'0' {
        let prefix = match p[1] {
            b'x' | b'X' => Some(16),
            b'o' | b'O' => Some(8),
            b'b' | b'B' => Some(2),
            b'u' | b'U' => Some(10),
            _ => None,
        };
        if let Some(b) = prefix {
            base = b;
            signed = false;
            p = &p[2..];
        }
    }
    let digit = |c: u8| {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => return None,
        };
        Some(u64::from(d)).filter(|d| *d < base)
    };
    let mut res = digit(*p.first()?)?;
    for &c in &p[1..] {
        if c == b'_' {
            continue;
        }
        res = res.checked_mul(base)?.checked_add(digit(c)?)?;
    }
    if signed {
        let half = 1u64 << (bits - 1);
        if (!neg && res >= half) || (neg && res > half) {
            return None;
        }
    } else if bits < 64 && res >= 1u64 << bits {
        return None;
    }
    Some(if neg { res.wrapping_neg() } else { res } as i64)
}

/// A literal's value (`Misc.Int_literal_converter`): the text with its sign is read by
/// [`of_string`]; a positive one as the negation of `-text`, so `2147483648l` is `min_int`
/// as in OCaml. `None`: the literal exceeds the type's range.
pub fn literal(kind: BoxedIntKind, text: &str) -> Option<i64> {
    if text.starts_with('-') {
        of_string(kind, text.as_bytes())
    } else {
        let negated = of_string(kind, format!("-{text}").as_bytes())?;
        Some(kind.wrap(negated.wrapping_neg()))
    }
}

/// The custom hash (`int32_hash`, `int64_hash`, `nativeint_hash` of `runtime/ints.c`), as the
/// 32 bits `caml_hash` mixes.
pub fn hash(kind: BoxedIntKind, n: i64) -> u32 {
    match kind {
        BoxedIntKind::Int32 => n as u32,
        BoxedIntKind::Int64 => ((n as u64 >> 32) as u32) ^ (n as u32),
        BoxedIntKind::Nativeint => ((n >> 32) ^ (n >> 63) ^ n) as u32,
    }
}

/// `Int32.to_float`'s conversions as x86-64 computes them: `cvttsd2si` towards zero, the
/// "integer indefinite" value (`min_int`'s bits) out of range.
fn of_float(kind: BoxedIntKind, f: f64) -> i64 {
    match kind {
        BoxedIntKind::Int32 => {
            let n = if (-2_147_483_649.0..2_147_483_648.0).contains(&f) && !f.is_nan() {
                f as i64
            } else {
                i64::from(i32::MIN)
            };
            n as i32 as i64
        }
        _ => {
            if (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&f) {
                f as i64
            } else {
                i64::MIN
            }
        }
    }
}

/// The Printf conversion `spec` (`%-8lx`, `%Ld`, `%#nd`, or a plain `%d` for `to_string`) of
/// `n`: OCaml's `caml_int32_format` and friends with CamlinternalFormat's `#` grouping.
pub fn format(kind: BoxedIntKind, spec: &[u8], n: i64) -> Vec<u8> {
    // Drop the size letter before the conversion: the formatter takes `%-8x`.
    let mut plain = spec.to_vec();
    let len = plain.len();
    if len >= 2 && matches!(plain[len - 2], b'l' | b'L' | b'n') {
        plain.remove(len - 2);
    }
    super::interp::format_integer(&plain, n, unsigned(kind, n))
}

/// Evaluates the boxed-integer primitive `op` of `kind` (the name without `caml_int32_`).
/// `None`: not such a primitive, or arguments of the wrong shape.
pub fn eval(kind: BoxedIntKind, op: &str, args: &[BoxArg]) -> Option<BoxResult> {
    use BoxArg::*;
    let boxed = |n: i64| Some(BoxResult::Value(Boxed(kind, kind.wrap(n))));
    let this = |a: &BoxArg| match a {
        Boxed(k, n) if *k == kind => Some(*n),
        _ => None,
    };
    match (op, args) {
        ("neg", [a]) => boxed(this(a)?.wrapping_neg()),
        ("bswap", [a]) => boxed(match kind {
            BoxedIntKind::Int32 => (this(a)? as i32).swap_bytes() as i64,
            _ => this(a)?.swap_bytes(),
        }),
        ("of_int", [Int(n)]) => boxed(*n),
        ("to_int", [a]) => Some(BoxResult::Value(Int(super::arith::wrap(this(a)?)))),
        ("of_float", [Float(f)]) => boxed(of_float(kind, *f)),
        ("to_float", [a]) => Some(BoxResult::Value(Float(this(a)? as f64))),
        ("bits_of_float", [Float(f)]) => boxed(match kind {
            BoxedIntKind::Int32 => (*f as f32).to_bits() as i32 as i64,
            _ => f.to_bits() as i64,
        }),
        ("float_of_bits", [a]) => Some(BoxResult::Value(Float(match kind {
            BoxedIntKind::Int32 => f32::from_bits(this(a)? as u32) as f64,
            _ => f64::from_bits(this(a)? as u64),
        }))),
        ("compare", [a, b]) => Some(BoxResult::Value(Int(this(a)?.cmp(&this(b)?) as i64))),
        ("format" | "egret_format", [Str(spec), a]) => {
            Some(BoxResult::Value(Str(format(kind, spec, this(a)?))))
        }
        ("of_string", [Str(s)]) => match of_string(kind, s) {
            Some(n) => boxed(n),
            None => Some(BoxResult::Failure(format!(
                "{}.of_string",
                match kind {
                    BoxedIntKind::Int32 => "Int32",
                    BoxedIntKind::Int64 => "Int64",
                    BoxedIntKind::Nativeint => "Nativeint",
                }
            ))),
        },
        // Conversions between the kinds: `caml_int64_of_int32` takes an int32,
        // `caml_int64_to_int32` gives one.
        (_, [Boxed(from, n)]) if op.starts_with("of_") && from.name() == &op[3..] => boxed(*n),
        (_, [a]) if op.starts_with("to_") => {
            let to = BoxedIntKind::ALL
                .into_iter()
                .find(|k| k.name() == &op[3..])?;
            Some(BoxResult::Value(Boxed(to, to.wrap(this(a)?))))
        }
        (_, [a, Int(c)]) if matches!(op, "shift_left" | "shift_right" | "shift_right_unsigned") => {
            boxed(shift(kind, op, this(a)?, *c))
        }
        (_, [a, b]) => {
            let (x, y) = (this(a)?, this(b)?);
            let min = match kind {
                BoxedIntKind::Int32 => i64::from(i32::MIN),
                _ => i64::MIN,
            };
            match op {
                "add" => boxed(x.wrapping_add(y)),
                "sub" => boxed(x.wrapping_sub(y)),
                "mul" => boxed(x.wrapping_mul(y)),
                "div" | "mod" if y == 0 => Some(BoxResult::DivisionByZero),
                "div" if x == min && y == -1 => boxed(x),
                "mod" if x == min && y == -1 => boxed(0),
                "div" => boxed(x / y),
                "mod" => boxed(x % y),
                "and" => boxed(x & y),
                "or" => boxed(x | y),
                "xor" => boxed(x ^ y),
                _ => None,
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BoxedIntKind::*;

    #[test]
    fn literals_as_ocaml_reads_them() {
        assert_eq!(literal(Int32, "2147483647"), Some(2147483647));
        assert_eq!(literal(Int32, "2147483648"), Some(-2147483648));
        assert_eq!(literal(Int32, "-2147483648"), Some(-2147483648));
        assert_eq!(literal(Int32, "4294967296"), None);
        assert_eq!(literal(Int32, "0xffffffff"), Some(-1));
        assert_eq!(literal(Int32, "-0xffffffff"), Some(1));
        assert_eq!(literal(Int32, "0x1ffffffff"), None);
        assert_eq!(literal(Int64, "0x8000000000000000"), Some(i64::MIN));
        assert_eq!(literal(Int64, "9223372036854775808"), Some(i64::MIN));
        assert_eq!(literal(Nativeint, "1_000"), Some(1000));
    }

    #[test]
    fn of_string_errors() {
        assert_eq!(of_string(Int32, b"0u4294967295"), Some(-1));
        assert_eq!(of_string(Int32, b"2147483648"), None);
        assert_eq!(of_string(Int64, b""), None);
        assert_eq!(of_string(Int64, b"_1"), None);
        assert_eq!(of_string(Int64, b"1_"), Some(1));
        assert_eq!(of_string(Int64, b"0x"), None);
    }

    #[test]
    fn division() {
        let r = |op, a, b| {
            eval(
                Int32,
                op,
                &[BoxArg::Boxed(Int32, a), BoxArg::Boxed(Int32, b)],
            )
        };
        assert_eq!(r("div", 1, 0), Some(BoxResult::DivisionByZero));
        assert_eq!(
            r("div", i32::MIN as i64, -1),
            Some(BoxResult::Value(BoxArg::Boxed(Int32, i32::MIN as i64)))
        );
        assert_eq!(
            r("mod", -7, 2),
            Some(BoxResult::Value(BoxArg::Boxed(Int32, -1)))
        );
        assert_eq!(
            r("add", i32::MAX as i64, 1),
            Some(BoxResult::Value(BoxArg::Boxed(Int32, i32::MIN as i64)))
        );
    }
}
