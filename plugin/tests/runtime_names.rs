//! Every runtime primitive the compiler can emit is known to the lambda interpreter (its
//! table `lambda::runtime::RUNTIME`, which a unit test checks it implements) and exists in the
//! C runtime. The names are found by scanning the sources that emit them: the front end
//! (`typing/builtins.rs`) and the SSA lowering (`ssa/lower/`).

use std::path::PathBuf;

use egret_plugin::lambda::runtime;

fn source(rel: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The string literals `"egret_..."` that follow `prefix` in `text` (a whole literal: a name
/// built with `format!` is not a runtime primitive).
fn names_after(text: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let pat = format!("{prefix}\"egret_");
    let mut rest = text;
    while let Some(i) = rest.find(&pat) {
        let after = &rest[i + pat.len() - "egret_".len()..];
        let end = after.find('"').unwrap();
        let name = &after[..end];
        if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            out.push(name.to_string());
        }
        rest = &after[end..];
    }
    out.sort();
    out.dedup();
    out
}

/// What the SSA lowering calls for lambda constructs that are not runtime primitives in the
/// lambda IR (`Raise`, `Try`, `Div`/`Mod` by zero, failed bound checks): the interpreter evaluates those directly.
const LOWERING_ONLY: &[&str] = &[
    "egret_raise",
    "egret_reraise",
    "egret_reraise_unmatched",
    "egret_raise_notrace",
    "egret_note_raise",
    "egret_note_reraise",
    "egret_raise_division_by_zero",
    "egret_raise_bound_error",
    "egret_bound_error_exn",
    "egret_division_by_zero_exn",
    "egret_try",
];

fn emitted() -> (Vec<String>, Vec<String>) {
    let mut front = names_after(&source("src/typing/builtins.rs"), "");
    front.sort();
    front.dedup();
    // The SSA lowering is a folder of files (`ssa/lower/`): every one of them.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/ssa/lower");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    let mut lower = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
        lower.extend(names_after(
            &source(&rel.to_string_lossy()),
            "Callee::Runtime(",
        ));
    }
    lower.sort();
    lower.dedup();
    (front, lower)
}

#[test]
fn scanning_finds_the_primitives() {
    let (front, lower) = emitted();
    for n in [
        "egret_print_int",
        "egret_print_string",
        "egret_bytes_unsafe_set",
    ] {
        assert!(front.iter().any(|f| f == n), "{n} not found in {front:?}");
    }
    assert!(lower.iter().any(|f| f == "egret_compare"), "{lower:?}");
}

#[test]
fn every_emitted_primitive_is_in_the_lambda_runtime_table() {
    let (front, lower) = emitted();
    let mut missing = Vec::new();
    for n in &front {
        if runtime::lookup(n).is_none() {
            missing.push(format!("{n} (typing)"));
        }
    }
    for n in &lower {
        if runtime::lookup(n).is_none() && !LOWERING_ONLY.contains(&n.as_str()) {
            missing.push(format!("{n} (ssa/lower/)"));
        }
    }
    assert!(
        missing.is_empty(),
        "not in lambda::runtime::RUNTIME: {missing:?}"
    );
    for n in LOWERING_ONLY {
        assert!(
            lower.iter().any(|l| l == n),
            "{n} is no longer called by ssa/lower/: drop it from LOWERING_ONLY"
        );
    }
}

#[test]
fn every_emitted_primitive_exists_in_the_c_runtime() {
    // Every C file of the runtime.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../runtime");
    let mut c = String::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "c") {
            c.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let (mut all, lower) = emitted();
    all.extend(lower);
    let missing: Vec<&String> = all
        .iter()
        .filter(|n| !c.contains(&format!(" {n}(")))
        .collect();
    assert!(
        missing.is_empty(),
        "not defined by runtime/*.c: {missing:?}"
    );
}

/// Every primitive of the Unix library the table lists (`lambda::runtime::is_unix`) is defined
/// by `runtime/egret_unix.c`, and every external of `libraries/unix.ml` is in the table: the
/// library's code calls nothing the runtime lacks.
#[test]
fn every_unix_primitive_is_in_egret_unix_c() {
    let c = source("../runtime/egret_unix.c");
    let missing: Vec<&str> = runtime::RUNTIME
        .iter()
        .filter(|f| runtime::is_unix(f.name) && !c.contains(&format!("value {}(", f.name)))
        .map(|f| f.name)
        .collect();
    assert!(
        missing.is_empty(),
        "not defined by egret_unix.c: {missing:?}"
    );
    let ml = source("src/libraries/unix.ml");
    let mut externals = 0;
    // A declaration starts a line (`external name : type = "prim"`, maybe over two lines).
    for decl in ml.split("\nexternal ").skip(1) {
        let prim = decl.split('"').nth(1).expect("a primitive name");
        assert!(runtime::lookup(prim).is_some(), "{prim} is not in RUNTIME");
        externals += 1;
    }
    assert!(externals > 40, "{externals} externals found in unix.ml");
}
