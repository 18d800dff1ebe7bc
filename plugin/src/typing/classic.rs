//! OCaml's classic mode (`-nolabels`, `Clflags.classic`): non-optional labels are ignored
//! when arrows are unified, so `('a -> 'b) -> 'a list -> 'b list` matches `f:('a -> 'b) ->
//! 'a list -> 'b list`.
//!
//! OCaml compiles the stdlib's `*Labels.ml` and `float.ml` with `-nolabels`
//! (`stdlib/Compflags`): `listLabels.ml` is `include List`, and its labelled `.mli` matches
//! only in that mode. egret has the mode per unit ([`compiled_with_nolabels`]): while a
//! phrase of such a unit is elaborated, [`super::unify::Unifier::classic`] is set and the
//! unifier calls [`unlabelled_params`] on two arrows' parameters (`Ctype.unify`'s and
//! `Ctype.moregen`'s `Tarrow` case: labels equal, or classic and neither optional).
//!
//! What the program sees is the signature, exactly: a classic unit's values are always bound
//! at their declared (labelled) types (`match_value`), its signature's module types replace
//! the implementation's, and each functor it declares becomes a functor whose body is the
//! implementation's applied to the parameter, sealed by the declared result
//! ([`Typer::seal_classic_module`]): `MoreLabels.Hashtbl.Make (H)` has the labelled `S`. Such
//! a functor's body is elaborated in classic mode too (its application's innermost frame,
//! [`ClassicMode::applications`]), the implementation's own body in its own mode.
//!
//! Invariant: outside classic units and their functors' seals, unification is OCaml's
//! normal mode (the program's phrases never see `classic` set).

use std::collections::HashSet;
use std::rc::Rc;

use super::modules::{bind_components, components, FunctorDef, ModTypeDef};
use super::Typer;
use crate::lambda::ir::{Type, TypeTable};
use crate::syntax::ast;

/// Whether OCaml's stdlib compiles unit `module` with `-nolabels` (`stdlib/Compflags`:
/// `*Labels.cm[ox]` and `stdlib__Float.cm[ox]`).
pub fn compiled_with_nolabels(module: &str) -> bool {
    module.ends_with("Labels") || module == "Float"
}

/// Where classic mode holds.
#[derive(Default)]
pub(crate) struct ClassicMode {
    /// The prelude sections compiled with `-nolabels`.
    pub sections: HashSet<usize>,
    /// The keys of the functors a classic unit's signature declared ([`FunctorDef::key`]).
    pub functors: HashSet<String>,
    /// The functor applications being elaborated, innermost last: whether each is one of
    /// `functors`.
    pub applications: Vec<bool>,
}

impl ClassicMode {
    /// Whether a phrase of `section` (a prelude phrase: `prelude`) is elaborated in classic
    /// mode: the innermost application's mode, else the section's.
    pub fn holds(&self, section: usize, prelude: bool) -> bool {
        match self.applications.last() {
            Some(classic) => *classic,
            None => prelude && self.sections.contains(&section),
        }
    }
}

/// The parameter of a labelled arrow `~l:t` (not `?l`), as `(Some t)`; `None` for a
/// parameter without a label; `Err` for an optional one.
fn plain_label_param(
    t: &Type,
    types: &TypeTable,
    labels: &rustc_hash::FxHashSet<crate::lambda::ir::TyCon>,
) -> Result<Option<Type>, ()> {
    match t {
        Type::Con(c, args) if labels.contains(c) => {
            if types.decl(*c).name.starts_with('?') {
                Err(())
            } else {
                Ok(Some(args[0].clone()))
            }
        }
        _ => Ok(None),
    }
}

/// Classic mode's unification of two arrows' parameters `a` and `b` (resolved): when their
/// labels differ and neither is optional, the parameters without their labels; `None` when
/// the normal rule applies (the same label, or an optional one).
pub(super) fn unlabelled_params(
    a: &Type,
    b: &Type,
    types: &TypeTable,
    labels: &rustc_hash::FxHashSet<crate::lambda::ir::TyCon>,
) -> Option<(Type, Type)> {
    if let (Type::Con(c, _), Type::Con(d, _)) = (a, b) {
        if c == d {
            return None;
        }
    }
    let (Ok(x), Ok(y)) = (
        plain_label_param(a, types, labels),
        plain_label_param(b, types, labels),
    ) else {
        return None;
    };
    if x.is_none() && y.is_none() {
        return None;
    }
    Some((
        x.unwrap_or_else(|| a.clone()),
        y.unwrap_or_else(|| b.clone()),
    ))
}

/// The module types and functors a signature `mt` declares at its top (through `include`s
/// and named module types), with their declarations.
fn declared_modules(
    typer: &Typer,
    mt: &ast::ModType,
    module_types: &mut Vec<(String, Option<ast::ModType>)>,
    functors: &mut Vec<(String, Vec<ast::FunctorParam>, ast::ModType)>,
    depth: u32,
) {
    if depth > 64 {
        return;
    }
    match &mt.kind {
        ast::ModTypeKind::Sig(items) => {
            for item in items {
                match &item.kind {
                    ast::SigItemKind::ModuleType(n, t) => module_types.push((n.clone(), t.clone())),
                    ast::SigItemKind::Module(n, t) => {
                        if let ast::ModTypeKind::Functor(params, result) = &t.kind {
                            functors.push((n.clone(), params.clone(), (**result).clone()));
                        }
                    }
                    ast::SigItemKind::Include(t) => {
                        declared_modules(typer, t, module_types, functors, depth + 1)
                    }
                    _ => {}
                }
            }
        }
        ast::ModTypeKind::Path(p) => {
            if let Some(Some(t)) = typer.env.module_types.get(p).map(|d| d.ty.clone()) {
                declared_modules(typer, &t, module_types, functors, depth + 1);
            }
        }
        _ => {}
    }
}

impl Typer<'_> {
    /// In classic mode, once module `name` is restricted to signature `mt`: the signature's
    /// module types replace the implementation's (they differ by labels), and each functor
    /// `F : functor (X : P) -> R` it declares becomes `functor (X : P) -> (F' (X) : R)`, `F'`
    /// the implementation's functor, so that an application's result has the declared
    /// (labelled) values. Does nothing outside classic mode.
    pub(super) fn seal_classic_module(&mut self, name: &str, mt: &ast::ModType) {
        if !self.u.classic {
            return;
        }
        let (mut module_types, mut functors) = (Vec::new(), Vec::new());
        declared_modules(self, mt, &mut module_types, &mut functors, 0);
        for (n, t) in module_types {
            self.env.module_types.insert(
                format!("{name}.{n}"),
                Rc::new(ModTypeDef::new(&n, t, name.to_string())),
            );
        }
        for (f, params, result) in functors {
            if params.iter().any(|p| p.name.is_none() || p.ty.is_none()) {
                continue;
            }
            let full = format!("{name}.{f}");
            let Some(implementation) = self.env.functors.get(&full).cloned() else {
                continue;
            };
            // The body sees the signature's names unqualified (`S`, `HashedType`) and the
            // implementation as `%implementation`, a name no program can write.
            let mut env = self.env.clone();
            bind_components(&mut env, "", components(&self.env, name));
            env.functors
                .insert(IMPLEMENTATION.to_string(), implementation.clone());
            let span = crate::diagnostics::Span::default();
            let path = |p: &str| ast::ModExpr {
                kind: ast::ModExprKind::Path(p.to_string()),
                span,
            };
            let args: Vec<ast::ModExpr> = params
                .iter()
                .filter_map(|p| p.name.as_deref().map(path))
                .collect();
            let applied = args
                .into_iter()
                .fold(path(IMPLEMENTATION), |f, a| ast::ModExpr {
                    kind: ast::ModExprKind::Apply(Box::new(f), Some(Box::new(a))),
                    span,
                });
            let body = ast::ModExpr {
                kind: ast::ModExprKind::Constraint(Box::new(applied), result),
                span,
            };
            let key = self.new_functor_key();
            self.classic.functors.insert(key.clone());
            let def = FunctorDef {
                params,
                body,
                env,
                prelude_text: true,
                key,
                // egret's own wrapper of an installed functor, taken as checked as the
                // stdlib's functors are (`parameters::CHECK_STDLIB_FUNCTORS`).
                checked: true,
                privates: Default::default(),
                scopes: Default::default(),
            };
            self.env.functors.insert(full, Rc::new(def));
        }
    }
}

/// The name under which a classic functor's body sees the implementation's functor.
const IMPLEMENTATION: &str = "%implementation";
