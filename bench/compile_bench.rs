//! Compile-time benchmarks (not tests: every function here is `#[ignore]`d). Run with
//!
//! ```sh
//! cargo test --release --test compile_bench -- --ignored --nocapture --test-threads=1
//! ```
//!
//! or `bench/compile.sh`, which does exactly that. Tables, one row per program of
//! `examples/` and `bench/programs/`:
//!
//! - `backend_compile_time` (issue #7): the time of `CodegenBackend::compile_module` — for the
//!   native backend SSA→VCode lowering (isel), regalloc2 and emission into a MachBuffer; for
//!   Cranelift SSA→CLIF translation, Cranelift's mid-end at the default `-O` and its
//!   isel/regalloc/emission — on the same optimised SSA module, into a sink that only keeps the
//!   code size (no object file, no frontend). Median of `EGRET_BENCH_REPS` (default 15) runs,
//!   the two backends interleaved so machine noise hits both alike. Also the machine-code bytes
//!   each produces (the module's functions only, no runtime, no data).
//! - `optimizer_stats` (issue #6): SSA statements before and after the SSA optimizer, and its
//!   time (median of the same number of runs) per 1000 input statements.
//! - `simplifier_effect` (issue #5): the size of the program with the lambda simplifier on and
//!   off (`-C simplify=off`) — lambda nodes after monomorphisation, SSA statements after the
//!   optimizer, and the native backend's machine-code bytes. Dropping unused definitions is
//!   the simplifier's job, so with it off the whole prelude (about 1000 nodes) is compiled too;
//!   the run-time effect is bench.py's `nat -simp` column.
//! - `jit_start_time` (issue #24): the time until the program starts with `egret run --jit`
//!   against the wall time of `egret build` (native and Cranelift), per program.

use egret_plugin::backend::x64::X64Backend;
use egret_plugin::backend::{
    BackendError, CodegenBackend, CodegenOptions, CompiledFunction, ObjectSink,
};
use egret_plugin::driver::{self, Options, Output, Session};
use egret_plugin::simplify::SimplifyOptions;
use egret_plugin::ssa::ir::{FuncId, Function, Module};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Keeps only the number of code bytes.
#[derive(Default)]
struct SizeSink {
    bytes: usize,
}

impl ObjectSink for SizeSink {
    fn define_function(
        &mut self,
        _id: FuncId,
        _func: &Function,
        code: &CompiledFunction,
    ) -> Result<(), BackendError> {
        self.bytes += code.code.len();
        Ok(())
    }

    fn define_helper(&mut self, _name: &str, code: &CompiledFunction) -> Result<(), BackendError> {
        self.bytes += code.code.len();
        Ok(())
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn programs() -> Vec<PathBuf> {
    let mut v = Vec::new();
    for dir in ["examples", "bench/programs"] {
        let mut here: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ml"))
            .collect();
        here.sort();
        v.extend(here);
    }
    if let Ok(filter) = std::env::var("EGRET_BENCH_FILTER") {
        v.retain(|p| p.to_string_lossy().contains(&filter));
    }
    v
}

fn reps() -> usize {
    std::env::var("EGRET_BENCH_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15)
}

fn codegen_options(opt_level: u8) -> CodegenOptions {
    CodegenOptions {
        target: "x86_64-unknown-linux-gnu".to_string(),
        opt_level,
        debug_info: false,
        verify: false,
        backend_args: Vec::new(),
    }
}

/// The SSA module of `path`, optimised or not.
fn ssa_of(path: &Path, optimize: bool) -> Module {
    ssa_with(path, optimize, SimplifyOptions::default())
}

fn ssa_with(path: &Path, optimize: bool, simplify: SimplifyOptions) -> Module {
    let source = std::fs::read_to_string(path).unwrap();
    let opts = Options {
        lower: Default::default(),
        parse: Default::default(),
        unix: false,
        file_name: path.file_name().unwrap().to_string_lossy().into_owned(),
        emit: None,
        time_passes: false,
        verify: false,
        simplify,
        optimize,
        codegen: codegen_options(2),
    };
    let mut sess = Session::default();
    match driver::compile_to_ssa(&source, &opts, &mut sess) {
        Ok(Output::Module(m)) => m,
        Ok(Output::Emitted(_)) => unreachable!(),
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn name_of(p: &Path) -> String {
    let dir = p.parent().unwrap().file_name().unwrap().to_string_lossy();
    let stem = p.file_stem().unwrap().to_string_lossy();
    if dir == "programs" {
        format!("bench/{stem}")
    } else {
        stem.into_owned()
    }
}

/// One backend compilation: (time, code bytes).
fn compile_once(backend: &dyn CodegenBackend, m: &Module, o: &CodegenOptions) -> (Duration, usize) {
    let mut sink = SizeSink::default();
    let start = Instant::now();
    backend
        .compile_module(m, o, &mut sink)
        .unwrap_or_else(|e| panic!("{}: {e}", backend.name()));
    (start.elapsed(), sink.bytes)
}

#[test]
#[ignore]
fn backend_compile_time() {
    let native = X64Backend::default();
    let crane = egret_adapters::CraneliftBackend;
    let o2 = codegen_options(2);
    let o0 = codegen_options(0);
    let n = reps();
    println!(
        "backend compile time (compile_module only, median of {n}), code bytes of the module's functions"
    );
    println!("| program | SSA stmts | native ms | cranelift ms | nat/crane | cranelift -O0 ms | nat/crane-O0 | native bytes | cranelift bytes | bytes nat/crane |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let (mut tn, mut tc, mut tc0, mut bn, mut bc) = (0.0, 0.0, 0.0, 0usize, 0usize);
    for p in programs() {
        let m = ssa_of(&p, true);
        let stmts: usize = m.functions.iter().map(|f| f.stmts.len()).sum();
        let (mut vn, mut vc, mut vc0) = (Vec::new(), Vec::new(), Vec::new());
        let (mut sn, mut sc) = (0, 0);
        // One warm-up of each, then interleaved runs.
        compile_once(&native, &m, &o2);
        compile_once(&crane, &m, &o2);
        for _ in 0..n {
            let (t, b) = compile_once(&native, &m, &o2);
            vn.push(t);
            sn = b;
            let (t, b) = compile_once(&crane, &m, &o2);
            vc.push(t);
            sc = b;
            vc0.push(compile_once(&crane, &m, &o0).0);
        }
        let (mn, mc, mc0) = (median(vn), median(vc), median(vc0));
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        tn += ms(mn);
        tc += ms(mc);
        tc0 += ms(mc0);
        bn += sn;
        bc += sc;
        println!(
            "| {} | {stmts} | {:.3} | {:.3} | {:.2} | {:.3} | {:.2} | {sn} | {sc} | {:.2} |",
            name_of(&p),
            ms(mn),
            ms(mc),
            ms(mn) / ms(mc),
            ms(mc0),
            ms(mn) / ms(mc0),
            sn as f64 / sc as f64
        );
    }
    println!(
        "| **total** | | {tn:.3} | {tc:.3} | {:.2} | {tc0:.3} | {:.2} | {bn} | {bc} | {:.2} |",
        tn / tc,
        tn / tc0,
        bn as f64 / bc as f64
    );
}

#[test]
#[ignore]
fn optimizer_stats() {
    let n = reps();
    println!(
        "SSA optimizer: statements before/after, time (median of {n}) per 1000 input statements"
    );
    println!("| program | stmts before | stmts after | after/before | rewrites | opt µs | µs per 1000 stmts |");
    println!("|---|---|---|---|---|---|---|");
    let (mut tb, mut ta, mut tt) = (0usize, 0usize, 0.0);
    for p in programs() {
        let m = ssa_of(&p, false);
        let mut times = Vec::new();
        let mut stats = None;
        for _ in 0..n.max(1) {
            let mut c = m.clone();
            let start = Instant::now();
            let s = egret_plugin::opt::optimize_module(&mut c);
            times.push(start.elapsed());
            stats = Some(s);
        }
        let s = stats.unwrap();
        let us = median(times).as_secs_f64() * 1e6;
        let fired: usize = s.fired.values().sum();
        tb += s.stmts_before;
        ta += s.stmts_after;
        tt += us;
        println!(
            "| {} | {} | {} | {:.3} | {fired} | {us:.1} | {:.1} |",
            name_of(&p),
            s.stmts_before,
            s.stmts_after,
            s.stmts_after as f64 / s.stmts_before as f64,
            us * 1000.0 / s.stmts_before as f64
        );
    }
    println!(
        "| **total** | {tb} | {ta} | {:.3} | | {tt:.1} | {:.1} |",
        ta as f64 / tb as f64,
        tt * 1000.0 / tb as f64
    );
}

/// Lambda nodes of `path`'s program after simplification (or not) and monomorphisation.
fn mono_nodes(path: &Path, simplify: &SimplifyOptions) -> usize {
    use egret_plugin::{mono, simplify as simp, syntax, typing};
    let source = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy();
    let ast = syntax::parse(&source).unwrap_or_else(|_| panic!("{name}: parse"));
    let (mut program, _) =
        typing::type_program(&ast, &source, &name).unwrap_or_else(|_| panic!("{name}: typing"));
    simp::simplify_program(&mut program, simplify);
    let program = mono::monomorphize(&program);
    simp::effects::node_count(&program.body)
}

#[test]
#[ignore]
fn simplifier_effect() {
    let on = SimplifyOptions::default();
    let off = SimplifyOptions {
        enabled: false,
        ..SimplifyOptions::default()
    };
    let native = X64Backend::default();
    let o2 = codegen_options(2);
    println!("lambda simplifier on vs off (-C simplify=off): program size at three stages");
    println!("| program | mono nodes on | off | on/off | SSA stmts on | off | on/off | native bytes on | off | on/off |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut totals = [0usize; 6];
    let mut size_ratios = Vec::new();
    for p in programs() {
        let (ln, lf) = (mono_nodes(&p, &on), mono_nodes(&p, &off));
        let (mn, mf) = (
            ssa_with(&p, true, on.clone()),
            ssa_with(&p, true, off.clone()),
        );
        let stmts = |m: &Module| m.functions.iter().map(|f| f.stmts.len()).sum::<usize>();
        let (sn, sf) = (stmts(&mn), stmts(&mf));
        let (bn, bf) = (
            compile_once(&native, &mn, &o2).1,
            compile_once(&native, &mf, &o2).1,
        );
        for (t, v) in totals.iter_mut().zip([ln, lf, sn, sf, bn, bf]) {
            *t += v;
        }
        size_ratios.push(bn as f64 / bf as f64);
        let r = |a: usize, b: usize| a as f64 / b as f64;
        println!(
            "| {} | {ln} | {lf} | {:.2} | {sn} | {sf} | {:.2} | {bn} | {bf} | {:.2} |",
            name_of(&p),
            r(ln, lf),
            r(sn, sf),
            r(bn, bf)
        );
    }
    let [ln, lf, sn, sf, bn, bf] = totals;
    let r = |a: usize, b: usize| a as f64 / b as f64;
    println!(
        "| **total** | {ln} | {lf} | {:.2} | {sn} | {sf} | {:.2} | {bn} | {bf} | {:.2} |",
        r(ln, lf),
        r(sn, sf),
        r(bn, bf)
    );
    size_ratios.sort_by(f64::total_cmp);
    println!(
        "median per-program native bytes on/off: {:.2}",
        size_ratios[size_ratios.len() / 2]
    );
}

/// The time until the program starts, `egret run --jit` against `egret build` (issue #24): per
/// program, the wall time of `egret build` with the native backend and with Cranelift (the
/// process, linking included), and the time `egret run --jit --time-passes` reports when the
/// program starts (since egret's `main`, so a millisecond or two of process start-up less than
/// the builds' wall times). The best of `EGRET_BENCH_JIT_REPS` (default 5) runs, interleaved:
/// the front end's time (the same in all three) varies by hundreds of milliseconds on a loaded
/// machine, more than the difference measured (the link: ~100 ms of `cc` against ~0.3 ms in
/// memory, `--time-passes`). The programs: `bench/programs/` and the examples `c_*.ml` (or
/// `EGRET_BENCH_FILTER`'s).
#[test]
#[ignore]
fn jit_start_time() {
    let egret = env!("CARGO_BIN_EXE_egret");
    let reps: usize = std::env::var("EGRET_BENCH_JIT_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let filtered = std::env::var("EGRET_BENCH_FILTER").is_ok();
    let list: Vec<PathBuf> = programs()
        .into_iter()
        .filter(|p| filtered || name_of(p).starts_with("bench/") || name_of(p).starts_with("c_"))
        .collect();
    let dir = std::env::temp_dir().join(format!("egret-jit-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("prog");
    let wall = |args: &[&std::ffi::OsStr]| {
        let start = Instant::now();
        let out = std::process::Command::new(egret)
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        start.elapsed()
    };
    println!(
        "time until the program starts (ms, best of {reps}): egret build (wall, native and \
         cranelift) vs egret run --jit (cranelift)"
    );
    println!(
        "{:<22} {:>12} {:>12} {:>10} {:>16}",
        "program", "build native", "build clif", "jit start", "jit / build clif"
    );
    let (mut sum_native, mut sum_clif, mut sum_jit) = (0.0, 0.0, 0.0);
    for p in &list {
        let (mut native, mut clif, mut jit) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..reps {
            native.push(wall(&[
                "build".as_ref(),
                p.as_os_str(),
                "-o".as_ref(),
                exe.as_os_str(),
            ]));
            clif.push(wall(&[
                "build".as_ref(),
                "--backend=cranelift".as_ref(),
                p.as_os_str(),
                "-o".as_ref(),
                exe.as_os_str(),
            ]));
            let out = std::process::Command::new(egret)
                .args(["run", "--jit", "--time-passes"])
                .arg(p)
                .arg("--")
                .args(
                    std::fs::read_to_string(p.with_extension("args"))
                        .unwrap_or_default()
                        .split_whitespace(),
                )
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let ms: f64 = stderr
                .lines()
                .find(|l| l.contains("until the program starts"))
                .and_then(|l| l.split_whitespace().next())
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{}: no start time in:\n{stderr}", p.display()));
            jit.push(Duration::from_secs_f64(ms / 1e3));
        }
        let ms = |v: Vec<Duration>| v.into_iter().min().unwrap_or_default().as_secs_f64() * 1e3;
        let (n, c, j) = (ms(native), ms(clif), ms(jit));
        sum_native += n;
        sum_clif += c;
        sum_jit += j;
        println!(
            "{:<22} {n:>12.1} {c:>12.1} {j:>10.1} {:>16.2}",
            name_of(p),
            j / c
        );
    }
    println!(
        "{:<22} {sum_native:>12.1} {sum_clif:>12.1} {sum_jit:>10.1} {:>16.2}",
        "total",
        sum_jit / sum_clif
    );
    let _ = std::fs::remove_dir_all(&dir);
}
