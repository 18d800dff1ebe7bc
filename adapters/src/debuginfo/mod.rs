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
//!   closures as `<fun name>`). In a polymorphic function's one uniform copy the types name
//!   their type variables as OCaml prints them (`egret_value 'a list`, per function); such a
//!   value prints at the ground type of a variable up the stack that holds the same block, if
//!   one does, and otherwise generically where its type says nothing;
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
//!
//! The parts: [`lines`] (the line table), [`variables`] (types and location expressions),
//! [`scopes`] (lexical blocks and inlined subroutines), [`gdb_script`] (the pretty-printer
//! section); this module writes the unit, its subprograms and the sections.

mod gdb_script;
mod lines;
mod scopes;
mod variables;

pub use gdb_script::{type_script, GDB_SCRIPT};
pub use lines::{line_rows, LineMap, LineRow};

use crate::eh_frame::gimli_endian;
use cranelift_codegen::isa::TargetIsa;
use cranelift_object::object::write::{
    Object, Relocation as ObjectRelocation, SectionId as ObjectSectionId, StandardSegment, SymbolId,
};
use cranelift_object::object::{RelocationEncoding, RelocationFlags, RelocationKind, SectionKind};
use egret_plugin::backend::ValueLocation;
use egret_plugin::diagnostics::Span;
use egret_plugin::ssa::ir::{DebugTypeDecl, InlineScope, InlineSite, InlineSites, SrcLoc};
use gimli::write::{
    Address, AttributeValue, DwarfUnit, EndianVec, Expression, LineProgram, LineString, Location,
    LocationList, Range, RangeList, RelocateWriter, Relocation, RelocationTarget, Sections,
    UnitEntryId,
};
use gimli::{constants, Encoding, Format, LineEncoding, RunTimeEndian, SectionId};
use lines::{without_installed_code, write_line_sequence, FileTable};
use scopes::{scope_tree, Place, VariableStart};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use variables::{location_expression, VariableTypes};

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

    let mut places = Places {
        lines: &lines,
        files: FileTable::new(file),
    };
    for (index, f) in functions.iter().enumerate() {
        write_line_sequence(
            &mut dwarf.unit.line_program,
            &lines,
            inline_sites,
            &mut places.files,
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
        write_subprogram(
            &mut dwarf,
            root,
            &mut types,
            &mut inline,
            &mut places,
            index,
            f,
        );
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

    gdb_script::write_gdb_scripts(object, declarations);
    Ok(())
}

fn id_name(ids: &HashMap<SectionId, ObjectSectionId>, section: ObjectSectionId) -> &'static str {
    ids.iter()
        .find(|(_, &s)| s == section)
        .map(|(id, _)| id.name())
        .unwrap_or("?")
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
        places: &mut Places<'_>,
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
        e.set(
            constants::DW_AT_inline,
            AttributeValue::Inline(constants::DW_INL_inlined),
        );
        places.set(dwarf, id, DECLARED, SrcLoc::new(site.decl));
        self.made.insert(key, id);
        id
    }
}

/// Where source positions are: the program's lines and the line program's files.
struct Places<'a> {
    lines: &'a LineMap,
    files: FileTable,
}

/// The attributes of a declaration's position, and of an inlined call's.
const DECLARED: [constants::DwAt; 3] = [
    constants::DW_AT_decl_file,
    constants::DW_AT_decl_line,
    constants::DW_AT_decl_column,
];
const CALLED: [constants::DwAt; 3] = [
    constants::DW_AT_call_file,
    constants::DW_AT_call_line,
    constants::DW_AT_call_column,
];

impl Places<'_> {
    /// Sets the file, line and column `attributes` of entry `id` to where `loc` is (in the
    /// program's file or an installed unit's); nothing for an unknown location.
    fn set(
        &mut self,
        dwarf: &mut DwarfUnit,
        id: UnitEntryId,
        attributes: [constants::DwAt; 3],
        loc: SrcLoc,
    ) {
        let Some(p) = self.lines.locate(loc) else {
            return;
        };
        let file = self.files.id(&mut dwarf.unit.line_program, p.file);
        let e = dwarf.unit.get_mut(id);
        e.set(attributes[0], AttributeValue::FileIndex(Some(file)));
        e.set(attributes[1], AttributeValue::Udata(p.line));
        e.set(attributes[2], AttributeValue::Udata(p.column));
    }
}

/// The `DW_TAG_subprogram` of function `index`, with its parameters and variables, lexical
/// blocks and inlined subroutines.
fn write_subprogram(
    dwarf: &mut DwarfUnit,
    root: UnitEntryId,
    types: &mut VariableTypes,
    inline: &mut InlineOrigins<'_>,
    places: &mut Places<'_>,
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
    places.set(dwarf, sub, DECLARED, f.decl_loc);

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
            let origin = inline.abstract_subprogram(dwarf, places, site);
            dwarf.unit.get_mut(id).set(
                constants::DW_AT_abstract_origin,
                AttributeValue::UnitRef(origin),
            );
            places.set(dwarf, id, CALLED, site.call);
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
