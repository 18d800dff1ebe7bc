//! `[@@unboxed]` declarations: OCaml 4.13's checks of the attribute (`typing/typedecl.ml`,
//! `transl_declaration`'s `Bad_unboxed_attribute`) and of the unboxed type's separability
//! (`typing/typedecl_separability.ml`).
//!
//! egret represents every type boxed, so the attribute changes no code; it is checked as
//! OCaml checks it, so that egret accepts exactly the declarations ocamlopt accepts:
//!
//! - the form: a record of one immutable field, or a variant of one constructor with one
//!   argument (or an inline record of one immutable field) — not an abstract type, an
//!   abbreviation or an extensible one ([`check_attribute`]);
//! - separability (with OCaml's flat float arrays, an unboxed type's values must be all
//!   floats or all non-floats): a *mode* per type parameter, `Ind` (the parameter's
//!   instance does not matter), `Sep` (it must be separable) or `Deepsep` (it and all its
//!   parts must be), computed for each unboxed declaration from its argument's type
//!   ([`Typer::check_separability`]); an existential variable (of a GADT constructor) that
//!   would need more than `Ind` is an error. Abstract types are assumed `Deepsep` in their
//!   parameters (they might be unboxed types with constraints), other data types `Ind`.
//!
//! OCaml's reasoning about cyclic types (the "coinductive hypotheses") is kept: a cycle of
//! egret's types is an `[as]` node (polymorphic variants), keyed by its variable.
//!
//! The unboxed types are also remembered ([`Separability::unboxed`]): in a `let rec`, an
//! unboxed constructor is its argument (`letrec`).

use std::collections::{BTreeMap, HashMap, HashSet};

use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{DeclKind, TyCon, TyVar, Type};
use crate::syntax::ast::{self, TypeDeclKind};

/// What a type context requires of its hole (OCaml's `Types.Separability.t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mode {
    Ind,
    Sep,
    Deepsep,
}

/// The mode the context `m1(m2(_))` imposes on its hole (OCaml's `compose`).
fn compose(m1: Mode, m2: Mode) -> Mode {
    match m1 {
        Mode::Deepsep => Mode::Deepsep,
        Mode::Sep => m2,
        Mode::Ind => Mode::Ind,
    }
}

/// The separability signatures of the unboxed declarations, and which types are unboxed.
#[derive(Default)]
pub struct Separability {
    signatures: HashMap<TyCon, Vec<Mode>>,
    pub unboxed: HashSet<TyCon>,
}

/// A context: the mode each type variable must have (the most demanding of its uses).
type Context = BTreeMap<TyVar, Mode>;

fn join(ctx: &mut Context, other: Context) {
    for (v, m) in other {
        let e = ctx.entry(v).or_insert(m);
        *e = (*e).max(m);
    }
}

/// The variables bound around a part of a type: by `'a.` quantifiers, and by the cycles
/// (`[as]` nodes, with their bodies) being traversed.
#[derive(Clone, Default)]
struct Scope {
    forall: HashSet<TyVar>,
    cycles: HashMap<TyVar, Type>,
}

/// OCaml's coinductive hypotheses about the cycles (`[as]` nodes) being traversed.
#[derive(Clone, Default)]
struct Hyps {
    safe: HashMap<TyVar, Vec<Mode>>,
    unsafe_: HashMap<TyVar, Vec<Mode>>,
    poison: HashMap<TyVar, Vec<Mode>>,
}

fn merge(into: &mut HashMap<TyVar, Vec<Mode>>, from: &HashMap<TyVar, Vec<Mode>>) {
    for (v, ms) in from {
        into.entry(*v).or_default().extend(ms.iter().copied());
    }
}

impl Hyps {
    /// Under a computational type constructor: the unsafe hypotheses become safe.
    fn guard(&self) -> Hyps {
        let mut safe = self.safe.clone();
        merge(&mut safe, &self.unsafe_);
        Hyps {
            safe,
            unsafe_: HashMap::new(),
            poison: self.poison.clone(),
        }
    }
    /// Under a `Deepsep` parameter: the unsafe hypotheses become poison.
    fn poison(&self) -> Hyps {
        let mut poison = self.poison.clone();
        merge(&mut poison, &self.unsafe_);
        Hyps {
            safe: self.safe.clone(),
            unsafe_: HashMap::new(),
            poison,
        }
    }
    fn add(&self, v: TyVar, m: Mode) -> Hyps {
        let mut h = self.clone();
        h.unsafe_.entry(v).or_default().push(m);
        h
    }
    fn is_safe(&self, v: TyVar, m: Mode) -> bool {
        self.safe
            .get(&v)
            .is_some_and(|ms| ms.iter().any(|s| *s >= m))
    }
    fn is_unsafe(&self, v: TyVar, m: Mode) -> bool {
        [&self.unsafe_, &self.poison]
            .iter()
            .any(|map| map.get(&v).is_some_and(|ms| ms.contains(&m)))
    }
}

/// OCaml's `Bad_unboxed_attribute` and `Boxed_and_unboxed` checks of one declaration.
pub(super) fn check_attribute(d: &ast::TypeDecl) -> TResult<()> {
    if d.attrs.unboxed && d.attrs.boxed {
        return Err(Diagnostic::error(
            d.span,
            "A type cannot be boxed and unboxed at the same time.",
        ));
    }
    if !d.attrs.unboxed {
        return Ok(());
    }
    let mutable = |fs: &[ast::FieldDecl]| fs.iter().any(|f| f.mutable);
    let why = match &d.kind {
        _ if d.manifest.is_some() && matches!(d.kind, TypeDeclKind::Abbrev(_)) => {
            Some("it is abstract")
        }
        TypeDeclKind::Abbrev(_) | TypeDeclKind::Abstract => Some("it is abstract"),
        TypeDeclKind::Open => Some("extensible variant types cannot be unboxed"),
        TypeDeclKind::Record(fs) => match fs.len() {
            0 => Some("it has no fields"),
            1 if mutable(fs) => Some("it is mutable"),
            1 => None,
            _ => Some("it has more than one field"),
        },
        TypeDeclKind::Variant(cs) => match cs.as_slice() {
            [] => Some("it has no constructor"),
            [c] => match &c.record {
                Some(fs) => match fs.len() {
                    0 => Some("its constructor has no fields"),
                    1 if mutable(fs) => Some("it is mutable"),
                    1 => None,
                    _ => Some("its constructor has more than one field"),
                },
                None => match c.args.len() {
                    0 => Some("its constructor has no argument"),
                    1 => None,
                    _ => Some("its constructor has more than one argument"),
                },
            },
            _ => Some("it has more than one constructor"),
        },
    };
    match why {
        Some(why) => Err(Diagnostic::error(
            d.span,
            boxed_text(&["This type cannot be unboxed because", &format!("{why}.")]),
        )),
        None => Ok(()),
    }
}

/// The pieces of a message as OCaml's `Format` prints them in a box after `Error: `: on one
/// line while they fit in 78 columns, each on its own line (indented under the first) once
/// they do not.
fn boxed_text(pieces: &[&str]) -> String {
    let one_line = pieces.join(" ");
    if "Error: ".len() + one_line.len() <= 78 {
        one_line
    } else {
        pieces.join("\n       ")
    }
}

impl<'s> Typer<'s> {
    /// OCaml's separability check of the group's unboxed declarations (`cons`: each
    /// declaration's type constructor and parameters), to a fixpoint: the modes only grow,
    /// starting from `Ind` for every parameter.
    pub(super) fn check_separability(
        &mut self,
        decls: &[ast::TypeDecl],
        cons: &[(TyCon, Vec<TyVar>)],
    ) -> TResult<()> {
        let unboxed: Vec<(&ast::TypeDecl, TyCon, &[TyVar])> = decls
            .iter()
            .zip(cons)
            .filter(|(d, _)| {
                d.attrs.unboxed
                    && matches!(d.kind, TypeDeclKind::Variant(_) | TypeDeclKind::Record(_))
            })
            .map(|(d, (c, ps))| (d, *c, ps.as_slice()))
            .collect();
        for (_, c, _) in &unboxed {
            self.separability.unboxed.insert(*c);
        }
        for _round in 0..=unboxed.len() + 1 {
            let mut changed = false;
            for (d, c, params) in &unboxed {
                let sig = self.unboxed_signature(d, *c, params)?;
                if self.separability.signatures.get(c) != Some(&sig) {
                    self.separability.signatures.insert(*c, sig);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Ok(())
    }

    /// The mode signature of unboxed declaration `d` (OCaml's `check_def` of `Unboxed`).
    fn unboxed_signature(
        &self,
        d: &ast::TypeDecl,
        con: TyCon,
        params: &[TyVar],
    ) -> TResult<Vec<Mode>> {
        // The argument, the parameters' instances in the result type, the variables' names.
        let (arg, instances, names): (Type, Vec<Type>, Vec<(String, TyVar)>) =
            match self.gadt.ctors.get(&(con, 0)) {
                Some(sig) => (sig.args[0].clone(), sig.ret.clone(), sig.vars.clone()),
                None => {
                    let arg = match &self.types.decl(con).kind {
                        DeclKind::Variant(cs) => cs[0].args[0].clone(),
                        DeclKind::Record(fs) => fs[0].ty.clone(),
                        _ => return Ok(vec![Mode::Ind; params.len()]),
                    };
                    (
                        arg,
                        params.iter().map(|p| Type::Var(*p)).collect(),
                        Vec::new(),
                    )
                }
            };
        let arg = self.u.zonk(&arg);
        let mut ctx = self.separability_of(&arg, Mode::Sep, &Hyps::default(), &Scope::default());
        let mut sig = Vec::new();
        for instance in &instances {
            match self.u.zonk(instance) {
                Type::Var(v) => {
                    sig.push(ctx.get(&v).copied().unwrap_or(Mode::Ind));
                    ctx.insert(v, Mode::Ind);
                }
                t => {
                    let mut fv = Vec::new();
                    self.free_vars(&t, &mut HashSet::new(), &mut fv);
                    if fv
                        .iter()
                        .all(|v| ctx.get(v).copied().unwrap_or(Mode::Ind) == Mode::Ind)
                    {
                        sig.push(Mode::Ind);
                    } else {
                        sig.push(Mode::Deepsep);
                        for v in fv {
                            ctx.insert(v, Mode::Ind);
                        }
                    }
                }
            }
        }
        if let Some((v, _)) = ctx.iter().find(|(_, m)| **m > Mode::Ind) {
            let evar = match names.iter().find(|(_, w)| w == v) {
                // (An anonymous `_` is named `_N`.)
                Some((n, _)) if !n.starts_with('_') => format!("the existential variable '{n}"),
                _ => "an unnamed existential variable".to_string(),
            };
            return Err(non_separable(d.span, &evar));
        }
        Ok(sig)
    }

    /// The mode signature of type constructor `c` (OCaml's `type_separability`).
    fn mode_signature(&self, c: TyCon) -> Vec<Mode> {
        if let Some(sig) = self.separability.signatures.get(&c) {
            return sig.clone();
        }
        let decl = self.types.decl(c);
        let n = decl.params.len();
        let abstract_ = matches!(decl.kind, DeclKind::Primitive)
            && c.0 >= TyCon::FIRST_DECLARED.0
            && !self.immediates.abstract_types.contains(&c);
        // An abstract type might be an unboxed type with constraints (OCaml's
        // `msig_of_external_type`), unless it is immediate; the predefined ones and data
        // types are not.
        vec![if abstract_ { Mode::Deepsep } else { Mode::Ind }; n]
    }

    /// The context in which `t` is separable at mode `m` (OCaml's `check_type`).
    fn separability_of(&self, t: &Type, m: Mode, hyps: &Hyps, scope: &Scope) -> Context {
        let pv = &self.u.pv;
        // A cycle's node: its `[as]`, or its variable met again inside.
        let mut inner;
        let mut scope = scope;
        let node = match t {
            Type::Con(c, a) if *c == pv.mu => match &a[0] {
                Type::Var(v) => {
                    inner = scope.clone();
                    inner.cycles.insert(*v, a[1].clone());
                    scope = &inner;
                    Some((*v, a[1].clone()))
                }
                _ => None,
            },
            Type::Var(v) => scope.cycles.get(v).map(|b| (*v, b.clone())),
            _ => None,
        };
        let bound = &scope.forall;
        if let Some((v, body)) = node {
            if hyps.is_safe(v, m) {
                return Context::new();
            }
            if hyps.is_unsafe(v, m) {
                let mut fv = Vec::new();
                self.free_vars(&body, &mut HashSet::new(), &mut fv);
                return fv.into_iter().map(|v| (v, Mode::Deepsep)).collect();
            }
            let hyps = hyps.add(v, m);
            return self.separability_of(&body, m, &hyps, scope);
        }
        if m == Mode::Ind {
            return Context::new();
        }
        let deep_parts = |parts: &[Type]| {
            let mut ctx = Context::new();
            if m == Mode::Deepsep {
                let guarded = hyps.guard();
                for p in parts {
                    join(
                        &mut ctx,
                        self.separability_of(p, Mode::Deepsep, &guarded, scope),
                    );
                }
            }
            ctx
        };
        match t {
            Type::Var(v) if bound.contains(v) => Context::new(),
            Type::Var(v) => Context::from([(*v, m)]),
            Type::Tuple(ts) => deep_parts(ts),
            Type::Arrow(a, b) => deep_parts(&[(**a).clone(), (**b).clone()]),
            Type::Forall(v, body) => {
                let mut inner = scope.clone();
                inner.forall.insert(*v);
                self.separability_of(body, m, hyps, &inner)
            }
            Type::Con(c, a) if *c == pv.variant => deep_parts(&self.row_parts(&a[0])),
            Type::Con(c, a)
                if self.u.label_cons.contains(c) || self.packages.info.contains_key(c) =>
            {
                deep_parts(a)
            }
            Type::Con(c, args) => {
                let sig = self.mode_signature(*c);
                let mut ctx = Context::new();
                for (a, mp) in args.iter().zip(sig) {
                    let h = match mp {
                        Mode::Ind => hyps.guard(),
                        Mode::Sep => hyps.clone(),
                        Mode::Deepsep => hyps.poison(),
                    };
                    join(&mut ctx, self.separability_of(a, compose(m, mp), &h, scope));
                }
                ctx
            }
        }
    }

    /// The types a row's tags carry, and its row variable if it is open (OCaml's
    /// `immediate_subtypes_variant_row`).
    fn row_parts(&self, row: &Type) -> Vec<Type> {
        let mut out = Vec::new();
        let mut cur = row.clone();
        loop {
            match &cur {
                Type::Con(c, a) if a.len() == 3 && self.u.pv.tag_name(*c).is_some() => {
                    if let Type::Con(_, ts) = &a[1] {
                        out.extend(ts.iter().cloned());
                    }
                    let next = a[2].clone();
                    cur = next;
                }
                Type::Var(_) => {
                    out.push(cur);
                    break;
                }
                _ => break,
            }
        }
        out
    }

    /// The free type variables of the zonked `t`, first occurrence first.
    fn free_vars(&self, t: &Type, bound: &mut HashSet<TyVar>, out: &mut Vec<TyVar>) {
        match t {
            Type::Var(v) => {
                if !bound.contains(v) && !out.contains(v) {
                    out.push(*v)
                }
            }
            Type::Con(c, a) if *c == self.u.pv.mu => {
                if let Type::Var(v) = &a[0] {
                    bound.insert(*v);
                }
                self.free_vars(&a[1], bound, out)
            }
            Type::Con(_, ts) | Type::Tuple(ts) => {
                ts.iter().for_each(|t| self.free_vars(t, bound, out))
            }
            Type::Arrow(a, b) => {
                self.free_vars(a, bound, out);
                self.free_vars(b, bound, out)
            }
            Type::Forall(v, b) => {
                bound.insert(*v);
                self.free_vars(b, bound, out)
            }
        }
    }
}

fn non_separable(span: Span, evar: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        format!(
            "This type cannot be unboxed because\n       it might contain both float and \
             non-float values,\n       depending on the instantiation of {evar}.\n       You \
             should annotate it with [@@ocaml.boxed]."
        ),
    )
}
