//! An `expect` test file cut into toplevel phrases and groups, as OCaml's `expect_test`
//! tool cuts it.
//!
//! `expect_test` parses the file with `Parse.use_file`: every structure item is a phrase of
//! its own (`;;` only separates, and lets a bare expression stand as a phrase), a toplevel
//! directive (`#rectypes;;`) is a phrase, and each `[%%expect{| ... |}]` item closes a *group*:
//! the phrases since the previous one, whose toplevel output the quoted string holds. The
//! tool then runs each group's phrases in order and stops the group at the first phrase that
//! fails (a type error, or an exception at run time); line numbers in its output count from
//! the group's first structure item (line 1).
//!
//! egret has no toplevel, so this module does not parse OCaml: it lexes it (comments, string
//! and quoted-string literals, character literals against type variables) and cuts phrases
//! at the tokens where an item must begin. A keyword that can start an item (`let`, `type`,
//! `module`, `open`, `include`, `exception`, `external`, `class`, `[%%`, `[@@@`) starts one
//! when it stands outside every bracket (`( [ { struct sig object begin do`) and the token
//! before it cannot be followed by an expression or type at that place (`let` after `=`,
//! `in`, `->` or an operator is a `let .. in`; `type` after `:` or `with` is a locally
//! abstract type or a constraint; `module` after `let` or `(` is a local or packed module;
//! ...). After `;;` (and at the start of the file) any token starts a phrase: one that is
//! not an item keyword starts a bare expression. `#` in column 1 starts a directive.
//!
//! Invariants: phrases do not overlap and are in file order; a phrase's byte range
//! `start..end` runs from its first token to the end of its last one (`;;` is never in a
//! phrase); [`program_text`] keeps the line structure of the file, so a line number in
//! egret's diagnostics is a line of the test file.

/// One token: its kind and byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tok {
    kind: Kind,
    start: usize,
    end: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// An identifier or keyword.
    Word(String),
    /// A run of operator characters (`->`, `=`, `|`, `::`, `#`, `..`).
    Op(String),
    /// `;;`
    SemiSemi,
    /// `;` `,` `` ` `` `'` (of a type variable) and other single characters.
    Punct(char),
    Open(char),
    Close(char),
    /// A string literal; for a quoted string `{id|..|id}`, its contents.
    Str(Option<String>),
    Char,
    Number,
}

const KEYWORDS: &[&str] = &[
    "and",
    "as",
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
    "lazy",
    "let",
    "match",
    "method",
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

fn is_op_char(c: u8) -> bool {
    b"!$%&*+-./:<=>?@^|~#".contains(&c)
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'\'' || c >= 0x80
}

/// The end of the comment opened at `i` (`(*`), nested comments and the literals inside
/// counted as OCaml's lexer counts them; the end of the text if it is not closed.
fn skip_comment(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < b.len() {
        if b[i..].starts_with(b"(*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*)") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else if b[i] == b'"' {
            i = skip_string(b, i);
        } else if b[i] == b'{' {
            i = skip_quoted(b, i).map_or(i + 1, |(end, _)| end);
        } else if b[i] == b'\'' {
            i = skip_char(b, i).unwrap_or(i + 1);
        } else {
            i += 1;
        }
    }
    i
}

/// The end of the string literal opened at `i`.
fn skip_string(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// A quoted string `{id|...|id}` at `i`: its end and contents.
fn skip_quoted(b: &[u8], i: usize) -> Option<(usize, String)> {
    let mut j = i + 1;
    while j < b.len() && (b[j].is_ascii_lowercase() || b[j] == b'_') {
        j += 1;
    }
    if b.get(j) != Some(&b'|') {
        return None;
    }
    let mut close = vec![b'|'];
    close.extend_from_slice(&b[i + 1..j]);
    close.push(b'}');
    let body = j + 1;
    let k = (body..b.len()).find(|&k| b[k..].starts_with(&close))?;
    Some((
        k + close.len(),
        String::from_utf8_lossy(&b[body..k]).into_owned(),
    ))
}

/// A character literal at `i` (`'a'`, `'\n'`, `'\065'`, `'\xff'`): its end. `None` for the
/// quote of a type variable (`'a`).
fn skip_char(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i + 1) == Some(&b'\\') {
        let end = (i + 3..(i + 8).min(b.len())).find(|&k| b[k] == b'\'')?;
        return Some(end + 1);
    }
    (b.get(i + 1).is_some_and(|&c| c != b'\'' && c != b'\n') && b.get(i + 2) == Some(&b'\''))
        .then_some(i + 3)
}

fn lex(text: &str) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let kind = if c.is_ascii_whitespace() {
            i += 1;
            continue;
        } else if b[i..].starts_with(b"(*") {
            i = skip_comment(b, i);
            continue;
        } else if c == b'"' {
            i = skip_string(b, i);
            Kind::Str(None)
        } else if c == b'{' {
            match skip_quoted(b, i) {
                Some((end, body)) => {
                    i = end;
                    Kind::Str(Some(body))
                }
                None => {
                    i += 1;
                    Kind::Open('{')
                }
            }
        } else if c == b'\'' {
            match skip_char(b, i) {
                Some(end) => {
                    i = end;
                    Kind::Char
                }
                None => {
                    i += 1;
                    Kind::Punct('\'')
                }
            }
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            Kind::Number
        } else if is_ident_char(c) {
            while i < b.len() && is_ident_char(b[i]) {
                i += 1;
            }
            Kind::Word(text[start..i].to_string())
        } else if b[i..].starts_with(b";;") {
            i += 2;
            Kind::SemiSemi
        } else if is_op_char(c) {
            while i < b.len() && is_op_char(b[i]) && !b[i..].starts_with(b"(*") {
                i += 1;
            }
            Kind::Op(text[start..i].to_string())
        } else if b"([".contains(&c) {
            i += 1;
            Kind::Open(c as char)
        } else if b")]}".contains(&c) {
            i += 1;
            Kind::Close(c as char)
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
            Kind::Punct(c as char)
        };
        toks.push(Tok {
            kind,
            start,
            end: i,
        });
    }
    toks
}

/// How a token moves the bracket depth.
fn depth_change(t: &Tok) -> i32 {
    match &t.kind {
        Kind::Open(_) => 1,
        Kind::Close(_) => -1,
        Kind::Word(w) => match w.as_str() {
            "struct" | "sig" | "object" | "begin" | "do" => 1,
            "end" | "done" => -1,
            _ => 0,
        },
        _ => 0,
    }
}

fn word(t: &Tok) -> Option<&str> {
    match &t.kind {
        Kind::Word(w) => Some(w),
        _ => None,
    }
}

/// Whether `prev` ends an expression or a type (so a `let` after it begins an item).
fn ends_a_term(prev: &Tok) -> bool {
    match &prev.kind {
        Kind::Word(w) => {
            !KEYWORDS.contains(&w.as_str())
                || matches!(w.as_str(), "end" | "done" | "true" | "false")
        }
        Kind::Op(o) => o == ".." || o == ">",
        Kind::Close(_) | Kind::Str(_) | Kind::Char | Kind::Number => true,
        Kind::Punct(_) | Kind::Open(_) | Kind::SemiSemi => false,
    }
}

/// Whether `t` (outside every bracket, after `prev`) begins a structure item; `next_adjacent`
/// is the token right after `t` when nothing separates them.
fn starts_item(t: &Tok, prev: &Tok, next_adjacent: Option<&Tok>) -> bool {
    let prev_word = word(prev).unwrap_or("");
    match &t.kind {
        Kind::Open('[') => matches!(
            next_adjacent.map(|n| &n.kind),
            Some(Kind::Op(o)) if o.starts_with("%%") || o.starts_with("@@@")
        ),
        Kind::Word(w) => match w.as_str() {
            "let" => ends_a_term(prev),
            "type" => {
                !matches!(prev_word, "with" | "and" | "module" | "class")
                    && !matches!(&prev.kind, Kind::Op(o) if o == ":")
            }
            "module" => {
                !matches!(prev_word, "let" | "with" | "and" | "include" | "open")
                    && !matches!(&prev.kind, Kind::Op(o) if o == ":" || o == "=")
                    && !matches!(&prev.kind, Kind::Open(_))
            }
            "open" => prev_word != "let",
            "exception" => {
                !matches!(prev_word, "let" | "with")
                    && !matches!(&prev.kind, Kind::Op(o) if o == "|")
            }
            "include" | "external" | "class" => true,
            _ => false,
        },
        _ => false,
    }
}

/// What a phrase is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhraseKind {
    /// A structure item (or a bare expression after `;;`).
    Item,
    /// A toplevel directive: its name (`rectypes`).
    Directive(String),
    /// `[%%expect ...]`: the expected output (without `-principal`).
    Expect(String),
}

/// One toplevel phrase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrase {
    pub kind: PhraseKind,
    /// Byte range in the file.
    pub start: usize,
    pub end: usize,
    /// Its first and last lines (1-based).
    pub line: u32,
    pub end_line: u32,
}

/// The phrases of `text`, in order.
pub fn phrases(text: &str) -> Vec<Phrase> {
    let toks = lex(text);
    let line_of = |pos: usize| {
        1 + text.as_bytes()[..pos]
            .iter()
            .filter(|&&c| c == b'\n')
            .count() as u32
    };
    let mut out: Vec<Phrase> = Vec::new();
    // The current phrase: (kind, start, index of its first token, end).
    let mut cur: Option<(PhraseKind, usize, usize, usize)> = None;
    let close = |cur: &mut Option<(PhraseKind, usize, usize, usize)>, out: &mut Vec<Phrase>| {
        if let Some((kind, start, first, end)) = cur.take() {
            let kind = match kind {
                PhraseKind::Item => {
                    expectation(&toks[first..]).map_or(PhraseKind::Item, PhraseKind::Expect)
                }
                k => k,
            };
            out.push(Phrase {
                kind,
                start,
                end,
                line: line_of(start),
                end_line: line_of(end),
            });
        }
    };
    let mut depth = 0i32;
    let mut prev: Option<&Tok> = None;
    for (i, t) in toks.iter().enumerate() {
        if depth <= 0 {
            if t.kind == Kind::SemiSemi {
                close(&mut cur, &mut out);
                prev = Some(t);
                depth = 0;
                continue;
            }
            let at_line_start = t.start == 0 || text.as_bytes()[t.start - 1] == b'\n';
            let directive = at_line_start && t.kind == Kind::Op("#".into());
            let next_adjacent = toks.get(i + 1).filter(|n| n.start == t.end);
            let starts = match prev {
                None => true,
                Some(p) if p.kind == Kind::SemiSemi => true,
                Some(p) => directive || starts_item(t, p, next_adjacent),
            };
            if starts {
                close(&mut cur, &mut out);
                let kind = if directive {
                    PhraseKind::Directive(toks.get(i + 1).and_then(word).unwrap_or("").to_string())
                } else {
                    PhraseKind::Item
                };
                cur = Some((kind, t.start, i, t.end));
            }
        }
        if let Some(c) = cur.as_mut() {
            c.3 = t.end;
        }
        depth += depth_change(t);
        prev = Some(t);
    }
    close(&mut cur, &mut out);
    out
}

/// If `toks` begin `[%%expect` (or `[%%ocaml.expect`), the expected output: the first quoted
/// string of the payload (the one without `-principal`), or empty for `[%%expect]`.
fn expectation(toks: &[Tok]) -> Option<String> {
    let [open, pct, name, rest @ ..] = toks else {
        return None;
    };
    let is_expect = open.kind == Kind::Open('[')
        && pct.kind == Kind::Op("%%".into())
        && matches!(word(name), Some("expect"))
        || (open.kind == Kind::Open('[')
            && pct.kind == Kind::Op("%%".into())
            && word(name) == Some("ocaml")
            && matches!(rest, [dot, w, ..] if dot.kind == Kind::Op(".".into()) && word(w) == Some("expect")));
    if !is_expect {
        return None;
    }
    for t in rest {
        match &t.kind {
            Kind::Str(Some(body)) => return Some(body.clone()),
            Kind::Close(']') => break,
            _ => {}
        }
    }
    Some(String::new())
}

/// A group: the phrases an `[%%expect]` closes, and what it expects.
#[derive(Clone, Debug)]
pub struct Group {
    pub phrases: Vec<Phrase>,
    /// The toplevel's output for the group.
    pub expected: String,
    /// The line of the `[%%expect` (the group's id in reports is `FILE:LINE` of its first
    /// phrase, or of this line for an empty group).
    pub expect_line: u32,
}

impl Group {
    /// The line the toplevel numbers 1 in its messages: the first structure item's.
    pub fn first_item_line(&self) -> Option<u32> {
        (self.phrases.iter())
            .find(|p| p.kind == PhraseKind::Item)
            .map(|p| p.line)
    }

    /// The line naming the group: its first phrase's, else the `[%%expect`'s.
    pub fn line(&self) -> u32 {
        self.phrases.first().map_or(self.expect_line, |p| p.line)
    }
}

/// The groups of an expect file, in order, and the number of phrases after the last
/// `[%%expect]` (run by the tool, but with no output to compare).
pub fn groups(text: &str) -> (Vec<Group>, usize) {
    let mut groups = Vec::new();
    let mut pending = Vec::new();
    for p in phrases(text) {
        match &p.kind {
            PhraseKind::Expect(expected) => groups.push(Group {
                phrases: std::mem::take(&mut pending),
                expected: expected.clone(),
                expect_line: p.line,
            }),
            _ => pending.push(p),
        }
    }
    (groups, pending.len())
}

/// `text` with only the `keep` phrases (and every `;;`) left: everything else becomes
/// blanks, newlines kept, so line and column numbers stay those of the file.
pub fn program_text(text: &str, keep: &[&Phrase]) -> String {
    let b = text.as_bytes();
    let mut out: Vec<u8> = b
        .iter()
        .map(|&c| if c == b'\n' { b'\n' } else { b' ' })
        .collect();
    for p in keep {
        out[p.start..p.end].copy_from_slice(&b[p.start..p.end]);
    }
    for t in lex(text).iter().filter(|t| t.kind == Kind::SemiSemi) {
        out[t.start..t.end].copy_from_slice(b";;");
    }
    // Blanking replaced whole bytes of multi-byte characters only inside dropped phrases:
    // the kept ranges start and end on token boundaries, so the text stays UTF-8 there.
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether phrase `p` of `text` has the identifier `name` among its tokens.
pub fn mentions(text: &str, p: &Phrase, name: &str) -> bool {
    lex(&text[p.start..p.end])
        .iter()
        .any(|t| word(t) == Some(name))
}

/// Whether phrase `p` of `text` uses objects or classes: the keywords of classes and objects,
/// a method call or class type (`x#m`, `#c`), or an object type (`< m : t; .. >`, `< m : t >`
/// after `:`, `->`, `=`, `*`, `,` or `(`).
pub fn uses_objects(text: &str, p: &Phrase) -> bool {
    let toks = lex(&text[p.start..p.end]);
    let op = |t: Option<&Tok>, o: &str| matches!(t.map(|t| &t.kind), Some(Kind::Op(x)) if x == o);
    toks.iter().enumerate().any(|(i, t)| match &t.kind {
        Kind::Word(w) => matches!(
            w.as_str(),
            "object" | "class" | "new" | "method" | "inherit" | "initializer" | "virtual"
        ),
        Kind::Op(o) if o == "#" => i > 0 && toks.get(i + 1).and_then(word).is_some(),
        Kind::Op(o) if o.starts_with("..>") => true,
        Kind::Op(o) if o == ".." => op(toks.get(i + 1), ">"),
        Kind::Op(o) if o == "<" => {
            let before = i.checked_sub(1).map(|k| &toks[k].kind);
            let type_context = matches!(before, Some(Kind::Op(b)) if [":", "->", "=", "*"].contains(&b.as_str()))
                || matches!(before, Some(Kind::Open('(')) | Some(Kind::Punct(',')));
            type_context
                && toks.get(i + 1).and_then(word).is_some()
                && op(toks.get(i + 2), ":")
        }
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<String> {
        phrases(src)
            .iter()
            .map(|p| match &p.kind {
                PhraseKind::Expect(e) => format!("EXPECT[{e}]"),
                PhraseKind::Directive(d) => format!("#{d}"),
                PhraseKind::Item => src[p.start..p.end].to_string(),
            })
            .collect()
    }

    #[test]
    fn items_are_phrases() {
        let src = "(* TEST\n * expect\n*)\ntype t = A | B\nlet f = function A -> let x = 1 in x | B -> 2\nlet g x = f x;;\n[%%expect{|\nval f : t -> int\n|}];;\nf A;;\n[%%expect {|\n- : int = 1\n|}, Principal{|\nother\n|}]\n";
        assert_eq!(
            texts(src),
            [
                "type t = A | B",
                "let f = function A -> let x = 1 in x | B -> 2",
                "let g x = f x",
                "EXPECT[\nval f : t -> int\n]",
                "f A",
                "EXPECT[\n- : int = 1\n]",
            ]
        );
    }

    #[test]
    fn keywords_inside_terms_do_not_cut() {
        let src = "module type S = sig type t val x : t end with type t = int\n\
                   let f : type a. a -> a = fun x -> x\n\
                   let g = let module M = struct let y = 1 end in M.y\n\
                   let h = match () with exception E -> 1 | () -> let open M in 2\n\
                   module M = F (struct type t end)\n\
                   module type T = module type of M\n\
                   type t = < m : int; .. > let c = 'a' let s = \"let\" (* let *)\n\
                   #rectypes;;\nlet x = {| let |}";
        assert_eq!(
            texts(src),
            [
                "module type S = sig type t val x : t end with type t = int",
                "let f : type a. a -> a = fun x -> x",
                "let g = let module M = struct let y = 1 end in M.y",
                "let h = match () with exception E -> 1 | () -> let open M in 2",
                "module M = F (struct type t end)",
                "module type T = module type of M",
                "type t = < m : int; .. >",
                "let c = 'a'",
                "let s = \"let\"",
                "#rectypes",
                "let x = {| let |}",
            ]
        );
    }

    #[test]
    fn objects() {
        let uses = |src: &str| uses_objects(src, &phrases(src)[0]);
        assert!(uses("let f x = x#m"));
        assert!(uses("type t = < m : int; .. >"));
        assert!(uses("let f (x : < m : int >) = x"));
        assert!(uses("class c = object end"));
        assert!(!uses("let f x y = x < y"));
        assert!(!uses("type t = .."));
        assert!(!uses("let f = function x when x < y -> 1 | _ -> 2"));
    }

    #[test]
    fn groups_and_program_text() {
        let src = "let x = 1\nlet y = x;;\n[%%expect{|\nok\n|}]\nlet z = y\n[%%expect{||}]\nlet tail = 0\n";
        let (gs, trailing) = groups(src);
        assert_eq!(gs.len(), 2);
        assert_eq!(trailing, 1);
        assert_eq!(gs[0].phrases.len(), 2);
        assert_eq!(gs[0].expected, "\nok\n");
        assert_eq!(
            (gs[1].line(), gs[1].expect_line, gs[1].expected.as_str()),
            (6, 7, "")
        );
        let keep = [&gs[0].phrases[0], &gs[1].phrases[0]];
        let prog = program_text(src, &keep);
        assert_eq!(prog.lines().count(), src.lines().count());
        assert_eq!(
            prog.split_whitespace().collect::<Vec<_>>(),
            ["let", "x", "=", "1", ";;", "let", "z", "=", "y"]
        );
    }
}
