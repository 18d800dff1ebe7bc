//! The conformance suite, `egret test-backend BACKEND`, run against every backend egret ships:
//! the built-in `native`, `cranelift` and `example`, and the example backend loaded from its
//! shared library. Each builds every example (`examples/`, `EGRET_TEST_FILTER` selects) and
//! must behave as ocamlopt's build did. The suite itself is checked to fail what it must:
//! wrong output, a wrong exit code, a program that does not stop, a build that fails.

mod common;

use common::{backend_enabled, backend_library, egret, root, Backend};
use std::path::PathBuf;
use std::process::Command;

/// Runs `egret test-backend` with `args`; its exit code and stdout, checked to have one line
/// per program and the summary.
fn test_backend(args: &[&str]) -> (Option<i32>, String) {
    let mut cmd = Command::new(egret());
    cmd.arg("test-backend").args(args);
    if let Ok(filter) = std::env::var("EGRET_TEST_FILTER") {
        cmd.arg(format!("--filter={filter}"));
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    (out.status.code(), stdout)
}

/// The whole suite with `backend` passes: a PASS line per example and nothing else failing.
fn conformance(backend: &str) {
    let (code, stdout) = test_backend(&[backend]);
    let filter = std::env::var("EGRET_TEST_FILTER").unwrap_or_default();
    let n = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.ends_with(".ml") && name.contains(&filter)
        })
        .count();
    assert!(n > 0);
    println!("{}", stdout.lines().last().unwrap_or_default());
    let failures: Vec<&str> = stdout.lines().filter(|l| l.starts_with("FAIL")).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("PASS ")).count(),
        n,
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(": {n} of {n} programs passed, 0 failed")),
        "{stdout}"
    );
    assert_eq!(code, Some(0), "{stdout}");
}

#[test]
fn conformance_native() {
    if backend_enabled(Backend::Native) {
        conformance("native");
    }
}

#[test]
fn conformance_cranelift() {
    if backend_enabled(Backend::Cranelift) {
        conformance("cranelift");
    }
}

#[test]
fn conformance_example() {
    conformance("example");
}

#[test]
fn conformance_example_library() {
    conformance(&backend_library("egret-backend-example").to_string_lossy());
}

/// A folder of made-up examples, some of which must fail.
fn made_up_examples() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-conformance-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    // Right.
    write("a_right.ml", "let () = print_endline \"hi\"; exit 3\n");
    write("a_right.out", "hi\n");
    write("a_right.code", "3\n");
    // Wrong output, on the second line.
    write(
        "b_output.ml",
        "let () = print_endline \"x\"; print_endline \"y\"\n",
    );
    write("b_output.out", "x\nz\n");
    // Wrong exit code, and stderr not as expected.
    write("c_code.ml", "let () = prerr_endline \"oops\"; exit 2\n");
    write("c_code.code", "0\n");
    // Never stops.
    write(
        "d_loop.ml",
        "let rec f x = if x < 0 then x else f (x + 1)\nlet () = exit (f 0)\n",
    );
    // Does not compile.
    write("e_broken.ml", "let () = print_int \"no\"\n");
    dir
}

#[test]
fn the_suite_fails_what_it_must() {
    let dir = made_up_examples();
    let dir_arg = format!("--examples={}", dir.display());
    let out = Command::new(egret())
        .args(["test-backend", "native", &dir_arg, "--timeout=2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    // A failed build's diagnostics follow its FAIL line, indented.
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .collect();
    assert_eq!(lines.len(), 6, "{stdout}");
    assert_eq!(lines[0], "PASS a_right");
    assert_eq!(
        lines[1],
        "FAIL b_output: stdout differs at line 2: expected \"z\\n\", got \"y\\n\""
    );
    assert_eq!(
        lines[2],
        "FAIL c_code: stderr differs at line 1: expected the end, got \"oops\\n\"; exit code 2, expected 0"
    );
    assert_eq!(lines[3], "FAIL d_loop: still running after 2s: killed");
    assert!(
        lines[4].starts_with("FAIL e_broken: egret build failed"),
        "{stdout}"
    );
    assert!(stdout.contains("This expression has type"), "{stdout}");
    assert!(
        lines[5].starts_with("backend native: 1 of 5 programs passed, 4 failed"),
        "{stdout}"
    );
    // Flags after `--` reach each build; --filter selects.
    let out = Command::new(egret())
        .args([
            "test-backend",
            "cranelift",
            &dir_arg,
            "--filter=right",
            "--",
            "-O0",
            "-C",
            "backend-arg=regalloc_algorithm=single_pass",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with("PASS a_right\nbackend cranelift: 1 of 1 programs passed"),
        "{stdout}"
    );
    let out = Command::new(egret())
        .args([
            "test-backend",
            "cranelift",
            &dir_arg,
            "--filter=right",
            "--",
            "-C",
            "backend-arg=nope=1",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("unknown option `nope` for the cranelift backend"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_backend_is_refused_before_anything_runs() {
    let out = Command::new(egret())
        .args(["test-backend", "llvm"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown backend `llvm`"));
    let lib = backend_library("egret-backend-mismatched");
    let out = Command::new(egret())
        .arg("test-backend")
        .arg(&lib)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("0.0.0-mismatched"));
    assert!(out.stdout.is_empty());
}
