//! Debug info (`-g`, issue 8): the code is the same with and without it, the DWARF verifies, and
//! gdb debugs the programs of both backends — breakpoints at lines, backtraces through
//! recursion with source names and lines, `finish` with the returned value, `next` line by line,
//! parameters and local variables by their source names with their values decoded by type, and
//! never a wrong value (a caller's frame shows its own arguments, not the callee's).
//!
//! The code-identity and DWARF checks cover the debugger test program and [`PROGRAMS`], a
//! handful of examples that between them exercise closures, exceptions (`try` bodies outlined
//! as C-ABI functions), loops and mutable locals, many spills, and `Printf`; the builds run in
//! parallel threads. The gdb tests share one `-g` build of the test program per backend.
//!
//! gdb, llvm-dwarfdump and objcopy are external tools: a test that needs one which is missing
//! prints a note saying it was skipped (CI installs them); under `CI=true` that is a failure.

mod common;

use common::{backend_enabled, check_example, egret, examples, root, Backend};
use egret_plugin::backend::{CodegenBackend, CodegenOptions};
use egret_plugin::driver::{self, Output, Session};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const BACKENDS: [Backend; 2] = [Backend::Native, Backend::Cranelift];

/// The examples the code-identity and DWARF checks build, besides the debugger test program.
const PROGRAMS: [&str; 5] = [
    "examples/c_closures.ml",
    "examples/c_exceptions.ml",
    "examples/c_sudoku.ml",
    "examples/c_parser.ml",
    "examples/c_printf.ml",
];

/// The programs of the code-identity and DWARF checks: [`PROGRAMS`], or with
/// `EGRET_DEBUGGER_ALL_EXAMPLES=1` every example (filtered by `EGRET_TEST_FILTER`), and the
/// debugger test program.
fn programs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = if std::env::var_os("EGRET_DEBUGGER_ALL_EXAMPLES").is_some() {
        examples()
    } else {
        PROGRAMS.iter().map(|p| root().join(p)).collect()
    };
    v.push(steps_ml());
    v.push(inlined_ml());
    v.push(refs_ml());
    v.push(exports_ml());
    v
}

/// `f` of every item, on as many threads as there are cores (at least two), in item order.
fn parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(2)
        .min(items.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<R>>> =
        items.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                *results[i].lock().unwrap() = Some(r);
            });
        }
    });
    results
        .into_iter()
        .map(|r| r.into_inner().unwrap().expect("every item done"))
        .collect()
}

/// The debugger test program; tests refer to its lines.
fn steps_ml() -> PathBuf {
    root().join("tests/debugger/steps.ml")
}

/// The test program of inlined code (built with the simplifier); tests refer to its lines.
fn inlined_ml() -> PathBuf {
    root().join("tests/debugger/inlined.ml")
}

/// The test program of mutable locals (refs that never escape); tests refer to its lines.
fn refs_ml() -> PathBuf {
    root().join("tests/debugger/refs.ml")
}

/// The test program of unused exports (top-level functions it never calls); tests refer to
/// its lines.
fn exports_ml() -> PathBuf {
    root().join("tests/debugger/exports.ml")
}

fn tool_available(tool: &str) -> bool {
    let found = Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        common::skip("a debug-info test", &format!("`{tool}` is not installed"));
    }
    found
}

fn scratch_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-debugger-{}-{what}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds `ml` into `dir` with `backend`, with or without `-g`.
fn build(ml: &Path, backend: Backend, debug: bool, dir: &Path, extra: &[&str]) -> PathBuf {
    let stem = ml.file_stem().unwrap().to_string_lossy();
    let exe = dir.join(format!(
        "{stem}-{backend:?}{}",
        if debug { "-g" } else { "" }
    ));
    let mut cmd = common::egret_on("build", ml);
    cmd.arg("-o").arg(&exe).arg(backend.flag()).args(extra);
    if debug {
        cmd.arg("-g");
    }
    let out = cmd.output().expect("run egret");
    assert!(
        out.status.success(),
        "egret build {} {backend:?} -g={debug} failed:\n{}",
        ml.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// Runs `cmd`, killing it after `limit`; returns stdout + stderr. (Both are drained while it
/// runs: a child writing more than a pipe holds must not block until the limit.)
fn run_with_limit(cmd: &mut Command, limit: Duration) -> String {
    use std::io::Read;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            buf
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped")));
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    format!(
        "{}{}",
        String::from_utf8_lossy(&stdout.join().unwrap()),
        String::from_utf8_lossy(&stderr.join().unwrap())
    )
}

/// Runs gdb in batch mode on `exe` with `commands` (the pretty-printer auto-loads).
fn gdb(exe: &Path, commands: &[&str]) -> String {
    let mut cmd = Command::new("gdb");
    cmd.args(["-nx", "-batch", "-iex", "set auto-load safe-path /"]);
    for c in commands {
        cmd.arg("-ex").arg(c);
    }
    cmd.arg(exe);
    run_with_limit(&mut cmd, Duration::from_secs(60))
}

fn text_section(exe: &Path) -> Vec<u8> {
    let out = exe.with_extension("text");
    let status = Command::new("objcopy")
        .args(["-O", "binary", "--only-section=.text"])
        .arg(exe)
        .arg(&out)
        .status()
        .expect("objcopy");
    assert!(status.success(), "objcopy failed on {}", exe.display());
    std::fs::read(&out).unwrap()
}

#[test]
fn debug_info_does_not_change_the_code() {
    if !tool_available("objcopy") {
        return;
    }
    let dir = scratch_dir("text");
    let mut jobs = Vec::new();
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        for ml in programs() {
            // The default pipeline, and without the simplifier (what the gdb tests debug).
            jobs.push((ml.clone(), backend, false));
            jobs.push((ml, backend, true));
        }
    }
    let failures: Vec<String> = parallel(&jobs, |(ml, backend, no_simplify)| {
        let extra: &[&str] = if *no_simplify {
            &["-C", "simplify=off"]
        } else {
            &[]
        };
        let sub = dir.join(format!("{}", no_simplify));
        std::fs::create_dir_all(&sub).unwrap();
        // `-g` adds only data, given ocamlopt's inlining decisions (which `-g` turns on, so
        // that backtraces show ocamlopt's frames) and its keeping of unused exports (so that
        // gdb can break in them).
        let plain_flags = [extra, &["-C", "ocaml-inlining=on", "-C", "keep-exports=on"]].concat();
        let plain = text_section(&build(ml, *backend, false, &sub, &plain_flags));
        let debug = text_section(&build(ml, *backend, true, &sub, extra));
        (plain != debug).then(|| {
            format!(
                "{} [{backend:?}{}]: .text differs with -g",
                ml.display(),
                if *no_simplify { ", simplify=off" } else { "" }
            )
        })
    })
    .into_iter()
    .flatten()
    .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Compiles `ml` with `-g` into an object file (the linked executable also holds the runtime's
/// DWARF, which llvm-dwarfdump 14 takes minutes to verify).
fn debug_object(ml: &Path, backend: &dyn CodegenBackend, dir: &Path) -> PathBuf {
    let source = std::fs::read_to_string(ml).unwrap();
    let opts = driver::Options {
        lower: Default::default(),
        parse: Default::default(),
        unix: false,
        file_name: ml.file_name().unwrap().to_string_lossy().into_owned(),
        emit: None,
        time_passes: false,
        verify: true,
        simplify: Default::default(),
        optimize: true,
        codegen: CodegenOptions {
            target: format!("{}-unknown-linux-gnu", std::env::consts::ARCH),
            opt_level: 2,
            debug_info: true,
            verify: true,
            backend_args: Vec::new(),
        },
    };
    let mut sess = Session::default();
    let Ok(Output::Module(module)) = driver::compile_to_ssa(&source, &opts, &mut sess) else {
        panic!("{} does not compile", ml.display());
    };
    let info = egret_adapters::SourceInfo {
        path: ml,
        text: &source,
    };
    let object =
        egret_adapters::write_object_with_source(&module, backend, &opts.codegen, Some(&info))
            .unwrap();
    let path = dir.join(format!(
        "{}-{}.o",
        ml.file_stem().unwrap().to_string_lossy(),
        backend.name()
    ));
    std::fs::write(&path, object.bytes).unwrap();
    path
}

#[test]
fn dwarf_verifies() {
    if !tool_available("llvm-dwarfdump") {
        return;
    }
    let dir = scratch_dir("verify");
    let jobs: Vec<(Backend, PathBuf)> = BACKENDS
        .into_iter()
        .filter(|&b| backend_enabled(b))
        .flat_map(|b| programs().into_iter().map(move |ml| (b, ml)))
        .collect();
    let failures: Vec<String> = parallel(&jobs, |(b, ml)| {
        let backend: Box<dyn CodegenBackend> = match b {
            Backend::Native => Box::new(egret_plugin::backend::x64::X64Backend),
            Backend::Cranelift => Box::new(egret_adapters::CraneliftBackend),
        };
        let object = debug_object(ml, &*backend, &dir);
        let out = run_with_limit(
            Command::new("llvm-dwarfdump").arg("--verify").arg(&object),
            Duration::from_secs(60),
        );
        if !out.contains("No errors.") {
            return Some(format!(
                "{} [{b:?}]: llvm-dwarfdump --verify:\n{out}",
                ml.display()
            ));
        }
        // The unit is there with its functions and variables under their source names.
        let info = run_with_limit(
            Command::new("llvm-dwarfdump")
                .arg("--debug-info")
                .arg(&object),
            Duration::from_secs(60),
        );
        let mut wanted = vec!["DW_LANG_OCaml", "DW_AT_producer\t(\"egret "];
        // A source function (one with a declaration line) that survived inlining has
        // parameters, with location lists.
        // (DIEs are separated by blank lines in the dump; the abstract subprograms of inlined
        // functions have a declaration line but no code.)
        let concrete_source_function = info.split("\n\n").any(|die| {
            die.contains("DW_TAG_subprogram")
                && die.contains("DW_AT_decl_line")
                && die.contains("DW_AT_low_pc")
        });
        if concrete_source_function {
            wanted.extend(["DW_TAG_formal_parameter", "DW_AT_location\t(0x"]);
        }
        // `square` inlined into `sum_squares` (called on line 11) inlined into the top level
        // (line 17).
        if *ml == inlined_ml() {
            wanted.extend([
                "DW_AT_inline\t(DW_INL_inlined)",
                "DW_AT_name\t(\"square\")",
                "DW_TAG_inlined_subroutine",
                "DW_AT_call_line\t(11)",
                "DW_AT_call_line\t(17)",
            ]);
        }
        wanted
            .iter()
            .find(|w| !info.contains(*w))
            .map(|w| format!("{} [{b:?}]: no `{w}` in the DWARF:\n{info}", ml.display()))
    })
    .into_iter()
    .flatten()
    .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The `-g` build of the debugger test program for `backend`, made once for all tests (without
/// the simplifier, so every source function keeps its own frame; [`gdb_shows_inlined_frames`]
/// debugs inlined code).
fn debug_build(backend: Backend) -> &'static Path {
    static BUILDS: [OnceLock<PathBuf>; 2] = [OnceLock::new(), OnceLock::new()];
    BUILDS[backend as usize].get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("debugger");
        std::fs::create_dir_all(&dir).unwrap();
        build(&steps_ml(), backend, true, &dir, &["-C", "simplify=off"])
    })
}

/// Runs `check` on each enabled backend's `-g` build of the debugger test program.
fn with_debug_builds(check: impl Fn(Backend, &Path)) {
    if !tool_available("gdb") {
        return;
    }
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        check(backend, debug_build(backend));
    }
}

#[test]
fn gdb_breaks_at_a_source_line() {
    with_debug_builds(|backend, exe| {
        let out = gdb(exe, &["break steps.ml:15", "run", "info source"]);
        assert!(
            out.contains("Breakpoint 1, Steps () at ")
                && out.contains("15\t  let total = sum_to 10 0 in"),
            "[{backend:?}] break steps.ml:15:\n{out}"
        );
        // `break fact` stops after the prologue, on the function's first line.
        let out = gdb(exe, &["break fact", "run"]);
        assert!(
            out.contains("Breakpoint 1, fact (") && out.contains("3\t  if n <= 1 then 1"),
            "[{backend:?}] break fact:\n{out}"
        );
    });
}

#[test]
fn gdb_backtrace_through_recursion_shows_source_frames() {
    with_debug_builds(|backend, exe| {
        // The fourth time `fact` starts (fact 5 → 4 → 3 → 2).
        let out = gdb(exe, &["break fact", "ignore 1 3", "run", "bt"]);
        let frames: Vec<&str> = out.lines().filter(|l| l.starts_with('#')).collect();
        assert!(frames.len() >= 5, "[{backend:?}] short backtrace:\n{out}");
        assert!(
            frames[0].starts_with("#0  fact (n=2, ") && frames[0].ends_with("steps.ml:3"),
            "[{backend:?}] frame 0:\n{out}"
        );
        // Each caller shows its own `n` (live across the call, in a callee-saved register or
        // a spill slot), never the callee's.
        for (i, frame) in frames[1..4].iter().enumerate() {
            assert!(
                frame.contains(&format!(" in fact (n={}, ", i + 3))
                    && frame.ends_with("steps.ml:4"),
                "[{backend:?}] frame {}:\n{out}",
                i + 1
            );
        }
        assert!(
            frames[4].contains(" in Steps () at ") && frames[4].ends_with("steps.ml:18"),
            "[{backend:?}] frame 4:\n{out}"
        );
    });
}

#[test]
fn gdb_finish_prints_the_returned_value() {
    with_debug_builds(|backend, exe| {
        let out = gdb(exe, &["break fact", "run", "delete", "finish"]);
        assert!(
            out.contains("in Steps () at ") && out.contains("Value returned is $1 = 120"),
            "[{backend:?}] finish:\n{out}"
        );
        // Tail-recursive `sum_to` returns the accumulated sum to the top level.
        let out = gdb(exe, &["break sum_to", "run", "delete", "finish"]);
        assert!(
            out.contains("Value returned is $1 = 55"),
            "[{backend:?}] finish from sum_to:\n{out}"
        );
        // The result prints by the function's OCaml result type: `describe` returns
        // `pair = (count, flag)`, an `int * bool`, here `(3, true)` (generically, `true` would
        // be the word's `1`).
        let out = gdb(exe, &["break describe", "run", "delete", "finish"]);
        assert!(
            out.contains("Value returned is $1 = (3, true)"),
            "[{backend:?}] finish from describe:\n{out}"
        );
    });
}

#[test]
fn gdb_next_steps_line_by_line() {
    with_debug_builds(|backend, exe| {
        let out = gdb(
            exe,
            &["break steps.ml:15", "run", "next", "next", "next", "next"],
        );
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()) && l.contains('\t'))
            .collect();
        let numbers: Vec<&str> = lines
            .iter()
            .map(|l| l.split('\t').next().unwrap())
            .collect();
        assert_eq!(
            numbers,
            ["15", "16", "17", "18", "19"],
            "[{backend:?}] next:\n{out}"
        );
    });
}

/// The lines of `out` that start with one of `names` followed by ` = `, in order.
fn variable_lines<'a>(out: &'a str, names: &[&str]) -> Vec<&'a str> {
    out.lines()
        .filter(|l| names.iter().any(|n| l.starts_with(&format!("{n} = "))))
        .collect()
}

#[test]
fn gdb_shows_parameters_by_source_name() {
    with_debug_builds(|backend, exe| {
        // An int prints as the number the program sees (not its tagged word 2n+1), and gdb
        // computes with it; the closure every function receives shows as the function — on
        // the native backend, only if the function reads it: `fact` does not, and direct calls
        // do not pass it (gdb must not show a stale register).
        let out = gdb(
            exe,
            &[
                "break fact",
                "run",
                "info args",
                "print n",
                "print n * 10 + 1",
            ],
        );
        let closure = match backend {
            Backend::Native => "<optimized out>",
            _ => "<fun fact>",
        };
        assert!(
            out.contains(&format!("Breakpoint 1, fact (n=5, closure={closure}) at "))
                && out.contains(&format!("\nn = 5\nclosure = {closure}\n"))
                && out.contains("$1 = 5\n")
                && out.contains("$2 = 51\n"),
            "[{backend:?}] fact's arguments:\n{out}"
        );
        // Two int parameters of a tail-recursive function, and a string.
        let out = gdb(
            exe,
            &[
                "break sum_to",
                "ignore 1 4",
                "run",
                "info args",
                "delete",
                "break greet",
                "continue",
                "info args",
            ],
        );
        assert_eq!(
            variable_lines(&out, &["n", "acc", "name"]),
            ["n = 6", "acc = 34", "name = \"gdb\""],
            "[{backend:?}] sum_to's and greet's arguments:\n{out}"
        );
    });
}

#[test]
fn gdb_shows_values_by_their_type() {
    with_debug_builds(|backend, exe| {
        // describe true [1; 2; 3] (Some "three") 'z'
        // `describe` is polymorphic in the elements of `xs` (`mono` keeps its one uniform
        // copy: the type of `xs` there is a type variable's list, still printed as a list).
        let out = gdb(
            exe,
            &[
                "break describe",
                "run",
                "info args",
                "whatis label",
                "whatis xs",
            ],
        );
        assert_eq!(
            variable_lines(&out, &["flag", "xs", "label", "initial"]),
            [
                "flag = true",
                "xs = [1; 2; 3]",
                "label = Some \"three\"",
                "initial = 'z'"
            ],
            "[{backend:?}] describe's arguments:\n{out}"
        );
        assert!(
            out.contains("type = egret_value string option"),
            "[{backend:?}] the type of label:\n{out}"
        );
        // A type variable is named as OCaml prints it.
        assert!(
            out.contains("type = egret_value 'a list"),
            "[{backend:?}] the type of xs:\n{out}"
        );
        // The program's own variants and records, by constructor and field names:
        // area (Label ("c", Circle 2)) { x = 1; name = "o" } [Dot; Circle 3]
        let out = gdb(
            exe,
            &["break area", "run", "info args", "continue", "info args"],
        );
        let args = variable_lines(&out, &["shape", "origin", "others"]);
        assert_eq!(
            args[..3],
            [
                "shape = Label (\"c\", Circle 2)",
                "origin = {x = 1; name = \"o\"}",
                // `area` is polymorphic in the elements of `others` (only `List.length`
                // reads it): mono keeps its uniform copy, where they are of unknown type and
                // print generically (`Dot` is 0, `Circle 3` a block of tag 0).
                "others = [0; (3)]"
            ],
            "[{backend:?}] area's arguments:\n{out}"
        );
        // area Dot { x = 0; name = "" } shapes, in `kinds`, whose `shapes : shape list` is the
        // same list: the pretty-printer takes its type from there.
        assert_eq!(
            args[3..],
            [
                "shape = Dot",
                "origin = {x = 0; name = \"\"}",
                "others = [Circle 1; Dot]"
            ],
            "[{backend:?}] area's arguments from kinds:\n{out}"
        );
    });
}

#[test]
fn gdb_shows_local_variables() {
    with_debug_builds(|backend, exe| {
        // At line 26 `pair` is live (it is returned); `count` may be dead already, and then it
        // must say so rather than show a stale register.
        let out = gdb(
            exe,
            &["break steps.ml:26", "run", "info locals", "print pair"],
        );
        let locals = variable_lines(&out, &["count", "pair"]);
        assert!(
            locals.contains(&"pair = (3, true)") && out.contains("$1 = (3, true)"),
            "[{backend:?}] describe's locals:\n{out}"
        );
        assert!(
            locals.iter().all(|l| l.starts_with("pair")
                || *l == "count = 3"
                || *l == "count = <optimized out>"),
            "[{backend:?}] describe's locals:\n{out}"
        );
        // `let v = k * 2 in let v = v + 1 in`: `print v` finds the inner `v` (each local's
        // scope is a lexical block from where its value exists), never the shadowed one.
        // (Cranelift's optimizer may drop the label of `v + 1`: then it is unavailable.)
        let out = gdb(exe, &["break steps.ml:52", "run", "print v"]);
        assert!(
            out.contains("$1 = 3\n")
                || (backend == Backend::Cranelift && out.contains("$1 = <optimized out>")),
            "[{backend:?}] a shadowed local:\n{out}"
        );
        // A string local, at the call that uses it.
        let out = gdb(exe, &["break steps.ml:12", "run", "info locals"]);
        assert!(
            out.contains("msg = \"hello gdb\""),
            "[{backend:?}] greet's locals:\n{out}"
        );
    });
}

/// `egret build --emit=inline-report` of `ml`.
fn inline_report(ml: &Path) -> String {
    let out = Command::new(egret())
        .arg("build")
        .arg(ml)
        .arg("--emit=inline-report")
        .output()
        .expect("run egret");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn gdb_shows_inlined_frames() {
    // The premise: the simplifier inlines `square` into `sum_squares` and that into the top
    // level, so no call of either is left.
    let report = inline_report(&inlined_ml());
    for callee in ["square", "sum_squares"] {
        assert!(
            report
                .lines()
                .any(|l| l.contains(&format!(" call {callee}/")) && l.contains(": inlined")),
            "{callee} is not inlined:\n{report}"
        );
    }
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        // The program still prints what ocamlopt's does with -g.
        check_example(&inlined_ml(), backend, &["-g"], &[]).unwrap();
    }
    if !tool_available("gdb") {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("debugger-inlined");
    std::fs::create_dir_all(&dir).unwrap();
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        // `-g` inlines only what ocamlopt would (not these two): the simplifier's own policy,
        // as without `-g`, has inlined copies to show.
        let exe = build(
            &inlined_ml(),
            backend,
            true,
            &dir,
            &["-C", "ocaml-inlining=off"],
        );
        // Line 4 is in `square` (`print_int y`), which line 11 of `sum_squares` calls, which
        // the top level (`Inlined`) calls on line 17: three source frames at one machine pc.
        let out = gdb(&exe, &["break inlined.ml:4", "run", "bt", "info frame"]);
        let frames: Vec<&str> = out.lines().filter(|l| l.starts_with('#')).collect();
        assert!(frames.len() >= 3, "[{backend:?}] short backtrace:\n{out}");
        assert!(
            frames[0].starts_with("#0  square (") && frames[0].ends_with(" at inlined.ml:4"),
            "[{backend:?}] frame 0:\n{out}"
        );
        assert!(
            frames[1].starts_with("#1  sum_squares (") && frames[1].ends_with(" at inlined.ml:11"),
            "[{backend:?}] frame 1:\n{out}"
        );
        assert!(
            frames[2].starts_with("#2  Inlined (") && frames[2].ends_with(" at inlined.ml:17"),
            "[{backend:?}] frame 2:\n{out}"
        );
        assert!(
            out.contains("inlined into frame 1"),
            "[{backend:?}] info frame:\n{out}"
        );
        // `break square` finds the inlined copy by the function's name; it is called once per
        // loop iteration (n = 3), so the third stop is the last.
        let out = gdb(
            &exe,
            &[
                "break square",
                "ignore 1 2",
                "run",
                "bt 2",
                "info breakpoints",
            ],
        );
        let frames: Vec<&str> = out.lines().filter(|l| l.starts_with('#')).collect();
        assert!(
            frames.len() == 2
                && frames[0].contains(" square (")
                && frames[0].contains(" at inlined.ml:")
                && frames[1].starts_with("#1  sum_squares (")
                && out.contains("breakpoint already hit 3 times"),
            "[{backend:?}] break square:\n{out}"
        );
    }
}

#[test]
fn gdb_shows_mutable_locals_by_their_current_contents() {
    // `total` and `steps` in refs.ml are refs that never escape: egret keeps their contents in
    // SSA values (a new one per assignment, phis at the loop header and the joins), and the
    // debug info must follow the current one. Expected values come from the source: line 9 runs
    // after `total := !total + i` (line 7) and before `steps` is updated (line 10); on its third
    // run i = 3, total = 1 + 2 + 3 = 6 and steps = 1 (one even i so far). Line 12 runs after the
    // loop: total = 1 + .. + 5 = 15, steps = 2.
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        // The program still prints what ocamlopt's does with -g.
        check_example(&refs_ml(), backend, &["-g"], &[]).unwrap();
    }
    if !tool_available("gdb") {
        return;
    }
    // (backend, options, whether Cranelift's optimizer may drop the debug label of
    // `!total + i` — it rebuilds the addition as a new value without the label, so there the
    // contents are unavailable; they must never be the previous contents.)
    let builds: [(Backend, &[&str], bool); 4] = [
        (Backend::Native, &[], false),
        (Backend::Native, &["-C", "simplify=off"], false),
        (Backend::Cranelift, &[], true),
        (Backend::Cranelift, &["-O", "0"], false),
    ];
    for (k, (backend, options, may_lose_label)) in builds.into_iter().enumerate() {
        if !backend_enabled(backend) {
            continue;
        }
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("debugger-refs-{k}"));
        std::fs::create_dir_all(&dir).unwrap();
        let exe = build(&refs_ml(), backend, true, &dir, options);
        let what = format!("[{backend:?} {}]", options.join(" "));
        let out = gdb(
            &exe,
            &[
                "break refs.ml:9",
                "ignore 1 2",
                "run",
                "info locals",
                "print total * 10 + steps",
                "delete",
                "break refs.ml:12",
                "continue",
                "info locals",
            ],
        );
        let (in_loop, after_loop) = out
            .split_once("refs.ml:12")
            .unwrap_or_else(|| panic!("{what} no stop at line 12:\n{out}"));
        let locals = variable_lines(in_loop, &["total", "steps", "i"]);
        let total_ok = locals.contains(&"total = 6")
            || (may_lose_label && locals.contains(&"total = <optimized out>"));
        assert!(
            total_ok && locals.contains(&"steps = 1") && locals.contains(&"i = 3"),
            "{what} locals on the third run of line 9:\n{out}"
        );
        assert!(
            in_loop.contains("$1 = 61") || (may_lose_label && !locals.contains(&"total = 6")),
            "{what} print total * 10 + steps:\n{out}"
        );
        let locals = variable_lines(after_loop, &["total", "steps"]);
        assert!(
            locals.contains(&"total = 15") && locals.contains(&"steps = 2"),
            "{what} locals after the loop:\n{out}"
        );
    }
}

#[test]
fn gdb_breaks_on_lines_of_inlined_stdlib_code() {
    // counter.ml's `f` runs 3 times; lines 7, 9 and 10 hold nothing but `incr count`, `decr
    // count` and a call of `set`, all inlined (the stdlib's code has no lines of its own).
    let ml = root().join("tests/debugger/counter.ml");
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        check_example(&ml, backend, &["-g"], &[]).unwrap();
    }
    if !tool_available("gdb") {
        return;
    }
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        let dir = scratch_dir(&format!("counter-{backend:?}"));
        let exe = build(&ml, backend, true, &dir, &[]);
        let lines = ["counter.ml:7", "counter.ml:9", "counter.ml:10"];
        assert_eq!(
            hit_counts(&exe, &lines),
            [3, 3, 3],
            "[{backend:?}] stops on {lines:?}"
        );
    }
}

#[test]
fn gdb_backtrace_shows_stdlib_frames_at_their_installed_lines() {
    // stdlib_frame.ml's `Visit.visit` is called by List.iter, compiled from the installation's
    // list.ml: its frame is at that file's line of the call `f a`, as with ocamlopt's stdlib.
    // Functions are named by their modules: `break Visit.visit`, `Stdlib__List.iter` in `bt`.
    let ml = root().join("tests/debugger/stdlib_frame.ml");
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        check_example(&ml, backend, &["-g"], &[]).unwrap();
    }
    if !tool_available("gdb") {
        return;
    }
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        let dir = scratch_dir(&format!("stdlib-frame-{backend:?}"));
        let exe = build(&ml, backend, true, &dir, &[]);
        let out = gdb(&exe, &["break Visit.visit", "run", "bt"]);
        let frames: Vec<&str> = out.lines().filter(|l| l.starts_with('#')).collect();
        assert!(
            frames.len() >= 3
                && frames[0].starts_with("#0  Visit.visit (x=1")
                && frames[0].contains(" at stdlib_frame.ml:"),
            "[{backend:?}] frame 0:\n{out}"
        );
        // `#1  0x... in iter (...) at /usr/lib/ocaml/list.ml:110`: the file exists and that
        // line is List.iter's call of `f`.
        let (file, line) = frames[1]
            .rsplit_once(" at ")
            .and_then(|(_, at)| at.rsplit_once(':'))
            .unwrap_or_else(|| panic!("[{backend:?}] frame 1 has no file:\n{out}"));
        assert!(
            frames[1].contains(" in Stdlib__List.iter (") && file.ends_with("/list.ml"),
            "[{backend:?}] frame 1:\n{out}"
        );
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let line: usize = line.parse().unwrap();
        assert!(
            text.lines()
                .nth(line - 1)
                .is_some_and(|l| l.contains("f a")),
            "[{backend:?}] {file}:{line} is not List.iter's call of f:\n{out}"
        );
        assert!(
            frames[2].contains(" in StdlibFrame () at ")
                || frames[2].ends_with("stdlib_frame.ml:12"),
            "[{backend:?}] frame 2:\n{out}"
        );
    }
}

/// How many times each of `locations` stops in a run of `exe` (gdb's hit counts).
fn hit_counts(exe: &Path, locations: &[&str]) -> Vec<u64> {
    let mut commands: Vec<String> = Vec::new();
    for (i, l) in locations.iter().enumerate() {
        commands.push(format!("break {l}"));
        commands.push(format!("ignore {} 1000000", i + 1));
    }
    commands.push("run > /dev/null".into());
    commands.push("info breakpoints".into());
    let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
    let out = gdb(exe, &commands);
    let mut counts = vec![0; locations.len()];
    let mut current = None;
    for line in out.lines() {
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (Some(n), Some("breakpoint")) => current = n.parse::<usize>().ok(),
            (Some("breakpoint"), Some("already")) => {
                let hits = line.split_whitespace().nth(3).and_then(|h| h.parse().ok());
                if let (Some(n), Some(h)) = (current, hits) {
                    counts[n - 1] = h;
                }
            }
            _ => {}
        }
    }
    counts
}

/// `break FILE:LINE` on a line of a function the simplifier inlined at every call stops once
/// per call, as with ocamlopt (which keeps the function out of
/// line): each inlined copy has a row for the declaration's line at its entry in control flow,
/// and a closure made inside a copy does not enter it again.
#[test]
fn gdb_stops_on_inlined_function_lines_once_per_call() {
    if !tool_available("gdb") {
        return;
    }
    if !common::have_tool("ocamlopt") {
        common::skip(
            "inlined line stops",
            "ocamlopt (the oracle) is not installed",
        );
        return;
    }
    let ml = root().join("examples/c_todo.ml");
    let dir = scratch_dir("inlined-lines");
    std::fs::copy(&ml, dir.join("c_todo.ml")).unwrap();
    let status = Command::new("ocamlopt")
        .current_dir(&dir)
        .args(["-g", "c_todo.ml", "-o", "ocaml.exe"])
        .status()
        .unwrap();
    assert!(status.success(), "ocamlopt -g c_todo.ml failed");
    // `update` (its first line 33) is inlined into each case of `apply`, and makes closures
    // there (which must not count as entering it again). Not yet equal: the `let` lines
    // themselves (an inlined parameter's definition takes the parameter's line, and Cranelift
    // stops fewer times on `apply`'s).
    let locations = ["c_todo.ml:33"];
    let expected = hit_counts(&dir.join("ocaml.exe"), &locations);
    assert!(
        expected.iter().all(|&n| n > 0),
        "ocamlopt's stops: {expected:?}"
    );
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        // (Inlining as egret does without -g: ocamlopt's rules would keep `update` apart.)
        let exe = build(
            &dir.join("c_todo.ml"),
            backend,
            true,
            &dir,
            &["-C", "ocaml-inlining=off"],
        );
        assert_eq!(
            hit_counts(&exe, &locations),
            expected,
            "[{backend:?}] stops at {locations:?}, against ocamlopt's"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Under `-g` the top-level functions a program never calls are kept, as ocamlopt keeps a
/// unit's exports, so `break FILE:LINE` in them finds code as on ocamlopt's executable: a
/// monomorphic one, a polymorphic one (mono's uniform copy), a polymorphic recursive one, one
/// in a module; with the simplifier and without.
#[test]
fn gdb_breaks_in_unused_exports() {
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        check_example(&exports_ml(), backend, &["-g"], &[]).unwrap();
    }
    if !tool_available("gdb") {
        return;
    }
    // The body lines of `unused_mono`, `unused_poly`, `unused_rec_poly` and `M.inner_unused`.
    let lines = [4, 7, 10, 14];
    let commands: Vec<String> = lines
        .iter()
        .map(|l| format!("break exports.ml:{l}"))
        .collect();
    let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
    let dir = scratch_dir("exports");
    for backend in BACKENDS.into_iter().filter(|&b| backend_enabled(b)) {
        for options in [&[][..], &["-C", "simplify=off"][..]] {
            let sub = dir.join(options.len().to_string());
            std::fs::create_dir_all(&sub).unwrap();
            let exe = build(&exports_ml(), backend, true, &sub, options);
            let out = gdb(&exe, &commands);
            for (k, line) in lines.iter().enumerate() {
                let found = out.lines().any(|l| {
                    l.starts_with(&format!("Breakpoint {} at 0x", k + 1))
                        && l.ends_with(&format!("file exports.ml, line {line}."))
                });
                assert!(
                    found,
                    "[{backend:?} {}] no code on exports.ml:{line}:\n{out}",
                    options.join(" ")
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
