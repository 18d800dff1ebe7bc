//! Machine code in memory: the functions and data a backend produced for an SSA module, placed
//! and relocated by `cranelift-jit` ([`JITModule`]) instead of an object file and a linker.
//!
//! The backends generate the same position-independent code as for an executable (the code run
//! in memory is the code a build links), whose relocations ask for a GOT and a PLT
//! (`X86GotPcRel4`, `X86CallPcRel4` to a runtime function), which cranelift-jit does not provide
//! (it wants code compiled with `is_pic=false`). So this module makes them, as a static linker
//! would, out of what cranelift-jit does relocate:
//! - a GOT entry per symbol reached through the GOT is a data object `got:NAME` of one word,
//!   holding the symbol's address (an `Abs8` data relocation);
//! - a PLT entry per runtime function called is a function `plt:NAME`, `jmp [rip + got:NAME]`;
//! - a `X86GotPcRel4` becomes a `X86PCRel4` to the GOT entry, a call of a runtime function a
//!   call of its PLT entry; module functions and data are reached directly.
//!
//! Everything lives in one arena ([`ArenaMemoryProvider`]) reserved for the module's size, so
//! every 32-bit PC-relative field reaches its target; the runtime (in this binary, far away) is
//! only reached through absolute addresses in GOT entries. Invariant: **all data is defined
//! before any code**, so the arena holds one writable and one executable segment.
//!
//! Only x86-64 is handled: AArch64's GOT relocations would need their own forms ([`link`]
//! refuses them).

use crate::object::{describe_data, object_error};
use crate::runtime::RUNTIME_DATA_SYMBOLS;
use cranelift_codegen::binemit::Reloc as ClifReloc;
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_jit::{ArenaMemoryProvider, JITBuilder, JITModule};
use cranelift_module::{
    default_libcall_names, DataDescription, DataId, FuncId as ClifFuncId, Linkage as ClifLinkage,
    Module, ModuleReloc, ModuleRelocTarget,
};
use egret_plugin::backend::{BackendError, CompiledFunction, Reloc, RelocKind, RelocTarget};
use egret_plugin::ssa::ir::{FuncId, Linkage, Module as SsaModule};
use std::collections::HashMap;

/// The entry symbol the runtime calls (C ABI).
const ENTRY_SYMBOL: &str = crate::object::ENTRY_SYMBOL;

/// `jmp qword ptr [rip + disp32]`, the displacement at byte 2.
const PLT_ENTRY: [u8; 6] = [0xff, 0x25, 0, 0, 0, 0];

/// A module's code and data, placed and relocated in this process's memory.
pub struct Image {
    jit: JITModule,
    /// Every defined symbol's id, by name (module functions and data, helpers).
    symbols: HashMap<String, ModuleRelocTarget>,
    /// The C-ABI entry: a helper named `egret_main`, else the module's entry function.
    entry: Option<ClifFuncId>,
}

impl Image {
    /// The address of the program's C-ABI entry.
    pub fn entry(&self) -> Option<*const u8> {
        self.entry.map(|id| self.jit.get_finalized_function(id))
    }

    /// The address of a symbol the module defines (a function, or a data object's header).
    pub fn address(&self, name: &str) -> Option<*const u8> {
        if name == ENTRY_SYMBOL {
            return self.entry();
        }
        self.symbols.get(name).map(|t| self.jit.get_address(t))
    }
}

/// The ISA cranelift-jit is configured with: the host's, not position-independent (the JIT
/// insists; it only uses it for alignments, the code it places is the backends').
fn jit_isa() -> Result<OwnedTargetIsa, String> {
    let mut flags = settings::builder();
    flags
        .set("is_pic", "false")
        .map_err(|e| format!("cranelift setting is_pic: {e}"))?;
    cranelift_codegen::isa::lookup(target_lexicon::Triple::host())
        .map_err(|e| format!("no Cranelift ISA for this host: {e}"))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| format!("cannot build the host's Cranelift ISA: {e}"))
}

/// A symbol the module defines.
#[derive(Clone, Copy)]
enum Defined {
    Func(ClifFuncId),
    Data(DataId),
}

impl Defined {
    fn target(self) -> ModuleRelocTarget {
        match self {
            Defined::Func(f) => f.into(),
            Defined::Data(d) => d.into(),
        }
    }
}

/// What a symbol reached through the GOT is, for declaring it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SymbolKind {
    Function,
    Data,
}

/// Places `module`'s compiled `functions` (by id) and `helpers` (by name) with its data in
/// memory, resolving runtime symbols with `lookup`, and makes the code executable.
pub fn link(
    module: &SsaModule,
    functions: &[(FuncId, CompiledFunction)],
    helpers: &[(String, CompiledFunction)],
    lookup: fn(&str) -> Option<*const u8>,
) -> Result<Image, BackendError> {
    let fail = |message: String| object_error(message, "<jit>");
    if !cfg!(target_arch = "x86_64") {
        return Err(fail(
            "running in memory (--jit) is only supported on x86-64 hosts yet".to_string(),
        ));
    }
    let isa = jit_isa().map_err(fail)?;

    // The arena: every object and function, their alignment, the GOT and PLT, one segment of
    // each protection; doubled, since reserving address space costs nothing.
    let code_bytes: usize = functions
        .iter()
        .map(|(_, c)| c)
        .chain(helpers.iter().map(|(_, c)| c))
        .map(|c| c.code.len() + c.alignment.max(16) as usize)
        .sum();
    let data_bytes: usize = module.data.iter().map(|d| d.words.len() * 8 + 8).sum();
    let relocs: usize = functions
        .iter()
        .map(|(_, c)| c)
        .chain(helpers.iter().map(|(_, c)| c))
        .map(|c| c.relocs.len())
        .sum();
    let reserve = 2 * (code_bytes + data_bytes + relocs * (16 + PLT_ENTRY.len())) + (4 << 20);
    let arena = ArenaMemoryProvider::new_with_size(reserve)
        .map_err(|e| fail(format!("cannot reserve {reserve} bytes for the code: {e}")))?;
    let mut builder = JITBuilder::with_isa(isa, default_libcall_names());
    builder.symbol_lookup_fn(Box::new(lookup));
    builder.memory_provider(Box::new(arena));
    let mut jit = JITModule::new(builder);
    let signature = jit.make_signature();

    // Declarations: the module's functions, its data, the helpers.
    let mut defined: HashMap<String, Defined> = HashMap::new();
    let mut func_ids = Vec::with_capacity(module.functions.len());
    for f in &module.functions {
        let linkage = if f.linkage == Linkage::Export {
            ClifLinkage::Export
        } else {
            ClifLinkage::Local
        };
        let id = jit
            .declare_function(&f.name, linkage, &signature)
            .map_err(|e| object_error(e, &f.name))?;
        defined.insert(f.name.clone(), Defined::Func(id));
        func_ids.push(id);
    }
    let mut data_ids = Vec::with_capacity(module.data.len());
    for d in &module.data {
        let linkage = if d.linkage == Linkage::Export {
            ClifLinkage::Export
        } else {
            ClifLinkage::Local
        };
        let id = jit
            .declare_data(&d.name, linkage, true, false)
            .map_err(|e| object_error(e, &d.name))?;
        defined.insert(d.name.clone(), Defined::Data(id));
        data_ids.push(id);
    }
    let mut helper_ids = Vec::with_capacity(helpers.len());
    for (name, _) in helpers {
        let id = jit
            .declare_function(name, ClifLinkage::Export, &signature)
            .map_err(|e| object_error(e, name))?;
        defined.insert(name.clone(), Defined::Func(id));
        helper_ids.push(id);
    }

    let symbols: HashMap<String, ModuleRelocTarget> = defined
        .iter()
        .map(|(name, d)| (name.clone(), d.target()))
        .collect();

    // The GOT and PLT entries the code needs.
    let mut got_names: Vec<(String, SymbolKind)> = Vec::new();
    let mut plt_names: Vec<String> = Vec::new();
    let all_relocs = || {
        functions
            .iter()
            .map(|(_, c)| c)
            .chain(helpers.iter().map(|(_, c)| c))
            .flat_map(|c| &c.relocs)
    };
    for reloc in all_relocs() {
        let name = target_name(module, &reloc.target)?;
        let defined = symbols.contains_key(&name);
        let kind = target_kind(&reloc.target, &name);
        match reloc.kind {
            RelocKind::X86GotPcRel4 => got_names.push((name, kind)),
            RelocKind::X86CallPcRel4 | RelocKind::X86PcRel4 if !defined => {
                if kind == SymbolKind::Data {
                    return Err(fail(format!(
                        "a PC-relative reference to the runtime's data `{name}` (only the GOT \
                         reaches it from memory)"
                    )));
                }
                got_names.push((name.clone(), kind));
                plt_names.push(name);
            }
            RelocKind::X86CallPcRel4 | RelocKind::X86PcRel4 | RelocKind::Abs8 => {}
            other => {
                return Err(fail(format!(
                    "relocation {other:?} is not supported in memory (x86-64 only)"
                )))
            }
        }
    }
    got_names.sort_by(|a, b| a.0.cmp(&b.0));
    got_names.dedup_by(|a, b| a.0 == b.0);
    plt_names.sort();
    plt_names.dedup();
    // What the module does not define must exist here, as a linker would insist (cranelift-jit
    // panics on a symbol it cannot resolve).
    let data_symbols = module
        .data
        .iter()
        .flat_map(|d| &d.words)
        .filter_map(|w| match w {
            egret_plugin::ssa::ir::DataWord::Symbol(name) => Some(name.to_string()),
            _ => None,
        });
    let referenced = all_relocs()
        .map(|r| target_name(module, &r.target))
        .collect::<Result<Vec<_>, _>>()?;
    for name in referenced.into_iter().chain(data_symbols) {
        let found = symbols.contains_key(&name)
            || lookup(&name).is_some()
            || system_symbol(&name).is_some();
        if !found {
            return Err(fail(format!("undefined reference to `{name}`")));
        }
    }

    // Data first (one writable segment): the module's objects, then the GOT.
    for (d, &id) in module.data.iter().zip(&data_ids) {
        let description = describe_data(&mut jit, d, &func_ids, &data_ids)?;
        jit.define_data(id, &description)
            .map_err(|e| object_error(e, &d.name))?;
    }
    let mut got: HashMap<String, DataId> = HashMap::new();
    for (name, kind) in &got_names {
        let id = jit
            .declare_data(&format!("got:{name}"), ClifLinkage::Local, true, false)
            .map_err(|e| object_error(e, name))?;
        let mut description = DataDescription::new();
        description.define_zeroinit(8);
        description.set_align(8);
        match (defined.get(name), kind) {
            (Some(Defined::Func(f)), _) => {
                let fref = jit.declare_func_in_data(*f, &mut description);
                description.write_function_addr(0, fref);
            }
            (Some(Defined::Data(d)), _) => {
                let gv = jit.declare_data_in_data(*d, &mut description);
                description.write_data_addr(0, gv, 0);
            }
            (None, SymbolKind::Data) => {
                let import = jit
                    .declare_data(name, ClifLinkage::Import, true, false)
                    .map_err(|e| object_error(e, name))?;
                let gv = jit.declare_data_in_data(import, &mut description);
                description.write_data_addr(0, gv, 0);
            }
            (None, SymbolKind::Function) => {
                let import = jit
                    .declare_function(name, ClifLinkage::Import, &signature)
                    .map_err(|e| object_error(e, name))?;
                let fref = jit.declare_func_in_data(import, &mut description);
                description.write_function_addr(0, fref);
            }
        }
        jit.define_data(id, &description)
            .map_err(|e| object_error(e, name))?;
        got.insert(name.clone(), id);
    }

    // Absolute references to runtime symbols: imports.
    let mut imports: HashMap<String, ModuleRelocTarget> = HashMap::new();
    for reloc in all_relocs().filter(|r| r.kind == RelocKind::Abs8) {
        let name = target_name(module, &reloc.target)?;
        if symbols.contains_key(&name) || imports.contains_key(&name) {
            continue;
        }
        let target: ModuleRelocTarget = match target_kind(&reloc.target, &name) {
            SymbolKind::Data => jit
                .declare_data(&name, ClifLinkage::Import, true, false)
                .map_err(|e| object_error(e, &name))?
                .into(),
            SymbolKind::Function => jit
                .declare_function(&name, ClifLinkage::Import, &signature)
                .map_err(|e| object_error(e, &name))?
                .into(),
        };
        imports.insert(name, target);
    }

    // Then code (one executable segment): the PLT, the module's functions, the helpers.
    let mut plt: HashMap<String, ModuleRelocTarget> = HashMap::new();
    for name in &plt_names {
        let id = jit
            .declare_function(&format!("plt:{name}"), ClifLinkage::Local, &signature)
            .map_err(|e| object_error(e, name))?;
        let relocs = [ModuleReloc {
            offset: 2,
            kind: ClifReloc::X86PCRel4,
            name: got[name].into(),
            addend: -4,
        }];
        jit.define_function_bytes(id, 16, &PLT_ENTRY, &relocs)
            .map_err(|e| object_error(e, name))?;
        plt.insert(name.clone(), id.into());
    }
    let resolve = |reloc: &Reloc| -> Result<ModuleReloc, BackendError> {
        let name = target_name(module, &reloc.target)?;
        let local = symbols.get(&name).cloned();
        let (kind, target) = match (reloc.kind, local) {
            (RelocKind::X86GotPcRel4, _) => (ClifReloc::X86PCRel4, got[&name].into()),
            (RelocKind::X86CallPcRel4, Some(t)) => (ClifReloc::X86CallPCRel4, t),
            (RelocKind::X86CallPcRel4, None) => (ClifReloc::X86CallPCRel4, plt[&name].clone()),
            (RelocKind::X86PcRel4, Some(t)) => (ClifReloc::X86PCRel4, t),
            (RelocKind::X86PcRel4, None) => (ClifReloc::X86PCRel4, plt[&name].clone()),
            (RelocKind::Abs8, Some(t)) => (ClifReloc::Abs8, t),
            (RelocKind::Abs8, None) => (ClifReloc::Abs8, imports[&name].clone()),
            (other, _) => return Err(fail(format!("relocation {other:?} in memory"))),
        };
        Ok(ModuleReloc {
            offset: reloc.offset,
            kind,
            name: target,
            addend: reloc.addend,
        })
    };
    let code_items = functions
        .iter()
        .map(|(id, code)| {
            let f = module
                .functions
                .get(id.index())
                .ok_or_else(|| fail(format!("no function {}", id.0)))?;
            Ok((f.name.as_str(), func_ids[id.index()], code))
        })
        .chain(
            helpers
                .iter()
                .zip(&helper_ids)
                .map(|((name, code), id)| Ok((name.as_str(), *id, code))),
        )
        .collect::<Result<Vec<_>, BackendError>>()?;
    for (name, id, code) in code_items {
        let relocs = code
            .relocs
            .iter()
            .map(&resolve)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| object_error(e.message, name))?;
        jit.define_function_bytes(id, code.alignment.max(1) as u64, &code.code, &relocs)
            .map_err(|e| object_error(e, name))?;
    }
    jit.finalize_definitions()
        .map_err(|e| fail(format!("cannot make the code executable: {e}")))?;

    let entry = helpers
        .iter()
        .zip(&helper_ids)
        .find(|((name, _), _)| name == ENTRY_SYMBOL)
        .map(|(_, id)| *id)
        .or_else(|| module.entry.map(|e| func_ids[e.index()]));
    Ok(Image {
        jit,
        symbols,
        entry,
    })
}

/// A symbol of the C library (or anything else loaded), as cranelift-jit's own fallback finds
/// it.
fn system_symbol(name: &str) -> Option<*const u8> {
    extern "C" {
        fn dlsym(
            handle: *mut std::ffi::c_void,
            symbol: *const std::ffi::c_char,
        ) -> *mut std::ffi::c_void;
    }
    let name = std::ffi::CString::new(name).ok()?;
    // SAFETY: RTLD_DEFAULT (null) and a NUL-terminated name; dlsym only reads them.
    let address = unsafe { dlsym(std::ptr::null_mut(), name.as_ptr()) };
    (!address.is_null()).then_some(address as *const u8)
}

/// The linker name of a relocation's target.
fn target_name(module: &SsaModule, target: &RelocTarget) -> Result<String, BackendError> {
    let name = match target {
        RelocTarget::Func(f) => module.functions.get(f.index()).map(|f| &f.name),
        RelocTarget::Data(d) => module.data.get(d.index()).map(|d| &d.name),
        RelocTarget::External(name) => Some(name),
    };
    name.cloned().ok_or_else(|| {
        object_error(
            format!("a relocation to {target:?}, not in the module"),
            "<jit>",
        )
    })
}

/// Whether a relocation's target is code or data.
fn target_kind(target: &RelocTarget, name: &str) -> SymbolKind {
    match target {
        RelocTarget::Func(_) => SymbolKind::Function,
        RelocTarget::Data(_) => SymbolKind::Data,
        RelocTarget::External(_) if RUNTIME_DATA_SYMBOLS.contains(&name) => SymbolKind::Data,
        RelocTarget::External(_) => SymbolKind::Function,
    }
}
