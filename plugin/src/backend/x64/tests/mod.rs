//! Tests of the x86-64 backend: encoder against iced-x86, MachBuffer edits and veneers, the
//! rule overlap check, and whole functions compiled, loaded into executable memory and run.
//!
//! `programs/` holds OCaml programs for the end-to-end suite (exceptions: nested `try`,
//! re-raise, raises across many frames, `Stack_overflow`), with `ocamlopt`'s output in the
//! `examples/` format (`NAME.out`, `.err`, `.code`); they belong in `examples/`.

mod alloc;
mod buffer;
mod builder;
mod checker;
mod control;
mod encode;
mod exec;
mod frame;
mod jit;
mod rules;
