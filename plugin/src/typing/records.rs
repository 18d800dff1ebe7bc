//! Records in expressions: which record type a use of fields names (OCaml's type-directed
//! disambiguation, over the fields in scope: `field_scope`), an instance of a field's type,
//! and the elaboration of `{ f = e; .. }` and `{ e with f = v }`.
//!
//! Invariant: a label out of scope is found only through a known record type
//! ([`Typer::known_record_type`]); otherwise it is OCaml's "Unbound record field".

use super::expr::unit_value;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{DeclKind, Expr, TyCon, Type};
use crate::syntax::ast;

impl Typer<'_> {
    /// The record type a use of fields `names` (qualified or not: see
    /// [`super::field_scope`]) refers to (OCaml's type-directed disambiguation): the known
    /// type `hint` if it has the first field ([`Typer::known_record_type`]), else the latest
    /// type in scope declaring all of them, else the latest in scope declaring the first.
    pub(super) fn record_type_of(&self, names: &[&str], hint: &Type) -> Option<TyCon> {
        if let Some(c) = self.known_record_type(names[0], hint) {
            return Some(c);
        }
        let candidates = self.field_candidates(names[0]);
        let names: Vec<&str> = names.iter().map(|n| field_name(n)).collect();
        let has_all = |c: TyCon| match &self.types.decl(c).kind {
            DeclKind::Record(fs) => names.iter().all(|n| fs.iter().any(|f| f.name == *n)),
            _ => false,
        };
        // An inline record's fields are found only through its type.
        let plain = || {
            (candidates.iter().rev())
                .map(|(c, _)| *c)
                .filter(|c| !self.is_inline_record(*c))
        };
        plain().find(|c| has_all(*c)).or(plain().next())
    }

    /// The record type the known type `hint` names, if it declares field `name` (or is an
    /// inline record's): the fields of such a type need not be in scope.
    pub(super) fn known_record_type(&self, name: &str, hint: &Type) -> Option<TyCon> {
        if let Type::Con(c, _) = *self.u.shallow(hint) {
            if self.is_inline_record(c) {
                return Some(c);
            }
        }
        // The known type, expanded as OCaml's disambiguation does, may name a record whose
        // fields are not in scope (a functor's `S.t` standing for its argument's type).
        match self.u.expand_head(hint) {
            Type::Con(c, _) if self.declares_field(c, field_name(name)) => Some(c),
            _ => None,
        }
    }

    /// OCaml's error for a label of a record expression or pattern whose type is not known,
    /// when the label is not in scope.
    pub(super) fn check_field_in_scope(&self, label: &str, span: Span) -> TResult<()> {
        if self.field_candidates(label).is_empty() {
            return Err(Diagnostic::error(
                span,
                format!("Unbound record field {label}"),
            ));
        }
        Ok(())
    }

    fn field_index(&self, c: TyCon, name: &str) -> Option<u32> {
        match &self.types.decl(c).kind {
            DeclKind::Record(fs) => fs.iter().position(|f| f.name == name).map(|i| i as u32),
            _ => None,
        }
    }

    fn declares_field(&self, c: TyCon, name: &str) -> bool {
        self.field_index(c, name).is_some()
    }

    /// Instantiates the record type owning field `name` (the type `con` if given):
    /// (record type constructor, field index, record type, field type, mutable).
    pub(super) fn field_instance(
        &mut self,
        name: &str,
        span: Span,
        con: Option<TyCon>,
    ) -> TResult<(TyCon, u32, Type, Type, bool)> {
        // A qualified label's module must exist, whatever the expected type says.
        if let Some((module, _)) = name.rsplit_once('.') {
            let path = self.resolve_module_path(module);
            if !super::modules::module_exists(&self.env, &path) {
                return Err(Diagnostic::error(span, format!("Unbound module {module}")));
            }
        }
        let label = name;
        let candidates = self.field_candidates(label);
        let name = field_name(name);
        let found = match con {
            Some(c) => (candidates.iter().find(|(d, _)| *d == c).copied())
                .or_else(|| self.field_index(c, name).map(|i| (c, i))),
            None => (candidates.iter().rev())
                .find(|(d, _)| !self.is_inline_record(*d))
                .copied(),
        };
        let Some((con, i)) = found else {
            return Err(match con {
                Some(c) if self.is_inline_record(c) => Diagnostic::error(
                    span,
                    format!(
                        "The field {name} is not part of the record argument for the {} constructor",
                        // `t.C`: the constructor's name.
                        self.types.decl(c).name.rsplit('.').next().unwrap_or_default()
                    ),
                ),
                Some(c) => Diagnostic::error(
                    span,
                    format!("This record expression is expected to have type {}\n       There is no field {name} within type {}", self.types.decl(c).name, self.types.decl(c).name),
                ),
                None => Diagnostic::error(span, format!("Unbound record field {label}")),
            });
        };
        let decl = self.types.decl(con).clone();
        let DeclKind::Record(fields) = &decl.kind else {
            unreachable!()
        };
        let fresh: Vec<Type> = decl.params.iter().map(|_| self.u.fresh_var()).collect();
        let f = &fields[i as usize];
        let ft = decl
            .params
            .iter()
            .zip(&fresh)
            .fold(f.ty.clone(), |t, (v, x)| t.subst(*v, x));
        Ok((con, i, Type::Con(con, fresh), ft, f.mutable))
    }

    pub(super) fn record(
        &mut self,
        fields: &[(String, Span, ast::Expr)],
        base: Option<&ast::Expr>,
        span: Span,
        expected: Option<&Type>,
    ) -> TResult<(Expr, Type)> {
        let labels: Vec<&str> = fields.iter().map(|(n, _, _)| n.as_str()).collect();
        let labels = super::field_scope::qualified_labels(&labels);
        let names: Vec<&str> = labels.iter().map(String::as_str).collect();
        let (first, fspan) = (names[0], fields[0].1);
        // `{ b with .. }`: the base is typed first, and its type picks the record type.
        let base = match base {
            Some(b) => Some((b, self.record_base(b)?)),
            None => None,
        };
        let hint = match (&base, expected) {
            (Some((_, (_, bt))), _) => bt.clone(),
            (None, Some(t)) => t.clone(),
            (None, None) => self.u.fresh_var(),
        };
        let known = self.known_record_type(first, &hint);
        let con = self.record_type_of(&names, &hint);
        let (con, _, rt, _, _) = self.field_instance(first, fspan, con)?;
        // OCaml's `type_label_exp` (creating): no value of a private record is built outside.
        if self.private_types.contains(&con) {
            if let Some((_, (_, bt))) = &base {
                self.expect(span, bt, &rt)?;
            }
            return Err(self.private_type_error(span, &rt));
        }
        let DeclKind::Record(decl_fields) = &self.types.decl(con).kind else {
            unreachable!()
        };
        let n = decl_fields.len();
        let mut given: Vec<Option<Expr>> = vec![None; n];
        for ((name, fspan, e), label) in fields.iter().zip(&names) {
            // With no known type, each label is looked up in scope (OCaml's
            // `disambiguate_lid_a_list` without an expected type).
            if known.is_none() {
                self.check_field_in_scope(label, *fspan)?;
            }
            let (c, i, t, ft, _) = match self.field_instance(label, *fspan, Some(con)) {
                Ok(r) => r,
                Err(e) if self.is_inline_record(con) => return Err(e),
                Err(_) => self.field_instance(label, *fspan, None)?,
            };
            if c != con {
                return Err(Diagnostic::error(
                    *fspan,
                    format!("The record field {name} belongs to the type {} but is mixed here with fields of type {}",
                        self.types.decl(c).name, self.types.decl(con).name),
                ));
            }
            self.expect(*fspan, &t, &rt)?;
            if given[i as usize].is_some() {
                return Err(Diagnostic::error(
                    *fspan,
                    format!("The record field label {name} is defined several times"),
                ));
            }
            given[i as usize] = Some(self.field_value(e, &ft)?);
        }
        match base {
            None => {
                let missing: Vec<String> = given
                    .iter()
                    .enumerate()
                    .filter(|(i, g)| g.is_none() && !self.is_identity_field(con, *i))
                    .map(|(i, _)| decl_field_name(self, con, i))
                    .collect();
                if !missing.is_empty() {
                    return Err(Diagnostic::error(
                        span,
                        format!("Some record fields are undefined: {}", missing.join(" ")),
                    ));
                }
                // An exception's identity field is not built here (`inline_records`).
                let args = given
                    .into_iter()
                    .map(|g| g.unwrap_or_else(unit_value))
                    .collect();
                Ok((
                    Expr::Construct {
                        ty: rt.clone(),
                        index: 0,
                        args,
                    },
                    rt,
                ))
            }
            Some((b, (bx_, bt))) => {
                let base_ty = self.record_base_instance(con, &rt, &given, span)?;
                self.expect(b.span, &bt, &base_ty)?;
                let v = self.fresh_var("_base", base_ty, b.span);
                let args = given
                    .into_iter()
                    .enumerate()
                    .map(|(i, g)| {
                        g.unwrap_or_else(|| {
                            Expr::record_field(&self.types, con, Expr::Var(v), i as u32)
                        })
                    })
                    .collect();
                let body = Expr::Construct {
                    ty: rt.clone(),
                    index: 0,
                    args,
                };
                Ok((Expr::Local(v, Box::new(bx_), Box::new(body)), rt))
            }
        }
    }
}

impl<'s> Typer<'s> {
    /// The type the base of `{ b with .. }` must have, the result being `rt` (an instance of
    /// record type `con`) with the fields `given` replaced: OCaml's `type_expect_` types
    /// the base at an instance of its own, each kept field having one type in both, so that
    /// a parameter only replaced fields use may change (`{ (r : int t) with x = "s" }`). An
    /// inline record's base is the result's type (its parameters may be existentials).
    fn record_base_instance(
        &mut self,
        con: TyCon,
        rt: &Type,
        given: &[Option<Expr>],
        span: Span,
    ) -> TResult<Type> {
        let decl = self.types.decl(con).clone();
        let (DeclKind::Record(fields), Type::Con(_, result_args)) = (&decl.kind, rt) else {
            return Ok(rt.clone());
        };
        if self.is_inline_record(con) {
            return Ok(rt.clone());
        }
        let base_args: Vec<Type> = decl.params.iter().map(|_| self.u.fresh_var()).collect();
        let at = |t: &Type, args: &[Type]| {
            (decl.params.iter().zip(args)).fold(t.clone(), |t, (v, x)| t.subst(*v, x))
        };
        for (f, _) in fields.iter().zip(given).filter(|(_, g)| g.is_none()) {
            if let Type::Forall(..) = f.ty {
                // A polymorphic field's type is one in both when the parameters it mentions
                // are (two schemes do not unify).
                let mut vars = Vec::new();
                super::gadt::free_vars(&f.ty, &mut vars);
                for (j, p) in decl.params.iter().enumerate() {
                    if vars.contains(p) {
                        self.expect(span, &base_args[j], &result_args[j])?;
                    }
                }
            } else {
                let kept = at(&f.ty, &base_args);
                self.expect(span, &kept, &at(&f.ty, result_args))?;
            }
        }
        Ok(Type::Con(con, base_args))
    }
}

fn decl_field_name(t: &Typer, con: TyCon, i: usize) -> String {
    match &t.types.decl(con).kind {
        DeclKind::Record(fs) => fs[i].name.clone(),
        _ => String::new(),
    }
}

/// The name of the field a label (`f`, `M.f`) names in its record type's declaration (which
/// declarations `M.f` may name is [`super::field_scope`]'s).
pub(super) fn field_name(label: &str) -> &str {
    label.rsplit('.').next().unwrap_or(label)
}
