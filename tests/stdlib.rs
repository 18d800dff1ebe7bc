//! The standard library is OCaml's own (issue #21): the modules `egret stdlib` names as
//! installed are compiled from the OCaml installation's sources, with their `.mli` as
//! signatures; the installation is found as the CLI documents, and a wrong or missing one
//! is an error naming what was found.

mod common;

use common::egret;
use std::process::{Command, Output};

fn egret_with(args: &[&str]) -> Output {
    Command::new(egret()).args(args).output().unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-stdlib-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The installation's directory, as `ocamlc -where` names it.
fn ocaml_where() -> Option<std::path::PathBuf> {
    let out = Command::new("ocamlc").arg("-where").output().ok()?;
    Some(String::from_utf8(out.stdout).ok()?.trim().into())
}

/// These modules come from the installation's sources, not from egret's prelude.
const INSTALLED: &[&str] = &[
    "Sys",
    "Float",
    "Array",
    "Filename",
    "List",
    "Option",
    "Result",
    "Bool",
    "Seq",
    "Either",
    "Stack",
    "Char",
    "Int",
    "Uchar",
    "Int32",
    "Int64",
    "Nativeint",
    "Lexing",
    "Parsing",
    "Marshal",
    "ListLabels",
    "ArrayLabels",
    "StringLabels",
    "BytesLabels",
    "StdLabels",
    "MoreLabels",
    "CamlinternalLazy",
    "Lazy",
    "Printexc",
    "CamlinternalAtomic",
    "Atomic",
    "Weak",
    "Pervasives",
    "Obj",
];

#[test]
fn the_installed_modules_come_from_the_installation() {
    let Some(dir) = ocaml_where() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "ocamlc is missing under CI"
        );
        eprintln!("skipped: no ocamlc");
        return;
    };
    let out = egret_with(&["stdlib"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("OCaml 4.13"), "{text}");
    for m in INSTALLED {
        // The unit's file: its name uncapitalised (`listLabels.ml`), a file that exists.
        let want = dir.join(format!("{}{}.ml", m[..1].to_ascii_lowercase(), &m[1..]));
        assert!(want.is_file(), "{} is not a file", want.display());
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(m))
            .unwrap_or_else(|| panic!("{m} missing from `egret stdlib`:\n{text}"));
        assert!(
            line.ends_with(&want.display().to_string()),
            "{m} does not come from {}: {line}",
            want.display()
        );
    }
}

#[test]
fn a_copy_of_the_installation_is_what_gets_compiled() {
    // A copy of the installation with one function of list.ml changed: a program using it
    // sees the change, so the sources really are the installation's.
    let Some(dir) = ocaml_where() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "ocamlc is missing under CI"
        );
        return;
    };
    let copy = scratch("copy");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ml" || e == "mli") {
            std::fs::copy(&path, copy.join(path.file_name().unwrap())).unwrap();
        }
    }
    let list = std::fs::read_to_string(copy.join("list.ml")).unwrap();
    let changed = list.replacen(
        "let length l = length_aux 0 l",
        "let length l = 42 + length_aux 0 l",
        1,
    );
    assert_ne!(
        list, changed,
        "list.ml's length is not where the test expects it"
    );
    std::fs::write(copy.join("list.ml"), changed).unwrap();
    let prog = copy.join("prog.ml");
    std::fs::write(&prog, "let () = print_int (List.length [1; 2; 3])\n").unwrap();
    let out = egret_with(&[
        "--stdlib",
        copy.to_str().unwrap(),
        "run",
        prog.to_str().unwrap(),
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "45",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn another_version_or_none_is_an_error_naming_it() {
    let dir = scratch("v5");
    std::fs::write(dir.join("sys.ml"), "let ocaml_version = \"5.1.0\"\n").unwrap();
    let prog = dir.join("prog.ml");
    std::fs::write(&prog, "let () = print_int (List.length [])\n").unwrap();
    let out = egret_with(&[
        "--stdlib",
        dir.to_str().unwrap(),
        "check",
        prog.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("OCaml 5.1.0's standard library") && err.contains("apt-get install ocaml"),
        "{err}"
    );
    let empty = scratch("empty");
    let out = Command::new(egret())
        .args(["check", prog.to_str().unwrap()])
        .env("EGRET_STDLIB", &empty)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot find OCaml's standard library") && err.contains("$EGRET_STDLIB"),
        "{err}"
    );
}
