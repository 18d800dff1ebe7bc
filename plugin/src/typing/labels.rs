//! Labelled and optional arguments: their types, and applications as OCaml 4.13 types and
//! compiles them (`Typecore.type_application`, `Translcore.transl_apply`).
//!
//! Representation in the typer's types: the parameter of a labelled arrow is wrapped in a
//! *label constructor*, one per label, declared on first use and named `~x` or `?x`:
//! `x:t -> r` is `Arrow(Con(~x, [t, k]), r)` and `?x:t -> r` is `Arrow(Con(?x, [t option, k]),
//! r)` (an optional parameter receives an option). Unification then compares labels as OCaml
//! does (`x:int -> int` and `int -> int` differ). `k` is OCaml's `commutable` flag: `unit` when
//! the arrow comes from a definition or a type expression (`Cok`: applications may give the
//! arguments in any order), a *commu variable* when it was inferred from applying a function
//! of unknown type (`Cunknown`: arguments must come in the order of that application until
//! unification with a known arrow binds `k`). Commu variables are never generalised nor
//! reported as weak ([`super::unify::Unifier::commu_vars`]).
//!
//! Invariant: label constructors never reach the lambda IR. [`super::Typer::finish`] strips
//! them (`Con(~x, [t, k])` becomes `t`), so after typing a labelled function is an ordinary
//! curried function whose parameters are in definition order; applications are reordered
//! here, and an omitted labelled parameter becomes a function (`transl_apply`'s
//! `build_apply`).

use std::collections::HashMap;

use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{DeclKind, Expr, TyCon, Type, TypeDecl};
use crate::syntax::ast::{self, ArgLabel};

/// The label a declaration of the type table stands for, if it is a label constructor.
pub fn label_of_decl(name: &str) -> Option<ArgLabel> {
    if let Some(l) = name.strip_prefix('~') {
        Some(ArgLabel::Labelled(l.to_string()))
    } else {
        name.strip_prefix('?')
            .map(|l| ArgLabel::Optional(l.to_string()))
    }
}

/// `~x` / `?x`, as OCaml's messages print a label (`Printtyp.prefixed_label_name`).
fn prefixed(label: &ArgLabel) -> String {
    match label {
        ArgLabel::Nolabel => String::new(),
        ArgLabel::Labelled(l) => format!("~{l}"),
        ArgLabel::Optional(l) => format!("?{l}"),
    }
}

/// Whether an argument's type comes from the expression itself rather than from what its
/// context expects (OCaml's `is_inferred`, for `type_argument`).
fn is_inferred(e: &ast::Expr) -> bool {
    use ast::ExprKind as K;
    match &e.kind {
        K::Var(_) | K::Apply(..) | K::Field(..) | K::Constraint(..) => true,
        K::Sequence(_, e) | K::Open(_, e) => is_inferred(e),
        K::If {
            then,
            els: Some(els),
            ..
        } => is_inferred(then) && is_inferred(els),
        _ => false,
    }
}

/// `t` with its label constructors removed (`Con(~x, [t, k])` is `t`): the declarations'
/// types as the lambda IR sees them.
pub(super) fn strip_label_cons(t: &Type, labels: &rustc_hash::FxHashSet<TyCon>) -> Type {
    let strip = |t: &Type| strip_label_cons(t, labels);
    match t {
        Type::Con(c, args) if labels.contains(c) => strip(&args[0]),
        Type::Con(c, args) => Type::Con(*c, args.iter().map(strip).collect()),
        Type::Tuple(ts) => Type::Tuple(ts.iter().map(strip).collect()),
        Type::Arrow(a, b) => Type::arrow(strip(a), strip(b)),
        Type::Forall(v, b) => Type::Forall(*v, Box::new(strip(b))),
        Type::Var(v) => Type::Var(*v),
    }
}

/// The labels interned so far.
#[derive(Default)]
pub(crate) struct LabelCons {
    cons: HashMap<ArgLabel, TyCon>,
}

/// One parameter of the function being applied, in definition order, and what the
/// application gives it.
enum Slot {
    /// The argument `sargs[i]`, typed against `expected`; `wrap` when a `~x:e` argument goes
    /// to an optional parameter (it is passed as `Some e`).
    Arg {
        i: usize,
        expected: Type,
        wrap: bool,
    },
    /// An optional parameter erased by a later positional argument: it receives `None`.
    Erased,
    /// A parameter the application does not give: the result abstracts over it.
    Omitted,
}

impl<'s> Typer<'s> {
    /// The label constructor of `label` (not `Nolabel`), declared on first use.
    pub(super) fn label_con(&mut self, label: &ArgLabel) -> TyCon {
        if let Some(&c) = self.label_cons.cons.get(label) {
            return c;
        }
        let c = TyCon(self.types.decls.len() as u32);
        let name = match label {
            ArgLabel::Optional(l) => format!("?{l}"),
            _ => format!("~{}", label.name()),
        };
        self.types.decls.push(TypeDecl {
            name,
            params: crate::lambda::builtins::PARAMS.to_vec(),
            kind: DeclKind::Primitive,
        });
        self.u.label_cons.insert(c);
        self.label_cons.cons.insert(label.clone(), c);
        c
    }

    /// A function's parameter labelled `label` where a function of type `expected` is
    /// expected: OCaml's `Abstract_wrong_label` when `expected` is an arrow of another label
    /// (`type_function`'s `filter_arrow`); else the type expected of the rest of the function
    /// (`None`: unknown). Only checks: what the function's type is, is decided elsewhere.
    pub(super) fn fun_parameter_label(
        &mut self,
        label: &ArgLabel,
        expected: Option<&Type>,
        span: Span,
    ) -> TResult<Option<Type>> {
        let Some(e) = expected else { return Ok(None) };
        let arrow = self.u.expand_head(e);
        let Type::Arrow(a, r) = &arrow else {
            return Ok(None);
        };
        let got = match self.u.shallow(a).into_owned() {
            Type::Con(c, _) if self.u.label_cons.contains(&c) => {
                label_of_decl(&self.types.decl(c).name).unwrap_or(ArgLabel::Nolabel)
            }
            _ => ArgLabel::Nolabel,
        };
        if &got == label {
            return Ok(Some((**r).clone()));
        }
        let ty = super::unify::TypePrinter::new(&self.types).print(&self.u.zonk(&arrow));
        let mark = match label {
            ArgLabel::Nolabel => "but its first argument is not labelled".to_string(),
            l => format!("but its first argument is labelled {}", prefixed(l)),
        };
        Err(Diagnostic::error(
            span,
            format!("This function should have type {ty}\n{mark}"),
        ))
    }

    /// `label:param -> result`; `known`: the arrow's argument order is known (OCaml's `Cok`).
    /// An optional parameter's `param` is the option type it receives.
    pub(super) fn labelled_arrow(
        &mut self,
        label: &ArgLabel,
        param: Type,
        result: Type,
        known: bool,
    ) -> Type {
        if *label == ArgLabel::Nolabel {
            return Type::arrow(param, result);
        }
        let c = self.label_con(label);
        let commu = if known {
            Type::unit()
        } else {
            let v = self.u.fresh();
            self.u.commu_vars.insert(v);
            Type::Var(v)
        };
        Type::arrow(Type::Con(c, vec![param, commu]), result)
    }

    /// An arrow's parameter type taken apart: its label, the type the function receives, and
    /// whether the order is known.
    pub(super) fn arrow_param(&self, param: &Type) -> (ArgLabel, Type, bool) {
        let p = self.u.shallow(param);
        if let Type::Con(c, args) = &*p {
            if let Some(label) = label_of_decl(&self.types.decl(*c).name) {
                let known = !matches!(&*self.u.shallow(&args[1]), Type::Var(_));
                return (label, args[0].clone(), known);
            }
        }
        (ArgLabel::Nolabel, p.into_owned(), true)
    }

    /// The labels of the arrows `t` is known to be, and whether it ends in a variable
    /// (OCaml's `list_labels`).
    fn list_labels(&self, t: &Type) -> (Vec<ArgLabel>, bool) {
        let mut labels = Vec::new();
        let ends_in_var = self.list_labels_into(t, &mut labels);
        (labels, ends_in_var)
    }

    fn list_labels_into(&self, t: &Type, out: &mut Vec<ArgLabel>) -> bool {
        match &*self.u.shallow(t) {
            Type::Arrow(p, r) => {
                out.push(self.param_label(p));
                self.list_labels_into(r, out)
            }
            Type::Var(_) => true,
            _ => false,
        }
    }

    /// The label of an arrow's parameter type.
    fn param_label(&self, param: &Type) -> ArgLabel {
        match &*self.u.shallow(param) {
            Type::Con(c, _) => {
                label_of_decl(&self.types.decl(*c).name).unwrap_or(ArgLabel::Nolabel)
            }
            _ => ArgLabel::Nolabel,
        }
    }

    /// Whether `t`'s known arrows have a parameter labelled `label`.
    fn has_label(&self, label: &ArgLabel, t: &Type) -> bool {
        self.list_labels(t).0.contains(label)
    }

    /// `t` with the label constructors removed: the type of the function at run time.
    pub(super) fn strip_labels(&self, t: &Type) -> Type {
        match &*self.u.shallow(t) {
            // A polymorphic variant is one word at run time (`Obj.t`), whatever its tags.
            Type::Con(c, _) if *c == self.u.pv.variant || self.u.pv.obj.is_object(*c) => {
                self.u.shallow(t).into_owned()
            }
            Type::Con(c, args) if label_of_decl(&self.types.decl(*c).name).is_some() => {
                self.strip_labels(&args[0])
            }
            Type::Con(c, args) => {
                Type::Con(*c, args.iter().map(|a| self.strip_labels(a)).collect())
            }
            Type::Tuple(ts) => Type::Tuple(ts.iter().map(|a| self.strip_labels(a)).collect()),
            Type::Arrow(a, b) => Type::arrow(self.strip_labels(a), self.strip_labels(b)),
            Type::Forall(v, b) => Type::Forall(*v, Box::new(self.strip_labels(b))),
            Type::Var(v) => Type::Var(*v),
        }
    }

    /// `head sargs`, where `head : t` is at `fspan`: OCaml's `type_application` (matching the
    /// arguments to the parameters by label, erasing optional parameters, abstracting over
    /// omitted ones) and `transl_apply` (the application in definition order).
    pub(super) fn apply_labelled(
        &mut self,
        head: Expr,
        t: Type,
        sargs: &[(ArgLabel, ast::Expr)],
        fspan: Span,
    ) -> TResult<(Expr, Type)> {
        if sargs.is_empty() {
            return Ok((head, t));
        }
        let t0 = t.clone();
        let ignore_labels = {
            let (labels, ends_in_var) = self.list_labels(&t);
            !ends_in_var
                && labels.iter().filter(|l| !l.is_optional()).count() == sargs.len()
                && sargs.iter().all(|(l, _)| *l == ArgLabel::Nolabel)
                && labels.iter().any(|l| *l != ArgLabel::Nolabel)
        };
        let mut remaining: Vec<usize> = (0..sargs.len()).collect();
        // Each parameter the application reaches: its label, what it gets, and the type
        // the function receives there.
        let mut slots: Vec<(ArgLabel, Slot, Type)> = Vec::new();
        let mut t = t;
        // The parameters of the known arrows, in order. (`t` is moved, not copied, from one
        // parameter to the next: a copy per argument is quadratic in a long application.)
        while !remaining.is_empty() {
            if let Type::Var(_) | Type::Con(..) = t {
                t = self.u.expand_head(&t);
            }
            let Type::Arrow(p, r) = t else { break };
            let (label, param, known) = self.arrow_param(&p);
            if !known {
                t = Type::Arrow(p, r);
                break;
            }
            let optional = label.is_optional();
            let positional_left = remaining.iter().any(|&i| sargs[i].0 == ArgLabel::Nolabel);
            let slot = if ignore_labels {
                // All arguments unlabelled and the application total: in order.
                let i = remaining[0];
                let given = &sargs[i].0;
                if given.name() == label.name() || (!optional && *given == ArgLabel::Nolabel) {
                    remaining.remove(0);
                    self.use_arg(i, given, &label, &param)
                } else if optional
                    && !remaining[1..]
                        .iter()
                        .any(|&j| sargs[j].0.name() == label.name())
                    && positional_left
                {
                    Slot::Erased
                } else {
                    return Err(self.wrong_label(&sargs[i], &Type::Arrow(p, r)));
                }
            } else {
                match remaining
                    .iter()
                    .position(|&i| sargs[i].0.name() == label.name())
                {
                    Some(k) => {
                        // `?x:e` to a `~x` parameter passes `e` as it is (OCaml warns).
                        let i = remaining.remove(k);
                        self.use_arg(i, &sargs[i].0, &label, &param)
                    }
                    None if optional && positional_left => Slot::Erased,
                    None => Slot::Omitted,
                }
            };
            slots.push((label, slot, param));
            t = *r;
        }
        let omitted: Vec<(ArgLabel, Type)> = slots
            .iter()
            .filter(|(_, s, _)| matches!(s, Slot::Omitted))
            .map(|(l, _, p)| (l.clone(), p.clone()))
            .collect();
        // The remaining arguments, in order, against arrows of unknown order or a variable.
        for i in remaining {
            let (label, sarg) = &sargs[i];
            let ty = self.u.expand_head(&t);
            let (param, result) = match &ty {
                Type::Var(_) => {
                    let param = self.u.fresh_var();
                    let result = self.u.fresh_var();
                    let arrow = self.labelled_arrow(label, param.clone(), result.clone(), false);
                    self.u
                        .unify(&ty, &arrow, &self.types)
                        .map_err(|_| Diagnostic::error(sarg.span, "cannot apply"))?;
                    (param, result)
                }
                Type::Arrow(p, r) if self.arrow_param(p).0 == *label => {
                    (self.arrow_param(p).1, (**r).clone())
                }
                _ => {
                    // Not a function of this label: OCaml's `type_unknown_arg` errors.
                    let rest = self.result_type(&omitted, &ty);
                    if !matches!(rest, Type::Arrow(..)) {
                        return Err(self.non_function(&t0, fspan));
                    }
                    if !self.has_label(label, &ty) {
                        return Err(self.wrong_label(&sargs[i], &rest));
                    }
                    return Err(Diagnostic::error(
                        fspan,
                        "This function is applied to arguments\n       in an order different from other calls.\n       This is only allowed when the real type is known.",
                    ));
                }
            };
            if label.is_optional() {
                let inner = self.u.fresh_var();
                let option = Type::Con(TyCon::OPTION, vec![inner]);
                self.expect(sarg.span, &param, &option)?;
            }
            slots.push((
                label.clone(),
                Slot::Arg {
                    i,
                    expected: param.clone(),
                    wrap: false,
                },
                param,
            ));
            t = result;
        }
        // The arguments typed in the order of the parameters they go to.
        let mut values: Vec<(bool, Option<Expr>, Type)> = Vec::new();
        for (label, slot, param) in slots {
            let value = match slot {
                Slot::Arg { i, expected, wrap } => {
                    let x = self.argument(&sargs[i].1, &expected)?;
                    Some(if wrap {
                        let ty = Type::Con(TyCon::OPTION, vec![expected]);
                        Expr::Construct {
                            ty,
                            index: 1,
                            args: vec![x],
                        }
                    } else {
                        x
                    })
                }
                Slot::Erased => Some(Expr::Construct {
                    ty: param.clone(),
                    index: 0,
                    args: vec![],
                }),
                Slot::Omitted => None,
            };
            values.push((label.is_optional(), value, param));
        }
        let result_ty = self.result_type(&omitted, &t);
        let head_ty = self.strip_labels(&t0);
        let e = self.build_apply(head, head_ty, Vec::new(), &values, fspan);
        Ok((e, result_ty))
    }

    /// An argument expected of type `expected` (OCaml's `type_argument`): when a function is
    /// expected and the argument's type is known from its own expression, its optional
    /// parameters before the first positional one are erased (`fun eta -> arg None .. eta`).
    fn argument(&mut self, sarg: &ast::Expr, expected: &Type) -> TResult<Expr> {
        let expects_function = match &*self.u.shallow(expected) {
            Type::Arrow(p, r) if self.param_label(p) == ArgLabel::Nolabel => Some((**r).clone()),
            _ => None,
        };
        let Some(expected_result) = expects_function.filter(|_| is_inferred(sarg)) else {
            let (x, xt) = self.expr_expected(sarg, Some(expected))?;
            self.expect(sarg.span, &xt, expected)?;
            return Ok(x);
        };
        let (x, xt) = self.expr(sarg)?;
        // The optional parameters in front, then the function they leave.
        let mut nones = Vec::new();
        let mut rest = self.u.shallow(&xt).into_owned();
        let simple_result = loop {
            let Type::Arrow(p, r) = rest else {
                let ends_in_var = matches!(rest, Type::Var(_));
                if !ends_in_var {
                    nones.clear();
                    rest = xt.clone();
                }
                break false;
            };
            let (label, param, _) = self.arrow_param(&p);
            if label.is_optional() {
                nones.push(param);
                rest = self.u.shallow(&r).into_owned();
                continue;
            }
            let no_labels = label == ArgLabel::Nolabel && self.no_labels(&r);
            rest = Type::Arrow(p, r);
            if label == ArgLabel::Nolabel {
                break no_labels;
            }
            nones.clear();
            rest = xt.clone();
            break false;
        };
        if !(simple_result || self.no_labels(&expected_result)) {
            self.expect(sarg.span, &xt, expected)?;
            return Ok(x);
        }
        self.expect(sarg.span, &rest, expected)?;
        if nones.is_empty() {
            return Ok(x);
        }
        let Type::Arrow(p, _) = &rest else {
            unreachable!("a positional parameter follows the erased ones")
        };
        let eta_ty = self.strip_labels(p);
        let arg = self.fresh_var("arg", xt.clone(), sarg.span);
        let eta = self.fresh_var("eta", eta_ty, sarg.span);
        let mut args: Vec<Expr> = nones
            .into_iter()
            .map(|ty| Expr::Construct {
                ty,
                index: 0,
                args: vec![],
            })
            .collect();
        args.push(Expr::Var(eta));
        let body = Expr::App(Box::new(Expr::Var(arg)), args);
        Ok(Expr::Local(
            arg,
            Box::new(x),
            Box::new(Expr::Fun(vec![eta], Box::new(body), self.fun_name())),
        ))
    }

    /// Whether `t` is known to be a type whose arrows have no labels (OCaml's `no_labels`).
    fn no_labels(&self, t: &Type) -> bool {
        let (labels, ends_in_var) = self.list_labels(t);
        !ends_in_var && labels.iter().all(|l| *l == ArgLabel::Nolabel)
    }

    /// The shape of a recursive definition's type before its body is typed (OCaml's
    /// `type_approx`): its parameters' labels, so that recursive calls with labels are typed
    /// against them.
    pub(super) fn type_approx(&mut self, e: &ast::Expr) -> Type {
        use ast::ExprKind as K;
        match &e.kind {
            K::Fun(params, body) => {
                let mut t = self.type_approx(body);
                for p in params.iter().rev() {
                    let mut param = self.u.fresh_var();
                    if p.label.is_optional() {
                        param = Type::Con(TyCon::OPTION, vec![param]);
                    }
                    t = self.labelled_arrow(&p.label, param, t, true);
                }
                t
            }
            K::Function(cases) => {
                let param = self.u.fresh_var();
                let result = match cases.first() {
                    Some(c) => self.type_approx(&c.body),
                    None => self.u.fresh_var(),
                };
                Type::arrow(param, result)
            }
            K::Let(_, _, e) | K::Try(e, _) | K::Sequence(_, e) => self.type_approx(e),
            K::Match(_, cases) => match cases.first() {
                Some(c) => self.type_approx(&c.body),
                None => self.u.fresh_var(),
            },
            K::If { then, .. } => self.type_approx(then),
            K::Tuple(es) => Type::Tuple(es.iter().map(|e| self.type_approx(e)).collect()),
            _ => self.u.fresh_var(),
        }
    }

    /// What the argument `sargs[i]`, given with label `given`, is typed against for a parameter
    /// `label` receiving `param`.
    fn use_arg(&mut self, i: usize, given: &ArgLabel, label: &ArgLabel, param: &Type) -> Slot {
        if label.is_optional() && !given.is_optional() {
            // `~x:e` (or `e`) to `?x`: passed as `Some e`.
            let inner = match &*self.u.shallow(param) {
                Type::Con(TyCon::OPTION, a) => a[0].clone(),
                _ => {
                    let inner = self.u.fresh_var();
                    let option = Type::Con(TyCon::OPTION, vec![inner.clone()]);
                    // An optional parameter receives an option by construction (definitions,
                    // type expressions and inferred arrows all make one): `param` is a
                    // variable here, and this unification cannot fail.
                    let unified = self.u.unify(param, &option, &self.types);
                    debug_assert!(
                        unified.is_ok(),
                        "an optional parameter of a non-option type"
                    );
                    inner
                }
            };
            return Slot::Arg {
                i,
                expected: inner,
                wrap: true,
            };
        }
        Slot::Arg {
            i,
            expected: param.clone(),
            wrap: false,
        }
    }

    /// The type of an application that omitted `omitted`: a function of those, in order, to
    /// `t` (OCaml's `result_type`).
    fn result_type(&mut self, omitted: &[(ArgLabel, Type)], t: &Type) -> Type {
        omitted.iter().rev().fold(t.clone(), |acc, (l, p)| {
            self.labelled_arrow(l, p.clone(), acc, true)
        })
    }

    /// OCaml's `Apply_wrong_label`.
    fn wrong_label(&self, (label, sarg): &(ArgLabel, ast::Expr), fun_ty: &Type) -> Diagnostic {
        let how = match label {
            ArgLabel::Nolabel => "without label".to_string(),
            l => format!("with label {}", prefixed(l)),
        };
        Diagnostic::error(
            sarg.span,
            format!(
                "The function applied to this argument has type {}\nThis argument cannot be applied {how}",
                self.print_type(fun_ty)
            ),
        )
    }

    /// OCaml's `Apply_non_function`, for the function's type `t`.
    pub(super) fn non_function(&self, t: &Type, fspan: Span) -> Diagnostic {
        let ts = self.print_type(t);
        if let Type::Arrow(..) = &*self.u.shallow(t) {
            Diagnostic::error(
                fspan,
                format!("This function has type {ts}\n       It is applied to too many arguments; maybe you forgot a `;'."),
            )
        } else {
            Diagnostic::error(
                fspan,
                format!("This expression has type {ts}\n       This is not a function; it cannot be applied."),
            )
        }
    }

    /// `transl_apply`'s `build_apply`: `lam` (of run-time type `lam_ty`) applied to `args`
    /// and then to `rest` (each: for an optional parameter?, the value or `None` for an
    /// omitted parameter, the parameter's type). At the first omitted parameter the
    /// arguments so far are applied (unless all are optional ones: those wait), the function
    /// and the later arguments are evaluated into variables, the function first, and the
    /// result abstracts over the omitted parameters.
    fn build_apply(
        &mut self,
        lam: Expr,
        lam_ty: Type,
        mut args: Vec<(Expr, bool)>,
        rest: &[(bool, Option<Expr>, Type)],
        span: Span,
    ) -> Expr {
        let mut k = 0;
        while let Some((optional, Some(value), _)) = rest.get(k) {
            args.push((value.clone(), *optional));
            k += 1;
        }
        let Some((optional, _, param)) = rest.get(k) else {
            if args.is_empty() {
                return lam;
            }
            return Expr::App(Box::new(lam), args.into_iter().map(|(e, _)| e).collect());
        };
        let (now, later) = if args.iter().all(|(_, opt)| *opt) {
            (Vec::new(), args)
        } else {
            (args, Vec::new())
        };
        let mut lam_ty = lam_ty;
        for _ in 0..now.len() {
            if let Type::Arrow(_, r) = lam_ty {
                lam_ty = *r;
            }
        }
        let lam = if now.is_empty() {
            lam
        } else {
            Expr::App(Box::new(lam), now.into_iter().map(|(e, _)| e).collect())
        };
        let mut defs = Vec::new();
        let handle = self.protect("func", lam, lam_ty.clone(), span, &mut defs);
        let mut later_rest = Vec::new();
        for (opt, value, ty) in &rest[k + 1..] {
            let value = match value {
                Some(e) => {
                    let run_ty = self.strip_labels(ty);
                    Some(self.protect("arg", e.clone(), run_ty, span, &mut defs))
                }
                None => None,
            };
            later_rest.push((*opt, value, ty.clone()));
        }
        let param_ty = self.strip_labels(param);
        let id = self.fresh_var("param", param_ty, span);
        let mut inner_args = later;
        inner_args.push((Expr::Var(id), *optional));
        let body = self.build_apply(handle, lam_ty, inner_args, &later_rest, span);
        let mut f = match body {
            Expr::Fun(mut ids, b, name) => {
                ids.insert(0, id);
                Expr::Fun(ids, b, name)
            }
            body => Expr::Fun(vec![id], Box::new(body), self.fun_name()),
        };
        for (v, e) in defs.into_iter().rev() {
            f = Expr::Local(v, Box::new(e), Box::new(f));
        }
        f
    }

    /// `e` itself when it is a variable or a constant, else a new variable that `defs` binds.
    fn protect(
        &mut self,
        name: &str,
        e: Expr,
        ty: Type,
        span: Span,
        defs: &mut Vec<(crate::lambda::ir::VarId, Expr)>,
    ) -> Expr {
        match e {
            Expr::Var(_) | Expr::Const(_) => e,
            Expr::Construct { ref args, .. } if args.is_empty() => e,
            e => {
                let v = self.fresh_var(name, ty, span);
                defs.push((v, e));
                Expr::Var(v)
            }
        }
    }
}
