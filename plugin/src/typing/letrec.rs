//! `let rec` of values (`let rec xs = 1 :: xs`), with OCaml 4.13's rules (`Rec_check`) and
//! its compilation scheme (`Cmmgen.transl_letrec`).
//!
//! Which definitions are allowed is OCaml's `Rec_check` (`typing::rec_check`), otherwise
//! OCaml's error "This kind of expression is not allowed as right-hand side of `let rec'".
//! How each is built depends on its kind, read from the syntax and, once typed, from its
//! type and elaboration:
//! - a function (`fun`, `function`);
//! - a *block* of statically known size — a constructor with arguments, a tuple, a record, a
//!   non-empty array literal, `ref e`, `lazy e`, possibly after `e1; ..`, a `let` or an
//!   annotation, or any definition whose elaboration ends in a block, possibly through a
//!   local name (`let y = Some x in y`, as `Cmmgen.expr_size` follows it);
//! - a computation ending in a function (`let memo = Hashtbl.create 16 in fun n -> ..`), or a
//!   labelled application that omits an argument (which the typer builds as a closure);
//! - anything else, evaluated before the others with the group's not yet defined names the
//!   placeholder 0 (`Cmmgen.transl_letrec`'s `RHS_nonrec`): `Rec_check` lets it use them
//!   only where their value is not inspected. One that uses a function of the group is
//!   refused (functions are defined after it), where OCaml would allow it.
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
use crate::lambda::ir::{Const, DeclKind, Expr, Prim, Purity, TyCon, Type, VarId};
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

fn is_var(e: &ast::Expr, name: &str) -> bool {
    matches!(&e.kind, ExprKind::Var(n) if n == name)
}

/// The variables a pattern binds.
pub(super) fn pattern_names<'a>(p: &'a ast::Pattern, out: &mut Vec<&'a str>) {
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
pub(super) fn mentions(e: &ast::Expr, names: &[&str], under_functions: bool) -> bool {
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

/// The number of fields of the block `e` builds (its last `Construct`, possibly through a
/// local name: `locals` are the enclosing local names' sizes), if known.
fn block_size(e: &Expr, locals: &mut Vec<(VarId, Option<usize>)>) -> Option<usize> {
    match e {
        Expr::Loc(_, e) | Expr::Seq(_, e) => block_size(e, locals),
        Expr::Local(v, def, body) => {
            let size = block_size(def, locals);
            locals.push((*v, size));
            let result = block_size(body, locals);
            locals.pop();
            result
        }
        Expr::Var(v) => locals
            .iter()
            .rev()
            .find(|(w, _)| w == v)
            .and_then(|(_, s)| *s),
        Expr::Construct { args, .. } if !args.is_empty() => Some(args.len()),
        // A polymorphic variant `` `A e `` is a cast block (`typing::pvariant`).
        Expr::Prim(Prim::Identity, args) if args.len() == 1 => block_size(&args[0], locals),
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
    /// Whether a value of type `t` contains no other value (a number, a character, a string,
    /// a constant constructor): it cannot keep a placeholder.
    fn holds_no_values(&self, t: &Type) -> bool {
        match self.u.expand_head(t) {
            Type::Con(c, _) if c.0 < TyCon::FIRST_DECLARED.0 => [
                TyCon::INT,
                TyCon::CHAR,
                TyCon::STRING,
                TyCon::FLOAT,
                TyCon::UNIT,
                TyCon::BOOL,
                TyCon::BYTES,
                TyCon::INT32,
                TyCon::INT64,
                TyCon::NATIVEINT,
            ]
            .contains(&c),
            Type::Con(c, _) => matches!(
                &self.types.decl(c).kind,
                DeclKind::Variant(cs) if cs.iter().all(|k| k.args.is_empty())
            ),
            _ => false,
        }
    }

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
        for (b, kind) in bindings.iter().zip(&kinds) {
            let abstracted = *kind == RecKind::PartialApplication;
            if !self.valid_recursive_expression(&names, &b.expr, abstracted) {
                return Err(not_allowed(b.expr.span));
            }
        }
        self.u.level -= 1;
        for (_, t) in &group {
            self.u.lower_all(t, self.u.level);
        }
        // A definition of unknown syntactic kind whose value is a block once elaborated
        // (`let y = Some x in y`) is built as one (`Cmmgen.expr_size` follows local names).
        // One whose value is a function (`let module M = .. in fun ..`, `(fun .. :> t)`) is a
        // computed function: the group sees a forwarder.
        let mut kinds = kinds;
        for ((kind, e), (_, t)) in kinds.iter_mut().zip(&defs).zip(&group) {
            if *kind == RecKind::Unknown {
                if block_size(e, &mut Vec::new()).is_some() {
                    *kind = RecKind::Block;
                } else if matches!(*self.u.shallow(t), Type::Arrow(..)) {
                    *kind = RecKind::ComputedFunction;
                }
            }
        }
        let mut sizes = Vec::new();
        for ((b, kind), e) in bindings.iter().zip(&kinds).zip(&defs) {
            sizes.push(match kind {
                RecKind::Block => match syntactic_block_size(&b.expr) {
                    Some(n) => Some(n),
                    None => Some(
                        block_size(e, &mut Vec::new()).ok_or_else(|| not_allowed(b.expr.span))?,
                    ),
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
                    // The placeholder must not outlive the definition: a value that holds no
                    // other value cannot keep it (`Rec_check` lets a definition store the
                    // group's names only in blocks, functions or discarded values).
                    RecKind::Unknown
                        if !unknown[..pos].contains(&j) && !self.holds_no_values(&group[i].1) =>
                    {
                        return Err(not_allowed(bindings[i].expr.span))
                    }
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
