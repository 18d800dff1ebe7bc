//! Generalized algebraic data types, as OCaml 4.13 types them: GADT constructors
//! (`C : t1 * .. -> r t`), existential variables, locally abstract types
//! (`fun (type a) -> ..`, in `poly`) and the type equations a pattern adds in its branch.
//!
//! Representation in the typer:
//! - A GADT constructor has a signature of its own ([`GadtSig`]): its variables (quantified,
//!   level `u32::MAX`), argument types and the result type's arguments. Every constructor of a
//!   type with one GADT constructor has one (`A of 'a` is `A : 'a -> 'a t`).
//! - A *rigid* type is a type constructor of no parameters in `Unifier::abstract_types`
//!   (opaque) that is also in `Unifier::rigid`: a locally abstract type while its body is typed,
//!   or an existential (`$C_'a`) made by a pattern. Unification never binds it; only a GADT
//!   pattern adds an *equation* (`a = int`): the abstract type is made transparent with that
//!   manifest ([`Typer::add_equation`]) while the branch is typed, then opaque again
//!   ([`Typer::drop_equations`]). Scopes (`Unifier::scope`) make a rigid type escaping into an
//!   older variable OCaml's error "The type constructor $C_'a would escape its scope".
//!
//! Invariant of the lambda IR (the "any value" erasure): a rigid type that ever had an
//! equation, and every existential, is `Obj.t` in the IR (`Typer::finish` expands it to its
//! manifest, [`Type::any_value`]); a locally abstract type that never had one is the type
//! variable that replaces it (the `TyFun`'s parameter), as before. Inside a branch the typer
//! used `a = int`, so the IR has `int` where the branch's code reads an `a` value; with `a`
//! erased to `Obj.t`, the verifier accepts it because **`Obj.t` is compatible with every
//! type** (`lambda::verify`: it stands for any value; values are uniform words). No cast nodes
//! are needed, `mono` specialises nothing at `Obj.t` (generic comparisons, as for a type
//! variable of a uniform copy) and a function `Λa. (fun (x : Obj.t t) -> ..)` is one finite
//! instance however it recurses (`eval [Obj.t]`). A GADT constructor's arguments in the IR
//! declaration are its argument types with its own variables erased to `Obj.t` (the verifier
//! and `mono` read fields from the declaration).

use std::collections::HashMap;

use super::unify::{AbstractType, UnifyError};
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{DeclKind, TyCon, TyVar, Type, TypeDecl};
use crate::syntax::ast::{self, TypeExprKind};

/// A GADT constructor's type: `∀ vars. args -> (ret) t`.
#[derive(Clone, Debug)]
pub struct GadtSig {
    pub vars: Vec<(String, TyVar)>,
    pub args: Vec<Type>,
    pub ret: Vec<Type>,
}

/// The GADT state of the typer.
#[derive(Default)]
pub struct Gadts {
    /// The signature of each constructor of a GADT, by type and constructor index.
    pub ctors: HashMap<(TyCon, u32), GadtSig>,
    /// The equations in force, innermost last: the rigid type and what it was before.
    equations: Vec<(TyCon, AbstractType)>,
    /// The locally abstract types (and existentials) that have had an equation.
    pub refined: std::collections::HashSet<TyCon>,
    /// How many locally abstract types' bodies are being typed: expected types are then
    /// propagated into functions and matches (OCaml's `type_expect`), which GADT branches need.
    pub newtype_depth: u32,
    /// The program (not the prelude) declared a GADT.
    pub user_gadts: bool,
    /// The `let` being typed is a structure item (set by `structure`, taken by the `let`):
    /// its patterns may not add equations, which would hold in the rest of the structure
    /// (OCaml: "must fail for soundness", testsuite `typing-gadts/pr7214.ml`).
    pub structure_let: bool,
    /// Patterns typed now add no equations (a structure's `let`).
    pub no_equations: bool,
    /// The program's functors whose bodies have locally abstract types and that nothing has
    /// applied yet. A functor's body is type-checked at its applications only
    /// (`typing::modules`), so one never applied is not checked: with GADT equations that may
    /// hide a soundness error OCaml reports (testsuite `typing-modules-bugs/pr6992_bad.ml`),
    /// so such a program is "not supported yet" ([`Typer::unapplied_gadt_functor`]).
    pub unapplied_functors: Vec<(String, Span)>,
    /// The type constructors declared in modules and functor bodies that are closed now, as
    /// ranges of indices (OCaml's types named by a path `M.t`, `F(X).t`, not by an identifier
    /// of the structure being typed): an abstract one may get an equation (`is_instantiable`).
    pub closed_decls: Vec<(u32, u32)>,
    /// Where each functor body being typed began declaring types, and whether the
    /// application is of a path to paths.
    pub functor_decls: Vec<(u32, bool)>,
}

/// The equations a pattern added (to re-establish them for its case's guard and body).
pub type Equations = Vec<(TyCon, Type)>;

/// The type variable names in a type expression, in order of first appearance.
pub(crate) fn type_expr_vars(te: &ast::TypeExpr, out: &mut Vec<String>) {
    match &te.kind {
        TypeExprKind::Var(n) => {
            if !out.contains(n) {
                out.push(n.clone())
            }
        }
        TypeExprKind::Constr(_, ts) | TypeExprKind::Tuple(ts) => {
            ts.iter().for_each(|t| type_expr_vars(t, out))
        }
        TypeExprKind::Arrow(_, a, b) => {
            type_expr_vars(a, out);
            type_expr_vars(b, out)
        }
        TypeExprKind::Any => {}
        TypeExprKind::Alias(t, n) => {
            type_expr_vars(t, out);
            if !out.contains(n) {
                out.push(n.clone())
            }
        }
        TypeExprKind::Package(_, constraints)
        | TypeExprKind::Object {
            methods: constraints,
            ..
        } => constraints.iter().for_each(|(_, t)| type_expr_vars(t, out)),
        TypeExprKind::Variant { fields, .. } => {
            for f in fields {
                match f {
                    ast::RowFieldExpr::Tag { args, .. } => {
                        args.iter().for_each(|t| type_expr_vars(t, out))
                    }
                    ast::RowFieldExpr::Inherit(t) => type_expr_vars(t, out),
                }
            }
        }
        TypeExprKind::Poly(names, body) => {
            let mut inner = Vec::new();
            type_expr_vars(body, &mut inner);
            for n in inner {
                if !names.contains(&n) && !out.contains(&n) {
                    out.push(n)
                }
            }
        }
    }
}

/// `t` with every variable of `vars` replaced by `Obj.t` (a GADT constructor's argument as the
/// IR declaration holds it).
fn erase_vars(t: &Type, vars: &[TyVar]) -> Type {
    match t {
        Type::Var(v) if vars.contains(v) => Type::any_value(),
        Type::Var(_) => t.clone(),
        Type::Con(c, a) => Type::Con(*c, a.iter().map(|t| erase_vars(t, vars)).collect()),
        Type::Tuple(a) => Type::Tuple(a.iter().map(|t| erase_vars(t, vars)).collect()),
        Type::Arrow(a, b) => Type::arrow(erase_vars(a, vars), erase_vars(b, vars)),
        Type::Forall(v, b) => Type::Forall(*v, Box::new(erase_vars(b, vars))),
    }
}

/// `t` with type constructor `c` (of no parameters) replaced by `by`.
pub fn replace_con(t: &Type, c: TyCon, by: &Type) -> Type {
    match t {
        Type::Con(d, a) if *d == c && a.is_empty() => by.clone(),
        Type::Con(d, a) => Type::Con(*d, a.iter().map(|t| replace_con(t, c, by)).collect()),
        Type::Var(_) => t.clone(),
        Type::Tuple(a) => Type::Tuple(a.iter().map(|t| replace_con(t, c, by)).collect()),
        Type::Arrow(a, b) => Type::arrow(replace_con(a, c, by), replace_con(b, c, by)),
        Type::Forall(v, b) => Type::Forall(*v, Box::new(replace_con(b, c, by))),
    }
}

impl<'s> Typer<'s> {
    /// Whether some constructor of the declaration is a GADT constructor.
    pub(super) fn is_gadt_decl(d: &ast::TypeDecl) -> bool {
        matches!(&d.kind, ast::TypeDeclKind::Variant(cs) if cs.iter().any(|c| c.gadt.is_some()))
    }

    /// The constructors of a GADT declaration `d` (type `con` with parameters `params`):
    /// records each one's signature and returns the IR's constructors (arguments erased).
    pub(super) fn gadt_constructors(
        &mut self,
        d: &ast::TypeDecl,
        con: TyCon,
        params: &[TyVar],
        param_scope: &HashMap<String, Type>,
    ) -> TResult<Vec<crate::lambda::ir::Constructor>> {
        let ast::TypeDeclKind::Variant(cs) = &d.kind else {
            return Ok(Vec::new());
        };
        self.gadt.user_gadts |= !self.in_prelude;
        let mut out = Vec::new();
        for (i, c) in cs.iter().enumerate() {
            let sig = match &c.gadt {
                None => {
                    // `A of t`: `A : t -> ('a, ..) t` over the declaration's parameters.
                    let args = c
                        .args
                        .iter()
                        .map(|a| self.type_expr_in(a, param_scope, false))
                        .collect::<TResult<Vec<_>>>()?;
                    GadtSig {
                        vars: d
                            .params
                            .iter()
                            .cloned()
                            .zip(params.iter().copied())
                            .collect(),
                        args,
                        ret: params.iter().map(|p| Type::Var(*p)).collect(),
                    }
                }
                Some((explicit, ret)) => {
                    let mut names = explicit.clone();
                    for a in &c.args {
                        type_expr_vars(a, &mut names);
                    }
                    type_expr_vars(ret, &mut names);
                    let mut scope = HashMap::new();
                    let mut vars = Vec::new();
                    for n in names {
                        let v = self.u.fresh();
                        self.u.levels[v.0 as usize] = u32::MAX;
                        scope.insert(n.clone(), Type::Var(v));
                        vars.push((n, v));
                    }
                    // A GADT constructor quantifies every variable of its type, the row
                    // variables of `[< ..]` / `[> ..]` too (OCaml: they are universal in
                    // the constructor, existential where the result does not name them).
                    let saved = std::mem::replace(&mut self.open_rows_ok, true);
                    let args = c
                        .args
                        .iter()
                        .map(|a| self.type_expr_in(a, &scope, false))
                        .collect::<TResult<Vec<_>>>();
                    let rt = args
                        .as_ref()
                        .ok()
                        .map(|_| self.type_expr_in(ret, &scope, false));
                    self.open_rows_ok = saved;
                    let args = args?;
                    let rt = rt.expect("typed when the arguments are")?;
                    let rt = self.u.zonk(&rt);
                    // An anonymous `_` is a variable of the constructor too (fresh in each
                    // instance: an existential in the arguments), named `_N` (no program
                    // can write that name).
                    let mut anonymous = Vec::new();
                    for t in args.iter().chain(std::iter::once(&rt)) {
                        collect_vars(&self.u.zonk(t), &mut anonymous);
                    }
                    for v in anonymous {
                        if !vars.iter().any(|(_, w)| *w == v) {
                            self.u.levels[v.0 as usize] = u32::MAX;
                            vars.push((format!("_{}", vars.len()), v));
                        }
                    }
                    let ret_args = match &rt {
                        Type::Con(k, a) if *k == con => a.clone(),
                        _ => {
                            let mut p = super::unify::TypePrinter::new(&self.types);
                            let shown = p.print(&rt);
                            let underscores = vec!["'_"; params.len()];
                            let want = match underscores.len() {
                                0 => d.name.clone(),
                                1 => format!("'_ {}", d.name),
                                _ => format!("({}) {}", underscores.join(", "), d.name),
                            };
                            return Err(Diagnostic::error(
                                ret.span,
                                format!(
                                    "Constraints are not satisfied in this type.\n       Type \
                                     {shown} should be an instance of {want}"
                                ),
                            ));
                        }
                    };
                    // A `_` in the constructor's type is a variable of its own (existential
                    // unless the result names it), fresh at each use as the named ones.
                    let args: Vec<Type> = args.iter().map(|a| self.u.zonk(a)).collect();
                    let mut vars = vars;
                    let mut anonymous = Vec::new();
                    for t in args.iter().chain(&ret_args) {
                        free_vars(t, &mut anonymous);
                    }
                    for v in anonymous {
                        if !vars.iter().any(|(_, w)| *w == v) && !params.contains(&v) {
                            self.u.levels[v.0 as usize] = u32::MAX;
                            vars.push(("_".to_string(), v));
                        }
                    }
                    GadtSig {
                        vars,
                        args,
                        ret: ret_args,
                    }
                }
            };
            let own: Vec<TyVar> = sig.vars.iter().map(|(_, v)| *v).collect();
            let ir_args = if c.gadt.is_some() {
                sig.args.iter().map(|a| erase_vars(a, &own)).collect()
            } else {
                sig.args.clone()
            };
            self.env
                .ctors
                .insert(c.name.clone(), super::env::CtorRef::Variant(con, i as u32));
            out.push(crate::lambda::ir::Constructor {
                name: c.name.clone(),
                args: ir_args,
            });
            self.gadt.ctors.insert((con, i as u32), sig);
        }
        Ok(out)
    }

    /// An instance of GADT constructor `i` of `con`: its type and argument types.
    pub(super) fn gadt_instance(&mut self, con: TyCon, i: u32) -> Option<(Type, Vec<Type>)> {
        let sig = self.gadt.ctors.get(&(con, i))?.clone();
        let map: HashMap<TyVar, Type> = sig
            .vars
            .iter()
            .map(|(_, v)| (*v, self.u.fresh_var()))
            .collect();
        let args = sig
            .args
            .iter()
            .map(|a| super::unify::subst_all(a, &map))
            .collect();
        let ret = sig
            .ret
            .iter()
            .map(|a| super::unify::subst_all(a, &map))
            .collect();
        Some((Type::Con(con, ret), args))
    }

    /// A new rigid type constructor named `name` (a locally abstract type or an existential).
    pub(super) fn new_rigid(&mut self, name: &str) -> TyCon {
        let c = TyCon(self.types.decls.len() as u32);
        self.types.decls.push(TypeDecl {
            name: name.to_string(),
            params: Vec::new(),
            kind: DeclKind::Primitive,
        });
        self.u.scope = self.types.decls.len() as u32;
        self.u.abstract_types.insert(
            c,
            AbstractType {
                params: Vec::new(),
                manifest: Type::any_value(),
                opaque: true,
                // Transparent where an equation makes it so (`opaque` false).
                existential: false,
            },
        );
        self.u.rigid.insert(c);
        self.variances.update(&self.types);
        c
    }

    /// The error for a functor never applied whose body has locally abstract types.
    pub(super) fn unapplied_gadt_functor(&self) -> Option<Diagnostic> {
        self.gadt.unapplied_functors.first().map(|(name, span)| {
            Diagnostic::unsupported(
                *span,
                &format!(
                    "type-checking the body of a functor that is never applied ({name}) when it \
                     has locally abstract types is"
                ),
            )
        })
    }

    /// Whether a pattern of `pats` tests a GADT constructor.
    pub(super) fn matches_gadt(&self, pats: &[super::pattern::Pat]) -> bool {
        use super::pattern::Pat;
        fn go(t: &Typer, p: &Pat) -> bool {
            match p {
                Pat::Ctor {
                    ty, index, args, ..
                } => {
                    let gadt = match t.u.zonk(ty) {
                        Type::Con(c, _) => t.gadt.ctors.contains_key(&(c, *index)),
                        _ => false,
                    };
                    gadt || args.iter().any(|a| go(t, a))
                }
                Pat::Alias(q, _) => go(t, q),
                Pat::Or(a, b) => go(t, a) || go(t, b),
                Pat::Exn { args, .. } | Pat::Array { args, .. } => args.iter().any(|a| go(t, a)),
                _ => false,
            }
        }
        !self.gadt.ctors.is_empty() && pats.iter().any(|p| go(self, p))
    }

    /// Whether expected types are propagated into functions, matches and `let` bodies
    /// (OCaml's `type_expect`, which GADT branches need): in a locally abstract type's body,
    /// or once the program has declared a GADT. Elsewhere typing stays as it was (the order
    /// of unifications decides which of two mismatched types a message names).
    pub(super) fn propagates_expected(&self) -> bool {
        self.gadt.newtype_depth > 0 || self.gadt.user_gadts
    }

    /// The name of an existential declared since `decls_before` declarations, if any.
    pub(super) fn new_existential(&self, decls_before: usize) -> Option<String> {
        self.types.decls[decls_before..]
            .iter()
            .map(|d| &d.name)
            .find(|n| n.starts_with('$'))
            .cloned()
    }

    /// The rigid type constructor at the head of `t`, if any, without an equation now.
    fn open_rigid(&self, t: &Type) -> Option<TyCon> {
        match t {
            Type::Con(c, a)
                if a.is_empty()
                    && self.u.rigid.contains(c)
                    && self.u.abstract_types.get(c).is_some_and(|a| a.opaque) =>
            {
                Some(*c)
            }
            _ => None,
        }
    }

    /// Adds the equation `c = t` for the branch being typed.
    fn add_equation(&mut self, c: TyCon, t: Type) {
        let before = self.u.abstract_types[&c].clone();
        self.gadt.equations.push((c, before));
        self.gadt.refined.insert(c);
        let a = self.u.abstract_types.get_mut(&c).unwrap();
        a.manifest = t;
        a.opaque = false;
    }

    /// How many equations are in force (to drop those added after).
    pub(super) fn equations_mark(&self) -> usize {
        self.gadt.equations.len()
    }

    /// Drops the equations added since `mark`, giving them (to be re-added).
    pub(super) fn drop_equations(&mut self, mark: usize) -> Equations {
        let mut dropped = Vec::new();
        while self.gadt.equations.len() > mark {
            let (c, before) = self.gadt.equations.pop().unwrap();
            let now = std::mem::replace(self.u.abstract_types.get_mut(&c).unwrap(), before);
            dropped.push((c, now.manifest));
        }
        dropped.reverse();
        dropped
    }

    /// Re-establishes equations dropped by [`Typer::drop_equations`].
    pub(super) fn readd_equations(&mut self, eqs: &Equations) {
        for (c, t) in eqs {
            self.add_equation(*c, t.clone());
        }
    }

    /// Unifies a GADT constructor's result type `ret` with the type `expected` a pattern
    /// matches (OCaml's `unify_gadt`): where a rigid type without an equation meets another
    /// type, the branch gets the equation instead of an error.
    fn unify_gadt(&mut self, ret: &Type, expected: &Type) -> Result<(), UnifyError> {
        let a = self.u.shallow(ret).into_owned();
        let b = self.u.shallow(expected).into_owned();
        if let (Type::Con(c, _), Type::Con(d, _)) = (&a, &b) {
            if c == d {
                let (Type::Con(_, xs), Type::Con(_, ys)) = (&a, &b) else {
                    unreachable!()
                };
                for (x, y) in xs.iter().zip(ys) {
                    self.unify_gadt(x, y)?;
                }
                return Ok(());
            }
        }
        // Equations first: a rigid type already equal to something is that thing.
        if let Type::Con(c, args) = &a {
            if args.is_empty() && self.has_equation(*c) {
                let m = self.u.abstract_types[c].manifest.clone();
                return self.unify_gadt(&m, &b);
            }
        }
        if let Type::Con(c, args) = &b {
            if args.is_empty() && self.has_equation(*c) {
                let m = self.u.abstract_types[c].manifest.clone();
                return self.unify_gadt(&a, &m);
            }
        }
        if self.gadt.no_equations {
            return self.u.unify(&a, &b, &self.types);
        }
        if let Some(c) = self.open_rigid(&b) {
            if !matches!(a, Type::Var(_)) {
                return self.equate(c, &a);
            }
        }
        if let Some(c) = self.open_rigid(&a) {
            if !matches!(b, Type::Var(_)) {
                return self.equate(c, &b);
            }
        }
        // A private abbreviation is seen through first (OCaml's `expand_head_unif` in a
        // pattern): `N.t = private M.t` against `M.t` adds no equation.
        let (a, b) = (self.private_expanded(a), self.private_expanded(b));
        for (x, y) in [(&b, &a), (&a, &b)] {
            if let Some(c) = self.instantiable(x).filter(|_| !matches!(y, Type::Var(_))) {
                if *x == *y {
                    return Ok(());
                }
                self.make_rigid(c);
                return self.equate(c, y);
            }
        }
        match (&a, &b) {
            (Type::Tuple(xs), Type::Tuple(ys)) if xs.len() == ys.len() => {
                for (x, y) in xs.iter().zip(ys) {
                    self.unify_gadt(x, y)?;
                }
                Ok(())
            }
            (Type::Arrow(a1, r1), Type::Arrow(a2, r2)) => {
                self.unify_gadt(a1, a2)?;
                self.unify_gadt(r1, r2)
            }
            (Type::Con(c, args), _) if self.has_equation(*c) && args.is_empty() => {
                let m = self.u.abstract_types[c].manifest.clone();
                self.unify_gadt(&m, &b)
            }
            (_, Type::Con(c, args)) if self.has_equation(*c) && args.is_empty() => {
                let m = self.u.abstract_types[c].manifest.clone();
                self.unify_gadt(&a, &m)
            }
            _ => self.u.unify(&a, &b, &self.types),
        }
    }

    /// The abstract type at the head of `t` a pattern may add an equation on, as OCaml's
    /// `Ctype.is_instantiable`: no parameters, no manifest, public, and declared in a module
    /// or functor body that is closed (a path `M.t`; a type of the structure being typed is
    /// not). `sys.ml`'s `Immediate64.Make(I)(N).t`, refined by matching its `repr`.
    fn instantiable(&self, t: &Type) -> Option<TyCon> {
        let Type::Con(c, args) = t else { return None };
        let abstract_ = args.is_empty()
            && matches!(self.types.decl(*c).kind, DeclKind::Primitive)
            && !self.u.abstract_types.contains_key(c)
            && !self.private_types.contains(c)
            && !self.u.rigid.contains(c);
        let closed = (self.gadt.closed_decls.iter()).any(|&(lo, hi)| (lo..hi).contains(&c.0));
        (abstract_ && closed).then_some(*c)
    }

    /// `t` with the private abbreviations at its head expanded.
    fn private_expanded(&self, t: Type) -> Type {
        match &t {
            Type::Con(c, args) if self.private_abbrevs.contains(c) => {
                match self.u.abstract_types.get(c) {
                    Some(abs) => {
                        self.private_expanded(self.u.shallow(&abs.expand(args)).into_owned())
                    }
                    None => t,
                }
            }
            _ => t,
        }
    }

    /// Makes the abstract type `c` rigid for good: opaque outside the branches whose
    /// equations refine it, and `Obj.t` in the IR (the erasure of a refined type, above).
    fn make_rigid(&mut self, c: TyCon) {
        let abs = AbstractType {
            params: Vec::new(),
            manifest: Type::any_value(),
            opaque: true,
            existential: false,
        };
        self.u.abstract_types.insert(c, abs);
        self.u.rigid.insert(c);
    }

    /// Records that the types declared since index `from` are in a closed module now.
    pub(super) fn close_decls(&mut self, from: u32) {
        let to = self.types.decls.len() as u32;
        if from < to {
            self.gadt.closed_decls.push((from, to));
        }
    }

    fn has_equation(&self, c: TyCon) -> bool {
        self.u.rigid.contains(&c) && self.u.abstract_types.get(&c).is_some_and(|a| !a.opaque)
    }

    /// `c = t` for the branch, unless `c` occurs in `t`.
    fn equate(&mut self, c: TyCon, t: &Type) -> Result<(), UnifyError> {
        let z = self.expand_deep(t);
        if z == Type::Con(c, vec![]) {
            return Ok(());
        }
        if mentions_con(&z, c) {
            return Err(UnifyError::Mismatch);
        }
        // The locally abstract types the manifest names are used as `c` too: erased with it.
        let mut others = Vec::new();
        rigid_cons(&z, &self.u.rigid, &mut others);
        self.gadt.refined.extend(others);
        self.add_equation(c, t.clone());
        Ok(())
    }

    /// How many rigid types have had equations (see [`Typer::cast_if_refined`]).
    pub(super) fn refined_count(&self) -> usize {
        self.gadt.refined.len()
    }

    /// The body of a function typed since `refined_before` (see [`Typer::refined_count`]):
    /// if some rigid type got an equation meanwhile, the body's IR type may be another name
    /// (modulo the equations) for the function's declared result type, which no `Obj.t`
    /// stands for (`fun Refl -> 3 : (a, int) eq -> a`), so the body becomes `%identity body`,
    /// of the type its context says. Closure conversion removes it (a tail call stays one).
    pub(super) fn cast_if_refined(
        &self,
        body: crate::lambda::ir::Expr,
        refined_before: usize,
    ) -> crate::lambda::ir::Expr {
        if self.gadt.refined.len() == refined_before {
            return body;
        }
        crate::lambda::ir::Expr::Prim(crate::lambda::ir::Prim::Identity, vec![body])
    }

    /// A GADT constructor pattern `C ..` of type `expected`: unifies the constructor's result
    /// type with it, adding the branch's equations, and makes the constructor's variables that
    /// are still unknown existentials (`$C_'a`), which it returns in the order of their first
    /// occurrence in the arguments (the order `C (type a b) ..` names them).
    pub(super) fn gadt_pattern(
        &mut self,
        name: &str,
        con: TyCon,
        index: u32,
        ct: &Type,
        arg_tys: &[Type],
        expected: &Type,
        span: Span,
    ) -> TResult<Vec<TyCon>> {
        if let Err(err) = self.unify_gadt(ct, expected) {
            let mut p = super::unify::TypePrinter::new(&self.types);
            let a = p.print(&self.u.zonk(ct));
            let e = p.print(&self.u.zonk(expected));
            return Err(Diagnostic::error(
                span,
                format!(
                    "This pattern matches values of type {a}\n       but a pattern was expected \
                     which matches values of type {e}{}",
                    super::pvariant::explain(&err)
                ),
            ));
        }
        // The instance's variables still unknown: the constructor's existentials.
        let ctor_name = name.rsplit('.').next().unwrap_or(name).to_string();
        let mut free = Vec::new();
        for a in arg_tys {
            let z = self.u.zonk(a);
            collect_vars(&z, &mut free);
        }
        // A variable the expected type has (unified with the instance's) is not hidden.
        let mut outer = Vec::new();
        collect_vars(&self.u.zonk(expected), &mut outer);
        let mut existentials = Vec::new();
        for v in free {
            if outer.contains(&v) {
                continue;
            }
            if !matches!(&*self.u.shallow(&Type::Var(v)), Type::Var(w) if *w == v) {
                continue;
            }
            let var_name = self.existential_name(con, index, v, arg_tys);
            let ex_name = format!("${ctor_name}_'{var_name}");
            let c = self.new_rigid(&ex_name);
            existentials.push(c);
            // The instance's variable is as young as the existential it stands for.
            self.u.scopes[v.0 as usize] = self.u.scope;
            let _ = self
                .u
                .unify(&Type::Var(v), &Type::Con(c, vec![]), &self.types);
        }
        Ok(existentials)
    }

    /// The declared name of the variable of constructor `index` that instance variable `v`
    /// stands for (`a` in `$Ex_'a`).
    fn existential_name(&self, con: TyCon, index: u32, v: TyVar, arg_tys: &[Type]) -> String {
        let Some(sig) = self.gadt.ctors.get(&(con, index)) else {
            return "a".into();
        };
        // Find where `v` occurs in the instance's arguments, and read the declared variable at
        // the same position of the signature's arguments.
        for (inst, decl) in arg_tys.iter().zip(&sig.args) {
            let z = self.u.zonk(inst);
            if let Some(w) = same_position(&z, decl, v) {
                if let Some((n, _)) = sig.vars.iter().find(|(_, x)| *x == w) {
                    return n.clone();
                }
            }
        }
        "a".into()
    }
}

/// OCaml's message for an existential type a `let` cannot bind in `context`: named after
/// the variable (`$Any_'a`), or the constructor when the variable is anonymous (`_`).
pub(super) fn existential_not_allowed(context: &str, existential: &str) -> String {
    match existential.split_once("_'_") {
        Some((ctor, _)) => format!(
            "Existential types are not allowed in {context},\n       but the constructor {} \
             introduces existential types.",
            ctor.trim_start_matches('$')
        ),
        None => format!(
            "Existential types are not allowed in {context},\n       but this pattern \
             introduces the existential type {existential}."
        ),
    }
}

/// The variable of `decl` at the position where `inst` has `v`.
fn same_position(inst: &Type, decl: &Type, v: TyVar) -> Option<TyVar> {
    match (inst, decl) {
        (Type::Var(x), Type::Var(w)) if *x == v => Some(*w),
        (Type::Con(_, xs), Type::Con(_, ys)) | (Type::Tuple(xs), Type::Tuple(ys)) => {
            xs.iter().zip(ys).find_map(|(x, y)| same_position(x, y, v))
        }
        (Type::Arrow(a, b), Type::Arrow(c, d)) => {
            same_position(a, c, v).or_else(|| same_position(b, d, v))
        }
        _ => None,
    }
}

/// The type variables of `t`, in order of first occurrence.
pub(crate) fn collect_vars(t: &Type, out: &mut Vec<TyVar>) {
    match t {
        Type::Var(v) => {
            if !out.contains(v) {
                out.push(*v)
            }
        }
        Type::Con(_, a) | Type::Tuple(a) => a.iter().for_each(|t| collect_vars(t, out)),
        Type::Arrow(a, b) => {
            collect_vars(a, out);
            collect_vars(b, out)
        }
        Type::Forall(_, b) => collect_vars(b, out),
    }
}

fn rigid_cons(t: &Type, rigid: &rustc_hash::FxHashSet<TyCon>, out: &mut Vec<TyCon>) {
    match t {
        Type::Con(d, a) => {
            if rigid.contains(d) {
                out.push(*d)
            }
            a.iter().for_each(|t| rigid_cons(t, rigid, out))
        }
        Type::Tuple(a) => a.iter().for_each(|t| rigid_cons(t, rigid, out)),
        Type::Arrow(a, b) => {
            rigid_cons(a, rigid, out);
            rigid_cons(b, rigid, out)
        }
        Type::Forall(_, b) => rigid_cons(b, rigid, out),
        Type::Var(_) => {}
    }
}

fn mentions_con(t: &Type, c: TyCon) -> bool {
    match t {
        Type::Con(d, a) => *d == c || a.iter().any(|t| mentions_con(t, c)),
        Type::Tuple(a) => a.iter().any(|t| mentions_con(t, c)),
        Type::Arrow(a, b) => mentions_con(a, c) || mentions_con(b, c),
        Type::Forall(_, b) => mentions_con(b, c),
        Type::Var(_) => false,
    }
}

/// How deep [`Typer::inhabitable`] splits nested tuples: OCaml's explosion fuel (5) less the
/// one a GADT's split takes last.
const REFUTE_TUPLE_DEPTH: u32 = 4;

/// What a probe ([`Typer::refute`]) may change, to undo it.
struct Snapshot {
    bindings: Vec<Option<std::rc::Rc<Type>>>,
    levels: Vec<u32>,
    scopes: Vec<u32>,
    scope: u32,
    abstract_types: rustc_hash::FxHashMap<TyCon, AbstractType>,
    rigid: rustc_hash::FxHashSet<TyCon>,
    decls: usize,
    equations: usize,
}

impl<'s> Typer<'s> {
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            bindings: self.u.bindings.clone(),
            levels: self.u.levels.clone(),
            scopes: self.u.scopes.clone(),
            scope: self.u.scope,
            abstract_types: self.u.abstract_types.clone(),
            rigid: self.u.rigid.clone(),
            decls: self.types.decls.len(),
            equations: self.gadt.equations.len(),
        }
    }

    fn rollback(&mut self, s: Snapshot) {
        self.gadt.equations.truncate(s.equations);
        self.u.bindings = s.bindings;
        self.u.levels = s.levels;
        self.u.scopes = s.scopes;
        self.u.scope = s.scope;
        self.u.abstract_types = s.abstract_types;
        self.u.rigid = s.rigid;
        // Declarations made by the probe (existentials) stay, unused.
        let _ = s.decls;
    }

    /// A refutation case `p -> .` (`p` typed, its equations in force): `p` must match no
    /// value, as OCaml checks it: a constructor of an empty type, a component that matches
    /// nothing, or a wildcard at a GADT type none of whose constructors can have that type.
    pub(super) fn refute(&mut self, p: &super::pattern::Pat, t: &Type, span: Span) -> TResult<()> {
        if self.pat_is_empty(p, t) {
            return Ok(());
        }
        Err(Diagnostic::error(
            span,
            "This match case could not be refuted.\n       Here is an example of a value that \
             would reach it: _",
        ))
    }

    fn pat_is_empty(&mut self, p: &super::pattern::Pat, t: &Type) -> bool {
        use super::pattern::Pat;
        match p {
            Pat::Any | Pat::Var(_) => !self.inhabitable(&[t.clone()], REFUTE_TUPLE_DEPTH),
            Pat::Alias(q, _) => self.pat_is_empty(q, t),
            Pat::Ctor { args, arg_tys, .. } | Pat::Exn { args, arg_tys, .. } => {
                let arg_tys = arg_tys.clone();
                if args
                    .iter()
                    .zip(&arg_tys)
                    .any(|(a, at)| self.pat_is_empty(a, at))
                {
                    return true;
                }
                // The wildcards among the arguments together: `(_, _)` at
                // `(int, t) eq * (t, string) eq` is empty though neither component is.
                let wild: Vec<Type> = args
                    .iter()
                    .zip(arg_tys)
                    .filter(|(a, _)| a.is_irrefutable())
                    .map(|(_, at)| at)
                    .collect();
                wild.len() > 1 && !self.inhabitable(&wild, REFUTE_TUPLE_DEPTH)
            }
            Pat::Variant {
                arg: Some(a),
                arg_ty,
                ..
            } => {
                let arg_ty = arg_ty.clone();
                self.pat_is_empty(a, &arg_ty)
            }
            Pat::Or(a, b) => self.pat_is_empty(a, t) && self.pat_is_empty(b, t),
            _ => false,
        }
    }

    /// Some values of types `ts` exist together, as OCaml's counter-example search
    /// (typecore's `explosion_fuel`) explores them: a tuple is split into its components (up to
    /// `depth` levels), and a GADT into its constructors, one level, each constructor's
    /// equations kept while the rest is tried (so `(int, t) eq * (t, string) eq` has none);
    /// any other type, or a constructor's arguments, are taken as inhabited.
    fn inhabitable(&mut self, ts: &[Type], depth: u32) -> bool {
        let Some((first, rest)) = ts.split_first() else {
            return true;
        };
        let z = self.u.zonk(first);
        let z = self.expand_equations(&z);
        match &z {
            Type::Tuple(xs) if depth > 0 => {
                let all: Vec<Type> = xs.iter().chain(rest).cloned().collect();
                self.inhabitable(&all, depth - 1)
            }
            Type::Con(c, _) => {
                let c = *c;
                let n = match &self.types.decl(c).kind {
                    DeclKind::Variant(ctors) => ctors.len() as u32,
                    _ => return self.inhabitable(rest, depth),
                };
                if n == 0 {
                    return false;
                }
                if !(0..n).all(|i| self.gadt.ctors.contains_key(&(c, i))) {
                    return self.inhabitable(rest, depth);
                }
                for i in 0..n {
                    let snap = self.snapshot();
                    let possible = match self.gadt_instance(c, i) {
                        Some((ct, _)) => self.unify_gadt(&ct, &z).is_ok(),
                        None => true,
                    } && self.inhabitable(rest, depth);
                    self.rollback(snap);
                    if possible {
                        return true;
                    }
                }
                false
            }
            _ => self.inhabitable(rest, depth),
        }
    }

    /// `t` zonked, with every rigid type that has an equation replaced by its manifest
    /// (equations are kept acyclic by [`Typer::equate`], so this ends).
    fn expand_deep(&self, t: &Type) -> Type {
        match self.u.zonk(t) {
            Type::Con(c, a) if a.is_empty() && self.has_equation(c) => {
                self.expand_deep(&self.u.abstract_types[&c].manifest.clone())
            }
            Type::Con(c, a) => Type::Con(c, a.iter().map(|t| self.expand_deep(t)).collect()),
            Type::Tuple(a) => Type::Tuple(a.iter().map(|t| self.expand_deep(t)).collect()),
            Type::Arrow(a, b) => Type::arrow(self.expand_deep(&a), self.expand_deep(&b)),
            t => t,
        }
    }

    /// `t` with the rigid types at its head that have equations replaced by them.
    fn expand_equations(&self, t: &Type) -> Type {
        match t {
            Type::Con(c, a) if a.is_empty() && self.has_equation(*c) => {
                let m = self.u.zonk(&self.u.abstract_types[c].manifest);
                self.expand_equations(&m)
            }
            _ => t.clone(),
        }
    }
}

/// The type variables of `t`, each once, in order.
pub(super) fn free_vars(t: &Type, out: &mut Vec<TyVar>) {
    match t {
        Type::Var(v) => {
            if !out.contains(v) {
                out.push(*v)
            }
        }
        Type::Con(_, a) | Type::Tuple(a) => a.iter().for_each(|t| free_vars(t, out)),
        Type::Arrow(a, b) => {
            free_vars(a, out);
            free_vars(b, out)
        }
        Type::Forall(v, b) => {
            let mut inner = Vec::new();
            free_vars(b, &mut inner);
            for w in inner {
                if w != *v && !out.contains(&w) {
                    out.push(w)
                }
            }
        }
    }
}
