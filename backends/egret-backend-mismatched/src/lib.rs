//! A test fixture: a backend library built as if against another egret — its stamp states
//! egret `0.0.0-mismatched` and the next backend interface version — so that `egret build
//! --backend=PATH` must refuse it (`tests/backends.rs`). Its constructor aborts the process:
//! were egret to call it despite the stamp, the test would see the crash.

use egret_plugin::backend::abi::{BackendAbi, BoxedBackend, INTERFACE_VERSION, RUSTC_VERSION_C};

/// The stamp of a build against another egret.
#[no_mangle]
pub extern "C" fn egret_backend_abi() -> *const BackendAbi {
    static ABI: BackendAbi =
        BackendAbi::stating(INTERFACE_VERSION + 1, c"0.0.0-mismatched", RUSTC_VERSION_C);
    &ABI
}

/// Never to be called: egret must stop at the stamp.
#[no_mangle]
pub extern "C" fn egret_codegen_backend() -> *mut BoxedBackend {
    eprintln!("egret-backend-mismatched: the constructor of a mismatched library was called");
    std::process::abort()
}
