//! Copying terms with fresh binders (binders stay unique in the whole program, so inlining a
//! definition at a second place must rename what it binds), substituting types in place
//! (`TyApp(TyFun)` reduction), and giving the copies their original names back at the end.

use std::collections::{HashMap, HashSet};

use crate::lambda::ir::*;
use crate::lambda::visit::{binders, each_child, each_child_mut};

/// A copy of `e` whose binders are all fresh variables (same names, types and spans);
/// `origins` records, for each fresh variable, the one it copies.
pub fn copy_fresh(e: &Expr, vars: &mut VarTable, origins: &mut HashMap<VarId, VarId>) -> Expr {
    let mut map = HashMap::new();
    let mut out = e.clone();
    rename_binders(&mut out, vars, origins, &mut map);
    out
}

fn rename_binders(
    e: &mut Expr,
    vars: &mut VarTable,
    origins: &mut HashMap<VarId, VarId>,
    map: &mut HashMap<VarId, VarId>,
) {
    fn fresh(
        v: &mut VarId,
        vars: &mut VarTable,
        origins: &mut HashMap<VarId, VarId>,
        map: &mut HashMap<VarId, VarId>,
    ) {
        let info = vars.get(*v).clone();
        let n = vars.fresh(info.name, info.ty, info.span);
        origins.insert(n, *v);
        map.insert(*v, n);
        *v = n;
    }
    match e {
        Expr::Var(v) => {
            if let Some(n) = map.get(v) {
                *v = *n;
            }
            return;
        }
        Expr::Fun(ps, _, _) => ps.iter_mut().for_each(|p| fresh(p, vars, origins, map)),
        Expr::Local(v, d, _) => {
            // The definition is not in the binder's scope: rename it first.
            rename_binders(d, vars, origins, map);
            fresh(v, vars, origins, map);
            if let Expr::Local(_, _, b) = e {
                rename_binders(b, vars, origins, map);
            }
            return;
        }
        Expr::LetRec(defs, _) => defs
            .iter_mut()
            .for_each(|(v, _)| fresh(v, vars, origins, map)),
        Expr::Try(b, v, _) => {
            rename_binders(b, vars, origins, map);
            fresh(v, vars, origins, map);
            if let Expr::Try(_, _, h) = e {
                rename_binders(h, vars, origins, map);
            }
            return;
        }
        Expr::For { var, from, to, .. } => {
            rename_binders(from, vars, origins, map);
            rename_binders(to, vars, origins, map);
            fresh(var, vars, origins, map);
            if let Expr::For { body, .. } = e {
                rename_binders(body, vars, origins, map);
            }
            return;
        }
        _ => {}
    }
    each_child_mut(e, &mut |c| rename_binders(c, vars, origins, map));
}

/// Replaces type variable `v` by `t` in `e`: in its type annotations and in the types of
/// the variables it binds (which occur nowhere else).
pub fn subst_type_in_place(e: &mut Expr, v: TyVar, t: &Type, vars: &mut VarTable) {
    for b in binders(e) {
        let ty = vars.vars[b.0 as usize].ty.subst(v, t);
        vars.vars[b.0 as usize].ty = ty;
    }
    match e {
        Expr::TyFun(w, _) if *w == v => return,
        Expr::TyApp(_, ty) | Expr::Raise(_, ty, _) | Expr::Construct { ty, .. } => {
            *ty = ty.subst(v, t)
        }
        Expr::Switch { kind, ty, .. } => {
            *ty = ty.subst(v, t);
            if let SwitchKind::Constructor(k) = kind {
                *k = k.subst(v, t);
            }
        }
        _ => {}
    }
    each_child_mut(e, &mut |c| subst_type_in_place(c, v, t, vars));
}

/// Gives fresh variables their original numbers back where that is possible: the original
/// binder no longer occurs in `e` and no other copy has claimed it. (A definition inlined at
/// its only use then prints with its own names, as in the post.)
pub fn restore_names(e: &mut Expr, origins: &HashMap<VarId, VarId>, vars: &mut VarTable) {
    if origins.is_empty() {
        return;
    }
    let mut bound = HashSet::new();
    collect_binders(e, &mut bound);
    let root = |mut v: VarId| {
        while let Some(o) = origins.get(&v) {
            v = *o;
        }
        v
    };
    let mut order = vec![];
    binder_order(e, &mut order);
    let mut map = HashMap::new();
    let mut claimed = HashSet::new();
    for b in order {
        if !origins.contains_key(&b) {
            continue;
        }
        let o = root(b);
        if !bound.contains(&o) && claimed.insert(o) {
            map.insert(b, o);
            vars.vars[o.0 as usize] = vars.vars[b.0 as usize].clone();
        }
    }
    if !map.is_empty() {
        apply_renaming(e, &map);
    }
}

fn collect_binders(e: &Expr, out: &mut HashSet<VarId>) {
    out.extend(binders(e));
    each_child(e, &mut |c| collect_binders(c, out));
}

fn binder_order(e: &Expr, out: &mut Vec<VarId>) {
    out.extend(binders(e));
    each_child(e, &mut |c| binder_order(c, out));
}

fn apply_renaming(e: &mut Expr, map: &HashMap<VarId, VarId>) {
    let r = |v: &mut VarId| {
        if let Some(n) = map.get(v) {
            *v = *n;
        }
    };
    match e {
        Expr::Var(v) | Expr::Local(v, ..) | Expr::Try(_, v, _) | Expr::For { var: v, .. } => r(v),
        Expr::Fun(ps, _, _) => ps.iter_mut().for_each(r),
        Expr::LetRec(defs, _) => defs.iter_mut().for_each(|(v, _)| r(v)),
        _ => {}
    }
    each_child_mut(e, &mut |c| apply_renaming(c, map));
}
