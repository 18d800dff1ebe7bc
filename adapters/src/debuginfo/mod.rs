//! DWARF debug info (`-g`): a compile unit, a line table and a subprogram per function, with
//! parameters and their locations, written with gimli into the object.
//!
//! Input: every defined function's symbol, code length, source ranges (`srclocs`, byte offsets
//! into the source), prologue end, source name and, when a backend reported them
//! ([`egret_plugin::backend::FunctionDebugInfo`]), where its SSA values live. Output: the
//! sections `.debug_info`, `.debug_abbrev`, `.debug_line`, `.debug_str`, `.debug_ranges`,
//! `.debug_loc` (DWARF 4, the version every consumer reads) with relocations — addresses against
//! the function symbols, section offsets against the section symbols — and
//! `.debug_gdb_scripts`, which carries the pretty-printer [`GDB_SCRIPT`] gdb loads on its own.
//!
//! What gdb gets:
//! - the compile unit (producer `egret <version>`, `DW_LANG_OCaml`, file name and compilation
//!   directory, `DW_AT_ranges` over every function, the line table);
//! - one line-table sequence per function: a row at the entry (the declaration's line), a
//!   `prologue_end` row where the body starts (so `break f` stops after the prologue), and a row
//!   wherever the source position changes, `is_stmt` when the line changes (so `next` steps line
//!   by line);
//! - a `DW_TAG_subprogram` per function with its source name (`fib`), the symbol as linkage
//!   name, low/high pc, declaration line, frame base `DW_OP_call_frame_cfa`; functions with no
//!   source name (closure-application helpers such as `egret_apply2`, the entry wrapper) are
//!   `DW_AT_artificial`;
//! - the function's source variables (the SSA `debug_vars`, named at the lambda IR's binders):
//!   parameters (`DW_TAG_formal_parameter`, the generated `closure` last and artificial) and
//!   locals (`DW_TAG_variable`), each with a location list from the backend's value locations —
//!   nothing where the backend does not report one, so gdb says `<optimized out>` rather than
//!   show a stale location (a mutable local's list follows its current contents,
//!   [`egret_plugin::backend::FunctionDebugInfo::variable_locations`]). Types: `int` and `bool` are DWARF base types whose location
//!   expressions untag the word (`DW_OP_breg r 0; DW_OP_lit1; DW_OP_shra; DW_OP_stack_value`),
//!   so gdb prints and computes with the number the program sees; any other OCaml type `t` is a
//!   base type `egret_value t` (the value word under another name: a typedef would not do, since
//!   gdb's `finish` strips typedefs from the result type), which the pretty-printer decodes by that type
//!   (`[1; 2]`, `Some "x"`, `'c'`, `(3, true)`), and a word of unknown type (`egret_value`)
//!   generically (tagged ints as numbers, strings as text, blocks as tuples/constructors,
//!   closures as `<fun name>`);
//! - code the simplifier inlined (the inline scopes of the source locations,
//!   [`egret_plugin::srcloc`]): a `DW_TAG_inlined_subroutine` per scope in the function it was
//!   inlined into, nested as the inlining was, with its code ranges, `DW_AT_call_file`/`line`/
//!   `column` of the call and, as `DW_AT_abstract_origin`, an abstract `DW_TAG_subprogram`
//!   (`DW_AT_inline`) of the inlined function with its name and declaration line — one per
//!   inlined function, shared by its copies (an out-of-line copy, if any, stays a separate
//!   concrete subprogram). The line table gives the inlined function's own lines inside them.
//!   The locals whose value starts in inlined code are listed in its scope. [`scopes`] builds
//!   the tree of lexical blocks and inlined subroutines.
//!
//! Source locations with `lo == hi == 0`, or out of the source text, are treated as unknown.

mod scopes;

use crate::eh_frame::gimli_endian;
use cranelift_codegen::isa::TargetIsa;
use cranelift_object::object::write::{
    Object, Relocation as ObjectRelocation, SectionId as ObjectSectionId, StandardSegment, SymbolId,
};
use cranelift_object::object::{RelocationEncoding, RelocationFlags, RelocationKind, SectionKind};
use egret_plugin::backend::ValueLocation;
use egret_plugin::diagnostics::Span;
use egret_plugin::installed_files;
use egret_plugin::ssa::ir::{DebugTypeDecl, InlineScope, InlineSite, InlineSites, SrcLoc};
use gimli::write::{
    Address, AttributeValue, DwarfUnit, EndianVec, Expression, LineProgram, LineString, Location,
    LocationList, Range, RangeList, RelocateWriter, Relocation, RelocationTarget, Sections,
    UnitEntryId,
};
use gimli::{constants, Encoding, Format, LineEncoding, Register, RunTimeEndian, SectionId};
use scopes::{scope_tree, Place, VariableStart};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The source file a module was compiled from: what the debug info maps byte offsets with.
#[derive(Clone, Copy, Debug)]
pub struct SourceInfo<'a> {
    /// The path as given on the command line (relative paths are relative to the compilation
    /// directory, the current directory of the compiler).
    pub path: &'a Path,
    /// The text the byte offsets of `SrcLoc`s index.
    pub text: &'a str,
}

/// The name of the DWARF base type of OCaml value words (the pretty-printer matches it).
pub const VALUE_TYPE_NAME: &str = "egret_value";

/// The gdb pretty-printer for OCaml values, shipped in `.debug_gdb_scripts`.
pub const GDB_SCRIPT: &str = include_str!("egret_gdb.py");

/// The name gdb shows for the inline script.
const GDB_SCRIPT_NAME: &str = "egret-printers.py";

/// One named value of a function: a parameter or a local variable.
#[derive(Clone, Debug)]
pub struct DebugVariable {
    pub name: String,
    /// Its OCaml type (`int`, `string list`), empty when unknown.
    pub ty: String,
    pub is_param: bool,
    /// Generated (the closure parameter).
    pub artificial: bool,
    /// The inline scope of the code that binds it.
    pub bound_in: egret_plugin::srcloc::InlineScope,
    /// Where it lives, over code ranges `[start, end)` of the function.
    pub ranges: Vec<(u32, u32, ValueLocation)>,
}

/// One function of the object, as the debug info describes it.
#[derive(Clone, Debug)]
pub struct DebugFunction {
    pub symbol: SymbolId,
    pub len: u32,
    /// The source-level name (`fib`).
    pub name: String,
    /// The symbol name.
    pub linkage_name: String,
    /// Generated code with no source counterpart.
    pub artificial: bool,
    /// Visible outside the object.
    pub external: bool,
    pub decl_loc: SrcLoc,
    /// The OCaml type of the result (`int list`), empty when unknown.
    pub return_type: String,
    pub srclocs: Vec<(u32, u32, SrcLoc)>,
    pub prologue_end: u32,
    pub variables: Vec<DebugVariable>,
    /// Where each inlined copy starts, sorted by scope
    /// ([`egret_plugin::backend::FunctionDebugInfo::inline_entries`]); empty when the backend
    /// reported no statement ranges.
    pub inline_entries: Vec<(InlineScope, u32)>,
}

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
}

/// A section writer that records the relocations gimli asks for.
#[derive(Clone)]
struct SectionWriter {
    data: EndianVec<RunTimeEndian>,
    relocs: Vec<Relocation>,
}

impl RelocateWriter for SectionWriter {
    type Writer = EndianVec<RunTimeEndian>;
    fn writer(&self) -> &Self::Writer {
        &self.data
    }
    fn writer_mut(&mut self) -> &mut Self::Writer {
        &mut self.data
    }
    fn relocate(&mut self, relocation: Relocation) {
        self.relocs.push(relocation);
    }
}

/// The compile unit's name and directory: the path as given, and the compiler's current
/// directory (made absolute).
fn unit_paths(path: &Path) -> (String, String) {
    let comp_dir = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let name = path.to_string_lossy().into_owned();
    (name, comp_dir.to_string_lossy().into_owned())
}

/// How a variable's word is shown: as the value word the pretty-printer decodes, or decoded by
/// the location expression itself (tagged ints and bools: `2n+1` → `n`), which gdb then prints
/// and computes with as a plain number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decode {
    Word,
    Untag,
}

/// The DWARF expression of a value location.
fn location_expression(loc: ValueLocation, decode: Decode) -> Expression {
    let mut e = Expression::new();
    match (loc, decode) {
        (ValueLocation::Reg(r), Decode::Word) => e.op_reg(Register(r)),
        (ValueLocation::CfaOffset(offset), Decode::Word) => {
            e.op(constants::DW_OP_call_frame_cfa);
            e.op_consts(offset as i64);
            e.op(constants::DW_OP_plus);
        }
        (loc, Decode::Untag) => {
            match loc {
                ValueLocation::Reg(r) => e.op_breg(Register(r), 0),
                ValueLocation::CfaOffset(offset) => {
                    e.op(constants::DW_OP_call_frame_cfa);
                    e.op_consts(offset as i64);
                    e.op(constants::DW_OP_plus);
                    e.op_deref();
                }
            }
            e.op(constants::DW_OP_lit1);
            e.op(constants::DW_OP_shra);
            e.op(constants::DW_OP_stack_value);
        }
    }
    e
}

/// The DWARF types of variables, made on first use: `int` and `bool` (decoded in the location
/// expression) and, for every other OCaml type `t`, a base type `egret_value t` of the value word
/// the pretty-printer selects its printer by.
struct VariableTypes {
    value_type: UnitEntryId,
    word_size: u8,
    made: HashMap<String, (UnitEntryId, Decode)>,
}

impl VariableTypes {
    /// The type of a value word of OCaml type `ty` that nothing decodes before the
    /// pretty-printer: the base type `egret_value ty` for every type, `int` and `bool` included.
    fn word(&mut self, dwarf: &mut DwarfUnit, ty: &str) -> UnitEntryId {
        match ty {
            "" => self.value_type,
            "int" | "bool" => {
                let key = format!("{VALUE_TYPE_NAME} {ty}");
                if let Some(&(id, _)) = self.made.get(&key) {
                    return id;
                }
                let id = self.value_word(dwarf, ty);
                self.made.insert(key, (id, Decode::Word));
                id
            }
            _ => self.get(dwarf, ty).0,
        }
    }

    /// The value word under the name `egret_value ty`, which selects the pretty-printer's
    /// decoding.
    fn value_word(&self, dwarf: &mut DwarfUnit, ty: &str) -> UnitEntryId {
        let root = dwarf.unit.root();
        let id = dwarf.unit.add(root, constants::DW_TAG_base_type);
        let e = dwarf.unit.get_mut(id);
        e.set(
            constants::DW_AT_name,
            AttributeValue::String(format!("{VALUE_TYPE_NAME} {ty}").into_bytes()),
        );
        e.set(
            constants::DW_AT_encoding,
            AttributeValue::Encoding(constants::DW_ATE_signed),
        );
        e.set(
            constants::DW_AT_byte_size,
            AttributeValue::Udata(self.word_size as u64),
        );
        id
    }

    fn get(&mut self, dwarf: &mut DwarfUnit, ty: &str) -> (UnitEntryId, Decode) {
        if ty.is_empty() {
            return (self.value_type, Decode::Word);
        }
        if let Some(&t) = self.made.get(ty) {
            return t;
        }
        let root = dwarf.unit.root();
        let made = match ty {
            "int" | "bool" => {
                let id = dwarf.unit.add(root, constants::DW_TAG_base_type);
                let e = dwarf.unit.get_mut(id);
                e.set(
                    constants::DW_AT_name,
                    AttributeValue::String(ty.as_bytes().to_vec()),
                );
                let encoding = if ty == "int" {
                    constants::DW_ATE_signed
                } else {
                    constants::DW_ATE_boolean
                };
                e.set(
                    constants::DW_AT_encoding,
                    AttributeValue::Encoding(encoding),
                );
                e.set(
                    constants::DW_AT_byte_size,
                    AttributeValue::Udata(self.word_size as u64),
                );
                (id, Decode::Untag)
            }
            _ => (self.value_word(dwarf, ty), Decode::Word),
        };
        self.made.insert(ty.to_string(), made);
        made
    }
}

/// Writes the debug sections for `functions` (compiled from `source`) into `object`.
pub fn write_debug_info(
    object: &mut Object<'static>,
    isa: &dyn TargetIsa,
    source: &SourceInfo<'_>,
    functions: &[DebugFunction],
    declarations: &[DebugTypeDecl],
    inline_sites: &InlineSites,
) -> Result<(), String> {
    let encoding = Encoding {
        format: Format::Dwarf32,
        version: 4,
        address_size: isa.pointer_bytes(),
    };
    let functions: Vec<DebugFunction> = functions
        .iter()
        .map(|f| without_installed_code(f, inline_sites))
        .collect();
    let functions = functions.as_slice();
    let lines = LineMap::new(source.text);
    let (name, comp_dir) = unit_paths(source.path);
    let mut dwarf = DwarfUnit::new(encoding);

    // The line program: the source file, relative to the compilation directory.
    let file_name = source
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| name.clone());
    let line_program = LineProgram::new(
        encoding,
        LineEncoding::default(),
        LineString::String(comp_dir.clone().into_bytes()),
        None,
        LineString::String(file_name.clone().into_bytes()),
        None,
    );
    dwarf.unit.line_program = line_program;
    let directory = match source.path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dwarf.unit.line_program.add_directory(
            LineString::String(dir.to_string_lossy().into_owned().into_bytes()),
        ),
        _ => dwarf.unit.line_program.default_directory(),
    };
    let file = dwarf.unit.line_program.add_file(
        LineString::String(file_name.into_bytes()),
        directory,
        None,
    );

    for (index, f) in functions.iter().enumerate() {
        write_line_sequence(
            &mut dwarf.unit.line_program,
            &lines,
            inline_sites,
            file,
            index,
            f,
        );
    }

    // The compile unit.
    let root = dwarf.unit.root();
    let ranges = RangeList(
        functions
            .iter()
            .enumerate()
            .map(|(index, f)| Range::StartLength {
                begin: Address::Symbol {
                    symbol: index,
                    addend: 0,
                },
                length: f.len as u64,
            })
            .collect(),
    );
    let ranges = dwarf.unit.ranges.add(ranges);
    let producer = format!("egret {}", env!("CARGO_PKG_VERSION"));
    let cu = dwarf.unit.get_mut(root);
    cu.set(
        constants::DW_AT_producer,
        AttributeValue::String(producer.into_bytes()),
    );
    cu.set(
        constants::DW_AT_language,
        AttributeValue::Language(constants::DW_LANG_OCaml),
    );
    cu.set(
        constants::DW_AT_name,
        AttributeValue::String(name.into_bytes()),
    );
    cu.set(
        constants::DW_AT_comp_dir,
        AttributeValue::String(comp_dir.into_bytes()),
    );
    cu.set(
        constants::DW_AT_low_pc,
        AttributeValue::Address(Address::Constant(0)),
    );
    cu.set(
        constants::DW_AT_ranges,
        AttributeValue::RangeListRef(ranges),
    );
    cu.set(constants::DW_AT_stmt_list, AttributeValue::LineProgramRef);

    // The type of OCaml values: a signed machine word the pretty-printer decodes.
    let value_type = dwarf.unit.add(root, constants::DW_TAG_base_type);
    let t = dwarf.unit.get_mut(value_type);
    t.set(
        constants::DW_AT_name,
        AttributeValue::String(VALUE_TYPE_NAME.as_bytes().to_vec()),
    );
    t.set(
        constants::DW_AT_encoding,
        AttributeValue::Encoding(constants::DW_ATE_signed),
    );
    t.set(
        constants::DW_AT_byte_size,
        AttributeValue::Udata(isa.pointer_bytes() as u64),
    );

    let mut types = VariableTypes {
        value_type,
        word_size: isa.pointer_bytes(),
        made: HashMap::new(),
    };
    let mut inline = InlineOrigins {
        sites: inline_sites,
        root,
        made: HashMap::new(),
    };
    for (index, f) in functions.iter().enumerate() {
        write_subprogram(&mut dwarf, root, &mut types, &mut inline, &lines, index, f);
    }

    // Serialise, then copy every non-empty section into the object with its relocations.
    let endian = gimli_endian(isa);
    let mut sections = Sections::new(SectionWriter {
        data: EndianVec::new(endian),
        relocs: Vec::new(),
    });
    dwarf
        .write(&mut sections)
        .map_err(|e| format!("writing DWARF: {e}"))?;

    let mut ids: HashMap<SectionId, ObjectSectionId> = HashMap::new();
    let mut pending = Vec::new();
    sections
        .for_each(|id, w| -> Result<(), String> {
            if w.data.slice().is_empty() {
                return Ok(());
            }
            let kind = if id == SectionId::DebugStr || id == SectionId::DebugLineStr {
                SectionKind::DebugString
            } else {
                SectionKind::Debug
            };
            let section = object.add_section(
                object.segment_name(StandardSegment::Debug).to_vec(),
                id.name().as_bytes().to_vec(),
                kind,
            );
            object.set_section_data(section, w.data.slice().to_vec(), 1);
            ids.insert(id, section);
            pending.push((section, w.relocs.clone()));
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    for (section, relocs) in pending {
        for reloc in relocs {
            let symbol = match reloc.target {
                RelocationTarget::Symbol(index) => functions[index].symbol,
                RelocationTarget::Section(id) => {
                    let target = ids
                        .get(&id)
                        .ok_or_else(|| format!("relocation against empty section {}", id.name()))?;
                    object.section_symbol(*target)
                }
            };
            object
                .add_relocation(
                    section,
                    ObjectRelocation {
                        offset: reloc.offset as u64,
                        symbol,
                        addend: reloc.addend,
                        flags: RelocationFlags::Generic {
                            kind: RelocationKind::Absolute,
                            encoding: RelocationEncoding::Generic,
                            size: reloc.size * 8,
                        },
                    },
                )
                .map_err(|e| format!("relocation in {}: {e}", id_name(&ids, section)))?;
        }
    }

    // The pretty-printer, which gdb loads from this section (subject to `auto-load safe-path`).
    let scripts = object.add_section(
        Vec::new(),
        b".debug_gdb_scripts".to_vec(),
        SectionKind::Debug,
    );
    let mut script = vec![4u8]; // SECTION_SCRIPT_ID_PYTHON_TEXT
    script.extend_from_slice(GDB_SCRIPT_NAME.as_bytes());
    script.push(b'\n');
    script.extend_from_slice(GDB_SCRIPT.as_bytes());
    script.extend_from_slice(type_script(declarations).as_bytes());
    script.push(0);
    object.set_section_data(scripts, script, 1);
    Ok(())
}

/// A Python string literal of `s`.
fn python_string(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(b as char);
            }
            32..=126 => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push('"');
    out
}

/// The Python line that hands the program's type declarations to the pretty-printer:
/// `_add_types({name: (params, constant, non_constant, fields)})`.
pub fn type_script(types: &[DebugTypeDecl]) -> String {
    let list = |items: &mut dyn Iterator<Item = String>| {
        format!("[{}]", items.collect::<Vec<_>>().join(", "))
    };
    let entries: Vec<String> = types
        .iter()
        .map(|t| {
            let params = list(&mut t.params.iter().map(|p| python_string(p)));
            let constant = list(&mut t.constant.iter().map(|c| python_string(c)));
            let non_constant = list(&mut t.non_constant.iter().map(|(c, args)| {
                let args = list(&mut args.iter().map(|a| python_string(a)));
                format!("({}, {args})", python_string(c))
            }));
            let fields = list(
                &mut t
                    .fields
                    .iter()
                    .map(|(f, ty)| format!("({}, {})", python_string(f), python_string(ty))),
            );
            format!(
                "{}: ({params}, {constant}, {non_constant}, {fields})",
                python_string(&t.name)
            )
        })
        .collect();
    format!("\n_add_types({{{}}})\n", entries.join(", "))
}

fn id_name(ids: &HashMap<SectionId, ObjectSectionId>, section: ObjectSectionId) -> &'static str {
    ids.iter()
        .find(|(_, &s)| s == section)
        .map(|(id, _)| id.name())
        .unwrap_or("?")
}

/// The line-table sequence of function `index`.
fn write_line_sequence(
    program: &mut LineProgram,
    lines: &LineMap,
    sites: &InlineSites,
    file: gimli::write::FileId,
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
    let body: Vec<(u32, u32, (u64, u64))> = f
        .srclocs
        .iter()
        .filter_map(|&(start, end, loc)| Some((start, end, position(loc)?)))
        .filter(|&(start, end, _)| start < end && start < f.len)
        .collect();
    let decl = lines.position(f.decl_loc);
    let Some(first) = decl.or_else(|| body.first().map(|&(_, _, p)| p)) else {
        return Vec::new();
    };
    let mut rows = vec![LineRow {
        offset: 0,
        line: first.0,
        column: first.1,
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
            line: at_body.0,
            column: at_body.1,
            is_stmt: true,
            prologue_end: true,
        });
        last = at_body;
    } else if body_start == 0 && decl.is_some() && !body.iter().any(|&(start, _, _)| start == 0) {
        // No prologue, and the first instructions have no position of their own (the
        // dispatch of a `function`'s cases): they are the declaration's line, as ocamlopt's
        // entry row, and `break f` stops there.
        rows[0].prologue_end = true;
    } else if body_start == 0 && decl.is_some_and(|d| d.0 != at_body.0) {
        // No prologue at the entry (the native backend's frame may be set up later, on the
        // paths that need it) and the first instruction is the body's: the declaration's row
        // stays at the entry, as ocamlopt's, and the body's follows at the same address (the
        // one gdb shows there, and where `break f` stops).
        rows.push(LineRow {
            offset: 0,
            line: at_body.0,
            column: at_body.1,
            is_stmt: true,
            prologue_end: true,
        });
        last = at_body;
    } else if body_start == 0 {
        rows[0] = LineRow {
            offset: 0,
            line: at_body.0,
            column: at_body.1,
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
            let call = lines.position(site.call);
            let decl = lines.position(SrcLoc::new(site.decl));
            for p in [call, decl].into_iter().flatten() {
                if p.0 == last.0 {
                    continue;
                }
                rows.push(LineRow {
                    offset: start,
                    line: p.0,
                    column: p.1,
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
        let is_stmt = pos.0 != last.0;
        // Two rows at one address: the later one wins (not over a kept one).
        let replaceable = rows.len() > kept;
        if let Some(prev) = rows.last_mut().filter(|_| replaceable) {
            if prev.offset == start && !prev.prologue_end {
                *prev = LineRow {
                    offset: start,
                    line: pos.0,
                    column: pos.1,
                    is_stmt: is_stmt || prev.is_stmt,
                    prologue_end: false,
                };
                last = pos;
                continue;
            }
        }
        rows.push(LineRow {
            offset: start,
            line: pos.0,
            column: pos.1,
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
fn code_position(lines: &LineMap, sites: &InlineSites, loc: SrcLoc) -> Option<(u64, u64)> {
    lines.position(loc).or_else(|| {
        sites
            .chain(loc.scope)
            .find_map(|s| lines.position(sites.get(s)?.call))
    })
}

/// `f` as the DWARF describes it: the code of the installed stdlib units (whose locations are
/// in their own files, `egret_plugin::installed_files`, for the backtrace table) is at the
/// innermost call of its chain of inline scopes that is the program's — as the prelude's code,
/// which has no location — or at no place when it is not inlined; its inlined copies have no
/// entry of their own. The line table covers the program's own lines only.
fn without_installed_code(f: &DebugFunction, sites: &InlineSites) -> DebugFunction {
    let installed = |loc: SrcLoc| installed_files::is_installed(loc.lo);
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

/// Sets the code ranges of entry `id` in function `index`: `low_pc`/`high_pc` for one range,
/// `DW_AT_ranges` for several.
fn set_code_ranges(dwarf: &mut DwarfUnit, id: UnitEntryId, index: usize, ranges: &[(u32, u32)]) {
    let address = |offset: u32| Address::Symbol {
        symbol: index,
        addend: offset as i64,
    };
    if let [(start, end)] = ranges {
        let e = dwarf.unit.get_mut(id);
        e.set(
            constants::DW_AT_low_pc,
            AttributeValue::Address(address(*start)),
        );
        e.set(
            constants::DW_AT_high_pc,
            AttributeValue::Udata((end - start) as u64),
        );
        return;
    }
    let list = RangeList(
        ranges
            .iter()
            .map(|&(start, end)| Range::StartLength {
                begin: address(start),
                length: (end - start) as u64,
            })
            .collect(),
    );
    let list = dwarf.unit.ranges.add(list);
    dwarf
        .unit
        .get_mut(id)
        .set(constants::DW_AT_ranges, AttributeValue::RangeListRef(list));
}

/// The functions the simplifier inlined: the program's inline sites, and an abstract
/// `DW_TAG_subprogram` (`DW_AT_inline`) per inlined function, made on first use, that every
/// `DW_TAG_inlined_subroutine` of it names as its `DW_AT_abstract_origin` (gdb takes the
/// inlined frame's name and declaration from there).
struct InlineOrigins<'a> {
    sites: &'a InlineSites,
    root: UnitEntryId,
    made: HashMap<(String, Span), UnitEntryId>,
}

impl InlineOrigins<'_> {
    fn abstract_subprogram(
        &mut self,
        dwarf: &mut DwarfUnit,
        lines: &LineMap,
        site: &InlineSite,
    ) -> UnitEntryId {
        let key = (site.callee.clone(), site.decl);
        if let Some(&id) = self.made.get(&key) {
            return id;
        }
        let id = dwarf.unit.add(self.root, constants::DW_TAG_subprogram);
        let e = dwarf.unit.get_mut(id);
        e.set(
            constants::DW_AT_name,
            AttributeValue::String(site.callee.clone().into_bytes()),
        );
        if let Some((line, column)) = lines.position(SrcLoc::new(site.decl)) {
            e.set(constants::DW_AT_decl_file, AttributeValue::Udata(1));
            e.set(constants::DW_AT_decl_line, AttributeValue::Udata(line));
            e.set(constants::DW_AT_decl_column, AttributeValue::Udata(column));
        }
        e.set(
            constants::DW_AT_inline,
            AttributeValue::Inline(constants::DW_INL_inlined),
        );
        self.made.insert(key, id);
        id
    }
}

/// The `DW_TAG_subprogram` of function `index`, with its parameters and variables, lexical
/// blocks and inlined subroutines.
fn write_subprogram(
    dwarf: &mut DwarfUnit,
    root: UnitEntryId,
    types: &mut VariableTypes,
    inline: &mut InlineOrigins<'_>,
    lines: &LineMap,
    index: usize,
    f: &DebugFunction,
) {
    let sub = dwarf.unit.add(root, constants::DW_TAG_subprogram);
    let e = dwarf.unit.get_mut(sub);
    e.set(
        constants::DW_AT_name,
        AttributeValue::String(f.name.clone().into_bytes()),
    );
    // No DW_AT_linkage_name: gdb would show it instead of the source name. The symbol table
    // keeps the symbol (`egret_fib_47`) for `break egret_fib_47` and `info symbol`.
    e.set(
        constants::DW_AT_low_pc,
        AttributeValue::Address(Address::Symbol {
            symbol: index,
            addend: 0,
        }),
    );
    e.set(
        constants::DW_AT_high_pc,
        AttributeValue::Udata(f.len as u64),
    );
    let mut frame_base = Expression::new();
    frame_base.op(constants::DW_OP_call_frame_cfa);
    e.set(
        constants::DW_AT_frame_base,
        AttributeValue::Exprloc(frame_base),
    );
    // The result is in the return register as a value word: `finish` prints it through the
    // pretty-printer by its OCaml type (an `int` too: no location expression untags it).
    let return_type = types.word(dwarf, &f.return_type);
    let e = dwarf.unit.get_mut(sub);
    e.set(constants::DW_AT_type, AttributeValue::UnitRef(return_type));
    if f.external {
        e.set(constants::DW_AT_external, AttributeValue::Flag(true));
    }
    if f.artificial {
        e.set(constants::DW_AT_artificial, AttributeValue::Flag(true));
    }
    if let Some((line, column)) = lines.position(f.decl_loc) {
        e.set(constants::DW_AT_decl_file, AttributeValue::Udata(1));
        e.set(constants::DW_AT_decl_line, AttributeValue::Udata(line));
        e.set(constants::DW_AT_decl_column, AttributeValue::Udata(column));
    }

    // The lexical blocks and inlined subroutines, and where each variable goes (see
    // [`scopes`]).
    let in_function = |&&(start, end, _): &&(u32, u32, ValueLocation)| start < end && end <= f.len;
    let starts: Vec<VariableStart> = f
        .variables
        .iter()
        .map(|v| VariableStart {
            is_param: v.is_param,
            start: v.ranges.iter().filter(in_function).map(|r| r.0).min(),
            bound_in: v.bound_in,
        })
        .collect();
    let tree = scope_tree(f.len, &f.srclocs, inline.sites, &starts);
    let mut blocks: Vec<UnitEntryId> = Vec::with_capacity(tree.blocks.len());
    for block in &tree.blocks {
        let parent = blocks.last().copied().unwrap_or(sub);
        let id = dwarf.unit.add(parent, constants::DW_TAG_lexical_block);
        set_code_ranges(dwarf, id, index, &block.ranges);
        blocks.push(id);
    }
    let mut inlined: Vec<UnitEntryId> = Vec::with_capacity(tree.inlined.len());
    for scope in &tree.inlined {
        let parent = match scope.parent {
            Place::Subprogram => sub,
            Place::Block(i) => blocks[i],
            Place::Inlined(i) => inlined[i],
        };
        let id = dwarf.unit.add(parent, constants::DW_TAG_inlined_subroutine);
        if let Some(site) = inline.sites.get(scope.scope) {
            let origin = inline.abstract_subprogram(dwarf, lines, site);
            let e = dwarf.unit.get_mut(id);
            e.set(
                constants::DW_AT_abstract_origin,
                AttributeValue::UnitRef(origin),
            );
            if let Some((line, column)) = lines.position(site.call) {
                e.set(constants::DW_AT_call_file, AttributeValue::Udata(1));
                e.set(constants::DW_AT_call_line, AttributeValue::Udata(line));
                e.set(constants::DW_AT_call_column, AttributeValue::Udata(column));
            }
        }
        set_code_ranges(dwarf, id, index, &scope.ranges);
        inlined.push(id);
    }

    for (v, place) in f.variables.iter().zip(&tree.variables) {
        let parent = match *place {
            Place::Subprogram => sub,
            Place::Block(i) => blocks[i],
            Place::Inlined(i) => inlined[i],
        };
        let tag = if v.is_param {
            constants::DW_TAG_formal_parameter
        } else {
            constants::DW_TAG_variable
        };
        let (ty, decode) = types.get(dwarf, &v.ty);
        let ranges: Vec<_> = v
            .ranges
            .iter()
            .filter(|&&(start, end, _)| start < end && end <= f.len)
            .collect();
        let location = if ranges.is_empty() {
            None
        } else {
            let list = LocationList(
                ranges
                    .iter()
                    .map(|&&(start, end, loc)| Location::StartLength {
                        begin: Address::Symbol {
                            symbol: index,
                            addend: start as i64,
                        },
                        length: (end - start) as u64,
                        data: location_expression(loc, decode),
                    })
                    .collect(),
            );
            Some(dwarf.unit.locations.add(list))
        };
        let var = dwarf.unit.add(parent, tag);
        let e = dwarf.unit.get_mut(var);
        e.set(
            constants::DW_AT_name,
            AttributeValue::String(v.name.clone().into_bytes()),
        );
        e.set(constants::DW_AT_type, AttributeValue::UnitRef(ty));
        if v.artificial {
            e.set(constants::DW_AT_artificial, AttributeValue::Flag(true));
        }
        if let Some(list) = location {
            e.set(
                constants::DW_AT_location,
                AttributeValue::LocationListRef(list),
            );
        }
    }
}
