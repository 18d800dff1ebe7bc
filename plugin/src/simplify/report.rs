//! The inlining report (`--emit=inline-report`): every call site the simplifier looked at,
//! whether it inlined it and why, and the work of each pass.

use std::fmt;

/// Work done in a pass; a pass that does none ends the simplification.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// `App(Fun)` reduced to `Local`s.
    pub saturated_fun_count: usize,
    /// `TyApp(TyFun)` reduced by substitution.
    pub saturated_ty_fun_count: usize,
    /// Bindings removed (inlined, trivial, or dead).
    pub locals_inlined: usize,
    /// Switches, ifs and field reads on known constructors.
    pub known_cases: usize,
    pub case_of_case: usize,
    pub constants_folded: usize,
    /// Pure code whose value is unused (`seq` operands, `try` around code that cannot raise).
    pub dead_code_removed: usize,
    /// The size of the definitions copied to inline them at call sites (charged to the
    /// program-wide budget, [`super::Simplifier::inline_budget`]). Not work: not in `total`.
    pub inlined_size: usize,
}

impl Counters {
    pub fn total(&self) -> usize {
        self.saturated_fun_count
            + self.saturated_ty_fun_count
            + self.locals_inlined
            + self.known_cases
            + self.case_of_case
            + self.constants_folded
            + self.dead_code_removed
    }
}

use crate::diagnostics::Span;
use crate::lambda::ir::VarId;

/// A variable in function position (`(f a ..)`) as the simplifier saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallSite {
    pub pass: usize,
    pub var: VarId,
    /// The variable's source name.
    pub name: String,
    /// Where the variable was bound.
    pub span: Span,
    /// Arguments in the context (all applications directly around it).
    pub args: usize,
    pub inlined: bool,
    pub reason: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimplifyReport {
    /// `false` when the simplifier was turned off (`-C simplify=off`).
    pub enabled: bool,
    /// The work of each pass that ran.
    pub passes: Vec<Counters>,
    pub call_sites: Vec<CallSite>,
    /// IR nodes before and after.
    pub size_before: usize,
    pub size_after: usize,
    /// Top-level definitions dropped as unreachable before the first pass
    /// ([`super::reachable`]); `size_before` counts the program without them.
    pub unreachable_dropped: usize,
}

impl SimplifyReport {
    pub fn inlined(&self) -> usize {
        self.call_sites.iter().filter(|c| c.inlined).count()
    }
}

impl fmt::Display for SimplifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.enabled {
            return writeln!(f, "simplifier: off");
        }
        writeln!(
            f,
            "simplifier: {} pass(es), IR nodes {} -> {}, {} of {} call sites inlined",
            self.passes.len(),
            self.size_before,
            self.size_after,
            self.inlined(),
            self.call_sites.len()
        )?;
        for (i, c) in self.passes.iter().enumerate() {
            writeln!(
                f,
                "  pass {}: {} beta, {} type beta, {} lets removed, {} known cases, {} case-of-case, {} folded, {} dead code, {} nodes copied by inlining",
                i + 1,
                c.saturated_fun_count,
                c.saturated_ty_fun_count,
                c.locals_inlined,
                c.known_cases,
                c.case_of_case,
                c.constants_folded,
                c.dead_code_removed,
                c.inlined_size
            )?;
        }
        for c in &self.call_sites {
            writeln!(
                f,
                "  pass {} call {}/{} ({} arg{}) at {}..{}: {} — {}",
                c.pass,
                c.name,
                c.var,
                c.args,
                if c.args == 1 { "" } else { "s" },
                c.span.lo,
                c.span.hi,
                if c.inlined { "inlined" } else { "not inlined" },
                c.reason
            )?;
        }
        Ok(())
    }
}
