//! The fuzz targets (`egret_plugin::fuzz`, run for real with `cargo +nightly fuzz`, see the
//! README's "Fuzzing" section) in the ordinary test suite, without cargo-fuzz:
//!
//! 1. every entry of the committed corpus `fuzz/corpus/<target>/` through its target;
//! 2. a bounded run of random byte and token mutations of the corpus entries (fixed seed,
//!    about 25 s in all; `EGRET_FUZZ_SECS=N` gives each target N seconds instead).
//!
//! A panic is a failure: the input is written to `target/fuzz-failures/<target>-N.ml` and the
//! test fails naming it (replay with `cargo +nightly fuzz run <target> FILE`).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use egret_plugin::fuzz::{self, mutate};

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut entries: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    entries.sort();
    assert!(
        entries.len() >= 20,
        "{}: the corpus has {} entries",
        dir.display(),
        entries.len()
    );
    entries
}

fn target_fn(name: &str) -> fn(&[u8]) {
    fuzz::TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
        .unwrap()
}

/// Runs `f` on `input`; on a panic, saves the input and returns a description.
fn run_one(target: &str, f: fn(&[u8]), input: &[u8], what: &str, n: usize) -> Option<String> {
    match catch_unwind(AssertUnwindSafe(|| f(input))) {
        Ok(()) => None,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/fuzz-failures");
            let _ = std::fs::create_dir_all(&dir);
            let file = dir.join(format!("{target}-{n}.ml"));
            let _ = std::fs::write(&file, input);
            Some(format!(
                "{target}: {what} panics (input saved to {}):\n{}",
                file.display(),
                msg.lines().take(8).collect::<Vec<_>>().join("\n")
            ))
        }
    }
}

fn budget(default_secs: u64) -> Duration {
    let secs = std::env::var("EGRET_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default_secs);
    Duration::from_secs(secs)
}

fn replay_and_mutate(target: &str, secs: u64, seed: u64) {
    let f = target_fn(target);
    let entries = corpus(target);
    let mut failures = vec![];
    for (i, (name, data)) in entries.iter().enumerate() {
        failures.extend(run_one(target, f, data, &format!("corpus entry {name}"), i));
    }
    let others: Vec<&[u8]> = entries.iter().map(|(_, d)| d.as_slice()).collect();
    let mut rng = mutate::Rng(seed);
    let start = Instant::now();
    let limit = budget(secs);
    let mut runs = 0;
    while start.elapsed() < limit && failures.len() < 5 {
        let (name, base) = &entries[rng.below(entries.len())];
        let input = mutate::mutate(base, &others, &mut rng);
        runs += 1;
        failures.extend(run_one(
            target,
            f,
            &input,
            &format!("mutation #{runs} of {name}"),
            entries.len() + runs,
        ));
    }
    println!(
        "{target}: {} corpus entries, {runs} mutations in {:.1?}",
        entries.len(),
        start.elapsed()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn fuzz_parse_corpus_and_mutations() {
    replay_and_mutate("parse", 5, 1);
}

#[test]
fn fuzz_typecheck_corpus_and_mutations() {
    replay_and_mutate("typecheck", 8, 2);
}

#[test]
fn fuzz_pipeline_corpus_and_mutations() {
    replay_and_mutate("pipeline", 12, 3);
}

/// The targets do fail on a compiler bug: an internal error is a panic, not a diagnostic.
#[test]
fn fuzz_targets_accept_errors_and_compile_programs() {
    assert!(!fuzz::parse(b"let x = = 1"));
    assert!(fuzz::parse(b"let x = 1"));
    assert!(!fuzz::typecheck(b"let x = 1 + \"a\""));
    assert!(fuzz::typecheck(b"let x = 1 + 2"));
    assert!(!fuzz::typecheck(&[0xff, 0xfe, b'(']));
    assert!(matches!(
        fuzz::pipeline(b"let () = print_int (1 + 2)"),
        fuzz::PipelineOutcome::Compiled { functions, code_bytes } if functions > 0 && code_bytes > 0
    ));
    assert_eq!(
        fuzz::pipeline(b"let () = print_int true"),
        fuzz::PipelineOutcome::Rejected
    );
}
