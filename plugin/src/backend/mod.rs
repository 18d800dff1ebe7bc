//! The codegen-backend interface, rustc-style, and the toolchain traits the plugin needs.
//!
//! The plugin never names a Cranelift type. It defines:
//! - [`CodegenBackend`]: turns an SSA [`Module`] into machine code for one target, function by
//!   function, into an [`ObjectSink`]. egret's own x86-64 backend ([`x64`]) is one
//!   implementation; `egret-adapters` provides the Cranelift one.
//! - [`ObjectSink`]: receives compiled functions and static data (implemented over
//!   `cranelift-object` in the adapters).
//! - [`Linker`]: turns the object file into an executable together with egret's runtime.
//! - [`abi`]: a backend built as a shared library (`--backend=PATH.so`): its entry points
//!   ([`export_backend!`](crate::export_backend)) and the build stamp egret checks first.
//!
//! Symbols: functions and data of the module are referred to by [`FuncId`]/[`DataId`]; the sink
//! names them with [`Function::name`]/[`Data::name`]. Runtime functions are external C symbols.

use crate::ssa::debugvars::contents_at;
use crate::ssa::dom::DomTree;
use crate::ssa::ir::{
    DataId, DebugValue, FuncId, Function, InlineScope, InlineSites, Module, SrcLoc, Value,
};
use std::fmt;

pub mod abi;
pub mod x64;

/// The runtime functions a program calls to collect now (`Gc.minor`, `Gc.full_major` ...),
/// after which it may observe what died (weak pointers, finalisers). Roots are found
/// conservatively, so a dead value left in a callee-saved register would stay alive: a backend
/// keeps no value in one across such a call and zeroes them before it (native:
/// `x64::abi::collection_clobbers` and `x64/emit.rs`; Cranelift: the runtime's
/// `egret_clear_callee_saved`, called with a convention that preserves no register).
pub fn is_explicit_collection(symbol: &str) -> bool {
    matches!(
        symbol,
        "caml_gc_minor"
            | "caml_gc_major"
            | "caml_gc_full_major"
            | "caml_gc_compaction"
            | "caml_gc_major_slice"
    )
}

/// What a relocation refers to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RelocTarget {
    Func(FuncId),
    Data(DataId),
    /// An external symbol (a runtime function or variable), by its linker name.
    External(String),
}

/// Relocation kinds, named as cranelift-object writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RelocKind {
    /// x86-64 `call rel32` to a function (`R_X86_64_PLT32`).
    X86CallPcRel4,
    /// x86-64 rel32 data/code reference, e.g. `lea rax, [rip + sym]` (`R_X86_64_PC32`).
    X86PcRel4,
    /// x86-64 rel32 reference to the symbol's GOT entry (`R_X86_64_GOTPCREL`).
    X86GotPcRel4,
    /// An absolute 64-bit address (`R_X86_64_64` / `R_AARCH64_ABS64`).
    Abs8,
    /// AArch64 `bl` to a function (`R_AARCH64_CALL26`).
    Arm64Call,
    /// AArch64 `adrp` of the symbol's page (`R_AARCH64_ADR_PREL_PG_HI21`).
    Aarch64AdrPrelPgHi21,
    /// AArch64 `add` of the symbol's offset in its page (`R_AARCH64_ADD_ABS_LO12_NC`).
    Aarch64AddAbsLo12Nc,
    /// AArch64 `adrp` of the page of the symbol's GOT entry (`R_AARCH64_ADR_GOT_PAGE`).
    Aarch64AdrGotPage21,
    /// AArch64 `ldr` of the symbol's GOT entry (`R_AARCH64_LD64_GOT_LO12_NC`).
    Aarch64Ld64GotLo12Nc,
}

/// One relocation in a function's code or a data object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reloc {
    /// Byte offset of the field to patch.
    pub offset: u32,
    pub kind: RelocKind,
    pub target: RelocTarget,
    pub addend: i64,
}

/// A DWARF call-frame instruction at a code offset, with DWARF register numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CfiOp {
    /// CFA = register + offset.
    DefCfa {
        reg: u16,
        offset: i32,
    },
    /// CFA = (current CFA register) + offset.
    DefCfaOffset(i32),
    /// CFA = register + (current offset).
    DefCfaRegister(u16),
    /// Register saved at CFA + offset.
    Offset {
        reg: u16,
        offset: i32,
    },
    /// Register has its value from the caller again.
    Restore(u16),
    RememberState,
    RestoreState,
}

/// A function's machine code with everything the object writer and the debug-info adapter need.
#[derive(Clone, Debug, Default)]
pub struct CompiledFunction {
    pub code: Vec<u8>,
    pub alignment: u32,
    pub relocs: Vec<Reloc>,
    /// Code ranges `[start, end)` and the source location they come from, in code order.
    pub srclocs: Vec<(u32, u32, SrcLoc)>,
    /// Call-frame instructions at code offsets, in increasing offset order, describing the frame
    /// at every instruction (the CIE gives CFA = rsp + 8 at entry on x86-64).
    pub cfi: Vec<(u32, CfiOp)>,
    /// Offset of the first instruction after the prologue.
    pub prologue_end: u32,
    pub stats: FunctionStats,
}

/// Per-function statistics a backend reports (for `--time-passes` and benchmarks).
#[derive(Clone, Debug, Default)]
pub struct FunctionStats {
    pub insts: usize,
    pub spill_slots: usize,
    pub branches_removed: usize,
    /// Time spent in each of the backend's passes on this function, in pass order (e.g.
    /// `isel`, `regalloc`, `emit`): `--time-passes` sums them over the module.
    pub pass_times: Vec<(&'static str, std::time::Duration)>,
}

/// An error a backend or adapter reports: never a user error, so it names the function.
#[derive(Clone, Debug)]
pub struct BackendError {
    pub function: String,
    pub message: String,
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in function `{}`: {}", self.function, self.message)
    }
}

impl std::error::Error for BackendError {}

/// Receives a module's compiled functions and data, and writes the object file.
pub trait ObjectSink {
    /// Defines function `id` (whose SSA is `func`) from machine code.
    fn define_function(
        &mut self,
        id: FuncId,
        func: &Function,
        code: &CompiledFunction,
    ) -> Result<(), BackendError>;

    /// Defines a function the backend generates beyond the module's own, as the global symbol
    /// `name`: e.g. the C-ABI `egret_main` wrapper a backend emits when the module's entry
    /// function uses another calling convention. Its relocations may refer to the module's
    /// functions and data. When no helper is named `egret_main`, the sink exports the module's
    /// entry function itself under that name.
    fn define_helper(&mut self, name: &str, code: &CompiledFunction) -> Result<(), BackendError>;

    /// Debug info for function `id`, already defined with [`ObjectSink::define_function`]: a
    /// backend that knows where values live hands it over (with `-g` only). The default
    /// ignores it, so sinks that write no debug info need not implement it.
    fn define_function_debug_info(
        &mut self,
        id: FuncId,
        info: FunctionDebugInfo,
    ) -> Result<(), BackendError> {
        let _ = (id, info);
        Ok(())
    }
}

/// Options every backend gets.
#[derive(Clone, Debug)]
pub struct CodegenOptions {
    /// Target triple, e.g. `x86_64-unknown-linux-gnu`.
    pub target: String,
    /// 0 = no optimisation, 1/2 = optimise (`-O`).
    pub opt_level: u8,
    /// Emit debug info (`-g`). Never changes the generated code.
    pub debug_info: bool,
    /// Run the backend's internal checkers (regalloc2's checker, MachBuffer invariants).
    pub verify: bool,
    /// The backend's own options (`-C backend-arg=KEY=VALUE`), in command-line order, each key
    /// one of [`CodegenBackend::options`] and its value valid ([`check_backend_args`]).
    pub backend_args: Vec<(String, String)>,
}

impl CodegenOptions {
    /// The value given for the backend option `key` (the last one, when given twice).
    pub fn backend_arg(&self, key: &str) -> Option<&str> {
        self.backend_args
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The backend stages `--emit` knows, in pipeline order; each backend prints those it has
/// ([`CodegenBackend::stages`]).
pub const BACKEND_STAGES: [&str; 3] = ["clif", "vcode", "asm"];

/// An option a backend takes (`-C backend-arg=KEY=VALUE`), as `egret backends` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackendOption {
    pub key: &'static str,
    /// The values it takes; empty: any text.
    pub values: &'static [&'static str],
    /// What it is when not given.
    pub default: &'static str,
    pub help: &'static str,
}

/// Checks `args` against `backend`'s options: an unknown key names the valid ones, an invalid
/// value the valid values.
pub fn check_backend_args(
    backend: &dyn CodegenBackend,
    args: &[(String, String)],
) -> Result<(), String> {
    let options = backend.options();
    for (key, value) in args {
        let Some(option) = options.iter().find(|o| o.key == key) else {
            let valid: Vec<&str> = options.iter().map(|o| o.key).collect();
            return Err(format!(
                "unknown option `{key}` for the {} backend (valid: {})",
                backend.name(),
                if valid.is_empty() {
                    "none: it takes no options".to_string()
                } else {
                    valid.join(", ")
                }
            ));
        };
        if !option.values.is_empty() && !option.values.contains(&value.as_str()) {
            return Err(format!(
                "invalid value `{value}` for the {} backend's option `{key}` (valid: {})",
                backend.name(),
                option.values.join(", ")
            ));
        }
    }
    Ok(())
}

/// A codegen backend: compiles an SSA module for one target into an [`ObjectSink`].
pub trait CodegenBackend {
    /// The name used with `--backend=`.
    fn name(&self) -> &'static str;
    /// Whether this backend can generate code for `triple`.
    fn supports_target(&self, triple: &str) -> bool;
    /// One line saying what it is, for `egret backends`.
    fn description(&self) -> String {
        String::new()
    }
    /// The target triples it supports, for `egret backends` (`supports_target` decides).
    fn targets(&self) -> Vec<String> {
        Vec::new()
    }
    /// The options it takes with `-C backend-arg=KEY=VALUE` (in [`CodegenOptions::backend_args`]).
    fn options(&self) -> Vec<BackendOption> {
        Vec::new()
    }
    /// Its own stages `--emit=STAGE` can print, in pipeline order, among
    /// [`BACKEND_STAGES`]: `clif` (an IR of its own), `vcode` (machine instructions after
    /// instruction selection, before register allocation), `asm` (the final code, disassembled).
    fn stages(&self) -> Vec<&'static str> {
        Vec::new()
    }
    /// Prints stage `stage` (one of [`CodegenBackend::stages`]) for every function of `module`.
    /// `line_of` maps a byte offset of the source to its line and column, for annotations.
    fn emit_stage(
        &self,
        module: &Module,
        options: &CodegenOptions,
        stage: &str,
        line_of: &dyn Fn(u32) -> (u32, u32),
    ) -> Result<String, BackendError> {
        let _ = (module, options, line_of);
        Err(BackendError {
            function: "<module>".into(),
            message: format!("the {} backend has no stage `{stage}`", self.name()),
        })
    }
    /// Compiles every function of `module` and defines it in `sink`. Data objects are defined
    /// by the driver, not the backend.
    fn compile_module(
        &self,
        module: &Module,
        options: &CodegenOptions,
        sink: &mut dyn ObjectSink,
    ) -> Result<Vec<(FuncId, FunctionStats)>, BackendError>;
}

/// Where an SSA value lives over a range of a function's code, for debug info.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueLocation {
    /// In a register, by DWARF register number.
    Reg(u16),
    /// In memory at CFA + offset (a spill slot).
    CfaOffset(i32),
}

/// Debug information about a compiled function beyond its line table and CFI: where its SSA
/// values live (at least those of its `debug_vars`). Only produced with
/// `CodegenOptions::debug_info`. Invariant: a location is reported over a range only if it
/// holds the value at every instruction boundary of the range, including a caller frame's
/// return address minus one (where a call's clobbers have already happened); elsewhere the
/// value is simply not described.
#[derive(Clone, Debug, Default)]
pub struct FunctionDebugInfo {
    /// For each described value, the code ranges `[start, end)` where it lives in a location,
    /// in increasing `start` order. Ranges may overlap when the value has copies: every listed
    /// location holds it over its range.
    pub value_locations: Vec<(Value, Vec<(u32, u32, ValueLocation)>)>,
    /// The code ranges `[start, end)` of the machine instructions that come from an SSA
    /// statement, with that statement, in increasing `start` order: where a mutable debug
    /// variable holds what ([`crate::ssa::debugvars`]). Code from no statement (a prologue,
    /// the allocator's moves between instructions, out-of-line slow paths) may be left out; a
    /// mutable variable is then not described there.
    pub stmt_ranges: Vec<(u32, u32, Value)>,
}

/// A code range `[start, end)` and a location.
pub type LocationRange = (u32, u32, ValueLocation);

impl FunctionDebugInfo {
    /// Where each inlined copy in `f` starts: for every inline scope with code in `f`, the
    /// start of the first instruction of its first statement in reverse postorder — the copy's
    /// entry in control flow, which code order need not show (a loop's blocks may be laid out
    /// before the code that enters it). A scope's statements include those of the scopes
    /// inlined into it. The scopes `f` itself was written in (a closure's body inside an
    /// inlined copy: `f.decl_loc`'s) are not entered in `f`, and have no entry. Sorted by scope.
    pub fn inline_entries(&self, f: &Function, sites: &InlineSites) -> Vec<(InlineScope, u32)> {
        let home: Vec<InlineScope> = sites.chain(f.decl_loc.scope).collect();
        let mut first_code = vec![u32::MAX; f.stmts.len()];
        for &(start, _, stmt) in &self.stmt_ranges {
            if let Some(c) = first_code.get_mut(stmt.index()) {
                *c = (*c).min(start);
            }
        }
        let mut entries: Vec<(InlineScope, u32)> = Vec::new();
        for b in DomTree::new(f).rpo {
            let block = &f.blocks[b.index()];
            for i in block.start..block.end {
                let (Some(&start), Some(loc)) =
                    (first_code.get(i as usize), f.locs.get(i as usize))
                else {
                    continue;
                };
                if start == u32::MAX {
                    continue;
                }
                for scope in sites.chain(loc.scope) {
                    if home.contains(&scope) {
                        break;
                    }
                    if !entries.iter().any(|(s, _)| *s == scope) {
                        entries.push((scope, start));
                    }
                }
            }
        }
        entries.sort();
        entries
    }

    /// Where each of `f`'s debug variables lives (parallel to `f.debug_vars`), ranges in
    /// increasing `start` order. A variable bound once is where its value is; a mutable one is
    /// where its current contents are, over the code of the statements at which they are
    /// current — so never at a place still holding contents since replaced.
    pub fn variable_locations(&self, f: &Function) -> Vec<Vec<LocationRange>> {
        let of_value = |v: Value| -> &[LocationRange] {
            match self.value_locations.binary_search_by_key(&v, |(w, _)| *w) {
                Ok(k) => &self.value_locations[k].1,
                Err(_) => &[],
            }
        };
        let mut dom = None;
        f.debug_vars
            .iter()
            .map(|d| match &d.value {
                DebugValue::Fixed(v) => of_value(*v).to_vec(),
                DebugValue::Mutable(assigns) => {
                    let dom = dom.get_or_insert_with(|| DomTree::new(f));
                    let contents = contents_at(f, dom, assigns);
                    let mut out: Vec<LocationRange> = Vec::new();
                    for &(start, end, stmt) in &self.stmt_ranges {
                        let Some(Some(v)) = contents.get(stmt.index()) else {
                            continue;
                        };
                        for &(a, b, loc) in of_value(*v) {
                            let (a, b) = (a.max(start), b.min(end));
                            if a < b {
                                out.push((a, b, loc));
                            }
                        }
                    }
                    out.sort_by_key(|r| (r.0, r.1));
                    let mut merged: Vec<LocationRange> = Vec::with_capacity(out.len());
                    for r in out {
                        match merged.last_mut() {
                            Some(last) if last.2 == r.2 && last.1 >= r.0 => {
                                last.1 = last.1.max(r.1)
                            }
                            _ => merged.push(r),
                        }
                    }
                    merged
                }
            })
            .collect()
    }
}
