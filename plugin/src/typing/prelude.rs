//! The standard-library prelude: OCaml source compiled in front of every program.
//!
//! `prelude.ml` is split into sections by lines `(*! module Name *)`; the first section is the
//! unqualified standard library (`fst`, `@`, `failwith`, ...). Names defined in a module
//! section are visible unqualified inside that section and as `Name.x` afterwards. Names
//! starting with `__` are private to the prelude.

use crate::syntax::{self, ast};

const PRELUDE: &str = include_str!("prelude.ml");

/// The sections every program elaborates, whatever it names: the unqualified library, and
/// what the parser's and typer's elaborations call (`Printexc` for uncaught exceptions, `Lazy`
/// for `lazy`, `Array` for `[| .. |]` and `a.(i)`, `String` for `s.[i]`, `String` and `Char`
/// for Printf's `%S` and `%C`, `Bytes`).
const ALWAYS: [&str; 6] = ["Printexc", "Lazy", "Array", "String", "Char", "Bytes"];

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

/// The prelude's sections a program whose text is `source` needs, in prelude order: the
/// unqualified library, [`ALWAYS`], the modules `source` names, and what those sections name
/// in turn. A section `M.N` belongs to `M`. Elaborating only these keeps a small program's
/// typing small; the rest could not be reached by any name the program has.
pub fn needed(source: &str) -> Vec<(Option<String>, ast::Program)> {
    let sections = raw_sections();
    let top = |m: &str| m.split('.').next().unwrap_or(m).to_string();
    let mut wanted: std::collections::HashSet<String> = capitalised_names(source)
        .into_iter()
        .map(str::to_string)
        .collect();
    wanted.extend(ALWAYS.iter().map(|s| s.to_string()));
    // The printf family's elaboration (`typing::printf`) types its sinks with `Format`'s:
    // any program that may use it (a printf function, a format) gets `Format`.
    if ["printf", "Printf", "format", "Format", "^^"]
        .iter()
        .any(|w| source.contains(w))
    {
        wanted.insert("Format".to_string());
    }
    // `Stdlib.M`: the program names M through Stdlib; any section may be named that way.
    loop {
        let before = wanted.len();
        for (m, text) in &sections {
            let included = match m {
                None => true,
                Some(m) => wanted.contains(&top(m)),
            };
            if included {
                for n in capitalised_names(text) {
                    if !wanted.contains(n) {
                        wanted.insert(n.to_string());
                    }
                }
            }
        }
        if wanted.len() == before {
            break;
        }
    }
    sections
        .into_iter()
        .filter(|(m, _)| m.as_deref().is_none_or(|m| wanted.contains(&top(m))))
        .map(|(m, text)| parse_section(m, &text))
        .collect()
}

fn parse_section(m: Option<String>, text: &str) -> (Option<String>, ast::Program) {
    let program = syntax::parse(text)
        .unwrap_or_else(|d| panic!("the prelude (section {m:?}) does not parse: {d:?}"));
    (m, program)
}

/// The prelude's sections: (module name, text).
fn raw_sections() -> Vec<(Option<String>, String)> {
    let mut sections: Vec<(Option<String>, String)> = vec![(None, String::new())];
    for line in PRELUDE.lines() {
        if let Some(name) = line
            .strip_prefix("(*! module ")
            .and_then(|l| l.strip_suffix(" *)"))
        {
            sections.push((Some(name.trim().to_string()), String::new()));
        } else {
            let text = &mut sections.last_mut().unwrap().1;
            text.push_str(line);
            text.push('\n');
        }
    }
    sections
}
