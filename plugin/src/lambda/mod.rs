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
//!   arithmetic, shared by the interpreter and the simplifier's constant folding; [`boxint`]:
//!   the `int32`/`int64`/`nativeint` primitives, shared by both interpreters.
//! - [`builtins`]: the built-in type declarations (the first [`ir::TyCon`]s) and exceptions.
//! - [`visit`]: child iteration and the binders of a node; [`pmap`]: a persistent map keyed
//!   by variables (environments, substitutions) with O(1) copies.

pub mod arith;
pub mod boxint;
pub mod builtins;
pub mod chan;
pub mod engines;
pub mod float;
pub mod hash;
pub mod interp;
pub mod ir;
pub mod md5;
pub mod parse;
pub mod pmap;
pub mod print;
pub mod runtime;
pub mod sexp;
pub mod sys;
#[cfg(test)]
pub mod testkit;
#[cfg(test)]
mod tests;
pub mod verify;
pub mod visit;

/// What a program embedding the compiler runs at the start and the end of every thread the
/// compiler spawns for a big stack ([`with_big_stack`], the parser's): the command line
/// registers the thread's stack guard, so that running out of stack is an error message rather
/// than an abort (`src/main.rs`). Set once, before compiling.
pub static BIG_STACK_THREAD_HOOKS: std::sync::OnceLock<(fn(), fn())> = std::sync::OnceLock::new();

/// Runs `body` with [`BIG_STACK_THREAD_HOOKS`] around it (on a freshly spawned thread).
pub fn in_big_stack_thread<R>(body: impl FnOnce() -> R) -> R {
    struct Leave(Option<fn()>);
    impl Drop for Leave {
        fn drop(&mut self) {
            if let Some(leave) = self.0 {
                leave();
            }
        }
    }
    let hooks = BIG_STACK_THREAD_HOOKS.get().copied();
    if let Some((enter, _)) = hooks {
        enter();
    }
    let _leave = Leave(hooks.map(|(_, leave)| leave));
    body()
}

/// The smallest stack [`with_big_stack`] asks for before it gives up and runs on the caller's.
const MIN_BIG_STACK: usize = 16 << 20;

/// Runs `f` on a thread with a large stack (the IR's tooling is recursive over terms, and
/// generated or inlined terms can be very deep), propagating panics. When the system refuses
/// a stack that big (an address-space limit, `ulimit -v`), half as much, down to 16 MiB; with
/// none, `f` runs on the calling thread.
///
/// `f` and its result need not be `Send`: the IR holds `Rc`s (string constants), which are not.
/// This is sound because the calling thread does nothing but wait in `join` while the helper
/// thread runs: the values move to the helper and back in strict alternation, never touched
/// by two threads at once, and `Rc` keeps no per-thread state.
pub fn with_big_stack<R>(stack_bytes: usize, f: impl FnOnce() -> R) -> R {
    struct HandOff<T>(T);
    // SAFETY: see above; the spawning thread is blocked in `join` for the helper's lifetime.
    unsafe impl<T> Send for HandOff<T> {}
    // The job is shared with each attempt and taken by the one thread that starts.
    let job = std::sync::Mutex::new(Some(HandOff(f)));
    let mut bytes = stack_bytes;
    loop {
        let spawned = std::thread::scope(|s| {
            let job = &job;
            let handle = std::thread::Builder::new()
                .name("egret-lambda".into())
                .stack_size(bytes)
                .spawn_scoped(s, move || {
                    let job = job.lock().unwrap().take().unwrap();
                    HandOff(in_big_stack_thread(job.0))
                })
                .ok()?;
            Some(match handle.join() {
                Ok(r) => r,
                Err(p) => std::panic::resume_unwind(p),
            })
        });
        if let Some(r) = spawned {
            return r.0;
        }
        if bytes / 2 < MIN_BIG_STACK {
            let job = job.lock().unwrap().take().unwrap();
            return (job.0)();
        }
        bytes /= 2;
    }
}

/// The stack given to the recursive passes over the lambda IR (address space; only what the
/// recursion reaches is ever touched).
pub const BIG_STACK: usize = 4 << 30;
