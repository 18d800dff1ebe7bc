//! Every saved regression case (`tests/regressions/*.ml`) through every stage, compared with
//! ocamlopt's recorded outputs. Known gaps (`known::KNOWN_GAPS`) and the cases listed in
//! `tests/regressions/KNOWN_FAILURES` (for the stages listed there) are printed, not failed; a
//! listed case that no longer fails is a failure (it leaves the list when fixed).

use egret_difftest::known::known_gap;
use egret_difftest::regressions::{default_dir, known_failures, load};
use egret_difftest::run::{describe, disagreements, run_stages, RunOptions};

#[test]
fn regression_cases() {
    let dir = default_dir();
    let cases = load(&dir);
    assert!(
        !cases.is_empty(),
        "no regression cases in {}",
        dir.display()
    );
    let known = known_failures(&dir);
    let work = std::env::temp_dir().join(format!("egret-regressions-{}", std::process::id()));
    let mut opts = RunOptions::new(work.clone());
    let mut failures = vec![];
    let mut notes = vec![];
    for case in &cases {
        // Run-time messages quote the file name: keep the case's, as its recorded output has.
        opts.file_name = format!("{}.ml", case.name);
        let results = run_stages(&case.source, &opts);
        let listed = known.iter().find(|k| k.name == case.name);
        let mut still_failing: Vec<&str> = vec![];
        for d in disagreements(&case.want, &results) {
            if let Some(g) = known_gap(&d) {
                notes.push(format!(
                    "{}: {} (known gap: {})",
                    case.name, d.stage, g.what
                ));
                continue;
            }
            if let Some(k) = listed.filter(|k| k.stages.iter().any(|s| s == d.stage)) {
                still_failing.push(d.stage);
                notes.push(format!(
                    "{}: {} (known failure: {})",
                    case.name, d.stage, k.reason
                ));
                continue;
            }
            failures.push(format!("{}: {}", case.name, describe(&case.want, &d)));
        }
        // Each listed stage must still fail: one that passes leaves the list.
        for stage in listed.iter().flat_map(|k| k.stages.iter()) {
            if !still_failing.contains(&stage.as_str()) {
                failures.push(format!(
                    "{}: listed in tests/regressions/KNOWN_FAILURES for stage {stage}, which \
                     passes now: remove it from the list",
                    case.name
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    println!("{} regression cases; known gaps and failures:", cases.len());
    for n in &notes {
        println!("  {n}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
