//! Type expressions and `type` / `exception` declarations.
//!
//! Type expressions, loosest first: `t -> u` (right) < `t * u` < application `t list`,
//! `(t, u) Hashtbl.t` < atoms (`'a`, `_`, `int`, `( t )`).
//! A constructor's arguments are `*`-separated applications, so `A of int * int` has two
//! arguments and `A of (int * int)` one tuple argument.

use super::{PResult, Parser};
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast::*;
use crate::syntax::lexer::TokenKind;

/// Whether `t` has a `u as 'a` with `'a` one of `names`.
fn aliases_any(t: &TypeExpr, names: &[String]) -> bool {
    let any = |ts: &[TypeExpr]| ts.iter().any(|t| aliases_any(t, names));
    match &t.kind {
        TypeExprKind::Alias(b, n) => names.contains(n) || aliases_any(b, names),
        TypeExprKind::Var(_) | TypeExprKind::Any => false,
        TypeExprKind::Constr(_, ts) | TypeExprKind::Tuple(ts) => any(ts),
        TypeExprKind::Arrow(_, a, b) => aliases_any(a, names) || aliases_any(b, names),
        TypeExprKind::Poly(_, b) => aliases_any(b, names),
        TypeExprKind::Package(_, cs) | TypeExprKind::Object { methods: cs, .. } => {
            cs.iter().any(|(_, t)| aliases_any(t, names))
        }
        TypeExprKind::Variant { fields, .. } => fields.iter().any(|f| match f {
            RowFieldExpr::Tag { args, .. } => any(args),
            RowFieldExpr::Inherit(t) => aliases_any(t, names),
        }),
    }
}

fn ty(kind: TypeExprKind, span: Span) -> TypeExpr {
    TypeExpr { kind, span }
}

impl Parser {
    /// A full type expression.
    pub(super) fn type_expr(&mut self) -> PResult<TypeExpr> {
        self.enter()?;
        let t = self.aliased_type();
        self.leave();
        t
    }

    /// `t as 'a` (looser than `->`, left-associative: `t as 'a as 'b`).
    fn aliased_type(&mut self) -> PResult<TypeExpr> {
        let start = self.start();
        let mut t = self.arrow_type()?;
        while self.eat_kw("as") {
            self.expect_sym("'")?;
            let name = self.type_var_ident()?;
            t = ty(
                TypeExprKind::Alias(Box::new(t), name),
                self.span_from(start),
            );
        }
        Ok(t)
    }

    /// `t1 -> t2` (right-associative) or a tuple type.
    fn arrow_type(&mut self) -> PResult<TypeExpr> {
        // `t1 -> .. -> tn` is collected, then folded to the right: long arrows do not recurse.
        let mut items = Vec::new();
        loop {
            let label = if let Some(name) = self.label_colon_at(0) {
                // `?x:t` (OCaml's `OPTLABEL`; `~x:t` is not a type)
                if self.is_sym("~") {
                    return Err(self.expected("a type"));
                }
                self.bump();
                self.bump();
                self.bump();
                ArgLabel::Optional(name)
            } else if self.is_sym("?") {
                // `? x : t`
                self.bump();
                let (name, _) = self.label_name()?;
                self.expect_sym(":")?;
                ArgLabel::Optional(name)
            } else if matches!(self.peek(), TokenKind::Lident(_)) && self.is_sym_at(1, ":") {
                let (name, _) = self.label_name()?;
                self.bump();
                ArgLabel::Labelled(name)
            } else {
                ArgLabel::Nolabel
            };
            let t = self.tuple_type()?;
            if label != ArgLabel::Nolabel && !self.is_sym("->") {
                return Err(self.expected("`->` after a labelled argument type"));
            }
            items.push((label, t));
            if !self.eat_sym("->") {
                break;
            }
        }
        let (_, mut result) = items.pop().unwrap();
        while let Some((label, arg)) = items.pop() {
            let span = arg.span.to(result.span);
            result = ty(
                TypeExprKind::Arrow(label, Box::new(arg), Box::new(result)),
                span,
            );
        }
        Ok(result)
    }

    /// A type annotation where OCaml allows `'a. t` and egret does not yet (`external`
    /// declarations, the annotation of a function's result): the polymorphic form is rejected.
    pub(super) fn poly_type_expr(&mut self) -> PResult<TypeExpr> {
        let mut i = 0;
        while self.is_sym_at(i, "'") && self.is_type_var_ident_at(i + 1) {
            i += 2;
        }
        if (i > 0 && self.is_sym_at(i, ".")) || self.is_kw("type") {
            return Err(Diagnostic::unsupported(
                self.span(),
                "explicitly polymorphic annotations",
            ));
        }
        self.type_expr()
    }

    /// The annotation of a let-bound name: `t`, `'a 'b. t` (a [`TypeExprKind::Poly`]), or
    /// `type a b. t` (locally abstract types: the names and `t`).
    pub(super) fn binding_annotation(&mut self) -> PResult<(Option<Vec<String>>, TypeExpr)> {
        let start = self.start();
        if self.eat_kw("type") {
            let mut names = Vec::new();
            while let TokenKind::Lident(name) = self.peek().clone() {
                self.bump();
                names.push(name);
            }
            if names.is_empty() {
                return Err(self.expected("a type name"));
            }
            self.expect_sym(".")?;
            return Ok((Some(names), self.type_expr()?));
        }
        let mut names = Vec::new();
        let mut i = 0;
        while self.is_sym_at(i, "'") && self.is_type_var_ident_at(i + 1) {
            i += 2;
        }
        if i > 0 && self.is_sym_at(i, ".") {
            while self.eat_sym("'") {
                let name = self.type_var_ident()?;
                names.push(name);
            }
            self.expect_sym(".")?;
            let body = self.type_expr()?;
            if aliases_any(&body, &names) {
                return Err(Diagnostic::unsupported(
                    body.span,
                    "aliases `t as 'a` of an explicitly polymorphic variable",
                ));
            }
            return Ok((
                None,
                ty(
                    TypeExprKind::Poly(names, Box::new(body)),
                    self.span_from(start),
                ),
            ));
        }
        Ok((None, self.type_expr()?))
    }

    /// A type without `->` or `*` (the annotation in `fun x : t -> e`).
    pub(super) fn type_expr_no_arrow(&mut self) -> PResult<TypeExpr> {
        self.applied_type()
    }

    fn tuple_type(&mut self) -> PResult<TypeExpr> {
        let start = self.start();
        let first = self.applied_type()?;
        if !self.is_sym("*") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_sym("*") {
            items.push(self.applied_type()?);
        }
        Ok(ty(TypeExprKind::Tuple(items), self.span_from(start)))
    }

    /// `t`, `t list option`, `(t, u) Hashtbl.t`.
    fn applied_type(&mut self) -> PResult<TypeExpr> {
        let start = self.start();
        let mut args = if self.is_sym("#") {
            Vec::new()
        } else {
            self.atomic_types()?
        };
        loop {
            // `#c`, `t #c`, `(t, u) #c`: the open type of class `c`, `Constr("#c", ..)`.
            let hash = self.eat_sym("#");
            if !matches!(self.peek(), TokenKind::Lident(_) | TokenKind::Uident(_)) {
                if hash {
                    return Err(self.expected("a class name"));
                }
                break;
            }
            let (name, _) = self.type_constructor_path()?;
            let name = if hash { format!("#{name}") } else { name };
            args = vec![ty(TypeExprKind::Constr(name, args), self.span_from(start))];
        }
        if args.len() != 1 {
            return Err(self.expected("a type constructor after a parenthesized list of types"));
        }
        Ok(args.pop().unwrap())
    }

    /// One atomic type, or a parenthesized comma-separated list (the arguments of a type
    /// constructor that must follow).
    fn atomic_types(&mut self) -> PResult<Vec<TypeExpr>> {
        let start = self.start();
        let kind = match self.peek().clone() {
            TokenKind::Symbol(s) if s == "'" => {
                self.bump();
                let name = self.type_var_ident()?;
                TypeExprKind::Var(name)
            }
            TokenKind::Symbol(s) if s == "_" => {
                self.bump();
                TypeExprKind::Any
            }
            TokenKind::Lident(_) | TokenKind::Uident(_) => {
                let (name, _) = self.type_constructor_path()?;
                TypeExprKind::Constr(name, Vec::new())
            }
            TokenKind::Symbol(s) if s == "(" => {
                let open = self.bump().span;
                if self.eat_kw("module") {
                    let mut t = self.package_type()?;
                    self.expect_closing(")", "(", open)?;
                    t.span = self.span_from(start);
                    return Ok(vec![t]);
                }
                let mut items = vec![self.type_expr()?];
                while self.eat_sym(",") {
                    items.push(self.type_expr()?);
                }
                self.expect_closing(")", "(", open)?;
                if items.len() == 1 {
                    let mut t = items.pop().unwrap();
                    t.span = self.span_from(start);
                    return Ok(vec![t]);
                }
                return Ok(items);
            }
            TokenKind::Symbol(s) if s == "<" => return Ok(vec![self.object_type()?]),
            TokenKind::Symbol(s) if s == "[" || s == "[<" || s == "[>" => {
                return Ok(vec![self.variant_type()?]);
            }
            _ => return Err(self.expected("a type")),
        };
        Ok(vec![ty(kind, self.span_from(start))])
    }

    /// An object type: `< >`, `< .. >`, `< m : t; n : u >`, `< m : t; .. >` (a `;` may end
    /// the list of methods).
    fn object_type(&mut self) -> PResult<TypeExpr> {
        let start = self.start();
        let open_span = self.bump().span;
        let mut methods = Vec::new();
        let mut open = false;
        loop {
            if self.eat_sym("..") {
                open = true;
                break;
            }
            let name = match self.peek().clone() {
                TokenKind::Lident(n) => n,
                _ => break,
            };
            if !self.is_sym_at(1, ":") {
                return Err(Diagnostic::unsupported(
                    self.span(),
                    "object types including other types",
                ));
            }
            self.bump();
            self.bump();
            methods.push((name, self.poly_type_expr()?));
            if !self.eat_sym(";") {
                break;
            }
        }
        self.expect_closing(">", "<", open_span)?;
        Ok(ty(
            TypeExprKind::Object { methods, open },
            self.span_from(start),
        ))
    }

    /// A polymorphic variant type: `[ f1 | .. ]`, `[> f1 | .. ]`, `[< f1 | .. > `A .. ]`, where
    /// a field is `` `A ``, `` `A of t ``, `` `A of t1 & t2 `` or a type whose tags it includes.
    fn variant_type(&mut self) -> PResult<TypeExpr> {
        let start = self.start();
        let open_tok = self.bump();
        let open = open_tok.span;
        let bound = match &open_tok.kind {
            TokenKind::Symbol(s) if s == "[>" => VariantBound::Lower,
            TokenKind::Symbol(s) if s == "[<" => VariantBound::Upper,
            _ => VariantBound::Exact,
        };
        let mut fields = Vec::new();
        let mut present = Vec::new();
        // `[> ]` may be empty; `[ | .. ]` and `[< | ..]` may start with a bar.
        let leading_bar = self.eat_sym("|");
        if !(bound == VariantBound::Lower && !leading_bar && self.is_sym("]")) {
            loop {
                fields.push(self.row_field()?);
                if !self.eat_sym("|") {
                    break;
                }
            }
        }
        if bound == VariantBound::Upper && self.eat_sym(">") {
            while self.is_sym("`") {
                self.bump();
                present.push(self.tag_name()?);
            }
        }
        self.expect_closing("]", "[", open)?;
        Ok(ty(
            TypeExprKind::Variant {
                fields,
                bound,
                present,
            },
            self.span_from(start),
        ))
    }

    fn row_field(&mut self) -> PResult<RowFieldExpr> {
        let start = self.start();
        if !self.eat_sym("`") {
            return Ok(RowFieldExpr::Inherit(self.type_expr()?));
        }
        let name = self.tag_name()?;
        let mut constant = true;
        let mut args = Vec::new();
        if self.eat_kw("of") {
            constant = self.eat_sym("&");
            args.push(self.type_expr()?);
            while self.eat_sym("&") {
                args.push(self.type_expr()?);
            }
        }
        Ok(RowFieldExpr::Tag {
            name,
            constant,
            args,
            span: self.span_from(start),
        })
    }

    /// The name of a polymorphic variant tag, after its backquote.
    pub(super) fn tag_name(&mut self) -> PResult<String> {
        match self.peek().clone() {
            TokenKind::Uident(n) | TokenKind::Lident(n) => {
                self.bump();
                Ok(n)
            }
            _ => Err(self.expected("a polymorphic variant tag")),
        }
    }

    /// The name after a type variable's `'`: OCaml's `ident`, lower- or upper-case (`'a`,
    /// `'Elt`).
    fn type_var_ident(&mut self) -> PResult<String> {
        match self.peek().clone() {
            TokenKind::Lident(name) | TokenKind::Uident(name) => {
                self.bump();
                Ok(name)
            }
            _ => Err(self.expected("a type variable name")),
        }
    }

    fn is_type_var_ident_at(&self, offset: usize) -> bool {
        matches!(
            self.peek_at(offset),
            TokenKind::Lident(_) | TokenKind::Uident(_)
        )
    }

    /// `t`, `M.t`, `M.N.t`.
    pub(super) fn type_constructor_path(&mut self) -> PResult<(String, Span)> {
        let start = self.start();
        let mut path = String::new();
        while let TokenKind::Uident(m) = self.peek().clone() {
            self.bump();
            path.push_str(&m);
            // `Map.Make(String).t`: a type of a functor application (an applicative path).
            while self.is_sym("(") && matches!(self.peek_at(1), TokenKind::Uident(_)) {
                let open = self.expect_sym("(")?;
                path.push('(');
                path.push_str(&self.module_path()?);
                self.expect_closing(")", "(", open)?;
                path.push(')');
            }
            path.push('.');
            self.expect_sym(".")?;
        }
        let TokenKind::Lident(name) = self.peek().clone() else {
            return Err(self.expected("a type name"));
        };
        self.bump();
        path.push_str(&name);
        Ok((path, self.span_from(start)))
    }

    /// `type decl (and decl)*`, or `type params path += constructors`.
    pub(super) fn type_item(&mut self) -> PResult<ItemKind> {
        let (pos, prev_hi) = (self.pos, self.prev_hi);
        self.expect_kw("type")?;
        if let Ok(annotated) = self.annotated_type_parameters() {
            let (params, variances): (Vec<String>, Vec<ParamVariance>) =
                annotated.into_iter().unzip();
            if let Ok((path, path_span)) = self.type_constructor_path() {
                if self.eat_sym("+=") {
                    if self.is_kw("private") {
                        return Err(Diagnostic::unsupported(
                            self.span(),
                            "private type extensions are",
                        ));
                    }
                    self.eat_sym("|");
                    let (mut constructors, mut rebinds) = (Vec::new(), Vec::new());
                    loop {
                        let (c, rebind) = self.extension_constructor()?;
                        constructors.push(c);
                        rebinds.push(rebind);
                        if !self.eat_sym("|") {
                            break;
                        }
                    }
                    return Ok(ItemKind::TypeExtension(TypeExtension {
                        params,
                        variances,
                        path,
                        path_span,
                        constructors,
                        rebinds,
                    }));
                }
            }
        }
        self.pos = pos;
        self.prev_hi = prev_hi;
        if self.is_kw_at_type_nonrec() {
            self.bump();
            self.bump();
            let decls = self.type_declarations_after_type()?;
            return Ok(ItemKind::TypeNonrec(decls));
        }
        Ok(ItemKind::Type(self.type_declarations()?))
    }

    /// At `type nonrec`.
    pub(super) fn is_kw_at_type_nonrec(&self) -> bool {
        matches!(self.peek_at(1), TokenKind::Keyword("nonrec"))
            || matches!(self.peek_at(1), TokenKind::Lident(n) if n == "nonrec")
    }

    /// A constructor of a type extension, with the path it rebinds (`C = M.D`).
    fn extension_constructor(&mut self) -> PResult<(ConstructorDecl, Option<(String, Span)>)> {
        let c = self.constructor_declaration()?;
        if self.eat_sym("=") {
            if !c.args.is_empty() || c.gadt.is_some() {
                return Err(self.expected("a declaration without `of` before `=`"));
            }
            let start = self.start();
            let path = self.module_path()?;
            return Ok((c, Some((path, self.span_from(start)))));
        }
        Ok((c, None))
    }

    pub(super) fn type_declarations(&mut self) -> PResult<Vec<TypeDecl>> {
        self.expect_kw("type")?;
        self.type_declarations_after_type()
    }

    /// `decl (and decl)*` after `type` (or `type nonrec`).
    pub(super) fn type_declarations_after_type(&mut self) -> PResult<Vec<TypeDecl>> {
        let mut decls = vec![self.type_declaration()?];
        while self.eat_kw("and") {
            decls.push(self.type_declaration()?);
        }
        Ok(decls)
    }

    /// `params name [= rhs]`
    fn type_declaration(&mut self) -> PResult<TypeDecl> {
        let start = self.start();
        let (params, variances) = self.annotated_type_parameters()?.into_iter().unzip();
        let TokenKind::Lident(name) = self.peek().clone() else {
            return Err(self.expected("a type name"));
        };
        self.bump();
        let mut private_ = false;
        let mut kind = if self.eat_sym("=") {
            private_ = self.eat_kw("private");
            self.type_declaration_rhs()?
        } else {
            TypeDeclKind::Abstract
        };
        // `type 'a t = 'a list = [] | (::) of 'a * 'a t`: a re-exported definition, the
        // manifest then the representation it must repeat.
        let mut manifest = None;
        if let TypeDeclKind::Abbrev(te) = &kind {
            if self.eat_sym("=") {
                if private_ {
                    return Err(self.expected("a type expression"));
                }
                manifest = Some(te.clone());
                private_ = self.eat_kw("private");
                kind = self.type_declaration_rhs()?;
                if matches!(kind, TypeDeclKind::Abbrev(_)) {
                    return Err(self.expected("a variant or record definition"));
                }
            }
        }
        let mut constraints = Vec::new();
        while self.is_kw("constraint") {
            let at = self.start();
            self.bump();
            let a = self.type_expr()?;
            self.expect_sym("=")?;
            let b = self.type_expr()?;
            constraints.push((a, b, self.span_from(at)));
        }
        Ok(TypeDecl {
            constraints,
            name,
            params,
            variances,
            manifest,
            kind,
            private_,
            attrs: self.type_decl_attrs(),
            span: self.span_from(start),
        })
    }

    /// The item attributes (`[@@unboxed]`, ...) written right after the declaration that ends
    /// here.
    fn type_decl_attrs(&self) -> crate::syntax::ast::TypeDeclAttrs {
        let mut attrs = crate::syntax::ast::TypeDeclAttrs::default();
        for a in self
            .attributes
            .iter()
            .filter(|a| a.item && a.at == self.pos)
        {
            let name = a.name.strip_prefix("ocaml.").unwrap_or(&a.name);
            match name {
                "unboxed" => attrs.unboxed = true,
                "boxed" => attrs.boxed = true,
                "immediate" => attrs.immediate = true,
                "immediate64" => attrs.immediate64 = true,
                _ => {}
            }
        }
        attrs
    }

    /// ``, `'a`, `('a, 'b)`, each possibly `_` and annotated (`+'a`, `-_`, `!'a`, `+!'a`).
    pub(super) fn type_parameters(&mut self) -> PResult<Vec<String>> {
        Ok(self
            .annotated_type_parameters()?
            .into_iter()
            .map(|(n, _)| n)
            .collect())
    }

    pub(super) fn annotated_type_parameters(&mut self) -> PResult<Vec<(String, ParamVariance)>> {
        const ANNOTATIONS: [&str; 7] = ["+", "-", "!", "+!", "-!", "!+", "!-"];
        let parenthesized = self.is_sym("(");
        let starts_param =
            |p: &Self| p.is_sym("'") || p.is_sym("_") || ANNOTATIONS.iter().any(|s| p.is_sym(s));
        if !parenthesized && !starts_param(self) {
            return Ok(Vec::new());
        }
        let open = self.span();
        if parenthesized {
            self.bump();
        }
        let mut params = Vec::new();
        loop {
            let mut v = ParamVariance::default();
            // `+` and `!` may come as two tokens (`+ !'a`) or one (`+!'a`).
            while let Some(s) = ANNOTATIONS.iter().find(|s| self.is_sym(s)) {
                v.covariant |= s.contains('+');
                v.contravariant |= s.contains('-');
                v.injective |= s.contains('!');
                self.bump();
            }
            if self.eat_sym("_") {
                params.push((format!("_ {}", params.len()), v));
            } else {
                self.expect_sym("'")?;
                let name = self.type_var_ident()?;
                params.push((name, v));
            }
            if !parenthesized || !self.eat_sym(",") {
                break;
            }
        }
        if parenthesized {
            self.expect_closing(")", "(", open)?;
        }
        Ok(params)
    }

    fn type_declaration_rhs(&mut self) -> PResult<TypeDeclKind> {
        if self.eat_sym("..") {
            return Ok(TypeDeclKind::Open);
        }
        if self.is_sym("{") {
            return Ok(TypeDeclKind::Record(self.record_declaration()?));
        }
        let is_variant = self.is_sym("|")
            // `M.t` and `F(X).t` (an applicative path) are abbreviations, not constructors.
            || (matches!(self.peek(), TokenKind::Uident(_))
                && !self.is_sym_at(1, ".")
                && !self.is_sym_at(1, "("))
            || self.special_constructor_name().is_some();
        if !is_variant {
            return Ok(TypeDeclKind::Abbrev(self.type_expr()?));
        }
        self.eat_sym("|");
        // `type t = |`: no constructors.
        if !matches!(self.peek(), TokenKind::Uident(_)) && self.special_constructor_name().is_none()
        {
            return Ok(TypeDeclKind::Variant(Vec::new()));
        }
        let mut constructors = vec![self.constructor_declaration()?];
        while self.eat_sym("|") {
            constructors.push(self.constructor_declaration()?);
        }
        Ok(TypeDeclKind::Variant(constructors))
    }

    /// The predefined constructors a declaration may name (`[]`, `(::)`, `()`, `false`,
    /// `true`, as in a re-export of `list` or `bool`), with how many tokens spell each.
    fn special_constructor_name(&self) -> Option<(&'static str, usize)> {
        if self.is_kw("false") {
            Some(("false", 1))
        } else if self.is_kw("true") {
            Some(("true", 1))
        } else if self.is_sym("[") && self.is_sym_at(1, "]") {
            Some(("[]", 2))
        } else if self.is_sym("(") && self.is_sym_at(1, ")") {
            Some(("()", 2))
        } else if self.is_sym("(") && self.is_sym_at(1, "::") && self.is_sym_at(2, ")") {
            Some(("::", 3))
        } else {
            None
        }
    }

    /// `C` or `C of t1 * .. * tn` (in a variant or an `exception`).
    pub(super) fn constructor_declaration(&mut self) -> PResult<ConstructorDecl> {
        let start = self.start();
        let name = match self.peek().clone() {
            TokenKind::Uident(name) => name,
            _ => match self.special_constructor_name() {
                Some((name, tokens)) => {
                    for _ in 1..tokens {
                        self.bump();
                    }
                    name.to_string()
                }
                None => return Err(self.expected("a constructor name")),
            },
        };
        self.bump();
        let mut args = Vec::new();
        let mut gadt = None;
        let mut record = None;
        if self.eat_kw("of") {
            if self.is_sym("{") {
                let fields = self.record_declaration()?;
                args = fields.iter().map(|f| f.ty.clone()).collect();
                record = Some(fields);
            } else {
                args.push(self.applied_type()?);
                while self.eat_sym("*") {
                    args.push(self.applied_type()?);
                }
            }
        } else if self.eat_sym(":") {
            gadt = Some(self.gadt_constructor_type(&mut args)?);
        }
        Ok(ConstructorDecl {
            name,
            args,
            gadt,
            record,
            span: self.span_from(start),
        })
    }

    /// After `C :`: `['a 'b.] [t1 * .. * tn ->] r` (OCaml's `generalized_constructor_arguments`):
    /// the explicitly quantified variables and the result type; the arguments go to `args`.
    fn gadt_constructor_type(
        &mut self,
        args: &mut Vec<TypeExpr>,
    ) -> PResult<(Vec<String>, TypeExpr)> {
        let mut vars = Vec::new();
        let mut i = 0;
        while self.is_sym_at(i, "'") && self.is_type_var_ident_at(i + 1) {
            i += 2;
        }
        if i > 0 && self.is_sym_at(i, ".") {
            while self.eat_sym("'") {
                let name = self.type_var_ident()?;
                vars.push(name);
            }
            self.expect_sym(".")?;
        }
        if self.is_sym("{") {
            return Err(Diagnostic::unsupported(self.span(), "inline records"));
        }
        let start = self.start();
        let mut parts = vec![self.applied_type()?];
        while self.eat_sym("*") {
            parts.push(self.applied_type()?);
        }
        if self.eat_sym("->") {
            *args = parts;
            return Ok((vars, self.applied_type()?));
        }
        let ret = if parts.len() == 1 {
            parts.pop().unwrap()
        } else {
            TypeExpr {
                kind: TypeExprKind::Tuple(parts),
                span: self.span_from(start),
            }
        };
        Ok((vars, ret))
    }

    /// `{ [mutable] f : t; .. }`
    fn record_declaration(&mut self) -> PResult<Vec<FieldDecl>> {
        let open = self.expect_sym("{")?;
        let fields = self.semicolon_separated("}", |p| {
            let start = p.start();
            let mutable = p.eat_kw("mutable");
            let TokenKind::Lident(name) = p.peek().clone() else {
                return Err(p.expected("a field name"));
            };
            p.bump();
            p.expect_sym(":")?;
            let ty = match p.binding_annotation()? {
                (None, ty) => ty,
                (Some(_), _) => return Err(p.expected("a type")),
            };
            Ok(FieldDecl {
                name,
                mutable,
                ty,
                span: p.span_from(start),
            })
        })?;
        if fields.is_empty() {
            return Err(self.expected("a field name"));
        }
        self.expect_closing("}", "{", open)?;
        Ok(fields)
    }
}
