//! Polymorphic variants: their row types, unification of rows, and their printing, after
//! OCaml 4.13's `Tvariant` (`typing/btype.ml`, `ctype.ml`'s `unify_row`, `printtyp.ml`).
//!
//! Representation in the typer's types (never in the lambda IR): a few type constructors of
//! the type table, declared on first use ([`PvCons`]), encode OCaml's `row_desc`:
//!
//! - a variant type is `Con([variant], [row])`;
//! - a row is a chain of fields ending in a tail: a field is `Con(`A, [presence, args, rest])`
//!   (one constructor per tag, named `` `A ``); the tail is an unbound type variable (the
//!   row variable of an open row, `[> ..]`: more tags may come) or `Con([closed], [])` (no
//!   other tag: `[ .. ]` and `[< ..]`);
//! - a presence is `Con([present], [])` (OCaml's `Rpresent`), `Con([absent], [])` (`Rabsent`)
//!   or a type variable (`Reither`: the tag may be present, as in `[< `A | `B ]`; binding the
//!   variable decides);
//! - args are `Con([args], ts)` or, when the tag may also be constant (`` `A of & t ``),
//!   `Con([cargs], ts)`: `` `A `` is `[cargs]` of nothing, `` `A of t `` is `[args]` of `t`,
//!   a conjunction `` `A of t1 & t2 `` lists both (a present tag's args are one type).
//!
//! Row variables and presence variables are ordinary type variables, so levels,
//! generalisation, instantiation and the value restriction treat rows as OCaml does (a row is
//! covariant). Recursive types (`[`Int of int | `Add of 'a * 'a] as 'a`) are cycles of
//! bindings that pass through a `[variant]` (the occurs check allows them there, as OCaml's
//! without `-rectypes`); once one exists ([`PvCons::cyclic`]) the traversals of `unify.rs`
//! remember the variables they entered, and `zonk` writes a cycle as `Con([as], [Var a, t])`
//! (`t as 'a`, `a` bound to the cycle), which instantiation copies with a fresh `a`.
//!
//! Invariant: after typing ([`super::Typer::finish`]) every variant type is `Obj.t` in the
//! lambda IR: values of all polymorphic variant types are uniform words, built and taken
//! apart by the elaboration with `%identity` casts (see `ARCHITECTURE.md`).
//!
//! Simplification (documented limitation): when two undecided tags (`Reither`) meet, their
//! argument types are unified at once, where OCaml keeps a conjunction (`[< `A of int] ` and
//! `[< `A of string]` unify in OCaml to `[< `A of int & string]`; egret rejects).

use std::collections::{HashMap, HashSet};

use super::unify::{Unifier, UnifyError};
use crate::lambda::ir::{DeclKind, TyCon, TyVar, Type, TypeDecl, TypeTable};

const NONE: TyCon = TyCon(u32::MAX);

/// OCaml's `Btype.hash_variant`: the run-time value of a tag (a 31-bit hash, sign-extended).
pub fn hash_variant(name: &str) -> i64 {
    let mut accu: i64 = 0;
    for b in name.bytes() {
        accu = accu.wrapping_mul(223).wrapping_add(b as i64);
    }
    accu &= (1 << 31) - 1;
    if accu > 0x3FFF_FFFF {
        accu - (1 << 31)
    } else {
        accu
    }
}

/// The type constructors encoding rows (see the module docs).
pub struct PvCons {
    pub variant: TyCon,
    pub closed: TyCon,
    pub present: TyCon,
    pub absent: TyCon,
    pub args: TyCon,
    pub cargs: TyCon,
    pub mu: TyCon,
    tags: HashMap<String, TyCon>,
    tag_names: HashMap<TyCon, String>,
    /// A recursive type exists: traversals must watch for cycles.
    pub cyclic: bool,
    /// The pairs of nodes being unified (with recursive types), and the depth of `unify`.
    pub unifying: HashSet<(*const Type, *const Type)>,
    /// The pairs of rows being unified (with recursive types), as terms (`unify_rows`).
    pub unifying_rows: HashSet<(Type, Type)>,
    pub unify_depth: u32,
    /// The constructors encoding object types (`typing::objects`): internal as these are.
    pub obj: super::objects::ObjCons,
}

impl Default for PvCons {
    fn default() -> Self {
        PvCons {
            variant: NONE,
            closed: NONE,
            present: NONE,
            absent: NONE,
            args: NONE,
            cargs: NONE,
            mu: NONE,
            tags: HashMap::new(),
            tag_names: HashMap::new(),
            cyclic: false,
            unifying: HashSet::new(),
            unifying_rows: HashSet::new(),
            unify_depth: 0,
            obj: Default::default(),
        }
    }
}

/// Whether a declaration of the type table is one of the row encoding's (never data).
pub fn is_row_decl(name: &str) -> bool {
    name.starts_with('`') || (name.starts_with('[') && name.ends_with(']'))
}

impl PvCons {
    pub fn is_internal(&self, c: TyCon) -> bool {
        self.obj.is_internal(c)
            || self.variant != NONE
                && (c == self.variant
                    || c == self.closed
                    || c == self.present
                    || c == self.absent
                    || c == self.args
                    || c == self.cargs
                    || c == self.mu
                    || self.tag_names.contains_key(&c))
    }

    pub fn tag_name(&self, c: TyCon) -> Option<&str> {
        self.tag_names.get(&c).map(|s| s.as_str())
    }

    pub(super) fn declare(types: &mut TypeTable, name: &str) -> TyCon {
        let c = TyCon(types.decls.len() as u32);
        types.decls.push(TypeDecl {
            name: name.to_string(),
            params: Vec::new(),
            kind: DeclKind::Primitive,
        });
        c
    }

    /// Declares the constructors (object types' cycles need `[as]` too).
    pub(super) fn ensure(&mut self, types: &mut TypeTable) {
        if self.variant != NONE {
            return;
        }
        self.variant = Self::declare(types, "[variant]");
        self.closed = Self::declare(types, "[closed]");
        self.present = Self::declare(types, "[present]");
        self.absent = Self::declare(types, "[absent]");
        self.args = Self::declare(types, "[args]");
        self.cargs = Self::declare(types, "[cargs]");
        self.mu = Self::declare(types, "[as]");
    }

    /// The field constructor of tag `name` (without its backquote), declared on first use.
    pub fn tag(&mut self, types: &mut TypeTable, name: &str) -> TyCon {
        self.ensure(types);
        if let Some(&c) = self.tags.get(name) {
            return c;
        }
        let c = Self::declare(types, &format!("`{name}"));
        self.tags.insert(name.to_string(), c);
        self.tag_names.insert(c, name.to_string());
        c
    }

    pub fn closed_ty(&self) -> Type {
        Type::Con(self.closed, vec![])
    }
    pub fn present_ty(&self) -> Type {
        Type::Con(self.present, vec![])
    }
    pub fn absent_ty(&self) -> Type {
        Type::Con(self.absent, vec![])
    }
}

/// How a tag occurs in a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Presence {
    Present,
    Absent,
    /// May be present (OCaml's `Reither`): deciding binds the variable.
    Either(TyVar),
}

/// One field of a row, as read by [`Unifier::row_view`].
#[derive(Clone, Debug)]
pub struct Field {
    pub tag: String,
    pub con: TyCon,
    pub presence: Type,
    /// `Con([args] | [cargs], ts)`.
    pub args: Type,
}

/// A row's fields (in chain order) and its tail: `None` when closed.
pub struct RowView {
    pub fields: Vec<Field>,
    pub tail: Option<TyVar>,
}

impl Unifier {
    /// The fields and tail of `row` (bindings of tail variables followed).
    pub fn row_view(&self, row: &Type) -> RowView {
        let mut fields = Vec::new();
        let mut cur = self.shallow(row).into_owned();
        loop {
            match &cur {
                Type::Con(c, a) if a.len() == 3 && self.pv.tag_name(*c).is_some() => {
                    fields.push(Field {
                        tag: self.pv.tag_name(*c).unwrap().to_string(),
                        con: *c,
                        presence: a[0].clone(),
                        args: a[1].clone(),
                    });
                    let next = self.shallow(&a[2]).into_owned();
                    cur = next;
                }
                Type::Var(v) => {
                    return RowView {
                        fields,
                        tail: Some(*v),
                    }
                }
                // `[closed]`, or a row variable fixed to `Obj.t` by an expansive
                // generalisation (`Typer::generalize_expansive`): nothing more can come.
                _ => return RowView { fields, tail: None },
            }
        }
    }

    pub fn presence(&self, p: &Type) -> Presence {
        match &*self.shallow(p) {
            Type::Var(v) => Presence::Either(*v),
            Type::Con(c, _) if *c == self.pv.absent => Presence::Absent,
            Type::Con(c, _) if *c == self.pv.present => Presence::Present,
            _ => Presence::Either(TyVar(u32::MAX)),
        }
    }

    /// The argument types of a field and whether the tag may be constant.
    pub fn field_args(&self, args: &Type) -> (bool, Vec<Type>) {
        match &*self.shallow(args) {
            Type::Con(c, ts) => (*c == self.pv.cargs, ts.clone()),
            _ => (true, vec![]),
        }
    }

    /// A row of `fields` ending in `tail`.
    pub fn build_row(&self, fields: &[Field], tail: Type) -> Type {
        fields.iter().rev().fold(tail, |rest, f| {
            Type::Con(f.con, vec![f.presence.clone(), f.args.clone(), rest])
        })
    }

    /// Makes a field absent, if it may be.
    fn make_absent(&mut self, f: &Field, types: &TypeTable) -> bool {
        match self.presence(&f.presence) {
            Presence::Absent => true,
            Presence::Present => false,
            Presence::Either(_) => {
                let absent = self.pv.absent_ty();
                self.unify(&f.presence, &absent, types).is_ok()
            }
        }
    }

    /// Unifies the rows of two variant types (OCaml's `Ctype.unify_row`): `r1` is the
    /// expression's (first), `r2` the expected one (second).
    pub fn unify_rows(
        &mut self,
        r1: &Type,
        r2: &Type,
        types: &TypeTable,
    ) -> Result<(), UnifyError> {
        // Recursive types: a pair of rows met again (as the same terms) while being
        // unified is being unified already. The rows handed here are often fresh copies (a
        // variant node's row, a row built for a tail variable), which the memo of shared
        // nodes (`unify_nodes`) cannot recognise: a cycle through them would recurse without
        // end. Equal terms over the same variables stand for the same rows, so assuming the
        // pair equal is OCaml's coinductive reading of the unification of cyclic types.
        if self.pv.cyclic && !self.pv.unifying_rows.insert((r1.clone(), r2.clone())) {
            return Ok(());
        }
        let v1 = self.row_view(r1);
        let v2 = self.row_view(r2);
        let in2: HashMap<&str, usize> = v2
            .fields
            .iter()
            .enumerate()
            .map(|(i, f)| (f.tag.as_str(), i))
            .collect();
        let in1: HashSet<&str> = v1.fields.iter().map(|f| f.tag.as_str()).collect();
        let only1: Vec<Field> = v1
            .fields
            .iter()
            .filter(|f| !in2.contains_key(f.tag.as_str()))
            .cloned()
            .collect();
        let only2: Vec<Field> = v2
            .fields
            .iter()
            .filter(|f| !in1.contains(f.tag.as_str()))
            .cloned()
            .collect();
        let common: Vec<(Field, Field)> = v1
            .fields
            .iter()
            .filter_map(|f| {
                in2.get(f.tag.as_str())
                    .map(|&i| (f.clone(), v2.fields[i].clone()))
            })
            .collect();
        // Two tags of one type must not share a hash.
        for a in &only1 {
            for b in v2.fields.iter() {
                if a.tag != b.tag && hash_variant(&a.tag) == hash_variant(&b.tag) {
                    return Err(UnifyError::HashClash(a.tag.clone(), b.tag.clone()));
                }
            }
        }
        // A closed row does not allow the other's tags that must be present.
        if v1.tail.is_none() {
            let bad: Vec<String> = only2
                .iter()
                .filter(|f| !self.make_absent(f, types))
                .map(|f| f.tag.clone())
                .collect();
            if !bad.is_empty() {
                return Err(UnifyError::VariantTags {
                    first: true,
                    tags: bad,
                });
            }
        }
        if v2.tail.is_none() {
            let bad: Vec<String> = only1
                .iter()
                .filter(|f| !self.make_absent(f, types))
                .map(|f| f.tag.clone())
                .collect();
            if !bad.is_empty() {
                return Err(UnifyError::VariantTags {
                    first: false,
                    tags: bad,
                });
            }
        }
        match (v1.tail, v2.tail) {
            (Some(a), Some(b)) if a == b => {
                if !only1
                    .iter()
                    .chain(&only2)
                    .all(|f| self.presence(&f.presence) == Presence::Absent)
                {
                    return Err(UnifyError::Mismatch);
                }
            }
            (Some(a), Some(b)) => {
                let rest = self.fresh_var();
                let row_a = self.build_row(&only2, rest.clone());
                let row_b = self.build_row(&only1, rest);
                self.unify(&Type::Var(a), &row_a, types)?;
                self.unify(&Type::Var(b), &row_b, types)?;
            }
            (Some(a), None) => {
                let row_a = self.build_row(&only2, self.pv.closed_ty());
                self.unify(&Type::Var(a), &row_a, types)?;
            }
            (None, Some(b)) => {
                let row_b = self.build_row(&only1, self.pv.closed_ty());
                self.unify(&Type::Var(b), &row_b, types)?;
            }
            (None, None) => {}
        }
        for (f1, f2) in common {
            self.unify_fields(&f1, &f2, types)?;
        }
        Ok(())
    }

    fn unify_fields(
        &mut self,
        f1: &Field,
        f2: &Field,
        types: &TypeTable,
    ) -> Result<(), UnifyError> {
        let p1 = self.presence(&f1.presence);
        let p2 = self.presence(&f2.presence);
        let (c1, a1) = self.field_args(&f1.args);
        let (c2, a2) = self.field_args(&f2.args);
        let incompatible = || UnifyError::TagTypes(f1.tag.clone());
        match (&p1, &p2) {
            (Presence::Absent, Presence::Absent) => return Ok(()),
            (Presence::Absent, Presence::Present) | (Presence::Present, Presence::Absent) => {
                return Err(UnifyError::NoIntersection)
            }
            _ => {}
        }
        // Arguments (OCaml's `unify_row_field`): a present tag has exactly its own; an
        // undecided one meeting it must allow that form; undecided ones become equal.
        let all: Vec<Type> = a1.iter().chain(a2.iter()).cloned().collect();
        let fits = |present: &[Type], c: bool, either: &[Type]| {
            if present.is_empty() {
                either.is_empty()
            } else {
                !c
            }
        };
        let ok = match (&p1, &p2) {
            (Presence::Present, Presence::Present) => a1.len() == a2.len(),
            (Presence::Present, _) => fits(&a1, c2, &a2),
            (_, Presence::Present) => fits(&a2, c1, &a1),
            // A constant tag and one with an argument (OCaml rejects them in patterns).
            _ => a1.is_empty() == a2.is_empty() || (c1 && c2),
        };
        if !ok {
            return Err(incompatible());
        }
        if let Some((first, rest)) = all.split_first() {
            for t in rest {
                self.unify(first, t, types).map_err(|_| incompatible())?;
            }
        }
        // Presences last: an undecided tag takes the other's.
        self.unify(&f1.presence, &f2.presence, types)
            .map_err(|_| UnifyError::NoIntersection)
    }

    /// The bound variable at the head of `t` (following a `[as]` node), if any: what a
    /// traversal of a possibly cyclic type enters.
    pub fn bound_head(&self, t: &Type) -> Option<TyVar> {
        match t {
            Type::Var(v) if self.bindings[v.0 as usize].is_some() => Some(*v),
            Type::Con(c, a) if *c == self.pv.mu => match &a[0] {
                Type::Var(v) => Some(*v),
                _ => None,
            },
            _ => None,
        }
    }

    /// [`Unifier::zonk`] of a possibly cyclic type: a cycle becomes `Con([as], [Var a, t])`.
    /// A node is identified by its address (bindings are shared `Rc`s, and path compression
    /// may point several variables at it).
    pub(super) fn zonk_cyclic(
        &self,
        t: &Type,
        visiting: &mut HashMap<*const Type, (TyVar, bool)>,
    ) -> Type {
        let mut cur = t;
        let mut last = None;
        loop {
            match cur {
                Type::Var(v) => match &self.bindings[v.0 as usize] {
                    Some(b) => {
                        last = Some(*v);
                        cur = b;
                    }
                    None => break,
                },
                Type::Con(c, a) if *c == self.pv.mu => cur = &a[0],
                _ => break,
            }
        }
        let Some(v) = last else {
            return self.zonk_node(cur, visiting);
        };
        let key = cur as *const Type;
        if let Some((w, rec)) = visiting.get_mut(&key) {
            *rec = true;
            return Type::Var(*w);
        }
        visiting.insert(key, (v, false));
        let z = self.zonk_node(cur, visiting);
        match visiting.remove(&key) {
            Some((w, true)) => Type::Con(self.pv.mu, vec![Type::Var(w), z]),
            _ => z,
        }
    }

    fn zonk_node(&self, t: &Type, visiting: &mut HashMap<*const Type, (TyVar, bool)>) -> Type {
        match t {
            Type::Var(v) => Type::Var(*v),
            Type::Con(c, args) => Type::Con(
                *c,
                args.iter().map(|a| self.zonk_cyclic(a, visiting)).collect(),
            ),
            Type::Tuple(ts) => {
                Type::Tuple(ts.iter().map(|a| self.zonk_cyclic(a, visiting)).collect())
            }
            Type::Arrow(a, b) => {
                Type::arrow(self.zonk_cyclic(a, visiting), self.zonk_cyclic(b, visiting))
            }
            Type::Forall(v, b) => Type::Forall(*v, Box::new(self.zonk_cyclic(b, visiting))),
        }
    }

    /// Gives each `[as]` node of `t` (an instance of a scheme) a fresh variable bound to its
    /// copy, so the instance's cycles are its own.
    pub fn refresh_cycles(&mut self, t: &Type) -> Type {
        match t {
            Type::Con(c, a) if *c == self.pv.mu => {
                let Type::Var(old) = &a[0] else {
                    return t.clone();
                };
                let fresh = self.fresh();
                let mut map = HashMap::new();
                map.insert(*old, Type::Var(fresh));
                let body = super::unify::subst_all(&a[1], &map);
                let body = self.refresh_cycles(&body);
                self.bindings[fresh.0 as usize] = Some(std::rc::Rc::new(body.clone()));
                Type::Con(self.pv.mu, vec![Type::Var(fresh), body])
            }
            Type::Con(c, args) => {
                Type::Con(*c, args.iter().map(|a| self.refresh_cycles(a)).collect())
            }
            Type::Tuple(ts) => Type::Tuple(ts.iter().map(|a| self.refresh_cycles(a)).collect()),
            Type::Arrow(a, b) => Type::arrow(self.refresh_cycles(a), self.refresh_cycles(b)),
            Type::Forall(v, b) => Type::Forall(*v, Box::new(self.refresh_cycles(b))),
            Type::Var(_) => t.clone(),
        }
    }
}

/// The fields of a zonked row, and its tail (`None`: closed).
pub fn zonked_row<'t>(
    types: &'t TypeTable,
    row: &'t Type,
) -> (Vec<(&'t str, &'t Type, &'t Type)>, Option<TyVar>) {
    let mut out = Vec::new();
    let mut cur = row;
    loop {
        match cur {
            Type::Con(c, a) if a.len() == 3 && types.decl(*c).name.starts_with('`') => {
                out.push((&types.decl(*c).name[1..], &a[0], &a[1]));
                cur = &a[2];
            }
            Type::Var(v) => return (out, Some(*v)),
            _ => return (out, None),
        }
    }
}

/// OCaml's printing of a zonked variant type, given how to print argument types and
/// variables: `[ `A | `B of int ]`, `[> `A ]`, `[< `A | `B > `A ]`.
pub fn print_variant(
    types: &TypeTable,
    row: &Type,
    print_arg: &mut dyn FnMut(&Type) -> String,
) -> String {
    let (mut fields, tail) = zonked_row(types, row);
    fields.sort_by(|a, b| a.0.cmp(b.0));
    let is = |t: &Type, name: &str| matches!(t, Type::Con(c, _) if types.decl(*c).name == name);
    let mut shown = Vec::new();
    let mut present = Vec::new();
    let mut all_present = true;
    for (tag, presence, args) in &fields {
        if is(presence, "[absent]") {
            continue;
        }
        let here = is(presence, "[present]");
        // An open row lists its present tags only.
        if tail.is_some() && !here {
            continue;
        }
        let (constant, ts) = match args {
            Type::Con(c, ts) => (types.decl(*c).name == "[cargs]", ts.as_slice()),
            _ => (true, &[][..]),
        };
        let mut s = format!("`{tag}");
        if here {
            if let Some(t) = ts.first() {
                s.push_str(&format!(" of {}", print_arg(t)));
            }
            present.push(format!("`{tag}"));
        } else {
            all_present = false;
            if !ts.is_empty() {
                s.push_str(" of ");
                if constant {
                    s.push_str("& ");
                }
                let parts: Vec<String> = ts.iter().map(|t| print_arg(t)).collect();
                s.push_str(&parts.join(" & "));
            }
        }
        shown.push(s);
    }
    let body = shown.join(" | ");
    match tail {
        Some(_) => {
            if body.is_empty() {
                "[>  ]".to_string()
            } else {
                format!("[> {body} ]")
            }
        }
        None if all_present => format!("[ {body} ]"),
        None if present.is_empty() => format!("[< {body} ]"),
        None => format!("[< {body} > {} ]", present.join(" ")),
    }
}

/// The line OCaml's unification error adds for a variant type error (empty for others).
pub fn explain(err: &UnifyError) -> String {
    let tags = |ts: &[String]| {
        ts.iter()
            .map(|t| format!("`{t}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match err {
        UnifyError::VariantTags { first, tags: ts } => format!(
            "\n       The {} variant type does not allow tag(s) {}",
            if *first { "first" } else { "second" },
            tags(ts)
        ),
        UnifyError::NoIntersection => "\n       These two variant types have no intersection".to_string(),
        UnifyError::TagTypes(t) => format!("\n       Types for tag `{t} are incompatible"),
        UnifyError::HashClash(a, b) => format!(
            "\n       Variant tags `{a} and `{b} have the same hash value.\n       Change one of them."
        ),
        _ => super::objects::explain(err),
    }
}

// ---- typing: type expressions, expressions, patterns, coercions ----

use super::pattern::{Bindings, Pat};
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Const, Expr, Prim};
use crate::syntax::ast::{self, RowFieldExpr, VariantBound};

impl<'s> Typer<'s> {
    fn variant_of_row(&mut self, row: Type) -> Type {
        Type::Con(self.u.pv.variant, vec![row])
    }

    fn tag_field(&mut self, tag: &str, presence: Type, constant: bool, args: Vec<Type>) -> Field {
        let con = self.u.pv.tag(&mut self.types, tag);
        let k = if constant {
            self.u.pv.cargs
        } else {
            self.u.pv.args
        };
        Field {
            tag: tag.to_string(),
            con,
            presence,
            args: Type::Con(k, args),
        }
    }

    /// A polymorphic variant type expression (`flexible`: in an annotation, where `[> ..]`
    /// and `[< ..]` have their own variables).
    pub(super) fn variant_type_expr(
        &mut self,
        te: &ast::TypeExpr,
        fields: &[RowFieldExpr],
        bound: VariantBound,
        present: &[String],
        scope: &HashMap<String, Type>,
        flexible: bool,
    ) -> TResult<Type> {
        self.u.pv.tag(&mut self.types, "");
        if !flexible && bound != VariantBound::Exact && !self.open_rows_ok {
            let printed = crate::syntax::print::type_expr_text(te);
            return Err(Diagnostic::error(
                te.span,
                format!(
                    "A type variable is unbound in this type declaration.\n       In type {printed} as 'a the variable 'a is unbound"
                ),
            ));
        }
        let presence_of = |typer: &mut Self, tag: &str| {
            if bound == VariantBound::Upper && !present.iter().any(|p| p == tag) {
                typer.u.fresh_var()
            } else {
                typer.u.pv.present_ty()
            }
        };
        let mut out: Vec<Field> = Vec::new();
        for f in fields {
            match f {
                RowFieldExpr::Tag {
                    name,
                    constant,
                    args,
                    span,
                } => {
                    let ts = args
                        .iter()
                        .map(|a| self.type_expr_in(a, scope, flexible))
                        .collect::<TResult<Vec<_>>>()?;
                    if bound != VariantBound::Upper
                        && (ts.len() > 1 || (*constant && !ts.is_empty()))
                    {
                        return Err(Diagnostic::error(
                            *span,
                            format!("The present constructor {name} has a conjunctive type"),
                        ));
                    }
                    if out.iter().any(|f| f.tag == *name) {
                        continue;
                    }
                    let p = presence_of(self, name);
                    out.push(self.tag_field(name, p, *constant || ts.is_empty(), ts));
                }
                RowFieldExpr::Inherit(t) => {
                    // `[> 'a ]` where `'a` is bound by `t as 'a`: OCaml's own rules
                    // (`Typetexp`, "does not expand to a polymorphic variant type").
                    if let ast::TypeExprKind::Var(n) = &t.kind {
                        if self.alias_names.contains(n) {
                            return Err(Diagnostic::unsupported(
                                t.span,
                                "polymorphic variant types inheriting an aliased variable are",
                            ));
                        }
                    }
                    let it = self.type_expr_in(t, scope, flexible)?;
                    let it = self.u.shallow(&it).into_owned();
                    let row = match &it {
                        Type::Con(c, a) if *c == self.u.pv.variant => a[0].clone(),
                        _ => {
                            let printed = self.print_type(&it);
                            return Err(Diagnostic::error(
                                t.span,
                                format!("The type {printed} is not a polymorphic variant type"),
                            ));
                        }
                    };
                    let view = self.u.row_view(&row);
                    if view.tail.is_some() {
                        let printed = self.print_type(&it);
                        return Err(Diagnostic::error(
                            t.span,
                            format!("The type {printed} is not a polymorphic variant type"),
                        ));
                    }
                    for f in view.fields {
                        if self.u.presence(&f.presence) == Presence::Absent
                            || out.iter().any(|g| g.tag == f.tag)
                        {
                            continue;
                        }
                        let p = presence_of(self, &f.tag);
                        out.push(Field { presence: p, ..f });
                    }
                }
            }
        }
        for (i, a) in out.iter().enumerate() {
            for b in &out[i + 1..] {
                if hash_variant(&a.tag) == hash_variant(&b.tag) {
                    return Err(Diagnostic::error(
                        te.span,
                        format!(
                            "Variant tags `{} and `{} have the same hash value.\n       Change one of them.",
                            a.tag, b.tag
                        ),
                    ));
                }
            }
        }
        let tail = match bound {
            VariantBound::Lower => self.u.fresh_var(),
            _ => self.u.pv.closed_ty(),
        };
        let row = self.u.build_row(&out, tail);
        Ok(self.variant_of_row(row))
    }

    /// `` `A `` or `` `A e ``: the int hash, or a block `[hash, e]` (tag 0), as `Obj.t`.
    pub(super) fn variant_expr(
        &mut self,
        tag: &str,
        arg: Option<&ast::Expr>,
    ) -> TResult<(Expr, Type)> {
        let hash = Expr::Const(Const::Int(hash_variant(tag)));
        let (value, field) = match arg {
            None => (hash, self.tag_field(tag, Type::unit(), true, vec![])),
            Some(a) => {
                let (x, xt) = self.expr(a)?;
                let block = Expr::Construct {
                    ty: Type::Tuple(vec![Type::int(), xt.clone()]),
                    index: 0,
                    args: vec![hash, x],
                };
                (block, self.tag_field(tag, Type::unit(), false, vec![xt]))
            }
        };
        let field = Field {
            presence: self.u.pv.present_ty(),
            ..field
        };
        let rest = self.u.fresh_var();
        let row = self.u.build_row(&[field], rest);
        let ty = self.variant_of_row(row);
        Ok((Expr::Prim(Prim::Identity, vec![value]), ty))
    }

    /// `` `A p `` against `t`: `t` must allow `` `A `` (OCaml's `Reither` until the match is
    /// complete, see [`Typer::close_variants`]).
    pub(super) fn variant_pattern(
        &mut self,
        tag: &str,
        arg: Option<&ast::Pattern>,
        t: &Type,
        binds: &mut Bindings,
        span: Span,
    ) -> TResult<Pat> {
        let arg_ty = arg.map(|_| self.u.fresh_var());
        let presence = self.u.fresh_var();
        let field = self.tag_field(
            tag,
            presence,
            arg.is_none(),
            arg_ty.iter().cloned().collect(),
        );
        let rest = self.u.fresh_var();
        let row = self.u.build_row(&[field], rest);
        let ty = self.variant_of_row(row);
        self.expect_pat(span, &ty, t)?;
        let p = match (arg, &arg_ty) {
            (Some(a), Some(at)) => Some(Box::new(self.pattern(a, at, binds)?)),
            _ => None,
        };
        Ok(Pat::Variant {
            tag: tag.to_string(),
            arg: p,
            arg_ty: arg_ty.unwrap_or_else(Type::unit),
            ty: t.clone(),
        })
    }

    /// `#t`: any tag of the closed variant type `t`, as the or-pattern of its tags.
    pub(super) fn type_pattern(&mut self, name: &str, t: &Type, span: Span) -> TResult<Pat> {
        let not_variant =
            |name: &str| Diagnostic::error(span, format!("The type {name} is not a variant type"));
        let ty = match self.env.types.get(name).cloned() {
            Some(super::env::TypeName::Abbrev(params, body)) => {
                let map = params.iter().map(|p| (*p, self.u.fresh_var())).collect();
                let t = super::unify::subst_all(&body, &map);
                let t = if self.u.pv.cyclic {
                    self.u.refresh_cycles(&t)
                } else {
                    t
                };
                self.u.shallow(&t).into_owned()
            }
            Some(_) => return Err(not_variant(name)),
            None => {
                return Err(Diagnostic::error(
                    span,
                    format!("Unbound type constructor {name}"),
                ))
            }
        };
        let row = match &ty {
            Type::Con(c, a) if *c == self.u.pv.variant => a[0].clone(),
            _ => return Err(not_variant(name)),
        };
        let view = self.u.row_view(&row);
        if view.tail.is_some() {
            return Err(not_variant(name));
        }
        let mut fields = Vec::new();
        let mut alts = Vec::new();
        for f in view.fields {
            if self.u.presence(&f.presence) == Presence::Absent {
                continue;
            }
            let (_, args) = self.u.field_args(&f.args);
            let arg_ty = args.first().cloned();
            alts.push(Pat::Variant {
                tag: f.tag.clone(),
                arg: arg_ty.as_ref().map(|_| Box::new(Pat::Any)),
                arg_ty: arg_ty.unwrap_or_else(Type::unit),
                ty: t.clone(),
            });
            let presence = self.u.fresh_var();
            fields.push(Field { presence, ..f });
        }
        let rest = self.u.fresh_var();
        let row = self.u.build_row(&fields, rest);
        let pt = self.variant_of_row(row);
        self.expect_pat(span, &pt, t)?;
        let mut alts = alts.into_iter().rev();
        let last = alts.next().ok_or_else(|| not_variant(name))?;
        Ok(alts.fold(last, |acc, p| Pat::Or(Box::new(p), Box::new(acc))))
    }

    /// Closes or opens the variant types the patterns of one match (or binding) test, as
    /// OCaml's `Parmatch.pressure_variants` and `Typecore.finalize_variants` (simplified: a
    /// position's row is closed when no pattern leaves that position unconstrained).
    pub(super) fn close_variants(&mut self, pats: &[&Pat]) {
        if self.u.pv.variant == NONE {
            return;
        }
        // OCaml's "matched" flag: the undecided fields some pattern names, wherever (one row
        // may be tested at several positions), by their presence variable.
        let mut matched = HashSet::new();
        for p in pats {
            self.matched_presences(p, &mut matched);
        }
        self.pressure(pats.iter().map(|p| (*p, true)).collect(), &matched);
    }

    /// A tag a pattern of the match names that unification made absent, the scrutinee's type
    /// being an exact variant without it (`[ `A | `B ]`): OCaml's error, as its "matched" flag (`Reither (_, _,
    /// true, _)`) keeps a tag from being erased until the match is typed. `span`: the
    /// pattern's.
    pub(super) fn matched_tags_allowed(&self, p: &Pat, span: Span) -> TResult<()> {
        match p {
            Pat::Variant { tag, arg, ty, .. } => {
                if let Type::Con(c, a) = &*self.u.shallow(ty) {
                    if *c == self.u.pv.variant {
                        let view = self.u.row_view(&a[0]);
                        let field = view.fields.iter().find(|f| f.tag == *tag);
                        let gone = match field {
                            Some(f) => self.u.presence(&f.presence) == Presence::Absent,
                            None => view.tail.is_none(),
                        };
                        // Only against a static row (OCaml's `static_row`: closed, every tag
                        // present or absent): an upper bound (`[< `A | `B ]`) may drop a tag,
                        // and a pattern of another tag is only unused.
                        let fixed = view.tail.is_none()
                            && view.fields.iter().all(|f| {
                                !matches!(self.u.presence(&f.presence), Presence::Either(_))
                            });
                        let gone = gone && fixed;
                        if gone {
                            let expected =
                                super::unify::TypePrinter::new(&self.types).print(&self.u.zonk(ty));
                            return Err(Diagnostic::error(
                                span,
                                format!(
                                    "This pattern matches values of type [? `{tag} ]\nbut a pattern was expected which matches values of type {expected}\nThe second variant type does not allow tag(s) `{tag}"
                                ),
                            ));
                        }
                    }
                }
                match arg {
                    Some(a) => self.matched_tags_allowed(a, span),
                    None => Ok(()),
                }
            }
            Pat::Alias(q, _) => self.matched_tags_allowed(q, span),
            Pat::Or(a, b) => {
                self.matched_tags_allowed(a, span)?;
                self.matched_tags_allowed(b, span)
            }
            Pat::Ctor { args, .. } | Pat::Exn { args, .. } | Pat::Array { args, .. } => args
                .iter()
                .try_for_each(|a| self.matched_tags_allowed(a, span)),
            Pat::Lazy { arg, .. } => self.matched_tags_allowed(arg, span),
            _ => Ok(()),
        }
    }

    fn matched_presences(&self, p: &Pat, out: &mut HashSet<TyVar>) {
        match p {
            Pat::Variant { tag, arg, ty, .. } => {
                if let Type::Con(c, a) = &*self.u.shallow(ty) {
                    if *c == self.u.pv.variant {
                        let view = self.u.row_view(&a[0]);
                        if let Some(f) = view.fields.iter().find(|f| f.tag == *tag) {
                            if let Presence::Either(v) = self.u.presence(&f.presence) {
                                out.insert(v);
                            }
                        }
                    }
                }
                if let Some(a) = arg {
                    self.matched_presences(a, out)
                }
            }
            Pat::Alias(q, _) => self.matched_presences(q, out),
            Pat::Or(a, b) => {
                self.matched_presences(a, out);
                self.matched_presences(b, out)
            }
            Pat::Ctor { args, .. } | Pat::Exn { args, .. } | Pat::Array { args, .. } => {
                args.iter().for_each(|a| self.matched_presences(a, out))
            }
            Pat::Lazy { arg, .. } => self.matched_presences(arg, out),
            _ => {}
        }
    }

    /// `column`: the patterns at one position, each with whether the rest of its row (the
    /// other positions) is irrefutable. The position's row stays open only when a pattern
    /// leaves it unconstrained in an otherwise irrefutable row (OCaml keeps it open when the
    /// rows with a wildcard there are exhaustive; this is that test, made strict).
    fn pressure(&mut self, column: Vec<(&Pat, bool)>, matched: &HashSet<TyVar>) {
        fn flatten<'p>(p: &'p Pat, rest: bool, out: &mut Vec<(&'p Pat, bool)>) {
            match p {
                Pat::Alias(q, _) => flatten(q, rest, out),
                Pat::Or(a, b) => {
                    flatten(a, rest, out);
                    flatten(b, rest, out)
                }
                _ => out.push((p, rest)),
            }
        }
        let mut flat = Vec::new();
        for (p, rest) in column {
            flatten(p, rest, &mut flat);
        }
        let wild = flat
            .iter()
            .any(|(p, rest)| *rest && matches!(p, Pat::Any | Pat::Var(_)));
        let any = Pat::Any;
        let mut variant_ty = None;
        let mut tags: Vec<&str> = Vec::new();
        for (p, _) in &flat {
            if let Pat::Variant { tag, ty, .. } = p {
                variant_ty.get_or_insert_with(|| ty.clone());
                if !tags.contains(&tag.as_str()) {
                    tags.push(tag);
                }
            }
        }
        if let Some(ty) = variant_ty {
            let row = match &*self.u.shallow(&ty) {
                Type::Con(c, a) if *c == self.u.pv.variant => Some(a[0].clone()),
                _ => None,
            };
            if let Some(row) = row {
                let view = self.u.row_view(&row);
                if !wild {
                    if let Some(tail) = view.tail {
                        let closed = self.u.pv.closed_ty();
                        let _ = self.u.unify(&Type::Var(tail), &closed, &self.types);
                        for f in &view.fields {
                            let named = match self.u.presence(&f.presence) {
                                Presence::Either(v) => matched.contains(&v),
                                _ => true,
                            };
                            if !tags.contains(&f.tag.as_str()) && !named {
                                let absent = self.u.pv.absent_ty();
                                let _ = self.u.unify(&f.presence, &absent, &self.types);
                            }
                        }
                    }
                }
                // Finalise: in a row still open, the matched tags are present.
                let view = self.u.row_view(&row);
                if view.tail.is_some() {
                    for f in &view.fields {
                        if tags.contains(&f.tag.as_str()) {
                            let present = self.u.pv.present_ty();
                            let _ = self.u.unify(&f.presence, &present, &self.types);
                        }
                    }
                }
            }
            for tag in &tags {
                let mut sub: Vec<(&Pat, bool)> = flat
                    .iter()
                    .filter_map(|(p, rest)| match p {
                        Pat::Variant {
                            tag: t,
                            arg: Some(a),
                            ..
                        } if t == tag => Some((&**a, *rest)),
                        _ => None,
                    })
                    .collect();
                if !sub.is_empty() {
                    if wild {
                        sub.push((&any, true));
                    }
                    self.pressure(sub, matched);
                }
            }
        }
        // Sub-positions of constructors, tuples, records, exceptions, arrays, lazy.
        let mut groups: Vec<(u64, Vec<(&[Pat], bool)>)> = Vec::new();
        for (p, rest) in &flat {
            let (key, args): (u64, &[Pat]) = match p {
                Pat::Ctor { index, args, .. } => (*index as u64, args),
                Pat::Exn { index, args, .. } => ((1 << 40) | *index as u64, args),
                Pat::Array { args, .. } => ((2 << 40) | args.len() as u64, args),
                Pat::Lazy { arg, .. } => (3 << 40, std::slice::from_ref(&**arg)),
                _ => continue,
            };
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push((args, *rest)),
                None => groups.push((key, vec![(args, *rest)])),
            }
        }
        for (_, rows) in groups {
            let n = rows[0].0.len();
            for j in 0..n {
                let mut sub: Vec<(&Pat, bool)> = rows
                    .iter()
                    .filter_map(|(r, rest)| {
                        let others = r
                            .iter()
                            .enumerate()
                            .all(|(k, q)| k == j || q.is_irrefutable());
                        r.get(j).map(|q| (q, *rest && others))
                    })
                    .collect();
                if wild {
                    sub.push((&any, true));
                }
                self.pressure(sub, matched);
            }
        }
    }

    /// The type of `x` in `` `A p as x ``: `` [> `A of .. ] `` (OCaml's `build_as_type`).
    pub(super) fn variant_as_type(&mut self, tag: &str, arg_ty: Option<Type>) -> Type {
        let constant = arg_ty.is_none();
        let present = self.u.pv.present_ty();
        let field = self.tag_field(tag, present, constant, arg_ty.into_iter().collect());
        let rest = self.u.fresh_var();
        let row = self.u.build_row(&[field], rest);
        self.variant_of_row(row)
    }

    /// `(e :> t)` and `(e : t1 :> t2)` for polymorphic variants (OCaml's `Pexp_coerce`; objects
    /// are out of scope): the value is unchanged, its type becomes `t`.
    pub(super) fn coerce(
        &mut self,
        e: &ast::Expr,
        from: Option<&ast::TypeExpr>,
        to: &ast::TypeExpr,
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let target = self.type_expr(to)?;
        match from {
            Some(from_te) => {
                let source = self.type_expr(from_te)?;
                let (x, xt) = self.expr(e)?;
                self.expect(e.span, &xt, &source)?;
                if let Err(err) = self.subtype(&source, &target) {
                    let mut p = super::unify::TypePrinter::new(&self.types);
                    let a = p.print(&self.u.zonk(&source));
                    let b = p.print(&self.u.zonk(&target));
                    return Err(Diagnostic::error(
                        span,
                        format!("Type {a} is not a subtype of {b} {}", explain(&err)),
                    ));
                }
                Ok((x, target))
            }
            None => {
                let (x, xt) = self.expr(e)?;
                // Known types: a subtype check (OCaml's `Pexp_coerce` without a source type).
                if !self.has_unbound_var(&xt) && !self.has_unbound_var(&target) {
                    if let Err(err) = self.subtype(&xt, &target) {
                        let mut p = super::unify::TypePrinter::new(&self.types);
                        let a = p.print(&self.u.zonk(&xt));
                        let b = p.print(&self.u.zonk(&target));
                        return Err(Diagnostic::error(
                            span,
                            format!("Type {a} is not a subtype of {b} {}", explain(&err)),
                        ));
                    }
                    return Ok((x, target));
                }
                // Otherwise the expression's type is unified with the target made larger: a
                // closed variant's tags become possible ones (OCaml's `enlarge_type`).
                let enlarged = self.enlarge(&target);
                if self.u.unify(&xt, &enlarged, &self.types).is_err() {
                    let mut p = super::unify::TypePrinter::new(&self.types);
                    let a = p.print(&self.u.zonk(&xt));
                    let b = p.print(&self.u.zonk(&target));
                    return Err(Diagnostic::error(
                        e.span,
                        format!("This expression cannot be coerced to type\n         {b};\n       it has type {a}\n       but is here used with type {b}"),
                    ));
                }
                Ok((x, target))
            }
        }
    }

    fn has_unbound_var(&self, t: &Type) -> bool {
        let z = self.u.zonk(t);
        fn walk(u: &Unifier, t: &Type) -> bool {
            match t {
                Type::Var(v) => u.bindings[v.0 as usize].is_none(),
                Type::Con(c, a) if *c == u.pv.mu => walk(u, &a[1]),
                Type::Con(_, ts) | Type::Tuple(ts) => ts.iter().any(|t| walk(u, t)),
                Type::Arrow(a, b) => walk(u, a) || walk(u, b),
                Type::Forall(_, b) => walk(u, b),
            }
        }
        walk(&self.u, &z)
    }

    /// A supertype-friendly copy of `t`: each closed variant row's present tags become
    /// undecided, covariantly (lists, options, tuples, results of arrows).
    fn enlarge(&mut self, t: &Type) -> Type {
        let t = self.u.zonk(t);
        self.enlarge_rec(&t)
    }

    fn enlarge_rec(&mut self, t: &Type) -> Type {
        match t {
            Type::Con(c, a) if *c == self.u.pv.variant => {
                let view = self.u.row_view(&a[0]);
                if view.tail.is_some() {
                    return t.clone();
                }
                let mut fields = Vec::new();
                for f in view.fields {
                    let presence = match self.u.presence(&f.presence) {
                        Presence::Absent => continue,
                        _ => self.u.fresh_var(),
                    };
                    let (c, args) = self.u.field_args(&f.args);
                    let args: Vec<Type> = args.iter().map(|a| self.enlarge_rec(a)).collect();
                    let k = if c { self.u.pv.cargs } else { self.u.pv.args };
                    fields.push(Field {
                        presence,
                        args: Type::Con(k, args),
                        ..f
                    });
                }
                let closed = self.u.pv.closed_ty();
                let row = self.u.build_row(&fields, closed);
                self.variant_of_row(row)
            }
            Type::Con(c, a)
                if *c == crate::lambda::ir::TyCon::LIST
                    || *c == crate::lambda::ir::TyCon::OPTION =>
            {
                Type::Con(*c, a.iter().map(|x| self.enlarge_rec(x)).collect())
            }
            Type::Tuple(ts) => Type::Tuple(ts.iter().map(|x| self.enlarge_rec(x)).collect()),
            Type::Arrow(a, b) => Type::arrow((**a).clone(), self.enlarge_rec(b)),
            _ => t.clone(),
        }
    }

    /// `a` is a subtype of `b` (OCaml's `Ctype.subtype`, for variants, tuples, arrows, lists
    /// and options; elsewhere the types must be equal).
    pub(super) fn subtype(&mut self, a: &Type, b: &Type) -> Result<(), UnifyError> {
        let a = self.u.zonk(a);
        let b = self.u.zonk(b);
        match (&a, &b) {
            (Type::Con(c, x), Type::Con(d, y)) if *c == self.u.pv.variant && *d == *c => {
                let va = self.u.row_view(&x[0]);
                let vb = self.u.row_view(&y[0]);
                if va.tail.is_some() {
                    return self.u.unify(&a, &b, &self.types);
                }
                let mut missing = Vec::new();
                for f in &va.fields {
                    if self.u.presence(&f.presence) == Presence::Absent {
                        continue;
                    }
                    match vb.fields.iter().find(|g| g.tag == f.tag) {
                        Some(g) => {
                            if self.u.presence(&g.presence) == Presence::Absent {
                                missing.push(f.tag.clone());
                                continue;
                            }
                            if let Presence::Either(_) = self.u.presence(&g.presence) {
                                let present = self.u.pv.present_ty();
                                let _ = self.u.unify(&g.presence, &present, &self.types);
                            }
                            let (_, fa) = self.u.field_args(&f.args);
                            let (_, ga) = self.u.field_args(&g.args);
                            if fa.len() != ga.len() {
                                return Err(UnifyError::TagTypes(f.tag.clone()));
                            }
                            for (p, q) in fa.iter().zip(&ga) {
                                self.subtype(p, q)?;
                            }
                        }
                        None if vb.tail.is_some() => {
                            // An open target takes the tag.
                            let rest = self.u.fresh_var();
                            let one = self.u.build_row(&[f.clone()], rest);
                            let one = Type::Con(self.u.pv.variant, vec![one]);
                            self.u.unify(&one, &b, &self.types)?;
                        }
                        None => missing.push(f.tag.clone()),
                    }
                }
                let possible = va
                    .fields
                    .iter()
                    .filter(|f| self.u.presence(&f.presence) != Presence::Absent)
                    .count();
                if missing.is_empty() {
                    Ok(())
                } else if missing.len() == possible {
                    Err(UnifyError::NoIntersection)
                } else {
                    Err(UnifyError::VariantTags {
                        first: false,
                        tags: missing,
                    })
                }
            }
            (Type::Con(c, x), Type::Con(d, y)) if self.u.pv.obj.is_object(*c) && c == d => {
                self.subtype_objects(&x[0], &y[0])
            }
            (Type::Tuple(x), Type::Tuple(y)) if x.len() == y.len() => {
                for (p, q) in x.iter().zip(y) {
                    self.subtype(p, q)?;
                }
                Ok(())
            }
            (Type::Arrow(p1, r1), Type::Arrow(p2, r2)) => {
                self.subtype(p2, p1)?;
                self.subtype(r1, r2)
            }
            // A private abbreviation's values are values of its definition (`(x :> int)`).
            (Type::Con(c, x), _)
                if self.private_abbrevs.contains(c) && !matches!(&b, Type::Con(d, _) if d == c) =>
            {
                let expanded = match self.u.abstract_types.get(c) {
                    Some(abs) => abs.expand(x),
                    None => return self.u.unify(&a, &b, &self.types),
                };
                self.subtype(&expanded, &b)
            }
            (Type::Con(c, x), Type::Con(d, y))
                if c == d
                    && (*c == crate::lambda::ir::TyCon::LIST
                        || *c == crate::lambda::ir::TyCon::OPTION) =>
            {
                self.subtype(&x[0], &y[0])
            }
            _ => self.u.unify(&a, &b, &self.types),
        }
    }
}

impl<'s> Typer<'s> {
    /// Whether a value of the variant type `ty` can only have one of `tags` (its row is
    /// closed and every other tag absent): a match on them needs no failure case.
    pub(super) fn variant_tags_covered<'t>(
        &self,
        ty: &Type,
        tags: impl Iterator<Item = &'t str>,
    ) -> bool {
        let tags: HashSet<&str> = tags.collect();
        let row = match &*self.u.shallow(ty) {
            Type::Con(c, a) if *c == self.u.pv.variant => a[0].clone(),
            _ => return false,
        };
        let view = self.u.row_view(&row);
        view.tail.is_none()
            && view.fields.iter().all(|f| {
                tags.contains(f.tag.as_str()) || self.u.presence(&f.presence) == Presence::Absent
            })
    }
}

/// OCaml's own error for two tags of one type with the same hash (not a type clash).
pub fn hash_clash(span: Span, err: &UnifyError) -> Option<Diagnostic> {
    let UnifyError::HashClash(a, b) = err else {
        return None;
    };
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    Some(Diagnostic::error(
        span,
        format!("Variant tags `{a} and `{b} have the same hash value.\n       Change one of them."),
    ))
}

/// `t` (a declaration's type) with its polymorphic variant types as the lambda IR sees them:
/// `Obj.t` (`t as 'a` is `t`).
pub fn erase(pv: &PvCons, t: &Type) -> Type {
    match t {
        Type::Con(c, a) if *c == pv.mu => erase(pv, &a[1]),
        Type::Con(c, _) if pv.is_internal(*c) => Type::any_value(),
        Type::Con(c, a) => Type::Con(*c, a.iter().map(|t| erase(pv, t)).collect()),
        Type::Tuple(ts) => Type::Tuple(ts.iter().map(|t| erase(pv, t)).collect()),
        Type::Arrow(a, b) => Type::arrow(erase(pv, a), erase(pv, b)),
        Type::Forall(v, b) => Type::Forall(*v, Box::new(erase(pv, b))),
        Type::Var(v) => Type::Var(*v),
    }
}
