//! Running a program in memory (`egret run --jit`): a backend compiles the SSA module as for an
//! object file, but into [`CodeCollector`]; [`image::link`] places the code and data in this
//! process with `cranelift-jit`; [`inproc`] is the runtime linked into this binary, which runs
//! it as an executable's `main` would.
//!
//! ```text
//!  SSA module ─backend─▶ CompiledFunctions (CodeCollector) ─image::link─▶ code + data in memory
//!            ─inproc::start─▶ the runtime's start-up, egret_main on the program stack
//! ```
//!
//! Nothing is written to the file system. The process is the program's from then on: its exit
//! (`exit n`, an uncaught exception's exit 2, a fatal error) is the process's, through the
//! runtime's own `exit`, after the same flushes as in an executable. What differs from an
//! executable: `Sys.executable_name` is egret's own path (as the toplevel's is `ocaml`'s), and
//! there is no debug information (`-g` is refused by the CLI).

pub mod image;
pub mod inproc;

use crate::{isa, ObjectError};
use egret_plugin::backend::{
    BackendError, CodegenBackend, CodegenOptions, CompiledFunction, FunctionStats, ObjectSink,
};
use egret_plugin::ssa::ir::{FuncId, Function, Module};

pub use image::Image;

/// The [`ObjectSink`] of a compilation in memory: keeps each function's machine code for
/// [`image::link`].
#[derive(Default)]
pub struct CodeCollector {
    functions: Vec<(FuncId, CompiledFunction)>,
    helpers: Vec<(String, CompiledFunction)>,
}

impl ObjectSink for CodeCollector {
    fn define_function(
        &mut self,
        id: FuncId,
        func: &Function,
        code: &CompiledFunction,
    ) -> Result<(), BackendError> {
        if self.functions.iter().any(|(f, _)| *f == id) {
            return Err(BackendError {
                function: func.name.clone(),
                message: "function defined twice".into(),
            });
        }
        self.functions.push((id, code.clone()));
        Ok(())
    }

    fn define_helper(&mut self, name: &str, code: &CompiledFunction) -> Result<(), BackendError> {
        self.helpers.push((name.to_string(), code.clone()));
        Ok(())
    }
}

/// A program compiled into this process's memory, ready to run.
pub struct JitProgram {
    image: Image,
    /// Each function's statistics (`--time-passes`).
    pub stats: Vec<(FuncId, FunctionStats)>,
    /// The time [`image::link`] took (placing, relocating, making executable).
    pub link_time: std::time::Duration,
}

/// Compiles `module` with `backend` into memory, linked against the in-process runtime. The
/// target must be the host's (`options.target`).
pub fn compile(
    module: &Module,
    backend: &dyn CodegenBackend,
    options: &CodegenOptions,
) -> Result<JitProgram, ObjectError> {
    if options.target != isa::HOST_TARGET || !backend.supports_target(&options.target) {
        return Err(ObjectError::UnsupportedTarget {
            backend: backend.name(),
            target: options.target.clone(),
        });
    }
    let mut collector = CodeCollector::default();
    let stats = backend.compile_module(module, options, &mut collector)?;
    for (index, f) in module.functions.iter().enumerate() {
        if !collector
            .functions
            .iter()
            .any(|(id, _)| id.index() == index)
        {
            return Err(BackendError {
                function: f.name.clone(),
                message: "the backend did not define this function".into(),
            }
            .into());
        }
    }
    let start = std::time::Instant::now();
    let image = image::link(
        module,
        &collector.functions,
        &collector.helpers,
        inproc::lookup,
    )?;
    Ok(JitProgram {
        image,
        stats,
        link_time: start.elapsed(),
    })
}

impl JitProgram {
    /// Runs the program with `argv` (`Sys.argv`, the program's name first) on the in-process
    /// runtime; returns its exit status when it returns (0). `exit`, an uncaught exception or a
    /// fatal error end the process as they end an executable. At most once per process.
    pub fn run(self, argv: &[String]) -> Result<i32, String> {
        let symbols = inproc::ProgramSymbols::from_addresses(|name| self.image.address(name));
        // The code and data stay mapped for the rest of the process (the program may `exit`
        // from anywhere inside the runtime): never freed.
        std::mem::forget(self.image);
        // SAFETY: the image was finalised (relocated, executable) by `image::link` and is never
        // unmapped (above); every symbol is the module's own definition under the name the
        // runtime expects.
        unsafe { inproc::start(symbols, argv) }
    }
}
