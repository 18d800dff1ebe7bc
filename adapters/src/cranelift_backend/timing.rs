//! Cranelift's own passes, one by one, for `--time-passes` (as the native backend reports isel,
//! regalloc and emission): a [`Profiler`] installed on the compiling thread while Cranelift
//! compiles a function, recording each pass's *self* time (its time minus its nested passes'),
//! grouped under egret's names ([`GROUPS`]).
//!
//! Cranelift times its passes through `cranelift_codegen::timing` (the `timing` feature, on by
//! default): each pass starts a token and ends when the token is dropped, nested passes in LIFO
//! order. Invariant: the stack of open passes is empty between two [`timed`] calls (a token is
//! always dropped inside the compilation that made it).

use cranelift_codegen::timing::{self, Pass, Profiler};
use std::any::Any;
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// egret's name for each of Cranelift's passes, in the order `--time-passes` lists them; a pass
/// not named here counts under `cranelift-other` (the `compile` driver's own time included).
const GROUPS: [(&str, &[Pass]); 5] = [
    ("verify", &[Pass::verifier]),
    (
        "clif-opt",
        &[
            Pass::flowgraph,
            Pass::domtree,
            Pass::loop_analysis,
            Pass::preopt,
            Pass::egraph,
            Pass::gvn,
            Pass::licm,
            Pass::unreachable_code,
            Pass::remove_constant_phis,
            Pass::canonicalize_nans,
            Pass::layout_renumber,
        ],
    ),
    ("isel", &[Pass::vcode_lower]),
    ("regalloc", &[Pass::regalloc, Pass::regalloc_checker]),
    ("emit", &[Pass::vcode_emit, Pass::vcode_emit_finish]),
];

/// An open pass: which, since when, and the time of the passes nested in it so far.
struct Open {
    pass: Pass,
    start: Instant,
    nested: Duration,
}

thread_local! {
    static OPEN: RefCell<Vec<Open>> = const { RefCell::new(Vec::new()) };
    static SELF_TIMES: RefCell<Vec<(Pass, Duration)>> = const { RefCell::new(Vec::new()) };
}

struct PassProfiler;

impl Profiler for PassProfiler {
    fn start_pass(&self, pass: Pass) -> Box<dyn Any> {
        OPEN.with(|open| {
            open.borrow_mut().push(Open {
                pass,
                start: Instant::now(),
                nested: Duration::ZERO,
            })
        });
        Box::new(PassToken)
    }
}

/// Ends the innermost open pass when dropped.
struct PassToken;

impl Drop for PassToken {
    fn drop(&mut self) {
        let Some(done) = OPEN.with(|open| open.borrow_mut().pop()) else {
            return;
        };
        let total = done.start.elapsed();
        OPEN.with(|open| {
            if let Some(parent) = open.borrow_mut().last_mut() {
                parent.nested += total;
            }
        });
        let own = total.saturating_sub(done.nested);
        SELF_TIMES.with(|times| {
            let mut times = times.borrow_mut();
            match times.iter_mut().find(|(p, _)| *p == done.pass) {
                Some((_, t)) => *t += own,
                None => times.push((done.pass, own)),
            }
        });
    }
}

/// Runs `compile` (a Cranelift compilation) with its passes timed: its result, and the self
/// time of each group of passes that ran, in [`GROUPS`] order, then `cranelift-other`.
pub fn timed<T>(compile: impl FnOnce() -> T) -> (T, Vec<(&'static str, Duration)>) {
    SELF_TIMES.with(|times| times.borrow_mut().clear());
    let previous = timing::set_thread_profiler(Box::new(PassProfiler));
    let result = compile();
    timing::set_thread_profiler(previous);
    OPEN.with(|open| open.borrow_mut().clear());
    let times = SELF_TIMES.with(|times| std::mem::take(&mut *times.borrow_mut()));
    let mut grouped: Vec<(&'static str, Duration)> = Vec::new();
    let mut other = Duration::ZERO;
    for (pass, time) in times {
        match GROUPS.iter().find(|(_, passes)| passes.contains(&pass)) {
            Some((name, _)) => match grouped.iter_mut().find(|(n, _)| n == name) {
                Some((_, t)) => *t += time,
                None => grouped.push((name, time)),
            },
            None => other += time,
        }
    }
    grouped.sort_by_key(|(name, _)| GROUPS.iter().position(|(n, _)| n == name));
    if other > Duration::ZERO {
        grouped.push(("cranelift-other", other));
    }
    (result, grouped)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nested passes count once, under their own group; the parent keeps only its own time, so
    /// the groups add up to no more than the whole.
    #[test]
    fn nested_passes_count_their_self_time() {
        let start = Instant::now();
        let ((), groups) = timed(|| {
            let _compile = timing::compile();
            std::thread::sleep(Duration::from_millis(2));
            {
                let _isel = timing::vcode_lower();
                std::thread::sleep(Duration::from_millis(5));
            }
            let _regalloc = timing::regalloc();
            std::thread::sleep(Duration::from_millis(3));
        });
        let elapsed = start.elapsed();
        let names: Vec<&str> = groups.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["isel", "regalloc", "cranelift-other"]);
        let time = |name: &str| groups.iter().find(|(n, _)| *n == name).unwrap().1;
        assert!(time("isel") >= Duration::from_millis(5));
        assert!(time("regalloc") >= Duration::from_millis(3));
        assert!(time("cranelift-other") >= Duration::from_millis(2));
        // Counted in `compile` too, the children would make the sum exceed the elapsed time.
        let sum: Duration = groups.iter().map(|(_, t)| *t).sum();
        assert!(sum <= elapsed, "{groups:?} add up to more than {elapsed:?}");
    }
}
