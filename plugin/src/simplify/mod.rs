//! The simplifier: lambda IR → lambda IR (occurrence analysis, inlining, rebuild).
//!
//! It follows the "Making a Language" post on simplification (a translation of it is
//! `shared/seeds/000_*.txt`), itself after GHC's "Secrets of the GHC inliner" and OCaml's
//! flambda, and then extends the design to the whole IR, which — unlike the post's — has
//! effects, data and recursion.
//!
//! ## The design, as in the post
//!
//! 1. [`occurrence`] analysis: for each variable `Dead | Once | OnceInFun | Many`.
//! 2. [`Simplifier::simplify`] walks *down one path* of the term, pushing a
//!    [`ContextEntry`] (`App`, `TyApp`, `TyFun`, `Local`, ...) together with the current
//!    substitution for every node it passes, and makes the inlining decisions at variables:
//!    a `Once` variable's definition is `Suspend`ed in the substitution (the binding is
//!    dropped; the definition is simplified at the use, in the use's context); other
//!    variables go through [`callsite_inline`](Simplifier) → `should_inline` →
//!    `some_benefit`: `OnceInFun` inlines values with some benefit, `Many` also needs
//!    `size <= inline_size_threshold` (default 60). Benefit: enough arguments in the
//!    context to saturate the function, or an interesting argument (not trivial, or a
//!    variable with a known definition).
//! 3. [`Simplifier::rebuild`] pops the context bottom-up, restoring each entry's saved
//!    substitution: `App(Fun)` becomes `Local`s (simplified again, where the `Local`
//!    logic decides), `TyApp(TyFun)` substitutes the type, a `Local` whose simplified
//!    definition is trivial is inlined as `Done` (never simplified again), a dead `Local`
//!    is dropped. `rebuild` simplifies every other subterm exactly once, so a pass
//!    terminates; passes repeat until one does no work, at most
//!    [`SimplifyOptions::max_passes`] (2, as in the post).
//!
//! ## Beyond the post
//!
//! - **Effects** ([`effects`]): purity is computed, not guessed. A binding whose definition
//!   may print, raise, assign or loop is never dropped (it becomes `(seq d body)`), never
//!   duplicated (only values are), and moved to its single use only when nothing impure is
//!   evaluated before that use (no reordering, no skipping, no repetition).
//! - **`let rec`**: occurrence analysis finds loop breakers in each recursive group; they are
//!   never inlined, so recursion cannot make the simplifier unroll forever. Definitions are
//!   simplified in dependency order; dead ones are dropped; a group that is no longer
//!   recursive becomes plain `let`s.
//! - **Data**: case of known constructor (`switch` or `if` on a constructor, constant, or a
//!   variable bound to one; `field` of a known constructor), case of case when the copied
//!   arms stay small ([`simplifier::CASE_OF_CASE_BUDGET`]; the post's `is_empty` becomes
//!   one match), a `switch` or `if` moves into the tail of a `let`/`seq` scrutinee, constant
//!   folding with OCaml's 63-bit semantics (never folding a division by zero), `try` around
//!   code that cannot raise, pure `seq` operands.
//! - **Unique binders**: a definition inlined somewhere is copied with fresh variables
//!   (`VarTable::fresh`); after the last pass, copies whose original binder disappeared get
//!   the original number back, so output reads like the post's.
//! - **Sound liveness**: the post marks an inlined `OnceInFun` variable dead on the spot;
//!   here a binding is dropped when the pass-start analysis says `Dead` or no reference to
//!   it was emitted into the output (references are counted as the output is built), which
//!   stays right when inlined code is duplicated. Terms simplified a second time (the body
//!   of a reduced `App(Fun)`, an inlined copy) are analysed again first, since
//!   simplification changed their occurrences.
//! - **Linear time**: a `Fun` met with an `App` entry on top of the context is reduced at
//!   once (the post simplifies the body, then reduces in `rebuild` and simplifies the body
//!   again, which is quadratic for nested applied lambdas); when the arguments' saved
//!   substitution differs from the current one, each argument is suspended under its own
//!   behind a fresh variable. Substitutions and in-scope sets are persistent maps
//!   ([`crate::lambda::pmap`]) so saving them in every context entry is O(1), and a suspended
//!   definition is taken, not cloned, at its use. The benchmark ([`mod@bench`]) grows linearly.
//! - An [inlining report](SimplifyReport) of every call site.
//! - **Inline scopes** for the debug info (`scopes`): the locations of a function body inlined
//!   at a call move into a new scope of the program's `inline_sites` (callee, call site), so
//!   gdb can show the inlined function as a frame of its own.
//!
//! Files: [`occurrence`] (analysis), [`simplifier`] (`simplify`, `rebuild`, inlining
//! decisions, beta), `select` (known constructors, case of case), `letrec`, `fold`,
//! [`effects`] (purity, values, size), [`copy`] (renaming, type substitution), [`scc`],
//! [`report`], `scopes`.
//!
//! Invariants: input and output are well typed (the verifier passes on both), binders are
//! unique, and the program's observable behaviour (output, exit code) is unchanged — tested
//! with the lambda interpreter on examples and on generated programs.

pub mod copy;
pub mod default_wrapper;
pub mod effects;
mod fold;
mod letrec;
pub mod ocaml_inlining;
pub mod occurrence;
pub mod reachable;
pub mod report;
pub mod scc;
mod scopes;
mod select;
pub mod simplifier;
pub mod subst;

pub mod bench;
#[cfg(test)]
pub mod gen;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

pub use occurrence::{occurrence_analysis, Occurrence, Occurrences};
pub use report::Counters;
pub use report::{CallSite, SimplifyReport};
pub use simplifier::{ContextEntry, Definition, InScope, Simplifier};
pub use subst::{Subst, SubstRng};

use crate::lambda::builtins::unit_expr;
use crate::lambda::ir::*;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimplifyOptions {
    /// `Many` variables are inlined only when their definition's size is at most this
    /// (`-C inline-threshold=N`).
    pub inline_threshold: usize,
    /// Passes run until one does no work, at most this many.
    pub max_passes: usize,
    /// `-C simplify=off` turns the stage into the identity.
    pub enabled: bool,
    /// Inline no function ocamlopt would not inline ([`ocaml_inlining`]): on with `-g`, so
    /// that backtraces show ocamlopt's frames (`-C ocaml-inlining=on|off`).
    pub ocaml_inlining: bool,
    /// [`SimplifyOptions::ocaml_inlining`] when the program turns backtraces on
    /// ([`ocaml_inlining::records_backtraces`]): without `-g`, whose backtraces show frames
    /// too, unless `-C ocaml-inlining` said.
    pub ocaml_inlining_when_recording: bool,
    /// Keep the program's exports ([`VarTable::exports`]) though it never uses them, as
    /// ocamlopt keeps a unit's: on with `-g`, so that gdb can break in them. Off, the set is
    /// emptied (and mono makes no copy of an unused polymorphic one).
    pub keep_exports: bool,
}

impl Default for SimplifyOptions {
    fn default() -> Self {
        SimplifyOptions {
            inline_threshold: 60,
            max_passes: 2,
            enabled: true,
            ocaml_inlining: false,
            ocaml_inlining_when_recording: false,
            keep_exports: false,
        }
    }
}

/// Simplifies the program's body in place.
pub fn simplify_program(p: &mut Program, opts: &SimplifyOptions) -> SimplifyReport {
    if !opts.keep_exports {
        p.vars.exports.clear();
    }
    if opts.enabled {
        default_wrapper::split_default_wrappers(p);
    }
    if opts.ocaml_inlining
        || (opts.ocaml_inlining_when_recording && ocaml_inlining::records_backtraces(&p.body))
    {
        ocaml_inlining::mark_not_inlinable(p);
    }
    let mut body = std::mem::replace(&mut p.body, unit_expr());
    let dropped = if opts.enabled {
        reachable::drop_unreachable_definitions(&mut body, &p.vars, &p.types)
    } else {
        0
    };
    let (body, mut report) = simplify_expr(body, &mut p.vars, &p.types, &mut p.inline_sites, opts);
    p.body = body;
    report.unreachable_dropped = dropped;
    report
}

/// Simplifies one expression whose variables live in `vars` (fresh ones are added), recording
/// the functions it inlines in `inline_sites`.
pub fn simplify_expr(
    e: Expr,
    vars: &mut VarTable,
    types: &TypeTable,
    inline_sites: &mut InlineSites,
    opts: &SimplifyOptions,
) -> (Expr, SimplifyReport) {
    crate::lambda::with_big_stack(crate::lambda::BIG_STACK, move || {
        let size_before = effects::node_count(&e);
        let mut report = SimplifyReport {
            enabled: opts.enabled,
            size_before,
            ..Default::default()
        };
        if !opts.enabled {
            report.size_after = size_before;
            return (e, report);
        }
        let mut ir = e;
        let mut origins = HashMap::new();
        for pass in 1..=opts.max_passes {
            let (_, mut occs) = occurrence_analysis(&ir);
            // An export kept under `-g` counts as used more than once: never dropped, never
            // moved into its single use.
            for v in &vars.exports {
                occs.vars.remove(v);
            }
            let mut s = simplifier::Simplifier::new(
                occs,
                vars,
                types,
                opts.inline_threshold,
                &mut origins,
                inline_sites,
                pass,
            );
            s.inline_budget = simplifier::INLINE_GROWTH_FACTOR
                .saturating_mul(effects::node_count(&ir))
                .saturating_add(simplifier::INLINE_GROWTH_MIN);
            ir = s.simplify(ir, InScope::default(), vec![]);
            report.passes.push(s.counters);
            report.call_sites.append(&mut s.call_sites);
            if s.did_no_work() {
                break;
            }
        }
        copy::restore_names(&mut ir, &origins, vars);
        report.size_after = effects::node_count(&ir);
        (ir, report)
    })
}
