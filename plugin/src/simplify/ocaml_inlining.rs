//! ocamlopt's inlining decisions, for backtraces that show ocamlopt's frames (`-g`).
//!
//! ocamlopt 4.13 without flambda (`middle_end/closure/closure.ml`) inlines a function at a
//! direct call only when it is closed (no free variable but module-level values and closed
//! functions), defines no function of its own (`Uclosure`, `Uletrec`: `lambda_smaller` gives
//! up), and its body's estimated size is at most `10 + n` (`-inline` 10 / 8 × 8, plus one per
//! parameter, eight per optional parameter with a default; OCaml's `lambda_smaller` and `prim_size`). A frame of a function ocamlopt did not
//! inline is a frame of its own in its backtraces, and one it inlined prints as `(inlined)`.
//!
//! [`mark_not_inlinable`] marks every function-bound variable ocamlopt would not inline as
//! never inlined ([`VarTable::not_inlined`], as `[@inline never]`), so the simplifier keeps its calls (and its
//! name: a function used once is not substituted as an anonymous `fun`). The sizes are
//! estimates on egret's lambda IR, close to OCaml's on clambda: a function far from the
//! threshold gets ocamlopt's verdict. Without `-g` the pass runs when the program turns
//! backtraces on ([`records_backtraces`]), whose frames ocamlopt records without `-g` too;
//! otherwise the simplifier's own policy decides (`OCAMLRUNPARAM=b` alone then shows egret's
//! frames, as the interpreters and the JIT show none).

use crate::lambda::visit::each_child;
use std::collections::HashSet;

use crate::lambda::ir::*;

/// OCaml's `-inline` default without flambda (10 / 8), times its `magic_scale_constant` 8.
const THRESHOLD: usize = 10;

/// Marks the functions of `p` ocamlopt would not inline as never inlined.
pub fn mark_not_inlinable(p: &mut Program) {
    let mut functions = HashSet::new();
    collect_functions(&p.body, &mut functions);
    let mut marks = Vec::new();
    let cx = Cx {
        functions: &functions,
        vars: &p.vars,
    };
    cx.visit(&p.body, &mut marks);
    p.vars.not_inlined.extend(marks);
}

/// Whether `e` calls `Printexc.record_backtrace` (`caml_record_backtrace`): the program can
/// turn the recording of backtraces on.
pub fn records_backtraces(e: &Expr) -> bool {
    if let Expr::Prim(Prim::Runtime("caml_record_backtrace", _), _) = e {
        return true;
    }
    let mut found = false;
    each_child(e, &mut |c| found = found || records_backtraces(c));
    found
}

/// The expression under its locations and type abstractions and applications.
fn strip(mut e: &Expr) -> &Expr {
    loop {
        match e {
            Expr::Loc(_, b) | Expr::TyFun(_, b) | Expr::TyApp(b, _) => e = b,
            _ => return e,
        }
    }
}

/// The variables bound to a function (by `let` or `let rec`).
fn collect_functions(e: &Expr, out: &mut HashSet<VarId>) {
    match e {
        Expr::Local(v, d, _) if matches!(strip(d), Expr::Fun(..)) => {
            out.insert(*v);
        }
        Expr::LetRec(defs, _) => out.extend(defs.iter().map(|(v, _)| *v)),
        _ => {}
    }
    each_child(e, &mut |c| collect_functions(c, out));
}

struct Cx<'a> {
    functions: &'a HashSet<VarId>,
    vars: &'a VarTable,
}

/// Why a body is not inlinable: too big, or it defines a function.
struct Exit;

impl Cx<'_> {
    fn visit(&self, e: &Expr, marks: &mut Vec<VarId>) {
        match e {
            Expr::Local(v, d, _) if self.from_source(*v) => {
                if let Expr::Fun(..) = strip(d) {
                    if !self.inlinable(strip(d)) {
                        marks.push(*v);
                    }
                }
            }
            Expr::LetRec(defs, _) => {
                for (v, d) in defs {
                    if self.from_source(*v) && !self.inlinable(strip(d)) {
                        marks.push(*v);
                    }
                }
            }
            _ => {}
        }
        each_child(e, &mut |c| self.visit(c, marks));
    }

    /// Whether `v` is a function of the source: the typer's own (a match's shared arms
    /// `_case1`, guards, ...) are static exits in ocamlopt, never frames, and stay the
    /// simplifier's to inline.
    fn from_source(&self, v: VarId) -> bool {
        let name = &self.vars.get(v).name;
        name.starts_with(|c: char| c.is_ascii_lowercase())
    }

    /// Whether ocamlopt would inline the function `f` at a direct call.
    fn inlinable(&self, f: &Expr) -> bool {
        // `fun a -> fun b -> e` is one function of two parameters, as OCaml's.
        let mut params: Vec<VarId> = Vec::new();
        let mut body = f;
        while let Expr::Fun(ps, b, _) = strip(body) {
            params.extend(ps);
            body = b;
        }
        let mut bound: HashSet<VarId> = params.iter().copied().collect();
        if !self.closed(body, &mut bound) {
            return false;
        }
        let mut size = 0;
        // One per parameter, eight per optional parameter's (`*opt*`): OCaml's bonus for the
        // wrappers filling in defaults (`super::default_wrapper`), to be inlined.
        let bonus: usize = params
            .iter()
            .map(|p| {
                if self.vars.get(*p).name == super::default_wrapper::OPT_PARAM {
                    8
                } else {
                    1
                }
            })
            .sum();
        let threshold = THRESHOLD + bonus;
        self.size(body, &mut size, threshold).is_ok() && size <= threshold
    }

    /// Whether `e` uses no variable of an enclosing function: only its own (`bound`),
    /// module-level values and functions (called directly, without an environment).
    fn closed(&self, e: &Expr, bound: &mut HashSet<VarId>) -> bool {
        match e {
            Expr::Var(v) => {
                bound.contains(v) || self.functions.contains(v) || self.vars.is_module_global(*v)
            }
            Expr::Local(v, _, _) | Expr::Try(_, v, _) | Expr::For { var: v, .. } => {
                bound.insert(*v);
                let mut ok = true;
                each_child(e, &mut |c| ok = ok && self.closed(c, bound));
                ok
            }
            Expr::Fun(ps, _, _) => {
                bound.extend(ps);
                let mut ok = true;
                each_child(e, &mut |c| ok = ok && self.closed(c, bound));
                ok
            }
            Expr::LetRec(defs, _) => {
                bound.extend(defs.iter().map(|(v, _)| *v));
                let mut ok = true;
                each_child(e, &mut |c| ok = ok && self.closed(c, bound));
                ok
            }
            _ => {
                let mut ok = true;
                each_child(e, &mut |c| ok = ok && self.closed(c, bound));
                ok
            }
        }
    }

    /// Adds `e`'s size (OCaml's `lambda_smaller` on the clambda it becomes) to `size`,
    /// giving up beyond `threshold` or at a function definition.
    fn size(&self, e: &Expr, size: &mut usize, threshold: usize) -> Result<(), Exit> {
        if *size > threshold {
            return Err(Exit);
        }
        let n = match e {
            Expr::Fun(..) | Expr::LetRec(..) => return Err(Exit),
            Expr::Var(_) => 0,
            Expr::Const(_) => 1,
            Expr::App(g, _) => match strip(g) {
                Expr::Var(v) if self.functions.contains(v) => 4,
                _ => {
                    self.size(g, size, threshold)?;
                    6
                }
            },
            // A constructor of constants is a structured constant.
            Expr::Construct { args, .. } if args.iter().all(is_constant) => 1,
            Expr::Construct { args, .. } => 5 + args.len(),
            // The exception's identity is a field of its module's block.
            Expr::ConstructExn { args, .. } if args.is_empty() => 2,
            Expr::ConstructExn { args, .. } => 5 + 1 + args.len() + 2,
            Expr::Field(..) => 1,
            Expr::SetField(..) => 4,
            Expr::Raise(..) => 4,
            Expr::Prim(Prim::Runtime(..), args) => 6 + args.len(),
            Expr::Prim(Prim::Identity, _) => 0,
            Expr::Prim(..) => 2,
            Expr::If(..) => 2,
            Expr::Switch { arms, .. } => {
                if arms.len() > 1 {
                    5
                } else {
                    0
                }
            }
            Expr::While(..) => 2,
            Expr::For { .. } => 4,
            Expr::Try(..) => 8,
            Expr::Local(..) | Expr::Seq(..) | Expr::TyFun(..) | Expr::TyApp(..) | Expr::Loc(..) => {
                0
            }
        };
        *size += n;
        let mut result = Ok(());
        let skip_callee = matches!(e, Expr::App(..));
        match e {
            Expr::App(_, args) if skip_callee => {
                for a in args {
                    if result.is_ok() {
                        result = self.size(a, size, threshold);
                    }
                }
            }
            Expr::Construct { args, .. } if args.iter().all(is_constant) => {}
            _ => each_child(e, &mut |c| {
                if result.is_ok() {
                    result = self.size(c, size, threshold);
                }
            }),
        }
        result
    }
}

/// A constant (OCaml's structured constants: constants and constructors of constants).
fn is_constant(e: &Expr) -> bool {
    match strip(e) {
        Expr::Const(_) => true,
        Expr::Construct { args, .. } => args.iter().all(is_constant),
        _ => false,
    }
}
