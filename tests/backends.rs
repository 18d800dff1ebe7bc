//! Backends selected on the command line beyond the two built in: the `example` backend, defined
//! in its own crate (`backends/egret-backend-example`) and registered by the CLI in its
//! `BackendRegistry`, builds every example to the same behaviour as ocamlopt's, and reports
//! what it compiled; `-O` reaches the backend.

mod common;

use common::{check_example_with, check_in_parallel, egret, examples, have_tool, root};
use std::process::Command;

fn threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

#[test]
fn every_example_runs_through_the_example_backend() {
    let list = examples();
    assert!(!list.is_empty(), "no examples found");
    let failures = check_in_parallel(&list, threads(), |ml| {
        check_example_with(ml, "example", &["--backend=example"], &[], &[])
    });
    println!(
        "{} examples with --backend=example: {} failed",
        list.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Builds `examples/NAME.ml` with `flags`, with `EGRET_EXAMPLE_REPORT=-` if `report`; returns
/// egret's stderr.
fn build_with_report(name: &str, flags: &[&str], report: bool) -> String {
    let dir = std::env::temp_dir().join(format!("egret-backends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(format!("{name}{}", flags.join("").replace(['-', '='], "_")));
    let out = Command::new(egret())
        .arg("build")
        .arg(root().join(format!("examples/{name}.ml")))
        .arg("-o")
        .arg(&exe)
        .args(flags)
        .env("EGRET_EXAMPLE_REPORT", if report { "-" } else { "" })
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let _ = std::fs::remove_file(&exe);
    stderr
}

#[test]
fn the_example_backend_reports_each_function_and_the_opt_level() {
    let report = build_with_report("fib", &["--backend=example"], true);
    let host = format!("{}-unknown-linux-gnu", std::env::consts::ARCH);
    assert!(
        report.contains(&format!("example backend (cranelift inside, {host}, -O2)")),
        "{report}"
    );
    // The program's own function (by its source name, last), the entry wrapper, and a total.
    let row = |first: Option<&str>, last: Option<&str>| {
        report.lines().any(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            first.is_none_or(|w| words.first() == Some(&w))
                && last.is_none_or(|w| words.last() == Some(&w))
        })
    };
    assert!(row(None, Some("fib")), "no row for fib:\n{report}");
    assert!(
        row(Some("egret_main"), Some("-")),
        "no egret_main:\n{report}"
    );
    assert!(row(Some("total"), None), "no total:\n{report}");
    let report = build_with_report("fib", &["--backend=example", "-O0"], true);
    assert!(report.contains(", -O0)"), "{report}");
    // Nothing is reported unless asked for.
    let quiet = build_with_report("fib", &["--backend=example"], false);
    assert!(!quiet.contains("example backend"), "{quiet}");
}

#[test]
fn unknown_backends_are_listed() {
    let out = Command::new(egret())
        .arg("build")
        .arg(root().join("examples/hello.ml"))
        .args(["--backend=llvm", "-o", "/dev/null"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("unknown backend `llvm` (available: cranelift, native, example)"),
        "{stderr}"
    );
}

/// The example backend supports what its inner backend supports: AArch64, under qemu.
#[test]
fn the_example_backend_cross_compiles() {
    let runner: Vec<&str> = if std::env::consts::ARCH == "aarch64" {
        vec![]
    } else if have_tool("qemu-aarch64") && have_tool("aarch64-linux-gnu-gcc") {
        vec!["qemu-aarch64", "-R", "8G", "-L", "/usr/aarch64-linux-gnu"]
    } else {
        return common::skip(
            "the_example_backend_cross_compiles",
            "qemu-aarch64 or aarch64-linux-gnu-gcc not found",
        );
    };
    let flags = ["--backend=example", "--target", "aarch64-unknown-linux-gnu"];
    for name in ["c_exceptions", "c_argv"] {
        let ml = root().join(format!("examples/{name}.ml"));
        check_example_with(&ml, "example-aarch64", &flags, &runner, &[]).unwrap();
    }
}
