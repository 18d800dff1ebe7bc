//! Saved regression cases: `tests/regressions/NAME.ml` with ocamlopt's outputs in the
//! conventions of `tests/oracle.sh` (`NAME.out` = stdout; `NAME.err` = stderr, only when not
//! empty; `NAME.code` = the exit code, only when not 0). `KNOWN_FAILURES` lists the cases that
//! show a reported bug not fixed yet: one line per case, `NAME STAGE,STAGE.. reason`.

use std::path::{Path, PathBuf};

use crate::run::Outcome;

/// The repository's `tests/regressions`.
pub fn default_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/regressions")
}

pub struct Case {
    pub name: String,
    pub source: String,
    pub want: Outcome,
}

/// The expected outcome of `dir/NAME.ml`.
pub fn expected(dir: &Path, name: &str) -> Outcome {
    let read = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}"))).ok();
    Outcome {
        stdout: read("out").unwrap_or_default(),
        stderr: read("err").unwrap_or_default(),
        code: read("code")
            .and_then(|c| String::from_utf8_lossy(&c).trim().parse().ok())
            .unwrap_or(0),
    }
}

pub fn load(dir: &Path) -> Vec<Case> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter_map(|e| {
                    let p = e.path();
                    if p.extension()? != "ml" {
                        return None;
                    }
                    Some(p.file_stem()?.to_string_lossy().into_owned())
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
        .into_iter()
        .map(|name| Case {
            source: std::fs::read_to_string(dir.join(format!("{name}.ml"))).unwrap_or_default(),
            want: expected(dir, &name),
            name,
        })
        .collect()
}

/// A known failure: the case, the stages that fail, why.
pub struct KnownFailure {
    pub name: String,
    pub stages: Vec<String>,
    pub reason: String,
}

pub fn known_failures(dir: &Path) -> Vec<KnownFailure> {
    let text = std::fs::read_to_string(dir.join("KNOWN_FAILURES")).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.splitn(3, ' ');
            let name = parts.next()?.to_string();
            let stages = parts.next()?.split(',').map(String::from).collect();
            let reason = parts.next().unwrap_or("").trim().to_string();
            Some(KnownFailure {
                name,
                stages,
                reason,
            })
        })
        .collect()
}

/// Writes `dir/NAME.ml` and its expected outputs.
pub fn save(dir: &Path, name: &str, source: &str, want: &Outcome) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join(format!("{name}.ml")), source)?;
    std::fs::write(dir.join(format!("{name}.out")), &want.stdout)?;
    let err = dir.join(format!("{name}.err"));
    if want.stderr.is_empty() {
        let _ = std::fs::remove_file(err);
    } else {
        std::fs::write(err, &want.stderr)?;
    }
    let code = dir.join(format!("{name}.code"));
    if want.code == 0 {
        let _ = std::fs::remove_file(code);
    } else {
        std::fs::write(code, format!("{}\n", want.code))?;
    }
    Ok(())
}
