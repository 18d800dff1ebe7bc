//! A literal format string, parsed at compile time as OCaml 4.13's
//! `CamlinternalFormat.fmt_ebb_of_string` parses it, into the pieces the elaboration
//! (`printf/mod.rs`) prints in order.
//!
//! Conversions: `%d %i %u %x %X %o %s %S %c %C %b %B`, the float conversions `%f %F %e %E %g
//! %G %h %H`, the boxed integers' `%ld %Ln %nx ...`, `%a`, `%t`, `%%`, `%!`, with flags
//! `- 0 + space #`, a width (digits or `*`) and, for floats, a precision (digits or `*`).
//! Pretty-printing directives (`@[<hov 2>`, `@]`, `@,`, `@ `, `@;<1 2>`, `@.`, `@\n`, `@?`,
//! `@{<tag>`, `@}`, `@<n>`, `@@`, `@%%`, `@c`) are parsed in every format, as OCaml does:
//! `Format` interprets them, `Printf` prints their source text (`FormatAction::text`).
//! A box or tag description may hold conversions (`@[<%s %d>`): its pieces are kept
//! (`FormatAction::OpenBoxOf`). `%@` is `@`, `%,` nothing.
//! Not supported (a compile-time error saying so): `%{ %}`, `%( %)`, the counters `%n %l %L`,
//! `%r`, `%_` (ignored arguments), `%[..]`, a precision on integers and strings, `%a`, `%t`,
//! `%!` or a directive in a box or tag description.

use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::BoxedIntKind;

use super::super::TResult;

/// A width or precision: none, a number in the format, or `*` (an `int` argument).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::typing) enum Count {
    None,
    Literal,
    Star,
}

/// A pretty-printing directive of the format (`CamlinternalFormatBasics.formatting_lit` and
/// `formatting_gen`), with what `Format` does for it.
#[derive(Clone, Debug)]
pub(in crate::typing) enum FormatAction {
    /// `@[<kind indent>`: `Format.pp_open_box_gen` (box kind as `__open_box` numbers it).
    OpenBox {
        indent: i64,
        kind: i64,
    },
    /// `@[<..>` or `@{<..>` whose description holds conversions (`@[<%s 0>`), or is not a
    /// valid box description: the description's pieces (between `<` and `>`), printed into a
    /// string at run time and parsed then, as OCaml does (`compute_tag`,
    /// `open_box_of_string`). The piece's text is `@[` or `@{` alone.
    OpenBoxOf(Vec<Piece>),
    OpenTagOf(Vec<Piece>),
    /// `@]`
    CloseBox,
    /// `@{<tag>` / `@}`
    OpenTag(Vec<u8>),
    CloseTag,
    /// `@,` `@ ` `@;<w o>`: `pp_print_break ppf width offset`.
    Break {
        width: i64,
        offset: i64,
    },
    /// `@?`
    Flush,
    /// `@\n`
    ForceNewline,
    /// `@.`
    FlushNewline,
    /// `@<n>`: the next literal, string or char is printed as if of length `n`.
    MagicSize(i64),
    /// `@@`, `@%%`, `@c`: text (`Escaped_at`, `Escaped_percent`, `Scan_indic`).
    Text(Vec<u8>),
}

#[derive(Clone, Debug)]
pub(in crate::typing) enum Piece {
    Text(Vec<u8>),
    /// A conversion: its spec without `*` (e.g. `%-5d`, or `%-*d` with `width` Star, where the
    /// star is where the argument's number goes) and the conversion letter; `size` is the
    /// integer type of `%ld`, `%Lx`, `%nu` ... (`l`, `L`, `n` before the letter).
    Conv {
        flags: String,
        width: Count,
        width_digits: String,
        precision: Count,
        precision_digits: String,
        size: Option<BoxedIntKind>,
        kind: u8,
    },
    /// `%a`: a printer and its argument.
    Alpha,
    /// `%t`: a printer.
    Theta,
    /// `%!`
    Flush,
    /// An `@` directive: its source text (what Printf prints) and what Format does.
    Formatting {
        text: Vec<u8>,
        action: FormatAction,
    },
}

impl Piece {
    /// The conversion's spec as the runtime's `egret_format_*` take it, the `*`s replaced by
    /// the numbers given (`None` where the format has no star).
    pub(super) fn spec_parts(&self) -> Option<(String, String, String)> {
        match self {
            Piece::Conv {
                flags,
                width,
                width_digits,
                precision,
                precision_digits,
                size,
                kind,
            } => {
                let head = format!("%{flags}");
                let mut mid = String::new();
                if *width == Count::Literal {
                    mid.push_str(width_digits);
                }
                let mut tail = String::new();
                if *precision != Count::None {
                    tail.push('.');
                    tail.push_str(precision_digits);
                }
                match size {
                    Some(BoxedIntKind::Int32) => tail.push('l'),
                    Some(BoxedIntKind::Int64) => tail.push('L'),
                    Some(BoxedIntKind::Nativeint) => tail.push('n'),
                    None => {}
                }
                tail.push(*kind as char);
                Some((head, mid, tail))
            }
            _ => None,
        }
    }
}

/// Parses `fmt`; errors point at `span` (the literal).
pub(super) fn parse_format(fmt: &[u8], span: Span) -> TResult<Vec<Piece>> {
    let mut pieces = Vec::new();
    let mut text = Vec::new();
    let mut i = 0;
    let bad = |msg: String| Diagnostic::error(span, msg);
    let unsupported = |what: &str| Diagnostic::unsupported(span, what);
    macro_rules! flush_text {
        () => {
            if !text.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
            }
        };
    }
    while i < fmt.len() {
        if fmt[i] == b'@' {
            flush_text!();
            let (next, piece) = parse_after_at(fmt, i + 1, span, &unsupported)?;
            pieces.push(piece);
            i = next;
            continue;
        }
        if fmt[i] != b'%' {
            text.push(fmt[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let flags_start = i;
        while i < fmt.len() && b"-0+ #".contains(&fmt[i]) {
            i += 1;
        }
        let flags = String::from_utf8_lossy(&fmt[flags_start..i]).into_owned();
        let (width, width_digits) = count(fmt, &mut i);
        let (precision, precision_digits) = if fmt.get(i) == Some(&b'.') {
            i += 1;
            match count(fmt, &mut i) {
                (Count::None, _) => (Count::Literal, String::new()),
                c => c,
            }
        } else {
            (Count::None, String::new())
        };
        // `%ld %Lx %nu ...`: an int32, int64 or nativeint conversion.
        let size = match (fmt.get(i), fmt.get(i + 1)) {
            (Some(&l @ (b'l' | b'L' | b'n')), Some(b'd' | b'i' | b'u' | b'x' | b'X' | b'o')) => {
                i += 1;
                Some(match l {
                    b'l' => BoxedIntKind::Int32,
                    b'L' => BoxedIntKind::Int64,
                    _ => BoxedIntKind::Nativeint,
                })
            }
            _ => None,
        };
        let Some(&c) = fmt.get(i) else {
            return Err(bad(
                "invalid format: it ends in the middle of a conversion".into()
            ));
        };
        i += 1;
        let bare = i - start == 2;
        match c {
            b'%' | b'@' if bare => text.push(c),
            b',' if bare => {}
            b'!' if bare => {
                flush_text!();
                pieces.push(Piece::Flush);
            }
            b'a' if bare => {
                flush_text!();
                pieces.push(Piece::Alpha);
            }
            b't' if bare => {
                flush_text!();
                pieces.push(Piece::Theta);
            }
            // Integers take a precision (a minimum number of digits), boxed ones too; floats a
            // precision; the others neither.
            b'd' | b'i' | b'u' | b'x' | b'X' | b'o' | b's' | b'c' | b'b' | b'B' | b'S' | b'C'
            | b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'h' | b'H'
                if (precision == Count::None || b"diuxXofFeEgGhH".contains(&c))
                    && (size.is_none() || b"diuxXo".contains(&c)) =>
            {
                flush_text!();
                pieces.push(Piece::Conv {
                    flags,
                    width,
                    width_digits,
                    precision,
                    precision_digits,
                    size,
                    kind: c,
                });
            }
            b'{' | b'(' => {
                return Err(unsupported(&format!(
                    "the format substitution `%{}` is",
                    c as char
                )))
            }
            _ => {
                return Err(bad(format!(
                    "invalid or unsupported format conversion `{}`",
                    String::from_utf8_lossy(&fmt[start..i])
                )))
            }
        }
    }
    flush_text!();
    Ok(pieces)
}

/// A width or precision at `fmt[*i..]`.
fn count(fmt: &[u8], i: &mut usize) -> (Count, String) {
    if fmt.get(*i) == Some(&b'*') {
        *i += 1;
        return (Count::Star, String::new());
    }
    let start = *i;
    while *i < fmt.len() && fmt[*i].is_ascii_digit() {
        *i += 1;
    }
    if *i == start {
        (Count::None, String::new())
    } else {
        (
            Count::Literal,
            String::from_utf8_lossy(&fmt[start..*i]).into_owned(),
        )
    }
}

fn skip_spaces(fmt: &[u8], mut i: usize) -> usize {
    while i < fmt.len() && fmt[i] == b' ' {
        i += 1;
    }
    i
}

/// An integer (`-`? digits) at `fmt[i..]`, as `parse_integer`: its end and value.
fn integer(fmt: &[u8], i: usize) -> Option<(usize, i64)> {
    let mut j = i;
    if fmt.get(j) == Some(&b'-') {
        j += 1;
    }
    let digits = j;
    while j < fmt.len() && fmt[j].is_ascii_digit() {
        j += 1;
    }
    if j == digits {
        return None;
    }
    let n: i64 = std::str::from_utf8(&fmt[i..j]).ok()?.parse().ok()?;
    Some((j, n))
}

/// `CamlinternalFormat.parse_after_at`: the directive after the `@` at `fmt[i - 1]`.
pub(in crate::typing) fn parse_after_at(
    fmt: &[u8],
    i: usize,
    span: Span,
    unsupported: &dyn Fn(&str) -> Diagnostic,
) -> TResult<(usize, Piece)> {
    let lit = |end: usize, action: FormatAction| {
        (
            end,
            Piece::Formatting {
                text: fmt[i - 1..end].to_vec(),
                action,
            },
        )
    };
    let Some(&c) = fmt.get(i) else {
        return Ok((i, Piece::Text(b"@".to_vec())));
    };
    Ok(match c {
        b'[' | b'{' => {
            // `parse_tag`: an optional `<...>` description (a format of its own in OCaml).
            let open = i + 1;
            let close = (fmt.get(open) == Some(&b'<'))
                .then(|| fmt[open..].iter().position(|&b| b == b'>'))
                .flatten()
                .map(|p| open + p);
            let (end, desc) = match close {
                Some(close) => (close + 1, &fmt[open + 1..close]),
                None => (open, &b""[..]),
            };
            if desc.contains(&b'%') || desc.contains(&b'@') {
                let sub = parse_format(desc, span)?;
                if sub
                    .iter()
                    .any(|p| !matches!(p, Piece::Text(_) | Piece::Conv { .. }))
                {
                    return Err(unsupported(
                        "a box or tag description holding a directive, `%a`, `%t` or `%!` is",
                    ));
                }
                let action = if c == b'{' {
                    FormatAction::OpenTagOf(sub)
                } else {
                    FormatAction::OpenBoxOf(sub)
                };
                return Ok((
                    end,
                    Piece::Formatting {
                        text: fmt[i - 1..i + 1].to_vec(),
                        action,
                    },
                ));
            }
            if c == b'{' {
                lit(end, FormatAction::OpenTag(desc.to_vec()))
            } else {
                match open_box_of_string(desc) {
                    Some((indent, kind)) => lit(end, FormatAction::OpenBox { indent, kind }),
                    // OCaml fails at run time: so does `__open_box_of_string`.
                    None => (
                        end,
                        Piece::Formatting {
                            text: fmt[i - 1..i + 1].to_vec(),
                            action: FormatAction::OpenBoxOf(vec![Piece::Text(desc.to_vec())]),
                        },
                    ),
                }
            }
        }
        b']' => lit(i + 1, FormatAction::CloseBox),
        b'}' => lit(i + 1, FormatAction::CloseTag),
        b',' => lit(
            i + 1,
            FormatAction::Break {
                width: 0,
                offset: 0,
            },
        ),
        b' ' => lit(
            i + 1,
            FormatAction::Break {
                width: 1,
                offset: 0,
            },
        ),
        b';' => {
            // `parse_good_break`: `@;<width offset>`, `@;<width>` or `@;` (1 0).
            let parsed = (|| {
                if fmt.get(i + 1) != Some(&b'<') {
                    return None;
                }
                let j = skip_spaces(fmt, i + 2);
                let (j, width) = integer(fmt, j)?;
                let j = skip_spaces(fmt, j);
                if fmt.get(j) == Some(&b'>') {
                    return Some((j + 1, width, 0));
                }
                let (j, offset) = integer(fmt, j)?;
                let j = skip_spaces(fmt, j);
                (fmt.get(j) == Some(&b'>')).then_some((j + 1, width, offset))
            })();
            match parsed {
                Some((end, width, offset)) => lit(end, FormatAction::Break { width, offset }),
                None => lit(
                    i + 1,
                    FormatAction::Break {
                        width: 1,
                        offset: 0,
                    },
                ),
            }
        }
        b'?' => lit(i + 1, FormatAction::Flush),
        b'\n' => lit(i + 1, FormatAction::ForceNewline),
        b'.' => lit(i + 1, FormatAction::FlushNewline),
        b'<' => {
            // `parse_magic_size`: `@<n>`, else `@<` is `Scan_indic '<'`.
            let parsed = (|| {
                let j = skip_spaces(fmt, i + 1);
                let (j, n) = integer(fmt, j)?;
                let j = skip_spaces(fmt, j);
                (fmt.get(j) == Some(&b'>')).then_some((j + 1, n))
            })();
            match parsed {
                Some((end, n)) => lit(end, FormatAction::MagicSize(n)),
                None => lit(i + 1, FormatAction::Text(b"@<".to_vec())),
            }
        }
        b'@' => lit(i + 1, FormatAction::Text(b"@".to_vec())),
        b'%' if fmt.get(i + 1) == Some(&b'%') => lit(i + 2, FormatAction::Text(b"%".to_vec())),
        // `@%d`: the `@` is a character, the conversion follows.
        b'%' => (i, Piece::Text(b"@".to_vec())),
        c => lit(i + 1, FormatAction::Text(vec![b'@', c])),
    })
}

/// `CamlinternalFormat.open_box_of_string`: the indentation and box kind of `@[<kind n>`
/// (0 h, 1 v, 2 hv, 3 hov, 4 b, as `Format.__open_box` numbers them); `None` if invalid.
fn open_box_of_string(s: &[u8]) -> Option<(i64, i64)> {
    if s.is_empty() {
        return Some((0, 4));
    }
    let spaces = |mut i: usize| {
        while i < s.len() && (s[i] == b' ' || s[i] == b'\t') {
            i += 1;
        }
        i
    };
    let wstart = spaces(0);
    let mut wend = wstart;
    while wend < s.len() && s[wend].is_ascii_lowercase() {
        wend += 1;
    }
    let nstart = spaces(wend);
    let mut nend = nstart;
    while nend < s.len() && (s[nend].is_ascii_digit() || s[nend] == b'-') {
        nend += 1;
    }
    let indent = if nstart == nend {
        0
    } else {
        std::str::from_utf8(&s[nstart..nend]).ok()?.parse().ok()?
    };
    if spaces(nend) != s.len() {
        return None;
    }
    let kind = match &s[wstart..wend] {
        b"" | b"b" => 4,
        b"h" => 0,
        b"v" => 1,
        b"hv" => 2,
        b"hov" => 3,
        _ => return None,
    };
    Some((indent, kind))
}
