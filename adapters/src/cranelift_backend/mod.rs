//! The Cranelift codegen backend: egret's SSA → CLIF ([`lower`]) → Cranelift's machine code →
//! plugin [`CompiledFunction`]s ([`machine_code`]), handed to the same [`ObjectSink`] egret's own
//! backend uses.
//!
//! Module functions use Cranelift's `tail` calling convention, so the runtime cannot call the
//! entry function directly: the backend adds a C-ABI helper `egret_main` that calls it.

mod dump;
mod lower;
mod machine_code;
mod timing;

use crate::isa::{is_supported_target, target_isa, IsaSettings};
use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::isa::TargetIsa;
use cranelift_codegen::{ir, print_errors, Context};
use egret_plugin::backend::{
    BackendError, BackendOption, CodegenBackend, CodegenOptions, CompiledFunction,
    FunctionDebugInfo, FunctionStats, ObjectSink,
};
use egret_plugin::ssa::ir::{FuncId, Function, Module};

pub use lower::{lower_entry_wrapper, lower_function, lower_function_with_labels, LoweredFunction};

/// The symbol of the C-ABI entry wrapper.
const ENTRY_WRAPPER: &str = "egret_main";

/// The targets Cranelift generates code for here, as `egret backends` lists them.
const SUPPORTED_TARGETS: [&str; 2] = ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu"];

/// `-C backend-arg=opt_level=...`: Cranelift's own setting.
const OPT_LEVEL: BackendOption = BackendOption {
    key: "opt_level",
    values: &["none", "speed", "speed_and_size"],
    default: "none at -O0, else speed",
    help: "Cranelift's optimisation level",
};

/// `-C backend-arg=regalloc_algorithm=...`: Cranelift's register allocator.
const REGALLOC_ALGORITHM: BackendOption = BackendOption {
    key: "regalloc_algorithm",
    values: &["backtracking", "single_pass"],
    default: "backtracking",
    help: "regalloc2's algorithm: backtracking (Ion, better code) or single_pass (faster)",
};

/// The ISA settings `options` ask for.
fn isa_settings(options: &CodegenOptions) -> IsaSettings {
    IsaSettings {
        opt_level: options.opt_level,
        verify: options.verify,
        cranelift_opt_level: option_value(options, &OPT_LEVEL),
        regalloc_algorithm: option_value(options, &REGALLOC_ALGORITHM),
    }
}

/// The value given for `option`, as its `'static` spelling (the driver checked it is one).
fn option_value(options: &CodegenOptions, option: &BackendOption) -> Option<&'static str> {
    let given = options.backend_arg(option.key)?;
    option.values.iter().copied().find(|v| *v == given)
}

/// Cranelift behind [`CodegenBackend`].
#[derive(Clone, Copy, Debug, Default)]
pub struct CraneliftBackend;

impl CodegenBackend for CraneliftBackend {
    fn name(&self) -> &'static str {
        "cranelift"
    }

    fn supports_target(&self, triple: &str) -> bool {
        is_supported_target(triple)
    }

    fn description(&self) -> String {
        "Cranelift 0.135 (the cranelift-codegen crate), egret's SSA lowered to CLIF".into()
    }

    fn targets(&self) -> Vec<String> {
        SUPPORTED_TARGETS.iter().map(|t| t.to_string()).collect()
    }

    fn options(&self) -> Vec<BackendOption> {
        vec![OPT_LEVEL, REGALLOC_ALGORITHM]
    }

    fn stages(&self) -> Vec<&'static str> {
        vec!["clif", "vcode", "asm"]
    }

    fn emit_stage(
        &self,
        module: &Module,
        options: &CodegenOptions,
        stage: &str,
        line_of: &dyn Fn(u32) -> (u32, u32),
    ) -> Result<String, BackendError> {
        dump::emit(module, options, stage, line_of)
    }

    fn compile_module(
        &self,
        module: &Module,
        options: &CodegenOptions,
        sink: &mut dyn ObjectSink,
    ) -> Result<Vec<(FuncId, FunctionStats)>, BackendError> {
        let isa =
            target_isa(&options.target, isa_settings(options)).map_err(|message| BackendError {
                function: "<module>".to_string(),
                message,
            })?;
        let mut stats = Vec::with_capacity(module.functions.len());
        for (index, func) in module.functions.iter().enumerate() {
            let id = FuncId(index as u32);
            let start = std::time::Instant::now();
            let lowered =
                lower_function_with_labels(module, id, isa.frontend_config(), options.debug_info)?;
            let to_clif = start.elapsed();
            let (mut compiled, debug) = compile(&*isa, func, lowered, options.verify)?;
            compiled
                .stats
                .pass_times
                .insert(0, ("ssa-to-clif", to_clif));
            // Handing the code over: the object writer's (or the JIT's) work.
            let start = std::time::Instant::now();
            sink.define_function(id, func, &compiled)?;
            if options.debug_info {
                sink.define_function_debug_info(id, debug)?;
            }
            compiled.stats.pass_times.push(("object", start.elapsed()));
            stats.push((id, compiled.stats));
        }
        if let Some(entry) = module.entry {
            let func = module
                .functions
                .get(entry.index())
                .ok_or_else(|| BackendError {
                    function: "<module>".to_string(),
                    message: format!("the entry function {} does not exist", entry.0),
                })?;
            if !func.params.is_empty() {
                return Err(BackendError {
                    function: func.name.clone(),
                    message: "the entry function must have no parameters".to_string(),
                });
            }
            let wrapper = LoweredFunction {
                func: lower_entry_wrapper(entry, isa.frontend_config()),
                runtime_names: Vec::new(),
            };
            let mut wrapper_ssa = Function::new(ENTRY_WRAPPER, Vec::new(), func.ret);
            wrapper_ssa.source_name = ENTRY_WRAPPER.to_string();
            let (compiled, _) = compile(&*isa, &wrapper_ssa, wrapper, options.verify)?;
            sink.define_helper(ENTRY_WRAPPER, &compiled)?;
        }
        Ok(stats)
    }
}

/// Compiles one lowered function (verifying the CLIF first when `verify`), with where its
/// labelled values live.
fn compile(
    isa: &dyn TargetIsa,
    func: &Function,
    lowered: LoweredFunction,
    verify: bool,
) -> Result<(CompiledFunction, FunctionDebugInfo), BackendError> {
    let fail = |message: String| BackendError {
        function: func.name.clone(),
        message,
    };
    let LoweredFunction {
        func: clif,
        runtime_names,
    } = lowered;
    if verify {
        cranelift_codegen::verify_function(&clif, isa.flags()).map_err(|errors| {
            fail(format!(
                "CLIF verifier:\n{}",
                print_errors::pretty_verifier_error(&clif, None, errors)
            ))
        })?;
    }
    let mut context = Context::for_function(clif);
    // Cranelift's passes one by one (`timing.rs`): verify, clif-opt, isel, regalloc, emit.
    let (compiled, passes) = timing::timed(|| {
        context
            .compile(isa, &mut ControlPlane::default())
            .map(|_| ())
    });
    if let Err(e) = compiled {
        return Err(fail(print_errors::pretty_error(e.func, e.inner)));
    }
    let code = context
        .compiled_code()
        .ok_or_else(|| fail("Cranelift produced no code".to_string()))?;
    // The optimised function keeps the user names the relocations refer to.
    let clif: &ir::Function = &context.func;
    let debug = machine_code::debug_info(isa, func, code).map_err(fail)?;
    let mut compiled =
        machine_code::compiled_function(isa, func, clif, &runtime_names, code).map_err(fail)?;
    compiled.stats.pass_times.extend(passes);
    Ok((compiled, debug))
}
