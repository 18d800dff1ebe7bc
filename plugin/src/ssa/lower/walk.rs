//! Walks over closure-converted expressions the lowering needs: loops' header phis, the
//! mutable variables a body assigns, children and free variables.

use super::*;

/// At a loop header: a phi (with the entry value) for each mutable variable the loop assigns.
pub(super) fn loop_header_phis(fx: &mut Fx, entry: Block, parts: &[&CExpr]) -> Vec<(VarId, Value)> {
    let mut assigned = Vec::new();
    for p in parts {
        assigned_mutables(p, &mut assigned);
    }
    let mut phis = Vec::new();
    for v in fx.mutables.clone() {
        if assigned.contains(&v) {
            let phi = fx.b.phi(Type::Val, &[(entry, fx.vars[&v])]);
            fx.vars.insert(v, phi);
            fx.debug_assign(v, phi, Some(phi));
            phis.push((v, phi));
        }
    }
    phis
}

/// At the end of a loop body: the back edge's inputs of the header phis.
pub(super) fn close_loop(fx: &mut Fx, phis: &[(VarId, Value)]) {
    let from = fx.b.current_block();
    for (v, phi) in phis {
        let x = fx.vars[v];
        fx.b.add_phi_input(*phi, from, x);
    }
}

/// The mutable variables `e` assigns.
pub(super) fn assigned_mutables(e: &CExpr, out: &mut Vec<VarId>) {
    if let CExpr::SetMut(v, _) = e {
        if !out.contains(v) {
            out.push(*v);
        }
    }
    cexpr_children(e, &mut |c| assigned_mutables(c, out));
}

/// Calls `f` on each direct subexpression of `e`.
pub(super) fn cexpr_children<'e>(e: &'e CExpr, f: &mut impl FnMut(&'e CExpr)) {
    match e {
        CExpr::Var(_)
        | CExpr::Const(_)
        | CExpr::StaticClosure(_)
        | CExpr::EnvField(_)
        | CExpr::GetMut(_) => {}
        CExpr::Let(_, d, b)
        | CExpr::LetMut(_, d, b)
        | CExpr::Seq(d, b)
        | CExpr::While(d, b)
        | CExpr::SetField(d, _, b) => {
            f(d);
            f(b)
        }
        CExpr::Try { body, handler, .. } => {
            f(body);
            f(handler)
        }
        CExpr::Closures(_, b)
        | CExpr::Field(b, _)
        | CExpr::Raise(b, _)
        | CExpr::Loc(_, b)
        | CExpr::SetMut(_, b) => f(b),
        CExpr::CallKnown(_, args, c) => {
            args.iter().for_each(&mut *f);
            f(c)
        }
        CExpr::Apply(g, args) => {
            f(g);
            args.iter().for_each(f)
        }
        CExpr::Prim(_, args) | CExpr::Construct { args, .. } | CExpr::ConstructExn { args, .. } => {
            args.iter().for_each(f)
        }
        CExpr::If(c, t, e) => {
            f(c);
            f(t);
            f(e)
        }
        CExpr::Switch {
            scrut,
            arms,
            default,
            ..
        } => {
            f(scrut);
            arms.iter().for_each(|(_, a)| f(a));
            if let Some(d) = default {
                f(d)
            }
        }
        CExpr::For { from, to, body, .. } => {
            f(from);
            f(to);
            f(body)
        }
    }
}

/// The variables `e` uses but does not bind (in first-use order), and whether it reads the
/// enclosing closure's environment.
pub(super) fn free_vars(
    e: &CExpr,
    bound: &mut Vec<VarId>,
    out: &mut Vec<VarId>,
    uses_env: &mut bool,
) {
    let mut go = |e: &CExpr, bound: &mut Vec<VarId>| free_vars(e, bound, out, uses_env);
    match e {
        CExpr::Var(v) => {
            if !bound.contains(v) && !out.contains(v) {
                out.push(*v)
            }
        }
        CExpr::Const(_) | CExpr::StaticClosure(_) => {}
        CExpr::GetMut(v) => go(&CExpr::Var(*v), bound),
        CExpr::SetMut(v, x) => {
            go(&CExpr::Var(*v), bound);
            go(x, bound)
        }
        CExpr::LetMut(v, d, b) => {
            go(d, bound);
            bound.push(*v);
            go(b, bound);
        }
        CExpr::EnvField(_) => *uses_env = true,
        CExpr::Let(v, d, b) => {
            go(d, bound);
            bound.push(*v);
            go(b, bound);
        }
        CExpr::Closures(group, b) => {
            bound.extend(group.iter().map(|(v, _, _)| *v));
            for (_, _, captured) in group {
                for c in captured {
                    go(&CExpr::Var(*c), bound);
                }
            }
            go(b, bound);
        }
        CExpr::CallKnown(_, args, c) => {
            args.iter().for_each(|a| go(a, bound));
            go(c, bound)
        }
        CExpr::Apply(f, args) => {
            go(f, bound);
            args.iter().for_each(|a| go(a, bound))
        }
        CExpr::Seq(a, b) | CExpr::While(a, b) | CExpr::SetField(a, _, b) => {
            go(a, bound);
            go(b, bound)
        }
        CExpr::Prim(_, args) | CExpr::Construct { args, .. } | CExpr::ConstructExn { args, .. } => {
            args.iter().for_each(|a| go(a, bound))
        }
        CExpr::If(c, t, f) => {
            go(c, bound);
            go(t, bound);
            go(f, bound)
        }
        CExpr::Field(x, _) | CExpr::Raise(x, _) | CExpr::Loc(_, x) => go(x, bound),
        CExpr::Switch {
            scrut,
            arms,
            default,
            ..
        } => {
            go(scrut, bound);
            arms.iter().for_each(|(_, a)| go(a, bound));
            if let Some(d) = default {
                go(d, bound)
            }
        }
        CExpr::For {
            var,
            from,
            to,
            body,
            ..
        } => {
            go(from, bound);
            go(to, bound);
            bound.push(*var);
            go(body, bound)
        }
        CExpr::Try {
            body, var, handler, ..
        } => {
            go(body, bound);
            bound.push(*var);
            go(handler, bound)
        }
    }
}
