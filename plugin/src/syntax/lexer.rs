//! The lexer: source bytes → a vector of [`Token`]s, each with its [`Span`].
//!
//! It follows OCaml 4.13's `lexer.mll` for the part of the language egret reads:
//!
//! - **Comments** `(* ... *)` nest, and inside them string literals (`"..."`, `{|...|}`) and
//!   character literals are skipped as units, so `(* "*)" *)` and `(* '"' *)` are one comment.
//!   `(*)` opens a comment, as in OCaml.
//! - **Integer literals** in decimal, `0x`, `0o`, `0b`, with `_` separators. The value is
//!   computed as OCaml's `Int_literal_converter.int` does (a 63-bit int): a decimal literal may
//!   be at most 2^62 (which wraps to `min_int`, so `-4611686018427387904` is `min_int`), a
//!   non-decimal one at most 2^63-1 (`0x7fffffffffffffff` is `-1`). Anything larger is an error.
//!   [`TokenKind::Int`] holds the value sign-extended from 63 bits into an `i64`.
//! - **Float literals** keep their text ([`TokenKind::Float`]), `_` removed.
//! - **Char and string literals** decode their escapes; in a string an unknown escape such as
//!   `\q` keeps both bytes (OCaml only warns), in a char it is an error.
//! - **Operators**: a run of operator characters is one token, as OCaml's longest match does
//!   (`>>=`, `|>`, `=-` are each one token). Operators and punctuation are all
//!   [`TokenKind::Symbol`]; the parser gives them their precedence from their first characters.
//!
//! The lexer stops at the first error: the token vector then ends with [`TokenKind::Error`]
//! and [`Lexed::error`] holds the diagnostic, so the parser reports whichever comes first in
//! the file, a syntax error or the lexical one.

use crate::diagnostics::{Diagnostic, Span};

#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    /// An `int` literal, already wrapped to 63 bits and sign-extended.
    Int(i64),
    /// A float literal's text without `_` (`1.5`, `1e10`, `1.`).
    Float(String),
    /// An integer literal with a suffix `l` (int32), `L` (int64) or `n` (nativeint): its text
    /// as written, without the suffix (`0x7fff_ffff`). The typer converts it (OCaml's parser
    /// keeps the text too: `-2147483648l` is only in range with its sign).
    BoxedInt(String, char),
    Char(u8),
    String(Vec<u8>),
    /// `x`, `_foo`, `x'` (but not `_` alone, which is the symbol `_`).
    Lident(String),
    /// `Some`, `List`.
    Uident(String),
    /// A reserved word, including the operator words `mod land lor lxor lsl lsr asr or`.
    Keyword(&'static str),
    /// Punctuation and operators: `(`, `->`, `;;`, `_`, `'`, `+`, `>>=`, `!`, `~-`.
    Symbol(String),
    /// `let*`, `and+`: binding operators (rejected by the parser).
    LetOp(String),
    /// `.%`, `.!+`: the head of an extended indexing operator (OCaml's `DOTOP`: a `.` then
    /// one of `!$%&*+-/:=>?@^|`, then operator characters), with its dot.
    DotOp(String),
    Eof,
    /// Lexing stopped here; see [`Lexed::error`].
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// The result of lexing a whole file.
pub struct Lexed {
    /// Always ends with [`TokenKind::Eof`] or [`TokenKind::Error`].
    pub tokens: Vec<Token>,
    pub error: Option<Diagnostic>,
}

/// OCaml's keywords, sorted (looked up by binary search).
const KEYWORDS: &[&str] = &[
    "and",
    "as",
    "asr",
    "assert",
    "begin",
    "class",
    "constraint",
    "do",
    "done",
    "downto",
    "else",
    "end",
    "exception",
    "external",
    "false",
    "for",
    "fun",
    "function",
    "functor",
    "if",
    "in",
    "include",
    "inherit",
    "initializer",
    "land",
    "lazy",
    "let",
    "lor",
    "lsl",
    "lsr",
    "lxor",
    "match",
    "method",
    "mod",
    "module",
    "mutable",
    "new",
    "nonrec",
    "object",
    "of",
    "open",
    "or",
    "private",
    "rec",
    "sig",
    "struct",
    "then",
    "to",
    "true",
    "try",
    "type",
    "val",
    "virtual",
    "when",
    "while",
    "with",
];

/// The characters that may follow the `.` of an extended indexing operator (OCaml's
/// `dotsymbolchar`: its `symbolchar` but `.`, `<` and `~`).
fn is_dot_symbol_char(c: u8) -> bool {
    is_symbol_char(c) && !matches!(c, b'.' | b'<' | b'~')
}

/// OCaml's `symbolchar`: the characters operators are made of.
pub fn is_symbol_char(c: u8) -> bool {
    matches!(
        c,
        b'!' | b'$'
            | b'%'
            | b'&'
            | b'*'
            | b'+'
            | b'-'
            | b'.'
            | b'/'
            | b':'
            | b'<'
            | b'='
            | b'>'
            | b'?'
            | b'@'
            | b'^'
            | b'|'
            | b'~'
    )
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'\''
}

/// Lexes a whole source file: bytes, as OCaml's lexer reads them (a string literal or a
/// comment may hold any byte, e.g. Latin-1 text, kept as it is).
pub fn lex(source: &[u8]) -> Lexed {
    let mut lexer = Lexer {
        src: source,
        pos: 0,
        tokens: Vec::new(),
        open_overrides: 0,
    };
    let error = lexer.run().err();
    let end = lexer.pos as u32;
    let kind = if error.is_some() {
        TokenKind::Error
    } else {
        TokenKind::Eof
    };
    lexer.tokens.push(Token {
        kind,
        span: Span::new(end, end),
    });
    Lexed {
        tokens: lexer.tokens,
        error,
    }
}

struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    tokens: Vec<Token>,
    /// The `{<` not closed yet: inside one, `>}` is a token (OCaml's `GREATERRBRACE`).
    open_overrides: usize,
}

type LexResult<T> = Result<T, Diagnostic>;

impl<'a> Lexer<'a> {
    fn peek_at(&self, offset: usize) -> Option<u8> {
        self.src.get(self.pos + offset).copied()
    }

    fn span_from(&self, start: usize) -> Span {
        Span::new(start as u32, self.pos as u32)
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        let span = self.span_from(start);
        self.tokens.push(Token { kind, span });
    }

    /// `#` at the start of a line, then blanks, a decimal line number, and optionally blanks
    /// and a string, then the end of the line.
    fn at_line_directive(&self) -> bool {
        if self.pos > 0 && self.src[self.pos - 1] != b'\n' {
            return false;
        }
        let line_end = (self.src[self.pos..].iter())
            .position(|&c| c == b'\n')
            .map_or(self.src.len(), |i| self.pos + i);
        let rest = &self.src[self.pos + 1..line_end];
        let rest = rest.trim_ascii_start();
        let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return false;
        }
        let after = rest[digits..].trim_ascii();
        after.is_empty() || (after.len() >= 2 && after[0] == b'"' && after[after.len() - 1] == b'"')
    }

    fn run(&mut self) -> LexResult<()> {
        while let Some(c) = self.peek_at(0) {
            let start = self.pos;
            match c {
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' => self.pos += 1,
                b'(' if self.peek_at(1) == Some(b'*') => self.comment()?,
                b'a'..=b'z' | b'_' | b'A'..=b'Z' => self.identifier(),
                b'0'..=b'9' => self.number()?,
                b'"' => {
                    self.pos += 1;
                    let bytes = self.string_body(start, false)?;
                    self.push(TokenKind::String(bytes), start);
                }
                b'{' if self.quoted_string_delimiter().is_some() => {
                    let bytes = self.quoted_string(start)?;
                    self.push(TokenKind::String(bytes), start);
                }
                b'\'' => self.quote()?,
                b'(' | b')' | b'[' | b']' | b'{' | b'}' | b',' | b'`' => {
                    self.pos += 1;
                    if c == b'{' && self.peek_at(0) == Some(b'<') {
                        // `{<`: an override `{< x = e >}`.
                        self.pos += 1;
                        self.open_overrides += 1;
                    } else if c == b'['
                        && matches!(self.peek_at(0), Some(b'|' | b'@' | b'%' | b'<' | b'>'))
                    {
                        // `[|`, `[@`, `[@@`, `[%`, ... are single tokens in OCaml.
                        let second = self.peek_at(0).unwrap();
                        self.pos += 1;
                        while matches!(second, b'@' | b'%') && self.peek_at(0) == Some(second) {
                            self.pos += 1;
                        }
                    }
                    let text = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
                    self.push(TokenKind::Symbol(text), start);
                }
                b';' => {
                    self.pos += if self.peek_at(1) == Some(b';') { 2 } else { 1 };
                    let text = if self.pos - start == 2 { ";;" } else { ";" };
                    self.push(TokenKind::Symbol(text.to_string()), start);
                }
                // A line directive (`# 2 "stdlib/sys.mlp"` at the start of a line, as
                // OCaml's lexer reads them): skipped. Positions stay the file's own.
                b'#' if self.at_line_directive() => {
                    while !matches!(self.peek_at(0), None | Some(b'\n')) {
                        self.pos += 1;
                    }
                }
                b'#' => {
                    self.pos += 1;
                    while matches!(self.peek_at(0), Some(c) if is_symbol_char(c) || c == b'#') {
                        self.pos += 1;
                    }
                    let text = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
                    self.push(TokenKind::Symbol(text), start);
                }
                c if is_symbol_char(c) => self.operator(),
                _ => {
                    // A UTF-8 character is shown as itself; a byte that does not start one
                    // (Latin-1 text, say) as OCaml shows it, by its decimal code (`\233`).
                    let len = utf8_len(c).min(self.src.len() - self.pos);
                    let (len, shown) = match std::str::from_utf8(&self.src[start..start + len]) {
                        Ok(s) => (len, s.escape_default().to_string()),
                        Err(_) => (1, format!("\\{c}")),
                    };
                    let span = Span::new(start as u32, (start + len) as u32);
                    return Err(Diagnostic::error(
                        span,
                        format!("illegal character `{shown}`"),
                    ));
                }
            }
        }
        Ok(())
    }

    fn identifier(&mut self) {
        let start = self.pos;
        while matches!(self.peek_at(0), Some(c) if is_ident_char(c)) {
            self.pos += 1;
        }
        let text = std::str::from_utf8(&self.src[start..self.pos]).unwrap();
        let keyword = KEYWORDS.binary_search(&text).ok().map(|i| KEYWORDS[i]);
        if let Some(kw) = keyword {
            // `let*`, `and+`: binding operators.
            if matches!(kw, "let" | "and")
                && matches!(
                    self.peek_at(0),
                    Some(
                        b'$' | b'&'
                            | b'*'
                            | b'+'
                            | b'-'
                            | b'/'
                            | b'<'
                            | b'='
                            | b'>'
                            | b'@'
                            | b'^'
                            | b'|'
                    )
                )
                && self.peek_at(0) != Some(b'=')
            {
                while matches!(self.peek_at(0), Some(c) if is_symbol_char(c)) {
                    self.pos += 1;
                }
                let text = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
                self.push(TokenKind::LetOp(text), start);
                return;
            }
            self.push(TokenKind::Keyword(kw), start);
        } else if text == "_" {
            self.push(TokenKind::Symbol("_".to_string()), start);
        } else if text.as_bytes()[0].is_ascii_uppercase() {
            self.push(TokenKind::Uident(text.to_string()), start);
        } else {
            self.push(TokenKind::Lident(text.to_string()), start);
        }
    }

    /// A run of operator characters, starting at a `symbolchar` other than `#`.
    fn operator(&mut self) {
        let start = self.pos;
        let c = self.src[start];
        let next = self.peek_at(1);
        // Characters that are not the start of an operator in OCaml's lexer: `:` `.` alone or
        // in their fixed tokens, `!` `~` `?` alone.
        let len = match (c, next) {
            (b':', Some(b':' | b'=' | b'>')) => 2,
            (b':', _) => 1,
            (b'.', Some(b'.')) => 2,
            (b'.', Some(d)) if is_dot_symbol_char(d) => {
                let mut end = start + 2;
                while end < self.src.len() && is_symbol_char(self.src[end]) {
                    end += 1;
                }
                self.pos = end;
                let text = String::from_utf8_lossy(&self.src[start..end]).into_owned();
                self.push(TokenKind::DotOp(text), start);
                return;
            }
            (b'.', _) => 1,
            (b'|', Some(b']')) => 2,
            (b'>', Some(b'}')) if self.open_overrides > 0 => {
                self.open_overrides -= 1;
                2
            }
            (b'!' | b'~' | b'?', n) if !n.is_some_and(is_symbol_char) => 1,
            _ => {
                let mut end = start + 1;
                while end < self.src.len() && is_symbol_char(self.src[end]) {
                    end += 1;
                }
                end - start
            }
        };
        self.pos += len;
        let text = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
        self.push(TokenKind::Symbol(text), start);
    }

    /// `'`: a char literal (`'a'`, `'\n'`) or the quote of a type variable (`'a`).
    fn quote(&mut self) -> LexResult<()> {
        let start = self.pos;
        match (self.peek_at(1), self.peek_at(2)) {
            (Some(b'\\'), _) => {
                self.pos += 2;
                let c = self
                    .escape(start, false)?
                    .ok_or_else(|| self.illegal_escape(start + 1))?;
                if self.peek_at(0) != Some(b'\'') {
                    return Err(self.illegal_escape(start + 1));
                }
                self.pos += 1;
                self.push(TokenKind::Char(c), start);
            }
            (Some(c), Some(b'\'')) if c != b'\'' => {
                self.pos += 3;
                self.push(TokenKind::Char(c), start);
            }
            _ => {
                self.pos += 1;
                self.push(TokenKind::Symbol("'".to_string()), start);
            }
        }
        Ok(())
    }

    fn illegal_escape(&self, backslash: usize) -> Diagnostic {
        let end = (backslash + 2)
            .min(self.src.len())
            .max(self.pos.min(self.src.len()));
        let text = String::from_utf8_lossy(&self.src[backslash..end]).into_owned();
        Diagnostic::error(
            Span::new(backslash as u32, end as u32),
            format!("illegal escape sequence `{text}`"),
        )
    }

    /// Decodes the escape after a backslash (`self.pos` is just past the `\`). Returns `None`
    /// for an unknown escape (leaving `self.pos` unchanged), or an error for a malformed code.
    fn escape(&mut self, literal_start: usize, in_string: bool) -> LexResult<Option<u8>> {
        let backslash = self.pos - 1;
        let Some(c) = self.peek_at(0) else {
            return Err(self.unterminated(literal_start, in_string));
        };
        let simple = match c {
            b'\\' => Some(b'\\'),
            b'"' => Some(b'"'),
            b'\'' => Some(b'\''),
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'b' => Some(b'\x08'),
            b'r' => Some(b'\r'),
            b' ' => Some(b' '),
            _ => None,
        };
        if let Some(byte) = simple {
            self.pos += 1;
            return Ok(Some(byte));
        }
        let digits = |lexer: &Self, n: usize, radix: u32| -> Option<u32> {
            let text = lexer.src.get(lexer.pos + 1..lexer.pos + 1 + n)?;
            let text = std::str::from_utf8(text).ok()?;
            if !text.bytes().all(|b| (b as char).is_digit(radix)) {
                return None;
            }
            u32::from_str_radix(text, radix).ok()
        };
        let code = match c {
            b'0'..=b'9' => {
                self.pos -= 1; // decimal digits start right after the backslash
                let value = digits(self, 3, 10);
                self.pos += 1;
                value.map(|v| (v, 3))
            }
            b'x' => digits(self, 2, 16).map(|v| (v, 3)),
            b'o' => digits(self, 3, 8).map(|v| (v, 4)),
            _ => None,
        };
        match code {
            Some((value, len)) => {
                self.pos += len;
                if value > 255 {
                    let span = Span::new(backslash as u32, self.pos as u32);
                    return Err(Diagnostic::error(
                        span,
                        format!("illegal escape sequence: {value} is outside the range of legal characters (0-255)"),
                    ));
                }
                Ok(Some(value as u8))
            }
            None => Ok(None),
        }
    }

    fn unterminated(&self, start: usize, in_string: bool) -> Diagnostic {
        let what = if in_string {
            "string literal"
        } else {
            "character literal"
        };
        Diagnostic::error(
            Span::new(start as u32, start as u32 + 1),
            format!("unterminated {what}"),
        )
    }

    /// The body of a `"..."` string; `self.pos` is just past the opening quote.
    /// In a comment, escapes are not checked.
    fn string_body(&mut self, start: usize, in_comment: bool) -> LexResult<Vec<u8>> {
        let mut bytes = Vec::new();
        loop {
            let Some(c) = self.peek_at(0) else {
                let span = Span::new(start as u32, start as u32 + 1);
                let message = if in_comment {
                    "this comment contains an unterminated string literal"
                } else {
                    "unterminated string literal"
                };
                return Err(Diagnostic::error(span, message));
            };
            self.pos += 1;
            match c {
                b'"' => return Ok(bytes),
                b'\\' => match self.peek_at(0) {
                    Some(b'\n') | Some(b'\r') => {
                        // Line continuation: skip the newline and the next line's leading blanks.
                        if self.peek_at(0) == Some(b'\r') {
                            self.pos += 1;
                        }
                        if self.peek_at(0) == Some(b'\n') {
                            self.pos += 1;
                        }
                        while matches!(self.peek_at(0), Some(b' ' | b'\t')) {
                            self.pos += 1;
                        }
                    }
                    Some(b'u') if self.peek_at(1) == Some(b'{') => {
                        let backslash = self.pos - 1;
                        let close = self.src[self.pos..].iter().position(|&b| b == b'}');
                        let scalar = close.and_then(|close| {
                            let hex =
                                std::str::from_utf8(&self.src[self.pos + 2..self.pos + close])
                                    .ok()?;
                            let value = u32::from_str_radix(hex, 16)
                                .ok()
                                .filter(|_| (1..=6).contains(&hex.len()))?;
                            Some((char::from_u32(value)?, close))
                        });
                        match scalar {
                            Some((ch, close)) => {
                                self.pos += close + 1;
                                let mut buf = [0; 4];
                                bytes.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                            }
                            None if in_comment => bytes.push(b'\\'),
                            None => return Err(self.illegal_escape(backslash)),
                        }
                    }
                    _ => match self.escape(start, true) {
                        Ok(Some(b)) => bytes.push(b),
                        // An unknown escape keeps the backslash (OCaml warns).
                        Ok(None) => bytes.push(b'\\'),
                        Err(_) if in_comment => bytes.push(b'\\'),
                        Err(e) => return Err(e),
                    },
                },
                _ => bytes.push(c),
            }
        }
    }

    /// If `{id|` starts here, the `id`.
    fn quoted_string_delimiter(&self) -> Option<&'a [u8]> {
        let rest = &self.src[self.pos + 1..];
        let len = rest
            .iter()
            .take_while(|c| c.is_ascii_lowercase() || **c == b'_')
            .count();
        (rest.get(len) == Some(&b'|')).then(|| &rest[..len])
    }

    /// `{id|...|id}`: no escapes.
    fn quoted_string(&mut self, start: usize) -> LexResult<Vec<u8>> {
        let id = self.quoted_string_delimiter().unwrap();
        self.pos += id.len() + 2;
        let mut closing = vec![b'|'];
        closing.extend_from_slice(id);
        closing.push(b'}');
        let body_start = self.pos;
        match self.src[body_start..]
            .windows(closing.len())
            .position(|w| w == closing.as_slice())
        {
            Some(offset) => {
                self.pos = body_start + offset + closing.len();
                Ok(self.src[body_start..body_start + offset].to_vec())
            }
            None => {
                self.pos = self.src.len();
                Err(Diagnostic::error(
                    Span::new(start as u32, start as u32 + 1),
                    "unterminated string literal",
                ))
            }
        }
    }

    /// A comment, nested, starting at `(*`.
    fn comment(&mut self) -> LexResult<()> {
        let mut openings = vec![self.pos];
        self.pos += 2;
        while let Some(&opening) = openings.last() {
            let Some(c) = self.peek_at(0) else {
                let span = Span::new(opening as u32, opening as u32 + 2);
                return Err(Diagnostic::error(span, "unterminated comment"));
            };
            match c {
                b'(' if self.peek_at(1) == Some(b'*') => {
                    openings.push(self.pos);
                    self.pos += 2;
                }
                b'*' if self.peek_at(1) == Some(b')') => {
                    openings.pop();
                    self.pos += 2;
                }
                b'"' => {
                    let start = self.pos;
                    self.pos += 1;
                    self.string_body(start, true)?;
                }
                b'{' if self.quoted_string_delimiter().is_some() => {
                    let start = self.pos;
                    self.quoted_string(start).map_err(|_| {
                        Diagnostic::error(
                            Span::new(start as u32, start as u32 + 1),
                            "this comment contains an unterminated string literal",
                        )
                    })?;
                }
                b'\'' => self.pos += comment_char_literal_len(&self.src[self.pos..]),
                _ => self.pos += 1,
            }
        }
        Ok(())
    }

    fn number(&mut self) -> LexResult<()> {
        let start = self.pos;
        let radix = match (self.peek_at(0), self.peek_at(1)) {
            (Some(b'0'), Some(b'x' | b'X')) => 16,
            (Some(b'0'), Some(b'o' | b'O')) => 8,
            (Some(b'0'), Some(b'b' | b'B')) => 2,
            _ => 10,
        };
        if radix != 10 && matches!(self.peek_at(2), Some(c) if (c as char).is_digit(radix)) {
            self.pos += 2;
        }
        let radix = if self.pos == start { 10 } else { radix };
        let digits_start = self.pos;
        while matches!(self.peek_at(0), Some(c) if (c as char).is_digit(radix) || c == b'_') {
            self.pos += 1;
        }
        // A float: decimal `1.5e3`, or hexadecimal `0x1.8p3` (fraction and exponent optional
        // but one of them present, the exponent a power of two).
        let mut is_float = false;
        let (exponent_chars, fraction_radix) = match radix {
            10 => ([b'e', b'E'], 10),
            16 => ([b'p', b'P'], 16),
            _ => ([0, 0], 0),
        };
        if fraction_radix != 0 {
            if self.peek_at(0) == Some(b'.') && self.peek_at(1) != Some(b'.') {
                is_float = true;
                self.pos += 1;
                while matches!(self.peek_at(0), Some(c) if (c as char).is_digit(fraction_radix) || c == b'_')
                {
                    self.pos += 1;
                }
            }
            if matches!(self.peek_at(0), Some(c) if exponent_chars.contains(&c)) {
                let sign = usize::from(matches!(self.peek_at(1), Some(b'+' | b'-')));
                if matches!(self.peek_at(1 + sign), Some(c) if c.is_ascii_digit()) {
                    is_float = true;
                    self.pos += 1 + sign;
                    while matches!(self.peek_at(0), Some(c) if c.is_ascii_digit() || c == b'_') {
                        self.pos += 1;
                    }
                }
            }
        }
        if matches!(self.peek_at(0), Some(c) if is_ident_char(c)) {
            let literal_end = self.pos;
            while matches!(self.peek_at(0), Some(c) if is_ident_char(c)) {
                self.pos += 1;
            }
            let text = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
            let span = self.span_from(start);
            let suffix = self.src[literal_end];
            if !is_float && self.pos == literal_end + 1 && matches!(suffix, b'l' | b'L' | b'n') {
                let text = String::from_utf8_lossy(&self.src[start..literal_end]).into_owned();
                self.push(TokenKind::BoxedInt(text, suffix as char), start);
                return Ok(());
            }
            return Err(Diagnostic::error(span, format!("invalid literal `{text}`")));
        }
        let text: String = self.src[start..self.pos]
            .iter()
            .filter(|&&c| c != b'_')
            .map(|&c| c as char)
            .collect();
        if is_float {
            self.push(TokenKind::Float(text), start);
            return Ok(());
        }
        let digits: String = self.src[digits_start..self.pos]
            .iter()
            .filter(|&&c| c != b'_')
            .map(|&c| c as char)
            .collect();
        // OCaml's limits: a decimal literal up to 2^62 (wrapping to min_int), others up to 2^63-1.
        let limit: u64 = if radix == 10 { 1 << 62 } else { (1 << 63) - 1 };
        match u64::from_str_radix(&digits, radix)
            .ok()
            .filter(|v| *v <= limit)
        {
            Some(value) => {
                self.push(TokenKind::Int(wrap_int63(value as i64)), start);
                Ok(())
            }
            None => Err(Diagnostic::error(
                self.span_from(start),
                "integer literal exceeds the range of representable integers of type int",
            )),
        }
    }
}

/// Sign-extends the low 63 bits: the `i64` holding an OCaml `int` with that bit pattern.
pub fn wrap_int63(value: i64) -> i64 {
    (value << 1) >> 1
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

/// Inside a comment, the length of the character literal starting at `'` (so that `'"'` does
/// not open a string), or 1 if it is a lone quote. Mirrors the cases of OCaml's `comment` rule.
fn comment_char_literal_len(s: &[u8]) -> usize {
    match s {
        [b'\'', b'\\', b'x', a, b, b'\'', ..] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit() => {
            6
        }
        [b'\'', b'\\', b'o', a, b, c, b'\'', ..]
            if [a, b, c].iter().all(|d| (b'0'..=b'7').contains(d)) =>
        {
            7
        }
        [b'\'', b'\\', a, b, c, b'\'', ..] if [a, b, c].iter().all(|d| d.is_ascii_digit()) => 6,
        [b'\'', b'\\', b'\\' | b'"' | b'\'' | b'n' | b't' | b'b' | b'r' | b' ', b'\'', ..] => 4,
        [b'\'', b'\r', b'\n', b'\'', ..] => 4,
        [b'\'', c, b'\'', ..] if *c != b'\\' && *c != b'\'' => 3,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        let lexed = lex(src.as_bytes());
        assert!(lexed.error.is_none(), "{src}: {:?}", lexed.error);
        let mut kinds: Vec<_> = lexed.tokens.into_iter().map(|t| t.kind).collect();
        assert_eq!(kinds.pop(), Some(TokenKind::Eof));
        kinds
    }

    fn error(src: &str) -> Diagnostic {
        lex(src.as_bytes())
            .error
            .unwrap_or_else(|| panic!("{src}: expected a lexical error"))
    }

    fn sym(s: &str) -> TokenKind {
        TokenKind::Symbol(s.to_string())
    }

    #[test]
    fn keywords_are_sorted_for_binary_search() {
        assert!(KEYWORDS.windows(2).all(|w| w[0] < w[1]));
        for kw in KEYWORDS {
            assert!(
                matches!(kinds(kw).as_slice(), [TokenKind::Keyword(k)] if k == kw),
                "{kw}"
            );
        }
    }

    #[test]
    fn integers() {
        use TokenKind::Int;
        assert_eq!(
            kinds("0 42 1_000_000 0x1F 0XfF 0o17 0b1010 0x1_0"),
            [0, 42, 1_000_000, 31, 255, 15, 10, 16].map(Int)
        );
        assert_eq!(kinds("4611686018427387903"), [Int(4611686018427387903)]);
        // OCaml accepts 2^62 and wraps it to min_int (so `-4611686018427387904` is min_int).
        assert_eq!(kinds("4611686018427387904"), [Int(-4611686018427387904)]);
        assert_eq!(kinds("0x7fffffffffffffff"), [Int(-1)]);
        assert_eq!(kinds("0x3fffffffffffffff"), [Int(4611686018427387903)]);
        assert_eq!(kinds("0x4000000000000000"), [Int(-4611686018427387904)]);
    }

    #[test]
    fn integer_overflow() {
        let message = "integer literal exceeds the range of representable integers of type int";
        for src in [
            "4611686018427387905",
            "0x8000000000000000",
            "99999999999999999999999",
        ] {
            let e = error(src);
            assert_eq!(e.message, message);
            assert_eq!(e.span, Some(Span::new(0, src.len() as u32)));
        }
        let e = error("let x = 1 + 9223372036854775807");
        assert_eq!(e.span, Some(Span::new(12, 31)));
    }

    #[test]
    fn bad_literals() {
        assert_eq!(error("12abc").message, "invalid literal `12abc`");
        assert_eq!(error("12abc").span, Some(Span::new(0, 5)));
    }

    #[test]
    fn floats() {
        let f = |s: &str| TokenKind::Float(s.to_string());
        assert_eq!(
            kinds("1.5 1e10 1. 2.5E-3 1_0.0_1 3e+2"),
            [
                f("1.5"),
                f("1e10"),
                f("1."),
                f("2.5E-3"),
                f("10.01"),
                f("3e+2")
            ]
        );
        // `1..2` is not a float: the range dots win.
        assert_eq!(
            kinds("1..2"),
            [TokenKind::Int(1), sym(".."), TokenKind::Int(2)]
        );
    }

    #[test]
    fn chars() {
        use TokenKind::Char;
        let src = r#"'a' ' ' '\n' '\t' '\b' '\r' '\ ' '\\' '\'' '\"' '\065' '\x41' '\o101' '''"#;
        let mut expected: Vec<_> = b"a \n\t\x08\r \\'\"AAA".iter().map(|&c| Char(c)).collect();
        // `'''` is not a char literal: it lexes as quotes.
        expected.extend([sym("'"), sym("'"), sym("'")]);
        assert_eq!(kinds(src), expected);
        assert_eq!(error(r"'\q'").message, "illegal escape sequence `\\q`");
        assert!(error(r"'\300'").message.contains("outside the range"));
    }

    #[test]
    fn type_variables_are_quote_then_ident() {
        assert_eq!(
            kinds("'a list"),
            [
                sym("'"),
                TokenKind::Lident("a".into()),
                TokenKind::Lident("list".into())
            ]
        );
        assert_eq!(kinds("('a, 'b) t").len(), 8);
    }

    #[test]
    fn strings() {
        let s = |b: &[u8]| TokenKind::String(b.to_vec());
        assert_eq!(
            kinds(r#""hello\n\t\"\\\065\x41\o101\ x""#),
            [s(b"hello\n\t\"\\AAA x")]
        );
        assert_eq!(kinds("\"a\\\n     b\""), [s(b"ab")]);
        assert_eq!(kinds("\"a\\\r\n \tb\""), [s(b"ab")]);
        assert_eq!(kinds("\"line\nbreak\""), [s(b"line\nbreak")]);
        assert_eq!(kinds(r#""\q""#), [s(b"\\q")]);
        assert_eq!(kinds(r#""\u{e9}""#), [s("é".as_bytes())]);
        assert_eq!(kinds("{|a\\n\"|} {x|a|}b|x}"), [s(b"a\\n\""), s(b"a|}b")]);
        let e = error("let s = \"abc");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("unterminated string literal", Some(Span::new(8, 9)))
        );
        assert!(error(r#""\999""#)
            .message
            .contains("999 is outside the range"));
    }

    #[test]
    fn comments() {
        assert_eq!(
            kinds("1 (* a (* nested *) b *) 2"),
            [TokenKind::Int(1), TokenKind::Int(2)]
        );
        assert_eq!(
            kinds(r#"1 (* "*)" *) 2"#),
            [TokenKind::Int(1), TokenKind::Int(2)]
        );
        assert_eq!(
            kinds(r#"1 (* '"' *) 2"#),
            [TokenKind::Int(1), TokenKind::Int(2)]
        );
        assert_eq!(kinds(r#"(* it's "fine" *) 2"#), [TokenKind::Int(2)]);
        assert_eq!(kinds("(*) still a comment *) 2"), [TokenKind::Int(2)]);
        assert_eq!(kinds("(* {|*)|} *) 2"), [TokenKind::Int(2)]);
        let e = error("1 (* open (* nested *) ");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("unterminated comment", Some(Span::new(2, 4)))
        );
        assert_eq!(
            error("(* \" *)").message,
            "this comment contains an unterminated string literal"
        );
    }

    #[test]
    fn operators() {
        let src = "+ - * / = <> < > <= >= == != && || ^ @ :: := ! |> @@ ; ;; -> | , . .. : <- +. -. *. /. ** >>= =- ~- !! #";
        let expected: Vec<_> = src.split(' ').map(sym).collect();
        assert_eq!(kinds(src), expected);
        assert_eq!(
            kinds("a.(i)<-1"),
            [
                TokenKind::Lident("a".into()),
                sym("."),
                sym("("),
                TokenKind::Lident("i".into()),
                sym(")"),
                sym("<-"),
                TokenKind::Int(1)
            ]
        );
        assert_eq!(
            kinds("x:=!y"),
            [
                TokenKind::Lident("x".into()),
                sym(":="),
                sym("!"),
                TokenKind::Lident("y".into())
            ]
        );
        assert_eq!(kinds("[|[@@[%"), [sym("[|"), sym("[@@"), sym("[%")]);
        assert_eq!(kinds("[|1|]"), [sym("[|"), TokenKind::Int(1), sym("|]")]);
        assert_eq!(
            kinds("mod land"),
            [TokenKind::Keyword("mod"), TokenKind::Keyword("land")]
        );
        assert_eq!(
            kinds("let* x"),
            [
                TokenKind::LetOp("let*".into()),
                TokenKind::Lident("x".into())
            ]
        );
    }

    #[test]
    fn identifiers() {
        assert_eq!(
            kinds("x _y z' Some _ true"),
            [
                TokenKind::Lident("x".into()),
                TokenKind::Lident("_y".into()),
                TokenKind::Lident("z'".into()),
                TokenKind::Uident("Some".into()),
                sym("_"),
                TokenKind::Keyword("true"),
            ]
        );
        let e = error("let é = 1");
        assert_eq!(e.span, Some(Span::new(4, 6)));
    }
}
