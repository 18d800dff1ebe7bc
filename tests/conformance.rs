//! The conformance suite, `egret test-backend BACKEND`, run against every backend egret ships:
//! the built-in `native`, `cranelift` and `example`, and the example backend loaded from its
//! shared library. Each part runs where it adds something within CI's time (2 cores):
//!
//! | backend | examples | gc-stress | testsuite | debuginfo |
//! |---|---|---|---|---|
//! | native, cranelift | yes | `tests/gc.rs` | `tests/ocaml_testsuite.rs` | yes |
//! | example (built in) | yes | `gc_*` examples | | |
//! | example library (`.so`) | yes | | `basic/` tests | yes |
//!
//! The built-in backends' GC stress and testsuite runs are the dedicated tests' (with their
//! ratchets); the example backend is the same code built in and loaded, so each of its parts
//! runs once, the testsuite on the loaded library (the path through a library's `--backend`),
//! GC stress on the collector's examples only (Cranelift's code under stress is `tests/gc.rs`'s).
//! `EGRET_TEST_FILTER` selects examples. The suite itself is checked to fail what it must:
//! wrong output, a wrong exit code, a program that does not stop, a build that fails, a program
//! that only works without GC stress.

mod common;

use common::{backend_enabled, backend_library, egret, root, under_ci, Backend};
use std::path::PathBuf;
use std::process::Command;

/// Runs `egret test-backend` with `args` and `filter` (`EGRET_TEST_FILTER`'s when set); its exit
/// code and stdout.
fn test_backend(args: &[&str], filter: Option<&str>) -> (Option<i32>, String) {
    let mut cmd = Command::new(egret());
    cmd.arg("test-backend").args(args);
    let filter = std::env::var("EGRET_TEST_FILTER")
        .ok()
        .or(filter.map(String::from));
    if let Some(filter) = filter {
        cmd.arg(format!("--filter={filter}"));
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    (out.status.code(), stdout)
}

/// The examples `EGRET_TEST_FILTER` (else `filter`) selects (all by default).
fn selected_examples(filter: Option<&str>) -> usize {
    let filter = std::env::var("EGRET_TEST_FILTER")
        .ok()
        .or(filter.map(String::from))
        .unwrap_or_default();
    std::fs::read_dir(root().join("examples"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.ends_with(".ml") && name.contains(&filter)
        })
        .count()
}

/// The `parts` of the suite with `backend` (on the examples `filter` selects) pass: a summary per part with nothing failed, no
/// FAIL line, a PASS line per example in the examples part. A part that cannot run (SKIP: no
/// OCaml testsuite here) fails under `CI=true`.
fn conformance(backend: &str, parts: &[&str], filter: Option<&str>) {
    let started = std::time::Instant::now();
    let parts_arg = format!("--parts={}", parts.join(","));
    let (code, stdout) = test_backend(&[backend, &parts_arg], filter);

    for line in stdout.lines().filter(|l| l.starts_with("backend ")) {
        println!("{line}");
    }
    println!(
        "{backend} ({}): {:.1}s",
        parts.join(","),
        started.elapsed().as_secs_f64()
    );
    let failures: Vec<&str> = stdout.lines().filter(|l| l.starts_with("FAIL")).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for skipped in stdout.lines().filter(|l| l.starts_with("SKIP")) {
        assert!(
            !under_ci(),
            "under CI=true no part may be skipped: {skipped}"
        );
        common::skip(&format!("conformance {backend}"), skipped);
    }
    for part in parts {
        let prefix = match *part {
            "examples" => format!("backend {backend}: "),
            other => format!("backend {backend}, {other}: "),
        };
        let skipped = stdout.contains(&format!("SKIP {part}:"));
        let summary = stdout.lines().find(|l| l.starts_with(&prefix));
        match summary {
            Some(line) => assert!(line.contains(" passed, 0 failed"), "{line}"),
            None => assert!(skipped, "no summary for {part}:\n{stdout}"),
        }
    }
    if parts.contains(&"examples") {
        let n = selected_examples(filter);
        assert!(n > 0);
        let passed = stdout
            .lines()
            .filter(|l| l.starts_with("PASS ") && !l["PASS ".len()..].contains(' '))
            .count();
        assert_eq!(passed, n, "{stdout}");
        assert!(
            stdout.contains(&format!(": {n} of {n} programs passed, 0 failed")),
            "{stdout}"
        );
    }
    assert_eq!(code, Some(0), "{stdout}");
}

#[test]
fn conformance_native() {
    if backend_enabled(Backend::Native) {
        conformance("native", &["examples", "debuginfo"], None);
    }
}

#[test]
fn conformance_cranelift() {
    if backend_enabled(Backend::Cranelift) {
        conformance("cranelift", &["examples", "debuginfo"], None);
    }
}

#[test]
fn conformance_example() {
    conformance("example", &["examples"], None);
    // GC stress on the examples about the collector (`tests/gc.rs` stresses every example with
    // the built-in backends; the example backend's code is Cranelift's).
    conformance("example", &["gc-stress"], Some("gc_"));
}

#[test]
fn conformance_example_library() {
    let library = backend_library("egret-backend-example");
    let library = library.to_string_lossy();
    conformance(&library, &["examples", "debuginfo"], None);
    // OCaml's `basic` tests (30 of the 167 egret passes), through the library.
    conformance(&library, &["testsuite"], Some("basic/"));
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
    // Right, except under GC stress.
    write(
        "f_calm.ml",
        "let () = print_endline (match Sys.getenv_opt \"EGRET_GC_STRESS\" with\n\
         | None | Some \"0\" -> \"calm\" | Some _ -> \"stressed\")\n",
    );
    write("f_calm.out", "calm\n");
    dir
}

#[test]
fn the_suite_fails_what_it_must() {
    let dir = made_up_examples();
    let dir_arg = format!("--examples={}", dir.display());
    let out = Command::new(egret())
        .args([
            "test-backend",
            "native",
            "--parts=examples,gc-stress",
            &dir_arg,
            "--timeout=2",
            "-j1",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    // A failed build's diagnostics follow its FAIL line, indented.
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .collect();
    assert_eq!(lines.len(), 14, "{stdout}");
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
    assert_eq!(lines[5], "PASS f_calm");
    assert!(
        lines[6].starts_with("backend native: 2 of 6 programs passed, 4 failed"),
        "{stdout}"
    );
    // Under GC stress the same, and the program that notices the stress fails.
    assert_eq!(lines[7], "PASS gc-stress a_right");
    assert_eq!(
        lines[12],
        "FAIL gc-stress f_calm: stdout differs at line 1: expected \"calm\\n\", got \"stressed\\n\""
    );
    assert!(
        lines[13].starts_with("backend native, gc-stress: 1 of 6 programs passed, 5 failed"),
        "{stdout}"
    );
    // Flags after `--` reach each build; --filter selects.
    let out = Command::new(egret())
        .args([
            "test-backend",
            "cranelift",
            &dir_arg,
            "--parts=examples",
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
            "--parts=examples",
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
    let out = Command::new(egret())
        .args(["test-backend", "native", "--parts=examples,nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown part `nope`"));
    assert!(out.stdout.is_empty());
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
