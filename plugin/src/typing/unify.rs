//! Unification with levels (Rémy's generalisation), instantiation, and type printing.
//!
//! Inference types are [`lambda::ir::Type`]s whose `Var`s are either *unification variables*
//! (possibly bound in [`Unifier::bindings`]) or *generalised* variables (quantified by a
//! `Forall` in a scheme: never bound, only substituted at instantiation). Each variable has a
//! level: the let-nesting depth where it was created; generalising at level `l` quantifies the
//! unbound variables of level `> l`.

use std::collections::{HashMap, HashSet};
use std::ops::Deref;
use std::rc::Rc;

use crate::lambda::ir::{TyCon, TyVar, Type, TypeTable};
use crate::syntax::ast::ArgLabel;

#[derive(Default)]
pub struct Unifier {
    /// `bindings[v]`: what unification variable `v` stands for, once known. Shared (`Rc`), so
    /// following a binding never copies the type it stands for: a type bound once is read
    /// many times (every `shallow`, every `zonk`), and a deep copy at each read made typing
    /// quadratic in the size of types (issue #22: nested tuples, long arrows).
    pub bindings: Vec<Option<Rc<Type>>>,
    pub levels: Vec<u32>,
    pub level: u32,
    /// `scopes[v]`: how many type declarations existed when `v` was created (lowered when it
    /// is unified with an older variable). A variable may only stand for types declared
    /// before it: a weak top-level variable cannot become a type declared after it (OCaml's
    /// "The type constructor t would escape its scope").
    pub scopes: Vec<u32>,
    /// How many type declarations exist now.
    pub scope: u32,
    /// The label constructors of labelled arrows (`typing::labels`): declared on first use,
    /// they are not types a variable could escape with.
    pub label_cons: HashSet<TyCon>,
    /// The variables standing for "is this labelled arrow's order known" (OCaml's `commutable`
    /// `Clink`, see `typing::labels`): never generalised, never reported as weak.
    pub commu_vars: HashSet<TyVar>,
    /// Types a signature made abstract (`typing::modules`), with the definitions they hide.
    pub abstract_types: HashMap<TyCon, AbstractType>,
    /// Unification sees through every abstract type (while a module is matched against the
    /// signature that abstracts its types).
    pub see_through: bool,
}

/// A type made abstract by a signature: `params` and the definition (`manifest`) it stands
/// for. An `opaque` one is a type of its own (`M.t` outside `M`); the others equal their
/// definitions (a functor parameter's abstract types, once the body is elaborated). The
/// lambda IR sees only definitions (`Typer::finish` expands every abstract type).
#[derive(Clone)]
pub struct AbstractType {
    pub params: Vec<TyVar>,
    pub manifest: Type,
    pub opaque: bool,
}

impl AbstractType {
    /// The definition at arguments `args`.
    pub fn expand(&self, args: &[Type]) -> Type {
        self.params
            .iter()
            .zip(args)
            .fold(self.manifest.clone(), |t, (p, a)| t.subst(*p, a))
    }
}

/// A type with the bindings at its head followed: the type itself, or the (shared) type its
/// head variable is bound to. Dereferences to the [`Type`]; cloning it is cheap.
#[derive(Clone)]
pub enum Resolved<'a> {
    Ref(&'a Type),
    Bound(Rc<Type>),
}

impl Deref for Resolved<'_> {
    type Target = Type;
    fn deref(&self) -> &Type {
        match self {
            Resolved::Ref(t) => t,
            Resolved::Bound(t) => t,
        }
    }
}

impl Resolved<'_> {
    /// The type as an owned value (a copy only when it is a binding's).
    pub fn into_owned(self) -> Type {
        match self {
            Resolved::Ref(t) => t.clone(),
            Resolved::Bound(t) => Rc::try_unwrap(t).unwrap_or_else(|t| (*t).clone()),
        }
    }
}

/// Why two types did not unify (the printer shows the whole types, like OCaml).
#[derive(Debug)]
pub enum UnifyError {
    Mismatch,
    /// `'a` occurs in the type it would be bound to.
    Occurs,
    /// A variable would stand for a type declared after it.
    Escape(TyCon),
}

impl Unifier {
    pub fn fresh(&mut self) -> TyVar {
        self.bindings.push(None);
        self.levels.push(self.level);
        self.scopes.push(self.scope);
        TyVar(self.bindings.len() as u32 - 1)
    }

    pub fn fresh_var(&mut self) -> Type {
        Type::Var(self.fresh())
    }

    /// Follows bindings at the head of `t` (no copy of the type: see [`Resolved`]).
    pub fn shallow<'a>(&self, t: &'a Type) -> Resolved<'a> {
        let Type::Var(v) = t else {
            return Resolved::Ref(t);
        };
        let Some(mut cur) = self.bindings[v.0 as usize].clone() else {
            return Resolved::Ref(t);
        };
        while let Type::Var(w) = &*cur {
            match &self.bindings[w.0 as usize] {
                Some(b) => cur = b.clone(),
                None => break,
            }
        }
        Resolved::Bound(cur)
    }

    /// [`Unifier::shallow`] that also compresses the chain of variables it followed: each now
    /// points at the end, so a long chain `a = b = c = ..` is walked once (union-find's path
    /// compression).
    fn shallow_compress<'a>(&mut self, t: &'a Type) -> Resolved<'a> {
        let r = self.shallow(t);
        if let (Type::Var(v), Resolved::Bound(end)) = (t, &r) {
            let mut w = *v;
            while let Some(b) = &self.bindings[w.0 as usize] {
                let next = match &**b {
                    Type::Var(n) if !Rc::ptr_eq(b, end) => *n,
                    _ => break,
                };
                self.bindings[w.0 as usize] = Some(end.clone());
                w = next;
            }
        }
        r
    }

    /// [`Unifier::shallow`] for reading only: a reference, no reference count touched.
    fn resolve<'a>(&'a self, mut t: &'a Type) -> &'a Type {
        while let Type::Var(v) = t {
            match &self.bindings[v.0 as usize] {
                Some(b) => t = b,
                None => break,
            }
        }
        t
    }

    /// Replaces every bound variable in `t` by what it stands for (time linear in the result).
    pub fn zonk(&self, t: &Type) -> Type {
        match self.resolve(t) {
            Type::Var(v) => Type::Var(*v),
            Type::Con(c, args) => Type::Con(*c, args.iter().map(|a| self.zonk(a)).collect()),
            Type::Tuple(ts) => Type::Tuple(ts.iter().map(|a| self.zonk(a)).collect()),
            Type::Arrow(a, b) => Type::arrow(self.zonk(a), self.zonk(b)),
            Type::Forall(v, t) => Type::Forall(*v, Box::new(self.zonk(t))),
        }
    }

    pub fn unify(&mut self, a: &Type, b: &Type, types: &TypeTable) -> Result<(), UnifyError> {
        let a = self.shallow_compress(a);
        let b = self.shallow_compress(b);
        match (&*a, &*b) {
            (Type::Var(x), Type::Var(y)) if x == y => Ok(()),
            (Type::Var(x), _) => self.bind(*x, b),
            (_, Type::Var(y)) => self.bind(*y, a),
            (Type::Con(c, xs), Type::Con(d, ys)) if c == d && xs.len() == ys.len() => {
                for (x, y) in xs.iter().zip(ys) {
                    self.unify(x, y, types)?;
                }
                Ok(())
            }
            (Type::Tuple(xs), Type::Tuple(ys)) if xs.len() == ys.len() => {
                for (x, y) in xs.iter().zip(ys) {
                    self.unify(x, y, types)?;
                }
                Ok(())
            }
            (Type::Arrow(a1, r1), Type::Arrow(a2, r2)) => {
                self.unify(a1, a2, types)?;
                self.unify(r1, r2, types)
            }
            _ => {
                if let Some(x) = self.expand_abstract(&a) {
                    return self.unify(&x, &b, types);
                }
                if let Some(y) = self.expand_abstract(&b) {
                    return self.unify(&a, &y, types);
                }
                Err(UnifyError::Mismatch)
            }
        }
    }

    /// The definition of `t` if it is an abstract type that unification may see through.
    fn expand_abstract(&self, t: &Type) -> Option<Type> {
        let Type::Con(c, args) = t else { return None };
        let a = self.abstract_types.get(c)?;
        (self.see_through || !a.opaque).then(|| a.expand(args))
    }

    /// Binds `v` to `t`, sharing `t` when it is already a binding's type.
    fn bind(&mut self, v: TyVar, t: Resolved<'_>) -> Result<(), UnifyError> {
        let level = self.levels[v.0 as usize];
        let scope = self.scopes[v.0 as usize];
        self.occurs_adjust(v, level, scope, &t)?;
        self.bindings[v.0 as usize] = Some(match t {
            Resolved::Ref(t) => Rc::new(t.clone()),
            Resolved::Bound(t) => t,
        });
        Ok(())
    }

    /// Fails if `v` occurs in `t` or `t` names a type declared after `v` (`scope`); lowers the
    /// level and scope of `t`'s variables to `level` and `scope`.
    fn occurs_adjust(
        &mut self,
        v: TyVar,
        level: u32,
        scope: u32,
        t: &Type,
    ) -> Result<(), UnifyError> {
        let t = self.shallow_compress(t);
        match &*t {
            Type::Var(w) if *w == v => Err(UnifyError::Occurs),
            Type::Var(w) => {
                let l = &mut self.levels[w.0 as usize];
                *l = (*l).min(level);
                let s = &mut self.scopes[w.0 as usize];
                *s = (*s).min(scope);
                Ok(())
            }
            Type::Con(c, ts)
                if self.abstract_types.get(c).is_some_and(|a| !a.opaque) =>
            {
                // A functor parameter's type after the body: its definition, which may be
                // older than the variable.
                let t = self.abstract_types[c].expand(ts);
                self.occurs_adjust(v, level, scope, &t)
            }
            Type::Con(c, ts) => {
                if c.0 >= scope && !self.label_cons.contains(c) {
                    return Err(UnifyError::Escape(*c));
                }
                ts.iter()
                    .try_for_each(|t| self.occurs_adjust(v, level, scope, t))
            }
            Type::Tuple(ts) => ts
                .iter()
                .try_for_each(|t| self.occurs_adjust(v, level, scope, t)),
            Type::Arrow(a, b) => {
                self.occurs_adjust(v, level, scope, a)?;
                self.occurs_adjust(v, level, scope, b)
            }
            Type::Forall(_, t) => self.occurs_adjust(v, level, scope, t),
        }
    }

    /// The unbound variables of `t` created deeper than the current level, in order of first
    /// appearance: what a generalisation at this level quantifies.
    pub fn generalizable(&self, t: &Type) -> Vec<TyVar> {
        let mut out = Vec::new();
        self.collect_free(t, &mut out, &mut HashSet::new());
        out.retain(|v| self.levels[v.0 as usize] > self.level);
        out
    }

    fn collect_free(&self, t: &Type, out: &mut Vec<TyVar>, seen: &mut HashSet<TyVar>) {
        match self.resolve(t) {
            Type::Var(v) => {
                if seen.insert(*v) && !self.commu_vars.contains(v) {
                    out.push(*v)
                }
            }
            Type::Con(_, ts) | Type::Tuple(ts) => {
                ts.iter().for_each(|t| self.collect_free(t, out, seen))
            }
            Type::Arrow(a, b) => {
                self.collect_free(a, out, seen);
                self.collect_free(b, out, seen)
            }
            Type::Forall(_, t) => self.collect_free(t, out, seen),
        }
    }

    /// Strips the `Forall`s of a scheme, replacing each quantified variable by a fresh
    /// unification variable; returns the instance and the types chosen, outermost first.
    pub fn instantiate(&mut self, scheme: &Type) -> (Type, Vec<Type>) {
        let mut t = scheme;
        let mut map = HashMap::new();
        let mut args = Vec::new();
        while let Type::Forall(v, body) = t {
            let fresh = self.fresh_var();
            map.insert(*v, fresh.clone());
            args.push(fresh);
            t = body;
        }
        (subst_all(t, &map), args)
    }
}

/// `t` with each variable of `map` replaced by its type, all at once (one walk, where a
/// substitution per variable walked the type once per quantified variable: quadratic in a
/// function of many parameters). A `Forall` binding one of them hides it.
pub fn subst_all(t: &Type, map: &HashMap<TyVar, Type>) -> Type {
    if map.is_empty() {
        return t.clone();
    }
    match t {
        Type::Var(v) => map.get(v).cloned().unwrap_or(Type::Var(*v)),
        Type::Con(c, args) => Type::Con(*c, args.iter().map(|a| subst_all(a, map)).collect()),
        Type::Tuple(ts) => Type::Tuple(ts.iter().map(|a| subst_all(a, map)).collect()),
        Type::Arrow(a, b) => Type::arrow(subst_all(a, map), subst_all(b, map)),
        Type::Forall(w, body) if map.contains_key(w) => {
            let mut inner = map.clone();
            inner.remove(w);
            Type::Forall(*w, Box::new(subst_all(body, &inner)))
        }
        Type::Forall(w, body) => Type::Forall(*w, Box::new(subst_all(body, map))),
    }
}

/// Prints types as OCaml does: `int list`, `'a -> 'b`, `(int, string) t`, `int * bool`.
pub struct TypePrinter<'a> {
    pub types: &'a TypeTable,
    names: HashMap<TyVar, String>,
    /// Name variables as OCaml names weak (non-generalisable) ones: `'_weak1`.
    weak: bool,
}

impl<'a> TypePrinter<'a> {
    pub fn new(types: &'a TypeTable) -> Self {
        TypePrinter {
            types,
            names: HashMap::new(),
            weak: false,
        }
    }

    /// A printer naming every variable `'_weakN`, for types that cannot be generalised.
    pub fn weak(types: &'a TypeTable) -> Self {
        TypePrinter {
            weak: true,
            ..Self::new(types)
        }
    }

    pub fn print(&mut self, t: &Type) -> String {
        self.print_prec(t, 0)
    }

    /// prec 0: arrow allowed; 1: inside arrow's left (tuple ok); 2: inside tuple; 3: argument.
    fn print_prec(&mut self, t: &Type, prec: u8) -> String {
        match t {
            Type::Var(v) => {
                let n = self.names.len();
                let weak = self.weak;
                self.names
                    .entry(*v)
                    .or_insert_with(|| {
                        if weak {
                            return format!("'_weak{}", n + 1);
                        }
                        let letter = (b'a' + (n % 26) as u8) as char;
                        if n < 26 {
                            format!("'{letter}")
                        } else {
                            format!("'{letter}{}", n / 26)
                        }
                    })
                    .clone()
            }
            Type::Con(c, args) => {
                let name = &self.types.decl(*c).name;
                match args.len() {
                    0 => name.clone(),
                    1 => format!("{} {}", self.print_prec(&args[0], 3), name),
                    _ => {
                        let parts: Vec<String> =
                            args.iter().map(|a| self.print_prec(a, 0)).collect();
                        format!("({}) {}", parts.join(", "), name)
                    }
                }
            }
            Type::Tuple(ts) => {
                let parts: Vec<String> = ts.iter().map(|a| self.print_prec(a, 3)).collect();
                let s = parts.join(" * ");
                if prec >= 2 {
                    format!("({s})")
                } else {
                    s
                }
            }
            Type::Arrow(a, b) => {
                let param = match &**a {
                    Type::Con(c, args) => {
                        match crate::typing::labels::label_of_decl(&self.types.decl(*c).name) {
                            Some(label) => {
                                // `?x:t` shows the type of the optional argument, `t`, not `t option`.
                                let arg = match (&label, &args[0]) {
                                    (ArgLabel::Optional(_), Type::Con(TyCon::OPTION, t)) => &t[0],
                                    _ => &args[0],
                                };
                                let prefix = match &label {
                                    ArgLabel::Optional(l) => format!("?{l}:"),
                                    _ => format!("{}:", label.name()),
                                };
                                format!("{prefix}{}", self.print_prec(arg, 1))
                            }
                            None => self.print_prec(a, 1),
                        }
                    }
                    _ => self.print_prec(a, 1),
                };
                let s = format!("{param} -> {}", self.print_prec(b, 0));
                if prec >= 1 {
                    format!("({s})")
                } else {
                    s
                }
            }
            Type::Forall(_, t) => self.print_prec(t, prec),
        }
    }
}
