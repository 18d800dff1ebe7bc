//! egret never accepts what ocamlopt rejects: every program in `tests/typing/reject/` is
//! rejected by egret (exit code 1, a diagnostic) and by ocamlopt, the oracle, for the same
//! reason (the message's first words agree: "This expression has type", "Two labels are
//! named", ...).
//!
//! ocamlopt is required under `CI=true`; elsewhere, without it, only egret's verdict is checked.
//! Programs that ocamlopt accepts and that exercise the same rules (the relaxed value
//! restriction, type-directed disambiguation) are examples, with ocamlopt's output
//! (`examples/value_restriction.ml`, `examples/disambiguation.ml`).

mod common;

use std::path::Path;
use std::process::Command;

/// The message of the first diagnostic: after `error: ` up to the source snippet.
fn egret_message(stderr: &str) -> Option<String> {
    let start = stderr.find("error: ")? + "error: ".len();
    let rest = &stderr[start..];
    let end = rest
        .find("\n  ┌─")
        .or_else(|| rest.find("\n   ┌─"))
        .unwrap_or(rest.len());
    Some(rest[..end].split_whitespace().collect::<Vec<_>>().join(" "))
}

/// ocamlopt's message: after `Error: `, whitespace collapsed.
fn ocaml_message(stderr: &str) -> Option<String> {
    let start = stderr.find("Error: ")? + "Error: ".len();
    Some(
        stderr[start..]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// The first words of a message: what kind of error it is, before any type or name. A
/// signature mismatch is one kind: ocamlopt goes on with both signatures in full ("Modules do
/// not match: sig .. end is not included in sig .. end"), egret with the item that differs.
/// OCaml's unique stamps (`t/83`, printed when a name is hidden) are not compared.
fn kind(message: &str) -> String {
    if message.starts_with("Signature mismatch:") {
        return "Signature mismatch:".to_string();
    }
    let unstamped = |w: &str| match w.rsplit_once('/') {
        Some((name, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            name.to_string()
        }
        _ => w.to_string(),
    };
    message
        .split(' ')
        .take(3)
        .map(unstamped)
        .collect::<Vec<_>>()
        .join(" ")
}

fn ocamlopt_available() -> bool {
    let found = Command::new("ocamlopt").arg("-version").output().is_ok();
    if !found && std::env::var("CI").as_deref() == Ok("true") {
        panic!("ocamlopt is required under CI=true (apt-get install ocaml-nox)");
    }
    found
}

/// ocamlopt's verdict on `file`, compiled alone in a fresh directory: its error message if it
/// rejects the program.
fn ocamlopt_rejects(file: &Path, scratch: &Path) -> Result<String, String> {
    let dir = scratch.join(file.file_stem().unwrap());
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join(file.file_name().unwrap());
    std::fs::copy(file, &copy).unwrap();
    let out = Command::new("ocamlopt")
        .args(["-w", "-a", "-c"])
        .arg(&copy)
        .current_dir(&dir)
        .output()
        .expect("run ocamlopt");
    let stderr = String::from_utf8_lossy(&out.stderr);
    match (out.status.code(), ocaml_message(&stderr)) {
        (Some(2), Some(m)) => Ok(m),
        _ => Err(format!(
            "ocamlopt accepts it (exit {:?}): {stderr}",
            out.status.code()
        )),
    }
}

#[test]
fn egret_rejects_what_ocamlopt_rejects() {
    let dir = common::root().join("tests/typing/reject");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no programs in {}", dir.display());
    let with_oracle = ocamlopt_available();
    let scratch = std::env::temp_dir().join(format!("egret-typing-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut compared = 0;
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let out = Command::new(common::egret())
            .arg("check")
            .arg(file)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let ours = egret_message(&stderr);
        if out.status.code() != Some(1) || ours.is_none() {
            failures.push(format!(
                "{name}: egret accepts it or fails otherwise (exit {:?}):\n{stderr}",
                out.status.code()
            ));
            continue;
        }
        if !with_oracle {
            continue;
        }
        match ocamlopt_rejects(file, &scratch) {
            Err(e) => failures.push(format!("{name}: not a rejection test: {e}")),
            Ok(theirs) => {
                compared += 1;
                let ours = ours.unwrap();
                if kind(&ours) != kind(&theirs) {
                    failures.push(format!(
                        "{name}: another reason\n  ocamlopt: {theirs}\n  egret:    {ours}"
                    ));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    println!(
        "{} programs: {} rejected by egret, {compared} compared with ocamlopt",
        files.len(),
        files.len() - failures.len()
    );
    if with_oracle {
        assert_eq!(compared + failures.len(), files.len());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
