//! Loading a codegen backend from a shared library (`--backend=PATH.so`), the host side of
//! `egret_plugin::backend::abi`.
//!
//! Order, which is what makes loading sound: open the library; read its stamp through the
//! `extern "C"` stamp function (a fixed `repr(C)` layout); refuse it unless the stamp equals
//! this egret's; only then call the constructor and use the trait object. The library is never
//! unloaded: the backend's code, vtable and `&'static str`s are the library's.

use egret_plugin::backend::abi::{self, AbiFunction, AbiStamp, EntryPoint};
use egret_plugin::backend::CodegenBackend;
use std::fmt;
use std::path::{Path, PathBuf};

/// Why a backend library cannot be used.
#[derive(Debug)]
pub struct LoadError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot use the backend library `{}`: {}",
            self.path.display(),
            self.message
        )
    }
}

impl std::error::Error for LoadError {}

/// Whether `--backend=SPEC` names a library rather than a built-in backend: it has a `/` or
/// ends in `.so`.
pub fn is_library_path(spec: &str) -> bool {
    spec.contains('/') || spec.ends_with(".so")
}

/// The stamp of the library at `path`, without using its backend (`egret backends PATH`).
pub fn read_stamp(path: &Path) -> Result<AbiStamp, LoadError> {
    let lib = open(path)?;
    let stamp = stamp_of(&lib, path);
    // Nothing of it is in use: it may go.
    drop(lib);
    stamp
}

/// Loads the backend of the library at `path`, refusing a library built against another
/// egret, backend interface or rustc.
pub fn load_backend(path: &Path) -> Result<Box<dyn CodegenBackend>, LoadError> {
    let err = |message: String| LoadError {
        path: path.to_path_buf(),
        message,
    };
    let lib = open(path)?;
    let stamp = stamp_of(&lib, path)?;
    stamp.check(&AbiStamp::host()).map_err(err)?;
    // SAFETY: the stamp says the library was built by this rustc against this plugin, so the
    // constructor's type is `EntryPoint` and the trait object's layout is ours.
    let backend = unsafe {
        let entry = lib
            .get::<EntryPoint>(abi::ENTRY_SYMBOL)
            .map_err(|e| err(format!("it has no `{}`: {e}", abi::ENTRY_SYMBOL)))?;
        let raw = entry();
        if raw.is_null() {
            return Err(err(format!("its `{}` returned null", abi::ENTRY_SYMBOL)));
        }
        *Box::from_raw(raw)
    };
    // Never unloaded: `backend` points into it.
    std::mem::forget(lib);
    Ok(backend)
}

fn open(path: &Path) -> Result<libloading::Library, LoadError> {
    if !path.exists() {
        return Err(LoadError {
            path: path.to_path_buf(),
            message: "no such file".into(),
        });
    }
    // SAFETY: loading runs the library's initialisers; a backend library has no others than
    // Rust's own. That is the trust `--backend=PATH` asks for, as rustc's -Zcodegen-backend.
    unsafe { libloading::Library::new(path) }.map_err(|e| LoadError {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

fn stamp_of(lib: &libloading::Library, path: &Path) -> Result<AbiStamp, LoadError> {
    let err = |message: String| LoadError {
        path: path.to_path_buf(),
        message,
    };
    // SAFETY: a symbol of this name is the stamp function of egret's fixed C ABI; `read`
    // checks the magic before trusting anything else.
    unsafe {
        let f = lib.get::<AbiFunction>(abi::ABI_SYMBOL).map_err(|_| {
            err(format!(
                "it is not an egret backend library (it exports no `{}`; see \
                 `egret_plugin::export_backend!`)",
                abi::ABI_SYMBOL
            ))
        })?;
        AbiStamp::read(f()).map_err(err)
    }
}
