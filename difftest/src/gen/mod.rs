//! A generator of random OCaml programs over egret's Level 1 language: well-typed (the
//! generation is type-directed and every binder is annotated), terminating (loops have small
//! constant bounds, recursion only through templates with a decreasing counter, functions only
//! call functions defined before them) and deterministic (no input, no hashing, no addresses).
//! The same seed always gives the same program.
//!
//! A program declares a few variant and record types (each with a `show_` function), a few
//! exceptions (and `show_exn`), global values, functions (closures, partial and
//! over-application, higher-order list functions), recursion templates (deep non-tail
//! recursion, tail recursion, mutual recursion) and top-level statements that print
//! intermediate results, each under a handler that prints any exception that escapes.

mod expressions;
mod matching;
mod statements;
mod toplevel;
mod types;

use std::rc::Rc;

use crate::tree::{Node, Ty};

/// Sizes and switches of the generated programs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Deep non-tail recursion goes up to this depth.
    pub deep_max: i64,
    /// Tail recursion goes up to this many calls.
    pub tail_max: i64,
    /// Upper bound on the number of top-level functions.
    pub max_functions: usize,
    /// Upper bound on the number of top-level statements.
    pub max_statements: usize,
    /// Nesting depth of generated expressions.
    pub expr_depth: u32,
    /// Whether the program may end with an uncaught exception or `exit`.
    pub allow_abnormal_exit: bool,
    /// Use constructs that hit known, reported bugs (see `KNOWN_GENERATOR_EXCLUSIONS`).
    pub known_bugs: bool,
    /// Exceptions: `raise`, `try`, handlers around the top-level statements. Without them
    /// a program contains no `try` at all (the native backend cannot compile `try` yet).
    pub exceptions: bool,
}

impl Config {
    /// Programs for CI: fast to run through every stage.
    pub fn small() -> Config {
        Config {
            deep_max: 10_000,
            tail_max: 100_000,
            max_functions: 5,
            max_statements: 6,
            expr_depth: 3,
            allow_abnormal_exit: true,
            known_bugs: false,
            exceptions: true,
        }
    }

    /// Programs for the long run: deep recursion to 10^5, tail recursion to 10^6.
    pub fn full() -> Config {
        Config {
            deep_max: 100_000,
            tail_max: 1_000_000,
            max_functions: 7,
            max_statements: 8,
            expr_depth: 4,
            allow_abnormal_exit: true,
            known_bugs: false,
            exceptions: true,
        }
    }
}

/// What the generator avoids unless [`Config::known_bugs`] is set: constructs that hit bugs
/// already reported (each has a regression test in `tests/regressions`).
pub const KNOWN_GENERATOR_EXCLUSIONS: &[&str] = &[
    "`compare` with effects in its arguments (ocamlopt evaluates them left to right at int, char, bool and unit)",
];

/// The fuzzer's splitmix64 ([`egret_plugin::fuzz::mutate::Rng`]) with the generator's
/// choices on top.
pub struct Rng(egret_plugin::fuzz::mutate::Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(egret_plugin::fuzz::mutate::Rng(seed ^ 0x05ee_d0fe_97e7))
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as i64
    }
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

struct AdtDecl {
    /// Constructor names and argument types; the first is constant.
    ctors: Vec<(String, Vec<Ty>)>,
}

struct RecDecl {
    fields: Vec<(String, Ty, bool)>,
}

#[derive(Clone)]
struct Var {
    name: String,
    ty: Ty,
}

#[derive(Clone, Default)]
struct Env {
    vars: Vec<Var>,
    /// Inside a loop body or a recursion template: no calls of top-level functions (keeps the
    /// running time bounded).
    restricted: bool,
    /// Loop nesting.
    loops: u32,
}

impl Env {
    fn with(&self, name: &str, ty: Ty) -> Env {
        let mut e = self.clone();
        e.vars.push(Var {
            name: name.into(),
            ty,
        });
        e
    }
}

pub struct Gen<'c> {
    rng: Rng,
    cfg: &'c Config,
    adts: Vec<AdtDecl>,
    recs: Vec<RecDecl>,
    /// Exceptions: name and argument types.
    exns: Vec<(String, Vec<Ty>)>,
    fresh: usize,
    /// Top-level functions (not callable from restricted contexts).
    functions: Vec<String>,
    /// No `raise` (while generating global values, which no handler protects: an uncaught
    /// user exception or `Exit` hits a known bug).
    no_raise: bool,
}

fn t(s: impl Into<String>) -> Node {
    Node::text(s)
}

fn cat(v: Vec<Node>) -> Node {
    Node::Cat(v)
}

fn item(n: Node) -> Node {
    Node::Item(Box::new(n))
}

/// A string literal in OCaml syntax.
fn string_lit(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\{b:03}")),
        }
    }
    s.push('"');
    s
}

fn char_lit(b: u8) -> String {
    match b {
        b'\'' => "'\\''".into(),
        b'\\' => "'\\\\'".into(),
        b'\n' => "'\\n'".into(),
        0x20..=0x7e => format!("'{}'", b as char),
        _ => format!("'\\{b:03}'"),
    }
}

fn int_lit(n: i64) -> String {
    if n < 0 {
        format!("({n})")
    } else {
        n.to_string()
    }
}

impl<'c> Gen<'c> {
    pub fn new(seed: u64, cfg: &'c Config) -> Gen<'c> {
        Gen {
            rng: Rng::new(seed),
            cfg,
            adts: vec![],
            recs: vec![],
            exns: vec![],
            fresh: 0,
            functions: vec![],
            no_raise: false,
        }
    }

    fn name(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    /// A closed expression of type `ty` (what the minimizer puts in place of an expression).
    pub fn default(&self, ty: &Ty) -> String {
        match ty {
            Ty::Int => "0".into(),
            Ty::Bool => "false".into(),
            Ty::Char => "'a'".into(),
            Ty::Str => "\"\"".into(),
            Ty::Unit => "()".into(),
            Ty::List(_) => "[]".into(),
            Ty::Option(_) => "None".into(),
            Ty::Ref(t) => format!("(ref {})", self.default(t)),
            Ty::Tuple(ts) => format!(
                "({})",
                ts.iter()
                    .map(|t| self.default(t))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Ty::Adt(i) => self.adts[*i].ctors[0].0.clone(),
            Ty::Rec(i) => format!(
                "{{ {} }}",
                self.recs[*i]
                    .fields
                    .iter()
                    .map(|(f, t, _)| format!("{f} = {}", self.default(t)))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            Ty::Fun(args, r) => format!(
                "(fun {} -> {})",
                args.iter().map(|_| "_").collect::<Vec<_>>().join(" "),
                self.default(r)
            ),
        }
    }

    /// Wraps `body` as an expression of type `ty`.
    fn ex(&self, ty: &Ty, body: Vec<Node>) -> Node {
        Node::Expr {
            ty: ty.clone(),
            default: Rc::from(self.default(ty)),
            body: Box::new(cat(body)),
        }
    }
}

/// The program of a seed.
pub fn generate(seed: u64, cfg: &Config) -> Node {
    Gen::new(seed, cfg).program()
}
