//! Every runtime function the compiler can emit is implemented twice, with the same semantics:
//! by the C runtime (`runtime/*.c`) and by the SSA interpreter's table
//! (`egret_plugin::ssa::interp::lookup_runtime`). The names are collected from the compiler's sources:
//! `rt("egret_...", ...)` (built-in primitives, Printf) and `Callee::Runtime("egret_...")` (the
//! SSA lowering), outside test files.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

fn rust_sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals following each occurrence of `prefix` in `text`.
fn names_after(text: &str, prefix: &str, names: &mut BTreeSet<String>) {
    for (i, _) in text.match_indices(prefix) {
        let rest = &text[i + prefix.len()..];
        if let Some(end) = rest.find('"') {
            let name = &rest[..end];
            if name.starts_with("egret_")
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                names.insert(name.to_string());
            }
        }
    }
}

fn emitted_runtime_names() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_sources(&common::root().join("plugin/src"), &mut files);
    let mut names = BTreeSet::new();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy();
        if name == "tests.rs" || name.ends_with("_tests.rs") || name == "testkit.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        names_after(&text, "rt(\"", &mut names);
        names_after(&text, "Runtime(\"", &mut names);
    }
    names
}

#[test]
fn the_scan_finds_the_known_primitives() {
    let names = emitted_runtime_names();
    for known in [
        "egret_print_int",
        "egret_raise",
        "egret_try",
        "egret_compare",
        "egret_string_concat",
    ] {
        assert!(
            names.contains(known),
            "{known} not found in the compiler's sources: {names:?}"
        );
    }
}

#[test]
fn every_emitted_runtime_function_is_in_the_interpreter() {
    let missing: Vec<String> = emitted_runtime_names()
        .into_iter()
        .filter(|n| egret_plugin::ssa::interp::lookup_runtime(n).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "runtime functions missing from the SSA interpreter: {missing:?}"
    );
}

#[test]
fn every_emitted_runtime_function_is_in_the_c_runtime() {
    let mut c = String::new();
    for entry in std::fs::read_dir(common::root().join("runtime")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "c") {
            c.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let missing: Vec<String> = emitted_runtime_names()
        .into_iter()
        .filter(|n| {
            // A definition: the name at the start of a line's declarator, followed by `(`, with
            // a body.
            !c.lines().any(|line| {
                let line = line.trim_start();
                line.contains(&format!(" {n}(")) && !line.trim_end().ends_with(';')
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "runtime functions missing from the C runtime: {missing:?}"
    );
}

/// `external` declarations may call any function of the front end's table
/// (`lambda::runtime::RUNTIME`, OCaml's `caml_*` primitives included): each one is implemented
/// by the C runtime and by the SSA interpreter (the lambda interpreter's implementations are
/// checked by `lambda::tests::every_runtime_primitive_is_implemented`).
#[test]
fn every_callable_runtime_function_is_in_the_c_runtime_and_the_interpreter() {
    let mut c = String::new();
    for entry in std::fs::read_dir(common::root().join("runtime")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "c") {
            c.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let mut missing = Vec::new();
    for f in egret_plugin::lambda::runtime::RUNTIME {
        let n = f.name;
        if !c
            .lines()
            .any(|line| line.contains(&format!(" {n}(")) && !line.trim_end().ends_with(';'))
        {
            missing.push(format!("{n} (C runtime)"));
        }
        if egret_plugin::ssa::interp::lookup_runtime(n).is_none() {
            missing.push(format!("{n} (SSA interpreter)"));
        }
    }
    assert!(missing.is_empty(), "missing: {missing:?}");
}
