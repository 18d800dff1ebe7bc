//! Which `let rec` right-hand sides are allowed: OCaml 4.13's `Rec_check`
//! (`typing/rec_check.ml`), on egret's syntax tree with the typer's answers where OCaml's
//! rules read types.
//!
//! Each definition is judged in mode `Return`: the judgment gives every free name the *mode*
//! in which the definition uses it — `Ignore` < `Delay` (under a function or `lazy`) <
//! `Guard` (stored in a block being built, or computed and discarded) < `Return` (the
//! value itself) < `Dereference` (inspected). A definition is valid when no name of the group
//! is used above `Guard`, and, when its size is not known before it is evaluated (`Dynamic`,
//! OCaml's `classify_expression`), when it does not use the group's names at all.
//!
//! Invariants of this implementation:
//! - Names are strings: a binder (pattern, parameter, `for` index, `let module`) removes its
//!   names from the environment of its scope, as OCaml's distinct identifiers would. Value
//!   names and module names never collide (lower- and upper-case).
//! - Where egret cannot tell what OCaml's typed tree says, the answer is the stricter one:
//!   an `open`'s names do not hide the group's, a qualified constructor's module is
//!   dereferenced (as an extension constructor's path), a module constraint dereferences
//!   its module (`Tcoerce_structure`), and a form this file does not judge (objects, classes,
//!   recursive modules in a local structure) marks the judgment *opaque*: the definition is
//!   then valid only if it does not mention the group's names at all.
//! - The type-directed cases are the typer's: unboxed constructors and records (`Return`),
//!   flat float records and arrays that may hold floats (`Dereference`), `lazy` of a
//!   constant, a function or a name (the value itself: `Return`), a labelled application
//!   that omits arguments (a closure of its arguments: `Guard`, `Static`).

use std::cell::Cell;
use std::collections::BTreeMap;

use super::Typer;
use crate::diagnostics::Span;
use crate::syntax::ast::{self, ArgLabel, ExprKind, ItemKind, ModExprKind, PatternKind};

/// How a value is used (OCaml's `Rec_check.Mode`), in increasing order of demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Mode {
    Ignore,
    Delay,
    Guard,
    Return,
    Dereference,
}

/// `outer[inner]`: the mode of a name used in mode `inner` in an expression itself used in
/// mode `outer`.
fn compose(outer: Mode, inner: Mode) -> Mode {
    use Mode::*;
    match (outer, inner) {
        (Ignore, _) | (_, Ignore) => Ignore,
        (Dereference, _) => Dereference,
        (Delay, _) => Delay,
        (Guard, Return) => Guard,
        (Guard, m) => m,
        (Return, m) => m,
    }
}

/// The mode of each free name used (absent: `Ignore`).
type Env = BTreeMap<String, Mode>;

fn join(mut a: Env, b: Env) -> Env {
    for (n, m) in b {
        let e = a.entry(n).or_insert(Mode::Ignore);
        *e = (*e).max(m);
    }
    a
}

fn find(env: &Env, n: &str) -> Mode {
    env.get(n).copied().unwrap_or(Mode::Ignore)
}

fn compose_env(m: Mode, env: Env) -> Env {
    env.into_iter().map(|(n, x)| (n, compose(m, x))).collect()
}

fn single(n: &str, m: Mode) -> Env {
    let mut e = Env::new();
    if m != Mode::Ignore {
        e.insert(n.to_string(), m);
    }
    e
}

/// A value or module path: `x` in mode `m`, `M.x` dereferences `M` (OCaml's `path`).
fn path(p: &str, m: Mode) -> Env {
    match p.split_once('.') {
        None => single(p, m),
        Some((root, _)) => single(root, compose(m, Mode::Dereference)),
    }
}

fn remove_names(mut env: Env, names: &[&str]) -> Env {
    for n in names {
        env.remove(*n);
    }
    env
}

fn bound<'a>(p: &'a ast::Pattern) -> Vec<&'a str> {
    let mut out = Vec::new();
    super::letrec::pattern_names(p, &mut out);
    out
}

/// Whether matching `p` inspects the value (OCaml's `is_destructuring_pattern`).
fn destructuring(p: &ast::Pattern) -> bool {
    match &p.kind {
        PatternKind::Any | PatternKind::Var(_) | PatternKind::Exception(_) => false,
        PatternKind::Alias(p, _)
        | PatternKind::Constraint(p, _)
        | PatternKind::Open(_, p)
        | PatternKind::NamedExistentials(_, p) => destructuring(p),
        PatternKind::Or(a, b) => destructuring(a) || destructuring(b),
        PatternKind::Constant(_)
        | PatternKind::CharRange(..)
        | PatternKind::Tuple(_)
        | PatternKind::Construct(..)
        | PatternKind::Record { .. }
        | PatternKind::Array(_)
        | PatternKind::Lazy(_) => true,
    }
}

/// The mode in which a pattern's scrutinee is used, given its scope's environment.
fn pattern_mode(p: &ast::Pattern, env: &Env) -> Mode {
    let own = if destructuring(p) {
        Mode::Dereference
    } else {
        Mode::Guard
    };
    bound(p).iter().fold(own, |m, n| m.max(find(env, n)))
}

/// Whether `e`'s size is known before it is evaluated (OCaml's `Static`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Size {
    Static,
    Dynamic,
}

/// One definition's judgment: the typer (for the type-directed cases) and what it found.
struct Judge<'a, 's> {
    typer: &'a Typer<'s>,
    /// The application that omits arguments, if the definition is one.
    abstracted: Option<Span>,
    /// A form this file does not judge was met (see the module docs).
    opaque: Cell<bool>,
}

impl Judge<'_, '_> {
    fn is_ref(&self, f: &ast::Expr, args: &[(ArgLabel, ast::Expr)]) -> bool {
        args.len() == 1
            && args[0].0 == ArgLabel::Nolabel
            && matches!(&f.kind, ExprKind::Var(n) if n == "ref")
    }

    fn exprs(&self, es: &[ast::Expr], m: Mode) -> Env {
        es.iter()
            .fold(Env::new(), |acc, e| join(acc, self.expr(e, m)))
    }

    /// `G |- e : m` (OCaml's `expression`).
    fn expr(&self, e: &ast::Expr, m: Mode) -> Env {
        use Mode::*;
        let c = |inner| compose(m, inner);
        match &e.kind {
            ExprKind::Var(n) => path(n, m),
            ExprKind::Constant(_) | ExprKind::Unreachable => Env::new(),
            ExprKind::ExtensionConstructor(n) => path(n, c(Dereference)),
            ExprKind::Let(rec, bs, body) => {
                let body_env = self.expr(body, m);
                self.bindings(*rec, bs, m, body_env)
            }
            ExprKind::LetModule(name, me, body) => {
                let mut env = self.expr(body, m);
                let mm = env.remove(name).unwrap_or(Ignore);
                join(env, self.modexp(me, c(mm.max(Guard))))
            }
            ExprKind::Match(scrutinee, cases) => {
                let mut env = Env::new();
                let mut modes = Ignore;
                for case in cases {
                    let (ce, cm) = self.case(case, m);
                    env = join(env, ce);
                    modes = modes.max(cm);
                }
                join(env, self.expr(scrutinee, modes))
            }
            ExprKind::Try(body, cases) => cases.iter().fold(self.expr(body, m), |acc, case| {
                join(acc, self.case(case, m).0)
            }),
            ExprKind::For {
                var,
                from,
                to,
                body,
                ..
            } => {
                let b = remove_names(self.expr(body, c(Guard)), &[var.as_str()]);
                join(
                    join(
                        self.expr(from, c(Dereference)),
                        self.expr(to, c(Dereference)),
                    ),
                    b,
                )
            }
            ExprKind::Apply(f, args) if self.is_ref(f, args) => self.expr(&args[0].1, c(Guard)),
            ExprKind::Apply(f, args) => {
                let mode = if self.abstracted == Some(e.span) {
                    Guard
                } else {
                    Dereference
                };
                args.iter().fold(self.expr(f, c(mode)), |acc, (_, a)| {
                    join(acc, self.expr(a, c(mode)))
                })
            }
            ExprKind::Tuple(es) => self.exprs(es, c(Guard)),
            ExprKind::Array(es) => {
                let mode = if self.typer.array_may_hold_floats(e) {
                    Dereference
                } else {
                    Guard
                };
                self.exprs(es, c(mode))
            }
            ExprKind::Construct(name, arg) => {
                // An extension constructor's path is dereferenced; a qualified constructor
                // may be one.
                let access = match name.split_once('.') {
                    Some((root, _)) if !name.starts_with('`') => single(root, c(Dereference)),
                    _ => Env::new(),
                };
                let mode = if !name.starts_with('`') && self.typer.is_unboxed_constructor(name) {
                    Return
                } else {
                    Guard
                };
                match arg {
                    Some(a) => join(access, self.expr(a, c(mode))),
                    None => access,
                }
            }
            ExprKind::Record { fields, base } => {
                let mode = match fields.first() {
                    Some((label, _, _)) if self.typer.is_unboxed_field(label) => Return,
                    Some((label, _, _)) if self.typer.is_flat_float_field(label) => Dereference,
                    _ => Guard,
                };
                let env = fields.iter().fold(Env::new(), |acc, (_, _, x)| {
                    join(acc, self.expr(x, c(mode)))
                });
                match base {
                    Some(b) => join(env, self.expr(b, c(Dereference))),
                    None => env,
                }
            }
            ExprKind::If { cond, then, els } => {
                let mut env = join(self.expr(cond, c(Dereference)), self.expr(then, m));
                if let Some(x) = els {
                    env = join(env, self.expr(x, m));
                }
                env
            }
            ExprKind::SetField(a, _, b) => {
                join(self.expr(a, c(Dereference)), self.expr(b, c(Dereference)))
            }
            ExprKind::Sequence(a, b) => join(self.expr(a, c(Guard)), self.expr(b, m)),
            ExprKind::While(cond, body) => {
                join(self.expr(cond, c(Dereference)), self.expr(body, c(Guard)))
            }
            ExprKind::Send(x, _) | ExprKind::Field(x, _) | ExprKind::Assert(x) => {
                self.expr(x, c(Dereference))
            }
            ExprKind::Override(fields) => fields.iter().fold(Env::new(), |acc, (_, _, x)| {
                join(acc, self.expr(x, c(Dereference)))
            }),
            ExprKind::SetInstVar(_, _, x) => self.expr(x, c(Dereference)),
            ExprKind::LetException(_, x)
            | ExprKind::Constraint(x, _)
            | ExprKind::Coerce(x, _, _)
            | ExprKind::Newtype(_, x) => self.expr(x, m),
            ExprKind::Pack(me) => self.modexp(me, m),
            ExprKind::Object(_) => {
                self.opaque.set(true);
                Env::new()
            }
            ExprKind::Function(cases) => cases.iter().fold(Env::new(), |acc, case| {
                join(acc, self.case(case, c(Delay)).0)
            }),
            ExprKind::Fun(params, body) => {
                let mut env = self.expr(body, c(Delay));
                let mut names = Vec::new();
                for p in params {
                    if let Some(d) = &p.default {
                        env = join(env, self.expr(d, c(Delay)));
                    }
                    names.extend(bound(&p.pat));
                }
                remove_names(env, &names)
            }
            ExprKind::Lazy(x) => {
                let mode = if super::letrec_view::returns_itself(x) {
                    Return
                } else {
                    Delay
                };
                self.expr(x, c(mode))
            }
            // The opened module's names are not known here: they hide none (stricter).
            ExprKind::Open(p, x) => join(path(p, m), self.expr(x, m)),
        }
    }

    /// `G; m' |- (p -> e) : m`: the case's environment and the mode of its scrutinee.
    fn case(&self, case: &ast::Case, m: Mode) -> (Env, Mode) {
        let mut env = self.expr(&case.body, m);
        if let Some(g) = &case.guard {
            env = join(env, self.expr(g, compose(m, Mode::Dereference)));
        }
        let scrutinee = compose(m, pattern_mode(&case.pat, &env));
        (remove_names(env, &bound(&case.pat)), scrutinee)
    }

    /// `G |- let (rec) (pi = ei) : m -| body_env` (OCaml's `value_bindings`).
    fn bindings(&self, rec: ast::RecFlag, bs: &[ast::Binding], m: Mode, body_env: Env) -> Env {
        let all: Vec<&str> = bs.iter().flat_map(|b| bound(&b.pat)).collect();
        let outer = remove_names(body_env.clone(), &all);
        let inner = if rec == ast::RecFlag::NonRecursive {
            bs.iter().fold(Env::new(), |acc, b| {
                let mb = compose(m, pattern_mode(&b.pat, &body_env));
                join(acc, remove_names(self.expr(&b.expr, mb), &bound(&b.pat)))
            })
        } else {
            let mut envs = Vec::new();
            let mut mdefs = Vec::new();
            for b in bs {
                let rhs = self.expr(&b.expr, compose(m, pattern_mode(&b.pat, &body_env)));
                mdefs.push(
                    bs.iter()
                        .map(|bj| pattern_mode(&bj.pat, &rhs))
                        .collect::<Vec<_>>(),
                );
                envs.push(remove_names(rhs, &all));
            }
            loop {
                let next: Vec<Env> = envs
                    .iter()
                    .zip(&mdefs)
                    .map(|(env_i, mdef_i)| {
                        mdef_i
                            .iter()
                            .zip(&envs)
                            .fold(env_i.clone(), |acc, (mij, env_j)| {
                                join(acc, compose_env(*mij, env_j.clone()))
                            })
                    })
                    .collect();
                if next == envs {
                    break;
                }
                envs = next;
            }
            envs.into_iter().fold(Env::new(), join)
        };
        join(inner, outer)
    }

    /// `G |- ME : m` (OCaml's `modexp`).
    fn modexp(&self, me: &ast::ModExpr, m: Mode) -> Env {
        use Mode::*;
        match &me.kind {
            ModExprKind::Path(p) => path(p, m),
            ModExprKind::Struct(items) => items
                .iter()
                .rev()
                .fold(Env::new(), |env, item| self.item(item, m, env)),
            ModExprKind::Functor(params, body) => {
                let names: Vec<&str> = params.iter().filter_map(|p| p.name.as_deref()).collect();
                remove_names(self.modexp(body, compose(m, Delay)), &names)
            }
            ModExprKind::Apply(f, a) => {
                let env = self.modexp(f, compose(m, Dereference));
                match a {
                    Some(a) => join(env, self.modexp(a, compose(m, Dereference))),
                    None => env,
                }
            }
            // A coercion copies the module's fields (`Tcoerce_structure`): stricter than
            // `Tcoerce_none`, which egret does not tell apart.
            ModExprKind::Constraint(x, _) => self.modexp(x, compose(m, Dereference)),
            ModExprKind::Unpack(e) => self.expr(e, m),
        }
    }

    /// `G |- item : m -| env` (OCaml's `structure_item`).
    fn item(&self, item: &ast::Item, m: Mode, env: Env) -> Env {
        use Mode::*;
        match &item.kind {
            ItemKind::Let(rec, bs) => self.bindings(*rec, bs, m, env),
            ItemKind::Expr(e) => join(self.expr(e, compose(m, Guard)), env),
            ItemKind::Module(name, me) => {
                let mut rest = env;
                let mm = rest.remove(name).unwrap_or(Ignore);
                join(self.modexp(me, compose(m, mm.max(Guard))), rest)
            }
            ItemKind::ModuleAlias(name, p) => {
                let mut rest = env;
                let mm = rest.remove(name).unwrap_or(Ignore);
                join(path(p, compose(m, mm.max(Guard))), rest)
            }
            ItemKind::External(d) => remove_names(env, &[d.name.as_str()]),
            ItemKind::Open(p) => join(path(p, m), env),
            ItemKind::Include(me) | ItemKind::OpenModule(me) => join(self.modexp(me, m), env),
            ItemKind::ExceptionAlias(_, p) => join(path(p, m), env),
            ItemKind::Type(_)
            | ItemKind::TypeNonrec(_)
            | ItemKind::Exception(_)
            | ItemKind::ModuleType(..)
            | ItemKind::TypeExtension(_) => env,
            _ => {
                self.opaque.set(true);
                env
            }
        }
    }

    /// OCaml's `classify_expression`; `sizes`: the local names whose size is known.
    fn size(&self, e: &ast::Expr, sizes: &BTreeMap<&str, Size>) -> Size {
        use Size::*;
        match &e.kind {
            ExprKind::Let(_, bs, body) => {
                let mut inner = sizes.clone();
                for b in bs {
                    let mut p = &b.pat;
                    while let PatternKind::Constraint(q, _) = &p.kind {
                        p = q;
                    }
                    if let PatternKind::Var(n) = &p.kind {
                        inner.insert(n.as_str(), self.size(&b.expr, sizes));
                    } else {
                        for n in bound(p) {
                            inner.remove(n);
                        }
                    }
                }
                self.size(body, &inner)
            }
            ExprKind::Var(n) => sizes.get(n.as_str()).copied().unwrap_or(Dynamic),
            ExprKind::Open(_, x)
            | ExprKind::LetModule(_, _, x)
            | ExprKind::Sequence(_, x)
            | ExprKind::LetException(_, x)
            | ExprKind::Constraint(x, _)
            | ExprKind::Coerce(x, _, _)
            | ExprKind::Newtype(_, x) => self.size(x, sizes),
            ExprKind::Construct(name, Some(a))
                if !name.starts_with('`') && self.typer.is_unboxed_constructor(name) =>
            {
                self.size(a, sizes)
            }
            ExprKind::Record { fields, base: None }
                if fields.len() == 1 && self.typer.is_unboxed_field(&fields[0].0) =>
            {
                self.size(&fields[0].2, sizes)
            }
            ExprKind::Apply(f, args) if self.is_ref(f, args) => Static,
            ExprKind::Apply(..) if self.abstracted == Some(e.span) => Static,
            ExprKind::Apply(..) => Dynamic,
            ExprKind::Construct(..)
            | ExprKind::Record { .. }
            | ExprKind::For { .. }
            | ExprKind::Constant(_)
            | ExprKind::Tuple(_)
            | ExprKind::Array(_)
            | ExprKind::SetField(..)
            | ExprKind::While(..)
            | ExprKind::SetInstVar(..)
            | ExprKind::Pack(_)
            | ExprKind::Object(_)
            | ExprKind::Fun(..)
            | ExprKind::Function(_)
            | ExprKind::Lazy(_)
            | ExprKind::Unreachable
            | ExprKind::ExtensionConstructor(_) => Static,
            ExprKind::Match(..)
            | ExprKind::If { .. }
            | ExprKind::Send(..)
            | ExprKind::Field(..)
            | ExprKind::Assert(_)
            | ExprKind::Try(..)
            | ExprKind::Override(_) => Dynamic,
        }
    }
}

impl<'s> Typer<'s> {
    /// OCaml's `is_valid_recursive_expression`: whether `e`, a definition of the group
    /// `names`, is allowed (`abstracted`: `e` is a labelled application that omits
    /// arguments).
    pub(super) fn valid_recursive_expression(
        &self,
        names: &[&str],
        e: &ast::Expr,
        abstracted: bool,
    ) -> bool {
        let judge = Judge {
            typer: self,
            abstracted: abstracted.then_some(e.span),
            opaque: Cell::new(false),
        };
        let env = judge.expr(e, Mode::Return);
        if judge.opaque.get() && super::letrec::mentions(e, names, true) {
            return false;
        }
        let unguarded = names.iter().any(|n| find(&env, n) > Mode::Guard);
        let dependent = names.iter().any(|n| find(&env, n) > Mode::Ignore);
        !unguarded && (!dependent || judge.size(e, &BTreeMap::new()) == Size::Static)
    }
}
