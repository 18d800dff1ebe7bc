//! Codegen backends as shared libraries (`egret build --backend=PATH.so`), as rustc's
//! `-Zcodegen-backend=PATH`, with the check rustc does not make.
//!
//! A backend library exports two symbols, both made by [`export_backend!`]:
//! - `egret_backend_abi`, an `extern "C"` function returning a pointer to a `#[repr(C)]`
//!   [`BackendAbi`]: a magic number, the backend interface version ([`INTERFACE_VERSION`]),
//!   and the egret and rustc versions the library was built with, as C strings. Its layout
//!   never changes, so any egret can read any library's stamp;
//! - `egret_codegen_backend`, an `extern "C"` function returning a boxed
//!   `Box<dyn CodegenBackend>` (a thin pointer to the trait object).
//!
//! Invariant: **the trait object is used only when the stamp equals the host's**
//! ([`AbiStamp::check`]). A `dyn CodegenBackend` and the plugin types it is handed (`Module`,
//! `CodegenOptions`, `dyn ObjectSink`) cross the library boundary with Rust's unstable ABI: that
//! is sound only when both sides were compiled by the same rustc from the same egret-plugin
//! (whose version [`EGRET_VERSION`] is), and the interface version names the trait's shape.
//! A mismatch is refused with a message naming both builds, before any Rust-ABI call.
//!
//! Inside the library the backend is wrapped in [`PanicGuard`]: a panic in it becomes a
//! [`BackendError`] at the boundary instead of unwinding into the host, whose standard library
//! is another copy. A loaded library is never unloaded (its code and `&'static str`s live as
//! long as the process).

use super::{BackendError, CodegenBackend, CodegenOptions, ObjectSink};
use crate::ssa::ir::{FuncId, Module};
use std::ffi::{c_char, CStr};

/// The version of the backend interface (`CodegenBackend`, `ObjectSink` and the types they
/// exchange). Bump it whenever one of them changes shape.
pub const INTERFACE_VERSION: u32 = 3;

/// The egret version this plugin is (the workspace's version).
pub const EGRET_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The rustc that compiled this plugin (`rustc -V`, from `build.rs`).
pub const RUSTC_VERSION: &str = env!("EGRET_RUSTC_VERSION");

/// The name of the stamp's entry point.
pub const ABI_SYMBOL: &str = "egret_backend_abi";
/// The name of the backend's constructor.
pub const ENTRY_SYMBOL: &str = "egret_codegen_backend";

/// `BackendAbi::magic`: "EGRETABI" as a little-endian word.
pub const ABI_MAGIC: u64 = u64::from_le_bytes(*b"EGRETABI");

/// What a backend library states about its build. Its layout is fixed forever (`repr(C)`, a
/// magic word first), unlike everything else at the boundary.
#[repr(C)]
pub struct BackendAbi {
    pub magic: u64,
    pub interface_version: u32,
    /// NUL-terminated.
    pub egret_version: *const c_char,
    /// NUL-terminated.
    pub rustc_version: *const c_char,
}

// The pointers are to `'static` string literals.
unsafe impl Sync for BackendAbi {}

const fn c_str(s: &'static CStr) -> *const c_char {
    s.as_ptr()
}

const fn nul_terminated(s: &'static str) -> &'static CStr {
    match CStr::from_bytes_with_nul(s.as_bytes()) {
        Ok(c) => c,
        Err(_) => panic!("a version string holds a NUL"),
    }
}

/// [`EGRET_VERSION`] as a C string.
pub const EGRET_VERSION_C: &CStr = nul_terminated(concat!(env!("CARGO_PKG_VERSION"), "\0"));
/// [`RUSTC_VERSION`] as a C string.
pub const RUSTC_VERSION_C: &CStr = nul_terminated(concat!(env!("EGRET_RUSTC_VERSION"), "\0"));

impl BackendAbi {
    /// The stamp of the plugin being compiled: a library built against this plugin states it.
    pub const THIS: BackendAbi =
        BackendAbi::stating(INTERFACE_VERSION, EGRET_VERSION_C, RUSTC_VERSION_C);

    /// A stamp stating other versions: only for building deliberately mismatched libraries,
    /// which egret must refuse (its tests do).
    pub const fn stating(
        interface_version: u32,
        egret_version: &'static CStr,
        rustc_version: &'static CStr,
    ) -> BackendAbi {
        BackendAbi {
            magic: ABI_MAGIC,
            interface_version,
            egret_version: c_str(egret_version),
            rustc_version: c_str(rustc_version),
        }
    }
}

/// A build's stamp, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbiStamp {
    pub interface_version: u32,
    pub egret_version: String,
    pub rustc_version: String,
}

impl std::fmt::Display for AbiStamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "egret {} (backend interface {}, {})",
            self.egret_version, self.interface_version, self.rustc_version
        )
    }
}

impl AbiStamp {
    /// This egret's stamp.
    pub fn host() -> AbiStamp {
        AbiStamp {
            interface_version: INTERFACE_VERSION,
            egret_version: EGRET_VERSION.to_string(),
            rustc_version: RUSTC_VERSION.to_string(),
        }
    }

    /// Reads a library's stamp; an error when it is not one (wrong magic, null strings).
    ///
    /// # Safety
    /// `abi` must be null or point to a `BackendAbi` whose non-null strings are NUL-terminated.
    pub unsafe fn read(abi: *const BackendAbi) -> Result<AbiStamp, String> {
        let Some(abi) = (unsafe { abi.as_ref() }) else {
            return Err(format!("its `{ABI_SYMBOL}` returned no stamp"));
        };
        if abi.magic != ABI_MAGIC {
            return Err(format!(
                "its `{ABI_SYMBOL}` stamp does not start with egret's magic number"
            ));
        }
        let text = |p: *const c_char| -> Result<String, String> {
            if p.is_null() {
                return Err(format!("its `{ABI_SYMBOL}` stamp has a null version"));
            }
            Ok(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
        };
        Ok(AbiStamp {
            interface_version: abi.interface_version,
            egret_version: text(abi.egret_version)?,
            rustc_version: text(abi.rustc_version)?,
        })
    }

    /// Whether a library with this stamp may be used by `host`: the same interface, egret and
    /// rustc versions. The error names both builds.
    pub fn check(&self, host: &AbiStamp) -> Result<(), String> {
        if self == host {
            return Ok(());
        }
        let mut differ = Vec::new();
        if self.interface_version != host.interface_version {
            differ.push("backend interface");
        }
        if self.egret_version != host.egret_version {
            differ.push("egret version");
        }
        if self.rustc_version != host.rustc_version {
            differ.push("rustc");
        }
        Err(format!(
            "it was built against {self}, but this is {host} ({} differ{}); a backend library \
             must be built with the same rustc against the same egret-plugin",
            differ.join(", "),
            if differ.len() == 1 { "s" } else { "" }
        ))
    }
}

/// What `egret_codegen_backend` returns: a thin pointer to the boxed trait object.
pub type BoxedBackend = Box<dyn CodegenBackend>;

/// The constructor's type.
pub type EntryPoint = unsafe extern "C" fn() -> *mut BoxedBackend;

/// The stamp function's type.
pub type AbiFunction = unsafe extern "C" fn() -> *const BackendAbi;

/// A backend whose panics become [`BackendError`]s: the library side of the boundary.
pub struct PanicGuard<B>(pub B);

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

impl<B: CodegenBackend> CodegenBackend for PanicGuard<B> {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn supports_target(&self, triple: &str) -> bool {
        self.0.supports_target(triple)
    }
    fn description(&self) -> String {
        self.0.description()
    }
    fn targets(&self) -> Vec<String> {
        self.0.targets()
    }
    fn options(&self) -> Vec<super::BackendOption> {
        self.0.options()
    }
    fn stages(&self) -> Vec<&'static str> {
        self.0.stages()
    }
    fn emit_stage(
        &self,
        module: &Module,
        options: &CodegenOptions,
        stage: &str,
        line_of: &dyn Fn(u32) -> (u32, u32),
    ) -> Result<String, BackendError> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.0.emit_stage(module, options, stage, line_of)
        }))
        .unwrap_or_else(|payload| {
            Err(BackendError {
                function: "<module>".into(),
                message: format!(
                    "the {} backend panicked: {}",
                    self.0.name(),
                    panic_message(payload)
                ),
            })
        })
    }
    fn compile_module(
        &self,
        module: &Module,
        options: &CodegenOptions,
        sink: &mut dyn ObjectSink,
    ) -> Result<Vec<(FuncId, super::FunctionStats)>, BackendError> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.0.compile_module(module, options, sink)
        }))
        .unwrap_or_else(|payload| {
            Err(BackendError {
                function: "<module>".into(),
                message: format!(
                    "the {} backend panicked: {}",
                    self.0.name(),
                    panic_message(payload)
                ),
            })
        })
    }
}

/// Makes this crate a backend library: `egret_plugin::export_backend!(MyBackend::new())` in a
/// crate with `crate-type = ["cdylib"]` exports the stamp and the constructor (see the module
/// docs). The expression is evaluated each time egret loads the library.
#[macro_export]
macro_rules! export_backend {
    ($make:expr) => {
        /// This library's build stamp (egret's backend-library ABI).
        #[no_mangle]
        pub extern "C" fn egret_backend_abi() -> *const $crate::backend::abi::BackendAbi {
            static ABI: $crate::backend::abi::BackendAbi = $crate::backend::abi::BackendAbi::THIS;
            &ABI
        }

        /// This library's backend; egret calls it only after checking the stamp.
        #[no_mangle]
        pub extern "C" fn egret_codegen_backend() -> *mut $crate::backend::abi::BoxedBackend {
            let backend: $crate::backend::abi::BoxedBackend =
                Box::new($crate::backend::abi::PanicGuard($make));
            Box::into_raw(Box::new(backend))
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_build_reads_as_the_host() {
        let stamp = unsafe { AbiStamp::read(&BackendAbi::THIS) }.unwrap();
        assert_eq!(stamp, AbiStamp::host());
        assert!(stamp.check(&AbiStamp::host()).is_ok());
        assert!(RUSTC_VERSION.starts_with("rustc "), "{RUSTC_VERSION}");
    }

    #[test]
    fn a_mismatch_names_both_builds() {
        let other = BackendAbi::stating(INTERFACE_VERSION, c"0.0.0-other", c"rustc 0.0.0");
        let stamp = unsafe { AbiStamp::read(&other) }.unwrap();
        let err = stamp.check(&AbiStamp::host()).unwrap_err();
        assert!(err.contains("egret 0.0.0-other"), "{err}");
        assert!(err.contains(&format!("egret {EGRET_VERSION}")), "{err}");
        assert!(err.contains("egret version, rustc differ"), "{err}");
    }

    #[test]
    fn a_wrong_magic_is_not_a_stamp() {
        let mut bad = BackendAbi::stating(1, c"x", c"y");
        bad.magic = 0;
        assert!(unsafe { AbiStamp::read(&bad) }.is_err());
        assert!(unsafe { AbiStamp::read(std::ptr::null()) }.is_err());
    }
}
