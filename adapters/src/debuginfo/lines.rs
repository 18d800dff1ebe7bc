//! The line table: byte offsets to lines and columns ([`LineMap`]), and each function's rows
//! ([`line_rows`]) — the declaration's line at the entry, `prologue_end` where the body
//! starts, a row wherever the position changes (`is_stmt` when the line does), and the rows of
//! inlined copies' entries. Code of the installed stdlib units is described at the program's
//! line that reaches it ([`without_installed_code`]).
//!
//! Invariant: rows of one function are in increasing address order, at most one row per
//! address except where a call's and a declaration's rows precede an inlined body's.

use super::DebugFunction;
use egret_plugin::installed_files;
use egret_plugin::ssa::ir::{InlineScope, InlineSites, SrcLoc};
use gimli::write::{Address, FileId, LineProgram, LineString};
use std::collections::HashMap;

/// Byte offset → 1-based line and column.
pub struct LineMap {
    starts: Vec<u32>,
    len: u32,
}

impl LineMap {
    pub fn new(text: &str) -> LineMap {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        LineMap {
            starts,
            len: text.len() as u32,
        }
    }

    /// The line and column of the start of `loc`, or `None` for an unknown location.
    pub fn position(&self, loc: SrcLoc) -> Option<(u64, u64)> {
        if (loc.lo == 0 && loc.hi == 0) || loc.lo > self.len || loc.hi > self.len {
            return None;
        }
        let line = self.starts.partition_point(|&s| s <= loc.lo);
        let col = loc.lo - self.starts[line - 1] + 1;
        Some((line as u64, col as u64))
    }

    /// The file, line and column of the start of `loc`: in the program's text, or in the
    /// installed stdlib unit whose range holds it; `None` for an unknown location.
    pub fn locate(&self, loc: SrcLoc) -> Option<Position> {
        if let Some(installed) = installed_files::file_at(loc.lo) {
            let (line, bol) = installed.line_of(loc.lo);
            return Some(Position {
                file: SourceFile::Installed(installed.base),
                line: line as u64,
                column: (loc.lo - installed.base - bol + 1) as u64,
            });
        }
        let (line, column) = self.position(loc)?;
        Some(Position {
            file: SourceFile::Program,
            line,
            column,
        })
    }
}

/// A file of the line table: the program's, or an installed stdlib unit's (by the first offset
/// of its range, `egret_plugin::installed_files::InstalledFile::base`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SourceFile {
    Program,
    Installed(u32),
}

/// A place in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub file: SourceFile,
    pub line: u64,
    pub column: u64,
}

impl Position {
    fn same_line(self, other: Position) -> bool {
        self.file == other.file && self.line == other.line
    }
}

/// The line program's file entries: the program's, and each installed unit's (in the
/// installation's directory) added on first use.
pub(super) struct FileTable {
    program: FileId,
    installed: HashMap<u32, FileId>,
}

impl FileTable {
    pub(super) fn new(program: FileId) -> FileTable {
        FileTable {
            program,
            installed: HashMap::new(),
        }
    }

    pub(super) fn id(&mut self, line_program: &mut LineProgram, file: SourceFile) -> FileId {
        let SourceFile::Installed(base) = file else {
            return self.program;
        };
        if let Some(&id) = self.installed.get(&base) {
            return id;
        }
        let name = installed_files::file_at(base).map_or("?", |f| f.name.as_str());
        let directory = match egret_plugin::stdlib::current() {
            Ok(installation) => line_program.add_directory(LineString::String(
                installation.dir.to_string_lossy().into_owned().into_bytes(),
            )),
            Err(_) => line_program.default_directory(),
        };
        let id = line_program.add_file(
            LineString::String(name.as_bytes().to_vec()),
            directory,
            None,
        );
        self.installed.insert(base, id);
        id
    }
}

/// The line-table sequence of function `index`.
pub(super) fn write_line_sequence(
    program: &mut LineProgram,
    lines: &LineMap,
    sites: &InlineSites,
    files: &mut FileTable,
    index: usize,
    f: &DebugFunction,
) {
    let rows = line_rows(lines, sites, f);
    if rows.is_empty() {
        return;
    }
    program.begin_sequence(Some(Address::Symbol {
        symbol: index,
        addend: 0,
    }));
    for row in rows {
        let file = files.id(program, row.file);
        let r = program.row();
        r.address_offset = row.offset as u64;
        r.file = file;
        r.line = row.line;
        r.column = row.column;
        r.is_statement = row.is_stmt;
        r.prologue_end = row.prologue_end;
        program.generate_row();
    }
    program.end_sequence(f.len as u64);
}

/// One row of a function's line table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRow {
    pub offset: u32,
    pub file: SourceFile,
    pub line: u64,
    pub column: u64,
    pub is_stmt: bool,
    pub prologue_end: bool,
}

/// The line-table rows of `f`: the declaration's line at the entry, a `prologue_end` row where
/// the body starts (without a prologue: the entry row itself, at the declaration's line; when
/// the first instruction has a position of its own on another line, the body's row follows at
/// the same address), then a row wherever the position changes (`is_stmt` when the line does).
///
/// Where the code of an inlined copy starts (its entry in control flow, `f.inline_entries`),
/// two rows come before its body's, at the same address: the call's line and the inlined
/// function's declaration line, outermost scope first — as the out-of-line function has its
/// call instruction and its entry row. So `break FILE:LINE` on a call that was inlined, or on
/// the `let` of a function inlined everywhere, stops at each copy's entry (as GCC does for
/// inlined calls); gdb shows the body's line there, the last row at the address.
/// Empty when the function has no known source position (helpers).
pub fn line_rows(lines: &LineMap, sites: &InlineSites, f: &DebugFunction) -> Vec<LineRow> {
    let position = |loc: SrcLoc| code_position(lines, sites, loc);
    let body: Vec<(u32, u32, Position)> = f
        .srclocs
        .iter()
        .filter_map(|&(start, end, loc)| Some((start, end, position(loc)?)))
        .filter(|&(start, end, _)| start < end && start < f.len)
        .collect();
    let decl = lines.locate(f.decl_loc);
    let Some(first) = decl.or_else(|| body.first().map(|&(_, _, p)| p)) else {
        return Vec::new();
    };
    let mut rows = vec![LineRow {
        offset: 0,
        file: first.file,
        line: first.line,
        column: first.column,
        is_stmt: true,
        prologue_end: false,
    }];
    let mut last = first;
    // The position at the end of the prologue: the range covering it, else the next one.
    let body_start = f.prologue_end.min(f.len);
    let at_body = body
        .iter()
        .find(|&&(start, end, _)| start <= body_start && body_start < end)
        .or_else(|| body.iter().find(|&&(start, _, _)| start >= body_start))
        .map(|&(_, _, p)| p)
        .unwrap_or(first);
    if body_start > 0 && body_start < f.len {
        rows.push(LineRow {
            offset: body_start,
            file: at_body.file,
            line: at_body.line,
            column: at_body.column,
            is_stmt: true,
            prologue_end: true,
        });
        last = at_body;
    } else if body_start == 0 && decl.is_some() && !body.iter().any(|&(start, _, _)| start == 0) {
        // No prologue, and the first instructions have no position of their own (the
        // dispatch of a `function`'s cases): they are the declaration's line, as ocamlopt's
        // entry row, and `break f` stops there.
        rows[0].prologue_end = true;
    } else if body_start == 0 && decl.is_some_and(|d| !d.same_line(at_body)) {
        // No prologue at the entry (the native backend's frame may be set up later, on the
        // paths that need it) and the first instruction is the body's: the declaration's row
        // stays at the entry, as ocamlopt's, and the body's follows at the same address (the
        // one gdb shows there, and where `break f` stops).
        rows.push(LineRow {
            offset: 0,
            file: at_body.file,
            line: at_body.line,
            column: at_body.column,
            is_stmt: true,
            prologue_end: true,
        });
        last = at_body;
    } else if body_start == 0 {
        rows[0] = LineRow {
            offset: 0,
            file: at_body.file,
            line: at_body.line,
            column: at_body.column,
            is_stmt: true,
            prologue_end: true,
        };
        last = at_body;
    }
    let entries: HashMap<InlineScope, u32> = f.inline_entries.iter().copied().collect();
    let mut entered = std::collections::HashSet::new();
    // Rows before this index are kept even when a later row has their address.
    let mut kept = rows.len();
    for &(start, end, loc) in &f.srclocs {
        let Some(pos) = position(loc) else {
            continue;
        };
        if start >= end || start < body_start || start >= f.len {
            continue;
        }
        // The copies this instruction enters, outermost first.
        let mut entering: Vec<InlineScope> = sites
            .chain(loc.scope)
            .filter(|s| entries.get(s) == Some(&start) && !entered.contains(s))
            .collect();
        entering.reverse();
        for scope in entering {
            entered.insert(scope);
            let site = sites.get(scope).expect("a scope of the chain has a site");
            let call = lines.locate(site.call);
            let decl = lines.locate(SrcLoc::new(site.decl));
            for p in [call, decl].into_iter().flatten() {
                if p.same_line(last) {
                    continue;
                }
                rows.push(LineRow {
                    offset: start,
                    file: p.file,
                    line: p.line,
                    column: p.column,
                    is_stmt: true,
                    prologue_end: false,
                });
                last = p;
                kept = rows.len();
            }
        }
        if start == body_start || pos == last {
            continue;
        }
        let is_stmt = !pos.same_line(last);
        // Two rows at one address: the later one wins (not over a kept one).
        let replaceable = rows.len() > kept;
        if let Some(prev) = rows.last_mut().filter(|_| replaceable) {
            if prev.offset == start && !prev.prologue_end {
                *prev = LineRow {
                    offset: start,
                    file: pos.file,
                    line: pos.line,
                    column: pos.column,
                    is_stmt: is_stmt || prev.is_stmt,
                    prologue_end: false,
                };
                last = pos;
                continue;
            }
        }
        rows.push(LineRow {
            offset: start,
            file: pos.file,
            line: pos.line,
            column: pos.column,
            is_stmt,
            prologue_end: false,
        });
        last = pos;
    }
    rows
}

/// The line and column of code at `loc`: its own in this file; for code inlined from another
/// file (the standard library's `incr`, `not`, `|>`...), the innermost call site of its chain
/// of inline scopes that is in this file — the line that code is on for the user, as for
/// ocamlopt, whose primitives have the call's line.
fn code_position(lines: &LineMap, sites: &InlineSites, loc: SrcLoc) -> Option<Position> {
    lines.locate(loc).or_else(|| {
        sites
            .chain(loc.scope)
            .find_map(|s| lines.locate(sites.get(s)?.call))
    })
}

/// `f` as the DWARF describes it. A function of an installed stdlib unit (`List.iter`) is in
/// its own file (`list.ml` in the installation's directory), as ocamlopt's stdlib compiled
/// with `-g`: `bt` shows its frame at its line. In the program's functions, the code inlined
/// from the installed units is at the innermost call of its chain of inline scopes that is the
/// program's — as the prelude's code, which has no location — and its inlined copies have no
/// entry of their own: the program's lines stay the program's to step through.
pub(super) fn without_installed_code(f: &DebugFunction, sites: &InlineSites) -> DebugFunction {
    let installed = |loc: SrcLoc| installed_files::is_installed(loc.lo);
    if installed(f.decl_loc) {
        return f.clone();
    }
    let site_installed = |scope: InlineScope| {
        sites
            .get(scope)
            .is_some_and(|s| installed_files::is_installed(s.decl.lo))
    };
    let in_program = |mut loc: SrcLoc| {
        while installed(loc) {
            loc = match sites.get(loc.scope) {
                Some(site) => site.call,
                None => return SrcLoc::default(),
            };
        }
        loc
    };
    let mut f = f.clone();
    if f.srclocs.iter().any(|&(_, _, loc)| installed(loc)) {
        for (_, _, loc) in &mut f.srclocs {
            *loc = in_program(*loc);
        }
    }
    f.decl_loc = in_program(f.decl_loc);
    f.inline_entries
        .retain(|&(scope, _)| !site_installed(scope));
    f
}
