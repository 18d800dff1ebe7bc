//! End-to-end tests: every program in `examples/` is built with each backend, run, and its
//! stdout, stderr and exit code compared with what `ocamlopt`'s build printed
//! (`NAME.out`, `NAME.err`, `NAME.code`; see `tests/oracle.sh`).
//!
//! Set `EGRET_TEST_FILTER=substring` to run only some examples, and
//! `EGRET_TEST_BACKENDS=native,cranelift` to choose backends.

mod common;

use common::{check_example, examples, Backend};

fn run_all(backend: Backend, extra: &[&str], env: &[(&str, &str)]) {
    let mut failures = Vec::new();
    let list = examples();
    assert!(!list.is_empty(), "no examples found");
    for ex in &list {
        if let Err(msg) = check_example(ex, backend, extra, env) {
            failures.push(msg);
        }
    }
    println!(
        "{} examples with {backend:?}: {} passed, {} failed",
        list.len(),
        list.len() - failures.len(),
        failures.len()
    );
    if !failures.is_empty() {
        panic!(
            "{} example(s) failed with {backend:?}:\n\n{}",
            failures.len(),
            failures.join("\n\n")
        );
    }
}

// The default options' runs are the conformance suite's (`tests/conformance.rs`, `egret
// test-backend native|cranelift|example|PATH.so`).

// `-O0` turns off the SSA optimizer and, with Cranelift, Cranelift's own (`opt_level=none`):
// the behaviour must not change.

#[test]
fn examples_native_o0() {
    if common::backend_enabled(Backend::Native) {
        run_all(Backend::Native, &["-O0"], &[]);
    }
}

#[test]
fn examples_cranelift_o0() {
    if common::backend_enabled(Backend::Cranelift) {
        run_all(Backend::Cranelift, &["-O0"], &[]);
    }
}

/// `egret run` passes the arguments after `--` to the program and exits with its exit code, the
/// same with every backend.
#[test]
fn egret_run_passes_arguments_and_exit_code() {
    let ml = common::root().join("examples/c_argv.ml");
    let read = |ext: &str| std::fs::read_to_string(ml.with_extension(ext)).unwrap();
    let args = read("args");
    for backend in ["native", "cranelift", "example"] {
        let out = common::egret_on("run", &ml)
            .arg(format!("--backend={backend}"))
            .arg("--")
            .args(args.split_whitespace())
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            read("out"),
            "{backend}"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            read("err"),
            "{backend}"
        );
        assert_eq!(
            out.status.code().map(|c| c.to_string()),
            Some(read("code").trim().to_string()),
            "{backend}"
        );
    }
}
