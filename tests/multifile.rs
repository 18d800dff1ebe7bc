//! Programs of several files (`egret build a.mli a.ml b.ml main.ml`), as ocamlopt builds them:
//! each directory of `tests/multifile/` is a program whose `FILES` lists its files in
//! ocamlopt's order. The oracle is ocamlopt, run here on the same files: egret's executable
//! must print the same (stdout and stderr) and exit with the same status, on both backends;
//! a directory with a `REJECT` file is a program both compilers must reject. Lexers and
//! parsers are kept as their `.mll`/`.mly` sources and generated as a build would.

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

#[test]
fn several_files_build_as_ocamlopt_builds_them() {
    if !common::have_tool("ocamlopt") {
        common::skip("several_files", "ocamlopt (the oracle) is not installed");
        return;
    }
    let root = common::root().join("tests/multifile");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let tmp = std::env::temp_dir().join(format!("egret-multifile-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut compared = 0;
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let files: Vec<String> = std::fs::read_to_string(dir.join("FILES"))
            .unwrap()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let reject = dir.join("REJECT").exists();
        // The oracle.
        let oracle_dir = tmp.join(format!("{name}-ocamlopt"));
        copy_program(dir, &files, &oracle_dir);
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
            copy_program(dir, &files, &ours);
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
