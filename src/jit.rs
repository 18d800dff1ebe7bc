//! `egret run --jit`: compile the program into this process's memory and run it there
//! (`egret_adapters::jit`), with no executable and no file written.
//!
//! The chain is the build's (`compile_to_module`) up to the backend, then
//! `egret_adapters::jit::compile` instead of an object file and a linker. The compiler's
//! memory (the SSA module, the session) is freed before the program starts; from then on the
//! process is the program's, and its exit status is the program's. With `--time-passes` the
//! report (stage `codegen+jit`, the backend's passes under it) is printed before the program
//! starts, with the time since egret started.

use crate::backends::{choose_backend, unsupported_target};
use crate::build::{compile_to_module, record_backend_passes, BuildMode, Compiled};
use crate::cli::{usage_error, Common, EXIT_INTERNAL};
use crate::report::report_error;
use egret_plugin::driver::CompileError;
use std::process::ExitCode;

/// `egret run --jit FILE.ml -- ARGS`.
pub fn run(common: &Common, args: &[String]) -> ExitCode {
    if common.debug {
        return usage_error(
            "-g with --jit is not supported: code compiled in memory has no debug information \
             (build an executable with `egret build -g`)",
        );
    }
    let host = egret_adapters::isa::HOST_TARGET;
    if common.target.as_deref().is_some_and(|t| t != host) {
        return usage_error(&format!(
            "--jit runs the program in this process: the target must be the host's, `{host}`"
        ));
    }
    let chosen = match choose_backend(common, "cranelift") {
        Ok(c) => c,
        Err(code) => return code,
    };
    let backend = chosen.get();
    if backend.name() == "native" {
        return usage_error(
            "--jit with the native backend is not supported yet: its code reaches the runtime's \
             variables PC-relatively, which code placed in memory far from egret's cannot \
             (use --backend=cranelift, the default with --jit)",
        );
    }
    let Compiled {
        module,
        mut sess,
        opts,
        sources,
    } = match compile_to_module(common, backend, BuildMode::Executable) {
        Ok(Some(c)) => c,
        Ok(None) => return ExitCode::SUCCESS,
        Err(code) => return code,
    };
    let program = sess.time_stage("codegen+jit", || {
        egret_adapters::jit::compile(&module, backend, &opts.codegen)
    });
    let program = match program {
        Ok(p) => {
            record_backend_passes(&mut sess, &p.stats);
            sess.record_subpass("link in memory", p.link_time);
            p
        }
        Err(egret_adapters::ObjectError::UnsupportedTarget { backend, target }) => {
            return unsupported_target(&chosen.registry, backend, &target);
        }
        Err(egret_adapters::ObjectError::Backend(e)) => {
            return report_error(
                &sources,
                CompileError::Internal {
                    stage: "backend",
                    message: e.to_string(),
                },
            )
        }
    };
    if common.time_passes {
        eprint!("{}", sess.report());
        eprintln!(
            "{:>10.3} ms {:>13}  until the program starts (since egret started)",
            crate::STARTED
                .get()
                .map_or(0.0, |t| t.elapsed().as_secs_f64() * 1e3),
            ""
        );
    }
    // Sys.argv: the source's path first, as the toplevel's `ocaml FILE.ml ARGS`.
    let mut argv = vec![common.main_file().to_string_lossy().into_owned()];
    argv.extend(args.iter().cloned());
    // The compiler's memory is the program's now.
    drop((module, sess, opts, sources));
    match program.run(&argv) {
        Ok(code) => ExitCode::from(code as u8),
        // The program never started (no entry, a second program): the backend's or egret's bug.
        Err(e) => {
            eprintln!("error: internal compiler error: {e}");
            ExitCode::from(EXIT_INTERNAL)
        }
    }
}
