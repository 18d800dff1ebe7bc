//! `egret run --jit`: programs compiled into egret's memory and run there (Cranelift,
//! `adapters/src/jit`) behave as their executables: every example's stdout, stderr and exit
//! code are ocamlopt's (the expectations `tests/examples.rs` and the conformance suite use),
//! with and without GC stress (`EGRET_GC_STRESS`, the interval chosen as `tests/gc.rs` does);
//! arguments reach `Sys.argv`, standard input is inherited; and nothing is written to the file
//! system.
//!
//! Each example's source is copied into a directory of the configuration's own before it runs:
//! `Sys.argv.(0)` is the source's path under `--jit` (as under `ocaml FILE.ml`), and examples
//! name their scratch files after it.

mod common;

use common::{check_in_parallel, diff, egret, example_stdin, examples, root};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Worker threads (CI has 2 cores).
const THREADS: usize = 2;

/// Stress mode collects at every allocation in examples allocating fewer words than this in a
/// normal run, and every N-th allocation in heavier ones, for about `STRESS_COLLECTIONS`
/// collections (as `tests/gc.rs`).
const FULL_STRESS_WORDS: u64 = 100_000;
const STRESS_COLLECTIONS: u64 = 2_000;

fn read_or(path: &Path, default: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|_| default.to_string())
}

/// Runs `egret run --jit` on `ml` (copied into `dir`) with its arguments, standard input and
/// `env`.
fn run_jit(ml: &Path, dir: &Path, flags: &[&str], env: &[(&str, &str)]) -> Output {
    let copy = dir.join(ml.file_name().unwrap());
    std::fs::copy(ml, &copy).unwrap();
    let args: Vec<String> = read_or(&ml.with_extension("args"), "")
        .split_whitespace()
        .map(String::from)
        .collect();
    let mut cmd = Command::new(egret());
    cmd.args(["run", "--jit", "--verify"])
        .args(flags)
        .arg(&copy)
        .arg("--")
        .args(&args)
        .stdin(example_stdin(&ml.with_extension("stdin")));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run egret");
    let _ = std::fs::remove_file(&copy);
    out
}

/// The program's part of `egret run`'s stderr: without the compiler's warnings before it (each
/// a `warning: ...` block ending with an empty line, codespan's rendering).
fn program_stderr(stderr: &str) -> &str {
    let mut rest = stderr;
    while rest.starts_with("warning: ") {
        match rest.find("\n\n") {
            Some(end) => rest = &rest[end + 2..],
            None => break,
        }
    }
    rest
}

/// `out` against `ml`'s expected files.
fn compare(ml: &Path, label: &str, out: &Output) -> Result<(), String> {
    let name = ml.file_stem().unwrap().to_string_lossy();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stderr = program_stderr(&stderr);
    let code = out
        .status
        .code()
        .map(|c| c.to_string())
        .unwrap_or_else(|| format!("{:?}", out.status));
    let want_out = read_or(&ml.with_extension("out"), "");
    let want_err = read_or(&ml.with_extension("err"), "");
    let want_code = read_or(&ml.with_extension("code"), "0").trim().to_string();
    let mut problems = Vec::new();
    if stdout != want_out {
        problems.push(format!("stdout differs:\n{}", diff(&want_out, &stdout)));
    }
    if stderr != want_err {
        problems.push(format!("stderr differs:\n{}", diff(&want_err, stderr)));
    }
    if code != want_code {
        problems.push(format!("exit code {code}, expected {want_code}"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{name} [{label}]: {}", problems.join("\n")))
    }
}

/// A scratch directory for configuration `label`.
fn scratch(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-jit-{}-{label}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The words allocated, from the `EGRET_GC_STATS` report on stderr.
fn allocated_words(stderr: &str) -> Option<u64> {
    let line = stderr.lines().find(|l| l.contains("words allocated"))?;
    let start = line.find('(')? + 1;
    line[start..].split(' ').next()?.parse().ok()
}

fn check_all(label: &str, check: impl Fn(&Path, &Path) -> Result<(), String> + Sync) {
    let list = examples();
    assert!(!list.is_empty(), "no examples");
    let dir = scratch(label);
    let failures = check_in_parallel(&list, THREADS, |ml| check(ml, &dir));
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{} examples with --jit ({label}): {} passed, {} failed",
        list.len(),
        list.len() - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} example(s) failed with --jit ({label}):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn examples_run_in_memory_as_their_executables() {
    check_all("default", |ml, dir| {
        compare(ml, "--jit", &run_jit(ml, dir, &[], &[]))
    });
}

#[test]
fn examples_run_in_memory_under_gc_stress() {
    check_all("stress", |ml, dir| {
        let normal = run_jit(ml, dir, &[], &[("EGRET_GC_STATS", "1")]);
        let words = allocated_words(&String::from_utf8_lossy(&normal.stderr)).ok_or_else(|| {
            format!(
                "{}: no EGRET_GC_STATS report:\n{}",
                ml.display(),
                String::from_utf8_lossy(&normal.stderr)
            )
        })?;
        let interval = if words < FULL_STRESS_WORDS {
            1
        } else {
            (words / 3 / STRESS_COLLECTIONS).max(1)
        };
        let interval = interval.to_string();
        let out = run_jit(ml, dir, &[], &[("EGRET_GC_STRESS", &interval)]);
        compare(ml, &format!("--jit, EGRET_GC_STRESS={interval}"), &out)
    });
}
