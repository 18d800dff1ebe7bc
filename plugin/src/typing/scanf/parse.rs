//! A literal Scanf format, parsed at compile time as OCaml 4.13's
//! `CamlinternalFormat.fmt_ebb_of_string` parses it (legacy mode, as the type checker does),
//! into the items `Scanf`'s `make_scanf` interprets, in order.
//!
//! Conversions: `%d %i %u %x %X %o` (with `l`, `L`, `n` for `int32`, `int64`, `nativeint`),
//! `%f %F %e %E %g %G %h %H`, `%s %S %c %C %0c %b %B`, `%[..]` (ranges, `^`), the counters
//! `%l %n %L %N`, `%r`, `%!`, `%%`, `%@`, `%,`, `%a %t` (OCaml's run-time error), with `_`
//! (skip the value), flags, widths and precisions (`*` too: OCaml fails at run time). `@`
//! directives are Printf's parser's (`printf::parse::parse_after_at`): a `%s` or `%[..]`
//! followed by one stops at its character (`%s@,`), else it is a literal (`@[` is `@` `[`).
//! Not supported (a compile-time error saying so): `%{ %}`, `%( %)`, and a box description
//! holding a conversion (`@[<%d>`).
//!
//! Invariant: the items read exactly the tokens `make_scanf` would read for the format, in
//! the same order, with the same widths; a format OCaml rejects is a compile-time error with
//! OCaml's message.

use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::BoxedIntKind;

use super::super::printf::parse::{parse_after_at, FormatAction, Piece};
use super::super::TResult;

/// A padding: none, a width (`%5d`, `%05d`, `%.3s`), a left-justified width (`%-5d`, which
/// Scanf rejects at run time), or `*` (an `int` argument; rejected at run time).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Pad {
    None,
    Width(i64),
    Left(i64),
    Star,
}

/// A precision: none, a number, or `*` (an `int` argument; rejected at run time).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Prec {
    None,
    Digits(i64),
    Star,
}

/// The token a conversion reads (a `make_scanf` case).
#[derive(Clone, Debug)]
pub(super) enum Token {
    /// `%d %i %u %x %o` (conversion letter, `X` as `x`) and `%ld %Ld %nd ...`.
    Int {
        conv: u8,
        boxed: Option<BoxedIntKind>,
        pad: Pad,
        prec: Prec,
    },
    /// `F` (OCaml syntax), `h` (hexadecimal) or `f` (`%f %e %E %g %G`).
    Float {
        kind: u8,
        pad: Pad,
        prec: Prec,
    },
    /// `%s`, stopping at `stop` when a formatting literal follows (`%s@\n`).
    String {
        pad: Pad,
        stop: Option<u8>,
    },
    /// `%S`
    CamlString {
        pad: Pad,
    },
    /// `%b %B`
    Bool {
        pad: Pad,
    },
    /// `%c`
    Char,
    /// `%C`
    CamlChar,
    /// `%0c`: the next character, not consumed.
    NextChar,
    /// `%[..]`: the 32-byte bitmap of the set (bit `c land 7` of byte `c lsr 3`).
    CharSet {
        set: Vec<u8>,
        width: Option<i64>,
        stop: Option<u8>,
    },
    /// `%l` (lines), `%n` (characters), `%N`/`%L` (tokens).
    Counter(u8),
    /// `%r`: the next reader argument, applied to the input.
    Reader,
    /// `%a`, `%t`: OCaml's format has them; Scanf fails on them at run time.
    Alpha,
    Theta,
}

#[derive(Clone, Debug)]
pub(super) enum Item {
    /// Characters the input must have (`check_char`: a space skips any whitespace, `\n`
    /// matches `\n` or `\r\n`).
    Lit(Vec<u8>),
    /// A conversion; `ignored` (`%_d`): scanned, its value dropped.
    Read { token: Token, ignored: bool },
    /// `%!`: the input must be at its end.
    EndOfInput,
}

/// Parses `fmt`; errors point at `span` (the literal).
pub(super) fn parse_scan_format(fmt: &[u8], span: Span) -> TResult<Vec<Item>> {
    let mut p = Parser {
        fmt,
        span,
        items: Vec::new(),
    };
    p.parse()?;
    Ok(p.items)
}

struct Parser<'a> {
    fmt: &'a [u8],
    span: Span,
    items: Vec<Item>,
}

/// OCaml's `%S` of a string (printable ASCII as is).
fn caml_string(s: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in s {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:03}")),
        }
    }
    out.push('"');
    out
}

impl Parser<'_> {
    fn error(&self, at: usize, msg: &str) -> Diagnostic {
        Diagnostic::error(
            self.span,
            format!(
                "invalid format {}: at character number {at}, {msg}",
                caml_string(self.fmt)
            ),
        )
    }

    fn end_error(&self) -> Diagnostic {
        self.error(self.fmt.len(), "unexpected end of format")
    }

    fn incompatible(&self, pct: usize, end: usize, symb: u8, option: &str) -> Diagnostic {
        let sub = caml_string(&self.fmt[pct..end]);
        self.error(
            pct,
            &format!(
                "{option} is incompatible with '{}' in sub-format {sub}",
                symb as char
            ),
        )
    }

    fn at(&self, i: usize) -> TResult<u8> {
        self.fmt.get(i).copied().ok_or_else(|| self.end_error())
    }

    fn lit(&mut self, text: &[u8]) {
        if let Some(Item::Lit(t)) = self.items.last_mut() {
            t.extend_from_slice(text);
        } else if !text.is_empty() {
            self.items.push(Item::Lit(text.to_vec()));
        }
    }

    fn parse(&mut self) -> TResult<()> {
        let mut i = 0;
        while i < self.fmt.len() {
            match self.fmt[i] {
                b'%' => i = self.conversion(i)?,
                b'@' => {
                    let (next, text) = self.after_at(i + 1)?;
                    self.lit(&text);
                    i = next;
                }
                c => {
                    self.lit(&[c]);
                    i += 1;
                }
            }
        }
        Ok(())
    }

    /// The `@` directive whose `@` is at `i - 1`: where the format goes on, and the text
    /// Scanf reads for it (`string_of_formatting_lit`; a box or tag opening is `@[` and its
    /// description).
    fn after_at(&self, i: usize) -> TResult<(usize, Vec<u8>)> {
        let unsupported = |what: &str| Diagnostic::unsupported(self.span, what);
        let (next, piece) = parse_after_at(self.fmt, i, self.span, &unsupported)?;
        let text = match piece {
            Piece::Text(t) => t,
            Piece::Formatting { text, action } => match action {
                // `@%%` is `Escaped_percent`, whose text is `@%`.
                FormatAction::Text(t) if t == b"%" => b"@%".to_vec(),
                FormatAction::OpenBoxOf(sub) | FormatAction::OpenTagOf(sub) => {
                    let mut t = text;
                    t.push(b'<');
                    for p in sub {
                        match p {
                            Piece::Text(s) => t.extend_from_slice(&s),
                            _ => {
                                return Err(unsupported(
                                    "a box or tag description holding a conversion in a Scanf format is",
                                ))
                            }
                        }
                    }
                    t.push(b'>');
                    t
                }
                _ => text,
            },
            _ => unreachable!("parse_after_at gives text or a directive"),
        };
        Ok((next, text))
    }

    /// After a `%s` or `%[..]` ending at `i`: the stopper of a formatting literal that
    /// follows (`%s@,`), consumed with the rest of its text as a literal; `None` otherwise.
    fn stopper(&self, i: usize) -> TResult<(usize, Option<u8>, Vec<u8>)> {
        if self.fmt.get(i) != Some(&b'@') {
            return Ok((i, None, Vec::new()));
        }
        let (next, text) = self.after_at(i + 1)?;
        // `@` alone (at the end, or before `%d`) is a character, not a formatting literal.
        if text.len() < 2 {
            return Ok((i, None, Vec::new()));
        }
        Ok((next, Some(text[1]), text[2..].to_vec()))
    }

    /// The conversion whose `%` is at `pct`: where the format goes on.
    fn conversion(&mut self, pct: usize) -> TResult<usize> {
        let fmt = self.fmt;
        let mut i = pct + 1;
        let ign = self.at(i)? == b'_';
        if ign {
            i += 1;
        }
        let (mut zero, mut minus) = (false, false);
        loop {
            match self.at(i)? {
                b'0' => zero = true,
                b'-' => minus = true,
                b'+' | b'#' | b' ' => {}
                _ => break,
            }
            i += 1;
        }
        // The padding, as `parse_padding` (legacy: `-` and `0` together are `-`).
        let left = minus;
        let digits = |i: &mut usize| -> TResult<i64> {
            let mut n: i64 = 0;
            while let Some(c @ b'0'..=b'9') = fmt.get(*i) {
                n = n * 10 + (c - b'0') as i64;
                *i += 1;
            }
            if *i == fmt.len() {
                return Err(self.end_error());
            }
            Ok(n)
        };
        let pad = match self.at(i)? {
            b'0'..=b'9' => {
                let w = digits(&mut i)?;
                if left {
                    Pad::Left(w)
                } else {
                    Pad::Width(w)
                }
            }
            b'*' => {
                i += 1;
                Pad::Star
            }
            // `%0c`, `%0s`: a width of 0.
            _ if zero && !left => Pad::Width(0),
            _ => Pad::None,
        };
        let mut prec = Prec::None;
        if self.at(i)? == b'.' {
            i += 1;
            prec = match self.at(i)? {
                b'0'..=b'9' => Prec::Digits(digits(&mut i)?),
                // Legacy: a sign before the precision is ignored, `-` meaning `%-`.
                c @ (b'+' | b'-') => {
                    minus |= c == b'-';
                    i += 1;
                    Prec::Digits(digits(&mut i)?)
                }
                b'*' => {
                    i += 1;
                    Prec::Star
                }
                _ => Prec::Digits(0),
            };
        }
        // `%.3s`: a precision without padding is the padding of `%s %S %b` (legacy).
        let padprec = match (pad, prec) {
            (Pad::None, Prec::Digits(n)) if minus => Pad::Left(n),
            (Pad::None, Prec::Digits(n)) => Pad::Width(n),
            (Pad::None, Prec::Star) => Pad::Star,
            (pad, _) => pad,
        };
        let symb = self.at(i)?;
        i += 1;
        // `get_pad_opt`: a width where Scanf takes an option (`%_d`, `%[..]`, `%c`).
        let conv_end = i;
        let pad_opt = |pad: Pad| -> TResult<Option<i64>> {
            match pad {
                Pad::None => Ok(None),
                Pad::Width(w) | Pad::Left(w) => Ok(Some(w)),
                Pad::Star => {
                    Err(self.incompatible(pct, conv_end, if ign { b'_' } else { symb }, "'*'"))
                }
            }
        };
        let mut ign_used = true;
        let read = |token: Token| Item::Read {
            token,
            ignored: ign,
        };
        let item = match symb {
            b',' => {
                ign_used = false;
                None
            }
            b'c' => Some(read(match pad_opt(pad)? {
                Some(0) => Token::NextChar,
                _ => Token::Char,
            })),
            b'C' => Some(read(Token::CamlChar)),
            b's' | b'S' | b'b' | b'B' => {
                let pad = if ign {
                    pad_opt(padprec)?.map_or(Pad::None, Pad::Width)
                } else {
                    padprec
                };
                Some(read(match symb {
                    b's' => {
                        let (next, stop, rest) = self.stopper(i)?;
                        i = next;
                        self.items.push(read(Token::String { pad, stop }));
                        self.lit(&rest);
                        return self.after_conversion(i, pct, ign, symb, true);
                    }
                    b'S' => Token::CamlString { pad },
                    _ => Token::Bool { pad },
                }))
            }
            b'd' | b'i' | b'x' | b'X' | b'o' | b'u' => {
                Some(read(self.int_token(symb, None, pad, prec, ign, pct, i)?))
            }
            b'N' => Some(read(Token::Counter(b'N'))),
            b'l' | b'n' | b'L'
                if !matches!(fmt.get(i), Some(b'd' | b'i' | b'x' | b'X' | b'o' | b'u')) =>
            {
                Some(read(Token::Counter(symb)))
            }
            b'l' | b'n' | b'L' => {
                let conv = fmt[i];
                i += 1;
                let kind = match symb {
                    b'l' => BoxedIntKind::Int32,
                    b'L' => BoxedIntKind::Int64,
                    _ => BoxedIntKind::Nativeint,
                };
                Some(read(self.int_token(
                    conv,
                    Some(kind),
                    pad,
                    prec,
                    ign,
                    pct,
                    i,
                )?))
            }
            b'f' | b'e' | b'E' | b'g' | b'G' | b'F' | b'h' | b'H' => {
                let (pad, prec) = if ign {
                    let prec = match prec {
                        Prec::Star => return Err(self.incompatible(pct, i, b'_', "'*'")),
                        p => p,
                    };
                    (pad_opt(pad)?.map_or(Pad::None, Pad::Width), prec)
                } else {
                    (pad, prec)
                };
                let kind = match symb {
                    b'F' => b'F',
                    b'h' | b'H' => b'h',
                    _ => b'f',
                };
                Some(read(Token::Float { kind, pad, prec }))
            }
            b'a' | b't' => {
                ign_used = false;
                Some(Item::Read {
                    token: if symb == b'a' {
                        Token::Alpha
                    } else {
                        Token::Theta
                    },
                    ignored: false,
                })
            }
            b'r' => Some(read(Token::Reader)),
            b'!' => {
                ign_used = false;
                Some(Item::EndOfInput)
            }
            b'%' | b'@' => {
                ign_used = false;
                self.lit(&[symb]);
                None
            }
            b'{' | b'(' => {
                return Err(Diagnostic::unsupported(
                    self.span,
                    &format!("the format substitution `%{}` is", symb as char),
                ))
            }
            b'[' => {
                let (next, set) = self.char_set(i)?;
                i = next;
                let width = pad_opt(pad)?;
                let (next, stop, rest) = self.stopper(i)?;
                i = next;
                self.items.push(read(Token::CharSet { set, width, stop }));
                self.lit(&rest);
                return self.after_conversion(i, pct, ign, symb, true);
            }
            b'-' | b'+' | b'#' | b' ' | b'_' => {
                return Err(self.error(
                    pct,
                    &format!(
                        "flag '{}' is only allowed after the '%', before padding and precision",
                        symb as char
                    ),
                ))
            }
            _ => {
                return Err(self.error(i - 1, &format!("invalid conversion \"%{}\"", symb as char)))
            }
        };
        if let Some(item) = item {
            self.items.push(item);
        }
        self.after_conversion(i, pct, ign, symb, ign_used)
    }

    /// OCaml's last check of a conversion: `_` on one that cannot skip is an error.
    fn after_conversion(
        &self,
        i: usize,
        pct: usize,
        ign: bool,
        symb: u8,
        ign_used: bool,
    ) -> TResult<usize> {
        if ign && !ign_used && !matches!(symb, b'@' | b'%' | b'!' | b',') {
            return Err(self.incompatible(pct, i, symb, "'_'"));
        }
        Ok(i)
    }

    /// An integer conversion: OCaml's `get_int_pad` (`%05.3d` pads with spaces) or, for `%_d`,
    /// the width as an option.
    #[allow(clippy::too_many_arguments)]
    fn int_token(
        &self,
        conv: u8,
        boxed: Option<BoxedIntKind>,
        pad: Pad,
        prec: Prec,
        ign: bool,
        pct: usize,
        i: usize,
    ) -> TResult<Token> {
        let conv = if conv == b'X' { b'x' } else { conv };
        if ign {
            let pad = match pad {
                Pad::None => Pad::None,
                Pad::Width(w) | Pad::Left(w) => Pad::Width(w),
                Pad::Star => return Err(self.incompatible(pct, i, b'_', "'*'")),
            };
            return Ok(Token::Int {
                conv,
                boxed,
                pad,
                prec: Prec::None,
            });
        }
        Ok(Token::Int {
            conv,
            boxed,
            pad,
            prec,
        })
    }

    /// `parse_char_set` from `i` (after `[`): where the format goes on, and the bitmap.
    fn char_set(&self, mut i: usize) -> TResult<(usize, Vec<u8>)> {
        let fmt = self.fmt;
        let mut set = vec![0u8; 32];
        let add = |set: &mut Vec<u8>, c: u8| set[(c >> 3) as usize] |= 1 << (c & 7);
        let add_range = |set: &mut Vec<u8>, a: u8, b: u8| {
            for c in a..=b {
                add(set, c);
            }
        };
        let single_percent = |at: usize| {
            Diagnostic::error(
                self.span,
                format!(
                    "invalid format {}: '%' alone is not accepted in character sets, use %% instead at position {at}.",
                    caml_string(fmt)
                ),
            )
        };
        let reverse = self.at(i)? == b'^';
        if reverse {
            i += 1;
        }
        // `parse_char_set_start`: the first character may be `]`.
        let mut c = self.at(i)?;
        i += 1;
        // State: `c` was read and is pending (`parse_char_set_after_char`).
        'outer: loop {
            let next = self.at(i)?;
            match next {
                b']' => {
                    add(&mut set, c);
                    i += 1;
                    break;
                }
                b'-' => {
                    // `parse_char_set_after_minus`
                    i += 1;
                    let after = self.at(i)?;
                    match after {
                        b']' => {
                            add(&mut set, c);
                            add(&mut set, b'-');
                            i += 1;
                            break;
                        }
                        b'%' => {
                            let c2 = self.at(i + 1)?;
                            if c2 == b'%' || c2 == b'@' {
                                add_range(&mut set, c, c2);
                                i += 2;
                            } else {
                                return Err(single_percent(i));
                            }
                        }
                        c2 => {
                            add_range(&mut set, c, c2);
                            i += 1;
                        }
                    }
                    // `parse_char_set_content`
                    loop {
                        match self.at(i)? {
                            b']' => {
                                i += 1;
                                break 'outer;
                            }
                            b'-' => {
                                add(&mut set, b'-');
                                i += 1;
                            }
                            d => {
                                c = d;
                                i += 1;
                                continue 'outer;
                            }
                        }
                    }
                }
                b'%' | b'@' if c == b'%' => {
                    add(&mut set, next);
                    i += 1;
                    loop {
                        match self.at(i)? {
                            b']' => {
                                i += 1;
                                break 'outer;
                            }
                            b'-' => {
                                add(&mut set, b'-');
                                i += 1;
                            }
                            d => {
                                c = d;
                                i += 1;
                                continue 'outer;
                            }
                        }
                    }
                }
                _ => {
                    if c == b'%' {
                        return Err(single_percent(i));
                    }
                    add(&mut set, c);
                    c = next;
                    i += 1;
                }
            }
        }
        if reverse {
            for b in &mut set {
                *b = !*b;
            }
        }
        Ok((i, set))
    }
}
