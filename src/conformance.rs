//! `egret test-backend BACKEND`: the conformance suite any backend runs — every end-to-end
//! example (`examples/NAME.ml`) built with the backend by this `egret` (as `egret build
//! --verify --backend=BACKEND`, so every IR verifier and the backend's own checkers run), run,
//! and compared with what ocamlopt's build of it did: stdout with `NAME.out`, stderr with
//! `NAME.err` (default empty), the exit code with `NAME.code` (default 0); `NAME.args` are its
//! arguments and `NAME.stdin` its standard input.
//!
//! Invariants: a program passes only if its build succeeds and all three agree; a program
//! running longer than the time limit is killed and fails; the report has one line per
//! program, in name order, whatever the number of workers.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What to run.
pub struct Suite {
    /// `--backend=` as given: a built-in backend's name or a library's path.
    pub backend: String,
    /// The examples folder.
    pub dir: PathBuf,
    /// Only the examples whose name contains this.
    pub filter: Option<String>,
    /// More `egret build` flags (`-O0`, `-C backend-arg=K=V`, ...).
    pub build_flags: Vec<String>,
    /// Worker threads.
    pub jobs: usize,
    /// Per program run.
    pub timeout: Duration,
}

/// One program's outcome: `Ok` or why it failed.
pub type Outcome = Result<(), String>;

/// The examples of `dir` selected by `filter`, sorted by name.
pub fn examples(dir: &Path, filter: Option<&str>) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut list: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .filter(|p| {
            let name = p.file_stem().unwrap_or_default().to_string_lossy();
            filter.is_none_or(|f| name.contains(f))
        })
        .collect();
    list.sort();
    Ok(list)
}

/// Runs the suite, printing a line per program (`PASS name`, `FAIL name: why`) to `out` as
/// they finish in order, then a summary; returns the number of failures.
pub fn run(suite: &Suite, list: &[PathBuf], out: &mut (dyn std::io::Write + Send)) -> usize {
    let egret = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("egret"));
    let scratch = std::env::temp_dir().join(format!("egret-test-backend-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&scratch) {
        let _ = writeln!(out, "error: cannot create {}: {e}", scratch.display());
        return list.len().max(1);
    }
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; list.len()]);
    let printed = Mutex::new((0usize, &mut *out));
    std::thread::scope(|scope| {
        for _ in 0..suite.jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(ml) = list.get(i) else { break };
                let outcome = check(suite, &egret, &scratch, ml);
                results.lock().unwrap()[i] = Some(outcome);
                // Print every finished result that is next in order.
                let mut printed = printed.lock().unwrap();
                let results = results.lock().unwrap();
                while let Some(Some(outcome)) = results.get(printed.0) {
                    let name = list[printed.0].file_stem().unwrap_or_default();
                    let line = match outcome {
                        Ok(()) => format!("PASS {}", name.to_string_lossy()),
                        Err(why) => format!("FAIL {}: {why}", name.to_string_lossy()),
                    };
                    let _ = writeln!(printed.1, "{line}");
                    printed.0 += 1;
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let failed = results
        .into_inner()
        .unwrap()
        .iter()
        .filter(|r| !matches!(r, Some(Ok(()))))
        .count();
    let _ = writeln!(
        out,
        "backend {}: {} of {} programs passed, {failed} failed ({:.1}s)",
        suite.backend,
        list.len() - failed,
        list.len(),
        started.elapsed().as_secs_f64()
    );
    failed
}

/// Builds, runs and compares one example.
fn check(suite: &Suite, egret: &Path, scratch: &Path, ml: &Path) -> Outcome {
    let name = ml
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let exe = scratch.join(&name);
    let build = Command::new(egret)
        .arg("build")
        .arg(ml)
        .arg("-o")
        .arg(&exe)
        .arg("--verify")
        .arg(format!("--backend={}", suite.backend))
        .args(&suite.build_flags)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run egret: {e}"))?;
    if !build.status.success() {
        return Err(format!(
            "egret build failed ({}):\n{}",
            build.status,
            indent(&String::from_utf8_lossy(&build.stderr))
        ));
    }
    let with = |ext: &str| ml.with_extension(ext);
    let read = |ext: &str| std::fs::read(with(ext)).ok();
    let args = read("args")
        .map(|a| {
            String::from_utf8_lossy(&a)
                .split_whitespace()
                .map(String::from)
                .collect()
        })
        .unwrap_or_else(Vec::new);
    let ran = run_with_timeout(&exe, &args, &with("stdin"), scratch, &name, suite.timeout);
    let _ = std::fs::remove_file(&exe);
    let (stdout, stderr, code) = ran?;
    let want_out = read("out").unwrap_or_default();
    let want_err = read("err").unwrap_or_default();
    let want_code = read("code")
        .map(|c| String::from_utf8_lossy(&c).trim().to_string())
        .unwrap_or_else(|| "0".into());
    let mut problems = Vec::new();
    if stdout != want_out {
        problems.push(format!("stdout {}", first_difference(&want_out, &stdout)));
    }
    if stderr != want_err {
        problems.push(format!("stderr {}", first_difference(&want_err, &stderr)));
    }
    if code != want_code {
        problems.push(format!("exit code {code}, expected {want_code}"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// Runs `exe` with its output in files (no pipe to fill), killing it after `timeout`: its
/// stdout, stderr and exit code (`signal N` when killed by one).
fn run_with_timeout(
    exe: &Path,
    args: &[String],
    stdin: &Path,
    scratch: &Path,
    name: &str,
    timeout: Duration,
) -> Result<(Vec<u8>, Vec<u8>, String), String> {
    use std::os::unix::process::ExitStatusExt;
    let out_path = scratch.join(format!("{name}.stdout"));
    let err_path = scratch.join(format!("{name}.stderr"));
    let file = |p: &Path| std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()));
    let stdin = match std::fs::File::open(stdin) {
        Ok(f) => Stdio::from(f),
        Err(_) => Stdio::null(),
    };
    let mut child = Command::new(exe)
        .args(args)
        .stdin(stdin)
        .stdout(file(&out_path)?)
        .stderr(file(&err_path)?)
        .spawn()
        .map_err(|e| format!("cannot run the program: {e}"))?;
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "still running after {}s: killed",
                    timeout.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait for the program: {e}")),
        }
    };
    let stdout = std::fs::read(&out_path).unwrap_or_default();
    let stderr = std::fs::read(&err_path).unwrap_or_default();
    let _ = std::fs::remove_file(&out_path);
    let _ = std::fs::remove_file(&err_path);
    let code = match (status.code(), status.signal()) {
        (Some(c), _) => c.to_string(),
        (None, Some(s)) => format!("signal {s}"),
        _ => format!("{status}"),
    };
    Ok((stdout, stderr, code))
}

/// Where `actual` first departs from `expected`, by line.
fn first_difference(expected: &[u8], actual: &[u8]) -> String {
    let expected = String::from_utf8_lossy(expected);
    let actual = String::from_utf8_lossy(actual);
    let (mut e, mut a) = (expected.split_inclusive('\n'), actual.split_inclusive('\n'));
    let mut line = 1;
    loop {
        match (e.next(), a.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (x, y) => {
                let show = |l: Option<&str>| match l {
                    Some(l) => format!("{:?}", l),
                    None => "the end".to_string(),
                };
                return format!(
                    "differs at line {line}: expected {}, got {}",
                    show(x),
                    show(y)
                );
            }
        }
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::first_difference;

    #[test]
    fn differences_are_located() {
        assert_eq!(
            first_difference(b"a\nb\n", b"a\nc\n"),
            "differs at line 2: expected \"b\\n\", got \"c\\n\""
        );
        assert_eq!(
            first_difference(b"a\n", b"a\nb\n"),
            "differs at line 2: expected the end, got \"b\\n\""
        );
    }
}
