//! The typed lambda IR ([`ir`]): what `typing` produces and `simplify`, `mono` and `closure`
//! consume — and its tooling:
//!
//! - [`mod@print`]: the text form, in the notation of the "Making a Language" posts
//!   (`(fun [V0 V1] body)`, `(f a b)`, `(ty_fun body)`, `(let [V0 e] body)`, ...), and
//!   [`parse`], its reader (for tests written as text).
//! - [`verify`]: a type checker for the System F IR (well-typed, binders unique, variables in
//!   scope, `LetRec` definitions are functions).
//! - [`interp`]: an interpreter with OCaml's semantics, so that every transformation of the
//!   IR can be tested by running the program before and after it.
//! - [`runtime`]: the table of runtime primitives (`Prim::Runtime`) with their signatures and
//!   meaning, shared by the verifier and the interpreter; [`arith`]: OCaml's 63-bit integer
//!   arithmetic, shared by the interpreter and the simplifier's constant folding.
//! - [`builtins`]: the built-in type declarations (the first [`ir::TyCon`]s) and exceptions.
//! - [`visit`]: child iteration and the binders of a node; [`pmap`]: a persistent map keyed
//!   by variables (environments, substitutions) with O(1) copies.

pub mod arith;
pub mod builtins;
pub mod hash;
pub mod interp;
pub mod ir;
pub mod parse;
pub mod pmap;
pub mod print;
pub mod runtime;
pub mod sexp;
#[cfg(test)]
pub mod testkit;
#[cfg(test)]
mod tests;
pub mod verify;
pub mod visit;

/// Runs `f` on a thread with a large stack (the IR's tooling is recursive over terms, and
/// generated or inlined terms can be very deep), propagating panics.
///
/// `f` and its result need not be `Send`: the IR holds `Rc`s (string constants), which are not.
/// This is sound because the calling thread does nothing but wait in `join` while the helper
/// thread runs: the values move to the helper and back in strict alternation, never touched
/// by two threads at once, and `Rc` keeps no per-thread state.
pub fn with_big_stack<R>(stack_bytes: usize, f: impl FnOnce() -> R) -> R {
    struct HandOff<T>(T);
    // SAFETY: see above; the spawning thread is blocked in `join` for the helper's lifetime.
    unsafe impl<T> Send for HandOff<T> {}
    let job = HandOff(f);
    std::thread::scope(|s| {
        let handle = std::thread::Builder::new()
            .name("egret-lambda".into())
            .stack_size(stack_bytes)
            .spawn_scoped(s, move || {
                let job = job;
                HandOff((job.0)())
            })
            .expect("cannot spawn a thread for the lambda tooling");
        match handle.join() {
            Ok(r) => r.0,
            Err(p) => std::panic::resume_unwind(p),
        }
    })
}

/// The stack given to the recursive passes over the lambda IR.
pub const BIG_STACK: usize = 1 << 30;
