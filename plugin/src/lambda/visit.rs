//! Generic traversal of lambda expressions: visit the direct children of a node.

use super::ir::Expr;

/// Calls `f` on each direct subexpression of `e`, in source order.
pub fn for_each_child(e: &Expr, mut f: impl FnMut(&Expr)) {
    match e {
        Expr::Var(_) | Expr::Const(_) => {}
        Expr::Fun(_, b) | Expr::TyFun(_, b) | Expr::TyApp(b, _) | Expr::Loc(_, b) => f(b),
        Expr::App(g, args) => {
            f(g);
            args.iter().for_each(f)
        }
        Expr::Local(_, d, b) | Expr::Seq(d, b) | Expr::While(d, b) | Expr::Try(d, _, b) => {
            f(d);
            f(b)
        }
        Expr::LetRec(defs, b) => {
            defs.iter().for_each(|(_, d)| f(d));
            f(b)
        }
        Expr::Prim(_, args) | Expr::Construct { args, .. } | Expr::ConstructExn { args, .. } => {
            args.iter().for_each(f)
        }
        Expr::If(c, t, e) => {
            f(c);
            f(t);
            f(e)
        }
        Expr::Field(x, _) | Expr::Raise(x, _) => f(x),
        Expr::SetField(x, _, v) => {
            f(x);
            f(v)
        }
        Expr::Switch { scrut, arms, default, .. } => {
            f(scrut);
            arms.iter().for_each(|(_, a)| f(a));
            if let Some(d) = default {
                f(d)
            }
        }
        Expr::For { from, to, body, .. } => {
            f(from);
            f(to);
            f(body)
        }
    }
}

/// Calls `f` on each direct subexpression of `e`, mutably, in source order.
pub fn for_each_child_mut(e: &mut Expr, mut f: impl FnMut(&mut Expr)) {
    match e {
        Expr::Var(_) | Expr::Const(_) => {}
        Expr::Fun(_, b) | Expr::TyFun(_, b) | Expr::TyApp(b, _) | Expr::Loc(_, b) => f(b),
        Expr::App(g, args) => {
            f(g);
            args.iter_mut().for_each(f)
        }
        Expr::Local(_, d, b) | Expr::Seq(d, b) | Expr::While(d, b) | Expr::Try(d, _, b) => {
            f(d);
            f(b)
        }
        Expr::LetRec(defs, b) => {
            defs.iter_mut().for_each(|(_, d)| f(d));
            f(b)
        }
        Expr::Prim(_, args) | Expr::Construct { args, .. } | Expr::ConstructExn { args, .. } => {
            args.iter_mut().for_each(f)
        }
        Expr::If(c, t, e) => {
            f(c);
            f(t);
            f(e)
        }
        Expr::Field(x, _) | Expr::Raise(x, _) => f(x),
        Expr::SetField(x, _, v) => {
            f(x);
            f(v)
        }
        Expr::Switch { scrut, arms, default, .. } => {
            f(scrut);
            arms.iter_mut().for_each(|(_, a)| f(a));
            if let Some(d) = default {
                f(d)
            }
        }
        Expr::For { from, to, body, .. } => {
            f(from);
            f(to);
            f(body)
        }
    }
}
