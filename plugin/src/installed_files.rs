//! Where the code of the installed stdlib units is in the space of spans: each unit's `.ml`
//! (`hashtbl.ml`, compiled by egret from the OCaml installation, [`crate::stdlib`]) has its own
//! range of offsets, above every program's text, so that its code carries real source
//! locations (backtraces name `Stdlib__Hashtbl.find in file "hashtbl.ml", line 539`) without
//! being confused with the program's.
//!
//! Invariants: the ranges start at [`BASE`] and follow one another in the prelude's order of the
//! units, one unused offset between two files; a program's text is shorter than [`BASE`]
//! (1 GiB), so an offset is the program's exactly when it is below [`BASE`]. The table is made
//! once per process (the installation does not change, [`crate::stdlib`]), from every unit the
//! prelude names whether or not a program uses it, so a unit's range is the same in every
//! compilation. A unit's interface (`.mli`) has no range: its spans are not code. The
//! libraries egret provides (`unix.ml`, [`crate::libraries`]) have ranges after the units'.

use std::sync::OnceLock;

/// The first offset of the installed files' ranges.
pub const BASE: u32 = 1 << 30;

/// One installed unit's implementation.
#[derive(Debug)]
pub struct InstalledFile {
    /// OCaml's module name of the unit (`Hashtbl`).
    pub module: String,
    /// The file's name as OCaml's backtraces give it: the name the unit was compiled from
    /// (`hashtbl.ml`, relative).
    pub name: String,
    /// The offset of the file's first byte.
    pub base: u32,
    /// The file's text (as [`crate::stdlib::read`] gives it).
    pub text: String,
    /// The offsets in `text` where each line starts, found on first use (only `-g` builds
    /// ask).
    line_starts: OnceLock<Vec<u32>>,
}

impl InstalledFile {
    /// Line (1-based) of offset `offset` of the spans' space, which is in this file, and the
    /// offset in the file where that line starts.
    pub fn line_of(&self, offset: u32) -> (u32, u32) {
        let local = offset.saturating_sub(self.base).min(self.text.len() as u32);
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(
                    self.text
                        .bytes()
                        .enumerate()
                        .filter(|&(_, b)| b == b'\n')
                        .map(|(i, _)| i as u32 + 1),
                )
                .collect()
        });
        let line = starts.partition_point(|&s| s <= local);
        (line as u32, starts[line - 1])
    }

    /// The end of this file's range (its last offset + 1).
    pub fn end(&self) -> u32 {
        self.base + self.text.len() as u32
    }
}

static FILES: OnceLock<Result<Vec<InstalledFile>, String>> = OnceLock::new();

/// OCaml's file of a unit: its name uncapitalised (`camlinternalAtomic.ml`).
pub fn file_stem(module: &str) -> String {
    let mut stem = module.to_string();
    stem[..1].make_ascii_lowercase();
    stem
}

/// The installed units' files, read on first use.
pub fn files() -> Result<&'static [InstalledFile], String> {
    FILES
        .get_or_init(read_all)
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

fn read_all() -> Result<Vec<InstalledFile>, String> {
    let inst = crate::stdlib::current()?;
    let mut out = Vec::new();
    let mut base = BASE;
    for (module, installed) in crate::typing::prelude::modules() {
        if !installed || out.iter().any(|f: &InstalledFile| f.module == module) {
            continue;
        }
        let name = format!("{}.ml", file_stem(&module));
        let text = crate::stdlib::read(inst, &name)?;
        let file = InstalledFile {
            module,
            name,
            base,
            text,
            line_starts: OnceLock::new(),
        };
        base = file.end() + 1;
        out.push(file);
    }
    // The libraries' implementations, egret's own ([`crate::libraries`]), after the stdlib's.
    for lib in crate::libraries::LIBRARIES {
        let file = InstalledFile {
            module: lib.module.to_string(),
            name: lib.file.to_string(),
            base,
            text: lib.ml.to_string(),
            line_starts: OnceLock::new(),
        };
        base = file.end() + 1;
        out.push(file);
    }
    Ok(out)
}

/// The installed file of the unit `module`, if the table is read and has it.
pub fn of_module(module: &str) -> Option<&'static InstalledFile> {
    files().ok()?.iter().find(|f| f.module == module)
}

/// The installed file holding offset `offset` of the spans' space: `None` for the program's
/// offsets (below [`BASE`]), and before the table is read (no installed code exists then).
pub fn file_at(offset: u32) -> Option<&'static InstalledFile> {
    if offset < BASE {
        return None;
    }
    let files = FILES.get()?.as_ref().ok()?;
    let i = files.partition_point(|f| f.base <= offset).checked_sub(1)?;
    let f = &files[i];
    (offset <= f.end()).then_some(f)
}

/// Whether `offset` is in an installed file's range rather than the program's text.
pub fn is_installed(offset: u32) -> bool {
    offset >= BASE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_have_disjoint_ranges_above_the_program() {
        let Ok(files) = files() else {
            panic!("the installation's stdlib sources are needed (see crate::stdlib)");
        };
        let hashtbl = of_module("Hashtbl").expect("Hashtbl is an installed unit");
        assert_eq!(hashtbl.name, "hashtbl.ml");
        for w in files.windows(2) {
            assert!(w[0].end() < w[1].base, "{} and {}", w[0].name, w[1].name);
        }
        assert!(files[0].base >= BASE);
        // The first byte of a file's second line is on line 2 of that file.
        let nl = hashtbl.text.find('\n').unwrap() as u32;
        let at = hashtbl.base + nl + 1;
        assert_eq!(file_at(at).map(|f| f.name.as_str()), Some("hashtbl.ml"));
        assert_eq!(hashtbl.line_of(at), (2, nl + 1));
        assert!(file_at(BASE - 1).is_none());
    }
}
