//! Printf from OCaml's own `printf.ml` (`EGRET_GADT_PRINTF=1`, see `typing/prelude.rs`):
//! format literals typed as `CamlinternalFormatBasics` values (`typing/format_gadt/`) and
//! interpreted by the installed `CamlinternalFormat`. Every program in `tests/gadt_printf/`
//! is built in that mode, run, and its stdout compared with ocamlopt's (`NAME.out`, from
//! `tests/oracle.sh tests/gadt_printf/NAME.ml`).

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
            .env("EGRET_GADT_PRINTF", "1")
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
        let expected = std::fs::read_to_string(ml.with_extension("out")).unwrap_or_default();
        let actual = String::from_utf8_lossy(&run.stdout);
        if actual != expected {
            failures.push(format!(
                "{name}: stdout differs:\n{}",
                common::diff(&expected, &actual)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
