//! The examples part of the conformance suite, and its GC stress variant: every example built
//! with the backend by this `egret` (as `egret build --verify --backend=BACKEND`, so every IR
//! verifier and the backend's own checkers run), run, and compared with what ocamlopt's build
//! of it did: stdout with `NAME.out`, stderr with `NAME.err` (default empty), the exit code
//! with `NAME.code` (default 0); `NAME.args` are its arguments, `NAME.stdin` its standard
//! input and `NAME.flags` compiler flags both builds take (`-g`).
//!
//! Under GC stress (`Part::GcStress`) the program runs twice: with `EGRET_GC_STATS=1`, to count
//! the words it allocates, then with `EGRET_GC_STRESS=N`, a collection at every allocation
//! (N = 1) in programs allocating fewer than [`FULL_STRESS_WORDS`], else every N-th one
//! ([`stress_interval`], as `tests/gc.rs`), so that heavy programs stay within
//! [`STRESS_SLOWDOWN`] times the time limit. Only the stressed run is compared.

use super::{Outcome, Suite};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Below this many words allocated, stress collects at every allocation.
pub const FULL_STRESS_WORDS: u64 = 100_000;

/// The `EGRET_GC_STRESS` interval for a program that allocated `words` words with a peak heap
/// of `peak_heap_kib` (as `tests/gc.rs`): every allocation for small programs, else about
/// 2,000 collections, fewer for a big heap (each marks the live heap), never under 20.
pub fn stress_interval(words: u64, peak_heap_kib: u64) -> u64 {
    if words < FULL_STRESS_WORDS {
        return 1;
    }
    let collections = (2_000 * 4096 / peak_heap_kib.max(4096)).max(20);
    // At about 3 words a block.
    (words / 3 / collections).max(1)
}

/// The words allocated and the peak heap (KiB), from the runtime's `EGRET_GC_STATS` report:
/// `egret gc: M MiB allocated (W words), C collections, heap H KiB (peak P KiB), ...`.
pub fn gc_stats(stderr: &[u8]) -> Option<(u64, u64)> {
    let text = String::from_utf8_lossy(stderr);
    let line = text.lines().find(|l| l.starts_with("egret gc:"))?;
    let number_after = |key: &str| -> Option<u64> {
        let start = line.find(key)? + key.len();
        line[start..].split(' ').next()?.parse().ok()
    };
    Some((number_after("(")?, number_after("(peak ")?))
}

/// The example's own compiler flags, `NAME.flags` (one line; `-g`), which ocamlopt's build had
/// too (`tests/oracle.sh`).
fn example_flags(ml: &Path) -> String {
    std::fs::read_to_string(ml.with_extension("flags")).unwrap_or_default()
}

/// How much longer than the time limit a run under GC stress may take.
pub const STRESS_SLOWDOWN: u32 = 4;

/// Builds, runs and compares one example; under `stress`, in GC stress mode.
pub fn check(suite: &Suite, egret: &Path, scratch: &Path, ml: &Path, stress: bool) -> Outcome {
    let name = ml
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let exe = scratch.join(&name);
    let build = super::egret_build(egret, ml)
        .arg("-o")
        .arg(&exe)
        .arg("--verify")
        .arg(format!("--backend={}", suite.backend))
        .args(&suite.build_flags)
        .args(example_flags(ml).split_whitespace())
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
    let run = |env: &[(&str, String)], timeout| {
        run_with_timeout(&exe, &args, &with("stdin"), scratch, &name, env, timeout)
    };
    let ran = if stress {
        run(&[("EGRET_GC_STATS", "1".to_string())], suite.timeout).and_then(|(_, stats, _)| {
            let (words, peak) =
                gc_stats(&stats).ok_or_else(|| "no EGRET_GC_STATS report on stderr".to_string())?;
            let interval = stress_interval(words, peak).to_string();
            run(
                &[("EGRET_GC_STRESS", interval)],
                suite.timeout * STRESS_SLOWDOWN,
            )
        })
    } else {
        run(&[], suite.timeout)
    };
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

/// Runs `exe` with `env` and its output in files (no pipe to fill), killing it after `timeout`:
/// its stdout, stderr and exit code (`signal N` when killed by one).
fn run_with_timeout(
    exe: &Path,
    args: &[String],
    stdin: &Path,
    scratch: &Path,
    name: &str,
    env: &[(&str, String)],
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
        .envs(env.iter().map(|(k, v)| (k, v)))
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

pub fn indent(text: &str) -> String {
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
