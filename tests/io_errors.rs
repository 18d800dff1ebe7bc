//! Write errors on the standard channels, as ocamlopt's programs have them (`tests/io/*.ml`):
//!
//! - a write that fails when a buffer fills (OCaml's is 65,536 bytes) or at an explicit flush
//!   (`flush`, `print_endline`, `prerr_endline`) raises `Sys_error` with strerror's text, which
//!   the program may catch; uncaught, `Fatal error: exception Sys_error("No space left on
//!   device")` and exit 2;
//! - the flush at exit ignores errors (OCaml's `flush_std_buffers`);
//! - a closed pipe is death by SIGPIPE, unless SIGPIPE is ignored (inherited from the parent),
//!   then `Sys_error("Broken pipe")`.
//!
//! Each program runs with stdout on `/dev/full`, stderr on `/dev/full`, and stdout into a pipe
//! whose reader closes it after the first line (`prog | head -1`), with SIGPIPE at its default
//! and ignored. [`EXPECTED`] was recorded from ocamlopt 4.13.1's builds; when `ocamlopt` is
//! installed the test checks those builds against it too (under `CI=true` it must be).

mod common;

use common::{egret, root, Backend};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};

#[derive(Clone, Copy, Debug)]
enum Scenario {
    StdoutFull,
    StderrFull,
    Head,
    HeadSigpipeIgnored,
}

const SCENARIOS: [Scenario; 4] = [
    Scenario::StdoutFull,
    Scenario::StderrFull,
    Scenario::Head,
    Scenario::HeadSigpipeIgnored,
];

/// Stdout of `many.ml`: 1..100000, one a line.
const MANY: &str = "<the numbers 1 to 100000, one a line>";

/// An ending that depends on timing: not compared.
const RACY: &str = "racy";

/// (program, scenario, what the stream that is not redirected shows, how it ends). For the
/// `Head` scenarios the stream shown is stderr (stdout is the pipe, and its first line is
/// checked to be the program's first line); "exit N" or "signal N".
const EXPECTED: &[(&str, Scenario, &str, &str)] = &[
    (
        "many",
        Scenario::StdoutFull,
        "Fatal error: exception Sys_error(\"No space left on device\")\n",
        "exit 2",
    ),
    ("many", Scenario::StderrFull, MANY, "exit 0"),
    ("many", Scenario::Head, "", "signal 13"),
    (
        "many",
        Scenario::HeadSigpipeIgnored,
        "Fatal error: exception Sys_error(\"Broken pipe\")\n",
        "exit 2",
    ),
    ("small", Scenario::StdoutFull, "to stderr\n", "exit 0"),
    ("small", Scenario::StderrFull, "hello\n", "exit 0"),
    ("small", Scenario::Head, "to stderr\n", "exit 0"),
    (
        "small",
        Scenario::HeadSigpipeIgnored,
        "to stderr\n",
        "exit 0",
    ),
    (
        "endline",
        Scenario::StdoutFull,
        "Fatal error: exception Sys_error(\"No space left on device\")\n",
        "exit 2",
    ),
    ("endline", Scenario::StderrFull, "hello\n", "exit 2"),
    ("endline", Scenario::Head, "after\n", "exit 0"),
    ("endline", Scenario::HeadSigpipeIgnored, "after\n", "exit 0"),
    (
        "caught",
        Scenario::StdoutFull,
        "caught: No space left on device\ncaught 2: No space left on device\n",
        "exit 3",
    ),
    (
        "caught",
        Scenario::StderrFull,
        "hello\nagain\nx\n",
        "exit 3",
    ),
    // Racy: whether the second write meets the closed pipe depends on when the reader closes.
    ("caught", Scenario::Head, "", RACY),
    ("caught", Scenario::HeadSigpipeIgnored, "", RACY),
    (
        "errfull",
        Scenario::StdoutFull,
        "err\nFatal error: exception Sys_error(\"No space left on device\")\n",
        "exit 2",
    ),
    ("errfull", Scenario::StderrFull, "out\n", "exit 2"),
    ("errfull", Scenario::Head, "err\n", "exit 0"),
    ("errfull", Scenario::HeadSigpipeIgnored, "err\n", "exit 0"),
];

fn ending(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) => format!("exit {c}"),
        (None, Some(s)) => format!("signal {s}"),
        _ => format!("{status:?}"),
    }
}

fn dev_full() -> Stdio {
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    )
}

/// Runs `exe` in `scenario`: (the stream shown, how it ended, the first line of the pipe).
fn run(exe: &Path, scenario: Scenario) -> (String, String, String) {
    // `sh -c 'trap "" PIPE; exec prog'`: an ignored signal stays ignored across exec.
    let mut cmd = match scenario {
        Scenario::HeadSigpipeIgnored => {
            let mut c = Command::new("sh");
            c.arg("-c").arg("trap '' PIPE; exec \"$0\"").arg(exe);
            c
        }
        _ => Command::new(exe),
    };
    match scenario {
        Scenario::StdoutFull => {
            let out = cmd.stdout(dev_full()).output().unwrap();
            let shown = String::from_utf8_lossy(&out.stderr).into_owned();
            (shown, ending(out.status), String::new())
        }
        Scenario::StderrFull => {
            let out = cmd.stderr(dev_full()).output().unwrap();
            let shown = String::from_utf8_lossy(&out.stdout).into_owned();
            (shown, ending(out.status), String::new())
        }
        Scenario::Head | Scenario::HeadSigpipeIgnored => {
            let mut child = cmd
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let mut first = String::new();
            {
                let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
                reader.read_line(&mut first).unwrap();
                // The reader (and the pipe's read end) closes here, as `head -1` exits.
            }
            let out = child.wait_with_output().unwrap();
            let shown = String::from_utf8_lossy(&out.stderr).into_owned();
            (shown, ending(out.status), first)
        }
    }
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-io-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn build_egret(name: &str, backend: Backend) -> PathBuf {
    let exe = scratch().join(format!("{name}-{backend:?}"));
    let out = Command::new(egret())
        .arg("build")
        .arg(root().join("tests/io").join(format!("{name}.ml")))
        .arg("-o")
        .arg(&exe)
        .arg(backend.flag())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "egret build {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn build_ocamlopt(name: &str) -> PathBuf {
    let dir = scratch().join(format!("ocamlopt-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        root().join("tests/io").join(format!("{name}.ml")),
        dir.join(format!("{name}.ml")),
    )
    .unwrap();
    let out = Command::new("ocamlopt")
        .current_dir(&dir)
        .args(["-w", "-a", "-o", name, &format!("{name}.ml")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "ocamlopt {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir.join(name)
}

/// Checks `exe` (the build of `name` by `who`) against [`EXPECTED`]; returns the failures and
/// counts the comparisons.
fn check(name: &str, who: &str, exe: &Path, compared: &mut usize) -> Vec<String> {
    let many: String = (1..=100_000).map(|i| format!("{i}\n")).collect();
    let mut failures = Vec::new();
    for scenario in SCENARIOS {
        let &(_, _, want_shown, want_end) = EXPECTED
            .iter()
            .find(|(n, s, _, _)| *n == name && format!("{s:?}") == format!("{scenario:?}"))
            .unwrap_or_else(|| panic!("no expectation for {name} {scenario:?}"));
        if want_end == RACY {
            continue;
        }
        let want_shown = if want_shown == MANY {
            many.as_str()
        } else {
            want_shown
        };
        let (shown, end, first) = run(exe, scenario);
        *compared += 1;
        if shown != want_shown || end != want_end {
            let cut = |s: &str| s.chars().take(300).collect::<String>();
            failures.push(format!(
                "{name} [{who}] {scenario:?}: got {end} showing\n{}\nwant {want_end} showing\n{}",
                cut(&shown),
                cut(want_shown)
            ));
        }
        let want_first = match name {
            "many" => "1\n",
            "small" | "endline" | "caught" => "hello\n",
            _ => "out\n",
        };
        if matches!(scenario, Scenario::Head | Scenario::HeadSigpipeIgnored) && first != want_first
        {
            failures.push(format!("{name} [{who}] {scenario:?}: first line {first:?}"));
        }
    }
    failures
}

const PROGRAMS: [&str; 5] = ["many", "small", "endline", "caught", "errfull"];

#[test]
fn write_errors_as_ocamlopt_has_them() {
    let mut failures = Vec::new();
    let mut compared = 0;
    for backend in [Backend::Native, Backend::Cranelift] {
        if !common::backend_enabled(backend) {
            continue;
        }
        for name in PROGRAMS {
            let exe = build_egret(name, backend);
            failures.extend(check(
                name,
                &format!("egret {backend:?}"),
                &exe,
                &mut compared,
            ));
        }
    }
    assert!(compared > 0, "no comparisons made");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The recorded expectations are ocamlopt's behaviour.
#[test]
fn the_expectations_are_ocamlopts() {
    if !common::have_tool("ocamlopt") {
        return common::skip("the_expectations_are_ocamlopts", "ocamlopt not found");
    }
    let mut failures = Vec::new();
    let mut compared = 0;
    for name in PROGRAMS {
        let exe = build_ocamlopt(name);
        failures.extend(check(name, "ocamlopt", &exe, &mut compared));
    }
    assert!(compared > 0, "no comparisons made");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
