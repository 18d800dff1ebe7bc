//! ocamltest headers: which `.ml` files of OCaml's testsuite are eligible, and how to run them.
//!
//! A test file opens with a `(* TEST ... *)` block (ocamltest's own syntax): test lines
//! (`* native`, `** ocamlopt.byte`, one star per nesting level), predicates that are test
//! lines too (`* arch64`), and variable settings (`flags = "-w +A"`, `exit_status = "2"`,
//! `include unix`, `unset X`). ocamltest runs the `native` test of such a tree as: compile
//! the file alone, run it with `arguments` and `stdin`, stdout and stderr together compared with
//! the `reference` file (default `NAME.reference`), the exit status with `exit_status`.
//!
//! [`classify`] decides what egret can be given: one `.ml` file and nothing else. The rules
//! are exactly those of the shared reference runner (`ocaml-testsuite-run.sh`, its Python
//! `header`/`parse`/`classify`, re-implemented here line for line, regular expressions as
//! hand-written matchers with the same backtracking outcome), so both select the same tests
//! and give the same reason for every other file; `egret-testsuite list` prints the same
//! text as the script's `--list`.

use std::path::{Path, PathBuf};

/// Test lines that are predicates holding on Linux/amd64 without flambda: a `native` test
/// under only these still runs.
pub const PRED_OK: &[&str] = &[
    "arch64",
    "arch_amd64",
    "not-windows",
    "no-flambda",
    "flat-float-array",
    "naked_pointers",
    "native-compiler",
    "not-bsd",
];

/// The variables a runnable test may set (anything else needs more than one file and a run).
pub const ALLOWED_VARS: &[&str] = &[
    "exit_status",
    "arguments",
    "reference",
    "stdin",
    "flags",
    "ocamlopt_flags",
    "ocamlrunparam",
];

/// How to run an eligible test (the variables of its `native` test, expanded).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestSpec {
    /// Command-line arguments (split on blanks).
    pub arguments: Vec<String>,
    /// The file standing for stdin (else `/dev/null`).
    pub stdin: Option<PathBuf>,
    /// The expected output; `/dev/null` for a test without a reference file (`noref_empty`).
    pub reference: PathBuf,
    /// The expected exit status (`exit_status`, default 0).
    pub exit_status: i32,
    /// `OCAMLRUNPARAM` for the run, if the test sets `ocamlrunparam`.
    pub ocamlrunparam: Option<String>,
    /// True when the test has no reference file (it must print nothing).
    pub no_reference: bool,
    /// The other files of a multi-module test (`modules`, widening step 3), built before the
    /// test file in this order: `.ml` and `.mli` files next to it.
    pub modules: Vec<String>,
    /// Compiler flags egret takes too (widening step 2: [`EGRET_FLAGS`]), given to `egret
    /// build` as they are.
    pub flags: Vec<String>,
}

/// The ocamlopt flags egret takes with the same meaning (widening step 2): `-g` (debug
/// information) and `-unsafe` (`a.(i)`, `s.[i]`, `a.{i}` are the unsafe accessors; an
/// out-of-bounds access is undefined, and egret's still checks).
pub const EGRET_FLAGS: &[&str] = &["-g", "-unsafe"];

/// The result of [`classify`]: a runnable test, or why the file is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Eligibility {
    Eligible(TestSpec),
    /// The reason, worded as the reference runner's `--list` words it.
    NotEligible(String),
}

/// The body of the leading `(* TEST ... *)` comment (nested comments counted), or `None`.
pub fn header(src: &str) -> Option<&str> {
    // re.match(r'\s*\(\*\s*TEST\b', src)
    let s = src.trim_start();
    let s = s.strip_prefix("(*")?;
    let s = s.trim_start();
    let rest = s.strip_prefix("TEST")?;
    if rest.chars().next().is_some_and(is_word) {
        return None;
    }
    let start = src.len() - rest.len();
    let b = src.as_bytes();
    let (mut i, mut depth) = (start, 1);
    while i < b.len() && depth > 0 {
        if b[i..].starts_with(b"(*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*)") {
            depth -= 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    // Python: src[m.end():i - 2] (an unterminated comment loses its last two characters).
    let end = i.saturating_sub(2).max(start);
    Some(src.get(start..end).unwrap_or(&src[start..]))
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// One line of a header, as the reference runner's `parse` sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    /// `*** name rest`: depth, name, the rest of the line.
    Node(usize, String, String),
    /// `name = value` or `name += value` (`set` optional).
    Var(String, bool, String),
    Include(String),
    Unset(String),
    Junk(String),
}

fn is_node_name(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')
}

/// `^(\*+)\s*([A-Za-z0-9_.\-]+)\s*(.*)$`
fn match_node(l: &str) -> Option<(usize, String, String)> {
    let stars = l.len() - l.trim_start_matches('*').len();
    if stars == 0 {
        return None;
    }
    let s = l[stars..].trim_start();
    let name_len = s.len() - s.trim_start_matches(is_node_name).len();
    if name_len == 0 {
        return None;
    }
    let rest = s[name_len..].trim_start();
    Some((stars, s[..name_len].to_string(), rest.to_string()))
}

/// `([A-Za-z_][A-Za-z0-9_]*)\s*(\+?=)\s*(.*)$` from the start of `s`.
fn match_assign(s: &str) -> Option<(String, bool, String)> {
    let first = s.chars().next()?;
    if !(first.is_ascii_alphabetic() || first == '_') {
        return None;
    }
    let name_len = s.len()
        - s.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_')
            .len();
    let after = s[name_len..].trim_start();
    let (append, after) = match after.strip_prefix("+=") {
        Some(a) => (true, a),
        None => (false, after.strip_prefix('=')?),
    };
    Some((
        s[..name_len].to_string(),
        append,
        after.trim_start().to_string(),
    ))
}

/// `^(?:set\s+)?` then [`match_assign`]: with the `set ` prefix first, as the regex backtracks.
fn match_var(l: &str) -> Option<(String, bool, String)> {
    if let Some(rest) = l.strip_prefix("set") {
        let trimmed = rest.trim_start();
        if trimmed.len() < rest.len() {
            if let Some(m) = match_assign(trimmed) {
                return Some(m);
            }
        }
    }
    match_assign(l)
}

/// `^(include|unset)\s+(\S+)`
fn match_directive(l: &str) -> Option<Item> {
    for (kw, is_include) in [("include", true), ("unset", false)] {
        if let Some(rest) = l.strip_prefix(kw) {
            let arg = rest.trim_start();
            if arg.len() == rest.len() || arg.is_empty() {
                continue;
            }
            let word: String = arg.chars().take_while(|c| !c.is_whitespace()).collect();
            return Some(if is_include {
                Item::Include(word)
            } else {
                Item::Unset(word)
            });
        }
    }
    None
}

fn parse(body: &str) -> Vec<Item> {
    let lines: Vec<&str> = body.split('\n').collect();
    let mut items = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let l = lines[k].trim();
        k += 1;
        if l.is_empty() {
            continue;
        }
        if let Some((d, name, rest)) = match_node(l) {
            items.push(Item::Node(d, name, rest));
        } else if let Some((name, append, mut v)) = match_var(l) {
            // A quoted value may go on over the next lines.
            while v.matches('"').count() % 2 == 1 && k < lines.len() {
                v.push('\n');
                v.push_str(lines[k]);
                k += 1;
            }
            items.push(Item::Var(name, append, v.trim().to_string()));
        } else if let Some(d) = match_directive(l) {
            items.push(d);
        } else {
            items.push(Item::Junk(l.to_string()));
        }
    }
    items
}

fn unquote(v: &str) -> String {
    let mut v = v.trim();
    if v.len() >= 2 && v.starts_with('"') && v.ends_with('"') {
        v = &v[1..v.len() - 1];
    }
    v.replace("\\\n", " ")
}

struct Node {
    depth: usize,
    name: String,
    rest: String,
    vars: Vec<Item>,
    /// Indices (into the node list) of the enclosing test lines, outermost first.
    path: Vec<usize>,
    children: usize,
}

/// The header as a tree: the variables before any test line, and the test lines in order
/// (each with its variables, the indices of its ancestors and its number of children).
fn tree(h: &str) -> (Vec<Item>, Vec<Node>) {
    let mut root: Vec<Item> = Vec::new();
    let mut nodes: Vec<Node> = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    for it in parse(h) {
        match it {
            Item::Node(depth, name, rest) => {
                while stack.last().is_some_and(|&s| nodes[s].depth >= depth) {
                    stack.pop();
                }
                if let Some(&parent) = stack.last() {
                    nodes[parent].children += 1;
                }
                nodes.push(Node {
                    depth,
                    name,
                    rest,
                    vars: Vec::new(),
                    path: stack.clone(),
                    children: 0,
                });
                stack.push(nodes.len() - 1);
            }
            other => match nodes.last_mut() {
                Some(n) => n.vars.push(other),
                None => root.push(other),
            },
        }
    }
    (root, nodes)
}

/// Decides whether the test file `path` is eligible (see the module doc). `noref_empty`:
/// a test without a reference file (and without a `reference` variable) is eligible and
/// must print nothing, as ocamltest has it.
pub fn classify(path: &Path, noref_empty: bool) -> Eligibility {
    classify_with(path, noref_empty, false, &[])
}

/// Widening step 2: a single-file test (tests without a reference file included) that is
/// eligible but for its flags, all of which egret takes ([`EGRET_FLAGS`]). Only such tests
/// (with at least one of those flags) are eligible here.
pub fn classify_flags(path: &Path) -> Eligibility {
    match classify_with(path, true, false, EGRET_FLAGS) {
        Eligibility::Eligible(spec) if spec.flags.is_empty() => {
            Eligibility::NotEligible("no flag egret takes (not a flags test)".into())
        }
        e => e,
    }
}

/// Widening step 3: a multi-module test — eligible as [`classify`] has it, but with a
/// `modules` variable naming only OCaml files (`.ml`, `.mli`; no C stubs). Only such tests
/// (not the single-file ones) are eligible here.
pub fn classify_modules(path: &Path) -> Eligibility {
    match classify_with(path, false, true, &[]) {
        Eligibility::Eligible(spec) if spec.modules.is_empty() => {
            Eligibility::NotEligible("a single file (not a multi-module test)".into())
        }
        e => e,
    }
}

fn classify_with(
    path: &Path,
    noref_empty: bool,
    allow_modules: bool,
    egret_flags: &[&str],
) -> Eligibility {
    use Eligibility::NotEligible as No;
    let Ok(bytes) = std::fs::read(path) else {
        return No("unreadable".into());
    };
    let src = String::from_utf8_lossy(&bytes);
    let Some(h) = header(&src) else {
        return No("no TEST header (helper file)".into());
    };
    let (root, nodes) = tree(h);
    let mut env: Vec<&Item> = root.iter().collect();
    if !nodes.is_empty() {
        let Some(n) = nodes.iter().find(|n| n.name == "native") else {
            let mut names: Vec<&str> = nodes.iter().map(|n| n.name.as_str()).collect();
            names.sort();
            names.dedup();
            if names.contains(&"bytecode")
                && names
                    .iter()
                    .all(|x| PRED_OK.contains(x) || *x == "bytecode")
            {
                return No("bytecode only".into());
            }
            if let Some(kind) = names
                .iter()
                .find(|x| ["expect", "toplevel", "ocamldoc", "ocaml"].contains(x))
            {
                return No(format!("{kind} test"));
            }
            if names.iter().any(|x| {
                ["ocamlc", "ocamlopt", "setup-", "check-"]
                    .iter()
                    .any(|p| x.starts_with(p))
            }) {
                return No("explicit compiler pipeline".into());
            }
            let first: Vec<&str> = names.iter().take(3).copied().collect();
            return No(format!("other test: {}", first.join(" ")));
        };
        if n.children > 0 {
            return No("native test has sub-steps".into());
        }
        if !n.rest.is_empty() {
            return No("native test with modifiers".into());
        }
        if let Some(p) = n
            .path
            .iter()
            .find(|&&p| !PRED_OK.contains(&nodes[p].name.as_str()))
        {
            return No(format!("native under {}", nodes[*p].name));
        }
        for &p in &n.path {
            env.extend(nodes[p].vars.iter());
        }
        env.extend(n.vars.iter());
    }
    let mut vars: Vec<(String, String)> = Vec::new();
    for it in env {
        let (name, append, val) = match it {
            Item::Include(v) => return No(format!("include {v}")),
            Item::Unset(v) => return No(format!("unset {v}")),
            Item::Junk(_) => return No("unparsed header line".into()),
            Item::Node(..) => unreachable!("nodes are not variables"),
            Item::Var(name, append, val) => (name, *append, val),
        };
        if !ALLOWED_VARS.contains(&name.as_str()) && !(allow_modules && name == "modules") {
            return No(format!("needs {name}"));
        }
        let value = if append {
            let old = get(&vars, name).unwrap_or_default();
            format!("{old} {}", unquote(val))
        } else {
            unquote(val)
        };
        match vars.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => vars.push((name.clone(), value)),
        }
    }
    let mut flags = Vec::new();
    for fv in ["flags", "ocamlopt_flags"] {
        let value = get(&vars, fv).unwrap_or_default();
        let fl: Vec<&str> = value.split_whitespace().collect();
        let (mut i, mut bad) = (0, Vec::new());
        while i < fl.len() {
            if fl[i] == "-w" || fl[i] == "-warn-error" {
                i += 2;
                continue;
            }
            if egret_flags.contains(&fl[i]) {
                flags.push(fl[i].to_string());
            } else {
                bad.push(fl[i]);
            }
            i += 1;
        }
        if !bad.is_empty() {
            return No(format!("flags {}", bad.join(" ")));
        }
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    let base = file.strip_suffix(".ml").unwrap_or(&file);
    let reference = match get(&vars, "reference").filter(|r| !r.is_empty()) {
        Some(r) => PathBuf::from(r.replace("${test_source_directory}", &dir.to_string_lossy())),
        None => dir.join(format!("{base}.reference")),
    };
    let (reference, no_reference) = if reference.is_file() {
        (reference, false)
    } else if noref_empty && get(&vars, "reference").is_none() {
        (PathBuf::from("/dev/null"), true)
    } else {
        return No("no reference file".into());
    };
    let stdin = get(&vars, "stdin").map(|s| {
        if s.starts_with('/') {
            PathBuf::from(s)
        } else {
            dir.join(s)
        }
    });
    let modules: Vec<String> = get(&vars, "modules")
        .unwrap_or_default()
        .split_whitespace()
        .map(String::from)
        .collect();
    if let Some(m) = modules
        .iter()
        .find(|m| !(m.ends_with(".ml") || m.ends_with(".mli")) || !dir.join(m).is_file())
    {
        return No(format!("module {m}"));
    }
    let exit_status = match get(&vars, "exit_status") {
        Some(s) => match s.trim().parse() {
            Ok(n) => n,
            Err(_) => return No(format!("exit_status {s}")),
        },
        None => 0,
    };
    Eligibility::Eligible(TestSpec {
        arguments: get(&vars, "arguments")
            .unwrap_or_default()
            .split_whitespace()
            .map(String::from)
            .collect(),
        stdin,
        reference,
        exit_status,
        ocamlrunparam: get(&vars, "ocamlrunparam"),
        no_reference,
        modules,
        flags,
    })
}

fn get(vars: &[(String, String)], name: &str) -> Option<String> {
    vars.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone())
}

/// The test lines of a compile-error test: a build environment, one bytecode or native
/// compilation, a check of the compiler's output (and predicates that hold here).
const REJECT_NODES: &[&str] = &[
    "setup-ocamlc.byte-build-env",
    "ocamlc.byte",
    "check-ocamlc.byte-output",
    "setup-ocamlopt.byte-build-env",
    "ocamlopt.byte",
    "check-ocamlopt.byte-output",
];

/// The variables a compile-error test may set.
const REJECT_VARS: &[&str] = &[
    "flags",
    "ocamlc_byte_exit_status",
    "ocamlopt_byte_exit_status",
    "compiler_reference",
];

/// Widening step 4: is `path` a compile-error test egret can be given — one file that
/// OCaml's compiler must reject (exit status 2), checked by the compiler's output? Such a test
/// has test lines among `setup-ocamlc.byte-build-env`, exactly one `ocamlc.byte` (or the
/// `ocamlopt.byte` forms), `check-ocamlc.byte-output` and the predicates of [`PRED_OK`];
/// sets no variable but warning flags, the compiler's exit status (which must be 2) and
/// `compiler_reference`. `Err` says why not.
pub fn classify_reject(path: &Path) -> Result<(), String> {
    let Ok(bytes) = std::fs::read(path) else {
        return Err("unreadable".into());
    };
    let src = String::from_utf8_lossy(&bytes);
    let Some(h) = header(&src) else {
        return Err("no TEST header (helper file)".into());
    };
    let (root, nodes) = tree(h);
    if let Some(n) = nodes
        .iter()
        .find(|n| !REJECT_NODES.contains(&n.name.as_str()) && !PRED_OK.contains(&n.name.as_str()))
    {
        return Err(format!("test line {}", n.name));
    }
    let compilers: Vec<&Node> = nodes
        .iter()
        .filter(|n| n.name == "ocamlc.byte" || n.name == "ocamlopt.byte")
        .collect();
    let [compiler] = compilers[..] else {
        return Err(format!("{} compilations", compilers.len()));
    };
    if !compiler.rest.is_empty() {
        return Err("compilation with modifiers".into());
    }
    // What the compilation sees: the root's variables, its ancestors', its own.
    let mut env: Vec<&Item> = root.iter().collect();
    for &p in &compiler.path {
        env.extend(nodes[p].vars.iter());
    }
    env.extend(compiler.vars.iter());
    // The output checks may set variables too (compiler_reference).
    for n in nodes.iter().filter(|n| n.name.starts_with("check-")) {
        env.extend(n.vars.iter());
    }
    let mut status = None;
    let mut flags = String::new();
    for it in env {
        let (name, append, val) = match it {
            Item::Include(v) => return Err(format!("include {v}")),
            Item::Unset(v) => return Err(format!("unset {v}")),
            Item::Junk(_) => return Err("unparsed header line".into()),
            Item::Node(..) => unreachable!("nodes are not variables"),
            Item::Var(name, append, val) => (name.as_str(), *append, unquote(val)),
        };
        if !REJECT_VARS.contains(&name) {
            return Err(format!("needs {name}"));
        }
        if name == "flags" {
            flags = if append {
                format!("{flags} {val}")
            } else {
                val
            };
        } else if name.ends_with("_exit_status") {
            status = Some(val.trim().to_string());
        }
    }
    let fl: Vec<&str> = flags.split_whitespace().collect();
    let (mut i, mut bad) = (0, Vec::new());
    while i < fl.len() {
        if fl[i] == "-w" || fl[i] == "-warn-error" {
            i += 2;
            continue;
        }
        bad.push(fl[i]);
        i += 1;
    }
    if !bad.is_empty() {
        return Err(format!("flags {}", bad.join(" ")));
    }
    match status.as_deref() {
        Some("2") => Ok(()),
        Some(s) => Err(format!("compiler exit status {s}")),
        None => Err("compiles (no exit status)".into()),
    }
}

/// Flags an `expect` test may set besides warnings: they change what the toplevel prints
/// (shorter paths, a dump of the source or lambda code), not which phrases it accepts.
pub const EXPECT_PRINT_FLAGS: &[&str] = &["-short-paths", "-dsource", "-dlambda", "-drawlambda"];

/// Widening step 5: is `path` an `expect` test egret's verdicts can be compared with — test
/// lines only `expect` and the predicates of [`PRED_OK`], no variable but `flags` holding
/// warning options and [`EXPECT_PRINT_FLAGS`]? `Err` says why not (`flags -rectypes`,
/// `include ocamlcommon`, `readonly_files` ...).
pub fn classify_expect(path: &Path) -> Result<(), String> {
    let Ok(bytes) = std::fs::read(path) else {
        return Err("unreadable".into());
    };
    let src = String::from_utf8_lossy(&bytes);
    let Some(h) = header(&src) else {
        return Err("no TEST header (helper file)".into());
    };
    let (root, nodes) = tree(h);
    let Some(expect) = nodes.iter().find(|n| n.name == "expect") else {
        return Err("not an expect test".into());
    };
    if let Some(n) = nodes
        .iter()
        .find(|n| n.name != "expect" && !PRED_OK.contains(&n.name.as_str()))
    {
        return Err(format!("test line {}", n.name));
    }
    let mut env: Vec<&Item> = root.iter().collect();
    for &p in &expect.path {
        env.extend(nodes[p].vars.iter());
    }
    env.extend(expect.vars.iter());
    let mut flags = String::new();
    for it in env {
        match it {
            Item::Include(v) => return Err(format!("include {v}")),
            Item::Unset(v) => return Err(format!("unset {v}")),
            Item::Junk(_) => return Err("unparsed header line".into()),
            Item::Node(..) => unreachable!("nodes are not variables"),
            Item::Var(name, append, val) if name == "flags" => {
                let val = unquote(val);
                flags = if *append {
                    format!("{flags} {val}")
                } else {
                    val
                };
            }
            Item::Var(name, ..) => return Err(format!("needs {name}")),
        }
    }
    let fl: Vec<&str> = flags.split_whitespace().collect();
    let (mut i, mut bad) = (0, Vec::new());
    while i < fl.len() {
        if fl[i] == "-w" || fl[i] == "-warn-error" {
            i += 2;
            continue;
        }
        if !EXPECT_PRINT_FLAGS.contains(&fl[i]) {
            bad.push(fl[i]);
        }
        i += 1;
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(format!("flags {}", bad.join(" ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lines() {
        let h =
            header("(* TEST\n   flags = \"-w +A\"\n   * native\n   ** foo (* x *)\n*)\nlet x = 1")
                .unwrap();
        assert_eq!(
            parse(h),
            vec![
                Item::Var("flags".into(), false, "\"-w +A\"".into()),
                Item::Node(1, "native".into(), "".into()),
                Item::Node(2, "foo".into(), "(* x *)".into()),
            ]
        );
        assert!(header("(* TESTS *)").is_none());
        assert!(header("let x = 1 (* TEST *)").is_none());
        assert_eq!(
            match_var("set = 1"),
            Some(("set".into(), false, "1".into()))
        );
        assert_eq!(
            match_var("set x += \"a\""),
            Some(("x".into(), true, "\"a\"".into()))
        );
        assert_eq!(
            match_directive("include unix"),
            Some(Item::Include("unix".into()))
        );
        assert_eq!(unquote(" \"-w\\\n-a\" "), "-w -a");
    }

    #[test]
    fn multi_line_value() {
        let items = parse("arguments = \"a\n  b\"\n* native");
        assert_eq!(
            items[0],
            Item::Var("arguments".into(), false, "\"a\n  b\"".into())
        );
        assert_eq!(items[1], Item::Node(1, "native".into(), "".into()));
    }

    fn classify_text(name: &str, text: &str, reference: bool) -> (Eligibility, Result<(), String>) {
        let dir =
            std::env::temp_dir().join(format!("egret-ts-header-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ml = dir.join(format!("{name}.ml"));
        std::fs::write(&ml, text).unwrap();
        if reference {
            std::fs::write(dir.join(format!("{name}.reference")), "x\n").unwrap();
        }
        let r = (classify(&ml, false), classify_reject(&ml));
        std::fs::remove_dir_all(&dir).unwrap();
        r
    }

    #[test]
    fn eligibility() {
        let (e, _) = classify_text(
            "a",
            "(* TEST\n arguments = \"x y\"\n exit_status = \"2\"\n*)\n",
            true,
        );
        let Eligibility::Eligible(spec) = e else {
            panic!("{e:?}")
        };
        assert_eq!(
            (spec.arguments, spec.exit_status),
            (vec!["x".into(), "y".into()], 2)
        );
        let no = |why: &str| Eligibility::NotEligible(why.into());
        assert_eq!(
            classify_text("b", "(* TEST *)", false).0,
            no("no reference file")
        );
        assert_eq!(
            classify_text("c", "(* TEST\n flags = \"-g\"\n*)", true).0,
            no("flags -g")
        );
        assert_eq!(
            classify_text("d", "(* TEST\n * expect\n*)", true).0,
            no("expect test")
        );
        assert_eq!(
            classify_text("e", "(* TEST\n * flambda\n ** native\n*)", true).0,
            no("native under flambda")
        );
        let bad = "(* TEST\n flags = \" -w -a \"\n ocamlc_byte_exit_status = \"2\"\n\
                   * setup-ocamlc.byte-build-env\n ** ocamlc.byte\n *** check-ocamlc.byte-output\n*)";
        assert_eq!(classify_text("f", bad, false).1, Ok(()));
        let good = bad.replace("\"2\"", "\"0\"");
        assert_eq!(
            classify_text("g", &good, false).1,
            Err("compiler exit status 0".into())
        );
        assert_eq!(
            classify_text(
                "h",
                "(* TEST\n modules = \"x.ml\"\n * ocamlc.byte\n*)",
                false
            )
            .1,
            Err("needs modules".into())
        );
    }
}
