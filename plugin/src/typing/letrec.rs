//! `let rec` of values (`let rec xs = 1 :: xs`), with OCaml 4.13's rules (`Rec_check`) and
//! its compilation scheme (`Cmmgen.transl_letrec`).
//!
//! Which definitions are allowed. Each right-hand side is classified:
//! - a function (`fun`, `function`): any use of the group's names inside is delayed;
//! - a *block* of statically known size — a constructor with arguments, a tuple, a record, a
//!   non-empty array literal, `ref e`, possibly after `e1; ..`, a `let` or an annotation: the
//!   group's names may appear as the block's fields (or nested blocks' fields: *guarded*), or
//!   under a function (delayed), never where their value would be inspected;
//! - a computation ending in a function (`let memo = Hashtbl.create 16 in fun n -> ..`, or in
//!   a local function's name): the group's names may appear under functions, or define a
//!   local alias whose uses follow the same rule;
//! - a labelled application that omits an argument (`f ~x` of `f : unit -> x:_ -> _`, which
//!   the typer builds as a closure): the function may not mention the group's names, the
//!   arguments may hold them as block fields would;
//! - anything else: if it is of statically known size (OCaml's `Static`: a constant, a block,
//!   a loop, ..) it may hold the group's names where a block's fields may (they are then the
//!   placeholder 0, or an earlier definition's value, as in `Cmmgen.transl_letrec`);
//!   otherwise it may not mention them at all.
//!
//! In a definition, `let y = e in ..` where `e` mentions the group's names makes `y` an alias
//! of them: its uses are checked as theirs.
//!
//! Otherwise the definition is OCaml's error "This kind of expression is not allowed as
//! right-hand side of `let rec'". (egret is stricter than OCaml where a name of the group is
//! shadowed inside a definition, which it does not track.)
//!
//! How they run: each block is first a *dummy* of its size (`egret_alloc_dummy`), whose
//! address the other definitions capture; the unknown-size definitions are evaluated next,
//! then the functions are defined (one `LetRec`), then each block's definition is evaluated in
//! order and its fields and tag copied into the dummy (`egret_update_dummy`). A computed
//! function's name is a one-parameter function forwarding to a cell (a `ref`) that receives
//! the computed closure in that same order: a closure's size is not known before closure
//! conversion, so it cannot be a dummy. The group is not
//! generalised (a restriction of egret's: OCaml generalises it as usual).

use super::env::ValueBinding;
use super::{TResult, Typer};
use crate::diagnostics::Diagnostic;
use crate::lambda::ir::{Const, Expr, Prim, Purity, TyCon, Type};
use crate::syntax::ast::{self, ArgLabel, ExprKind, PatternKind};

/// What a right-hand side is, for the rules above.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RecKind {
    Function,
    Block,
    /// A computation ending in a function (`let memo = .. in fun x -> ..`), or in a name that
    /// may be one: a function once typed (`ComputedFunction`), else of unknown size.
    MaybeComputedFunction,
    ComputedFunction,
    /// A labelled application, which may omit arguments (decided once typed).
    MaybePartialApplication,
    /// A labelled application that omits arguments: a function (a closure of the given
    /// arguments), compiled as a computed function.
    PartialApplication,
    Unknown,
}

pub(super) fn classify(e: &ast::Expr) -> RecKind {
    match &e.kind {
        ExprKind::Fun(..) | ExprKind::Function(_) => RecKind::Function,
        ExprKind::Construct(_, Some(_)) | ExprKind::Tuple(_) | ExprKind::Record { .. } => {
            RecKind::Block
        }
        ExprKind::Array(items) if !items.is_empty() => RecKind::Block,
        ExprKind::Lazy(_) => RecKind::Block,
        ExprKind::Apply(f, args)
            if args.len() == 1 && args[0].0 == ArgLabel::Nolabel && is_var(f, "ref") =>
        {
            RecKind::Block
        }
        ExprKind::Apply(_, args) if args.iter().any(|(l, _)| *l != ArgLabel::Nolabel) => {
            RecKind::MaybePartialApplication
        }
        ExprKind::Sequence(_, e)
        | ExprKind::Constraint(e, _)
        | ExprKind::Newtype(_, e)
        | ExprKind::Open(_, e)
        | ExprKind::Let(_, _, e) => match classify(e) {
            RecKind::Function
            | RecKind::Unknown
            | RecKind::MaybeComputedFunction
            | RecKind::MaybePartialApplication
                if is_function_tail(e) =>
            {
                RecKind::MaybeComputedFunction
            }
            k => k,
        },
        _ => RecKind::Unknown,
    }
}

/// Whether `e` is a function or a name (possibly after computations): what a computed
/// function's definition ends in.
fn is_function_tail(e: &ast::Expr) -> bool {
    match &e.kind {
        ExprKind::Fun(..) | ExprKind::Function(_) | ExprKind::Var(_) => true,
        ExprKind::Sequence(_, e)
        | ExprKind::Constraint(e, _)
        | ExprKind::Newtype(_, e)
        | ExprKind::Open(_, e)
        | ExprKind::Let(_, _, e) => is_function_tail(e),
        _ => false,
    }
}

/// Whether a computed function's definition uses the group's `names` only under functions or
/// as the definition of a local alias (`let g = f in fun x -> g x`, whose uses are checked in
/// turn): nothing calls a function of the group before it exists.
fn delayed_only(e: &ast::Expr, names: &[String]) -> bool {
    let names_ref: Vec<&str> = names.iter().map(String::as_str).collect();
    match &e.kind {
        ExprKind::Fun(..) | ExprKind::Function(_) => true,
        ExprKind::Var(n) => !names.contains(n),
        ExprKind::Sequence(a, b) => !mentions(a, &names_ref, false) && delayed_only(b, names),
        ExprKind::Constraint(e, _) | ExprKind::Newtype(_, e) | ExprKind::Open(_, e) => {
            delayed_only(e, names)
        }
        ExprKind::Let(rec, bs, body) => {
            let mut inner = names.to_vec();
            for b in bs {
                match (&b.pat.kind, &b.expr.kind) {
                    (PatternKind::Var(alias), ExprKind::Var(n))
                        if *rec == ast::RecFlag::NonRecursive && names.contains(n) =>
                    {
                        inner.push(alias.clone())
                    }
                    // A block that holds them as fields (`let rec x = `A r and ..`): the
                    // names are values already (the forwarders), not called.
                    _ if classify(&b.expr) == RecKind::Block
                        && guarded(&b.expr, &names_ref, Mode::Guarded)
                        && !is_group_var(&b.expr, &names_ref) => {}
                    _ if mentions(&b.expr, &names_ref, false) => return false,
                    _ => {}
                }
            }
            delayed_only(body, &inner)
        }
        _ => !mentions(e, &names_ref, false),
    }
}

fn is_var(e: &ast::Expr, name: &str) -> bool {
    matches!(&e.kind, ExprKind::Var(n) if n == name)
}

/// How a sub-expression's value is used: as a field of a block being built (guarded), or
/// inspected (dereferenced).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Guarded,
    Dereferenced,
}

/// Whether the group's `names` are used in `e` (a block's definition, `mode` `Guarded` for
/// the block's fields) only as fields of blocks or under functions.
fn guarded(e: &ast::Expr, names: &[&str], mode: Mode) -> bool {
    let g = |e| guarded(e, names, Mode::Guarded);
    let d = |e| guarded(e, names, Mode::Dereferenced);
    match &e.kind {
        ExprKind::Var(n) => mode == Mode::Guarded || !names.contains(&n.as_str()),
        ExprKind::Fun(..) | ExprKind::Function(_) | ExprKind::Lazy(_) => true,
        ExprKind::Construct(_, arg) => match arg.as_deref() {
            None => true,
            Some(ast::Expr {
                kind: ExprKind::Tuple(es),
                ..
            }) => es.iter().all(g),
            Some(a) => g(a),
        },
        ExprKind::Tuple(es) | ExprKind::Array(es) => es.iter().all(g),
        ExprKind::Record { fields, base } => {
            fields.iter().all(|(_, _, e)| g(e)) && base.as_deref().is_none_or(d)
        }
        ExprKind::Apply(f, args)
            if args.len() == 1 && args[0].0 == ArgLabel::Nolabel && is_var(f, "ref") =>
        {
            g(&args[0].1)
        }
        ExprKind::Sequence(a, b) => d(a) && guarded(b, names, mode),
        ExprKind::Constraint(e, _) | ExprKind::Newtype(_, e) | ExprKind::Open(_, e) => {
            guarded(e, names, mode)
        }
        ExprKind::Let(_, bs, body) => {
            // A name bound to a value that mentions the group's (even under a function) is
            // an alias of them: its uses are checked as theirs (OCaml composes the modes).
            // Transitively: in `let rec x = ref y and y = ref wrong in ..`, `x` depends on
            // `wrong` through `y`.
            let mut inner: Vec<&str> = names.to_vec();
            loop {
                let before = inner.len();
                for b in bs {
                    if mentions(&b.expr, &inner, true) {
                        let mut bound = Vec::new();
                        pattern_names(&b.pat, &mut bound);
                        for n in bound {
                            if !inner.contains(&n) {
                                inner.push(n);
                            }
                        }
                    }
                }
                if inner.len() == before {
                    break;
                }
            }
            for b in bs {
                // `let y = x in ..` (x of the group) only renames x.
                if !is_group_var(&b.expr, names) && !d(&b.expr) {
                    return false;
                }
            }
            guarded(body, &inner, mode)
        }
        _ => !mentions(e, names, false),
    }
}

/// The variables a pattern binds.
fn pattern_names<'a>(p: &'a ast::Pattern, out: &mut Vec<&'a str>) {
    match &p.kind {
        PatternKind::Var(n) => out.push(n),
        PatternKind::Alias(p, n) => {
            out.push(n);
            pattern_names(p, out)
        }
        PatternKind::Tuple(ps) | PatternKind::Array(ps) => {
            ps.iter().for_each(|p| pattern_names(p, out))
        }
        PatternKind::Construct(_, p) => p.iter().for_each(|p| pattern_names(p, out)),
        PatternKind::Record { fields, .. } => {
            fields.iter().for_each(|(_, _, p)| pattern_names(p, out))
        }
        PatternKind::Or(a, b) => {
            pattern_names(a, out);
            pattern_names(b, out)
        }
        PatternKind::Lazy(p)
        | PatternKind::Open(_, p)
        | PatternKind::NamedExistentials(_, p)
        | PatternKind::Constraint(p, _)
        | PatternKind::Exception(p) => pattern_names(p, out),
        PatternKind::Any | PatternKind::Constant(_) | PatternKind::CharRange(..) => {}
    }
}

/// OCaml's `Rec_check.classify_expression`: whether `e`'s value has a size known before it is
/// evaluated (`Static`) — a constant, a block, a function — rather
/// than one only its evaluation tells (`Dynamic`: an application, a match, a field, ..).
fn is_static(e: &ast::Expr) -> bool {
    match &e.kind {
        ExprKind::Let(_, _, e)
        | ExprKind::Open(_, e)
        | ExprKind::Sequence(_, e)
        | ExprKind::LetException(_, e)
        | ExprKind::Constraint(e, _)
        | ExprKind::Newtype(_, e) => is_static(e),
        // (A labelled application omitting an argument is `RecKind::PartialApplication`.)
        ExprKind::Apply(f, args) => {
            args.len() == 1 && args[0].0 == ArgLabel::Nolabel && is_var(f, "ref")
        }
        ExprKind::Constant(_)
        | ExprKind::Construct(..)
        | ExprKind::Record { .. }
        | ExprKind::Tuple(_)
        | ExprKind::Array(_)
        | ExprKind::For { .. }
        | ExprKind::While(..)
        | ExprKind::SetField(..)
        | ExprKind::Fun(..)
        | ExprKind::Function(_)
        | ExprKind::Lazy(_)
        | ExprKind::ExtensionConstructor(_) => true,
        _ => false,
    }
}

/// What a definition ends in (after `e;`, `let`, annotations).
fn tail(e: &ast::Expr) -> &ast::Expr {
    match &e.kind {
        ExprKind::Sequence(_, e)
        | ExprKind::Let(_, _, e)
        | ExprKind::Constraint(e, _)
        | ExprKind::Newtype(_, e)
        | ExprKind::Open(_, e) => tail(e),
        _ => e,
    }
}

/// The size of the block a definition builds, read from its syntax when it ends in an array
/// literal or `lazy` (after `e;`, `let`, annotations).
fn syntactic_block_size(e: &ast::Expr) -> Option<usize> {
    match &tail(e).kind {
        ExprKind::Array(items) if !items.is_empty() => Some(items.len()),
        // A lazy block or a forward block (`typing::lazy`, in a `let rec` definition).
        ExprKind::Lazy(_) => Some(1),
        _ => None,
    }
}

/// Whether the elaborated definition ends in a function the typer built: a labelled
/// application that omits arguments (OCaml's `is_abstracted_arg`) is
/// `let f' = f and a = arg in fun x -> f' .. a ..`.
fn ends_in_function(e: &Expr) -> bool {
    match e {
        Expr::Loc(_, e) | Expr::Local(_, _, e) | Expr::Seq(_, e) => ends_in_function(e),
        Expr::Fun(..) => true,
        _ => false,
    }
}

/// Whether `e` mentions one of `names` (`under_functions`: also inside a function's body).
fn mentions(e: &ast::Expr, names: &[&str], under_functions: bool) -> bool {
    let m = |e: &ast::Expr| mentions(e, names, under_functions);
    let cases = |cs: &[ast::Case]| {
        cs.iter()
            .any(|c| c.guard.as_ref().is_some_and(m) || m(&c.body))
    };
    match &e.kind {
        ExprKind::Var(n) => names.contains(&n.as_str()),
        ExprKind::Constant(_) | ExprKind::ExtensionConstructor(_) | ExprKind::Unreachable => false,
        // A local module's items are not inspected: assume they use the group.
        ExprKind::LetModule(..) | ExprKind::Pack(_) => true,
        // An object's methods are functions; its instance variables' initialisers are
        // evaluated when it is built.
        ExprKind::Object(o) => o.fields.iter().any(|f| match f {
            ast::ObjectField::Val { expr, .. } | ast::ObjectField::Initializer { expr, .. } => {
                m(expr)
            }
            ast::ObjectField::Method { expr, .. } => under_functions && m(expr),
        }),
        ExprKind::Override(fields) => fields.iter().any(|(_, _, x)| m(x)),
        ExprKind::SetInstVar(_, _, x) => m(x),
        // An optional parameter's default is evaluated when the function is applied.
        ExprKind::Fun(params, body) => {
            under_functions
                && (m(body) || params.iter().any(|p| p.default.as_deref().is_some_and(&m)))
        }
        ExprKind::Lazy(body) => under_functions && m(body),
        ExprKind::Function(cs) => under_functions && cases(cs),
        ExprKind::Open(_, e)
        | ExprKind::Field(e, _)
        | ExprKind::Send(e, _)
        | ExprKind::Assert(e)
        | ExprKind::Constraint(e, _)
        | ExprKind::Coerce(e, _, _)
        | ExprKind::Newtype(_, e)
        | ExprKind::LetException(_, e) => m(e),
        ExprKind::Construct(_, arg) => arg.as_deref().is_some_and(m),
        ExprKind::Apply(f, args) => m(f) || args.iter().any(|(_, a)| m(a)),
        ExprKind::Let(_, bs, body) => bs.iter().any(|b| m(&b.expr)) || m(body),
        ExprKind::If { cond, then, els } => m(cond) || m(then) || els.as_deref().is_some_and(m),
        ExprKind::Match(e, cs) | ExprKind::Try(e, cs) => m(e) || cases(cs),
        ExprKind::Tuple(es) | ExprKind::Array(es) => es.iter().any(m),
        ExprKind::Record { fields, base } => {
            fields.iter().any(|(_, _, e)| m(e)) || base.as_deref().is_some_and(m)
        }
        ExprKind::SetField(a, _, b) | ExprKind::Sequence(a, b) | ExprKind::While(a, b) => {
            m(a) || m(b)
        }
        ExprKind::For { from, to, body, .. } => m(from) || m(to) || m(body),
    }
}

/// The number of fields of the block `e` builds (its last `Construct`), if known.
fn block_size(e: &Expr) -> Option<usize> {
    match e {
        Expr::Loc(_, e) | Expr::Seq(_, e) | Expr::Local(_, _, e) => block_size(e),
        Expr::Construct { args, .. } if !args.is_empty() => Some(args.len()),
        // A polymorphic variant `` `A e `` is a cast block (`typing::pvariant`).
        Expr::Prim(Prim::Identity, args) if args.len() == 1 => block_size(&args[0]),
        _ => None,
    }
}

fn not_allowed(span: crate::diagnostics::Span) -> Diagnostic {
    Diagnostic::error(
        span,
        "This kind of expression is not allowed as right-hand side of `let rec'",
    )
}

impl<'s> Typer<'s> {
    /// `let rec` where some definition is not a function (see the module docs).
    pub(super) fn let_rec_values(
        &mut self,
        bindings: &[ast::Binding],
        in_structure: bool,
        body: &mut dyn FnMut(&mut Self) -> TResult<(Expr, Type)>,
    ) -> TResult<Expr> {
        let mut names = Vec::new();
        for b in bindings {
            let PatternKind::Var(name) = &b.pat.kind else {
                return Err(Diagnostic::error(
                    b.pat.span,
                    "Only variables are allowed as left-hand side of `let rec'",
                ));
            };
            names.push(name.as_str());
        }
        // Type the group: every name is in scope in every definition, monomorphically.
        self.u.level += 1;
        let mut group = Vec::new();
        for (b, name) in bindings.iter().zip(&names) {
            let t = self.u.fresh_var();
            let v = self.fresh_var(name, t.clone(), b.pat.span);
            group.push((v, t));
        }
        let mark = self.env.mark();
        for ((v, _), name) in group.iter().zip(&names) {
            self.env.bind(name, ValueBinding::Var(*v));
        }
        let mut defs = Vec::new();
        for (b, (_, t)) in bindings.iter().zip(&group) {
            let ends_in_lazy = matches!(tail(&b.expr).kind, ExprKind::Lazy(_));
            let outer = std::mem::replace(&mut self.in_letrec_definition, ends_in_lazy);
            let scopes = self.binding_scopes(b, in_structure);
            let typed = self.with_scopes(scopes, |typer| typer.expr(&b.expr));
            self.in_letrec_definition = outer;
            let (e, et) = typed?;
            self.expect(b.expr.span, &et, t)?;
            defs.push(e);
        }
        // OCaml checks the definitions once they are typed.
        let kinds: Vec<RecKind> = bindings
            .iter()
            .zip(&group)
            .zip(&defs)
            .map(|((b, (_, t)), e)| match classify(&b.expr) {
                RecKind::MaybeComputedFunction => match *self.u.shallow(t) {
                    Type::Arrow(..) => RecKind::ComputedFunction,
                    _ => RecKind::Unknown,
                },
                RecKind::MaybePartialApplication if ends_in_function(e) => {
                    RecKind::PartialApplication
                }
                RecKind::MaybePartialApplication => RecKind::Unknown,
                k => k,
            })
            .collect();
        let owned: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        for (b, kind) in bindings.iter().zip(&kinds) {
            let view = self.letrec_view(&b.expr);
            let ok = match kind {
                RecKind::Function => true,
                RecKind::ComputedFunction => delayed_only(&view, &owned),
                RecKind::MaybeComputedFunction | RecKind::MaybePartialApplication => {
                    unreachable!("decided above")
                }
                RecKind::Block => {
                    guarded(&view, &names, Mode::Guarded) && !is_group_var(&view, &names)
                }
                // The function is applied (dereferenced); the given arguments are captured.
                RecKind::PartialApplication => match &view.kind {
                    ExprKind::Apply(f, args) => {
                        !mentions(f, &names, false)
                            && args.iter().all(|(_, a)| guarded(a, &names, Mode::Guarded))
                    }
                    _ => false,
                },
                // A value of statically known size (OCaml's `Static`) may use the group's
                // names where they are not inspected; the names are then the placeholder 0
                // (as `Cmmgen.transl_letrec`'s `RHS_nonrec`).
                RecKind::Unknown => {
                    !mentions(&view, &names, true)
                        || (is_static(&view) && guarded(&view, &names, Mode::Dereferenced))
                }
            };
            if !ok {
                return Err(not_allowed(b.expr.span));
            }
        }
        self.u.level -= 1;
        for (_, t) in &group {
            self.u.lower_all(t, self.u.level);
        }
        let mut sizes = Vec::new();
        for ((b, kind), e) in bindings.iter().zip(&kinds).zip(&defs) {
            sizes.push(match kind {
                RecKind::Block => match syntactic_block_size(&b.expr) {
                    Some(n) => Some(n),
                    None => Some(block_size(e).ok_or_else(|| not_allowed(b.expr.span))?),
                },
                _ => None,
            });
        }
        let _ = mark;
        let (rest, _) = body(self)?;
        // Built inside out: dummies and cells, unknown-size values, functions (and the
        // computed functions' forwarders), blocks and cells filled in order, body.
        let mut cells = Vec::new();
        let mut functions = Vec::new();
        let mut fills = Vec::new();
        for (((v, t), k), e) in group.iter().zip(&kinds).zip(defs.iter()) {
            match k {
                RecKind::Function => functions.push((*v, e.clone())),
                RecKind::Block => {
                    let tmp = self.fresh_var("_rec", t.clone(), Default::default());
                    let update = Expr::Prim(
                        Prim::Runtime("egret_update_dummy", Purity::Effect),
                        vec![Expr::Var(*v), Expr::Var(tmp)],
                    );
                    fills.push((tmp, e.clone(), update));
                }
                RecKind::ComputedFunction | RecKind::PartialApplication => {
                    // `v` forwards to a cell that receives the computed function: a closure's
                    // size is not known before closure conversion, so it cannot be a dummy.
                    // (`shallow`: a recursive type's head, `t as 'a`, is followed.)
                    let t = self.u.shallow(t).into_owned();
                    let Type::Arrow(arg, _) = &t else {
                        unreachable!("a computed function has an arrow type")
                    };
                    let cell_ty = Type::Con(TyCon::REF, vec![t.clone()]);
                    let cell = self.fresh_var("_rec_cell", cell_ty.clone(), Default::default());
                    let unset = Expr::Prim(Prim::Identity, vec![Expr::Const(Const::Int(0))]);
                    cells.push((
                        cell,
                        Expr::Construct {
                            ty: cell_ty,
                            index: 0,
                            args: vec![unset],
                        },
                    ));
                    let x = self.fresh_var("_arg", (**arg).clone(), Default::default());
                    let forward = Expr::App(
                        Box::new(Expr::Field(Box::new(Expr::Var(cell)), 0)),
                        vec![Expr::Var(x)],
                    );
                    functions.push((*v, Expr::Fun(vec![x], Box::new(forward), self.fun_name())));
                    let tmp = self.fresh_var("_rec", t.clone(), Default::default());
                    let set =
                        Expr::SetField(Box::new(Expr::Var(cell)), 0, Box::new(Expr::Var(tmp)));
                    fills.push((tmp, e.clone(), set));
                }
                RecKind::Unknown
                | RecKind::MaybeComputedFunction
                | RecKind::MaybePartialApplication => {}
            }
        }
        let mut out = rest;
        for (tmp, e, update) in fills.into_iter().rev() {
            out = Expr::Local(
                tmp,
                Box::new(e),
                Box::new(Expr::Seq(Box::new(update), Box::new(out))),
            );
        }
        if !functions.is_empty() {
            out = Expr::LetRec(functions, Box::new(out));
        }
        // An unknown-size definition sees the blocks' dummies and the earlier unknown-size
        // values; the group's other names (itself, later ones) are the placeholder 0, as in
        // `Cmmgen.transl_letrec`. (Functions are defined after them: a use of one is refused,
        // where OCaml would allow it.)
        let unknown: Vec<usize> = (0..group.len())
            .filter(|&i| kinds[i] == RecKind::Unknown)
            .collect();
        for (pos, &i) in unknown.iter().enumerate().rev() {
            let mut e = defs[i].clone();
            let mut placeholders = Vec::new();
            for (j, (w, wt)) in group.iter().enumerate() {
                if !crate::lambda::visit::mentions(&e, *w) {
                    continue;
                }
                match kinds[j] {
                    RecKind::Block => {}
                    RecKind::Unknown if !unknown[..pos].contains(&j) => {
                        let p = self.fresh_var("_rec_placeholder", wt.clone(), Default::default());
                        rename(&mut e, *w, p);
                        placeholders.push(p);
                    }
                    RecKind::Unknown => {}
                    _ => return Err(not_allowed(bindings[i].expr.span)),
                }
            }
            let (v, _) = group[i];
            out = Expr::Local(v, Box::new(e), Box::new(out));
            for p in placeholders {
                let zero = Expr::Prim(Prim::Identity, vec![Expr::Const(Const::Int(0))]);
                out = Expr::Local(p, Box::new(zero), Box::new(out));
            }
        }
        for (cell, e) in cells.into_iter().rev() {
            out = Expr::Local(cell, Box::new(e), Box::new(out));
        }
        for (((v, _), k), size) in group.iter().zip(&kinds).zip(&sizes).rev() {
            if *k == RecKind::Block {
                let dummy = Expr::Prim(
                    Prim::Runtime("egret_alloc_dummy", Purity::Effect),
                    vec![Expr::Const(Const::Int(size.unwrap() as i64))],
                );
                out = Expr::Local(*v, Box::new(dummy), Box::new(out));
            }
        }
        Ok(out)
    }
}

/// `let rec x = y` where `y` is of the group: the value would be read before it exists.
fn is_group_var(e: &ast::Expr, names: &[&str]) -> bool {
    match &e.kind {
        ExprKind::Var(n) => names.contains(&n.as_str()),
        ExprKind::Constraint(e, _) | ExprKind::Newtype(_, e) | ExprKind::Open(_, e) => {
            is_group_var(e, names)
        }
        _ => false,
    }
}

/// Replaces every use of `from` in `e` by `to`.
fn rename(e: &mut Expr, from: crate::lambda::ir::VarId, to: crate::lambda::ir::VarId) {
    if let Expr::Var(v) = e {
        if *v == from {
            *v = to;
        }
        return;
    }
    crate::lambda::visit::each_child_mut(e, &mut |c| rename(c, from, to));
}
