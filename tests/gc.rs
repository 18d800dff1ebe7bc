//! The garbage collector, end to end (see `runtime/egret_gc.c`):
//!
//! - GC stress mode (`EGRET_GC_STRESS=1`: a collection at every allocation) runs every example
//!   on both backends with the expected output (examples allocating more than
//!   `FULL_STRESS_WORDS` collect every N-th allocation instead, a number of times bounded by
//!   `stress_collections`, so that the suite stays within CI's time);
//! - a program allocating over 2 GB with under 20 MB live stays under 100 MB of peak RSS
//!   (measured by `/usr/bin/time -f %M`, Debian package `time`); one allocating 3.2 GB of
//!   bigarrays (data outside the heap, `runtime/egret_bigarray.c`) under 300 MB;
//! - deep structures (a 1,000,000-element list, a 100,000-deep recursion) survive collections;
//! - finding the roots' blocks parses a small part of the allocation (`float_closures`);
//! - exceptions carrying heap values, in stress mode;
//! - an allocation that cannot be satisfied raises `Out_of_memory` (under `ulimit -v`), which a
//!   program can catch; uncaught it ends with OCaml's message and exit code 2, promptly;
//! - sizes over `Sys.max_array_length` / `Sys.max_string_length` raise `Invalid_argument` with
//!   OCaml's text.
//!
//! The programs are in `tests/gc/`, with expected outputs from ocamlopt (`tests/oracle.sh
//! tests/gc/NAME.ml`). Every program runs on both backends: a program a backend cannot build
//! is a failure, never a skip. `examples/gc_empty_blocks.ml` is the regression test of blocks
//! of no fields (empty arrays), which the runtime never puts in the heap (static atoms).

mod common;

use common::{backend_enabled, check_example, examples, root, Backend};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BACKENDS: [Backend; 2] = [Backend::Native, Backend::Cranelift];

fn program(name: &str) -> PathBuf {
    root().join("tests/gc").join(format!("{name}.ml"))
}

/// Builds `ml` with `backend` into a fresh path.
fn build(ml: &Path, backend: Backend, tag: &str) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("egret-gc-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(format!(
        "{}-{tag}-{backend:?}",
        ml.file_stem().unwrap().to_string_lossy()
    ));
    let out = common::egret_on("build", ml)
        .arg("-o")
        .arg(&exe)
        .arg(backend.flag())
        .arg("--verify")
        // An example's own build flags (`NAME.flags`, e.g. `-g`), as the example runners take.
        .args(common::example_flags(ml))
        .output()
        .expect("run egret");
    if out.status.success() {
        Ok(exe)
    } else {
        Err(format!(
            "egret build failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Stress mode collects at every allocation (`EGRET_GC_STRESS=1`) in examples allocating fewer
/// than this many words in a normal run (`EGRET_GC_STATS=1`)...
const FULL_STRESS_WORDS: u64 = 100_000;

/// ...and in heavier ones every N-th allocation (`EGRET_GC_STRESS=N`), for about this many
/// collections: a collection marks the live heap and scans the stack, so a program with a big
/// peak heap (`c_deep`: 270 MiB and a million frames) gets fewer, never under 20.
fn stress_collections(peak_heap_kib: u64) -> u64 {
    (2_000 * 4096 / peak_heap_kib.max(4096)).max(20)
}

fn stress_one(ml: &Path, backend: Backend) -> Result<String, String> {
    let name = ml.file_stem().unwrap().to_string_lossy().to_string();
    let exe = build(ml, backend, "stress")?;
    let args: Vec<String> = std::fs::read_to_string(ml.with_extension("args"))
        .unwrap_or_default()
        .split_whitespace()
        .map(String::from)
        .collect();
    let run = |env: &[(&str, &str)]| {
        let mut cmd = Command::new(&exe);
        cmd.args(&args);
        cmd.stdin(common::example_stdin(&ml.with_extension("stdin")));
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().expect("run the program")
    };
    let normal = run(&[("EGRET_GC_STATS", "1")]);
    let stats = String::from_utf8_lossy(&normal.stderr);
    let words = allocated_words(&stats);
    let interval = if words < FULL_STRESS_WORDS {
        1
    } else {
        // At about 3 words a block.
        (words / 3 / stress_collections(peak_heap_kib(&stats))).max(1)
    };
    let interval = interval.to_string();
    let out = run(&[("EGRET_GC_STRESS", &interval)]);
    let _ = std::fs::remove_file(&exe);
    // Bytes that are not UTF-8 (`"\200"` printed raw) read as the program's output is.
    let read = |ext: &str| {
        std::fs::read(ml.with_extension(ext))
            .ok()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
    };
    let want_out = read("out").unwrap_or_default();
    let want_err = read("err").unwrap_or_default();
    let want_code = read("code")
        .unwrap_or_else(|| "0".into())
        .trim()
        .to_string();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out
        .status
        .code()
        .map(|c| c.to_string())
        .unwrap_or_else(|| format!("{:?}", out.status));
    let mut problems = Vec::new();
    if stdout != want_out {
        problems.push(format!(
            "stdout differs:\n{}",
            common::diff(&want_out, &stdout)
        ));
    }
    if stderr != want_err {
        problems.push(format!(
            "stderr differs:\n{}",
            common::diff(&want_err, &stderr)
        ));
    }
    if code != want_code {
        problems.push(format!("exit code {code}, expected {want_code}"));
    }
    if problems.is_empty() {
        Ok(format!(
            "{name} [{backend:?}]: EGRET_GC_STRESS={interval} ({words} words allocated)"
        ))
    } else {
        Err(format!(
            "{name} [{backend:?}] EGRET_GC_STRESS={interval}: {}",
            problems.join("\n")
        ))
    }
}

/// The examples `tests/gc/known-failures.txt` lists as failing in stress mode on `backend`.
fn known_failures(backend: Backend) -> Vec<String> {
    let text = std::fs::read_to_string(common::root().join("tests/gc/known-failures.txt"))
        .expect("tests/gc/known-failures.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .filter(|(_, b)| *b == format!("{backend:?}"))
        .map(|(name, _)| name.to_string())
        .collect()
}

fn run_examples_in_stress_mode(backend: Backend) {
    if !backend_enabled(backend) {
        return;
    }
    let mut failures = Vec::new();
    let mut ran = 0;
    let known = known_failures(backend);
    // The two backends' tests run side by side, each one example at a time.
    for ml in examples() {
        ran += 1;
        let name = ml.file_stem().unwrap().to_string_lossy().to_string();
        match (stress_one(&ml, backend), known.contains(&name)) {
            (Ok(note), false) => println!("{note}"),
            (Err(m), false) => failures.push(m),
            (Err(_), true) => println!("{name} [{backend:?}]: fails, as tests/gc/known-failures.txt says"),
            (Ok(_), true) => failures.push(format!(
                "{name} [{backend:?}] passes in stress mode: remove it from tests/gc/known-failures.txt"
            )),
        }
    }
    for name in &known {
        assert!(
            common::root().join(format!("examples/{name}.ml")).is_file(),
            "tests/gc/known-failures.txt names {name}, which is not an example"
        );
    }
    println!("GC stress mode, {backend:?}: {ran} examples");
    assert!(ran > 0, "GC stress mode ran no example");
    assert!(
        failures.is_empty(),
        "GC stress mode, {backend:?}:\n\n{}",
        failures.join("\n\n")
    );
}

#[test]
fn examples_in_gc_stress_mode_native() {
    run_examples_in_stress_mode(Backend::Native);
}

#[test]
fn examples_in_gc_stress_mode_cranelift() {
    run_examples_in_stress_mode(Backend::Cranelift);
}

/// Checks the `tests/gc` programs `names` on both backends with `env`.
fn check_programs(names: &[&str], env: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for backend in BACKENDS {
        if !backend_enabled(backend) {
            continue;
        }
        for name in names {
            if let Err(m) = check_example(&program(name), backend, &[], env) {
                failures.push(m);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn deep_structures_survive_collections() {
    check_programs(&["deep_list"], &[]);
}

#[test]
fn benchmark_programs_are_right() {
    check_programs(&["binary_trees", "list_alloc"], &[]);
}

#[test]
fn exceptions_across_collections() {
    check_programs(&["exceptions"], &[("EGRET_GC_STRESS", "1")]);
    check_programs(&["exceptions"], &[]);
}

/// Runs `exe` under `/usr/bin/time -f %M` with `EGRET_GC_STATS=1`: (stdout, stderr, peak RSS in
/// KiB).
fn run_measured(exe: &Path) -> (String, String, u64) {
    let time = Path::new("/usr/bin/time");
    assert!(
        time.exists(),
        "/usr/bin/time is missing: install the Debian package `time` (.ci/run does)"
    );
    let report = exe.with_extension("rss");
    let out = Command::new(time)
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&report)
        .arg(exe)
        .env("EGRET_GC_STATS", "1")
        .output()
        .expect("run /usr/bin/time");
    assert!(
        out.status.success(),
        "{} failed: {:?}\n{}",
        exe.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let rss = std::fs::read_to_string(&report).unwrap();
    let rss: u64 = rss
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .next_back()
        .unwrap_or_else(|| panic!("no RSS in /usr/bin/time's report: {rss:?}"));
    let _ = std::fs::remove_file(&report);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        rss,
    )
}

/// The `EGRET_GC_STATS` line: `egret gc: M MiB allocated (W words), ...`.
fn stats_line(stats: &str) -> &str {
    stats
        .lines()
        .find(|l| l.starts_with("egret gc: "))
        .unwrap_or_else(|| panic!("no GC statistics in {stats:?}"))
}

/// The MiB allocated, from the `EGRET_GC_STATS` line.
fn allocated_mib(stats: &str) -> u64 {
    stats_line(stats)["egret gc: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// The peak heap size in KiB, from the `EGRET_GC_STATS` line: `heap H KiB (peak P KiB)`.
fn peak_heap_kib(stats: &str) -> u64 {
    let line = stats_line(stats);
    let start = line.find("(peak ").expect("peak heap in GC statistics") + "(peak ".len();
    line[start..].split(' ').next().unwrap().parse().unwrap()
}

/// The words allocated, from the `EGRET_GC_STATS` line.
fn allocated_words(stats: &str) -> u64 {
    let line = stats_line(stats);
    let start = line.find('(').unwrap() + 1;
    line[start..].split(' ').next().unwrap().parse().unwrap()
}

/// Builds program `name` with each enabled backend, runs it with `run_measured` and checks its
/// output against ocamlopt's; then `check(backend, stderr, peak RSS in KiB)`.
fn run_measured_on_each_backend(name: &str, check: impl Fn(Backend, &str, u64)) {
    let ml = program(name);
    let want = std::fs::read_to_string(ml.with_extension("out")).unwrap();
    for backend in BACKENDS {
        if !backend_enabled(backend) {
            continue;
        }
        let exe = build(&ml, backend, "measured").unwrap();
        let (stdout, stderr, rss_kib) = run_measured(&exe);
        let _ = std::fs::remove_file(&exe);
        assert_eq!(stdout, want, "{backend:?}: wrong output");
        check(backend, &stderr, rss_kib);
    }
}

#[test]
fn two_gigabytes_allocated_in_under_100_mb() {
    run_measured_on_each_backend("alloc_2gb", |backend, stderr, rss_kib| {
        let mib = allocated_mib(stderr);
        println!("{backend:?}: {mib} MiB allocated, peak RSS {rss_kib} KiB");
        assert!(mib >= 2048, "{backend:?}: only {mib} MiB allocated");
        assert!(
            rss_kib < 100 * 1024,
            "{backend:?}: peak RSS {rss_kib} KiB, over 100 MB"
        );
    });
}

/// The words of fresh regions a program's collections parsed to find the blocks its roots
/// point into, from the `EGRET_GC_STATS` line: `..., P words parsed for roots`.
fn parsed_words(stats: &str) -> u64 {
    let line = stats_line(stats);
    let end = line
        .find(" words parsed for roots")
        .expect("parsed words in GC statistics");
    line[..end].rsplit(' ').next().unwrap().parse().unwrap()
}

/// Finding the blocks the roots point into costs the roots, not the allocation: bump allocation
/// goes in chunks, and a collection parses only the chunks roots point into. A program
/// allocating about 40 million words (floats boxed by closures called indirectly) with nothing
/// live parses under 1 % of them (before chunks it parsed nearly all).
#[test]
fn roots_blocks_are_found_without_parsing_the_allocation() {
    run_measured_on_each_backend("float_closures", |backend, stderr, _| {
        let (allocated, parsed) = (allocated_words(stderr), parsed_words(stderr));
        println!("{backend:?}: {allocated} words allocated, {parsed} parsed for roots");
        assert!(
            allocated >= 20_000_000,
            "{backend:?}: only {allocated} words allocated"
        );
        assert!(
            parsed * 100 < allocated,
            "{backend:?}: {parsed} words parsed for roots of {allocated} allocated"
        );
    });
}

#[test]
fn dead_bigarrays_data_is_freed() {
    run_measured_on_each_backend("bigarray_churn", |backend, _, rss_kib| {
        println!("{backend:?}: 3.2 GB of bigarrays, peak RSS {rss_kib} KiB");
        assert!(
            rss_kib < 300 * 1024,
            "{backend:?}: peak RSS {rss_kib} KiB, over 300 MB: dead bigarrays' data is not freed"
        );
    });
}

#[test]
fn out_of_memory_is_reported() {
    for backend in BACKENDS {
        if !backend_enabled(backend) {
            continue;
        }
        let exe = build(&program("oom"), backend, "oom").unwrap();
        // 1.6 GB of address space: the program stack takes a quarter, the heap reservation
        // at most half, which the program fills in well under a second.
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 1600000 && exec \"$0\"")
            .arg(&exe)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > Duration::from_secs(120) {
                let _ = child.kill();
                panic!("{backend:?}: the out-of-memory program hangs");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let out = child.wait_with_output().unwrap();
        let _ = std::fs::remove_file(&exe);
        let stderr = String::from_utf8_lossy(&out.stderr);
        // ocamlopt aborts ("Fatal error: out of memory", from its minor collection) on this
        // program; egret has no minor heap, and its allocation raises the exception as OCaml's
        // major-heap allocation does.
        assert_eq!(
            stderr, "Fatal error: exception Out_of_memory\n",
            "{backend:?}"
        );
        assert_eq!(status.code(), Some(2), "{backend:?}");
    }
}

/// Checked against ocamlopt under the same limit: arrays and bytes too big for the address
/// space left raise `Out_of_memory`, the program catches it and goes on.
#[test]
fn out_of_memory_can_be_caught() {
    let runner = ["sh", "-c", "ulimit -v 1600000 && exec \"$0\" \"$@\""];
    let mut failures = Vec::new();
    for backend in BACKENDS {
        if !backend_enabled(backend) {
            continue;
        }
        let label = format!("{backend:?}-ulimit");
        if let Err(m) = common::check_example_with(
            &program("oom_caught"),
            &label,
            &[backend.flag()],
            &runner,
            &[],
        ) {
            failures.push(m);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn sizes_over_the_limits_raise_invalid_argument() {
    check_programs(&["sizes"], &[]);
}
