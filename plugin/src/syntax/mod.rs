//! The syntax stage: source text → [`ast::Program`] with spans.

pub mod ast;
