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

/// `tokens` without their attributes. An attribute left open is kept: the parser reports a
/// syntax error at its `[@`.
pub fn strip(tokens: Vec<Token>) -> Vec<Token> {
    if !tokens.iter().any(|t| is_attribute_start(&t.kind)) {
        return tokens;
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
            attribute.clear();
        }
    }
    out
}
