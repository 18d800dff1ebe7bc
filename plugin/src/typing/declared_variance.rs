//! Variance and injectivity annotations of type parameters (`type +'a t`, `type -'a t`,
//! `type !'a t`), as OCaml 4.13's `Typedecl_variance` checks and uses them.
//!
//! Every declaration gets the variance of each parameter: where it may occur positively,
//! negatively, and whether the type is injective in it. A defined type's is computed from its
//! definition (constructor arguments and immutable fields are covariant positions, mutable
//! fields invariant ones, an arrow's parameter flips the polarity, a type constructor's
//! argument composes with that constructor's variance), by fixpoint over a recursive group;
//! an abstract type's is its annotation (none: invariant, not injective). An annotation on a
//! defined type (or an abbreviation) is checked against the computed variance, with OCaml's
//! error "In this definition, expected parameter variances are not satisfied". An abstract
//! type's annotation also decides where its parameters are weak for the relaxed value
//! restriction (`typing::variance`).

use std::collections::HashMap;

use super::{TResult, Typer};
use crate::diagnostics::Diagnostic;
use crate::lambda::ir::{DeclKind, TyCon, TyVar, Type};
use crate::syntax::ast::{self, ParamVariance, TypeDeclKind};

/// Where a parameter occurs: positively, negatively, injectively.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Occurrence {
    pos: bool,
    neg: bool,
    pub(super) inj: bool,
}

const COVARIANT: Occurrence = Occurrence {
    pos: true,
    neg: false,
    inj: true,
};
const FULL: Occurrence = Occurrence {
    pos: true,
    neg: true,
    inj: true,
};

impl Occurrence {
    fn union(self, o: Occurrence) -> Occurrence {
        Occurrence {
            pos: self.pos || o.pos,
            neg: self.neg || o.neg,
            inj: self.inj || o.inj,
        }
    }

    fn conjugate(self) -> Occurrence {
        Occurrence {
            pos: self.neg,
            neg: self.pos,
            inj: self.inj,
        }
    }

    /// An occurrence at variance `v` of a constructor's parameter, itself at `self`.
    fn compose(self, v: Occurrence) -> Occurrence {
        let strict = (self.pos && self.neg && v.inj) || ((self.pos || self.neg) && v.pos && v.neg);
        if strict {
            return FULL;
        }
        Occurrence {
            pos: (self.pos && v.pos) || (self.neg && v.neg),
            neg: (self.pos && v.neg) || (self.neg && v.pos),
            inj: self.inj && v.inj,
        }
    }

    /// OCaml's name of a variance (`Typedecl.report_error`'s `Bad_variance`).
    fn name(self) -> String {
        let inj = if self.inj { "injective " } else { "" };
        match (self.pos, self.neg) {
            (true, true) => format!("{inj}invariant"),
            (true, false) => format!("{inj}covariant"),
            (false, true) => format!("{inj}contravariant"),
            (false, false) if inj.is_empty() => "unrestricted".to_string(),
            (false, false) => inj.to_string(),
        }
    }
}

/// The variance of each parameter of each declaration, by type constructor.
#[derive(Default)]
pub(super) struct DeclVariances(pub(super) HashMap<TyCon, Vec<Occurrence>>);

impl Typer<'_> {
    /// The variance of `c`'s parameters (computed from its definition the first time).
    fn decl_variance(&mut self, c: TyCon) -> Vec<Occurrence> {
        if let Some(v) = self.decl_variances.0.get(&c) {
            return v.clone();
        }
        let d = self.types.decl(c).clone();
        // A recursive use while computing reads "no occurrence yet".
        self.decl_variances
            .0
            .insert(c, vec![Occurrence::default(); d.params.len()]);
        let v = match &d.kind {
            DeclKind::Primitive if super::labels::label_of_decl(&d.name).is_some() => {
                vec![COVARIANT; d.params.len()]
            }
            // `lazy_t` is covariant (OCaml's `Predef`).
            DeclKind::Primitive if c == TyCon::LAZY_T => vec![COVARIANT],
            // `array` and the other primitive containers, extensible types.
            DeclKind::Primitive | DeclKind::Extensible => vec![FULL; d.params.len()],
            _ => self.computed_variance(c),
        };
        self.decl_variances.0.insert(c, v.clone());
        v
    }

    /// The variance of a variant's or record's parameters, from its definition.
    fn computed_variance(&mut self, c: TyCon) -> Vec<Occurrence> {
        let d = self.types.decl(c).clone();
        let mut acc = HashMap::new();
        match &d.kind {
            DeclKind::Variant(cs) => {
                for t in cs.iter().flat_map(|c| &c.args) {
                    self.occurrences(t, COVARIANT, &mut acc);
                }
            }
            DeclKind::Record(fs) => {
                for f in fs {
                    let v = if f.mutable { FULL } else { COVARIANT };
                    self.occurrences(&f.ty, v, &mut acc);
                }
            }
            DeclKind::Primitive | DeclKind::Extensible => {}
        }
        d.params
            .iter()
            .map(|p| acc.get(p).copied().unwrap_or_default())
            .collect()
    }

    /// Adds where `t`'s variables occur, `t` itself occurring at `v`.
    fn occurrences(&mut self, t: &Type, v: Occurrence, acc: &mut HashMap<TyVar, Occurrence>) {
        let t = self.u.zonk(t);
        match &t {
            Type::Var(x) => {
                let e = acc.entry(*x).or_default();
                *e = e.union(v);
            }
            Type::Arrow(a, r) => {
                self.occurrences(a, v.conjugate(), acc);
                self.occurrences(r, v, acc);
            }
            Type::Tuple(ts) => ts.iter().for_each(|t| self.occurrences(t, v, acc)),
            Type::Con(c, args) => {
                let vs = self.decl_variance(*c);
                for (a, w) in args.iter().zip(vs) {
                    self.occurrences(a, v.compose(w), acc);
                }
            }
            Type::Forall(_, t) => self.occurrences(t, v, acc),
        }
    }

    /// After a group of declarations `decls` got their constructors `cons`: their variances,
    /// and OCaml's check of the annotations.
    pub(super) fn declared_variances(
        &mut self,
        decls: &[ast::TypeDecl],
        cons: &[(TyCon, Vec<TyVar>)],
    ) -> TResult<()> {
        // Abstract types are what their annotations say.
        for (d, (con, _)) in decls.iter().zip(cons) {
            if matches!(d.kind, TypeDeclKind::Abstract | TypeDeclKind::Open) {
                let v = d
                    .variances
                    .iter()
                    .map(|a| Occurrence {
                        pos: !a.contravariant || a.covariant,
                        neg: !a.covariant || a.contravariant,
                        inj: a.injective || matches!(d.kind, TypeDeclKind::Open),
                    })
                    .collect();
                self.decl_variances.0.insert(*con, v);
            }
        }
        // The group's variants and records, by fixpoint.
        let defined: Vec<TyCon> = decls
            .iter()
            .zip(cons)
            .filter(|(d, _)| matches!(d.kind, TypeDeclKind::Variant(_) | TypeDeclKind::Record(_)))
            .map(|(_, (c, _))| *c)
            .collect();
        for &c in &defined {
            let n = self.types.decl(c).params.len();
            self.decl_variances
                .0
                .insert(c, vec![Occurrence::default(); n]);
        }
        loop {
            let mut changed = false;
            for &c in &defined {
                let v = self.computed_variance(c);
                if self.decl_variances.0.get(&c) != Some(&v) {
                    self.decl_variances.0.insert(c, v);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // The annotations of defined types and abbreviations are checked.
        for (d, (con, params)) in decls.iter().zip(cons) {
            let actual = match &d.kind {
                TypeDeclKind::Variant(_) | TypeDeclKind::Record(_) => self.decl_variance(*con),
                TypeDeclKind::Abbrev(_) => {
                    let Some(super::env::TypeName::Abbrev(ps, body)) =
                        self.env.types.get(&d.name).cloned()
                    else {
                        continue;
                    };
                    let mut acc = HashMap::new();
                    self.occurrences(&body, COVARIANT, &mut acc);
                    ps.iter()
                        .map(|p| acc.get(p).copied().unwrap_or_default())
                        .collect()
                }
                TypeDeclKind::Abstract | TypeDeclKind::Open => continue,
            };
            let check_injectivity = matches!(d.kind, TypeDeclKind::Abbrev(_));
            for (i, (a, got)) in d.variances.iter().zip(&actual).enumerate() {
                let want = required(*a, check_injectivity);
                if (got.pos && !want.pos) || (got.neg && !want.neg) || (!got.inj && want.inj) {
                    return Err(bad_variance(d.span, i, want, *got));
                }
            }
            let _ = params;
        }
        Ok(())
    }

    /// Whether a module's type `mine` (its constructor, or an abbreviation's parameters and
    /// body) satisfies the annotations `want` of the abstract signature declaration it is
    /// matched against, OCaml's `Includecore.type_declarations` for an abstract type: a
    /// parameter may occur only where its annotation allows (`+`: not negatively), and must
    /// be injective where it asks so (`!`). True when a variance is unknown (an abstract
    /// type, a primitive one other than `array`): this check only rejects what OCaml
    /// rejects.
    pub(super) fn variances_included(
        &mut self,
        mine: &super::env::TypeName,
        want: &[ParamVariance],
    ) -> bool {
        if want.iter().all(|a| *a == ParamVariance::default()) {
            return true;
        }
        let actual = match mine {
            super::env::TypeName::Con(c) => {
                let gadt = self.gadt.ctors.contains_key(&(*c, 0));
                if gadt || !self.variance_known(&Type::Con(*c, vec![]), &mut Vec::new()) {
                    return true;
                }
                // A datatype is injective in each of its parameters (nominal).
                let mut v = self.decl_variance(*c);
                v.iter_mut().for_each(|o| o.inj = true);
                v
            }
            super::env::TypeName::Abbrev(ps, body) => {
                let body = self.u.zonk(body);
                if !self.variance_known(&body, &mut Vec::new()) {
                    return true;
                }
                let mut acc = HashMap::new();
                self.occurrences(&body, COVARIANT, &mut acc);
                // Injective unless it does not occur at all (`type 'a t = int`): the
                // injectivity `occurrences` computes through a datatype is its parameters'
                // occurrence, not OCaml's.
                ps.iter()
                    .map(|p| match acc.get(p) {
                        Some(o) => Occurrence { inj: true, ..*o },
                        None => Occurrence::default(),
                    })
                    .collect()
            }
            super::env::TypeName::ModuleMarker(_) => return true,
        };
        want.iter().zip(&actual).all(|(a, got)| {
            let w = required(*a, true);
            !((got.pos && !w.pos) || (got.neg && !w.neg) || (!got.inj && w.inj))
        })
    }

    /// Whether the variance of every type constructor in `t` is known (see
    /// [`Self::variances_included`]), through the definitions of variants and records
    /// (`seen`: those already followed).
    /// Whether the extensible type `mine` has the variances the annotations `want` of the
    /// extensible signature declaration it is matched against give (OCaml's
    /// `Includecore.type_declarations` for an open type: equal upper bounds).
    pub(super) fn variances_equal(
        &mut self,
        mine: &super::env::TypeName,
        want: &[ParamVariance],
    ) -> bool {
        let super::env::TypeName::Con(c) = mine else {
            return true;
        };
        let actual = self.decl_variance(*c);
        want.len() != actual.len()
            || want.iter().zip(&actual).all(|(a, got)| {
                let w = required(*a, false);
                got.pos == w.pos && got.neg == w.neg
            })
    }

    /// Whether an extension's annotations `ext` ask more of the extensible type `con` than
    /// its declaration gives (OCaml's `Includecore.Variance` of `transl_type_extension`:
    /// `type +'a t += ..` of an invariant `'a t`).
    pub(super) fn extension_variances_disagree(
        &mut self,
        con: TyCon,
        ext: &[ParamVariance],
    ) -> bool {
        let declared = self.decl_variance(con);
        ext.iter().zip(&declared).any(|(a, d)| {
            let (co, contra) = (a.covariant, a.contravariant);
            (co && d.neg) || (contra && d.pos)
        })
    }

    /// OCaml's `compute_variance_extension`: the parameters `params` of an extension of
    /// `con` occur in its constructor's arguments `args` only as `con`'s declaration allows
    /// (`C of (int -> 'a)` does not extend `+'a t`), where every variance is known.
    pub(super) fn check_extension_ctor_variances(
        &mut self,
        con: TyCon,
        params: &[TyVar],
        args: &[Type],
        span: crate::diagnostics::Span,
    ) -> TResult<()> {
        // Only where egret knows every variance OCaml does (see `variance_known`): this check
        // only rejects what OCaml rejects.
        let args: Vec<Type> = args.iter().map(|a| self.u.zonk(a)).collect();
        if !args.iter().all(|a| self.variance_known(a, &mut Vec::new())) {
            return Ok(());
        }
        let declared = self.decl_variance(con);
        let mut acc = HashMap::new();
        for a in &args {
            self.occurrences(a, COVARIANT, &mut acc);
        }
        for (i, (p, d)) in params.iter().zip(&declared).enumerate() {
            let want = Occurrence { inj: false, ..*d };
            let got = Occurrence {
                inj: true,
                ..acc.get(p).copied().unwrap_or_default()
            };
            if (got.pos && !want.pos) || (got.neg && !want.neg) {
                return Err(bad_variance(span, i, want, got));
            }
        }
        Ok(())
    }

    fn variance_known(&self, t: &Type, seen: &mut Vec<TyCon>) -> bool {
        match t {
            Type::Var(_) => true,
            Type::Arrow(a, r) => self.variance_known(a, seen) && self.variance_known(r, seen),
            Type::Tuple(ts) => ts.iter().all(|t| self.variance_known(t, seen)),
            Type::Forall(_, t) => self.variance_known(t, seen),
            Type::Con(c, args) => {
                if !args.iter().all(|t| self.variance_known(t, seen)) {
                    return false;
                }
                // A primitive type's variance is known for `array` (invariant) and `lazy_t`
                // (covariant) only: `decl_variance` takes the others as invariant.
                if seen.contains(c) || *c == TyCon::ARRAY || *c == TyCon::LAZY_T {
                    return true;
                }
                if self.u.abstract_types.contains_key(c) {
                    return false;
                }
                seen.push(*c);
                let d = self.types.decl(*c);
                match &d.kind {
                    _ if d.params.is_empty() => true,
                    DeclKind::Variant(cs) => cs
                        .iter()
                        .flat_map(|k| &k.args)
                        .all(|t| self.variance_known(t, seen)),
                    // A mutable field makes its parameters invariant, as OCaml's.
                    DeclKind::Record(fs) => {
                        (*c == TyCon::REF || fs.iter().all(|f| !f.mutable))
                            && fs.iter().all(|f| self.variance_known(&f.ty, seen))
                    }
                    DeclKind::Primitive | DeclKind::Extensible => false,
                }
            }
        }
    }

    /// Whether parameter `i` of abstract type `c` is weak for the relaxed value restriction
    /// (not covariant), if `c` has annotated variances.
    pub(super) fn abstract_weak_flags(&self, c: TyCon) -> Option<Vec<bool>> {
        self.decl_variances
            .0
            .get(&c)
            .map(|v| v.iter().map(|o| o.neg).collect())
    }
}

/// What an annotation asks for (none: anything, OCaml's `(true, true)`).
fn required(a: ParamVariance, check_injectivity: bool) -> Occurrence {
    let (pos, neg) = if a.covariant || a.contravariant {
        (a.covariant, a.contravariant)
    } else {
        (true, true)
    };
    Occurrence {
        pos,
        neg,
        inj: a.injective && check_injectivity,
    }
}

/// OCaml's `Bad_variance` error for parameter `i`.
fn bad_variance(
    span: crate::diagnostics::Span,
    i: usize,
    want: Occurrence,
    got: Occurrence,
) -> Diagnostic {
    Diagnostic::error(
        span,
        format!(
            "In this definition, expected parameter variances are not satisfied.\n       The {}{} type parameter was expected to be {},\n       but it is {}.",
            i + 1,
            ordinal_suffix(i + 1),
            want.name(),
            got.name()
        ),
    )
}

fn ordinal_suffix(n: usize) -> &'static str {
    let teen = (n % 100) / 10 == 1;
    match n % 10 {
        1 if !teen => "st",
        2 if !teen => "nd",
        3 if !teen => "rd",
        _ => "th",
    }
}

impl Typer<'_> {
    /// OCaml's check that a GADT constructor's type variables are deduced from its result
    /// type (`Typedecl_variance.compute_variance_type`'s `No_variable`): a variable of the
    /// arguments that occurs in the result's parameters, other than as a parameter itself,
    /// must occur there injectively. In `T : 'a -> 'a s t` with `s` abstract (not declared
    /// `!'a`), `'a s` may equal `int s` for another `'a`: matching `T x` could not tell
    /// `x`'s type.
    pub(super) fn check_gadt_deducible(
        &mut self,
        decls: &[ast::TypeDecl],
        cons: &[(TyCon, Vec<TyVar>)],
    ) -> TResult<()> {
        for (d, (con, _)) in decls.iter().zip(cons) {
            let ast::TypeDeclKind::Variant(cs) = &d.kind else {
                continue;
            };
            for i in 0..cs.len() {
                let Some(sig) = self.gadt.ctors.get(&(*con, i as u32)).cloned() else {
                    continue;
                };
                let ret: Vec<Type> = sig.ret.iter().map(|r| self.u.zonk(r)).collect();
                let mut in_args = HashMap::new();
                for a in &sig.args {
                    self.occurrences(a, COVARIANT, &mut in_args);
                }
                let mut in_ret = Vec::new();
                for r in &ret {
                    super::gadt::collect_vars(r, &mut in_ret);
                }
                let candidates: Vec<TyVar> = in_args
                    .iter()
                    .filter(|(x, o)| {
                        (o.pos || o.neg) && in_ret.contains(x) && !ret.contains(&Type::Var(**x))
                    })
                    .map(|(x, _)| *x)
                    .collect();
                let undeducible = candidates
                    .iter()
                    .any(|x| !ret.iter().any(|r| self.injective_in(r, &Type::Var(*x))));
                if undeducible {
                    return Err(Diagnostic::error(
                        d.span,
                        "In this definition, a type variable cannot be deduced\n       from \
                         the type parameters.",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Whether `x` occurs in `t` through injective positions only: a data type's
    /// parameters, a tuple's or an arrow's parts, an abstract type's parameters declared
    /// injective (`!'a`).
    fn injective_in(&mut self, t: &Type, x: &Type) -> bool {
        if t == x {
            return true;
        }
        match t {
            Type::Var(_) => false,
            Type::Tuple(ts) => ts.iter().any(|t| self.injective_in(t, x)),
            Type::Arrow(a, b) => self.injective_in(a, x) || self.injective_in(b, x),
            Type::Forall(_, b) => self.injective_in(b, x),
            // A polymorphic variant is injective in what it determines (not in the
            // arguments of a tag that may be absent).
            Type::Con(c, _) if *c == self.u.pv.variant => match x {
                Type::Var(v) => {
                    let mut determined = std::collections::HashSet::new();
                    self.determined_vars(t, &mut determined);
                    determined.contains(v)
                }
                _ => false,
            },
            Type::Con(c, args) => {
                let declared = match self.types.decl(*c).kind {
                    DeclKind::Primitive => self.decl_variances.0.get(c).cloned(),
                    _ => None,
                };
                args.iter().enumerate().any(|(i, a)| {
                    declared
                        .as_ref()
                        .is_none_or(|v| v.get(i).is_none_or(|o| o.inj))
                        && self.injective_in(a, x)
                })
            }
        }
    }
}
