//! Running a test as ocamltest does, with egret instead of ocamlopt.
//!
//! Each (test, backend) job gets a fresh directory holding a copy of the test file, which is
//! the working directory of both steps: `egret build NAME.ml -o prog.exe --backend=B`
//! (compile limit), then `./prog.exe ARGUMENTS` with stdin from the test's `stdin` or
//! `/dev/null`, stdout and stderr into one file (run limit). Both run in a process group of
//! their own, killed whole at the limit (a timeout is a verdict, never a hang), with output
//! files capped at 256 MiB and no core dumps. Jobs run on a fixed number of worker threads.

use crate::suite::Test;
use crate::verdict::{first_diff, first_error, normalise, signal_name, Verdict};
use std::fs::File;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How to build and run.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// The `egret` executable.
    pub egret: PathBuf,
    pub compile_timeout: Duration,
    pub run_timeout: Duration,
    /// Worker threads.
    pub jobs: usize,
    /// Keep every test's directory (else only the failures' are kept until the end of the
    /// run, then all are removed).
    pub keep: bool,
}

impl RunConfig {
    /// Limits from `COMPILE_TIMEOUT`/`RUN_TIMEOUT` (seconds; default 120 and 60), workers
    /// from `EGRET_TS_JOBS` (default 2), as the reference runner reads them.
    pub fn new(egret: PathBuf) -> RunConfig {
        let secs = |var: &str, default: u64| {
            std::env::var(var)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        RunConfig {
            egret,
            compile_timeout: Duration::from_secs(secs("COMPILE_TIMEOUT", 120)),
            run_timeout: Duration::from_secs(secs("RUN_TIMEOUT", 60)),
            jobs: secs("EGRET_TS_JOBS", 2).max(1) as usize,
            keep: false,
        }
    }
}

/// One test's outcome on one backend.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub id: String,
    pub dir: String,
    pub backend: String,
    pub verdict: Verdict,
    /// The reference runner's detail: the first error line, the first differing line, or
    /// the times for `ok`.
    pub detail: String,
    /// True for a test without a reference file (it must print nothing).
    pub no_reference: bool,
}

impl Outcome {
    /// `ID: VERDICT DETAIL`, the reference runner's line.
    pub fn line(&self) -> String {
        format!("{}: {} {}", self.id, self.verdict, self.detail)
    }
}

mod sys {
    #[repr(C)]
    pub struct RLimit {
        pub cur: u64,
        pub max: u64,
    }
    pub const RLIMIT_FSIZE: i32 = 1;
    pub const RLIMIT_CORE: i32 = 4;
    pub const SIGKILL: i32 = 9;
    extern "C" {
        pub fn setrlimit(resource: i32, rlim: *const RLimit) -> i32;
        pub fn kill(pid: i32, sig: i32) -> i32;
    }
}

/// Runs `cmd` in its own process group with the limits, stdout and stderr into `out`.
/// `None` when it ran past `timeout` (the group is killed).
pub(crate) fn run_limited(
    mut cmd: Command,
    stdin: &Path,
    out: &Path,
    timeout: Duration,
) -> std::io::Result<Option<std::process::ExitStatus>> {
    let outf = File::create(out)?;
    cmd.stdin(File::open(stdin)?)
        .stdout(outf.try_clone()?)
        .stderr(outf)
        .process_group(0);
    // SAFETY: setrlimit is async-signal-safe and touches only the child's own limits.
    unsafe {
        cmd.pre_exec(|| {
            let fsize = sys::RLimit {
                cur: 256 << 20,
                max: 256 << 20,
            };
            let core = sys::RLimit { cur: 0, max: 0 };
            sys::setrlimit(sys::RLIMIT_FSIZE, &fsize);
            sys::setrlimit(sys::RLIMIT_CORE, &core);
            Ok(())
        });
    }
    let mut child = cmd.spawn()?;
    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(st) = child.try_wait()? {
            return Ok(Some(st));
        }
        if Instant::now() >= deadline {
            // SAFETY: kill(2) on the child's own process group.
            unsafe {
                sys::kill(-(child.id() as i32), sys::SIGKILL);
            }
            child.wait()?;
            return Ok(None);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    }
}

/// Builds and runs `test` with `backend` in the fresh directory `work`.
pub fn run_test(test: &Test, backend: &str, work: &Path, cfg: &RunConfig) -> Outcome {
    let outcome = |verdict, detail: String| Outcome {
        id: test.id.clone(),
        dir: test.dir.clone(),
        backend: backend.to_string(),
        verdict,
        detail,
        no_reference: test.spec.no_reference,
    };
    match run_steps(test, backend, work, cfg) {
        Ok((v, d)) => outcome(v, d),
        // The harness itself failed (no space, a missing file): a compile failure of a kind
        // nobody will take for egret's.
        Err(e) => outcome(Verdict::CompileFail, format!("harness error: {e}")),
    }
}

fn run_steps(
    test: &Test,
    backend: &str,
    work: &Path,
    cfg: &RunConfig,
) -> std::io::Result<(Verdict, String)> {
    std::fs::create_dir_all(work)?;
    let name = test.path.file_name().unwrap_or_default();
    std::fs::copy(&test.path, work.join(name))?;
    // A multi-module test's other files, built first, in order (as ocamltest does).
    let source_dir = test.path.parent().unwrap_or(Path::new("."));
    for m in &test.spec.modules {
        std::fs::copy(source_dir.join(m), work.join(m))?;
    }
    let prog = work.join("prog.exe");
    let log = work.join("compile.log");
    let mut cmd = Command::new(&cfg.egret);
    cmd.arg("build")
        .args(&test.spec.modules)
        .arg(name)
        .arg("-o")
        .arg(&prog)
        .arg(format!("--backend={backend}"))
        .args(&test.spec.flags)
        // Every IR verifier runs between the stages: a program egret accepts must verify.
        .arg("--verify")
        .current_dir(work);
    let t0 = Instant::now();
    let st = run_limited(cmd, Path::new("/dev/null"), &log, cfg.compile_timeout)?;
    let ct = t0.elapsed().as_secs_f64();
    let Some(st) = st else {
        return Ok((
            Verdict::Timeout,
            format!("compile (>{}s)", cfg.compile_timeout.as_secs()),
        ));
    };
    if !st.success() || !prog.exists() {
        let text = String::from_utf8_lossy(&std::fs::read(&log)?).into_owned();
        // egret's exit status 101 is an internal compiler error (a verifier failing on what
        // the typer accepted, a panic): unsound, never a mere compile failure.
        if st.code() == Some(101) {
            return Ok((
                Verdict::Crash,
                format!("internal compiler error: {}", first_error(&text)),
            ));
        }
        return Ok((Verdict::CompileFail, first_error(&text)));
    }
    let output = work.join("prog.output");
    // ocamltest's hook: a file `NAME.run` next to the test replaces the run action; it runs
    // under `sh` with the test's variables in its environment (`program`, `output`,
    // `test_source_directory`, ...) and writes the program's output to `${output}` itself
    // (backtrace/inline_test.run filters the trace through filter-locations.sh).
    let hook = source_dir.join(format!(
        "{}.run",
        Path::new(name)
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
    ));
    let (cmd, captured) = if hook.is_file() {
        let mut cmd = Command::new("sh");
        cmd.arg(std::path::absolute(&hook)?)
            .env("program", &prog)
            .env("output", &output)
            .env("test_source_directory", std::path::absolute(source_dir)?)
            .env("test_build_directory", work)
            .current_dir(work);
        (cmd, work.join("hook.log"))
    } else {
        let mut cmd = Command::new(&prog);
        cmd.args(&test.spec.arguments).current_dir(work);
        (cmd, output.clone())
    };
    let mut cmd = cmd;
    if let Some(p) = &test.spec.ocamlrunparam {
        cmd.env("OCAMLRUNPARAM", p);
    }
    let stdin = test
        .spec
        .stdin
        .clone()
        .unwrap_or_else(|| PathBuf::from("/dev/null"));
    let t1 = Instant::now();
    let st = run_limited(cmd, &stdin, &captured, cfg.run_timeout)?;
    let rt = t1.elapsed().as_secs_f64();
    let want_rc = test.spec.exit_status;
    let got = normalise(&std::fs::read(&output).unwrap_or_default());
    let want = normalise(&std::fs::read(&test.spec.reference)?);
    let Some(st) = st else {
        return Ok((
            Verdict::Timeout,
            format!("run (>{}s)", cfg.run_timeout.as_secs()),
        ));
    };
    let (rc_matches, what) = match (st.code(), st.signal()) {
        (Some(c), _) => (c == want_rc, format!("exit {c}")),
        (None, Some(s)) => (false, format!("signal {}", signal_name(s))),
        (None, None) => (false, "unknown status".to_string()),
    };
    Ok(if !rc_matches {
        let diff = if got != want {
            first_diff(&want, &got)
        } else {
            "output as expected".into()
        };
        (Verdict::Crash, format!("{what} (want {want_rc}): {diff}"))
    } else if got != want {
        (Verdict::Wrong, first_diff(&want, &got))
    } else {
        (Verdict::Ok, format!("{ct:.1}s+{rt:.2}s"))
    })
}

/// A scratch directory for one run (`$TMPDIR/egret-ocaml-ts.PID.N`).
pub fn scratch_dir() -> std::io::Result<PathBuf> {
    static N: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let d = std::env::temp_dir().join(format!(
        "egret-ocaml-ts.{}.{}{nanos}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&d)?;
    Ok(d)
}

/// Runs every test on every backend (each built once per backend) on `cfg.jobs` workers.
/// `progress` sees each outcome as it comes; the result is in job order (backend-major).
pub fn run_all(
    tests: &[Test],
    backends: &[String],
    cfg: &RunConfig,
    progress: &(dyn Fn(&Outcome) + Sync),
) -> std::io::Result<(Vec<Outcome>, PathBuf)> {
    let work = scratch_dir()?;
    let jobs: Vec<(&Test, &String)> = backends
        .iter()
        .flat_map(|b| tests.iter().map(move |t| (t, b)))
        .collect();
    let outcomes = pool(&jobs, cfg.jobs, &|&(test, backend)| {
        let dir = work.join(format!(
            "{backend}__{}",
            test.id.trim_end_matches(".ml").replace('/', "__")
        ));
        let o = run_test(test, backend, &dir, cfg);
        if o.verdict == Verdict::Ok && !cfg.keep {
            let _ = std::fs::remove_dir_all(&dir);
        }
        progress(&o);
        o
    });
    Ok((outcomes, work))
}

/// Runs `f` on every job on `workers` threads; the results in job order.
pub fn pool<J: Sync, R: Send>(jobs: &[J], workers: usize, f: &(dyn Fn(&J) -> R + Sync)) -> Vec<R> {
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..workers.clamp(1, jobs.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else {
                    break;
                };
                let r = f(job);
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every job ran"))
        .collect()
}
