//! Attributes (`[@attr payload]`, `[@@attr payload]`, `[@@@attr payload]`) carry no meaning
//! egret needs (warnings, inlining hints, `[@@deriving ..]` for preprocessors that never ran):
//! they are removed from the token stream before parsing, wherever OCaml allows them (after an
//! expression, a pattern, a type, a constructor or field declaration, a keyword such as
//! `let[@inline]`, an item, or floating). The payload is skipped with its brackets balanced.
//!
//! Extension nodes (`[%ext ..]`, `[%%ext ..]`) are kept: the parser rejects them, as ocamlopt
//! does with an extension no preprocessor interpreted.

use super::lexer::{Token, TokenKind};

fn is_attribute_start(t: &TokenKind) -> bool {
    matches!(t, TokenKind::Symbol(s) if matches!(s.as_str(), "[@" | "[@@" | "[@@@"))
}

/// An attribute removed from the tokens: its name (`unboxed`, `ocaml.inline`) and where it
/// was, as the index in the remaining tokens of the token that followed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Removed {
    pub at: usize,
    pub name: String,
    /// The first word of the payload (`never` in `[@inline never]`), or empty.
    pub payload: String,
    /// `[@@..]` or `[@@@..]` (an item's attribute, or a floating one), not `[@..]`.
    pub item: bool,
}

/// The dotted name at the start of an attribute's tokens (after its `[@`): words joined by
/// dots (`ocaml.inline`), not the payload's words after them.
fn attribute_name(attribute: &[Token]) -> String {
    let mut name = String::new();
    let mut want_word = true;
    for t in &attribute[1..] {
        match &t.kind {
            TokenKind::Lident(n) | TokenKind::Uident(n) if want_word => name.push_str(n),
            TokenKind::Keyword(k) if want_word => name.push_str(k),
            TokenKind::Symbol(s) if s == "." && !want_word => name.push('.'),
            _ => break,
        }
        want_word = !want_word;
    }
    name
}

/// The first word after an attribute's dotted name (`never` in `[@inline never]`).
fn attribute_payload(attribute: &[Token]) -> String {
    let mut in_name = true;
    for t in &attribute[1..] {
        match &t.kind {
            TokenKind::Lident(n) | TokenKind::Uident(n) if !in_name => return n.clone(),
            TokenKind::Keyword(k) if !in_name => return k.to_string(),
            TokenKind::Lident(_) | TokenKind::Uident(_) | TokenKind::Keyword(_) => in_name = false,
            TokenKind::Symbol(s) if s == "." && !in_name => in_name = true,
            _ => break,
        }
    }
    String::new()
}

/// `tokens` without their attributes, and the attributes removed (the parser reads the few
/// that change meaning: `[@unboxed]` and `[@untagged]` on an `external`). An attribute left
/// open is kept: the parser reports a syntax error at its `[@`.
pub fn strip(tokens: Vec<Token>) -> (Vec<Token>, Vec<Removed>) {
    let mut removed = Vec::new();
    if !tokens.iter().any(|t| is_attribute_start(&t.kind)) {
        return (tokens, removed);
    }
    let mut out = Vec::with_capacity(tokens.len());
    let mut attribute: Vec<Token> = Vec::new();
    let mut depth = 0usize;
    for t in tokens {
        let last = matches!(t.kind, TokenKind::Eof | TokenKind::Error);
        if depth == 0 || last {
            if is_attribute_start(&t.kind) {
                depth = 1;
                attribute.push(t);
            } else {
                // Unterminated: the attribute's tokens stay.
                out.append(&mut attribute);
                out.push(t);
            }
            continue;
        }
        match &t.kind {
            TokenKind::Symbol(s) if s.starts_with('[') => depth += 1,
            TokenKind::Symbol(s) if s == "]" || s == "|]" => depth -= 1,
            _ => {}
        }
        attribute.push(t);
        if depth == 0 {
            removed.push(Removed {
                at: out.len(),
                name: attribute_name(&attribute),
                payload: attribute_payload(&attribute),
                item: matches!(&attribute[0].kind, TokenKind::Symbol(s) if s != "[@"),
            });
            attribute.clear();
        }
    }
    (out, removed)
}
