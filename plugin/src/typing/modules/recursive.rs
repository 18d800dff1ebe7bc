//! Recursive modules: `module rec A : SA = MEA and B : SB = MEB`, typed and run as OCaml 4.13
//! (`Translmod.compile_recmodule`, `CamlinternalMod`).
//!
//! Typing: before any body, each module's declared types (and module types) are declared as
//! `A.t` ([`Typer::rec_modules`]; an abstract one is an opaque abstract type whose definition is
//! filled in when `A`'s body is done), and each declared value is bound as `A.x` at its
//! declared type. Each body is then elaborated as the module `A` and sealed by `SA`; after it,
//! `A`'s types are the declared ones again and its values are the body's, cast to their
//! declared types ([`Typer::rec_module_done`]), so every use of `A.t` agrees.
//!
//! Running: a module is *safe* when every value its signature declares is a function (OCaml's
//! `init_shape`); only a safe module's values exist before its body has run. Each such value
//! `A.x` is first a forwarder `fun y -> (!cell) y` over a cell holding nothing (the word `0`),
//! which raises `Undefined_recursive_module (file, line, column of A's body)` when called while
//! the cell is empty, as CamlinternalMod's dummy closures do; after the body runs, the cell
//! gets the value (unless it is the forwarder itself: `module rec M : S = M` stays undefined).
//! Unsafe modules run first, each after the modules its body names (OCaml's
//! `reorder_rec_bindings`; a cycle of unsafe modules is OCaml's compile-time error), then the
//! safe ones in order, each body followed by its cells' update. Not supported: submodules,
//! exceptions and lazy values in a recursive module's signature.

use std::collections::HashMap;

use super::{bind_components, components, flatten_module, ModTypeDef};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::builtins::EXN_UNDEFINED_RECURSIVE_MODULE;
use crate::lambda::ir::{Const, Expr, Prim, RaiseKind, TyCon, TyVar, Type, VarId};
use crate::syntax::ast;
use crate::typing::env::{TypeName, ValueBinding};
use crate::typing::{Phrase, PhraseKind, TResult, Typer};

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// A value a recursive module's signature declares.
struct RecValue {
    name: String,
    /// The declared type, quantified over `vars`.
    ty: Type,
    vars: Vec<TyVar>,
    /// A safe module's value: its forwarder and cell.
    forward: Option<(VarId, VarId)>,
}

/// One module of the group.
struct RecMember {
    name: String,
    values: Vec<RecValue>,
    /// The declared types (and their constructors, fields, module types), as declared.
    declared: super::Components,
    /// The abstract types declared, by name: their definitions come from the body.
    abstracts: Vec<(String, TyCon)>,
    /// Where the module's body is.
    body_span: Span,
    /// Why the module is unsafe (`None`: safe): OCaml's explanation.
    unsafe_reason: Option<String>,
    /// The body is a module path (`module rec M : S = M`): its values may be the forwarders.
    alias: bool,
}

/// A group of recursive modules being elaborated.
pub(crate) struct RecGroup {
    members: Vec<RecMember>,
    /// The member whose body is being elaborated, and the depth of modules of its top level.
    pub active: Option<(usize, usize)>,
}

/// Whether the capitalised identifier `name` occurs in `text` as a module name (not after a
/// dot): an over-approximation of the free variables of a module's body.
fn names_module(text: &str, name: &str) -> bool {
    let bytes = text.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'\'';
    let mut from = 0;
    while let Some(k) = text[from..].find(name) {
        let at = from + k;
        let end = at + name.len();
        let before_ok = at == 0 || (!ident(bytes[at - 1]) && bytes[at - 1] != b'.');
        let after_ok = end >= bytes.len() || !ident(bytes[end]);
        if before_ok && after_ok {
            return true;
        }
        from = at + 1;
    }
    false
}

impl<'s> Typer<'s> {
    /// `module rec ..` at phrase `i`: declares the group's types and forwarders, then
    /// elaborates the bodies in OCaml's order before the rest of the phrases.
    pub(crate) fn rec_modules(
        &mut self,
        phrases: &[Phrase],
        i: usize,
        bindings: &[ast::RecModule],
        span: Span,
    ) -> TResult<Expr> {
        // Names unique in the structure.
        for b in bindings {
            if bindings.iter().filter(|c| c.name == b.name).count() > 1 {
                return Err(Diagnostic::error(
                    b.span,
                    format!(
                        "Multiple definition of the module name {}.\nNames must be unique in a given structure or signature.",
                        b.name
                    ),
                ));
            }
        }
        // The declared types of every module first: the values' types may name any. The
        // abstract ones of all modules, then each module's others (which may name those).
        let mut items = Vec::new();
        let mut all_abstracts = Vec::new();
        for b in bindings {
            let mut sig = Vec::new();
            self.flat_sig_items(&b.ty, b.ty.span, 0, &mut sig)?;
            let mut abstracts = Vec::new();
            for item in &sig {
                if let ast::SigItemKind::Type(decls) | ast::SigItemKind::TypeSubst(decls) =
                    &item.kind
                {
                    for d in decls {
                        if matches!(d.kind, ast::TypeDeclKind::Abstract) {
                            abstracts.push((d.name.clone(), self.rec_abstract(&b.name, d)));
                        }
                    }
                }
            }
            items.push(sig);
            all_abstracts.push(abstracts);
        }
        let mut members = Vec::new();
        for ((b, sig), abstracts) in bindings.iter().zip(&items).zip(all_abstracts) {
            self.enter_module_scope(&b.name);
            for (t, con) in &abstracts {
                self.env.types.insert(t.clone(), TypeName::Con(*con));
            }
            let mut unsafe_reason = None;
            for item in sig {
                match &item.kind {
                    ast::SigItemKind::Type(decls) | ast::SigItemKind::TypeSubst(decls) => {
                        let rest: Vec<ast::TypeDecl> = decls
                            .iter()
                            .filter(|d| !matches!(d.kind, ast::TypeDeclKind::Abstract))
                            .cloned()
                            .collect();
                        if !rest.is_empty() {
                            self.type_decls_with(&rest, false)?;
                        }
                    }
                    ast::SigItemKind::ModuleType(n, t) => {
                        self.env.module_types.insert(
                            n.clone(),
                            std::rc::Rc::new(ModTypeDef::new(n, t.clone(), String::new())),
                        );
                    }
                    ast::SigItemKind::Val(..)
                    | ast::SigItemKind::External(_)
                    | ast::SigItemKind::Open(_)
                    | ast::SigItemKind::Include(_) => {}
                    ast::SigItemKind::Exception(_) => {
                        return Err(Diagnostic::unsupported(
                            item.span,
                            "exceptions in the signature of a recursive module are",
                        ));
                    }
                    _ => {
                        return Err(Diagnostic::unsupported(
                            item.span,
                            "modules and functors in the signature of a recursive module are",
                        ))
                    }
                }
            }
            self.leave_module_scope();
            let declared = components(&self.env, &b.name);
            members.push(RecMember {
                name: b.name.clone(),
                values: Vec::new(),
                declared,
                abstracts,
                unsafe_reason: unsafe_reason.take(),
                alias: matches!(b.body.kind, ast::ModExprKind::Path(_)),
                body_span: b.body.span,
            });
        }
        // The declared values: their types, and whether each module is safe.
        for (m, sig) in members.iter_mut().zip(&items) {
            let undo = self.open_type_names(&m.name);
            let mut result = Ok(());
            for item in sig {
                let (x, te) = match &item.kind {
                    ast::SigItemKind::Val(x, _, te) => (x, te),
                    // A primitive is not a field of the module (OCaml's `Val_prim`).
                    _ => continue,
                };
                match self.declared_scheme(te) {
                    Ok((ty, vars)) => {
                        let mut body = &ty;
                        while let Type::Forall(_, t) = body {
                            body = t;
                        }
                        if !matches!(&*self.u.shallow(body), Type::Arrow(..)) {
                            m.unsafe_reason.get_or_insert(format!(
                                "Module {} defines an unsafe value, {x} .",
                                m.name
                            ));
                        }
                        m.values.push(RecValue {
                            name: x.clone(),
                            ty,
                            vars,
                            forward: None,
                        });
                    }
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            self.close_open(undo);
            result?;
        }
        // The forwarders of the safe modules' values.
        let mut bindings_ir = Vec::new();
        for (k, m) in members.iter_mut().enumerate() {
            if m.unsafe_reason.is_some() {
                continue;
            }
            let loc = bindings[k].body.span.lo;
            for v in &mut m.values {
                let (cell, fwd, defs) = self.forwarder(&m.name, v, loc, span);
                bindings_ir.extend(defs);
                self.env
                    .bind(&format!("{}.{}", m.name, v.name), ValueBinding::Var(fwd));
                v.forward = Some((fwd, cell));
            }
        }
        let order = self.rec_order(bindings, &members)?;
        self.rec_groups.push(RecGroup {
            members,
            active: None,
        });
        // The bodies, in order, each sealed and then done.
        let here = &phrases[i];
        let ctx = super::PhraseCtx {
            section: here.section,
            module: here.module.clone(),
            prelude: here.prelude,
            prelude_text: here.prelude_text,
        };
        let mut new = vec![here.clone()];
        let mut hidden = self.hidden_modules;
        for &k in &order {
            let b = &bindings[k];
            new.push(ctx.phrase(PhraseKind::RecModuleStart(k)));
            flatten_module(b.name.clone(), &b.body, b.span, &ctx, &mut hidden, &mut new);
            new.push(ctx.phrase(PhraseKind::Seal(b.name.clone(), &b.ty, b.span, false)));
            new.push(ctx.phrase(PhraseKind::RecModuleDone(k)));
        }
        self.hidden_modules = hidden;
        new.extend(phrases[i + 1..].iter().cloned());
        let rest = self.phrases_from(&new, 1);
        self.rec_groups.pop();
        Ok(super::wrap(bindings_ir, rest?))
    }

    /// An abstract type `d` declared by the signature of recursive module `module`: opaque,
    /// standing for the body's type once that is known.
    fn rec_abstract(&mut self, module: &str, d: &ast::TypeDecl) -> TyCon {
        let params: Vec<TyVar> = d.params.iter().map(|_| self.u.fresh()).collect();
        for p in &params {
            self.u.levels[p.0 as usize] = u32::MAX;
        }
        let con = TyCon(self.types.decls.len() as u32);
        self.types.decls.push(crate::lambda::ir::TypeDecl {
            name: format!("{module}.{}", d.name),
            params: params.clone(),
            kind: crate::lambda::ir::DeclKind::Primitive,
        });
        self.u.scope = self.types.decls.len() as u32;
        self.u.abstract_types.insert(
            con,
            crate::typing::unify::AbstractType {
                params,
                manifest: Type::any_value(),
                opaque: true,
                existential: false,
            },
        );
        self.env
            .types
            .insert(format!("{module}.{}", d.name), TypeName::Con(con));
        con
    }

    /// The scheme of a declared value type `te`: the type and its quantified variables.
    pub(super) fn declared_scheme(&mut self, te: &ast::TypeExpr) -> TResult<(Type, Vec<TyVar>)> {
        let mut names = Vec::new();
        super::packages::type_var_names(te, &mut names);
        let mut scope = HashMap::new();
        let mut vars = Vec::new();
        for name in &names {
            let v = self.u.fresh();
            scope.insert(name.clone(), Type::Var(v));
            vars.push(v);
        }
        let t = self.type_expr_in(te, &scope, false)?;
        let (_, scheme) = self.quantify(Expr::Const(Const::Int(0)), t, &vars);
        Ok((scheme, vars))
    }

    /// The cell and forwarder of value `v` of safe module `module` whose body is at `loc`:
    /// `cell = ref 0` and `fwd = Λ.. fun y -> let f = !cell in if f == 0 then raise
    /// (Undefined_recursive_module loc) else f y`.
    fn forwarder(
        &mut self,
        module: &str,
        v: &RecValue,
        loc: u32,
        span: Span,
    ) -> (VarId, VarId, Vec<(VarId, Expr)>) {
        let any = Type::any_value();
        let cell_t = Type::Con(TyCon::REF, vec![any.clone()]);
        let cell = self.fresh_var(&format!("{module}.{}%cell", v.name), cell_t.clone(), span);
        let empty = Expr::Prim(Prim::Identity, vec![Expr::Const(Const::Int(0))]);
        let cell_e = Expr::Construct {
            ty: cell_t,
            index: 0,
            args: vec![empty.clone()],
        };
        let mut body_t = v.ty.clone();
        while let Type::Forall(_, t) = body_t {
            body_t = *t;
        }
        let (param_t, result_t) = match &*self.u.shallow(&body_t) {
            Type::Arrow(a, b) => ((**a).clone(), (**b).clone()),
            _ => unreachable!("a safe module's values are functions"),
        };
        let y = self.fresh_var("y", param_t, span);
        let f = self.fresh_var("f", any, span);
        let (line, col) = self.line_col(loc);
        let exn = Expr::ConstructExn {
            index: EXN_UNDEFINED_RECURSIVE_MODULE,
            args: vec![Expr::Construct {
                ty: Type::Tuple(vec![Type::string(), Type::int(), Type::int()]),
                index: 0,
                args: vec![
                    Expr::Const(Const::String(self.file_name_at(loc).into_bytes().into())),
                    Expr::Const(Const::Int(line)),
                    Expr::Const(Const::Int(col)),
                ],
            }],
        };
        let call = Expr::App(
            bx(Expr::Prim(Prim::Identity, vec![Expr::Var(f)])),
            vec![Expr::Var(y)],
        );
        let body = Expr::Local(
            f,
            bx(Expr::Field(bx(Expr::Var(cell)), 0)),
            bx(Expr::If(
                bx(Expr::Prim(Prim::PhysEq, vec![Expr::Var(f), empty])),
                bx(Expr::Raise(bx(exn), result_t, RaiseKind::Regular)),
                bx(call),
            )),
        );
        let fun = Expr::Fun(vec![y], bx(body), self.fun_name());
        let mut e = fun;
        let mut t = v.ty.clone();
        let mut vars = Vec::new();
        while let Type::Forall(a, inner) = t {
            vars.push(a);
            t = *inner;
        }
        for a in vars.iter().rev() {
            e = Expr::TyFun(*a, bx(e));
        }
        let fwd = self.fresh_var(&format!("{module}.{}", v.name), v.ty.clone(), span);
        (cell, fwd, vec![(cell, cell_e), (fwd, e)])
    }

    /// The order of evaluation (OCaml's `reorder_rec_bindings`): an unsafe module after the
    /// modules its body names; a cycle of unsafe modules is an error.
    fn rec_order(&self, bindings: &[ast::RecModule], members: &[RecMember]) -> TResult<Vec<usize>> {
        #[derive(Clone, Copy, PartialEq)]
        enum Status {
            Undefined,
            InProgress(Option<usize>),
            Defined,
        }
        let n = bindings.len();
        let fv: Vec<Vec<usize>> = bindings
            .iter()
            .map(|b| {
                let text = self
                    .source
                    .get(b.body.span.lo as usize..b.body.span.hi as usize)
                    .unwrap_or("");
                (0..n)
                    .filter(|&j| names_module(text, &bindings[j].name))
                    .collect()
            })
            .collect();
        let mut status = vec![Status::Undefined; n];
        let mut order = Vec::new();
        fn emit(
            i: usize,
            parent: Option<usize>,
            status: &mut Vec<Status>,
            order: &mut Vec<usize>,
            fv: &[Vec<usize>],
            members: &[RecMember],
            bindings: &[ast::RecModule],
        ) -> TResult<()> {
            match status[i] {
                Status::Defined => Ok(()),
                Status::InProgress(_) => {
                    status[i] = Status::InProgress(parent);
                    // The cycle, from `i` back to `i`.
                    let mut cycle = vec![i];
                    let mut k = i;
                    while let Status::InProgress(Some(p)) = status[k] {
                        if p == i {
                            break;
                        }
                        cycle.push(p);
                        k = p;
                    }
                    cycle[1..].reverse();
                    let names: Vec<&str> =
                        cycle.iter().map(|&c| members[c].name.as_str()).collect();
                    let mut message = format!(
                        "Cannot safely evaluate the definition of the following cycle\n       of recursively-defined modules: {} -> {}.\n       There are no safe modules in this cycle (see manual section 10.2).",
                        names.join(" -> "),
                        names[0]
                    );
                    for &c in &cycle {
                        if let Some(r) = &members[c].unsafe_reason {
                            message.push_str(&format!("\n       {r}"));
                        }
                    }
                    Err(Diagnostic::error(bindings[i].body.span, message))
                }
                Status::Undefined => {
                    if members[i].unsafe_reason.is_some() {
                        status[i] = Status::InProgress(parent);
                        for &j in &fv[i] {
                            emit(j, Some(i), status, order, fv, members, bindings)?;
                        }
                    }
                    order.push(i);
                    status[i] = Status::Defined;
                    Ok(())
                }
            }
        }
        for i in 0..n {
            if status[i] == Status::Undefined {
                emit(i, None, &mut status, &mut order, &fv, members, bindings)?;
            }
        }
        // The unsafe modules are bound first, then the safe ones run with their updates.
        let (mut unsafe_, safe): (Vec<usize>, Vec<usize>) = order
            .into_iter()
            .partition(|&k| members[k].unsafe_reason.is_some());
        unsafe_.extend(safe);
        Ok(unsafe_)
    }

    fn rec_body_span(&self, k: usize) -> Span {
        self.rec_groups
            .last()
            .map_or(Span::default(), |g| g.members[k].body_span)
    }

    /// Type declarations `decls` at the top level of a recursive module's body: a type its
    /// signature declares is the declared one (OCaml types the body with the module as its
    /// anchor: `type t = A.t = ..`). An abstract declared type stands for the body's while the
    /// body is elaborated; the body's constructors and fields are the declared type's.
    /// Inside a recursive module's body (at its top level), the module type `name` its
    /// signature declares when the body defines it with the same text: the body's types then
    /// name the declared one (`Pair of (module PAIR ..)` is the signature's package type), as
    /// OCaml's matching sees the signature's `PAIR` as the body's.
    pub(crate) fn rec_anchor_module_type(
        &self,
        name: &str,
        mt: Option<&ast::ModType>,
    ) -> Option<std::rc::Rc<ModTypeDef>> {
        let group = self.rec_groups.last()?;
        let (k, depth) = group.active?;
        if self.modules.len() != depth {
            return None;
        }
        let (_, _, _, _, _, module_types) = &group.members[k].declared;
        let (_, declared) = module_types.iter().find(|(n, _)| n == name)?;
        let text = |t: Option<&ast::ModType>| t.map(crate::syntax::print::print_mod_type_compact);
        (text(declared.ty.as_ref()) == text(mt)).then(|| declared.clone())
    }

    pub(crate) fn rec_anchor_types(&mut self, decls: &[ast::TypeDecl]) {
        let Some(group) = self.rec_groups.last() else {
            return;
        };
        let Some((k, depth)) = group.active else {
            return;
        };
        if self.modules.len() != depth {
            return;
        }
        let m = &group.members[k];
        let name = m.name.clone();
        let abstracts = m.abstracts.clone();
        let (_, types, ctors, fields, _, _) = &m.declared;
        let (types, ctors, fields) = (types.clone(), ctors.clone(), fields.clone());
        for d in decls {
            if let Some((_, con)) = abstracts.iter().find(|(t, _)| *t == d.name) {
                let params = self.u.abstract_types[con].params.clone();
                let args: Vec<Type> = params.iter().map(|p| Type::Var(*p)).collect();
                let body_t = match self.env.types.get(&d.name).cloned() {
                    Some(TypeName::Con(c)) if self.types.decl(c).params.len() == args.len() => {
                        Type::Con(c, args)
                    }
                    Some(TypeName::Abbrev(ps, body)) if ps.len() == args.len() => {
                        ps.iter().zip(&args).fold(body, |b, (p, a)| b.subst(*p, a))
                    }
                    _ => continue,
                };
                if let Some(a) = self.u.abstract_types.get_mut(con) {
                    a.manifest = body_t;
                    a.opaque = false;
                }
                continue;
            }
            // A variant or record: the declared one (an abbreviation needs nothing).
            let Some((_, declared)) = types.iter().find(|(t, _)| *t == d.name) else {
                continue;
            };
            if !matches!(declared, TypeName::Con(_))
                || !matches!(
                    d.kind,
                    ast::TypeDeclKind::Variant(_) | ast::TypeDeclKind::Record(_)
                )
            {
                continue;
            }
            self.env.types.insert(d.name.clone(), declared.clone());
            let own: Vec<String> = match &d.kind {
                ast::TypeDeclKind::Variant(cs) => cs.iter().map(|c| c.name.clone()).collect(),
                _ => Vec::new(),
            };
            for (c, r) in &ctors {
                if own.contains(c) {
                    self.env.ctors.insert(c.clone(), *r);
                }
            }
            let own_fields: Vec<String> = match &d.kind {
                ast::TypeDeclKind::Record(fs) => fs.iter().map(|f| f.name.clone()).collect(),
                _ => Vec::new(),
            };
            for (f, r) in &fields {
                if own_fields.contains(f) {
                    self.env.fields.insert(f.clone(), r.clone());
                }
            }
        }
        let _ = name;
    }

    /// After the body of member `k`: its declared types again (an abstract one now stands for
    /// the body's), its values the body's at their declared types, and a safe module's cells
    /// updated; then the rest of the phrases.
    pub(crate) fn rec_module_done(
        &mut self,
        phrases: &[Phrase],
        i: usize,
        k: usize,
    ) -> TResult<Expr> {
        let group = self
            .rec_groups
            .last_mut()
            .expect("inside a recursive module group");
        group.active = None;
        let m = &mut group.members[k];
        let name = m.name.clone();
        let abstracts = m.abstracts.clone();
        let declared = std::mem::take(&mut m.declared);
        let values: Vec<(String, Type, Vec<TyVar>, Option<(VarId, VarId)>)> = m
            .values
            .iter()
            .map(|v| (v.name.clone(), v.ty.clone(), v.vars.clone(), v.forward))
            .collect();
        // An abstract type stands for the body's.
        for (t, con) in &abstracts {
            let params = self.u.abstract_types[con].params.clone();
            let args: Vec<Type> = params.iter().map(|p| Type::Var(*p)).collect();
            let body_t = match self.env.types.get(&format!("{name}.{t}")).cloned() {
                Some(TypeName::Con(c)) => Type::Con(c, args),
                Some(TypeName::Abbrev(ps, body)) => {
                    ps.iter().zip(&args).fold(body, |b, (p, a)| b.subst(*p, a))
                }
                _ => Type::any_value(),
            };
            if let Some(a) = self.u.abstract_types.get_mut(con) {
                a.manifest = body_t;
                a.opaque = true;
            }
        }
        // A value the body does not define is still its forwarder.
        let alias = self.rec_groups.last().is_some_and(|g| g.members[k].alias);
        for (x, _, _, forward) in &values {
            let bound = self.env.lookup(&format!("{name}.{x}"));
            if let (false, Some((fwd, _)), Some(ValueBinding::Var(v))) = (alias, forward, bound) {
                if v == *fwd {
                    return Err(Diagnostic::error(
                        self.rec_body_span(k),
                        format!(
                            "Signature mismatch:\n       Modules do not match\n       The value `{x}' is required but not provided"
                        ),
                    ));
                }
            }
        }
        let mut defs = Vec::new();
        let mut updates = Vec::new();
        let span = Span::default();
        let reals: Vec<Option<ValueBinding>> = values
            .iter()
            .map(|(x, ..)| self.env.lookup(&format!("{name}.{x}")))
            .collect();
        let (_, types, ctors, fields, _, module_types) = declared;
        bind_components(
            &mut self.env,
            &name,
            (Vec::new(), types, ctors, fields, Vec::new(), module_types),
        );
        for ((x, ty, _vars, forward), real) in values.into_iter().zip(reals) {
            let real = match real {
                Some(ValueBinding::Var(v)) => {
                    let mut t = self.vars.ty(v).clone();
                    let mut e = Expr::Var(v);
                    while let Type::Forall(_, body) = t {
                        e = Expr::TyApp(bx(e), Type::any_value());
                        t = *body;
                    }
                    e
                }
                Some(ValueBinding::Builtin(b)) => self.builtin_value(b, span)?.0,
                _ => continue,
            };
            let real = Expr::Prim(Prim::Identity, vec![real]);
            let tmp = self.fresh_var(&x, Type::any_value(), span);
            defs.push((tmp, real));
            let mut vars = Vec::new();
            let mut body_t = ty.clone();
            while let Type::Forall(a, inner) = body_t {
                vars.push(a);
                body_t = *inner;
            }
            let mut cast = Expr::Prim(Prim::Identity, vec![Expr::Var(tmp)]);
            for a in vars.iter().rev() {
                cast = Expr::TyFun(*a, bx(cast));
            }
            let v = self.fresh_var(&x, ty, span);
            defs.push((v, cast));
            self.env.bind(&format!("{name}.{x}"), ValueBinding::Var(v));
            if let Some((fwd, cell)) = forward {
                // `module rec M : S = M`: the value is the forwarder, which stays undefined.
                let mut f = Expr::Var(fwd);
                for _ in 0..vars.len() {
                    f = Expr::TyApp(bx(f), Type::any_value());
                }
                let same = Expr::Prim(
                    Prim::PhysEq,
                    vec![Expr::Var(tmp), Expr::Prim(Prim::Identity, vec![f])],
                );
                updates.push(Expr::If(
                    bx(same),
                    bx(crate::typing::expr::unit_value()),
                    bx(Expr::SetField(bx(Expr::Var(cell)), 0, bx(Expr::Var(tmp)))),
                ));
            }
        }
        let rest = self.items_from(phrases, i + 1)?;
        let body = updates
            .into_iter()
            .rev()
            .fold(rest, |rest, u| Expr::Seq(bx(u), bx(rest)));
        Ok(super::wrap(defs, body))
    }
}
