//! The ratchet: checked-in lists of the tests that pass, per backend, that only grow.
//!
//! `tests/ocaml-testsuite/pass-BACKEND.txt` holds sorted test ids (`DIR/NAME.ml`), `#`
//! comments allowed. A listed test that does not pass is a regression. A test that passes but
//! is not listed is reported with the command that adds it ([`UPDATE_COMMAND`]); updating adds
//! and never removes. `known-wrong.txt` (`BACKEND ID` per line) lists the WRONG/CRASH verdicts
//! the team knows about; any other WRONG or CRASH fails, and so does a listed one that is no
//! longer wrong (the list must stay true).

use crate::runner::Outcome;
use crate::verdict::Verdict;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What adds newly passing tests to the pass lists.
pub const UPDATE_COMMAND: &str = "EGRET_TS_UPDATE=1 cargo test --release --test ocaml_testsuite";

/// The directory of the lists: `tests/ocaml-testsuite` in the repository.
pub fn lists_dir() -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    crate_dir
        .parent()
        .unwrap_or(crate_dir)
        .join("tests")
        .join("ocaml-testsuite")
}

pub fn pass_list_path(backend: &str) -> PathBuf {
    lists_dir().join(format!("pass-{backend}.txt"))
}

pub fn known_wrong_path() -> PathBuf {
    lists_dir().join("known-wrong.txt")
}

fn entries(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// What is wrong with the form of a list (its entries must be sorted and unique, so that an
/// update is a clean diff): one message per problem.
pub fn form_problems(path: &Path) -> Vec<String> {
    let e = entries(path);
    e.windows(2)
        .filter(|w| w[0] >= w[1])
        .map(|w| {
            format!(
                "{}: `{}` comes after `{}` (keep the list sorted, without duplicates)",
                path.display(),
                w[1],
                w[0]
            )
        })
        .collect()
}

/// The ids in a pass list (a missing file is an empty list).
pub fn read_pass_list(backend: &str) -> BTreeSet<String> {
    entries(&pass_list_path(backend)).into_iter().collect()
}

/// The (backend, id) pairs of `known-wrong.txt`.
pub fn read_known_wrong() -> BTreeSet<(String, String)> {
    entries(&known_wrong_path())
        .into_iter()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some((w.next()?.to_string(), w.next()?.to_string()))
        })
        .collect()
}

/// The ratchet's findings over one run.
#[derive(Debug, Default)]
pub struct Findings {
    /// Listed as passing, did not pass.
    pub regressions: Vec<Outcome>,
    /// WRONG or CRASH and not in known-wrong.txt.
    pub unsound: Vec<Outcome>,
    /// In known-wrong.txt but no longer WRONG/CRASH: (backend, id, what it is now).
    pub stale_known_wrong: Vec<(String, String, String)>,
    /// Pass but are not listed: (backend, id).
    pub new_passes: Vec<(String, String)>,
}

impl Findings {
    /// Whether CI fails.
    pub fn failed(&self) -> bool {
        !self.regressions.is_empty()
            || !self.unsound.is_empty()
            || !self.stale_known_wrong.is_empty()
    }

    /// The loud part of the report: what fails CI, then the tests to add.
    pub fn text(&self) -> String {
        let mut s = String::new();
        if !self.unsound.is_empty() {
            s += &format!(
                "!!! {} WRONG/CRASH verdict(s) (a wrong answer is worse than a refusal):\n",
                self.unsound.len()
            );
            for o in &self.unsound {
                s += &format!("!!!   [{}] {}\n", o.backend, o.line());
            }
        }
        for o in &self.regressions {
            s += &format!("REGRESSION [{}] {}\n", o.backend, o.line());
        }
        for (b, id, now) in &self.stale_known_wrong {
            s += &format!(
                "STALE known-wrong.txt entry `{b} {id}`: it is now {now}; remove the line\n"
            );
        }
        if !self.new_passes.is_empty() {
            s += &format!(
                ">>> {} test(s) pass but are not in the pass lists:\n",
                self.new_passes.len()
            );
            let mut ids: Vec<&str> = Vec::new();
            for (_, id) in &self.new_passes {
                if !ids.contains(&id.as_str()) {
                    ids.push(id);
                }
            }
            for id in ids {
                let on: Vec<&str> = self
                    .new_passes
                    .iter()
                    .filter(|(_, x)| x == id)
                    .map(|(b, _)| b.as_str())
                    .collect();
                s += &format!(">>>   [{}] {id}\n", on.join(","));
            }
            s += &format!(">>> add them with: {UPDATE_COMMAND}\n");
        }
        s
    }
}

/// Checks `outcomes` against the checked-in lists: only the tests that ran are judged.
pub fn check(outcomes: &[Outcome]) -> Findings {
    check_against(outcomes, &read_pass_list, &read_known_wrong())
}

/// Checks `outcomes` against the pass list of each backend (`pass_list`) and the known-wrong
/// (backend, id) pairs.
pub fn check_against(
    outcomes: &[Outcome],
    pass_list: &dyn Fn(&str) -> BTreeSet<String>,
    known: &BTreeSet<(String, String)>,
) -> Findings {
    let mut f = Findings::default();
    let backends: BTreeSet<&str> = outcomes.iter().map(|o| o.backend.as_str()).collect();
    for b in backends {
        let listed = pass_list(b);
        for o in outcomes.iter().filter(|o| o.backend == b) {
            let is_known = known.contains(&(b.to_string(), o.id.clone()));
            if o.verdict == Verdict::Ok {
                if !listed.contains(&o.id) {
                    f.new_passes.push((b.to_string(), o.id.clone()));
                }
            } else if listed.contains(&o.id) {
                f.regressions.push(o.clone());
            }
            if o.verdict.is_unsound() && !is_known {
                f.unsound.push(o.clone());
            }
            if is_known && !o.verdict.is_unsound() {
                f.stale_known_wrong
                    .push((b.to_string(), o.id.clone(), o.verdict.to_string()));
            }
        }
    }
    f
}

/// Adds the newly passing tests to the pass lists (never removes one). Returns how many
/// were added.
pub fn update(findings: &Findings) -> std::io::Result<usize> {
    let backends: BTreeSet<&str> = findings
        .new_passes
        .iter()
        .map(|(b, _)| b.as_str())
        .collect();
    for b in &backends {
        let mut ids = read_pass_list(b);
        ids.extend(
            findings
                .new_passes
                .iter()
                .filter(|(x, _)| x == b)
                .map(|(_, id)| id.clone()),
        );
        write_pass_list(b, &ids)?;
    }
    Ok(findings.new_passes.len())
}

fn write_pass_list(backend: &str, ids: &BTreeSet<String>) -> std::io::Result<()> {
    let mut s = format!(
        "# OCaml 4.13.1 testsuite tests that pass with --backend={backend} (the ratchet: a listed\n\
         # test must pass; the list only grows). Add newly passing ones with\n\
         # {UPDATE_COMMAND}\n"
    );
    for id in ids {
        s += id;
        s.push('\n');
    }
    std::fs::create_dir_all(lists_dir())?;
    std::fs::write(pass_list_path(backend), s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(backend: &str, id: &str, verdict: Verdict) -> Outcome {
        Outcome {
            id: id.into(),
            dir: "d".into(),
            backend: backend.into(),
            verdict,
            detail: String::new(),
            no_reference: false,
        }
    }

    #[test]
    fn the_ratchet_judges_each_verdict() {
        let outcomes = [
            outcome("native", "d/listed_ok.ml", Verdict::Ok),
            outcome("native", "d/listed_fails.ml", Verdict::CompileFail),
            outcome("native", "d/new.ml", Verdict::Ok),
            outcome("native", "d/wrong.ml", Verdict::Wrong),
            outcome("native", "d/known.ml", Verdict::Crash),
            outcome("native", "d/known_fixed.ml", Verdict::Timeout),
            outcome("cranelift", "d/new.ml", Verdict::CompileFail),
        ];
        let pass = |b: &str| -> BTreeSet<String> {
            match b {
                "native" => ["d/listed_ok.ml", "d/listed_fails.ml"]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
                _ => BTreeSet::new(),
            }
        };
        let known: BTreeSet<(String, String)> =
            [("native", "d/known.ml"), ("native", "d/known_fixed.ml")]
                .iter()
                .map(|(b, i)| (b.to_string(), i.to_string()))
                .collect();
        let f = check_against(&outcomes, &pass, &known);
        let ids = |v: &[Outcome]| v.iter().map(|o| o.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&f.regressions), ["d/listed_fails.ml"]);
        assert_eq!(ids(&f.unsound), ["d/wrong.ml"]);
        assert_eq!(
            f.stale_known_wrong,
            [(
                "native".to_string(),
                "d/known_fixed.ml".to_string(),
                "TIMEOUT".to_string()
            )]
        );
        assert_eq!(
            f.new_passes,
            [("native".to_string(), "d/new.ml".to_string())]
        );
        assert!(f.failed());
        let text = f.text();
        assert!(
            text.contains("REGRESSION [native] d/listed_fails.ml"),
            "{text}"
        );
        assert!(text.contains(UPDATE_COMMAND), "{text}");
    }
}
