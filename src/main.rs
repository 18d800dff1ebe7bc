//! The `egret` command line: `build`, `run` (`run --jit`: [`jit`]), `check`, `stdlib`,
//! `backends` and `test-backend` ([`backends`], [`conformance`]).
//!
//! This crate only parses flags, renders diagnostics and glues the pipeline together: the
//! compiler is `egret-plugin` (`driver::compile_to_ssa`, `driver::codegen`), the object file,
//! debug info, linking and running in memory are `egret-adapters`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// mimalloc, which (its `override` feature) is also the process's `malloc`: what a backend library
/// allocates with its own `System` allocator and egret frees comes from the same heap.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod backends;
mod conformance;
mod jit;

use backends::{
    backend_args, choose_backend, default_examples_dir, list_backends, test_backend,
    unsupported_target,
};

use clap::{Args, Parser, Subcommand};
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};
use egret_plugin::backend::CodegenOptions;
use egret_plugin::diagnostics::{Diagnostic, Severity};
use egret_plugin::driver::{self, CompileError, Output, Session, Stage};
use egret_plugin::simplify::SimplifyOptions;

/// Exit statuses (`--help` lists them).
const EXIT_COMPILE_ERROR: u8 = 1;
const EXIT_USAGE: u8 = 2;
const EXIT_INTERNAL: u8 = 101;

const EXIT_STATUS_HELP: &str = "Exit status:
  0    success (`egret run`: the program's own exit status)
  1    the program has errors (diagnostics on stderr), or a file cannot be read or linked
  2    usage error: unknown flag or subcommand, invalid flag value (-O, -C, --emit, --backend,
       --target), a FILE that does not end in .ml, an output that is the source file
  101  internal compiler error (a bug in egret)";

#[derive(Parser)]
#[command(
    name = "egret",
    version,
    about = "An ahead-of-time compiler for a strict subset of OCaml",
    after_help = EXIT_STATUS_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The OCaml installation's stdlib directory, whose sources egret compiles (default:
    /// $EGRET_STDLIB, $OCAMLLIB, `ocamlfind ocamlc -where`, `ocamlc -where`, /usr/lib/ocaml).
    #[arg(long, global = true, value_name = "DIR")]
    stdlib: Option<PathBuf>,
    /// Also look for the units the main file uses in DIR (repeatable; searched after the main
    /// file's directory, in the order given, as ocamlopt's -I). `+DIR` is relative to the
    /// OCaml installation's stdlib directory.
    #[arg(short = 'I', global = true, value_name = "DIR")]
    include: Vec<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Compile FILE.ml to a native executable (or an object: -c, --output-obj), or link an
    /// object made by `egret build -c` (`egret build PROG.o -o OUT`).
    #[command(after_help = EXIT_STATUS_HELP)]
    Build {
        #[command(flatten)]
        common: Common,
        /// Output executable (default: FILE without `.ml`; with --output-obj or -c: FILE with
        /// `.o`; linking PROG.o: PROG).
        #[arg(short = 'o', value_name = "OUT")]
        output: Option<PathBuf>,
        /// Write one relocatable object holding the program and egret's runtime, without
        /// `main`, as ocamlopt's -output-complete-obj: a C program links it (`cc main.c prog.o
        /// -lm`), starts the OCaml program with `caml_startup(argv)` and calls the closures it
        /// registered with `Callback.register` (`caml_named_value`, `caml_callback`); its C
        /// declarations are runtime/include/egret_embed.h (or <caml/callback.h> ... with
        /// `-I runtime/include`). See examples/embed/.
        #[arg(long = "output-obj", visible_alias = "output-complete-obj")]
        output_obj: bool,
        /// Compile to a relocatable object (FILE with `.o`; with -g, its DWARF) without
        /// linking; `egret build FILE.o -o OUT` links it with the runtime later. The object
        /// holds the whole program: with several source files it is one object for all of
        /// them (name it with -o), as egret has no separate compilation of units yet.
        #[arg(short = 'c', conflicts_with = "output_obj")]
        compile_only: bool,
    },
    /// Compile FILE.ml and run it; arguments after `--` go to the program (`Sys.argv`).
    #[command(after_help = EXIT_STATUS_HELP)]
    Run {
        #[command(flatten)]
        common: Common,
        /// Compile into memory and run there, with the runtime linked into egret (Cranelift by
        /// default): no executable, no file written. The program's output, exit status and
        /// `Sys.argv` (its source file's path first, as `ocaml FILE.ml`'s) are an executable's;
        /// `Sys.executable_name` is egret's path. Not with -g.
        #[arg(long)]
        jit: bool,
        #[arg(last = true, value_name = "ARGS")]
        args: Vec<String>,
    },
    /// Print the OCaml installation egret compiles the stdlib from, and where each stdlib
    /// module comes from: the installation's sources or egret's own prelude; then the
    /// libraries egret provides (Unix, linked by `unix.cmxa`).
    Stdlib,
    /// List the built-in codegen backends (`--backend=NAME`), their targets and their options
    /// (`-C backend-arg=KEY=VALUE`); and those of the backend libraries LIB given.
    Backends {
        /// Backend libraries (`PATH.so`) to check and list too.
        #[arg(value_name = "LIB")]
        libraries: Vec<PathBuf>,
    },
    /// Run the conformance suite with BACKEND, in parts: `examples` (build every end-to-end
    /// example with it, `egret build --verify`, run it, and compare its stdout, stderr and exit
    /// code with ocamlopt's: `NAME.out`, `NAME.err`, `NAME.code`), `gc-stress` (the same with a
    /// collection at every allocation), `testsuite` (the tests of OCaml's testsuite egret passes
    /// with its own backends; needs Debian's ocaml-source), `debuginfo` (-g changes no code, the
    /// line table is sound). One PASS or FAIL line per item, a summary per part; a part that
    /// cannot run says SKIP. Exit status 0 when all pass, 1 otherwise.
    #[command(name = "test-backend")]
    TestBackend {
        /// A built-in backend (`egret backends`) or the path of a backend library.
        #[arg(value_name = "BACKEND")]
        backend: String,
        /// The parts to run, comma-separated (default: all): examples, gc-stress, testsuite,
        /// debuginfo.
        #[arg(long, value_name = "PARTS", value_delimiter = ',')]
        parts: Vec<String>,
        /// The examples folder (default: `examples` here, else egret's own).
        #[arg(long, value_name = "DIR")]
        examples: Option<PathBuf>,
        /// Only the examples whose name contains TEXT.
        #[arg(long, value_name = "TEXT")]
        filter: Option<String>,
        /// Programs built and run at once (default: the number of CPUs).
        #[arg(short = 'j', long, value_name = "N")]
        jobs: Option<usize>,
        /// Seconds a program may run before it is killed (and fails).
        #[arg(long, default_value = "60", value_name = "SECONDS")]
        timeout: u64,
        /// More flags for each build, after `--`: e.g. `-- -O0 -C backend-arg=K=V`.
        #[arg(last = true, value_name = "BUILD-FLAGS")]
        build_flags: Vec<String>,
    },
    /// Type-check FILE.ml without generating code.
    #[command(after_help = EXIT_STATUS_HELP)]
    Check {
        /// The source files (several: compilation units in link order, `.mli` interfaces;
        /// `unix.cmxa`: the Unix library).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Type the one FILE as toplevel phrases, as OCaml's toplevel (and its `expect` tests)
        /// does, and stop after typing: a top-level binding whose type keeps a weak type
        /// variable (`let r = ref []`) is not an error, as it is at the end of a unit.
        #[arg(long)]
        toplevel: bool,
    },
}

#[derive(Args, Clone)]
struct Common {
    /// The source file; or several, as ocamlopt takes them: `.ml` compilation units in link
    /// order (the module `A` of `a.ml`), each with its `.mli` interface if given. `unix.cmxa`
    /// among them links OCaml's Unix library, as with ocamlopt (`ocamlfind ... -package unix`
    /// passes it): without it `Unix` is unbound.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Code generator: `native` (egret's own x86-64 backend), `cranelift`, `example`
    /// (Cranelift behind checks, with a per-function report: `EGRET_EXAMPLE_REPORT=-|PATH`),
    /// or the path of a backend library (`PATH.so`, built by the same rustc against the same
    /// egret: see README, "Writing a backend"). Default: native; cranelift with `run --jit`.
    #[arg(long, value_name = "NAME")]
    backend: Option<String>,
    /// Print the IR of a stage and stop: ast, lambda, inline-report, simplified, mono, closure,
    /// ssa, opt; then the backend's own (`egret backends`): clif (Cranelift's IR), vcode (after
    /// instruction selection, before register allocation), asm (the final code, disassembled).
    #[arg(long, value_name = "STAGE")]
    emit: Option<String>,
    /// Print the time each stage took (to stderr).
    #[arg(long)]
    time_passes: bool,
    /// Generate debug information (DWARF) for gdb.
    #[arg(short = 'g')]
    debug: bool,
    /// As ocamlopt's -unsafe (also spelt `-unsafe`): `a.(i)`, `s.[i]`, `a.{i}` (and their
    /// `<-`) are `Array.unsafe_get` ..., whose out-of-bounds access is undefined; egret's
    /// unsafe accessors still check bounds for now. An explicit `Array.get` stays checked.
    #[arg(long = "unsafe")]
    unsafe_indexing: bool,
    /// Optimisation level, 0 to 2: 0 turns the SSA optimizer and Cranelift's optimizer off.
    #[arg(short = 'O', default_value = "2", value_name = "LEVEL",
          value_parser = clap::value_parser!(u8).range(0..=2))]
    opt_level: u8,
    /// Codegen options: `inline-threshold=N`, `simplify=on|off`, `simplify-passes=N`, `opt=on|off` (the SSA optimizer), `ocaml-inlining=on|off` (inline only what ocamlopt would; on by default with -g, or when the program calls Printexc.record_backtrace), `keep-exports=on|off` (keep the program's top-level functions it never calls, as ocamlopt does, so that gdb can break in them; on by default with -g),
    /// `backend-arg=KEY=VALUE` (an option of the backend: `egret backends` lists them).
    #[arg(short = 'C', value_name = "OPT=VALUE")]
    codegen: Vec<String>,
    /// Target triple (the Cranelift backend also supports aarch64-unknown-linux-gnu).
    #[arg(long, value_name = "TRIPLE")]
    target: Option<String>,
    /// Run every IR verifier between stages.
    #[arg(long)]
    verify: bool,
    /// The program links the Unix library: `unix.cmxa` was among the files (see
    /// [`take_libraries`]).
    #[arg(skip)]
    unix: bool,
}

/// A `-I` directory: `+DIR` is the installation's `DIR` (ocamlopt's `-I +unix`).
fn include_dir(dir: &Path) -> PathBuf {
    match dir.to_str().and_then(|d| d.strip_prefix('+')) {
        Some(sub) => match egret_plugin::stdlib::current() {
            Ok(inst) => inst.dir.join(sub),
            Err(_) => dir.to_path_buf(),
        },
        None => dir.to_path_buf(),
    }
}

/// The compiler thread's stack: the first of these sizes the system grants (only address space
/// until used; a limit such as `ulimit -v` refuses the bigger ones).
const COMPILER_STACK_BYTES: [usize; 4] = [4 << 30, 1 << 30, 256 << 20, 64 << 20];

/// The arguments, with ocamlopt's spelling `-unsafe` read as `--unsafe` (up to a `--`).
fn command_line() -> Vec<std::ffi::OsString> {
    let mut rest = false;
    std::env::args_os()
        .map(|a| {
            rest |= a == "--";
            if !rest && a == "-unsafe" {
                "--unsafe".into()
            } else {
                a
            }
        })
        .collect()
}

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

/// A usage error: the message, exit status 2 (as clap's own).
fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    eprintln!("\nFor more information, try '--help'.");
    ExitCode::from(EXIT_USAGE)
}

/// OCaml compilers take only files they know what to do with: FILE must end in `.ml`
/// (`ocamlopt prog` says "don't know what to do with prog" and exits 2). This also means the
/// default output, FILE without `.ml`, is never the source itself.
fn check_source_name(file: &Path, several: bool) -> Result<(), ExitCode> {
    let ext_ok = file
        .extension()
        .is_some_and(|e| e == "ml" || (several && e == "mli"));
    if ext_ok && file.file_stem().is_some_and(|s| !s.is_empty()) {
        Ok(())
    } else {
        Err(usage_error(&format!(
            "don't know what to do with `{}`: the source file must end in .ml{}",
            file.display(),
            if several { " or .mli" } else { "" }
        )))
    }
}

/// [`check_source_name`] of each file; several files need a `.ml` among them.
fn check_source_names(files: &[PathBuf]) -> Result<(), ExitCode> {
    let several = files.len() > 1;
    for f in files {
        check_source_name(f, several)?;
    }
    if !files
        .iter()
        .any(|f| f.extension().is_some_and(|e| e == "ml"))
    {
        return Err(usage_error(
            "no implementation (.ml) among the source files",
        ));
    }
    Ok(())
}

/// Takes the libraries named among the source files out of them, as ocamlopt takes them
/// (`egret build unix.cmxa prog.ml`, [`egret_plugin::libraries`]): whether the Unix library
/// is linked. Another `.cmxa` is a usage error naming the ones egret provides.
fn take_libraries(command: &mut Command) -> Result<bool, ExitCode> {
    let (files, common) = match command {
        Command::Build { common, .. } | Command::Run { common, .. } => {
            (&mut common.files, Some(&mut common.unix))
        }
        Command::Check { files, .. } => (files, None),
        _ => return Ok(false),
    };
    let mut unix = false;
    let mut kept = Vec::new();
    for f in files.drain(..) {
        if f.extension().is_some_and(|e| e == "cmxa") {
            match egret_plugin::libraries::by_archive(&f) {
                Some(lib) if lib.module == "Unix" => unix = true,
                _ => {
                    let known: Vec<&str> = egret_plugin::libraries::LIBRARIES
                        .iter()
                        .map(|l| l.archive)
                        .collect();
                    return Err(usage_error(&format!(
                        "egret does not provide the library `{}` (it provides: {})",
                        f.display(),
                        known.join(", ")
                    )));
                }
            }
        } else {
            kept.push(f);
        }
    }
    if kept.is_empty() {
        return Err(usage_error("no source file (.ml) among the arguments"));
    }
    *files = kept;
    if let Some(flag) = common {
        *flag = unix;
    }
    Ok(unix)
}

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

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// The program's source files as diagnostics and debug info see them: each file's text at
/// its place in the program's text (one file: the file at offset 0).
struct Sources {
    files: Vec<(PathBuf, u32, String)>,
}

impl Sources {
    /// The file holding byte offset `offset` of the program's text, and the offset in it.
    fn locate(&self, offset: u32) -> (usize, u32) {
        let i = self
            .files
            .partition_point(|(_, base, _)| *base <= offset)
            .saturating_sub(1);
        (i, offset - self.files[i].1.min(offset))
    }

    /// 1-based line and column of a byte offset of the program's text, in its file.
    fn line_col(&self, offset: u32) -> (u32, u32) {
        let (i, local) = self.locate(offset);
        line_col(&self.files[i].2, local)
    }
}

impl Common {
    /// The file a program is named after: the last `.ml`.
    fn main_file(&self) -> &Path {
        self.files
            .iter()
            .rev()
            .find(|f| f.extension().is_some_and(|e| e == "ml"))
            .unwrap_or(&self.files[0])
    }
}

/// Reads the sources and runs the front half of the pipeline. A source is bytes, as OCaml
/// reads it (Latin-1 in a string literal or a comment is kept); the texts returned, for
/// diagnostics and debug info, are their views with the same byte offsets
/// (`syntax::text_view`).
fn front(
    common: &Common,
    mode: BuildMode,
) -> Result<(Output, Session, driver::Options, Sources), ExitCode> {
    let mut opts = options(common)?;
    opts.lower.callback_entries = mode == BuildMode::CompleteObject;
    let (inputs, sources) = read_sources(common)?;
    let mut sess = Session {
        measure_memory: common.time_passes,
        ..Session::default()
    };
    let result = if inputs.len() == 1 {
        driver::compile_bytes_to_ssa(&inputs[0].bytes, &opts, &mut sess)
    } else {
        driver::compile_files(&inputs, &opts, &mut sess)
    };
    render(&sources, &sess.warnings);
    match result {
        Ok(out) => Ok((out, sess, opts, sources)),
        Err(e) => Err(report_error(&sources, e)),
    }
}

/// `egret check --toplevel FILE.ml`: the file typed as toplevel phrases
/// ([`driver::type_toplevel_phrases`]).
fn check_toplevel(common: &Common) -> ExitCode {
    let run = || -> Result<(), ExitCode> {
        let opts = options(common)?;
        let (inputs, sources) = read_sources(common)?;
        let mut sess = Session::default();
        let result = driver::type_toplevel_phrases(&inputs[0].bytes, &opts, &mut sess);
        render(&sources, &sess.warnings);
        result.map_err(|e| report_error(&sources, e))
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// The source files of `common`, read, and their texts for diagnostics.
fn read_sources(common: &Common) -> Result<(Vec<driver::SourceInput>, Sources), ExitCode> {
    let mut inputs = Vec::new();
    for file in &common.files {
        match std::fs::read(file) {
            Ok(bytes) => inputs.push(driver::SourceInput {
                // As given on the command line, as ocamlopt names it (`sub/d.ml`).
                name: file.to_string_lossy().into_owned(),
                bytes,
            }),
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", file.display());
                return Err(ExitCode::from(EXIT_COMPILE_ERROR));
            }
        }
    }
    let (_, placed) = driver::program_text(&inputs);
    let sources = Sources {
        files: (common.files.iter().zip(&inputs).zip(&placed))
            .map(|((path, input), f)| {
                let text = egret_plugin::syntax::text_view(&input.bytes).into_owned();
                (path.clone(), f.base, text)
            })
            .collect(),
    };
    Ok((inputs, sources))
}

/// What `egret build` writes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BuildMode {
    /// An executable (the default).
    Executable,
    /// `--output-obj`: the program and the runtime as one relocatable object, no `main`.
    CompleteObject,
    /// `-c`: the program's relocatable object alone (no runtime), linked later by
    /// `egret build FILE.o`.
    Object,
}

impl BuildMode {
    /// The default output's extension (FILE with it).
    fn extension(self) -> &'static str {
        match self {
            BuildMode::Executable => "",
            BuildMode::CompleteObject | BuildMode::Object => "o",
        }
    }
}

/// A program compiled up to the backend: its SSA module, with the session (timings), the
/// options and the sources it was compiled with.
struct Compiled {
    module: egret_plugin::ssa::ir::Module,
    sess: Session,
    opts: driver::Options,
    sources: Sources,
}

/// Runs the pipeline up to the backend with `backend`; `None` when `--emit` printed a stage
/// (the backend's own stages included) instead.
fn compile_to_module(
    common: &Common,
    backend: &dyn egret_plugin::backend::CodegenBackend,
    mode: BuildMode,
) -> Result<Option<Compiled>, ExitCode> {
    let (output, sess, opts, sources) = front(common, mode)?;
    let module = match output {
        Output::Emitted(text) => {
            print!("{text}");
            return Ok(None);
        }
        Output::Module(m) => m,
    };
    if let Some(stage) = opts.emit.filter(|s| s.is_backend()) {
        let line_of = |offset: u32| sources.line_col(offset);
        return match driver::emit_backend_stage(&module, backend, stage, &opts.codegen, &line_of) {
            Err(usage) => Err(usage_error(&usage)),
            Ok(Err(e)) => Err(report_error(&sources, e)),
            Ok(Ok(text)) => {
                print!("{text}");
                Ok(None)
            }
        };
    }
    Ok(Some(Compiled {
        module,
        sess,
        opts,
        sources,
    }))
}

/// Records the backend's passes, summed over the module's functions, under the stage that
/// just ran (`--time-passes`).
fn record_backend_passes(
    sess: &mut Session,
    stats: &[(
        egret_plugin::ssa::ir::FuncId,
        egret_plugin::backend::FunctionStats,
    )],
) {
    let mut passes: Vec<(&'static str, std::time::Duration)> = Vec::new();
    for (_, stats) in stats {
        for &(name, d) in &stats.pass_times {
            match passes.iter_mut().find(|(n, _)| *n == name) {
                Some((_, total)) => *total += d,
                None => passes.push((name, d)),
            }
        }
    }
    for (name, d) in passes {
        sess.record_subpass(name, d);
    }
}

/// Builds the executable (or object); returns whether one was produced (false when `--emit`
/// printed).
fn build(common: &Common, out: &Path, mode: BuildMode) -> Result<bool, ExitCode> {
    let chosen = choose_backend(common, "native")?;
    let backend = chosen.get();
    let Some(Compiled {
        module,
        mut sess,
        opts,
        sources,
    }) = compile_to_module(common, backend, mode)?
    else {
        return Ok(false);
    };
    // Debug info and the backtrace table describe one file (`-g` with several is refused in
    // `main`; without it, several files' programs have no backtrace locations).
    let source_info = egret_adapters::SourceInfo {
        path: &sources.files[0].0,
        text: &sources.files[0].2,
    };
    let one_file = sources.files.len() == 1;
    let object = sess.time_stage("codegen+object", || {
        egret_adapters::write_object_with_source(
            &module,
            backend,
            &opts.codegen,
            one_file.then_some(&source_info),
        )
    });
    let object = match object {
        Ok(o) => {
            record_backend_passes(&mut sess, &o.stats);
            o
        }
        Err(egret_adapters::ObjectError::UnsupportedTarget { backend, target }) => {
            return Err(unsupported_target(&chosen.registry, backend, &target));
        }
        Err(egret_adapters::ObjectError::Backend(e)) => {
            return Err(report_error(
                &sources,
                CompileError::Internal {
                    stage: "backend",
                    message: e.to_string(),
                },
            ))
        }
    };
    let linked = sess.time_stage("link", || match mode {
        BuildMode::Executable => egret_adapters::link(&object.bytes, out, &opts.codegen.target),
        BuildMode::CompleteObject => {
            egret_adapters::link_complete_object(&object.bytes, out, &opts.codegen.target)
        }
        BuildMode::Object => {
            std::fs::write(out, &object.bytes).map_err(|error| egret_adapters::LinkError::Io {
                what: format!("writing {}", out.display()),
                error,
            })
        }
    });
    if let Err(e) = linked {
        eprintln!("error: {e}");
        return Err(ExitCode::from(EXIT_COMPILE_ERROR));
    }
    if common.time_passes {
        eprint!("{}", sess.report());
    }
    Ok(true)
}

/// `egret build PROG.o [-o OUT]`: links an object made by `egret build -c` with the runtime.
fn link_object(common: &Common, output: Option<&Path>) -> ExitCode {
    let [object] = common.files.as_slice() else {
        return usage_error(
            "egret links one object, made by `egret build -c` from all of the program's source \
             files (separate compilation of units is not supported yet)",
        );
    };
    let out = output
        .map(Path::to_path_buf)
        .unwrap_or_else(|| object.with_extension(""));
    if same_file(&out, object) {
        return usage_error(&format!(
            "the output `{}` is the object file",
            out.display()
        ));
    }
    let bytes = match std::fs::read(object) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", object.display());
            return ExitCode::from(EXIT_COMPILE_ERROR);
        }
    };
    let host = format!("{}-unknown-linux-gnu", std::env::consts::ARCH);
    let target = common.target.clone().unwrap_or(host);
    if let Err(message) = egret_adapters::link::check_program_object(&bytes, &target) {
        eprintln!("error: {}: {message}", object.display());
        return ExitCode::from(EXIT_COMPILE_ERROR);
    }
    match egret_adapters::link(&bytes, &out, &target) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_COMPILE_ERROR)
        }
    }
}

/// 1-based line and column of a byte offset in `source`.
fn line_col(source: &str, offset: u32) -> (u32, u32) {
    let before = &source.as_bytes()[..(offset as usize).min(source.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
    let col = before.iter().rev().take_while(|&&b| b != b'\n').count() as u32 + 1;
    (line, col)
}

fn options(common: &Common) -> Result<driver::Options, ExitCode> {
    let emit = match &common.emit {
        None => None,
        Some(name) => match Stage::from_name(name) {
            Some(s) => Some(s),
            None => {
                let names: Vec<&str> = Stage::ALL.iter().map(|(n, _)| *n).collect();
                return Err(usage_error(&format!(
                    "unknown stage `{name}` for --emit (stages: {})",
                    names.join(", ")
                )));
            }
        },
    };
    let mut simplify = SimplifyOptions {
        // Backtraces show ocamlopt's frames: its inlining decisions, with -g or when the
        // program turns backtraces on.
        ocaml_inlining: common.debug,
        ocaml_inlining_when_recording: true,
        // gdb can break in the functions the program never calls, as in ocamlopt's.
        keep_exports: common.debug,
        ..SimplifyOptions::default()
    };
    let mut ssa_opt = true;
    for opt in &common.codegen {
        let (key, value) = opt.split_once('=').unwrap_or((opt.as_str(), ""));
        let bad = || usage_error(&format!("invalid value `{value}` for -C {key}"));
        match key {
            "inline-threshold" => simplify.inline_threshold = value.parse().map_err(|_| bad())?,
            "simplify-passes" => simplify.max_passes = value.parse().map_err(|_| bad())?,
            "simplify" => {
                simplify.enabled = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad()),
                }
            }
            "ocaml-inlining" => {
                simplify.ocaml_inlining = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad()),
                };
                simplify.ocaml_inlining_when_recording = false;
            }
            "keep-exports" => {
                simplify.keep_exports = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad()),
                }
            }
            "opt" => {
                ssa_opt = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad()),
                }
            }
            // Checked against the backend's options by `build`.
            "backend-arg" => {}
            _ => {
                return Err(usage_error(&format!("unknown codegen option `-C {key}` (known: inline-threshold=N, simplify=on|off, simplify-passes=N, ocaml-inlining=on|off, keep-exports=on|off, opt=on|off, backend-arg=KEY=VALUE)")));
            }
        }
    }
    let host = format!("{}-unknown-linux-gnu", std::env::consts::ARCH);
    Ok(driver::Options {
        lower: Default::default(),
        parse: egret_plugin::syntax::ParseOptions {
            unsafe_indexing: common.unsafe_indexing,
        },
        file_name: common.main_file().to_string_lossy().into_owned(),
        unix: common.unix,
        emit,
        time_passes: common.time_passes,
        verify: common.verify || cfg!(debug_assertions),
        simplify,
        optimize: common.opt_level > 0 && ssa_opt,
        codegen: CodegenOptions {
            target: common.target.clone().unwrap_or(host),
            opt_level: common.opt_level,
            debug_info: common.debug,
            verify: common.verify || cfg!(debug_assertions),
            backend_args: backend_args(common)?,
        },
    })
}

fn run(exe: &Path, args: &[String]) -> ExitCode {
    use std::os::unix::process::ExitStatusExt;
    match std::process::Command::new(exe).args(args).status() {
        Ok(status) => match (status.code(), status.signal()) {
            (Some(c), _) => ExitCode::from(c as u8),
            (None, Some(sig)) => {
                eprintln!("egret: the program was killed by signal {sig}");
                ExitCode::from(128 + sig as u8)
            }
            _ => ExitCode::from(EXIT_COMPILE_ERROR),
        },
        Err(e) => {
            eprintln!("error: cannot run {}: {e}", exe.display());
            ExitCode::from(EXIT_COMPILE_ERROR)
        }
    }
}

fn report_error(sources: &Sources, e: CompileError) -> ExitCode {
    match e {
        CompileError::User(ds) => {
            render(sources, &ds);
            ExitCode::from(EXIT_COMPILE_ERROR)
        }
        CompileError::Internal { stage, message } => {
            eprintln!("error: internal compiler error in stage `{stage}`: {message}");
            eprintln!(
                "note: this is a bug in egret; please report it with the program that triggered it"
            );
            ExitCode::from(EXIT_INTERNAL)
        }
    }
}

/// Prints diagnostics as `file:line:col`, the source line and a caret under the span.
fn render(sources: &Sources, diags: &[Diagnostic]) {
    let mut files = SimpleFiles::new();
    for (path, _, text) in &sources.files {
        files.add(path.display().to_string(), text.as_str());
    }
    let writer = termcolor::StandardStream::stderr(termcolor::ColorChoice::Never);
    let config = term::Config::default();
    for d in diags {
        let report = match d.severity {
            Severity::Error => Report::error(),
            Severity::Warning => Report::warning(),
        }
        .with_message(&d.message)
        .with_notes(d.notes.clone());
        let report = match d.span {
            Some(s) => {
                let (file, lo) = sources.locate(s.lo);
                let hi = (lo + (s.hi - s.lo)) as usize;
                let hi = hi.min(sources.files[file].2.len());
                report.with_labels(vec![
                    Label::primary(file, (lo as usize).min(hi)..hi).with_message(&d.label)
                ])
            }
            None => report,
        };
        let _ = term::emit(&mut writer.lock(), &config, &files, &report);
    }
}

/// Panics are internal compiler errors: report them as such (exit 101), never as a raw
/// backtrace.
fn install_ice_hook() {
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("error: internal compiler error: {msg}{at}");
        eprintln!(
            "note: this is a bug in egret; please report it with the program that triggered it"
        );
        std::process::exit(i32::from(EXIT_INTERNAL));
    }));
}
