//! The syntax stage: source text → [`ast::Program`] with spans.
//!
//! ```text
//!  &str ─lexer::lex─▶ Vec<Token> ─parser─▶ ast::Program
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
pub mod lexer;
mod parser;
pub mod print;
#[cfg(test)]
mod tests;

use crate::diagnostics::Diagnostic;

/// Parses a whole source file.
///
/// The parser recurses once per level of nesting in the source, up to
/// `parser::MAX_NESTING` levels; it runs on a thread of its own with a stack big enough for
/// that (unoptimised builds use large frames), whatever the caller's stack.
pub fn parse(source: &str) -> Result<ast::Program, Vec<Diagnostic>> {
    const STACK_SIZE: usize = 256 << 20;
    let run = || {
        let lexed = lexer::lex(source);
        let tokens = attributes::strip(lexed.tokens);
        let mut parser = parser::Parser::new(source, tokens, lexed.error);
        parser.program().map_err(|e| vec![e])
    };
    std::thread::scope(|scope| {
        match std::thread::Builder::new()
            .name("egret-parser".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, run)
        {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            // No thread (resource limits): parse on this one.
            Err(_) => run(),
        }
    })
}
