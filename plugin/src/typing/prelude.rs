//! The standard-library prelude: OCaml source compiled in front of every program.
//!
//! `prelude.ml` is split into sections by lines `(*! module Name *)`; the first section is the
//! unqualified standard library (`fst`, `@`, `failwith`, ...). Names defined in a module
//! section are visible unqualified inside that section and as `Name.x` afterwards. Names
//! starting with `__` are private to the prelude.

use crate::diagnostics::{Diagnostic, Span};
use crate::installed_files;
use crate::syntax::{self, ast};

const PRELUDE: &str = include_str!("prelude.ml");

/// The sections every program elaborates, whatever it names: the unqualified library, and
/// what the parser's and typer's elaborations call (`Array` for `[| .. |]` and `a.(i)`,
/// `String` for `s.[i]`, `String` and `Char` for Printf's `%S` and `%C`, `Bytes`).
/// `CamlinternalLazy` (for `lazy` patterns and forcing) is [`LAZY_UNIT`], wanted by the
/// programs whose code has the keyword `lazy` (a use of `Lazy` names it through its unit).
const ALWAYS: [&str; 4] = ["Array", "String", "Char", "Bytes"];

/// The unit whose `force` the elaboration of `lazy` patterns calls; it names `Obj` (and so
/// `Marshal`, `Int32`, `Nativeint`), a fifth of a small program's typing.
const LAZY_UNIT: &str = "CamlinternalLazy";

/// Whether `code` (without comments and strings, [`code_only`]) has the keyword `lazy`.
fn has_lazy_keyword(code: &str) -> bool {
    code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '\''))
        .any(|w| w == "lazy")
}

/// The capitalised identifiers of `text` (comments and strings included: a superset of the
/// module names it uses).
fn capitalised_names(text: &str) -> std::collections::HashSet<&str> {
    let bytes = text.as_bytes();
    let mut out = std::collections::HashSet::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_alphanumeric() || c == b'_' || c == b'\'' {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'\'')
            {
                i += 1;
            }
            if bytes[start].is_ascii_uppercase() {
                out.insert(&text[start..i]);
            }
        } else {
            i += 1;
        }
    }
    out
}

/// One section of the prelude, as the typer elaborates it.
pub struct Section {
    /// The module whose names the section defines: `List.x` afterwards.
    pub module: Option<String>,
    /// The section is a module item of its own (an installed stdlib unit, `module List :
    /// sig .. end = struct .. end`), not a section whose names are qualified on closing.
    pub is_unit: bool,
    pub program: ast::Program,
    /// For an installed unit: its implementation's path and text (for diagnostics).
    pub origin: Option<(std::path::PathBuf, &'static str)>,
}

/// A section's text before parsing: a module of the prelude's own text, or a unit of the
/// installation's stdlib (its `.ml`, `.mli` and file stem).
enum RawSection {
    Text(Option<String>, String),
    Unit {
        module: String,
        /// The implementation's text, whose first byte is at offset `base` of the spans
        /// ([`installed_files`]).
        ml: &'static str,
        base: u32,
        /// The interface's text; `None` for a unit installed without one (`pervasives.ml`),
        /// compiled as ocamlopt compiles it: its signature is its implementation's.
        mli: Option<String>,
        path: std::path::PathBuf,
    },
}

impl RawSection {
    fn module(&self) -> Option<&str> {
        match self {
            RawSection::Text(m, _) => m.as_deref(),
            RawSection::Unit { module, .. } => Some(module),
        }
    }
}

/// `text` (well-formed OCaml) without its comments, string literals and character literals:
/// what is left names only the modules the code uses (an installed `.mli`'s documentation
/// names many more).
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let mut depth = 0usize;
    // Skips the string literal starting at `i` (at its `"`): the index after it.
    let skip_string = |mut i: usize| {
        i += 1;
        while i < b.len() && b[i] != b'"' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        i + 1
    };
    while i < b.len() {
        // A run of bytes none of which starts a comment, a literal or a comment's end is
        // kept (outside comments) or skipped (inside) whole.
        let run = b[i..]
            .iter()
            .position(|c| matches!(c, b'(' | b'"' | b'\'' | b'*'))
            .unwrap_or(b.len() - i);
        if run > 0 {
            if depth == 0 {
                out.extend_from_slice(&b[i..i + run]);
            }
            i += run;
            continue;
        }
        // What is skipped separates the words around it.
        if depth == 0 && matches!(b[i], b'(' | b'"' | b'\'') {
            out.push(b' ');
        }
        if b[i..].starts_with(b"(*") {
            depth += 1;
            i += 2;
        } else if depth > 0 && b[i..].starts_with(b"*)") {
            depth -= 1;
            i += 2;
        } else if b[i] == b'"' {
            i = skip_string(i);
        } else if b[i] == b'\'' && i + 2 < b.len() && b[i + 2] == b'\'' {
            i += 3; // 'c', '"'
        } else if b[i] == b'\'' && i + 1 < b.len() && b[i + 1] == b'\\' {
            // '\n', '\"', '\123', '\x41'
            i += 2;
            while i < b.len() && b[i] != b'\'' {
                i += 1;
            }
            i += 1;
        } else {
            if depth == 0 {
                out.push(b[i]);
            }
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The prelude's sections a program whose text is `source` needs, in prelude order: the
/// unqualified library, [`ALWAYS`], the modules `source` names, and what those sections name
/// in turn. A section `M.N` belongs to `M`. Elaborating only these keeps a small program's
/// typing small; the rest could not be reached by any name the program has. An installed
/// unit's sources are read from the OCaml installation ([`crate::stdlib`]): failing to find
/// or parse them is the error returned.
pub fn needed(source: &str, unix: bool) -> Result<Vec<Section>, Diagnostic> {
    let mut sections = raw_sections()?;
    if unix {
        sections.push(library_section(
            crate::libraries::by_module("Unix").expect("Unix"),
        )?);
    }
    // A sub-module's section (`M.N`) is wanted when both names are.
    let is_wanted = |wanted: &std::collections::HashSet<String>, m: &str| {
        m.split('.').all(|part| wanted.contains(part))
    };
    // The program's code, not its comments nor its strings: a program whose comment names
    // Printexc does not link it (its uncaught exceptions are the runtime's to report).
    let code = code_only(source);
    let mut wanted: std::collections::HashSet<String> = capitalised_names(&code)
        .into_iter()
        .map(str::to_string)
        .collect();
    wanted.extend(ALWAYS.iter().map(|s| s.to_string()));
    if has_lazy_keyword(&code) {
        wanted.insert(LAZY_UNIT.to_string());
    }
    // `Stdlib.M`: the program names M through Stdlib; any section may be named that way.
    // Each section's names are found once, when it is first included (issue #22: finding
    // them again on every round, and for the units no program section reaches, was a
    // twentieth of a small program's build).
    let mut names: Vec<Option<Vec<String>>> = sections.iter().map(|_| None).collect();
    loop {
        let before = wanted.len();
        for (section, names) in sections.iter().zip(names.iter_mut()) {
            let included = match section.module() {
                None => true,
                Some(m) => is_wanted(&wanted, m),
            };
            if !included {
                continue;
            }
            let names = names.get_or_insert_with(|| section_names(section));
            for n in names.iter() {
                if !wanted.contains(n) {
                    wanted.insert(n.clone());
                }
            }
        }
        if wanted.len() == before {
            break;
        }
    }
    sections
        .into_iter()
        .filter(|s| s.module().is_none_or(|m| is_wanted(&wanted, m)))
        .map(parse_section)
        .collect()
}

/// The module names `section`'s text may use: its capitalised words (an installed unit's
/// code only, [`code_only`]), without the constructors named like modules
/// ([`constructors_named`]).
fn section_names(section: &RawSection) -> Vec<String> {
    // A section names the modules its code names, not its comments nor its strings (the
    // unqualified library's uncaught-exception handler looks up
    // "Printexc.handle_uncaught_exception" without needing Printexc).
    let (text, not_modules): (std::borrow::Cow<str>, &[&str]) = match section {
        // The unqualified library's `^^` builds `CamlinternalFormatBasics.Format` values when
        // formats are OCaml's.
        RawSection::Text(None, text) => (code_only(text).into(), &["Format"]),
        RawSection::Text(_, text) => (code_only(text).into(), &[]),
        RawSection::Unit {
            ml, mli, module, ..
        } => (
            (code_only(ml) + &code_only(mli.as_deref().unwrap_or(""))).into(),
            constructors_named(module),
        ),
    };
    let mut names: Vec<String> = capitalised_names(&text)
        .into_iter()
        .filter(|n| !not_modules.contains(n))
        .map(str::to_string)
        .collect();
    names.sort_unstable();
    names
}

/// The capitalised words of a unit's code that are not the prelude's modules of that name:
/// constructors (`CamlinternalFormatBasics.Format` is no use of `Format`, whose section would
/// be typed with every format) and the unit's own submodules (`Obj.Ephemeron` is no use of the
/// `Ephemeron` unit, which every program would type: `CamlinternalLazy` uses `Obj`).
fn constructors_named(unit: &str) -> &'static [&'static str] {
    match unit {
        "CamlinternalFormatBasics" | "CamlinternalFormat" | "Printf" | "Scanf" => &["Format"],
        "Obj" => &["Ephemeron"],
        _ => &[],
    }
}

/// A library's interface as egret provides it ([`crate::libraries`]): the installation's
/// signature `sig` without the values and modules its implementation `items` (egret's) does
/// not define. A program using one of those is told that `Unix.x` is unbound and that this
/// function of `Unix` is not supported yet.
fn provided_values_only(sig: &mut Vec<ast::SigItem>, items: &[ast::Item]) {
    let mut defined = std::collections::HashSet::new();
    for item in items {
        match &item.kind {
            ast::ItemKind::Let(_, bindings) => {
                for b in bindings {
                    if let ast::PatternKind::Var(x) = &b.pat.kind {
                        defined.insert(x.as_str());
                    }
                }
            }
            ast::ItemKind::External(x) => {
                defined.insert(x.name.as_str());
            }
            ast::ItemKind::Module(m, _) => {
                defined.insert(m.as_str());
            }
            _ => {}
        }
    }
    sig.retain(|item| match &item.kind {
        ast::SigItemKind::Val(x, ..) | ast::SigItemKind::Module(x, _) => {
            defined.contains(x.as_str())
        }
        ast::SigItemKind::External(x) => defined.contains(x.name.as_str()),
        _ => true,
    });
}

fn parse_section(section: RawSection) -> Result<Section, Diagnostic> {
    match section {
        RawSection::Text(m, text) => {
            let program = syntax::parse(&text)
                .unwrap_or_else(|d| panic!("the prelude (section {m:?}) does not parse: {d:?}"));
            Ok(Section {
                module: m,
                is_unit: false,
                program,
                origin: None,
            })
        }
        RawSection::Unit {
            module,
            ml,
            base,
            mli,
            path,
        } => {
            let mli_path = path.with_extension("mli");
            let items = syntax::parse_bytes_at(ml.as_bytes(), base)
                .map_err(|d| in_installed_file(&path, ml, &d[0]))?
                .items;
            let span = Span::default();
            let body = ast::ModExpr {
                kind: ast::ModExprKind::Struct(items),
                span,
            };
            let constrained = match &mli {
                None => body,
                Some(mli) if is_compat_interface(&module, mli) => body,
                Some(mli) => {
                    let mut sig = syntax::parse_interface_bytes(mli.as_bytes())
                        .map_err(|d| in_installed_file(&mli_path, mli, &d[0]))?;
                    if crate::libraries::by_module(&module).is_some() {
                        if let ast::ModExprKind::Struct(items) = &body.kind {
                            provided_values_only(&mut sig, items);
                        }
                    }
                    ast::ModExpr {
                        kind: ast::ModExprKind::Constraint(
                            Box::new(body),
                            ast::ModType {
                                kind: ast::ModTypeKind::Sig(sig),
                                span,
                            },
                        ),
                        span,
                    }
                }
            };
            let program = ast::Program {
                items: vec![ast::Item {
                    kind: ast::ItemKind::Module(module.clone(), constrained),
                    span,
                }],
                never_inline: Vec::new(),
            };
            Ok(Section {
                module: Some(module),
                is_unit: true,
                program,
                origin: Some((path, ml)),
            })
        }
    }
}

/// Whether `mli` is the interface of OCaml's compatibility library of the same name rather than
/// the stdlib unit's (`include module type of struct include Stdlib.Bigarray end`: the
/// `bigarray` library installs its `bigarray.mli` over the stdlib's). It names the unit
/// itself, so the unit is compiled without a signature: its types stay transparent
/// (`Array1.t = Genarray.t`), which accepts every program OCaml's signature accepts.
fn is_compat_interface(module: &str, mli: &str) -> bool {
    let code = code_only(mli);
    let words: Vec<&str> = code.split_whitespace().collect();
    let stdlib_m = format!("Stdlib.{module}");
    words
        == [
            "include",
            "module",
            "type",
            "of",
            "struct",
            "include",
            stdlib_m.as_str(),
            "end",
        ]
}

/// `d`, found in the installed stdlib file `path` (whose text is `text`): a diagnostic with
/// no span in the program, naming the file, line and column.
pub fn in_installed_file(path: &std::path::Path, text: &str, d: &Diagnostic) -> Diagnostic {
    let at = match d.span {
        Some(span) => {
            // An implementation's spans are offsets of its range ([`installed_files`]).
            let base = installed_files::file_at(span.lo).map_or(0, |f| f.base);
            let lo = ((span.lo - base) as usize).min(text.len());
            let line = text[..lo].matches('\n').count() + 1;
            let col = lo - text[..lo].rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("{}:{line}:{col}", path.display())
        }
        None => path.display().to_string(),
    };
    Diagnostic {
        span: None,
        message: format!(
            "egret cannot compile OCaml's standard library: {at}: {}",
            d.message
        ),
        ..d.clone()
    }
}

/// The stdlib modules the prelude defines, in order, each with whether it is compiled from the
/// installation's sources (`true`) or is the prelude's own text.
pub fn modules() -> Vec<(String, bool)> {
    PRELUDE
        .lines()
        .filter_map(|line| {
            let unit = line.strip_prefix("(*! unit ").map(|l| (l, true));
            let own = line.strip_prefix("(*! module ").map(|l| (l, false));
            let (rest, installed) = unit.or(own)?;
            Some((rest.strip_suffix(" *)")?.trim().to_string(), installed))
        })
        .collect()
}

/// The section of a library egret provides ([`crate::libraries`]): its implementation,
/// egret's, constrained by the installation's interface (`unix.mli`).
fn library_section(lib: &crate::libraries::Library) -> Result<RawSection, Diagnostic> {
    let inst = crate::stdlib::current().map_err(Diagnostic::spanless)?;
    installed_files::files().map_err(Diagnostic::spanless)?;
    let file = installed_files::of_module(lib.module)
        .ok_or_else(|| Diagnostic::spanless(format!("the library {} has no file", lib.module)))?;
    let mli_name = format!("{}.mli", installed_files::file_stem(lib.module));
    let mli = crate::stdlib::read(inst, &mli_name).map_err(Diagnostic::spanless)?;
    Ok(RawSection::Unit {
        module: lib.module.to_string(),
        ml: &file.text,
        base: file.base,
        mli: Some(mli),
        path: std::path::PathBuf::from(format!("plugin/src/libraries/{}", lib.file)),
    })
}

/// The prelude's sections: a module's own text, or an installed unit (`(*! unit List *)`:
/// `list.ml` and `list.mli` of the installation).
fn raw_sections() -> Result<Vec<RawSection>, Diagnostic> {
    let mut sections = Vec::new();
    // OCaml's formats: CamlinternalFormatBasics, which needs nothing, comes before the
    // unqualified library (whose format6 is its).
    let basics = "(*! unit CamlinternalFormatBasics *)";
    let lines = std::iter::once(basics).chain(PRELUDE.lines().filter(|l| *l != basics));
    for line in lines {
        if let Some(name) = line
            .strip_prefix("(*! module ")
            .and_then(|l| l.strip_suffix(" *)"))
        {
            sections.push(RawSection::Text(
                Some(name.trim().to_string()),
                String::new(),
            ));
        } else if let Some(name) = line
            .strip_prefix("(*! unit ")
            .and_then(|l| l.strip_suffix(" *)"))
        {
            let module = name.trim().to_string();
            let inst = crate::stdlib::current().map_err(Diagnostic::spanless)?;
            // The implementation is read once per process, with its range of offsets.
            installed_files::files().map_err(Diagnostic::spanless)?;
            let file = installed_files::of_module(&module).ok_or_else(|| {
                Diagnostic::spanless(format!("the stdlib unit {module} has no file"))
            })?;
            let stem = installed_files::file_stem(&module);
            let mli_name = format!("{stem}.mli");
            let mli = if inst.dir.join(&mli_name).exists() {
                Some(crate::stdlib::read(inst, &mli_name).map_err(Diagnostic::spanless)?)
            } else {
                None
            };
            sections.push(RawSection::Unit {
                ml: &file.text,
                base: file.base,
                mli,
                path: inst.dir.join(&file.name),
                module,
            });
            if sections.len() == 1 {
                sections.push(RawSection::Text(None, String::new()));
            }
        } else if let Some(RawSection::Text(_, text)) = sections.last_mut() {
            text.push_str(line);
            text.push('\n');
        } else {
            assert!(
                line.trim().is_empty(),
                "prelude.ml: a line after a unit belongs to no section: {line}"
            );
        }
    }
    Ok(sections)
}

#[cfg(test)]
mod tests {
    /// A program naming no module gets the unqualified library and [`super::ALWAYS`] with
    /// what they name, never the big sections (a capitalised word in a comment of the
    /// unqualified section once made every program type Scanf, Format and Hashtbl).
    #[test]
    fn a_program_naming_no_module_gets_no_big_section() {
        let sections =
            super::needed("let () = print_endline \"hi\"\n", false).expect("the prelude");
        let modules: Vec<&str> = sections
            .iter()
            .filter_map(|s| s.module.as_deref())
            .collect();
        for big in ["Scanf", "Format", "Hashtbl", "Printf", "Ephemeron"] {
            assert!(
                !modules.iter().any(|m| m.split('.').next() == Some(big)),
                "{big} is elaborated for a program that names no module: {modules:?}"
            );
        }
    }

    /// Comments (nested, holding strings with `*)`), strings and character literals go;
    /// what they separated stays separated; the code between them stays as written.
    #[test]
    fn code_only_keeps_the_code_between_comments_and_literals() {
        let text = "let a = List.map (* Hashtbl (* \"*)\" *) Buffer *) f\n\
                    let b = \"Scanf \\\" Format\" ^ String.make 1 '(' ^ Char.escaped '\\n'\n\
                    let c = 2 * (3 * 4)";
        assert_eq!(
            super::code_only(text),
            "let a = List.map   f\nlet b =   ^ String.make 1   ^ Char.escaped  \n\
             let c = 2 *  (3 * 4)"
        );
    }
}
