//! The front half of the pipeline on every example: parse → typing → simplify → mono →
//! closure → SSA, verified at each step, with the program run by the lambda interpreter
//! (before and after the simplifier) and the SSA interpreter (before and after the
//! optimizer), every output compared with ocamlopt's.

use std::path::PathBuf;

use egret_plugin::{closure, lambda, mono, opt, simplify, ssa, syntax, typing};

fn examples() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        // An example built with `-g` (`NAME.flags`), or whose output (ocamlopt's) shows a
        // backtrace's frames, prints what only compiled code records; one linking a library
        // (`unix.cmxa`) is typed with it, which `typing::type_program` is not; the
        // interpreters run the others.
        .filter(|p| {
            let read = |e: &str| std::fs::read_to_string(p.with_extension(e)).unwrap_or_default();
            let frame = |l: &str| {
                [
                    "Raised at ",
                    "Re-raised at ",
                    "Raised by primitive operation at ",
                    "Called from ",
                ]
                .iter()
                .any(|f| l.starts_with(f))
            };
            // An example linking the Unix library (`unix.cmxa`) calls C primitives only the
            // runtime implements (egret_unix.c), as bigarrays and Marshal.
            !read("flags")
                .split_whitespace()
                .any(|f| f == "-g" || f.ends_with(".cmxa"))
                && !read("out").lines().chain(read("err").lines()).any(frame)
        })
        .collect();
    v.sort();
    // `EGRET_TEST_FILTER=sub1,sub2` runs only the examples whose name contains one of them.
    if let Ok(f) = std::env::var("EGRET_TEST_FILTER") {
        v.retain(|p| f.split(',').any(|f| p.to_string_lossy().contains(f)));
    }
    v
}

/// The exit code ocamlopt's build of example `name` ends with (`NAME.code`, default 0).
fn want_code(name: &str) -> i32 {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples");
    std::fs::read_to_string(dir.join(name).with_extension("code"))
        .ok()
        .and_then(|c| c.trim().parse().ok())
        .unwrap_or(0)
}

fn lambda_output(
    p: &lambda::ir::Program,
    name: &str,
    stage: &str,
    want: &str,
    failures: &mut Vec<String>,
) {
    if let Err(e) = lambda::verify::verify_program(p) {
        failures.push(format!(
            "{name}: lambda verifier after {stage}:\n{}",
            e.join("\n")
        ));
        return;
    }
    let opts = lambda::interp::InterpOptions {
        fuel: 2_000_000_000,
        ..Default::default()
    };
    let out = lambda::interp::run_program(p, &opts);
    let got = String::from_utf8_lossy(&out.stdout);
    // An uncaught exception or `exit` is fine when ocamlopt's build ends the same way.
    let broken = matches!(
        out.status,
        lambda::interp::Status::OutOfFuel | lambda::interp::Status::Error(_)
    );
    if got != want || broken || out.exit_code != want_code(name) {
        failures.push(format!(
            "{name} (lambda interpreter after {stage}, {:?}, exit {}): got\n{got}\nwant\n{want}\nstderr:\n{}",
            out.status,
            out.exit_code,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
}

fn to_ssa(source: &str, name: &str, want: &str, failures: &mut Vec<String>) -> ssa::ir::Module {
    let ast = syntax::parse(source).unwrap_or_else(|d| panic!("{name}: parse: {d:?}"));
    let (mut lam, _) = typing::type_program(&ast, source, name)
        .unwrap_or_else(|d| panic!("{name}: typing: {d:?}"));
    // A parser's tokens reach `caml_parse_engine` as `Obj.t`: a constant constructor must be
    // OCaml's number among the constant constructors, which the lambda interpreter's values
    // (the index in the declaration) are not. The SSA interpreter runs it.
    let lambda = name != "parsing_ocamlyacc.ml";
    if lambda {
        lambda_output(&lam, name, "typing", want, failures);
    }
    simplify::simplify_program(&mut lam, &simplify::SimplifyOptions::default());
    if lambda {
        lambda_output(&lam, name, "simplify", want, failures);
    }
    let mono = mono::monomorphize(&lam);
    if lambda {
        lambda_output(&mono, name, "mono", want, failures);
    }
    let clos = closure::convert(&mono);
    let m = ssa::lower::lower_program(&clos).unwrap_or_else(|d| panic!("{name}: lowering: {d:?}"));
    if let Err(e) = ssa::verify::verify_module(&m) {
        panic!(
            "{name}: SSA verifier:\n{}\n{}",
            e.join("\n"),
            ssa::print::print_module(&m)
        );
    }
    m
}

/// Runs every stage's check on one example; the failures found.
fn check_example(ml: &std::path::Path) -> Vec<String> {
    let mut failures = Vec::new();
    let name = ml.file_name().unwrap().to_string_lossy().to_string();
    let source = std::fs::read_to_string(ml).unwrap();
    // The output is bytes (`"\200"` printed raw): compared as the program's is, lossily.
    let want = std::fs::read(ml.with_extension("out"))
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let mut m = to_ssa(&source, &name, &want, &mut failures);
    for optimized in [false, true] {
        if optimized {
            opt::optimize_module(&mut m);
            if let Err(e) = ssa::verify::verify_module(&m) {
                panic!("{name}: SSA verifier after opt:\n{}", e.join("\n"));
            }
        }
        match ssa::interp::run_module(&m, 2_000_000_000) {
            Ok(out) => {
                let got = String::from_utf8_lossy(&out.stdout);
                if got != want || out.exit_code != want_code(&name) {
                    failures.push(format!(
                        "{name} (SSA interpreter, opt={optimized}, exit {}): got\n{got}\nwant\n{want}",
                        out.exit_code
                    ));
                }
            }
            Err(e) => failures.push(format!("{name} (opt={optimized}): {e:?}")),
        }
    }
    failures
}

#[test]
fn ssa_interpreter_matches_ocamlopt_on_examples() {
    // Long-running examples (benchmark-sized loops and allocation), those reading their
    // command line, `obj.ml` and the collector's are checked end to end only
    // (tests/examples.rs).
    let todo: Vec<PathBuf> = examples()
        .into_iter()
        .filter(|ml| {
            let name = ml.file_name().unwrap().to_string_lossy();
            !matches!(
                &*name,
                "loop.ml"
                    | "c_deep.ml"
                    | "c_bintrees.ml"
                    | "gc_churn.ml"
                    | "c_overflow.ml"
                    | "c_hanoi.ml"
                    | "c_queue_bench.ml"
                    // Obj's views of representations: the lambda interpreter's values are not
                    // machine words (a constant constructor is its index in the declaration,
                    // strings and closures are kinds of their own).
                    | "obj.ml"
                    // What the collector does (allocation counts, finalisers run, weak
                    // pointers cleared): the interpreters have no collector.
                    | "gc_counters.ml"
                    | "gc_alloc_order.ml"
                    | "gc_tuple_binding.ml"
                    | "gc_finalise.ml"
                    | "weak_ephemeron.ml"
                    | "gc_toplevel_ref.ml"
                    // Signals itself through Sys.command ($PPID): here the signals would go
                    // to the test process (the interpreters receive none).
                    | "sys_signals.ml"
            ) && !name.starts_with("bigarray_") // the C runtime's only (egret_bigarray.c)
                && !name.starts_with("marshal_") // likewise (egret_marshal.c)
                && !ml.with_extension("args").exists()
                && !ml.with_extension("stdin").exists()
        })
        .collect();
    assert!(
        !todo.is_empty(),
        "no examples to compare: nothing was checked"
    );
    // The interpreters read an empty stdin (the examples with a NAME.stdin are left out).
    lambda::chan::set_stdin(Some(Vec::new()));
    // The interpreters are slow: spread the examples over the machine's cores.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut failures = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(ml) = todo.get(i) else { break };
                        failures.extend(check_example(ml));
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker panicked"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
