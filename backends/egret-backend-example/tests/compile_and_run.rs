//! Programs compiled through the `example` backend by a driver of its own (the library API, not
//! egret's CLI): source → SSA (`egret_plugin::driver`) → object through a `BackendRegistry`
//! holding the example backend → executable (`egret_adapters::link`) → run, with stdout, stderr
//! and exit code compared with ocamlopt's (`examples/NAME.out`, `.err`, `.code`).

use egret_backend_example::{ExampleBackend, ReportTo};
use egret_plugin::backend::CodegenOptions;
use egret_plugin::driver::{self, Output, Session};
use std::path::{Path, PathBuf};
use std::process::Command;

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn read_or(path: &Path, default: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|_| default.to_string())
}

/// Compiles `examples/NAME.ml` with the registry's `example` backend for the host, runs it,
/// checks its behaviour; returns the backend's report.
fn compile_and_run(name: &str, opt_level: u8) -> String {
    let ml = examples_dir().join(format!("{name}.ml"));
    let source = std::fs::read_to_string(&ml).unwrap();
    let host = format!("{}-unknown-linux-gnu", std::env::consts::ARCH);
    let options = driver::Options {
        lower: Default::default(),
        parse: Default::default(),
        file_name: format!("{name}.ml"),
        emit: None,
        time_passes: false,
        verify: true,
        simplify: Default::default(),
        optimize: opt_level > 0,
        unix: false,
        codegen: CodegenOptions {
            target: host.clone(),
            opt_level,
            debug_info: false,
            verify: true,
            backend_args: Vec::new(),
        },
    };
    let mut session = Session::default();
    let module = match driver::compile_to_ssa(&source, &options, &mut session) {
        Ok(Output::Module(m)) => m,
        Ok(Output::Emitted(_)) => unreachable!("no --emit"),
        Err(e) => panic!("{name}: {e}"),
    };

    let dir = std::env::temp_dir().join(format!("egret-example-backend-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report_file = dir.join(format!("{name}-O{opt_level}.report"));
    let mut registry = egret_adapters::BackendRegistry::new();
    registry.register(Box::new(ExampleBackend::new(
        Box::new(egret_adapters::CraneliftBackend),
        ReportTo::File(report_file.clone()),
    )));
    let backend = registry.get("example").expect("registered");
    let object = egret_adapters::write_object(&module, backend, &options.codegen)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(object.stats.len(), module.functions.len());

    let exe = dir.join(format!("{name}-O{opt_level}"));
    egret_adapters::link(&object.bytes, &exe, &host).unwrap_or_else(|e| panic!("{name}: {e}"));
    let args: Vec<String> = read_or(&ml.with_extension("args"), "")
        .split_whitespace()
        .map(String::from)
        .collect();
    let run = Command::new(&exe).args(&args).output().unwrap();
    let _ = std::fs::remove_file(&exe);
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        read_or(&ml.with_extension("out"), ""),
        "{name}: stdout"
    );
    assert_eq!(
        String::from_utf8_lossy(&run.stderr),
        read_or(&ml.with_extension("err"), ""),
        "{name}: stderr"
    );
    assert_eq!(
        run.status.code().map(|c| c.to_string()),
        Some(read_or(&ml.with_extension("code"), "0").trim().to_string()),
        "{name}: exit code"
    );

    // The report has a row per module function and the entry wrapper.
    let report = std::fs::read_to_string(&report_file).expect("the report file");
    let _ = std::fs::remove_file(&report_file);
    for f in &module.functions {
        assert!(
            report
                .lines()
                .any(|l| l.split_whitespace().next() == Some(&f.name)),
            "{name}: no report row for {}:\n{report}",
            f.name
        );
    }
    assert!(report.contains("egret_main"), "{report}");
    report
}

#[test]
fn examples_run_through_the_example_backend() {
    for name in ["fib", "c_exceptions", "c_argv", "gc_churn", "c_wordfreq"] {
        compile_and_run(name, 2);
    }
    compile_and_run("c_exceptions", 0);
}
