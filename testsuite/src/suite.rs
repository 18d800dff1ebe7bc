//! Where OCaml's testsuite comes from, and which of its tests are selected.
//!
//! The testsuite is OCaml 4.13.1's `testsuite/` from Debian's `ocaml-source` package
//! (`/usr/src/ocaml-source-4.13.1.tar`, inside it `ocaml-4.13.1/ocaml_4.13.1.orig.tar.gz`),
//! extracted with `tar` on first use into a cache directory ([`cache_dir`]). Selection walks
//! the chosen directories of `testsuite/tests` as the reference runner does (files sorted,
//! then subdirectories sorted) and keeps the files [`classify`] calls eligible.

use crate::header::{classify, Eligibility, TestSpec};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Debian's `ocaml-source` package (`$OCAML_SOURCE_TAR` overrides it).
pub const TARBALL: &str = "/usr/src/ocaml-source-4.13.1.tar";

/// The tarball to extract from: `$OCAML_SOURCE_TAR`, else [`TARBALL`].
pub fn tarball() -> PathBuf {
    std::env::var_os("OCAML_SOURCE_TAR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(TARBALL))
}
const INNER: &str = "ocaml-4.13.1/ocaml_4.13.1.orig.tar.gz";

/// The directories run by default: every directory holding eligible tests, except
/// tool-ocamltest (tests of ocamltest's own output normalisation) and statmemprof
/// (Gc.Memprof runtime internals). The reference runner's `DEFAULT_DIRS`, in its order.
pub const DEFAULT_DIRS: &[&str] = &[
    "basic",
    "basic-float",
    "basic-io",
    "basic-modules",
    "basic-more",
    "exotic-syntax",
    "extension-constructor",
    "generalized-open",
    "letrec-compilation",
    "match-exception",
    "misc",
    "regression",
    "translprim",
    "typing-fstclassmod",
    "typing-labels",
    "typing-recmod",
    "prim-revapply",
    "array-functions",
    "asmcomp",
    "flambda",
    "fma",
    "ppx-attributes",
    "lib-arg",
    "lib-bigarray",
    "lib-bool",
    "lib-buffer",
    "lib-digest",
    "lib-filename",
    "lib-float",
    "lib-format",
    "lib-fun",
    "lib-hashtbl",
    "lib-int",
    "lib-int64",
    "lib-list",
    "lib-marshal",
    "lib-obj",
    "lib-option",
    "lib-queue",
    "lib-random",
    "lib-result",
    "lib-seq",
    "lib-set",
    "lib-stack",
    "lib-string",
    "lib-sys",
    "lib-uchar",
    "prim-bigstring",
    "prim-bswap",
];

/// `$OCAML_TS`, else `${XDG_CACHE_HOME:-~/.cache}/egret/ocaml-testsuite-4.13.1`.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("OCAML_TS") {
        return PathBuf::from(d);
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache.join("egret").join("ocaml-testsuite-4.13.1")
}

/// Why the testsuite is not there.
#[derive(Debug)]
pub enum Unavailable {
    /// The `ocaml-source` tarball is not installed (its path).
    NoTarball(PathBuf),
    /// Extraction failed (the message says how).
    Extraction(String),
}

impl std::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unavailable::NoTarball(p) => write!(
                f,
                "{} is missing: install Debian's ocaml-source (apt-get install -y ocaml-source)",
                p.display()
            ),
            Unavailable::Extraction(m) => write!(f, "extracting OCaml's testsuite failed: {m}"),
        }
    }
}

/// `testsuite/tests` in the cache, extracted from [`tarball`] on first use. Extraction goes
/// to a scratch directory renamed into place, so a half-done one is never used.
pub fn ensure_extracted() -> Result<PathBuf, Unavailable> {
    let dir = cache_dir();
    let tests = dir.join("testsuite").join("tests");
    if tests.is_dir() {
        return Ok(tests);
    }
    let tar = tarball();
    if !tar.is_file() {
        return Err(Unavailable::NoTarball(tar));
    }
    let parent = dir.parent().unwrap_or(Path::new("."));
    let err = |e: String| Unavailable::Extraction(e);
    std::fs::create_dir_all(parent).map_err(|e| err(format!("{}: {e}", parent.display())))?;
    let scratch = parent.join(format!(".ocaml-testsuite.{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).map_err(|e| err(format!("{}: {e}", scratch.display())))?;
    // tar xOf TARBALL INNER | tar xz -C scratch --strip-components=1 ocaml-4.13.1/testsuite
    let script = format!(
        "set -o pipefail; tar xOf '{}' '{INNER}' | tar xz -C '{}' --strip-components=1 ocaml-4.13.1/testsuite",
        tar.display(),
        scratch.display()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .output()
        .map_err(|e| err(format!("bash: {e}")))?;
    if !out.status.success() {
        let _ = std::fs::remove_dir_all(&scratch);
        return Err(err(format!(
            "{script}: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    if let Err(e) = std::fs::rename(&scratch, &dir) {
        let _ = std::fs::remove_dir_all(&scratch);
        if !tests.is_dir() {
            return Err(err(format!("rename to {}: {e}", dir.display())));
        }
    }
    Ok(tests)
}

/// One selected test.
#[derive(Clone, Debug)]
pub struct Test {
    /// The directory (as selected) it is reported under: `regression`.
    pub dir: String,
    /// Its id: the path under `testsuite/tests`, `regression/gpr1623/gpr1623.ml`.
    pub id: String,
    pub path: PathBuf,
    pub spec: TestSpec,
}

/// The selected tests, and per directory how many files were not eligible, by reason.
#[derive(Debug, Default)]
pub struct Selection {
    pub tests: Vec<Test>,
    /// Per selected directory (in selection order): (reason, count), most common first.
    pub excluded: Vec<(String, Vec<(String, usize)>)>,
    /// Single files given by id that are not eligible: (id, reason).
    pub rejected: Vec<(String, String)>,
}

/// Selects the eligible tests of `dirs` (directories under `tests`, or single test ids
/// `DIR/NAME.ml`; `all` = every directory).
pub fn select(tests: &Path, dirs: &[String], noref_empty: bool) -> Result<Selection, String> {
    select_with(tests, dirs, &|p| classify(p, noref_empty))
}

/// Widening step 3: the multi-module tests of `dirs` (default: every directory).
pub fn select_modules(tests: &Path, dirs: &[String]) -> Result<Selection, String> {
    let all = ["all".to_string()];
    let dirs = if dirs.is_empty() { &all[..] } else { dirs };
    select_with(tests, dirs, &crate::header::classify_modules)
}

/// Directories the flags tests are not taken from (as [`DEFAULT_DIRS`] leaves them out):
/// tool-ocamltest (ocamltest's own output) and statmemprof (Gc.Memprof internals).
pub const FLAGS_EXCLUDED_DIRS: &[&str] = &["tool-ocamltest", "statmemprof"];

/// Widening step 2: the tests whose flags egret takes, of `dirs` (default: every directory
/// but [`FLAGS_EXCLUDED_DIRS`]).
pub fn select_flags(tests: &Path, dirs: &[String]) -> Result<Selection, String> {
    let mut chosen = dirs.to_vec();
    if chosen.is_empty() {
        chosen = std::fs::read_dir(tests)
            .map_err(|e| format!("{}: {e}", tests.display()))?
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|d| !FLAGS_EXCLUDED_DIRS.contains(&d.as_str()))
            .collect();
        chosen.sort();
    }
    let mut sel = select_with(tests, &chosen, &crate::header::classify_flags)?;
    sel.excluded
        .retain(|(d, _)| sel.tests.iter().any(|t| &t.dir == d));
    Ok(sel)
}

/// [`select`] with another eligibility rule.
pub fn select_with(
    tests: &Path,
    dirs: &[String],
    classify: &dyn Fn(&Path) -> Eligibility,
) -> Result<Selection, String> {
    let mut sel = Selection::default();
    let mut dirs: Vec<String> = dirs.to_vec();
    if dirs.is_empty() {
        dirs = DEFAULT_DIRS.iter().map(|s| s.to_string()).collect();
    }
    if dirs == ["all"] {
        dirs = std::fs::read_dir(tests)
            .map_err(|e| format!("{}: {e}", tests.display()))?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        dirs.sort();
    }
    for d in dirs {
        let d = d.trim_end_matches('/').to_string();
        let p0 = tests.join(&d);
        if d.ends_with(".ml") && p0.is_file() {
            match classify(&p0) {
                Eligibility::Eligible(spec) => sel.tests.push(Test {
                    dir: d.split('/').next().unwrap_or(&d).to_string(),
                    id: d.clone(),
                    path: p0,
                    spec,
                }),
                Eligibility::NotEligible(why) => sel.rejected.push((d, why)),
            }
            continue;
        }
        if !p0.is_dir() {
            return Err(format!("no such test directory: {}", p0.display()));
        }
        let mut why: Vec<String> = Vec::new();
        let mut files = Vec::new();
        walk(&p0, &mut files);
        for p in files {
            match classify(&p) {
                Eligibility::Eligible(spec) => {
                    let id = p
                        .strip_prefix(tests)
                        .unwrap_or(&p)
                        .to_string_lossy()
                        .into_owned();
                    sel.tests.push(Test {
                        dir: d.clone(),
                        id,
                        path: p,
                        spec,
                    })
                }
                Eligibility::NotEligible(r) => why.push(r),
            }
        }
        sel.excluded.push((d, most_common_in_order(why)));
    }
    Ok(sel)
}

/// The `.ml` files under `dir` in `os.walk` order: this directory's files sorted, then each
/// subdirectory (sorted) the same way.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let (mut files, mut dirs) = (Vec::new(), Vec::new());
    for e in rd.filter_map(|e| e.ok()) {
        let p = e.path();
        // os.walk lists symlinks to directories as directories but does not descend them.
        let is_dir = e.file_type().map(|t| t.is_dir()).unwrap_or(false);
        let name = e.file_name().to_string_lossy().into_owned();
        if is_dir {
            dirs.push((name, p));
        } else if p.is_dir() {
            // a symlink to a directory: not descended
        } else {
            files.push((name, p));
        }
    }
    files.sort();
    dirs.sort();
    out.extend(
        files
            .into_iter()
            .filter(|(n, _)| n.ends_with(".ml"))
            .map(|(_, p)| p),
    );
    for (_, d) in dirs {
        walk(&d, out);
    }
}

/// The text the reference runner's `--list` prints: the eligible ids, `---`, per directory
/// `D: N eligible; not: REASON COUNT, ...` (reasons by count, most common first), the total.
pub fn list_text(sel: &Selection) -> String {
    let mut s = String::new();
    for (id, why) in &sel.rejected {
        s += &format!("{id}: not eligible ({why})\n");
    }
    for t in &sel.tests {
        s += &t.id;
        s.push('\n');
    }
    s += "---\n";
    for (d, why) in &sel.excluded {
        let n = sel.tests.iter().filter(|t| &t.dir == d).count();
        s += &format!("{d}: {n} eligible");
        if !why.is_empty() {
            s += "; not: ";
            s += &why
                .iter()
                .map(|(r, n)| format!("{r} {n}"))
                .collect::<Vec<_>>()
                .join(", ");
        }
        s.push('\n');
    }
    s += &format!("TOTAL: {} eligible\n", sel.tests.len());
    s
}

/// Counts `items` by key, most common first, ties in order of first appearance (as Python's
/// `Counter.most_common`).
pub fn most_common_in_order<K: PartialEq + Clone>(
    items: impl IntoIterator<Item = K>,
) -> Vec<(K, usize)> {
    let mut v: Vec<(K, usize)> = Vec::new();
    for k in items {
        match v.iter_mut().find(|(x, _)| *x == k) {
            Some(slot) => slot.1 += 1,
            None => v.push((k, 1)),
        }
    }
    v.sort_by_key(|x| std::cmp::Reverse(x.1));
    v
}
