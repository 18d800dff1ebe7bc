//! The compiler never overflows its own stack or aborts on large input: deep nesting is a
//! clear error (the parser's limit, 2000 levels of true nesting: `((((1))))`, `1+(1+(1+..))`);
//! long chains (`let .. in`, top-level `let`s, `;` sequences, left-associative operators) build;
//! and where the compiler's stack does run out, it says so and exits 1 instead of aborting
//! (shown with a small stack, `EGRET_COMPILER_STACK`, so that the test is fast).
//!
//! Figures on the CI machine kind (release build, `/usr/bin/time`): 600,000 top-level lets
//! build in about 10 s with a peak RSS of about 5 GB; 100,000 nested `let .. in` in about
//! 2 s and 950 MB.

mod common;

use common::egret;
use std::path::PathBuf;
use std::process::{Command, Output};

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn build(name: &str, source: &str, env: &[(&str, &str)]) -> (Output, PathBuf) {
    let dir = scratch();
    let ml = dir.join(format!("{name}.ml"));
    std::fs::write(&ml, source).unwrap();
    let exe = dir.join(name);
    let mut cmd = Command::new(egret());
    cmd.arg("build").arg(&ml).arg("-o").arg(&exe);
    for (k, v) in env {
        cmd.env(k, v);
    }
    (cmd.output().unwrap(), exe)
}

fn stderr(out: &Output) -> String {
    // The diagnostics quote a 100,000-character source line: keep messages short.
    String::from_utf8_lossy(&out.stderr)
        .chars()
        .take(400)
        .collect()
}

fn run(exe: &PathBuf) -> String {
    let out = Command::new(exe).output().unwrap();
    assert!(out.status.success(), "{exe:?}: {:?}", out.status);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// ocamlopt builds this one (its parser does not nest for parentheses); egret stops at its
/// nesting limit with a message.
#[test]
fn deep_parentheses_are_a_clear_error() {
    let d = 100_000;
    let src = format!("let () = print_int {}1{}\n", "(".repeat(d), ")".repeat(d));
    let (out, _) = build("parens", &src, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("nested too deeply (more than 2000 levels)"),
        "{}",
        stderr(&out)
    );
}

/// ocamlopt: `Fatal error: exception Stack overflow`, exit 2.
#[test]
fn deep_right_nested_operators_are_a_clear_error() {
    let d = 100_000;
    let src = format!(
        "let () = print_int ({}1{})\n",
        "1+(".repeat(d),
        ")".repeat(d)
    );
    let (out, _) = build("plus", &src, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("nested too deeply"),
        "{}",
        stderr(&out)
    );
}

fn let_in_chain(n: usize) -> String {
    let mut src = String::from("let () =\n  let x0 = 0 in\n");
    for i in 1..n {
        src.push_str(&format!("  let x{i} = x{} + 1 in\n", i - 1));
    }
    src.push_str(&format!("  print_int x{}; print_newline ()\n", n - 1));
    src
}

#[test]
fn long_chains_build() {
    let n = 30_000;
    let (out, exe) = build("letin", &let_in_chain(n), &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(run(&exe), format!("{}\n", n - 1));

    let mut src = String::from("let x0 = 0\n");
    for i in 1..n {
        src.push_str(&format!("let x{i} = x{} + 1\n", i - 1));
    }
    src.push_str(&format!(
        "let () = print_int x{}; print_newline ()\n",
        n - 1
    ));
    let (out, exe) = build("toplets", &src, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(run(&exe), format!("{}\n", n - 1));

    let src = format!(
        "let () = print_int ({}); print_newline ()\n",
        vec!["1"; n].join("+")
    );
    let (out, exe) = build("leftplus", &src, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(run(&exe), format!("{n}\n"));
}

/// It was "thread 'egret' has overflowed its stack", SIGABRT (exit 134).
#[test]
fn running_out_of_stack_is_an_error_not_an_abort() {
    let (out, _) = build(
        "letin_small_stack",
        &let_in_chain(100_000),
        &[("EGRET_COMPILER_STACK", &(16usize << 20).to_string())],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error: the program is nested too deeply for egret: the compiler ran out of stack in stage `"),
        "{err}"
    );
}
