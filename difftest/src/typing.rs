//! Typing differential fuzzing: egret must never accept a program that ocamlopt rejects.
//!
//! A *mutant* is a generated well-typed program ([`crate::gen`]) with one change that often
//! makes it ill-typed: an expression replaced by a value or an expression of another type, a
//! wrong annotation, a weak (`ref []`) or expansive polymorphic value used at two types. Both
//! compilers give a verdict (accept / reject); the one result that must never happen is
//! "egret accepts, ocamlopt rejects" ([`Verdicts::unsound`]), and egret must never stop with an
//! internal error. "egret rejects, ocamlopt accepts" is counted: it measures what egret does
//! not support yet, not a soundness bug.

use std::path::Path;
use std::process::Command;

use crate::gen::{generate, Config, Rng};
use crate::mutate_text::{self, TEXT_MUTATIONS};
use crate::tree::{Node, Ty};

/// Values of assorted types (some polymorphic: the oracle decides where they fit).
const VALUES: &[(&str, &str)] = &[
    ("int", "1"),
    ("bool", "true"),
    ("char", "'c'"),
    ("string", "\"s\""),
    ("unit", "()"),
    ("int list", "[1]"),
    ("string option", "(Some \"x\")"),
    ("int * bool", "(1, true)"),
    ("int -> int", "(fun x -> x + 1)"),
    ("int ref", "(ref 0)"),
    ("'a list", "[]"),
    ("'a option", "None"),
    ("'a -> 'a", "(fun x -> x)"),
    ("exn", "Not_found"),
];

/// The kinds of mutation that use the generator's types, by name (the name is reported with
/// each unsound mutant); the text mutations ([`crate::mutate_text::TEXT_MUTATIONS`]) are drawn
/// as often as these together.
pub const MUTATIONS: &[&str] = &[
    "value-of-another-type",
    "expression-of-another-type",
    "wrong-annotation",
    "weak-ref-at-two-types",
    "expansive-identity-at-two-types",
    "local-weak-ref",
];

/// One mutant of the program of `seed`: its source and the mutation's name, or `None` when
/// the program has no place for the mutation drawn.
pub fn mutant(seed: u64) -> Option<(String, &'static str)> {
    let mut cfg = Config::small();
    cfg.exceptions = seed % 2 == 0;
    let program = generate(seed / 4, &cfg);
    let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut nodes = Vec::new();
    program.preorder(&mut nodes);
    // Expressions by preorder index, with their types and texts.
    let exprs: Vec<(usize, Ty, String)> = nodes
        .iter()
        .enumerate()
        .filter_map(|(i, n)| match n {
            Node::Expr { ty, body, .. } => Some((i, ty.clone(), body.render())),
            _ => None,
        })
        .collect();
    if exprs.len() < 2 {
        return None;
    }
    if rng.chance(50) {
        let kind = *rng.pick(TEXT_MUTATIONS);
        return mutate_text::mutate(&program.render(), kind, &mut rng).map(|m| (m, kind));
    }
    let kind = *rng.pick(MUTATIONS);
    let (target, ty, text) = exprs[rng.below(exprs.len())].clone();
    let replace = |with: String| program.rewrite(target, &mut |_| Node::text(with.clone()));
    let source = match kind {
        "value-of-another-type" => {
            let (vty, v) = *rng.pick(VALUES);
            if vty == ty.ocaml() {
                return None;
            }
            replace(v.to_string()).render()
        }
        "expression-of-another-type" => {
            let others: Vec<&(usize, Ty, String)> = exprs.iter().filter(|e| e.1 != ty).collect();
            if others.is_empty() {
                return None;
            }
            replace(format!("({})", rng.pick(&others).2)).render()
        }
        "wrong-annotation" => {
            let (vty, _) = *rng.pick(VALUES);
            replace(format!("({text} : {vty})")).render()
        }
        "weak-ref-at-two-types" | "expansive-identity-at-two-types" | "local-weak-ref" => {
            // Two expressions (of the same type or not) go through one weak value.
            let (second, _, text2) = exprs[rng.below(exprs.len())].clone();
            if second == target || is_within(&nodes, target, second) {
                return None;
            }
            let (prelude, wrap): (&str, fn(&str) -> String) = match kind {
                "weak-ref-at-two-types" => (
                    "let __w = ref []\n",
                    |e| format!("(let __v = ({e}) in __w := [__v]; __v)"),
                ),
                "expansive-identity-at-two-types" => (
                    "let __id = (fun () -> fun x -> x) ()\n",
                    |e| format!("(__id ({e}))"),
                ),
                _ => (
                    "let __mk () = let r = ref [] in (fun x -> r := x :: !r; x)\nlet __w = __mk ()\n",
                    |e| format!("(__w ({e}))"),
                ),
            };
            let once = replace(wrap(&text));
            let twice = once.rewrite(second, &mut |_| Node::text(wrap(&text2)));
            format!("{prelude}{}", twice.render())
        }
        _ => unreachable!(),
    };
    Some((source, kind))
}

/// Whether node `inner` is inside node `outer` (by preorder indices).
fn is_within(nodes: &[&Node], outer: usize, inner: usize) -> bool {
    let (a, b) = (outer.min(inner), outer.max(inner));
    b < a + nodes[a].size()
}

/// A compiler's verdict on a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accept,
    Reject,
    /// egret stopped with an internal error (a panic); ocamlopt stopped with a fatal error.
    Crash,
}

/// egret's verdict: its parser and typer in this process (what `egret check` runs), with the
/// lambda verifier on what the typer accepts; a panic is an internal error.
pub fn egret_verdict(src: &str) -> Verdict {
    let src = src.as_bytes().to_vec();
    match std::panic::catch_unwind(move || egret_plugin::fuzz::typecheck(&src)) {
        Ok(true) => Verdict::Accept,
        Ok(false) => Verdict::Reject,
        Err(_) => Verdict::Crash,
    }
}

/// OCaml's verdict: its type checker, `ocamlc -stop-after typing -c` in the file's directory
/// (the front end ocamlopt shares; exit 0 accepts, 2 rejects).
pub fn ocamlopt_verdict(file: &Path) -> Verdict {
    let dir = file.parent().unwrap();
    match Command::new("ocamlc")
        .args(["-stop-after", "typing", "-w", "-a", "-c"])
        .arg(file.file_name().unwrap())
        .current_dir(dir)
        .output()
    {
        // ocamlopt 4.13 itself stops on a few programs (`Fatal error: exception
        // Misc.Fatal_error`, in Selection): no verdict.
        Ok(o) if String::from_utf8_lossy(&o.stderr).contains("Fatal error") => Verdict::Crash,
        Ok(o) => match o.status.code() {
            Some(0) => Verdict::Accept,
            Some(2) => Verdict::Reject,
            _ => Verdict::Crash,
        },
        Err(e) => panic!("cannot run ocamlopt: {e}"),
    }
}

/// The counts of a campaign.
#[derive(Default, Debug)]
pub struct Verdicts {
    pub mutants: u64,
    pub both_accept: u64,
    pub both_reject: u64,
    /// egret rejects what ocamlopt accepts: a feature egret lacks (or a bug, but not unsound).
    pub incomplete: u64,
    /// egret accepts what ocamlopt rejects, with the seed and the mutation: must stay empty.
    pub unsound: Vec<(u64, &'static str)>,
    /// egret's internal errors, with the seed.
    pub crashes: Vec<u64>,
    /// Mutants egret rejects that were not shown to OCaml (a campaign checks one egret
    /// rejection in `reject_sample`: a rejection cannot be unsound).
    pub egret_reject_unchecked: u64,
    /// The end of the highest range of seeds run (set by a campaign's driver).
    pub last_seed: u64,
}

impl Verdicts {
    pub fn add(&mut self, seed: u64, kind: &'static str, egret: Verdict, ocaml: Verdict) {
        self.mutants += 1;
        match (egret, ocaml) {
            (Verdict::Crash, _) => self.crashes.push(seed),
            (_, Verdict::Crash) => {}
            (Verdict::Accept, Verdict::Accept) => self.both_accept += 1,
            (Verdict::Reject, Verdict::Reject) => self.both_reject += 1,
            (Verdict::Reject, Verdict::Accept) => self.incomplete += 1,
            (Verdict::Accept, Verdict::Reject) => self.unsound.push((seed, kind)),
        }
    }

    pub fn merge(&mut self, o: Verdicts) {
        self.mutants += o.mutants;
        self.both_accept += o.both_accept;
        self.both_reject += o.both_reject;
        self.incomplete += o.incomplete;
        self.unsound.extend(o.unsound);
        self.crashes.extend(o.crashes);
        self.egret_reject_unchecked += o.egret_reject_unchecked;
        self.last_seed = self.last_seed.max(o.last_seed);
    }

    pub fn summary(&self) -> String {
        format!(
            "{} mutants: {} accepted by both, {} rejected by both, {} rejected by egret only, {} accepted by egret only (unsound), {} internal errors, {} rejected by egret and not shown to OCaml",
            self.mutants,
            self.both_accept,
            self.both_reject,
            self.incomplete,
            self.unsound.len(),
            self.crashes.len(),
            self.egret_reject_unchecked
        )
    }
}

/// Runs the mutants of `seeds` in `work` (a scratch directory): egret's verdict on each, and
/// OCaml's on each mutant egret accepts and on one in `reject_sample` of those it rejects
/// (1: all). Every acceptance is compared, so no unsound verdict can go unseen; the sample
/// only saves OCaml's time on the rejections (most mutants), whose counts it estimates.
pub fn campaign(seeds: std::ops::Range<u64>, work: &Path, reject_sample: u64) -> Verdicts {
    std::fs::create_dir_all(work).unwrap();
    let mut v = Verdicts::default();
    for seed in seeds {
        let Some((src, kind)) = mutant(seed) else {
            continue;
        };
        let e = egret_verdict(&src);
        if e == Verdict::Reject && seed % reject_sample.max(1) != 0 {
            v.mutants += 1;
            v.egret_reject_unchecked += 1;
            continue;
        }
        let file = work.join("mutant.ml");
        std::fs::write(&file, &src).unwrap();
        let o = ocamlopt_verdict(&file);
        v.add(seed, kind, e, o);
    }
    v
}
