//! Diagnostics on the terminal: the program's source files as diagnostics see them
//! ([`Sources`]), errors rendered with codespan-reporting, and internal compiler errors (panics
//! included) reported as such, exit 101.

use std::path::PathBuf;
use std::process::ExitCode;

use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};
use egret_plugin::diagnostics::{Diagnostic, Severity};
use egret_plugin::driver::CompileError;

use crate::cli::{EXIT_COMPILE_ERROR, EXIT_INTERNAL};

/// The program's source files as diagnostics and debug info see them: each file's text at
/// its place in the program's text (one file: the file at offset 0).
pub(crate) struct Sources {
    pub(crate) files: Vec<(PathBuf, u32, String)>,
}

impl Sources {
    /// The file holding byte offset `offset` of the program's text, and the offset in it.
    pub(crate) fn locate(&self, offset: u32) -> (usize, u32) {
        let i = self
            .files
            .partition_point(|(_, base, _)| *base <= offset)
            .saturating_sub(1);
        (i, offset - self.files[i].1.min(offset))
    }

    /// 1-based line and column of a byte offset of the program's text, in its file.
    pub(crate) fn line_col(&self, offset: u32) -> (u32, u32) {
        let (i, local) = self.locate(offset);
        line_col(&self.files[i].2, local)
    }
}

/// 1-based line and column of a byte offset in `source`.
pub(crate) fn line_col(source: &str, offset: u32) -> (u32, u32) {
    let before = &source.as_bytes()[..(offset as usize).min(source.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
    let col = before.iter().rev().take_while(|&&b| b != b'\n').count() as u32 + 1;
    (line, col)
}

/// Reports a compile error: the user's errors rendered (exit 1), an internal one as a bug (exit 101).
pub(crate) fn report_error(sources: &Sources, e: CompileError) -> ExitCode {
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
pub(crate) fn render(sources: &Sources, diags: &[Diagnostic]) {
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
pub(crate) fn install_ice_hook() {
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
