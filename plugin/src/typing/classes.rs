//! Classes typed as the values the parser makes of them (`syntax::parser::classes`): a group
//! `class c1 .. and c2 ..` is the recursive binding of `c1#new`, `c2#new` (each `unit -> p1
//! -> .. -> pn -> object type`), and then each class is checked as OCaml's `Typeclass` checks
//! a class declaration's type, and its type `c` declared.
//!
//! Invariants: a class's object type (what `new c a1 .. an` gives) mentions no type variable
//! but its declared parameters `['a, ..]` (OCaml's "Some type variables are unbound in this
//! type"), and no variable that cannot be generalized; the type `c` is that closed object
//! type, declared when the class has at most one type parameter (with more, the order of
//! the parameters is not known here, and `c` stays unbound: a rejection, never a wrong type).

use std::collections::HashMap;

use super::unify::Unifier;
use super::{TResult, Typer};
use crate::diagnostics::Diagnostic;
use crate::lambda::ir::{TyVar, Type};
use crate::syntax::ast;

impl Typer<'_> {
    /// Checks class `d` once its value `c#new` is bound, and declares its type `c`.
    pub(super) fn class_declared(&mut self, d: &ast::ClassDecl) -> TResult<()> {
        let value = ast::class_value_name(&d.name);
        let Some(super::env::ValueBinding::Var(v)) = self.env.lookup(&value) else {
            unreachable!("a class's value is bound by its group's `let rec`")
        };
        let scheme = self.u.zonk(&self.vars.ty(v).clone());
        let mut quantified: Vec<TyVar> = Vec::new();
        let mut body = &scheme;
        while let Type::Forall(q, t) = body {
            quantified.push(*q);
            body = t;
        }
        // A variable still bound after zonking stands for a cycle (a recursive object type,
        // as `{< .. >}` gives): not a free variable.
        let mut free = Vec::new();
        super::gadt::free_vars(body, &mut free);
        free.retain(|v| self.u.bindings[v.0 as usize].is_none());
        if free.iter().any(|v| !quantified.contains(v)) {
            return Err(Diagnostic::error(
                d.span,
                format!(
                    "The type of this class, class {}, contains type variables that cannot be generalized",
                    d.name
                ),
            ));
        }
        // `unit -> p1 -> .. -> pn -> object type`.
        let mut result = body;
        for _ in 0..d.arity + 1 {
            match result {
                Type::Arrow(_, r) => result = r,
                _ => unreachable!("a class's value is a function of its parameters"),
            }
        }
        let mut vars = Vec::new();
        super::gadt::free_vars(result, &mut vars);
        vars.retain(|v| self.u.bindings[v.0 as usize].is_none());
        if vars.len() > d.type_params.len() {
            return Err(Diagnostic::error(
                d.span,
                format!(
                    "Some type variables are unbound in this type: the class {} has type variables in its methods' or instance variables' types that are not its parameters",
                    d.name
                ),
            ));
        }
        if vars.len() == d.type_params.len() && vars.len() <= 1 {
            self.declare_in_structure(&d.name, d.span, "type", |s| &mut s.types)?;
            self.env.types.insert(
                d.name.clone(),
                super::env::TypeName::Abbrev(vars, result.clone()),
            );
        }
        Ok(())
    }

    /// `#c` (`(t1, ..) #c`): class `c`'s object type with its row open (a fresh variable
    /// for the other methods), as OCaml's `Typetexp` reads `Ptyp_class`.
    pub(super) fn class_open_type(
        &mut self,
        te: &ast::TypeExpr,
        class: &str,
        args: &[ast::TypeExpr],
        scope: &HashMap<String, Type>,
        flexible: bool,
    ) -> TResult<Type> {
        if !flexible && !self.open_rows_ok {
            return Err(Diagnostic::error(
                te.span,
                format!(
                    "A type variable is unbound in this type declaration.\n       In type {} as 'a the variable 'a is unbound",
                    crate::syntax::print::type_expr_text(te)
                ),
            ));
        }
        let closed = ast::TypeExpr {
            kind: ast::TypeExprKind::Constr(class.to_string(), args.to_vec()),
            span: te.span,
        };
        let t = self.type_expr_in(&closed, scope, flexible)?;
        let t = self.u.zonk(&t);
        match &t {
            Type::Con(c, a) if *c == self.u.pv.obj.object && a.len() == 1 => {
                let (methods, tail) = self.u.object_methods(&a[0]);
                let tail = match tail {
                    Some(v) => Type::Var(v),
                    None => self.u.fresh_var(),
                };
                let row = Unifier::build_methods(&methods, tail);
                Ok(Type::Con(*c, vec![row]))
            }
            _ => Err(Diagnostic::error(te.span, format!("Unbound class {class}"))),
        }
    }
}
