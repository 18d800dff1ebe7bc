//! `with` constraints on a submodule of a signature, for matching: `S with type M.t = u` and
//! `S with module M.N = P` are the constraint on `M`'s module type (`type t = u`, `module N =
//! P`), and `S with module M = P` makes each type of `M`'s signature `P`'s (`HEAP with module
//! Elem = E`: `Elem.t` is `E.t`, OCaml's strengthening), so the matching makes none of them
//! abstract: the module keeps its own definitions, which are the argument's.

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
