//! The command line's contract (`egret --help`, "Exit status"): compile errors exit 1, usage
//! errors 2 (as clap's own), internal errors 101; `egret build prog` (no `.ml`) refuses, as
//! `ocamlopt prog` does ("don't know what to do with prog", exit 2), and never writes over its
//! input.

mod common;

use common::{egret, root};
use std::process::{Command, Output};

fn scratch() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn egret_with(args: &[&str]) -> Output {
    Command::new(egret()).args(args).output().unwrap()
}

fn expect(out: &Output, code: i32, message: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(err.contains(message), "expected {message:?} in:\n{err}");
}

#[test]
fn a_file_without_ml_is_refused_and_never_overwritten() {
    let dir = scratch();
    let prog = dir.join("prog");
    let text = b"let () = print_endline \"hi\"\n";
    std::fs::write(&prog, text).unwrap();
    for command in ["build", "run", "check"] {
        let out = egret_with(&[command, prog.to_str().unwrap()]);
        expect(&out, 2, "don't know what to do with");
        assert_eq!(
            std::fs::read(&prog).unwrap(),
            text,
            "{command} changed its input"
        );
    }
}

#[test]
fn the_output_cannot_be_the_source() {
    let dir = scratch();
    let ml = dir.join("same.ml");
    let text = b"let () = print_endline \"hi\"\n";
    std::fs::write(&ml, text).unwrap();
    let out = egret_with(&["build", ml.to_str().unwrap(), "-o", ml.to_str().unwrap()]);
    expect(&out, 2, "is the source file");
    assert_eq!(std::fs::read(&ml).unwrap(), text);
}

#[test]
fn invalid_flag_values_are_usage_errors() {
    let hello = root().join("examples/hello.ml");
    let hello = hello.to_str().unwrap();
    let out_path = scratch().join("hello");
    let out_path = out_path.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["-O", "9"], "invalid value '9' for '-O <LEVEL>'"),
        (&["-O", "abc"], "invalid value 'abc' for '-O <LEVEL>'"),
        (&["-C", "bogus=1"], "unknown codegen option `-C bogus`"),
        (
            &["-C", "inline-threshold=x"],
            "invalid value `x` for -C inline-threshold",
        ),
        (
            &["-C", "simplify=maybe"],
            "invalid value `maybe` for -C simplify",
        ),
        (&["--emit=bogus"], "unknown stage `bogus` for --emit"),
        (&["--backend=llvm"], "unknown backend `llvm`"),
        (&["--frobnicate"], "unexpected argument '--frobnicate'"),
    ];
    for (flags, message) in cases {
        let mut args = vec!["build", hello, "-o", out_path];
        args.extend_from_slice(flags);
        let out = egret_with(&args);
        expect(&out, 2, message);
    }
    // Valid levels still build.
    for level in ["0", "1", "2"] {
        let out = egret_with(&["build", hello, "-o", out_path, "-O", level]);
        expect(&out, 0, "");
    }
}

#[test]
fn compile_errors_exit_1() {
    let ml = scratch().join("bad.ml");
    std::fs::write(&ml, "let () = print_int \"x\"\n").unwrap();
    expect(
        &egret_with(&["check", ml.to_str().unwrap()]),
        1,
        "This expression has type",
    );
    expect(
        &egret_with(&["check", "/nonexistent/x.ml"]),
        1,
        "cannot read",
    );
}

#[test]
fn internal_errors_exit_101() {
    let out = Command::new(egret())
        .args(["check", root().join("examples/hello.ml").to_str().unwrap()])
        .env("EGRET_TEST_INTERNAL_ERROR", "1")
        .output()
        .unwrap();
    expect(&out, 101, "internal compiler error");
}

#[test]
fn help_lists_the_exit_statuses() {
    for args in [&["--help"][..], &["build", "--help"][..]] {
        let out = egret_with(args);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success());
        for line in [
            "Exit status:",
            "1    the program has errors",
            "2    usage error",
            "101  internal compiler error",
        ] {
            assert!(
                text.contains(line),
                "{args:?}: {line:?} missing in:\n{text}"
            );
        }
    }
}

/// `egret check --toplevel` types a file as the toplevel types its phrases (OCaml's `expect`
/// tests): a weak type variable left at the end and a name defined again are not errors
/// there, while `egret check` keeps the compilation unit's rules; a type error is one in both.
#[test]
fn check_toplevel_types_phrases_as_the_toplevel() {
    let dir = scratch();
    let weak = dir.join("weak.ml");
    std::fs::write(&weak, "let r = ref []\n").unwrap();
    let w = weak.to_str().unwrap();
    expect(
        &egret_with(&["check", w]),
        1,
        "contains type variables that cannot be generalized",
    );
    expect(&egret_with(&["check", "--toplevel", w]), 0, "");
    let again = dir.join("again.ml");
    std::fs::write(
        &again,
        "type t = A;;\nlet x = A;;\ntype t = B;;\nlet y = B;;\n",
    )
    .unwrap();
    let a = again.to_str().unwrap();
    expect(
        &egret_with(&["check", a]),
        1,
        "Multiple definition of the type name t",
    );
    expect(&egret_with(&["check", "--toplevel", a]), 0, "");
    // The old `t` is another type: OCaml's toplevel rejects this too.
    let mixed = dir.join("mixed.ml");
    std::fs::write(
        &mixed,
        "type t = A;;\nlet x = A;;\ntype t = B;;\nlet y : t = x;;\n",
    )
    .unwrap();
    expect(
        &egret_with(&["check", "--toplevel", mixed.to_str().unwrap()]),
        1,
        "This expression has type",
    );
    expect(
        &egret_with(&["check", "--toplevel", w, a]),
        2,
        "--toplevel types one file",
    );
}

/// `-unsafe` (ocamlopt's spelling, or `--unsafe`): `a.(i)`, `s.[i]` and their `<-` are the
/// unchecked accessors; an explicit `Array.get` stays checked.
#[test]
fn unsafe_indexing_uses_the_unchecked_accessors() {
    let ml = scratch().join("unsafe.ml");
    std::fs::write(
        &ml,
        "let a = [| 1; 2 |]\nlet s = \"xy\"\nlet () = a.(0) <- Array.get a 1 + Char.code s.[1]\n",
    )
    .unwrap();
    let m = ml.to_str().unwrap();
    for flag in ["-unsafe", "--unsafe"] {
        let out = egret_with(&["build", flag, "--emit=ast", m]);
        let ast = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for name in ["Array.unsafe_set", "String.unsafe_get", "Array.get"] {
            assert!(ast.contains(name), "no {name} in:\n{ast}");
        }
        assert!(
            !ast.contains("Array.set") && !ast.contains("String.get"),
            "{ast}"
        );
    }
    let out = egret_with(&["build", "--emit=ast", m]);
    let ast = String::from_utf8_lossy(&out.stdout);
    assert!(
        ast.contains("Array.set") && ast.contains("String.get"),
        "{ast}"
    );
}

/// The name run-time messages give the source is the path as given on the command line, as
/// ocamlopt's (`ocamlopt sub/d.ml`: `"sub/d.ml"` in `__FILE__`, `__LOC__`, `Assert_failure`,
/// `Match_failure` and the backtrace's frames), compared with ocamlopt's build of the same
/// command, from the same directory.
#[test]
fn run_time_messages_name_the_file_as_given() {
    if !common::have_tool("ocamlopt") {
        common::skip("run_time_messages_name_the_file_as_given", "no ocamlopt");
        return;
    }
    let dir = scratch().join("as-given");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(
        dir.join("sub/d.ml"),
        "let f x = if x > 0 then raise Exit else x\n\
         let () = print_endline __FILE__; print_endline __LOC__\n\
         let () = try assert (f 0 = 1) with Assert_failure (s, l, c) -> Printf.printf \"%s %d %d\\n\" s l c\n\
         let () = Printexc.record_backtrace true\n\
         let () = try ignore (f 1) with _ -> Printexc.print_backtrace stdout\n\
         let g = function 1 -> 2 | 2 -> 3\n\
         let () = print_int (g (String.length Sys.argv.(0) * 0))\n",
    )
    .unwrap();
    let run = |exe: &str| {
        let out = Command::new(dir.join(exe)).output().unwrap();
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code(),
        )
    };
    let built = Command::new("ocamlopt")
        .args(["-g", "-w", "-a", "sub/d.ml", "-o", "ocamlopt.exe"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let want = run("ocamlopt.exe");
    assert!(want.0.contains("\"sub/d.ml\""), "{want:?}");
    for backend in ["--backend=native", "--backend=cranelift"] {
        let built = Command::new(egret())
            .args(["build", "-g", backend, "sub/d.ml", "-o", "egret.exe"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(built.status.success(), "{built:?}");
        assert_eq!(run("egret.exe"), want, "{backend}");
    }
}

/// The Unix library is linked as ocamlopt links it, by `unix.cmxa` among the files: without
/// it `Unix` is unbound (with a note naming the argument); a value of `Unix` egret does not
/// provide is a compile-time error naming it; another library is a usage error.
#[test]
fn unix_is_linked_by_unix_cmxa() {
    let dir = scratch().join("unix");
    std::fs::create_dir_all(&dir).unwrap();
    let ml = dir.join("pid.ml");
    std::fs::write(&ml, "let () = print_int (Unix.getpid () * 0)\n").unwrap();
    let ml = ml.to_str().unwrap();
    expect(
        &egret_with(&["check", ml]),
        1,
        "link it by naming `unix.cmxa` among the files",
    );
    let out = egret_with(&["check", "unix.cmxa", ml]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = egret_with(&["run", "unix.cmxa", ml]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0");
    let socket = dir.join("socket.ml");
    std::fs::write(&socket, "let _ = Unix.socket\n").unwrap();
    let out = egret_with(&["check", "unix.cmxa", socket.to_str().unwrap()]);
    expect(&out, 1, "Unbound value Unix.socket");
    expect(
        &out,
        1,
        "this function of the standard-library module Unix is",
    );
    expect(
        &egret_with(&["check", "str.cmxa", ml]),
        2,
        "egret does not provide the library `str.cmxa` (it provides: unix.cmxa)",
    );
}
