//! The driver: the whole pipeline as one readable chain, like OCaml's `asmgen.ml`.
//!
//! ```text
//! source ─parse─▶ AST ─typing─▶ lambda ─simplify─▶ lambda ─mono─▶ lambda ─closure─▶ closure IR
//!        ─ssa─▶ SSA ─opt─▶ SSA ─backend─▶ machine code into the object sink
//! ```
//!
//! Every stage is timed (`--time-passes`) and can be printed (`--emit=STAGE`, which stops the
//! pipeline after printing). With `verify` on (the default in debug builds and in tests),
//! each IR's verifier runs after the stage that produced it; a verifier failure is an internal
//! compiler error naming the stage.

use std::fmt;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::backend::CodegenOptions;
use crate::diagnostics::Diagnostic;
use crate::ssa::ir::Module;
use crate::{closure, lambda, mono, opt, simplify, ssa, syntax, typing};

pub mod units;

/// A stage whose IR `--emit` can print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Ast,
    Lambda,
    InlineReport,
    Simplified,
    Mono,
    Closure,
    Ssa,
    Opt,
    /// The backend's stages ([`crate::backend::BACKEND_STAGES`]), printed by the backend
    /// ([`emit_backend_stage`]).
    Clif,
    Vcode,
    Asm,
}

impl Stage {
    pub const ALL: &'static [(&'static str, Stage)] = &[
        ("ast", Stage::Ast),
        ("lambda", Stage::Lambda),
        ("inline-report", Stage::InlineReport),
        ("simplified", Stage::Simplified),
        ("mono", Stage::Mono),
        ("closure", Stage::Closure),
        ("ssa", Stage::Ssa),
        ("opt", Stage::Opt),
        ("clif", Stage::Clif),
        ("vcode", Stage::Vcode),
        ("asm", Stage::Asm),
    ];

    /// The stage's `--emit` name.
    pub fn name(self) -> &'static str {
        Stage::ALL
            .iter()
            .find(|(_, s)| *s == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }

    /// Whether the backend prints this stage (after `opt`, the end of the driver's own chain).
    pub fn is_backend(self) -> bool {
        matches!(self, Stage::Clif | Stage::Vcode | Stage::Asm)
    }

    pub fn from_name(name: &str) -> Option<Stage> {
        Stage::ALL.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
    }
}

/// `--emit=STAGE` for a backend stage: `backend` prints it for `module` (the driver's output
/// with that `--emit`). `Err(message)` when the backend has no such stage: a usage error; a
/// backend failure is an internal error.
pub fn emit_backend_stage(
    module: &Module,
    backend: &dyn crate::backend::CodegenBackend,
    stage: Stage,
    options: &CodegenOptions,
    line_of: &dyn Fn(u32) -> (u32, u32),
) -> Result<Result<String, CompileError>, String> {
    let stages = backend.stages();
    if !stages.contains(&stage.name()) {
        return Err(format!(
            "the {} backend has no stage `{}` for --emit (its stages: {})",
            backend.name(),
            stage.name(),
            if stages.is_empty() {
                "none".to_string()
            } else {
                stages.join(", ")
            }
        ));
    }
    Ok(backend
        .emit_stage(module, options, stage.name(), line_of)
        .map_err(|e| CompileError::Internal {
            stage: "backend",
            message: e.to_string(),
        }))
}

#[derive(Clone, Debug)]
pub struct Options {
    /// The file name used in diagnostics and run-time messages (`Match_failure`, `assert`).
    pub file_name: String,
    pub emit: Option<Stage>,
    pub time_passes: bool,
    pub verify: bool,
    pub simplify: simplify::SimplifyOptions,
    /// Run the SSA optimizer.
    pub optimize: bool,
    pub codegen: CodegenOptions,
    /// What the SSA lowering adds (`--output-obj`: the C callback entries).
    pub lower: ssa::lower::LowerOptions,
    /// How the parser desugars (`-unsafe`).
    pub parse: syntax::ParseOptions,
    /// The program links the Unix library (`unix.cmxa` on the command line,
    /// [`crate::libraries`]).
    pub unix: bool,
}

impl Options {
    /// What typing keeps: the installed stdlib's locations, which the backtrace table reads
    /// with and without `-g` (ocamlopt's stdlib is compiled with `-g`).
    pub fn type_options(&self) -> typing::TypeOptions {
        typing::TypeOptions {
            stdlib_locations: true,
            unix: self.unix,
        }
    }
}

/// Why compilation stopped.
#[derive(Debug)]
pub enum CompileError {
    /// The user's program is wrong: diagnostics to show, exit code 1.
    User(Vec<Diagnostic>),
    /// A bug in egret: exit code 101.
    Internal {
        stage: &'static str,
        message: String,
    },
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::User(ds) => write!(f, "{} error(s)", ds.len()),
            CompileError::Internal { stage, message } => {
                write!(f, "internal compiler error in stage `{stage}`: {message}")
            }
        }
    }
}

/// What the front half of the pipeline produced.
pub enum Output {
    /// `--emit` asked for this stage's text; the pipeline stopped there.
    Emitted(String),
    Module(Module),
}

/// The name of the stage running now (bytes and length), readable from a signal handler: the
/// command line reports a stage that runs out of stack by this name (`src/main.rs`).
static CURRENT_STAGE: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static CURRENT_STAGE_LEN: AtomicUsize = AtomicUsize::new(0);

/// Records that stage `name` starts (every stage [`Session`] times, and the command line's own).
pub fn enter_stage(name: &'static str) {
    CURRENT_STAGE_LEN.store(0, Ordering::SeqCst);
    CURRENT_STAGE.store(name.as_ptr().cast_mut(), Ordering::SeqCst);
    CURRENT_STAGE_LEN.store(name.len(), Ordering::SeqCst);
}

/// Where the current stage's name is: a pointer to the pointer to its bytes, and a pointer to
/// its length (both stay valid: statics).
pub fn current_stage_location() -> (*const *const u8, *const usize) {
    (
        CURRENT_STAGE.as_ptr().cast_const().cast(),
        CURRENT_STAGE_LEN.as_ptr().cast_const(),
    )
}

/// One stage's measurements for `--time-passes`.
#[derive(Clone, Copy, Debug)]
pub struct StageTiming {
    pub name: &'static str,
    pub time: Duration,
    /// The process's peak resident set during the stage, in KiB (`None` where the system
    /// cannot tell).
    pub peak_rss_kib: Option<u64>,
}

/// Times passes and collects warnings.
#[derive(Default)]
pub struct Session {
    pub timings: Vec<StageTiming>,
    pub warnings: Vec<Diagnostic>,
    /// What the stages did, for `--time-passes` (sizes before and after, counts).
    pub notes: Vec<String>,
    /// Sub-passes (the backends'): the number of stages recorded before it ran, name, time.
    pub subpasses: Vec<(usize, &'static str, Duration)>,
    /// Measure each stage's peak memory too (`--time-passes`): it costs a few system calls per
    /// stage.
    pub measure_memory: bool,
}

impl Session {
    fn time<T>(&mut self, name: &'static str, f: impl FnOnce() -> T) -> T {
        self.time_stage(name, f)
    }

    /// Runs stage `name` (`f`), recording its time and, with [`Session::measure_memory`], its
    /// peak resident set.
    pub fn time_stage<T>(&mut self, name: &'static str, f: impl FnOnce() -> T) -> T {
        enter_stage(name);
        if self.measure_memory {
            peak_rss::reset();
        }
        let start = Instant::now();
        let r = f();
        let time = start.elapsed();
        let peak_rss_kib = if self.measure_memory {
            peak_rss::read_kib()
        } else {
            None
        };
        self.timings.push(StageTiming {
            name,
            time,
            peak_rss_kib,
        });
        r
    }

    /// Records a sub-pass of the stage that just ran (the backends' passes), indented under it
    /// in the report. Its time is already in its stage's, so it is not added to the total.
    pub fn record_subpass(&mut self, name: &'static str, time: Duration) {
        self.subpasses.push((self.timings.len(), name, time));
    }

    /// The `--time-passes` report: per stage its time and peak memory, then the notes.
    pub fn report(&self) -> String {
        let total: Duration = self.timings.iter().map(|t| t.time).sum();
        let peak = self.timings.iter().filter_map(|t| t.peak_rss_kib).max();
        let mib = |k: Option<u64>| match k {
            Some(k) => format!("{:>9.1} MiB", k as f64 / 1024.0),
            None => format!("{:>13}", "-"),
        };
        let mut s = String::new();
        for (i, t) in self.timings.iter().enumerate() {
            s.push_str(&format!(
                "{:>10.3} ms {}  {}\n",
                t.time.as_secs_f64() * 1e3,
                mib(t.peak_rss_kib),
                t.name
            ));
            for (_, name, d) in self.subpasses.iter().filter(|(at, _, _)| *at == i + 1) {
                s.push_str(&format!(
                    "{:>10.3} ms {:>13}    {name}\n",
                    d.as_secs_f64() * 1e3,
                    ""
                ));
            }
        }
        s.push_str(&format!(
            "{:>10.3} ms {}  total\n",
            total.as_secs_f64() * 1e3,
            mib(peak)
        ));
        for n in &self.notes {
            s.push_str(&format!("  {n}\n"));
        }
        s
    }
}

/// The process's peak resident set (Linux: `VmHWM` of `/proc/self/status`, reset by writing 5
/// to `/proc/self/clear_refs`), so each stage's peak can be told apart. Elsewhere, or when
/// `/proc` is not readable, nothing is measured.
mod peak_rss {
    pub fn reset() {
        let _ = std::fs::write("/proc/self/clear_refs", "5");
    }

    pub fn read_kib() -> Option<u64> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

fn internal(stage: &'static str, errors: Vec<String>) -> CompileError {
    CompileError::Internal {
        stage,
        message: errors.join("\n"),
    }
}

/// Source text → optimised SSA module (or the text of the stage `--emit` asks for).
pub fn compile_to_ssa(
    source: &str,
    opts: &Options,
    sess: &mut Session,
) -> Result<Output, CompileError> {
    compile_bytes_to_ssa(source.as_bytes(), opts, sess)
}

/// [`compile_to_ssa`] for a source file as it is on disk: bytes, which need not be UTF-8 (the
/// lexer keeps a Latin-1 byte in a string literal; spans and positions are byte offsets, and
/// the stages after parsing see [`syntax::text_view`]).
pub fn compile_bytes_to_ssa(
    bytes: &[u8],
    opts: &Options,
    sess: &mut Session,
) -> Result<Output, CompileError> {
    let text = syntax::text_view(bytes);
    let source: &str = &text;
    let ast = sess
        .time("parse", || syntax::parse_bytes_with(bytes, opts.parse))
        .map_err(CompileError::User)?;
    if opts.emit == Some(Stage::Ast) {
        return Ok(Output::Emitted(syntax::print::print_program(&ast)));
    }
    let typed = sess.time("typing", || {
        typing::type_program_with(&ast, source, &opts.file_name, opts.type_options())
    });
    compile_typed(typed, opts, sess)
}

/// Parses and types `bytes` as a file of toplevel phrases (`egret check --toplevel`, for
/// OCaml's `expect` tests): [`typing::type_toplevel_phrases`], and nothing after typing.
pub fn type_toplevel_phrases(
    bytes: &[u8],
    opts: &Options,
    sess: &mut Session,
) -> Result<(), CompileError> {
    let text = syntax::text_view(bytes);
    let ast = sess
        .time("parse", || syntax::parse_bytes_with(bytes, opts.parse))
        .map_err(CompileError::User)?;
    let (_, warnings) = sess
        .time("typing", || {
            typing::type_toplevel_phrases(&ast, &text, &opts.file_name)
        })
        .map_err(CompileError::User)?;
    sess.warnings.extend(warnings);
    Ok(())
}

/// One file of a program of several files, as on disk.
pub struct SourceInput {
    /// The name run-time messages and diagnostics give it (`a.ml`).
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The text of a program of several files: the files one after the other (each followed by
/// a newline), as one text whose byte offsets are the spans of every stage, and where each
/// file is in it.
pub fn program_text(inputs: &[SourceInput]) -> (Vec<u8>, Vec<typing::SourceFile>) {
    let mut all = Vec::new();
    let mut files = Vec::new();
    for input in inputs {
        files.push(typing::SourceFile {
            name: input.name.clone(),
            base: all.len() as u32,
            len: input.bytes.len() as u32,
        });
        all.extend_from_slice(&input.bytes);
        all.push(b'\n');
    }
    (all, files)
}

/// A program of several files, as `ocamlopt a.mli a.ml b.ml main.ml` compiles it: each `.ml`
/// is a compilation unit (the module `A` of `a.ml`), in the order given, checked against its
/// `.mli` when one is given (before it or after it).
pub fn compile_files(
    inputs: &[SourceInput],
    opts: &Options,
    sess: &mut Session,
) -> Result<Output, CompileError> {
    let (all, files) = program_text(inputs);
    let text = syntax::text_view(&all);
    let source: &str = &text;
    let mut interfaces: Vec<(String, Vec<syntax::ast::SigItem>, crate::diagnostics::Span)> =
        Vec::new();
    let mut units: Vec<(String, Vec<syntax::ast::Item>, crate::diagnostics::Span)> = Vec::new();
    let mut errors = Vec::new();
    let mut never_inline = Vec::new();
    sess.time("parse", || {
        for f in &files {
            // Each file is parsed on its own, its text at its place in the program's text, so
            // that spans are offsets in the program's text. The other files' bytes are
            // newlines: the file starts a line (a line directive may open it).
            let mut masked = vec![b'\n'; all.len()];
            let (lo, hi) = (f.base as usize, (f.base + f.len) as usize);
            masked[lo..hi].copy_from_slice(&all[lo..hi]);
            let span = crate::diagnostics::Span::new(f.base, f.base + f.len);
            let unit = unit_name(&f.name);
            if f.name.ends_with(".mli") {
                match syntax::parse_interface_bytes(&masked) {
                    Ok(items) => interfaces.push((unit, items, span)),
                    Err(e) => errors.extend(e),
                }
            } else {
                match syntax::parse_bytes_with(&masked, opts.parse) {
                    Ok(p) => {
                        never_inline.extend(p.never_inline);
                        units.push((unit, p.items, span))
                    }
                    Err(e) => errors.extend(e),
                }
            }
        }
    });
    if !errors.is_empty() {
        return Err(CompileError::User(errors));
    }
    if let Some((name, _, span)) = interfaces
        .iter()
        .find(|(name, _, _)| !units.iter().any(|(u, _, _)| u == name))
    {
        return Err(CompileError::User(vec![Diagnostic::error(
            *span,
            format!("the interface of {name} has no implementation among the files given"),
        )]));
    }
    let mut items = Vec::new();
    for (name, unit_items, span) in units {
        let body = syntax::ast::ModExpr {
            kind: syntax::ast::ModExprKind::Struct(unit_items),
            span,
        };
        let me = match interfaces.iter().position(|(n, _, _)| *n == name) {
            Some(i) => {
                let (_, sig, sig_span) = interfaces.remove(i);
                syntax::ast::ModExpr {
                    kind: syntax::ast::ModExprKind::Constraint(
                        Box::new(body),
                        syntax::ast::ModType {
                            kind: syntax::ast::ModTypeKind::Sig(sig),
                            span: sig_span,
                        },
                    ),
                    span,
                }
            }
            None => body,
        };
        items.push(syntax::ast::Item {
            kind: syntax::ast::ItemKind::Module(name, me),
            span,
        });
    }
    let ast = syntax::ast::Program {
        items,
        never_inline,
    };
    if opts.emit == Some(Stage::Ast) {
        return Ok(Output::Emitted(syntax::print::print_program(&ast)));
    }
    let typed = sess.time("typing", || {
        typing::type_units(&ast, source, files, opts.type_options())
    });
    compile_typed(typed, opts, sess)
}

/// OCaml's module name of a compilation unit's file: `my_mod.ml` → `My_mod`.
pub fn unit_name(file_name: &str) -> String {
    let stem = file_name.rsplit('/').next().unwrap_or(file_name);
    let stem = stem
        .strip_suffix(".mli")
        .or_else(|| stem.strip_suffix(".ml"))
        .unwrap_or(stem);
    let mut c = stem.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

/// The pipeline after typing.
fn compile_typed(
    typed: Result<(lambda::ir::Program, Vec<Diagnostic>), Vec<Diagnostic>>,
    opts: &Options,
    sess: &mut Session,
) -> Result<Output, CompileError> {
    let emit = |stage: Stage, text: &dyn Fn() -> String| -> Option<Output> {
        (opts.emit == Some(stage)).then(|| Output::Emitted(text()))
    };
    let (program, warnings) = typed.map_err(CompileError::User)?;
    sess.warnings.extend(warnings);
    if let Some(o) = emit(Stage::Lambda, &|| lambda::print::print_program(&program)) {
        return Ok(o);
    }
    if opts.verify {
        lambda::verify::verify_program(&program).map_err(|e| internal("typing", e))?;
    }
    let mut program = program;
    let report = sess.time("simplify", || {
        simplify::simplify_program(&mut program, &opts.simplify)
    });
    sess.notes.push(format!(
        "simplify: {} unreachable definitions dropped, {} -> {} lambda nodes, {} call sites inlined, {} passes",
        report.unreachable_dropped,
        report.size_before,
        report.size_after,
        report.inlined(),
        report.passes.len()
    ));
    if let Some(o) = emit(Stage::InlineReport, &|| report.to_string()) {
        return Ok(o);
    }
    if let Some(o) = emit(Stage::Simplified, &|| {
        lambda::print::print_program(&program)
    }) {
        return Ok(o);
    }
    if opts.verify {
        lambda::verify::verify_program(&program).map_err(|e| internal("simplify", e))?;
    }
    let program = sess.time("mono", || mono::monomorphize(&program));
    if let Some(o) = emit(Stage::Mono, &|| lambda::print::print_program(&program)) {
        return Ok(o);
    }
    if opts.verify {
        lambda::verify::verify_program(&program).map_err(|e| internal("mono", e))?;
    }
    let program = sess.time("closure", || closure::convert(&program));
    if let Some(o) = emit(Stage::Closure, &|| closure::print::print_program(&program)) {
        return Ok(o);
    }
    let mut module = sess
        .time("ssa", || {
            ssa::lower::lower_program_with(&program, opts.lower)
        })
        .map_err(|d| CompileError::User(vec![d]))?;
    if opts.verify {
        ssa::verify::verify_module(&module).map_err(|e| internal("ssa", e))?;
    }
    if let Some(o) = emit(Stage::Ssa, &|| ssa::print::print_module(&module)) {
        return Ok(o);
    }
    if opts.optimize {
        let stats = sess.time("opt", || opt::optimize_module(&mut module));
        let fired: usize = stats.fired.values().sum();
        sess.notes.push(format!(
            "opt: {} -> {} SSA statements, {fired} rewrites",
            stats.stmts_before, stats.stmts_after
        ));
        if opts.verify {
            ssa::verify::verify_module(&module).map_err(|e| internal("opt", e))?;
        }
    } else {
        // Tuples bound from branches are never allocated, at any optimisation level.
        opt::tuples::split_module(&mut module);
        if opts.verify {
            ssa::verify::verify_module(&module).map_err(|e| internal("opt", e))?;
        }
    }
    if let Some(o) = emit(Stage::Opt, &|| ssa::print::print_module(&module)) {
        return Ok(o);
    }
    Ok(Output::Module(module))
}
