//! Splitting a function with optional parameters' defaults into a wrapper and an inner
//! function (OCaml's `Simplif.split_default_wrapper`).
//!
//! The typer elaborates `let rec f ?(flag = false) x = body` as `f = fun *opt* x -> let flag =
//! match *opt* with None -> false | Some v -> v in body` (the parameter named `*opt*`,
//! `typing::expr`). Every call that passes the argument allocates its `Some`, only for the
//! body to take it apart. Here such a function becomes
//!
//! ```text
//! f_inner = fun flag x -> body            (the original parameters and body)
//! f       = fun *opt* x -> let flag = match *opt* with .. in f_inner flag x   (fresh binders)
//! ```
//!
//! and the wrapper `f`, small, is inlined at its calls (the recursive ones in `f_inner`
//! included), where the `Some` meets its `match` and both disappear (case of known
//! constructor). As in ocamlopt: its `asmcomp/optargs.ml` test asserts such a loop of calls
//! allocates nothing.
//!
//! Invariants: the wrapper computes the defaults in the original order before the call, so
//! the program's meaning is unchanged; the inner function keeps the original's name and span
//! (backtraces name it `f`, as ocamlopt's); in a `let rec` the inner comes first, and the
//! occurrence analysis never makes a wrapper ([`is_stub`]) a loop breaker when another member
//! of its group can be one, so the wrapper stays inlinable.

use std::collections::HashMap;

use super::copy::copy_fresh;
use crate::lambda::ir::*;
use crate::lambda::visit::{each_child_mut, mentions, peel_loc};

/// The name the typer gives a parameter with a default (OCaml's).
pub const OPT_PARAM: &str = "*opt*";

/// Splits every function of `p` that starts by filling in optional parameters' defaults.
pub fn split_default_wrappers(p: &mut Program) {
    let mut body = std::mem::replace(&mut p.body, Expr::Const(Const::Int(0)));
    walk(&mut body, &mut p.vars);
    p.body = body;
}

fn walk(e: &mut Expr, vars: &mut VarTable) {
    each_child_mut(e, &mut |c| walk(c, vars));
    match e {
        Expr::LetRec(defs, _) => {
            let mut out = Vec::with_capacity(defs.len());
            for (v, d) in std::mem::take(defs) {
                match split(v, &d, vars) {
                    Some((inner, inner_fun, wrapper)) => {
                        out.push((inner, inner_fun));
                        out.push((v, wrapper));
                    }
                    None => out.push((v, d)),
                }
            }
            *defs = out;
        }
        Expr::Local(v, d, b) => {
            if let Some((inner, inner_fun, wrapper)) = split(*v, d, vars) {
                let rest = std::mem::replace(&mut **b, Expr::Const(Const::Int(0)));
                let outer = Expr::Local(*v, Box::new(wrapper), Box::new(rest));
                *e = Expr::Local(inner, Box::new(inner_fun), Box::new(outer));
            }
        }
        _ => {}
    }
}

/// Whether `d` is `switch opt (None -> ..) (Some -> field opt 0)` on the parameter `opt`.
fn default_of(d: &Expr, params: &[VarId], vars: &VarTable) -> Option<VarId> {
    let Expr::Switch { scrut, arms, .. } = peel_loc(d) else {
        return None;
    };
    let Expr::Var(opt) = peel_loc(scrut) else {
        return None;
    };
    let is_opt = params.contains(opt) && vars.get(*opt).name == OPT_PARAM;
    (is_opt && arms.len() == 2).then_some(*opt)
}

/// A step of the wrapper's body: a location, or a default's `let`.
enum Step {
    Loc(SrcLoc),
    Default(VarId, Expr),
}

/// For `v = d` a function filling in defaults: `(inner, inner's definition, wrapper)`.
fn split(v: VarId, d: &Expr, vars: &mut VarTable) -> Option<(VarId, Expr, Expr)> {
    if vars.is_never_inline(v) {
        return None;
    }
    let Expr::Fun(params, body, name) = peel_loc(d) else {
        return None;
    };
    // The defaults' `let`s at the start of the body (with the locations around them).
    let mut steps = Vec::new();
    let mut map: HashMap<VarId, VarId> = HashMap::new();
    let mut e: &Expr = body;
    loop {
        match e {
            Expr::Loc(l, inner) if starts_with_default(inner, params, &map, vars) => {
                steps.push(Step::Loc(*l));
                e = inner;
            }
            Expr::Local(x, def, rest) => match default_of(def, params, vars) {
                Some(opt) if !map.contains_key(&opt) => {
                    map.insert(opt, *x);
                    steps.push(Step::Default(*x, (**def).clone()));
                    e = rest;
                }
                _ => break,
            },
            _ => break,
        }
    }
    if map.is_empty() || map.keys().any(|opt| mentions(e, *opt)) {
        return None;
    }
    // The inner function: the original binders, the defaults' variables as parameters.
    let inner_params: Vec<VarId> = params
        .iter()
        .map(|p| map.get(p).copied().unwrap_or(*p))
        .collect();
    let mut result = vars.get(v).ty.clone();
    for _ in params {
        match result {
            Type::Arrow(_, r) => result = *r,
            _ => return None,
        }
    }
    let inner_ty = inner_params.iter().rev().fold(result, |r, p| {
        Type::Arrow(Box::new(vars.get(*p).ty.clone()), Box::new(r))
    });
    let info = vars.get(v).clone();
    let inner = vars.fresh(info.name, inner_ty, info.span);
    let inner_fun = Expr::Fun(inner_params.clone(), Box::new(e.clone()), name.clone());
    // The wrapper, then copied with fresh binders (binders stay unique).
    let call = Expr::App(
        Box::new(Expr::Var(inner)),
        inner_params.iter().map(|p| Expr::Var(*p)).collect(),
    );
    let wrapper_body = steps.into_iter().rev().fold(call, |b, s| match s {
        Step::Loc(l) => Expr::Loc(l, Box::new(b)),
        Step::Default(x, def) => Expr::Local(x, Box::new(def), Box::new(b)),
    });
    let wrapper = Expr::Fun(params.clone(), Box::new(wrapper_body), name.clone());
    let wrapper = copy_fresh(&wrapper, vars, &mut HashMap::new());
    Some((inner, inner_fun, wrapper))
}

fn starts_with_default(
    e: &Expr,
    params: &[VarId],
    map: &HashMap<VarId, VarId>,
    vars: &VarTable,
) -> bool {
    match peel_loc(e) {
        Expr::Local(_, def, _) => {
            default_of(def, params, vars).is_some_and(|opt| !map.contains_key(&opt))
        }
        _ => false,
    }
}

/// Whether the definition `d` of a `let rec` is a wrapper [`split`] made: a function that
/// fills in defaults (`let x = switch p ..` on its parameters, at least one) and calls a
/// member of its group (`group`) with variables.
pub fn is_stub(d: &Expr, group: &[VarId]) -> bool {
    let Expr::Fun(params, body, _) = peel_loc(d) else {
        return false;
    };
    let mut e = peel_loc(body);
    let mut defaults = 0;
    while let Expr::Local(_, def, rest) = e {
        let Expr::Switch { scrut, .. } = peel_loc(def) else {
            return false;
        };
        if !matches!(peel_loc(scrut), Expr::Var(p) if params.contains(p)) {
            return false;
        }
        defaults += 1;
        e = peel_loc(rest);
    }
    match e {
        Expr::App(g, args) => {
            defaults > 0
                && matches!(peel_loc(g), Expr::Var(g) if group.contains(g))
                && args.iter().all(|a| matches!(peel_loc(a), Expr::Var(_)))
        }
        _ => false,
    }
}
