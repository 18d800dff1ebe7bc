//! `egret test-backend BACKEND`: the conformance suite any backend runs, in parts:
//!
//! - `examples` ([`examples`]): every end-to-end example built with the backend by this
//!   `egret`, run, and compared with what ocamlopt's build of it did;
//! - `gc-stress`: the same under GC stress (`EGRET_GC_STRESS`), where a value the backend's
//!   code keeps only where the collector does not look (or an object left half-initialised
//!   across a call) shows;
//! - `testsuite` ([`testsuite`]): the tests of OCaml 4.13.1's testsuite that egret passes with
//!   both built-in backends (the ratchet's pass lists), run as ocamltest does
//!   (`egret_testsuite::runner`); needs Debian's `ocaml-source`, else the part is skipped;
//! - `debuginfo` ([`debuginfo`]): `-g` does not change the code, and where the backend
//!   reports source locations, the line table is sound.
//!
//! Invariants: an item passes only if everything it checks agrees; a program running longer
//! than the time limit is killed and fails; each part reports one line per item in name order,
//! whatever the number of workers, then a summary line; a part that cannot run says why
//! (`SKIP`) and is not counted as passed.

pub mod debuginfo;
pub mod examples;
pub mod testsuite;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A part of the suite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Examples,
    GcStress,
    Testsuite,
    Debuginfo,
}

impl Part {
    /// Every part, in the order they run.
    pub const ALL: [Part; 4] = [
        Part::Examples,
        Part::GcStress,
        Part::Testsuite,
        Part::Debuginfo,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Part::Examples => "examples",
            Part::GcStress => "gc-stress",
            Part::Testsuite => "testsuite",
            Part::Debuginfo => "debuginfo",
        }
    }

    pub fn from_name(name: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// What to run.
pub struct Suite {
    /// `--backend=` as given: a built-in backend's name or a library's path.
    pub backend: String,
    /// The examples folder.
    pub dir: PathBuf,
    /// Only the examples (and testsuite tests) whose name contains this.
    pub filter: Option<String>,
    /// More `egret build` flags (`-O0`, `-C backend-arg=K=V`, ...).
    pub build_flags: Vec<String>,
    /// Worker threads.
    pub jobs: usize,
    /// Per program run.
    pub timeout: Duration,
}

/// One item's outcome: `Ok` or why it failed.
pub type Outcome = Result<(), String>;

/// How a part went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartResult {
    /// Items run, of which this many failed.
    Ran { failed: usize },
    /// It could not run (the reason was printed).
    Skipped,
}

/// `egret build ML` run as ocamlopt is by `tests/oracle.sh`: from the file's directory, the file
/// named by its base name, so that the name run-time messages give it (`Assert_failure`,
/// `__FILE__`, backtraces: the path as given) is ocamlopt's. Other paths must be absolute.
pub fn egret_build(egret: &Path, ml: &Path) -> std::process::Command {
    let ml = std::path::absolute(ml).unwrap_or_else(|_| ml.to_path_buf());
    let mut cmd = std::process::Command::new(egret);
    cmd.arg("build")
        .arg(ml.file_name().unwrap_or_default())
        .current_dir(ml.parent().unwrap_or(Path::new(".")));
    cmd
}

/// The examples of `dir` selected by `filter`, sorted by name.
pub fn examples(dir: &Path, filter: Option<&str>) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut list: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .filter(|p| {
            let name = p.file_stem().unwrap_or_default().to_string_lossy();
            filter.is_none_or(|f| name.contains(f))
        })
        .collect();
    list.sort();
    Ok(list)
}

/// The summary line of a part: `backend B: N of M programs passed, F failed (Ts)` for the
/// examples, `backend B, PART: ...` for the others.
fn summary(suite: &Suite, part: Part, total: usize, failed: usize, started: Instant) -> String {
    let what = match part {
        Part::Examples => String::new(),
        other => format!(", {}", other.name()),
    };
    let unit = match part {
        Part::Testsuite => "tests",
        _ => "programs",
    };
    format!(
        "backend {}{what}: {} of {total} {unit} passed, {failed} failed ({:.1}s)",
        suite.backend,
        total - failed,
        started.elapsed().as_secs_f64()
    )
}

/// Runs the examples part (or, with `stress`, the gc-stress part) on `list`, printing a line
/// per program (`PASS name`, `FAIL name: why`; `gc-stress` before the name for that part) to
/// `out` as they finish in order, then the summary; returns the number of failures.
pub fn run(
    suite: &Suite,
    list: &[PathBuf],
    stress: bool,
    out: &mut (dyn std::io::Write + Send),
) -> usize {
    let egret = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("egret"));
    let scratch = std::env::temp_dir();
    let scratch = std::path::absolute(&scratch)
        .unwrap_or(scratch)
        .join(format!(
            "egret-test-backend-{}{}",
            std::process::id(),
            if stress { "-stress" } else { "" }
        ));
    if let Err(e) = std::fs::create_dir_all(&scratch) {
        let _ = writeln!(out, "error: cannot create {}: {e}", scratch.display());
        return list.len().max(1);
    }
    let part = if stress {
        Part::GcStress
    } else {
        Part::Examples
    };
    let started = Instant::now();
    let failed = run_ordered(
        list,
        suite.jobs,
        &|ml: &PathBuf| examples::check(suite, &egret, &scratch, ml, stress),
        &|ml: &PathBuf| item_name(part, &ml.file_stem().unwrap_or_default().to_string_lossy()),
        out,
    );
    let _ = std::fs::remove_dir_all(&scratch);
    let _ = writeln!(out, "{}", summary(suite, part, list.len(), failed, started));
    failed
}

/// An item's name in its line: the part's name first, except for the examples'.
fn item_name(part: Part, name: &str) -> String {
    match part {
        Part::Examples => name.to_string(),
        other => format!("{} {name}", other.name()),
    }
}

/// Checks every item on `jobs` workers, printing `PASS name` or `FAIL name: why` per item in
/// the items' order as soon as it and those before it are done; returns the number of failures.
pub fn run_ordered<T: Sync>(
    items: &[T],
    jobs: usize,
    check: &(dyn Fn(&T) -> Outcome + Sync),
    name: &(dyn Fn(&T) -> String + Sync),
    out: &mut (dyn std::io::Write + Send),
) -> usize {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; items.len()]);
    let printed = Mutex::new((0usize, &mut *out));
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let outcome = check(item);
                results.lock().unwrap()[i] = Some(outcome);
                // Print every finished result that is next in order.
                let mut printed = printed.lock().unwrap();
                let results = results.lock().unwrap();
                while let Some(Some(outcome)) = results.get(printed.0) {
                    let name = name(&items[printed.0]);
                    let line = match outcome {
                        Ok(()) => format!("PASS {name}"),
                        Err(why) => format!("FAIL {name}: {why}"),
                    };
                    let _ = writeln!(printed.1, "{line}");
                    printed.0 += 1;
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .iter()
        .filter(|r| !matches!(r, Some(Ok(()))))
        .count()
}

/// Runs `parts` in order; returns each part's result.
pub fn run_parts(
    suite: &Suite,
    parts: &[Part],
    out: &mut (dyn std::io::Write + Send),
) -> Vec<(Part, PartResult)> {
    let mut results = Vec::new();
    for &part in parts {
        let result = match part {
            Part::Examples | Part::GcStress => {
                match examples(&suite.dir, suite.filter.as_deref()) {
                    Ok(list) => PartResult::Ran {
                        failed: run(suite, &list, part == Part::GcStress, out),
                    },
                    Err(e) => {
                        let _ = writeln!(out, "SKIP {}: {e}", part.name());
                        PartResult::Skipped
                    }
                }
            }
            Part::Testsuite => testsuite::run(suite, out),
            Part::Debuginfo => debuginfo::run(suite, out),
        };
        results.push((part, result));
    }
    results
}
