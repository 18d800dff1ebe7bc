//! Building: the pipeline run up to the backend ([`front`], [`compile_to_module`]), then the
//! object written and linked ([`build`], [`link_object`]), and the built program run.

use std::path::Path;
use std::process::ExitCode;

use egret_plugin::driver::{self, CompileError, Output, Session};

use crate::backends::{choose_backend, unsupported_target};
use crate::cli::{options, usage_error, Common, EXIT_COMPILE_ERROR};
use crate::report::{render, report_error, Sources};

/// Whether `a` and `b` name the same existing file.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// Reads the sources and runs the front half of the pipeline. A source is bytes, as OCaml
/// reads it (Latin-1 in a string literal or a comment is kept); the texts returned, for
/// diagnostics and debug info, are their views with the same byte offsets
/// (`syntax::text_view`).
pub(crate) fn front(
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
pub(crate) fn check_toplevel(common: &Common) -> ExitCode {
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
pub(crate) enum BuildMode {
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
    pub(crate) fn extension(self) -> &'static str {
        match self {
            BuildMode::Executable => "",
            BuildMode::CompleteObject | BuildMode::Object => "o",
        }
    }
}

/// A program compiled up to the backend: its SSA module, with the session (timings), the
/// options and the sources it was compiled with.
pub(crate) struct Compiled {
    pub(crate) module: egret_plugin::ssa::ir::Module,
    pub(crate) sess: Session,
    pub(crate) opts: driver::Options,
    pub(crate) sources: Sources,
}

/// Runs the pipeline up to the backend with `backend`; `None` when `--emit` printed a stage
/// (the backend's own stages included) instead.
pub(crate) fn compile_to_module(
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
pub(crate) fn record_backend_passes(
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
pub(crate) fn build(common: &Common, out: &Path, mode: BuildMode) -> Result<bool, ExitCode> {
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
pub(crate) fn link_object(common: &Common, output: Option<&Path>) -> ExitCode {
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

/// Runs the built program with `args`: its exit status is egret's; killed by a signal, 128 + it.
pub(crate) fn run(exe: &Path, args: &[String]) -> ExitCode {
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
