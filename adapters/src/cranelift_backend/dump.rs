//! The Cranelift backend's stages for `--emit` ([`emit`]):
//! - `clif`: each function as lowered from egret's SSA, before Cranelift's own passes;
//! - `vcode`: Cranelift's VCode after instruction selection, before register allocation (virtual
//!   registers): the text Cranelift's lowering logs at trace level ("vcode from lowering"),
//!   captured for the one compilation by [`capture_vcode`] (the `trace-log` feature keeps that
//!   log statement in release builds);
//! - `asm`: the final machine code of each function and of the entry wrapper, disassembled
//!   with iced-x86 (x86-64), with the symbol each relocation refers to and the source line and
//!   column of each run of code; for AArch64, Cranelift's own printing of the final code.
//!
//! Invariant: a dump compiles exactly as `compile_module` does (same ISA settings, same
//! lowering), so `asm` shows the code that goes into the object file.

use super::lower::{lower_entry_wrapper, lower_function_with_labels, LoweredFunction};
use super::{compile, isa_settings, ENTRY_WRAPPER};
use crate::isa::target_isa;
use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::isa::TargetIsa;
use cranelift_codegen::{print_errors, Context};
use egret_plugin::backend::{BackendError, CodegenOptions, CompiledFunction, RelocTarget};
use egret_plugin::ssa::ir::{FuncId, Function, Module};
use std::cell::RefCell;
use std::fmt::Write as _;

/// Prints `stage` (`clif`, `vcode` or `asm`) for every function of `module`.
pub fn emit(
    module: &Module,
    options: &CodegenOptions,
    stage: &str,
    line_of: &dyn Fn(u32) -> (u32, u32),
) -> Result<String, BackendError> {
    let module_error = |message: String| BackendError {
        function: "<module>".into(),
        message,
    };
    let isa = target_isa(&options.target, isa_settings(options)).map_err(module_error)?;
    let x86_64 = options.target.starts_with("x86_64");
    let mut out = String::new();
    let mut functions: Vec<(Function, LoweredFunction)> = Vec::new();
    for (index, func) in module.functions.iter().enumerate() {
        let lowered =
            lower_function_with_labels(module, FuncId(index as u32), isa.frontend_config(), false)?;
        functions.push((func.clone(), lowered));
    }
    if let Some(entry) = module.entry {
        let ret = module.functions.get(entry.index()).map(|f| f.ret);
        if let Some(ret) = ret {
            let mut wrapper = Function::new(ENTRY_WRAPPER, Vec::new(), ret);
            wrapper.source_name = ENTRY_WRAPPER.to_string();
            let lowered = LoweredFunction {
                func: lower_entry_wrapper(entry, isa.frontend_config()),
                runtime_names: Vec::new(),
            };
            functions.push((wrapper, lowered));
        }
    }
    for (func, lowered) in functions {
        let _ = writeln!(out, "{}:  ; {}", func.name, func.source_name);
        match stage {
            "clif" => {
                let _ = writeln!(out, "{}", lowered.func.display());
            }
            "vcode" => out.push_str(&vcode_of(&*isa, &func, lowered)?),
            "asm" if !x86_64 => out.push_str(&final_code_of(&*isa, &func, lowered)?),
            "asm" => {
                let (compiled, _) = compile(&*isa, &func, lowered, options.verify)?;
                out.push_str(&disassemble(module, &compiled, line_of));
                out.push('\n');
            }
            _ => {
                return Err(module_error(format!(
                    "the cranelift backend has no stage `{stage}`"
                )))
            }
        }
    }
    Ok(out)
}

/// Cranelift's VCode of one function before register allocation.
fn vcode_of(
    isa: &dyn TargetIsa,
    func: &Function,
    lowered: LoweredFunction,
) -> Result<String, BackendError> {
    let mut context = Context::for_function(lowered.func);
    let (result, logged) = capture_vcode(|| {
        context
            .compile(isa, &mut ControlPlane::default())
            .map(|_| ())
    });
    if let Err(e) = result {
        return Err(BackendError {
            function: func.name.clone(),
            message: print_errors::pretty_error(e.func, e.inner),
        });
    }
    logged.ok_or_else(|| BackendError {
        function: func.name.clone(),
        message: "Cranelift logged no VCode (is cranelift-codegen's `trace-log` feature on?)"
            .into(),
    })
}

/// Cranelift's own printing of a function's final code (after register allocation), for
/// targets iced-x86 does not decode.
fn final_code_of(
    isa: &dyn TargetIsa,
    func: &Function,
    lowered: LoweredFunction,
) -> Result<String, BackendError> {
    let mut context = Context::for_function(lowered.func);
    context.set_disasm(true);
    let fail = |message: String| BackendError {
        function: func.name.clone(),
        message,
    };
    let code = context
        .compile(isa, &mut ControlPlane::default())
        .map_err(|e| fail(print_errors::pretty_error(e.func, e.inner)))?;
    code.vcode
        .clone()
        .ok_or_else(|| fail("Cranelift printed no code".into()))
}

/// The message of Cranelift's lowering that holds the VCode (`machinst/compile.rs`).
const VCODE_MESSAGE: &str = "vcode from lowering: \n";

thread_local! {
    /// The VCode text logged on this thread while [`capture_vcode`] runs.
    static CAPTURED: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Receives Cranelift's log records; keeps the lowering's VCode when this thread captures.
struct VcodeLogger;

impl log::Log for VcodeLogger {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata
            .target()
            .starts_with("cranelift_codegen::machinst::compile")
    }

    fn log(&self, record: &log::Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        CAPTURED.with(|c| {
            if let Some(slot) = c.borrow_mut().as_mut() {
                let text = record.args().to_string();
                if let Some(vcode) = text.strip_prefix(VCODE_MESSAGE) {
                    *slot = Some(vcode.to_string());
                }
            }
        });
    }

    fn flush(&self) {}
}

static LOGGER: VcodeLogger = VcodeLogger;

/// Runs `f` with Cranelift's trace log on, returning what it returned and the VCode it logged.
/// egret installs no other logger; the log level is back to off afterwards.
fn capture_vcode<T>(f: impl FnOnce() -> T) -> (T, Option<String>) {
    // Fails only when a logger is already installed: ours, from an earlier call.
    let _ = log::set_logger(&LOGGER);
    CAPTURED.with(|c| *c.borrow_mut() = Some(None));
    log::set_max_level(log::LevelFilter::Trace);
    let result = f();
    log::set_max_level(log::LevelFilter::Off);
    let logged = CAPTURED.with(|c| c.borrow_mut().take()).flatten();
    (result, logged)
}

/// The x86-64 disassembly of a compiled function: offset, bytes' instruction, and the target of
/// any relocation inside it; `; line L:C` before each run of code from another source position.
fn disassemble(
    module: &Module,
    code: &CompiledFunction,
    line_of: &dyn Fn(u32) -> (u32, u32),
) -> String {
    use iced_x86::{Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter};
    let mut out = String::new();
    let mut decoder = Decoder::with_ip(64, &code.code, 0, DecoderOptions::NONE);
    let mut formatter = IntelFormatter::new();
    let mut inst = Instruction::default();
    let mut text = String::new();
    let mut last_line = None;
    while decoder.can_decode() {
        decoder.decode_out(&mut inst);
        let start = inst.ip() as u32;
        let end = start + inst.len() as u32;
        if let Some((_, _, loc)) = code
            .srclocs
            .iter()
            .find(|(lo, hi, _)| *lo <= start && start < *hi)
        {
            let line = line_of(loc.lo);
            if last_line != Some(line) {
                let _ = writeln!(out, "              ; line {}:{}", line.0, line.1);
                last_line = Some(line);
            }
        }
        text.clear();
        formatter.format(&inst, &mut text);
        let target = code
            .relocs
            .iter()
            .find(|r| start <= r.offset && r.offset < end)
            .map(|r| match &r.target {
                RelocTarget::Func(id) => module
                    .functions
                    .get(id.index())
                    .map_or_else(|| format!("function {}", id.0), |f| f.name.clone()),
                RelocTarget::Data(id) => module
                    .data
                    .get(id.index())
                    .map_or_else(|| format!("data {}", id.0), |d| d.name.clone()),
                RelocTarget::External(name) => name.clone(),
            });
        match target {
            Some(t) => {
                let _ = writeln!(out, "  {start:06x}  {text}  ; {t}");
            }
            None => {
                let _ = writeln!(out, "  {start:06x}  {text}");
            }
        }
    }
    out
}
