//! The end-to-end suite for AArch64: every program in `examples/` is built with
//! `--target aarch64-unknown-linux-gnu --backend=cranelift` (the runtime compiled for AArch64
//! and the program linked by `aarch64-linux-gnu-gcc`), run under `qemu-aarch64`, and its stdout,
//! stderr and exit code compared with ocamlopt's (`NAME.out`, `NAME.err`, `NAME.code`): the same
//! checks as `tests/examples.rs` on x86-64. Every example is included (none is reduced: the
//! slowest, `c_deep`, takes about 10 s under qemu on the CI machine).
//!
//! Needs `qemu-aarch64` and `aarch64-linux-gnu-gcc` (Debian `qemu-user`,
//! `gcc-aarch64-linux-gnu`; `.ci/run` installs them). Without them the tests say they are
//! skipped, unless `EGRET_REQUIRE_AARCH64=1` or `CI=true` (set by `.ci/run`), which makes that a failure. On
//! an AArch64 host the programs run directly.
//!
//! qemu runs with `-R 8G` (an 8 GiB guest address space): without it qemu-user spends about
//! 2.5 s per run marking the runtime's 128 GiB `PROT_NONE` heap reservation page by page; with
//! it that reservation fails and the runtime falls back to a smaller one (which this exercises).
//!
//! Examples are built and run on as many threads as there are cores (`EGRET_TEST_THREADS`
//! overrides); `EGRET_TEST_FILTER=substring` selects examples, as in `tests/examples.rs`.

mod common;

use std::io::Write;

use common::{check_example_with, check_in_parallel, examples, have_tool};

const TARGET: &str = "aarch64-unknown-linux-gnu";

/// How to run an AArch64 executable here: directly on an AArch64 host, else under qemu; `None`
/// (after saying why) when the tools are missing.
fn aarch64_runner(test: &str) -> Option<Vec<&'static str>> {
    if std::env::consts::ARCH == "aarch64" {
        return Some(Vec::new());
    }
    let missing: Vec<&str> = ["qemu-aarch64", "aarch64-linux-gnu-gcc"]
        .into_iter()
        .filter(|tool| !have_tool(tool))
        .collect();
    if missing.is_empty() {
        return Some(vec![
            "qemu-aarch64",
            "-R",
            "8G",
            "-L",
            "/usr/aarch64-linux-gnu",
        ]);
    }
    let message = format!(
        "{test}: skipped: {} not found (install the Debian packages qemu-user and \
         gcc-aarch64-linux-gnu)",
        missing.join(" and ")
    );
    if std::env::var("EGRET_REQUIRE_AARCH64").is_ok_and(|v| v == "1") || common::under_ci() {
        panic!("{message}, and EGRET_REQUIRE_AARCH64=1 or CI=true");
    }
    // Straight to stderr, not `eprintln!`: the test harness captures that and shows it only for
    // failing tests, and a skip should be seen.
    let _ = writeln!(std::io::stderr(), "{message}");
    None
}

fn threads() -> usize {
    std::env::var("EGRET_TEST_THREADS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
}

fn run_all(test: &str, label: &str, extra: &[&str]) {
    let Some(runner) = aarch64_runner(test) else {
        return;
    };
    let list = examples();
    assert!(!list.is_empty(), "no examples found");
    let mut flags = vec!["--backend=cranelift", "--target", TARGET];
    flags.extend_from_slice(extra);
    let start = std::time::Instant::now();
    let failures = check_in_parallel(&list, threads(), |ml| {
        check_example_with(ml, label, &flags, &runner, &[])
    });
    println!(
        "{} examples on {label}: {} passed, {} failed, in {:.1}s",
        list.len(),
        list.len() - failures.len(),
        failures.len(),
        start.elapsed().as_secs_f64()
    );
    if !failures.is_empty() {
        panic!(
            "{} example(s) failed on {label}:\n\n{}",
            failures.len(),
            failures.join("\n\n")
        );
    }
}

#[test]
fn examples_aarch64_cranelift() {
    run_all("examples_aarch64_cranelift", "aarch64-cranelift", &[]);
}
