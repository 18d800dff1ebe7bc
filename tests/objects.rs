//! `egret build -c` (issue #23): a relocatable object with the program's code and, with `-g`,
//! its DWARF (`.debug_info`, `.debug_line`, `.eh_frame`) passing `llvm-dwarfdump --verify`;
//! `egret build PROG.o` links it with the runtime. The object holds the whole program (one
//! for all the source files given): egret has no separate compilation of units yet, and says
//! so when asked to link two objects. Both backends.

mod common;

use common::{backend_enabled, diff, egret, have_tool, root, skip, Backend};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-objects-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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

/// A program's stdout, stderr and exit status (which may be a failure: pqueue's is).
fn outcome(exe: &Path) -> (String, String, Option<i32>) {
    let out = Command::new(exe).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn egret_cmd() -> Command {
    Command::new(egret())
}

/// The bytes of `section` in the object `path` (`objcopy -O binary --only-section`).
fn section(path: &Path, section: &str, dir: &Path) -> Vec<u8> {
    let out = dir.join(format!("section{}", section.replace('.', "_")));
    run(Command::new("objcopy")
        .args(["-O", "binary", "--only-section", section])
        .arg(path)
        .arg(&out));
    std::fs::read(&out).unwrap()
}

/// `-c -g` on one file: the object verifies, has the debug sections, the same `.text` as
/// without `-g`, and links into an executable printing what ocamlopt's does
/// (`examples/c_hanoi.out`), with the line table gdb reads.
#[test]
fn compile_only_object_with_dwarf_verifies_and_links() {
    let dwarfdump = have_tool("llvm-dwarfdump");
    if !dwarfdump {
        skip(
            "compile_only_object",
            "`llvm-dwarfdump` (Debian: llvm) is not installed",
        );
    }
    let objcopy = have_tool("objcopy");
    if !objcopy {
        skip(
            "compile_only_object (.text)",
            "`objcopy` (binutils) is not installed",
        );
    }
    let example = root().join("examples/c_hanoi.ml");
    let expected = std::fs::read_to_string(root().join("examples/c_hanoi.out")).unwrap();
    for backend in [Backend::Native, Backend::Cranelift] {
        if !backend_enabled(backend) {
            continue;
        }
        let dir = scratch(&format!("{backend:?}"));
        std::fs::copy(&example, dir.join("hanoi.ml")).unwrap();
        run(egret_cmd()
            .current_dir(&dir)
            .args(["build", backend.flag(), "-c", "-g", "hanoi.ml"]));
        let object = dir.join("hanoi.o");
        assert!(object.is_file(), "{backend:?}: -c wrote no hanoi.o");
        if dwarfdump {
            let verify = run(Command::new("llvm-dwarfdump").arg("--verify").arg(&object));
            let text = String::from_utf8_lossy(&verify.stdout);
            assert!(
                text.contains("No errors."),
                "{backend:?}: llvm-dwarfdump --verify hanoi.o:\n{text}"
            );
            let lines = run(Command::new("llvm-dwarfdump")
                .arg("--debug-line")
                .arg(&object))
            .stdout;
            let lines = String::from_utf8_lossy(&lines);
            assert!(
                lines.contains("hanoi.ml") && lines.contains("is_stmt"),
                "{backend:?}: the object's line table names no rows of hanoi.ml:\n{lines}"
            );
            let info = run(Command::new("llvm-dwarfdump")
                .arg("--debug-info")
                .arg(&object))
            .stdout;
            let info = String::from_utf8_lossy(&info);
            assert!(
                info.contains("DW_TAG_compile_unit") && info.contains("DW_TAG_subprogram"),
                "{backend:?}: the object's .debug_info has no compile unit or subprogram"
            );
        }
        if objcopy {
            assert!(
                !section(&object, ".eh_frame", &dir).is_empty(),
                "{backend:?}: no .eh_frame"
            );
            let with_g = section(&object, ".text", &dir);
            run(egret_cmd().current_dir(&dir).args([
                "build",
                backend.flag(),
                "-c",
                "hanoi.ml",
                "-o",
                "plain.o",
                // `-g` turns on ocamlopt's inlining decisions (backtraces show its frames) and
                // keeps unused exports (gdb can break in them).
                "-C",
                "ocaml-inlining=on",
                "-C",
                "keep-exports=on",
            ]));
            let without_g = section(&dir.join("plain.o"), ".text", &dir);
            assert!(
                with_g == without_g,
                "{backend:?}: .text differs with and without -g"
            );
        }
        run(egret_cmd()
            .current_dir(&dir)
            .args(["build", "hanoi.o", "-o", "hanoi"]));
        let out = run(&mut Command::new(dir.join("hanoi")));
        let actual = String::from_utf8_lossy(&out.stdout);
        assert!(
            actual == expected,
            "{backend:?}: the linked object's output differs from ocamlopt's:\n{}",
            diff(&expected, &actual)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Several files: `-c` writes one object of the whole program (it needs `-o`), which links
/// and runs as `egret build` of the same files and as ocamlopt's executable.
#[test]
fn compile_only_several_files_is_one_object_of_the_program() {
    let src = root().join("tests/multifile/pqueue");
    let files: Vec<String> = std::fs::read_to_string(src.join("FILES"))
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let dir = scratch("several");
    for f in &files {
        std::fs::copy(src.join(f), dir.join(f)).unwrap();
    }
    let refused = egret_cmd()
        .current_dir(&dir)
        .args(["build", "-c"])
        .args(&files)
        .output()
        .unwrap();
    assert_eq!(
        refused.status.code(),
        Some(2),
        "-c of several files without -o"
    );
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("name it with -o"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    for backend in [Backend::Native, Backend::Cranelift] {
        if !backend_enabled(backend) {
            continue;
        }
        run(egret_cmd()
            .current_dir(&dir)
            .args(["build", backend.flag(), "-c", "-o", "prog.o"])
            .args(&files));
        run(egret_cmd()
            .current_dir(&dir)
            .args(["build", "prog.o", "-o", "linked"]));
        run(egret_cmd()
            .current_dir(&dir)
            .args(["build", backend.flag(), "-o", "whole"])
            .args(&files));
        let linked = outcome(&dir.join("linked"));
        let whole = outcome(&dir.join("whole"));
        assert_eq!(
            linked, whole,
            "{backend:?}: the linked object and the direct build differ"
        );
        if have_tool("ocamlopt") {
            run(Command::new("ocamlopt")
                .current_dir(&dir)
                .args(&files)
                .args(["-o", "oracle"]));
            let oracle = outcome(&dir.join("oracle"));
            assert_eq!(
                linked, oracle,
                "{backend:?}: the linked object's output differs from ocamlopt's"
            );
        } else {
            skip(
                "compile_only_several_files (oracle)",
                "ocamlopt is not installed",
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Linking objects: what egret cannot link yet is refused with the reason, never a linker
/// error.
#[test]
fn linking_objects_says_what_is_not_supported() {
    let dir = scratch("refusals");
    std::fs::copy(root().join("examples/arith.ml"), dir.join("a.ml")).unwrap();
    std::fs::copy(root().join("examples/closures.ml"), dir.join("b.ml")).unwrap();
    run(egret_cmd().current_dir(&dir).args(["build", "-c", "a.ml"]));
    run(egret_cmd().current_dir(&dir).args(["build", "-c", "b.ml"]));
    run(egret_cmd()
        .current_dir(&dir)
        .args(["build", "--output-obj", "b.ml", "-o", "complete.o"]));
    std::fs::write(dir.join("junk.o"), "not an object\n").unwrap();
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["build", "a.o", "b.o"],
            2,
            "separate compilation of units is not supported yet",
        ),
        (&["build", "complete.o"], 1, "an `--output-obj` object"),
        (&["build", "junk.o"], 1, "not an object file"),
        (
            &["build", "-c", "a.o"],
            2,
            "is linked by `egret build PROG.o -o OUT` alone",
        ),
        (
            &["run", "a.o"],
            2,
            "is linked by `egret build PROG.o -o OUT` alone",
        ),
    ];
    for (args, code, message) in cases {
        let out = egret_cmd().current_dir(&dir).args(*args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(*code), "egret {args:?}: {stderr}");
        assert!(stderr.contains(message), "egret {args:?}: {stderr}");
    }
    // The one object links.
    run(egret_cmd()
        .current_dir(&dir)
        .args(["build", "a.o", "-o", "a"]));
    let out = run(&mut Command::new(dir.join("a"))).stdout;
    let expected = std::fs::read_to_string(root().join("examples/arith.out")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out), expected);
    let _ = std::fs::remove_dir_all(&dir);
}
