//! egret-adapters: the existing toolchain behind egret-plugin's traits.
//!
//! - [`object`]: [`ObjectWriter`], the plugin's `ObjectSink` over `cranelift-object`, with
//!   `.eh_frame` from [`eh_frame`];
//! - [`link`]: object + egret's embedded runtime ([`runtime`]) → executable, with the system `cc`;
//! - [`cranelift_backend`]: [`CraneliftBackend`], Cranelift as a second `CodegenBackend`;
//! - [`isa`]: the supported targets;
//! - [`jit`]: running a program in memory (`egret run --jit`), cranelift-jit and the runtime
//!   linked into this binary.
//!
//! The driver's entry points: [`BackendRegistry`] to pick a backend by name, [`write_object`]
//! to compile a module into an object file, [`link()`] to make the executable.

pub mod backtrace_table;
pub mod cranelift_backend;
pub mod debuginfo;
pub mod dylib;
pub mod eh_frame;
pub mod isa;
pub mod jit;
pub mod link;
pub mod object;
pub mod runtime;

pub use cranelift_backend::CraneliftBackend;
pub use debuginfo::SourceInfo;
pub use link::{link, link_complete_object, link_with_compiler, LinkError};
pub use object::ObjectWriter;

use egret_plugin::backend::{BackendError, CodegenBackend, CodegenOptions, FunctionStats};
use egret_plugin::ssa::ir::{FuncId, Module};
use std::fmt;

/// Codegen backends by name (`--backend=NAME`). Starts with the Cranelift backend; backends
/// defined elsewhere (egret's native x86-64 one lives in the plugin) are added with
/// [`BackendRegistry::register`].
pub struct BackendRegistry {
    backends: Vec<Box<dyn CodegenBackend>>,
}

impl Default for BackendRegistry {
    fn default() -> Self {
        BackendRegistry {
            backends: vec![Box::new(CraneliftBackend)],
        }
    }
}

impl BackendRegistry {
    /// A registry holding the backends this crate provides.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a backend; it replaces one of the same name.
    pub fn register(&mut self, backend: Box<dyn CodegenBackend>) {
        self.backends.retain(|b| b.name() != backend.name());
        self.backends.push(backend);
    }

    /// The backend called `name`.
    pub fn get(&self, name: &str) -> Option<&dyn CodegenBackend> {
        self.backends
            .iter()
            .find(|b| b.name() == name)
            .map(|b| &**b)
    }

    /// The names of the registered backends, in registration order.
    pub fn names(&self) -> Vec<&'static str> {
        self.backends.iter().map(|b| b.name()).collect()
    }
}

/// A backend this crate provides, by name (`"cranelift"`).
pub fn backend_by_name(name: &str) -> Option<Box<dyn CodegenBackend>> {
    match name {
        "cranelift" => Some(Box::new(CraneliftBackend)),
        _ => None,
    }
}

/// Why [`write_object`] failed.
#[derive(Debug)]
pub enum ObjectError {
    /// The backend cannot generate code for the requested target.
    UnsupportedTarget {
        backend: &'static str,
        target: String,
    },
    /// The backend or the object writer failed on a function.
    Backend(BackendError),
}

impl fmt::Display for ObjectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObjectError::UnsupportedTarget { backend, target } => {
                write!(
                    f,
                    "the {backend} backend cannot generate code for `{target}`"
                )
            }
            ObjectError::Backend(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ObjectError {}

impl From<BackendError> for ObjectError {
    fn from(e: BackendError) -> Self {
        ObjectError::Backend(e)
    }
}

/// A compiled module: the object file's bytes and each function's statistics.
#[derive(Debug)]
pub struct ObjectFile {
    pub bytes: Vec<u8>,
    pub stats: Vec<(FuncId, FunctionStats)>,
}

/// Compiles `module` with `backend` for `options.target` into an object file (data objects,
/// functions, `.eh_frame`), without debug info.
pub fn write_object(
    module: &Module,
    backend: &dyn CodegenBackend,
    options: &CodegenOptions,
) -> Result<ObjectFile, ObjectError> {
    write_object_with_source(module, backend, options, None)
}

/// [`write_object`], plus, when the module's `source` is given (its byte offsets are what the
/// module's `SrcLoc`s index), the backtrace table, and DWARF debug info when
/// `options.debug_info`. Both only add sections: the code is the same with and without them.
pub fn write_object_with_source(
    module: &Module,
    backend: &dyn CodegenBackend,
    options: &CodegenOptions,
    source: Option<&SourceInfo<'_>>,
) -> Result<ObjectFile, ObjectError> {
    if !backend.supports_target(&options.target) || !isa::is_supported_target(&options.target) {
        return Err(ObjectError::UnsupportedTarget {
            backend: backend.name(),
            target: options.target.clone(),
        });
    }
    let object_isa =
        isa::target_isa(&options.target, isa::IsaSettings::default()).map_err(|message| {
            BackendError {
                function: "<object>".to_string(),
                message,
            }
        })?;
    let mut writer = ObjectWriter::new(object_isa, module)?;
    match (options.debug_info, source) {
        (true, Some(source)) => writer.set_debug_source(*source),
        (false, Some(source)) => writer.set_backtrace_source(*source),
        (_, None) => {}
    }
    let stats = backend.compile_module(module, options, &mut writer)?;
    let bytes = writer.finish()?;
    Ok(ObjectFile { bytes, stats })
}
