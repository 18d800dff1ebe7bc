//! egret's runtime, embedded: the object compiled for the host by `build.rs`, and the C source
//! for compiling it for any other target at link time.

/// `runtime/egret_runtime.c`.
pub const RUNTIME_SOURCE: &str = include_str!("../../runtime/egret_runtime.c");

/// `runtime/egret_runtime.h`, included by the source.
pub const RUNTIME_HEADER: &str = include_str!("../../runtime/egret_runtime.h");

/// The runtime compiled for [`crate::isa::HOST_TARGET`].
pub const HOST_RUNTIME_OBJECT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/egret_runtime.o"));

/// Runtime symbols that name data, not functions (for relocations against them).
pub const RUNTIME_DATA_SYMBOLS: &[&str] = &["egret_extra_args", "egret_argc", "egret_argv"];
