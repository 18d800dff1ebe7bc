//! Mutations of a program's text, for the typing fuzzer ([`crate::typing`]): the kinds that
//! need no types, only tokens and balanced parentheses.
//!
//! Each mutation takes a well-typed generated program and returns it with one change, or
//! `None` when the program has no place for it. The changes aim at OCaml's rules rather than
//! at plain type clashes: a constructor or a variable swapped for another of the program, two
//! arguments of an application swapped, one dropped or repeated, an annotation dropped (more
//! polymorphism, the value restriction), a declaration or a constructor repeated (OCaml's
//! well-formedness checks), a local `ref` moved to top level holding a polymorphic empty
//! value (weak type variables fixed by a later use, or left at the end of the unit).
//!
//! Invariant: the tokenizer skips string and character literals and comments, so a mutation
//! never edits inside a literal.

use crate::gen::Rng;

/// The text mutations, by name.
pub const TEXT_MUTATIONS: &[&str] = &[
    "swap-constructor",
    "swap-identifier",
    "swap-arguments",
    "drop-argument",
    "extra-argument",
    "drop-annotation",
    "duplicate-declaration",
    "duplicate-constructor",
    "ref-to-top-level",
    "local-ref-empty",
];

/// Constructors from outside the program that a swap may bring in.
const STDLIB_CONSTRUCTORS: &[&str] = &["Some", "None", "Not_found", "Failure", "Exit", "Ok"];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok {
    /// A lowercase identifier (or keyword).
    Lower,
    /// A capitalised identifier.
    Upper,
    /// A number, a string or a character literal.
    Literal,
    /// Any other character.
    Punct,
}

/// The tokens of `src` as (kind, start, end) byte ranges; comments are skipped.
fn tokens(src: &str) -> Vec<(Tok, usize, usize)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'(' && b.get(i + 1) == Some(&b'*') {
            // A comment (the generator's are not nested).
            i = src[i + 2..].find("*)").map_or(b.len(), |j| i + 2 + j + 2);
            continue;
        }
        if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            out.push((Tok::Literal, start, i));
            continue;
        }
        if c == b'\'' {
            // 'x', '\n', '\123' are characters; 'a in a type is a variable.
            let end = if b.get(i + 1) == Some(&b'\\') {
                src[i + 2..].find('\'').map(|j| i + 2 + j + 1)
            } else if b.get(i + 2) == Some(&b'\'') {
                Some(i + 3)
            } else {
                None
            };
            if let Some(e) = end {
                i = e;
                out.push((Tok::Literal, start, i));
                continue;
            }
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'\'') {
                i += 1;
            }
            let kind = if c.is_ascii_uppercase() {
                Tok::Upper
            } else {
                Tok::Lower
            };
            out.push((kind, start, i));
            continue;
        }
        if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            out.push((Tok::Literal, start, i));
            continue;
        }
        i += 1;
        out.push((Tok::Punct, start, i));
    }
    out
}

/// The end of the balanced group opening at `open` (`(` or `[`): the index after its closer.
fn group_end(src: &str, toks: &[(Tok, usize, usize)], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, (kind, s, _)) in toks.iter().enumerate().skip(open) {
        if *kind != Tok::Punct {
            continue;
        }
        match &src[*s..*s + 1] {
            "(" | "[" => depth += 1,
            ")" | "]" => {
                depth -= 1;
                if depth == 0 {
                    return Some(k + 1);
                }
            }
            _ => {}
        }
    }
    None
}

fn splice(src: &str, start: usize, end: usize, with: &str) -> String {
    format!("{}{}{}", &src[..start], with, &src[end..])
}

/// Whether a lowercase identifier is one of the generator's names (`x5`, `f12`, `v40`).
fn generated_name(s: &str) -> bool {
    let letters = s.trim_end_matches(|c: char| c.is_ascii_digit());
    letters.len() < s.len()
        && !letters.is_empty()
        && letters.chars().all(|c| c.is_ascii_lowercase())
}

/// The applications `(f a1 .. an)` of a generated function to atoms: the token index of `f`
/// and the byte ranges of the arguments.
fn applications(src: &str, toks: &[(Tok, usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut apps = Vec::new();
    for k in 0..toks.len().saturating_sub(1) {
        let (kind, s, _) = toks[k];
        if kind != Tok::Punct || &src[s..s + 1] != "(" {
            continue;
        }
        let (fk, fs, fe) = toks[k + 1];
        if fk != Tok::Lower || !generated_name(&src[fs..fe]) {
            continue;
        }
        let mut args = Vec::new();
        let mut j = k + 2;
        let ok = loop {
            let Some(&(ak, as_, ae)) = toks.get(j) else {
                break false;
            };
            match ak {
                Tok::Punct if &src[as_..ae] == ")" => break true,
                Tok::Punct if matches!(&src[as_..ae], "(" | "[") => {
                    let Some(end) = group_end(src, toks, j) else {
                        break false;
                    };
                    args.push((as_, toks[end - 1].2));
                    j = end;
                }
                Tok::Lower | Tok::Literal | Tok::Upper => {
                    args.push((as_, ae));
                    j += 1;
                }
                Tok::Punct => break false,
            }
        };
        if ok && !args.is_empty() {
            apps.push(args);
        }
    }
    apps
}

/// One mutation of `kind` applied to `src` (a well-typed program), drawing from `rng`.
pub fn mutate(src: &str, kind: &str, rng: &mut Rng) -> Option<String> {
    let toks = tokens(src);
    let text = |t: &(Tok, usize, usize)| &src[t.1..t.2];
    match kind {
        "swap-constructor" => {
            // Constructors: capitalised words not followed by `.` (a module path).
            let sites: Vec<&(Tok, usize, usize)> = toks
                .iter()
                .filter(|t| t.0 == Tok::Upper && !src[t.2..].starts_with('.'))
                .collect();
            let site = *sites.get(rng.below(sites.len().max(1)))?;
            let mut names: Vec<&str> = sites.iter().map(|t| text(t)).collect();
            names.extend(STDLIB_CONSTRUCTORS);
            names.retain(|n| *n != text(site));
            let with = *names.get(rng.below(names.len().max(1)))?;
            Some(splice(src, site.1, site.2, with))
        }
        "swap-identifier" => {
            let sites: Vec<&(Tok, usize, usize)> = toks
                .iter()
                .filter(|t| t.0 == Tok::Lower && generated_name(text(t)))
                .collect();
            let site = *sites.get(rng.below(sites.len().max(1)))?;
            let names: Vec<&str> = sites
                .iter()
                .map(|t| text(t))
                .filter(|n| *n != text(site))
                .collect();
            let with = *names.get(rng.below(names.len().max(1)))?;
            Some(splice(src, site.1, site.2, with))
        }
        "swap-arguments" | "drop-argument" | "extra-argument" => {
            let apps = applications(src, &toks);
            let args = apps.get(rng.below(apps.len().max(1)))?;
            match kind {
                "swap-arguments" => {
                    if args.len() < 2 {
                        return None;
                    }
                    let i = rng.below(args.len() - 1);
                    let (a, b) = (args[i], args[i + 1]);
                    let swapped = format!("{} {}", &src[b.0..b.1], &src[a.0..a.1]);
                    Some(splice(src, a.0, b.1, &swapped))
                }
                "drop-argument" => {
                    let a = args[rng.below(args.len())];
                    Some(splice(src, a.0, a.1, ""))
                }
                _ => {
                    let a = args[rng.below(args.len())];
                    let last = args[args.len() - 1];
                    Some(splice(src, last.1, last.1, &format!(" {}", &src[a.0..a.1])))
                }
            }
        }
        "drop-annotation" => {
            // `(x : t)` → `x`, or a function's result annotation `: t =` → `=`.
            let mut sites = Vec::new();
            for k in 0..toks.len().saturating_sub(3) {
                let [o, x, colon] = [toks[k], toks[k + 1], toks[k + 2]];
                if o.0 == Tok::Punct
                    && text(&o) == "("
                    && x.0 == Tok::Lower
                    && colon.0 == Tok::Punct
                    && text(&colon) == ":"
                {
                    if let Some(end) = group_end(src, &toks, k) {
                        sites.push((o.1, toks[end - 1].2, text(&x).to_string()));
                    }
                }
                if o.0 == Tok::Punct && text(&o) == ")" && text(&x) == ":" {
                    // `) : t =`: up to the `=`.
                    if let Some(eq) = toks[k + 2..]
                        .iter()
                        .take(12)
                        .find(|t| t.0 == Tok::Punct && text(t) == "=")
                    {
                        sites.push((x.1, eq.1, String::new()));
                    }
                }
            }
            let (s, e, with) = sites.get(rng.below(sites.len().max(1)))?.clone();
            Some(splice(src, s, e, &with))
        }
        "duplicate-declaration" => {
            // A top-level `type` or `exception` line, again right after itself.
            let lines: Vec<&str> = src
                .lines()
                .filter(|l| l.starts_with("type ") || l.starts_with("exception "))
                .collect();
            let line = *lines.get(rng.below(lines.len().max(1)))?;
            let at = src.find(line)? + line.len();
            let again = if line.starts_with("type ") && rng.chance(50) {
                // The same name, another definition.
                let name = line.split_whitespace().nth(1)?;
                format!("\ntype {name} = int")
            } else {
                format!("\n{line}")
            };
            Some(splice(src, at, at, &again))
        }
        "duplicate-constructor" => {
            let lines: Vec<&str> = src
                .lines()
                .filter(|l| l.starts_with("type ") && l.contains(" = ") && !l.contains('{'))
                .collect();
            let line = *lines.get(rng.below(lines.len().max(1)))?;
            let rhs = line.split_once(" = ")?.1;
            let ctors: Vec<&str> = rhs.split(" | ").collect();
            let c = ctors[rng.below(ctors.len())];
            let at = src.find(line)? + line.len();
            Some(splice(src, at, at, &format!(" | {c}")))
        }
        "ref-to-top-level" | "local-ref-empty" => {
            // `let (v : t ref) = (ref e) in` → a top-level `let v = ref EMPTY`, or the same
            // binding kept local with `EMPTY` and no annotation.
            let mut sites = Vec::new();
            for k in 0..toks.len().saturating_sub(4) {
                if text(&toks[k]) == "let"
                    && text(&toks[k + 1]) == "("
                    && toks[k + 2].0 == Tok::Lower
                {
                    let Some(close) = group_end(src, &toks, k + 1) else {
                        continue;
                    };
                    if text(&toks[close - 2]) != "ref" || toks.get(close).map(text) != Some("=") {
                        continue;
                    }
                    let value = close + 1;
                    let vend = match toks.get(value).map(text) {
                        Some("(") => match group_end(src, &toks, value) {
                            Some(e) => e,
                            None => continue,
                        },
                        Some(_) => value + 1,
                        None => continue,
                    };
                    if toks.get(vend).map(text) != Some("in") {
                        continue;
                    }
                    sites.push((toks[k].1, toks[vend].2, text(&toks[k + 2]).to_string()));
                }
            }
            let (s, e, name) = sites.get(rng.below(sites.len().max(1)))?.clone();
            let empty = *rng.pick(&["[]", "None", "[||]", "(ref [])"]);
            if kind == "ref-to-top-level" {
                let body = splice(src, s, e, "");
                Some(format!("let {name} = ref {empty}\n{body}"))
            } else {
                Some(splice(src, s, e, &format!("let {name} = ref {empty} in")))
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_not_edited() {
        let src = "let f1 (x2 : char) = (f1 'A' \"Some X\")";
        let ts = tokens(src);
        assert!(ts.iter().all(|t| t.0 != Tok::Upper));
        let apps = applications(src, &ts);
        assert_eq!(apps.len(), 1);
        assert_eq!(apps[0].len(), 2);
    }

    #[test]
    fn each_mutation_applies_somewhere() {
        let src = "type t0 = C0_0 | C0_1 of int\nexception E0\nlet f1 (x2 : int) (x3 : t0) : int = x2\nlet () = let (v4 : int list ref) = (ref [1]) in print_int (f1 (List.length !v4) (C0_1 3))\n";
        for kind in TEXT_MUTATIONS {
            let hit = (0..50).any(|s| {
                let mut rng = Rng::new(s);
                mutate(src, kind, &mut rng).is_some_and(|m| m != src)
            });
            assert!(hit, "{kind} never applies");
        }
    }
}
