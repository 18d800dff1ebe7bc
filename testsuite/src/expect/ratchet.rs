//! The expect tests' ratchet: `expect-agree.txt` (groups whose verdict agrees with OCaml's)
//! and `expect-same-error.txt` (rejections with OCaml's first error line) only grow, and a
//! listed group that stops agreeing fails the gate; `expect-unsound.txt` lists the known
//! UNSOUND groups (OCaml rejects, egret accepts), and any other UNSOUND group fails it.

use super::{Agreement, GroupOutcome};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The ratchet lists.
pub fn agree_list_path() -> PathBuf {
    crate::ratchet::lists_dir().join("expect-agree.txt")
}
pub fn same_error_list_path() -> PathBuf {
    crate::ratchet::lists_dir().join("expect-same-error.txt")
}
pub fn unsound_list_path() -> PathBuf {
    crate::ratchet::lists_dir().join("expect-unsound.txt")
}

pub fn read_list(path: &Path) -> BTreeSet<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// The ratchet's findings.
#[derive(Debug, Default)]
pub struct ExpectFindings {
    /// Listed as agreeing (or agreeing on the error line) and no longer does: fails the gate.
    pub regressions: Vec<String>,
    /// UNSOUND and not in `expect-unsound.txt`: fails the gate.
    pub new_unsound: Vec<String>,
    /// In `expect-unsound.txt` and no longer UNSOUND (remove the line).
    pub fixed_unsound: Vec<String>,
    /// Agree (or agree on the error line) and are not listed yet.
    pub new_agree: Vec<String>,
    pub new_same_error: Vec<String>,
    /// Group ids in the lists that no run produced (the file is gone or its groups moved).
    pub unknown: Vec<String>,
}

impl ExpectFindings {
    pub fn failed(&self) -> bool {
        !self.regressions.is_empty() || !self.new_unsound.is_empty() || !self.unknown.is_empty()
    }

    pub fn text(&self) -> String {
        let mut s = String::new();
        for r in &self.regressions {
            s += &format!("REGRESSION {r}\n");
        }
        for r in &self.new_unsound {
            s += &format!("!!! UNSOUND (not in expect-unsound.txt): {r}\n");
        }
        for r in &self.unknown {
            s += &format!("UNKNOWN list entry (no such group): {r}\n");
        }
        for r in &self.fixed_unsound {
            s += &format!("fixed: {r} is no longer UNSOUND; remove it from expect-unsound.txt\n");
        }
        if !self.new_agree.is_empty() || !self.new_same_error.is_empty() {
            s += &format!(
                ">>> {} group(s) agree and {} have the same error line but are not listed: add them with {}\n",
                self.new_agree.len(),
                self.new_same_error.len(),
                crate::ratchet::UPDATE_COMMAND
            );
        }
        s
    }
}

/// Checks `outcomes` against the lists. `complete`: the run covered every selected file, so
/// a listed id without an outcome is an error.
pub fn check(outcomes: &[GroupOutcome], complete: bool) -> ExpectFindings {
    let (agree, same, unsound) = (
        read_list(&agree_list_path()),
        read_list(&same_error_list_path()),
        read_list(&unsound_list_path()),
    );
    let mut f = ExpectFindings::default();
    let ran: BTreeSet<&str> = outcomes.iter().map(|o| o.id.as_str()).collect();
    for o in outcomes {
        let same_now = o.agreement == Agreement::Rejected && o.same_error;
        if agree.contains(&o.id) && !o.agreement.agrees() {
            f.regressions.push(o.line());
        } else if same.contains(&o.id) && !same_now {
            f.regressions
                .push(format!("{} (was: same error line)", o.line()));
        }
        if !agree.contains(&o.id) && o.agreement.agrees() {
            f.new_agree.push(o.id.clone());
        }
        if !same.contains(&o.id) && same_now {
            f.new_same_error.push(o.id.clone());
        }
        match (o.agreement == Agreement::Unsound, unsound.contains(&o.id)) {
            (true, false) => f.new_unsound.push(format!("{}: OCaml: {}", o.id, o.ocaml)),
            (false, true) => f.fixed_unsound.push(o.id.clone()),
            _ => {}
        }
    }
    if complete {
        for id in agree.iter().chain(&same).chain(&unsound) {
            if !ran.contains(id.as_str()) {
                f.unknown.push(id.clone());
            }
        }
    }
    f
}

/// Adds the new agreements to the lists, and the UNSOUND groups to `expect-unsound.txt`
/// (`with_unsound`: recording them as known is a decision, taken by hand); never removes
/// from the agreement lists.
pub fn update(
    findings: &ExpectFindings,
    outcomes: &[GroupOutcome],
    with_unsound: bool,
) -> std::io::Result<()> {
    let write = |path: PathBuf, what: &str, add: &mut dyn Iterator<Item = String>| {
        let mut ids = read_list(&path);
        ids.extend(add);
        let mut s = format!(
            "# OCaml 4.13.1 expect-test groups, `DIR/FILE.ml:LINE` of the group's first phrase:\n\
             # {what}. Add new ones with {}\n",
            crate::ratchet::UPDATE_COMMAND
        );
        for id in ids {
            s += &id;
            s.push('\n');
        }
        std::fs::write(path, s)
    };
    write(
        agree_list_path(),
        "egret's verdict agrees with OCaml's (the ratchet: a listed group must keep agreeing)",
        &mut findings.new_agree.iter().cloned(),
    )?;
    write(
        same_error_list_path(),
        "both reject, with OCaml's first error line (a listed group must keep it)",
        &mut findings.new_same_error.iter().cloned(),
    )?;
    if with_unsound {
        let mut ids = read_list(&unsound_list_path());
        ids.retain(|id| !findings.fixed_unsound.contains(id));
        let mut s =
            "# OCaml 4.13.1 expect-test groups OCaml rejects and egret accepts: known soundness\n\
                     # bugs (issue #16). Any other UNSOUND group fails the gate.\n"
                .to_string();
        ids.extend(
            outcomes
                .iter()
                .filter(|o| o.agreement == Agreement::Unsound)
                .map(|o| o.id.clone()),
        );
        for id in ids {
            let why = outcomes
                .iter()
                .find(|o| o.id == id)
                .map(|o| o.ocaml.as_str())
                .unwrap_or("");
            s += &format!("{id}  # {why}\n");
        }
        std::fs::write(unsound_list_path(), s)?;
    }
    Ok(())
}
