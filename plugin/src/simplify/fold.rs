//! Constant folding in the simplifier, with OCaml's integer semantics (shared with the
//! interpreter: [`crate::lambda::arith`]), and a few algebraic identities.

use super::simplifier::*;
use crate::lambda::arith::{eval_int_prim, IntResult};
use crate::lambda::builtins::bool_expr;
use crate::lambda::ir::*;
use crate::lambda::visit::peel_loc;

impl Simplifier<'_> {
    // ---- constant folding ----

    pub(super) fn fold_prim(&mut self, p: Prim, args: Vec<Expr>) -> Expr {
        if !matches!(p, Prim::Runtime(..) | Prim::IsException(_)) {
            let consts: Option<Vec<i64>> = args
                .iter()
                .map(|a| match peel_loc(a) {
                    Expr::Const(Const::Int(n)) => Some(*n),
                    Expr::Const(Const::Char(c)) => Some(*c as i64),
                    Expr::Construct { args, index, .. } if args.is_empty() => Some(*index as i64),
                    _ => None,
                })
                .collect();
            if let Some(ns) = consts {
                match eval_int_prim(p, &ns) {
                    Some(IntResult::Int(n)) => {
                        self.counters.constants_folded += 1;
                        return Expr::Const(Const::Int(n));
                    }
                    Some(IntResult::Bool(b)) => {
                        self.counters.constants_folded += 1;
                        return bool_expr(b);
                    }
                    // Division by zero raises at run time: leave it.
                    Some(IntResult::DivisionByZero) | None => {}
                }
            }
        }
        let is = |e: &Expr, n: i64| matches!(peel_loc(e), Expr::Const(Const::Int(m)) if *m == n);
        let identity = match (p, args.as_slice()) {
            (Prim::Add, [x, z])
            | (Prim::Add, [z, x])
            | (Prim::Sub, [x, z])
            | (Prim::Or, [x, z])
            | (Prim::Xor, [x, z])
                if is(z, 0) =>
            {
                Some(x.clone())
            }
            (Prim::Mul, [x, o]) | (Prim::Mul, [o, x]) | (Prim::Div, [x, o]) if is(o, 1) => {
                Some(x.clone())
            }
            (Prim::Not, [inner]) => match peel_loc(inner) {
                Expr::Prim(Prim::Not, xs) if xs.len() == 1 => Some(xs[0].clone()),
                _ => None,
            },
            _ => None,
        };
        match identity {
            Some(x) => {
                self.counters.constants_folded += 1;
                x
            }
            None => Expr::Prim(p, args),
        }
    }
}
