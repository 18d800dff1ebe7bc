//! The SSA stage: first-order closure IR → SSA functions ([`ir`]), with a builder, printer,
//! verifier and interpreter.

pub mod ir;
