//! Children and binders of lambda IR nodes, for passes that do not care about the node kind.

use super::ir::*;

/// Calls `f` on every direct subexpression of `e`, in syntactic order.
pub fn each_child<'a>(e: &'a Expr, f: &mut impl FnMut(&'a Expr)) {
    match e {
        Expr::Var(_) | Expr::Const(_) => {}
        Expr::Fun(_, b, _) | Expr::TyFun(_, b) | Expr::TyApp(b, _) | Expr::Field(b, _) => f(b),
        Expr::Raise(b, _, _) | Expr::Loc(_, b) => f(b),
        Expr::App(g, args) => {
            f(g);
            args.iter().for_each(f);
        }
        Expr::Local(_, d, b) | Expr::Seq(d, b) | Expr::While(d, b) | Expr::Try(d, _, b) => {
            f(d);
            f(b);
        }
        Expr::SetField(a, _, b) => {
            f(a);
            f(b);
        }
        Expr::LetRec(defs, b) => {
            defs.iter().for_each(|(_, d)| f(d));
            f(b);
        }
        Expr::Prim(_, args) | Expr::Construct { args, .. } | Expr::ConstructExn { args, .. } => {
            args.iter().for_each(f)
        }
        Expr::If(c, a, b) => {
            f(c);
            f(a);
            f(b);
        }
        Expr::Switch {
            scrut,
            arms,
            default,
            ..
        } => {
            f(scrut);
            arms.iter().for_each(|(_, a)| f(a));
            if let Some(d) = default {
                f(d);
            }
        }
        Expr::For { from, to, body, .. } => {
            f(from);
            f(to);
            f(body);
        }
    }
}

/// Calls `f` on every direct subexpression of `e`, mutably, in syntactic order.
pub fn each_child_mut(e: &mut Expr, f: &mut impl FnMut(&mut Expr)) {
    match e {
        Expr::Var(_) | Expr::Const(_) => {}
        Expr::Fun(_, b, _) | Expr::TyFun(_, b) | Expr::TyApp(b, _) | Expr::Field(b, _) => f(b),
        Expr::Raise(b, _, _) | Expr::Loc(_, b) => f(b),
        Expr::App(g, args) => {
            f(g);
            args.iter_mut().for_each(f);
        }
        Expr::Local(_, d, b) | Expr::Seq(d, b) | Expr::While(d, b) | Expr::Try(d, _, b) => {
            f(d);
            f(b);
        }
        Expr::SetField(a, _, b) => {
            f(a);
            f(b);
        }
        Expr::LetRec(defs, b) => {
            defs.iter_mut().for_each(|(_, d)| f(d));
            f(b);
        }
        Expr::Prim(_, args) | Expr::Construct { args, .. } | Expr::ConstructExn { args, .. } => {
            args.iter_mut().for_each(f)
        }
        Expr::If(c, a, b) => {
            f(c);
            f(a);
            f(b);
        }
        Expr::Switch {
            scrut,
            arms,
            default,
            ..
        } => {
            f(scrut);
            arms.iter_mut().for_each(|(_, a)| f(a));
            if let Some(d) = default {
                f(d);
            }
        }
        Expr::For { from, to, body, .. } => {
            f(from);
            f(to);
            f(body);
        }
    }
}

/// The variables `e` itself binds (not those of its subexpressions).
pub fn binders(e: &Expr) -> Vec<VarId> {
    match e {
        Expr::Fun(ps, _, _) => ps.clone(),
        Expr::Local(v, ..) | Expr::Try(_, v, _) | Expr::For { var: v, .. } => vec![*v],
        Expr::LetRec(defs, _) => defs.iter().map(|(v, _)| *v).collect(),
        _ => vec![],
    }
}

/// Calls `f` on every variable occurrence (not binder) in `e`.
pub fn each_var_occurrence(e: &Expr, f: &mut impl FnMut(VarId)) {
    if let Expr::Var(v) = e {
        f(*v);
    }
    each_child(e, &mut |c| each_var_occurrence(c, f));
}

/// Whether `v` occurs free in `e` (binders are unique, so "occurs" is enough).
pub fn mentions(e: &Expr, v: VarId) -> bool {
    let mut found = false;
    each_var_occurrence(e, &mut |w| found |= w == v);
    found
}

/// Removes the source locations around `e`.
pub fn peel_loc(e: &Expr) -> &Expr {
    let mut e = e;
    while let Expr::Loc(_, inner) = e {
        e = inner;
    }
    e
}
