//! `difftest`: runs generated programs through ocamlopt and every stage of egret.
//!
//! ```text
//! difftest [--seeds A..B] [--full] [--jobs N] [--egret PATH] [--minimize] [--save DIR]
//!          [--known-bugs] [--time-limit SECS]
//! difftest --show SEED [--full]     print the program of a seed
//! difftest --file FILE.ml           run one file through every stage
//! ```
//!
//! Every third seed is generated without exceptions (no `try`: the native backend's gap).
//! A disagreement that is not a known gap is printed; with `--minimize` it is minimized and
//! saved as a regression case (`tests/regressions/gen_SEED_STAGE.ml` and ocamlopt's outputs).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use egret_difftest::gen::{generate, Config};
use egret_difftest::known::known_gap;
use egret_difftest::minimize::Minimizer;
use egret_difftest::run::{
    describe, disagreements, oracle, run_stages, Compiler, RunOptions, StageResult, STAGES,
};
use egret_difftest::{regressions, tree};

struct Args {
    seeds: (u64, u64),
    full: bool,
    jobs: usize,
    egret: Option<PathBuf>,
    minimize: bool,
    save: PathBuf,
    known_bugs: bool,
    time_limit: Option<Duration>,
    show: Option<u64>,
    file: Option<PathBuf>,
}

fn parse_args() -> Args {
    let mut a = Args {
        seeds: (0, 100),
        full: false,
        jobs: 2,
        egret: None,
        minimize: false,
        save: regressions::default_dir(),
        known_bugs: false,
        time_limit: None,
        show: None,
        file: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut val = || {
            it.next()
                .unwrap_or_else(|| usage(&format!("{arg} needs a value")))
        };
        match arg.as_str() {
            "--seeds" => {
                let v = val();
                let (lo, hi) = v.split_once("..").unwrap_or_else(|| usage("--seeds A..B"));
                a.seeds = (
                    lo.parse().unwrap_or_else(|_| usage("--seeds A..B")),
                    hi.parse().unwrap_or_else(|_| usage("--seeds A..B")),
                );
            }
            "--full" => a.full = true,
            "--jobs" => a.jobs = val().parse().unwrap_or_else(|_| usage("--jobs N")),
            "--egret" => a.egret = Some(PathBuf::from(val())),
            "--minimize" => a.minimize = true,
            "--save" => a.save = PathBuf::from(val()),
            "--known-bugs" => a.known_bugs = true,
            "--time-limit" => {
                a.time_limit = Some(Duration::from_secs(
                    val().parse().unwrap_or_else(|_| usage("--time-limit SECS")),
                ))
            }
            "--show" => a.show = Some(val().parse().unwrap_or_else(|_| usage("--show SEED"))),
            "--file" => a.file = Some(PathBuf::from(val())),
            _ => usage(&format!("unknown argument {arg}")),
        }
    }
    a
}

fn usage(msg: &str) -> ! {
    eprintln!("difftest: {msg}");
    eprintln!(
        "usage: difftest [--seeds A..B] [--full] [--jobs N] [--egret PATH] [--minimize] [--save DIR] [--known-bugs] [--time-limit SECS] | --show SEED | --file FILE"
    );
    std::process::exit(2)
}

fn config(args: &Args, seed: u64) -> Config {
    let mut c = if args.full {
        Config::full()
    } else {
        Config::small()
    };
    c.known_bugs = args.known_bugs;
    c.exceptions = seed % 3 != 0;
    c
}

#[derive(Default)]
struct Stats {
    programs: u64,
    invalid: Vec<u64>,
    agree: BTreeMap<&'static str, u64>,
    known: BTreeMap<(&'static str, &'static str), u64>,
    new: BTreeMap<&'static str, u64>,
    with_try: u64,
    findings: Vec<String>,
}

fn main() {
    // Panics inside the compiler are reported as stage failures: keep them quiet.
    std::panic::set_hook(Box::new(|_| {}));
    let args = parse_args();
    if let Some(seed) = args.show {
        print!("{}", generate(seed, &config(&args, seed)).render());
        return;
    }
    let base = std::env::temp_dir().join(format!("egret-difftest-{}", std::process::id()));
    let compiler = match &args.egret {
        Some(p) => Compiler::Binary(p.canonicalize().unwrap_or_else(|_| p.clone())),
        None => Compiler::InProcess,
    };
    if let Some(file) = &args.file {
        let src = std::fs::read_to_string(file).unwrap_or_else(|e| usage(&format!("{e}")));
        let mut opts = RunOptions::new(base.join("file"));
        opts.compiler = compiler;
        let want = match oracle(&src, &opts) {
            Ok(o) => o,
            Err(e) => usage(&e),
        };
        let results = run_stages(&src, &opts);
        for (stage, r) in &results {
            let ok = matches!(r, StageResult::Ran(o) if *o == want);
            println!("{stage:10} {}", if ok { "agrees" } else { "DISAGREES" });
        }
        for d in disagreements(&want, &results) {
            println!("  {}", describe(&want, &d));
        }
        let _ = std::fs::remove_dir_all(&base);
        return;
    }
    let start = Instant::now();
    let next = AtomicU64::new(args.seeds.0);
    let stats = Mutex::new(Stats::default());
    std::thread::scope(|s| {
        for job in 0..args.jobs.max(1) {
            let (args, next, stats, base, compiler) = (&args, &next, &stats, &base, &compiler);
            std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn_scoped(s, move || loop {
                    if args.time_limit.is_some_and(|l| start.elapsed() > l) {
                        return;
                    }
                    let seed = next.fetch_add(1, Ordering::SeqCst);
                    if seed >= args.seeds.1 {
                        return;
                    }
                    let mut opts = RunOptions::new(base.join(format!("job{job}")));
                    opts.compiler = compiler.clone();
                    one_seed(args, seed, &opts, stats);
                })
                .expect("spawn");
        }
    });
    let _ = std::fs::remove_dir_all(&base);
    let st = stats.into_inner().unwrap();
    println!(
        "\n{} programs in {:.0?} ({} with `try`), {} rejected by ocamlopt {:?}",
        st.programs,
        start.elapsed(),
        st.with_try,
        st.invalid.len(),
        st.invalid
    );
    for stage in STAGES {
        let known: Vec<String> = st
            .known
            .iter()
            .filter(|((s, _), _)| s == stage)
            .map(|((_, what), n)| format!("{n} known gap ({what})"))
            .collect();
        println!(
            "  {stage:10} {:6} agree, {:4} disagree{}{}",
            st.agree.get(stage).copied().unwrap_or(0),
            st.new.get(stage).copied().unwrap_or(0),
            if known.is_empty() { "" } else { ", " },
            known.join(", ")
        );
    }
    if !st.findings.is_empty() {
        println!("\nfindings:");
        for f in &st.findings {
            println!("{f}");
        }
        std::process::exit(1);
    }
}

fn one_seed(args: &Args, seed: u64, opts: &RunOptions, stats: &Mutex<Stats>) {
    let cfg = config(args, seed);
    let tree = generate(seed, &cfg);
    let src = tree.render();
    let want = match oracle(&src, opts) {
        Ok(w) => w,
        Err(e) => {
            eprintln!(
                "seed {seed}: {}",
                e.lines().take(6).collect::<Vec<_>>().join("\n")
            );
            let mut st = stats.lock().unwrap();
            st.programs += 1;
            st.invalid.push(seed);
            return;
        }
    };
    let results = run_stages(&src, opts);
    let ds = disagreements(&want, &results);
    let mut new = vec![];
    {
        let mut st = stats.lock().unwrap();
        st.programs += 1;
        if src.contains("try") {
            st.with_try += 1;
        }
        for stage in STAGES.iter().filter(|s| opts.stages.contains(s)) {
            let d = ds.iter().find(|d| d.stage == *stage);
            match d {
                None => *st.agree.entry(stage).or_default() += 1,
                Some(d) => match known_gap(d) {
                    Some(g) => *st.known.entry((stage, g.what)).or_default() += 1,
                    None => {
                        *st.new.entry(stage).or_default() += 1;
                        new.push(d.clone());
                    }
                },
            }
        }
    }
    if new.is_empty() {
        return;
    }
    let mut text = format!("seed {seed}:");
    for d in &new {
        text.push_str(&format!("\n  {}", describe(&want, d)));
    }
    println!("{text}");
    let mut finding = text.clone();
    if args.minimize {
        let target = new[0].kind();
        let mut cand_opts = opts.clone();
        cand_opts.work_dir = opts.work_dir.join("min");
        cand_opts.stages = vec![target.0];
        let mut still_fails = |cand: &str| -> bool {
            let Ok(w) = oracle(cand, &cand_opts) else {
                return false;
            };
            let r = run_stages(cand, &cand_opts);
            disagreements(&w, &r)
                .iter()
                .any(|d| d.kind() == target && known_gap(d).is_none())
        };
        let mut m = Minimizer {
            still_fails: &mut still_fails,
            tries: 0,
            max_tries: 600,
        };
        let small: tree::Node = m.minimize(&tree);
        let small_src = small.render();
        let name = format!("gen_{seed}_{}", target.0.replace('-', "_"));
        match oracle(&small_src, &cand_opts) {
            Ok(w) => {
                if let Err(e) = regressions::save(&args.save, &name, &small_src, &w) {
                    eprintln!("cannot save {name}: {e}");
                }
                finding.push_str(&format!(
                    "\n  minimized ({} tries, {} -> {} bytes) to {}/{name}.ml:\n{}",
                    m.tries,
                    src.len(),
                    small_src.len(),
                    args.save.display(),
                    small_src
                ));
            }
            Err(e) => finding.push_str(&format!("\n  minimization failed: {e}")),
        }
        println!("{finding}");
    }
    stats.lock().unwrap().findings.push(finding);
}
