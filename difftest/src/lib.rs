//! Differential testing of egret against ocamlopt.
//!
//! - [`gen`]: a seeded generator of random well-typed, terminating, deterministic programs
//!   over the Level 1 language, as a [`tree::Node`] tree the minimizer can cut;
//! - [`run`]: runs a program through ocamlopt (the oracle) and every stage of egret, and
//!   compares stdout, stderr and the exit code;
//! - [`minimize`]: delta debugging of a program while a disagreement persists;
//! - [`known`]: failures already reported (counted, not treated as new);
//! - [`mutate_text`]: the typing fuzzer's mutations of a program's tokens;
//! - [`typing`]: mutants of generated programs, egret's typing verdict against ocamlopt's;
//! - [`regressions`]: the saved cases of `tests/regressions` and their expected outputs.

pub mod gen;
pub mod known;
pub mod minimize;
pub mod mutate_text;
pub mod regressions;
pub mod run;
pub mod tree;
pub mod typing;
