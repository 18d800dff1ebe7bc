//! The command line's shape: its subcommands and flags (clap), the checks on the files given,
//! and the flags turned into [`driver::Options`]. Exit statuses are defined here: every usage
//! error goes through [`usage_error`] (exit 2).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use egret_plugin::backend::CodegenOptions;
use egret_plugin::driver::{self, Stage};
use egret_plugin::simplify::SimplifyOptions;

use crate::backends::backend_args;

/// Exit statuses (`--help` lists them).
pub(crate) const EXIT_COMPILE_ERROR: u8 = 1;
pub(crate) const EXIT_USAGE: u8 = 2;
pub(crate) const EXIT_INTERNAL: u8 = 101;

pub(crate) const EXIT_STATUS_HELP: &str = "Exit status:
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
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
    /// The OCaml installation's stdlib directory, whose sources egret compiles (default:
    /// $EGRET_STDLIB, $OCAMLLIB, `ocamlfind ocamlc -where`, `ocamlc -where`, /usr/lib/ocaml).
    #[arg(long, global = true, value_name = "DIR")]
    pub(crate) stdlib: Option<PathBuf>,
    /// Also look for the units the main file uses in DIR (repeatable; searched after the main
    /// file's directory, in the order given, as ocamlopt's -I). `+DIR` is relative to the
    /// OCaml installation's stdlib directory.
    #[arg(short = 'I', global = true, value_name = "DIR")]
    pub(crate) include: Vec<PathBuf>,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
pub(crate) struct Common {
    /// The source file; or several, as ocamlopt takes them: `.ml` compilation units in link
    /// order (the module `A` of `a.ml`), each with its `.mli` interface if given. `unix.cmxa`
    /// among them links OCaml's Unix library, as with ocamlopt (`ocamlfind ... -package unix`
    /// passes it): without it `Unix` is unbound.
    #[arg(required = true, value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
    /// Code generator: `native` (egret's own x86-64 backend), `cranelift`, `example`
    /// (Cranelift behind checks, with a per-function report: `EGRET_EXAMPLE_REPORT=-|PATH`),
    /// or the path of a backend library (`PATH.so`, built by the same rustc against the same
    /// egret: see README, "Writing a backend"). Default: native; cranelift with `run --jit`.
    #[arg(long, value_name = "NAME")]
    pub(crate) backend: Option<String>,
    /// Print the IR of a stage and stop: ast, lambda, inline-report, simplified, mono, closure,
    /// ssa, opt; then the backend's own (`egret backends`): clif (Cranelift's IR), vcode (after
    /// instruction selection, before register allocation), asm (the final code, disassembled).
    #[arg(long, value_name = "STAGE")]
    pub(crate) emit: Option<String>,
    /// Print the time each stage took (to stderr).
    #[arg(long)]
    pub(crate) time_passes: bool,
    /// Generate debug information (DWARF) for gdb.
    #[arg(short = 'g')]
    pub(crate) debug: bool,
    /// As ocamlopt's -unsafe (also spelt `-unsafe`): `a.(i)`, `s.[i]`, `a.{i}` (and their
    /// `<-`) are `Array.unsafe_get` ..., whose out-of-bounds access is undefined; egret's
    /// unsafe accessors still check bounds for now. An explicit `Array.get` stays checked.
    #[arg(long = "unsafe")]
    pub(crate) unsafe_indexing: bool,
    /// Optimisation level, 0 to 2: 0 turns the SSA optimizer and Cranelift's optimizer off.
    #[arg(short = 'O', default_value = "2", value_name = "LEVEL",
          value_parser = clap::value_parser!(u8).range(0..=2))]
    pub(crate) opt_level: u8,
    /// Codegen options: `inline-threshold=N`, `simplify=on|off`, `simplify-passes=N`, `opt=on|off` (the SSA optimizer), `ocaml-inlining=on|off` (inline only what ocamlopt would; on by default with -g, or when the program calls Printexc.record_backtrace), `keep-exports=on|off` (keep the program's top-level functions it never calls, as ocamlopt does, so that gdb can break in them; on by default with -g),
    /// `backend-arg=KEY=VALUE` (an option of the backend: `egret backends` lists them).
    #[arg(short = 'C', value_name = "OPT=VALUE")]
    pub(crate) codegen: Vec<String>,
    /// Target triple (the Cranelift backend also supports aarch64-unknown-linux-gnu).
    #[arg(long, value_name = "TRIPLE")]
    pub(crate) target: Option<String>,
    /// Run every IR verifier between stages.
    #[arg(long)]
    pub(crate) verify: bool,
    /// The program links the Unix library: `unix.cmxa` was among the files (see
    /// [`take_libraries`]).
    #[arg(skip)]
    pub(crate) unix: bool,
}

/// A `-I` directory: `+DIR` is the installation's `DIR` (ocamlopt's `-I +unix`).
pub(crate) fn include_dir(dir: &Path) -> PathBuf {
    match dir.to_str().and_then(|d| d.strip_prefix('+')) {
        Some(sub) => match egret_plugin::stdlib::current() {
            Ok(inst) => inst.dir.join(sub),
            Err(_) => dir.to_path_buf(),
        },
        None => dir.to_path_buf(),
    }
}

/// The arguments, with ocamlopt's spelling `-unsafe` read as `--unsafe` (up to a `--`).
pub(crate) fn command_line() -> Vec<std::ffi::OsString> {
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

/// A usage error: the message, exit status 2 (as clap's own).
pub(crate) fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    eprintln!("\nFor more information, try '--help'.");
    ExitCode::from(EXIT_USAGE)
}

/// OCaml compilers take only files they know what to do with: FILE must end in `.ml`
/// (`ocamlopt prog` says "don't know what to do with prog" and exits 2). This also means the
/// default output, FILE without `.ml`, is never the source itself.
pub(crate) fn check_source_name(file: &Path, several: bool) -> Result<(), ExitCode> {
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
pub(crate) fn check_source_names(files: &[PathBuf]) -> Result<(), ExitCode> {
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
pub(crate) fn take_libraries(command: &mut Command) -> Result<bool, ExitCode> {
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

impl Common {
    /// The file a program is named after: the last `.ml`.
    pub(crate) fn main_file(&self) -> &Path {
        self.files
            .iter()
            .rev()
            .find(|f| f.extension().is_some_and(|e| e == "ml"))
            .unwrap_or(&self.files[0])
    }
}

/// The driver's options from the flags; a bad `--emit`, `-C` or backend option is a usage error.
pub(crate) fn options(common: &Common) -> Result<driver::Options, ExitCode> {
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
        let on_off = || match value {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(bad()),
        };
        match key {
            "inline-threshold" => simplify.inline_threshold = value.parse().map_err(|_| bad())?,
            "simplify-passes" => simplify.max_passes = value.parse().map_err(|_| bad())?,
            "simplify" => simplify.enabled = on_off()?,
            "ocaml-inlining" => {
                simplify.ocaml_inlining = on_off()?;
                simplify.ocaml_inlining_when_recording = false;
            }
            "keep-exports" => simplify.keep_exports = on_off()?,
            "opt" => ssa_opt = on_off()?,
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
