//! Typing of patterns into [`Pat`], the input of the match compiler.

use std::rc::Rc;

use super::env::{CtorRef, ValueBinding};
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{DeclKind, Type, VarId};
use crate::syntax::ast::{self, PatternKind};

/// A typed pattern. Variables are the `VarId`s the clause's body refers to; both sides of an
/// or-pattern bind the same `VarId`s.
#[derive(Clone, Debug)]
pub enum Pat {
    Any,
    Var(VarId),
    Alias(Box<Pat>, VarId),
    /// An int or char constant (chars as their code).
    Int(i64),
    /// A char range `lo..hi`, inclusive.
    Range(i64, i64),
    Str(Rc<[u8]>),
    /// A float constant (its bits), matched by float equality as OCaml does (`0.` matches
    /// `-0.`; nothing matches `nan`).
    Float(u64),
    /// An `int32`/`int64`/`nativeint` constant, matched by equality.
    BoxedInt(crate::lambda::ir::BoxedIntKind, i64),
    /// Constructor `index` of `ty` with its argument patterns (tuples and records: index 0).
    Ctor {
        ty: Type,
        index: u32,
        args: Vec<Pat>,
        arg_tys: Vec<Type>,
    },
    /// Exception constructor `index`.
    Exn {
        index: u32,
        args: Vec<Pat>,
        arg_tys: Vec<Type>,
    },
    Or(Box<Pat>, Box<Pat>),
    /// `lazy p`: `force` (the prelude's `Lazy.force` at the pattern's type) gives the value
    /// of type `inner_ty` that `p` matches.
    Lazy {
        force: crate::lambda::ir::Expr,
        inner_ty: Type,
        arg: Box<Pat>,
    },
    /// `[| p1; ..; pn |]`: an array of length n, elements of type `elt_ty`.
    Array {
        elt_ty: Type,
        args: Vec<Pat>,
    },
    /// A polymorphic variant tag `` `A `` or `` `A p `` (`p` of type `arg_ty`), at a position
    /// of type `ty` (see `typing::pvariant`).
    Variant {
        tag: String,
        arg: Option<Box<Pat>>,
        arg_ty: Type,
        ty: Type,
    },
}

/// Every value `p` matches, `q` matches too (a sufficient check, not OCaml's full usefulness:
/// `q` a wildcard, or the same constructor, constant or tag with each argument subsuming, or
/// one side of an or-pattern doing so).
pub(super) fn subsumes(q: &Pat, p: &Pat) -> bool {
    let all = |qs: &[Pat], ps: &[Pat]| {
        qs.len() == ps.len() && qs.iter().zip(ps).all(|(q, p)| subsumes(q, p))
    };
    match (q, p) {
        (Pat::Any | Pat::Var(_), _) => true,
        (Pat::Alias(q, _), p) => subsumes(q, p),
        (q, Pat::Alias(p, _)) => subsumes(q, p),
        (q, Pat::Or(a, b)) => subsumes(q, a) && subsumes(q, b),
        (Pat::Or(a, b), p) => subsumes(a, p) || subsumes(b, p),
        (
            Pat::Ctor {
                index: i, args: qs, ..
            },
            Pat::Ctor {
                index: j, args: ps, ..
            },
        )
        | (
            Pat::Exn {
                index: i, args: qs, ..
            },
            Pat::Exn {
                index: j, args: ps, ..
            },
        ) => i == j && all(qs, ps),
        (Pat::Int(a), Pat::Int(b)) => a == b,
        (Pat::Range(lo, hi), Pat::Int(b)) => lo <= b && b <= hi,
        (Pat::Range(lo, hi), Pat::Range(a, b)) => lo <= a && b <= hi,
        (Pat::Str(a), Pat::Str(b)) => a == b,
        (Pat::Float(a), Pat::Float(b)) => a == b,
        (Pat::BoxedInt(k, a), Pat::BoxedInt(l, b)) => k == l && a == b,
        (Pat::Variant { tag: a, arg: x, .. }, Pat::Variant { tag: b, arg: y, .. }) => {
            a == b
                && match (x, y) {
                    (None, None) => true,
                    (Some(x), Some(y)) => subsumes(x, y),
                    _ => false,
                }
        }
        (Pat::Array { args: qs, .. }, Pat::Array { args: ps, .. }) => all(qs, ps),
        _ => false,
    }
}

impl Pat {
    /// Irrefutable: matches every value (after stripping aliases).
    pub fn is_irrefutable(&self) -> bool {
        match self {
            Pat::Any | Pat::Var(_) => true,
            Pat::Alias(p, _) => p.is_irrefutable(),
            _ => false,
        }
    }

    fn rename(&mut self, from: VarId, to: VarId) {
        match self {
            Pat::Var(v) | Pat::Alias(_, v) if *v == from => *v = to,
            _ => {}
        }
        match self {
            Pat::Alias(p, _) => p.rename(from, to),
            Pat::Ctor { args, .. } | Pat::Exn { args, .. } | Pat::Array { args, .. } => {
                args.iter_mut().for_each(|a| a.rename(from, to))
            }
            Pat::Or(a, b) => {
                a.rename(from, to);
                b.rename(from, to)
            }
            Pat::Lazy { arg, .. } => arg.rename(from, to),
            Pat::Variant { arg: Some(arg), .. } => arg.rename(from, to),
            _ => {}
        }
    }
}

/// OCaml's error for constructor `name` of `expected` arguments given `given`, in a pattern
/// or an expression.
pub(super) fn ctor_arity_error(
    name: &str,
    expected: usize,
    given: usize,
    span: Span,
) -> Diagnostic {
    Diagnostic::error(
        span,
        format!(
            "The constructor {name} expects {expected} argument(s),\n       but is applied here \
             to {given} argument(s)"
        ),
    )
}

/// The names a pattern binds, with their variables.
pub type Bindings = Vec<(String, VarId, Span)>;

impl<'s> Typer<'s> {
    /// Types pattern `p` against `t`, collecting its variables in `binds`.
    pub(super) fn pattern(
        &mut self,
        p: &ast::Pattern,
        t: &Type,
        binds: &mut Bindings,
    ) -> TResult<Pat> {
        let span = p.span;
        match &p.kind {
            PatternKind::Any => Ok(Pat::Any),
            PatternKind::Var(name) => {
                if binds.iter().any(|(n, _, _)| n == name) {
                    return Err(Diagnostic::error(
                        span,
                        format!("Variable {name} is bound several times in this matching"),
                    ));
                }
                let v = self.fresh_var(name, t.clone(), span);
                binds.push((name.clone(), v, span));
                Ok(Pat::Var(v))
            }
            PatternKind::Alias(q, name) => {
                let inner = self.pattern(q, t, binds)?;
                if binds.iter().any(|(n, _, _)| n == name) {
                    return Err(Diagnostic::error(
                        span,
                        format!("Variable {name} is bound several times in this matching"),
                    ));
                }
                let at = self.as_type(&inner, t);
                let v = self.fresh_var(name, at, span);
                binds.push((name.clone(), v, span));
                Ok(Pat::Alias(Box::new(inner), v))
            }
            PatternKind::Constant(c) => {
                let (pat, ct) = match c {
                    ast::Constant::Int(n) => (Pat::Int(*n), Type::int()),
                    ast::Constant::Char(c) => (Pat::Int(*c as i64), Type::char()),
                    ast::Constant::String(s) => (Pat::Str(s.as_slice().into()), Type::string()),
                    ast::Constant::Float(text) => (
                        Pat::Float(super::expr::float_literal(text, span)?.to_bits()),
                        Type::float(),
                    ),
                    ast::Constant::BoxedInt(text, suffix) => {
                        let (kind, n) = super::expr::boxed_int_literal(text, *suffix, span)?;
                        (Pat::BoxedInt(kind, n), Type::boxed_int(kind))
                    }
                };
                self.expect_pat(span, &ct, t)?;
                Ok(pat)
            }
            PatternKind::CharRange(lo, hi) => {
                self.expect_pat(span, &Type::char(), t)?;
                Ok(Pat::Range((*lo).min(*hi) as i64, (*lo).max(*hi) as i64))
            }
            PatternKind::Tuple(ps) => {
                let tys: Vec<Type> = ps.iter().map(|_| self.u.fresh_var()).collect();
                let tt = Type::Tuple(tys.clone());
                self.expect_pat(span, &tt, t)?;
                let mut args = Vec::new();
                for (q, qt) in ps.iter().zip(&tys) {
                    args.push(self.pattern(q, qt, binds)?);
                }
                Ok(Pat::Ctor {
                    ty: tt,
                    index: 0,
                    args,
                    arg_tys: tys,
                })
            }
            PatternKind::Construct(name, arg) if name.starts_with('`') => {
                self.variant_pattern(&name[1..], arg.as_deref(), t, binds, span)
            }
            PatternKind::Construct(name, None) if name.starts_with('#') => {
                self.type_pattern(&name[1..], t, span)
            }
            PatternKind::Construct(name, arg) => {
                let (c, ct, arg_tys) = self.ctor_instance(name, span, Some(t))?;
                let existentials = match c {
                    CtorRef::Variant(con, i) if self.gadt.ctors.contains_key(&(con, i)) => {
                        self.gadt_pattern(name, con, i, &ct, &arg_tys, t, span)?
                    }
                    _ => {
                        self.expect_pat(span, &ct, t)?;
                        Vec::new()
                    }
                };
                use super::inline_records::InlineCtor;
                let inline = match c {
                    CtorRef::Variant(con, i) => self
                        .inline_record_of(con, i)
                        .map(|rc| (rc, InlineCtor::Variant(i))),
                    CtorRef::Exception(i) => self
                        .exception_record_of(i)
                        .map(|rc| (rc, InlineCtor::Exception(i))),
                };
                if let (Some((rc, ctor)), Some(a)) = (inline, arg.as_deref()) {
                    return self.inline_pattern(a, rc, ctor, &ct, arg_tys, binds);
                }
                let mut saved = Vec::new();
                let arg =
                    self.constructor_argument(arg.as_deref(), &existentials, &arg_tys, &mut saved);
                let r = arg
                    .and_then(|arg| self.constructor_args(name, c, ct, arg, arg_tys, binds, span));
                self.restore_type_names(saved);
                r
            }
            PatternKind::Record { fields, open_: _ } => {
                let labels: Vec<&str> = fields.iter().map(|(n, _, _)| n.as_str()).collect();
                let labels = super::field_scope::qualified_labels(&labels);
                let names: Vec<&str> = labels.iter().map(String::as_str).collect();
                let (first, fspan) = (names[0], fields[0].1);
                let known = self.known_record_type(first, t);
                let con = self.record_type_of(&names, t);
                let (con, _, rt, _, _) = self.field_instance(first, fspan, con)?;
                self.expect_pat(span, &rt, t)?;
                let DeclKind::Record(decl_fields) = &self.types.decl(con).kind else {
                    unreachable!()
                };
                let n = decl_fields.len();
                let mut args = vec![Pat::Any; n];
                let mut arg_tys = vec![Type::unit(); n];
                let mut seen = vec![false; n];
                for ((name, fspan, q), label) in fields.iter().zip(&names) {
                    // With no known type, each label is looked up in scope.
                    if known.is_none() {
                        self.check_field_in_scope(label, *fspan)?;
                    }
                    let (c, i, frt, ft, _) = match self.field_instance(label, *fspan, Some(con)) {
                        Ok(r) => r,
                        Err(e) if self.is_inline_record(con) => return Err(e),
                        Err(_) => self.field_instance(label, *fspan, None)?,
                    };
                    if c != con {
                        return Err(Diagnostic::error(
                            *fspan,
                            format!("The record field {name} belongs to another type"),
                        ));
                    }
                    // OCaml's `Typecore.check_duplicates`.
                    if seen[i as usize] {
                        return Err(Diagnostic::error(
                            span,
                            format!("The record field label {name} is defined several times"),
                        ));
                    }
                    self.expect_pat(*fspan, &frt, &rt)?;
                    arg_tys[i as usize] = ft.clone();
                    args[i as usize] = self.pattern(q, &ft, binds)?;
                    seen[i as usize] = true;
                }
                // Types of fields not mentioned, for the match compiler's field variables.
                for i in 0..n {
                    // An exception's identity (`inline_records`): left out of the pattern.
                    if !seen[i] && !self.is_identity_field(con, i) {
                        let name = match &self.types.decl(con).kind {
                            DeclKind::Record(fs) => fs[i].name.clone(),
                            _ => unreachable!(),
                        };
                        let (_, _, frt, ft, _) = self.field_instance(&name, span, Some(con))?;
                        self.expect_pat(span, &frt, &rt)?;
                        arg_tys[i] = ft;
                    }
                }
                Ok(Pat::Ctor {
                    ty: rt,
                    index: 0,
                    args,
                    arg_tys,
                })
            }
            PatternKind::Or(a, b) => {
                let before = binds.len();
                // GADT equations of either side do not hold after the or-pattern (OCaml).
                let eq_mark = self.equations_mark();
                let pa = self.pattern(a, t, binds)?;
                self.drop_equations(eq_mark);
                let mut right = Bindings::new();
                let mut pb = self.pattern(b, t, &mut right)?;
                self.drop_equations(eq_mark);
                // Both sides bind the same variables, at the same types.
                for (name, v, vspan) in &right {
                    match binds[before..].iter().find(|(n, _, _)| n == name).cloned() {
                        Some((_, lv, _)) => {
                            let (lt, rt) = (self.vars.ty(lv).clone(), self.vars.ty(*v).clone());
                            if self.u.unify(&lt, &rt, &self.types).is_err() {
                                return Err(self.or_pattern_type_clash(name, &lt, &rt, span));
                            }
                            pb.rename(*v, lv)
                        }
                        None => {
                            return Err(Diagnostic::error(
                                *vspan,
                                format!(
                                    "Variable {name} must occur on both sides of this | pattern"
                                ),
                            ));
                        }
                    }
                }
                if let Some((name, _, vspan)) = binds[before..]
                    .iter()
                    .find(|(n, _, _)| !right.iter().any(|(m, _, _)| m == n))
                {
                    return Err(Diagnostic::error(
                        *vspan,
                        format!("Variable {name} must occur on both sides of this | pattern"),
                    ));
                }
                Ok(Pat::Or(Box::new(pa), Box::new(pb)))
            }
            PatternKind::Open(path, q) => {
                let mark = self.env.mark();
                let undo = self.open_module(path, span)?;
                let r = self.pattern(q, t, binds);
                self.env.restore(mark);
                self.close_open(undo);
                r
            }
            PatternKind::Lazy(q) => {
                let force_name = super::lazy::LAZY_FORCE;
                if !self.prelude_functions.contains_key(force_name) {
                    return Err(Diagnostic::unsupported(
                        span,
                        "lazy patterns in the prelude are",
                    ));
                }
                let (force, ft) = self.prelude_function_instance(force_name, span)?;
                let Type::Arrow(param, inner_ty) = ft else {
                    unreachable!("CamlinternalLazy.force is a function")
                };
                self.expect_pat(span, &param, t)?;
                let arg = self.pattern(q, &inner_ty, binds)?;
                Ok(Pat::Lazy {
                    force,
                    inner_ty: *inner_ty,
                    arg: Box::new(arg),
                })
            }
            PatternKind::Array(ps) => {
                let elt_ty = self.u.fresh_var();
                let at = Type::Con(crate::lambda::ir::TyCon::ARRAY, vec![elt_ty.clone()]);
                self.expect_pat(span, &at, t)?;
                let mut args = Vec::new();
                for q in ps {
                    args.push(self.pattern(q, &elt_ty, binds)?);
                }
                Ok(Pat::Array { elt_ty, args })
            }
            // Only a constructor's argument (`constructor_argument`), as the parser makes it.
            PatternKind::NamedExistentials(..) => Err(Diagnostic::error(span, "Syntax error")),
            PatternKind::Exception(_) => Err(Diagnostic::error(
                span,
                "Exception patterns are not allowed in this position.",
            )),
            PatternKind::Constraint(q, te) => {
                let ct = self.type_expr(te)?;
                self.expect_pat(span, &ct, t)?;
                self.pattern(q, t, binds)
            }
        }
    }

    /// Constructor `name`'s pattern `C arg` (`c` of type `ct`, arguments `arg_tys`).
    #[allow(clippy::too_many_arguments)]
    fn constructor_args(
        &mut self,
        name: &str,
        c: CtorRef,
        ct: Type,
        arg: Option<&ast::Pattern>,
        arg_tys: Vec<Type>,
        binds: &mut Bindings,
        span: Span,
    ) -> TResult<Pat> {
        let given: Vec<&ast::Pattern> = match (arg, arg_tys.len()) {
            (None, _) => vec![],
            (Some(a), 1) => vec![a],
            (Some(a), n) => match &a.kind {
                PatternKind::Tuple(ps) if ps.len() == n => ps.iter().collect(),
                PatternKind::Any => return Ok(self.ctor_pat(c, ct, vec![Pat::Any; n], arg_tys)),
                _ => vec![a],
            },
        };
        if given.len() != arg_tys.len() {
            return Err(ctor_arity_error(name, arg_tys.len(), given.len(), span));
        }
        let mut args = Vec::new();
        for (q, qt) in given.iter().zip(&arg_tys) {
            args.push(self.pattern(q, qt, binds)?);
        }
        Ok(self.ctor_pat(c, ct, args, arg_tys))
    }

    /// The type of `x` in `p as x` where `p : t` (OCaml's `Typecore.build_as_type`): the type
    /// `p` itself forces, so a constructor's arguments that `p` leaves unconstrained are free
    /// again (`Error _ as e : ('b, 'e) result` for any `'b`). Records keep their type.
    fn as_type(&mut self, p: &Pat, t: &Type) -> Type {
        match p {
            Pat::Alias(q, _) => self.as_type(q, t),
            Pat::Ctor {
                ty,
                args,
                arg_tys,
                index,
            } => match self.u.zonk(ty) {
                Type::Tuple(_) => Type::Tuple(
                    args.iter()
                        .zip(arg_tys)
                        .map(|(a, at)| self.as_type(a, at))
                        .collect(),
                ),
                // A GADT constructor: a fresh instance of its type (OCaml's `build_as_type`),
                // more general than the scrutinee's under the branch's equations.
                Type::Con(con, _) if self.gadt.ctors.contains_key(&(con, *index)) => {
                    let (ct, inst_args) = self.gadt_instance(con, *index).unwrap();
                    for ((a, at), ia) in args.iter().zip(arg_tys).zip(&inst_args) {
                        let built = self.as_type(a, at);
                        let _ = self.u.unify(&built, ia, &self.types);
                    }
                    ct
                }
                Type::Con(con, _) => {
                    let decl = self.types.decl(con).clone();
                    let DeclKind::Variant(ctors) = &decl.kind else {
                        return t.clone();
                    };
                    let fresh: Vec<Type> = decl.params.iter().map(|_| self.u.fresh_var()).collect();
                    for ((a, at), ct) in args.iter().zip(arg_tys).zip(&ctors[*index as usize].args)
                    {
                        let inst = decl
                            .params
                            .iter()
                            .zip(&fresh)
                            .fold(ct.clone(), |t, (v, f)| t.subst(*v, f));
                        let built = self.as_type(a, at);
                        // `built` is at least as general as `at`, an instance of `inst`.
                        let _ = self.u.unify(&built, &inst, &self.types);
                    }
                    Type::Con(con, fresh)
                }
                _ => t.clone(),
            },
            Pat::Variant {
                tag, arg, arg_ty, ..
            } => {
                let at = arg.as_ref().map(|a| self.as_type(a, arg_ty));
                self.variant_as_type(tag, at)
            }
            Pat::Or(a, b) => {
                let ta = self.as_type(a, t);
                let tb = self.as_type(b, t);
                let _ = self.u.unify(&tb, &ta, &self.types);
                ta
            }
            _ => t.clone(),
        }
    }

    fn ctor_pat(&self, c: CtorRef, ty: Type, args: Vec<Pat>, arg_tys: Vec<Type>) -> Pat {
        match c {
            CtorRef::Variant(_, index) => Pat::Ctor {
                ty,
                index,
                args,
                arg_tys,
            },
            CtorRef::Exception(index) => Pat::Exn {
                index,
                args,
                arg_tys,
            },
        }
    }

    pub(super) fn expect_pat(&mut self, span: Span, actual: &Type, expected: &Type) -> TResult<()> {
        let err = match self.u.unify(actual, expected, &self.types) {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        if let Some(d) = super::pvariant::hash_clash(span, &err) {
            return Err(d);
        }
        let mut p = super::unify::TypePrinter::new(&self.types);
        let a = p.print(&self.u.zonk(actual));
        let e = p.print(&self.u.zonk(expected));
        Err(Diagnostic::error(
            span,
            format!("This pattern matches values of type {a}\n       but a pattern was expected which matches values of type {e}{}", super::pvariant::explain(&err)),
        ))
    }

    /// Types a destructuring pattern (`let (a, b) = ...`, `fun (x, y) -> ...`) and binds its
    /// names in the current scope.
    /// The pattern and the variables it binds (now in scope).
    pub(super) fn pattern_binding(
        &mut self,
        p: &ast::Pattern,
        t: &Type,
    ) -> TResult<(Pat, Vec<VarId>)> {
        let mut binds = Bindings::new();
        let pat = self.pattern(p, t, &mut binds)?;
        self.matched_tags_allowed(&pat, p.span)?;
        self.close_variants(&[&pat]);
        let mut vars = Vec::new();
        for (name, v, _) in binds {
            self.env.bind(&name, ValueBinding::Var(v));
            vars.push(v);
        }
        Ok((pat, vars))
    }
}
