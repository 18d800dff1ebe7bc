//! The debuginfo part of the conformance suite, for any backend: the examples of 70-90 lines
//! (`c_*.ml`, as `tests/line_coverage.rs`), each built twice with the backend, with and without
//! `-g`:
//! - the code is the same (`.text` of both executables, byte for byte): debug information
//!   only adds sections (`CodegenOptions::debug_info` "never changes the generated code");
//! - where the backend reports source locations (its `CompiledFunction::srclocs`), the line
//!   table is sound: it has rows for the source file, each on a line of the file.
//!
//! A backend that reports no source locations gets no line table: then only the first check
//! applies, and the part says so. What gdb shows (breakpoints, backtraces, variables) is
//! `tests/debugger.rs`'s, for the built-in backends: it needs gdb and a program made for it.

use super::{examples::indent, run_ordered, summary, Part, PartResult, Suite};
use object::{Object, ObjectSection};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Runs the part, printing `PASS debuginfo NAME` / `FAIL debuginfo NAME: why` per program and
/// the summary.
pub fn run(suite: &Suite, out: &mut (dyn std::io::Write + Send)) -> PartResult {
    let list: Vec<PathBuf> = match super::examples(&suite.dir, suite.filter.as_deref()) {
        Ok(list) => list
            .into_iter()
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("c_"))
            })
            .collect(),
        Err(e) => {
            let _ = writeln!(out, "SKIP {}: {e}", Part::Debuginfo.name());
            return PartResult::Skipped;
        }
    };
    let egret = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("egret"));
    let scratch = std::env::temp_dir().join(format!("egret-test-backend-{}-g", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&scratch) {
        let _ = writeln!(
            out,
            "SKIP debuginfo: cannot create {}: {e}",
            scratch.display()
        );
        return PartResult::Skipped;
    }
    let with_rows = AtomicUsize::new(0);
    let started = Instant::now();
    let failed = run_ordered(
        &list,
        suite.jobs,
        &|ml: &PathBuf| {
            let rows = check(suite, &egret, &scratch, ml)?;
            if rows > 0 {
                with_rows.fetch_add(1, Ordering::Relaxed);
            }
            Ok(())
        },
        &|ml: &PathBuf| {
            format!(
                "{} {}",
                Part::Debuginfo.name(),
                ml.file_stem().unwrap_or_default().to_string_lossy()
            )
        },
        out,
    );
    let _ = std::fs::remove_dir_all(&scratch);
    if failed == 0 && !list.is_empty() && with_rows.load(Ordering::Relaxed) == 0 {
        let _ = writeln!(
            out,
            "note: backend {} reports no source locations (no line table with -g): only the \
             code's identity with -g was checked",
            suite.backend
        );
    }
    let _ = writeln!(
        out,
        "{}",
        summary(suite, Part::Debuginfo, list.len(), failed, started)
    );
    PartResult::Ran { failed }
}

/// Checks one program; the number of source lines with rows.
fn check(suite: &Suite, egret: &Path, scratch: &Path, ml: &Path) -> Result<usize, String> {
    let name = ml.file_stem().unwrap_or_default().to_string_lossy();
    let plain = scratch.join(format!("{name}.plain"));
    let debug = scratch.join(format!("{name}.g"));
    let built = build(suite, egret, ml, &plain, false)
        .and_then(|()| build(suite, egret, ml, &debug, true))
        .and_then(|()| {
            let plain = std::fs::read(&plain).map_err(|e| e.to_string())?;
            let debug = std::fs::read(&debug).map_err(|e| e.to_string())?;
            if text(&plain)? != text(&debug)? {
                return Err("the code differs with -g (.text of the executables)".to_string());
            }
            let source = std::fs::read(ml).map_err(|e| e.to_string())?;
            let lines = source.split(|&b| b == b'\n').count() as u64;
            let file_name = ml.file_name().unwrap_or_default().to_string_lossy();
            let rows = line_rows(&debug, &file_name)?;
            if let Some(bad) = rows.iter().find(|&&l| l == 0 || l > lines) {
                return Err(format!(
                    "a line-table row on line {bad}, outside {file_name} ({lines} lines)"
                ));
            }
            Ok(rows.len())
        });
    let _ = std::fs::remove_file(&plain);
    let _ = std::fs::remove_file(&debug);
    built
}

/// `egret build ML -o EXE` with the backend (and `-g` when `debug`).
fn build(suite: &Suite, egret: &Path, ml: &Path, exe: &Path, debug: bool) -> Result<(), String> {
    let mut cmd = super::egret_build(egret, ml);
    cmd.arg("-o")
        .arg(exe)
        .arg(format!("--backend={}", suite.backend))
        .args(&suite.build_flags)
        .stdin(Stdio::null());
    if debug {
        cmd.arg("-g");
    } else {
        // `-g` adds only data, given ocamlopt's inlining decisions, which it turns on (so
        // that backtraces show ocamlopt's frames), and its keeping of unused exports (so that
        // gdb can break in them).
        cmd.args(["-C", "ocaml-inlining=on", "-C", "keep-exports=on"]);
    }
    let out = cmd.output().map_err(|e| format!("cannot run egret: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "egret build{} failed ({}):\n{}",
            if debug { " -g" } else { "" },
            out.status,
            indent(&String::from_utf8_lossy(&out.stderr))
        ))
    }
}

/// The `.text` section of the ELF file `bytes`.
fn text(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let file = object::File::parse(bytes).map_err(|e| format!("not an ELF file: {e}"))?;
    let section = file.section_by_name(".text").ok_or("no .text section")?;
    section
        .data()
        .map(<[u8]>::to_vec)
        .map_err(|e| format!(".text: {e}"))
}

/// The lines of `file_name` with an `is_stmt` row in the line tables of ELF file `bytes`.
pub fn line_rows(bytes: &[u8], file_name: &str) -> Result<BTreeSet<u64>, String> {
    let fail = |e: gimli::Error| format!("reading the DWARF: {e}");
    let file = object::File::parse(bytes).map_err(|e| format!("not an ELF file: {e}"))?;
    let sections = gimli::DwarfSections::load(|id| -> Result<&[u8], gimli::Error> {
        Ok(file
            .section_by_name(id.name())
            .and_then(|s| s.data().ok())
            .unwrap_or(&[]))
    })
    .map_err(fail)?;
    let dwarf = sections.borrow(|s| gimli::EndianSlice::new(s, gimli::RunTimeEndian::Little));
    let mut lines = BTreeSet::new();
    let mut units = dwarf.units();
    while let Some(header) = units.next().map_err(fail)? {
        let unit = dwarf.unit(header).map_err(fail)?;
        let Some(program) = unit.line_program.clone() else {
            continue;
        };
        let mut rows = program.rows();
        while let Some((header, row)) = rows.next_row().map_err(fail)? {
            if row.end_sequence() || !row.is_stmt() {
                continue;
            }
            let Some(entry) = row.file(header) else {
                continue;
            };
            let name = dwarf.attr_string(&unit, entry.path_name()).map_err(fail)?;
            let name = name.to_string_lossy();
            let ours = Path::new(&*name)
                .file_name()
                .is_some_and(|n| n.to_string_lossy() == file_name);
            if let (true, Some(line)) = (ours, row.line()) {
                lines.insert(line.get());
            }
        }
    }
    Ok(lines)
}
