//! The differential runner: one program through ocamlopt (the oracle) and every stage of
//! egret that can run it — the lambda interpreter after typing, after the simplifier and after
//! mono, the SSA interpreter before and after the optimizer, the native and the Cranelift
//! backends — with stdout, stderr and the exit code compared.
//!
//! The compiler runs in process (the stage functions the driver chains, every verifier on), or,
//! for the backends, through an `egret` binary ([`Compiler::Binary`]).

use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use egret_plugin::backend::{CodegenBackend, CodegenOptions};
use egret_plugin::{closure, lambda, mono, opt, simplify, ssa, syntax, typing};

/// The file name every program is compiled under (it shows in `Match_failure`, `assert`).
pub const FILE_NAME: &str = "prog.ml";

/// What a program printed and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub code: i32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageResult {
    Ran(Outcome),
    /// The stage could not run the program: a rejected program, an internal compiler error, a
    /// verifier failure, an interpreter error, a crash, a timeout.
    Failed(String),
}

/// The stages, in pipeline order. `verify` stands for the IR verifiers run between the
/// stages: a verifier failure is reported as a failure of `verify` (the pipeline goes on, as
/// `egret build` does in a release build, so that the other stages are still tested).
pub const STAGES: &[&str] = &[
    "verify",
    "lambda",
    "simplify",
    "mono",
    "ssa",
    "ssa-opt",
    "native",
    "cranelift",
];

/// How the backends are run.
#[derive(Clone, Debug)]
pub enum Compiler {
    /// In this process, through `egret_adapters` (the code path of `egret build`).
    InProcess,
    /// `egret build FILE -o OUT --backend=NAME` with this binary.
    Binary(PathBuf),
}

#[derive(Clone, Debug)]
pub struct RunOptions {
    pub compiler: Compiler,
    /// Stages to run (names of [`STAGES`]).
    pub stages: Vec<&'static str>,
    /// Interpreter fuel.
    pub fuel: u64,
    /// Wall-clock limit for each executable.
    pub timeout: Duration,
    pub work_dir: PathBuf,
    /// The source file's name, which run-time messages quote (`Match_failure`, uncaught
    /// exceptions' module path): a regression case keeps its own.
    pub file_name: String,
}

impl RunOptions {
    pub fn new(work_dir: PathBuf) -> RunOptions {
        RunOptions {
            compiler: Compiler::InProcess,
            stages: STAGES.to_vec(),
            fuel: 400_000_000,
            timeout: Duration::from_secs(20),
            work_dir,
            file_name: FILE_NAME.to_string(),
        }
    }
}

/// Runs `exe` with a time limit.
pub fn run_exe(exe: &Path, timeout: Duration) -> Result<Outcome, String> {
    let mut child = Command::new(exe)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut v = vec![];
        let _ = out.read_to_end(&mut v);
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = vec![];
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("timeout after {timeout:?}"));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("wait: {e}")),
        }
    };
    let stdout = t_out.join().unwrap_or_default();
    let stderr = t_err.join().unwrap_or_default();
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Ok(Outcome {
            stdout,
            stderr,
            code,
        }),
        (None, Some(sig)) => Err(format!("killed by signal {sig}")),
        _ => Err("no exit status".into()),
    }
}

/// Compiles `src` with ocamlopt and runs it. `Err` when ocamlopt rejects the program (a
/// generator bug) or the program does not finish.
pub fn oracle(src: &str, opts: &RunOptions) -> Result<Outcome, String> {
    let dir = &opts.work_dir;
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    std::fs::write(dir.join(&opts.file_name), src).map_err(|e| e.to_string())?;
    let exe = dir.join("prog.ocamlopt");
    let _ = std::fs::remove_file(&exe);
    let out = Command::new("ocamlopt")
        .current_dir(dir)
        .args(["-w", "-a", "-o", "prog.ocamlopt", &opts.file_name])
        .output()
        .map_err(|e| format!("cannot run ocamlopt: {e}"))?;
    // Keep only the interface-free outputs away: ocamlopt leaves prog.cm* and prog.o.
    if !out.status.success() {
        return Err(format!(
            "ocamlopt rejects the program:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    run_exe(&exe, opts.timeout)
}

fn panic_text(p: Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Runs `f`, turning a panic into an error.
fn guarded<T>(what: &str, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => Err(format!("{what} panicked: {}", panic_text(p))),
    }
}

fn lambda_outcome(p: &lambda::ir::Program, fuel: u64) -> StageResult {
    let opts = lambda::interp::InterpOptions {
        fuel,
        ..Default::default()
    };
    let r = guarded("lambda interpreter", || {
        Ok(lambda::interp::run_program(p, &opts))
    });
    match r {
        Err(e) => StageResult::Failed(e),
        Ok(o) => match o.status {
            lambda::interp::Status::OutOfFuel => StageResult::Failed("out of fuel".into()),
            lambda::interp::Status::Error(e) => {
                StageResult::Failed(format!("lambda interpreter error: {e}"))
            }
            _ => StageResult::Ran(Outcome {
                stdout: o.stdout,
                stderr: o.stderr,
                code: o.exit_code,
            }),
        },
    }
}

fn ssa_outcome(m: &ssa::ir::Module, fuel: u64) -> StageResult {
    match guarded("SSA interpreter", || {
        ssa::interp::run_module(m, fuel).map_err(|e| format!("SSA interpreter: {e:?}"))
    }) {
        Ok(o) => StageResult::Ran(Outcome {
            stdout: o.stdout,
            stderr: o.stderr,
            code: o.exit_code,
        }),
        Err(e) => StageResult::Failed(e),
    }
}

/// The host's triple, as the driver computes it.
fn host_target() -> String {
    format!("{}-unknown-linux-gnu", std::env::consts::ARCH)
}

fn build_in_process(
    m: &ssa::ir::Module,
    backend: &dyn CodegenBackend,
    exe: &Path,
) -> Result<(), String> {
    let codegen = CodegenOptions {
        target: host_target(),
        opt_level: 2,
        debug_info: false,
        verify: true,
        backend_args: Vec::new(),
    };
    let object = guarded("backend", || {
        egret_adapters::write_object(m, backend, &codegen).map_err(|e| e.to_string())
    })?;
    egret_adapters::link(&object.bytes, exe, &codegen.target).map_err(|e| format!("link: {e}"))
}

fn build_with_binary(egret: &Path, src: &Path, backend: &str, exe: &Path) -> Result<(), String> {
    let out = Command::new(egret)
        .arg("build")
        .arg(src)
        .arg("-o")
        .arg(exe)
        .arg(format!("--backend={backend}"))
        .output()
        .map_err(|e| format!("cannot run {}: {e}", egret.display()))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "egret build --backend={backend} exits with {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim_end()
        ))
    }
}

/// Every requested stage's result on `src`.
pub fn run_stages(src: &str, opts: &RunOptions) -> Vec<(&'static str, StageResult)> {
    let want = |s: &str| opts.stages.contains(&s);
    let _ = std::fs::create_dir_all(&opts.work_dir);
    let mut results: Vec<(&'static str, StageResult)> = vec![];
    let fail_all = |results: &mut Vec<(&'static str, StageResult)>, from: usize, msg: String| {
        for s in &STAGES[from..] {
            if want(s) {
                results.push((s, StageResult::Failed(msg.clone())));
            }
        }
    };
    let front = guarded("front end", || {
        let ast = syntax::parse(src).map_err(|d| format!("egret rejects the program: {d:?}"))?;
        let (lam, _warnings) = typing::type_program(&ast, src, &opts.file_name)
            .map_err(|d| format!("egret rejects the program: {d:?}"))?;
        Ok(lam)
    });
    let lam = match front {
        Ok(l) => l,
        Err(e) => {
            fail_all(&mut results, 0, e);
            return results;
        }
    };
    let mut verify_errors: Vec<String> = vec![];
    let mut verify_lambda = |p: &lambda::ir::Program, after: &str| {
        if let Err(e) = guarded("lambda verifier", || {
            lambda::verify::verify_program(p).map_err(|e| e.join("; "))
        }) {
            verify_errors.push(format!("lambda verifier after {after}: {e}"));
        }
    };
    verify_lambda(&lam, "typing");
    if want("lambda") {
        results.push(("lambda", lambda_outcome(&lam, opts.fuel)));
    }
    let simplified = guarded("simplify", || {
        let mut p = lam.clone();
        simplify::simplify_program(&mut p, &simplify::SimplifyOptions::default());
        Ok(p)
    });
    let simplified = match simplified {
        Ok(p) => p,
        Err(e) => {
            fail_all(&mut results, 2, e);
            return results;
        }
    };
    verify_lambda(&simplified, "simplify");
    if want("simplify") {
        results.push(("simplify", lambda_outcome(&simplified, opts.fuel)));
    }
    let mono = guarded("mono", || Ok(mono::monomorphize(&simplified)));
    let mono = match mono {
        Ok(p) => p,
        Err(e) => {
            fail_all(&mut results, 3, e);
            return results;
        }
    };
    verify_lambda(&mono, "mono");
    if want("mono") {
        results.push(("mono", lambda_outcome(&mono, opts.fuel)));
    }
    let module = guarded("closure/ssa", || {
        let c = closure::convert(&mono);
        ssa::lower::lower_program(&c).map_err(|d| format!("SSA lowering: {d:?}"))
    });
    let mut module = match module {
        Ok(m) => m,
        Err(e) => {
            fail_all(&mut results, 4, e);
            return results;
        }
    };
    let mut verify_ssa = |m: &ssa::ir::Module, after: &str| {
        if let Err(e) = guarded("SSA verifier", || {
            ssa::verify::verify_module(m).map_err(|e| e.join("; "))
        }) {
            verify_errors.push(format!("SSA verifier after {after}: {e}"));
        }
    };
    verify_ssa(&module, "lowering");
    if want("ssa") {
        results.push(("ssa", ssa_outcome(&module, opts.fuel)));
    }
    let optimized = guarded("opt", || {
        opt::optimize_module(&mut module);
        Ok(())
    });
    if let Err(e) = optimized {
        fail_all(&mut results, 5, e);
        return results;
    }
    verify_ssa(&module, "opt");
    if want("ssa-opt") {
        results.push(("ssa-opt", ssa_outcome(&module, opts.fuel)));
    }
    for backend in ["native", "cranelift"] {
        if !want(backend) {
            continue;
        }
        let exe = opts.work_dir.join(format!("prog.{backend}"));
        let _ = std::fs::remove_file(&exe);
        let built = match &opts.compiler {
            Compiler::InProcess => {
                let native = egret_plugin::backend::x64::X64Backend;
                let cranelift = egret_adapters::CraneliftBackend;
                let b: &dyn CodegenBackend = if backend == "native" {
                    &native
                } else {
                    &cranelift
                };
                build_in_process(&module, b, &exe)
            }
            Compiler::Binary(egret) => {
                let src_path = opts.work_dir.join(&opts.file_name);
                std::fs::write(&src_path, src)
                    .map_err(|e| e.to_string())
                    .and_then(|_| build_with_binary(egret, &src_path, backend, &exe))
            }
        };
        let r = match built.and_then(|_| run_exe(&exe, opts.timeout)) {
            Ok(o) => StageResult::Ran(o),
            Err(e) => StageResult::Failed(e),
        };
        results.push((backend, r));
    }
    if want("verify") {
        for e in verify_errors {
            results.insert(0, ("verify", StageResult::Failed(e)));
        }
    }
    results
}

/// A stage that disagrees with the oracle, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    pub stage: &'static str,
    /// `Failed(message)` or the differing outcome.
    pub got: StageResult,
}

impl Disagreement {
    /// What must stay the same while minimizing: the stage, and whether it failed or printed
    /// something else.
    pub fn kind(&self) -> (&'static str, bool) {
        (self.stage, matches!(self.got, StageResult::Failed(_)))
    }
}

/// The stages whose result differs from the oracle's outcome.
pub fn disagreements(want: &Outcome, results: &[(&'static str, StageResult)]) -> Vec<Disagreement> {
    results
        .iter()
        .filter(|(_, r)| !matches!(r, StageResult::Ran(o) if o == want))
        .map(|(s, r)| Disagreement {
            stage: s,
            got: r.clone(),
        })
        .collect()
}

/// Shows bytes for a report: lossy UTF-8, cut after `max` bytes.
pub fn show_bytes(b: &[u8], max: usize) -> String {
    let s = String::from_utf8_lossy(&b[..b.len().min(max)]).into_owned();
    if b.len() > max {
        format!("{s}... ({} bytes)", b.len())
    } else {
        s
    }
}

/// A one-paragraph description of a disagreement against the expected outcome.
pub fn describe(want: &Outcome, d: &Disagreement) -> String {
    match &d.got {
        StageResult::Failed(e) => format!("{}: failed: {}", d.stage, show_bytes(e.as_bytes(), 600)),
        StageResult::Ran(o) => {
            let mut s = format!("{}:", d.stage);
            if o.code != want.code {
                s.push_str(&format!(" exit code {} (want {})", o.code, want.code));
            }
            if o.stdout != want.stdout {
                let i = o
                    .stdout
                    .iter()
                    .zip(&want.stdout)
                    .take_while(|(a, b)| a == b)
                    .count();
                let from = i.saturating_sub(40);
                s.push_str(&format!(
                    " stdout differs at byte {i}: got {:?}, want {:?}",
                    show_bytes(&o.stdout[from..], 120),
                    show_bytes(&want.stdout[from.min(want.stdout.len())..], 120)
                ));
            }
            if o.stderr != want.stderr {
                s.push_str(&format!(
                    " stderr: got {:?}, want {:?}",
                    show_bytes(&o.stderr, 200),
                    show_bytes(&want.stderr, 200)
                ));
            }
            s
        }
    }
}
