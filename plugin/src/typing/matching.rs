//! Pattern-match compilation to decision trees (Maranget, "Compiling pattern matching to good
//! decision trees", 2008), producing lambda `Switch`/`If`/`Field`.
//!
//! The clause matrix has one row per clause (or-patterns expand into several rows of the same
//! clause) and one column per *occurrence* (a variable holding a sub-value of the scrutinee).
//! `compile` picks the first column in which the first row is refutable, and splits on the
//! constructors (or constants) of that column: each arm specialises the matrix, so nothing
//! already known is tested again. A row whose patterns are all irrefutable is selected: its
//! variables are bound to their occurrences, its guard (if any) runs, and on guard failure the
//! rows of *later clauses* are tried (OCaml binds an or-pattern from its first matching
//! alternative, then runs the guard once).
//!
//! Clause bodies and guards become local functions of the clause's variables when the tree
//! reaches them from several leaves, and are inlined in place when it reaches them once.

use std::collections::HashMap;

use super::builtins::EXN_MATCH_FAILURE;
use super::pattern::{Bindings, Pat};
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Const, DeclKind, Expr, Prim, RaiseKind, SwitchKind, Type, VarId};
use crate::syntax::ast;

#[derive(Clone)]
struct Row {
    pats: Vec<Pat>,
    /// (pattern variable, occurrence) pairs bound so far.
    binds: Vec<(VarId, VarId)>,
    clause: usize,
}

struct Clause {
    /// The clause's pattern: the location of the loads that test and bind what it matches
    /// (OCaml's matching gives them the pattern's location), so the arm's line has code.
    pat_span: Span,
    /// Where the clause's lazy values are forced: its pattern's span (a `let`'s too, whose
    /// loads have no location of their own).
    force_span: Span,
    vars: Vec<VarId>,
    has_guard: bool,
    /// Function variables standing for the body and the guard (`fun vars -> ...`).
    body_fn: VarId,
    guard_fn: Option<VarId>,
}

/// What to do when no clause matches.
#[derive(Clone)]
enum Failure {
    MatchFailure(Span),
    /// Re-raise the exception in this variable (`try ... with` without a matching handler).
    Reraise(VarId),
}

struct Compiler {
    clauses: Vec<Clause>,
    result_ty: Type,
    failure: Failure,
    partial: bool,
}

/// The names a handler's pattern binds at its top: a variable, and the aliases of `p as x`
/// (OCaml's `Translcore.iter_exn_names`).
fn exception_names<'a>(p: &'a ast::Pattern, out: &mut Vec<&'a str>) {
    match &p.kind {
        ast::PatternKind::Var(x) => out.push(x),
        ast::PatternKind::Alias(q, x) => {
            out.push(x);
            exception_names(q, out);
        }
        ast::PatternKind::Constraint(q, _) => exception_names(q, out),
        _ => {}
    }
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl<'s> Typer<'s> {
    /// Elaborates `match x with cases` where `x : t` is already bound.
    pub(super) fn match_cases(
        &mut self,
        x: VarId,
        t: &Type,
        cases: &[ast::Case],
        span: Span,
        is_try: bool,
    ) -> TResult<(Expr, Type)> {
        self.match_cases_binding(x, t, cases, span, is_try, None, false)
            .map(|(e, t, _)| (e, t))
    }

    /// [`Typer::match_cases`] where the context expects `expected` (propagated into the
    /// bodies in a locally abstract type's body: GADT branches need it, see [`super::gadt`]).
    pub(super) fn match_cases_expected(
        &mut self,
        x: VarId,
        t: &Type,
        cases: &[ast::Case],
        span: Span,
        expected: Option<&Type>,
    ) -> TResult<(Expr, Type)> {
        self.match_cases_binding(x, t, cases, span, false, expected, false)
            .map(|(e, t, _)| (e, t))
    }

    /// [`Typer::match_cases`], also giving the variables each case's pattern binds. With
    /// `poly`, `t` has variables left to generalise (the scrutinee was typed one level deeper):
    /// the patterns are typed at that level too and their variables generalised
    /// (`typing::pattern_poly`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn match_cases_binding(
        &mut self,
        x: VarId,
        t: &Type,
        cases: &[ast::Case],
        span: Span,
        is_try: bool,
        expected: Option<&Type>,
        poly: bool,
    ) -> TResult<(Expr, Type, Vec<Bindings>)> {
        let result_ty = self.u.fresh_var();
        if let Some(e) = expected.filter(|_| self.propagates_expected()) {
            let _ = self.u.unify(&result_ty, e, &self.types);
        }
        let mut rows = Vec::new();
        let mut clauses = Vec::new();
        let mut bodies = Vec::new();
        let mut case_binds = Vec::new();
        // All patterns first, then the variant types they test are closed or opened
        // (`pvariant::close_variants`), then guards and bodies, as OCaml's `type_cases`.
        // Each pattern's GADT equations hold in its case only: dropped after the pattern,
        // re-added for its guard and body.
        let mut pats = Vec::new();
        let mut kept = Vec::new();
        let mut refuted = false;
        for case in cases {
            let mut binds = Bindings::new();
            let eq_mark = self.equations_mark();
            let names_mark = self.pattern_type_names.len();
            self.u.level += poly as u32;
            let pat = self.pattern(&case.pat, t, &mut binds);
            self.u.level -= poly as u32;
            let pat = pat?;
            let type_names = self.pattern_type_names.split_off(names_mark);
            if matches!(case.body.kind, ast::ExprKind::Unreachable) {
                // A refutation case `p -> .`: `p` must match no value, or none that an
                // earlier case does not already take (OCaml: an unused case); it is then
                // dropped.
                let unused = kept
                    .iter()
                    .zip(&pats)
                    .any(|(c, (q, _, _)): (&&ast::Case, _)| {
                        c.guard.is_none() && super::pattern::subsumes(q, &pat)
                    });
                if !unused {
                    self.refute(&pat, t, case.pat.span)?;
                }
                refuted = true;
                self.drop_equations(eq_mark);
                continue;
            }
            let eqs = self.drop_equations(eq_mark);
            pats.push((pat, binds, (eqs, type_names)));
            kept.push(case);
        }
        let cases = kept;
        for (case, (pat, _, _)) in cases.iter().zip(&pats) {
            self.matched_tags_allowed(pat, case.pat.span)?;
        }
        self.close_variants(&pats.iter().map(|(p, _, _)| p).collect::<Vec<_>>());
        let gadt_pats: Vec<Pat> = pats.iter().map(|(p, _, _)| p.clone()).collect();
        let mut polys = if poly {
            let groups: Vec<Vec<VarId>> = pats
                .iter()
                .map(|(_, binds, _)| binds.iter().map(|(_, v, _)| *v).collect())
                .collect();
            self.generalize_pattern_vars(t, &groups)
        } else {
            Vec::new()
        }
        .into_iter();
        for (i, (case, (pat, binds, (eqs, type_names)))) in cases.iter().zip(pats).enumerate() {
            let poly_vars = polys.next().unwrap_or_default();
            let eq_mark = self.equations_mark();
            self.readd_equations(&eqs);
            // The existential types the pattern named (`named_existentials`).
            let saved_names = self.bind_type_names(&type_names);
            let mark = self.env.mark();
            for (name, v, _) in &binds {
                self.env.bind(name, super::env::ValueBinding::Var(*v));
            }
            if is_try {
                let mut names = Vec::new();
                exception_names(&case.pat, &mut names);
                for (name, v, _) in &binds {
                    if names.contains(&name.as_str()) {
                        self.reraise_vars.insert(*v);
                    }
                }
            }
            let guard = match &case.guard {
                Some(g) => {
                    let views = self.bind_poly_views(&poly_vars);
                    let (ge, gt) = self.expr(g)?;
                    self.expect(g.span, &gt, &Type::bool())?;
                    Some(super::pattern_poly::wrap_views(views, ge))
                }
                None => None,
            };
            let views = self.bind_poly_views(&poly_vars);
            let (body, bt) = if self.propagates_expected() {
                self.expr_expected(&case.body, Some(&result_ty))?
            } else {
                self.expr(&case.body)?
            };
            let body = super::pattern_poly::wrap_views(views, body);
            self.expect(case.body.span, &bt, &result_ty)?;
            self.restore_type_names(saved_names);
            self.env.restore(mark);
            self.drop_equations(eq_mark);
            let vars: Vec<VarId> = binds.iter().map(|(_, v, _)| *v).collect();
            let fn_ty = |typer: &mut Self, r: Type| {
                let params: Vec<Type> = if vars.is_empty() {
                    vec![Type::unit()]
                } else {
                    vars.iter().map(|v| typer.vars.ty(*v).clone()).collect()
                };
                Type::arrows(params.into_iter(), r)
            };
            let bft = fn_ty(self, result_ty.clone());
            let body_fn = self.fresh_var(&format!("_case{i}"), bft, case.body.span);
            let guard_fn = guard.as_ref().map(|_| {
                let gft = fn_ty(self, Type::bool());
                self.fresh_var(&format!("_guard{i}"), gft, span)
            });
            clauses.push(Clause {
                pat_span: self.code_span(case.pat.span),
                force_span: self.code_span(case.pat.span),
                vars,
                has_guard: guard.is_some(),
                body_fn,
                guard_fn,
            });
            bodies.push((body, guard));
            case_binds.push(binds);
            rows.push(Row {
                pats: vec![pat],
                binds: vec![],
                clause: i,
            });
        }
        let failure = if is_try {
            Failure::Reraise(x)
        } else {
            Failure::MatchFailure(span)
        };
        let mut c = Compiler {
            clauses,
            result_ty: result_ty.clone(),
            failure,
            partial: false,
        };
        let tree = c.compile(self, vec![x], rows);
        // The match compiler does not know which GADT constructors a branch's types exclude:
        // no warning for matches on GADTs (OCaml's checker would often find them exhaustive),
        // nor for matches with refutation cases (the cases the program says are empty).
        if c.partial && !is_try && !refuted && !self.matches_gadt(&gadt_pats) {
            self.warnings.push(Diagnostic::warning(
                span,
                "this pattern-matching is not exhaustive",
            ));
        }
        let tree = self.place_clause_functions(tree, &c.clauses, bodies);
        Ok((tree, result_ty, case_binds))
    }

    /// `let pat = <x> in body` for a destructuring binding: a one-clause match whose result,
    /// `body`, has type `body_ty` (so has the `Match_failure` branch of a refutable `pat`, at
    /// `span`); `pat_span` is the pattern's (where its lazy values are forced).
    pub(super) fn bind_pattern(
        &mut self,
        x: VarId,
        pat: Pat,
        body: Expr,
        body_ty: &Type,
        span: Span,
        pat_span: Span,
    ) -> TResult<Expr> {
        let mut vars = Vec::new();
        collect_vars(&pat, &mut vars);
        // Called from several leaves (an or-pattern), the body becomes a local function.
        let params: Vec<Type> = if vars.is_empty() {
            vec![Type::unit()]
        } else {
            vars.iter().map(|v| self.vars.ty(*v).clone()).collect()
        };
        let bft = Type::arrows(params.into_iter(), body_ty.clone());
        let body_fn = self.fresh_var("_bind", bft, span);
        let clauses = vec![Clause {
            pat_span: Span::default(),
            force_span: self.code_span(pat_span),
            vars,
            has_guard: false,
            body_fn,
            guard_fn: None,
        }];
        let rows = vec![Row {
            pats: vec![pat],
            binds: vec![],
            clause: 0,
        }];
        let mut c = Compiler {
            clauses,
            result_ty: body_ty.clone(),
            failure: Failure::MatchFailure(span),
            partial: false,
        };
        let tree = c.compile(self, vec![x], rows);
        if c.partial {
            self.warnings.push(Diagnostic::warning(
                span,
                "this pattern-matching is not exhaustive",
            ));
        }
        Ok(self.place_clause_functions(tree, &c.clauses, vec![(body, None)]))
    }

    /// Replaces each clause's calls by its body: inline when called once, else a local function.
    fn place_clause_functions(
        &mut self,
        mut tree: Expr,
        clauses: &[Clause],
        bodies: Vec<(Expr, Option<Expr>)>,
    ) -> Expr {
        let mut counts = HashMap::new();
        count_calls(&tree, &mut counts);
        let mut wrappers = Vec::new();
        for (clause, (body, guard)) in clauses.iter().zip(bodies) {
            // The guard and the body each bind the clause's variables (as `let`s when inlined,
            // as parameters when shared): the guard gets fresh ones, so binders stay unique.
            let guard = guard.map(|mut g| {
                let fresh: Vec<VarId> = clause
                    .vars
                    .iter()
                    .map(|v| {
                        let info = self.vars.get(*v).clone();
                        self.fresh_var(&info.name, info.ty, info.span)
                    })
                    .collect();
                rename_free(&mut g, &clause.vars, &fresh);
                (g, fresh)
            });
            let mut place =
                |f: VarId, code: Expr, vars: &[VarId], tree: &mut Expr, typer: &mut Self| {
                    match counts.get(&f).copied().unwrap_or(0) {
                        0 => {}
                        1 => inline_call(tree, f, vars, code),
                        _ => {
                            let params = if vars.is_empty() {
                                vec![typer.fresh_var("_unit", Type::unit(), Span::default())]
                            } else {
                                vars.to_vec()
                            };
                            wrappers.push((f, Expr::Fun(params, bx(code), typer.fun_name())));
                        }
                    }
                };
            if let (Some((g, fresh)), Some(gf)) = (guard, clause.guard_fn) {
                place(gf, g, &fresh, &mut tree, self);
            }
            place(clause.body_fn, body, &clause.vars, &mut tree, self);
        }
        // A shared body's variables are the function's parameters: each leaf passes its
        // occurrences, so the body's binders stay unique.
        for (f, def) in wrappers.into_iter().rev() {
            tree = Expr::Local(f, bx(def), bx(tree));
        }
        tree
    }
}

/// Replaces the free occurrences of `from[i]` by `to[i]` (their binders are outside `e`).
fn rename_free(e: &mut Expr, from: &[VarId], to: &[VarId]) {
    if let Expr::Var(v) = e {
        if let Some(i) = from.iter().position(|f| f == v) {
            *v = to[i];
        }
        return;
    }
    crate::lambda::visit::each_child_mut(e, &mut |c| rename_free(c, from, to));
}

fn collect_vars(p: &Pat, out: &mut Vec<VarId>) {
    match p {
        Pat::Var(v) => out.push(*v),
        Pat::Alias(q, v) => {
            collect_vars(q, out);
            out.push(*v)
        }
        Pat::Ctor { args, .. } | Pat::Exn { args, .. } | Pat::Array { args, .. } => {
            args.iter().for_each(|a| collect_vars(a, out))
        }
        Pat::Or(a, _) => collect_vars(a, out),
        Pat::Lazy { arg, .. } => collect_vars(arg, out),
        Pat::Variant { arg: Some(arg), .. } => collect_vars(arg, out),
        _ => {}
    }
}

fn count_calls(e: &Expr, counts: &mut HashMap<VarId, usize>) {
    if let Expr::App(f, _) = e {
        if let Expr::Var(v) = **f {
            *counts.entry(v).or_default() += 1;
        }
    }
    crate::lambda::visit::each_child(e, &mut |c| count_calls(c, counts));
}

/// Replaces the single call `f args` in `tree` by `let vars = args in code`.
fn inline_call(tree: &mut Expr, f: VarId, vars: &[VarId], code: Expr) {
    let mut code = Some(code);
    fn go(e: &mut Expr, f: VarId, vars: &[VarId], code: &mut Option<Expr>) {
        if let Expr::App(g, args) = e {
            if matches!(**g, Expr::Var(v) if v == f) {
                let mut body = code.take().expect("clause called once");
                if !vars.is_empty() {
                    for (v, a) in vars.iter().zip(args.iter()).rev() {
                        body = Expr::Local(*v, bx(a.clone()), bx(body));
                    }
                }
                *e = body;
                return;
            }
        }
        crate::lambda::visit::each_child_mut(e, &mut |c| go(c, f, vars, code));
    }
    go(tree, f, vars, &mut code);
}

/// Strips variables and aliases from the head of every column into the row's bindings.
fn normalize(row: &mut Row, occs: &[VarId]) {
    for (j, p) in row.pats.iter_mut().enumerate() {
        loop {
            match std::mem::replace(p, Pat::Any) {
                Pat::Var(v) => {
                    row.binds.push((v, occs[j]));
                    *p = Pat::Any;
                }
                Pat::Alias(q, v) => {
                    row.binds.push((v, occs[j]));
                    *p = *q;
                    continue;
                }
                other => *p = other,
            }
            break;
        }
    }
}

/// The constructor-like head of a pattern, for grouping a column.
#[derive(Clone, PartialEq, Debug)]
enum Head {
    Ctor(u32),
    Exn(u32),
    Int(i64),
    Range(i64, i64),
    Str(std::rc::Rc<[u8]>),
    Float(u64),
    BoxedInt(crate::lambda::ir::BoxedIntKind, i64),
}

fn head(p: &Pat) -> Option<Head> {
    match p {
        Pat::Ctor { index, .. } => Some(Head::Ctor(*index)),
        Pat::Exn { index, .. } => Some(Head::Exn(*index)),
        Pat::Int(n) => Some(Head::Int(*n)),
        Pat::Range(a, b) => Some(Head::Range(*a, *b)),
        Pat::Str(s) => Some(Head::Str(s.clone())),
        Pat::Float(f) => Some(Head::Float(*f)),
        Pat::BoxedInt(k, n) => Some(Head::BoxedInt(*k, *n)),
        _ => None,
    }
}

impl Compiler {
    /// `load` at the pattern of the first row whose column `col` is a head `is_head` accepts
    /// (as OCaml's matching locates a field access at the head pattern it comes from).
    fn at_head(
        &self,
        rows: &[Row],
        col: usize,
        load: Expr,
        is_head: impl Fn(&Pat) -> bool,
    ) -> Expr {
        self.at_head_span(rows, col, load, is_head, |c| c.pat_span)
    }

    /// [`Compiler::at_head`] at the span `span` gives of the first such row's clause.
    fn at_head_span(
        &self,
        rows: &[Row],
        col: usize,
        load: Expr,
        is_head: impl Fn(&Pat) -> bool,
        span: impl Fn(&Clause) -> Span,
    ) -> Expr {
        let span = rows
            .iter()
            .find(|r| r.pats.get(col).is_some_and(&is_head))
            .map(|r| span(&self.clauses[r.clause]));
        match span {
            Some(span) if span != Span::default() => {
                Expr::Loc(crate::lambda::ir::SrcLoc::new(span), bx(load))
            }
            _ => load,
        }
    }

    fn compile(&mut self, t: &mut Typer, occs: Vec<VarId>, mut rows: Vec<Row>) -> Expr {
        for r in &mut rows {
            normalize(r, &occs);
        }
        let Some(first) = rows.first() else {
            self.partial = true;
            return self.fail(t);
        };
        // Expand or-patterns in the column we split on (and wherever row 0 has one).
        let col = first.pats.iter().position(|p| !p.is_irrefutable());
        let Some(col) = col else {
            return self.select(t, occs, rows);
        };
        let rows = expand_or(rows, col, &occs);
        let first = &rows[0];
        if first.pats[col].is_irrefutable() {
            // The or-pattern expanded into an irrefutable alternative.
            return self.compile(t, occs, rows);
        }
        let occ = occs[col];
        match &first.pats[col] {
            Pat::Ctor { ty, .. } => {
                let ty = ty.clone();
                self.split_ctors(t, &occs, col, occ, ty, rows)
            }
            Pat::Array { elt_ty, .. } => {
                let elt_ty = elt_ty.clone();
                self.split_arrays(t, &occs, col, occ, elt_ty, rows)
            }
            Pat::Variant { ty, .. } => {
                let ty = ty.clone();
                self.split_variants(t, &occs, col, occ, ty, rows)
            }
            Pat::Lazy {
                force, inner_ty, ..
            } => {
                // Forcing is the test (it may run code): the column's value is replaced by the
                // forced one, which every row of the column then matches (`_` as `lazy _`).
                let (force, inner_ty) = (force.clone(), inner_ty.clone());
                let forced = t.fresh_var("_forced", inner_ty, Span::default());
                let specialized = specialize(&rows, col, |p| match p {
                    Pat::Lazy { arg, .. } => Some(vec![(**arg).clone()]),
                    _ => Some(vec![Pat::Any]),
                });
                let arm = self.compile(t, splice(&occs, col, &[forced]), specialized);
                // Forcing is a call at the pattern (a backtrace's `Called from` frame), as
                // OCaml's `inline_lazy_force` at the head pattern's location.
                let value = self.at_head_span(
                    &rows,
                    col,
                    Expr::App(bx(force), vec![Expr::Var(occ)]),
                    |p| matches!(p, Pat::Lazy { .. }),
                    |c| c.force_span,
                );
                Expr::Local(forced, bx(value), bx(arm))
            }
            _ => self.split_tests(t, &occs, col, occ, rows),
        }
    }

    /// Row 0 matches: bind its variables and run its guard/body.
    fn select(&mut self, t: &mut Typer, occs: Vec<VarId>, rows: Vec<Row>) -> Expr {
        let row = &rows[0];
        let clause = &self.clauses[row.clause];
        let lookup = |v: VarId| {
            row.binds
                .iter()
                .find(|(p, _)| *p == v)
                .map(|(_, o)| *o)
                .unwrap_or(v)
        };
        // An alias variable may have a more general type than the value it names
        // (`Error _ as e`, see `Typer::as_type`): the same word, cast to its type.
        let arg = |v: VarId| {
            let o = lookup(v);
            if o != v && t.u.zonk(t.vars.ty(v)) != t.u.zonk(t.vars.ty(o)) {
                Expr::Prim(Prim::Identity, vec![Expr::Var(o)])
            } else {
                Expr::Var(o)
            }
        };
        let args: Vec<Expr> = if clause.vars.is_empty() {
            vec![super::expr::unit_value()]
        } else {
            clause.vars.iter().map(|v| arg(*v)).collect()
        };
        let call_body = Expr::App(bx(Expr::Var(clause.body_fn)), args.clone());
        if !clause.has_guard {
            return call_body;
        }
        let guard_fn = clause.guard_fn.unwrap();
        let this = row.clause;
        let rest: Vec<Row> = rows.iter().filter(|r| r.clause > this).cloned().collect();
        let otherwise = self.compile(t, occs, rest);
        Expr::If(
            bx(Expr::App(bx(Expr::Var(guard_fn)), args)),
            bx(call_body),
            bx(otherwise),
        )
    }

    fn fail(&mut self, t: &mut Typer) -> Expr {
        match self.failure.clone() {
            Failure::Reraise(x) => Expr::Raise(
                bx(Expr::Var(x)),
                self.result_ty.clone(),
                RaiseKind::Unmatched,
            ),
            Failure::MatchFailure(span) => {
                let (line, col) = t.line_col(span.lo);
                let exn = Expr::ConstructExn {
                    index: EXN_MATCH_FAILURE,
                    args: vec![Expr::Construct {
                        ty: Type::Tuple(vec![Type::string(), Type::int(), Type::int()]),
                        index: 0,
                        args: vec![
                            Expr::Const(Const::String(t.file_name_at(span.lo).into_bytes().into())),
                            Expr::Const(Const::Int(line)),
                            Expr::Const(Const::Int(col)),
                        ],
                    }],
                };
                // At the match's location, as ocamlopt's (a backtrace's `Raised at` frame).
                Expr::Loc(
                    crate::srcloc::SrcLoc::new(span),
                    bx(Expr::Raise(
                        bx(exn),
                        self.result_ty.clone(),
                        RaiseKind::Regular,
                    )),
                )
            }
        }
    }

    /// Splits on the constructors of a variant, tuple or record column.
    fn split_ctors(
        &mut self,
        t: &mut Typer,
        occs: &[VarId],
        col: usize,
        occ: VarId,
        ty: Type,
        rows: Vec<Row>,
    ) -> Expr {
        // A column whose type is a rigid type (`typing::gadt`: `a` with the equation
        // `a = int option` in this branch) dispatches on the constructors' own type.
        let ty = match t.u.zonk(&ty) {
            Type::Con(c, _) if !t.u.abstract_types.contains_key(&c) => ty,
            _ => rows
                .iter()
                .find_map(|r| match &r.pats[col] {
                    Pat::Ctor { ty, .. } => Some(ty.clone()),
                    _ => None,
                })
                .unwrap_or(ty),
        };
        let nctors = match &t.u.zonk(&ty) {
            Type::Con(c, _) => match &t.types.decl(*c).kind {
                DeclKind::Variant(cs) => cs.len(),
                _ => 1,
            },
            _ => 1,
        };
        let mut heads: Vec<(u32, Vec<Type>)> = Vec::new();
        for r in &rows {
            if let Pat::Ctor { index, arg_tys, .. } = &r.pats[col] {
                if !heads.iter().any(|(i, _)| i == index) {
                    heads.push((*index, arg_tys.clone()));
                }
            }
        }
        let mut arms = Vec::new();
        for (index, arg_tys) in &heads {
            let fields: Vec<VarId> = arg_tys
                .iter()
                .map(|ft| t.fresh_var("_f", ft.clone(), Span::default()))
                .collect();
            let specialized = specialize(&rows, col, |p| match p {
                Pat::Ctor { index: i, args, .. } if i == index => Some(args.clone()),
                Pat::Ctor { .. } => None,
                _ => Some(vec![Pat::Any; fields.len()]),
            });
            let new_occs = splice(occs, col, &fields);
            let mut arm = self.compile(t, new_occs, specialized);
            for (i, f) in fields.iter().enumerate().rev() {
                let field = match &t.u.zonk(&ty) {
                    Type::Con(c, _) => Expr::record_field(&t.types, *c, Expr::Var(occ), i as u32),
                    _ => Expr::Field(bx(Expr::Var(occ)), i as u32),
                };
                let field = self.at_head(
                    &rows,
                    col,
                    field,
                    |p| matches!(p, Pat::Ctor { index: i, .. } if i == index),
                );
                arm = Expr::Local(*f, bx(field), bx(arm));
            }
            arms.push((*index as i64, arm));
        }
        if nctors == 1 {
            return arms.pop().unwrap().1;
        }
        let default = if heads.len() < nctors {
            let rest = specialize(&rows, col, |p| match p {
                Pat::Ctor { .. } => None,
                _ => Some(vec![]),
            });
            Some(bx(self.compile(t, splice(occs, col, &[]), rest)))
        } else {
            None
        };
        Expr::Switch {
            scrut: bx(Expr::Var(occ)),
            kind: SwitchKind::Constructor(ty),
            arms,
            default,
            ty: self.result_ty.clone(),
        }
    }

    /// Splits a column of polymorphic variant tags on the tag's hash (OCaml's run-time
    /// representation: a constant tag is its hash, `` `A x `` a block `[hash, x]`): a `Switch`
    /// on `if is_int v then v else v.(0)`; the arm of `` `A p `` matches `p` against field 1.
    /// No default when the column's closed type allows no other tag.
    fn split_variants(
        &mut self,
        t: &mut Typer,
        occs: &[VarId],
        col: usize,
        occ: VarId,
        ty: Type,
        rows: Vec<Row>,
    ) -> Expr {
        let mut heads: Vec<(String, Option<Type>)> = Vec::new();
        for r in &rows {
            if let Pat::Variant {
                tag, arg, arg_ty, ..
            } = &r.pats[col]
            {
                match heads.iter_mut().find(|(h, _)| h == tag) {
                    Some((_, a)) => {
                        if a.is_none() && arg.is_some() {
                            *a = Some(arg_ty.clone())
                        }
                    }
                    None => heads.push((tag.clone(), arg.as_ref().map(|_| arg_ty.clone()))),
                }
            }
        }
        let complete = t.variant_tags_covered(&ty, heads.iter().map(|(h, _)| h.as_str()));
        let obj = || Expr::Prim(Prim::Identity, vec![Expr::Var(occ)]);
        let mut arms = Vec::new();
        for (tag, arg_ty) in &heads {
            let fields: Vec<VarId> = arg_ty
                .iter()
                .map(|at| t.fresh_var("_arg", at.clone(), Span::default()))
                .collect();
            let specialized = specialize(&rows, col, |p| match p {
                Pat::Variant { tag: g, arg, .. } if g == tag => Some(match arg {
                    Some(a) => vec![(**a).clone()],
                    None => vec![Pat::Any; fields.len()],
                }),
                Pat::Variant { .. } => None,
                _ => Some(vec![Pat::Any; fields.len()]),
            });
            let mut arm = self.compile(t, splice(occs, col, &fields), specialized);
            if let Some(f) = fields.first() {
                let value = Expr::Prim(Prim::Identity, vec![Expr::Field(bx(obj()), 1)]);
                let value = self.at_head(
                    &rows,
                    col,
                    value,
                    |p| matches!(p, Pat::Variant { tag: g, .. } if g == tag),
                );
                arm = Expr::Local(*f, bx(value), bx(arm));
            }
            arms.push((super::pvariant::hash_variant(tag), arm));
        }
        let default = if complete {
            arms.pop().map(|(_, a)| bx(a))
        } else {
            let rest = specialize(&rows, col, |p| match p {
                Pat::Variant { .. } => None,
                _ => Some(vec![]),
            });
            Some(bx(self.compile(t, splice(occs, col, &[]), rest)))
        };
        let Some(default) = default else {
            return self.fail(t);
        };
        if arms.is_empty() {
            return *default;
        }
        let hash = t.fresh_var("_hash", Type::int(), Span::default());
        let is_int = Expr::Prim(
            Prim::Runtime("egret_obj_is_int", crate::lambda::ir::Purity::Pure),
            vec![Expr::Var(occ)],
        );
        let value = Expr::If(
            bx(is_int),
            bx(obj()),
            bx(Expr::Prim(Prim::Identity, vec![Expr::Field(bx(obj()), 0)])),
        );
        let switch = Expr::Switch {
            scrut: bx(Expr::Var(hash)),
            kind: SwitchKind::Int,
            arms,
            default: Some(default),
            ty: self.result_ty.clone(),
        };
        Expr::Local(hash, bx(value), bx(switch))
    }

    /// Splits a column of array patterns on the array's length (a `Switch` on ints, as
    /// ocamlopt's `Matching.divide_array`): the arm for length n matches the elements, read
    /// in place, against the rows' n element patterns.
    fn split_arrays(
        &mut self,
        t: &mut Typer,
        occs: &[VarId],
        col: usize,
        occ: VarId,
        elt_ty: Type,
        rows: Vec<Row>,
    ) -> Expr {
        let mut lengths: Vec<usize> = Vec::new();
        for r in &rows {
            if let Pat::Array { args, .. } = &r.pats[col] {
                if !lengths.contains(&args.len()) {
                    lengths.push(args.len());
                }
            }
        }
        let rest = specialize(&rows, col, |p| match p {
            Pat::Array { .. } => None,
            _ => Some(vec![]),
        });
        let otherwise = self.compile(t, splice(occs, col, &[]), rest);
        let mut arms = Vec::new();
        for &n in &lengths {
            let elts: Vec<VarId> = (0..n)
                .map(|_| t.fresh_var("_elt", elt_ty.clone(), Span::default()))
                .collect();
            let specialized = specialize(&rows, col, |p| match p {
                Pat::Array { args, .. } if args.len() == n => Some(args.clone()),
                Pat::Array { .. } => None,
                _ => Some(vec![Pat::Any; n]),
            });
            let mut arm = self.compile(t, splice(occs, col, &elts), specialized);
            for (i, e) in elts.iter().enumerate().rev() {
                // In bounds: the length was tested, so the read cannot fail.
                let get = Expr::Prim(
                    Prim::Runtime("egret_array_get", crate::lambda::ir::Purity::ReadOnly),
                    vec![Expr::Var(occ), Expr::Const(Const::Int(i as i64))],
                );
                let get = self.at_head(
                    &rows,
                    col,
                    get,
                    |p| matches!(p, Pat::Array { args, .. } if args.len() == n),
                );
                arm = Expr::Local(*e, bx(get), bx(arm));
            }
            arms.push((n as i64, arm));
        }
        let length = Expr::Prim(
            Prim::Runtime("egret_array_length", crate::lambda::ir::Purity::Pure),
            vec![Expr::Var(occ)],
        );
        Expr::Switch {
            scrut: bx(length),
            kind: SwitchKind::Int,
            arms,
            default: Some(bx(otherwise)),
            ty: self.result_ty.clone(),
        }
    }

    /// Splits a column of constants, ranges, strings or exceptions by a chain of tests (a
    /// `Switch` on ints when every head is an int constant).
    fn split_tests(
        &mut self,
        t: &mut Typer,
        occs: &[VarId],
        col: usize,
        occ: VarId,
        rows: Vec<Row>,
    ) -> Expr {
        let mut heads: Vec<(Head, Vec<Type>)> = Vec::new();
        for r in &rows {
            if let Some(h) = head(&r.pats[col]) {
                if !heads.iter().any(|(x, _)| *x == h) {
                    let tys = match &r.pats[col] {
                        Pat::Exn { arg_tys, .. } => arg_tys.clone(),
                        _ => vec![],
                    };
                    heads.push((h, tys));
                }
            }
        }
        let rest = specialize(&rows, col, |p| {
            if head(p).is_some() {
                None
            } else {
                Some(vec![])
            }
        });
        let mut otherwise = self.compile(t, splice(occs, col, &[]), rest);
        let all_ints = heads.iter().all(|(h, _)| matches!(h, Head::Int(_)));
        let mut arms = Vec::new();
        for (h, arg_tys) in heads.iter().rev() {
            let fields: Vec<VarId> = arg_tys
                .iter()
                .map(|ft| t.fresh_var("_f", ft.clone(), Span::default()))
                .collect();
            // A value may match several heads (ranges overlap constants): keep every row whose
            // head covers this test's values, in order.
            let specialized = specialize(&rows, col, |p| match (p, h) {
                (Pat::Exn { index, args, .. }, Head::Exn(i)) if index == i => Some(args.clone()),
                (Pat::Int(n), Head::Int(m)) if n == m => Some(vec![]),
                (Pat::Range(a, b), Head::Int(m)) if a <= m && m <= b => Some(vec![]),
                (Pat::Range(a, b), Head::Range(c, d)) if a <= c && d <= b => Some(vec![]),
                (Pat::Str(s), Head::Str(x)) if s == x => Some(vec![]),
                (Pat::Float(f), Head::Float(x)) if f == x => Some(vec![]),
                (Pat::BoxedInt(k, n), Head::BoxedInt(j, m)) if k == j && n == m => Some(vec![]),
                _ if head(p).is_none() => Some(vec![Pat::Any; fields.len()]),
                _ => None,
            });
            let mut arm = self.compile(t, splice(occs, col, &fields), specialized);
            for (i, f) in fields.iter().enumerate().rev() {
                arm = Expr::Local(
                    *f,
                    bx(Expr::Field(bx(Expr::Var(occ)), (i + 1) as u32)),
                    bx(arm),
                );
            }
            if all_ints {
                if let Head::Int(n) = h {
                    arms.push((*n, arm));
                    continue;
                }
            }
            let v = || bx(Expr::Var(occ));
            // Constants of a char column are chars (the IR is typed).
            let is_char = matches!(t.u.zonk(t.vars.ty(occ)), Type::Con(c, _) if c == crate::lambda::ir::TyCon::CHAR);
            let int = |n: i64| {
                bx(Expr::Const(if is_char {
                    Const::Char(n as u8)
                } else {
                    Const::Int(n)
                }))
            };
            let test = match h {
                Head::Int(n) => Expr::Prim(Prim::IntEq, vec![*v(), *int(*n)]),
                Head::Range(a, b) => Expr::If(
                    bx(Expr::Prim(Prim::IntGe, vec![*v(), *int(*a)])),
                    bx(Expr::Prim(Prim::IntLe, vec![*v(), *int(*b)])),
                    bx(super::expr::bool_value(false)),
                ),
                Head::Str(s) => {
                    Expr::Prim(Prim::Eq, vec![*v(), Expr::Const(Const::String(s.clone()))])
                }
                Head::Float(f) => Expr::Prim(Prim::FEq, vec![*v(), Expr::Const(Const::Float(*f))]),
                Head::BoxedInt(k, n) => {
                    Expr::Prim(Prim::Eq, vec![*v(), Expr::Const(Const::BoxedInt(*k, *n))])
                }
                Head::Exn(i) => t.is_exception(*i, *v()),
                Head::Ctor(_) => unreachable!(),
            };
            otherwise = Expr::If(bx(test), bx(arm), bx(otherwise));
        }
        if all_ints && !arms.is_empty() {
            arms.reverse();
            return Expr::Switch {
                scrut: bx(Expr::Var(occ)),
                kind: SwitchKind::Int,
                arms,
                default: Some(bx(otherwise)),
                ty: self.result_ty.clone(),
            };
        }
        otherwise
    }
}

/// Or-patterns in column `col` become several rows of the same clause, in order.
fn expand_or(rows: Vec<Row>, col: usize, occs: &[VarId]) -> Vec<Row> {
    let mut out = Vec::new();
    for r in rows {
        expand_row(r, col, occs, &mut out);
    }
    out
}

fn expand_row(mut r: Row, col: usize, occs: &[VarId], out: &mut Vec<Row>) {
    match std::mem::replace(&mut r.pats[col], Pat::Any) {
        Pat::Or(a, b) => {
            let mut ra = r.clone();
            ra.pats[col] = *a;
            normalize(&mut ra, occs);
            expand_row(ra, col, occs, out);
            let mut rb = r;
            rb.pats[col] = *b;
            normalize(&mut rb, occs);
            expand_row(rb, col, occs, out);
        }
        p => {
            r.pats[col] = p;
            out.push(r)
        }
    }
}

/// Keeps the rows whose pattern in `col` is accepted by `f`, replacing it by the returned
/// sub-patterns.
fn specialize(rows: &[Row], col: usize, f: impl Fn(&Pat) -> Option<Vec<Pat>>) -> Vec<Row> {
    rows.iter()
        .filter_map(|r| {
            let subs = f(&r.pats[col])?;
            let mut pats = r.pats[..col].to_vec();
            pats.extend(subs);
            pats.extend_from_slice(&r.pats[col + 1..]);
            Some(Row {
                pats,
                binds: r.binds.clone(),
                clause: r.clause,
            })
        })
        .collect()
}

fn splice(occs: &[VarId], col: usize, new: &[VarId]) -> Vec<VarId> {
    let mut v = occs[..col].to_vec();
    v.extend_from_slice(new);
    v.extend_from_slice(&occs[col + 1..]);
    v
}
