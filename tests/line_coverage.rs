//! Line-table coverage (issue #23): of the source lines where ocamlopt -g's line table has a
//! row (its executable, read with gimli), the fraction where egret -g's has one too, over
//! the examples of 70-90 lines (`examples/c_*.ml`), per backend. A line without a row is one
//! `break FILE:LINE` cannot stop on. The figures are printed; a floor per backend keeps them
//! from going down. Needs ocamlopt (the oracle; required under CI).
//!
//! Run: `cargo test --release --test line_coverage -- --nocapture` (the figures are on stderr
//! either way).

mod common;

use common::{backend_enabled, egret, have_tool, root, skip, Backend};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The lowest coverage (percent) each backend must keep: the measured figure, rounded down.
const FLOOR_NATIVE: f64 = 89.0;
const FLOOR_CRANELIFT: f64 = 90.0;

/// The lines of `file_name` with an `is_stmt` row in the line tables of the ELF file `path`.
fn rows_of(path: &Path, file_name: &str) -> BTreeSet<u64> {
    use object::{Object, ObjectSection};
    let data = std::fs::read(path).unwrap();
    let file = object::File::parse(&*data).unwrap();
    let sections = gimli::DwarfSections::load(|id| -> Result<&[u8], gimli::Error> {
        Ok(file
            .section_by_name(id.name())
            .and_then(|s| s.data().ok())
            .unwrap_or(&[]))
    })
    .unwrap();
    let dwarf = sections.borrow(|s| gimli::EndianSlice::new(s, gimli::RunTimeEndian::Little));
    let mut lines = BTreeSet::new();
    let mut units = dwarf.units();
    while let Some(header) = units.next().unwrap() {
        let unit = dwarf.unit(header).unwrap();
        let Some(program) = unit.line_program.clone() else {
            continue;
        };
        let mut rows = program.rows();
        while let Some((header, row)) = rows.next_row().unwrap() {
            if row.end_sequence() || !row.is_stmt() {
                continue;
            }
            let Some(entry) = row.file(header) else {
                continue;
            };
            let name = dwarf.attr_string(&unit, entry.path_name()).unwrap();
            let name = name.to_string_lossy();
            if Path::new(&*name)
                .file_name()
                .is_some_and(|n| n == file_name)
            {
                if let Some(line) = row.line() {
                    lines.insert(line.get());
                }
            }
        }
    }
    lines
}

fn run(command: &mut Command) {
    let shown = format!("{command:?}");
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{shown} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

struct Figure {
    covered: usize,
    total: usize,
    /// Per program: the lines ocamlopt has rows on and egret has not.
    missing: Vec<(String, Vec<u64>)>,
}

#[test]
fn line_table_coverage_against_ocamlopt() {
    if !have_tool("ocamlopt") {
        skip("line_coverage", "ocamlopt (the oracle) is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("egret-line-coverage-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut programs: Vec<PathBuf> = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "ml")
                && p.file_name().unwrap().to_string_lossy().starts_with("c_")
        })
        .collect();
    programs.sort();
    let mut oracle = Vec::new();
    for p in &programs {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let stem = name.trim_end_matches(".ml").to_string();
        let work = dir.join(&stem);
        std::fs::create_dir_all(&work).unwrap();
        std::fs::copy(p, work.join(&name)).unwrap();
        run(Command::new("ocamlopt")
            .current_dir(&work)
            .args(["-g", &name, "-o", "ocaml.exe"]));
        oracle.push((
            name.clone(),
            work.clone(),
            rows_of(&work.join("ocaml.exe"), &name),
        ));
    }
    let mut stderr = std::io::stderr();
    let mut failures = Vec::new();
    for (backend, floor) in [
        (Backend::Native, FLOOR_NATIVE),
        (Backend::Cranelift, FLOOR_CRANELIFT),
    ] {
        if !backend_enabled(backend) {
            continue;
        }
        let mut figure = Figure {
            covered: 0,
            total: 0,
            missing: Vec::new(),
        };
        for (name, work, expected) in &oracle {
            let exe = format!("egret-{backend:?}.exe");
            run(Command::new(egret()).current_dir(work).args([
                "build",
                backend.flag(),
                "-g",
                name,
                "-o",
                &exe,
            ]));
            let actual = rows_of(&work.join(&exe), name);
            let missing: Vec<u64> = expected.difference(&actual).copied().collect();
            figure.total += expected.len();
            figure.covered += expected.len() - missing.len();
            figure.missing.push((name.clone(), missing));
        }
        let percent = 100.0 * figure.covered as f64 / figure.total.max(1) as f64;
        let _ = writeln!(
            stderr,
            "line-table coverage ({backend:?}): {}/{} = {percent:.1}% of the lines ocamlopt -g \
             has rows on, over {} examples/c_*.ml",
            figure.covered,
            figure.total,
            oracle.len()
        );
        for (name, missing) in &figure.missing {
            if !missing.is_empty() {
                let _ = writeln!(stderr, "  {name}: no row on lines {missing:?}");
            }
        }
        if percent < floor {
            failures.push(format!(
                "{backend:?}: coverage {percent:.1}% is below its floor {floor}%"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
