//! The dashboard: passed/failed per directory and backend, totals (with the tests that have
//! no reference file counted apart), and the failures grouped by their first error line,
//! most common first, so the next piece of work is the top line.

use crate::runner::Outcome;
use crate::suite::most_common_in_order;
use crate::verdict::Verdict;

/// Per directory, per backend: `passed/total`; then the totals.
pub fn table(outcomes: &[Outcome], backends: &[String]) -> String {
    let mut dirs: Vec<&str> = Vec::new();
    for o in outcomes {
        if !dirs.contains(&o.dir.as_str()) {
            dirs.push(&o.dir);
        }
    }
    let count = |pred: &dyn Fn(&Outcome) -> bool, b: &str| {
        let all = outcomes.iter().filter(|o| o.backend == b && pred(o));
        let (mut p, mut n) = (0, 0);
        for o in all {
            n += 1;
            if o.verdict == Verdict::Ok {
                p += 1;
            }
        }
        (p, n - p)
    };
    let width = dirs.iter().map(|d| d.len()).max().unwrap_or(5).max(22);
    let mut s = format!("{:width$}", "directory");
    for b in backends {
        s += &format!("  {:>18}", format!("{b} pass/fail"));
    }
    s.push('\n');
    for d in &dirs {
        s += &format!("{d:width$}");
        for b in backends {
            let (p, f) = count(&|o: &Outcome| o.dir == *d, b);
            s += &format!("  {:>18}", format!("{p}/{f}"));
        }
        s.push('\n');
    }
    type Row<'a> = (&'a str, &'a dyn Fn(&Outcome) -> bool);
    let rows: [Row; 3] = [
        ("with reference", &|o: &Outcome| !o.no_reference),
        ("no reference (step 1)", &|o: &Outcome| o.no_reference),
        ("TOTAL", &|_: &Outcome| true),
    ];
    for (name, pred) in rows {
        s += &format!("{name:width$}");
        for b in backends {
            let (p, f) = count(pred, b);
            s += &format!("  {:>18}", format!("{p}/{f}"));
        }
        s.push('\n');
    }
    if let [first, rest @ ..] = backends {
        for o in outcomes.iter().filter(|o| &o.backend == first) {
            let others: Vec<&Outcome> = outcomes
                .iter()
                .filter(|x| x.id == o.id && rest.contains(&x.backend))
                .collect();
            if others
                .iter()
                .any(|x| (x.verdict == Verdict::Ok) != (o.verdict == Verdict::Ok))
            {
                s += &format!("backends disagree on {}: {first} {}", o.id, o.verdict);
                for x in others {
                    s += &format!(", {} {}", x.backend, x.verdict);
                }
                s.push('\n');
            }
        }
    }
    for b in backends {
        let by: Vec<(Verdict, usize)> = most_common_in_order(
            outcomes
                .iter()
                .filter(|o| o.backend == *b)
                .map(|o| o.verdict),
        );
        let words: Vec<String> = by.iter().map(|(v, n)| format!("{v} {n}")).collect();
        s += &format!("by outcome, {b}: {}\n", words.join(", "));
    }
    s
}

/// The failures grouped by verdict and first error line (both backends together, counted
/// per backend), most common first; the first `limit` groups (0: all) with up to three
/// example ids each.
pub fn failure_groups(outcomes: &[Outcome], backends: &[String], limit: usize) -> String {
    let failures: Vec<&Outcome> = outcomes
        .iter()
        .filter(|o| o.verdict != Verdict::Ok)
        .collect();
    let keys = failures.iter().map(|o| (o.verdict, group_line(o)));
    let groups = most_common_in_order(keys);
    let mut s = format!(
        "failures by first error line ({} groups, most common first):\n",
        groups.len()
    );
    for (i, ((verdict, line), _)) in groups.iter().enumerate() {
        if limit > 0 && i >= limit {
            s += &format!("... {} more groups\n", groups.len() - limit);
            break;
        }
        let members: Vec<&&Outcome> = failures
            .iter()
            .filter(|o| o.verdict == *verdict && group_line(o) == *line)
            .collect();
        let per: Vec<String> = backends
            .iter()
            .map(|b| format!("{b} {}", members.iter().filter(|o| o.backend == *b).count()))
            .collect();
        let mut ids: Vec<&str> = Vec::new();
        for o in &members {
            if !ids.contains(&o.id.as_str()) {
                ids.push(&o.id);
            }
        }
        let more = if ids.len() > 3 { ", ..." } else { "" };
        let unique = ids.len();
        let ids: Vec<&str> = ids.into_iter().take(3).collect();
        s += &format!(
            "{unique:4} tests ({}): {verdict} {line}\n       e.g. {}{more}\n",
            per.join(", "),
            ids.join(", ")
        );
    }
    s
}

/// The failures grouped coarser, by what is missing: the note of an error that has one (all
/// `Unbound value Gc.* [the module Gc is not supported yet]` together), else the first error
/// line; distinct tests counted, most first; the first `limit` groups (0: all).
pub fn feature_groups(outcomes: &[Outcome], limit: usize) -> String {
    let mut seen: Vec<(&str, String)> = Vec::new();
    for o in outcomes.iter().filter(|o| o.verdict != Verdict::Ok) {
        let key = feature_key(o);
        if !seen.iter().any(|(id, k)| *id == o.id && *k == key) {
            seen.push((&o.id, key));
        }
    }
    let groups = most_common_in_order(seen.into_iter().map(|(_, k)| k));
    let mut s = format!(
        "failures by what is missing ({} groups; distinct tests):\n",
        groups.len()
    );
    for (i, (key, n)) in groups.iter().enumerate() {
        if limit > 0 && i >= limit {
            s += &format!("... {} more groups\n", groups.len() - limit);
            break;
        }
        s += &format!("{n:4} tests: {key}\n");
    }
    s
}

fn feature_key(o: &Outcome) -> String {
    let d = o.detail.as_str();
    if o.verdict != Verdict::CompileFail {
        return format!("{} {d}", o.verdict);
    }
    if d.ends_with(']') {
        if let Some(i) = d.rfind(" [") {
            return d[i + 2..d.len() - 1].to_string();
        }
    }
    d.strip_prefix("error: ").unwrap_or(d).to_string()
}

/// The line a failure is grouped by: the first error line (for WRONG and CRASH, the detail
/// itself).
fn group_line(o: &Outcome) -> String {
    o.detail.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o(backend: &str, id: &str, verdict: Verdict, detail: &str) -> Outcome {
        Outcome {
            id: id.into(),
            dir: id.split('/').next().unwrap().into(),
            backend: backend.into(),
            verdict,
            detail: detail.into(),
            no_reference: false,
        }
    }

    #[test]
    fn table_and_groups() {
        let bs = ["native".to_string(), "cranelift".to_string()];
        let outcomes = [
            o("native", "a/x.ml", Verdict::Ok, ""),
            o(
                "native",
                "a/y.ml",
                Verdict::CompileFail,
                "error: no [the module Gc is not supported yet]",
            ),
            o("native", "b/z.ml", Verdict::CompileFail, "error: floats"),
            o(
                "cranelift",
                "a/x.ml",
                Verdict::Wrong,
                "line 1: want 'a' got 'b'",
            ),
            o(
                "cranelift",
                "a/y.ml",
                Verdict::CompileFail,
                "error: no [the module Gc is not supported yet]",
            ),
            o("cranelift", "b/z.ml", Verdict::CompileFail, "error: floats"),
        ];
        let t = table(&outcomes, &bs);
        assert!(
            t.contains("backends disagree on a/x.ml: native ok, cranelift WRONG"),
            "{t}"
        );
        let a_row = t.lines().find(|l| l.starts_with("a ")).unwrap();
        assert_eq!(
            a_row.split_whitespace().collect::<Vec<_>>(),
            ["a", "1/1", "0/2"]
        );
        let g = failure_groups(&outcomes, &bs, 0);
        assert!(
            g.contains("   1 tests (native 1, cranelift 1): COMPILE-FAIL error: floats"),
            "{g}"
        );
        let f = feature_groups(&outcomes, 0);
        assert!(
            f.contains("   1 tests: the module Gc is not supported yet"),
            "{f}"
        );
        assert!(f.contains("   1 tests: floats"), "{f}");
    }
}
