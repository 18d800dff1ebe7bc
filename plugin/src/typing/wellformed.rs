//! OCaml's checks that names are unique where its typer requires it, on the syntax before
//! typing, with OCaml's messages:
//!
//! - the variables of `let p1 = e1 and p2 = e2` (and `let rec`) together: "Variable x is bound
//!   several times in this matching" (`Typecore.type_let` types the patterns as one);
//! - the types, modules, module types and exceptions of a signature (`sig .. end`, with what
//!   its `include`s bring): "Multiple definition of the type name t. Names must be unique in a
//!   given structure or signature." (`Typemod.check_sig_item`), and the checks of each type
//!   declaration in it ([`super::decls::check_declaration`]).
//!
//! Structures are checked as they are typed (`Typer::declare_in_structure`); a single pattern
//! by `Typer::pattern`. Invariant: these checks only reject; a program they pass is typed as
//! before.

use std::collections::HashSet;

use super::{TResult, Typer};
use crate::diagnostics::Diagnostic;
use crate::diagnostics::Span;
use crate::syntax::ast::{self, PatternKind};

/// The variables `p` binds, in order (an or-pattern's are its left side's: both sides bind
/// the same ones, which the typer checks).
fn pattern_vars<'a>(p: &'a ast::Pattern, out: &mut Vec<(&'a str, Span)>) {
    match &p.kind {
        PatternKind::Var(n) => out.push((n, p.span)),
        PatternKind::Alias(q, n) => {
            pattern_vars(q, out);
            out.push((n, p.span));
        }
        PatternKind::Tuple(ps) | PatternKind::Array(ps) => {
            ps.iter().for_each(|q| pattern_vars(q, out))
        }
        PatternKind::Construct(_, Some(q))
        | PatternKind::Or(q, _)
        | PatternKind::Lazy(q)
        | PatternKind::Open(_, q)
        | PatternKind::NamedExistentials(_, q)
        | PatternKind::Constraint(q, _)
        | PatternKind::Exception(q) => pattern_vars(q, out),
        PatternKind::Record { fields, .. } => {
            fields.iter().for_each(|(_, _, q)| pattern_vars(q, out))
        }
        PatternKind::Any
        | PatternKind::Constant(_)
        | PatternKind::CharRange(..)
        | PatternKind::Construct(_, None) => {}
    }
}

/// `let p1 = e1 and .. and pn = en` (recursive or not): no variable bound twice.
pub(super) fn check_let_names(bindings: &[ast::Binding]) -> TResult<()> {
    if bindings.len() < 2 {
        return Ok(());
    }
    let mut vars = Vec::new();
    bindings
        .iter()
        .for_each(|b| pattern_vars(&b.pat, &mut vars));
    let mut seen = HashSet::new();
    match vars.into_iter().find(|(n, _)| !seen.insert(*n)) {
        Some((name, span)) => Err(Diagnostic::error(
            span,
            format!("Variable {name} is bound several times in this matching"),
        )),
        None => Ok(()),
    }
}

/// A kind of name a signature declares at most once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    Type,
    Module,
    ModuleType,
    Extension,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Type => "type",
            Kind::Module => "module",
            Kind::ModuleType => "module type",
            Kind::Extension => "extension constructor",
        }
    }
}

/// The names a signature has declared, in order.
#[derive(Default)]
struct SigNames(Vec<(Kind, String)>, HashSet<(Kind, String)>);

impl SigNames {
    /// Records `name`, or OCaml's error at `span` if the signature already declares it.
    fn declare(&mut self, kind: Kind, name: &str, span: Span) -> TResult<()> {
        if self.1.insert((kind, name.to_string())) {
            self.0.push((kind, name.to_string()));
            return Ok(());
        }
        Err(Diagnostic::error(
            span,
            format!(
                "Multiple definition of the {} name {name}.\nNames must be unique in a given structure or signature.",
                kind.word()
            ),
        ))
    }
}

/// The nesting of `include`s of named module types followed (a module type cannot include
/// itself, so this only bounds the work on a very deep chain).
const MAX_INCLUDE_DEPTH: u32 = 64;

impl Typer<'_> {
    /// OCaml's uniqueness checks on every signature of module type `mt` (nested ones too).
    pub(super) fn check_signature_names(&self, mt: &ast::ModType) -> TResult<()> {
        match &mt.kind {
            ast::ModTypeKind::Sig(items) => {
                let mut names = SigNames::default();
                self.sig_names(items, None, &mut names, 0)?;
                for item in items {
                    match &item.kind {
                        ast::SigItemKind::Module(_, t)
                        | ast::SigItemKind::ModuleType(_, Some(t))
                        | ast::SigItemKind::Include(t) => self.check_signature_names(t)?,
                        _ => {}
                    }
                }
                Ok(())
            }
            ast::ModTypeKind::With(t, cs) => {
                self.check_signature_names(t)?;
                self.check_with_aliases(t, cs, mt.span)
            }
            ast::ModTypeKind::Functor(params, body) => {
                for p in params {
                    if let Some(t) = &p.ty {
                        self.check_signature_names(t)?;
                    }
                }
                self.check_signature_names(body)
            }
            ast::ModTypeKind::Path(_) | ast::ModTypeKind::TypeOf(_) => Ok(()),
        }
    }

    /// Adds the names `items` declare to `names`; OCaml's error at the first one declared
    /// twice (at `include_span`, the span of the `include` that brought the items, if any).
    fn sig_names(
        &self,
        items: &[ast::SigItem],
        include_span: Option<Span>,
        names: &mut SigNames,
        depth: u32,
    ) -> TResult<()> {
        for item in items {
            let span = include_span.unwrap_or(item.span);
            match &item.kind {
                ast::SigItemKind::Type(decls) => {
                    for d in decls {
                        if include_span.is_none() {
                            super::decls::check_declaration(d)?;
                        }
                        names.declare(Kind::Type, &d.name, span)?;
                    }
                }
                ast::SigItemKind::Exception(c) => names.declare(Kind::Extension, &c.name, span)?,
                ast::SigItemKind::TypeExtension(x) => {
                    for c in &x.constructors {
                        names.declare(Kind::Extension, &c.name, span)?
                    }
                }
                ast::SigItemKind::Module(name, _) | ast::SigItemKind::ModuleAlias(name, _) => {
                    names.declare(Kind::Module, name, span)?
                }
                ast::SigItemKind::ModuleType(name, _) => {
                    names.declare(Kind::ModuleType, name, span)?
                }
                ast::SigItemKind::RecModules(ms) => {
                    for (name, _) in ms {
                        names.declare(Kind::Module, name, span)?
                    }
                }
                ast::SigItemKind::Include(t) if depth < MAX_INCLUDE_DEPTH => {
                    self.include_names(t, span, names, depth + 1)?
                }
                ast::SigItemKind::Include(_)
                | ast::SigItemKind::Val(..)
                | ast::SigItemKind::External(_)
                | ast::SigItemKind::TypeSubst(_)
                | ast::SigItemKind::ModuleTypeSubst(..)
                | ast::SigItemKind::ModuleSubst(..)
                | ast::SigItemKind::Open(_) => {}
            }
        }
        Ok(())
    }

    /// Declares in `names` what `include mt` brings into a signature, where it is known: a
    /// `sig .. end` or a named module type, under `with` constraints (a destructive one
    /// removes its name).
    fn include_names(
        &self,
        mt: &ast::ModType,
        span: Span,
        names: &mut SigNames,
        depth: u32,
    ) -> TResult<()> {
        match &mt.kind {
            ast::ModTypeKind::Sig(items) => self.sig_names(items, Some(span), names, depth),
            ast::ModTypeKind::Path(p) => match self.env.module_types.get(p).map(|d| &d.ty) {
                Some(Some(t)) => self.include_names(t, span, names, depth),
                _ => Ok(()),
            },
            ast::ModTypeKind::With(t, cs) => {
                let mut inner = SigNames::default();
                self.include_names(t, span, &mut inner, depth)?;
                let removed = |kind: Kind, name: &str| {
                    cs.iter().any(|c| match c {
                        ast::WithConstraint::Type {
                            path,
                            destructive: true,
                            ..
                        } => kind == Kind::Type && path == name,
                        ast::WithConstraint::Module {
                            path,
                            destructive: true,
                            ..
                        } => kind == Kind::Module && path == name,
                        _ => false,
                    })
                };
                for (kind, name) in inner.0 {
                    if !removed(kind, &name) {
                        names.declare(kind, &name, span)?;
                    }
                }
                Ok(())
            }
            ast::ModTypeKind::Functor(..) | ast::ModTypeKind::TypeOf(_) => Ok(()),
        }
    }
}
