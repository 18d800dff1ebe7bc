//! Inference and elaboration of expressions, `let` bindings and top-level items.

use super::builtins::{BuiltinImpl, EXN_ASSERT_FAILURE};
use super::env::{CtorRef, ValueBinding};
use super::unify::TypePrinter;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{
    BoxedIntKind, Const, DeclKind, Direction, Expr, Prim, RaiseKind, SrcLoc, TyCon, TyVar, Type,
    VarId,
};
use crate::syntax::ast::{self, ExprKind, PatternKind, RecFlag};

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

pub(crate) fn unit_value() -> Expr {
    Expr::Construct {
        ty: Type::unit(),
        index: 0,
        args: vec![],
    }
}

pub(crate) fn bool_value(b: bool) -> Expr {
    Expr::Construct {
        ty: Type::bool(),
        index: b as u32,
        args: vec![],
    }
}

/// A step at the start of a function's body ([`Typer::fun`]).
enum Prologue {
    /// `let x = match opt with Some v -> v | None -> default`.
    Default {
        x: VarId,
        opt: VarId,
        default: Expr,
        ty: Type,
    },
    /// Matches the parameter's value `v` against a pattern.
    Match(VarId, super::pattern::Pat, Span),
}

/// Is the expression a syntactic value (may be generalised under the value restriction)?
/// `mutable_field` says whether a record field name is mutable (records with one are not).
pub(super) fn is_value(e: &ast::Expr, mutable_field: &dyn Fn(&str) -> bool) -> bool {
    // OCaml 4.13's `Typecore.is_nonexpansive`, for the expressions egret has.
    let v = |e: &ast::Expr| is_value(e, mutable_field);
    match &e.kind {
        ExprKind::Constant(_) | ExprKind::Var(_) | ExprKind::Fun(..) | ExprKind::Function(_) => {
            true
        }
        ExprKind::Array(items) => items.is_empty(),
        ExprKind::Construct(_, arg) => arg.as_deref().is_none_or(v),
        ExprKind::Tuple(es) => es.iter().all(v),
        ExprKind::Record { fields, base } => {
            fields.iter().all(|(n, _, e)| !mutable_field(n) && v(e))
                && base.as_deref().is_none_or(v)
        }
        ExprKind::Field(e, _) => v(e),
        ExprKind::If { then, els, .. } => v(then) && els.as_deref().is_none_or(v),
        ExprKind::Sequence(_, e) => v(e),
        ExprKind::Match(e, cases) => {
            v(e) && cases
                .iter()
                .all(|c| c.guard.as_ref().is_none_or(v) && v(&c.body))
        }
        ExprKind::Assert(e) | ExprKind::Lazy(e) => v(e),
        // An object whose instance variables are immutable and their initialisers values.
        ExprKind::Object(o) => o.fields.iter().all(|f| match f {
            ast::ObjectField::Val { mutable, expr, .. } => !mutable && v(expr),
            ast::ObjectField::Method { .. } => true,
            ast::ObjectField::Initializer { .. } => false,
        }),
        // `raise e` diverges: nonexpansive when `e` is.
        ExprKind::Apply(f, args)
            if args.len() == 1
                && args[0].0 == ast::ArgLabel::Nolabel
                && matches!(&f.kind, ExprKind::Var(n) if n == "raise") =>
        {
            v(&args[0].1)
        }
        ExprKind::Constraint(e, _) | ExprKind::Newtype(_, e) | ExprKind::Open(_, e) => v(e),
        ExprKind::Let(_, bs, body) => bs.iter().all(|b| v(&b.expr)) && v(body),
        _ => false,
    }
}

/// A value whose evaluation computes nothing observable and may be repeated: functions,
/// constants, and constructions of such. Only these are generalised by wrapping them in type
/// abstractions (which `mono` instantiates by copying); other generalisable expressions are
/// evaluated once (`Typer::generalize_expansive`).
pub(super) fn is_pure_value(e: &ast::Expr, mutable_field: &dyn Fn(&str) -> bool) -> bool {
    let v = |e: &ast::Expr| is_pure_value(e, mutable_field);
    match &e.kind {
        ExprKind::Constant(_) | ExprKind::Var(_) | ExprKind::Fun(..) | ExprKind::Function(_) => {
            true
        }
        ExprKind::Construct(_, arg) => arg.as_deref().is_none_or(v),
        ExprKind::Tuple(es) => es.iter().all(v),
        ExprKind::Record { fields, base: None } => {
            fields.iter().all(|(n, _, e)| !mutable_field(n) && v(e))
        }
        ExprKind::Constraint(e, _) | ExprKind::Newtype(_, e) | ExprKind::Open(_, e) => v(e),
        ExprKind::Let(_, bs, body) => bs.iter().all(|b| v(&b.expr)) && v(body),
        _ => false,
    }
}

/// The modules of OCaml 4.13's standard library (`Stdlib`'s submodules).
const STDLIB_MODULES: &[&str] = &[
    "Arg",
    "Array",
    "ArrayLabels",
    "Atomic",
    "Bigarray",
    "Bool",
    "Buffer",
    "Bytes",
    "BytesLabels",
    "Callback",
    "Char",
    "Complex",
    "Digest",
    "Either",
    "Ephemeron",
    "Filename",
    "Float",
    "Format",
    "Fun",
    "Gc",
    "Genlex",
    "Hashtbl",
    "Int",
    "Int32",
    "Int64",
    "Lazy",
    "Lexing",
    "List",
    "ListLabels",
    "Map",
    "Marshal",
    "MoreLabels",
    "Nativeint",
    "Obj",
    "Oo",
    "Option",
    "Parsing",
    "Pervasives",
    "Printexc",
    "Printf",
    "Queue",
    "Random",
    "Result",
    "Scanf",
    "Seq",
    "Set",
    "Stack",
    "StdLabels",
    "Stream",
    "String",
    "StringLabels",
    "Sys",
    "Uchar",
    "Unit",
    "Weak",
];

/// What the program's code is wrapped in (`Typer::program_with_exit`).
pub(super) const EXIT_FUNCTIONS: [&str; 2] = ["do_at_exit", "__uncaught"];

/// What forcing a lazy value calls (captured as its unit closes).
pub(super) const LAZY_FUNCTIONS: [&str; 1] = [super::lazy::LAZY_FORCE];

/// The value of a float literal's text (`1.5`, `1e-3`, `0x1.8p3`; `_` already removed): as
/// ocamlopt converts it, with `float_of_string` (so `1e400` is `inf`).
/// The kind and value of an `int32`/`int64`/`nativeint` literal (its text with its sign), or
/// OCaml's error when it is out of range.
pub fn boxed_int_literal(text: &str, suffix: char, span: Span) -> TResult<(BoxedIntKind, i64)> {
    let kind = match suffix {
        'l' => BoxedIntKind::Int32,
        'L' => BoxedIntKind::Int64,
        _ => BoxedIntKind::Nativeint,
    };
    match crate::lambda::boxint::literal(kind, text) {
        Some(n) => Ok((kind, n)),
        None => Err(Diagnostic::error(
            span,
            format!(
                "Integer literal exceeds the range of representable integers of type {}",
                kind.name()
            ),
        )),
    }
}

pub fn float_literal(text: &str, span: Span) -> TResult<f64> {
    crate::lambda::float::float_of_string(text.as_bytes())
        .ok_or_else(|| Diagnostic::error(span, format!("invalid float literal {text}")))
}

impl<'s> Typer<'s> {
    /// Elaborates `let [rec] bindings in <body>`, where `body` elaborates the scope and gives
    /// its type (a refutable pattern's `Match_failure` branch has that type).
    pub(super) fn let_bindings(
        &mut self,
        rec: RecFlag,
        bindings: &[ast::Binding],
        body: &mut dyn FnMut(&mut Self) -> TResult<(Expr, Type)>,
    ) -> TResult<Expr> {
        super::wellformed::check_let_names(bindings)?;
        let in_structure = self.gadt.structure_let;
        match rec {
            RecFlag::Recursive => self.let_rec(bindings, in_structure, body),
            RecFlag::NonRecursive => self.let_nonrec(bindings, in_structure, body),
        }
    }

    /// (`in_structure`: a structure's `let`, whose bindings are definitions of their own for
    /// `__FUNCTION__`, [`super::scopes`].)
    fn let_nonrec(
        &mut self,
        bindings: &[ast::Binding],
        in_structure: bool,
        body: &mut dyn FnMut(&mut Self) -> TResult<(Expr, Type)>,
    ) -> TResult<Expr> {
        // All definitions are checked in the outer scope, then all names are bound.
        let mut defs = Vec::new();
        let group = bindings.len() > 1;
        let split = self.split_variable_tuples(bindings);
        let bindings = split.as_deref().unwrap_or(bindings);
        let structure = std::mem::take(&mut self.gadt.structure_let);
        let eq_mark = self.equations_mark();
        let result_ty = self.u.fresh_var();
        let mut existentials = false;
        for b in bindings {
            self.u.level += 1;
            let scopes = self.binding_scopes(b, in_structure);
            let (poly, (e, t)) = self.with_scopes(scopes, |t| -> TResult<_> {
                let poly = match super::poly::poly_annotation(&b.expr) {
                    Some(ann) => {
                        let scheme = t.poly_scheme(&ann)?;
                        Some(t.poly_definition(&ann, &scheme)?)
                    }
                    None => None,
                };
                let typed = match &poly {
                    Some(c) => (c.expr.clone(), c.ty.clone()),
                    None => t.expr(&b.expr)?,
                };
                Ok((poly, typed))
            })?;
            self.u.level -= 1;
            let value = is_value(&b.expr, &|n| self.field_is_mutable(n));
            if !value {
                // The relaxed value restriction: only covariant variables stay generalisable.
                self.u
                    .lower_contravariant(&t, self.u.level, &self.variances);
            }
            if let Some(c) = &poly {
                self.check_poly(c)?;
            }
            defs.push((b, e, t, value));
        }
        let mut simple = Vec::new();
        let mut complex = Vec::new();
        // The value restriction: a top-level variable whose type keeps a variable that was
        // not generalised is checked once the whole program is typed.
        let weak_check = self.u.level == 0 && !self.in_prelude;
        for (b, e, t, value) in defs {
            let bound = match &b.pat.kind {
                PatternKind::Var(name) => {
                    let v = if value && is_pure_value(&b.expr, &|n| self.field_is_mutable(n)) {
                        let (e, scheme) = self.generalize(e, t);
                        let v = self.fresh_var(name, scheme, b.pat.span);
                        simple.push((v, e));
                        v
                    } else {
                        self.generalize_expansive(name, b.pat.span, e, t, &mut simple)
                    };
                    self.env.bind(name, ValueBinding::Var(v));
                    vec![v]
                }
                _ => {
                    // The pattern is typed one level deeper, as the definition was: its
                    // variables are generalised (`typing::pattern_poly`).
                    let poly = !self.u.generalizable(&t).is_empty();
                    let v = self.fresh_var("_let", t.clone(), b.pat.span);
                    let decls_before = self.types.decls.len();
                    let saved = std::mem::replace(&mut self.gadt.no_equations, structure);
                    let names_mark = self.pattern_type_names.len();
                    self.u.level += poly as u32;
                    let bound = self.pattern_binding(&b.pat, &t);
                    self.u.level -= poly as u32;
                    // The existential types it names are not in scope in the body.
                    self.pattern_type_names.truncate(names_mark);
                    self.gadt.no_equations = saved;
                    let (pat, vars) = bound?;
                    if let Some(ex) = self.new_existential(decls_before) {
                        // OCaml types a local `let p = e in` with an existential as a
                        // `match`, but not at top level nor in `let .. and ..`.
                        let context = match (self.u.level, group) {
                            (0, _) => Some("toplevel bindings"),
                            (_, true) => Some("\"let ... and ...\" bindings"),
                            _ => None,
                        };
                        if let Some(context) = context {
                            return Err(Diagnostic::error(
                                b.pat.span,
                                super::gadt::existential_not_allowed(context, &ex),
                            ));
                        }
                        existentials = true;
                    }
                    let views = if !poly {
                        Vec::new()
                    } else if existentials {
                        // Typed as a `match` on an existential: nothing is generalised.
                        self.u.lower_all(&t, self.u.level);
                        for x in &vars {
                            let xt = self.vars.ty(*x).clone();
                            self.u.lower_all(&xt, self.u.level);
                        }
                        Vec::new()
                    } else {
                        let mut groups =
                            self.generalize_pattern_vars(&t, std::slice::from_ref(&vars));
                        self.bind_poly_views(&groups.pop().unwrap_or_default())
                    };
                    simple.push((v, e));
                    complex.push((v, pat, b.span, b.pat.span, views));
                    vars
                }
            };
            if weak_check && !value {
                for v in bound {
                    let info = &self.vars.vars[v.0 as usize];
                    self.weak_toplevel.push((info.span, info.ty.clone()));
                }
            }
        }
        let (mut rest, rest_ty) = body(self)?;
        // The patterns' equations hold in the body only.
        self.drop_equations(eq_mark);
        if existentials {
            // The body's type is older than the patterns' existentials.
            let span = bindings.last().map_or(Span::default(), |b| b.span);
            self.expect(span, &rest_ty, &result_ty)?;
        }
        for (v, pat, span, pat_span, views) in complex.into_iter().rev() {
            rest = super::pattern_poly::wrap_views(views, rest);
            rest = self.bind_pattern(v, pat, rest, &rest_ty, span, pat_span)?;
        }
        for (v, e) in simple.into_iter().rev() {
            rest = Expr::Local(v, bx(e), bx(rest));
        }
        Ok(rest)
    }

    /// Binds `name` to the expression `e` of type `t`, which may compute (it is expansive, or a
    /// nonexpansive expression with effects such as `(print_string ""; [])`), generalising
    /// the variables left above the current level (for an expansive one, after
    /// `lower_contravariant`: they occur only covariantly). `e` is evaluated once, into
    /// a monomorphic variable whose generalisable variables are fixed to `Obj.t` (any value:
    /// code at them stays generic), and `name` is that value at every instance
    /// (`Λws. identity tmp`; values are uniform words).
    fn generalize_expansive(
        &mut self,
        name: &str,
        span: Span,
        e: Expr,
        t: Type,
        simple: &mut Vec<(VarId, Expr)>,
    ) -> VarId {
        let vs = self.u.generalizable(&t);
        if vs.is_empty() {
            let v = self.fresh_var(name, t, span);
            simple.push((v, e));
            return v;
        }
        let t = self.u.zonk(&t);
        let ws: Vec<TyVar> = vs.iter().map(|_| self.u.fresh()).collect();
        let renaming = vs
            .iter()
            .zip(&ws)
            .map(|(v, w)| (*v, Type::Var(*w)))
            .collect();
        let scheme_body = super::unify::subst_all(&t, &renaming);
        // The value's own variables become `Obj.t`, any value: `tmp` holds a value usable at
        // every type, so code in it that depends on the type (a comparison at `'a`) must stay
        // generic (with `'a` fixed to `unit`, mono made `=` a comparison of words).
        for &v in &vs {
            let _ = self.u.unify(&Type::Var(v), &Type::any_value(), &self.types);
        }
        let tmp = self.fresh_var(name, self.u.zonk(&t), span);
        simple.push((tmp, e));
        let cast = Expr::Prim(Prim::Identity, vec![Expr::Var(tmp)]);
        let (cast, scheme) = self.quantify(cast, scheme_body, &ws);
        let v = self.fresh_var(name, scheme, span);
        simple.push((v, cast));
        v
    }

    /// Wraps `e` of type `t` in type abstractions over its generalisable variables.
    fn generalize(&mut self, e: Expr, t: Type) -> (Expr, Type) {
        let vs = self.u.generalizable(&t);
        self.quantify(e, t, &vs)
    }

    pub(super) fn quantify(&mut self, mut e: Expr, t: Type, vs: &[TyVar]) -> (Expr, Type) {
        // Instantiation substitutes structurally: the scheme must not hide its variables
        // behind unification bindings.
        let mut t = self.u.zonk(&t);
        for &v in vs.iter().rev() {
            self.u.levels[v.0 as usize] = u32::MAX;
            e = Expr::TyFun(v, bx(e));
            t = Type::Forall(v, Box::new(t));
        }
        (e, t)
    }

    fn let_rec(
        &mut self,
        bindings: &[ast::Binding],
        in_structure: bool,
        body: &mut dyn FnMut(&mut Self) -> TResult<(Expr, Type)>,
    ) -> TResult<Expr> {
        self.gadt.structure_let = false;
        if bindings.iter().any(|b| {
            let def = super::poly::poly_annotation(&b.expr).map_or(&b.expr, |a| a.function());
            super::letrec::classify(def) != super::letrec::RecKind::Function
        }) {
            return self.let_rec_values(bindings, in_structure, body);
        }
        self.u.level += 1;
        let mark = self.env.mark();
        let mut group = Vec::new();
        for b in bindings {
            let PatternKind::Var(name) = &b.pat.kind else {
                return Err(Diagnostic::error(
                    b.pat.span,
                    "Only variables are allowed as left-hand side of `let rec'",
                ));
            };

            // A name with a polymorphic annotation has its scheme from the start: its
            // recursive uses instantiate it (polymorphic recursion).
            let (t, scheme) = match super::poly::poly_annotation(&b.expr) {
                Some(ann) => {
                    let scheme = self.poly_scheme(&ann)?;
                    (scheme.clone(), Some(scheme))
                }
                None => (self.type_approx(&b.expr), None),
            };
            let v = self.fresh_var(name, t.clone(), b.pat.span);
            self.env.bind(name, ValueBinding::Var(v));
            group.push((v, t, scheme));
        }
        let mut defs = Vec::new();
        for (b, (v, t, scheme)) in bindings.iter().zip(&group) {
            let scopes = self.binding_scopes(b, in_structure);
            self.with_scopes(scopes, |typer| -> TResult<()> {
                match (super::poly::poly_annotation(&b.expr), scheme) {
                    (Some(ann), Some(scheme)) => {
                        let c = typer.poly_definition(&ann, scheme)?;
                        defs.push((*v, c.expr.clone(), c.ty.clone(), Some(c)));
                    }
                    _ => {
                        let (e, et) = typer.expr(&b.expr)?;
                        typer.expect(b.expr.span, &et, t)?;
                        defs.push((*v, e, t.clone(), None));
                    }
                }
                Ok(())
            })?;
        }
        self.u.level -= 1;
        let mut annotated = Vec::new();
        for (_, _, _, c) in &defs {
            annotated.push(match c {
                Some(c) => Some(self.check_poly(c)?),
                None => None,
            });
        }
        // Generalise the group together over the union of its variables (the annotated
        // names over their annotations' variables).
        let mut vs: Vec<TyVar> = Vec::new();
        for ((_, _, t, _), a) in defs.iter().zip(&annotated) {
            if a.is_some() {
                continue;
            }
            for v in self.u.generalizable(t) {
                if !vs.contains(&v) {
                    vs.push(v)
                }
            }
        }
        // Uses of the annotated names are already instances of their schemes.
        let members: Vec<VarId> = defs
            .iter()
            .zip(&annotated)
            .filter(|(_, a)| a.is_none())
            .map(|((v, _, _, _), _)| *v)
            .collect();
        let mut out = Vec::new();
        for ((v, mut e, t, _), a) in defs.into_iter().zip(annotated) {
            if !vs.is_empty() {
                instantiate_rec_uses(&mut e, &members, &vs);
                if let Some(own) = &a {
                    self.fix_foreign_vars(&mut e, &vs, own);
                }
            }
            let (e, scheme) = self.quantify(e, t, a.as_deref().unwrap_or(&vs));
            // quantify marks vars generalised again: harmless.
            self.vars.vars[v.0 as usize].ty = scheme;
            out.push((v, e));
        }
        self.env.restore(mark);
        for (v, _) in &out {
            let name = self.vars.get(*v).name.clone();
            self.env.bind(&name, ValueBinding::Var(*v));
        }
        let (rest, _) = body(self)?;
        Ok(Expr::LetRec(out, bx(rest)))
    }

    pub(super) fn expr(&mut self, e: &ast::Expr) -> TResult<(Expr, Type)> {
        self.expr_expected(e, None)
    }

    /// Elaborates `e`; `expected`, when known, is the type the context expects: it picks the
    /// type of a constructor or record whose name several types declare (OCaml's type-directed
    /// disambiguation). The caller still unifies the result with it.
    pub(super) fn expr_expected(
        &mut self,
        e: &ast::Expr,
        expected: Option<&Type>,
    ) -> TResult<(Expr, Type)> {
        let span = e.span;
        match &e.kind {
            ExprKind::Constant(ast::Constant::String(s)) if self.expects_gadt_format(expected) => {
                self.gadt_format_literal(s, span)
            }
            ExprKind::Constant(c) => self.constant(c, span),
            // Only a match case's body (`typing::gadt::refute`): the parser makes no other.
            ExprKind::Unreachable => Err(Diagnostic::error(span, "Syntax error")),
            ExprKind::Var(name) => {
                let (x, t) = self.var(name, span)?;
                if matches!(*self.u.shallow(&t), Type::Con(c, _) if self.is_inline_record(c)) {
                    return Err(Diagnostic::error(span, super::inline_records::ESCAPE));
                }
                Ok((x, t))
            }
            ExprKind::Construct(name, arg) => self.construct(name, arg.as_deref(), span, expected),
            ExprKind::Apply(f, args) => self.apply(f, args, span),
            ExprKind::Fun(pats, body) => {
                let scopes = self.function_scopes(e);
                self.with_scopes(scopes, |t| t.fun(pats, body, expected))
            }
            ExprKind::Function(cases) => {
                let scopes = self.function_scopes(e);
                self.with_scopes(scopes, |t| t.function(cases, span, expected))
            }
            ExprKind::Let(rec, bindings, body) => {
                let mark = self.env.mark();
                let mut body_ty = None;
                let body_expected = expected.filter(|_| self.propagates_expected()).cloned();
                let r = self.let_bindings(*rec, bindings, &mut |t| {
                    let (b, bt) = t.expr_expected(body, body_expected.as_ref())?;
                    // Checked while the patterns' GADT equations hold.
                    if let Some(e) = &body_expected {
                        t.expect(body.span, &bt, e)?;
                        body_ty = Some(e.clone());
                        return Ok((b, e.clone()));
                    }
                    body_ty = Some(bt.clone());
                    Ok((b, bt))
                });
                self.env.restore(mark);
                Ok((r?, body_ty.unwrap()))
            }
            ExprKind::If { cond, then, els } => {
                let (c, ct) = self.expr(cond)?;
                self.expect(cond.span, &ct, &Type::bool())?;
                // A format expected: literal branches are formats (`typing/format_gadt/`).
                let format = expected.filter(|_| self.expects_gadt_format(expected));
                let (t, tt) = self.expr_expected(then, format)?;
                match els {
                    Some(els) => {
                        let (f, ft) = self.expr_expected(els, format)?;
                        self.expect(els.span, &ft, &tt)?;
                        Ok((Expr::If(bx(c), bx(t), bx(f)), tt))
                    }
                    None => {
                        self.expect(then.span, &tt, &Type::unit())?;
                        Ok((Expr::If(bx(c), bx(t), bx(unit_value())), tt))
                    }
                }
            }
            ExprKind::Match(scrut, cases) if cases.iter().any(|c| has_exception_case(&c.pat)) => {
                self.match_with_exceptions(scrut, cases, span)
            }
            ExprKind::Match(scrut, cases) => {
                // As a `let`: the scrutinee is typed one level deeper, and what the relaxed
                // value restriction leaves generalisable is generalised in the patterns'
                // variables (`typing::pattern_poly`).
                self.u.level += 1;
                let typed = self.expr(scrut);
                self.u.level -= 1;
                let (s, st) = typed?;
                if !is_value(scrut, &|n| self.field_is_mutable(n)) {
                    self.u
                        .lower_contravariant(&st, self.u.level, &self.variances);
                }
                let poly = !self.u.generalizable(&st).is_empty();
                // ocamlopt evaluates the components of a tuple scrutinee left to right.
                let s = match s {
                    Expr::Construct {
                        ty: Type::Tuple(tys),
                        index,
                        args,
                    } => {
                        let ty = Type::Tuple(tys.clone());
                        self.left_to_right(args, &tys, |args| Expr::Construct { ty, index, args })
                    }
                    s => s,
                };
                let x = self.fresh_var("_match", st.clone(), scrut.span);
                let (body, rt, _) =
                    self.match_cases_binding(x, &st, cases, span, false, expected, poly)?;
                Ok((Expr::Local(x, bx(s), bx(body)), rt))
            }
            ExprKind::Try(body, cases) => {
                let (b, bt) = self.expr(body)?;
                let x = self.fresh_var("_exn", Type::exn(), span);
                let (h, ht) = self.match_cases(x, &Type::exn(), cases, span, true)?;
                self.expect(span, &ht, &bt)?;
                Ok((Expr::Try(bx(b), x, bx(h)), bt))
            }
            ExprKind::Lazy(x) => self.lazy(x, span),
            ExprKind::Newtype(name, x) => self.newtype(name, x, expected, span),
            ExprKind::LetModule(name, me, body) => self.let_module(name, me, body, span),
            ExprKind::Pack(me) => self.pack(me, expected, span),
            ExprKind::LetException(decl, body) => self.let_exception(decl, body, expected, span),
            ExprKind::ExtensionConstructor(name) => self.extension_constructor(name, span),
            ExprKind::Array(items) if items.is_empty() && self.in_prelude => {
                // The stdlib's `[||]` (array.ml's own, before its `of_list`): the empty array,
                // `Array.make 0 ()` at any element type.
                let unit = ast::Expr {
                    kind: ExprKind::Construct("()".to_string(), None),
                    span,
                };
                let var = |name: &str| ast::Expr {
                    kind: ExprKind::Var(name.to_string()),
                    span,
                };
                let make = ast::Expr {
                    kind: ExprKind::Apply(
                        Box::new(var("Array.make")),
                        ast::unlabelled(vec![
                            ast::Expr {
                                kind: ExprKind::Constant(ast::Constant::Int(0)),
                                span,
                            },
                            unit,
                        ]),
                    ),
                    span,
                };
                self.expr(&ast::Expr {
                    kind: ExprKind::Apply(
                        Box::new(var("__empty_array_cast")),
                        ast::unlabelled(vec![make]),
                    ),
                    span,
                })
            }
            ExprKind::Array(items) => {
                // `Array.of_list [e1; ..; en]`: the same evaluation order (right to left).
                let list = ast::Expr::list(items.clone(), span);
                let of_list = ast::Expr {
                    // The stdlib's, whatever the program names `Array`.
                    kind: ExprKind::Var(match self.in_prelude {
                        true => "Array.of_list".to_string(),
                        false => "Stdlib.Array.of_list".to_string(),
                    }),
                    span,
                };
                let (e, t) = self.expr(&ast::Expr {
                    kind: ExprKind::Apply(Box::new(of_list), ast::unlabelled(vec![list])),
                    span,
                })?;
                self.array_literals.insert(span, t.clone());
                Ok((e, t))
            }
            ExprKind::Tuple(es) => {
                let mut args = Vec::new();
                let mut tys = Vec::new();
                let parts = match expected.filter(|_| self.propagates_expected()) {
                    Some(e) => match self.u.shallow(e).into_owned() {
                        Type::Tuple(ts) if ts.len() == es.len() => Some(ts),
                        _ => None,
                    },
                    None => None,
                };
                for (i, x) in es.iter().enumerate() {
                    let part = parts.as_ref().map(|ts| &ts[i]);
                    let (a, t) = self.expr_expected(x, part)?;
                    args.push(a);
                    tys.push(t);
                }
                let ty = Type::Tuple(tys);
                Ok((
                    Expr::Construct {
                        ty: ty.clone(),
                        index: 0,
                        args,
                    },
                    ty,
                ))
            }
            ExprKind::Record { fields, base } => {
                self.record(fields, base.as_deref(), span, expected)
            }
            ExprKind::Field(r, name) => {
                let (x, xt) = self.record_base(r)?;
                let con = self.record_type_of(&[name], &xt);
                let (c, i, rt, ft, _) = self.field_instance(name, span, con)?;
                self.expect(r.span, &xt, &rt)?;
                let get = Expr::record_field(&self.types, c, x, i);
                Ok(self.field_use(get, ft))
            }
            ExprKind::Send(o, name) => self.send(o, name, span),
            ExprKind::Object(o) => self.object_expr(o, span),
            ExprKind::Override(fields) => self.override_expr(fields, span),
            ExprKind::SetInstVar(name, name_span, v) => {
                self.set_inst_var(name, *name_span, v, span)
            }
            ExprKind::SetField(r, name, v) => {
                let (x, xt) = self.record_base(r)?;
                let con = self.record_type_of(&[name], &xt);
                let (c, i, rt, ft, mutable) = self.field_instance(name, span, con)?;
                // OCaml's `type_label_exp` (not creating): a private record's field is
                // read-only outside, mutable or not; so is a private variant's inline record's.
                if self.private_types.contains(&c) || self.private_inline_record(c) {
                    self.expect(r.span, &xt, &rt)?;
                    return Err(Diagnostic::error(
                        span,
                        format!(
                            "Cannot assign field {name} of the private type {}",
                            self.print_type(&rt)
                        ),
                    ));
                }
                if !mutable {
                    return Err(Diagnostic::error(
                        span,
                        format!("The record field {name} is not mutable"),
                    ));
                }
                self.expect(r.span, &xt, &rt)?;
                let y = self.field_value(v, &ft)?;
                let set = Expr::set_record_field(&self.types, c, x, i, y);
                Ok((set, Type::unit()))
            }
            ExprKind::Open(path, body) => {
                let mark = self.env.mark();
                let undo = self.open_module(path, e.span)?;
                let r = self.expr(body);
                self.env.restore(mark);
                self.close_open(undo);
                r
            }
            ExprKind::Sequence(a, b) => {
                let (x, xt) = self.expr(a)?;
                if matches!(*self.u.shallow(&xt), Type::Arrow(..)) {
                    self.warnings.push(Diagnostic::warning(
                        a.span,
                        "this function application is partial, maybe some arguments are missing",
                    ));
                }
                let b_expected = expected.filter(|_| self.propagates_expected());
                let (y, yt) = self.expr_expected(b, b_expected)?;
                Ok((Expr::Seq(bx(x), bx(y)), yt))
            }
            ExprKind::While(c, body) => {
                let (x, xt) = self.expr(c)?;
                self.expect(c.span, &xt, &Type::bool())?;
                let (y, _) = self.expr(body)?;
                Ok((Expr::While(bx(x), bx(y)), Type::unit()))
            }
            ExprKind::For {
                var,
                var_span,
                from,
                to,
                dir,
                body,
            } => {
                let (f, ft) = self.expr(from)?;
                self.expect(from.span, &ft, &Type::int())?;
                let (t, tt) = self.expr(to)?;
                self.expect(to.span, &tt, &Type::int())?;
                let mark = self.env.mark();
                let v = self.fresh_var(var, Type::int(), *var_span);
                self.env.bind(var, ValueBinding::Var(v));
                let (b, _) = self.expr(body)?;
                self.env.restore(mark);
                let dir = match dir {
                    ast::Direction::Upto => Direction::Upto,
                    ast::Direction::Downto => Direction::Downto,
                };
                Ok((
                    Expr::For {
                        var: v,
                        from: bx(f),
                        to: bx(t),
                        dir,
                        body: bx(b),
                    },
                    Type::unit(),
                ))
            }
            ExprKind::Assert(c) => {
                let (line, col) = self.line_col(span.lo);
                let exn = assert_failure(self.file_name_at(span.lo), line, col);
                if matches!(&c.kind, ExprKind::Construct(n, None) if n == "false") {
                    let t = self.u.fresh_var();
                    return Ok((Expr::Raise(bx(exn), t.clone(), RaiseKind::Regular), t));
                }
                let (x, xt) = self.expr(c)?;
                self.expect(c.span, &xt, &Type::bool())?;
                Ok((
                    Expr::If(
                        bx(x),
                        bx(unit_value()),
                        bx(Expr::Raise(bx(exn), Type::unit(), RaiseKind::Regular)),
                    ),
                    Type::unit(),
                ))
            }
            ExprKind::Constraint(x, te) => {
                let t = self.type_expr(te)?;
                let (y, yt) = self.expr_expected(x, Some(&t))?;
                self.expect(x.span, &yt, &t)?;
                // The annotation's type, as OCaml's (under a GADT equation it may name the
                // rigid type where `yt` has the type it equals).
                Ok((y, t))
            }
            ExprKind::Coerce(x, from, to) => self.coerce(x, from.as_ref(), to, span),
        }
        .map(|(x, t)| (wrap_loc(self.code_span(span), x), t))
    }

    /// Evaluates `args` left to right (binding the non-trivial ones in order), then `build`s
    /// the expression from their values. The IR evaluates operands right to left; ocamlopt
    /// goes left to right in a few places (`String.get`, a tuple scrutinee, int `compare`).
    pub(super) fn left_to_right(
        &mut self,
        args: Vec<Expr>,
        types: &[Type],
        build: impl FnOnce(Vec<Expr>) -> Expr,
    ) -> Expr {
        let mut binds = Vec::new();
        let mut vals = Vec::new();
        for (a, t) in args.into_iter().zip(types) {
            if matches!(a, Expr::Var(_) | Expr::Const(_)) {
                vals.push(a);
            } else {
                let v = self.fresh_var("_arg", t.clone(), Span::default());
                binds.push((v, a));
                vals.push(Expr::Var(v));
            }
        }
        binds
            .into_iter()
            .rev()
            .fold(build(vals), |body, (v, a)| Expr::Local(v, bx(a), bx(body)))
    }

    /// `match e with p -> b | exception q -> h`: only `e` is protected. It elaborates to
    /// `match (try %Left e with x -> %Right (match x with q -> h | _ -> raise x)) with
    /// %Left v -> (match v with p -> b) | %Right r -> r`, so exceptions raised by `b` or `h`
    /// propagate. A case whose or-pattern mixes both (`p | exception q -> b`) is split as
    /// OCaml's `split_cases` does: `p -> b` among the value cases, `q -> b` among the
    /// exception cases.
    fn match_with_exceptions(
        &mut self,
        scrut: &ast::Expr,
        cases: &[ast::Case],
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let mut value_cases = Vec::new();
        let mut exn_cases = Vec::new();
        // For each case split in two: its index among the value and the exception cases.
        let mut mixed = Vec::new();
        for c in cases {
            let (vp, ep) = split_exception_pattern(&c.pat)?;
            if vp.is_some() && ep.is_some() {
                if c.guard.is_some() {
                    return Err(Diagnostic::error(
                        c.pat.span,
                        "Mixing value and exception patterns under when-guards is not supported.",
                    ));
                }
                mixed.push((value_cases.len(), exn_cases.len(), c.pat.span));
            }
            for (part, out) in [(vp, &mut value_cases), (ep, &mut exn_cases)] {
                if let Some(pat) = part {
                    out.push(ast::Case {
                        pat,
                        guard: c.guard.clone(),
                        body: c.body.clone(),
                    });
                }
            }
        }
        if value_cases.is_empty() {
            return Err(Diagnostic::error(
                span,
                "None of the patterns in this 'match' expression match values.",
            ));
        }
        let (s, st) = self.expr(scrut)?;
        let x = self.fresh_var("_exn", Type::exn(), span);
        let (h, rt, exn_binds) =
            self.match_cases_binding(x, &Type::exn(), &exn_cases, span, true, None, false)?;
        let either = Type::Con(TyCon::EITHER, vec![st.clone(), rt.clone()]);
        let left = Expr::Construct {
            ty: either.clone(),
            index: 0,
            args: vec![s],
        };
        let right = Expr::Construct {
            ty: either.clone(),
            index: 1,
            args: vec![h],
        };
        let r = self.fresh_var("_result", either.clone(), span);
        let v = self.fresh_var("_value", st.clone(), span);
        let (on_value, vt, value_binds) =
            self.match_cases_binding(v, &st, &value_cases, span, false, None, false)?;
        // The two halves of a split or-pattern bind each variable at one type.
        for (vi, ei, pspan) in mixed {
            for (name, lv, _) in &value_binds[vi] {
                let Some((_, rv, _)) = exn_binds[ei].iter().find(|(n, _, _)| n == name) else {
                    continue;
                };
                let (lt, rt) = (self.vars.ty(*lv).clone(), self.vars.ty(*rv).clone());
                if self.u.unify(&lt, &rt, &self.types).is_err() {
                    return Err(self.or_pattern_type_clash(name, &lt, &rt, pspan));
                }
            }
        }
        self.expect(span, &vt, &rt)?;
        let field = |r: VarId| Expr::Field(bx(Expr::Var(r)), 0);
        let dispatch = Expr::Switch {
            scrut: bx(Expr::Var(r)),
            kind: crate::lambda::ir::SwitchKind::Constructor(either),
            arms: vec![
                (0, Expr::Local(v, bx(field(r)), bx(on_value))),
                (1, field(r)),
            ],
            default: None,
            ty: rt.clone(),
        };
        Ok((
            Expr::Local(r, bx(Expr::Try(bx(left), x, bx(right))), bx(dispatch)),
            rt,
        ))
    }

    /// OCaml's error for an or-pattern binding a variable at two types.
    pub(super) fn or_pattern_type_clash(
        &self,
        name: &str,
        left: &Type,
        right: &Type,
        span: Span,
    ) -> Diagnostic {
        let mut p = TypePrinter::new(&self.types);
        let l = p.print(&self.u.zonk(left));
        let r = p.print(&self.u.zonk(right));
        Diagnostic::error(
            span,
            format!(
                "The variable {name} on the left-hand side of this or-pattern has type {l}\n       but on the right-hand side it has type {r}"
            ),
        )
    }

    fn constant(&mut self, c: &ast::Constant, span: Span) -> TResult<(Expr, Type)> {
        Ok(match c {
            ast::Constant::Int(n) => (Expr::Const(Const::Int(*n)), Type::int()),
            ast::Constant::Char(c) => (Expr::Const(Const::Char(*c)), Type::char()),
            ast::Constant::String(s) => (
                Expr::Const(Const::String(s.as_slice().into())),
                Type::string(),
            ),
            ast::Constant::Float(text) => (
                Expr::Const(Const::float(float_literal(text, span)?)),
                Type::float(),
            ),
            ast::Constant::BoxedInt(text, suffix) => {
                let (kind, n) = boxed_int_literal(text, *suffix, span)?;
                (Expr::Const(Const::BoxedInt(kind, n)), Type::boxed_int(kind))
            }
        })
    }

    pub(super) fn var(&mut self, name: &str, span: Span) -> TResult<(Expr, Type)> {
        if let Some(r) = self.location_value(name, span) {
            return Ok(r);
        }
        if let Some(r) = self.location_of_value(name, span) {
            return Ok(r);
        }
        // Inside a prelude module's own section its names are not qualified yet: `Array.x`
        // there (from the parser's reading of `[| .. |]`) is the section's `x`.
        let name = match (&self.section_module, name.split_once('.')) {
            (Some(m), Some((q, x))) if q == m && self.env.lookup(name).is_none() => x,
            _ => name,
        };
        match self.env.lookup(name) {
            Some(ValueBinding::Var(v)) => {
                let scheme = self.vars.ty(v).clone();
                let (t, args) = self.u.instantiate(&scheme);
                let mut e = Expr::Var(v);
                for a in args {
                    e = Expr::TyApp(bx(e), a);
                }
                Ok((e, t))
            }
            Some(ValueBinding::Builtin(i)) => self.builtin_value(i, span),
            Some(ValueBinding::InstVar(i)) => Ok(self.inst_var(i)),
            None if matches!(name, "Oo.id" | "Oo.copy") => Ok(self.oo_function(name, span)),
            Some(ValueBinding::NotInInitializer { is_self }) => Err(Diagnostic::error(
                span,
                if is_self {
                    format!("The self variable {name}\n       cannot be accessed from the definition of an instance variable")
                } else {
                    format!("The instance variable {name}\n       cannot be accessed from the definition of another instance variable")
                },
            )),
            None | Some(ValueBinding::Hidden) => {
                // `M.x` of a module that does not exist: OCaml names the module.
                if let Some((m, _)) = name.rsplit_once('.') {
                    let first = m.split('.').next().unwrap_or(m);
                    if !super::modules::module_exists(&self.env, first)
                        && self.unsupported_library_name(name).is_none()
                    {
                        return Err(Diagnostic::error(span, format!("Unbound module {first}")));
                    }
                }
                if let Some(class) = name.strip_suffix("#new") {
                    return Err(Diagnostic::error(span, format!("Unbound class {class}")));
                }
                let unbound = Diagnostic::error(span, format!("Unbound value {name}"));
                Err(match self.unsupported_library_name(name) {
                    Some(what) => unbound.with_note(format!("{what} not supported yet")),
                    None => unbound,
                })
            }
        }
    }

    /// Why an unbound `name` is probably OCaml's and not a typo: a float operation, or a
    /// qualified name. Which modules egret has is read off the environment (the prelude's
    /// sections, the `Array` primitives) and Printf.
    fn unsupported_library_name(&self, name: &str) -> Option<String> {
        let (module, _) = name.split_once('.')?;
        let prefix = format!("{module}.");
        let known = self.env.any_visible_with_prefix(&prefix);
        if known {
            return Some(format!(
                "this function of the standard-library module {module} is"
            ));
        }
        // A module of OCaml's standard library that egret does not have yet.
        STDLIB_MODULES
            .contains(&module)
            .then(|| format!("the module {module} is"))
    }

    /// The instance type of builtin `i` (its quantified variables replaced by fresh ones).
    pub(super) fn builtin_type(&mut self, i: usize) -> Type {
        let b = &self.builtins[i];
        let mut t = b.ty.clone();
        for q in 0..b.quantified {
            let fresh = self.u.fresh_var();
            t = t.subst(TyVar(q as u32), &fresh);
        }
        // An `external`'s scheme quantifies with `Forall`s.
        self.u.instantiate(&t).0
    }

    /// A builtin used as a first-class value: eta-expanded into a function.
    pub(super) fn builtin_value(&mut self, i: usize, span: Span) -> TResult<(Expr, Type)> {
        self.check_available(i, span)?;
        let t = self.builtin_type(i);
        let arity = self.builtin_arity(i);
        if arity == 0 {
            let value = self.builtin_apply(i, Vec::new(), t.clone())?;
            return Ok((value, t));
        }
        let mut params = Vec::new();
        let mut cur = t.clone();
        while let Type::Arrow(a, r) = cur {
            if params.len() == arity {
                cur = Type::Arrow(a, r);
                break;
            }
            params.push(self.fresh_var("_x", *a, span));
            cur = *r;
        }
        if params.is_empty() {
            return Err(Diagnostic::error(
                span,
                "internal: builtin without parameters",
            ));
        }
        let args: Vec<Expr> = params.iter().map(|&p| Expr::Var(p)).collect();
        let body = self.builtin_apply(i, args, cur)?;
        Ok((Expr::Fun(params, bx(body), self.fun_name()), t))
    }

    /// A saturated application of builtin `i`, whose result has type `result`.
    fn builtin_apply(&mut self, i: usize, args: Vec<Expr>, result: Type) -> TResult<Expr> {
        if !self.builtins[i].casts {
            return self.builtin_apply_uncast(i, args, result);
        }
        let cast = |e: Expr| Expr::Prim(Prim::Identity, vec![e]);
        let args = args.into_iter().map(cast).collect();
        Ok(cast(self.builtin_apply_uncast(i, args, result)?))
    }

    fn builtin_apply_uncast(
        &mut self,
        i: usize,
        mut args: Vec<Expr>,
        result: Type,
    ) -> TResult<Expr> {
        let imp = self.builtins[i].imp;
        Ok(match imp {
            BuiltinImpl::Prim(Prim::Add, 0) => args.pop().unwrap(),
            BuiltinImpl::Prim(p, _) => Expr::Prim(p, args),
            BuiltinImpl::And => {
                let b = args.pop().unwrap();
                let a = args.pop().unwrap();
                Expr::If(bx(a), bx(b), bx(bool_value(false)))
            }
            BuiltinImpl::Or => {
                let b = args.pop().unwrap();
                let a = args.pop().unwrap();
                Expr::If(bx(a), bx(bool_value(true)), bx(b))
            }
            BuiltinImpl::Raise(k) => {
                let exn = args.pop().unwrap();
                let reraise = k == RaiseKind::Regular
                    && matches!(without_locs(&exn), Expr::Var(v) if self.reraise_vars.contains(v));
                let k = if reraise { RaiseKind::Reraise } else { k };
                Expr::Raise(bx(exn), result, k)
            }
            BuiltinImpl::RaiseWithBacktrace => {
                // Right to left, as ocamlopt evaluates arguments.
                let bt = args.pop().unwrap();
                let exn = args.pop().unwrap();
                // `exn -> raw_backtrace -> 'a`, under its quantifier.
                let mut scheme = &self.builtins[i].ty;
                while let Type::Forall(_, t) = scheme {
                    scheme = t;
                }
                let bt_ty = match scheme {
                    Type::Arrow(_, r) => match &**r {
                        Type::Arrow(b, _) => (**b).clone(),
                        other => other.clone(),
                    },
                    other => other.clone(),
                };
                let b = self.fresh_var("_bt", bt_ty, Span::default());
                let e = self.fresh_var("_exn", Type::exn(), Span::default());
                let restore = Expr::Prim(
                    Prim::Runtime(
                        "caml_restore_raw_backtrace",
                        crate::lambda::ir::Purity::Effect,
                    ),
                    vec![Expr::Var(e), Expr::Var(b)],
                );
                // The raise is the outermost node: it takes the application's location
                // (`wrap_loc`), restored after its argument, as ocamlopt's re-raise frame.
                let exn_restored = Expr::Local(
                    b,
                    bx(bt),
                    bx(Expr::Local(
                        e,
                        bx(exn),
                        bx(Expr::Seq(bx(restore), bx(Expr::Var(e)))),
                    )),
                );
                Expr::Raise(bx(exn_restored), result, RaiseKind::Reraise)
            }
            BuiltinImpl::Ref => Expr::Construct {
                ty: result,
                index: 0,
                args,
            },
            BuiltinImpl::Deref => Expr::Field(bx(args.pop().unwrap()), 0),
            BuiltinImpl::RevApply => {
                let f = args.pop().unwrap();
                let x = args.pop().unwrap();
                Expr::App(bx(f), vec![x])
            }
            BuiltinImpl::Apply => {
                let x = args.pop().unwrap();
                let f = args.pop().unwrap();
                Expr::App(bx(f), vec![x])
            }
            BuiltinImpl::LeftToRight(p, _) => {
                let mut types = Vec::new();
                let mut t = self.builtins[i].ty.clone();
                while let Type::Arrow(a, r) = t {
                    types.push(*a);
                    t = *r;
                }
                self.left_to_right(args, &types, |xs| Expr::Prim(p, xs))
            }
            BuiltinImpl::Assign => {
                let v = args.pop().unwrap();
                let r = args.pop().unwrap();
                Expr::SetField(bx(r), 0, bx(v))
            }
            BuiltinImpl::Field(n) => Expr::Field(bx(args.pop().unwrap()), n),
            BuiltinImpl::Ignore => Expr::Seq(bx(args.pop().unwrap()), bx(unit_value())),
            BuiltinImpl::AddConst(k) => Expr::Prim(
                Prim::Add,
                vec![args.pop().unwrap(), Expr::Const(Const::Int(k))],
            ),
            BuiltinImpl::IncrRef(k) => {
                // `let r = arg in r.contents <- r.contents + k` (the argument evaluated once).
                let mut ty = self.builtins[i].ty.clone();
                while let Type::Forall(_, t) = ty {
                    ty = *t;
                }
                let Type::Arrow(ref_ty, _) = ty else {
                    unreachable!("%incr has one argument")
                };
                let r = self.fresh_var("_r", *ref_ty, Span::default());
                let sum = Expr::Prim(
                    Prim::Add,
                    vec![Expr::Field(bx(Expr::Var(r)), 0), Expr::Const(Const::Int(k))],
                );
                Expr::Local(
                    r,
                    bx(args.pop().unwrap()),
                    bx(Expr::SetField(bx(Expr::Var(r)), 0, bx(sum))),
                )
            }
            BuiltinImpl::Const(k) => {
                // `%big_endian` and the `%ostype_*` are bools, `%backend_type` a variant.
                let head = (*self.u.shallow(&result)).clone();
                let constant = if head == Type::bool() {
                    bool_value(k != 0)
                } else if head == Type::int() {
                    Expr::Const(Const::Int(k))
                } else {
                    Expr::Construct {
                        ty: result,
                        index: k as u32,
                        args: vec![],
                    }
                };
                Expr::Seq(bx(args.pop().unwrap()), bx(constant))
            }
            BuiltinImpl::Value(p) => Expr::Prim(p, vec![unit_value()]),
            BuiltinImpl::LazyForce => self.lazy_force(args.pop().unwrap(), &result)?,
            BuiltinImpl::Unavailable(_) => unreachable!("checked where the external is used"),
        })
    }

    fn builtin_arity(&self, i: usize) -> usize {
        match self.builtins[i].imp {
            BuiltinImpl::Prim(_, n) => n.max(1),
            BuiltinImpl::LeftToRight(_, n) => n,
            BuiltinImpl::Value(_) => 0,
            BuiltinImpl::Raise(_)
            | BuiltinImpl::Ref
            | BuiltinImpl::Deref
            | BuiltinImpl::Field(_)
            | BuiltinImpl::Ignore
            | BuiltinImpl::AddConst(_)
            | BuiltinImpl::IncrRef(_)
            | BuiltinImpl::Const(_)
            | BuiltinImpl::LazyForce
            | BuiltinImpl::Unavailable(_) => 1,
            BuiltinImpl::And
            | BuiltinImpl::Or
            | BuiltinImpl::Assign
            | BuiltinImpl::RaiseWithBacktrace
            | BuiltinImpl::RevApply
            | BuiltinImpl::Apply => 2,
        }
    }

    fn apply(
        &mut self,
        f: &ast::Expr,
        args: &[(ast::ArgLabel, ast::Expr)],
        span: Span,
    ) -> TResult<(Expr, Type)> {
        if let ExprKind::Var(name) = &f.kind {
            if let [(ast::ArgLabel::Nolabel, arg)] = args {
                if let Some(r) = self.location_of_applied(name, arg, span)? {
                    return Ok(r);
                }
            }
        }
        // A saturated builtin becomes its primitive directly.
        let unlabelled = args.iter().all(|(l, _)| *l == ast::ArgLabel::Nolabel);
        if let (ExprKind::Var(name), true) = (&f.kind, unlabelled) {
            if let Some(ValueBinding::Builtin(i)) = self.env.lookup(name) {
                self.check_available(i, f.span)?;
                let arity = self.builtin_arity(i);
                if args.len() >= arity {
                    let mut t = self.builtin_type(i);
                    let mut xs = Vec::new();
                    for (_, a) in &args[..arity] {
                        let Type::Arrow(p, r) = t else {
                            unreachable!("builtin arity")
                        };
                        // Typed against the parameter, as any argument (OCaml's
                        // `type_argument`): `x |> function A -> ..` disambiguates `A`.
                        let (x, xt) = self.expr_expected(a, Some(&p))?;
                        self.expect(a.span, &xt, &p)?;
                        xs.push(x);
                        t = *r;
                    }
                    let head = self.builtin_apply(i, xs, t.clone())?;
                    return self.apply_labelled(head, t, &args[arity..], f.span);
                }
            }
        }
        let (head, t) = self.expr(f)?;
        self.apply_labelled(head, t, args, f.span)
    }

    /// `function cases`.
    fn function(
        &mut self,
        cases: &[ast::Case],
        span: Span,
        expected: Option<&Type>,
    ) -> TResult<(Expr, Type)> {
        let t = self.u.fresh_var();
        let result = self.expected_arrow(&t, expected);
        if result.is_none() {
            // OCaml types the cases against the expected parameter (`filter_arrow`):
            // it picks the type of constructors several types declare (`x |>
            // function A -> ..` with `x : t`).
            self.expected_parameter(&t, expected);
        }
        let x = self.fresh_var("_param", t.clone(), span);
        let refined = self.refined_count();
        let (body, rt) = self.match_cases_expected(x, &t, cases, span, result.as_ref())?;
        let body = self.cast_if_refined(body, refined);
        Ok((
            Expr::Fun(vec![x], bx(body), self.fun_name()),
            Type::arrow(t, rt),
        ))
    }

    /// `fun p1 .. pn -> body`, the parameters possibly labelled (`~x`, `?(x = d)`).
    fn fun(
        &mut self,
        params: &[ast::Param],
        body: &ast::Expr,
        expected: Option<&Type>,
    ) -> TResult<(Expr, Type)> {
        let mark = self.env.mark();
        // The equations of GADT patterns among the parameters hold in the body.
        let eq_mark = self.equations_mark();
        // The existential types the parameters' patterns name (`named_existentials`).
        let names_mark = self.pattern_type_names.len();
        let refined = self.refined_count();
        let mut expected = expected.cloned();
        // The body's type, older than the parameters' existentials (which must not escape).
        let result_ty = self.u.fresh_var();
        let mut vars = Vec::new();
        let mut tys = Vec::new();
        // What the body does first, in order: an optional parameter's default (`x = match
        // opt with Some v -> v | None -> d`) and the patterns of the parameters.
        let mut prologue = Vec::new();
        // The type expected of the rest of the function, for its parameters' labels.
        let mut shape = expected.clone();
        for p in params {
            let span = Span::new(p.pat.span.lo, body.span.hi);
            shape = self.fun_parameter_label(&p.label, shape.as_ref(), span)?;
            let (param_ty, value_ty) = match &p.label {
                ast::ArgLabel::Optional(_) if p.default.is_some() => {
                    let t = self.u.fresh_var();
                    (Type::Con(TyCon::OPTION, vec![t.clone()]), t)
                }
                ast::ArgLabel::Optional(_) => {
                    let t = Type::Con(TyCon::OPTION, vec![self.u.fresh_var()]);
                    (t.clone(), t)
                }
                _ => {
                    let t = self.u.fresh_var();
                    if matches!(p.label, ast::ArgLabel::Nolabel) {
                        expected = self.expected_arrow(&t, expected.as_ref());
                    } else {
                        expected = None;
                    }
                    (t.clone(), t)
                }
            };
            let var_name = match &p.pat.kind {
                PatternKind::Var(name) if p.default.is_none() => name.as_str(),
                _ if p.default.is_some() => "*opt*",
                _ => "_arg",
            };
            let v = self.fresh_var(var_name, param_ty.clone(), p.pat.span);
            vars.push(v);
            tys.push((p.label.clone(), param_ty));
            // The value the pattern matches: the parameter, or its default's result.
            let value = match &p.default {
                Some(d) => {
                    // Typed where the earlier parameters are bound, the later ones not yet.
                    let (dx, dt) = self.expr(d)?;
                    self.expect(d.span, &dt, &value_ty)?;
                    let name = match &p.pat.kind {
                        PatternKind::Var(name) => name.as_str(),
                        _ => "_arg",
                    };
                    let x = self.fresh_var(name, value_ty.clone(), d.span);
                    prologue.push(Prologue::Default {
                        x,
                        opt: v,
                        default: dx,
                        ty: value_ty.clone(),
                    });
                    x
                }
                None => v,
            };
            match &p.pat.kind {
                PatternKind::Var(name) => self.env.bind(name, ValueBinding::Var(value)),
                _ => {
                    let (pat, _) = self.pattern_binding(&p.pat, &value_ty)?;
                    prologue.push(Prologue::Match(value, pat, p.pat.span));
                }
            }
        }
        if let Some(e) = &expected {
            let _ = self.u.unify(&result_ty, e, &self.types);
        }
        let type_names = self.pattern_type_names.split_off(names_mark);
        let saved_names = self.bind_type_names(&type_names);
        let typed_body = self.expr_expected(body, expected.as_ref());
        self.restore_type_names(saved_names);
        let (mut b, bt) = typed_body?;
        self.expect(body.span, &bt, &result_ty)?;
        // The function's result is the type the body was checked against (under the
        // parameters' GADT equations, the body's own type may be another name for it).
        let bt = result_ty;
        self.drop_equations(eq_mark);
        self.env.restore(mark);
        // `fun a b -> function ..` / `fun a -> fun b -> ..` is one function of all the
        // parameters (nothing is computed in between), as OCaml counts arity; defaults are
        // computed when the whole function is applied (OCaml's `push_defaults`).
        let mergeable = prologue
            .iter()
            .all(|p| matches!(p, Prologue::Default { .. }));
        if let (true, Expr::Fun(inner, inner_body, _)) = (mergeable, &mut b) {
            vars.append(inner);
            b = std::mem::replace(&mut **inner_body, Expr::Const(Const::Int(0)));
        }
        for step in prologue.into_iter().rev() {
            b = match step {
                Prologue::Default {
                    x,
                    opt,
                    default,
                    ty,
                } => {
                    let option = Type::Con(TyCon::OPTION, vec![ty.clone()]);
                    let value = Expr::Switch {
                        scrut: bx(Expr::Var(opt)),
                        kind: crate::lambda::ir::SwitchKind::Constructor(option),
                        arms: vec![(0, default), (1, Expr::Field(bx(Expr::Var(opt)), 0))],
                        default: None,
                        ty,
                    };
                    Expr::Local(x, bx(value), bx(b))
                }
                Prologue::Match(v, pat, span) => self.bind_pattern(v, pat, b, &bt, span, span)?,
            };
        }
        let b = self.cast_if_refined(b, refined);
        let mut ty = bt;
        for (label, param) in tys.into_iter().rev() {
            ty = self.labelled_arrow(&label, param, ty, true);
        }
        Ok((Expr::Fun(vars, bx(b), self.fun_name()), ty))
    }

    /// In a locally abstract type's body (GADTs, [`super::gadt`]): when the context expects
    /// a function type, unifies `param` with its parameter and gives its result type.
    fn expected_arrow(&mut self, param: &Type, expected: Option<&Type>) -> Option<Type> {
        if !self.propagates_expected() {
            return None;
        }
        let e = self.u.shallow(expected?).into_owned();
        match e {
            Type::Arrow(a, r) if !self.is_label_con(&a) => {
                let _ = self.u.unify(param, &a, &self.types);
                Some(*r)
            }
            _ => None,
        }
    }

    /// Unifies `param` with the parameter of `expected` when that is an unlabelled arrow
    /// (a mismatch is left to the caller's check of the whole type).
    fn expected_parameter(&mut self, param: &Type, expected: Option<&Type>) {
        let Some(e) = expected else { return };
        if let Type::Arrow(a, _) = self.u.shallow(e).into_owned() {
            if !self.is_label_con(&a) {
                let _ = self.u.unify(param, &a, &self.types);
            }
        }
    }

    fn is_label_con(&self, t: &Type) -> bool {
        matches!(&*self.u.shallow(t), Type::Con(c, _) if self.u.label_cons.contains(c))
    }

    /// Instantiates a constructor: its declaration, fresh type arguments, argument types.
    pub(super) fn ctor_instance(
        &mut self,
        name: &str,
        span: Span,
        expected: Option<&Type>,
    ) -> TResult<(CtorRef, Type, Vec<Type>)> {
        let Some(c) = self
            .expected_ctor(name, expected)
            .or_else(|| self.env.ctors.get(name).copied())
        else {
            return Err(Diagnostic::error(
                span,
                format!("Unbound constructor {name}"),
            ));
        };
        match c {
            CtorRef::Variant(con, i) => {
                if let Some((ty, args)) = self.gadt_instance(con, i) {
                    return Ok((c, ty, args));
                }
                let decl = self.types.decl(con).clone();
                let DeclKind::Variant(ctors) = &decl.kind else {
                    unreachable!()
                };
                let fresh: Vec<Type> = decl.params.iter().map(|_| self.u.fresh_var()).collect();
                let inst = |t: &Type| {
                    decl.params
                        .iter()
                        .zip(&fresh)
                        .fold(t.clone(), |t, (v, f)| t.subst(*v, f))
                };
                let args = ctors[i as usize].args.iter().map(inst).collect();
                Ok((c, Type::Con(con, fresh), args))
            }
            CtorRef::Exception(i) => {
                let (ty, args) = self.exception_ctor_instance(i);
                Ok((c, ty, args))
            }
        }
    }

    /// Prelude function `name` (one captured in `prelude_functions`) at a fresh instance of
    /// its type: the expression naming it and that type, its head shallowly resolved.
    pub(super) fn prelude_function_instance(
        &mut self,
        name: &str,
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let f = self.prelude_functions.get(name).copied().ok_or_else(|| {
            Diagnostic::error(
                span,
                format!("internal error: the prelude defines no `{name}`"),
            )
        })?;
        let scheme = self.vars.ty(f).clone();
        let (ft, args) = self.u.instantiate(&scheme);
        let mut head = Expr::Var(f);
        for a in args {
            head = Expr::TyApp(bx(head), a);
        }
        Ok((head, self.u.shallow(&ft).into_owned()))
    }

    /// The constructor `name` of the variant type the context expects, if it has one.
    fn expected_ctor(&self, name: &str, expected: Option<&Type>) -> Option<CtorRef> {
        // Expanded as OCaml's disambiguation does: a functor's `S.t` stands for its argument's.
        let Type::Con(con, _) = self.u.expand_head(expected?) else {
            return None;
        };
        let DeclKind::Variant(ctors) = &self.types.decl(con).kind else {
            return None;
        };
        let i = ctors.iter().position(|c| c.name == name)?;
        Some(CtorRef::Variant(con, i as u32))
    }

    fn construct(
        &mut self,
        name: &str,
        arg: Option<&ast::Expr>,
        span: Span,
        expected: Option<&Type>,
    ) -> TResult<(Expr, Type)> {
        if let Some(tag) = name.strip_prefix('`') {
            return self.variant_expr(tag, arg);
        }
        let (c, ty, arg_tys) = self.ctor_instance(name, span, expected)?;
        use super::inline_records::InlineCtor;
        match c {
            CtorRef::Variant(con, i) => {
                if let Some(rc) = self.inline_record_of(con, i) {
                    if self.private_types.contains(&con) {
                        return Err(self.private_type_error(span, &ty));
                    }
                    let ctor = InlineCtor::Variant(i);
                    return self.construct_inline(name, arg, rc, ctor, ty, &arg_tys, span);
                }
            }
            CtorRef::Exception(i) => {
                if let Some(rc) = self.exception_record_of(i) {
                    let ctor = InlineCtor::Exception(i);
                    return self.construct_inline(name, arg, rc, ctor, ty, &arg_tys, span);
                }
            }
        }
        let given: Vec<&ast::Expr> = match (arg, arg_tys.len()) {
            (None, _) => vec![],
            (Some(a), 1) => vec![a],
            (Some(a), n) => match &a.kind {
                ExprKind::Tuple(es) if es.len() == n => es.iter().collect(),
                _ => vec![a],
            },
        };
        if given.len() != arg_tys.len() {
            return Err(super::pattern::ctor_arity_error(
                name,
                arg_tys.len(),
                given.len(),
                span,
            ));
        }
        // A first-class module argument needs its type from the context (OCaml propagates
        // the expected type into the constructor's arguments).
        let packs = given.iter().any(|a| has_pack(a));
        if let (true, Some(e)) = (packs, expected) {
            let _ = self.u.unify(&ty, e, &self.types);
        }
        let mut args = Vec::new();
        for (a, t) in given.iter().zip(&arg_tys) {
            // A constructor argument that is a constructor is disambiguated by the argument's
            // type (`List [1; 2]` with `[]` and `::` redefined: OCaml's `type_construct`
            // propagates the expected type).
            let directed = has_pack(a) || matches!(a.kind, ExprKind::Construct(..));
            let (x, xt) = match directed {
                true => self.expr_expected(a, Some(t))?,
                false => self.expr(a)?,
            };
            self.expect(a.span, &xt, t)?;
            args.push(x);
        }
        // OCaml's `type_construct`, once the arguments are typed.
        if let CtorRef::Variant(con, _) = c {
            if self.private_types.contains(&con) {
                return Err(self.private_type_error(span, &ty));
            }
        }
        Ok(match c {
            CtorRef::Variant(_, i) => (
                Expr::Construct {
                    ty: ty.clone(),
                    index: i,
                    args,
                },
                ty,
            ),
            CtorRef::Exception(i) => (self.construct_exception(i, args, &arg_tys), ty),
        })
    }

    /// OCaml's `Private_type`: building a value of a private variant or record.
    pub(super) fn private_type_error(&self, span: Span, ty: &Type) -> Diagnostic {
        Diagnostic::error(
            span,
            format!(
                "Cannot create values of the private type {}",
                self.print_type(ty)
            ),
        )
    }
}

/// Whether `e` is a first-class module, or constructors around one (`Some (module M)`,
/// `[(module M)]`), whose type must come from the context.
fn has_pack(e: &ast::Expr) -> bool {
    match &e.kind {
        ExprKind::Pack(_) => true,
        ExprKind::Construct(_, Some(a)) => has_pack(a),
        ExprKind::Tuple(es) => es.iter().any(has_pack),
        _ => false,
    }
}

/// Keeps source locations on the nodes later stages attribute code to. Code without a source
/// position (the prelude's and the installed stdlib's, see `Typer::code_span`) gets no `Loc`:
/// where it is inlined it is on the line of the call, not on no line (issue #23: `incr r`).
///
/// The installed units' code keeps only what backtraces read (calls and raises): the line
/// table does not describe it (`adapters/src/debuginfo`), and a location on each of its
/// primitives and values would make every stage's tree bigger for nothing.
fn wrap_loc(span: Span, e: Expr) -> Expr {
    if span == Span::default() {
        return e;
    }
    if crate::installed_files::is_installed(span.lo) {
        return match e {
            Expr::App(..) | Expr::Raise(..) => Expr::Loc(SrcLoc::new(span), bx(e)),
            e => e,
        };
    }
    match e {
        Expr::App(..) | Expr::Prim(..) | Expr::Raise(..) | Expr::SetField(..) => {
            Expr::Loc(SrcLoc::new(span), bx(e))
        }
        // A value built on its own line (a record, a tuple, a constructor with arguments):
        // its allocation is that line's code (issue #23).
        Expr::Construct { ref args, .. } | Expr::ConstructExn { ref args, .. }
            if !args.is_empty() =>
        {
            Expr::Loc(SrcLoc::new(span), bx(e))
        }
        e => e,
    }
}

/// Inside a generalised `let rec` group, recursive uses are at the group's own type variables.
fn instantiate_rec_uses(e: &mut Expr, members: &[VarId], vs: &[TyVar]) {
    match e {
        Expr::Var(v) if members.contains(v) => {
            let mut x = Expr::Var(*v);
            for &t in vs {
                x = Expr::TyApp(bx(x), Type::Var(t));
            }
            *e = x;
        }
        _ => crate::lambda::visit::each_child_mut(e, &mut |c| instantiate_rec_uses(c, members, vs)),
    }
}

/// Whether a case's pattern has an exception part: `exception p`, possibly under or-patterns.
fn has_exception_case(p: &ast::Pattern) -> bool {
    match &p.kind {
        PatternKind::Exception(_) => true,
        PatternKind::Or(a, b) => has_exception_case(a) || has_exception_case(b),
        _ => false,
    }
}

/// A match case's pattern split into the part matching values and the part matching
/// exceptions (OCaml's `Typedtree.split_pattern`): `exception` may occur only under
/// or-patterns at the top of the case. Both sides of each or-pattern bind the same names.
fn split_exception_pattern(
    p: &ast::Pattern,
) -> TResult<(Option<ast::Pattern>, Option<ast::Pattern>)> {
    match &p.kind {
        PatternKind::Exception(q) => Ok((None, Some((**q).clone()))),
        PatternKind::Or(a, b) => {
            let (va, ea) = split_exception_pattern(a)?;
            let (vb, eb) = split_exception_pattern(b)?;
            let (mut na, mut nb) = (Vec::new(), Vec::new());
            pattern_names(a, &mut na);
            pattern_names(b, &mut nb);
            if let Some(name) = na
                .iter()
                .chain(&nb)
                .find(|n| !na.contains(n) || !nb.contains(n))
            {
                return Err(Diagnostic::error(
                    p.span,
                    format!("Variable {name} must occur on both sides of this | pattern"),
                ));
            }
            let join = |x: Option<ast::Pattern>, y: Option<ast::Pattern>| match (x, y) {
                (Some(x), Some(y)) => Some(ast::Pattern {
                    kind: PatternKind::Or(Box::new(x), Box::new(y)),
                    span: p.span,
                }),
                (x, None) => x,
                (None, y) => y,
            };
            Ok((join(va, vb), join(ea, eb)))
        }
        _ => Ok((Some(p.clone()), None)),
    }
}

/// The variable names a pattern binds, in order (OCaml rejects a pattern binding one twice).
fn pattern_names(p: &ast::Pattern, out: &mut Vec<String>) {
    match &p.kind {
        PatternKind::Var(n) => out.push(n.clone()),
        PatternKind::Alias(q, n) => {
            pattern_names(q, out);
            out.push(n.clone())
        }
        PatternKind::Tuple(ps) | PatternKind::Array(ps) => {
            ps.iter().for_each(|q| pattern_names(q, out))
        }
        PatternKind::Construct(_, q) => q.iter().for_each(|q| pattern_names(q, out)),
        PatternKind::Record { fields, .. } => {
            fields.iter().for_each(|(_, _, q)| pattern_names(q, out))
        }
        // Both sides bind the same names (checked where the or-pattern is typed).
        PatternKind::Or(a, _) => pattern_names(a, out),
        PatternKind::Constraint(q, _)
        | PatternKind::Exception(q)
        | PatternKind::Lazy(q)
        | PatternKind::Open(_, q)
        | PatternKind::NamedExistentials(_, q) => pattern_names(q, out),
        PatternKind::Any | PatternKind::Constant(_) | PatternKind::CharRange(..) => {}
    }
}

/// `e` under its location wrappers.
fn without_locs(mut e: &Expr) -> &Expr {
    while let Expr::Loc(_, b) = e {
        e = b;
    }
    e
}

/// `Assert_failure (file, line, col)`, the exception `assert` raises.
fn assert_failure(file: String, line: i64, col: i64) -> Expr {
    Expr::ConstructExn {
        index: EXN_ASSERT_FAILURE,
        args: vec![Expr::Construct {
            ty: Type::Tuple(vec![Type::string(), Type::int(), Type::int()]),
            index: 0,
            args: vec![
                Expr::Const(Const::String(file.into_bytes().into())),
                Expr::Const(Const::Int(line)),
                Expr::Const(Const::Int(col)),
            ],
        }],
    }
}
