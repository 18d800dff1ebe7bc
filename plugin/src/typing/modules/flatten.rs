//! Module expressions as phrases: a structure's items between enter and leave phrases, a
//! constraint a `Seal` after them, a functor a `DefineFunctor`, an application an `Apply`
//! after its non-path arguments, elaborated as hidden modules (`%N`).

use crate::diagnostics::Span;
use crate::syntax::ast;
use crate::typing::{Phrase, PhraseKind};

/// Where phrases come from: their section and origin (see [`Phrase`]).
#[derive(Clone)]
pub(crate) struct PhraseCtx {
    pub section: usize,
    pub module: Option<String>,
    pub prelude: bool,
    pub prelude_text: bool,
}

impl PhraseCtx {
    pub(super) fn phrase<'a>(&self, kind: PhraseKind<'a>) -> Phrase<'a> {
        Phrase {
            kind,
            section: self.section,
            module: self.module.clone(),
            ends_prelude: false,
            prelude: self.prelude,
            prelude_text: self.prelude_text,
        }
    }
}

/// The items of a structure as phrases.
pub(crate) fn flatten_items<'a>(
    items: &'a [ast::Item],
    ctx: &PhraseCtx,
    hidden: &mut u32,
    out: &mut Vec<Phrase<'a>>,
) {
    for item in items {
        match &item.kind {
            ast::ItemKind::Module(name, me) => {
                flatten_module(name.clone(), me, item.span, ctx, hidden, out)
            }
            ast::ItemKind::Include(me) if !matches!(me.kind, ast::ModExprKind::Path(_)) => {
                let h = hidden_name(hidden);
                flatten_module(h.clone(), me, item.span, ctx, hidden, out);
                out.push(ctx.phrase(PhraseKind::IncludePath(h, item.span)));
            }
            ast::ItemKind::RecModules(bindings) => {
                out.push(ctx.phrase(PhraseKind::RecModules(bindings, item.span)))
            }
            ast::ItemKind::OpenModule(me) => {
                let h = hidden_name(hidden);
                flatten_module(h.clone(), me, item.span, ctx, hidden, out);
                out.push(ctx.phrase(PhraseKind::OpenPath(h, item.span)));
            }
            _ => out.push(ctx.phrase(PhraseKind::Item(item))),
        }
    }
}

fn hidden_name(hidden: &mut u32) -> String {
    *hidden += 1;
    format!("%{hidden}")
}

/// A hidden module for a functor or argument written in the application that defines module
/// `name`: `%N@name`, its code in `name`'s scope as OCaml's (`typing::scopes`; a hidden
/// `name` passes on the module it stands for).
fn hidden_name_in(hidden: &mut u32, name: &str) -> String {
    let defined = match name.strip_prefix('%') {
        Some(h) => h.split_once('@').map(|(_, d)| d),
        None => Some(name),
    };
    let h = hidden_name(hidden);
    match defined {
        Some(d) => format!("{h}@{d}"),
        None => h,
    }
}

/// The phrases that bind module expression `me` as the module `name`.
pub(crate) fn flatten_module<'a>(
    name: String,
    me: &'a ast::ModExpr,
    span: Span,
    ctx: &PhraseCtx,
    hidden: &mut u32,
    out: &mut Vec<Phrase<'a>>,
) {
    match &me.kind {
        ast::ModExprKind::Struct(items) => {
            out.push(ctx.phrase(PhraseKind::EnterModule(name, span)));
            flatten_items(items, ctx, hidden, out);
            out.push(ctx.phrase(PhraseKind::LeaveModule));
        }
        ast::ModExprKind::Path(p) => {
            out.push(ctx.phrase(PhraseKind::Alias(name, p.clone(), span)));
        }
        ast::ModExprKind::Unpack(e) => {
            out.push(ctx.phrase(PhraseKind::EnterModule(name, span)));
            out.push(ctx.phrase(PhraseKind::Unpack(e, me.span)));
            out.push(ctx.phrase(PhraseKind::LeaveModule));
        }
        ast::ModExprKind::Constraint(inner, mt) => {
            flatten_module(name.clone(), inner, span, ctx, hidden, out);
            out.push(ctx.phrase(PhraseKind::Seal(name, mt, me.span, false)));
        }
        ast::ModExprKind::Functor(params, body) => {
            out.push(ctx.phrase(PhraseKind::DefineFunctor(name, params, body, span)));
        }
        ast::ModExprKind::Apply(f, arg) => {
            let functor = match &f.kind {
                ast::ModExprKind::Path(p) => p.clone(),
                _ => {
                    let h = hidden_name_in(hidden, &name);
                    flatten_module(h.clone(), f, f.span, ctx, hidden, out);
                    h
                }
            };
            let arg = arg.as_deref().map(|a| match &a.kind {
                ast::ModExprKind::Path(p) => p.clone(),
                _ => {
                    let h = hidden_name_in(hidden, &name);
                    flatten_module(h.clone(), a, a.span, ctx, hidden, out);
                    h
                }
            });
            // `F(A)(B)`: the applications of the chain are one, with the whole's span.
            if matches!(f.kind, ast::ModExprKind::Apply(..)) {
                for p in out.iter_mut().rev() {
                    if let PhraseKind::Apply {
                        name, span, chain, ..
                    } = &mut p.kind
                    {
                        if *name == functor {
                            (*span, *chain) = (me.span, true);
                            break;
                        }
                    }
                }
            }
            out.push(ctx.phrase(PhraseKind::Apply {
                name,
                functor,
                arg,
                span: me.span,
                chain: matches!(f.kind, ast::ModExprKind::Apply(..)),
            }));
        }
    }
}
