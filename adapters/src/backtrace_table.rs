//! The backtrace table: what the runtime's backtraces (`runtime/egret_backtrace.c`,
//! OCaml's frame descriptors with debuginfo) need to turn a return address into OCaml's
//! `Printexc` slot: the file, line and characters of the call or raise, the scoped name of the
//! function it is in (`Backtrace2.test_Error.f`), and the functions inlined there, innermost
//! first.
//!
//! It is made from what the DWARF line table is made from — each function's code ranges and
//! their source locations ([`DebugFunction::srclocs`]), with the program's inline sites — so
//! both backends get it, and it lives in a data section: it changes no code. The section is
//! x86-64's large data (`.ldata`, `SHF_X86_64_LARGE`), which linkers place after `.bss`, so
//! that no other section moves and no rip-relative displacement in `.text` changes; its
//! references to the functions are PC-relative (no dynamic relocations); and every object has
//! a table (with no function when the source is not known), so the runtime's reference to it
//! links the same.
//!
//! Without `-g` the table is ocamlopt's frame descriptors without `-g`: calls and raises keep
//! their locations, but an inlined function's code is at its own place only (ocamlopt's
//! `Closure.subst_debuginfo` adds the call it was inlined at only under `-g`), except the
//! installed stdlib's inlined into itself (that stdlib is compiled with `-g`). Its functions
//! are flagged for the runtime: in their code at a location of the program's own (a range
//! without the installed stdlib's flag), a `raise` records nothing (ocamlopt's
//! `Cmm_helpers.raise_prim` makes it `raise_notrace`) and a failed bound check records no frame
//! (`Emit.bound_error_label`), while a zero divisor's raise and the calls into C keep theirs.
//!
//! Layout (little-endian, offsets in bytes from the table's start; the runtime's `struct
//! egret_bt_*` mirror it):
//!
//! ```text
//! header     u32 magic "EGBT", u32 n_functions, u32 functions, u32 ranges, u32 locs, u32 strings
//! functions  n × { i32 start (relative to the field), u32 len, u32 first_range, u32 n_ranges,
//!                  u32 flags }   flags bit 0: compiled without -g
//! ranges     { u32 start, u32 end, u32 loc }   code offsets [start, end) in the function, sorted;
//!            loc: an index in locs, bit 31 set when the code is the installed stdlib's
//! locs       { u32 defname, u32 file, u32 line, u32 start_char, u32 end_char, u32 next }
//!            next: the location of the call the code was inlined at, + 1 (0: none)
//! strings    NUL-terminated
//! ```
//!
//! Characters are OCaml's: from the start of the location's first line, the end possibly
//! past that line's end. The code of an installed stdlib unit is in its own file
//! (`hashtbl.ml`, `egret_plugin::installed_files`), the rest in the program's.

use crate::debuginfo::{DebugFunction, LineMap, SourceInfo};
use cranelift_object::object::write::{Object, Relocation as ObjectRelocation, Symbol};
use cranelift_object::object::{
    elf, RelocationEncoding, RelocationFlags, RelocationKind, SectionFlags, SectionKind,
    SymbolFlags, SymbolKind, SymbolScope,
};
use egret_plugin::installed_files;
use egret_plugin::srcloc::InlineScope;
use egret_plugin::ssa::ir::{InlineSites, SrcLoc};
use std::collections::HashMap;

/// The symbol the runtime reads the table through.
pub const TABLE_SYMBOL: &str = "egret_backtrace_table";

const HEADER: usize = 24;
const FUNCTION: usize = 20;

/// One function the table describes: its debug description and OCaml's scoped name of its
/// code (`Backtrace2.test_Error.f`, the module alone for the top level).
pub struct TableFunction<'a> {
    pub debug: &'a DebugFunction,
    pub defname: String,
    /// For a `try` body, the inline scope of the `try`: a chain of inlined calls ends there
    /// (the handler's frame, where ocamlopt's trace stops).
    pub handler_scope: Option<InlineScope>,
}

struct Builder<'a> {
    lines: LineMap,
    text_len: u32,
    starts: Vec<u32>,
    file: u32,
    module: String,
    sites: &'a InlineSites,
    /// Whole inline chains (`-g`).
    full: bool,
    strings: Vec<u8>,
    string_ids: HashMap<String, u32>,
    locs: Vec<[u32; 6]>,
    loc_ids: HashMap<(SrcLoc, u32, Option<InlineScope>), u32>,
}

impl Builder<'_> {
    fn string(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.string_ids.get(s) {
            return i;
        }
        let i = self.strings.len() as u32;
        self.strings.extend_from_slice(s.as_bytes());
        self.strings.push(0);
        self.string_ids.insert(s.to_string(), i);
        i
    }

    /// The location of `loc` (index + 1) in a function named `defname` (its own code's name),
    /// with the chain of calls it was inlined at; 0 when it has no place in the source.
    fn loc(&mut self, loc: SrcLoc, defname: u32, cut: Option<InlineScope>) -> u32 {
        if let Some(&i) = self.loc_ids.get(&(loc, defname, cut)) {
            return i;
        }
        let (file, line, bol) = match installed_files::file_at(loc.lo) {
            // An installed stdlib unit's code: in its own file (`hashtbl.ml`).
            Some(f) => {
                let (line, start) = f.line_of(loc.lo);
                (self.string(&f.name), line, f.base + start)
            }
            None => {
                let Some((line, _)) = self.lines.position(loc) else {
                    // Code from no place in the source (the prelude's), inlined: at its call.
                    return match self.sites.get(loc.scope) {
                        Some(site) if cut != Some(loc.scope) => self.loc(site.call, defname, cut),
                        _ => 0,
                    };
                };
                (self.file, line as u32, self.starts[line as usize - 1])
            }
        };
        let (name, next) = match self.sites.get(loc.scope) {
            Some(site) => {
                let name = if site.scope_name.is_empty() {
                    format!("{}.{}", self.module, site.callee)
                } else {
                    site.scope_name.clone()
                };
                let name = self.string(&name);
                let kept = self.full || installed_files::is_installed(site.call.lo);
                if cut == Some(loc.scope) || !kept {
                    (name, 0)
                } else {
                    (name, self.loc(site.call, defname, cut))
                }
            }
            None => (defname, 0),
        };
        let end = installed_files::file_at(loc.lo).map_or(self.text_len, |f| f.end());
        let hi = loc.hi.min(end).max(loc.lo);
        self.locs
            .push([name, file, line, loc.lo - bol, hi - bol, next]);
        let i = self.locs.len() as u32;
        self.loc_ids.insert((loc, defname, cut), i);
        i
    }
}

/// The flag of a range's code from the installed stdlib (`loc`'s bit 31).
const INSTALLED: u32 = 1 << 31;

/// Writes the table of `functions` (compiled from `source`; none without it) into `object`,
/// with `full` inline chains (`-g`) or as without `-g` (the module doc).
pub fn write_backtrace_table(
    object: &mut Object<'static>,
    source: Option<&SourceInfo<'_>>,
    module: &str,
    functions: &[TableFunction<'_>],
    sites: &InlineSites,
    x86_64: bool,
    full: bool,
) {
    let empty = SourceInfo {
        path: std::path::Path::new(""),
        text: "",
    };
    let source = source.unwrap_or(&empty);
    let mut starts = vec![0u32];
    starts.extend(
        source
            .text
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i as u32 + 1),
    );
    let mut b = Builder {
        lines: LineMap::new(source.text),
        text_len: source.text.len() as u32,
        starts,
        file: 0,
        module: module.to_string(),
        sites,
        full,
        strings: Vec::new(),
        string_ids: HashMap::new(),
        locs: Vec::new(),
        loc_ids: HashMap::new(),
    };
    // The file's name as the program's run-time messages give it (`Assert_failure`'s): the
    // path as given on the command line, as ocamlopt's (`sub/d.ml`).
    b.file = b.string(&source.path.to_string_lossy());
    let mut ranges: Vec<[u32; 3]> = Vec::new();
    let mut described: Vec<(&DebugFunction, u32, u32, u32)> = Vec::new();
    for f in functions {
        let defname = b.string(&f.defname);
        let first = ranges.len() as u32;
        for &(start, end, loc) in &f.debug.srclocs {
            let l = b.loc(loc, defname, f.handler_scope);
            if l != 0 && start < end {
                let installed = installed_files::is_installed(loc.lo);
                ranges.push([start, end, (l - 1) | if installed { INSTALLED } else { 0 }]);
            }
        }
        let n = ranges.len() as u32 - first;
        described.push((f.debug, first, n, u32::from(!full)));
    }

    let functions_off = HEADER;
    let ranges_off = functions_off + FUNCTION * described.len();
    let locs_off = ranges_off + 12 * ranges.len();
    let strings_off = locs_off + 24 * b.locs.len();
    let mut data = Vec::with_capacity(strings_off + b.strings.len());
    let u32s = |data: &mut Vec<u8>, xs: &[u32]| {
        for x in xs {
            data.extend_from_slice(&x.to_le_bytes());
        }
    };
    data.extend_from_slice(b"EGBT");
    u32s(
        &mut data,
        &[
            described.len() as u32,
            functions_off as u32,
            ranges_off as u32,
            locs_off as u32,
            strings_off as u32,
        ],
    );
    for (f, first, n, flags) in &described {
        u32s(&mut data, &[0, f.len, *first, *n, *flags]);
    }
    for r in &ranges {
        u32s(&mut data, r);
    }
    for l in &b.locs {
        u32s(&mut data, l);
    }
    data.extend_from_slice(&b.strings);

    let section = object.add_section(
        Vec::new(),
        b".ldata.egret_backtrace".to_vec(),
        SectionKind::Data,
    );
    // SHF_X86_64_LARGE (the object crate has no name for it).
    let large = if x86_64 { 0x1000_0000 } else { 0 };
    object.section_mut(section).flags = SectionFlags::Elf {
        sh_flags: u64::from(elf::SHF_ALLOC | elf::SHF_WRITE | large),
    };
    object.set_section_data(section, data, 8);
    for (i, (f, ..)) in described.iter().enumerate() {
        object
            .add_relocation(
                section,
                ObjectRelocation {
                    offset: (functions_off + FUNCTION * i) as u64,
                    symbol: f.symbol,
                    addend: 0,
                    flags: RelocationFlags::Generic {
                        kind: RelocationKind::Relative,
                        encoding: RelocationEncoding::Generic,
                        size: 32,
                    },
                },
            )
            .expect("a PC-relative 32-bit relocation in a data section");
    }
    object.add_symbol(Symbol {
        name: TABLE_SYMBOL.as_bytes().to_vec(),
        value: 0,
        size: 0,
        kind: SymbolKind::Data,
        scope: SymbolScope::Linkage,
        weak: false,
        section: cranelift_object::object::write::SymbolSection::Section(section),
        flags: SymbolFlags::None,
    });
}
