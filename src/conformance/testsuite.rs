//! The testsuite part of the conformance suite: the tests of OCaml 4.13.1's own testsuite that
//! egret passes with both of its built-in backends (`tests/ocaml-testsuite/pass-native.txt` ∩
//! `pass-cranelift.txt`, the ratchet's lists), each built with the backend and run as ocamltest
//! does (`egret_testsuite::runner::run_test`: stdout and stderr against the reference file, the
//! exit status). What fails there with this backend and not with egret's own is the backend's.
//!
//! Needs Debian's `ocaml-source` (the testsuite is extracted from its tarball once, into a
//! cache): without it the part is skipped, saying so. The `--` build flags do not reach these
//! builds (the runner builds as ocamltest's `native` test does).

use super::{run_ordered, summary, Part, PartResult, Suite};
use egret_testsuite::{ratchet, runner, suite as ts, verdict::Verdict};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Instant;

/// The tests every backend must pass: those both built-in backends pass.
pub fn expected_tests() -> BTreeSet<String> {
    let native = ratchet::read_pass_list("native");
    let cranelift = ratchet::read_pass_list("cranelift");
    native.intersection(&cranelift).cloned().collect()
}

/// Runs the part, printing `PASS testsuite ID` / `FAIL testsuite ID: VERDICT detail` per test
/// and the summary.
pub fn run(suite: &Suite, out: &mut (dyn std::io::Write + Send)) -> PartResult {
    let skip = |out: &mut (dyn std::io::Write + Send), why: String| {
        let _ = writeln!(out, "SKIP {}: {why}", Part::Testsuite.name());
        PartResult::Skipped
    };
    let tests_dir = match ts::ensure_extracted() {
        Ok(d) => d,
        Err(e) => return skip(out, e.to_string()),
    };
    let expected = expected_tests();
    if expected.is_empty() {
        return skip(
            out,
            format!("no pass lists in {}", ratchet::lists_dir().display()),
        );
    }
    let mut tests = Vec::new();
    for selection in [
        ts::select(&tests_dir, &[], true),
        ts::select_modules(&tests_dir, &[]),
    ] {
        match selection {
            Ok(sel) => tests.extend(sel.tests),
            Err(e) => return skip(out, format!("selecting the tests: {e}")),
        }
    }
    tests.retain(|t| {
        expected.contains(&t.id) && suite.filter.as_deref().is_none_or(|f| t.id.contains(f))
    });
    tests.sort_by(|a, b| a.id.cmp(&b.id));
    // The runner builds in each test's own directory: a library's path must not be relative.
    let backend = if egret_adapters::dylib::is_library_path(&suite.backend) {
        std::fs::canonicalize(&suite.backend)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|_| suite.backend.clone())
    } else {
        suite.backend.clone()
    };
    let egret = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("egret"));
    let mut cfg = runner::RunConfig::new(egret);
    cfg.jobs = suite.jobs;
    cfg.run_timeout = suite.timeout;
    let work = match runner::scratch_dir() {
        Ok(w) => w,
        Err(e) => return skip(out, format!("no scratch directory: {e}")),
    };
    let started = Instant::now();
    let failed = run_ordered(
        &tests,
        suite.jobs,
        &|t: &ts::Test| {
            let dir = work.join(t.id.trim_end_matches(".ml").replace('/', "__"));
            let outcome = runner::run_test(t, &backend, &dir, &cfg);
            let _ = std::fs::remove_dir_all(&dir);
            if outcome.verdict == Verdict::Ok {
                Ok(())
            } else {
                Err(format!("{} {}", outcome.verdict, outcome.detail))
            }
        },
        &|t: &ts::Test| format!("{} {}", Part::Testsuite.name(), t.id),
        out,
    );
    let _ = std::fs::remove_dir_all(&work);
    let _ = writeln!(
        out,
        "{}",
        summary(suite, Part::Testsuite, tests.len(), failed, started)
    );
    PartResult::Ran { failed }
}
