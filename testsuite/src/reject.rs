//! Widening step 4: the compile-error tests, which egret must reject.
//!
//! OCaml's testsuite checks many programs its compiler must refuse (`ocamlc.byte` with
//! `ocamlc_byte_exit_status = "2"`, the message compared by `check-ocamlc.byte-output`);
//! [`classify_reject`] picks those that are one file. egret builds each (the front end is the
//! same for both backends, so once, with the native backend) and must exit with 1, an error.
//! Accepting one is a soundness bug: egret compiled a program OCaml rejects. The messages are
//! not compared (egret's wording is its own), but a rejection only because a feature is "not
//! supported yet" is counted apart: it says nothing about egret's checks.
//!
//! The ratchet is `tests/ocaml-testsuite/reject.txt`: tests egret rejects, which it must keep
//! rejecting (an accepted or crashing one fails the gate); it grows like the pass lists.

use crate::header::{classify_reject, Eligibility, TestSpec};
use crate::runner::{pool, run_limited, RunConfig};
use crate::suite::{most_common_in_order, select_with, Selection, Test};
use crate::verdict::{first_error, signal_name};
use std::collections::BTreeSet;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Command;

/// What egret did with a program OCaml rejects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rejection {
    /// Exit 1 with an error that is not about a missing feature.
    Rejected,
    /// Exit 1 because a feature is not supported yet.
    Unsupported,
    /// Exit 0: egret compiled it (unsound).
    Accepted,
    /// Any other exit (an internal compiler error is 101) or a signal.
    Crash,
    Timeout,
}

impl Rejection {
    pub fn word(self) -> &'static str {
        match self {
            Rejection::Rejected => "rejected",
            Rejection::Unsupported => "rejected-unsupported",
            Rejection::Accepted => "ACCEPTED",
            Rejection::Crash => "CRASH",
            Rejection::Timeout => "TIMEOUT",
        }
    }

    /// Refused with exit status 1, for whatever reason.
    pub fn is_rejection(self) -> bool {
        matches!(self, Rejection::Rejected | Rejection::Unsupported)
    }
}

/// One compile-error test's outcome.
#[derive(Clone, Debug)]
pub struct RejectOutcome {
    pub id: String,
    pub dir: String,
    pub verdict: Rejection,
    /// The first error line (or what happened instead).
    pub detail: String,
}

impl RejectOutcome {
    pub fn line(&self) -> String {
        format!("{}: {} {}", self.id, self.verdict.word(), self.detail)
    }
}

/// The compile-error tests of `dirs` (default: every directory).
pub fn select_rejects(tests: &Path, dirs: &[String]) -> Result<Selection, String> {
    let all = ["all".to_string()];
    let dirs = if dirs.is_empty() { &all[..] } else { dirs };
    select_with(tests, dirs, &|p| match classify_reject(p) {
        Ok(()) => Eligibility::Eligible(TestSpec {
            exit_status: 1,
            ..TestSpec::default()
        }),
        Err(why) => Eligibility::NotEligible(why),
    })
}

fn run_one(test: &Test, work: &Path, cfg: &RunConfig) -> std::io::Result<(Rejection, String)> {
    std::fs::create_dir_all(work)?;
    let name = test.path.file_name().unwrap_or_default();
    std::fs::copy(&test.path, work.join(name))?;
    let log = work.join("compile.log");
    let mut cmd = Command::new(&cfg.egret);
    cmd.arg("build")
        .arg(name)
        .arg("-o")
        .arg(work.join("prog.exe"))
        .arg("--backend=native")
        .current_dir(work);
    let Some(st) = run_limited(cmd, Path::new("/dev/null"), &log, cfg.compile_timeout)? else {
        return Ok((
            Rejection::Timeout,
            format!("compile (>{}s)", cfg.compile_timeout.as_secs()),
        ));
    };
    let text = String::from_utf8_lossy(&std::fs::read(&log)?).into_owned();
    let first = first_error(&text);
    Ok(match (st.code(), st.signal()) {
        (Some(0), _) => (
            Rejection::Accepted,
            "egret compiled a program OCaml rejects".into(),
        ),
        (Some(1), _) if first.contains("not supported") => (Rejection::Unsupported, first),
        (Some(1), _) => (Rejection::Rejected, first),
        (Some(c), _) => (Rejection::Crash, format!("exit {c} (want 1): {first}")),
        (None, Some(s)) => (Rejection::Crash, format!("signal {}", signal_name(s))),
        (None, None) => (Rejection::Crash, "unknown status".into()),
    })
}

/// Builds every test once (native backend) on `cfg.jobs` workers.
pub fn run_rejects(
    tests: &[Test],
    cfg: &RunConfig,
    progress: &(dyn Fn(&RejectOutcome) + Sync),
) -> std::io::Result<Vec<RejectOutcome>> {
    let work = crate::runner::scratch_dir()?;
    let outcomes = pool(tests, cfg.jobs, &|test: &Test| {
        let dir = work.join(test.id.trim_end_matches(".ml").replace('/', "__"));
        let (verdict, detail) = run_one(test, &dir, cfg)
            .unwrap_or_else(|e| (Rejection::Crash, format!("harness error: {e}")));
        let o = RejectOutcome {
            id: test.id.clone(),
            dir: test.dir.clone(),
            verdict,
            detail,
        };
        progress(&o);
        o
    });
    if !cfg.keep {
        let _ = std::fs::remove_dir_all(&work);
    }
    Ok(outcomes)
}

/// Counts by verdict, the wrongly accepted tests by name, and the first error lines of the
/// rejections, most common first (the first `limit`; 0: all).
pub fn report(outcomes: &[RejectOutcome], limit: usize) -> String {
    let count = |v: Rejection| outcomes.iter().filter(|o| o.verdict == v).count();
    let mut s = format!(
        "compile-error tests: {} — rejected {} (an error: {}, a feature not supported yet: {}), \
         ACCEPTED {}, CRASH {}, TIMEOUT {}\n",
        outcomes.len(),
        count(Rejection::Rejected) + count(Rejection::Unsupported),
        count(Rejection::Rejected),
        count(Rejection::Unsupported),
        count(Rejection::Accepted),
        count(Rejection::Crash),
        count(Rejection::Timeout),
    );
    for o in outcomes.iter().filter(|o| !o.verdict.is_rejection()) {
        s += &format!("  {}\n", o.line());
    }
    let groups = most_common_in_order(
        outcomes
            .iter()
            .filter(|o| o.verdict.is_rejection())
            .map(|o| o.detail.as_str()),
    );
    s += &format!(
        "rejections by first error line ({} groups):\n",
        groups.len()
    );
    for (i, (line, n)) in groups.iter().enumerate() {
        if limit > 0 && i >= limit {
            s += &format!("... {} more groups\n", groups.len() - limit);
            break;
        }
        s += &format!("{n:4} tests: {line}\n");
    }
    s
}

/// The ratchet list of tests egret rejects.
pub fn reject_list_path() -> std::path::PathBuf {
    crate::ratchet::lists_dir().join("reject.txt")
}

pub fn read_reject_list() -> BTreeSet<String> {
    std::fs::read_to_string(reject_list_path())
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// The ratchet's findings: listed tests egret no longer rejects (these fail the gate), and
/// rejected tests not yet listed.
pub fn check(outcomes: &[RejectOutcome], listed: &BTreeSet<String>) -> (Vec<String>, Vec<String>) {
    let mut regressions = Vec::new();
    let mut new = Vec::new();
    for o in outcomes {
        match (listed.contains(&o.id), o.verdict.is_rejection()) {
            (true, false) => regressions.push(o.line()),
            (false, true) => new.push(o.id.clone()),
            _ => {}
        }
    }
    (regressions, new)
}

/// Adds `new` to the list (never removes).
pub fn update(new: &[String]) -> std::io::Result<()> {
    let mut ids = read_reject_list();
    ids.extend(new.iter().cloned());
    let mut s = format!(
        "# OCaml 4.13.1 compile-error tests egret rejects (exit 1), as OCaml does (the ratchet:\n\
         # a listed test must stay rejected; the list only grows). Add new ones with\n\
         # {}\n",
        crate::ratchet::UPDATE_COMMAND
    );
    for id in ids {
        s += &id;
        s.push('\n');
    }
    std::fs::write(reject_list_path(), s)
}
