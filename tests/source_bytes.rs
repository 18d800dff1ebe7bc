//! Source files are bytes, as OCaml reads them: Latin-1 (not UTF-8) in string literals, quoted
//! strings, character literals and comments is accepted and the literals keep their bytes
//! (`tests/source/latin1.ml`, expected output from ocamlopt); diagnostics in such a file point
//! at the right line and column (byte offsets), showing each invalid byte as `?`; a Latin-1
//! byte where OCaml allows none is an illegal character shown by its code (`\233`).

mod common;

use common::{egret, root, Backend};
use std::process::Command;

fn scratch() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-source-bytes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn latin1_literals_keep_their_bytes() {
    let ml = root().join("tests/source/latin1.ml");
    assert!(
        std::str::from_utf8(&std::fs::read(&ml).unwrap()).is_err(),
        "the test program must not be UTF-8"
    );
    let want = std::fs::read(ml.with_extension("out")).unwrap();
    let mut compared = 0;
    for backend in [Backend::Native, Backend::Cranelift] {
        if !common::backend_enabled(backend) {
            continue;
        }
        let exe = scratch().join(format!("latin1-{backend:?}"));
        let out = Command::new(egret())
            .arg("build")
            .arg(&ml)
            .arg("-o")
            .arg(&exe)
            .arg(backend.flag())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{backend:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = Command::new(&exe).output().unwrap();
        assert_eq!(
            run.stdout, want,
            "{backend:?}: stdout differs from ocamlopt's"
        );
        compared += 1;
    }
    assert!(compared > 0);
}

fn check(name: &str, source: &[u8]) -> (i32, String) {
    let file = scratch().join(name);
    std::fs::write(&file, source).unwrap();
    let out = Command::new(egret())
        .arg("check")
        .arg(&file)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// ocamlopt: `File "bad.ml", line 2, characters 8-11` (column 9 counted from 1).
#[test]
fn diagnostics_in_a_latin1_file_have_positions() {
    let (code, err) = check("bad.ml", b"let x = \"\xe9t\xe9\"\nlet y = \"\xe9\" + 1\n");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("This expression has type string"), "{err}");
    assert!(err.contains("bad.ml:2:9"), "{err}");
    assert!(err.contains("let y = \"?\" + 1"), "{err}");
    assert!(!err.contains("UTF-8"), "{err}");
}

/// ocamlopt 4.13 takes Latin-1 letters in identifiers (with a deprecation alert); egret does
/// not, and says which byte, where.
#[test]
fn a_latin1_byte_in_code_is_an_illegal_character() {
    let (code, err) = check("ident.ml", b"let x\xe9 = 1\n");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("illegal character `\\233`"), "{err}");
    assert!(err.contains("ident.ml:1:6"), "{err}");
}
