//! The relaxed value restriction (Garrigue, "Relaxing the value restriction", 2004), as OCaml
//! 4.13's typer does it (`Ctype.lower_contravariant`, `Typedecl_variance`).
//!
//! A `let` whose expression is *expansive* (it may allocate mutable state: an application, a
//! record with a mutable field, ...) may still generalise the type variables that occur only
//! in covariant positions of its type: no value of such a type can have been stored. The
//! others — those under an arrow's argument, or under a parameter of a type constructor that
//! may hold them weakly (a mutable field, an invariant primitive such as `array`) — are
//! *lowered* to the enclosing level, so the generalisation that follows leaves them weak
//! (monomorphic, to be fixed by a later use).
//!
//! Invariant: [`Variances::weak`] has one entry per declaration of the [`TypeTable`] it was
//! last [updated](Variances::update) with, one flag per parameter: `true` when the parameter
//! may occur in a weak position of the declaration's definition (OCaml's `May_weak`).

use crate::lambda::ir::{DeclKind, TyCon, Type, TypeTable};

use super::unify::Unifier;

#[derive(Default)]
pub struct Variances {
    weak: Vec<Vec<bool>>,
}

impl Variances {
    /// Whether parameter `i` of `c` may occur in a weak position.
    pub fn is_weak(&self, c: TyCon, i: usize) -> bool {
        self.weak
            .get(c.index())
            .and_then(|w| w.get(i))
            .copied()
            // A declaration not analysed yet is being defined: treat it as invariant.
            .unwrap_or(true)
    }

    /// Computes the flags of the declarations added to `types` since the last update (one
    /// recursive group), by fixpoint: a parameter starts strong and becomes weak when it occurs
    /// weakly in a constructor argument or field, possibly through another member of the group.
    /// Sets the flags of `c`, an abstract type, from its declared variances (after `update`).
    pub fn set_weak(&mut self, c: TyCon, flags: Vec<bool>) {
        if let Some(w) = self.weak.get_mut(c.index()) {
            *w = flags;
        }
    }

    pub fn update(&mut self, types: &TypeTable) {
        let first = self.weak.len();
        for (c, d) in types.decls.iter().enumerate().skip(first) {
            let flags = match d.kind {
                // A label constructor (`typing::labels`) only wraps an arrow's parameter.
                // So do the row constructors of polymorphic variants (rows are covariant).
                DeclKind::Primitive
                    if super::labels::label_of_decl(&d.name).is_some()
                        || super::pvariant::is_row_decl(&d.name) =>
                {
                    vec![false; d.params.len()]
                }
                // `lazy_t` is covariant (OCaml's `Predef`).
                DeclKind::Primitive if c == TyCon::LAZY_T.index() => vec![false],
                // `array` and other primitive containers are invariant, as are abstract and
                // extensible types.
                DeclKind::Primitive | DeclKind::Extensible => vec![true; d.params.len()],
                _ => vec![false; d.params.len()],
            };
            self.weak.push(flags);
        }
        loop {
            let mut changed = false;
            for c in first..types.decls.len() {
                let d = &types.decls[c];
                let mut occurrences: Vec<(&Type, bool)> = Vec::new();
                match &d.kind {
                    DeclKind::Variant(cs) => occurrences
                        .extend(cs.iter().flat_map(|c| c.args.iter().map(|t| (t, false)))),
                    DeclKind::Record(fs) => {
                        occurrences.extend(fs.iter().map(|f| (&f.ty, f.mutable)))
                    }
                    DeclKind::Primitive | DeclKind::Extensible => {}
                }
                for (i, p) in d.params.iter().enumerate() {
                    if self.weak[c][i] {
                        continue;
                    }
                    let p = Type::Var(*p);
                    if occurrences
                        .iter()
                        .any(|(t, mutable)| self.occurs_weakly(&p, t, *mutable))
                    {
                        self.weak[c][i] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Whether the variable `p` occurs in `t` in a weak position (`weak`: `t` itself is in one).
    fn occurs_weakly(&self, p: &Type, t: &Type, weak: bool) -> bool {
        match t {
            Type::Var(_) => weak && t == p,
            Type::Tuple(ts) => ts.iter().any(|t| self.occurs_weakly(p, t, weak)),
            Type::Arrow(a, r) => self.occurs_weakly(p, a, true) || self.occurs_weakly(p, r, weak),
            Type::Con(c, args) => args
                .iter()
                .enumerate()
                .any(|(i, a)| self.occurs_weakly(p, a, weak || self.is_weak(*c, i))),
            Type::Forall(v, t) => Type::Var(*v) != *p && self.occurs_weakly(p, t, weak),
        }
    }
}

impl Unifier {
    /// OCaml's `lower_contravariant`: lowers to `level` the unbound variables of `t` that occur
    /// in a weak position (see the module docs), so that a generalisation at `level` keeps them.
    pub fn lower_contravariant(&mut self, t: &Type, level: u32, variances: &Variances) {
        self.lower_rec(t, level, variances, false, &mut Default::default())
    }

    fn lower_rec(
        &mut self,
        t: &Type,
        level: u32,
        variances: &Variances,
        contra: bool,
        seen: &mut std::collections::HashSet<(crate::lambda::ir::TyVar, bool)>,
    ) {
        // A cyclic type (`typing::pvariant`) is entered once per bound variable and mode.
        if self.pv.cyclic {
            if let Some(w) = self.bound_head(t) {
                if !seen.insert((w, contra)) {
                    return;
                }
            }
        }
        let t = self.shallow(t);
        match &*t {
            Type::Var(v) => {
                if contra {
                    let l = &mut self.levels[v.0 as usize];
                    if *l != u32::MAX {
                        *l = (*l).min(level);
                    }
                }
            }
            Type::Tuple(ts) => ts
                .iter()
                .for_each(|t| self.lower_rec(t, level, variances, contra, seen)),
            Type::Arrow(a, r) => {
                self.lower_rec(a, level, variances, true, seen);
                self.lower_rec(r, level, variances, contra, seen)
            }
            Type::Con(c, args) => {
                // Rows of polymorphic variants are covariant (their constructors may be
                // declared after the last `update`).
                let row = self.pv.is_internal(*c);
                for (i, a) in args.iter().enumerate() {
                    let weak = contra || (!row && variances.is_weak(*c, i));
                    self.lower_rec(a, level, variances, weak, seen)
                }
            }
            Type::Forall(_, t) => self.lower_rec(t, level, variances, contra, seen),
        }
    }

    /// Lowers every unbound variable of `t` to `level` (nothing of `t` may be generalised).
    pub fn lower_all(&mut self, t: &Type, level: u32) {
        self.lower_all_rec(t, level, &mut Default::default())
    }

    fn lower_all_rec(
        &mut self,
        t: &Type,
        level: u32,
        seen: &mut std::collections::HashSet<crate::lambda::ir::TyVar>,
    ) {
        if self.pv.cyclic {
            if let Some(w) = self.bound_head(t) {
                if !seen.insert(w) {
                    return;
                }
            }
        }
        let t = self.shallow(t);
        match &*t {
            Type::Var(v) => {
                let l = &mut self.levels[v.0 as usize];
                if *l != u32::MAX {
                    *l = (*l).min(level);
                }
            }
            Type::Con(_, ts) | Type::Tuple(ts) => {
                ts.iter().for_each(|t| self.lower_all_rec(t, level, seen))
            }
            Type::Arrow(a, r) => {
                self.lower_all_rec(a, level, seen);
                self.lower_all_rec(r, level, seen)
            }
            Type::Forall(_, t) => self.lower_all_rec(t, level, seen),
        }
    }
}
