//! The SSA stage: first-order closure IR → SSA functions ([`ir`]), with a builder, printer,
//! verifier and interpreter.
//!
//! - [`ir`]: the data structure (Julia's: a flat statement vector, values are positions).
//! - [`builder`]: [`builder::FunctionBuilder`] / [`builder::ModuleBuilder`], used by the lowering.
//! - [`print`]: the `--emit=ssa` text, in the style of Julia's `@code_typed`.
//! - [`verify`]: the invariants of [`ir`], including dominance ([`dom`]).
//! - [`interp`]: an interpreter with OCaml's semantics ([`arith`]), for tests and differential
//!   runs.
//! - [`compact`]: Julia's insertion buffer and compaction, the way passes edit a function.
//! - [`debugvars`]: what a mutable debug variable holds at each statement.

pub mod arith;
pub mod builder;
pub mod callbacks;
pub mod compact;
pub mod debugvars;
pub mod dom;
pub mod interp;
pub mod ir;
pub mod loops;
pub mod lower;
pub mod print;
pub mod try_result;
pub mod verify;

#[cfg(test)]
mod tests;
