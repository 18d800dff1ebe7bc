//! Line-table coverage (issue #23): of the source lines where ocamlopt -g's line table has a
//! row (its executable, read with gimli), the fraction where egret -g's has one too, per
//! backend, over two sets of programs:
//! - `line_table_coverage_against_ocamlopt`: the examples of 70-90 lines (`examples/c_*.ml`);
//! - `line_table_coverage_on_ocaml_testsuite`: the programs of OCaml's testsuite that the
//!   `ocaml_testsuite` gate selects by default (single files, reference runner's directories;
//!   extracted by `egret_testsuite::suite`) and that pass on both backends (listed in both
//!   `tests/ocaml-testsuite/pass-*.txt`), each built as the gate builds it (no flags).
//!
//! A line without a row is one `break FILE:LINE` cannot stop on. The figures are printed (per
//! program, with the lines egret has no row on); a floor per backend keeps them from going
//! down: a percentage for the examples, the count of covered lines for the testsuite programs
//! (the set only grows as the pass lists do, so the count can only rise). Needs ocamlopt (the
//! oracle) and, for the second, the testsuite tarball; under `CI=true` neither may be missing.
//!
//! Run: `cargo test --release --test line_coverage -- --nocapture` (the figures are on stderr
//! either way).

mod common;

use common::{backend_enabled, check_in_parallel, egret, have_tool, root, skip, under_ci, Backend};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// The lowest coverage (percent) each backend must keep on `examples/c_*.ml`: the measured
/// figure, rounded down to a tenth.
const FLOOR_NATIVE: f64 = 93.7;
const FLOOR_CRANELIFT: f64 = 93.8;

/// The fewest lines (of those ocamlopt -g has rows on) each backend must have rows on, over the
/// eligible testsuite programs: the measured counts (a ratchet; raise them when they rise).
const TS_FLOOR_NATIVE: usize = 10130;
const TS_FLOOR_CRANELIFT: usize = 9849;

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

fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    let out = command.output().map_err(|e| format!("{shown}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{shown} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// One program measured: its name as printed, its work directory (holding the source as
/// `file`), and the lines ocamlopt -g's executable has rows on.
struct Program {
    label: String,
    file: String,
    work: PathBuf,
    oracle: BTreeSet<u64>,
}

/// The coverage of one backend over a set of programs.
struct Figure {
    covered: usize,
    total: usize,
    /// Per program: (label, lines ocamlopt has rows on, lines egret has rows on too, the lines
    /// ocamlopt has rows on and egret has not).
    programs: Vec<(String, usize, usize, Vec<u64>)>,
}

impl Figure {
    fn percent(&self) -> f64 {
        100.0 * self.covered as f64 / self.total.max(1) as f64
    }
}

/// Copies each `(label, source)` into its own directory under `dir` and builds it with
/// ocamlopt -g (two at a time); returns them in the given order.
fn with_oracle(dir: &Path, sources: &[(String, PathBuf)]) -> Vec<Program> {
    let done = Mutex::new(Vec::new());
    let failures = check_in_parallel(sources, 2, |(label, src)| {
        let file = src.file_name().unwrap().to_string_lossy().into_owned();
        let work = dir.join(label.replace('/', "_"));
        std::fs::create_dir_all(&work).unwrap();
        std::fs::copy(src, work.join(&file)).unwrap();
        run(Command::new("ocamlopt")
            .current_dir(&work)
            .args(["-g", &file, "-o", "ocaml.exe"]))?;
        let oracle = rows_of(&work.join("ocaml.exe"), &file);
        done.lock().unwrap().push(Program {
            label: label.clone(),
            file,
            work,
            oracle,
        });
        Ok(())
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let mut programs = done.into_inner().unwrap();
    let order: Vec<&String> = sources.iter().map(|(l, _)| l).collect();
    programs.sort_by_key(|p| order.iter().position(|l| **l == p.label));
    programs
}

/// Builds every program with egret -g on `backend` (two at a time) and compares its rows with
/// ocamlopt's.
fn measure(programs: &[Program], backend: Backend) -> Figure {
    let done = Mutex::new(Vec::new());
    let failures = check_in_parallel(programs, 2, |p| {
        let exe = format!("egret-{backend:?}.exe");
        run(Command::new(egret()).current_dir(&p.work).args([
            "build",
            backend.flag(),
            "-g",
            &p.file,
            "-o",
            &exe,
        ]))?;
        let actual = rows_of(&p.work.join(&exe), &p.file);
        let missing: Vec<u64> = p.oracle.difference(&actual).copied().collect();
        let total = p.oracle.len();
        done.lock()
            .unwrap()
            .push((p.label.clone(), total, total - missing.len(), missing));
        Ok(())
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let mut rows = done.into_inner().unwrap();
    rows.sort_by_key(|r| programs.iter().position(|p| p.label == r.0));
    Figure {
        covered: rows.iter().map(|r| r.2).sum(),
        total: rows.iter().map(|r| r.1).sum(),
        programs: rows,
    }
}

/// Prints `figure` (the total, then per program its count and the lines without a row).
fn print(figure: &Figure, backend: Backend, over: &str) {
    let mut stderr = std::io::stderr();
    let _ = writeln!(
        stderr,
        "line-table coverage ({backend:?}): {}/{} = {:.1}% of the lines ocamlopt -g has rows \
         on, over {over}",
        figure.covered,
        figure.total,
        figure.percent()
    );
    for (label, total, covered, missing) in &figure.programs {
        if !missing.is_empty() {
            let _ = writeln!(
                stderr,
                "  {label}: {covered}/{total}; no row on lines {missing:?}"
            );
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn line_table_coverage_against_ocamlopt() {
    if !have_tool("ocamlopt") {
        skip("line_coverage", "ocamlopt (the oracle) is not installed");
        return;
    }
    let dir = scratch("line-coverage");
    let mut sources: Vec<(String, PathBuf)> = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "ml")
                && p.file_name().unwrap().to_string_lossy().starts_with("c_")
        })
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    sources.sort();
    let programs = with_oracle(&dir, &sources);
    let mut failures = Vec::new();
    for (backend, floor) in [
        (Backend::Native, FLOOR_NATIVE),
        (Backend::Cranelift, FLOOR_CRANELIFT),
    ] {
        if !backend_enabled(backend) {
            continue;
        }
        let figure = measure(&programs, backend);
        print(
            &figure,
            backend,
            &format!("{} examples/c_*.ml", programs.len()),
        );
        let percent = figure.percent();
        if percent < floor {
            failures.push(format!(
                "{backend:?}: coverage {percent:.1}% is below its floor {floor}%"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn line_table_coverage_on_ocaml_testsuite() {
    use egret_testsuite::{ratchet, suite};
    if !have_tool("ocamlopt") {
        skip(
            "line_coverage (testsuite)",
            "ocamlopt (the oracle) is not installed",
        );
        return;
    }
    let tests_dir = match suite::ensure_extracted() {
        Ok(d) => d,
        Err(e @ suite::Unavailable::NoTarball(_)) if !under_ci() => {
            skip("line_coverage (testsuite)", &e.to_string());
            return;
        }
        Err(e) => panic!("{e} (CI=true: this test may not be skipped)"),
    };
    let sel = suite::select(&tests_dir, &[], true).expect("selecting the tests");
    let (native, cranelift) = (
        ratchet::read_pass_list("native"),
        ratchet::read_pass_list("cranelift"),
    );
    let sources: Vec<(String, PathBuf)> = sel
        .tests
        .iter()
        .filter(|t| native.contains(&t.id) && cranelift.contains(&t.id))
        .map(|t| (t.id.clone(), t.path.clone()))
        .collect();
    assert!(
        !sources.is_empty(),
        "no testsuite program passes on both backends"
    );
    let dir = scratch("line-coverage-testsuite");
    let programs = with_oracle(&dir, &sources);
    let mut failures = Vec::new();
    for (backend, floor) in [
        (Backend::Native, TS_FLOOR_NATIVE),
        (Backend::Cranelift, TS_FLOOR_CRANELIFT),
    ] {
        if !backend_enabled(backend) {
            continue;
        }
        let figure = measure(&programs, backend);
        print(
            &figure,
            backend,
            &format!(
                "{} OCaml testsuite programs (default selection, passing on both backends)",
                programs.len()
            ),
        );
        if figure.covered < floor {
            failures.push(format!(
                "{backend:?}: rows on {} lines, below its floor {floor}",
                figure.covered
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
