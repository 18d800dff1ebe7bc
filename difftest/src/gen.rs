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

    // ---------------------------------------------------------------------------------
    // Types
    // ---------------------------------------------------------------------------------

    /// A random type of data (no functions), `depth` limits nesting.
    fn data_type(&mut self, depth: u32) -> Ty {
        let n = if depth == 0 { 5 } else { 12 };
        match self.rng.below(n) {
            0 | 1 => Ty::Int,
            2 => Ty::Bool,
            3 => Ty::Char,
            4 => Ty::Str,
            5 | 6 => Ty::list(self.data_type(depth - 1)),
            7 => Ty::option(self.data_type(depth - 1)),
            8 => Ty::Tuple(vec![self.data_type(depth - 1), self.data_type(depth - 1)]),
            9 | 10 if !self.adts.is_empty() => Ty::Adt(self.rng.below(self.adts.len())),
            11 if !self.recs.is_empty() => Ty::Rec(self.rng.below(self.recs.len())),
            _ => Ty::Int,
        }
    }

    /// A type for a value, a parameter or a result: mostly data, sometimes a function.
    fn any_type(&mut self, depth: u32) -> Ty {
        if depth > 0 && self.rng.chance(12) {
            let n = self.rng.range(1, 2) as usize;
            let args = (0..n).map(|_| self.data_type(depth - 1)).collect();
            Ty::fun(args, self.data_type(depth - 1))
        } else {
            self.data_type(depth)
        }
    }

    // ---------------------------------------------------------------------------------
    // Declarations
    // ---------------------------------------------------------------------------------

    fn declare_types(&mut self) -> Vec<Node> {
        let mut items = vec![];
        for i in 0..self.rng.range(0, 3) as usize {
            // Constructors: the first constant, then some with arguments (possibly recursive).
            let n = self.rng.range(2, 5) as usize;
            let mut ctors = vec![(format!("C{i}_0"), vec![])];
            // Arguments mention earlier types, or this one directly (`t`, `t list`).
            for j in 1..n {
                let args = match self.rng.below(6) {
                    0 => vec![],
                    1 | 2 => vec![self.data_type(1)],
                    3 => vec![Ty::Int, self.data_type(1)],
                    4 => vec![Ty::Adt(i), self.data_type(0)],
                    _ => vec![Ty::list(Ty::Adt(i))],
                };
                ctors.push((format!("C{i}_{j}"), args));
            }
            let text = ctors
                .iter()
                .map(|(c, args)| {
                    if args.is_empty() {
                        c.clone()
                    } else {
                        format!(
                            "{c} of {}",
                            args.iter()
                                .map(|a| a.ocaml_atom())
                                .collect::<Vec<_>>()
                                .join(" * ")
                        )
                    }
                })
                .collect::<Vec<_>>()
                .join(" | ");
            self.adts.push(AdtDecl { ctors });
            items.push(item(t(format!("type t{i} = {text}\n"))));
            items.push(item(self.show_adt(i)));
        }
        for i in 0..self.rng.range(0, 2) as usize {
            let n = self.rng.range(1, 3) as usize;
            let fields: Vec<(String, Ty, bool)> = (0..n)
                .map(|j| (format!("r{i}_f{j}"), self.data_type(1), self.rng.chance(50)))
                .collect();
            let text = fields
                .iter()
                .map(|(f, ty, m)| {
                    format!("{}{f} : {}", if *m { "mutable " } else { "" }, ty.ocaml())
                })
                .collect::<Vec<_>>()
                .join("; ");
            items.push(item(t(format!("type r{i} = {{ {text} }}\n"))));
            self.recs.push(RecDecl { fields });
            items.push(item(self.show_rec(i)));
        }
        items
    }

    /// `let rec show_tI v = match v with ...`
    fn show_adt(&mut self, i: usize) -> Node {
        let ctors = self.adts[i].ctors.clone();
        let mut s = format!("let rec show_t{i} (v : t{i}) : string = match v with\n");
        for (c, args) in &ctors {
            if args.is_empty() {
                s.push_str(&format!("  | {c} -> \"{c}\"\n"));
            } else {
                let names: Vec<String> = (0..args.len()).map(|k| format!("a{k}")).collect();
                let shown: Vec<String> = args
                    .iter()
                    .zip(&names)
                    .map(|(ty, n)| self.show(ty, n))
                    .collect();
                s.push_str(&format!(
                    "  | {c} ({}) -> \"{c}(\" ^ {} ^ \")\"\n",
                    names.join(", "),
                    shown.join(" ^ \",\" ^ ")
                ));
            }
        }
        t(s)
    }

    fn show_rec(&mut self, i: usize) -> Node {
        let fields: Vec<(String, Ty)> = self.recs[i]
            .fields
            .iter()
            .map(|(f, ty, _)| (f.clone(), ty.clone()))
            .collect();
        let parts: Vec<String> = fields
            .iter()
            .map(|(f, ty)| format!("\"{f}=\" ^ {}", self.show(ty, &format!("v.{f}"))))
            .collect();
        t(format!(
            "let show_r{i} (v : r{i}) : string = \"{{\" ^ {} ^ \"}}\"\n",
            parts.join(" ^ \";\" ^ ")
        ))
    }

    /// A string expression showing the value of the (atomic) expression `e` of type `ty`.
    fn show(&mut self, ty: &Ty, e: &str) -> String {
        match ty {
            Ty::Int => format!("string_of_int {e}"),
            Ty::Bool => format!("string_of_bool {e}"),
            Ty::Char => format!("String.make 1 {e}"),
            Ty::Str => format!("(\"\\\"\" ^ {e} ^ \"\\\"\")"),
            Ty::Unit => format!("(ignore {e}; \"()\")"),
            Ty::List(el) => {
                let x = self.name("x");
                format!(
                    "(\"[\" ^ String.concat \";\" (List.map (fun {x} -> {}) {e}) ^ \"]\")",
                    self.show(el, &x)
                )
            }
            Ty::Option(el) => {
                let x = self.name("x");
                format!(
                    "(match {e} with None -> \"None\" | Some {x} -> \"Some(\" ^ {} ^ \")\")",
                    self.show(el, &x)
                )
            }
            Ty::Ref(el) => format!("(\"ref \" ^ {})", self.show(el, &format!("(!{e})"))),
            Ty::Tuple(ts) => {
                let names: Vec<String> = ts.iter().map(|_| self.name("p")).collect();
                let shown: Vec<String> = ts
                    .iter()
                    .zip(&names)
                    .map(|(ty, n)| self.show(ty, n))
                    .collect();
                format!(
                    "(let ({}) = {e} in \"(\" ^ {} ^ \")\")",
                    names.join(", "),
                    shown.join(" ^ \",\" ^ ")
                )
            }
            Ty::Adt(i) => format!("show_t{i} {e}"),
            Ty::Rec(i) => format!("show_r{i} {e}"),
            Ty::Fun(..) => "\"<fun>\"".into(),
        }
    }

    fn declare_exceptions(&mut self) -> Vec<Node> {
        let mut items = vec![];
        let n = self.rng.range(1, 3) as usize;
        for i in 0..n {
            let args = match self.rng.below(4) {
                0 => vec![],
                1 => vec![Ty::Int],
                2 => vec![Ty::Str, Ty::Int],
                _ => vec![Ty::Str],
            };
            let name = format!("E{i}");
            let text = if args.is_empty() {
                format!("exception {name}\n")
            } else {
                format!(
                    "exception {name} of {}\n",
                    args.iter()
                        .map(|a| a.ocaml())
                        .collect::<Vec<_>>()
                        .join(" * ")
                )
            };
            items.push(item(t(text)));
            self.exns.push((name, args));
        }
        let mut s = String::from("let show_exn (e : exn) : string = match e with\n");
        for (name, args) in self.exns.clone() {
            if args.is_empty() {
                s.push_str(&format!("  | {name} -> \"{name}\"\n"));
            } else {
                let names: Vec<String> = (0..args.len()).map(|k| format!("a{k}")).collect();
                let shown: Vec<String> = args
                    .iter()
                    .zip(&names)
                    .map(|(ty, n)| self.show(ty, n))
                    .collect();
                s.push_str(&format!(
                    "  | {name} ({}) -> \"{name}(\" ^ {} ^ \")\"\n",
                    names.join(", "),
                    shown.join(" ^ \",\" ^ ")
                ));
            }
        }
        s.push_str(
            "  | Not_found -> \"Not_found\"\n  | Failure s -> \"Failure(\" ^ s ^ \")\"\n  \
             | Invalid_argument s -> \"Invalid_argument(\" ^ s ^ \")\"\n  \
             | Division_by_zero -> \"Division_by_zero\"\n  | Exit -> \"Exit\"\n  \
             | _ -> \"?\"\n",
        );
        let special =
            "  | Match_failure (f, l, c) -> Printf.sprintf \"Match_failure(%s,%d,%d)\" f l c\n  \
             | Assert_failure (f, l, c) -> Printf.sprintf \"Assert_failure(%s,%d,%d)\" f l c\n";
        let at = s.rfind("  | _ -> ").unwrap();
        s.insert_str(at, special);
        items.push(item(t(s)));
        items
    }

    // ---------------------------------------------------------------------------------
    // Expressions
    // ---------------------------------------------------------------------------------

    fn vars_of<'e>(&self, env: &'e Env, ty: &Ty) -> Vec<&'e Var> {
        env.vars.iter().filter(|v| &v.ty == ty).collect()
    }

    /// An expression of type `ty`.
    fn expr(&mut self, ty: &Ty, env: &Env, depth: u32) -> Node {
        // Atoms at the leaves, and often elsewhere.
        if depth == 0 || self.rng.chance(20) {
            return self.atom(ty, env);
        }
        let d = depth - 1;
        match self.rng.below(20) {
            0 => {
                let c = self.expr(&Ty::Bool, env, d);
                let a = self.expr(ty, env, d);
                let b = self.expr(ty, env, d);
                self.ex(
                    ty,
                    vec![t("(if "), c, t(" then "), a, t(" else "), b, t(")")],
                )
            }
            1 => {
                let vt = self.any_type(1);
                let x = self.name("v");
                let e1 = self.expr(&vt, env, d);
                let body = self.expr(ty, &env.with(&x, vt.clone()), d);
                self.ex(
                    ty,
                    vec![
                        t("(let "),
                        t(format!("({x} : {})", vt.ocaml())),
                        t(" = "),
                        e1,
                        t(" in "),
                        body,
                        t(")"),
                    ],
                )
            }
            2 | 3 => self.match_expr(ty, env, d),
            4 | 5 => match self.call(ty, env, d) {
                Some(n) => n,
                None => self.specific(ty, env, d),
            },
            6 => self.sequence(ty, env, d),
            7 if self.cfg.exceptions => self.try_expr(ty, env, d),
            8 if self.cfg.exceptions && !self.no_raise && self.rng.chance(30) => {
                let c = self.expr(&Ty::Bool, env, d);
                let r = self.raise_expr(ty, env, d);
                let e = self.expr(ty, env, d);
                self.ex(
                    ty,
                    vec![t("(if "), c, t(" then "), r, t(" else "), e, t(")")],
                )
            }
            9 => {
                // Apply a local closure.
                let at = self.data_type(1);
                let x = self.name("a");
                let body = self.expr(ty, &env.with(&x, at.clone()), d);
                let arg = self.expr(&at, env, d);
                self.ex(
                    ty,
                    vec![
                        t(format!("((fun ({x} : {}) -> ", at.ocaml())),
                        body,
                        t(") "),
                        arg,
                        t(")"),
                    ],
                )
            }
            _ => self.specific(ty, env, d),
        }
    }

    /// A literal, a variable or a simple constructor of type `ty`.
    fn atom(&mut self, ty: &Ty, env: &Env) -> Node {
        let vars = self.vars_of(env, ty);
        if !vars.is_empty() && self.rng.chance(60) {
            let v = self.rng.pick(&vars).name.clone();
            return self.ex(ty, vec![t(v)]);
        }
        let text = match ty {
            Ty::Int => int_lit(self.int_const()),
            Ty::Bool => if self.rng.chance(50) { "true" } else { "false" }.into(),
            Ty::Char => char_lit(self.char_const()),
            Ty::Str => self.string_const(),
            Ty::Unit => "()".into(),
            Ty::List(el) if self.rng.chance(60) => {
                let n = self.rng.range(1, 3);
                let items: Vec<Node> = (0..n)
                    .flat_map(|k| {
                        let e = self.atom(el, env);
                        if k == 0 {
                            vec![e]
                        } else {
                            vec![t("; "), e]
                        }
                    })
                    .collect();
                let mut v = vec![t("[")];
                v.extend(items);
                v.push(t("]"));
                return self.ex(ty, v);
            }
            Ty::Option(el) if self.rng.chance(60) => {
                let e = self.atom(el, env);
                return self.ex(ty, vec![t("(Some "), e, t(")")]);
            }
            Ty::Tuple(ts) => {
                let mut v = vec![t("(")];
                for (k, et) in ts.clone().iter().enumerate() {
                    if k > 0 {
                        v.push(t(", "));
                    }
                    v.push(self.atom(et, env));
                }
                v.push(t(")"));
                return self.ex(ty, v);
            }
            Ty::Ref(el) => {
                let e = self.atom(el, env);
                return self.ex(ty, vec![t("(ref "), e, t(")")]);
            }
            Ty::Adt(i) => {
                let (c, args) = {
                    let ctors = &self.adts[*i].ctors;
                    // Mostly non-recursive constructors at the leaves.
                    let k = self.rng.below(ctors.len());
                    ctors[k].clone()
                };
                if args.iter().any(|a| matches!(a, Ty::Adt(j) if j == i))
                    || args
                        .iter()
                        .any(|a| matches!(a, Ty::List(x) if **x == Ty::Adt(*i)))
                {
                    self.adts[*i].ctors[0].0.clone()
                } else if args.is_empty() {
                    c
                } else {
                    let mut v = vec![t(format!("({c} ("))];
                    for (k, at) in args.iter().enumerate() {
                        if k > 0 {
                            v.push(t(", "));
                        }
                        v.push(self.atom(at, env));
                    }
                    v.push(t("))"));
                    return self.ex(ty, v);
                }
            }
            Ty::Rec(i) => {
                let fields: Vec<(String, Ty)> = self.recs[*i]
                    .fields
                    .iter()
                    .map(|(f, ty, _)| (f.clone(), ty.clone()))
                    .collect();
                let mut v = vec![t("{ ")];
                for (k, (f, ft)) in fields.iter().enumerate() {
                    if k > 0 {
                        v.push(t("; "));
                    }
                    v.push(t(format!("{f} = ")));
                    v.push(self.atom(ft, env));
                }
                v.push(t(" }"));
                return self.ex(ty, v);
            }
            Ty::Fun(args, r) => {
                let mut e = env.clone();
                let mut head = String::from("(fun");
                for a in args {
                    let x = self.name("a");
                    head.push_str(&format!(" ({x} : {})", a.ocaml()));
                    e = e.with(&x, a.clone());
                }
                head.push_str(" -> ");
                let body = self.atom(r, &e);
                return self.ex(ty, vec![t(head), body, t(")")]);
            }
            _ => self.default(ty),
        };
        self.ex(ty, vec![t(text)])
    }

    fn int_const(&mut self) -> i64 {
        match self.rng.below(12) {
            0 => *self.rng.pick(&[
                4611686018427387903,
                -4611686018427387904,
                4611686018427387902,
                -1,
                1 << 40,
            ]),
            1 => self.rng.range(-1000, 1000),
            2 => self.rng.range(-(1 << 40), 1 << 40),
            _ => self.rng.range(-3, 12),
        }
    }

    fn char_const(&mut self) -> u8 {
        match self.rng.below(10) {
            0 => *self.rng.pick(b"\n\\'\"\t "),
            1 => self.rng.range(0, 255) as u8,
            2 => self.rng.range(b'A' as i64, b'Z' as i64) as u8,
            _ => self.rng.range(b'a' as i64, b'h' as i64) as u8,
        }
    }

    fn string_const(&mut self) -> String {
        let n = self.rng.range(0, 6) as usize;
        let bytes: Vec<u8> = (0..n)
            .map(|_| match self.rng.below(12) {
                0 => *self.rng.pick(b"\n\\\"% "),
                1 => self.rng.range(0, 255) as u8,
                _ => self.rng.range(b'a' as i64, b'e' as i64) as u8,
            })
            .collect();
        string_lit(&bytes)
    }

    /// Constructs specific to the type.
    fn specific(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        match ty {
            Ty::Int => self.int_expr(env, d),
            Ty::Bool => self.bool_expr(env, d),
            Ty::Char => self.char_expr(env, d),
            Ty::Str => self.string_expr(env, d),
            Ty::Unit => self.stmt(env, d),
            Ty::List(el) => self.list_expr(el, env, d),
            Ty::Option(el) => {
                if self.rng.chance(70) {
                    let e = self.expr(el, env, d);
                    self.ex(ty, vec![t("(Some "), e, t(")")])
                } else {
                    self.atom(ty, env)
                }
            }
            Ty::Tuple(ts) => {
                let mut v = vec![t("(")];
                for (k, et) in ts.clone().iter().enumerate() {
                    if k > 0 {
                        v.push(t(", "));
                    }
                    v.push(self.expr(et, env, d));
                }
                v.push(t(")"));
                self.ex(ty, v)
            }
            Ty::Ref(el) => {
                let e = self.expr(el, env, d);
                self.ex(ty, vec![t("(ref "), e, t(")")])
            }
            Ty::Adt(i) => {
                let k = self.rng.below(self.adts[*i].ctors.len());
                let (c, args) = self.adts[*i].ctors[k].clone();
                if args.is_empty() {
                    return self.ex(ty, vec![t(c)]);
                }
                let mut v = vec![t(format!("({c} ("))];
                for (k, at) in args.iter().enumerate() {
                    if k > 0 {
                        v.push(t(", "));
                    }
                    v.push(self.expr(at, env, d));
                }
                v.push(t("))"));
                self.ex(ty, v)
            }
            Ty::Rec(i) => {
                let fields: Vec<(String, Ty)> = self.recs[*i]
                    .fields
                    .iter()
                    .map(|(f, ty, _)| (f.clone(), ty.clone()))
                    .collect();
                let recs = self.vars_of(env, ty);
                if !recs.is_empty() && self.rng.chance(40) {
                    let r = self.rng.pick(&recs).name.clone();
                    let (f, ft) = self.rng.pick(&fields).clone();
                    let e = self.expr(&ft, env, d);
                    return self.ex(ty, vec![t(format!("{{ {r} with {f} = ")), e, t(" }")]);
                }
                let mut v = vec![t("{ ")];
                for (k, (f, ft)) in fields.iter().enumerate() {
                    if k > 0 {
                        v.push(t("; "));
                    }
                    v.push(t(format!("{f} = ")));
                    v.push(self.expr(ft, env, d));
                }
                v.push(t(" }"));
                self.ex(ty, v)
            }
            Ty::Fun(args, r) => {
                // A closure over the environment, or a partial application.
                if let Some(n) = self.partial_application(ty, env, d) {
                    if self.rng.chance(50) {
                        return n;
                    }
                }
                let mut e = env.clone();
                let mut head = String::from("(fun");
                for a in args {
                    let x = self.name("a");
                    head.push_str(&format!(" ({x} : {})", a.ocaml()));
                    e = e.with(&x, a.clone());
                }
                head.push_str(" -> ");
                let body = self.expr(r, &e, d);
                self.ex(ty, vec![t(head), body, t(")")])
            }
        }
    }

    /// A full application (or over-application) of a function in scope returning `ty`.
    fn call(&mut self, ty: &Ty, env: &Env, d: u32) -> Option<Node> {
        let mut cands: Vec<(String, Vec<Ty>)> = vec![];
        for v in &env.vars {
            if env.restricted && self.functions.contains(&v.name) {
                continue;
            }
            if let Ty::Fun(args, r) = &v.ty {
                if **r == *ty {
                    cands.push((v.name.clone(), args.clone()));
                } else if let Ty::Fun(args2, r2) = &**r {
                    if **r2 == *ty {
                        let mut all = args.clone();
                        all.extend(args2.iter().cloned());
                        cands.push((v.name.clone(), all));
                    }
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (f, args) = self.rng.pick(&cands).clone();
        let mut v = vec![t(format!("({f}"))];
        for a in &args {
            v.push(t(" "));
            v.push(self.expr(a, env, d));
        }
        v.push(t(")"));
        Some(self.ex(ty, v))
    }

    /// `f a1 .. ak` of type `ty` for a function in scope with more parameters.
    fn partial_application(&mut self, ty: &Ty, env: &Env, d: u32) -> Option<Node> {
        let Ty::Fun(want_args, want_r) = ty else {
            return None;
        };
        let mut cands = vec![];
        for v in &env.vars {
            if env.restricted && self.functions.contains(&v.name) {
                continue;
            }
            if let Ty::Fun(args, r) = &v.ty {
                if r == want_r && args.len() > want_args.len() {
                    let k = args.len() - want_args.len();
                    if args[k..] == want_args[..] {
                        cands.push((v.name.clone(), args[..k].to_vec()));
                    }
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (f, given) = self.rng.pick(&cands).clone();
        let mut v = vec![t(format!("({f}"))];
        for a in &given {
            v.push(t(" "));
            v.push(self.expr(a, env, d));
        }
        v.push(t(")"));
        Some(self.ex(ty, v))
    }

    fn int_expr(&mut self, env: &Env, d: u32) -> Node {
        let int = Ty::Int;
        match self.rng.below(22) {
            0..=4 => {
                let op = *self
                    .rng
                    .pick(&["+", "-", "*", "+", "-", "land", "lor", "lxor"]);
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                self.ex(&int, vec![t("("), a, t(format!(" {op} ")), b, t(")")])
            }
            5 => {
                // Division by a non-zero divisor, or by anything under a handler.
                let op = *self.rng.pick(&["/", "mod"]);
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                if self.rng.chance(50) || !self.cfg.exceptions {
                    self.ex(
                        &int,
                        vec![t("("), a, t(format!(" {op} (")), b, t(" lor 1))")],
                    )
                } else {
                    let k = int_lit(self.int_const());
                    self.ex(
                        &int,
                        vec![
                            t("(try "),
                            a,
                            t(format!(" {op} ")),
                            b,
                            t(format!(" with Division_by_zero -> {k})")),
                        ],
                    )
                }
            }
            6 => {
                let op = *self.rng.pick(&["lsl", "lsr", "asr"]);
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                self.ex(
                    &int,
                    vec![t("("), a, t(format!(" {op} (")), b, t(" land 63))")],
                )
            }
            7 => {
                let f = *self.rng.pick(&["abs", "succ", "pred", "-", "lnot"]);
                let a = self.expr(&int, env, d);
                self.ex(&int, vec![t(format!("({f} ")), a, t(")")])
            }
            8 => {
                let f = *self.rng.pick(&["min", "max"]);
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                self.ex(&int, vec![t(format!("({f} ")), a, t(" "), b, t(")")])
            }
            9 => {
                let s = self.expr(&Ty::Str, env, d);
                self.ex(&int, vec![t("(String.length "), s, t(")")])
            }
            10 => {
                let c = self.expr(&Ty::Char, env, d);
                self.ex(&int, vec![t("(Char.code "), c, t(")")])
            }
            11 => {
                let et = self.data_type(1);
                let l = self.expr(&Ty::list(et), env, d);
                self.ex(&int, vec![t("(List.length "), l, t(")")])
            }
            12 => {
                let et = self.data_type(1);
                let acc = self.name("acc");
                let x = self.name("x");
                let e2 = env.with(&acc, Ty::Int).with(&x, et.clone());
                let body = self.expr(&int, &e2, d.min(2));
                let init = self.expr(&int, env, d);
                let l = self.expr(&Ty::list(et.clone()), env, d);
                self.ex(
                    &int,
                    vec![
                        t(format!(
                            "(List.fold_left (fun ({acc} : int) ({x} : {}) -> ",
                            et.ocaml()
                        )),
                        body,
                        t(") "),
                        init,
                        t(" "),
                        l,
                        t(")"),
                    ],
                )
            }
            13 => {
                let ct = self.data_type(1);
                let a = self.expr(&ct, env, d);
                let b = self.expr(&ct, env, d);
                if self.cfg.known_bugs {
                    self.ex(&int, vec![t("(compare "), a, t(" "), b, t(")")])
                } else {
                    // The order ocamlopt evaluates `compare`'s arguments in depends on their
                    // type (a known bug): name them first.
                    let (x, y) = (self.name("c"), self.name("c"));
                    self.ex(
                        &int,
                        vec![
                            t(format!("(let {x} = ")),
                            a,
                            t(format!(" in let {y} = ")),
                            b,
                            t(format!(" in compare {x} {y})")),
                        ],
                    )
                }
            }
            14 if self.cfg.exceptions => {
                // int_of_string of something that may or may not be a number.
                let s = if self.rng.chance(60) {
                    let n = self.expr(&int, env, d);
                    let pre = *self.rng.pick(&["", "0x", "-", "0b1", "+", "1_", "0o"]);
                    let post = *self.rng.pick(&["", "", "_0", "z"]);
                    cat(vec![
                        t(format!("(\"{pre}\" ^ string_of_int (abs ")),
                        n,
                        t(format!(") ^ \"{post}\")")),
                    ])
                } else {
                    self.expr(&Ty::Str, env, d)
                };
                let k = int_lit(self.int_const());
                self.ex(
                    &int,
                    vec![
                        t("(try int_of_string "),
                        s,
                        t(format!(" with Failure _ -> {k})")),
                    ],
                )
            }
            15 => {
                let refs: Vec<String> = env
                    .vars
                    .iter()
                    .filter(|v| v.ty == Ty::Ref(Box::new(Ty::Int)))
                    .map(|v| v.name.clone())
                    .collect();
                if refs.is_empty() {
                    return self.atom(&int, env);
                }
                let r = self.rng.pick(&refs).clone();
                self.ex(&int, vec![t(format!("(!{r})"))])
            }
            16 => self.field_read(&int, env, d),
            17 => {
                let pt = Ty::Tuple(vec![Ty::Int, self.data_type(1)]);
                let p = self.expr(&pt, env, d);
                self.ex(&int, vec![t("(fst "), p, t(")")])
            }
            _ => {
                let a = self.expr(&int, env, d);
                let b = self.expr(&int, env, d);
                let op = *self.rng.pick(&["+", "*", "-"]);
                self.ex(&int, vec![t("("), a, t(format!(" {op} ")), b, t(")")])
            }
        }
    }

    /// `r.f` for a record variable in scope with a field of type `ty`, else an atom.
    fn field_read(&mut self, ty: &Ty, env: &Env, _d: u32) -> Node {
        let mut cands = vec![];
        for v in &env.vars {
            if let Ty::Rec(i) = v.ty {
                for (f, ft, _) in &self.recs[i].fields {
                    if ft == ty {
                        cands.push(format!("{}.{f}", v.name));
                    }
                }
            }
        }
        if cands.is_empty() {
            return self.atom(ty, env);
        }
        let c = self.rng.pick(&cands).clone();
        self.ex(ty, vec![t(format!("({c})"))])
    }

    fn bool_expr(&mut self, env: &Env, d: u32) -> Node {
        let b = Ty::Bool;
        match self.rng.below(10) {
            0..=3 => {
                let ct = if self.rng.chance(60) {
                    Ty::Int
                } else {
                    self.data_type(1)
                };
                let op = *self.rng.pick(&["=", "<>", "<", ">", "<=", ">="]);
                let x = self.expr(&ct, env, d);
                let y = self.expr(&ct, env, d);
                self.ex(&b, vec![t("("), x, t(format!(" {op} ")), y, t(")")])
            }
            4 | 5 => {
                let op = *self.rng.pick(&["&&", "||"]);
                let x = self.expr(&b, env, d);
                let y = self.expr(&b, env, d);
                self.ex(&b, vec![t("("), x, t(format!(" {op} ")), y, t(")")])
            }
            6 => {
                let x = self.expr(&b, env, d);
                self.ex(&b, vec![t("(not "), x, t(")")])
            }
            7 => {
                let et = self.data_type(1);
                let x = self.name("x");
                let body = self.expr(&b, &env.with(&x, et.clone()), d.min(2));
                let l = self.expr(&Ty::list(et.clone()), env, d);
                let f = *self.rng.pick(&["List.exists", "List.for_all"]);
                self.ex(
                    &b,
                    vec![
                        t(format!("({f} (fun ({x} : {}) -> ", et.ocaml())),
                        body,
                        t(") "),
                        l,
                        t(")"),
                    ],
                )
            }
            8 => {
                let et = self.data_type(1);
                let x = self.expr(&et, env, d);
                let l = self.expr(&Ty::list(et), env, d);
                self.ex(&b, vec![t("(List.mem "), x, t(" "), l, t(")")])
            }
            _ => self.field_read(&b, env, d),
        }
    }

    fn char_expr(&mut self, env: &Env, d: u32) -> Node {
        let c = Ty::Char;
        match self.rng.below(4) {
            0 => {
                let n = self.expr(&Ty::Int, env, d);
                self.ex(&c, vec![t("(Char.chr ("), n, t(" land 255))")])
            }
            1 => {
                // s.[i] in bounds, or out of bounds under a handler.
                let s = self.expr(&Ty::Str, env, d);
                let i = self.expr(&Ty::Int, env, d);
                let sv = self.name("s");
                if self.rng.chance(60) || !self.cfg.exceptions {
                    self.ex(
                        &c,
                        vec![
                            t(format!("(let {sv} = ")),
                            s,
                            t(format!(
                                " in if String.length {sv} = 0 then 'z' else {sv}.[("
                            )),
                            i,
                            t(format!(" land max_int) mod String.length {sv}])")),
                        ],
                    )
                } else {
                    self.ex(
                        &c,
                        vec![
                            t("(try String.get "),
                            s,
                            t(" "),
                            i,
                            t(" with Invalid_argument _ -> '?')"),
                        ],
                    )
                }
            }
            _ => self.field_read(&c, env, d),
        }
    }

    fn string_expr(&mut self, env: &Env, d: u32) -> Node {
        let s = Ty::Str;
        match self.rng.below(11) {
            0..=2 => {
                let a = self.expr(&s, env, d);
                let b = self.expr(&s, env, d);
                self.ex(&s, vec![t("("), a, t(" ^ "), b, t(")")])
            }
            3 => {
                let n = self.expr(&Ty::Int, env, d);
                self.ex(&s, vec![t("(string_of_int "), n, t(")")])
            }
            4 if self.cfg.exceptions => {
                let a = self.expr(&s, env, d);
                let i = self.expr(&Ty::Int, env, d);
                let n = self.expr(&Ty::Int, env, d);
                self.ex(
                    &s,
                    vec![
                        t("(try String.sub "),
                        a,
                        t(" ("),
                        i,
                        t(" land 7) ("),
                        n,
                        t(" land 7) with Invalid_argument m -> m)"),
                    ],
                )
            }
            5 => {
                let n = self.expr(&Ty::Int, env, d);
                let c = self.expr(&Ty::Char, env, d);
                self.ex(&s, vec![t("(String.make ("), n, t(" land 7) "), c, t(")")])
            }
            6 => {
                let sep = self.expr(&s, env, d);
                let l = self.expr(&Ty::list(Ty::Str), env, d);
                self.ex(&s, vec![t("(String.concat "), sep, t(" "), l, t(")")])
            }
            7 => {
                let i = self.name("i");
                let n = self.expr(&Ty::Int, env, d);
                let body = self.expr(&Ty::Char, &env.with(&i, Ty::Int), d.min(2));
                self.ex(
                    &s,
                    vec![
                        t("(String.init ("),
                        n,
                        t(format!(" land 7) (fun ({i} : int) -> ")),
                        body,
                        t("))"),
                    ],
                )
            }
            8 => {
                let (fmt, args) = self.format(env, d);
                let mut v = vec![t(format!("(Printf.sprintf \"{fmt}\""))];
                for a in args {
                    v.push(t(" "));
                    v.push(a);
                }
                v.push(t(")"));
                self.ex(&s, v)
            }
            9 => {
                let b = self.expr(&Ty::Bool, env, d);
                self.ex(&s, vec![t("(string_of_bool "), b, t(")")])
            }
            _ => self.field_read(&s, env, d),
        }
    }

    /// A Printf format (the text between the quotes) and its arguments.
    fn format(&mut self, env: &Env, d: u32) -> (String, Vec<Node>) {
        let mut fmt = String::new();
        let mut args = vec![];
        for _ in 0..self.rng.range(1, 3) {
            if self.rng.chance(40) {
                let piece = self.rng.pick(&["<", " ", "x=", "%%", "|"]).to_string();
                fmt.push_str(&piece);
            }
            match self.rng.below(5) {
                0 => {
                    let spec = *self.rng.pick(&[
                        "%d", "%i", "%5d", "%-4d", "%03d", "%x", "%X", "%o", "%u", "%+d",
                    ]);
                    fmt.push_str(spec);
                    args.push(self.expr(&Ty::Int, env, d));
                }
                1 => {
                    let piece = self.rng.pick(&["%s", "%5s", "%-3s"]).to_string();
                    fmt.push_str(&piece);
                    args.push(self.expr(&Ty::Str, env, d));
                }
                2 => {
                    let spec = if self.rng.chance(30) { "%3c" } else { "%c" };
                    fmt.push_str(spec);
                    args.push(self.expr(&Ty::Char, env, d));
                }
                3 => {
                    let piece = self.rng.pick(&["%b", "%B", "%6b"]).to_string();
                    fmt.push_str(&piece);
                    args.push(self.expr(&Ty::Bool, env, d));
                }
                _ => {
                    let spec = if self.rng.chance(30) { "%#d" } else { "%d" };
                    fmt.push_str(spec);
                    args.push(self.expr(&Ty::Int, env, d));
                }
            }
        }
        (fmt, args)
    }

    fn list_expr(&mut self, el: &Ty, env: &Env, d: u32) -> Node {
        let lt = Ty::list(el.clone());
        match self.rng.below(9) {
            0 => {
                let x = self.expr(el, env, d);
                let l = self.expr(&lt, env, d);
                self.ex(&lt, vec![t("("), x, t(" :: "), l, t(")")])
            }
            1 => {
                let a = self.expr(&lt, env, d);
                let b = self.expr(&lt, env, d);
                self.ex(&lt, vec![t("("), a, t(" @ "), b, t(")")])
            }
            2 => {
                let st = self.data_type(1);
                let x = self.name("x");
                let body = self.expr(el, &env.with(&x, st.clone()), d.min(2));
                let l = self.expr(&Ty::list(st.clone()), env, d);
                self.ex(
                    &lt,
                    vec![
                        t(format!("(List.map (fun ({x} : {}) -> ", st.ocaml())),
                        body,
                        t(") "),
                        l,
                        t(")"),
                    ],
                )
            }
            3 => {
                let x = self.name("x");
                let body = self.expr(&Ty::Bool, &env.with(&x, el.clone()), d.min(2));
                let l = self.expr(&lt, env, d);
                self.ex(
                    &lt,
                    vec![
                        t(format!("(List.filter (fun ({x} : {}) -> ", el.ocaml())),
                        body,
                        t(") "),
                        l,
                        t(")"),
                    ],
                )
            }
            4 => {
                let l = self.expr(&lt, env, d);
                self.ex(&lt, vec![t("(List.rev "), l, t(")")])
            }
            5 => {
                let i = self.name("i");
                let n = self.expr(&Ty::Int, env, d);
                let body = self.expr(el, &env.with(&i, Ty::Int), d.min(2));
                self.ex(
                    &lt,
                    vec![
                        t("(List.init ("),
                        n,
                        t(format!(" land 7) (fun ({i} : int) -> ")),
                        body,
                        t("))"),
                    ],
                )
            }
            6 if el.comparable() => {
                let l = self.expr(&lt, env, d);
                let f = *self.rng.pick(&["compare", "(fun a b -> compare b a)"]);
                self.ex(&lt, vec![t(format!("(List.sort {f} ")), l, t(")")])
            }
            _ => {
                let n = self.rng.range(0, 3);
                let mut v = vec![t("[")];
                for k in 0..n {
                    if k > 0 {
                        v.push(t("; "));
                    }
                    v.push(self.expr(el, env, d));
                }
                v.push(t("]"));
                self.ex(&lt, v)
            }
        }
    }

    /// A `raise` of type `ty`.
    fn raise_expr(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        let k = self.rng.below(self.exns.len() + 4);
        let payload = if k < self.exns.len() {
            let (name, args) = self.exns[k].clone();
            if args.is_empty() {
                vec![t(name)]
            } else {
                let mut v = vec![t(format!("{name} ("))];
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        v.push(t(", "));
                    }
                    v.push(self.expr(a, env, d));
                }
                v.push(t(")"));
                v
            }
        } else {
            match k - self.exns.len() {
                0 => vec![t("Not_found")],
                1 => vec![t("Exit")],
                2 => {
                    let s = self.expr(&Ty::Str, env, d);
                    return self.ex(ty, vec![t("(failwith "), s, t(")")]);
                }
                _ => {
                    let s = self.expr(&Ty::Str, env, d);
                    return self.ex(ty, vec![t("(invalid_arg "), s, t(")")]);
                }
            }
        };
        let mut v = vec![t("(raise (")];
        v.extend(payload);
        v.push(t("))"));
        self.ex(ty, v)
    }

    /// `try e with handlers`, some re-raising.
    fn try_expr(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        let body = self.expr(ty, env, d);
        let mut v = vec![t("(try "), body, t(" with")];
        let n = self.rng.range(1, 3);
        for _ in 0..n {
            let k = self.rng.below(self.exns.len() + 5);
            let (pat, binds): (String, Vec<(String, Ty)>) = if k < self.exns.len() {
                let (name, args) = self.exns[k].clone();
                if args.is_empty() {
                    (name, vec![])
                } else {
                    let names: Vec<String> = args.iter().map(|_| self.name("e")).collect();
                    let p = format!("{name} ({})", names.join(", "));
                    (p, names.into_iter().zip(args).collect())
                }
            } else {
                match k - self.exns.len() {
                    0 => ("Not_found".into(), vec![]),
                    1 => ("Division_by_zero".into(), vec![]),
                    2 => {
                        let m = self.name("m");
                        (format!("Failure {m}"), vec![(m, Ty::Str)])
                    }
                    3 => {
                        let m = self.name("m");
                        (format!("Invalid_argument {m}"), vec![(m, Ty::Str)])
                    }
                    _ => ("Exit".into(), vec![]),
                }
            };
            let mut e2 = env.clone();
            for (n, ty) in &binds {
                e2 = e2.with(n, ty.clone());
            }
            let handler = self.expr(ty, &e2, d);
            v.push(item(cat(vec![t(format!(" | {pat} -> ")), handler])));
        }
        match self.rng.below(3) {
            0 => {
                // Re-raise after printing.
                let x = self.name("ex");
                v.push(t(format!(" | {x} -> print_string \"reraise \"; raise {x}")));
            }
            1 => {
                let h = self.expr(ty, env, d);
                v.push(cat(vec![t(" | _ -> "), h]));
            }
            _ => {}
        }
        v.push(t(")"));
        self.ex(ty, v)
    }

    /// `(s1; s2; let x = e in s3; e)`.
    fn sequence(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        let mut env = env.clone();
        let mut v = vec![t("(")];
        for _ in 0..self.rng.range(1, 3) {
            if self.rng.chance(35) {
                let (binding, x, xt) = self.binding(&env, d);
                v.push(item(binding));
                env = env.with(&x, xt);
            } else {
                let s = self.stmt(&env, d);
                v.push(item(cat(vec![s, t("; ")])));
            }
        }
        v.push(self.expr(ty, &env, d));
        v.push(t(")"));
        self.ex(ty, v)
    }

    /// `let x = e in ` (a ref, a record, a closure or any value); returns the variable.
    fn binding(&mut self, env: &Env, d: u32) -> (Node, String, Ty) {
        let x = self.name("v");
        let ty = match self.rng.below(4) {
            0 => Ty::Ref(Box::new(Ty::Int)),
            1 => Ty::Ref(Box::new(self.data_type(1))),
            _ => self.any_type(1),
        };
        let e = self.expr(&ty, env, d);
        (
            cat(vec![
                t(format!("let ({x} : {}) = ", ty.ocaml())),
                e,
                t(" in "),
            ]),
            x,
            ty,
        )
    }

    /// A statement (an expression of type unit).
    fn stmt(&mut self, env: &Env, d: u32) -> Node {
        let u = Ty::Unit;
        match self.rng.below(16) {
            0..=4 => self.print_stmt(env, d),
            5 => {
                let refs: Vec<(String, Ty)> = env
                    .vars
                    .iter()
                    .filter_map(|v| match &v.ty {
                        Ty::Ref(inner) => Some((v.name.clone(), (**inner).clone())),
                        _ => None,
                    })
                    .collect();
                if refs.is_empty() {
                    return self.print_stmt(env, d);
                }
                let (r, inner) = self.rng.pick(&refs).clone();
                if inner == Ty::Int && self.rng.chance(40) {
                    let f = *self.rng.pick(&["incr", "decr"]);
                    return self.ex(&u, vec![t(format!("({f} {r})"))]);
                }
                let e = self.expr(&inner, env, d);
                self.ex(&u, vec![t(format!("({r} := ")), e, t(")")])
            }
            6 => {
                let mut cands = vec![];
                for v in &env.vars {
                    if let Ty::Rec(i) = v.ty {
                        for (f, ft, m) in &self.recs[i].fields {
                            if *m {
                                cands.push((v.name.clone(), f.clone(), ft.clone()));
                            }
                        }
                    }
                }
                if cands.is_empty() {
                    return self.print_stmt(env, d);
                }
                let (r, f, ft) = self.rng.pick(&cands).clone();
                let e = self.expr(&ft, env, d);
                self.ex(&u, vec![t(format!("({r}.{f} <- ")), e, t(")")])
            }
            7 | 8 if env.loops < 2 => {
                let i = self.name("i");
                let lo = self.rng.range(-2, 3);
                let hi = lo + self.rng.range(-1, 6);
                let dir = if self.rng.chance(30) { "downto" } else { "to" };
                let (lo, hi) = if dir == "downto" { (hi, lo) } else { (lo, hi) };
                let mut e2 = env.with(&i, Ty::Int);
                e2.restricted = true;
                e2.loops += 1;
                let body = self.stmt_seq(&e2, d);
                self.ex(
                    &u,
                    vec![
                        t(format!(
                            "(for {i} = {} {dir} {} do ",
                            int_lit(lo),
                            int_lit(hi)
                        )),
                        body,
                        t(" done)"),
                    ],
                )
            }
            9 if env.loops < 2 => {
                let c = self.name("c");
                let n = self.rng.range(0, 6);
                let mut e2 = env.clone();
                e2.restricted = true;
                e2.loops += 1;
                let body = self.stmt_seq(&e2, d);
                self.ex(
                    &u,
                    vec![
                        t(format!(
                            "(let {c} = ref {n} in while !{c} > 0 do decr {c}; "
                        )),
                        body,
                        t(" done)"),
                    ],
                )
            }
            10 => {
                let c = self.expr(&Ty::Bool, env, d);
                let s = self.stmt(env, d);
                self.ex(&u, vec![t("(if "), c, t(" then "), s, t(")")])
            }
            11 => {
                let et = self.data_type(1);
                let x = self.name("x");
                let mut e2 = env.with(&x, et.clone());
                e2.restricted = true;
                let body = self.print_stmt(&e2, d.min(1));
                let l = self.expr(&Ty::list(et.clone()), env, d);
                self.ex(
                    &u,
                    vec![
                        t(format!("(List.iter (fun ({x} : {}) -> ", et.ocaml())),
                        body,
                        t(") "),
                        l,
                        t(")"),
                    ],
                )
            }
            12 => {
                let et = self.any_type(1);
                let e = self.expr(&et, env, d);
                self.ex(&u, vec![t("(ignore "), e, t(")")])
            }
            13 => {
                let s = self.expr(&Ty::Str, env, d);
                let f = *self
                    .rng
                    .pick(&["String.iter (fun c -> print_char c)", "print_endline"]);
                self.ex(&u, vec![t(format!("({f} ")), s, t(")")])
            }
            14 if self.cfg.exceptions && self.rng.chance(20) => {
                let c = self.expr(&Ty::Bool, env, d);
                self.ex(&u, vec![t("(assert "), c, t(")")])
            }
            _ => self.print_stmt(env, d),
        }
    }

    /// Statements separated by `;` (a loop body).
    fn stmt_seq(&mut self, env: &Env, d: u32) -> Node {
        let mut v = vec![];
        let n = self.rng.range(1, 2);
        for k in 0..n {
            let s = self.stmt(env, d);
            if k + 1 < n {
                v.push(item(cat(vec![s, t("; ")])));
            } else {
                v.push(s);
            }
        }
        self.ex(&Ty::Unit, vec![t("("), cat(v), t(")")])
    }

    /// Prints a value of a random type.
    fn print_stmt(&mut self, env: &Env, d: u32) -> Node {
        let u = Ty::Unit;
        match self.rng.below(8) {
            0 => {
                let e = self.expr(&Ty::Int, env, d);
                self.ex(&u, vec![t("(print_int "), e, t("; print_char ' ')")])
            }
            1 => {
                let e = self.expr(&Ty::Str, env, d);
                let f = *self.rng.pick(&["print_string", "print_endline"]);
                self.ex(&u, vec![t(format!("({f} ")), e, t(")")])
            }
            2 => {
                let e = self.expr(&Ty::Char, env, d);
                self.ex(&u, vec![t("(print_char "), e, t(")")])
            }
            3 => {
                let (fmt, args) = self.format(env, d);
                let nl = if self.rng.chance(50) { "\\n" } else { "" };
                let mut v = vec![t(format!("(Printf.printf \"{fmt}{nl}\""))];
                for a in args {
                    v.push(t(" "));
                    v.push(a);
                }
                v.push(t(")"));
                self.ex(&u, v)
            }
            4 => self.ex(&u, vec![t("(print_newline ())")]),
            _ => {
                let ty = self.data_type(2);
                let x = self.name("w");
                let e = self.expr(&ty, env, d);
                let shown = self.show(&ty, &x);
                self.ex(
                    &u,
                    vec![
                        t(format!("(let ({x} : {}) = ", ty.ocaml())),
                        e,
                        t(format!(" in print_string ({shown}); print_char '\\n')")),
                    ],
                )
            }
        }
    }

    // ---------------------------------------------------------------------------------
    // Pattern matching
    // ---------------------------------------------------------------------------------

    /// A pattern of type `ty`; variables it binds are added to `binds` (only if `vars`).
    fn pattern(
        &mut self,
        ty: &Ty,
        vars: bool,
        depth: u32,
        binds: &mut Vec<(String, Ty)>,
    ) -> String {
        if self.rng.chance(15) {
            return "_".into();
        }
        if vars && self.rng.chance(20) {
            let x = self.name("p");
            binds.push((x.clone(), ty.clone()));
            return x;
        }
        if depth > 0 && vars && self.rng.chance(8) {
            let x = self.name("q");
            let p = self.pattern(ty, vars, depth - 1, binds);
            binds.push((x.clone(), ty.clone()));
            return format!("({p} as {x})");
        }
        if depth > 0 && self.rng.chance(10) {
            // An or-pattern binding nothing.
            let a = self.pattern(ty, false, depth - 1, binds);
            let b = self.pattern(ty, false, depth - 1, binds);
            return format!("({a} | {b})");
        }
        let d = depth.saturating_sub(1);
        match ty {
            Ty::Int => int_lit(self.rng.range(-2, 5)),
            Ty::Bool => if self.rng.chance(50) { "true" } else { "false" }.into(),
            Ty::Char => {
                if self.rng.chance(30) {
                    "('a' .. 'm')".into()
                } else {
                    char_lit(self.char_const())
                }
            }
            Ty::Str => self.string_const(),
            Ty::Unit => "()".into(),
            Ty::List(el) => match self.rng.below(3) {
                0 => "[]".into(),
                1 if depth > 0 => {
                    let h = self.pattern(el, vars, d, binds);
                    let tl = self.pattern(ty, vars, d, binds);
                    format!("({h} :: {tl})")
                }
                _ => {
                    let a = self.pattern(el, vars, d, binds);
                    format!("[{a}]")
                }
            },
            Ty::Option(el) => {
                if self.rng.chance(30) {
                    "None".into()
                } else {
                    let p = self.pattern(el, vars, d, binds);
                    format!("(Some {p})")
                }
            }
            Ty::Tuple(ts) => {
                let ps: Vec<String> = ts
                    .clone()
                    .iter()
                    .map(|et| self.pattern(et, vars, d, binds))
                    .collect();
                format!("({})", ps.join(", "))
            }
            Ty::Ref(el) => {
                let p = self.pattern(el, vars, d, binds);
                format!("{{ contents = {p} }}")
            }
            Ty::Adt(i) => {
                let k = self.rng.below(self.adts[*i].ctors.len());
                let (c, args) = self.adts[*i].ctors[k].clone();
                if args.is_empty() {
                    c
                } else {
                    let ps: Vec<String> = args
                        .iter()
                        .map(|a| self.pattern(a, vars, d, binds))
                        .collect();
                    format!("({c} ({}))", ps.join(", "))
                }
            }
            Ty::Rec(i) => {
                let fields: Vec<(String, Ty)> = self.recs[*i]
                    .fields
                    .iter()
                    .map(|(f, ty, _)| (f.clone(), ty.clone()))
                    .collect();
                let (f, ft) = self.rng.pick(&fields).clone();
                let p = self.pattern(&ft, vars, d, binds);
                format!("{{ {f} = {p}; _ }}")
            }
            Ty::Fun(..) => "_".into(),
        }
    }

    fn match_expr(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        let st = self.data_type(2);
        let scrut = self.expr(&st, env, d);
        let mut v = vec![t("(match "), scrut, t(" with")];
        for _ in 0..self.rng.range(1, 4) {
            let mut binds = vec![];
            let p = self.pattern(&st, true, 2, &mut binds);
            let mut e2 = env.clone();
            for (n, bt) in &binds {
                e2 = e2.with(n, bt.clone());
            }
            let guard = if self.rng.chance(25) {
                let g = self.expr(&Ty::Bool, &e2, d.min(2));
                cat(vec![t(" when "), g])
            } else {
                t("")
            };
            let body = self.expr(ty, &e2, d);
            v.push(item(cat(vec![
                t(format!(" | {p}")),
                guard,
                t(" -> "),
                body,
            ])));
        }
        // Without a last catch-all arm the match may raise Match_failure.
        if !self.rng.chance(4) {
            let e = self.expr(ty, env, d);
            v.push(cat(vec![t(" | _ -> "), e]));
        }
        v.push(t(")"));
        self.ex(ty, v)
    }

    // ---------------------------------------------------------------------------------
    // Top level
    // ---------------------------------------------------------------------------------

    fn function(&mut self, env: &Env) -> (Node, Var) {
        let f = self.name("f");
        let n = self.rng.range(1, 3) as usize;
        let params: Vec<(String, Ty)> = (0..n)
            .map(|_| {
                let x = self.name("x");
                let ty = self.any_type(1);
                (x, ty)
            })
            .collect();
        let ret = self.any_type(1);
        let mut e2 = env.clone();
        let mut head = format!("let {f}");
        for (x, ty) in &params {
            head.push_str(&format!(" ({x} : {})", ty.ocaml()));
            e2 = e2.with(x, ty.clone());
        }
        head.push_str(&format!(" : {} =\n  ", ret.ocaml()));
        let body = self.expr(&ret, &e2, self.cfg.expr_depth);
        let ty = Ty::fun(params.into_iter().map(|p| p.1).collect(), ret);
        self.functions.push(f.clone());
        (item(cat(vec![t(head), body, t("\n")])), Var { name: f, ty })
    }

    /// A small expression without effects (a step of a long recursion must not print).
    fn pure_step(&mut self, env: &Env) -> Node {
        let a = self.atom(&Ty::Int, env);
        let b = self.atom(&Ty::Int, env);
        let op = *self
            .rng
            .pick(&["+", "-", "*", "land", "lor", "lxor", "asr"]);
        if op == "asr" {
            self.ex(&Ty::Int, vec![t("("), a, t(" asr ("), b, t(" land 63))")])
        } else {
            self.ex(&Ty::Int, vec![t("("), a, t(format!(" {op} ")), b, t(")")])
        }
    }

    /// A recursion template and a statement calling it.
    fn recursion(&mut self, env: &Env) -> (Node, Node) {
        let f = self.name("r");
        let mut e1 = Env {
            restricted: true,
            ..Env::default()
        };
        for v in &env.vars {
            if !self.functions.contains(&v.name) {
                e1.vars.push(v.clone());
            }
        }
        let n = self.name("n");
        let acc = self.name("acc");
        let en = e1.with(&n, Ty::Int);
        match self.rng.below(4) {
            0 => {
                // Deep non-tail recursion.
                let base = self.atom(&Ty::Int, &en);
                let x = self.name("x");
                let comb = self.pure_step(&en.with(&x, Ty::Int));
                let k = self.rng.range(1, self.cfg.deep_max);
                let def = cat(vec![
                    t(format!(
                        "let rec {f} ({n} : int) : int =\n  if {n} <= 0 then "
                    )),
                    base,
                    t(format!(" else let {x} = {f} ({n} - 1) in ({x} + ")),
                    comb,
                    t(")\n"),
                ]);
                let call = t(format!("Printf.printf \"{f} %d\\n\" ({f} {k})"));
                (item(def), call)
            }
            1 => {
                // Tail recursion with an accumulator.
                let step = self.pure_step(&en.with(&acc, Ty::Int));
                let k = self.rng.range(1, self.cfg.tail_max);
                let def = cat(vec![
                    t(format!(
                        "let rec {f} ({n} : int) ({acc} : int) : int =\n  if {n} = 0 then {acc} else {f} ({n} - 1) ({acc} lxor "
                    )),
                    step,
                    t(")\n"),
                ]);
                let call = t(format!("Printf.printf \"{f} %d\\n\" ({f} {k} 0)"));
                (item(def), call)
            }
            2 => {
                // Mutual tail recursion.
                let g = self.name("r");
                let a = self.pure_step(&en.with(&acc, Ty::Int));
                let b = self.pure_step(&en.with(&acc, Ty::Int));
                let k = self.rng.range(1, self.cfg.tail_max);
                let def = cat(vec![
                    t(format!("let rec {f} ({n} : int) ({acc} : int) : int =\n  if {n} <= 0 then {acc} else {g} ({n} - 1) ({acc} + ")),
                    a,
                    t(format!(")\nand {g} ({n} : int) ({acc} : int) : int =\n  if {n} <= 0 then {acc} * 2 else {f} ({n} - 1) ({acc} lxor ")),
                    b,
                    t(")\n"),
                ]);
                let call = t(format!("Printf.printf \"{f} %d\\n\" ({f} {k} 1)"));
                (item(def), call)
            }
            _ => {
                // Build a long list without tail calls, then fold it.
                let x = self.pure_step(&en);
                let k = self.rng.range(1, self.cfg.deep_max);
                let def = cat(vec![
                    t(format!(
                        "let rec {f} ({n} : int) : int list =\n  if {n} = 0 then [] else "
                    )),
                    x,
                    t(format!(" :: {f} ({n} - 1)\n")),
                ]);
                let call = t(format!(
                    "(let l = {f} {k} in Printf.printf \"{f} %d %d\\n\" (List.length l) (List.fold_left (fun a b -> a * 31 + b) 0 (List.map (fun x -> x land 1023) l)))"
                ));
                (item(def), call)
            }
        }
    }

    /// `let () = try ... with e -> print_string (show_exn e)`.
    fn top_statement(&mut self, env: &Env, body: Option<Node>) -> Node {
        let body = match body {
            Some(b) => cat(vec![b, t(";\n  ")]),
            None => {
                let d = self.cfg.expr_depth;
                let mut v = vec![];
                let mut env = env.clone();
                for _ in 0..self.rng.range(1, 4) {
                    if self.rng.chance(30) {
                        let (b, x, xt) = self.binding(&env, d);
                        v.push(item(b));
                        env = env.with(&x, xt);
                    } else {
                        let s = self.stmt(&env, d);
                        v.push(item(cat(vec![s, t(";\n  ")])));
                    }
                }
                cat(v)
            }
        };
        if !self.cfg.exceptions {
            return item(cat(vec![
                t("let () =\n  "),
                body,
                t("print_string \"--\\n\"\n"),
            ]));
        }
        let guarded = self.ex(
            &Ty::Unit,
            vec![
                t("(try\n  "),
                body,
                t("()\n  with e -> print_string (\"!\" ^ show_exn e ^ \"\\n\"))"),
            ],
        );
        item(cat(vec![
            t("let () =\n  "),
            guarded,
            t(";\n  print_string \"--\\n\"\n"),
        ]))
    }

    pub fn program(&mut self) -> Node {
        let mut items = vec![];
        items.extend(self.declare_types());
        items.extend(self.declare_exceptions());
        let mut env = Env::default();
        // Globals.
        for _ in 0..self.rng.range(0, 3) {
            let x = self.name("g");
            let ty = if self.rng.chance(30) {
                Ty::Ref(Box::new(Ty::Int))
            } else {
                self.data_type(2)
            };
            self.no_raise = false;
            let e = self.expr(&ty, &env, 2);
            self.no_raise = false;
            items.push(item(cat(vec![
                t(format!("let {x} : {} = ", ty.ocaml())),
                e,
                t("\n"),
            ])));
            env.vars.push(Var { name: x, ty });
        }
        let nf = self.rng.range(1, self.cfg.max_functions as i64);
        let ns = self.rng.range(1, self.cfg.max_statements as i64);
        let mut steps: Vec<u8> = (0..nf).map(|_| 0).chain((0..ns).map(|_| 1)).collect();
        // Interleave functions and statements, functions first on the whole.
        for i in 1..steps.len() {
            if self.rng.chance(30) {
                steps.swap(i - 1, i);
            }
        }
        for s in steps {
            if s == 0 {
                if self.rng.chance(30) {
                    let (def, call) = self.recursion(&env);
                    items.push(def);
                    items.push(self.top_statement(&env, Some(call)));
                } else {
                    let (def, v) = self.function(&env);
                    items.push(def);
                    env.vars.push(v);
                }
            } else {
                items.push(self.top_statement(&env, None));
            }
        }
        if self.cfg.allow_abnormal_exit && self.rng.chance(10) {
            let end = match self.rng.below(5) {
                0 => "let () = exit 3\n".to_string(),
                1 => "let () = raise Not_found\n".to_string(),
                2 => "let () = failwith \"the end\"\n".to_string(),
                3 => "let () = prerr_string \"stderr text\\n\"; exit 0\n".to_string(),
                _ if self.rng.chance(50) => "let () = raise (E0_never_declared)\n"
                    .replace("E0_never_declared", &self.exns[0].0.clone()),
                _ => "let () = invalid_arg \"last\"\n".to_string(),
            };
            // A user exception with arguments would need them: only the constant ones.
            let end = if end.contains("raise (E") && !self.exns[0].1.is_empty() {
                "let () = raise Exit\n".to_string()
            } else {
                end
            };
            items.push(item(t(end)));
        }
        cat(items)
    }
}

/// The program of a seed.
pub fn generate(seed: u64, cfg: &Config) -> Node {
    Gen::new(seed, cfg).program()
}
