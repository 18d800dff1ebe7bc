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

#[test]
fn examples_native() {
    if common::backend_enabled(Backend::Native) {
        run_all(Backend::Native, &[], &[]);
    }
}

#[test]
fn examples_cranelift() {
    if common::backend_enabled(Backend::Cranelift) {
        run_all(Backend::Cranelift, &[], &[]);
    }
}
