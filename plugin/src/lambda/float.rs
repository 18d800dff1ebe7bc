//! OCaml's float conversions, as its runtime computes them: the one definition the
//! interpreters use (the C runtime, `runtime/egret_float.c`, implements the same functions with
//! the C library's `snprintf`/`strtod`, as OCaml's `runtime/floats.c` does).
//!
//! - [`format_float`]: `caml_format_float` — C's `printf` for one `%[flags][.prec](f|e|E|g|G)`
//!   conversion (C's rounding: exact decimal value, ties to even; `-nan` for a NaN whose sign
//!   bit is set, as glibc prints it).
//! - [`format_conversion`]: a whole Printf float conversion (`%-08.3f`, `%F`, `%h`) as
//!   `CamlinternalFormat.convert_float` and `fix_padding` produce it.
//! - [`string_of_float`]: `Stdlib.string_of_float` (`%.12g`, then a `.` if it reads as an int).
//! - [`float_of_string`]: `caml_float_of_string` (`_` removed, hexadecimal, `strtod`'s forms).
//! - [`hexstring_of_float`]: `caml_hexstring_of_float` (`%h`).

/// C's `printf` of `x` with conversion `conv` (`f e E g G`), precision `prec` and the flags
/// `+`, ` ` and `#` (no width: OCaml pads itself).
pub fn format_float(flags: &[u8], prec: usize, conv: u8, x: f64) -> String {
    let plus = flags.contains(&b'+');
    let space = flags.contains(&b' ');
    let alt = flags.contains(&b'#');
    let upper = conv.is_ascii_uppercase();
    let sign = if x.is_sign_negative() {
        "-"
    } else if plus {
        "+"
    } else if space {
        " "
    } else {
        ""
    };
    let a = x.abs();
    let body = if a.is_nan() {
        "nan".to_string()
    } else if a.is_infinite() {
        "inf".to_string()
    } else {
        match conv.to_ascii_lowercase() {
            b'f' => fixed(a, prec, alt),
            b'e' => exponent(a, prec, alt),
            _ => general(a, prec, alt),
        }
    };
    let s = format!("{sign}{body}");
    if upper {
        s.to_ascii_uppercase()
    } else {
        s
    }
}

fn fixed(a: f64, prec: usize, alt: bool) -> String {
    let mut s = format!("{a:.prec$}");
    if alt && prec == 0 {
        s.push('.');
    }
    s
}

/// `d.ddde+XX`: Rust writes `1.5e3`; C writes the exponent's sign and at least two digits.
fn exponent(a: f64, prec: usize, alt: bool) -> String {
    let s = format!("{a:.prec$e}");
    let (mant, exp) = s.split_once('e').expect("exponent form");
    let exp: i32 = exp.parse().expect("exponent");
    let dot = if alt && prec == 0 { "." } else { "" };
    let esign = if exp < 0 { '-' } else { '+' };
    format!("{mant}{dot}e{esign}{:02}", exp.abs())
}

/// `%g`: `%e` or `%f` by the exponent, trailing zeros removed unless `#`.
fn general(a: f64, prec: usize, alt: bool) -> String {
    let p = prec.max(1);
    let e = format!("{:.*e}", p - 1, a);
    let x: i32 = e
        .split_once('e')
        .expect("exponent form")
        .1
        .parse()
        .expect("exponent");
    let mut s = if x < p as i32 && x >= -4 {
        fixed(a, (p as i32 - 1 - x) as usize, alt)
    } else {
        exponent(a, p - 1, alt)
    };
    if !alt {
        let (mant, exp) = match s.find('e') {
            Some(i) => (s[..i].to_string(), s[i..].to_string()),
            None => (s.clone(), String::new()),
        };
        let mant = if mant.contains('.') {
            mant.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            mant
        };
        s = mant + &exp;
    }
    s
}

/// `Stdlib.valid_float_lexem`: adds a `.` when the text would read as an int.
pub fn valid_float_lexem(s: String) -> String {
    if s.bytes().all(|c| c.is_ascii_digit() || c == b'-') {
        s + "."
    } else {
        s
    }
}

/// `Stdlib.string_of_float`.
pub fn string_of_float(x: f64) -> String {
    valid_float_lexem(format_float(b"", 12, b'g', x))
}

/// `caml_hexstring_of_float x prec style`: `style` is `-`, `+` or ` ` (the sign of a
/// non-negative number); a negative `prec` prints as many digits as the mantissa needs.
pub fn hexstring_of_float(x: f64, prec: i64, style: u8) -> String {
    let bits = x.to_bits();
    let neg = bits >> 63 != 0;
    let mut exp = ((bits >> 52) & 0x7FF) as i32;
    let mut m = bits & ((1u64 << 52) - 1);
    let mut out = String::new();
    if neg {
        out.push('-');
    } else if style == b'+' || style == b' ' {
        out.push(style as char);
    }
    if exp == 0x7FF {
        out.push_str(if m == 0 { "infinity" } else { "nan" });
        return out;
    }
    out.push_str("0x");
    if exp == 0 {
        if m != 0 {
            exp = -1022;
        }
    } else {
        exp -= 1023;
        m |= 1 << 52;
    }
    if (0..13).contains(&prec) {
        let i = 52 - prec * 4;
        let unit = 1u64 << i;
        let half = unit >> 1;
        let mask = unit - 1;
        let frac = m & mask;
        m &= !mask;
        if frac > half || (frac == half && (m & unit) != 0) {
            m += unit;
        }
    }
    let digit = |d: u64| char::from_digit(d as u32, 16).expect("hex digit");
    out.push(digit(m >> 52));
    m = (m << 4) & ((1u64 << 56) - 1);
    let mut prec = prec;
    if if prec >= 0 { prec > 0 } else { m != 0 } {
        out.push('.');
        while if prec >= 0 { prec > 0 } else { m != 0 } {
            out.push(digit(m >> 52));
            m = (m << 4) & ((1u64 << 56) - 1);
            prec -= 1;
        }
    }
    out.push_str(&format!("p{exp:+}"));
    out
}

/// Padding as `CamlinternalFormat.fix_padding`: `-` pads on the right, `0` with zeros after a
/// sign (or after `0x`), else spaces on the left.
fn fix_padding(left: bool, zeros: bool, width: usize, s: String) -> String {
    let len = s.len();
    if width <= len {
        return s;
    }
    let b = s.as_bytes();
    let mut res = vec![if zeros && !left { b'0' } else { b' ' }; width];
    if left {
        res[..len].copy_from_slice(b);
    } else if zeros && len > 0 && matches!(b[0], b'+' | b'-' | b' ') {
        res[0] = b[0];
        res[width - len + 1..].copy_from_slice(&b[1..]);
    } else if zeros && len > 1 && b[0] == b'0' && matches!(b[1], b'x' | b'X') {
        res[1] = b[1];
        res[width - len + 2..].copy_from_slice(&b[2..]);
    } else {
        res[width - len..].copy_from_slice(b);
    }
    String::from_utf8(res).expect("ASCII")
}

/// A whole Printf float conversion, `%[flags][width][.prec]conv` with `conv` one of
/// `f e E g G F h H` (`#F` is OCaml's hexadecimal `%F`), as `Printf.sprintf` prints `x`.
/// `None` if `spec` is not such a conversion.
pub fn format_conversion(spec: &[u8], x: f64) -> Option<String> {
    let (&conv, rest) = spec.split_last()?;
    let rest = rest.strip_prefix(b"%")?;
    let nflags = rest
        .iter()
        .take_while(|c| matches!(c, b'-' | b'0' | b'+' | b' ' | b'#'))
        .count();
    let (flags, rest) = rest.split_at(nflags);
    let (width, prec) = match rest.iter().position(|&c| c == b'.') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let num = |d: &[u8]| -> Option<usize> {
        if d.is_empty() {
            Some(0)
        } else {
            std::str::from_utf8(d).ok()?.parse().ok()
        }
    };
    let width = num(width)?;
    let prec: Option<i64> = match prec {
        Some(p) => Some(num(p)? as i64),
        None => None,
    };
    let alt = flags.contains(&b'#');
    let style = if flags.contains(&b'+') {
        b'+'
    } else if flags.contains(&b' ') {
        b' '
    } else {
        b'-'
    };
    let sign_flags: Vec<u8> = flags
        .iter()
        .copied()
        .filter(|c| matches!(c, b'+' | b' '))
        .collect();
    let special = |s: String| -> String {
        if x.is_nan() {
            "nan".into()
        } else if x.is_infinite() {
            if x < 0.0 { "neg_infinity" } else { "infinity" }.into()
        } else {
            s
        }
    };
    let s = match conv {
        b'h' | b'H' => {
            let s = hexstring_of_float(x, prec.unwrap_or(-6), style);
            if conv == b'H' {
                s.to_ascii_uppercase()
            } else {
                s
            }
        }
        b'F' if alt => special(hexstring_of_float(x, prec.unwrap_or(-6), style)),
        b'F' => {
            let p = prec.unwrap_or(12) as usize;
            let s = format_float(&sign_flags, p, b'g', x);
            let s = if s.contains(['.', 'e', 'E']) {
                s
            } else {
                s + "."
            };
            special(s)
        }
        // OCaml's `#` only selects the hexadecimal `%#F`: printf never sees it.
        b'f' | b'e' | b'E' | b'g' | b'G' => {
            format_float(&sign_flags, prec.unwrap_or(6) as usize, conv, x)
        }
        _ => return None,
    };
    Some(fix_padding(
        flags.contains(&b'-'),
        flags.contains(&b'0'),
        width,
        s,
    ))
}

/// `caml_float_of_string`: `None` where OCaml raises `Failure "float_of_string"`.
pub fn float_of_string(s: &[u8]) -> Option<f64> {
    let buf: Vec<u8> = s.iter().copied().filter(|&c| c != b'_').collect();
    if buf.is_empty() {
        return None;
    }
    let (neg, digits) = match buf[0] {
        b'-' => (true, &buf[1..]),
        b'+' => (false, &buf[1..]),
        _ => (false, &buf[..]),
    };
    if digits.len() >= 2 && digits[0] == b'0' && matches!(digits[1], b'x' | b'X') {
        let v = float_of_hex(&digits[2..])?;
        return Some(if neg { -v } else { v });
    }
    // strtod: leading white space, then a decimal, `inf`/`infinity`/`nan` (any case), or a
    // hexadecimal form; the whole rest of the string must be consumed.
    let text = std::str::from_utf8(&buf).ok()?;
    let t = text.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = body.to_ascii_lowercase();
    let v = if lower == "inf" || lower == "infinity" {
        f64::INFINITY
    } else if lower == "nan" {
        f64::NAN
    } else if lower.starts_with("0x") {
        float_of_hex(&body.as_bytes()[2..])?
    } else {
        let ok = !body.is_empty()
            && body
                .bytes()
                .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-'))
            && body.bytes().any(|c| c.is_ascii_digit());
        if !ok {
            return None;
        }
        body.parse::<f64>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// The hexadecimal form after `0x`: digits, an optional `.` and digits, an optional `p` and a
/// decimal exponent. Exact when the mantissa fits 64 bits (then one rounding, by `powi`'s
/// exact scaling of a power of two).
fn float_of_hex(s: &[u8]) -> Option<f64> {
    let (mant, exp) = match s.iter().position(|&c| c == b'p' || c == b'P') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let mut m: u128 = 0;
    let mut scale: i64 = 0;
    let mut seen_dot = false;
    let mut any = false;
    let mut sticky = false;
    for &c in mant {
        if c == b'.' {
            if seen_dot {
                return None;
            }
            seen_dot = true;
            continue;
        }
        let d = (c as char).to_digit(16)? as u128;
        any = true;
        if m >> 120 == 0 {
            m = m * 16 + d;
            if seen_dot {
                scale -= 4;
            }
        } else {
            sticky |= d != 0;
            if !seen_dot {
                scale += 4;
            }
        }
    }
    if !any {
        return None;
    }
    if let Some(e) = exp {
        let e = std::str::from_utf8(e).ok()?;
        if e.is_empty()
            || !e
                .trim_start_matches(['+', '-'])
                .bytes()
                .all(|c| c.is_ascii_digit())
        {
            return None;
        }
        scale += e.parse::<i64>().ok()?;
    }
    if m == 0 {
        return Some(0.0);
    }
    // Round m to 53 significant bits (ties to even, with the sticky bits), then scale.
    let bits = 128 - m.leading_zeros() as i64;
    let (mut top, mut e) = (m, scale);
    if bits > 53 {
        let drop = bits - 53;
        let rem = m & ((1u128 << drop) - 1);
        top = m >> drop;
        let half = 1u128 << (drop - 1);
        if rem > half || (rem == half && (sticky || top & 1 == 1)) {
            top += 1;
        }
        e += drop;
    }
    let v = top as f64;
    Some(ldexp(v, e))
}

/// `v * 2^e`, exact unless the result under- or overflows.
pub fn ldexp(v: f64, e: i64) -> f64 {
    let mut v = v;
    let mut e = e.clamp(-2200, 2200);
    while e > 1000 {
        v *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        v *= 2f64.powi(-1000);
        e += 1000;
    }
    v * 2f64.powi(e as i32)
}

/// `frexp`: a mantissa in `[0.5, 1)` (or 0, inf, nan as given) and an exponent.
pub fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7FF) as i64;
    if exp == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    let m = f64::from_bits((bits & !(0x7FFu64 << 52)) | (1022u64 << 52));
    (m, exp - 1022)
}

/// `modf`: the fractional and the integral part, both with the sign of `x`.
pub fn modf(x: f64) -> (f64, f64) {
    if x.is_infinite() {
        return (0f64.copysign(x), x);
    }
    let i = x.trunc();
    ((x - i).copysign(x), i)
}

/// `classify_float`: the index of the `fpclass` constructor (`FP_normal` 0, `FP_subnormal`,
/// `FP_zero`, `FP_infinite`, `FP_nan`).
pub fn classify(x: f64) -> i64 {
    use std::num::FpCategory::*;
    match x.classify() {
        Normal => 0,
        Subnormal => 1,
        Zero => 2,
        Infinite => 3,
        Nan => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_printf_forms() {
        assert_eq!(format_float(b"", 6, b'f', 3.14159), "3.141590");
        assert_eq!(format_float(b"", 6, b'e', 1234.5), "1.234500e+03");
        assert_eq!(format_float(b"", 6, b'g', 0.0001), "0.0001");
        assert_eq!(format_float(b"", 6, b'g', 1e-5), "1e-05");
        assert_eq!(format_float(b"", 12, b'g', 1e20), "1e+20");
        assert_eq!(format_float(b"#", 3, b'g', 1.0), "1.00");
        assert_eq!(format_float(b"+", 2, b'f', 0.125), "+0.12");
        assert_eq!(format_float(b"", 2, b'E', -f64::INFINITY), "-INF");
    }

    #[test]
    fn ocaml_forms() {
        assert_eq!(string_of_float(1.0), "1.");
        assert_eq!(string_of_float(-0.0), "-0.");
        assert_eq!(string_of_float(0.1), "0.1");
        assert_eq!(string_of_float(f64::INFINITY), "inf");
        assert_eq!(format_conversion(b"%F", 1.0).unwrap(), "1.");
        assert_eq!(
            format_conversion(b"%F", f64::NEG_INFINITY).unwrap(),
            "neg_infinity"
        );
        assert_eq!(format_conversion(b"%h", 1.5).unwrap(), "0x1.8p+0");
        assert_eq!(format_conversion(b"%08.3f", -1.5).unwrap(), "-001.500");
        assert_eq!(format_conversion(b"%-8.3f|", 1.5), None);
        assert_eq!(float_of_string(b"0x1.8p3"), Some(12.0));
        assert_eq!(float_of_string(b"1_000.5"), Some(1000.5));
        assert_eq!(float_of_string(b"1e"), None);
        assert_eq!(float_of_string(b""), None);
        assert_eq!(float_of_string(b" 2."), Some(2.0));
    }
}
