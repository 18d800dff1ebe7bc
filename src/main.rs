//! The `egret` command line: `build`, `run` (`run --jit`: [`jit`]), `check`, `stdlib`,
//! `backends` and `test-backend` ([`backends`], [`conformance`]).
//!
//! This crate only parses flags, renders diagnostics and glues the pipeline together: the
//! compiler is `egret-plugin` (`driver::compile_to_ssa`, `driver::codegen`), the object file,
//! debug info, linking and running in memory are `egret-adapters`. The flags are [`cli`],
//! building [`build`], diagnostics [`report`].

use std::path::PathBuf;
use std::process::ExitCode;

/// mimalloc, which (its `override` feature) is also the process's `malloc`: what a backend library
/// allocates with its own `System` allocator and egret frees comes from the same heap.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod backends;
mod build;
mod cli;
mod conformance;
mod jit;
mod report;

use backends::{default_examples_dir, list_backends, test_backend};
use build::{build, check_toplevel, front, link_object, run, same_file, BuildMode};
use clap::Parser;
use cli::{
    check_source_names, command_line, include_dir, take_libraries, usage_error, Cli, Command,
    Common, EXIT_COMPILE_ERROR, EXIT_INTERNAL,
};
use egret_plugin::driver;
use report::install_ice_hook;

/// The compiler thread's stack: the first of these sizes the system grants (only address space
/// until used; a limit such as `ulimit -v` refuses the bigger ones).
const COMPILER_STACK_BYTES: [usize; 4] = [4 << 30, 1 << 30, 256 << 20, 64 << 20];

/// When egret started (`egret run --jit --time-passes` reports the time until the program
/// starts).
static STARTED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

fn main() -> ExitCode {
    let _ = STARTED.set(std::time::Instant::now());
    install_ice_hook();
    let cli = Cli::parse_from(command_line());
    let _ = egret_plugin::lambda::BIG_STACK_THREAD_HOOKS
        .set((guard_thread_stack, unguard_thread_stack));
    // The compiler's passes recurse over the program's trees: give them a big stack, so deep
    // programs (long `let` chains, big lists written out) rarely exhaust it; when one does, the
    // guard says so (a compile error, exit 1) instead of aborting.
    let mut cli = Some(cli);
    // EGRET_COMPILER_STACK=BYTES overrides the size (tests/large_input.rs: the guard's message
    // with a small stack).
    let sizes: Vec<usize> = match std::env::var("EGRET_COMPILER_STACK")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        Some(bytes) => vec![bytes],
        None => COMPILER_STACK_BYTES.to_vec(),
    };
    for bytes in sizes {
        let spawned = std::thread::Builder::new()
            .name("egret".into())
            .stack_size(bytes)
            .spawn({
                let cli = cli.take().unwrap();
                move || egret_plugin::lambda::in_big_stack_thread(|| command(cli))
            });
        match spawned {
            Ok(handle) => {
                return match handle.join() {
                    Ok(code) => code,
                    Err(_) => {
                        eprintln!("error: internal compiler error: the compiler thread failed");
                        ExitCode::from(EXIT_INTERNAL)
                    }
                };
            }
            // Not spawned: the closure (and the command line in it) is gone; parse it again.
            Err(_) => cli = Some(Cli::parse_from(command_line())),
        }
    }
    // No thread at all: compile on this one.
    command(cli.take().unwrap())
}

extern "C" {
    fn egret_cli_guard_stack(stage: *const *const u8, len: *const usize) -> i32;
    fn egret_cli_unguard_stack();
}

/// At the start of a compiler thread (this one's, and the big-stack threads the compiler
/// spawns): a fault in its stack's guard becomes "the program is nested too deeply for egret
/// ... in stage `S`", exit 1 (`src/native/stack_guard.c`).
fn guard_thread_stack() {
    let (stage, len) = driver::current_stage_location();
    // SAFETY: both pointers point into statics of the driver; the C side only reads them.
    let _ = unsafe { egret_cli_guard_stack(stage, len) };
}

/// At the end of such a thread.
fn unguard_thread_stack() {
    // SAFETY: no arguments; frees this thread's slot if it has one.
    unsafe { egret_cli_unguard_stack() }
}

/// `egret stdlib`: the installation, then one line per stdlib module with its origin.
fn print_stdlib() -> ExitCode {
    let inst = match egret_plugin::stdlib::current() {
        Ok(inst) => inst,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_COMPILE_ERROR);
        }
    };
    println!("OCaml {} at {}", inst.version, inst.dir.display());
    for (module, installed) in egret_plugin::typing::prelude_modules() {
        let origin = if installed {
            // OCaml's file of a unit: its name with the first letter lowercase
            // (`listLabels.ml`).
            let mut stem = module.clone();
            stem[..1].make_ascii_lowercase();
            inst.dir.join(format!("{stem}.ml")).display().to_string()
        } else {
            "egret's prelude (plugin/src/typing/prelude.ml)".to_string()
        };
        println!("{module:<24} {origin}");
    }
    // The libraries egret provides: their interface is the installation's, their
    // implementation egret's.
    for lib in egret_plugin::libraries::LIBRARIES {
        let mli = inst
            .dir
            .join(lib.file.replace(".ml", ".mli"))
            .display()
            .to_string();
        println!(
            "{:<24} egret's plugin/src/libraries/{} against {mli}, linked by {}",
            lib.module, lib.file, lib.archive
        );
    }
    ExitCode::SUCCESS
}

/// Runs one command line (on the compiler thread [`main`] made): the subcommand, its files
/// checked and completed (the units the main file uses), then building, running or checking.
fn command(cli: Cli) -> ExitCode {
    // For the tests of the internal-error path (tests/cli.rs): a panic here is one.
    if std::env::var_os("EGRET_TEST_INTERNAL_ERROR").is_some() {
        panic!("EGRET_TEST_INTERNAL_ERROR is set");
    }
    if let Some(dir) = &cli.stdlib {
        if let Err(e) = egret_plugin::stdlib::set_dir(dir.clone()) {
            return usage_error(&e);
        }
    }
    let mut cli = cli;
    let unix = match take_libraries(&mut cli.command) {
        Ok(unix) => unix,
        Err(code) => return code,
    };
    let files = match &cli.command {
        Command::Stdlib => return print_stdlib(),
        Command::Backends { libraries } => return list_backends(libraries),
        Command::TestBackend {
            backend,
            parts,
            examples,
            filter,
            jobs,
            timeout,
            build_flags,
        } => {
            let parts = if parts.is_empty() {
                conformance::Part::ALL.to_vec()
            } else {
                let mut chosen = Vec::new();
                for name in parts {
                    match conformance::Part::from_name(name) {
                        Some(p) => chosen.push(p),
                        None => {
                            return usage_error(&format!(
                                "unknown part `{name}` for --parts (parts: examples, gc-stress, \
                                 testsuite, debuginfo)"
                            ))
                        }
                    }
                }
                chosen
            };
            return test_backend(
                &parts,
                conformance::Suite {
                    backend: backend.clone(),
                    dir: examples.clone().unwrap_or_else(default_examples_dir),
                    filter: filter.clone(),
                    build_flags: build_flags.clone(),
                    jobs: jobs.unwrap_or_else(|| {
                        std::thread::available_parallelism().map_or(1, |n| n.get())
                    }),
                    timeout: std::time::Duration::from_secs(*timeout),
                },
            );
        }
        Command::Check { files, .. } => files,
        Command::Build { common, .. } | Command::Run { common, .. } => &common.files,
    };
    // `egret build PROG.o -o OUT`: link an object made by `egret build -c`.
    if files
        .iter()
        .any(|f| f.extension().is_some_and(|e| e == "o"))
    {
        return match &cli.command {
            Command::Build {
                common,
                output,
                output_obj: false,
                compile_only: false,
            } => link_object(common, output.as_deref()),
            _ => usage_error(
                "an object file (.o) is linked by `egret build PROG.o -o OUT` alone (no -c, \
                 --output-obj or `egret run`)",
            ),
        };
    }
    if let Err(code) = check_source_names(files) {
        return code;
    }
    // `egret build main.ml`: the units main.ml uses that are next to it come too.
    let given = match &mut cli.command {
        Command::Build { common, .. } | Command::Run { common, .. } => Some(&mut common.files),
        Command::Check {
            files,
            toplevel: false,
        } => Some(files),
        _ => None,
    };
    let include: Vec<PathBuf> = cli.include.iter().map(|d| include_dir(d)).collect();
    if let Some(files) = given.filter(|f| f.len() == 1) {
        match egret_plugin::driver::units::program_files(&files[0], &include) {
            Ok(found) => *files = found,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(EXIT_COMPILE_ERROR);
            }
        }
    }
    if let Command::Build { common, .. } | Command::Run { common, .. } = &cli.command {
        if common.debug && common.files.len() > 1 {
            return usage_error("-g with several source files is not supported yet");
        }
    }
    match cli.command {
        Command::Stdlib | Command::Backends { .. } | Command::TestBackend { .. } => {
            unreachable!("handled above")
        }
        Command::Check { files, toplevel } => {
            if toplevel && files.len() != 1 {
                return usage_error("--toplevel types one file");
            }
            let common = Common {
                files,
                backend: None,
                emit: None,
                time_passes: false,
                debug: false,
                unsafe_indexing: false,
                opt_level: 0,
                codegen: vec![],
                target: None,
                verify: true,
                unix,
            };
            if toplevel {
                return check_toplevel(&common);
            }
            match front(&common, BuildMode::Executable) {
                Ok(_) => ExitCode::SUCCESS,
                Err(code) => code,
            }
        }
        Command::Build {
            common,
            output,
            output_obj,
            compile_only,
        } => {
            let mode = if output_obj {
                BuildMode::CompleteObject
            } else if compile_only {
                BuildMode::Object
            } else {
                BuildMode::Executable
            };
            if mode == BuildMode::Object && output.is_none() && common.files.len() > 1 {
                return usage_error(
                    "-c with several source files writes one object of the whole program \
                     (egret has no separate compilation of units yet): name it with -o",
                );
            }
            let out = output.unwrap_or_else(|| common.main_file().with_extension(mode.extension()));
            if common.files.iter().any(|f| same_file(&out, f)) {
                return usage_error(&format!(
                    "the output `{}` is the source file",
                    out.display()
                ));
            }
            match build(&common, &out, mode) {
                Ok(_) => ExitCode::SUCCESS,
                Err(code) => code,
            }
        }
        Command::Run {
            common,
            jit: true,
            args,
        } => jit::run(&common, &args),
        Command::Run {
            common,
            jit: false,
            args,
        } => {
            let dir = std::env::temp_dir().join(format!("egret-run-{}", std::process::id()));
            if let Err(e) = std::fs::create_dir_all(&dir) {
                eprintln!("error: cannot create {}: {e}", dir.display());
                return ExitCode::from(EXIT_COMPILE_ERROR);
            }
            let exe = dir.join(common.main_file().file_stem().unwrap_or_default());
            let built = build(&common, &exe, BuildMode::Executable);
            let code = match built {
                Ok(false) => ExitCode::SUCCESS,
                Ok(true) => run(&exe, &args),
                Err(code) => code,
            };
            let _ = std::fs::remove_dir_all(&dir);
            code
        }
    }
}
