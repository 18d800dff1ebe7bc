//! Inline scopes for the debug info: where the simplifier inlines a function at a call site,
//! the locations of the inlined copy move into a new [`InlineScope`] of the program's
//! [`InlineSites`] ("body of `f`, defined at .., called at ..") — see [`crate::srcloc`].
//!
//! A function is *inlined* when a variable bound to a function is replaced by its definition
//! where it is applied (`f a` with `f` suspended because it is used once, or inlined at the call
//! by `callsite_inline`); the `App(Fun)` that results is then beta-reduced as usual. Locations
//! already in a scope (code that had itself been inlined into `f`) keep their scope, re-parented
//! under the new one: scopes nest as the inlining did. Nothing is recorded when the call has no
//! location around it or the function has no source position (the prelude's functions: their
//! code has no lines either, so it stays part of the function it is inlined into).
//!
//! Scopes never change what the program computes: `Loc` nodes are transparent to every pass.

use std::collections::HashMap;

use super::simplifier::{Context, ContextEntry, Simplifier};
use crate::diagnostics::Span;
use crate::lambda::ir::*;
use crate::lambda::visit::each_child_mut;

impl Simplifier<'_> {
    /// `definition`, the definition of `var`, replaces `var` under `ctx`: when that is a call
    /// of a function with a source position, puts the definition's locations in a new inline
    /// scope (see the module docs).
    pub(super) fn enter_inline_scope(&mut self, var: VarId, definition: &mut Expr, ctx: &Context) {
        if !is_function(definition) {
            return;
        }
        let Some(call) = call_site(ctx) else {
            return;
        };
        let info = self.vars.get(var);
        if info.span == Span::default() {
            return;
        }
        let site = InlineSite {
            callee: info.name.clone(),
            scope_name: fun_name(definition).to_string(),
            decl: info.span,
            call,
        };
        let scope = self.inline_sites.add(site);
        let mut copies = HashMap::new();
        rescope(definition, scope, self.inline_sites, &mut copies);
        wrap_body(definition, scope);
    }
}

/// Puts the body of the function `e` (the innermost of curried ones) under a location of
/// unknown position in `scope`: code of the body that has no location of its own (a loop's
/// test, a `match`) is the inlined function's too, with the line of the code before it, as in an
/// out-of-line function. Whether `e` is a function.
fn wrap_body(e: &mut Expr, scope: InlineScope) -> bool {
    match e {
        Expr::TyFun(_, b) | Expr::Loc(_, b) => wrap_body(b, scope),
        Expr::Fun(_, b, _) => {
            if !wrap_body(b, scope) {
                let body = std::mem::replace(&mut **b, Expr::Const(Const::Int(0)));
                let unknown = SrcLoc {
                    lo: 0,
                    hi: 0,
                    scope,
                };
                **b = Expr::Loc(unknown, Box::new(body));
            }
            true
        }
        _ => false,
    }
}

/// The scoped name of the function `e` (under type abstractions and locations).
fn fun_name(e: &Expr) -> &str {
    match e {
        Expr::Fun(_, _, name) => name,
        Expr::TyFun(_, b) | Expr::Loc(_, b) => fun_name(b),
        _ => "",
    }
}

/// A function, possibly under type abstractions and locations.
fn is_function(e: &Expr) -> bool {
    match e {
        Expr::Fun(..) => true,
        Expr::TyFun(_, b) | Expr::Loc(_, b) => is_function(b),
        _ => false,
    }
}

/// The location of the application the hole is the function of: the innermost `Loc` entry
/// above at least one `App` entry (with only applications and type applications between).
fn call_site(ctx: &Context) -> Option<SrcLoc> {
    let mut applied = false;
    for (entry, _) in ctx.iter().rev() {
        match entry {
            ContextEntry::App(_) => applied = true,
            ContextEntry::TyApp(_) => {}
            ContextEntry::Loc(loc) if applied => return Some(*loc),
            _ => return None,
        }
    }
    None
}

/// Puts every location of `e` into `scope`: a location of the function's own code goes into
/// `scope`, one in an inline scope into a copy of that scope whose chain ends in `scope`
/// (`copies` memoizes the copies, so each old scope is copied once).
fn rescope(
    e: &mut Expr,
    scope: InlineScope,
    sites: &mut InlineSites,
    copies: &mut HashMap<InlineScope, InlineScope>,
) {
    if let Expr::Loc(loc, _) = e {
        loc.scope = reparented(loc.scope, scope, sites, copies);
    }
    each_child_mut(e, &mut |c| rescope(c, scope, sites, copies));
}

/// The scope that stands for `old` inside the inlined copy: `scope` itself for the function's
/// own code, else a copy of `old`'s site whose parent is (recursively) the stand-in of its
/// parent.
fn reparented(
    old: InlineScope,
    scope: InlineScope,
    sites: &mut InlineSites,
    copies: &mut HashMap<InlineScope, InlineScope>,
) -> InlineScope {
    if old.is_none() {
        return scope;
    }
    if let Some(&new) = copies.get(&old) {
        return new;
    }
    let Some(site) = sites.get(old).cloned() else {
        return scope;
    };
    let parent = reparented(site.call.scope, scope, sites, copies);
    let new = sites.add(InlineSite {
        call: SrcLoc {
            scope: parent,
            ..site.call
        },
        ..site
    });
    copies.insert(old, new);
    new
}
