//! egret's own x86-64 backend.
//!
//! ```text
//!  SSA Function
//!    │  blockorder.rs  reverse postorder, critical edges split on the fly, cold blocks last
//!    ▼
//!  lower.rs + rules.rs   isel by declarative rules (extractors, priorities, overlap check)
//!    │                   → VCode: x86 instructions over SSA vregs, phis as block params
//!    ▼
//!  regalloc.rs     regalloc2 (Ion) over VCode; with `verify`, its SSA validator and checker
//!    │             → an allocation per operand + moves/spills/reloads at program points
//!    ▼
//!  emit.rs + abi.rs  frame layout, prologue/epilogues with CFI (shrinkwrap.rs: where), edits
//!    │               interleaved, encode.rs for the bytes
//!    ▼
//!  buffer.rs       MachBuffer: labels, fixups with deadlines, islands/veneers, constant pool,
//!    │             streaming branch edits at the tail
//!    ▼
//!  CompiledFunction: code, relocs, srclocs, CFI, prologue_end, stats
//!    (+ with `-g`, debug.rs: where each debug variable lives, from regalloc2's debug locations)
//! ```
//!
//! Conventions are in `abi.rs` (egret's: ARCHITECTURE.md). External symbols the generated code
//! references: the functions [`abi::ALLOC_SYMBOL`] (`egret_alloc`) and those named by
//! `Callee::Runtime`; the data [`abi::EXTRA_ARGS_SYMBOL`] (`egret_extra_args`),
//! [`abi::YOUNG_PTR_SYMBOL`] and [`abi::YOUNG_LIMIT_SYMBOL`] (`egret_young_ptr`,
//! `egret_young_limit`, read and written RIP-relative by inline allocation).
//!
//! Frames (`abi.rs`): `Stmt::StackSlot`s live in an area right under the saved `rbp`; functions
//! that make no call and need no stack get no frame at all; the others set it up only on the
//! paths leaving the entry region (`shrinkwrap.rs`); a self tail call jumps back to the first
//! block, keeping the frame unless that block runs without it; runtime calls pass arguments 7..
//! on the stack; direct calls skip the arguments the callee never reads (`lower::ParamReads`,
//! typically an unused closure environment). `Abi::C`
//! functions (try bodies the runtime calls) use the same code: egret's convention is SysV's for
//! up to six arguments; they may not tail-call or take more than six parameters.

pub mod abi;
pub mod blockorder;
pub mod buffer;
pub mod debug;
pub mod divconst;
pub mod emit;
pub mod encode;
pub mod extractors;
pub mod inst;
pub mod lower;
pub mod print;
pub mod regalloc;
pub mod rules;
pub mod shrinkwrap;

#[cfg(test)]
mod tests;

use crate::backend::{
    BackendError, BackendOption, CodegenBackend, CodegenOptions, CompiledFunction,
    FunctionDebugInfo, FunctionStats, ObjectSink,
};
use crate::ssa::ir::{FuncId, Function, Module};

/// `-C backend-arg=regalloc_algorithm=...`: regalloc2's algorithm.
const REGALLOC_ALGORITHM: BackendOption = BackendOption {
    key: "regalloc_algorithm",
    values: &["ion", "fastalloc"],
    default: "ion",
    help: "regalloc2's algorithm: ion (better code) or fastalloc (faster)",
};

/// The native x86-64 backend (`--backend=native`).
#[derive(Clone, Copy, Debug, Default)]
pub struct X64Backend;

fn error(f: &Function, message: String) -> BackendError {
    BackendError {
        function: f.name.clone(),
        message,
    }
}

/// A compiled function with its listing lines (when asked for) and, with
/// `CodegenOptions::debug_info`, where its debug variables live.
struct Compiled {
    function: CompiledFunction,
    listing: Vec<(u32, String)>,
    debug: Option<FunctionDebugInfo>,
}

/// Compiles one function; with `listing`, also gives its assembly listing lines.
fn compile(
    f: &Function,
    id: Option<FuncId>,
    param_reads: Option<&lower::ParamReads>,
    options: &CodegenOptions,
    listing: bool,
) -> Result<Compiled, BackendError> {
    let start = std::time::Instant::now();
    let mut vcode =
        lower::lower_function(f, id, param_reads, options.debug_info).map_err(|m| error(f, m))?;
    let isel = start.elapsed();
    let start = std::time::Instant::now();
    let algorithm = match options.backend_arg(REGALLOC_ALGORITHM.key) {
        Some("fastalloc") => regalloc2::Algorithm::Fastalloc,
        _ => regalloc2::Algorithm::Ion,
    };
    let out =
        regalloc::allocate_with(&vcode, options.verify, algorithm).map_err(|m| error(f, m))?;
    let regalloc = start.elapsed();
    let start = std::time::Instant::now();
    let emitted = emit::emit_function(&mut vcode, &out, options.verify, listing);
    let emit = start.elapsed();
    let debug = options.debug_info.then(|| FunctionDebugInfo {
        value_locations: debug::value_locations(
            f,
            &vcode,
            &out,
            &emitted.frame,
            &emitted.inst_offsets,
            &emitted.block_offsets,
            emitted.prologue_end,
        ),
        stmt_ranges: debug::stmt_ranges(&vcode, &emitted.inst_offsets),
    });
    let code = emitted.code;
    let cf = CompiledFunction {
        code: code.data,
        alignment: 16,
        relocs: code.relocs,
        srclocs: code.srclocs,
        cfi: code.cfi,
        prologue_end: emitted.prologue_end,
        stats: FunctionStats {
            insts: emitted.insts,
            spill_slots: out.num_spillslots,
            branches_removed: code.branches_removed,
            pass_times: vec![("isel", isel), ("regalloc", regalloc), ("emit", emit)],
        },
    };
    Ok(Compiled {
        function: cf,
        listing: code.listing,
        debug,
    })
}

/// Compiles one function to machine code, not knowing its id in the module (so self tail
/// calls go through the epilogue and the function's symbol).
pub fn compile_function(
    f: &Function,
    options: &CodegenOptions,
) -> Result<CompiledFunction, BackendError> {
    compile(f, None, None, options, false).map(|c| c.function)
}

/// Compiles function `id` of `module`, as [`CodegenBackend::compile_module`] does: a tail
/// call to itself jumps back to its first block, and direct calls pass only the arguments
/// their callee reads (`lower::ParamReads`).
pub fn compile_module_function(
    module: &Module,
    id: FuncId,
    options: &CodegenOptions,
) -> Result<CompiledFunction, BackendError> {
    let reads = lower::ParamReads::of(module);
    compile(
        &module.functions[id.index()],
        Some(id),
        Some(&reads),
        options,
        false,
    )
    .map(|c| c.function)
}

/// The VCode of `f` before register allocation (for `--emit=vcode` and tests).
pub fn print_vcode(f: &Function) -> Result<String, BackendError> {
    lower::lower_function(f, None, None, false)
        .map(|v| v.print())
        .map_err(|m| error(f, m))
}

/// The VCode of every function of `module` before register allocation (`--emit=vcode`), each
/// under a `name:  ; source name` header.
pub fn vcode_listing(module: &Module) -> Result<String, BackendError> {
    let reads = lower::ParamReads::of(module);
    let mut s = String::new();
    for (i, f) in module.functions.iter().enumerate() {
        let vcode = lower::lower_function(f, Some(FuncId(i as u32)), Some(&reads), false)
            .map_err(|m| error(f, m))?;
        s.push_str(&format!(
            "{}:  ; {}\n{}\n",
            f.name,
            f.source_name,
            vcode.print()
        ));
    }
    Ok(s)
}

/// The assembly listing of every function of `module` (`--emit=asm`): function names, block
/// labels, code offsets, symbols by name, and the source location (byte range) each run of code
/// comes from. [`disassemble_listing_with_lines`] shows lines and columns instead.
pub fn disassemble_listing(
    module: &Module,
    options: &CodegenOptions,
) -> Result<String, BackendError> {
    listing(module, options, None)
}

/// [`disassemble_listing`] with source positions as lines and columns: `line_of` maps a byte
/// offset of the source file to its 1-based `(line, column)` (the CLI builds it over the source
/// text, e.g. with `codespan_reporting::files::SimpleFile::line_index`). Each run of code is
/// preceded by `; line L:C` when its position differs from the previous run's (with the chain of
/// inlined functions it is in, innermost first: `; line 4:3, inlined: square in twice`), and each
/// function header names the line of its definition:
///
/// ```text
/// egret_fib_47:  ; fib, line 2
///   000000  block0 (#0):
///                 ; line 2:26
///   000000      cmp rdi, 0x5
/// ```
pub fn disassemble_listing_with_lines(
    module: &Module,
    options: &CodegenOptions,
    line_of: &dyn Fn(u32) -> (u32, u32),
) -> Result<String, BackendError> {
    listing(module, options, Some(line_of))
}

fn listing(
    module: &Module,
    options: &CodegenOptions,
    line_of: Option<&dyn Fn(u32) -> (u32, u32)>,
) -> Result<String, BackendError> {
    let mut s = String::new();
    let reads = lower::ParamReads::of(module);
    for (i, f) in module.functions.iter().enumerate() {
        let Compiled {
            function: cf,
            listing: lines,
            ..
        } = compile(f, Some(FuncId(i as u32)), Some(&reads), options, true)?;
        match line_of {
            Some(lf) => {
                let (line, _) = lf(f.decl_loc.lo);
                s.push_str(&format!("{}:  ; {}, line {line}\n", f.name, f.source_name));
            }
            None => s.push_str(&format!("{}:  ; {}\n", f.name, f.source_name)),
        }
        let mut locs = cf.srclocs.iter().peekable();
        let mut last_shown = None;
        for (off, line) in lines {
            let is_label = !line.starts_with(' ');
            while let Some((start, _, loc)) = locs.peek().filter(|_| !is_label) {
                if *start > off {
                    break;
                }
                let mut note = match line_of {
                    Some(lf) => {
                        let (l, c) = lf(loc.lo);
                        format!("; line {l}:{c}")
                    }
                    None => format!("; source {}..{}", loc.lo, loc.hi),
                };
                let inlined: Vec<&str> = module
                    .inline_sites
                    .chain(loc.scope)
                    .filter_map(|scope| module.inline_sites.get(scope))
                    .map(|site| site.callee.as_str())
                    .collect();
                if !inlined.is_empty() {
                    note.push_str(&format!(", inlined: {}", inlined.join(" in ")));
                }
                if last_shown.as_ref() != Some(&note) {
                    s.push_str(&format!("                {note}\n"));
                    last_shown = Some(note);
                }
                locs.next();
            }
            s.push_str(&format!("  {off:06x}  {}\n", symbolize(&line, module)));
        }
        s.push('\n');
    }
    Ok(s)
}

/// Replaces the `funcN`/`dataN` names the instruction printer gives relocation targets by the
/// module's symbol names.
fn symbolize(line: &str, module: &Module) -> String {
    let bytes = line.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < line.len() {
        let rest = &line[i..];
        let prefix = ["func", "data"].into_iter().find(|p| rest.starts_with(p));
        if let Some(p) = prefix.filter(|_| i == 0 || !word(bytes[i - 1])) {
            let digits = rest[4..].bytes().take_while(|b| b.is_ascii_digit()).count();
            let after = i + 4 + digits;
            if digits > 0 && (after == line.len() || !word(bytes[after])) {
                let n: usize = rest[4..4 + digits].parse().unwrap_or(usize::MAX);
                let name = match p {
                    "func" => module.functions.get(n).map(|f| f.name.as_str()),
                    _ => module.data.get(n).map(|d| d.name.as_str()),
                };
                if let Some(name) = name {
                    out.push_str(name);
                    i = after;
                    continue;
                }
            }
        }
        let ch = rest.chars().next().expect("not at the end");
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

impl CodegenBackend for X64Backend {
    fn name(&self) -> &'static str {
        "native"
    }

    fn supports_target(&self, triple: &str) -> bool {
        triple.starts_with("x86_64-")
    }

    fn description(&self) -> String {
        "egret's own x86-64 backend: instruction selection, regalloc2, emission".into()
    }

    fn targets(&self) -> Vec<String> {
        vec!["x86_64-unknown-linux-gnu".into()]
    }

    fn options(&self) -> Vec<BackendOption> {
        vec![REGALLOC_ALGORITHM]
    }

    fn stages(&self) -> Vec<&'static str> {
        vec!["vcode", "asm"]
    }

    fn emit_stage(
        &self,
        module: &Module,
        options: &CodegenOptions,
        stage: &str,
        line_of: &dyn Fn(u32) -> (u32, u32),
    ) -> Result<String, BackendError> {
        match stage {
            "vcode" => vcode_listing(module),
            "asm" => listing(module, options, Some(line_of)),
            _ => Err(BackendError {
                function: "<module>".into(),
                message: format!("the native backend has no stage `{stage}`"),
            }),
        }
    }

    fn compile_module(
        &self,
        module: &Module,
        options: &CodegenOptions,
        sink: &mut dyn ObjectSink,
    ) -> Result<Vec<(FuncId, FunctionStats)>, BackendError> {
        let mut stats = Vec::new();
        let reads = lower::ParamReads::of(module);
        for (i, f) in module.functions.iter().enumerate() {
            let id = FuncId(i as u32);
            let compiled = compile(f, Some(id), Some(&reads), options, false)?;
            let cf = compiled.function;
            sink.define_function(id, f, &cf)?;
            if let Some(debug) = compiled.debug {
                sink.define_function_debug_info(id, debug)?;
            }
            stats.push((id, cf.stats));
        }
        Ok(stats)
    }
}
