//! `with` constraints on a submodule of a signature, for matching: `S with type M.t = u` and
//! `S with module M.N = P` are the constraint on `M`'s module type (`type t = u`, `module N =
//! P`), and `S with module M = P` makes each type of `M`'s signature `P`'s (`HEAP with module
//! Elem = E`: `Elem.t` is `E.t`, OCaml's strengthening), so the matching makes none of them
//! abstract: the module keeps its own definitions, which are the argument's.
//!
//! A destructive `with type t := u` removes `t` from the signature and replaces each of its
//! uses by `u` ([`substitute_type`]): `Shape with type t := float` declares
//! `val area : float -> float`, which a structure without a type `t` matches; so does a
//! `type t := u` item of a signature for the items after it ([`expand_type_substs`]).

use std::collections::HashMap;

use crate::syntax::ast;
use crate::typing::env::TypeName;
use crate::typing::Typer;

/// `mt with c`.
fn with(mt: ast::ModType, c: ast::WithConstraint) -> ast::ModType {
    let span = mt.span;
    ast::ModType {
        kind: ast::ModTypeKind::With(Box::new(mt), vec![c]),
        span,
    }
}

/// `te` with each use of type constructor `name` replaced by `body`, `params` (the
/// constructor's parameters, variables of `body`) replaced by the use's arguments.
pub(super) fn substitute_type(
    te: &mut ast::TypeExpr,
    name: &str,
    params: &[String],
    body: &ast::TypeExpr,
) {
    te.for_each_child_mut(&mut |t| substitute_type(t, name, params, body));
    if let ast::TypeExprKind::Constr(n, args) = &te.kind {
        if n == name && args.len() == params.len() {
            let by: HashMap<&str, &ast::TypeExpr> =
                params.iter().map(String::as_str).zip(args.iter()).collect();
            let mut b = body.clone();
            substitute_vars(&mut b, &by);
            *te = b;
        }
    }
}

/// `te` with its type variables that `by` maps replaced.
fn substitute_vars(te: &mut ast::TypeExpr, by: &HashMap<&str, &ast::TypeExpr>) {
    if let ast::TypeExprKind::Var(v) = &te.kind {
        if let Some(t) = by.get(v.as_str()) {
            *te = (*t).clone();
        }
        return;
    }
    te.for_each_child_mut(&mut |t| substitute_vars(t, by));
}

/// `decl` with each use of `name` replaced by `body` (see [`substitute_type`]).
pub(super) fn substitute_in_decl(
    decl: &mut ast::TypeDecl,
    name: &str,
    params: &[String],
    body: &ast::TypeExpr,
) {
    let mut go = |t: &mut ast::TypeExpr| substitute_type(t, name, params, body);
    if let Some(m) = &mut decl.manifest {
        go(m);
    }
    match &mut decl.kind {
        ast::TypeDeclKind::Abbrev(t) => go(t),
        ast::TypeDeclKind::Variant(cs) => {
            for c in cs {
                c.args.iter_mut().for_each(&mut go);
                if let Some(fs) = &mut c.record {
                    fs.iter_mut().for_each(|f| go(&mut f.ty));
                }
            }
        }
        ast::TypeDeclKind::Record(fs) => fs.iter_mut().for_each(|f| go(&mut f.ty)),
        ast::TypeDeclKind::Abstract | ast::TypeDeclKind::Open => {}
    }
}

/// `items` with each `type t := u` item's `t` replaced by `u` in the value, external and
/// type declarations after it (the item itself stays: it declares nothing).
pub(super) fn expand_type_substs(items: &[ast::SigItem]) -> Vec<ast::SigItem> {
    let mut substs: Vec<(String, Vec<String>, ast::TypeExpr)> = Vec::new();
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let mut item = item.clone();
        for (name, params, body) in &substs {
            match &mut item.kind {
                ast::SigItemKind::Val(_, _, t) => substitute_type(t, name, params, body),
                ast::SigItemKind::External(x) => substitute_type(&mut x.ty, name, params, body),
                ast::SigItemKind::Type(ds) | ast::SigItemKind::TypeSubst(ds) => {
                    for d in ds {
                        substitute_in_decl(d, name, params, body);
                    }
                }
                ast::SigItemKind::Exception(c) => c
                    .args
                    .iter_mut()
                    .for_each(|t| substitute_type(t, name, params, body)),
                _ => {}
            }
        }
        if let ast::SigItemKind::TypeSubst(ds) = &item.kind {
            for d in ds {
                if let ast::TypeDeclKind::Abbrev(body) = &d.kind {
                    substs.push((d.name.clone(), d.params.clone(), body.clone()));
                }
            }
        }
        out.push(item);
    }
    out
}

impl Typer<'_> {
    /// The module type of submodule `m` of a signature (`t`) with constraint `c` on it.
    pub(super) fn constrain_submodule_type(
        &self,
        t: ast::ModType,
        rest: &str,
        c: &ast::WithConstraint,
    ) -> ast::ModType {
        let c = match c {
            ast::WithConstraint::Type {
                decl, destructive, ..
            } => ast::WithConstraint::Type {
                path: rest.to_string(),
                decl: ast::TypeDecl {
                    name: rest.rsplit('.').next().unwrap_or(rest).to_string(),
                    ..decl.clone()
                },
                destructive: *destructive,
            },
            ast::WithConstraint::Module {
                target,
                destructive,
                ..
            } => ast::WithConstraint::Module {
                path: rest.to_string(),
                target: target.clone(),
                destructive: *destructive,
            },
            ast::WithConstraint::ModuleType {
                ty, destructive, ..
            } => ast::WithConstraint::ModuleType {
                path: rest.to_string(),
                ty: ty.clone(),
                destructive: *destructive,
            },
        };
        with(t, c)
    }

    /// `t with module (submodule) = target`: `t` with each type of module `target` made equal
    /// to it (`type 'a u = 'a target.u`).
    pub(super) fn strengthen_submodule_type(&self, t: ast::ModType, target: &str) -> ast::ModType {
        let target = self.resolve_module_path(target);
        let prefix = format!("{target}.");
        let mut names: Vec<(String, usize)> = (self.env.types.iter())
            .filter_map(|(n, def)| {
                let rest = n.strip_prefix(&prefix)?;
                if rest.contains('.')
                    || rest == super::MODULE_MARKER
                    || rest == super::abstract_types::MTYPE_MARKER
                {
                    return None;
                }
                let arity = match def {
                    TypeName::Con(c) => self.types.decl(*c).params.len(),
                    TypeName::Abbrev(ps, _) => ps.len(),
                    _ => return None,
                };
                Some((rest.to_string(), arity))
            })
            .collect();
        names.sort();
        let span = t.span;
        let constraints = names
            .into_iter()
            .map(|(n, arity)| {
                let params: Vec<String> = (0..arity).map(|i| format!("%p{i}")).collect();
                let args = (params.iter())
                    .map(|p| ast::TypeExpr {
                        kind: ast::TypeExprKind::Var(p.clone()),
                        span,
                    })
                    .collect();
                let body = ast::TypeExpr {
                    kind: ast::TypeExprKind::Constr(format!("{target}.{n}"), args),
                    span,
                };
                ast::WithConstraint::Type {
                    path: n.clone(),
                    decl: ast::TypeDecl {
                        name: n,
                        variances: vec![Default::default(); arity],
                        params,
                        manifest: None,
                        kind: ast::TypeDeclKind::Abbrev(body),
                        private_: false,
                        attrs: Default::default(),
                        constraints: Vec::new(),
                        span,
                    },
                    destructive: false,
                }
            })
            .collect::<Vec<_>>();
        if constraints.is_empty() {
            return t;
        }
        ast::ModType {
            kind: ast::ModTypeKind::With(Box::new(t), constraints),
            span,
        }
    }
}
