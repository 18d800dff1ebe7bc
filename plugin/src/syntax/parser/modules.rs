//! The module language: module expressions, module types, signatures, functor parameters
//! (`parsing/parser.mly`'s `module_expr`, `module_type`, `signature_item`).

use super::{PResult, Parser};
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast::*;
use crate::syntax::lexer::TokenKind;

impl Parser {
    /// After `module`: `module type S [= MT]`, `module M = P` (an alias), `module M [params]
    /// [: MT] = ME`.
    pub(super) fn module_definition(&mut self) -> PResult<ItemKind> {
        let module = self.expect_kw("module")?;
        if self.eat_kw("type") {
            let name = self.module_type_name()?;
            if !self.eat_sym("=") {
                return Ok(ItemKind::ModuleType(name, None));
            }
            return Ok(ItemKind::ModuleType(name, Some(self.module_type()?)));
        }
        if self.eat_kw("rec") {
            return self.rec_module_bindings(module);
        }
        let name = self.module_binding_name()?;
        let (params, constraint) = self.module_binding_head()?;
        if params.is_empty() && constraint.is_none() {
            if let TokenKind::Uident(_) = self.peek() {
                // `module M = N.P`, unless it is a functor application `F (X)`.
                let start = self.pos;
                let path = self.module_path()?;
                if !self.is_sym("(") {
                    return Ok(ItemKind::ModuleAlias(name, path));
                }
                self.pos = start;
            }
        }
        let body = self.module_expr()?;
        Ok(ItemKind::Module(name, functor_of(params, body, constraint)))
    }

    /// After `module rec`: `A : SA = MEA and B : SB = MEB ..`.
    fn rec_module_bindings(&mut self, module: Span) -> PResult<ItemKind> {
        let mut bindings = Vec::new();
        loop {
            let start = self.start();
            let name = self.module_binding_name()?;
            let (params, constraint) = self.module_binding_head()?;
            if !params.is_empty() {
                return Err(Diagnostic::unsupported(module, "recursive functors are"));
            }
            let body = self.module_expr()?;
            let Some(ty) = constraint else {
                return Err(Diagnostic::error(
                    body.span,
                    "Recursive modules require an explicit module type.",
                ));
            };
            bindings.push(RecModule {
                name,
                ty,
                body,
                span: self.span_from(start),
            });
            if !self.eat_kw("and") {
                return Ok(ItemKind::RecModules(bindings));
            }
        }
    }

    /// After a module's name: `(X : S) .. [: MT] =`, the functor parameters and the constraint.
    pub(super) fn module_binding_head(&mut self) -> PResult<(Vec<FunctorParam>, Option<ModType>)> {
        let params = self.functor_params()?;
        let constraint = if self.eat_sym(":") {
            Some(self.module_type()?)
        } else {
            None
        };
        self.expect_sym("=")?;
        Ok((params, constraint))
    }

    /// A module type's name: `S`, or a lowercase name (OCaml accepts both).
    fn module_type_name(&mut self) -> PResult<String> {
        match self.peek().clone() {
            TokenKind::Uident(n) | TokenKind::Lident(n) => {
                self.bump();
                Ok(n)
            }
            _ => Err(self.expected("a module type name")),
        }
    }

    /// `(X : S) (Y : T) ()` before a functor's `=`, `:` or `->`.
    pub(super) fn functor_params(&mut self) -> PResult<Vec<FunctorParam>> {
        let mut params = Vec::new();
        while self.is_sym("(") {
            params.push(self.functor_param()?);
        }
        Ok(params)
    }

    /// `(X : S)`, `(_ : S)` or `()`.
    fn functor_param(&mut self) -> PResult<FunctorParam> {
        let start = self.start();
        let open = self.expect_sym("(")?;
        if self.eat_sym(")") {
            return Ok(FunctorParam {
                name: None,
                ty: None,
                span: self.span_from(start),
            });
        }
        let name = match self.peek().clone() {
            TokenKind::Uident(n) => Some(n),
            TokenKind::Symbol(s) if s == "_" => None,
            _ => return Err(self.expected("a functor parameter name")),
        };
        self.bump();
        self.expect_sym(":")?;
        let ty = self.module_type()?;
        self.expect_closing(")", "(", open)?;
        Ok(FunctorParam {
            name,
            ty: Some(ty),
            span: self.span_from(start),
        })
    }

    /// A module expression: `functor params -> ME`, or an atom applied to arguments.
    pub(super) fn module_expr(&mut self) -> PResult<ModExpr> {
        self.enter()?;
        let start = self.start();
        let result = if self.eat_kw("functor") {
            let params = self.functor_params()?;
            if params.is_empty() {
                return Err(self.expected("a functor parameter `(X : S)`"));
            }
            self.expect_sym("->")?;
            let body = self.module_expr()?;
            Ok(ModExpr {
                kind: ModExprKind::Functor(params, Box::new(body)),
                span: self.span_from(start),
            })
        } else {
            self.module_application()
        };
        self.leave();
        result
    }

    /// `atom (ME)* ` : `F (A) (B)`, `F ()`.
    fn module_application(&mut self) -> PResult<ModExpr> {
        let start = self.start();
        let mut e = self.module_atom()?;
        while self.is_sym("(") {
            let open = self.expect_sym("(")?;
            let arg = if self.eat_sym(")") {
                None
            } else {
                let arg = self.module_expr_or_constraint()?;
                self.expect_closing(")", "(", open)?;
                Some(Box::new(arg))
            };
            e = ModExpr {
                kind: ModExprKind::Apply(Box::new(e), arg),
                span: self.span_from(start),
            };
        }
        Ok(e)
    }

    /// `ME` or `ME : MT` (inside parentheses).
    fn module_expr_or_constraint(&mut self) -> PResult<ModExpr> {
        let start = self.start();
        let e = self.module_expr()?;
        if self.eat_sym(":") {
            let ty = self.module_type()?;
            return Ok(ModExpr {
                kind: ModExprKind::Constraint(Box::new(e), ty),
                span: self.span_from(start),
            });
        }
        Ok(e)
    }

    /// `struct items end`, `M.N`, `( ME [: MT] )`.
    fn module_atom(&mut self) -> PResult<ModExpr> {
        let start = self.start();
        let kind = match self.peek() {
            TokenKind::Keyword("struct") => {
                let open = self.expect_kw("struct")?;
                let items = self.items(true)?;
                self.expect_closing_kw("end", "struct", open)?;
                ModExprKind::Struct(items)
            }
            TokenKind::Uident(_) => ModExprKind::Path(self.module_path()?),
            TokenKind::Symbol(s) if s == "(" => {
                if self.is_kw_at_offset(1, "val") {
                    // `(val e)`, `(val e : S)`.
                    let open = self.expect_sym("(")?;
                    self.expect_kw("val")?;
                    let mut e = self.expr()?;
                    if self.eat_sym(":") {
                        let t = self.package_type()?;
                        let span = Span::new(e.span.lo, t.span.hi);
                        e = Expr {
                            kind: ExprKind::Constraint(Box::new(e), t),
                            span,
                        };
                    } else if self.is_sym(":>") {
                        return Err(Diagnostic::unsupported(
                            self.span(),
                            "coercions of first-class modules are",
                        ));
                    }
                    self.expect_closing(")", "(", open)?;
                    return Ok(ModExpr {
                        kind: ModExprKind::Unpack(Box::new(e)),
                        span: self.span_from(start),
                    });
                }
                let open = self.expect_sym("(")?;
                let e = self.module_expr_or_constraint()?;
                self.expect_closing(")", "(", open)?;
                return Ok(ModExpr {
                    span: self.span_from(start),
                    ..e
                });
            }
            _ => return Err(self.expected("a module expression")),
        };
        Ok(ModExpr {
            kind,
            span: self.span_from(start),
        })
    }

    /// After `module` in `(module S with type t = u)` (a type) or `(module ME : S)` (after the
    /// colon): a package type, a module type path with `with type` constraints (OCaml's
    /// `package_type`).
    pub(super) fn package_type(&mut self) -> PResult<TypeExpr> {
        let start = self.start();
        let mt = self.module_type()?;
        let (path, constraints) = match mt.kind {
            ModTypeKind::Path(p) => (p, Vec::new()),
            ModTypeKind::With(inner, cs) => {
                let ModTypeKind::Path(p) = inner.kind else {
                    return Err(Diagnostic::error(
                        mt.span,
                        "Syntax error: invalid package type: only module type identifier and 'with type' constraints are supported",
                    ));
                };
                let mut out = Vec::new();
                for c in cs {
                    match c {
                        WithConstraint::Type {
                            path,
                            decl,
                            destructive: false,
                        } if decl.params.is_empty() => match decl.kind {
                            TypeDeclKind::Abbrev(t) => out.push((path, t)),
                            _ => {
                                return Err(Diagnostic::error(
                                    mt.span,
                                    "Syntax error: invalid package type: only 'with type t =' constraints are supported",
                                ))
                            }
                        },
                        WithConstraint::Type { .. } => {
                            return Err(Diagnostic::error(
                                mt.span,
                                "Syntax error: invalid package type: parametrized types are not supported",
                            ))
                        }
                        WithConstraint::Module { .. } | WithConstraint::ModuleType { .. } => {
                            return Err(Diagnostic::error(
                                mt.span,
                                "Syntax error: invalid package type: only module type identifier and 'with type' constraints are supported",
                            ))
                        }
                    }
                }
                (p, out)
            }
            _ => {
                return Err(Diagnostic::error(
                    mt.span,
                    "Syntax error: invalid package type: only module type identifier and 'with type' constraints are supported",
                ))
            }
        };
        Ok(TypeExpr {
            kind: TypeExprKind::Package(path, constraints),
            span: self.span_from(start),
        })
    }

    fn is_kw_at_offset(&self, offset: usize, k: &str) -> bool {
        matches!(self.peek_at(offset), TokenKind::Keyword(x) if *x == k)
    }

    /// A module type: `functor params -> MT`, `(X : S) -> MT`, `S -> MT`, or an atom with
    /// `with` constraints.
    pub(super) fn module_type(&mut self) -> PResult<ModType> {
        self.enter()?;
        let result = self.module_type_inner();
        self.leave();
        result
    }

    fn module_type_inner(&mut self) -> PResult<ModType> {
        let start = self.start();
        if self.eat_kw("functor") {
            let params = self.functor_params()?;
            self.expect_sym("->")?;
            let body = self.module_type()?;
            return Ok(ModType {
                kind: ModTypeKind::Functor(params, Box::new(body)),
                span: self.span_from(start),
            });
        }
        // `(X : S) -> MT`: a parenthesized name and a colon start a functor type.
        if self.is_sym("(")
            && (matches!(self.peek_at(1), TokenKind::Uident(_)) || self.is_sym_at(1, "_"))
            && self.is_sym_at(2, ":")
        {
            let mut params = Vec::new();
            while self.is_sym("(") && self.is_sym_at(2, ":") {
                params.push(self.functor_param()?);
            }
            self.expect_sym("->")?;
            let body = self.module_type()?;
            return Ok(ModType {
                kind: ModTypeKind::Functor(params, Box::new(body)),
                span: self.span_from(start),
            });
        }
        let mut t = self.module_type_atom()?;
        while self.eat_kw("with") {
            let mut constraints = vec![self.with_constraint()?];
            while self.eat_kw("and") {
                constraints.push(self.with_constraint()?);
            }
            t = ModType {
                kind: ModTypeKind::With(Box::new(t), constraints),
                span: self.span_from(start),
            };
        }
        if self.eat_sym("->") {
            // `S -> MT`: a functor type whose parameter has no name.
            let param = FunctorParam {
                name: None,
                span: t.span,
                ty: Some(t),
            };
            let body = self.module_type()?;
            return Ok(ModType {
                kind: ModTypeKind::Functor(vec![param], Box::new(body)),
                span: self.span_from(start),
            });
        }
        Ok(t)
    }

    /// `sig items end`, `S`, `M.S`, `module type of ME`, `( MT )`.
    fn module_type_atom(&mut self) -> PResult<ModType> {
        let start = self.start();
        let kind = match self.peek().clone() {
            TokenKind::Keyword("sig") => {
                let open = self.expect_kw("sig")?;
                let items = self.signature_items()?;
                self.expect_closing_kw("end", "sig", open)?;
                ModTypeKind::Sig(items)
            }
            TokenKind::Keyword("module") => {
                self.bump();
                self.expect_kw("type")?;
                self.expect_kw("of")?;
                ModTypeKind::TypeOf(Box::new(self.module_expr()?))
            }
            TokenKind::Uident(_) | TokenKind::Lident(_) => {
                ModTypeKind::Path(self.module_type_path()?)
            }
            TokenKind::Symbol(s) if s == "(" => {
                let open = self.expect_sym("(")?;
                let t = self.module_type()?;
                self.expect_closing(")", "(", open)?;
                return Ok(ModType {
                    span: self.span_from(start),
                    ..t
                });
            }
            _ => return Err(self.expected("a module type")),
        };
        Ok(ModType {
            kind,
            span: self.span_from(start),
        })
    }

    /// A module path with functor applications: `M.N`, `F(M)`, `F(M).N`, `F(G(M))`.
    fn extended_module_path(&mut self) -> PResult<String> {
        let mut path = self.module_path()?;
        while self.is_sym("(") {
            let open = self.expect_sym("(")?;
            let arg = self.extended_module_path()?;
            self.expect_closing(")", "(", open)?;
            path.push('(');
            path.push_str(&arg);
            path.push(')');
            if self.is_sym(".") && matches!(self.peek_at(1), TokenKind::Uident(_)) {
                self.bump();
                path.push('.');
                path.push_str(&self.module_path()?);
            }
        }
        Ok(path)
    }

    /// A module type's path: `S`, `M.S`, `s`, `M.s`.
    fn module_type_path(&mut self) -> PResult<String> {
        if let TokenKind::Lident(n) = self.peek().clone() {
            self.bump();
            return Ok(n);
        }
        let mut path = String::new();
        while let TokenKind::Uident(m) = self.peek().clone() {
            self.bump();
            path.push_str(&m);
            if !self.is_sym(".") {
                break;
            }
            self.bump();
            path.push('.');
        }
        if path.is_empty() {
            return Err(self.expected("a module type name"));
        }
        if path.ends_with('.') {
            // `M.s`: a lowercase module type name.
            let TokenKind::Lident(n) = self.peek().clone() else {
                return Err(self.expected("a module type name"));
            };
            self.bump();
            path.push_str(&n);
        }
        Ok(path)
    }

    /// `type params path = t`, `type params path := t`, `module P = Q`, `module P := Q`,
    /// `module type P = MT`, `module type P := MT`.
    fn with_constraint(&mut self) -> PResult<WithConstraint> {
        if self.is_kw("module") && self.is_kw_at_offset(1, "type") {
            // `module type M.S = MT`, `module type M.S := MT`: the right side an atom (OCaml's
            // `module_type` there cannot take `with` constraints unparenthesized either).
            self.bump();
            self.bump();
            let path = self.module_type_path()?;
            let destructive = if self.eat_sym(":=") {
                true
            } else {
                self.expect_sym("=")?;
                false
            };
            let ty = self.module_type_atom()?;
            return Ok(WithConstraint::ModuleType {
                path,
                ty,
                destructive,
            });
        }
        if self.eat_kw("module") {
            let path = self.module_path()?;
            let destructive = if self.eat_sym(":=") {
                true
            } else {
                self.expect_sym("=")?;
                false
            };
            let target = self.module_path()?;
            return Ok(WithConstraint::Module {
                path,
                target,
                destructive,
            });
        }
        let start = self.start();
        self.expect_kw("type")?;
        let (params, variances): (Vec<String>, Vec<ParamVariance>) =
            self.annotated_type_parameters()?.into_iter().unzip();
        let (path, _) = self.type_constructor_path()?;
        let destructive = if self.eat_sym(":=") {
            true
        } else {
            self.expect_sym("=")?;
            false
        };
        let kind = if self.is_kw("private") {
            return Err(Diagnostic::unsupported(self.span(), "private types"));
        } else {
            TypeDeclKind::Abbrev(self.type_expr()?)
        };
        let name = path.rsplit('.').next().unwrap_or(&path).to_string();
        Ok(WithConstraint::Type {
            path,
            decl: TypeDecl {
                name,
                params,
                variances,
                manifest: None,
                kind,
                private_: false,
                attrs: Default::default(),
                constraints: Vec::new(),
                span: self.span_from(start),
            },
            destructive,
        })
    }

    /// An interface file: signature items up to the end of the file.
    pub(crate) fn interface(&mut self) -> PResult<Vec<SigItem>> {
        let items = self.signature_items()?;
        if !matches!(self.peek(), TokenKind::Eof) {
            return Err(self.expected("a signature item"));
        }
        Ok(items)
    }

    /// The items of a `sig`, up to `end`.
    fn signature_items(&mut self) -> PResult<Vec<SigItem>> {
        let mut items = Vec::new();
        loop {
            while self.eat_sym(";;") {}
            if self.is_kw("end") || matches!(self.peek(), TokenKind::Eof) {
                return Ok(items);
            }
            let start = self.start();
            let kind = self.signature_item()?;
            items.push(SigItem {
                kind,
                span: self.span_from(start),
            });
        }
    }

    fn signature_item(&mut self) -> PResult<SigItemKind> {
        Ok(match self.peek() {
            TokenKind::Keyword("val") => {
                self.bump();
                let (name, span) = self.value_name()?;
                self.expect_sym(":")?;
                let ty = self.poly_type_expr()?;
                SigItemKind::Val(name, span, ty)
            }
            TokenKind::Keyword("external") => SigItemKind::External(self.external_declaration()?),
            TokenKind::Keyword("type") => {
                // `type t := u` substitutes `t` away.
                let save = self.pos;
                self.bump();
                let _ = self.type_parameters();
                if matches!(self.peek(), TokenKind::Lident(_)) && self.is_sym_at(1, ":=") {
                    self.pos = save;
                    self.bump();
                    let start = self.start();
                    let (params, variances): (Vec<String>, Vec<ParamVariance>) =
                        self.annotated_type_parameters()?.into_iter().unzip();
                    let TokenKind::Lident(name) = self.peek().clone() else {
                        unreachable!()
                    };
                    self.bump();
                    self.expect_sym(":=")?;
                    let body = self.type_expr()?;
                    SigItemKind::TypeSubst(vec![TypeDecl {
                        name,
                        params,
                        variances,
                        manifest: None,
                        kind: TypeDeclKind::Abbrev(body),
                        private_: false,
                        attrs: Default::default(),
                        constraints: Vec::new(),
                        span: self.span_from(start),
                    }])
                } else {
                    self.pos = save;
                    match self.type_item()? {
                        ItemKind::TypeExtension(x) => SigItemKind::TypeExtension(x),
                        ItemKind::Type(decls) | ItemKind::TypeNonrec(decls) => {
                            // Signature matching does not compare constraints yet.
                            if let Some(d) = decls.iter().find(|d| !d.constraints.is_empty()) {
                                return Err(Diagnostic::unsupported(
                                    d.span,
                                    "type constraints in signatures",
                                ));
                            }
                            SigItemKind::Type(decls)
                        }
                        _ => unreachable!("a type item is declarations or an extension"),
                    }
                }
            }
            TokenKind::Keyword("exception") => {
                self.bump();
                SigItemKind::Exception(self.constructor_declaration()?)
            }
            TokenKind::Keyword("include") => {
                self.bump();
                SigItemKind::Include(self.module_type()?)
            }
            TokenKind::Keyword("open") => {
                self.bump();
                self.eat_sym("!");
                let me = self.module_expr()?;
                match me.kind {
                    ModExprKind::Path(p) => SigItemKind::Open(p),
                    // `open F (X)` in a signature: only its types would matter to egret's
                    // signatures, which record names.
                    _ => SigItemKind::Open(String::new()),
                }
            }
            TokenKind::Keyword("module") => {
                self.expect_kw("module")?;
                if self.eat_kw("type") {
                    let name = self.module_type_name()?;
                    if self.eat_sym("=") {
                        return Ok(SigItemKind::ModuleType(name, Some(self.module_type()?)));
                    }
                    if self.eat_sym(":=") {
                        return Ok(SigItemKind::ModuleTypeSubst(name, self.module_type()?));
                    }
                    return Ok(SigItemKind::ModuleType(name, None));
                }
                if self.eat_kw("rec") {
                    let mut decls = Vec::new();
                    loop {
                        let name = self.module_binding_name()?;
                        self.expect_sym(":")?;
                        decls.push((name, self.module_type()?));
                        if !self.eat_kw("and") {
                            return Ok(SigItemKind::RecModules(decls));
                        }
                    }
                }
                let name = self.module_binding_name()?;
                if self.eat_sym("=") {
                    return Ok(SigItemKind::ModuleAlias(name, self.module_path()?));
                }
                if self.eat_sym(":=") {
                    return Ok(SigItemKind::ModuleSubst(name, self.extended_module_path()?));
                }
                let params = self.functor_params()?;
                self.expect_sym(":")?;
                let body = self.module_type()?;
                let ty = if params.is_empty() {
                    body
                } else {
                    let span = Span::new(params[0].span.lo, body.span.hi);
                    ModType {
                        kind: ModTypeKind::Functor(params, Box::new(body)),
                        span,
                    }
                };
                SigItemKind::Module(name, ty)
            }
            TokenKind::Keyword("class") => {
                return Err(Diagnostic::unsupported(
                    self.span(),
                    "classes in signatures",
                ))
            }
            _ => return Err(self.expected("a signature item")),
        })
    }
}

/// `module F (X : S) .. : MT = ME` as one module expression: the parameters around `(ME : MT)`.
pub(super) fn functor_of(
    params: Vec<FunctorParam>,
    body: ModExpr,
    constraint: Option<ModType>,
) -> ModExpr {
    let span = body.span;
    let body = match constraint {
        Some(t) => ModExpr {
            kind: ModExprKind::Constraint(Box::new(body), t),
            span,
        },
        None => body,
    };
    if params.is_empty() {
        return body;
    }
    let span = Span::new(params[0].span.lo, body.span.hi);
    ModExpr {
        kind: ModExprKind::Functor(params, Box::new(body)),
        span,
    }
}
