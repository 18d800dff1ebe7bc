//! The inlining report (`--emit=inline-report`): every call site the simplifier looked at,
//! whether it inlined it and why, and the work of each pass.

use std::fmt;

use super::simplifier::Counters;
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
