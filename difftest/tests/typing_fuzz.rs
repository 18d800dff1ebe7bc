//! CI's bounded run of the typing differential fuzzer (`egret_difftest::typing`): egret must
//! never accept a mutant that ocamlopt rejects, nor stop with an internal error. The long
//! campaign is `typefuzz --seeds 0..100000`.
//!
//! `TYPEFUZZ_SEEDS=A..B` overrides the range.

use egret_difftest::typing::campaign;

#[test]
fn egret_never_accepts_what_ocamlopt_rejects() {
    if std::process::Command::new("ocamlopt")
        .arg("-version")
        .output()
        .is_err()
    {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "ocamlopt is required under CI=true"
        );
        eprintln!("ocamlopt not found: the typing fuzzer has no oracle (skipped outside CI)");
        return;
    }
    let (lo, hi) = std::env::var("TYPEFUZZ_SEEDS")
        .ok()
        .and_then(|v| {
            let (a, b) = v.split_once("..")?;
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .unwrap_or((0u64, 600u64));
    std::panic::set_hook(Box::new(|_| {}));
    let mid = lo + (hi - lo) / 2;
    let work =
        |j: u32| std::env::temp_dir().join(format!("egret-typefuzz-{}-{j}", std::process::id()));
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| campaign(lo..mid, &work(0), 1));
        let b = s.spawn(|| campaign(mid..hi, &work(1), 1));
        (a.join().unwrap(), b.join().unwrap())
    });
    let _ = std::panic::take_hook();
    let mut v = a;
    v.merge(b);
    for j in 0..2 {
        let _ = std::fs::remove_dir_all(work(j));
    }
    println!("{}", v.summary());
    // The run compared verdicts, of both kinds.
    assert!(v.both_accept > 0 && v.both_reject > 0, "{}", v.summary());
    assert!(
        v.unsound.is_empty() && v.crashes.is_empty(),
        "egret accepts what ocamlopt rejects, or stops: {:?} {:?} (typefuzz --show SEED)",
        v.unsound,
        v.crashes
    );
}
