//! Known gaps: failures of a stage that are already reported and being fixed elsewhere. The
//! runner counts them separately (and prints them) instead of treating them as new bugs.

use crate::run::{Disagreement, StageResult};

pub struct KnownGap {
    pub stages: &'static [&'static str],
    /// A substring of the failure message.
    pub needle: &'static str,
    pub what: &'static str,
}

pub const KNOWN_GAPS: &[KnownGap] = &[
    KnownGap {
        stages: &["verify"],
        needle: "is bound twice",
        what: "typing duplicates binders for a guarded arm (tests/regressions/guard_bound_twice.ml)",
    },
    KnownGap {
        stages: &["verify"],
        needle: "has type int but char was expected",
        what: "typing compares a char with an int constant for a char range pattern (tests/regressions/char_range_guard.ml)",
    },
    KnownGap {
        stages: &["verify"],
        needle: "takes 3 arguments, given 1",
        what: "assert / Match_failure build a one-tuple payload (tests/regressions/assert_failure_payload.ml)",
    },
    KnownGap {
        stages: &["ssa", "ssa-opt"],
        needle: "unknown runtime function",
        what: "the SSA interpreter's runtime table lacks primitives (being completed)",
    },
    KnownGap {
        stages: &["native"],
        needle: "StackSlot",
        what: "the native backend cannot compile `try` (no lowering rule for StackSlot)",
    },
];

/// The known gap a disagreement is an instance of.
pub fn known_gap(d: &Disagreement) -> Option<&'static KnownGap> {
    let StageResult::Failed(msg) = &d.got else {
        return None;
    };
    KNOWN_GAPS
        .iter()
        .find(|g| g.stages.contains(&d.stage) && msg.contains(g.needle))
}
