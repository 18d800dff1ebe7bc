//! The object sink: compiled functions and static data → a relocatable object file, over
//! `cranelift-object`.
//!
//! [`ObjectWriter::new`] declares every function of the SSA module up front (so any function's
//! code may refer to any other) and defines every static [`Data`] object; the backend then hands
//! it each function's machine code through [`ObjectSink`]; [`ObjectWriter::finish`] resolves the
//! entry symbol, writes `.eh_frame` ([`crate::eh_frame`]) and gives the object's bytes.
//!
//! Symbols: module functions and data keep their SSA names; runtime symbols a relocation names
//! (`RelocTarget::External`) are imported on first use, as data if they are one of
//! [`RUNTIME_DATA_SYMBOLS`], else as functions. The runtime calls `egret_main` with the C ABI:
//! a backend whose entry function has another convention defines a helper of that name
//! ([`ObjectSink::define_helper`]); otherwise the entry function itself is exported under it.
//!
//! Data objects are placed in writable data: their words may hold absolute addresses, which a
//! PIE relocates at load time (in read-only data that would be a text relocation), and the GC
//! will write mark bits into headers.

use crate::backtrace_table::{write_backtrace_table, TableFunction};
use crate::debuginfo::{write_debug_info, DebugFunction, DebugVariable, SourceInfo};
use crate::eh_frame::{write_eh_frame, FrameRecord};
use crate::runtime::RUNTIME_DATA_SYMBOLS;
use cranelift_codegen::binemit::Reloc as ClifReloc;
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_module::{
    default_libcall_names, DataDescription, Linkage as ClifLinkage, Module, ModuleReloc,
    ModuleRelocTarget,
};
use cranelift_object::object::write::Symbol;
use cranelift_object::object::{SectionKind, SymbolFlags, SymbolKind, SymbolScope};
use cranelift_object::{ObjectBuilder, ObjectModule};
use egret_plugin::backend::{
    BackendError, CfiOp, CompiledFunction, FunctionDebugInfo, ObjectSink, Reloc, RelocKind,
    RelocTarget,
};
use egret_plugin::installed_files;
use egret_plugin::srcloc::InlineScope;
use egret_plugin::ssa::ir::{
    Data, DataWord, DebugValue, DebugVar, DebugVarKind, FuncId, Function, Linkage,
    Module as SsaModule, SrcLoc, Value,
};
use std::collections::HashMap;

/// The symbol the runtime calls to run the program.
pub const ENTRY_SYMBOL: &str = "egret_main";

/// A function defined in the object: its id, code length and CFI.
struct DefinedCode {
    id: cranelift_module::FuncId,
    len: u32,
    cfi: Vec<(u32, CfiOp)>,
    /// With debug info: what the DWARF says about it (the symbol is filled in at the end).
    debug: Option<PendingDebug>,
}

/// A function's debug description before its symbol exists.
struct PendingDebug {
    /// The module function it compiles, if not a helper.
    func: Option<FuncId>,
    name: String,
    linkage_name: String,
    artificial: bool,
    external: bool,
    decl_loc: SrcLoc,
    return_type: String,
    srclocs: Vec<(u32, u32, SrcLoc)>,
    prologue_end: u32,
    variables: Vec<DebugVariable>,
    /// OCaml's scoped name for backtraces (`None`: generated code, not in the table).
    defname: Option<String>,
    /// A `try` body's handler scope (`Function::handler_scope`).
    handler_scope: Option<InlineScope>,
    /// Where each inlined copy starts (`FunctionDebugInfo::inline_entries`).
    inline_entries: Vec<(InlineScope, u32)>,
}

/// Writes one object file for an SSA module.
pub struct ObjectWriter<'m> {
    module: &'m SsaModule,
    isa: OwnedTargetIsa,
    object: ObjectModule,
    functions: Vec<cranelift_module::FuncId>,
    defined: Vec<bool>,
    data: Vec<cranelift_module::DataId>,
    externals: HashMap<String, ModuleRelocTarget>,
    /// Each defined function's symbol, code length and CFI, for `.eh_frame`.
    frames: Vec<DefinedCode>,
    entry_helper_defined: bool,
    /// The source, when writing debug info or the backtrace table.
    source: Option<SourceInfo<'m>>,
    /// Write DWARF and the backtrace table's whole inline chains (`-g`); without it, the
    /// table alone, as ocamlopt's frame descriptors without `-g`.
    dwarf: bool,
}

pub(crate) fn object_error(what: impl std::fmt::Display, function: &str) -> BackendError {
    BackendError {
        function: function.to_string(),
        message: what.to_string(),
    }
}

impl<'m> ObjectWriter<'m> {
    /// Declares `module`'s functions and defines its data, for the target of `isa`.
    pub fn new(isa: OwnedTargetIsa, module: &'m SsaModule) -> Result<Self, BackendError> {
        let builder = ObjectBuilder::new(isa.clone(), "egret", default_libcall_names())
            .map_err(|e| object_error(e, "<object>"))?;
        let mut object = ObjectModule::new(builder);
        let signature = object.make_signature();

        let mut functions = Vec::with_capacity(module.functions.len());
        for (index, f) in module.functions.iter().enumerate() {
            let is_entry = module.entry == Some(FuncId(index as u32));
            let linkage = match f.linkage {
                Linkage::Export => ClifLinkage::Export,
                Linkage::Local if is_entry && f.name == ENTRY_SYMBOL => ClifLinkage::Export,
                Linkage::Local => ClifLinkage::Local,
            };
            let id = object
                .declare_function(&f.name, linkage, &signature)
                .map_err(|e| object_error(e, &f.name))?;
            functions.push(id);
        }

        let mut data = Vec::with_capacity(module.data.len());
        for d in &module.data {
            let id = object
                .declare_data(
                    &d.name,
                    if d.linkage == Linkage::Export {
                        ClifLinkage::Export
                    } else {
                        ClifLinkage::Local
                    },
                    true,
                    false,
                )
                .map_err(|e| object_error(e, &d.name))?;
            data.push(id);
        }

        let mut writer = ObjectWriter {
            module,
            isa,
            object,
            defined: vec![false; functions.len()],
            functions,
            data,
            externals: HashMap::new(),
            frames: Vec::new(),
            entry_helper_defined: false,
            source: None,
            dwarf: false,
        };
        for (index, d) in module.data.iter().enumerate() {
            writer.define_data(index, d)?;
        }
        Ok(writer)
    }

    /// Makes [`ObjectWriter::finish`] write DWARF debug info for `source` (`-g`).
    pub fn set_debug_source(&mut self, source: SourceInfo<'m>) {
        self.source = Some(source);
        self.dwarf = true;
    }

    /// Makes [`ObjectWriter::finish`] write the backtrace table of code compiled without `-g`
    /// for `source`, and no DWARF (`crate::backtrace_table`).
    pub fn set_backtrace_source(&mut self, source: SourceInfo<'m>) {
        self.source = Some(source);
        self.dwarf = false;
    }

    fn define_data(&mut self, index: usize, d: &Data) -> Result<(), BackendError> {
        let description = describe_data(&mut self.object, d, &self.functions, &self.data)?;
        self.object
            .define_data(self.data[index], &description)
            .map_err(|e| object_error(e, &d.name))
    }

    fn function_id(
        &self,
        f: FuncId,
        context: &str,
    ) -> Result<cranelift_module::FuncId, BackendError> {
        self.functions
            .get(f.index())
            .copied()
            .ok_or_else(|| object_error(format!("no function {}", f.0), context))
    }

    fn external(&mut self, name: &str, context: &str) -> Result<ModuleRelocTarget, BackendError> {
        if let Some(target) = self.externals.get(name) {
            return Ok(target.clone());
        }
        let target: ModuleRelocTarget = if RUNTIME_DATA_SYMBOLS.contains(&name) {
            self.object
                .declare_data(name, ClifLinkage::Import, true, false)
                .map_err(|e| object_error(e, context))?
                .into()
        } else {
            let signature = self.object.make_signature();
            self.object
                .declare_function(name, ClifLinkage::Import, &signature)
                .map_err(|e| object_error(e, context))?
                .into()
        };
        self.externals.insert(name.to_string(), target.clone());
        Ok(target)
    }

    fn module_relocs(
        &mut self,
        relocs: &[Reloc],
        context: &str,
    ) -> Result<Vec<ModuleReloc>, BackendError> {
        relocs
            .iter()
            .map(|r| {
                let name = match &r.target {
                    RelocTarget::Func(f) => self.function_id(*f, context)?.into(),
                    RelocTarget::Data(d) => self
                        .data
                        .get(d.index())
                        .copied()
                        .ok_or_else(|| object_error(format!("no data object {}", d.0), context))?
                        .into(),
                    RelocTarget::External(name) => self.external(name, context)?,
                };
                Ok(ModuleReloc {
                    offset: r.offset,
                    kind: clif_reloc_kind(r.kind),
                    name,
                    addend: r.addend,
                })
            })
            .collect()
    }

    fn define_code(
        &mut self,
        id: cranelift_module::FuncId,
        name: &str,
        code: &CompiledFunction,
        func: Option<(FuncId, &Function)>,
    ) -> Result<(), BackendError> {
        let relocs = self.module_relocs(&code.relocs, name)?;
        self.object
            .define_function_bytes(id, code.alignment.max(1) as u64, &code.code, &relocs)
            .map_err(|e| object_error(e, name))?;
        let len = u32::try_from(code.code.len())
            .map_err(|_| object_error("function larger than 4 GiB", name))?;
        let debug = self
            .source
            .is_some()
            .then(|| self.pending_debug(name, code, func));
        self.frames.push(DefinedCode {
            id,
            len,
            cfi: code.cfi.clone(),
            debug,
        });
        Ok(())
    }

    /// The debug description of a function being defined (`func` is `None` for helpers).
    fn pending_debug(
        &self,
        symbol: &str,
        code: &CompiledFunction,
        func: Option<(FuncId, &Function)>,
    ) -> PendingDebug {
        let Some((id, f)) = func else {
            return PendingDebug {
                func: None,
                name: symbol.to_string(),
                linkage_name: symbol.to_string(),
                artificial: true,
                external: true,
                decl_loc: SrcLoc::default(),
                return_type: String::new(),
                srclocs: Vec::new(),
                prologue_end: code.prologue_end,
                variables: Vec::new(),
                defname: None,
                handler_scope: None,
                inline_entries: Vec::new(),
            };
        };
        // The program's top-level code: the entry, and the `try` bodies outlined from it (the
        // typer wraps the program's phrases in one, for the exit functions).
        let is_entry = self.module.entry.is_some_and(|e| {
            let entry = &self.module.functions[e.0 as usize].name;
            e == id
                || f.name
                    .strip_prefix(entry.as_str())
                    .and_then(|rest| rest.strip_prefix("_try"))
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        });
        // Generated functions (closure application, partial application) keep their symbol as
        // source name.
        let artificial = f.source_name == f.name || f.source_name.is_empty();
        let name = if is_entry {
            self.source
                .as_ref()
                .map(|s| module_name(s.path))
                .unwrap_or_else(|| f.source_name.clone())
        } else if artificial {
            f.source_name.clone()
        } else {
            debug_name(
                &f.source_name,
                &f.scope_name,
                installed_files::is_installed(f.decl_loc.lo),
            )
        };
        let module = self.source.as_ref().map(|s| module_name(s.path));
        let module = module.unwrap_or_default();
        // The entry's code has no scope but the module; the others' is the typer's scoped name.
        let defname = if is_entry || (!artificial && f.scope_name.is_empty()) {
            Some(module)
        } else if artificial {
            None
        } else {
            Some(f.scope_name.clone())
        };
        PendingDebug {
            func: Some(id),
            name,
            linkage_name: f.name.clone(),
            artificial,
            external: f.linkage == Linkage::Export,
            decl_loc: f.decl_loc,
            return_type: f.debug_ret.clone(),
            srclocs: code.srclocs.clone(),
            prologue_end: code.prologue_end,
            variables: if artificial || !self.dwarf {
                Vec::new()
            } else {
                variables(f)
            },
            defname,
            handler_scope: f.handler_scope,
            inline_entries: Vec::new(),
        }
    }

    /// Finishes the object: checks every function was defined, exports the entry as
    /// `egret_main` unless a helper took that name, writes `.eh_frame` and a non-executable-stack
    /// note, and returns the object file's bytes.
    pub fn finish(self) -> Result<Vec<u8>, BackendError> {
        for (index, defined) in self.defined.iter().enumerate() {
            if !defined {
                return Err(object_error(
                    "the backend did not define this function",
                    &self.module.functions[index].name,
                ));
            }
        }
        let mut product = self.object.finish();
        let object = &mut product.object;

        if let Some(entry) = self.module.entry {
            let f = &self.module.functions[entry.index()];
            if !self.entry_helper_defined && f.name != ENTRY_SYMBOL {
                let id = product.functions[self.functions[entry.index()]]
                    .ok_or_else(|| object_error("entry function has no symbol", &f.name))?
                    .0;
                let (value, size, section) = {
                    let s = object.symbol(id);
                    (s.value, s.size, s.section)
                };
                object.add_symbol(Symbol {
                    name: ENTRY_SYMBOL.as_bytes().to_vec(),
                    value,
                    size,
                    kind: SymbolKind::Text,
                    scope: SymbolScope::Dynamic,
                    weak: false,
                    section,
                    flags: SymbolFlags::None,
                });
            }
        }

        let mut debug_functions = Vec::new();
        let mut defnames = Vec::new();
        let frames: Vec<FrameRecord> = self
            .frames
            .into_iter()
            .map(
                |DefinedCode {
                     id,
                     len,
                     cfi,
                     debug,
                 }| {
                    let symbol = product.functions[id]
                        .expect("defined function has a symbol")
                        .0;
                    if let Some(d) = debug {
                        defnames.push((d.defname, d.handler_scope));
                        debug_functions.push(DebugFunction {
                            symbol,
                            len,
                            name: d.name,
                            linkage_name: d.linkage_name,
                            artificial: d.artificial,
                            external: d.external,
                            decl_loc: d.decl_loc,
                            return_type: d.return_type,
                            srclocs: d.srclocs,
                            prologue_end: d.prologue_end,
                            variables: d.variables,
                            inline_entries: d.inline_entries,
                        });
                    }
                    FrameRecord { symbol, len, cfi }
                },
            )
            .collect();
        let object = &mut product.object;
        write_eh_frame(object, &*self.isa, &frames).map_err(|e| object_error(e, "<object>"))?;
        if let (true, Some(source)) = (self.dwarf, &self.source) {
            let types = &self.module.debug_types;
            let sites = &self.module.inline_sites;
            write_debug_info(object, &*self.isa, source, &debug_functions, types, sites)
                .map_err(|e| object_error(e, "<debug info>"))?;
        }

        let described: Vec<TableFunction<'_>> = debug_functions
            .iter()
            .zip(defnames)
            .filter_map(|(debug, (defname, handler_scope))| {
                Some(TableFunction {
                    debug,
                    defname: defname?,
                    handler_scope,
                })
            })
            .collect();
        let module = self
            .source
            .as_ref()
            .map(|s| module_name(s.path))
            .unwrap_or_default();
        let x86_64 = self.isa.triple().architecture == target_lexicon::Architecture::X86_64;
        write_backtrace_table(
            object,
            self.source.as_ref(),
            &module,
            &described,
            &self.module.inline_sites,
            x86_64,
            self.dwarf,
        );

        // Without this note, GNU ld makes the stack executable (and warns).
        object.add_section(
            Vec::new(),
            b".note.GNU-stack".to_vec(),
            SectionKind::Elf(cranelift_object::object::elf::SHT_PROGBITS),
        );

        object.write().map_err(|e| object_error(e, "<object>"))
    }
}

impl ObjectSink for ObjectWriter<'_> {
    fn define_function(
        &mut self,
        id: FuncId,
        func: &Function,
        code: &CompiledFunction,
    ) -> Result<(), BackendError> {
        let clif_id = self.function_id(id, &func.name)?;
        if std::mem::replace(&mut self.defined[id.index()], true) {
            return Err(object_error("function defined twice", &func.name));
        }
        self.define_code(clif_id, &func.name, code, Some((id, func)))
    }

    fn define_helper(&mut self, name: &str, code: &CompiledFunction) -> Result<(), BackendError> {
        let signature = self.object.make_signature();
        let id = self
            .object
            .declare_function(name, ClifLinkage::Export, &signature)
            .map_err(|e| object_error(e, name))?;
        if name == ENTRY_SYMBOL {
            self.entry_helper_defined = true;
        }
        self.define_code(id, name, code, None)
    }

    fn define_function_debug_info(
        &mut self,
        id: FuncId,
        info: FunctionDebugInfo,
    ) -> Result<(), BackendError> {
        let Some(frame) = self
            .frames
            .iter_mut()
            .rev()
            .find(|f| f.debug.as_ref().is_some_and(|d| d.func == Some(id)))
        else {
            // Not defined yet, or no debug info requested.
            return Ok(());
        };
        let debug = frame.debug.as_mut().expect("checked above");
        let f = &self.module.functions[id.index()];
        debug.inline_entries = info.inline_entries(f, &self.module.inline_sites);
        if debug.variables.is_empty() {
            return Ok(());
        }
        // (`variables` lists `f.debug_vars` in order.)
        for (var, ranges) in debug.variables.iter_mut().zip(info.variable_locations(f)) {
            var.ranges = ranges;
        }
        Ok(())
    }
}

/// The contents of static data object `d` for any cranelift-module `Module` (the object file's
/// and the JIT's, `crate::jit`): its words, with relocations for the addresses it holds
/// (`functions` and `data` are the module's declarations of the SSA module's functions and data,
/// by index). A data address points at the object's first field, after the header; a runtime
/// data symbol (`DataWord::Symbol`) is imported.
pub(crate) fn describe_data<M: Module>(
    object: &mut M,
    d: &Data,
    functions: &[cranelift_module::FuncId],
    data: &[cranelift_module::DataId],
) -> Result<DataDescription, BackendError> {
    let mut bytes = Vec::with_capacity(d.words.len() * 8);
    let mut description = DataDescription::new();
    for (i, word) in d.words.iter().enumerate() {
        let offset = (i * 8) as u32;
        match word {
            DataWord::Word(w) => bytes.extend_from_slice(&w.to_le_bytes()),
            DataWord::FuncAddr(f) => {
                bytes.extend_from_slice(&[0; 8]);
                let id = *functions
                    .get(f.index())
                    .ok_or_else(|| object_error(format!("no function {}", f.0), &d.name))?;
                let fref = object.declare_func_in_data(id, &mut description);
                description.write_function_addr(offset, fref);
            }
            DataWord::DataAddr(target) => {
                bytes.extend_from_slice(&[0; 8]);
                let id = *data
                    .get(target.index())
                    .ok_or_else(|| object_error(format!("no data object {}", target.0), &d.name))?;
                let gv = object.declare_data_in_data(id, &mut description);
                description.write_data_addr(offset, gv, 8);
            }
            DataWord::Symbol(name) => {
                bytes.extend_from_slice(&[0; 8]);
                let id = object
                    .declare_data(name, ClifLinkage::Import, false, false)
                    .map_err(|e| object_error(e, &d.name))?;
                let gv = object.declare_data_in_data(id, &mut description);
                description.write_data_addr(offset, gv, 0);
            }
        }
    }
    description.define(bytes.into_boxed_slice());
    description.set_align(8);
    Ok(description)
}

/// The cranelift-object relocation for a plugin relocation kind.
pub fn clif_reloc_kind(kind: RelocKind) -> ClifReloc {
    match kind {
        // cranelift-object writes R_X86_64_PLT32 for both call kinds; PLT32 also suits calls
        // to functions defined in the same link.
        RelocKind::X86CallPcRel4 => ClifReloc::X86CallPLTRel4,
        RelocKind::X86PcRel4 => ClifReloc::X86PCRel4,
        RelocKind::X86GotPcRel4 => ClifReloc::X86GOTPCRel4,
        RelocKind::Abs8 => ClifReloc::Abs8,
        RelocKind::Arm64Call => ClifReloc::Arm64Call,
        RelocKind::Aarch64AdrPrelPgHi21 => ClifReloc::Aarch64AdrPrelPgHi21,
        RelocKind::Aarch64AddAbsLo12Nc => ClifReloc::Aarch64AddAbsLo12Nc,
        RelocKind::Aarch64AdrGotPage21 => ClifReloc::Aarch64AdrGotPage21,
        RelocKind::Aarch64Ld64GotLo12Nc => ClifReloc::Aarch64Ld64GotLo12Nc,
    }
}

/// The name of the module a source file defines, as OCaml names it (`fib.ml` → `Fib`): the
/// debug info's name for the module's initialisation code (the entry function).
/// The name gdb shows for a function of source name `source_name` whose code has OCaml's scoped
/// name `scope_name` (`Prog.Pqueue.push`, `Stdlib__List.iter`): the modules it is defined in
/// (the scoped name's leading capitalised components, the structures and functors) and its
/// own name — `Pqueue.push` in the program (its unit is the file gdb shows), `Stdlib__List.iter`
/// in an installed stdlib unit, as OCaml's backtraces name it; a local function is named by
/// itself (`loop`, not `main.loop`), so `break loop` finds it.
fn debug_name(source_name: &str, scope_name: &str, installed: bool) -> String {
    let mut modules: Vec<&str> = scope_name
        .split('.')
        .take_while(|c| c.starts_with(|ch: char| ch.is_ascii_uppercase()))
        .collect();
    if !installed && !modules.is_empty() {
        modules.remove(0);
    }
    modules.push(source_name);
    modules.join(".")
}

pub fn module_name(path: &std::path::Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut chars = stem.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => "Main".to_string(),
    }
}

/// The source variables of `f` (its `debug_vars`: parameters, the closure, locals), without
/// locations yet.
fn variables(f: &Function) -> Vec<DebugVariable> {
    f.debug_vars
        .iter()
        .map(|d| DebugVariable {
            name: d.name.clone(),
            ty: d.ty.clone(),
            is_param: d.kind != DebugVarKind::Local,
            artificial: d.kind == DebugVarKind::Closure,
            bound_in: binding_statement(d)
                .and_then(|s| f.locs.get(s.index()))
                .map_or(InlineScope::NONE, |loc| loc.scope),
            ranges: Vec::new(),
        })
        .collect()
}

/// The statement that binds `d`: its value's definition, or a mutable local's first assignment.
fn binding_statement(d: &DebugVar) -> Option<Value> {
    match &d.value {
        DebugValue::Fixed(v) => Some(*v),
        DebugValue::Mutable(assigns) => assigns.first().map(|a| a.from),
    }
}

#[cfg(test)]
mod tests {
    use super::debug_name;

    #[test]
    fn debug_names_are_qualified_by_their_modules() {
        assert_eq!(debug_name("fact", "Steps.fact", false), "fact");
        assert_eq!(debug_name("push", "Prog.Pqueue.push", false), "Pqueue.push");
        assert_eq!(debug_name("g", "Prog.F.M.g", false), "F.M.g");
        assert_eq!(debug_name("loop", "Prog.main.loop", false), "loop");
        assert_eq!(debug_name("(+!)", "Prog.T.(+!)", false), "T.(+!)");
        assert_eq!(
            debug_name("iter", "Stdlib__List.iter", true),
            "Stdlib__List.iter"
        );
        assert_eq!(debug_name("f", "", false), "f");
    }
}
