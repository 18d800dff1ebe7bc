//! egret's runtime, embedded: the object compiled for the host by `build.rs`, and the C sources
//! for compiling it for any other target at link time.

/// The runtime's C sources (file name, text), compiled separately and linked together
/// (keep in sync with `build.rs`).
pub const RUNTIME_SOURCES: &[(&str, &str)] = &[
    (
        "egret_runtime.c",
        include_str!("../../runtime/egret_runtime.c"),
    ),
    ("egret_gc.c", include_str!("../../runtime/egret_gc.c")),
    ("egret_float.c", include_str!("../../runtime/egret_float.c")),
    ("egret_prims.c", include_str!("../../runtime/egret_prims.c")),
    ("egret_md5.c", include_str!("../../runtime/egret_md5.c")),
    (
        "egret_boxint.c",
        include_str!("../../runtime/egret_boxint.c"),
    ),
    ("egret_weak.c", include_str!("../../runtime/egret_weak.c")),
    (
        "egret_bigarray.c",
        include_str!("../../runtime/egret_bigarray.c"),
    ),
    (
        "egret_lexing.c",
        include_str!("../../runtime/egret_lexing.c"),
    ),
    (
        "egret_parsing.c",
        include_str!("../../runtime/egret_parsing.c"),
    ),
    (
        "egret_marshal.c",
        include_str!("../../runtime/egret_marshal.c"),
    ),
    ("egret_embed.c", include_str!("../../runtime/egret_embed.c")),
    (
        "egret_backtrace.c",
        include_str!("../../runtime/egret_backtrace.c"),
    ),
    ("egret_unix.c", include_str!("../../runtime/egret_unix.c")),
];

/// The executables' `main` (`runtime/egret_start.c`), kept out of [`RUNTIME_SOURCES`]: an
/// `--output-obj` object leaves `main` to the C program embedding it.
pub const START_SOURCE: (&str, &str) =
    ("egret_start.c", include_str!("../../runtime/egret_start.c"));

/// `runtime/egret_runtime.h`, included by the sources.
pub const RUNTIME_HEADER: &str = include_str!("../../runtime/egret_runtime.h");

/// The runtime compiled for [`crate::isa::HOST_TARGET`]: one relocatable object.
pub const HOST_RUNTIME_OBJECT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/egret_runtime.o"));

/// [`START_SOURCE`] compiled for [`crate::isa::HOST_TARGET`].
pub const HOST_START_OBJECT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/egret_start.o"));

/// Runtime symbols that name data, not functions (for relocations against them).
pub const RUNTIME_DATA_SYMBOLS: &[&str] = &[
    "egret_extra_args",
    "egret_argc",
    "egret_argv",
    "egret_young_ptr",
    "egret_young_limit",
];
