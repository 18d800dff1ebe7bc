//! OCaml's libraries beyond the standard library that egret provides: `unix`.
//!
//! ocamlopt links such a library only when its command line names it (`unix.cmxa`; `ocamlfind
//! ocamlopt -package unix -linkpkg` adds that name): without it, a program using `Unix` is
//! rejected ("No implementations provided for the following modules: Unix"). egret takes the
//! same argument (`egret build unix.cmxa prog.ml`), and without it `Unix` is unbound.
//!
//! A library's interface is the installation's own (`unix.mli`, next to the stdlib's sources,
//! [`crate::stdlib`]); the installation ships no implementation (`unix.ml`), so the
//! implementation is egret's ([`Library::ml`], `libraries/unix.ml`), typed against that
//! interface as the stdlib units are against theirs, and its C primitives are egret's runtime's
//! (`runtime/egret_unix.c`). Like a stdlib unit, the library's module is compiled only into
//! a program that names it.
//!
//! Invariant: a library's implementation has a range of offsets of its own in the spans' space
//! ([`crate::installed_files`]), after the stdlib units', whether or not a program uses it.

/// One library egret provides.
#[derive(Debug)]
pub struct Library {
    /// The module the library defines (`Unix`).
    pub module: &'static str,
    /// The argument that links it, as ocamlopt takes it (`unix.cmxa`).
    pub archive: &'static str,
    /// The implementation's file name, as backtraces name it (`unix.ml`).
    pub file: &'static str,
    /// egret's implementation.
    pub ml: &'static str,
}

/// The libraries egret provides.
pub const LIBRARIES: &[Library] = &[Library {
    module: "Unix",
    archive: "unix.cmxa",
    file: "unix.ml",
    ml: include_str!("libraries/unix.ml"),
}];

/// The library that the command-line argument `arg` (`unix.cmxa`, or a path ending in it)
/// links, if it is one egret provides.
pub fn by_archive(arg: &std::path::Path) -> Option<&'static Library> {
    let name = arg.file_name()?.to_str()?;
    LIBRARIES.iter().find(|l| l.archive == name)
}

/// The library defining module `module`, if egret provides one.
pub fn by_module(module: &str) -> Option<&'static Library> {
    LIBRARIES.iter().find(|l| l.module == module)
}

#[cfg(test)]
mod tests {
    #[test]
    fn unix_is_linked_by_ocamlopts_argument() {
        let lib = super::by_archive(std::path::Path::new("unix.cmxa")).expect("unix.cmxa");
        assert_eq!(lib.module, "Unix");
        assert!(super::by_archive(std::path::Path::new("/usr/lib/ocaml/unix.cmxa")).is_some());
        assert!(super::by_archive(std::path::Path::new("str.cmxa")).is_none());
    }
}
