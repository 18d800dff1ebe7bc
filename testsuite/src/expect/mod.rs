//! Widening step 5: OCaml's `expect` tests, compared by verdict.
//!
//! An expect test (`(* TEST * expect *)`) is a file of toplevel phrases in groups, each group
//! followed by `[%%expect{| ... |}]` holding what the toplevel printed ([`crate::phrases`]).
//! egret has no toplevel, so what is compared is each group's *verdict*: accepted (the
//! expected text has no `Error:` line; an `Exception:` is a run-time event, so the typer
//! accepted the phrase), or rejected with `Error: FIRST LINE`.
//!
//! For group k, egret type-checks (`egret check --toplevel`, which types the file as toplevel
//! phrases: nothing after typing, and a weak type variable left in a top-level binding is
//! not an error, as in the toplevel) a program made of the *environment* — the phrases of
//! earlier groups that OCaml accepted and egret accepted too — and group k, up to the phrase
//! OCaml rejects if it rejects one. The program is the test file with every other phrase
//! blanked out ([`crate::phrases::program_text`]), so the lines in egret's messages are the
//! file's. The toplevel stops a group at its first failing phrase: its earlier phrases are
//! defined, the failing one and the later ones are not. Which phrase failed is read from the
//! location above the `Error:` line (`Line N` counts from the group's first item).
//!
//! A group's [`Agreement`]:
//! - `accepted` / `rejected`: the verdicts agree (for a rejection, the first error lines are
//!   compared too: equal when OCaml's first line is egret's, or begins it);
//! - `FALSE-REJECT`: OCaml accepts, egret rejects with a typing error (or rejects an earlier
//!   phrase of a group whose later phrase OCaml rejects);
//! - `UNSOUND`: OCaml rejects, egret accepts — a soundness bug (issue #16), listed by name;
//! - `unsupported`: egret rejects because a feature is "not supported yet", or with a syntax
//!   error (OCaml parsed the whole file, so that is a gap in egret's parser) — no verdict;
//! - `CRASH` (exit status other than 0/1, a signal) and `TIMEOUT`;
//! - not comparable: a toplevel directive (`#rectypes`, `#labels`: the rest of the file too;
//!   `#warnings` is dropped), objects or classes (egret has none; the group's phrases are
//!   left out of the environment), an exception in a group of several phrases or an error
//!   without a location in one (which phrases the toplevel kept is unknown).
//!
//! When egret rejects a phrase OCaml accepted — in the group, or one of the environment it
//! accepted before (a check egret makes at the end of the program) — that phrase is left out
//! of the environment (egret's error location says which; the rest of the group is checked
//! again without it),
//! so one unsupported feature does not fail every later group; a later "Unbound" rejection
//! of a name such a left-out phrase mentions is not comparable (it may follow from it).
//!
//! The ratchet: `tests/ocaml-testsuite/expect-agree.txt` (groups whose verdicts agree) and
//! `expect-same-error.txt` (rejections with the same first error line) must keep agreeing;
//! `expect-unsound.txt` lists the known UNSOUND groups, and any other one fails the gate.

use crate::header::classify_expect;
use crate::phrases::{self, Group, Phrase, PhraseKind};
use crate::runner::{pool, run_limited, RunConfig};
use crate::suite::{select_with, Selection, Test};
use crate::verdict::signal_name;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Command;

mod ratchet;
mod report;
pub use ratchet::{
    agree_list_path, check, read_list, same_error_list_path, unsound_list_path, update,
    ExpectFindings,
};
pub use report::{report, summary};

/// Directories left out by default: typing-objects (egret has no objects).
pub const EXCLUDED_DIRS: &[&str] = &["typing-objects"];

/// How many phrases of the environment one check may leave out ([`FileRun::check`]).
const ENV_RETRIES: usize = 8;

/// Directives that change how the rest of the file is typed.
const STATEFUL_DIRECTIVES: &[&str] = &["rectypes", "labels", "principal", "ppx", "load", "use"];
/// Directives without effect on typing: left out of the program.
const HARMLESS_DIRECTIVES: &[&str] = &["warnings", "warn_error"];

/// What the toplevel printed for a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    Accepted,
    /// `Exception: ...`: typed, raised when run.
    Exception,
    /// `Error: ...`: the first line (without `Error: `) and the line of the location above
    /// it, counted from the group's first item.
    Rejected {
        line: Option<u32>,
        message: String,
    },
}

/// Reads a group's expected output.
pub fn parse_expected(text: &str) -> Expected {
    let mut loc = None;
    for l in text.lines() {
        if let Some(rest) = l.strip_prefix("Error: ") {
            return Expected::Rejected {
                line: loc,
                message: rest.trim().to_string(),
            };
        }
        if l.starts_with("Exception:") || l.starts_with("Uncaught exception") {
            return Expected::Exception;
        }
        for prefix in ["Line ", "Lines "] {
            if let Some(rest) = l.strip_prefix(prefix) {
                let n: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
                if let Ok(n) = n.parse() {
                    loc = Some(n);
                }
            }
        }
    }
    Expected::Accepted
}

/// The outcome of one group.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Agreement {
    Accepted,
    Rejected,
    FalseReject,
    Unsound,
    Unsupported,
    NotComparable(String),
    Crash,
    Timeout,
}

impl Agreement {
    pub fn word(&self) -> String {
        match self {
            Agreement::Accepted => "accepted".into(),
            Agreement::Rejected => "rejected".into(),
            Agreement::FalseReject => "FALSE-REJECT".into(),
            Agreement::Unsound => "UNSOUND".into(),
            Agreement::Unsupported => "unsupported".into(),
            Agreement::NotComparable(why) => format!("not-comparable ({why})"),
            Agreement::Crash => "CRASH".into(),
            Agreement::Timeout => "TIMEOUT".into(),
        }
    }

    /// The verdicts agree.
    pub fn agrees(&self) -> bool {
        matches!(self, Agreement::Accepted | Agreement::Rejected)
    }
}

/// One group's outcome.
#[derive(Clone, Debug)]
pub struct GroupOutcome {
    /// `DIR/FILE.ml:LINE` (the line of the group's first phrase).
    pub id: String,
    pub dir: String,
    pub agreement: Agreement,
    /// OCaml's first error line (`accepted` when it accepts).
    pub ocaml: String,
    /// egret's first error line (`accepted` when it accepts).
    pub egret: String,
    /// For a rejection both agree on: the first error lines are the same.
    pub same_error: bool,
}

impl GroupOutcome {
    pub fn line(&self) -> String {
        let mut s = format!("{}: {}", self.id, self.agreement.word());
        match self.agreement {
            Agreement::Accepted => {}
            Agreement::Rejected if self.same_error => s += " (same error)",
            _ => s += &format!(" — OCaml: {}; egret: {}", self.ocaml, self.egret),
        }
        s
    }
}

/// The expect tests of `dirs` (default: every directory but [`EXCLUDED_DIRS`]).
pub fn select_expect(tests: &Path, dirs: &[String]) -> Result<Selection, String> {
    let mut chosen = dirs.to_vec();
    if chosen.is_empty() {
        let mut all: Vec<String> = std::fs::read_dir(tests)
            .map_err(|e| format!("{}: {e}", tests.display()))?
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|d| !EXCLUDED_DIRS.contains(&d.as_str()))
            .collect();
        all.sort();
        chosen = all;
    }
    let mut sel = select_with(tests, &chosen, &|p| match classify_expect(p) {
        Ok(()) => crate::header::Eligibility::Eligible(Default::default()),
        Err(why) => crate::header::Eligibility::NotEligible(why),
    })?;
    // Directories without a single expect test say nothing.
    sel.excluded.retain(|(d, why)| {
        sel.tests.iter().any(|t| &t.dir == d)
            || why
                .iter()
                .any(|(r, _)| r != "not an expect test" && !r.starts_with("no TEST"))
    });
    Ok(sel)
}

/// What egret said about one program.
#[derive(Debug)]
enum Check {
    Accepted,
    /// Exit 1: the first error line (without `error: `), its line in the file, whether it is
    /// a "not supported yet".
    Rejected {
        message: String,
        line: Option<u32>,
        unsupported: bool,
    },
    Crash(String),
    Timeout,
}

/// egret's first error line, its location's line, whether a note says "not supported yet".
fn read_diagnostics(text: &str) -> (String, Option<u32>, bool) {
    let lines: Vec<&str> = text.lines().collect();
    let Some(i) = lines.iter().position(|l| l.starts_with("error")) else {
        return (
            lines
                .first()
                .map_or("(no output)", |l| l.trim())
                .to_string(),
            None,
            false,
        );
    };
    let message = lines[i]
        .strip_prefix("error: ")
        .unwrap_or(lines[i])
        .trim()
        .to_string();
    let mut line = None;
    // OCaml parsed the whole file: a syntax error is a gap in egret's parser, never a verdict.
    let mut unsupported = message.contains("not supported") || message.starts_with("syntax error");
    for l in lines
        .iter()
        .skip(i + 1)
        .take_while(|l| !l.starts_with("error"))
    {
        if let Some(pos) = l.find("┌─ ") {
            let loc = &l[pos + "┌─ ".len()..];
            let mut parts = loc.rsplitn(3, ':');
            let _col = parts.next();
            if line.is_none() {
                line = parts.next().and_then(|n| n.trim().parse().ok());
            }
        }
        if l.trim_start().starts_with("= ") && l.contains("not supported") {
            unsupported = true;
        }
    }
    (message, line, unsupported)
}

/// Checks `program` (written to `work/prog.ml`) with `egret check --toplevel`.
fn check_program(program: &str, work: &Path, cfg: &RunConfig) -> std::io::Result<Check> {
    let src = work.join("prog.ml");
    std::fs::write(&src, program)?;
    let log = work.join("check.log");
    let mut cmd = Command::new(&cfg.egret);
    cmd.arg("check")
        .arg("--toplevel")
        .arg("prog.ml")
        .current_dir(work);
    let Some(st) = run_limited(cmd, Path::new("/dev/null"), &log, cfg.compile_timeout)? else {
        return Ok(Check::Timeout);
    };
    let text = String::from_utf8_lossy(&std::fs::read(&log)?).into_owned();
    let (message, line, unsupported) = read_diagnostics(&text);
    Ok(match (st.code(), st.signal()) {
        (Some(0), _) => Check::Accepted,
        (Some(1), _) => Check::Rejected {
            message,
            line,
            unsupported,
        },
        (Some(c), _) => Check::Crash(format!("exit {c}: {message}")),
        (None, Some(s)) => Check::Crash(format!("signal {}", signal_name(s))),
        (None, None) => Check::Crash("unknown status".into()),
    })
}

/// Whether OCaml's first error line and egret's are the same (OCaml's may be the first line
/// of a message egret prints on one line).
fn same_error(ocaml: &str, egret: &str) -> bool {
    egret == ocaml || egret.starts_with(&format!("{ocaml} "))
}

/// The index of the phrase of `phrases` holding `line`, if any.
fn phrase_at(phrases: &[&Phrase], line: u32) -> Option<usize> {
    phrases
        .iter()
        .position(|p| p.line <= line && line <= p.end_line)
}

/// Runs one expect file: every group's outcome, in order.
pub fn run_file(test: &Test, work: &Path, cfg: &RunConfig) -> Vec<GroupOutcome> {
    let text = match std::fs::read(&test.path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            return vec![GroupOutcome {
                id: format!("{}:0", test.id),
                dir: test.dir.clone(),
                agreement: Agreement::Crash,
                ocaml: String::new(),
                egret: format!("harness error: {e}"),
                same_error: false,
            }]
        }
    };
    let _ = std::fs::create_dir_all(work);
    let (groups, _) = phrases::groups(&text);
    let mut file = FileRun {
        text: &text,
        work,
        cfg,
        env: Vec::new(),
        dropped: Vec::new(),
        stopped: None,
    };
    groups
        .iter()
        .map(|g| {
            let (mut agreement, ocaml, egret, same) = file.group(g);
            let after_drop = matches!(agreement, Agreement::FalseReject | Agreement::Rejected)
                && !same
                && file.follows_a_drop(&egret);
            if after_drop {
                agreement = Agreement::NotComparable("Unbound: a name of a dropped phrase".into());
            }
            GroupOutcome {
                id: format!("{}:{}", test.id, g.line()),
                dir: test.dir.clone(),
                agreement,
                ocaml,
                egret,
                same_error: same,
            }
        })
        .collect()
}

/// The state of one file's run: the environment so far.
struct FileRun<'a> {
    text: &'a str,
    work: &'a Path,
    cfg: &'a RunConfig,
    /// The phrases OCaml and egret both accepted, in order.
    env: Vec<&'a Phrase>,
    /// The phrases OCaml accepted that were left out of `env`.
    dropped: Vec<&'a Phrase>,
    /// A directive that changes the rest of the file was met (its name).
    stopped: Option<String>,
}

impl<'a> FileRun<'a> {
    /// Checks the environment and `extra`. egret may reject a phrase of the environment it
    /// accepted before (a check it makes at the end of the program): that phrase is left out
    /// of the environment and the check made again, so the verdict is about `extra`.
    fn check(&mut self, extra: &[&Phrase]) -> Check {
        for _ in 0..ENV_RETRIES {
            let keep: Vec<&Phrase> = (self.env.iter().copied())
                .chain(extra.iter().copied())
                .collect();
            let c = check_program(
                &phrases::program_text(self.text, &keep),
                self.work,
                self.cfg,
            )
            .unwrap_or_else(|e| Check::Crash(format!("harness error: {e}")));
            let in_env = match &c {
                Check::Rejected { line: Some(l), .. } => phrase_at(&self.env, *l),
                _ => None,
            };
            match in_env {
                Some(i) => {
                    let p = self.env.remove(i);
                    self.dropped.push(p);
                }
                None => return c,
            }
        }
        Check::Crash(format!(
            "egret rejected {ENV_RETRIES} phrases of the environment in a row"
        ))
    }

    /// Adds `phrases` (accepted by OCaml) to the environment, leaving out each one egret
    /// rejects; returns the first rejection (message, unsupported) if any.
    fn extend_env(&mut self, phrases: &[&'a Phrase], first: Check) -> Option<(String, bool)> {
        let mut rest: Vec<&'a Phrase> = phrases.to_vec();
        let mut result = first;
        let mut first_rejection = None;
        loop {
            match result {
                Check::Accepted => {
                    self.env.extend(rest);
                    return first_rejection;
                }
                Check::Rejected {
                    message,
                    line,
                    unsupported,
                } => {
                    first_rejection.get_or_insert((message, unsupported));
                    let Some(i) = line.and_then(|l| phrase_at(&rest, l)) else {
                        self.dropped.extend(rest);
                        return first_rejection;
                    };
                    self.env.extend(rest.drain(..i));
                    self.dropped.push(rest.remove(0));
                    if rest.is_empty() {
                        return first_rejection;
                    }
                    result = self.check(&rest);
                }
                Check::Crash(_) | Check::Timeout => {
                    self.dropped.extend(rest);
                    return first_rejection;
                }
            }
        }
    }

    /// One group: (agreement, OCaml's first error line, egret's, same error).
    fn group(&mut self, g: &'a Group) -> (Agreement, String, String, bool) {
        let expected = parse_expected(&g.expected);
        let ocaml = match &expected {
            Expected::Rejected { message, .. } => message.clone(),
            _ => "accepted".into(),
        };
        let not = |why: String| {
            (
                Agreement::NotComparable(why),
                ocaml.clone(),
                String::new(),
                false,
            )
        };
        if let Some(d) = &self.stopped {
            return not(format!("after #{d}"));
        }
        let mut phrases: Vec<&'a Phrase> = Vec::new();
        for p in &g.phrases {
            match &p.kind {
                PhraseKind::Directive(d) if HARMLESS_DIRECTIVES.contains(&d.as_str()) => {}
                PhraseKind::Directive(d) => {
                    if STATEFUL_DIRECTIVES.contains(&d.as_str()) {
                        self.stopped = Some(d.clone());
                    }
                    return not(format!("#{d}"));
                }
                _ => phrases.push(p),
            }
        }
        if phrases.iter().any(|p| phrases::uses_objects(self.text, p)) {
            self.dropped.extend(phrases);
            return not("objects".into());
        }
        // The phrases the toplevel ran, and the one it rejected.
        let (ran, rejected) = match &expected {
            Expected::Accepted => (phrases.clone(), None),
            Expected::Exception if phrases.len() == 1 => {
                // Typed, then raised: the binding is not kept.
                let c = self.check(&phrases);
                return match c {
                    Check::Accepted => (Agreement::Accepted, ocaml, "accepted".into(), false),
                    other => {
                        let (a, e) = self.disagreement(other);
                        (a, ocaml, e, false)
                    }
                };
            }
            Expected::Exception => {
                self.dropped.extend(phrases);
                return not("an exception in a group of several phrases".into());
            }
            Expected::Rejected { line, .. } => {
                let j = match (line, g.first_item_line()) {
                    (Some(l), Some(first)) => {
                        let abs = first + l - 1;
                        phrases.iter().rposition(|p| p.line <= abs)
                    }
                    _ if phrases.len() == 1 => Some(0),
                    _ => None,
                };
                let Some(j) = j else {
                    self.dropped.extend(phrases);
                    return not("an error without a location in a group of several phrases".into());
                };
                (phrases[..j].to_vec(), Some(phrases[j]))
            }
        };
        let Some(bad) = rejected else {
            let c = self.check(&ran);
            return match c {
                Check::Accepted => {
                    self.env.extend(ran);
                    (Agreement::Accepted, ocaml, "accepted".into(), false)
                }
                c @ Check::Rejected { .. } => {
                    let (message, unsupported) = self.extend_env(&ran, c).unwrap_or_default();
                    let a = if unsupported {
                        Agreement::Unsupported
                    } else {
                        Agreement::FalseReject
                    };
                    (a, ocaml, message, false)
                }
                other => {
                    self.dropped.extend(ran);
                    let (a, e) = self.disagreement(other);
                    (a, ocaml, e, false)
                }
            };
        };
        let mut all = ran.clone();
        all.push(bad);
        match self.check(&all) {
            Check::Accepted => {
                self.env.extend(ran);
                (Agreement::Unsound, ocaml, "accepted".into(), false)
            }
            Check::Rejected {
                message,
                line,
                unsupported,
            } => {
                let at = line.and_then(|l| phrase_at(&all, l));
                if at.is_some_and(|i| i < ran.len()) {
                    // egret rejects a phrase before the one OCaml rejects.
                    let first = Check::Rejected {
                        message: message.clone(),
                        line,
                        unsupported,
                    };
                    self.extend_env(&ran, first);
                    let a = if unsupported {
                        Agreement::Unsupported
                    } else {
                        Agreement::FalseReject
                    };
                    return (
                        a,
                        ocaml,
                        format!("{message} (at line {})", line.unwrap_or(0)),
                        false,
                    );
                }
                self.env.extend(ran);
                if unsupported {
                    return (Agreement::Unsupported, ocaml, message, false);
                }
                let same = same_error(&ocaml, &message);
                (Agreement::Rejected, ocaml, message, same)
            }
            other => {
                self.dropped.extend(ran);
                let (a, e) = self.disagreement(other);
                (a, ocaml, e, false)
            }
        }
    }

    /// Whether egret's error `message` is an "Unbound" name that a phrase left out of the
    /// environment defines or mentions: the disagreement may follow from that one.
    fn follows_a_drop(&self, message: &str) -> bool {
        let Some(rest) = message.strip_prefix("Unbound ") else {
            return false;
        };
        let name = rest.split_whitespace().last().unwrap_or("");
        let name = name.trim_matches(|c: char| c == '`' || c == '\'' || c == '"');
        name.split('.').any(|part| {
            !part.is_empty() && (self.dropped.iter()).any(|p| phrases::mentions(self.text, p, part))
        })
    }

    /// The agreement and egret's line for a check that did not accept.
    fn disagreement(&self, c: Check) -> (Agreement, String) {
        match c {
            Check::Accepted => (Agreement::Accepted, "accepted".into()),
            Check::Rejected {
                message,
                unsupported: true,
                ..
            } => (Agreement::Unsupported, message),
            Check::Rejected { message, .. } => (Agreement::FalseReject, message),
            Check::Crash(what) => (Agreement::Crash, what),
            Check::Timeout => (
                Agreement::Timeout,
                format!("check (>{}s)", self.cfg.compile_timeout.as_secs()),
            ),
        }
    }
}

/// Runs every file on `cfg.jobs` workers (the groups of one file in order, on one worker).
pub fn run_expect(
    tests: &[Test],
    cfg: &RunConfig,
    progress: &(dyn Fn(&[GroupOutcome]) + Sync),
) -> std::io::Result<Vec<GroupOutcome>> {
    let work = crate::runner::scratch_dir()?;
    let per_file = pool(tests, cfg.jobs, &|test: &Test| {
        let dir = work.join(test.id.trim_end_matches(".ml").replace('/', "__"));
        let outcomes = run_file(test, &dir, cfg);
        if !cfg.keep {
            let _ = std::fs::remove_dir_all(&dir);
        }
        progress(&outcomes);
        outcomes
    });
    if !cfg.keep {
        let _ = std::fs::remove_dir_all(&work);
    }
    Ok(per_file.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_verdicts() {
        assert_eq!(parse_expected("\nval x : int = 1\n"), Expected::Accepted);
        assert_eq!(
            parse_expected("\ntype t\nLine 3, characters 4-5:\n3 | x\n    ^\nError: Unbound value x\n       more\n"),
            Expected::Rejected {
                line: Some(3),
                message: "Unbound value x".into()
            }
        );
        assert_eq!(
            parse_expected("Lines 12-14, characters 0-3:\nError: Signature mismatch:\n"),
            Expected::Rejected {
                line: Some(12),
                message: "Signature mismatch:".into()
            }
        );
        assert_eq!(
            parse_expected("\nException: Not_found.\n"),
            Expected::Exception
        );
    }

    #[test]
    fn egret_diagnostics() {
        let log = "warning: unused\n  ┌─ prog.ml:1:1\nerror: This expression has type string but an expression was expected of type int\n  ┌─ prog.ml:12:15\n  │\n";
        assert_eq!(
            read_diagnostics(log),
            (
                "This expression has type string but an expression was expected of type int".into(),
                Some(12),
                false
            )
        );
        let log =
            "error: Unbound value x\n  ┌─ prog.ml:3:1\n  = the module Gc is not supported yet\n";
        assert!(read_diagnostics(log).2);
        assert!(same_error(
            "This expression has type string",
            "This expression has type string but an expression was expected of type int"
        ));
        assert!(!same_error(
            "This expression has type",
            "This expression has types"
        ));
    }
}
