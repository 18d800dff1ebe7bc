//! S-expressions: the concrete syntax under the lambda IR's text form ([`super::print`],
//! [`super::parse`]). Lists are `( ... )`, binder groups are `[ ... ]`; atoms are symbols,
//! numbers, `'c'` char literals and `"..."` string literals (kept as written).

use std::fmt::Write;

#[derive(Clone, Debug, PartialEq)]
pub enum Sexp {
    Atom(String),
    /// `( ... )`
    List(Vec<Sexp>),
    /// `[ ... ]`
    Brackets(Vec<Sexp>),
}

impl Sexp {
    pub fn atom(s: impl Into<String>) -> Sexp {
        Sexp::Atom(s.into())
    }

    /// The one-line form.
    pub fn flat(&self) -> String {
        let mut out = String::new();
        self.write_flat(&mut out);
        out
    }

    fn write_flat(&self, out: &mut String) {
        let (open, close, items) = match self {
            Sexp::Atom(a) => {
                out.push_str(a);
                return;
            }
            Sexp::List(items) => ('(', ')', items),
            Sexp::Brackets(items) => ('[', ']', items),
        };
        out.push(open);
        for (i, it) in items.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            it.write_flat(out);
        }
        out.push(close);
    }

    fn flat_width(&self, limit: usize) -> usize {
        match self {
            Sexp::Atom(a) => a.len(),
            Sexp::List(items) | Sexp::Brackets(items) => {
                let mut w = 1 + items.len();
                for it in items {
                    if w > limit {
                        break;
                    }
                    w += it.flat_width(limit - w.min(limit));
                }
                w
            }
        }
    }

    /// An indented form: a list that does not fit in `width` columns puts its head (and, for
    /// binding forms, its binder group) on the first line and the rest one per line.
    pub fn pretty(&self, width: usize) -> String {
        let mut out = String::new();
        self.write_pretty(&mut out, 0, width);
        out
    }

    fn write_pretty(&self, out: &mut String, indent: usize, width: usize) {
        let avail = width.saturating_sub(indent);
        let items = match self {
            Sexp::List(items) if self.flat_width(avail + 1) > avail && items.len() > 1 => items,
            _ => {
                self.write_flat(out);
                return;
            }
        };
        out.push('(');
        items[0].write_flat(out);
        let mut rest = &items[1..];
        // Keep a binder group / small leading atoms on the head line.
        while let Some(first) = rest.first() {
            let keep = matches!(first, Sexp::Atom(_))
                || matches!(first, Sexp::Brackets(_)) && first.flat_width(avail) < avail / 2;
            if !keep || rest.len() == 1 {
                break;
            }
            out.push(' ');
            first.write_flat(out);
            rest = &rest[1..];
        }
        for it in rest {
            out.push('\n');
            for _ in 0..indent + 2 {
                out.push(' ');
            }
            it.write_pretty(out, indent + 2, width);
        }
        out.push(')');
    }

    /// Reads one S-expression from `text` (the whole text must be used).
    pub fn parse(text: &str) -> Result<Sexp, String> {
        let mut p = Reader {
            s: text.as_bytes(),
            pos: 0,
        };
        let e = p.read()?;
        p.skip_ws();
        if p.pos != p.s.len() {
            return Err(format!("trailing text at byte {}", p.pos));
        }
        Ok(e)
    }
}

struct Reader<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && (self.s[self.pos] as char).is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn read(&mut self) -> Result<Sexp, String> {
        self.skip_ws();
        let Some(&c) = self.s.get(self.pos) else {
            return Err("unexpected end of text".into());
        };
        match c {
            b'(' | b'[' => {
                let close = if c == b'(' { b')' } else { b']' };
                self.pos += 1;
                let mut items = vec![];
                loop {
                    self.skip_ws();
                    match self.s.get(self.pos) {
                        None => return Err("unclosed list".into()),
                        Some(&d) if d == close => {
                            self.pos += 1;
                            break;
                        }
                        Some(b')') | Some(b']') => {
                            return Err(format!("mismatched bracket at byte {}", self.pos))
                        }
                        _ => items.push(self.read()?),
                    }
                }
                Ok(if c == b'(' {
                    Sexp::List(items)
                } else {
                    Sexp::Brackets(items)
                })
            }
            b')' | b']' => Err(format!("unexpected closing bracket at byte {}", self.pos)),
            b'"' | b'\'' => {
                let start = self.pos;
                self.pos += 1;
                while self.pos < self.s.len() && self.s[self.pos] != c {
                    if self.s[self.pos] == b'\\' {
                        self.pos += 1;
                    }
                    self.pos += 1;
                }
                if self.pos >= self.s.len() {
                    return Err("unclosed literal".into());
                }
                self.pos += 1;
                Ok(Sexp::Atom(
                    String::from_utf8_lossy(&self.s[start..self.pos]).into_owned(),
                ))
            }
            _ => {
                // Braces group a type with spaces into one atom: `V0:{int list}`.
                let start = self.pos;
                let mut braces = 0usize;
                while self.pos < self.s.len() {
                    let d = self.s[self.pos];
                    if braces == 0 && ((d as char).is_ascii_whitespace() || b"()[]".contains(&d)) {
                        break;
                    }
                    match d {
                        b'{' => braces += 1,
                        b'}' => braces = braces.saturating_sub(1),
                        _ => {}
                    }
                    self.pos += 1;
                }
                Ok(Sexp::Atom(
                    String::from_utf8_lossy(&self.s[start..self.pos]).into_owned(),
                ))
            }
        }
    }
}

/// OCaml's escaping of a byte inside a literal quoted by `quote`.
pub fn escape_byte(out: &mut String, b: u8, quote: u8) {
    match b {
        b'\n' => out.push_str("\\n"),
        b'\t' => out.push_str("\\t"),
        b'\r' => out.push_str("\\r"),
        b'\\' => out.push_str("\\\\"),
        _ if b == quote => {
            out.push('\\');
            out.push(b as char);
        }
        0x20..=0x7e => out.push(b as char),
        _ => {
            let _ = write!(out, "\\{:03}", b);
        }
    }
}

/// Decodes the body of a quoted literal (without its quotes).
pub fn unescape(body: &str) -> Result<Vec<u8>, String> {
    let b = body.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let Some(&c) = b.get(i + 1) else {
            return Err("dangling backslash".into());
        };
        i += 2;
        match c {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'b' => out.push(8),
            b' ' => out.push(b' '),
            b'0'..=b'9' => {
                let digits = b.get(i - 1..i + 2).ok_or("short decimal escape")?;
                let s = std::str::from_utf8(digits).map_err(|e| e.to_string())?;
                out.push(s.parse::<u8>().map_err(|e| e.to_string())?);
                i += 2;
            }
            b'x' => {
                let digits = b.get(i..i + 2).ok_or("short hex escape")?;
                let s = std::str::from_utf8(digits).map_err(|e| e.to_string())?;
                out.push(u8::from_str_radix(s, 16).map_err(|e| e.to_string())?);
                i += 2;
            }
            _ => out.push(c),
        }
    }
    Ok(out)
}
