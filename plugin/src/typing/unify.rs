//! Unification with levels (Rémy's generalisation), instantiation, and type printing.
//!
//! Inference types are [`lambda::ir::Type`]s whose `Var`s are either *unification variables*
//! (possibly bound in [`Unifier::bindings`]) or *generalised* variables (quantified by a
//! `Forall` in a scheme: never bound, only substituted at instantiation). Each variable has a
//! level: the let-nesting depth where it was created; generalising at level `l` quantifies the
//! unbound variables of level `> l`.

use rustc_hash::{FxHashMap, FxHashSet};
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
    pub label_cons: FxHashSet<TyCon>,
    /// The types a local module's applicative application of outer modules created
    /// (`let module S = Set.Make (Int) in ..`): OCaml names them by a path of outer modules
    /// (`Set.Make(Int).t`), so they leave the local module's scope (`modules::applicative`).
    pub global_cons: FxHashSet<TyCon>,
    /// The variables standing for "is this labelled arrow's order known" (OCaml's `commutable`
    /// `Clink`, see `typing::labels`): never generalised, never reported as weak.
    pub commu_vars: FxHashSet<TyVar>,
    /// The constructors encoding polymorphic variants' rows (`typing::pvariant`).
    pub pv: super::pvariant::PvCons,
    /// Types a signature made abstract (`typing::modules`), with the definitions they hide.
    pub abstract_types: FxHashMap<TyCon, AbstractType>,
    /// Unification sees through every abstract type (while a module is matched against the
    /// signature that abstracts its types).
    pub see_through: bool,
    /// The package types of first-class modules (`typing::modules::packages`): declared on
    /// first use, they are not types a variable could escape with.
    pub package_cons: FxHashSet<TyCon>,
    /// The rigid types (`typing::gadt`): locally abstract types and existentials, abstract
    /// types that only a GADT pattern's equation makes transparent.
    pub rigid: FxHashSet<TyCon>,
    /// OCaml's classic mode (`-nolabels`, `typing::classic`): arrows whose parameters' labels
    /// differ unify when neither is optional.
    pub classic: bool,
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
    /// The abstract type of an unpacked first-class module (an existential): never equal to
    /// its `manifest` (`Obj.t`, which only the lambda IR sees), even while a module is matched.
    pub existential: bool,
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
    /// A closed variant type does not allow these tags of the other (`first`: the first
    /// type, the expression's, is the closed one).
    VariantTags {
        first: bool,
        tags: Vec<String>,
    },
    /// Two variant types share no tag they could both have.
    NoIntersection,
    /// The argument types of a tag differ.
    TagTypes(String),
    /// Two tags of one variant type have the same hash.
    HashClash(String, String),
    /// A closed object type has no such method (`first`: the first type is the closed one).
    MissingMethod {
        first: bool,
        name: String,
    },
    /// The types of a method differ.
    MethodTypes(String),
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
        // `t as 'a` is `'a` (bound to `t`).
        if let Type::Con(c, a) = t {
            if *c == self.pv.mu {
                return self.shallow(&a[0]);
            }
        }
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
        loop {
            match t {
                Type::Var(v) => match &self.bindings[v.0 as usize] {
                    Some(b) => t = b,
                    None => break,
                },
                Type::Con(c, a) if *c == self.pv.mu => t = &a[0],
                _ => break,
            }
        }
        t
    }

    /// Replaces every bound variable in `t` by what it stands for (time linear in the result).
    pub fn zonk(&self, t: &Type) -> Type {
        if self.pv.cyclic {
            return self.zonk_cyclic(t, &mut HashMap::new());
        }
        match self.resolve(t) {
            Type::Var(v) => Type::Var(*v),
            Type::Con(c, args) => Type::Con(*c, args.iter().map(|a| self.zonk(a)).collect()),
            Type::Tuple(ts) => Type::Tuple(ts.iter().map(|a| self.zonk(a)).collect()),
            Type::Arrow(a, b) => Type::arrow(self.zonk(a), self.zonk(b)),
            Type::Forall(v, t) => Type::Forall(*v, Box::new(self.zonk(t))),
        }
    }

    pub fn unify(&mut self, a: &Type, b: &Type, types: &TypeTable) -> Result<(), UnifyError> {
        if !self.pv.cyclic {
            return self.unify_nodes(a, b, types);
        }
        // Recursive types: a pair of nodes met again is being unified already (OCaml's
        // `unify` memo of type pairs). Nodes are immutable and alive during the call.
        self.pv.unify_depth += 1;
        let r = self.unify_nodes(a, b, types);
        self.pv.unify_depth -= 1;
        if self.pv.unify_depth == 0 {
            self.pv.unifying.clear();
            self.pv.unifying_rows.clear();
        }
        r
    }

    fn unify_nodes(&mut self, a: &Type, b: &Type, types: &TypeTable) -> Result<(), UnifyError> {
        let a = self.shallow_compress(a);
        let b = self.shallow_compress(b);
        // Both sides are bindings (shared, stable nodes): the pair may be met again around a
        // cycle.
        if let (true, Resolved::Bound(x), Resolved::Bound(y)) = (self.pv.cyclic, &a, &b) {
            if !matches!(&**x, Type::Var(_))
                && !matches!(&**y, Type::Var(_))
                && !self.pv.unifying.insert((Rc::as_ptr(x), Rc::as_ptr(y)))
            {
                return Ok(());
            }
        }
        match (&*a, &*b) {
            (Type::Var(x), Type::Var(y)) if x == y => Ok(()),
            // A variable and an abstract type that stands for it (a functor parameter's type
            // whose definition is the variable): equal.
            (Type::Var(x), Type::Con(..)) if self.expands_to_var(&b, *x) => Ok(()),
            (Type::Con(..), Type::Var(y)) if self.expands_to_var(&a, *y) => Ok(()),
            (Type::Var(x), _) => self.bind(*x, b),
            (_, Type::Var(y)) => self.bind(*y, a),
            (Type::Con(c, xs), Type::Con(d, ys)) if c == d && *c == self.pv.variant => {
                let (x, y) = (xs[0].clone(), ys[0].clone());
                self.unify_rows(&x, &y, types)
            }
            (Type::Con(c, xs), Type::Con(d, ys)) if c == d && self.pv.obj.is_object(*c) => {
                let (x, y) = (xs[0].clone(), ys[0].clone());
                self.unify_objects(&x, &y, types)
            }
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
                if self.classic {
                    let (x, y) = (self.shallow(a1).into_owned(), self.shallow(a2).into_owned());
                    if let Some((x, y)) =
                        super::classic::unlabelled_params(&x, &y, types, &self.label_cons)
                    {
                        self.unify(&x, &y, types)?;
                        return self.unify(r1, r2, types);
                    }
                }
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

    /// Whether `t` is an abstract type unification may see through, standing for `v`.
    fn expands_to_var(&self, t: &Type, v: TyVar) -> bool {
        let mut t = t.clone();
        for _ in 0..100 {
            let Some(x) = self.expand_abstract(&t) else {
                return false;
            };
            match &*self.shallow(&x) {
                Type::Var(w) => return *w == v,
                other => t = other.clone(),
            }
        }
        false
    }

    /// `t` with its head expanded (OCaml's `expand_head`): bindings followed, and abstract
    /// types unification may see through (a GADT branch's equation `f = a -> b`, a functor
    /// parameter's type after the body) replaced by their definitions.
    pub fn expand_head(&self, t: &Type) -> Type {
        let mut t = self.shallow(t).into_owned();
        // A definition is older than its type: the chain ends (the bound is a guard).
        for _ in 0..100 {
            match self.expand_abstract(&t) {
                Some(x) => t = self.shallow(&x).into_owned(),
                None => break,
            }
        }
        t
    }

    /// The definition of `t` if it is an abstract type that unification may see through.
    fn expand_abstract(&self, t: &Type) -> Option<Type> {
        let Type::Con(c, args) = t else { return None };
        let a = self.abstract_types.get(c)?;
        (!a.existential && (self.see_through || !a.opaque)).then(|| a.expand(args))
    }

    /// Binds `v` to `t`, sharing `t` when it is already a binding's type.
    fn bind(&mut self, v: TyVar, t: Resolved<'_>) -> Result<(), UnifyError> {
        let level = self.levels[v.0 as usize];
        let scope = self.scopes[v.0 as usize];
        self.occurs_adjust(v, level, scope, &t, false, &mut HashSet::new())?;
        self.bindings[v.0 as usize] = Some(match t {
            Resolved::Ref(t) => Rc::new(t.clone()),
            Resolved::Bound(t) => t,
        });
        Ok(())
    }

    /// Fails if `v` occurs in `t` or `t` names a type declared after `v` (`scope`); lowers the
    /// level and scope of `t`'s variables to `level` and `scope`.
    /// `v` may occur under a polymorphic variant (`under`): the binding makes a recursive type
    /// (OCaml allows those without `-rectypes`). `seen`: the bound variables entered, once a
    /// cyclic type exists.
    fn occurs_adjust(
        &mut self,
        v: TyVar,
        level: u32,
        scope: u32,
        t: &Type,
        under: bool,
        seen: &mut HashSet<TyVar>,
    ) -> Result<(), UnifyError> {
        if self.pv.cyclic {
            if let Some(w) = self.bound_head(t) {
                if !seen.insert(w) {
                    return Ok(());
                }
            }
        }
        let t = self.shallow_compress(t);
        match &*t {
            Type::Var(w) if *w == v && under => {
                self.pv.cyclic = true;
                Ok(())
            }
            Type::Var(w) if *w == v => Err(UnifyError::Occurs),
            Type::Var(w) => {
                let l = &mut self.levels[w.0 as usize];
                *l = (*l).min(level);
                let s = &mut self.scopes[w.0 as usize];
                *s = (*s).min(scope);
                Ok(())
            }
            Type::Con(c, _) if c.0 >= scope && self.rigid.contains(c) => {
                // A rigid type with an equation (`typing::gadt`) is still younger.
                Err(UnifyError::Escape(*c))
            }
            Type::Con(c, ts)
                if self
                    .abstract_types
                    .get(c)
                    .is_some_and(|a| !a.opaque || (self.see_through && !a.existential)) =>
            {
                // A functor parameter's type after the body (or while a module is matched):
                // its definition, which may be older than the variable.
                let t = self.abstract_types[c].expand(ts);
                self.occurs_adjust(v, level, scope, &t, under, seen)
            }
            Type::Con(c, ts) => {
                if c.0 >= scope
                    && !self.label_cons.contains(c)
                    && !self.global_cons.contains(c)
                    && !self.pv.is_internal(*c)
                    && !self.package_cons.contains(c)
                {
                    return Err(UnifyError::Escape(*c));
                }
                let under = under || *c == self.pv.variant || self.pv.obj.is_object(*c);
                ts.iter()
                    .try_for_each(|t| self.occurs_adjust(v, level, scope, t, under, seen))
            }
            Type::Tuple(ts) => ts
                .iter()
                .try_for_each(|t| self.occurs_adjust(v, level, scope, t, under, seen)),
            Type::Arrow(a, b) => {
                self.occurs_adjust(v, level, scope, a, under, seen)?;
                self.occurs_adjust(v, level, scope, b, under, seen)
            }
            Type::Forall(_, t) => self.occurs_adjust(v, level, scope, t, under, seen),
        }
    }

    /// The unbound variables of `t` created deeper than the current level, in order of first
    /// appearance: what a generalisation at this level quantifies.
    pub fn generalizable(&self, t: &Type) -> Vec<TyVar> {
        let mut out = Vec::new();
        self.collect_free(t, &mut out, &mut HashSet::new(), &mut HashSet::new());
        out.retain(|v| self.levels[v.0 as usize] > self.level);
        out
    }

    fn collect_free(
        &self,
        t: &Type,
        out: &mut Vec<TyVar>,
        seen: &mut HashSet<TyVar>,
        entered: &mut HashSet<TyVar>,
    ) {
        if self.pv.cyclic {
            if let Some(w) = self.bound_head(t) {
                if !entered.insert(w) {
                    return;
                }
            }
        }
        match self.resolve(t) {
            Type::Var(v) => {
                if seen.insert(*v) && !self.commu_vars.contains(v) {
                    out.push(*v)
                }
            }
            Type::Con(_, ts) | Type::Tuple(ts) => ts
                .iter()
                .for_each(|t| self.collect_free(t, out, seen, entered)),
            Type::Arrow(a, b) => {
                self.collect_free(a, out, seen, entered);
                self.collect_free(b, out, seen, entered)
            }
            Type::Forall(_, t) => self.collect_free(t, out, seen, entered),
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
        let t = subst_all(t, &map);
        let t = if self.pv.cyclic {
            self.refresh_cycles(&t)
        } else {
            t
        };
        (t, args)
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
    /// Polymorphic variant types that occur several times in the type being printed (by
    /// their row's identity, see [`row_identity`]): printed `(.. as 'a)` once, then `'a`.
    shared_rows: HashSet<TyVar>,
}

/// What identifies a zonked variant type's row: its row variable if open, else its first
/// undecided tag's presence variable (a row of decided tags needs no name).
fn row_identity(types: &TypeTable, row: &Type) -> Option<TyVar> {
    let (fields, tail) = super::pvariant::zonked_row(types, row);
    tail.or_else(|| {
        fields.iter().find_map(|(_, p, _)| match p {
            Type::Var(v) => Some(*v),
            _ => None,
        })
    })
}

fn count_rows(types: &TypeTable, t: &Type, counts: &mut HashMap<TyVar, usize>) {
    match t {
        Type::Con(c, a) if types.decl(*c).name == "[variant]" => {
            if let Some(id) = row_identity(types, &a[0]) {
                *counts.entry(id).or_default() += 1;
            }
            a.iter().for_each(|t| count_rows(types, t, counts))
        }
        Type::Con(c, a) if types.decl(*c).name == "[object]" => {
            if let (_, Some(id)) = super::objects::zonked_methods(types, &a[0]) {
                *counts.entry(id).or_default() += 1;
            }
            a.iter().for_each(|t| count_rows(types, t, counts))
        }
        Type::Con(_, ts) | Type::Tuple(ts) => ts.iter().for_each(|t| count_rows(types, t, counts)),
        Type::Arrow(a, b) => {
            count_rows(types, a, counts);
            count_rows(types, b, counts)
        }
        Type::Forall(_, t) => count_rows(types, t, counts),
        Type::Var(_) => {}
    }
}

impl<'a> TypePrinter<'a> {
    pub fn new(types: &'a TypeTable) -> Self {
        TypePrinter {
            types,
            names: HashMap::new(),
            weak: false,
            shared_rows: HashSet::new(),
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
        let mut counts = HashMap::new();
        count_rows(self.types, t, &mut counts);
        self.shared_rows = counts
            .into_iter()
            .filter(|(_, n)| *n > 1)
            .map(|(v, _)| v)
            .collect();
        self.print_prec(t, 0)
    }

    fn var_name(&mut self, v: TyVar) -> String {
        let n = self.names.len();
        let weak = self.weak;
        self.names
            .entry(v)
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

    /// A polymorphic variant type (`row` zonked), or `t as 'a` (`mu`).
    fn print_row_type(&mut self, row: &Type) -> String {
        let types = self.types;
        let id = row_identity(types, row);
        if let Some(id) = id {
            if self.shared_rows.contains(&id) {
                if let Some(name) = self.names.get(&id) {
                    return name.clone();
                }
                let name = self.var_name(id);
                let body =
                    super::pvariant::print_variant(types, row, &mut |t| self.print_prec(t, 1));
                return format!("({body} as {name})");
            }
        }
        let body = super::pvariant::print_variant(types, row, &mut |t| self.print_prec(t, 1));
        let (_, tail) = super::pvariant::zonked_row(types, row);
        if self.weak && tail.is_some() {
            format!("_{body}")
        } else {
            body
        }
    }

    /// prec 0: arrow allowed; 1: inside arrow's left (tuple ok); 2: inside tuple; 3: argument.
    fn print_prec(&mut self, t: &Type, prec: u8) -> String {
        match t {
            Type::Var(v) => self.var_name(*v),
            Type::Con(c, args) if self.types.decl(*c).name == "[variant]" => {
                self.print_row_type(&args[0])
            }
            Type::Con(c, args) if self.is_object_con(*c) => {
                let types = self.types;
                let (_, tail) = super::objects::zonked_methods(types, &args[0]);
                let weak = self.weak;
                let shared = tail.filter(|v| self.shared_rows.contains(v));
                if let Some(name) = shared.and_then(|v| self.names.get(&v)) {
                    return name.clone();
                }
                let alias = shared.map(|v| self.var_name(v));
                let body = super::objects::print_object(types, &args[0], weak, &mut |t| {
                    self.print_prec(t, 0)
                });
                match alias {
                    Some(name) => format!("({body} as {name})"),
                    None => body,
                }
            }
            Type::Con(c, args) if self.types.decl(*c).name == "[as]" => {
                let Type::Var(v) = &args[0] else {
                    return String::new();
                };
                if let Some(name) = self.names.get(v) {
                    return name.clone();
                }
                let name = self.var_name(*v);
                let body = self.print_prec(&args[1], 1);
                format!("({body} as {name})")
            }
            // A package type: its constraints' types where its name has `\u{1}`.
            Type::Con(c, args) if self.types.decl(*c).name.starts_with("(module ") => {
                let name = self.types.decl(*c).name.clone();
                let mut out = String::new();
                for (i, piece) in name.split('\u{1}').enumerate() {
                    if i > 0 {
                        out.push_str(&self.print_prec(&args[i - 1], 0));
                    }
                    out.push_str(piece);
                }
                out
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
