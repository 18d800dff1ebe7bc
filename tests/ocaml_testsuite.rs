//! OCaml 4.13.1's own testsuite as the conformance gate (issue #17), on both backends.
//!
//! Selects the single-program tests of `testsuite/tests` (the reference runner's default
//! directories; tests without a reference file included, expecting empty output), builds each
//! once per backend and runs it as ocamltest does (`egret_testsuite`), then holds the ratchet:
//! - every test in `tests/ocaml-testsuite/pass-BACKEND.txt` passes;
//! - no WRONG or CRASH verdict, unless listed in `tests/ocaml-testsuite/known-wrong.txt`, whose
//!   entries must still be WRONG or CRASH;
//! - every listed test is still selected.
//!
//! `ocaml_testsuite_rejects` does the same for the compile-error tests (widening step 4):
//! egret must reject each (exit 1); `tests/ocaml-testsuite/reject.txt` is their ratchet.
//! `ocaml_testsuite_flags` runs the tests whose flags egret takes (`-g`, `-unsafe`; widening
//! step 2) like the others, in the same pass lists. `ocaml_testsuite_expect` compares the
//! verdicts of the `expect` tests' phrase groups with OCaml's (widening step 5;
//! `egret_testsuite::expect`), with the `expect-*.txt` lists as its ratchet.
//!
//! A test that passes but is not listed is reported (on stderr, past the test harness's
//! capture) with the command that adds it: `EGRET_TS_UPDATE=1 cargo test --release --test
//! ocaml_testsuite` (adds, never removes). The dashboard, for any directory or backend:
//! `cargo build --release -p egret -p egret-testsuite && target/release/egret-testsuite report`.
//!
//! Without Debian's `ocaml-source` the test skips with a note, except under `CI=true`, where a
//! missing tarball or `ocamlopt` fails it. `EGRET_TEST_BACKENDS=native` runs one backend.

mod common;

use common::Backend;
use egret_testsuite::{expect, ratchet, reject, report, runner, suite};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// The tests take turns: each runs its own workers (2 by default, for 2 cores).
static TURN: Mutex<()> = Mutex::new(());

fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Written straight to stderr, so `cargo test` shows it even when the test passes.
fn loud(text: &str) {
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// The extracted `testsuite/tests`, or `None` (skip) outside CI when the tarball is missing.
fn testsuite_dir() -> Option<PathBuf> {
    let ci = under_ci();
    let ocamlopt = std::process::Command::new("ocamlopt")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ocamlopt && ci {
        panic!("CI=true and ocamlopt is missing: install ocaml-nox (.ci/run does)");
    }
    let tests_dir = match suite::ensure_extracted() {
        Ok(d) => d,
        Err(e @ suite::Unavailable::NoTarball(_)) if !ci => {
            loud(&format!("ocaml_testsuite: SKIPPED: {e}\n"));
            return None;
        }
        Err(e) => panic!("{e} (CI=true: the testsuite gate may not be skipped)"),
    };
    Some(tests_dir)
}

#[test]
fn ocaml_testsuite() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(tests_dir) = testsuite_dir() else {
        return;
    };
    let sel = suite::select(&tests_dir, &[], true).expect("selecting the tests");
    let backends: Vec<String> = [Backend::Native, Backend::Cranelift]
        .into_iter()
        .filter(|b| under_ci() || common::backend_enabled(*b))
        .map(|b| format!("{b:?}").to_lowercase())
        .collect();

    // The same selection as the reference runner (`ocaml-testsuite-run.sh --list` and
    // `--list --noref-empty`): 159 tests with a reference file in 49 directories, 17 without.
    let with_ref: Vec<_> = sel.tests.iter().filter(|t| !t.spec.no_reference).collect();
    let mut dirs: Vec<&str> = with_ref.iter().map(|t| t.dir.as_str()).collect();
    dirs.dedup();
    assert_eq!(
        (with_ref.len(), dirs.len(), sel.tests.len() - with_ref.len()),
        (159, 49, 17),
        "the selection differs from the reference runner's (tests, directories, tests without a reference)"
    );

    // The lists name only selected tests (a test that stopped being eligible must leave them);
    // the multi-module tests (`ocaml_testsuite_modules`) share them.
    let multi = suite::select_modules(&tests_dir, &[]).expect("selecting the tests");
    let flagged = suite::select_flags(&tests_dir, &[]).expect("selecting the tests");
    let selected: std::collections::BTreeSet<&str> = (sel.tests.iter())
        .chain(&multi.tests)
        .chain(&flagged.tests)
        .map(|t| t.id.as_str())
        .collect();
    let mut unknown = Vec::new();
    for b in ["native", "cranelift"] {
        for id in ratchet::read_pass_list(b) {
            if !selected.contains(id.as_str()) {
                unknown.push(format!("pass-{b}.txt: {id}"));
            }
        }
    }
    for b in ["native", "cranelift"] {
        unknown.extend(ratchet::form_problems(&ratchet::pass_list_path(b)));
    }
    unknown.extend(ratchet::form_problems(&reject::reject_list_path()));
    for (b, id) in ratchet::read_known_wrong() {
        if !selected.contains(id.as_str()) {
            unknown.push(format!("known-wrong.txt: {b} {id}"));
        }
    }
    assert!(
        unknown.is_empty(),
        "the lists name tests that are not selected (not eligible any more?), or are not sorted:\n{}",
        unknown.join("\n")
    );

    let cfg = runner::RunConfig::new(PathBuf::from(common::egret()));
    let started = std::time::Instant::now();
    let (outcomes, work) =
        runner::run_all(&sel.tests, &backends, &cfg, &|_| {}).expect("running the tests");
    let _ = std::fs::remove_dir_all(&work);
    let elapsed = started.elapsed().as_secs_f64();

    println!("{}", report::table(&outcomes, &backends));
    println!("{}", report::failure_groups(&outcomes, &backends, 15));
    println!("{}", report::feature_groups(&outcomes, 15));
    let findings = ratchet::check(&outcomes);
    let mut summary = String::new();
    for b in &backends {
        let count = |noref: bool| {
            let of_b = outcomes
                .iter()
                .filter(|o| &o.backend == b && o.no_reference == noref);
            let all: Vec<_> = of_b.collect();
            let ok = all
                .iter()
                .filter(|o| o.verdict == egret_testsuite::verdict::Verdict::Ok)
                .count();
            (ok, all.len())
        };
        let ((p, n), (pn, nn)) = (count(false), count(true));
        // Built: accepted by the typer and through every IR verifier (`--verify`); an internal
        // error is a CRASH verdict, which the ratchet fails unless known.
        let built = (outcomes.iter())
            .filter(|o| &o.backend == b)
            .filter(|o| o.verdict != egret_testsuite::verdict::Verdict::CompileFail)
            .count();
        summary += &format!(
            "ocaml_testsuite [{b}]: {p}/{n} pass (with a reference file), {pn}/{nn} (without: empty output expected); {built} built with --verify\n"
        );
    }
    summary += &format!("ocaml_testsuite: {elapsed:.1}s\n");
    loud(&summary);
    loud(&findings.text());
    if std::env::var("EGRET_TS_UPDATE").is_ok_and(|v| v == "1") {
        let n = ratchet::update(&findings).expect("writing the pass lists");
        loud(&format!(
            "ocaml_testsuite: added {n} test(s) to the pass lists\n"
        ));
    }
    assert!(
        !findings.failed(),
        "the OCaml testsuite ratchet failed:\n{}",
        findings.text()
    );
}

/// Widening step 3: the multi-module tests (a `modules` variable naming `.ml`/`.mli` files,
/// built as `egret build MODULES.. NAME.ml`), with their own count; their passes are in the
/// same pass lists (the ratchet).
#[test]
fn ocaml_testsuite_modules() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(tests_dir) = testsuite_dir() else {
        return;
    };
    let sel = suite::select_modules(&tests_dir, &[]).expect("selecting the tests");
    assert!(!sel.tests.is_empty(), "no multi-module test selected");
    run_and_ratchet(
        &sel.tests,
        false,
        "ocaml_testsuite_modules",
        "multi-module tests pass",
        "multi-module tests",
    );
}

/// Widening step 4: the compile-error tests (one file OCaml must reject), which egret must
/// reject too (exit 1); `tests/ocaml-testsuite/reject.txt` is their ratchet. The count of
/// wrongly accepted ones is a soundness figure.
#[test]
fn ocaml_testsuite_rejects() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(tests_dir) = testsuite_dir() else {
        return;
    };
    let sel = reject::select_rejects(&tests_dir, &[]).expect("selecting the tests");
    let listed = reject::read_reject_list();
    let selected: std::collections::BTreeSet<&str> =
        sel.tests.iter().map(|t| t.id.as_str()).collect();
    let unknown: Vec<&String> = listed
        .iter()
        .filter(|id| !selected.contains(id.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "reject.txt lists tests that are not selected: {unknown:?}"
    );
    let cfg = runner::RunConfig::new(PathBuf::from(common::egret()));
    let outcomes = reject::run_rejects(&sel.tests, &cfg, &|_| {}).expect("running the tests");
    let text = reject::report(&outcomes, 10);
    println!("{text}");
    loud(&format!(
        "ocaml_testsuite_rejects: {}",
        text.lines().next().unwrap_or_default()
    ));
    loud("\n");
    let (regressions, new) = reject::check(&outcomes, &listed);
    if !new.is_empty() {
        loud(&format!(
            ">>> {} rejected compile-error test(s) not in reject.txt: {}\n>>> add them with: {}\n",
            new.len(),
            new.join(", "),
            ratchet::UPDATE_COMMAND
        ));
        if std::env::var("EGRET_TS_UPDATE").is_ok_and(|v| v == "1") {
            reject::update(&new).expect("writing reject.txt");
        }
    }
    let unsound: Vec<String> = outcomes
        .iter()
        .filter(|o| !o.verdict.is_rejection())
        .map(|o| o.line())
        .collect();
    assert!(
        regressions.is_empty() && unsound.is_empty(),
        "compile-error tests egret must reject:\nno longer rejected (listed in reject.txt):\n{}\n\
         not rejected (accepted, crashed or timed out):\n{}",
        regressions.join("\n"),
        unsound.join("\n")
    );
}

/// Widening step 2: the tests eligible but for their flags, all of which egret takes (`-g`,
/// `-unsafe`), built with them; their passes are in the same pass lists (the ratchet).
#[test]
fn ocaml_testsuite_flags() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(tests_dir) = testsuite_dir() else {
        return;
    };
    let sel = suite::select_flags(&tests_dir, &[]).expect("selecting the tests");
    assert!(
        !sel.tests.is_empty(),
        "no test with flags egret takes selected"
    );
    run_and_ratchet(
        &sel.tests,
        true,
        "ocaml_testsuite_flags",
        "tests with flags egret takes (-g, -unsafe) pass",
        "tests with flags",
    );
}

/// Widening step 5: the `expect` tests, by verdict. Each phrase group is type-checked (`egret
/// check --toplevel`) after the groups before it that both accepted; its verdict (accepted,
/// or rejected and with which first error line) is compared with the toplevel's. The
/// ratchet: `expect-agree.txt` and `expect-same-error.txt` must keep agreeing; an UNSOUND
/// group (OCaml rejects, egret accepts) not in `expect-unsound.txt` fails. The whole set (215
/// files, 2133 groups, about 2,500 `egret check` runs) is run: about 150 s of CPU, 330 s on
/// the 2 shared cores it was measured on, within the testsuite's 10 minutes with the others.
#[test]
fn ocaml_testsuite_expect() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(tests_dir) = testsuite_dir() else {
        return;
    };
    let sel = expect::select_expect(&tests_dir, &[]).expect("selecting the tests");
    let form: Vec<String> = [
        expect::agree_list_path(),
        expect::same_error_list_path(),
        expect::unsound_list_path(),
    ]
    .iter()
    .flat_map(|p| ratchet::form_problems(p))
    .collect();
    assert!(form.is_empty(), "{}", form.join("\n"));
    assert!(
        sel.tests.len() >= 200,
        "only {} expect tests selected",
        sel.tests.len()
    );
    let cfg = runner::RunConfig::new(PathBuf::from(common::egret()));
    let started = std::time::Instant::now();
    let outcomes = expect::run_expect(&sel.tests, &cfg, &|_| {}).expect("running the tests");
    let elapsed = started.elapsed().as_secs_f64();
    let text = expect::report(&outcomes, 15);
    println!("{text}");
    let findings = expect::check(&outcomes, true);
    loud(&format!(
        "ocaml_testsuite_expect: {} files; {}\nocaml_testsuite_expect: {elapsed:.1}s\n",
        sel.tests.len(),
        expect::summary(&outcomes)
    ));
    loud(&findings.text());
    if std::env::var("EGRET_TS_UPDATE").is_ok_and(|v| v == "1") {
        expect::update(&findings, &outcomes, false).expect("writing the expect lists");
        loud("ocaml_testsuite_expect: lists updated\n");
    }
    assert!(
        !findings.failed(),
        "the OCaml testsuite ratchet failed (expect tests):\n{}",
        findings.text()
    );
}

/// Runs `tests` on both backends and checks them against the pass lists (the ratchet shared by
/// the widened sets): prints the table (and the failures grouped, with `groups`) and
/// `NAME [backend]: ok/n WHAT`, adds new passes under `EGRET_TS_UPDATE=1`, fails on a finding.
fn run_and_ratchet(
    tests: &[egret_testsuite::suite::Test],
    groups: bool,
    name: &str,
    what: &str,
    set: &str,
) {
    let backends: Vec<String> = [Backend::Native, Backend::Cranelift]
        .into_iter()
        .filter(|b| under_ci() || common::backend_enabled(*b))
        .map(|b| format!("{b:?}").to_lowercase())
        .collect();
    let cfg = runner::RunConfig::new(PathBuf::from(common::egret()));
    let (outcomes, work) =
        runner::run_all(tests, &backends, &cfg, &|_| {}).expect("running the tests");
    let _ = std::fs::remove_dir_all(&work);
    println!("{}", report::table(&outcomes, &backends));
    if groups {
        println!("{}", report::failure_groups(&outcomes, &backends, 15));
    }
    let findings = ratchet::check(&outcomes);
    let mut summary = String::new();
    for b in &backends {
        let of_b: Vec<_> = outcomes.iter().filter(|o| &o.backend == b).collect();
        let ok = (of_b.iter())
            .filter(|o| o.verdict == egret_testsuite::verdict::Verdict::Ok)
            .count();
        summary += &format!("{name} [{b}]: {ok}/{} {what}\n", of_b.len());
    }
    loud(&summary);
    loud(&findings.text());
    if std::env::var("EGRET_TS_UPDATE").is_ok_and(|v| v == "1") {
        let n = ratchet::update(&findings).expect("writing the pass lists");
        loud(&format!("{name}: added {n} test(s) to the pass lists\n"));
    }
    assert!(
        !findings.failed(),
        "the OCaml testsuite ratchet failed ({set}):\n{}",
        findings.text()
    );
}
