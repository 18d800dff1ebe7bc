//! Printf, Format and Scanf are OCaml's own `printf.ml`, `format.ml` and `scanf.ml` (stdlib
//! units of `typing/prelude.rs`): format literals are typed as `CamlinternalFormatBasics`
//! values (`typing/format_gadt/`) and interpreted by the installed `CamlinternalFormat`.
//! Every program in `tests/gadt_printf/` is built, run, and its stdout, stderr and exit code
//! compared with ocamlopt's (`NAME.out`, `NAME.err`, `NAME.code`, from
//! `tests/oracle.sh tests/gadt_printf/NAME.ml`); `installed_formats.ml` matches on a format's
//! constructors and uses what only the installed modules have (tags, `ikbprintf`,
//! `format_from_string`, `sscanf_format`).

mod common;

use std::process::Command;

#[test]
fn gadt_printf_programs_print_as_ocamlopt() {
    let dir = common::root().join("tests/gadt_printf");
    let mut programs: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/gadt_printf/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .collect();
    programs.sort();
    assert!(!programs.is_empty(), "no programs in tests/gadt_printf/");
    let tmp = std::env::temp_dir().join(format!("egret-gadt-printf-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    for ml in &programs {
        let name = ml.file_stem().unwrap().to_string_lossy().to_string();
        let exe = tmp.join(&name);
        let build = Command::new(common::egret())
            .args(["build", "--verify"])
            .arg(ml)
            .arg("-o")
            .arg(&exe)
            .output()
            .expect("egret runs");
        if !build.status.success() {
            failures.push(format!(
                "{name}: build failed:\n{}",
                String::from_utf8_lossy(&build.stderr)
            ));
            continue;
        }
        let run = Command::new(&exe).output().expect("the program runs");
        let read = |ext: &str| std::fs::read_to_string(ml.with_extension(ext)).ok();
        let code = run
            .status
            .code()
            .map_or("signal".to_string(), |c| c.to_string());
        let expected_code = read("code").map_or("0".to_string(), |c| c.trim().to_string());
        if code != expected_code {
            failures.push(format!(
                "{name}: exit code {code}, expected {expected_code}"
            ));
        }
        for (what, ext, actual) in [
            ("stdout", "out", &run.stdout),
            ("stderr", "err", &run.stderr),
        ] {
            let expected = read(ext).unwrap_or_default();
            let actual = String::from_utf8_lossy(actual);
            if actual != expected {
                failures.push(format!(
                    "{name}: {what} differs:\n{}",
                    common::diff(&expected, &actual)
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
