//! Start-up under a limit on the address space (`ulimit -v`): the runtime reserves the program
//! stack (1 GiB, or a quarter of the limit, halving down to 8 MiB when refused) and the heap (at
//! most half of the limit) so that a program starts, deep recursion works where the stack
//! holds it, and `Stack_overflow` is raised where it does not. Expected outputs are ocamlopt's.

mod common;

use common::{backend_enabled, check_example_with, root, Backend};

/// `sh -c 'ulimit -v KIB && exec prog args..'`.
fn under_limit(kib: u64) -> [String; 3] {
    [
        "sh".into(),
        "-c".into(),
        format!("ulimit -v {kib} && exec \"$0\" \"$@\""),
    ]
}

fn check(ml: &str, kib: u64) {
    let runner = under_limit(kib);
    let runner: Vec<&str> = runner.iter().map(String::as_str).collect();
    let mut failures = Vec::new();
    let mut compared = 0;
    for backend in [Backend::Native, Backend::Cranelift] {
        if !backend_enabled(backend) {
            continue;
        }
        let label = format!("{backend:?}-ulimit-{kib}");
        compared += 1;
        if let Err(m) =
            check_example_with(&root().join(ml), &label, &[backend.flag()], &runner, &[])
        {
            failures.push(m);
        }
    }
    assert!(compared > 0, "no backend ran");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// It was "Fatal error: cannot reserve the program stack" (the 1 GiB stack alone is over the
/// limit).
#[test]
fn hello_starts_under_ulimit_v_1000000() {
    check("examples/hello.ml", 1_000_000);
}

/// A million frames of non-tail recursion and a million-element list fit in a quarter of it.
#[test]
fn deep_recursion_under_ulimit_v_1000000() {
    check("examples/c_deep.ml", 1_000_000);
}

/// A small limit: a small stack, Stack_overflow caught, the program goes on.
#[test]
fn stack_overflow_under_ulimit_v_100000() {
    check("tests/startup/deep_limited.ml", 100_000);
}

/// Smaller still: the heap's smallest reservation (16 MiB) and the 8 MiB stack.
#[test]
fn hello_starts_under_ulimit_v_60000() {
    check("examples/hello.ml", 60_000);
}
