//! The expect tests' dashboard: the counts per directory, the UNSOUND groups by name, the
//! disagreements grouped by their first error line.

use super::{Agreement, GroupOutcome};
use crate::suite::most_common_in_order;

/// The counts of `outcomes`: one line.
pub fn summary(outcomes: &[GroupOutcome]) -> String {
    let count = |f: &dyn Fn(&GroupOutcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
    let ncomp = count(&|o| matches!(o.agreement, Agreement::NotComparable(_)));
    format!(
        "expect groups: {} — agree {} (accepted {}, rejected {} of which same first error line {}), \
         FALSE-REJECT {}, UNSOUND {}, unsupported {}, \
         not comparable {}, CRASH {}, TIMEOUT {}",
        outcomes.len(),
        count(&|o| o.agreement.agrees()),
        count(&|o| o.agreement == Agreement::Accepted),
        count(&|o| o.agreement == Agreement::Rejected),
        count(&|o| o.agreement == Agreement::Rejected && o.same_error),
        count(&|o| o.agreement == Agreement::FalseReject),
        count(&|o| o.agreement == Agreement::Unsound),
        count(&|o| o.agreement == Agreement::Unsupported),
        ncomp,
        count(&|o| o.agreement == Agreement::Crash),
        count(&|o| o.agreement == Agreement::Timeout),
    )
}

/// The dashboard: per directory the counts, the UNSOUND groups by name, the not-comparable
/// reasons, and the disagreements grouped by egret's first error line (the first `limit`
/// groups; 0: all).
pub fn report(outcomes: &[GroupOutcome], limit: usize) -> String {
    let mut s = summary(outcomes);
    s.push('\n');
    let mut dirs: Vec<&str> = Vec::new();
    for o in outcomes {
        if !dirs.contains(&o.dir.as_str()) {
            dirs.push(&o.dir);
        }
    }
    let width = dirs.iter().map(|d| d.len()).max().unwrap_or(9).max(9);
    s += &format!(
        "{:width$}  {:>6} {:>6} {:>8} {:>6} {:>7} {:>7} {:>6} {:>6}\n",
        "directory", "groups", "agree", "same-err", "f-rej", "UNSOUND", "unsupp", "n/c", "crash"
    );
    for d in &dirs {
        let of: Vec<&GroupOutcome> = outcomes.iter().filter(|o| o.dir == *d).collect();
        let c = |f: &dyn Fn(&GroupOutcome) -> bool| of.iter().filter(|o| f(o)).count();
        s += &format!(
            "{d:width$}  {:>6} {:>6} {:>8} {:>6} {:>7} {:>7} {:>6} {:>6}\n",
            of.len(),
            c(&|o| o.agreement.agrees()),
            c(&|o| o.agreement == Agreement::Rejected && o.same_error),
            c(&|o| o.agreement == Agreement::FalseReject),
            c(&|o| o.agreement == Agreement::Unsound),
            c(&|o| o.agreement == Agreement::Unsupported),
            c(&|o| matches!(o.agreement, Agreement::NotComparable(_))),
            c(&|o| matches!(o.agreement, Agreement::Crash | Agreement::Timeout)),
        );
    }
    let unsound: Vec<&GroupOutcome> = (outcomes.iter())
        .filter(|o| o.agreement == Agreement::Unsound)
        .collect();
    s += &format!(
        "UNSOUND: {} group(s) OCaml rejects and egret accepts (issue #16):\n",
        unsound.len()
    );
    for o in &unsound {
        s += &format!("  {}: OCaml: {}\n", o.id, o.ocaml);
    }
    for o in outcomes
        .iter()
        .filter(|o| matches!(o.agreement, Agreement::Crash | Agreement::Timeout))
    {
        s += &format!("  {}\n", o.line());
    }
    let groups = |title: &str,
                  pred: &dyn Fn(&GroupOutcome) -> bool,
                  key: &dyn Fn(&GroupOutcome) -> String| {
        let keys = most_common_in_order(outcomes.iter().filter(|o| pred(o)).map(key));
        let mut t = format!("{title} ({} groups):\n", keys.len());
        for (i, (k, n)) in keys.iter().enumerate() {
            if limit > 0 && i >= limit {
                t += &format!("... {} more\n", keys.len() - limit);
                break;
            }
            t += &format!("{n:5}  {k}\n");
        }
        t
    };
    s += &groups(
        "not comparable, by reason",
        &|o| matches!(o.agreement, Agreement::NotComparable(_)),
        &|o| o.agreement.word(),
    );
    s += &groups(
        "FALSE-REJECT and unsupported, by egret's first error line",
        &|o| matches!(o.agreement, Agreement::FalseReject | Agreement::Unsupported),
        &|o| format!("{} {}", o.agreement.word(), egret_key(&o.egret)),
    );
    s += &groups(
        "rejected with another first error line, by OCaml's",
        &|o| o.agreement == Agreement::Rejected && !o.same_error,
        &|o| o.ocaml.clone(),
    );
    s
}

/// egret's first error line with names and types blurred (`Unbound value x` and `Unbound
/// value y` group together): text between backquotes and quotes, and what follows `type`.
fn egret_key(line: &str) -> String {
    let line = match line.find(" (at line ") {
        Some(i) => &line[..i],
        None => line,
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["Unbound", kind, ..] => format!("Unbound {kind} _"),
        _ => line.to_string(),
    }
}
