//! Which polymorphic definitions gain anything from being specialised: the *type-sensitive*
//! ones. Mono copies a definition per instantiation only for them; every other definition gets
//! its one uniform copy, whatever the types it is used at.
//!
//! Specialisation changes the code only where a type is read after mono:
//! - a structural comparison (`=`, `<>`, `<`, `<=`, `>`, `>=`, `compare`), which mono turns into
//!   word, float or string comparisons at known types;
//! - an array access (`egret_array_get`/`set`), which becomes the flat-float or the address
//!   access at a known element type;
//! - a function parameter whose type is a bare type variable, passed unboxed when it is `float`
//!   (the SSA lowering's float parameters).
//!
//! A definition is sensitive when such an operation in its body (nested functions and nested
//! definitions included) has an operand whose type mentions a type variable (so that the
//! substitution could change it; an operand whose type is not known cheaply counts as one),
//! or when it instantiates a sensitive definition at types that mention type variables (in its
//! uniform copy that instance would be the callee's uniform copy too). Everything else — most of
//! `CamlinternalFormat`, whose GADT-typed interpreters are instantiated at each format's
//! type — runs the same code at every type, and copies of it would only be compiled again.
//!
//! Linear in the program: one walk records direct sensitivity and the edges "sensitive if that
//! one is", then one propagation along the reversed edges.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::lambda::ir::{Expr, Prim, Type, VarId, VarTable};

/// The polymorphic definitions of `body` (variables bound to a `TyFun`, by `let` or `let rec`)
/// that are *not* type-sensitive (see the module doc): one uniform copy serves all their uses.
pub fn insensitive_definitions(body: &Expr, vars: &VarTable) -> FxHashSet<VarId> {
    let mut w = Walk {
        vars,
        enclosing: Vec::new(),
        definitions: Vec::new(),
        sensitive: FxHashSet::default(),
        depends: Vec::new(),
    };
    w.expr(body);
    // `from` is sensitive when `to` is: propagate backwards from the directly sensitive ones.
    let mut users: FxHashMap<VarId, Vec<VarId>> = FxHashMap::default();
    for (from, to) in w.depends {
        users.entry(to).or_default().push(from);
    }
    let mut sensitive = w.sensitive;
    let mut work: Vec<VarId> = sensitive.iter().copied().collect();
    while let Some(v) = work.pop() {
        for u in users.get(&v).into_iter().flatten() {
            if sensitive.insert(*u) {
                work.push(*u);
            }
        }
    }
    w.definitions
        .into_iter()
        .filter(|d| !sensitive.contains(d))
        .collect()
}

struct Walk<'a> {
    vars: &'a VarTable,
    /// The polymorphic definitions whose body is being walked, innermost last.
    enclosing: Vec<VarId>,
    /// Every polymorphic definition walked.
    definitions: Vec<VarId>,
    /// Definitions found sensitive directly.
    sensitive: FxHashSet<VarId>,
    /// `(from, to)`: `from` is sensitive if `to` is.
    depends: Vec<(VarId, VarId)>,
}

fn is_tyfun(e: &Expr) -> bool {
    matches!(crate::lambda::visit::peel_loc(e), Expr::TyFun(..))
}

impl Walk<'_> {
    fn mark(&mut self) {
        if let Some(d) = self.enclosing.last() {
            self.sensitive.insert(*d);
        }
    }

    /// The definition `v` bound to `def`: walked as the innermost enclosing one.
    fn definition(&mut self, v: VarId, def: &Expr) {
        if let Some(outer) = self.enclosing.last() {
            self.depends.push((*outer, v));
        }
        self.definitions.push(v);
        self.enclosing.push(v);
        self.expr(def);
        self.enclosing.pop();
    }

    /// Whether `e`'s type may mention a type variable (true when not known cheaply).
    fn open(&self, e: &Expr) -> bool {
        match e {
            Expr::Const(_) => false,
            Expr::Var(v) => !self.vars.ty(*v).is_closed(),
            Expr::Loc(_, b) | Expr::Field(b, _) | Expr::TyApp(b, _) => self.open(b),
            Expr::Construct { ty, .. } => !ty.is_closed(),
            Expr::App(f, _) => self.open(f),
            _ => true,
        }
    }

    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::Local(v, def, body) if is_tyfun(def) => {
                self.definition(*v, def);
                self.expr(body);
                return;
            }
            Expr::LetRec(defs, body) => {
                for (v, def) in defs {
                    if is_tyfun(def) {
                        self.definition(*v, def);
                    } else {
                        self.expr(def);
                    }
                }
                self.expr(body);
                return;
            }
            Expr::Fun(params, ..) => {
                if params
                    .iter()
                    .any(|p| matches!(self.vars.ty(*p), Type::Var(_)))
                {
                    self.mark();
                }
            }
            Expr::Prim(p, args) => {
                // A structural comparison is what mono specialises by type
                // (`float_comparison`), an `egret_array_*` access what reads a float array.
                let reads_type = match p {
                    Prim::Runtime(name, _) => name.starts_with("egret_array_"),
                    p => super::float_comparison(p.clone()) != *p,
                };
                if reads_type && args.first().is_some_and(|a| self.open(a)) {
                    self.mark();
                }
            }
            Expr::TyApp(..) => {
                let mut head = e;
                let mut open = false;
                while let Expr::TyApp(f, t) = head {
                    open |= !t.is_closed();
                    head = f;
                }
                if let (Expr::Var(w), true, Some(d)) = (
                    crate::lambda::visit::peel_loc(head),
                    open,
                    self.enclosing.last(),
                ) {
                    self.depends.push((*d, *w));
                }
            }
            _ => {}
        }
        crate::lambda::visit::each_child(e, &mut |c| self.expr(c));
    }
}
