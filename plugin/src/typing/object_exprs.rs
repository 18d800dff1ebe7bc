//! Immediate objects typed and compiled: `object (self) val x = e val mutable y = e method m
//! a = .. method private p = .. end`, method calls `e#m`, instance variables read and
//! assigned (`y <- v`), `{< y = v >}` (OCaml 4.13's `Typecore.type_object`, `Translobj`,
//! `Translcore`'s `Texp_send`, `Texp_instvar`, `Texp_setinstvar`, `Texp_override`).
//!
//! Run-time representation (OCaml's layout, with a direct method table of egret's own): an
//! object is a block of tag `Object_tag` (248) `[table; id; ivar1; ..; ivarN]` where `id` is
//! a fresh number (the counter of local exceptions' identities, `egret_fresh_exception`, so
//! that polymorphic comparison orders objects by creation, as OCaml's `compare.c` does for
//! `Object_tag`) and `table` is a function from a method label's `hash_variant` to the
//! method's closure (a `Switch` on the hash, which the backends compile to a jump table or a
//! binary search, as OCaml's `caml_get_public_method` searches its sorted table). A method
//! is a closure taking `self` first; `o#m` is `(o.0 (hash "m")) o`. So nothing in the lambda
//! IR, the backends or the interpreters is new: an object is a block, its table a closure.
//!
//! Typing (simplified from OCaml's): the self type is the closed object type of the public
//! methods (their types fresh variables until the bodies are typed); private methods are
//! known to `self#p` only, through the [`ObjectScope`]. Instance variables are bound in the
//! methods' environment as [`ValueBinding::InstVar`] (innermost object's scope depth and the
//! variable's index) and read from `self`'s fields; `val` initialisers see neither `self`
//! nor the instance variables. Polymorphic methods (`method m : 'a. ..`) and classes are not
//! here. `initializer e` is typed as a private method of type `unit` and applied to the
//! new object once its instance variables are set, in order (OCaml's `Translobj`).
//!
//! Invariant: in the lambda IR an object's type is `Obj.t`; every value taken out of an object
//! (a field, a method closure) is bound to a variable of its type (`Prim::Identity`'s type is
//! its context's).

use std::collections::HashMap;

use super::env::ValueBinding;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Const, Expr, Prim, Purity, SwitchKind, TyCon, Type, VarId};
use crate::syntax::ast;

/// OCaml's `Obj.object_tag`.
const OBJECT_TAG: i64 = 248;
/// The fields before the instance variables: the method table and the object's id.
const FIRST_IVAR: u32 = 2;

/// An object whose methods are being typed.
pub(super) struct ObjectScope {
    /// `self` in the method being typed.
    self_var: Option<VarId>,
    self_ty: Type,
    /// The private methods' types (only `self#p` calls them).
    privates: HashMap<String, Type>,
    /// The instance variables in order: name, type, mutable.
    ivars: Vec<(String, Type, bool)>,
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

fn arrow(a: Type, b: Type) -> Type {
    Type::Arrow(Box::new(a), Box::new(b))
}

fn obj_t() -> Type {
    Type::Con(TyCon::OBJ_T, vec![])
}

impl Typer<'_> {
    /// `e` (whose type is its context's) bound to a fresh variable of type `ty`.
    fn typed_as(&mut self, e: Expr, ty: Type, span: Span) -> Expr {
        let v = self.fresh_var("_obj", ty, span);
        Expr::Local(v, bx(Expr::Prim(Prim::Identity, vec![e])), bx(Expr::Var(v)))
    }

    /// A fresh object id (the counter `Oo.id` reads, shared with local exceptions).
    fn fresh_object_id() -> Expr {
        let identity = Expr::Prim(
            Prim::Runtime("egret_fresh_exception", Purity::Effect),
            vec![Expr::Const(Const::String(b"".as_slice().into()))],
        );
        Expr::Field(bx(identity), 1)
    }

    /// `object (self) fields end`.
    pub(super) fn object_expr(&mut self, o: &ast::ObjectExpr, span: Span) -> TResult<(Expr, Type)> {
        self.u.pv.ensure(&mut self.types);
        self.u.pv.obj.ensure(&mut self.types);
        // The instance variables' initialisers, in order, outside the object's scope.
        let mut ivars = Vec::new();
        let mut inits = Vec::new();
        let mut methods: Vec<(&String, Span, bool, &ast::Expr)> = Vec::new();
        let initializer_name = String::from("initializer");
        let mut initializers: Vec<(&String, Span, bool, &ast::Expr)> = Vec::new();
        let init_mark = self.env.mark();
        if let Some(ast::PatternKind::Var(n)) = o.self_pat.as_ref().map(|p| &p.kind) {
            self.env
                .bind(n, ValueBinding::NotInInitializer { is_self: true });
        }
        for f in &o.fields {
            match f {
                ast::ObjectField::Val {
                    name,
                    span: fspan,
                    mutable,
                    expr,
                } => {
                    if ivars.iter().any(|(n, _, _)| n == name) {
                        self.env.restore(init_mark);
                        return Err(Diagnostic::error(
                            *fspan,
                            format!("The instance variable `{name}' has multiple definitions in this object"),
                        ));
                    }
                    let typed = self.expr(expr);
                    let (x, t) = match typed {
                        Ok(r) => r,
                        Err(e) => {
                            self.env.restore(init_mark);
                            return Err(e);
                        }
                    };
                    self.env
                        .bind(name, ValueBinding::NotInInitializer { is_self: false });
                    let v = self.fresh_var(name, t.clone(), *fspan);
                    inits.push((v, x));
                    ivars.push((name.clone(), t, *mutable));
                }
                ast::ObjectField::Method {
                    name,
                    span: fspan,
                    private,
                    expr,
                } => {
                    if methods.iter().any(|m| m.0 == name) {
                        self.env.restore(init_mark);
                        return Err(Diagnostic::error(
                            *fspan,
                            format!("The method `{name}' has multiple definitions in this object"),
                        ));
                    }
                    if let Some(m) = methods.iter().find(|m| {
                        super::pvariant::hash_variant(m.0) == super::pvariant::hash_variant(name)
                    }) {
                        self.env.restore(init_mark);
                        return Err(Diagnostic::error(
                            *fspan,
                            format!("Method labels {} and {name} are incompatible.\n       Change one of them.", m.0),
                        ));
                    }
                    methods.push((name, *fspan, *private, expr));
                }
                ast::ObjectField::Initializer { span: fspan, expr } => {
                    initializers.push((&initializer_name, *fspan, true, expr));
                }
            }
        }
        self.env.restore(init_mark);
        // The self type: the public methods, closed; each method's type a fresh variable.
        let mut row_methods = Vec::new();
        let mut method_tys = Vec::new();
        let mut privates = HashMap::new();
        for (name, _, private, _) in &methods {
            let t = self.u.fresh_var();
            method_tys.push(t.clone());
            if *private {
                privates.insert((*name).clone(), t);
            } else {
                let c = self.u.pv.obj.method(&mut self.types, name);
                row_methods.push(((*name).clone(), c, t));
            }
        }
        let row = super::unify::Unifier::build_methods(&row_methods, self.u.pv.obj.nil_ty());
        let self_ty = Type::Con(self.u.pv.obj.object, vec![row]);
        self.objects.push(ObjectScope {
            self_var: None,
            self_ty: self_ty.clone(),
            privates,
            ivars,
        });
        let compiled = self.object_methods(o, &methods, &method_tys, &self_ty);
        let init_tys = vec![Type::unit(); initializers.len()];
        let compiled_inits = match compiled {
            Ok(_) => self.object_methods(o, &initializers, &init_tys, &self_ty),
            Err(_) => Ok(Vec::new()),
        };
        self.objects.pop();
        let closures = compiled?;
        let init_closures = compiled_inits?;
        // The object: its methods' closures, its table, the block.
        let n_ivars = inits.len() as u32;
        let mut arms = Vec::new();
        let mut lets = Vec::new();
        for (((name, mspan, _, _), closure), t) in methods.iter().zip(closures).zip(&method_tys) {
            let mt = arrow(self_ty.clone(), t.clone());
            let m = self.fresh_var(name, mt, *mspan);
            lets.push((m, closure));
            arms.push((
                super::pvariant::hash_variant(name),
                Expr::Prim(Prim::Identity, vec![Expr::Var(m)]),
            ));
        }
        let h = self.fresh_var("_label", Type::int(), span);
        let dispatch = if arms.is_empty() {
            Expr::Prim(Prim::Identity, vec![Expr::Const(Const::Int(0))])
        } else {
            Expr::Switch {
                scrut: bx(Expr::Var(h)),
                kind: SwitchKind::Int,
                arms,
                default: None,
                ty: obj_t(),
            }
        };
        let table_ty = arrow(Type::int(), obj_t());
        let table = self.fresh_var("_methods", table_ty, span);
        let block = self.fresh_var("_object", obj_t(), span);
        let alloc = Expr::Prim(
            Prim::Runtime("caml_obj_block", Purity::Effect),
            vec![
                Expr::Const(Const::Int(OBJECT_TAG)),
                Expr::Const(Const::Int((FIRST_IVAR + n_ivars) as i64)),
            ],
        );
        let mut body = Expr::Prim(Prim::Identity, vec![Expr::Var(block)]);
        body = self.typed_as(body, self_ty.clone(), span);
        // The initializers, in order, once the instance variables are set.
        for ((_, ispan, _, _), closure) in initializers.iter().zip(init_closures).rev() {
            let f = self.fresh_var("_initializer", arrow(self_ty.clone(), Type::unit()), *ispan);
            let this = Expr::Prim(Prim::Identity, vec![Expr::Var(block)]);
            let this = self.typed_as(this, self_ty.clone(), *ispan);
            let run = Expr::Local(f, bx(closure), bx(Expr::App(bx(Expr::Var(f)), vec![this])));
            body = Expr::Seq(bx(run), bx(body));
        }
        for (i, (v, _)) in inits.iter().enumerate().rev() {
            let set = Expr::SetField(
                bx(Expr::Var(block)),
                FIRST_IVAR + i as u32,
                bx(Expr::Var(*v)),
            );
            body = Expr::Seq(bx(set), bx(body));
        }
        let set_id = Expr::SetField(bx(Expr::Var(block)), 1, bx(Self::fresh_object_id()));
        let set_table = Expr::SetField(bx(Expr::Var(block)), 0, bx(Expr::Var(table)));
        body = Expr::Seq(bx(set_table), bx(Expr::Seq(bx(set_id), bx(body))));
        body = Expr::Local(block, bx(alloc), bx(body));
        body = Expr::Local(
            table,
            bx(Expr::Fun(vec![h], bx(dispatch), self.fun_name())),
            bx(body),
        );
        for (m, closure) in lets.into_iter().rev() {
            body = Expr::Local(m, bx(closure), bx(body));
        }
        for (v, x) in inits.into_iter().rev() {
            body = Expr::Local(v, bx(x), bx(body));
        }
        Ok((body, self_ty))
    }

    /// The methods' closures `fun self -> body`, typed in the object's scope.
    fn object_methods(
        &mut self,
        o: &ast::ObjectExpr,
        methods: &[(&String, Span, bool, &ast::Expr)],
        method_tys: &[Type],
        self_ty: &Type,
    ) -> TResult<Vec<Expr>> {
        let depth = self.objects.len() as u32 - 1;
        let mut out = Vec::new();
        for ((name, mspan, _, body), mt) in methods.iter().zip(method_tys) {
            let scopes = self.method_scopes(name, body);
            let mark = self.env.mark();
            let self_name = self.self_pattern_name(o.self_pat.as_ref(), self_ty)?;
            let outer = std::mem::replace(&mut self.scopes, scopes);
            let sv = self.fresh_var(
                self_name.as_deref().unwrap_or("self"),
                self_ty.clone(),
                *mspan,
            );
            self.objects.last_mut().unwrap().self_var = Some(sv);
            let ivar_names: Vec<String> = self
                .objects
                .last()
                .unwrap()
                .ivars
                .iter()
                .map(|v| v.0.clone())
                .collect();
            for (i, n) in ivar_names.iter().enumerate() {
                self.env
                    .bind(n, ValueBinding::InstVar(depth << 16 | i as u32));
            }
            if let Some(n) = &self_name {
                self.env.bind(n, ValueBinding::Var(sv));
            }
            let typed = self.expr(body);
            self.env.restore(mark);
            let name = self.fun_name();
            self.scopes = outer;
            let (x, t) = typed?;
            self.expect(body.span, &t, mt)?;
            out.push(Expr::Fun(vec![sv], bx(x), name));
        }
        Ok(out)
    }

    /// The name `self` is bound to (`object (self) ..`, `object (self : t) ..`), its type
    /// constraint unified with the self type.
    fn self_pattern_name(
        &mut self,
        p: Option<&ast::Pattern>,
        self_ty: &Type,
    ) -> TResult<Option<String>> {
        let Some(p) = p else { return Ok(None) };
        match &p.kind {
            ast::PatternKind::Var(n) => Ok(Some(n.clone())),
            ast::PatternKind::Any => Ok(None),
            ast::PatternKind::Constraint(q, te) => {
                let t = self.type_expr(te)?;
                self.expect(p.span, self_ty, &t)?;
                self.self_pattern_name(Some(q), self_ty)
            }
            _ => Err(Diagnostic::unsupported(p.span, "this self pattern")),
        }
    }

    /// `o#m`: the method's closure looked up in `o`'s table by its label's hash, applied to
    /// `o`.
    pub(super) fn send(&mut self, o: &ast::Expr, name: &str, span: Span) -> TResult<(Expr, Type)> {
        let (x, xt) = self.expr(o)?;
        let t = match self.private_method(o, name) {
            Some(t) => t,
            None => self.method_type(o.span, &xt, name)?,
        };
        let ov = self.fresh_var("_self", xt.clone(), span);
        let table_ty = arrow(Type::int(), obj_t());
        let table = self.typed_as(Expr::Field(bx(Expr::Var(ov)), 0), table_ty, span);
        let lookup = Expr::App(
            bx(table),
            vec![Expr::Const(Const::Int(super::pvariant::hash_variant(name)))],
        );
        let closure = self.typed_as(lookup, arrow(xt, t.clone()), span);
        // The call is the method's frame in a backtrace: at the send's place, as ocamlopt's.
        let call = Expr::App(bx(closure), vec![Expr::Var(ov)]);
        let call = match self.code_span(span) {
            s if s == Span::default() => call,
            s => Expr::Loc(crate::srcloc::SrcLoc::new(s), bx(call)),
        };
        Ok((Expr::Local(ov, bx(x), bx(call)), t))
    }

    /// The type of private method `name` when `o` is the innermost object's `self`.
    fn private_method(&self, o: &ast::Expr, name: &str) -> Option<Type> {
        let ast::ExprKind::Var(n) = &o.kind else {
            return None;
        };
        let scope = self.objects.last()?;
        match self.env.lookup(n) {
            Some(ValueBinding::Var(v)) if Some(v) == scope.self_var => {
                scope.privates.get(name).cloned()
            }
            _ => None,
        }
    }

    /// Instance variable `i` (`depth << 16 | index`) read from its object's `self`.
    pub(super) fn inst_var(&mut self, i: u32) -> (Expr, Type) {
        let (depth, index) = ((i >> 16) as usize, i & 0xffff);
        let scope = &self.objects[depth];
        let self_var = scope
            .self_var
            .expect("instance variables are bound in methods");
        let t = scope.ivars[index as usize].1.clone();
        let field = Expr::Field(bx(Expr::Var(self_var)), FIRST_IVAR + index);
        (self.typed_as(field, t.clone(), Span::default()), t)
    }

    /// `x <- e`.
    pub(super) fn set_inst_var(
        &mut self,
        name: &str,
        name_span: Span,
        v: &ast::Expr,
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let i = match self.env.lookup(name) {
            Some(ValueBinding::InstVar(i)) => i,
            Some(ValueBinding::Var(_)) | Some(ValueBinding::Builtin(_)) => {
                return Err(Diagnostic::error(
                    name_span,
                    format!("The value {name} is not an instance variable"),
                ))
            }
            _ => {
                return Err(Diagnostic::error(
                    name_span,
                    format!("Unbound instance variable {name}"),
                ))
            }
        };
        let (depth, index) = ((i >> 16) as usize, i & 0xffff);
        let (_, t, mutable) = self.objects[depth].ivars[index as usize].clone();
        if !mutable {
            return Err(Diagnostic::error(
                span,
                format!("The instance variable {name} is not mutable"),
            ));
        }
        let (x, xt) = self.expr(v)?;
        self.expect(v.span, &xt, &t)?;
        let self_var = self.objects[depth].self_var.unwrap();
        let set = Expr::SetField(bx(Expr::Var(self_var)), FIRST_IVAR + index, bx(x));
        Ok((set, Type::unit()))
    }

    /// `{< x1 = e1; .. >}`: a copy of `self` with a fresh id and the variables set.
    pub(super) fn override_expr(
        &mut self,
        fields: &[(String, Span, ast::Expr)],
        span: Span,
    ) -> TResult<(Expr, Type)> {
        let Some(scope) = self.objects.last() else {
            return Err(Diagnostic::error(
                span,
                "This object duplication occurs outside a method definition",
            ));
        };
        let (self_var, self_ty) = (scope.self_var.unwrap(), scope.self_ty.clone());
        let depth = self.objects.len() as u32 - 1;
        let copy = self.fresh_var("_copy", obj_t(), span);
        let mut sets = Vec::new();
        for (name, nspan, e) in fields {
            let index = match self.env.lookup(name) {
                Some(ValueBinding::InstVar(i)) if i >> 16 == depth => i & 0xffff,
                _ => {
                    return Err(Diagnostic::error(
                        *nspan,
                        format!("Unbound instance variable {name}"),
                    ))
                }
            };
            let t = self.objects[depth as usize].ivars[index as usize].1.clone();
            let (x, xt) = self.expr(e)?;
            self.expect(e.span, &xt, &t)?;
            sets.push(Expr::SetField(
                bx(Expr::Var(copy)),
                FIRST_IVAR + index,
                bx(x),
            ));
        }
        let mut body = self.typed_as(Expr::Var(copy), self_ty.clone(), span);
        for s in sets.into_iter().rev() {
            body = Expr::Seq(bx(s), bx(body));
        }
        let set_id = Expr::SetField(bx(Expr::Var(copy)), 1, bx(Self::fresh_object_id()));
        body = Expr::Seq(bx(set_id), bx(body));
        let dup = Expr::Prim(
            Prim::Runtime("caml_obj_dup", Purity::Effect),
            vec![Expr::Var(self_var)],
        );
        Ok((Expr::Local(copy, bx(dup), bx(body)), self_ty))
    }

    /// `Oo.id` (`< .. > -> int`, the object's id) and `Oo.copy` (`(< .. > as 'a) -> 'a`, a
    /// shallow copy with a fresh id), as the standard library's `Oo`.
    pub(super) fn oo_function(&mut self, name: &str, span: Span) -> (Expr, Type) {
        self.u.pv.ensure(&mut self.types);
        self.u.pv.obj.ensure(&mut self.types);
        let row = self.u.fresh_var();
        let obj_ty = Type::Con(self.u.pv.obj.object, vec![row]);
        let o = self.fresh_var("_o", obj_ty.clone(), span);
        let (body, result) = if name == "Oo.id" {
            let id = Expr::Field(bx(Expr::Var(o)), 1);
            (self.typed_as(id, Type::int(), span), Type::int())
        } else {
            let copy = self.fresh_var("_copy", obj_t(), span);
            let dup = Expr::Prim(
                Prim::Runtime("caml_obj_dup", Purity::Effect),
                vec![Expr::Var(o)],
            );
            let set_id = Expr::SetField(bx(Expr::Var(copy)), 1, bx(Self::fresh_object_id()));
            let typed = self.typed_as(Expr::Var(copy), obj_ty.clone(), span);
            let body = Expr::Local(copy, bx(dup), bx(Expr::Seq(bx(set_id), bx(typed))));
            (body, obj_ty.clone())
        };
        let f = Expr::Fun(vec![o], bx(body), self.fun_name());
        (f, arrow(obj_ty, result))
    }
}
