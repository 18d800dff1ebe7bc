//! Programs of several files (`egret build a.mli a.ml b.ml main.ml`), as ocamlopt builds them:
//! each directory of `tests/multifile/` is a program whose `FILES` lists its files in
//! ocamlopt's order. The oracle is ocamlopt, run here on the same files: egret's executable
//! must print the same (stdout and stderr) and exit with the same status, on both backends;
//! a directory with a `REJECT` file is a program both compilers must reject. Lexers and
//! parsers are kept as their `.mll`/`.mly` sources and generated as a build would. Each
//! accepted program is also built from its main file alone (`egret build main.ml` finds the
//! other units).

mod common;

use common::Backend;
use std::path::Path;
use std::process::Command;

struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

fn run(exe: &Path) -> Run {
    let out = Command::new(exe).output().expect("run the program");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

/// A fresh directory holding a copy of the program's files. A listed `X.ml` (and `X.mli`)
/// that the directory does not hold is generated there, as a build would: by `ocamllex` from
/// `X.mll`, by `ocamlyacc` from `X.mly`.
fn copy_program(dir: &Path, files: &[String], scratch: &Path) {
    std::fs::create_dir_all(scratch).unwrap();
    for f in files {
        if dir.join(f).exists() {
            std::fs::copy(dir.join(f), scratch.join(f)).unwrap();
            continue;
        }
        let stem = f.trim_end_matches(".mli").trim_end_matches(".ml");
        let (tool, source) = if dir.join(format!("{stem}.mll")).exists() {
            ("ocamllex", format!("{stem}.mll"))
        } else {
            ("ocamlyacc", format!("{stem}.mly"))
        };
        if scratch.join(f).exists() {
            continue; // ocamlyacc wrote the .ml with the .mli
        }
        std::fs::copy(dir.join(&source), scratch.join(&source))
            .unwrap_or_else(|e| panic!("{f}: neither the file nor {source}: {e}"));
        let args: &[&str] = if tool == "ocamllex" { &["-q"] } else { &[] };
        let out = Command::new(tool)
            .args(args)
            .arg(&source)
            .current_dir(scratch)
            .output()
            .unwrap_or_else(|e| panic!("run {tool}: {e}"));
        assert!(out.status.success(), "{tool} {source}: {out:?}");
    }
}

/// The programs of `tests/multifile/`, sorted: each directory's name and path, and its files in
/// ocamlopt's order (its `FILES`).
fn programs() -> Vec<(String, std::path::PathBuf, Vec<String>)> {
    let root = common::root().join("tests/multifile");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .map(|dir| {
            let name = dir.file_name().unwrap().to_string_lossy().to_string();
            let files = std::fs::read_to_string(dir.join("FILES"))
                .unwrap()
                .split_whitespace()
                .map(str::to_string)
                .collect();
            (name, dir, files)
        })
        .collect()
}

#[test]
fn several_files_build_as_ocamlopt_builds_them() {
    if !common::have_tool("ocamlopt") {
        common::skip("several_files", "ocamlopt (the oracle) is not installed");
        return;
    }
    let tmp = std::env::temp_dir().join(format!("egret-multifile-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut compared = 0;
    for (name, dir, files) in programs() {
        let reject = dir.join("REJECT").exists();
        // The oracle.
        let oracle_dir = tmp.join(format!("{name}-ocamlopt"));
        copy_program(&dir, &files, &oracle_dir);
        let built = Command::new("ocamlopt")
            .args(["-w", "-a"])
            .args(&files)
            .args(["-o", "prog"])
            .current_dir(&oracle_dir)
            .output()
            .unwrap();
        if reject {
            assert_eq!(built.status.code(), Some(2), "{name}: ocamlopt accepts it");
        } else {
            assert!(built.status.success(), "{name}: ocamlopt rejects it");
        }
        let expected = (!reject).then(|| run(&oracle_dir.join("prog")));
        for backend in [Backend::Native, Backend::Cranelift] {
            if !common::backend_enabled(backend) {
                continue;
            }
            let ours = tmp.join(format!("{name}-{backend:?}"));
            copy_program(&dir, &files, &ours);
            let out = Command::new(common::egret())
                .arg("build")
                .args(&files)
                .args(["-o", "prog", "--verify", backend.flag()])
                .current_dir(&ours)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            match &expected {
                None => {
                    if out.status.code() != Some(1) {
                        failures.push(format!("{name} [{backend:?}]: not rejected: {stderr}"));
                    }
                }
                Some(expected) => {
                    if !out.status.success() {
                        failures.push(format!("{name} [{backend:?}]: build failed: {stderr}"));
                        continue;
                    }
                    let got = run(&ours.join("prog"));
                    compared += 1;
                    if got.stdout != expected.stdout
                        || got.stderr != expected.stderr
                        || got.code != expected.code
                    {
                        failures.push(format!(
                            "{name} [{backend:?}]: differs from ocamlopt's\n{}{}exit {:?} vs {:?}",
                            common::diff(&expected.stdout, &got.stdout),
                            common::diff(&expected.stderr, &got.stderr),
                            got.code,
                            expected.code
                        ));
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(compared > 0, "no program compared");
}

/// `egret build main.ml` alone: the units main.ml uses are found next to it (`driver::units`),
/// in dependency order, and the program prints what ocamlopt's build of `FILES` prints. Every
/// file of the directory is there (`discover/c.ml` is not part of its program).
#[test]
fn the_main_file_alone_finds_its_units() {
    if !common::have_tool("ocamlopt") {
        common::skip("several_files", "ocamlopt (the oracle) is not installed");
        return;
    }
    let tmp = std::env::temp_dir().join(format!("egret-discover-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut compared = 0;
    for (name, dir, files) in programs() {
        if dir.join("REJECT").exists() {
            continue;
        }
        let scratch = tmp.join(&name);
        copy_program(&dir, &files, &scratch);
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ml" || e == "mli") {
                std::fs::copy(&path, scratch.join(path.file_name().unwrap())).unwrap();
            }
        }
        let built = Command::new("ocamlopt")
            .args(["-w", "-a"])
            .args(&files)
            .args(["-o", "oracle"])
            .current_dir(&scratch)
            .output()
            .unwrap();
        assert!(built.status.success(), "{name}: ocamlopt rejects it");
        let expected = run(&scratch.join("oracle"));
        let main = files.last().unwrap();
        let out = Command::new(common::egret())
            .args(["build", main, "-o", "prog", "--verify"])
            .current_dir(&scratch)
            .output()
            .unwrap();
        if !out.status.success() {
            failures.push(format!(
                "{name}: egret build {main} failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        let got = run(&scratch.join("prog"));
        compared += 1;
        if got.stdout != expected.stdout
            || got.stderr != expected.stderr
            || got.code != expected.code
        {
            failures.push(format!(
                "{name}: egret build {main} differs from ocamlopt's build of {files:?}\n{}{}",
                common::diff(&expected.stdout, &got.stdout),
                common::diff(&expected.stderr, &got.stderr)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(compared > 0, "no program compared");
}

/// `egret build -I lib1 -I lib2 main.ml`: units not next to the main file are found in the
/// `-I` directories, in their order (lib1's `a.ml` hides lib2's), each with its `.mli`; the
/// program prints what ocamlopt's build of the same files prints.
#[test]
fn units_are_found_in_include_directories() {
    if !common::have_tool("ocamlopt") {
        common::skip("several_files", "ocamlopt (the oracle) is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("egret-include-{}", std::process::id()));
    for sub in ["lib1", "lib2"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let files = [
        ("lib1/a.mli", "val greet : string -> string\n"),
        (
            "lib1/a.ml",
            "let greet s = \"hello \" ^ s\nlet hidden = 1\n",
        ),
        ("lib2/a.ml", "let greet s = \"wrong \" ^ s\n"),
        (
            "lib2/b.ml",
            "let twice s = A.greet s ^ \", \" ^ A.greet s\n",
        ),
        ("main.ml", "let () = print_endline (B.twice \"world\")\n"),
    ];
    for (path, text) in files {
        std::fs::write(dir.join(path), text).unwrap();
    }
    let built = Command::new("ocamlopt")
        .args(["-I", "lib1", "-I", "lib2"])
        .args([
            "lib1/a.mli",
            "lib1/a.ml",
            "lib2/b.ml",
            "main.ml",
            "-o",
            "oracle",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(built.status.success(), "ocamlopt: {built:?}");
    let expected = run(&dir.join("oracle"));
    let out = Command::new(common::egret())
        .args(["build", "-I", "lib1", "-I", "lib2", "main.ml", "-o", "prog"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let got = out.status.success().then(|| run(&dir.join("prog")));
    // Without -I, B is not found: OCaml's error.
    let alone = Command::new(common::egret())
        .args(["build", "main.ml", "-o", "prog2"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let got = got.unwrap_or_else(|| panic!("egret build -I lib1 -I lib2 main.ml: {stderr}"));
    assert_eq!(got.stdout, expected.stdout);
    assert_eq!(got.code, expected.code);
    let alone_err = String::from_utf8_lossy(&alone.stderr);
    assert!(
        alone.status.code() == Some(1) && alone_err.contains("Unbound module B"),
        "{alone_err}"
    );
}

/// Units that refer to each other are an error naming the cycle (no build system orders them).
#[test]
fn units_in_a_cycle_are_an_error_naming_it() {
    let dir = std::env::temp_dir().join(format!("egret-cycle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.ml"), "let f () = B.g ()\n").unwrap();
    std::fs::write(dir.join("b.ml"), "let g () = if false then A.f () else 1\n").unwrap();
    std::fs::write(dir.join("main.ml"), "let () = print_int (A.f ())\n").unwrap();
    let out = Command::new(common::egret())
        .args(["build", "main.ml", "-o", "prog"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cycle: A -> B -> A"), "{stderr}");
}

#[test]
fn debug_info_for_several_files_is_refused_not_wrong() {
    let dir = common::root().join("tests/multifile/pqueue");
    let out = Command::new(common::egret())
        .args([
            "build",
            "-g",
            "pqueue.mli",
            "pqueue.ml",
            "util.ml",
            "main.ml",
        ])
        .args(["-o", "/dev/null"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not supported yet"));
}

#[test]
fn an_interface_without_its_implementation_is_an_error() {
    let dir = common::root().join("tests/multifile/pqueue");
    let out = Command::new(common::egret())
        .args(["check", "pqueue.mli", "util.ml"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no implementation"));
}
