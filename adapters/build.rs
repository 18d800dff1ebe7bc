//! Compiles egret's runtime (the C files of `../runtime`, listed in [`SOURCES`]) for the target
//! this crate is built for, and combines the objects into one relocatable object at
//! `$OUT_DIR/egret_runtime.o` for `src/runtime.rs` to embed; the executables' `main`
//! ([`START_SOURCE`]) is a second object, `$OUT_DIR/egret_start.o` (an `--output-obj` object
//! leaves `main` to its C program). Neither is linked into this crate. `src/runtime.rs`
//! embeds the same list of sources.
//!
//! The same sources are compiled a second time with `EGRET_IN_PROCESS` into a static library
//! that *is* linked into every binary using this crate: the runtime `egret run --jit` runs the
//! program with (`src/jit`). Its symbols are hidden (nothing exports them from egret) and listed
//! in a generated table, `egret_inproc_symbols` (`$OUT_DIR/egret_inproc_symbols.c`: every
//! global the runtime's objects define, by name and address), through which the JIT resolves the
//! program's references; the table's references also make the linker keep every object.

use object::{Object, ObjectSymbol};
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
    "egret_backtrace.c",
    "egret_unix.c",
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

    build_in_process_runtime(&runtime_dir, &out_dir);
}

/// The runtime for programs compiled in memory (`egret run --jit`): the sources with
/// `EGRET_IN_PROCESS`, and the table of their symbols, as the static library
/// `egret_inproc_runtime` linked into this crate.
fn build_in_process_runtime(runtime_dir: &std::path::Path, out_dir: &std::path::Path) {
    let configure = |build: &mut cc::Build| {
        build
            .include(runtime_dir)
            .define("EGRET_IN_PROCESS", None)
            .opt_level(2)
            .pic(true)
            .warnings(true)
            .extra_warnings(true)
            .flag_if_supported("-fno-omit-frame-pointer")
            .flag("-fvisibility=hidden")
            .cargo_metadata(false);
    };
    let mut build = cc::Build::new();
    configure(&mut build);
    for source in SOURCES {
        build.file(runtime_dir.join(source));
    }
    let objects = build.compile_intermediates();
    let mut names = Vec::new();
    for path in &objects {
        let bytes = std::fs::read(path).expect("read a runtime object");
        let file = object::File::parse(&*bytes).expect("parse a runtime object");
        for symbol in file.symbols() {
            if symbol.is_global() && symbol.is_definition() {
                names.push(symbol.name().expect("a symbol name").to_string());
            }
        }
    }
    names.sort();
    names.dedup();
    let mut table = String::from(
        "/* Generated by adapters/build.rs: every global symbol of the in-process runtime. */\n\
         #include <stddef.h>\n",
    );
    for name in &names {
        // Declared as bytes whatever it is: only its address is taken.
        table.push_str(&format!("extern char {name}[];\n"));
    }
    table.push_str(
        "struct egret_inproc_symbol { const char *name; void *address; };\n\
         const struct egret_inproc_symbol egret_inproc_symbols[] = {\n",
    );
    for name in &names {
        table.push_str(&format!("  {{\"{name}\", (void *){name}}},\n"));
    }
    table.push_str(&format!(
        "}};\nconst size_t egret_inproc_symbol_count = {};\n",
        names.len()
    ));
    let table_path = out_dir.join("egret_inproc_symbols.c");
    std::fs::write(&table_path, table).expect("write the symbol table");

    let mut library = cc::Build::new();
    configure(&mut library);
    library.cargo_metadata(true);
    library.objects(&objects).file(&table_path);
    library.compile("egret_inproc_runtime");
    println!("cargo:rustc-link-lib=m");
}
