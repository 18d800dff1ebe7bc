//! The compilation units of a program given by its main file, as `ocamldep` and a build
//! system find them: `egret build main.ml` builds `main.ml` with the units it uses that are
//! next to it.
//!
//! A module `A` the main file refers to (`syntax::deps`) that is not the standard library's
//! (whose names come first, as `Stdlib` is opened before the load path is searched) and has a
//! file `a.ml` (or `A.ml`) in the main file's directory, or else in one of the `-I`
//! directories (in their order), is a unit of the program, with its `a.mli` when there is one; its own references are followed the same way. The units come
//! in dependency order (each after the units it refers to, otherwise in the order their
//! names sort), the main file last, as `ocamlopt a.mli a.ml main.ml` takes them. A cycle is
//! an error that names it.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// A unit found: its implementation, its interface if any, and the units it refers to.
struct Unit {
    ml: PathBuf,
    mli: Option<PathBuf>,
    deps: Vec<String>,
}

/// The files of the program whose main unit is `main` (a `.ml` file): `[main]` when it uses
/// no unit beside it, else every unit's `.mli` (if any) and `.ml` in dependency order, `main`
/// last. `include` are the `-I` directories, searched after the main file's.
pub fn program_files(main: &Path, include: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let dirs: Vec<PathBuf> = std::iter::once(main.parent().unwrap_or(Path::new("")).to_path_buf())
        .chain(include.iter().cloned())
        .collect();
    let stdlib: BTreeSet<String> = crate::typing::prelude_modules()
        .into_iter()
        .map(|(m, _)| m)
        .chain(["Stdlib".to_string()])
        .collect();
    let main_name = super::unit_name(&main.to_string_lossy());
    let mut units: HashMap<String, Unit> = HashMap::new();
    let mut pending = vec![(main_name.clone(), main.to_path_buf())];
    while let Some((name, ml)) = pending.pop() {
        if units.contains_key(&name) {
            continue;
        }
        let mli = Some(ml.with_extension("mli")).filter(|p| p.is_file());
        let mut deps = references(&ml, mli.as_deref())?;
        deps.retain(|d| *d != name && !stdlib.contains(d));
        let found: Vec<(String, PathBuf)> = deps
            .iter()
            .filter(|d| **d != main_name)
            .filter_map(|d| {
                dirs.iter()
                    .find_map(|dir| unit_file(dir, d))
                    .map(|f| (d.clone(), f))
            })
            .collect();
        // The main unit is a dependency too when another refers to it: a cycle, named below.
        deps.retain(|d| *d == main_name || found.iter().any(|(f, _)| f == d));
        pending.extend(found);
        units.insert(name, Unit { ml, mli, deps });
    }
    if units.len() == 1 {
        return Ok(vec![main.to_path_buf()]);
    }
    let mut order = Vec::new();
    let mut state = HashMap::new();
    visit(&main_name, &units, &mut state, &mut Vec::new(), &mut order)?;
    let mut files = Vec::new();
    for name in order {
        let u = &units[&name];
        files.extend(u.mli.clone());
        files.push(u.ml.clone());
    }
    Ok(files)
}

/// The modules `ml` and its interface `mli` refer to, sorted.
fn references(ml: &Path, mli: Option<&Path>) -> Result<Vec<String>, String> {
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()));
    // A file that does not parse has no references here: its own build reports the error.
    let mut deps: BTreeSet<String> = crate::syntax::parse_bytes(&read(ml)?)
        .map(|p| crate::syntax::deps::implementation_deps(&p))
        .unwrap_or_default();
    if let Some(mli) = mli {
        if let Ok(items) = crate::syntax::parse_interface_bytes(&read(mli)?) {
            deps.extend(crate::syntax::deps::interface_deps(&items));
        }
    }
    Ok(deps.into_iter().collect())
}

/// The implementation of unit `name` in `dir`: `name.ml` with its first letter lowercase, or
/// as written.
fn unit_file(dir: &Path, name: &str) -> Option<PathBuf> {
    let mut lower = name.to_string();
    lower[..1].make_ascii_lowercase();
    [lower, name.to_string()]
        .into_iter()
        .map(|stem| dir.join(format!("{stem}.ml")))
        .find(|p| p.is_file())
}

#[derive(Clone, Copy, PartialEq)]
enum Mark {
    Visiting,
    Done,
}

/// Depth-first: `name`'s dependencies, then `name`, into `order`; `path` is the chain being
/// visited, for naming a cycle.
fn visit(
    name: &str,
    units: &HashMap<String, Unit>,
    state: &mut HashMap<String, Mark>,
    path: &mut Vec<String>,
    order: &mut Vec<String>,
) -> Result<(), String> {
    match state.get(name) {
        Some(Mark::Done) => return Ok(()),
        Some(Mark::Visiting) => {
            let start = path.iter().position(|p| p == name).unwrap_or(0);
            let mut cycle = path[start..].to_vec();
            cycle.push(name.to_string());
            return Err(format!(
                "the program's units depend on each other in a cycle: {}",
                cycle.join(" -> ")
            ));
        }
        None => {}
    }
    state.insert(name.to_string(), Mark::Visiting);
    path.push(name.to_string());
    for d in &units[name].deps {
        visit(d, units, state, path, order)?;
    }
    path.pop();
    state.insert(name.to_string(), Mark::Done);
    order.push(name.to_string());
    Ok(())
}
