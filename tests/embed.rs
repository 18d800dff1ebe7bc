//! `egret build --output-obj` (ocamlopt's -output-complete-obj): the program and the runtime as
//! one object that a C program links and starts (issue #23). examples/embed/main.c starts
//! examples/embed/prog.ml and calls the closures it registered; its expected output
//! `main.out` is what the same C program prints linked against ocamlopt's object (checked
//! here too where ocamlopt is installed, required under CI): an oracle comparison, not egret
//! against itself.

mod common;

use common::{backend_enabled, diff, egret, have_tool, root, skip, Backend};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-embed-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn embed_dir() -> PathBuf {
    root().join("examples/embed")
}

fn run(command: &mut Command) -> Output {
    let shown = format!("{command:?}");
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {shown}: {e}"));
    assert!(
        out.status.success(),
        "{shown} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `egret build --output-obj ml -o DIR/prog.o` with `backend`.
fn egret_object(ml: &Path, backend: Backend, dir: &Path) -> PathBuf {
    let object = dir.join("prog.o");
    run(Command::new(egret())
        .args(["build", backend.flag(), "--output-obj"])
        .arg(ml)
        .arg("-o")
        .arg(&object));
    object
}

/// `cc -I runtime/include c object -lm -o DIR/main`.
fn link_c(c: &Path, object: &Path, include: &Path, extra: &[&str], dir: &Path) -> PathBuf {
    let exe = dir.join("main");
    run(Command::new("cc")
        .args(["-Wall", "-Wextra", "-Werror", "-I"])
        .arg(include)
        .arg(c)
        .arg(object)
        .arg("-lm")
        .args(extra)
        .arg("-o")
        .arg(&exe));
    exe
}

fn require(tool: &str, test: &str) -> bool {
    if have_tool(tool) {
        return true;
    }
    skip(test, &format!("`{tool}` is not installed"));
    false
}

#[test]
fn embed_example_matches_ocamlopt_output() {
    if !require("cc", "embed_example") {
        return;
    }
    let expected = std::fs::read_to_string(embed_dir().join("main.out")).unwrap();
    for backend in [Backend::Native, Backend::Cranelift] {
        if !backend_enabled(backend) {
            continue;
        }
        let dir = scratch(&format!("{backend:?}"));
        let object = egret_object(&embed_dir().join("prog.ml"), backend, &dir);
        let exe = link_c(
            &embed_dir().join("main.c"),
            &object,
            &root().join("runtime/include"),
            &[],
            &dir,
        );
        // Also with a collection at every allocation: values the C code holds in locals must
        // survive (the collector scans the C stack).
        for stress in ["0", "1"] {
            let out = run(Command::new(&exe).env("EGRET_GC_STRESS", stress));
            let actual = String::from_utf8_lossy(&out.stdout);
            assert!(
                actual == expected,
                "{backend:?} (EGRET_GC_STRESS={stress}): examples/embed/main.c's output differs \
                 from main.out:\n{}",
                diff(&expected, &actual)
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// main.out is ocamlopt's: the same C program linked against `ocamlopt -output-complete-obj`.
#[test]
fn embed_example_expected_output_is_ocamlopts() {
    if !require("cc", "embed_oracle") || !require("ocamlopt", "embed_oracle") {
        return;
    }
    let dir = scratch("ocamlopt");
    std::fs::copy(embed_dir().join("prog.ml"), dir.join("prog.ml")).unwrap();
    run(Command::new("ocamlopt").current_dir(&dir).args([
        "-output-complete-obj",
        "prog.ml",
        "-o",
        "prog_ocaml.o",
    ]));
    let stdlib = run(Command::new("ocamlc").arg("-where")).stdout;
    let stdlib = PathBuf::from(String::from_utf8_lossy(&stdlib).trim());
    let exe = link_c(
        &embed_dir().join("main.c"),
        &dir.join("prog_ocaml.o"),
        &stdlib,
        &["-ldl"],
        &dir,
    );
    let out = run(&mut Command::new(&exe));
    let expected = std::fs::read_to_string(embed_dir().join("main.out")).unwrap();
    let actual = String::from_utf8_lossy(&out.stdout);
    assert!(
        actual == expected,
        "examples/embed/main.out is not what ocamlopt's object prints:\n{}",
        diff(&expected, &actual)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An exception escaping `caml_callback` is uncaught: OCaml's message, exit status 2 — the
/// same as ocamlopt's runtime prints (checked where ocamlopt is installed); and a second
/// `caml_startup` does nothing.
#[test]
fn exception_escaping_a_callback_is_fatal_as_in_ocaml() {
    if !require("cc", "embed_uncaught") {
        return;
    }
    let dir = scratch("uncaught");
    let c = dir.join("uncaught.c");
    std::fs::write(
        &c,
        "#include <stdio.h>\n#include <caml/callback.h>\n#include <caml/mlvalues.h>\n\
         int main(int argc, char **argv) {\n  (void)argc;\n  caml_startup(argv);\n  \
         caml_startup(argv);\n  printf(\"%ld\\n\", (long)Long_val(caml_callback(\
         *caml_named_value(\"fib\"), Val_long(91))));\n  return 0;\n}\n",
    )
    .unwrap();
    let expected_stdout = "OCaml: top level runs at caml_startup\n";
    let expected_stderr = "Fatal error: exception Prog.Too_big(91)\n";
    let check = |exe: &Path, who: &str| {
        let out = Command::new(exe).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{who}: exit status");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected_stdout,
            "{who}: stdout"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            expected_stderr,
            "{who}: stderr"
        );
    };
    for backend in [Backend::Native, Backend::Cranelift] {
        if !backend_enabled(backend) {
            continue;
        }
        let object = egret_object(&embed_dir().join("prog.ml"), backend, &dir);
        let exe = link_c(&c, &object, &root().join("runtime/include"), &[], &dir);
        check(&exe, &format!("egret {backend:?}"));
    }
    if require("ocamlopt", "embed_uncaught (ocamlopt)") {
        std::fs::copy(embed_dir().join("prog.ml"), dir.join("prog.ml")).unwrap();
        run(Command::new("ocamlopt").current_dir(&dir).args([
            "-output-complete-obj",
            "prog.ml",
            "-o",
            "prog_ocaml.o",
        ]));
        let stdlib = run(Command::new("ocamlc").arg("-where")).stdout;
        let stdlib = PathBuf::from(String::from_utf8_lossy(&stdlib).trim());
        let exe = link_c(&c, &dir.join("prog_ocaml.o"), &stdlib, &["-ldl"], &dir);
        check(&exe, "ocamlopt");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The object leaves `main` to the C program, and an executable built the usual way still has
/// the runtime's.
#[test]
fn output_obj_has_no_main() {
    let dir = scratch("nomain");
    let object = egret_object(&embed_dir().join("prog.ml"), Backend::Native, &dir);
    if !require("nm", "output_obj_has_no_main") {
        return;
    }
    let symbols =
        String::from_utf8_lossy(&run(Command::new("nm").arg(&object)).stdout).into_owned();
    let defined = |name: &str| {
        symbols.lines().any(|l| {
            let mut parts = l.split_whitespace().rev();
            parts.next() == Some(name) && parts.next().is_some_and(|k| k != "U" && k != "w")
        })
    };
    assert!(!defined("main"), "the --output-obj object defines main");
    for name in [
        "caml_startup",
        "caml_callback",
        "caml_named_value",
        "egret_callback2",
    ] {
        assert!(
            defined(name),
            "the --output-obj object does not define {name}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
