//! `CamlinternalFormat.fmt_ebb_of_string ~legacy_behavior:true`, as OCaml's type checker
//! calls it on a format literal (`Typecore.type_format`; `-strict-formats` is off): the
//! format's [`Fmt`] or the `Failure` message. Written after OCaml 4.13's
//! `stdlib/camlinternalFormat.ml`, case for case, in its evaluation order (the first error
//! found is the one reported).

use super::tree::{fmtty_of_fmt, Fmt, Ign, Lit, Pad, Prec, Side};

type R<T> = Result<T, String>;

/// OCaml's `%S`: the string quoted with `String.escaped`'s escapes.
fn quoted(s: &[u8]) -> String {
    String::from_utf8_lossy(&crate::lambda::runtime::ocaml_quoted(s)).into_owned()
}

/// OCaml's `%C`.
fn quoted_char(c: u8) -> String {
    let inner = match c {
        b'\'' => "\\'".to_string(),
        b'\\' => "\\\\".to_string(),
        b'\n' => "\\n".to_string(),
        b'\t' => "\\t".to_string(),
        b'\r' => "\\r".to_string(),
        8 => "\\b".to_string(),
        b' '..=b'~' => (c as char).to_string(),
        _ => format!("\\{c:03}"),
    };
    format!("'{inner}'")
}

/// OCaml's `Sys.max_string_length` on 64-bit platforms.
const MAX_STRING_LENGTH: i64 = 144_115_188_075_855_863;

struct Parser<'a> {
    s: &'a [u8],
}

/// Parses `s` as OCaml's type checker does.
pub fn fmt_of_string(s: &[u8]) -> R<Fmt> {
    Parser { s }.parse(0, s.len())
}

impl Parser<'_> {
    fn invalid(&self, ind: usize, msg: &str) -> String {
        format!(
            "invalid format {}: at character number {ind}, {msg}",
            quoted(self.s)
        )
    }

    fn unexpected_end(&self, end: usize) -> String {
        self.invalid(end, "unexpected end of format")
    }

    fn expected_character(&self, ind: usize, expected: &str, read: u8) -> String {
        self.invalid(
            ind,
            &format!("{expected} expected, read {}", quoted_char(read)),
        )
    }

    fn incompatible_flag(&self, pct: usize, ind: usize, symb: u8, option: &str) -> String {
        let sub = &self.s[pct..ind];
        self.invalid(
            pct,
            &format!(
                "{option} is incompatible with '{}' in sub-format {}",
                symb as char,
                quoted(sub)
            ),
        )
    }

    fn at(&self, i: usize) -> R<u8> {
        // OCaml's `str.[i]` past the end: Invalid_argument, which the type checker does not
        // catch; a sub-format ends before the string does, so this is reached only at its end.
        self.s
            .get(i)
            .copied()
            .ok_or_else(|| "index out of bounds".to_string())
    }

    fn parse(&self, beg: usize, end: usize) -> R<Fmt> {
        self.parse_literal(beg, beg, end)
    }

    fn parse_literal(&self, lit_start: usize, mut i: usize, end: usize) -> R<Fmt> {
        loop {
            if i == end {
                return Ok(self.add_literal(lit_start, i, Fmt::End));
            }
            match self.s[i] {
                b'%' => {
                    let rest = self.parse_ign(i, i + 1, end)?;
                    return Ok(self.add_literal(lit_start, i, rest));
                }
                b'@' => {
                    let rest = self.parse_after_at(i + 1, end)?;
                    return Ok(self.add_literal(lit_start, i, rest));
                }
                _ => i += 1,
            }
        }
    }

    fn add_literal(&self, start: usize, i: usize, fmt: Fmt) -> Fmt {
        match i - start {
            0 => fmt,
            1 => Fmt::CharLiteral(self.s[start], Box::new(fmt)),
            _ => Fmt::StringLiteral(self.s[start..i].to_vec(), Box::new(fmt)),
        }
    }

    fn parse_ign(&self, pct: usize, i: usize, end: usize) -> R<Fmt> {
        if i == end {
            return Err(self.unexpected_end(end));
        }
        match self.s[i] {
            b'_' => self.parse_flags(pct, i + 1, end, true),
            _ => self.parse_flags(pct, i, end, false),
        }
    }

    fn parse_flags(&self, pct: usize, mut i: usize, end: usize, ign: bool) -> R<Fmt> {
        let (mut zero, mut minus, mut plus, mut space, mut hash) =
            (false, false, false, false, false);
        loop {
            if i == end {
                return Err(self.unexpected_end(end));
            }
            match self.s[i] {
                b'0' => zero = true,
                b'-' => minus = true,
                b'+' => plus = true,
                b'#' => hash = true,
                b' ' => space = true,
                _ => break,
            }
            i += 1;
        }
        let flags = Flags {
            plus,
            hash,
            space,
            ign,
        };
        self.parse_padding(pct, i, end, zero, minus, flags)
    }

    fn parse_padding(
        &self,
        pct: usize,
        i: usize,
        end: usize,
        zero: bool,
        minus: bool,
        f: Flags,
    ) -> R<Fmt> {
        if i == end {
            return Err(self.unexpected_end(end));
        }
        let padty = match (zero, minus) {
            (false, false) => Side::Right,
            (false, true) | (true, true) => Side::Left,
            (true, false) => Side::Zeros,
        };
        match self.s[i] {
            b'0'..=b'9' => {
                let (next, width) = self.parse_positive(i, end, 0)?;
                self.parse_after_padding(pct, next, end, minus, f, Pad::Lit(padty, width))
            }
            b'*' => self.parse_after_padding(pct, i + 1, end, minus, f, Pad::Arg(padty)),
            _ => {
                let pad = match padty {
                    Side::Zeros => Pad::Lit(Side::Right, 0),
                    _ => Pad::No,
                };
                self.parse_after_padding(pct, i, end, minus, f, pad)
            }
        }
    }

    fn parse_after_padding(
        &self,
        pct: usize,
        i: usize,
        end: usize,
        minus: bool,
        f: Flags,
        pad: Pad,
    ) -> R<Fmt> {
        if i == end {
            return Err(self.unexpected_end(end));
        }
        match self.s[i] {
            b'.' => self.parse_precision(pct, i + 1, end, minus, f, pad),
            symb => self.parse_conversion(pct, i + 1, end, f, pad, Prec::No, pad, symb),
        }
    }

    fn parse_precision(
        &self,
        pct: usize,
        i: usize,
        end: usize,
        minus: bool,
        f: Flags,
        pad: Pad,
    ) -> R<Fmt> {
        if i == end {
            return Err(self.unexpected_end(end));
        }
        let literal = |minus: bool, i: usize| -> R<Fmt> {
            let (next, prec) = self.parse_positive(i, end, 0)?;
            self.parse_after_precision(pct, next, end, minus, f, pad, Prec::Lit(prec))
        };
        match self.s[i] {
            b'0'..=b'9' => literal(minus, i),
            symb @ (b'+' | b'-') => literal(minus || symb == b'-', i + 1),
            b'*' => self.parse_after_precision(pct, i + 1, end, minus, f, pad, Prec::Arg),
            _ => self.parse_after_precision(pct, i, end, minus, f, pad, Prec::Lit(0)),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn parse_after_precision(
        &self,
        pct: usize,
        i: usize,
        end: usize,
        minus: bool,
        f: Flags,
        pad: Pad,
        prec: Prec,
    ) -> R<Fmt> {
        if i == end {
            return Err(self.unexpected_end(end));
        }
        let side = if minus { Side::Left } else { Side::Right };
        let padprec = match (pad, prec) {
            (Pad::No, Prec::No) => Pad::No,
            (Pad::No, Prec::Lit(n)) => Pad::Lit(side, n),
            (Pad::No, Prec::Arg) => Pad::Arg(side),
            (pad, _) => pad,
        };
        self.parse_conversion(pct, i + 1, end, f, pad, prec, padprec, self.s[i])
    }

    #[allow(clippy::too_many_arguments)]
    fn parse_conversion(
        &self,
        pct: usize,
        i: usize,
        end: usize,
        f: Flags,
        pad: Pad,
        prec: Prec,
        padprec: Pad,
        symb: u8,
    ) -> R<Fmt> {
        let mut ign_used = false;
        // `get_int_pad`
        let int_pad = || match (pad, prec) {
            (pad, Prec::No) => pad,
            (Pad::No, _) => Pad::No,
            (Pad::Lit(Side::Zeros, n), _) => Pad::Lit(Side::Right, n),
            (Pad::Arg(Side::Zeros), _) => Pad::Arg(Side::Right),
            (pad, _) => pad,
        };
        // `check_no_0`
        let no_0 = |pad: Pad| match pad {
            Pad::Lit(Side::Zeros, w) => Pad::Lit(Side::Right, w),
            Pad::Arg(Side::Zeros) => Pad::Arg(Side::Right),
            pad => pad,
        };
        // `opt_of_pad`
        let opt_of_pad = |c: u8, pad: Pad| -> R<Option<i64>> {
            match pad {
                Pad::No => Ok(None),
                Pad::Lit(_, w) => Ok(Some(w)),
                Pad::Arg(_) => Err(self.incompatible_flag(pct, i, c, "'*'")),
            }
        };
        let prec_opt = || -> R<Option<i64>> {
            match prec {
                Prec::No => Ok(None),
                Prec::Lit(n) => Ok(Some(n)),
                Prec::Arg => Err(self.incompatible_flag(pct, i, b'_', "'*'")),
            }
        };
        let ign = f.ign;
        let b = Box::new;
        let result = match symb {
            b',' => self.parse(i, end)?,
            b'c' => {
                let rest = self.parse(i, end)?;
                ign_used = true;
                match opt_of_pad(b'c', pad)? {
                    Some(0) if ign => {
                        Fmt::IgnoredParam(Ign::Plain("Ignored_scan_next_char"), b(rest))
                    }
                    Some(0) => Fmt::One("Scan_next_char", b(rest)),
                    _ if ign => Fmt::IgnoredParam(Ign::Plain("Ignored_char"), b(rest)),
                    _ => Fmt::One("Char", b(rest)),
                }
            }
            b'C' => {
                let rest = self.parse(i, end)?;
                ign_used = true;
                if ign {
                    Fmt::IgnoredParam(Ign::Plain("Ignored_caml_char"), b(rest))
                } else {
                    Fmt::One("Caml_char", b(rest))
                }
            }
            b's' | b'S' | b'b' | b'B' => {
                let p = no_0(padprec);
                let rest = self.parse(i, end)?;
                ign_used = true;
                let (ctor, ignored) = match symb {
                    b's' => ("String", "Ignored_string"),
                    b'S' => ("Caml_string", "Ignored_caml_string"),
                    _ => ("Bool", "Ignored_bool"),
                };
                if ign {
                    Fmt::IgnoredParam(Ign::Padded(ignored, opt_of_pad(b'_', padprec)?), b(rest))
                } else {
                    Fmt::Padded(ctor, p, b(rest))
                }
            }
            b'd' | b'i' | b'x' | b'X' | b'o' | b'u' => {
                let iconv = int_conv(f.plus, f.hash, f.space, symb);
                let rest = self.parse(i, end)?;
                ign_used = true;
                if ign {
                    Fmt::IgnoredParam(
                        Ign::Int("Ignored_int", iconv, opt_of_pad(b'_', pad)?),
                        b(rest),
                    )
                } else {
                    Fmt::Int("Int", iconv, int_pad(), prec, b(rest))
                }
            }
            b'N' => {
                let rest = self.parse(i, end)?;
                ign_used = true;
                if ign {
                    Fmt::IgnoredParam(Ign::ScanGetCounter("Token_counter"), b(rest))
                } else {
                    Fmt::ScanGetCounter("Token_counter", b(rest))
                }
            }
            b'l' | b'n' | b'L' if i == end || !is_int_base(self.s[i]) => {
                let rest = self.parse(i, end)?;
                ign_used = true;
                let counter = match symb {
                    b'l' => "Line_counter",
                    b'n' => "Char_counter",
                    _ => "Token_counter",
                };
                if ign {
                    Fmt::IgnoredParam(Ign::ScanGetCounter(counter), b(rest))
                } else {
                    Fmt::ScanGetCounter(counter, b(rest))
                }
            }
            b'l' | b'n' | b'L' => {
                let iconv = int_conv(f.plus, f.hash, f.space, self.s[i]);
                let rest = self.parse(i + 1, end)?;
                ign_used = true;
                let (ctor, ignored) = match symb {
                    b'l' => ("Int32", "Ignored_int32"),
                    b'n' => ("Nativeint", "Ignored_nativeint"),
                    _ => ("Int64", "Ignored_int64"),
                };
                if ign {
                    Fmt::IgnoredParam(Ign::Int(ignored, iconv, opt_of_pad(b'_', pad)?), b(rest))
                } else {
                    Fmt::Int(ctor, iconv, int_pad(), prec, b(rest))
                }
            }
            b'f' | b'e' | b'E' | b'g' | b'G' | b'F' | b'h' | b'H' => {
                let flag = match (f.plus, f.space) {
                    (false, false) => "Float_flag_",
                    (false, true) => "Float_flag_s",
                    _ => "Float_flag_p",
                };
                let kind = match (f.hash, symb) {
                    (_, b'f') => "Float_f",
                    (_, b'e') => "Float_e",
                    (_, b'E') => "Float_E",
                    (_, b'g') => "Float_g",
                    (_, b'G') => "Float_G",
                    (_, b'h') => "Float_h",
                    (_, b'H') => "Float_H",
                    (false, _) => "Float_F",
                    (true, _) => "Float_CF",
                };
                let rest = self.parse(i, end)?;
                ign_used = true;
                if ign {
                    Fmt::IgnoredParam(Ign::Float(opt_of_pad(b'_', pad)?, prec_opt()?), b(rest))
                } else {
                    Fmt::Float(flag, kind, pad, prec, b(rest))
                }
            }
            b'a' => Fmt::One("Alpha", b(self.parse(i, end)?)),
            b't' => Fmt::One("Theta", b(self.parse(i, end)?)),
            b'r' => {
                let rest = self.parse(i, end)?;
                ign_used = true;
                if ign {
                    Fmt::IgnoredParam(Ign::Plain("Ignored_reader"), b(rest))
                } else {
                    Fmt::One("Reader", b(rest))
                }
            }
            b'!' => Fmt::One("Flush", b(self.parse(i, end)?)),
            b'%' | b'@' => Fmt::CharLiteral(symb, b(self.parse(i, end)?)),
            b'{' => {
                let sub_end = self.search_subformat_end(i, end, b'}')?;
                let sub = self.parse(i, sub_end)?;
                let rest = self.parse(sub_end + 2, end)?;
                let ty = fmtty_of_fmt(&sub);
                ign_used = true;
                if ign {
                    Fmt::IgnoredParam(Ign::FormatArg(opt_of_pad(b'_', pad)?, ty), b(rest))
                } else {
                    Fmt::FormatArg(opt_of_pad(b'{', pad)?, ty, b(rest))
                }
            }
            b'(' => {
                let sub_end = self.search_subformat_end(i, end, b')')?;
                let rest = self.parse(sub_end + 2, end)?;
                let sub = self.parse(i, sub_end)?;
                let ty = fmtty_of_fmt(&sub);
                ign_used = true;
                if ign {
                    Fmt::IgnoredParam(Ign::FormatSubst(opt_of_pad(b'_', pad)?, ty), b(rest))
                } else {
                    Fmt::FormatSubst(opt_of_pad(b'(', pad)?, ty, b(rest))
                }
            }
            b'[' => {
                let (next, set) = self.parse_char_set(i, end)?;
                let rest = self.parse(next, end)?;
                ign_used = true;
                if ign {
                    Fmt::IgnoredParam(Ign::ScanCharSet(opt_of_pad(b'_', pad)?, set), b(rest))
                } else {
                    Fmt::ScanCharSet(opt_of_pad(b'[', pad)?, set, b(rest))
                }
            }
            b'-' | b'+' | b'#' | b' ' | b'_' => {
                return Err(self.invalid(
                    pct,
                    &format!(
                        "flag {} is only allowed after the '%', before padding and precision",
                        quoted_char(symb)
                    ),
                ))
            }
            _ => {
                return Err(
                    self.invalid(i - 1, &format!("invalid conversion \"%{}\"", symb as char))
                )
            }
        };
        if !ign_used && ign && !matches!(symb, b'@' | b'%' | b'!' | b',') {
            return Err(self.incompatible_flag(pct, i, symb, "'_'"));
        }
        Ok(result)
    }

    fn parse_after_at(&self, i: usize, end: usize) -> R<Fmt> {
        if i == end {
            return Ok(Fmt::CharLiteral(b'@', Box::new(Fmt::End)));
        }
        let lit = |l: Lit, next: usize| -> R<Fmt> {
            Ok(Fmt::FormattingLit(l, Box::new(self.parse(next, end)?)))
        };
        match self.s[i] {
            b'[' => self.parse_tag(false, i + 1, end),
            b']' => lit(Lit::CloseBox, i + 1),
            b'{' => self.parse_tag(true, i + 1, end),
            b'}' => lit(Lit::CloseTag, i + 1),
            b',' => lit(Lit::Break(b"@,".to_vec(), 0, 0), i + 1),
            b' ' => lit(Lit::Break(b"@ ".to_vec(), 1, 0), i + 1),
            b';' => self.parse_good_break(i + 1, end),
            b'?' => lit(Lit::FFlush, i + 1),
            b'\n' => lit(Lit::ForceNewline, i + 1),
            b'.' => lit(Lit::FlushNewline, i + 1),
            b'<' => self.parse_magic_size(i + 1, end),
            b'@' => lit(Lit::EscapedAt, i + 1),
            b'%' if i + 1 < end && self.s[i + 1] == b'%' => lit(Lit::EscapedPercent, i + 2),
            b'%' => Ok(Fmt::CharLiteral(b'@', Box::new(self.parse(i, end)?))),
            c => lit(Lit::ScanIndic(c), i + 1),
        }
    }

    fn parse_tag(&self, is_open_tag: bool, i: usize, end: usize) -> R<Fmt> {
        if i < end && self.s[i] == b'<' {
            // `String.index_from str (i + 1) '>'`: in the whole string, then bounded.
            if let Some(ind) = self.s[i + 1..]
                .iter()
                .position(|&c| c == b'>')
                .map(|p| p + i + 1)
            {
                if ind < end {
                    let sub_str = self.s[i..=ind].to_vec();
                    let rest = self.parse(ind + 1, end)?;
                    let sub = self.parse(i, ind + 1)?;
                    return Ok(Fmt::FormattingGen(
                        is_open_tag,
                        Box::new(sub),
                        sub_str,
                        Box::new(rest),
                    ));
                }
            }
        }
        let rest = self.parse(i, end)?;
        Ok(Fmt::FormattingGen(
            is_open_tag,
            Box::new(Fmt::End),
            Vec::new(),
            Box::new(rest),
        ))
    }

    /// The `<width offset>` after `@;` (`None`: OCaml's `Not_found | Failure _`).
    fn good_break(&self, i: usize, end: usize) -> Option<(usize, Lit)> {
        if i == end || self.s[i] != b'<' {
            return None;
        }
        let i1 = self.parse_spaces(i + 1, end).ok()?;
        match self.s.get(i1)? {
            b'0'..=b'9' | b'-' => {
                let (i2, width) = self.parse_integer(i1, end).ok()?;
                let i3 = self.parse_spaces(i2, end).ok()?;
                match self.s.get(i3)? {
                    b'>' => Some((i3 + 1, Lit::Break(self.s[i - 2..i3 + 1].to_vec(), width, 0))),
                    b'0'..=b'9' | b'-' => {
                        let (i4, offset) = self.parse_integer(i3, end).ok()?;
                        let i5 = self.parse_spaces(i4, end).ok()?;
                        if *self.s.get(i5)? != b'>' {
                            return None;
                        }
                        Some((
                            i5 + 1,
                            Lit::Break(self.s[i - 2..i5 + 1].to_vec(), width, offset),
                        ))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn parse_good_break(&self, i: usize, end: usize) -> R<Fmt> {
        let (next, l) = self
            .good_break(i, end)
            .unwrap_or((i, Lit::Break(b"@;".to_vec(), 1, 0)));
        Ok(Fmt::FormattingLit(l, Box::new(self.parse(next, end)?)))
    }

    fn magic_size(&self, i: usize, end: usize) -> Option<(usize, Lit)> {
        let i1 = self.parse_spaces(i, end).ok()?;
        match self.s.get(i1)? {
            b'0'..=b'9' | b'-' => {
                let (i2, size) = self.parse_integer(i1, end).ok()?;
                let i3 = self.parse_spaces(i2, end).ok()?;
                if *self.s.get(i3)? != b'>' {
                    return None;
                }
                Some((i3 + 1, Lit::MagicSize(self.s[i - 2..i3 + 1].to_vec(), size)))
            }
            _ => None,
        }
    }

    fn parse_magic_size(&self, i: usize, end: usize) -> R<Fmt> {
        match self.magic_size(i, end) {
            Some((next, l)) => Ok(Fmt::FormattingLit(l, Box::new(self.parse(next, end)?))),
            None => Ok(Fmt::FormattingLit(
                Lit::ScanIndic(b'<'),
                Box::new(self.parse(i, end)?),
            )),
        }
    }

    fn parse_char_set(&self, i: usize, end: usize) -> R<(usize, Vec<u8>)> {
        if i == end {
            return Err(self.unexpected_end(end));
        }
        let mut set = vec![0u8; 32];
        let add = |set: &mut Vec<u8>, c: u8| set[(c >> 3) as usize] |= 1 << (c & 7);
        let fail_single_percent = |i: usize| {
            format!(
                "invalid format {}: '%' alone is not accepted in character sets, use %% instead at position {i}.",
                quoted(self.s)
            )
        };
        let (mut i, reverse) = if self.s[i] == b'^' {
            (i + 1, true)
        } else {
            (i, false)
        };
        // parse_char_set_start
        if i == end {
            return Err(self.unexpected_end(end));
        }
        let mut c = self.s[i];
        i += 1;
        // States: after a char `c` (AfterChar), or in the content (Content).
        enum St {
            AfterChar,
            Content,
        }
        let mut st = St::AfterChar;
        let next = loop {
            if i == end {
                return Err(self.unexpected_end(end));
            }
            match st {
                St::Content => match self.s[i] {
                    b']' => break i + 1,
                    b'-' => {
                        add(&mut set, b'-');
                        i += 1;
                    }
                    c2 => {
                        c = c2;
                        i += 1;
                        st = St::AfterChar;
                    }
                },
                St::AfterChar => match self.s[i] {
                    b']' => {
                        add(&mut set, c);
                        break i + 1;
                    }
                    b'-' => {
                        // parse_char_set_after_minus
                        i += 1;
                        if i == end {
                            return Err(self.unexpected_end(end));
                        }
                        match self.s[i] {
                            b']' => {
                                add(&mut set, c);
                                add(&mut set, b'-');
                                break i + 1;
                            }
                            b'%' => {
                                if i + 1 == end {
                                    return Err(self.unexpected_end(end));
                                }
                                match self.s[i + 1] {
                                    c2 @ (b'%' | b'@') => {
                                        for k in c..=c2 {
                                            add(&mut set, k);
                                        }
                                        i += 2;
                                        st = St::Content;
                                    }
                                    _ => return Err(fail_single_percent(i)),
                                }
                            }
                            c2 => {
                                for k in c..=c2 {
                                    add(&mut set, k);
                                }
                                i += 1;
                                st = St::Content;
                            }
                        }
                    }
                    c2 @ (b'%' | b'@') if c == b'%' => {
                        add(&mut set, c2);
                        i += 1;
                        st = St::Content;
                    }
                    c2 => {
                        if c == b'%' {
                            return Err(fail_single_percent(i));
                        }
                        add(&mut set, c);
                        c = c2;
                        i += 1;
                    }
                },
            }
        };
        if reverse {
            for b in set.iter_mut() {
                *b ^= 0xFF;
            }
        }
        Ok((next, set))
    }

    fn parse_spaces(&self, mut i: usize, end: usize) -> R<usize> {
        loop {
            if i == end {
                return Err(self.unexpected_end(end));
            }
            if self.s[i] != b' ' {
                return Ok(i);
            }
            i += 1;
        }
    }

    fn parse_positive(&self, mut i: usize, end: usize, mut acc: i64) -> R<(usize, i64)> {
        loop {
            if i == end {
                return Err(self.unexpected_end(end));
            }
            match self.s[i] {
                c @ b'0'..=b'9' => {
                    acc = acc * 10 + i64::from(c - b'0');
                    if acc > MAX_STRING_LENGTH {
                        return Err(format!(
                            "invalid format {}: integer {acc} is greater than the limit {MAX_STRING_LENGTH}",
                            quoted(self.s)
                        ));
                    }
                    i += 1;
                }
                _ => return Ok((i, acc)),
            }
        }
    }

    fn parse_integer(&self, i: usize, end: usize) -> R<(usize, i64)> {
        if i == end {
            return Err(self.unexpected_end(end));
        }
        match self.s[i] {
            b'0'..=b'9' => self.parse_positive(i, end, 0),
            b'-' => {
                if i + 1 == end {
                    return Err(self.unexpected_end(end));
                }
                match self.s[i + 1] {
                    b'0'..=b'9' => {
                        let (next, n) = self.parse_positive(i + 1, end, 0)?;
                        Ok((next, -n))
                    }
                    c => Err(self.expected_character(i + 1, "digit", c)),
                }
            }
            _ => Err("assert false".to_string()),
        }
    }

    fn search_subformat_end(&self, mut i: usize, end: usize, c: u8) -> R<usize> {
        loop {
            if i == end {
                return Err(format!(
                    "invalid format {}: unclosed sub-format, expected \"%{}\" at character number {end}",
                    quoted(self.s),
                    c as char
                ));
            }
            if self.s[i] != b'%' {
                i += 1;
                continue;
            }
            if i + 1 == end {
                return Err(self.unexpected_end(end));
            }
            let d = self.at(i + 1)?;
            if d == c {
                return Ok(i);
            }
            i = match d {
                b'_' => {
                    if i + 2 == end {
                        return Err(self.unexpected_end(end));
                    }
                    match self.at(i + 2)? {
                        b'{' => self.search_subformat_end(i + 3, end, b'}')? + 2,
                        b'(' => self.search_subformat_end(i + 3, end, b')')? + 2,
                        _ => i + 3,
                    }
                }
                b'{' => self.search_subformat_end(i + 2, end, b'}')? + 2,
                b'(' => self.search_subformat_end(i + 2, end, b')')? + 2,
                b'}' => return Err(self.expected_character(i + 1, "character ')'", b'}')),
                b')' => return Err(self.expected_character(i + 1, "character '}'", b')')),
                _ => i + 2,
            };
        }
    }
}

#[derive(Clone, Copy)]
struct Flags {
    plus: bool,
    hash: bool,
    space: bool,
    ign: bool,
}

fn is_int_base(c: u8) -> bool {
    matches!(c, b'd' | b'i' | b'x' | b'X' | b'o' | b'u')
}

/// `compute_int_conv` in legacy mode.
fn int_conv(plus: bool, hash: bool, space: bool, symb: u8) -> &'static str {
    match (plus, hash, space, symb) {
        (false, false, false, b'd') => "Int_d",
        (false, false, false, b'i') => "Int_i",
        (false, false, true, b'd') => "Int_sd",
        (false, false, true, b'i') => "Int_si",
        (true, false, false, b'd') => "Int_pd",
        (true, false, false, b'i') => "Int_pi",
        (false, false, false, b'x') => "Int_x",
        (false, false, false, b'X') => "Int_X",
        (false, true, false, b'x') => "Int_Cx",
        (false, true, false, b'X') => "Int_CX",
        (false, false, false, b'o') => "Int_o",
        (false, true, false, b'o') => "Int_Co",
        (false, false, false, b'u') => "Int_u",
        (false, true, false, b'd') => "Int_Cd",
        (false, true, false, b'i') => "Int_Ci",
        (false, true, false, b'u') => "Int_Cu",
        (_, true, _, b'x') => "Int_Cx",
        (_, true, _, b'X') => "Int_CX",
        (_, true, _, b'o') => "Int_Co",
        (_, true, _, b'd' | b'i' | b'u') => int_conv(plus, false, space, symb),
        (true, _, true, _) => int_conv(plus, hash, false, symb),
        (false, _, true, _) => int_conv(plus, hash, false, symb),
        (true, _, false, _) => int_conv(false, hash, space, symb),
        // `%l`, `%n`, `%L` before a letter that is an int base: unreachable otherwise.
        (false, _, false, _) => "Int_d",
    }
}
