//! Printf conversions of single values (`caml_format_int` and friends): OCaml's flags,
//! widths and precisions, as runtime/ints.c and runtime/str.c format them.

/// The flags and width of a Printf conversion (`%-05d`: minus, zero, width 5) and its letter.
struct Spec {
    minus: bool,
    zero: bool,
    plus: bool,
    space: bool,
    hash: bool,
    width: usize,
    /// `.N`: an integer's minimum number of digits.
    precision: Option<usize>,
    conv: u8,
}

fn parse_spec(spec: &[u8]) -> Spec {
    let mut s = Spec {
        minus: false,
        zero: false,
        plus: false,
        space: false,
        hash: false,
        width: 0,
        precision: None,
        conv: spec.last().copied().unwrap_or(b'd'),
    };
    let body = spec
        .get(1..spec.len().saturating_sub(1))
        .unwrap_or_default();
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'-' => s.minus = true,
            b'0' => s.zero = true,
            b'+' => s.plus = true,
            b' ' => s.space = true,
            b'#' => s.hash = true,
            _ => break,
        }
        i += 1;
    }
    while i < body.len() && body[i].is_ascii_digit() {
        s.width = s
            .width
            .saturating_mul(10)
            .saturating_add((body[i] - b'0') as usize);
        i += 1;
    }
    if body.get(i) == Some(&b'.') {
        let digits = body[i + 1..].iter().take_while(|c| c.is_ascii_digit());
        s.precision = Some(digits.fold(0usize, |p, c| {
            p.saturating_mul(10).saturating_add((c - b'0') as usize)
        }));
    }
    s
}

/// Pads `prefix ++ digits` to the spec's width: spaces on the right with `-`, zeros between
/// the prefix and the digits with `0` (when `zero_ok`), spaces on the left otherwise.
fn pad(s: &Spec, prefix: &[u8], digits: &[u8], zero_ok: bool) -> Vec<u8> {
    let len = prefix.len() + digits.len();
    let fill = s.width.saturating_sub(len);
    let mut out = Vec::with_capacity(len + fill);
    if s.minus {
        out.extend_from_slice(prefix);
        out.extend_from_slice(digits);
        out.resize(len + fill, b' ');
    } else if s.zero && zero_ok {
        out.extend_from_slice(prefix);
        out.resize(prefix.len() + fill, b'0');
        out.extend_from_slice(digits);
    } else {
        out.resize(fill, b' ');
        out.extend_from_slice(prefix);
        out.extend_from_slice(digits);
    }
    out
}

/// `%d %i %u %x %X %o` with OCaml's Printf: ints are 63-bit (the unsigned conversions show
/// the 63-bit two's complement), `+` and space only affect signed conversions, `#` groups
/// decimal digits by three with `_` (unless `+` or space chose the signed conversion, as in
/// CamlinternalFormat) and prefixes `0x`/`0X`/`0` to non-zero hex/octal. The SSA interpreter
/// shares this implementation.
pub fn format_int(spec: &[u8], n: i64) -> Vec<u8> {
    format_integer(spec, n, (n as u64) & 0x7fff_ffff_ffff_ffff)
}

/// [`format_int`] of an integer of any width: `n` its value, `unsigned` its bits as the
/// unsigned conversions show them (`%lu` of `-1l` is 4294967295). Boxed integers use it too.
pub fn format_integer(spec: &[u8], n: i64, unsigned: u64) -> Vec<u8> {
    let s = parse_spec(spec);
    let group = |digits: String| -> String {
        if !s.hash || s.plus || s.space {
            return digits;
        }
        let b = digits.as_bytes();
        let mut out = String::new();
        for (i, c) in b.iter().enumerate() {
            if i > 0 && (b.len() - i).is_multiple_of(3) {
                out.push('_');
            }
            out.push(*c as char);
        }
        out
    };
    let (prefix, digits): (&[u8], String) = match s.conv {
        b'd' | b'i' => {
            let sign: &[u8] = if n < 0 {
                b"-"
            } else if s.plus {
                b"+"
            } else if s.space {
                b" "
            } else {
                b""
            };
            (sign, group(n.unsigned_abs().to_string()))
        }
        b'u' => (b"", group(unsigned.to_string())),
        b'x' => (
            if s.hash && unsigned != 0 { b"0x" } else { b"" },
            format!("{unsigned:x}"),
        ),
        b'X' => (
            if s.hash && unsigned != 0 { b"0X" } else { b"" },
            format!("{unsigned:X}"),
        ),
        b'o' => (
            if s.hash && unsigned != 0 { b"0" } else { b"" },
            format!("{unsigned:o}"),
        ),
        _ => (b"", n.to_string()),
    };
    // A precision is a minimum number of digits (OCaml's `fix_int_precision`; `%.0d` of 0 is
    // still "0"), and the `0` flag no longer pads; `%#o`'s leading 0 is one of those digits.
    match s.precision {
        Some(p) if p > digits.len() => {
            let zeros = "0".repeat(p - digits.len());
            let prefix = if s.conv == b'o' { &b""[..] } else { prefix };
            let s = Spec { zero: false, ..s };
            pad(&s, prefix, format!("{zeros}{digits}").as_bytes(), true)
        }
        Some(_) => pad(&Spec { zero: false, ..s }, prefix, digits.as_bytes(), true),
        None => pad(&s, prefix, digits.as_bytes(), true),
    }
}

/// `%s` (and `%b`, given "true"/"false"): padded with spaces to the width (`0` is ignored).
pub fn format_string(spec: &[u8], text: &[u8]) -> Vec<u8> {
    pad(&parse_spec(spec), b"", text, false)
}

/// OCaml's `int_of_string` (`parse_intnat` of runtime/ints.c at 63 bits).
pub fn parse_ocaml_int(s: &[u8]) -> Option<i64> {
    crate::lambda::boxint::parse_intnat(s, 63).map(crate::lambda::arith::wrap)
}
