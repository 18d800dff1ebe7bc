//! Shared helpers for the end-to-end tests: build with the `egret` binary, run, compare.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Native,
    Cranelift,
}

impl Backend {
    pub fn flag(self) -> &'static str {
        match self {
            Backend::Native => "--backend=native",
            Backend::Cranelift => "--backend=cranelift",
        }
    }
}

/// Whether `EGRET_TEST_BACKENDS` (default: all) selects backend `b`. Under `CI=true` a backend
/// left out is a test passing by skipping: a failure.
pub fn backend_enabled(b: Backend) -> bool {
    let enabled = match std::env::var("EGRET_TEST_BACKENDS") {
        Ok(list) => list
            .split(',')
            .any(|x| x.trim() == format!("{b:?}").to_lowercase()),
        Err(_) => true,
    };
    if !enabled {
        skip(&format!("{b:?}"), "left out by EGRET_TEST_BACKENDS");
    }
    enabled
}

pub fn egret() -> &'static str {
    env!("CARGO_BIN_EXE_egret")
}

/// `egret SUBCOMMAND FILE` run as ocamlopt is by `tests/oracle.sh` and ocamltest: from the
/// file's directory, the file named by its base name, so that the name run-time messages give
/// it (`Assert_failure`, `__FILE__`, backtraces: the path as given) is ocamlopt's. Other paths
/// the caller gives must be absolute.
pub fn egret_on(subcommand: &str, ml: &Path) -> Command {
    let ml = std::path::absolute(ml).expect("absolute path");
    let mut cmd = Command::new(egret());
    cmd.arg(subcommand)
        .arg(ml.file_name().expect("a file name"))
        .current_dir(ml.parent().expect("a directory"));
    cmd
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The examples (`examples/*.ml`), filtered by `EGRET_TEST_FILTER`.
pub fn examples() -> Vec<PathBuf> {
    let filter = std::env::var("EGRET_TEST_FILTER").unwrap_or_default();
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("examples"))
        .expect("examples/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .filter(|p| p.to_string_lossy().contains(&filter))
        .collect();
    v.sort();
    v
}

/// An example's own `egret build` flags: the words of `NAME.flags` (none without the file).
pub fn example_flags(ml: &Path) -> Vec<String> {
    read_or(&ml.with_extension("flags"), "")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Whether example `ml` prints what only an executable records: it is built with `-g`, or its
/// expected output (ocamlopt's) shows a backtrace's frames, which code compiled without `-g`
/// records too. The JIT and the interpreters record none.
pub fn prints_backtrace(ml: &Path) -> bool {
    let frame = |l: &str| {
        [
            "Raised at ",
            "Re-raised at ",
            "Raised by primitive operation at ",
            "Called from ",
        ]
        .iter()
        .any(|p| l.starts_with(p))
    };
    example_flags(ml).iter().any(|f| f == "-g")
        || ["out", "err"]
            .iter()
            .any(|e| read_or(&ml.with_extension(e), "").lines().any(frame))
}

/// The file's text (bytes that are not UTF-8 read as the program's output is, lossily), or
/// `default` when it does not exist.
fn read_or(path: &Path, default: &str) -> String {
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => default.to_string(),
    }
}

/// A unified diff of expected vs actual, for failure messages.
pub fn diff(expected: &str, actual: &str) -> String {
    similar::TextDiff::from_lines(expected, actual)
        .unified_diff()
        .context_radius(3)
        .header("expected (ocamlopt)", "actual (egret)")
        .to_string()
}

/// Builds `ml` with `backend` (and `extra` flags), runs it with `env`, compares with the
/// expected files. Returns a readable failure message.
pub fn check_example(
    ml: &Path,
    backend: Backend,
    extra: &[&str],
    env: &[(&str, &str)],
) -> Result<(), String> {
    let mut flags = vec![backend.flag()];
    flags.extend_from_slice(extra);
    let label = format!("{backend:?}{}", extra.join(""));
    check_example_with(ml, &label, &flags, &[], env)
}

/// Builds `ml` with the `egret build` flags `flags`, runs the executable (through `runner`, e.g.
/// `["qemu-aarch64", "-L", ...]`, when not empty) with `env`, and compares its stdout, stderr and
/// exit code with the expected files. `label` names the configuration in messages and keeps
/// the executables of concurrent configurations apart. Returns a readable failure message.
pub fn check_example_with(
    ml: &Path,
    label: &str,
    flags: &[&str],
    runner: &[&str],
    env: &[(&str, &str)],
) -> Result<(), String> {
    let name = ml.file_stem().unwrap().to_string_lossy().to_string();
    let safe: String = label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let dir = std::env::temp_dir().join(format!("egret-test-{}-{safe}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(&name);
    let build = egret_on("build", ml)
        .arg("-o")
        .arg(&exe)
        // Every IR verifier, and the backends' own checkers (regalloc2's checker and the
        // MachBuffer invariants for the native backend, Cranelift's verifier), which release
        // builds of egret only run with `--verify`.
        .arg("--verify")
        .args(flags)
        .args(example_flags(ml))
        .output()
        .expect("run egret");
    if !build.status.success() {
        return Err(format!(
            "{name} [{label}]: egret build failed ({}):\n{}",
            build.status,
            String::from_utf8_lossy(&build.stderr)
        ));
    }
    let with = |ext: &str| ml.with_extension(ext);
    let args: Vec<String> = read_or(&with("args"), "")
        .split_whitespace()
        .map(String::from)
        .collect();
    let mut cmd = match runner.split_first() {
        Some((program, runner_args)) => {
            let mut cmd = Command::new(program);
            cmd.args(runner_args).arg(&exe);
            cmd
        }
        None => Command::new(&exe),
    };
    cmd.args(&args);
    cmd.stdin(example_stdin(&with("stdin")));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let run = cmd.output().expect("run program");
    let _ = std::fs::remove_file(&exe);
    let stdout = String::from_utf8_lossy(&run.stdout).to_string();
    let stderr = String::from_utf8_lossy(&run.stderr).to_string();
    let code = run
        .status
        .code()
        .map(|c| c.to_string())
        .unwrap_or_else(|| format!("{:?}", run.status));
    let want_out = read_or(&with("out"), "");
    let want_err = read_or(&with("err"), "");
    let want_code = read_or(&with("code"), "0").trim().to_string();
    let mut problems = Vec::new();
    if stdout != want_out {
        problems.push(format!("stdout differs:\n{}", diff(&want_out, &stdout)));
    }
    if stderr != want_err {
        problems.push(format!("stderr differs:\n{}", diff(&want_err, &stderr)));
    }
    if code != want_code {
        problems.push(format!("exit code {code}, expected {want_code}"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{name} [{label}]: {}", problems.join("\n")))
    }
}

/// Runs `check` on every item with `threads` worker threads; returns the failure messages in
/// the items' order.
pub fn check_in_parallel<T: Sync>(
    items: &[T],
    threads: usize,
    check: impl Fn(&T) -> Result<(), String> + Sync,
) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: std::sync::Mutex<Vec<(usize, String)>> = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                if let Err(msg) = check(item) {
                    results.lock().unwrap().push((i, msg));
                }
            });
        }
    });
    let mut failures = results.into_inner().unwrap();
    failures.sort_by_key(|(i, _)| *i);
    failures.into_iter().map(|(_, m)| m).collect()
}

/// Whether `program` can be started (found on `PATH`).
pub fn have_tool(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok()
}

/// Whether this is a CI run (`CI=true`, as CI services and `.ci/run` set it): then no test may
/// pass by skipping.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// A test that cannot run here (a tool is missing) says so on stderr and returns; under
/// `CI=true` that is a failure instead.
pub fn skip(test: &str, why: &str) {
    if under_ci() {
        panic!("{test}: cannot run: {why}; under CI=true a test must not pass by skipping");
    }
    use std::io::Write;
    // Straight to stderr: the harness captures eprintln! output of passing tests.
    let _ = writeln!(std::io::stderr(), "{test}: skipped: {why}");
}

/// An example's standard input: its `NAME.stdin` file (tests/oracle.sh gives it to ocamlopt's
/// build too), else nothing.
pub fn example_stdin(stdin_file: &Path) -> std::process::Stdio {
    match std::fs::File::open(stdin_file) {
        Ok(f) => f.into(),
        Err(_) => std::process::Stdio::null(),
    }
}

/// The shared library cargo built for the workspace crate `krate` (a dependency of egret or of
/// these tests, so always built with them): `target/PROFILE/[deps/]libKRATE[-HASH].so`, the
/// newest.
pub fn backend_library(krate: &str) -> std::path::PathBuf {
    let profile_dir = std::path::Path::new(egret())
        .parent()
        .unwrap()
        .to_path_buf();
    let stem = format!("lib{}", krate.replace('-', "_"));
    let mut found: Vec<(std::time::SystemTime, std::path::PathBuf)> = Vec::new();
    for dir in [profile_dir.clone(), profile_dir.join("deps")] {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let ours = name == format!("{stem}.so")
                || (name.starts_with(&format!("{stem}-")) && name.ends_with(".so"));
            if ours {
                let modified = entry.metadata().and_then(|m| m.modified()).unwrap();
                found.push((modified, entry.path()));
            }
        }
    }
    found.sort();
    match found.pop() {
        Some((_, path)) => path,
        None => panic!(
            "no {stem}.so under {}: cargo builds it as a dependency of egret's tests",
            profile_dir.display()
        ),
    }
}
