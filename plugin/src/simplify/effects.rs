//! What the simplifier may do with a term: its effects (may it be dropped, moved, duplicated?),
//! whether it is a value or trivial (the post's `is_value` / `is_trivial`), and its size.
//!
//! Purity comes from an analysis, not a guess:
//! - variables, constants, functions (allocating a closure), constructors of pure operands and
//!   pure primitives are `Pure`; `Div`/`Mod` by a non-zero constant are pure, otherwise they
//!   may raise;
//! - reading a mutable field (`!r`, `r.f` of a mutable field) is `ReadOnly`: it may be dropped
//!   but not moved past a write;
//! - applications of functions (unknown code), loops (which may not terminate), raises,
//!   assignments, `try` and effectful runtime calls are `Effect`.
//!
//! The substitution matters: a variable about to be replaced by a suspended definition has
//! that definition's effects ([`Effects::purity`] looks through `Suspend`s).

use std::collections::HashMap;

use super::subst::{Subst, SubstRng};
use crate::lambda::ir::*;
use crate::lambda::visit::{each_child, mentions, peel_loc};

pub fn join(a: Purity, b: Purity) -> Purity {
    use Purity::*;
    match (a, b) {
        (Effect, _) | (_, Effect) => Effect,
        (ReadOnly, _) | (_, ReadOnly) => ReadOnly,
        _ => Pure,
    }
}

/// The purity of a primitive applied to `args` (not counting the arguments' own effects).
pub fn prim_purity(p: Prim, args: &[Expr]) -> Purity {
    match (p, args) {
        (Prim::Div | Prim::Mod, [_, d]) => match peel_loc(d) {
            Expr::Const(Const::Int(n)) if *n != 0 => Purity::Pure,
            _ => Purity::Effect,
        },
        _ => p.purity(),
    }
}

pub struct Effects<'a> {
    pub vars: &'a VarTable,
    pub types: &'a TypeTable,
    /// What is known of suspended definitions, computed when they were suspended (so a
    /// chain of suspensions is not walked again at every link: that was quadratic in a
    /// chain of top-level `let`s).
    pub suspended: Option<&'a HashMap<VarId, SuspendedFacts>>,
}

/// The facts [`Effects`] keeps about a suspended definition.
#[derive(Clone, Copy, Debug)]
pub struct SuspendedFacts {
    pub purity: Purity,
    /// [`Effects::allocates`] of the definition.
    pub allocates: bool,
}

impl Effects<'_> {
    /// Reading field `i` of `b`: `Pure` for immutable fields, `ReadOnly` for mutable ones (or
    /// when the type is not known here).
    pub fn field_purity(&self, b: &Expr, i: u32) -> Purity {
        let ty = match peel_loc(b) {
            Expr::Var(x) => self.vars.vars.get(x.0 as usize).map(|v| &v.ty),
            Expr::Construct { ty, .. } => Some(ty),
            Expr::ConstructExn { .. } => return Purity::Pure,
            _ => None,
        };
        match ty {
            Some(Type::Tuple(_)) => Purity::Pure,
            Some(Type::Con(c, _)) => match self.types.decls.get(c.index()).map(|d| &d.kind) {
                Some(DeclKind::Record(fields)) => match fields.get(i as usize) {
                    Some(f) if !f.mutable => Purity::Pure,
                    _ => Purity::ReadOnly,
                },
                Some(DeclKind::Variant(_)) | Some(DeclKind::Extensible) => Purity::Pure,
                _ => Purity::ReadOnly,
            },
            _ => Purity::ReadOnly,
        }
    }

    /// The effects of evaluating `e` once, with the variables of `subst` replaced.
    pub fn purity(&self, e: &Expr, subst: &Subst) -> Purity {
        let own = match e {
            Expr::Var(v) => {
                return match subst.get(v.0) {
                    Some(SubstRng::Suspend(d, s)) => match self.suspended.and_then(|c| c.get(v)) {
                        Some(f) => f.purity,
                        None => d.with(|d| self.purity(d, s)).unwrap_or(Purity::Pure),
                    },
                    _ => Purity::Pure,
                }
            }
            Expr::Const(_) | Expr::Fun(..) => return Purity::Pure,
            Expr::App(..)
            | Expr::SetField(..)
            | Expr::While(..)
            | Expr::For { .. }
            | Expr::Raise(..) => return Purity::Effect,
            Expr::LetRec(_, b) => return self.purity(b, subst),
            Expr::Prim(p, args) => prim_purity(*p, args),
            Expr::Field(b, i) => self.field_purity(b, *i),
            _ => Purity::Pure,
        };
        let mut acc = own;
        each_child(e, &mut |c| {
            if acc != Purity::Effect {
                acc = join(acc, self.purity(c, subst));
            }
        });
        acc
    }

    /// Whether evaluating `e` (outside the bodies of the functions it builds) allocates a heap
    /// block that the program can count with `Gc.minor_words` and the like: a constructor with
    /// arguments that is not a static constant (an immutable block of constants is static
    /// data, as ocamlopt's structured constants), an exception value with arguments, or a pure
    /// runtime call returning a string, an array or a boxed integer. Boxed floats are not
    /// counted (ocamlopt unboxes them and boxes at the use), nor closures (a function moved to
    /// its single call is inlined, allocating nothing).
    pub fn allocates(&self, e: &Expr, subst: &Subst) -> bool {
        match e {
            Expr::Var(v) => match subst.get(v.0) {
                Some(SubstRng::Suspend(d, s)) => match self.suspended.and_then(|c| c.get(v)) {
                    Some(f) => f.allocates,
                    None => d.with(|d| self.allocates(d, s)).unwrap_or(false),
                },
                _ => false,
            },
            Expr::Fun(..) | Expr::Const(_) => false,
            Expr::Construct { .. } | Expr::ConstructExn { .. } if self.is_static_block(e) => false,
            Expr::Construct { args, .. } | Expr::ConstructExn { args, .. } if !args.is_empty() => {
                true
            }
            Expr::Prim(Prim::Runtime(name, _), args) => {
                use crate::lambda::runtime::{lookup, RtTy};
                let result_allocates = match lookup(name) {
                    Some(f) => matches!(
                        f.result,
                        RtTy::String | RtTy::Array | RtTy::Int32 | RtTy::Int64 | RtTy::Nativeint
                    ),
                    None => true,
                };
                result_allocates || args.iter().any(|a| self.allocates(a, subst))
            }
            _ => {
                let mut any = false;
                each_child(e, &mut |c| any = any || self.allocates(c, subst));
                any
            }
        }
    }

    /// Whether `e` is an immutable block of constants (or a constant constructor), which the
    /// SSA lowering makes static data.
    fn is_static_block(&self, e: &Expr) -> bool {
        match e {
            Expr::Loc(_, b) => self.is_static_block(b),
            Expr::Const(_) => true,
            Expr::Construct { ty, args, .. } => {
                args.is_empty()
                    || (self.immutable(ty) && args.iter().all(|a| self.is_static_block(a)))
            }
            _ => false,
        }
    }

    fn immutable(&self, ty: &Type) -> bool {
        match ty {
            Type::Tuple(_) => true,
            Type::Con(c, _) => match self.types.decls.get(c.index()).map(|d| &d.kind) {
                Some(DeclKind::Variant(_)) => true,
                Some(DeclKind::Record(fields)) => fields.iter().all(|f| !f.mutable),
                _ => false,
            },
            _ => false,
        }
    }

    /// Whether the pure definition `d` of `x`, used once in `body`, may move to that use: it
    /// may if it allocates nothing counted ([`Effects::allocates`]), or if nothing before the
    /// use in `body` has an effect (a call of unknown code, or a runtime call such as
    /// `Gc.minor_words` that may observe the allocation counters). ocamlopt evaluates such a
    /// definition where it is written, so an allocation never moves into or out of a measured
    /// region.
    pub fn pure_may_move(&self, d: &Expr, body: &Expr, x: VarId, subst: &Subst) -> bool {
        !self.allocates(d, subst) || self.first_use_is_safe(body, x, subst)
    }

    /// Whether the definition of `x`, which has effects, may move from its `let` to the
    /// single occurrence of `x` in `body`: that occurrence must be the first thing `body`
    /// evaluates that is not pure (so no effect is reordered, skipped or repeated), outside
    /// any function, branch, loop or handler.
    pub fn first_use_is_safe(&self, body: &Expr, x: VarId, subst: &Subst) -> bool {
        self.scan(body, x, subst) == Scan::Found
    }

    fn scan(&self, e: &Expr, x: VarId, subst: &Subst) -> Scan {
        // Operands in evaluation order, then the node's own effect.
        let seq = |items: &mut dyn Iterator<Item = &Expr>, own: Purity| -> Scan {
            for it in items {
                match self.scan(it, x, subst) {
                    Scan::Clean => {}
                    r => return r,
                }
            }
            if own == Purity::Pure {
                Scan::Clean
            } else {
                Scan::Blocked
            }
        };
        match e {
            Expr::Var(v) if *v == x => Scan::Found,
            Expr::Var(_) => match self.purity(e, subst) {
                Purity::Pure => Scan::Clean,
                _ => Scan::Blocked,
            },
            Expr::Const(_) => Scan::Clean,
            Expr::Fun(..) => {
                if mentions(e, x) {
                    Scan::Blocked
                } else {
                    Scan::Clean
                }
            }
            Expr::TyFun(_, b) | Expr::TyApp(b, _) | Expr::Loc(_, b) => self.scan(b, x, subst),
            Expr::Local(_, d, b) | Expr::Seq(d, b) => match self.scan(d, x, subst) {
                Scan::Clean => self.scan(b, x, subst),
                r => r,
            },
            Expr::LetRec(defs, b) => {
                if defs.iter().any(|(_, d)| mentions(d, x)) {
                    Scan::Blocked
                } else {
                    self.scan(b, x, subst)
                }
            }
            Expr::App(f, args) => seq(
                &mut args.iter().rev().chain(std::iter::once(&**f)),
                Purity::Effect,
            ),
            Expr::Prim(p, args) => seq(&mut args.iter().rev(), prim_purity(*p, args)),
            Expr::Construct { args, .. } | Expr::ConstructExn { args, .. } => {
                seq(&mut args.iter().rev(), Purity::Pure)
            }
            Expr::Field(b, i) => seq(&mut std::iter::once(&**b), self.field_purity(b, *i)),
            Expr::SetField(b, _, v) => seq(&mut [&**v, &**b].into_iter(), Purity::Effect),
            Expr::Raise(b, _, _) => seq(&mut std::iter::once(&**b), Purity::Effect),
            Expr::If(c, ..) => seq(&mut std::iter::once(&**c), Purity::Effect),
            Expr::Switch { scrut, .. } => seq(&mut std::iter::once(&**scrut), Purity::Effect),
            Expr::For { from, to, .. } => seq(&mut [&**from, &**to].into_iter(), Purity::Effect),
            Expr::While(..) | Expr::Try(..) => Scan::Blocked,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scan {
    /// Reached the occurrence with nothing impure before it.
    Found,
    /// Evaluated completely, purely, without meeting the occurrence.
    Clean,
    /// Something impure (or a non-strict position holding the occurrence) comes first.
    Blocked,
}

/// The post's `is_value`: evaluating it does no work, so it may be duplicated. Functions are
/// values whatever their body. Constructors with arguments are not (each copy would allocate
/// a distinct block, which `==` and mutation can tell apart), nor are strings.
pub fn is_value(e: &Expr) -> bool {
    match e {
        Expr::Var(_) | Expr::Const(Const::Int(_) | Const::Char(_)) | Expr::Fun(..) => true,
        Expr::TyFun(_, b) | Expr::TyApp(b, _) | Expr::Loc(_, b) => is_value(b),
        Expr::Local(_, d, b) => is_value(d) && is_value(b),
        Expr::Construct { args, .. } => args.is_empty(),
        _ => false,
    }
}

/// The post's `is_trivial`: a variable or an immediate constant (ints, chars and constant
/// constructors, which are ints at run time). Inlining it is free.
pub fn is_trivial(e: &Expr) -> bool {
    match e {
        Expr::Var(_) | Expr::Const(Const::Int(_) | Const::Char(_)) => true,
        Expr::Construct { args, .. } => args.is_empty(),
        Expr::Loc(_, b) => is_trivial(b),
        _ => false,
    }
}

/// The post's `size`: a loose count of nodes weighted by their cost; variables are free,
/// type abstraction and application cost nothing. Counting stops past `limit`.
pub fn size(e: &Expr, limit: usize) -> usize {
    fn go(e: &Expr, acc: &mut usize, limit: usize) {
        if *acc > limit {
            return;
        }
        match e {
            Expr::Var(_) => {}
            Expr::TyFun(..) | Expr::TyApp(..) | Expr::Loc(..) => {}
            _ => *acc += 1,
        }
        each_child(e, &mut |c| go(c, acc, limit));
    }
    let mut acc = 0;
    go(e, &mut acc, limit);
    acc
}

/// The number of nodes of `e` (for reports).
pub fn node_count(e: &Expr) -> usize {
    let mut n = 1;
    each_child(e, &mut |c| n += node_count(c));
    n
}
