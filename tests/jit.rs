//! `egret run --jit`: programs compiled into egret's memory and run there (Cranelift,
//! `adapters/src/jit`) behave as their executables: every example's stdout, stderr and exit
//! code are ocamlopt's (the expectations `tests/examples.rs` and the conformance suite use),
//! with and without GC stress (`EGRET_GC_STRESS`, the interval chosen as `tests/gc.rs` does);
//! arguments reach `Sys.argv`, standard input is inherited; and nothing is written to the file
//! system.
//!
//! Each example's source is copied into a directory of the configuration's own before it runs:
//! `Sys.argv.(0)` is the source's path under `--jit` (as under `ocaml FILE.ml`), and examples
//! name their scratch files after it.

mod common;

use common::{check_in_parallel, diff, egret, example_stdin, examples};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Worker threads (CI has 2 cores).
const THREADS: usize = 2;

/// Stress mode collects at every allocation in examples allocating fewer words than this in a
/// normal run, and every N-th allocation in heavier ones (`stress_interval`, as `tests/gc.rs`).
const FULL_STRESS_WORDS: u64 = 100_000;

/// The `EGRET_GC_STRESS` interval: about 2,000 collections, fewer for a big peak heap.
fn stress_interval(words: u64, peak_heap_kib: u64) -> u64 {
    if words < FULL_STRESS_WORDS {
        return 1;
    }
    let collections = (2_000 * 4096 / peak_heap_kib.max(4096)).max(20);
    (words / 3 / collections).max(1)
}

fn read_or(path: &Path, default: &str) -> String {
    // Bytes that are not UTF-8 (`"\200"` printed raw) read as the program's output is.
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => default.to_string(),
    }
}

/// Runs `egret run --jit` on `ml` (copied into `dir`) with its arguments, standard input and
/// `env`.
fn run_jit(ml: &Path, dir: &Path, flags: &[&str], env: &[(&str, &str)]) -> Output {
    let copy = dir.join(ml.file_name().unwrap());
    std::fs::copy(ml, &copy).unwrap();
    let args: Vec<String> = read_or(&ml.with_extension("args"), "")
        .split_whitespace()
        .map(String::from)
        .collect();
    // From the copy's directory, by its file name: the name as given is the one run-time
    // messages print (`Match_failure("NAME.ml", ..)`), as under ocamlopt.
    let mut cmd = common::egret_on("run", &copy);
    // The example's own flags (`NAME.flags`: the `-g` ones are not run here, `unix.cmxa`).
    cmd.args(["--jit", "--verify"])
        .args(flags)
        .args(common::example_flags(ml))
        .arg("--")
        .args(&args)
        .stdin(example_stdin(&ml.with_extension("stdin")));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run egret");
    let _ = std::fs::remove_file(&copy);
    out
}

/// The program's part of `egret run`'s stderr: without the compiler's warnings before it (each
/// a `warning: ...` block ending with an empty line, codespan's rendering).
fn program_stderr(stderr: &str) -> &str {
    let mut rest = stderr;
    while rest.starts_with("warning: ") {
        match rest.find("\n\n") {
            Some(end) => rest = &rest[end + 2..],
            None => break,
        }
    }
    rest
}

/// `out` against `ml`'s expected files.
fn compare(ml: &Path, label: &str, out: &Output) -> Result<(), String> {
    let name = ml.file_stem().unwrap().to_string_lossy();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stderr = program_stderr(&stderr);
    let code = out
        .status
        .code()
        .map(|c| c.to_string())
        .unwrap_or_else(|| format!("{:?}", out.status));
    let want_out = read_or(&ml.with_extension("out"), "");
    let want_err = read_or(&ml.with_extension("err"), "");
    let want_code = read_or(&ml.with_extension("code"), "0").trim().to_string();
    let mut problems = Vec::new();
    if stdout != want_out {
        problems.push(format!("stdout differs:\n{}", diff(&want_out, &stdout)));
    }
    if stderr != want_err {
        problems.push(format!("stderr differs:\n{}", diff(&want_err, stderr)));
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

/// A scratch directory for configuration `label`.
fn scratch(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-jit-{}-{label}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The words allocated and the peak heap (KiB), from the `EGRET_GC_STATS` report on stderr.
fn gc_stats(stderr: &str) -> Option<(u64, u64)> {
    let line = stderr.lines().find(|l| l.starts_with("egret gc:"))?;
    let number_after = |key: &str| -> Option<u64> {
        let start = line.find(key)? + key.len();
        line[start..].split(' ').next()?.parse().ok()
    };
    Some((number_after("(")?, number_after("(peak ")?))
}

fn check_all(label: &str, check: impl Fn(&Path, &Path) -> Result<(), String> + Sync) {
    // `--jit` refuses `-g` and records no backtrace (documented): an example built with `-g`
    // or printing a backtrace is checked by the executable runners only.
    let (list, backtraces): (Vec<PathBuf>, Vec<PathBuf>) = examples()
        .into_iter()
        .partition(|ml| !common::prints_backtrace(ml));
    assert!(!list.is_empty(), "no examples");
    println!(
        "{} examples need -g or print backtraces, which --jit does not record",
        backtraces.len()
    );
    let dir = scratch(label);
    let failures = check_in_parallel(&list, THREADS, |ml| check(ml, &dir));
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{} examples with --jit ({label}): {} passed, {} failed",
        list.len(),
        list.len() - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} example(s) failed with --jit ({label}):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn examples_run_in_memory_as_their_executables() {
    check_all("default", |ml, dir| {
        compare(ml, "--jit", &run_jit(ml, dir, &[], &[]))
    });
}

#[test]
fn examples_run_in_memory_under_gc_stress() {
    check_all("stress", |ml, dir| {
        let normal = run_jit(ml, dir, &[], &[("EGRET_GC_STATS", "1")]);
        let (words, peak) =
            gc_stats(&String::from_utf8_lossy(&normal.stderr)).ok_or_else(|| {
                format!(
                    "{}: no EGRET_GC_STATS report:\n{}",
                    ml.display(),
                    String::from_utf8_lossy(&normal.stderr)
                )
            })?;
        let interval = stress_interval(words, peak).to_string();
        let out = run_jit(ml, dir, &[], &[("EGRET_GC_STRESS", &interval)]);
        compare(ml, &format!("--jit, EGRET_GC_STRESS={interval}"), &out)
    });
}

/// Every file and directory under `dir`, recursively, with sizes (to see a file written).
fn listing(dir: &Path) -> Vec<(PathBuf, u64)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            let meta = entry.metadata().unwrap();
            if meta.is_dir() {
                stack.push(path.clone());
            }
            found.push((path, meta.len()));
        }
    }
    found.sort();
    found
}

/// Runs `egret run` with `flags` on a program that waits for a line of input, in a directory
/// of its own (the source's folder, the working directory, `TMPDIR` and `HOME` under it);
/// returns the listing of that directory before, while the program runs, and after.
fn files_around_a_run(flags: &[&str]) -> [Vec<(PathBuf, u64)>; 3] {
    use std::io::{BufRead, Write};
    let dir = scratch(&format!("files{}", flags.len()));
    for sub in ["src", "cwd", "tmp", "home"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let ml = dir.join("src/wait.ml");
    std::fs::write(
        &ml,
        "let () = print_endline \"ready\"; flush stdout;\n\
         let l = read_line () in print_endline (\"got \" ^ l); exit 3\n",
    )
    .unwrap();
    let before = listing(&dir);
    let mut child = Command::new(egret())
        .arg("run")
        .args(flags)
        .arg(&ml)
        .current_dir(dir.join("cwd"))
        .env("TMPDIR", dir.join("tmp"))
        .env("HOME", dir.join("home"))
        .env_remove("XDG_CACHE_HOME")
        .env_remove("PERF_BUILDID_DIR")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "ready\n", "{flags:?}");
    let during = listing(&dir);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"input\n").unwrap();
    drop(stdin);
    line.clear();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(
        line, "got input\n",
        "{flags:?}: standard input reaches the program"
    );
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(3), "{flags:?}");
    let after = listing(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    [before, during, after]
}

/// `--jit` writes no file, not even a temporary one while the program runs; the check sees the
/// executable `egret run` without `--jit` writes (into `TMPDIR`, removed at the end).
#[test]
fn nothing_is_written() {
    let [before, during, after] = files_around_a_run(&["--jit"]);
    assert_eq!(before, during, "--jit wrote files before the program ran");
    assert_eq!(before, after, "--jit left files behind");
    let [before, during, after] = files_around_a_run(&[]);
    assert_ne!(
        before, during,
        "the check does not see an executable being written"
    );
    assert!(
        during.iter().any(|(p, _)| p.ends_with("wait")),
        "{during:?}"
    );
    assert_eq!(before, after);
}

/// `Sys.argv` is the source's path, then the arguments after `--`; the exit code is the
/// program's; `--time-passes` reports before the program starts.
#[test]
fn arguments_exit_code_and_time_passes() {
    let dir = scratch("argv");
    let ml = dir.join("argv.ml");
    std::fs::write(
        &ml,
        "let () = at_exit (fun () -> print_endline \"at exit\");\n\
         Array.iter print_endline Sys.argv; exit (Array.length Sys.argv)\n",
    )
    .unwrap();
    let out = Command::new(egret())
        .args(["run", "--jit", "--time-passes"])
        .arg(&ml)
        .args(["--", "a b", "-c", ""])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{}\na b\n-c\n\nat exit\n", ml.display())
    );
    assert_eq!(out.status.code(), Some(4));
    let stderr = String::from_utf8_lossy(&out.stderr);
    for pass in ["codegen+jit", "total", "until the program starts"] {
        assert!(stderr.contains(pass), "{stderr}");
    }
}

/// What `--jit` cannot do is refused before anything is compiled, with a reason.
#[test]
fn what_jit_cannot_do_is_refused() {
    let ml = root_example("hello");
    for (flags, why) in [
        (vec!["-g"], "-g with --jit is not supported"),
        (
            vec!["--target=aarch64-unknown-linux-gnu"],
            "the target must be the host's",
        ),
        (vec!["--backend=native"], "not supported yet"),
    ] {
        let out = Command::new(egret())
            .args(["run", "--jit"])
            .args(&flags)
            .arg(&ml)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flags:?}");
        assert!(out.stdout.is_empty(), "{flags:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(why),
            "{flags:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The example backend (Cranelift behind checks) and the backend library run in memory too.
#[test]
fn other_backends_run_in_memory() {
    let ml = root_example("c_argv");
    let want = read_or(&ml.with_extension("out"), "");
    let args = std::fs::read_to_string(ml.with_extension("args")).unwrap();
    let library = common::backend_library("egret-backend-example");
    for backend in ["example".to_string(), library.display().to_string()] {
        let out = Command::new(egret())
            .args(["run", "--jit", &format!("--backend={backend}")])
            .arg(&ml)
            .arg("--")
            .args(args.split_whitespace())
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{backend}");
    }
}

fn root_example(name: &str) -> PathBuf {
    common::root().join("examples").join(format!("{name}.ml"))
}
