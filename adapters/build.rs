//! Compiles egret's runtime (`../runtime/egret_runtime.c`) for the target this crate is built
//! for, and leaves the object at `$OUT_DIR/egret_runtime.o` for `src/runtime.rs` to embed.
//! The object is not linked into this crate (it defines `main`).

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let runtime_dir = manifest.join("../runtime");
    let source = runtime_dir.join("egret_runtime.c");
    let header = runtime_dir.join("egret_runtime.h");
    println!("cargo:rerun-if-changed={}", source.display());
    println!("cargo:rerun-if-changed={}", header.display());

    let objects = cc::Build::new()
        .file(&source)
        .include(&runtime_dir)
        .opt_level(2)
        .pic(true)
        .warnings(true)
        .extra_warnings(true)
        .flag_if_supported("-fno-omit-frame-pointer")
        .cargo_metadata(false)
        .compile_intermediates();
    let [object] = objects.as_slice() else {
        panic!("expected one runtime object, got {objects:?}");
    };
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("egret_runtime.o");
    std::fs::copy(object, &out).expect("copy the runtime object into OUT_DIR");

    let target = std::env::var("TARGET").unwrap();
    println!("cargo:rustc-env=EGRET_RUNTIME_TARGET={target}");
}
