//! The OCaml installation egret plugs into: where its standard library's sources are, and
//! whether they are OCaml 4.13's.
//!
//! egret compiles the stdlib units named in the prelude (`(*! unit List *)` in
//! `typing/prelude.ml`) from the installation's own `list.ml` and `list.mli`. The directory is
//! found, in order, from: `--stdlib DIR` ([`set_dir`]), the environment variable
//! `EGRET_STDLIB`, then `OCAMLLIB` and `CAMLLIB` (as `ocamlc` reads them), `ocamlfind ocamlc
//! -where`, `ocamlc -where`, and the usual install paths. The first candidate that exists is
//! the installation; its `sys.ml` must state `ocaml_version = "4.13.*"`.
//!
//! Invariant: once located, the installation does not change for the life of the process
//! (every compilation in it reads the same files); [`set_dir`] after the first [`current`]
//! is refused.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A located OCaml installation whose stdlib sources egret compiles.
#[derive(Debug)]
pub struct Installation {
    pub dir: PathBuf,
    /// `ocaml_version` as `sys.ml` states it (`4.13.1`).
    pub version: String,
}

/// The OCaml version whose stdlib egret compiles (its semantics are egret's reference).
pub const SUPPORTED: &str = "4.13";

static EXPLICIT: OnceLock<PathBuf> = OnceLock::new();
static CURRENT: OnceLock<Result<Installation, String>> = OnceLock::new();

/// Uses `dir` as the stdlib directory (`--stdlib DIR`). Must come before [`current`].
pub fn set_dir(dir: PathBuf) -> Result<(), String> {
    if CURRENT.get().is_some() {
        return Err("the standard library was located before --stdlib was read".to_string());
    }
    EXPLICIT
        .set(dir)
        .map_err(|_| "--stdlib given twice".to_string())
}

/// The installation this process compiles against, located on first use.
pub fn current() -> Result<&'static Installation, String> {
    CURRENT
        .get_or_init(|| locate(EXPLICIT.get().map(PathBuf::as_path)))
        .as_ref()
        .map_err(Clone::clone)
}

/// The text of the installation's `file` (`list.ml`).
pub fn read(inst: &Installation, file: &str) -> Result<String, String> {
    let path = inst.dir.join(file);
    let bytes = std::fs::read(&path).map_err(|e| {
        format!(
            "cannot read {} from OCaml's standard library: {e}",
            path.display()
        )
    })?;
    // OCaml source is bytes; the stdlib's is ASCII in practice, Latin-1 read as such.
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().into_iter().map(char::from).collect(),
    })
}

fn command_output(cmd: &str, args: &[&str]) -> Option<PathBuf> {
    let out = std::process::Command::new(cmd).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?;
    let s = s.trim();
    (!s.is_empty()).then(|| PathBuf::from(s))
}

/// The candidates, in order, each with where it came from.
fn candidates(explicit: Option<&Path>) -> Vec<(PathBuf, &'static str)> {
    if let Some(d) = explicit {
        return vec![(d.to_path_buf(), "--stdlib")];
    }
    let mut out = Vec::new();
    for var in ["EGRET_STDLIB", "OCAMLLIB", "CAMLLIB"] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            let origin = match var {
                "EGRET_STDLIB" => "$EGRET_STDLIB",
                "OCAMLLIB" => "$OCAMLLIB",
                _ => "$CAMLLIB",
            };
            // An explicit setting is the answer, right or wrong: it is never skipped.
            return vec![(PathBuf::from(v), origin)];
        }
    }
    if let Some(d) = command_output("ocamlfind", &["ocamlc", "-where"]) {
        out.push((d, "ocamlfind ocamlc -where"));
    }
    if let Some(d) = command_output("ocamlc", &["-where"]) {
        out.push((d, "ocamlc -where"));
    }
    for d in ["/usr/lib/ocaml", "/usr/local/lib/ocaml"] {
        out.push((PathBuf::from(d), "the usual install path"));
    }
    out
}

/// `ocaml_version` as `sys.ml` states it.
fn sys_version(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("sys.ml")).ok()?;
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("let ocaml_version"))?;
    let start = line.find('"')? + 1;
    let end = start + line[start..].find('"')?;
    Some(line[start..end].to_string())
}

const INSTALL_HINT: &str = "install OCaml 4.13 (`apt-get install ocaml` on Debian 12, or an \
                            opam 4.13 switch) or name its stdlib directory with --stdlib DIR";

/// Finds the installation (see the module docs).
pub fn locate(explicit: Option<&Path>) -> Result<Installation, String> {
    let candidates = candidates(explicit);
    let Some((dir, origin)) = candidates.iter().find(|(d, _)| d.join("sys.ml").exists()) else {
        let tried: Vec<String> = candidates
            .iter()
            .map(|(d, o)| format!("{} ({o})", d.display()))
            .collect();
        return Err(format!(
            "cannot find OCaml's standard library sources (sys.ml) in: {}; {INSTALL_HINT}",
            tried.join(", ")
        ));
    };
    let Some(version) = sys_version(dir) else {
        return Err(format!(
            "{}/sys.ml (from {origin}) does not state ocaml_version; {INSTALL_HINT}",
            dir.display()
        ));
    };
    if version != SUPPORTED && !version.starts_with(&format!("{SUPPORTED}.")) {
        return Err(format!(
            "{} (from {origin}) is OCaml {version}'s standard library; egret compiles OCaml \
             {SUPPORTED}'s: {INSTALL_HINT}",
            dir.display()
        ));
    }
    Ok(Installation {
        dir: dir.clone(),
        version,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("egret-stdlib-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn accepts_4_13_and_names_another_version() {
        let d = scratch("v");
        std::fs::write(d.join("sys.ml"), "let ocaml_version = \"4.13.1\"\n").unwrap();
        assert_eq!(locate(Some(&d)).unwrap().version, "4.13.1");
        std::fs::write(d.join("sys.ml"), "let ocaml_version = \"5.1.0\"\n").unwrap();
        let e = locate(Some(&d)).unwrap_err();
        assert!(e.contains("OCaml 5.1.0's standard library"), "{e}");
        assert!(e.contains("apt-get install ocaml"), "{e}");
    }

    #[test]
    fn a_directory_without_sources_is_named() {
        let d = scratch("none");
        let e = locate(Some(&d)).unwrap_err();
        assert!(
            e.contains(&d.display().to_string()) && e.contains("--stdlib"),
            "{e}"
        );
    }
}
