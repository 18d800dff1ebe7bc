//! Tests of the x86-64 backend: encoder against iced-x86, MachBuffer edits and veneers, the
//! rule overlap check, and whole functions compiled, loaded into executable memory and run.

mod alloc;
mod buffer;
mod builder;
mod control;
mod encode;
mod exec;
mod frame;
mod jit;
mod rules;
