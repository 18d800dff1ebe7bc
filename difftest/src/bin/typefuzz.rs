//! `typefuzz`: the typing differential fuzzer's campaign (see `egret_difftest::typing`).
//!
//! ```text
//! typefuzz [--seeds A..B] [--jobs N] [--reject-sample K]
//!                                        run the mutants of seeds A..B, print the counts;
//!                                        OCaml sees every mutant egret accepts and one in K
//!                                        of those it rejects (default 10)
//!          [--max-seconds S]             stop taking new seeds after S seconds (the counts
//!                                        printed are of the seeds run)
//! typefuzz --show SEED                   print the mutant of a seed
//! ```
//! Exits 1 when egret accepts a mutant that ocamlopt rejects, or stops with an internal error.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use egret_difftest::typing::{campaign, mutant, Verdicts};

fn main() {
    let mut seeds = (0u64, 1000u64);
    let mut jobs = 2usize;
    let mut reject_sample = 10u64;
    let mut max_seconds = u64::MAX;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| usage(&format!("{a} needs a value")))
        };
        match a.as_str() {
            "--seeds" => {
                let v = value();
                let (x, y) = v.split_once("..").unwrap_or_else(|| usage("--seeds A..B"));
                seeds = (
                    x.parse().unwrap_or_else(|_| usage("--seeds A..B")),
                    y.parse().unwrap_or_else(|_| usage("--seeds A..B")),
                );
            }
            "--reject-sample" => {
                reject_sample = value()
                    .parse()
                    .unwrap_or_else(|_| usage("--reject-sample K"))
            }
            "--max-seconds" => {
                max_seconds = value().parse().unwrap_or_else(|_| usage("--max-seconds S"))
            }
            "--jobs" => jobs = value().parse().unwrap_or_else(|_| usage("--jobs N")),
            "--show" => {
                let seed: u64 = value().parse().unwrap_or_else(|_| usage("--show SEED"));
                match mutant(seed) {
                    Some((src, kind)) => println!("(* mutation: {kind} *)\n{src}"),
                    None => println!("(* seed {seed} draws no mutant *)"),
                }
                return;
            }
            "-h" | "--help" => usage(""),
            other => usage(&format!("unknown argument {other}")),
        }
    }
    std::panic::set_hook(Box::new(|_| {}));
    const CHUNK: u64 = 50;
    let next = AtomicU64::new(seeds.0);
    let printed = AtomicU64::new(0);
    let total = Mutex::new(Verdicts::default());
    let start = std::time::Instant::now();
    std::thread::scope(|s| {
        for job in 0..jobs {
            let (next, total, printed) = (&next, &total, &printed);
            s.spawn(move || {
                let work =
                    std::env::temp_dir().join(format!("typefuzz-{}-{job}", std::process::id()));
                loop {
                    if start.elapsed().as_secs() >= max_seconds {
                        break;
                    }
                    let lo = next.fetch_add(CHUNK, Ordering::SeqCst);
                    if lo >= seeds.1 {
                        break;
                    }
                    let v = campaign(lo..(lo + CHUNK).min(seeds.1), &work, reject_sample);
                    // Findings as they come: a long campaign may be stopped.
                    for (seed, kind) in &v.unsound {
                        eprintln!("UNSOUND seed {seed} ({kind}): typefuzz --show {seed}");
                    }
                    for seed in &v.crashes {
                        eprintln!("INTERNAL ERROR seed {seed}: typefuzz --show {seed}");
                    }
                    let mut t = total.lock().unwrap();
                    t.last_seed = t.last_seed.max(lo + CHUNK);
                    t.merge(v);
                    if t.mutants / 1000 > printed.load(Ordering::SeqCst) {
                        printed.store(t.mutants / 1000, Ordering::SeqCst);
                        eprintln!("[{:.0}s] {}", start.elapsed().as_secs_f64(), t.summary());
                    }
                }
                let _ = std::fs::remove_dir_all(&work);
            });
        }
    });
    let t = total.into_inner().unwrap();
    // The chunks run cover the seeds from the first up to `last_seed` (all of them: each
    // chunk taken is finished).
    println!(
        "seeds {}..{} in {:.0}s",
        seeds.0,
        t.last_seed.min(seeds.1),
        start.elapsed().as_secs_f64()
    );
    println!("{}", t.summary());
    for (seed, kind) in &t.unsound {
        println!("UNSOUND seed {seed} ({kind}): typefuzz --show {seed}");
    }
    for seed in &t.crashes {
        println!("INTERNAL ERROR seed {seed}: typefuzz --show {seed}");
    }
    if !t.unsound.is_empty() || !t.crashes.is_empty() {
        std::process::exit(1);
    }
}

fn usage(msg: &str) -> ! {
    if !msg.is_empty() {
        eprintln!("typefuzz: {msg}");
    }
    eprintln!("usage: typefuzz [--seeds A..B] [--jobs N] [--reject-sample K] | --show SEED");
    std::process::exit(2)
}
