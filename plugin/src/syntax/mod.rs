//! The syntax stage: source text → [`ast::Program`] with spans.
//!
//! ```text
//!  bytes ─lexer::lex─▶ Vec<Token> ─parser─▶ ast::Program
//! ```
//!
//! - [`lexer`] turns bytes into tokens (comments, literals with their escapes, OCaml's operator
//!   characters) and stops at the first lexical error;
//! - `attributes` removes attributes (`[@..]`, `[@@..]`, `[@@@..]`) from the tokens;
//! - `parser` (recursive descent + precedence climbing, OCaml 4.13's grammar and precedence
//!   table) builds the AST, removing the sugar listed in [`ast`];
//! - [`print`] renders the AST as S-expressions (`--emit=ast`, and the tests' snapshots).
//!
//! Errors: the first error in the file, as one [`Diagnostic`] with the span of the offending
//! token — a lexical error, `syntax error: expected …`, or `… not supported yet` for OCaml
//! constructs outside egret's subset (see `LANGUAGE.md`).

pub mod ast;
mod attributes;
pub mod deps;
pub mod lexer;
mod parser;
pub mod print;
#[cfg(test)]
mod tests;

use crate::diagnostics::{Diagnostic, Span};

/// Parses a whole source file given as text. See [`parse_bytes`].
pub fn parse(source: &str) -> Result<ast::Program, Vec<Diagnostic>> {
    parse_bytes(source.as_bytes())
}

/// A view of source bytes as text with the same byte offsets, for what needs a `&str` (line
/// and column computations, rendering diagnostics over the source): the source itself when it
/// is UTF-8, else a copy in which every byte of an invalid sequence (Latin-1 text, say) is `?`.
/// Spans into the source are spans into the view. String literals never come from the view:
/// the lexer reads the bytes.
pub fn text_view(source: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(source) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => {
            let mut text = String::with_capacity(source.len());
            for chunk in source.utf8_chunks() {
                text.push_str(chunk.valid());
                text.extend(std::iter::repeat_n('?', chunk.invalid().len()));
            }
            std::borrow::Cow::Owned(text)
        }
    }
}

/// Parses a whole source file, as bytes (OCaml's lexer reads bytes: Latin-1 in a string
/// literal or a comment is kept as it is).
///
/// The parser recurses once per level of nesting in the source, up to
/// `parser::MAX_NESTING` levels; it runs on a thread of its own with a stack big enough for
/// that (unoptimised builds use large frames), whatever the caller's stack.
pub fn parse_bytes(source: &[u8]) -> Result<ast::Program, Vec<Diagnostic>> {
    parse_bytes_with(source, ParseOptions::default())
}

/// How the parser desugars: the command line's `-unsafe`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParseOptions {
    /// `-unsafe`: `a.(i)`, `s.[i]`, `a.{i}` (and their `<-` forms) are the `unsafe_get` and
    /// `unsafe_set` of `Array`, `String`, `Bigarray.Array1/2/3` (not `Genarray`), as under
    /// ocamlopt's `-unsafe`. An explicit `Array.get` stays checked.
    pub unsafe_indexing: bool,
}

/// [`parse_bytes`] with [`ParseOptions`].
pub fn parse_bytes_with(
    source: &[u8],
    opts: ParseOptions,
) -> Result<ast::Program, Vec<Diagnostic>> {
    on_parser_stack(source, 0, |parser| {
        parser.unsafe_indexing = opts.unsafe_indexing;
        parser.program()
    })
}

/// [`parse_bytes`] for a text whose first byte is at offset `base` of the spans' space (an
/// installed stdlib unit's, `crate::installed_files`): every span, the errors' included, is
/// `base` more than the offset in `source`.
pub fn parse_bytes_at(source: &[u8], base: u32) -> Result<ast::Program, Vec<Diagnostic>> {
    on_parser_stack(source, base, |parser| parser.program())
}

/// An interface (`.mli`): its signature items.
pub fn parse_interface_bytes(source: &[u8]) -> Result<Vec<ast::SigItem>, Vec<Diagnostic>> {
    on_parser_stack(source, 0, |parser| parser.interface())
}

fn on_parser_stack<T: Send>(
    source: &[u8],
    base: u32,
    f: impl Fn(&mut parser::Parser) -> parser::PResult<T> + Send + Sync,
) -> Result<T, Vec<Diagnostic>> {
    const STACK_SIZE: usize = 256 << 20;
    let run = || {
        let mut lexed = lexer::lex(source);
        if base != 0 {
            // The parser reads positions only from the tokens (and its line starts, shifted
            // the same): moving them moves every span it makes.
            for t in &mut lexed.tokens {
                t.span = Span::new(t.span.lo + base, t.span.hi + base);
            }
            if let Some(span) = lexed.error.as_mut().and_then(|e| e.span.as_mut()) {
                *span = Span::new(span.lo + base, span.hi + base);
            }
        }
        let (tokens, attributes) = attributes::strip(lexed.tokens);
        let mut parser = parser::Parser::new(source, base, tokens, lexed.error);
        parser.attributes = attributes;
        f(&mut parser).map_err(|e| vec![e])
    };
    std::thread::scope(|scope| {
        match std::thread::Builder::new()
            .name("egret-parser".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, || crate::lambda::in_big_stack_thread(run))
        {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            // No thread (resource limits): parse on this one.
            Err(_) => run(),
        }
    })
}
