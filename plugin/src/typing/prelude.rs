//! The standard-library prelude: OCaml source compiled in front of every program.
//!
//! `prelude.ml` is split into sections by lines `(*! module Name *)`; the first section is the
//! unqualified standard library (`fst`, `@`, `failwith`, ...). Names defined in a module
//! section are visible unqualified inside that section and as `Name.x` afterwards. Names
//! starting with `__` are private to the prelude.

use crate::syntax::{self, ast};

const PRELUDE: &str = include_str!("prelude.ml");

/// The prelude's sections: (module name, phrases).
pub fn parsed() -> Vec<(Option<String>, ast::Program)> {
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
        .into_iter()
        .map(|(m, text)| {
            let program = syntax::parse(&text)
                .unwrap_or_else(|d| panic!("the prelude (section {m:?}) does not parse: {d:?}"));
            (m, program)
        })
        .collect()
}
