//! Known gaps: failures of a stage that are already reported and being fixed elsewhere. The
//! runner counts them separately (and prints them) instead of treating them as new bugs.

use crate::run::{Disagreement, StageResult};

pub struct KnownGap {
    pub stages: &'static [&'static str],
    /// A substring of the failure message.
    pub needle: &'static str,
    pub what: &'static str,
}

pub const KNOWN_GAPS: &[KnownGap] = &[KnownGap {
    stages: &["ssa", "ssa-opt"],
    needle: "unknown runtime function",
    what: "the SSA interpreter's runtime table lacks primitives (being completed)",
}];

/// The known gap a disagreement is an instance of.
pub fn known_gap(d: &Disagreement) -> Option<&'static KnownGap> {
    let StageResult::Failed(msg) = &d.got else {
        return None;
    };
    KNOWN_GAPS
        .iter()
        .find(|g| g.stages.contains(&d.stage) && msg.contains(g.needle))
}
