//! egret-plugin: the compiler proper, from source text to machine code.
//!
//! The stages, in pipeline order (see `ARCHITECTURE.md` and [`driver`]):
//! [`syntax`] → [`typing`] → [`lambda`] (the typed IR) → [`simplify`] → [`mono`] → [`closure`]
//! → [`ssa`] → [`opt`] → [`backend`] (egret's own x86-64 code generator, behind the
//! [`backend::CodegenBackend`] trait). This crate never depends on Cranelift; the toolchain
//! pieces (object files, DWARF, linking, the Cranelift backend) live in `egret-adapters`.

pub mod backend;
pub mod closure;
pub mod diagnostics;
pub mod driver;
pub mod fuzz;
pub mod installed_files;
pub mod lambda;
pub mod libraries;
pub mod mono;
pub mod opt;
pub mod simplify;
pub mod srcloc;
pub mod ssa;
pub mod stdlib;
pub mod syntax;
pub mod typing;
