//! Matching a module's values against the values a signature declares (OCaml's
//! `Includemod.value_descriptions`): each declared type read with the signature's type names,
//! the module's scheme checked to have it as an instance, and a rebinding at the declared type
//! where that is less general, names a type the signature made abstract, or keeps a primitive.
//!
//! Invariant: a value the signature does not mention is left as it is (`restrict` hides it); a
//! rebinding's wrapper is pushed in the order of the signature's values, so `wrap` binds them
//! before the code that uses the sealed module.

use std::collections::HashMap;

use super::packages::type_var_names;
use super::signatures::Sig;
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Expr, TyVar, Type, VarId};
use crate::syntax::ast;
use crate::typing::env::ValueBinding;
use crate::typing::unify::TypePrinter;
use crate::typing::{TResult, Typer};

impl Typer<'_> {
    /// The values `sig` declares against those module `name` binds (`match_value`), the
    /// signature's type names open; rebinds those the signature makes less general (their
    /// wrappers pushed to `wrappers`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn match_values(
        &mut self,
        name: &str,
        sig: &Sig,
        span: Span,
        abstracted: bool,
        fresh_from: u32,
        wrappers: &mut Vec<(VarId, Expr)>,
    ) -> TResult<()> {
        let mismatch =
            |what: String| Diagnostic::error(span, format!("Signature mismatch:\n       {what}"));
        for (x, t) in &sig.vals {
            let full = format!("{name}.{x}");
            let (Some(b), Some(t)) = (self.env.lookup(&full), t) else {
                continue;
            };
            if matches!(b, ValueBinding::Hidden) {
                continue;
            }
            let primitive = sig.externals.contains(x);
            if primitive && !matches!(b, ValueBinding::Builtin(_)) {
                return Err(mismatch(format!(
                    "Values do not match: `{x}' is declared `external'\n       The implementation is not a primitive."
                )));
            }
            match (
                self.match_value(x, b, t, span, abstracted, fresh_from, primitive)?,
                b,
            ) {
                // A primitive stays one (a full application is the primitive's code:
                // `Bool.( && )` short-circuits), at the declared type.
                (Some((v2, _)), ValueBinding::Builtin(i)) if primitive => {
                    let ty = self.vars.ty(v2).clone();
                    let (imp, casts) = (self.builtins[i].imp, self.builtins[i].casts);
                    self.builtins.push(crate::typing::builtins::Builtin {
                        name: "",
                        quantified: 0,
                        ty,
                        imp,
                        casts,
                    });
                    let index = self.builtins.len() - 1;
                    self.env.bind(&full, ValueBinding::Builtin(index));
                }
                (Some((v2, e)), _) => {
                    self.env.bind(&full, ValueBinding::Var(v2));
                    wrappers.push((v2, e));
                }
                (None, _) => {}
            }
        }
        Ok(())
    }

    /// Checks that the value `x` (bound as `b` in the module being sealed) has an instance of
    /// the declared type `declared`, read with the signature's type names (opened by
    /// [`Typer::match_values`]). Gives a binding of the value at the declared type
    /// when that is less general (or names abstract types, or `b` is a primitive). A
    /// `primitive` (declared `external`) keeps `b`, whose value is not used.
    #[allow(clippy::too_many_arguments)]
    fn match_value(
        &mut self,
        x: &str,
        b: ValueBinding,
        declared: &ast::TypeExpr,
        span: Span,
        abstracted: bool,
        fresh_from: u32,
        primitive: bool,
    ) -> TResult<Option<(VarId, Expr)>> {
        let mut names = Vec::new();
        type_var_names(declared, &mut names);
        let mut scope: HashMap<String, Type> = HashMap::new();
        self.u.level += 1;
        let mut instance_vars = Vec::new();
        for n in &names {
            let t = self.u.fresh_var();
            scope.insert(n.clone(), t.clone());
            instance_vars.push(t);
        }
        let declared_t = self.type_expr_in(declared, &scope, false);
        let declared_t = match declared_t {
            Ok(t) => t,
            Err(e) => {
                self.u.level -= 1;
                return Err(e);
            }
        };
        // Each `_` of the declared type (`val const : 'a -> (_ -> 'a)`) is a variable of its
        // own, as general as a named one.
        let mut anonymous = Vec::new();
        crate::typing::gadt::collect_vars(&self.u.zonk(&declared_t), &mut anonymous);
        for w in anonymous {
            let t = Type::Var(w);
            if self.u.levels[w.0 as usize] == self.u.level && !instance_vars.contains(&t) {
                instance_vars.push(t);
            }
        }
        let (impl_e, impl_t, impl_args, scheme) = match b {
            ValueBinding::Var(v) => {
                let scheme = self.vars.ty(v).clone();
                let (t, args) = self.u.instantiate(&scheme);
                (Expr::Var(v), t, args, scheme)
            }
            _ => {
                // A primitive (`external`): its value as a closure.
                let ValueBinding::Builtin(i) = b else {
                    unreachable!("hidden bindings are skipped")
                };
                // An `external` re-exported as one keeps its primitive, usable or not: a
                // primitive the runtime lacks is reported where it is used (obj.mli's
                // `Obj.truncate`), so only its type is matched here.
                let unavailable = matches!(
                    self.builtins[i].imp,
                    crate::typing::builtins::BuiltinImpl::Unavailable(_)
                );
                let value = if primitive && unavailable {
                    let t = self.builtin_type(i);
                    Ok((Expr::Const(crate::lambda::ir::Const::Int(0)), t))
                } else {
                    self.builtin_value(i, span)
                };
                match value {
                    Ok((e, t)) => (e, t.clone(), Vec::new(), t),
                    Err(e) => {
                        self.u.level -= 1;
                        return Err(e);
                    }
                }
            }
        };
        // The types this matching made abstract are their definitions for the implementation
        // (a variable of an enclosing function's must not become the new abstract type);
        // another module's abstract types stay abstract (`M.t` is not `int` outside `M`).
        let seen = self.expand_fresh_abstract(&declared_t, fresh_from);
        let unified = self.u.unify(&impl_t, &seen, &self.types);
        self.u.level -= 1;
        // The declared type's variables must stay distinct, unbound variables.
        let mut vars: Vec<TyVar> = Vec::new();
        let general = unified.is_ok()
            && instance_vars.iter().all(|u| match &*self.u.shallow(u) {
                Type::Var(w)
                    if self.u.levels[w.0 as usize] > self.u.level
                        && self.u.levels[w.0 as usize] != u32::MAX
                        && !vars.contains(w) =>
                {
                    vars.push(*w);
                    true
                }
                _ => false,
            });
        if !general {
            let mut p = TypePrinter::new(&self.types);
            let actual = p.print(&self.u.zonk(&scheme_body(&scheme)));
            let expected = p.print(&self.u.zonk(&declared_t));
            return Err(Diagnostic::error(
                span,
                format!(
                    "Signature mismatch:\n       Values do not match:\n         val {x} : {actual}\n       is not included in\n         val {x} : {expected}"
                ),
            ));
        }
        let same = matches!(b, ValueBinding::Var(_))
            && impl_args.len() == vars.len()
            && impl_args
                .iter()
                .zip(&vars)
                .all(|(a, w)| matches!(&*self.u.shallow(a), Type::Var(u) if u == w));
        // In classic mode the declared type has labels the implementation's has not.
        if same && !abstracted && !self.mentions_abstract(&declared_t) && !self.u.classic {
            return Ok(None);
        }
        let e = impl_args
            .into_iter()
            .fold(impl_e, |e, a| Expr::TyApp(Box::new(e), a));
        let (e, scheme) = self.quantify(e, declared_t, &vars);
        let v2 = self.fresh_var(x, scheme, Span::default());
        Ok(Some((v2, e)))
    }

    /// `t` with the abstract types declared since `from` replaced by their definitions.
    fn expand_fresh_abstract(&self, t: &Type, from: u32) -> Type {
        self.expand_fresh_in(t, from, &mut Vec::new())
    }

    /// [`Typer::expand_fresh_abstract`] under the bound variables `seen` being expanded: a
    /// recursive type (`[ `A of 'a ] as 'a`) is expanded once, its back-edges kept.
    fn expand_fresh_in(&self, t: &Type, from: u32, seen: &mut Vec<TyVar>) -> Type {
        if let Type::Var(v) = t {
            if let Some(b) = &self.u.bindings[v.0 as usize] {
                if seen.contains(v) {
                    return Type::Var(*v);
                }
                seen.push(*v);
                let e = self.expand_fresh_in(b, from, seen);
                seen.pop();
                return e;
            }
        }
        match t {
            Type::Var(v) => Type::Var(*v),
            Type::Con(c, ts) if *c == self.u.pv.mu => {
                let Type::Var(w) = &ts[0] else {
                    return t.clone();
                };
                seen.push(*w);
                let body = self.expand_fresh_in(&ts[1], from, seen);
                seen.pop();
                Type::Con(*c, vec![Type::Var(*w), body])
            }
            Type::Con(c, ts) => {
                let ts: Vec<Type> = ts
                    .iter()
                    .map(|t| self.expand_fresh_in(t, from, seen))
                    .collect();
                match self.u.abstract_types.get(c) {
                    Some(a) if c.0 >= from && !a.existential => {
                        let mut e = a.expand(&ts);
                        // A later application's type stands for the first application's
                        // (`applicative`, through transparent ones): that one's definition
                        // is this one's too (one step: what it names stays as it is).
                        if !a.opaque {
                            while let Type::Con(d, ds) = &e {
                                match self.u.abstract_types.get(d) {
                                    Some(b) if !b.existential && !b.opaque => e = b.expand(ds),
                                    Some(b) if !b.existential && d.0 < from => {
                                        e = b.expand(ds);
                                        break;
                                    }
                                    _ => break,
                                }
                            }
                        }
                        self.expand_fresh_in(&e, from, seen)
                    }
                    _ => Type::Con(*c, ts),
                }
            }
            Type::Tuple(ts) => Type::Tuple(
                ts.iter()
                    .map(|t| self.expand_fresh_in(t, from, seen))
                    .collect(),
            ),
            Type::Arrow(a, b) => Type::arrow(
                self.expand_fresh_in(a, from, seen),
                self.expand_fresh_in(b, from, seen),
            ),
            Type::Forall(v, t) => Type::Forall(*v, Box::new(self.expand_fresh_in(t, from, seen))),
        }
    }

    /// Whether `t` names a type a signature made abstract.
    fn mentions_abstract(&self, t: &Type) -> bool {
        match &*self.u.shallow(t) {
            Type::Var(_) => false,
            Type::Con(c, ts) => {
                self.u.abstract_types.contains_key(c)
                    || ts.iter().any(|t| self.mentions_abstract(t))
            }
            Type::Tuple(ts) => ts.iter().any(|t| self.mentions_abstract(t)),
            Type::Arrow(a, b) => self.mentions_abstract(a) || self.mentions_abstract(b),
            Type::Forall(_, t) => self.mentions_abstract(t),
        }
    }
}

/// A scheme's type without its quantifiers.
fn scheme_body(t: &Type) -> Type {
    match t {
        Type::Forall(_, t) => scheme_body(t),
        t => t.clone(),
    }
}
