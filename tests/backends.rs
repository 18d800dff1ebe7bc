//! Backends selected on the command line beyond the two built in: the `example` backend, defined
//! in its own crate (`backends/egret-backend-example`) and registered by the CLI in its
//! `BackendRegistry`, builds every example to the same behaviour as ocamlopt's, and reports
//! what it compiled; `-O` reaches the backend. The same crate built as a shared library
//! (`--backend=PATH.so`) does too; a library built against another egret is refused.

mod common;

use common::{backend_library, check_example_with, check_in_parallel, egret, have_tool, root};
use std::process::Command;

fn threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

// Every example through the example backend, built in and loaded from its library: the
// conformance suite (`tests/conformance.rs`).

/// Builds `examples/NAME.ml` with `flags`, with `EGRET_EXAMPLE_REPORT=-` if `report`; returns
/// egret's stderr.
fn build_with_report(name: &str, flags: &[&str], report: bool) -> String {
    let dir = std::env::temp_dir().join(format!("egret-backends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(format!("{name}{}", flags.join("").replace(['-', '='], "_")));
    let out = Command::new(egret())
        .arg("build")
        .arg(root().join(format!("examples/{name}.ml")))
        .arg("-o")
        .arg(&exe)
        .args(flags)
        .env("EGRET_EXAMPLE_REPORT", if report { "-" } else { "" })
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let _ = std::fs::remove_file(&exe);
    stderr
}

#[test]
fn the_example_backend_reports_each_function_and_the_opt_level() {
    let report = build_with_report("fib", &["--backend=example"], true);
    let host = format!("{}-unknown-linux-gnu", std::env::consts::ARCH);
    assert!(
        report.contains(&format!("example backend (cranelift inside, {host}, -O2)")),
        "{report}"
    );
    // The program's own function (by its source name, last), the entry wrapper, and a total.
    let row = |first: Option<&str>, last: Option<&str>| {
        report.lines().any(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            first.is_none_or(|w| words.first() == Some(&w))
                && last.is_none_or(|w| words.last() == Some(&w))
        })
    };
    assert!(row(None, Some("fib")), "no row for fib:\n{report}");
    assert!(
        row(Some("egret_main"), Some("-")),
        "no egret_main:\n{report}"
    );
    assert!(row(Some("total"), None), "no total:\n{report}");
    let report = build_with_report("fib", &["--backend=example", "-O0"], true);
    assert!(report.contains(", -O0)"), "{report}");
    // Nothing is reported unless asked for.
    let quiet = build_with_report("fib", &["--backend=example"], false);
    assert!(!quiet.contains("example backend"), "{quiet}");
}

#[test]
fn unknown_backends_are_listed() {
    let out = Command::new(egret())
        .arg("build")
        .arg(root().join("examples/hello.ml"))
        .args(["--backend=llvm", "-o", "/dev/null"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "unknown backend `llvm` (available: cranelift, native, example; or the path of a backend library)"
        ),
        "{stderr}"
    );
}

/// The example backend supports what its inner backend supports: AArch64, under qemu.
#[test]
fn the_example_backend_cross_compiles() {
    let runner: Vec<&str> = if std::env::consts::ARCH == "aarch64" {
        vec![]
    } else if have_tool("qemu-aarch64") && have_tool("aarch64-linux-gnu-gcc") {
        vec!["qemu-aarch64", "-R", "8G", "-L", "/usr/aarch64-linux-gnu"]
    } else {
        return common::skip(
            "the_example_backend_cross_compiles",
            "qemu-aarch64 or aarch64-linux-gnu-gcc not found",
        );
    };
    let flags = ["--backend=example", "--target", "aarch64-unknown-linux-gnu"];
    for name in ["c_exceptions", "c_argv"] {
        let ml = root().join(format!("examples/{name}.ml"));
        check_example_with(&ml, "example-aarch64", &flags, &runner, &[]).unwrap();
    }
}

/// `egret build --backend=PATH` with `args`; its exit code and stderr.
fn build_with_library(lib: &std::path::Path) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("egret-backend-lib-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(egret())
        .arg("build")
        .arg(root().join("examples/hello.ml"))
        .arg("-o")
        .arg(dir.join("hello"))
        .arg(format!("--backend={}", lib.display()))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A library stating another egret and backend interface (`backends/egret-backend-mismatched`,
/// whose constructor aborts) is refused with both builds named, before anything of it runs.
#[test]
fn a_mismatched_backend_library_is_refused() {
    let lib = backend_library("egret-backend-mismatched");
    let (code, stderr) = build_with_library(&lib);
    assert_eq!(code, Some(1), "{stderr}");
    let host = format!(
        "egret {} (backend interface {}",
        env!("CARGO_PKG_VERSION"),
        egret_plugin::backend::abi::INTERFACE_VERSION
    );
    let theirs = format!(
        "egret 0.0.0-mismatched (backend interface {}",
        egret_plugin::backend::abi::INTERFACE_VERSION + 1
    );
    assert!(
        stderr.contains(&format!(
            "error: cannot use the backend library `{}`",
            lib.display()
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("it was built against {theirs}")),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("but this is {host}")), "{stderr}");
    assert!(
        stderr.contains("(backend interface, egret version differ)"),
        "{stderr}"
    );
    assert!(!stderr.contains("constructor"), "{stderr}");
}

/// A shared library that is no egret backend, and a path that is nothing, are errors too.
#[test]
fn a_library_that_is_no_backend_is_refused() {
    let (code, stderr) = build_with_library(std::path::Path::new("/nonexistent/backend.so"));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("`/nonexistent/backend.so`: no such file"),
        "{stderr}"
    );
    // The mismatched fixture's library is a real one; the C library is one without a stamp.
    let libc = [
        "/lib/x86_64-linux-gnu/libc.so.6",
        "/lib/aarch64-linux-gnu/libc.so.6",
        "/lib64/libc.so.6",
    ]
    .into_iter()
    .map(std::path::Path::new)
    .find(|p| p.exists())
    .expect("the C library");
    let (code, stderr) = build_with_library(libc);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("it is not an egret backend library (it exports no `egret_backend_abi`"),
        "{stderr}"
    );
}

/// `egret backends` lists each built-in backend with its targets and options.
#[test]
fn egret_backends_lists_targets_and_options() {
    let out = Command::new(egret()).arg("backends").output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for line in [
        "native: egret's own x86-64 backend",
        "cranelift: Cranelift",
        "example: an example backend in its own crate",
        "  targets: x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu",
        "    regalloc_algorithm=ion|fastalloc: ",
        "    regalloc_algorithm=backtracking|single_pass: ",
        "    opt_level=none|speed|speed_and_size: ",
        "  --emit stages: vcode, asm\n",
        "  --emit stages: clif, vcode, asm\n",
    ] {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
    // A library is loaded (so checked) and listed with its build.
    let lib = backend_library("egret-backend-example");
    let out = Command::new(egret())
        .arg("backends")
        .arg(&lib)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "  library: {} (egret {}",
            lib.display(),
            env!("CARGO_PKG_VERSION")
        )),
        "{stdout}"
    );
    let lib = backend_library("egret-backend-mismatched");
    let out = Command::new(egret())
        .arg("backends")
        .arg(&lib)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("0.0.0-mismatched"));
}

/// The examples a backend option is tried on (a sample: the full runs are the default options').
const OPTION_SAMPLE: [&str; 10] = [
    "c_exceptions",
    "c_sudoku",
    "c_json",
    "floats_math",
    "gc_churn",
    "c_stack_vm",
    "c_closures",
    "boxed_ints",
    "format_engine",
    "stdlib_map_set",
];

/// `-C backend-arg=K=V` reaches the backend: each option changes the machine code, and the
/// programs still behave as ocamlopt's.
#[test]
fn backend_args_reach_the_backend() {
    let dir = std::env::temp_dir().join(format!("egret-backend-args-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let code_of = |backend: &str, args: &[&str]| -> Vec<u8> {
        let exe = dir.join(format!(
            "c_sudoku-{backend}-{}",
            args.join("").replace(['=', '-'], "_")
        ));
        let out = Command::new(egret())
            .args(["build", &format!("--backend={backend}"), "-o"])
            .arg(&exe)
            .arg(root().join("examples/c_sudoku.ml"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read(&exe).unwrap()
    };
    for (backend, arg) in [
        ("native", "backend-arg=regalloc_algorithm=fastalloc"),
        ("cranelift", "backend-arg=regalloc_algorithm=single_pass"),
        ("cranelift", "backend-arg=opt_level=none"),
        ("example", "backend-arg=regalloc_algorithm=single_pass"),
    ] {
        assert_ne!(
            code_of(backend, &[]),
            code_of(backend, &["-C", arg]),
            "{backend} -C {arg} changed nothing"
        );
        let flags = [
            format!("--backend={backend}"),
            "-C".to_string(),
            arg.to_string(),
        ];
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        let list: Vec<_> = OPTION_SAMPLE
            .iter()
            .map(|n| root().join(format!("examples/{n}.ml")))
            .collect();
        let failures = check_in_parallel(&list, threads(), |ml| {
            check_example_with(ml, &format!("{backend}-{arg}"), &flags, &[], &[])
        });
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An unknown backend option names the valid ones; an invalid value the valid values.
#[test]
fn unknown_backend_args_name_the_valid_ones() {
    for (backend, arg, want) in [
        ("cranelift", "regalloc=x", "unknown option `regalloc` for the cranelift backend (valid: opt_level, regalloc_algorithm)"),
        ("native", "opt_level=speed", "unknown option `opt_level` for the native backend (valid: regalloc_algorithm)"),
        ("native", "regalloc_algorithm=linear", "invalid value `linear` for the native backend's option `regalloc_algorithm` (valid: ion, fastalloc)"),
        ("cranelift", "noequals", "invalid value `noequals` for -C backend-arg (expected KEY=VALUE)"),
    ] {
        let out = Command::new(egret())
            .args(["build", &format!("--backend={backend}"), "-C", &format!("backend-arg={arg}"), "-o", "/dev/null"])
            .arg(root().join("examples/hello.ml"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(want), "{stderr}");
    }
}

/// `egret build --emit=STAGE` with `flags` on `examples/NAME.ml`: exit code, stdout, stderr.
fn emit(name: &str, flags: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(egret())
        .arg("build")
        .arg(root().join(format!("examples/{name}.ml")))
        .args(flags)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every backend prints its own stages: native `vcode` (virtual registers) and `asm`;
/// Cranelift (and the example backend, built in or loaded, which runs it) `clif`, `vcode`
/// (Cranelift's VCode with virtual registers, before allocation) and `asm` (disassembled, with
/// relocation targets and source lines). A stage a backend lacks is a usage error naming its
/// stages.
#[test]
fn every_backend_dumps_its_own_stages() {
    let lib = backend_library("egret-backend-example");
    let lib_flag = format!("--backend={}", lib.display());
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "--backend=native",
            "vcode",
            &["egret_fib_", "block0", "ret", " v"],
        ),
        ("--backend=native", "asm", &["push rbp", "; line ", "call "]),
        (
            "--backend=cranelift",
            "clif",
            &["function u0:", "tail {", "return"],
        ),
        (
            "--backend=cranelift",
            "vcode",
            &["VCode {", "%v", "Inst 0:"],
        ),
        (
            "--backend=cranelift",
            "asm",
            &["push rbp", "; line 2:", "call ", "  ; egret_"],
        ),
        ("--backend=example", "clif", &["function u0:"]),
        ("--backend=example", "vcode", &["VCode {", "%v"]),
        ("--backend=example", "asm", &["push rbp", "; line 2:"]),
        (&lib_flag, "vcode", &["VCode {", "%v"]),
        (&lib_flag, "asm", &["push rbp", "; line 2:"]),
    ];
    for (backend, stage, wanted) in cases {
        let (code, stdout, stderr) = emit("fib", &[backend, &format!("--emit={stage}")]);
        assert_eq!(code, Some(0), "{backend} --emit={stage}: {stderr}");
        // Each function of the module, the program's own first.
        assert!(
            stdout.starts_with("egret_program:  ; main"),
            "{backend} --emit={stage}:\n{stdout}"
        );
        for w in *wanted {
            assert!(
                stdout.contains(w),
                "{backend} --emit={stage}: no `{w}` in:\n{stdout}"
            );
        }
    }
    // Native allocates registers after vcode: its vcode has virtual registers, its asm none.
    let (_, asm, _) = emit("fib", &["--backend=native", "--emit=asm"]);
    assert!(!asm.contains(" v1"), "{asm}");
    let (code, _, stderr) = emit("fib", &["--backend=native", "--emit=clif"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr
            .contains("the native backend has no stage `clif` for --emit (its stages: vcode, asm)"),
        "{stderr}"
    );
    // AArch64: Cranelift's own printing of the final code.
    let (code, stdout, stderr) = emit(
        "fib",
        &[
            "--backend=cranelift",
            "--emit=asm",
            "--target",
            "aarch64-unknown-linux-gnu",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("ret"), "{stdout}");
    assert!(!stdout.contains("push rbp"), "{stdout}");
}

/// Cranelift's options reach its dumps: `opt_level=none` and the single-pass allocator give
/// other code than the default.
#[test]
fn cranelift_options_change_its_dumped_code() {
    let (_, asm, _) = emit("fib", &["--backend=cranelift", "--emit=asm"]);
    let (_, o0, _) = emit(
        "fib",
        &[
            "--backend=cranelift",
            "--emit=asm",
            "-C",
            "backend-arg=opt_level=none",
        ],
    );
    assert_ne!(asm, o0);
    let (_, single, _) = emit(
        "fib",
        &[
            "--backend=cranelift",
            "--emit=asm",
            "-C",
            "backend-arg=regalloc_algorithm=single_pass",
        ],
    );
    assert_ne!(asm, single);
}

/// `--time-passes` sees inside Cranelift: its passes one by one (as the native backend's isel,
/// regalloc, emit), and the object writer's share, under the backend's stage.
#[test]
fn time_passes_lists_cranelifts_own_passes() {
    let ml = root().join("examples/c_closures.ml");
    let dir = std::env::temp_dir().join(format!("egret-time-passes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(egret())
        .args(["build", "--backend=cranelift", "--time-passes", "-o"])
        .arg(dir.join("prog"))
        .arg(&ml)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success());
    let report = String::from_utf8_lossy(&out.stderr);
    let stage = report
        .lines()
        .position(|l| l.ends_with("codegen+object"))
        .unwrap_or_else(|| panic!("no backend stage:\n{report}"));
    let passes: Vec<&str> = report
        .lines()
        .skip(stage + 1)
        .map_while(|l| {
            // Sub-passes are indented under the stage, with no memory column.
            let name = l.split_whitespace().nth(2)?;
            (!l.contains("MiB")).then_some(name)
        })
        .collect();
    for pass in [
        "ssa-to-clif",
        "clif-opt",
        "isel",
        "regalloc",
        "emit",
        "object",
    ] {
        assert!(
            passes.contains(&pass),
            "no `{pass}` in {passes:?}:\n{report}"
        );
    }
}
