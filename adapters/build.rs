//! Compiles egret's runtime (the C files of `../runtime`, listed in [`SOURCES`]) for the target
//! this crate is built for, and combines the objects into one relocatable object at
//! `$OUT_DIR/egret_runtime.o` for `src/runtime.rs` to embed; the executables' `main`
//! ([`START_SOURCE`]) is a second object, `$OUT_DIR/egret_start.o` (an `--output-obj` object
//! leaves `main` to its C program). Neither is linked into this crate. `src/runtime.rs`
//! embeds the same list of sources.

use std::path::PathBuf;
use std::process::Command;

/// The runtime's C sources, in `../runtime` (keep in sync with `src/runtime.rs`).
const SOURCES: &[&str] = &[
    "egret_runtime.c",
    "egret_gc.c",
    "egret_float.c",
    "egret_prims.c",
    "egret_md5.c",
    "egret_boxint.c",
    "egret_weak.c",
    "egret_bigarray.c",
    "egret_lexing.c",
    "egret_parsing.c",
    "egret_marshal.c",
    "egret_embed.c",
];
/// The executables' entry point, `main` (keep in sync with `src/runtime.rs`).
const START_SOURCE: &str = "egret_start.c";
const HEADERS: &[&str] = &["egret_runtime.h"];

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let runtime_dir = manifest.join("../runtime");
    for file in SOURCES.iter().chain(HEADERS).chain([&START_SOURCE]) {
        println!(
            "cargo:rerun-if-changed={}",
            runtime_dir.join(file).display()
        );
    }

    let mut build = cc::Build::new();
    for source in SOURCES.iter().chain([&START_SOURCE]) {
        build.file(runtime_dir.join(source));
    }
    build
        .include(&runtime_dir)
        .opt_level(2)
        .pic(true)
        .warnings(true)
        .extra_warnings(true)
        .flag_if_supported("-fno-omit-frame-pointer")
        .cargo_metadata(false);
    let mut objects = build.compile_intermediates();
    assert_eq!(
        objects.len(),
        SOURCES.len() + 1,
        "expected one object per runtime source, got {objects:?}"
    );
    let start_name = START_SOURCE.replace(".c", ".o");
    let start_index = objects
        .iter()
        .position(|o| {
            o.file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with(&start_name))
        })
        .expect("the object of the start source");
    let start = objects.remove(start_index);
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    std::fs::copy(&start, out_dir.join("egret_start.o")).expect("copy the start object");
    let out = out_dir.join("egret_runtime.o");
    // One relocatable object holding every source's code (`cc -r`).
    let compiler = build.get_compiler();
    let status = Command::new(compiler.path())
        .args(["-r", "-nostdlib", "-o"])
        .arg(&out)
        .args(&objects)
        .status()
        .expect("run the C compiler to combine the runtime objects");
    assert!(
        status.success(),
        "combining the runtime objects failed ({status})"
    );

    let target = std::env::var("TARGET").unwrap();
    println!("cargo:rustc-env=EGRET_RUNTIME_TARGET={target}");
}
