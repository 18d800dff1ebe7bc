//! CI's differential run: a fixed range of generated programs through ocamlopt and every stage
//! of egret. Known gaps (`known::KNOWN_GAPS`) are counted and printed; any other disagreement
//! fails the test with the seed (`difftest --show SEED` prints the program; `difftest --seeds
//! SEED..SEED+1 --minimize` minimizes it into `tests/regressions`).
//!
//! `DIFFTEST_SEEDS=A..B` overrides the range.
//!
//! The test counts its comparisons (programs ocamlopt built and ran, compared with every
//! stage): none is a failure (ocamlopt missing or broken must not pass as "no disagreement"),
//! and so is more than a tenth of the programs rejected by ocamlopt.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use egret_difftest::gen::{generate, Config};
use egret_difftest::known::known_gap;
use egret_difftest::run::{describe, disagreements, oracle, run_stages, RunOptions};

#[test]
fn generated_programs_agree_with_ocamlopt() {
    let (lo, hi) = std::env::var("DIFFTEST_SEEDS")
        .ok()
        .and_then(|v| {
            let (a, b) = v.split_once("..")?;
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .unwrap_or((0u64, 240u64));
    let next = AtomicU64::new(lo);
    let failures = Mutex::new(vec![]);
    let known = Mutex::new(BTreeMap::<String, u64>::new());
    let invalid = Mutex::new(vec![]);
    let compared = AtomicU64::new(0);
    let start = std::time::Instant::now();
    std::thread::scope(|s| {
        for job in 0..2 {
            let (next, failures, known, invalid, compared) =
                (&next, &failures, &known, &invalid, &compared);
            s.spawn(move || loop {
                let seed = next.fetch_add(1, Ordering::SeqCst);
                if seed >= hi {
                    return;
                }
                let mut cfg = Config::small();
                cfg.exceptions = seed % 3 != 0;
                let src = generate(seed, &cfg).render();
                let work = std::env::temp_dir()
                    .join(format!("egret-generated-{}-{job}", std::process::id()));
                let opts = RunOptions::new(work);
                let want = match oracle(&src, &opts) {
                    Ok(w) => w,
                    Err(e) => {
                        // ocamlopt 4.13 itself crashes on a few programs (Fatal error in
                        // Matching/Selection): not egret's business.
                        invalid
                            .lock()
                            .unwrap()
                            .push((seed, e.lines().next().unwrap_or("").to_string()));
                        continue;
                    }
                };
                let results = run_stages(&src, &opts);
                compared.fetch_add(1, Ordering::SeqCst);
                for d in disagreements(&want, &results) {
                    match known_gap(&d) {
                        Some(g) => {
                            *known
                                .lock()
                                .unwrap()
                                .entry(format!("{}: {}", d.stage, g.what))
                                .or_default() += 1
                        }
                        None => failures
                            .lock()
                            .unwrap()
                            .push(format!("seed {seed}: {}", describe(&want, &d))),
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(
        std::env::temp_dir().join(format!("egret-generated-{}-0", std::process::id())),
    );
    let _ = std::fs::remove_dir_all(
        std::env::temp_dir().join(format!("egret-generated-{}-1", std::process::id())),
    );
    println!(
        "{} programs (seeds {lo}..{hi}) in {:.0?}",
        hi - lo,
        start.elapsed()
    );
    let invalid = invalid.into_inner().unwrap();
    println!("  {} rejected by ocamlopt: {invalid:?}", invalid.len());
    for (what, n) in known.into_inner().unwrap() {
        println!("  known gap, {n} programs: {what}");
    }
    let compared = compared.into_inner();
    println!("  {compared} programs compared with ocamlopt's build");
    assert!(
        compared > 0,
        "0 comparisons: every program was rejected by ocamlopt (is it installed?): {invalid:?}"
    );
    assert!(
        invalid.len() as u64 * 10 <= hi - lo,
        "{} of {} programs rejected by ocamlopt (more than a tenth): {invalid:?}",
        invalid.len(),
        hi - lo
    );
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
