//! The typed lambda IR ([`ir`]): what `typing` produces and `simplify`, `mono` and `closure`
//! consume.

pub mod ir;
pub mod visit;
