//! The MachBuffer: a machine-code buffer that understands labels and branches, after Cranelift's
//! `machinst/buffer.rs` (Chris Fallin, "Cranelift, Part 2: Compiler Efficiency, CFGs, and a
//! Branch Peephole Optimizer", 2021).
//!
//! # The three problems it solves
//!
//! 1. **Forward references.** A branch to a block not yet emitted names a [`MachLabel`]; the
//!    buffer records a *fixup* (offset, label, [`LabelUse`] kind) and patches it once the label
//!    has an offset.
//! 2. **Limited branch ranges.** Each label-use kind has a range. A fixup's *deadline* is the last
//!    offset its label may be bound at and still be reachable. Before the deadline passes the
//!    emitter asks [`MachBuffer::island_needed`] and, if needed, calls
//!    [`MachBuffer::emit_island`], which places the pending constants and, for every fixup that
//!    would otherwise go out of range, a *veneer* (a longer-range jump) that the short use now
//!    targets. On x86-64 rel32 never runs out of range; the machinery is exercised by the unit
//!    tests with an artificial tiny-range kind, and is what an AArch64 port needs.
//! 3. **Branch quality without extra passes.** Lowering emits every block ending in explicit
//!    branches (`jcc taken; jmp not_taken`), and block order is fixed before emission. The buffer
//!    edits branches *on the tail of the buffer only*, while streaming, whenever a label is bound:
//!    - a branch to the very next offset is removed;
//!    - a label bound at an unconditional branch becomes an *alias* of that branch's target
//!      (jump threading; cycle safe: never when the branch targets itself);
//!    - an unconditional branch right after another unconditional branch, with no label bound
//!      at it, is unreachable and removed;
//!    - `jcc L1; jmp L2; L1:` becomes `jncc L2; L1:` (inversion).
//!
//! Removal works by truncating the buffer back to the branch's start; this is sound because the
//! branch is the last thing in the buffer and nothing refers to its bytes.
//!
//! # Data structures and their invariants (checked by `check_invariants` at every bind)
//!
//! - `label_offsets[l]` is `UNKNOWN` until `l` is bound, then its offset, unless `l` became an
//!   alias (`label_aliases[l] != UNKNOWN_LABEL`), in which case its offset is `UNKNOWN` again and
//!   it resolves to whatever its alias resolves to. Alias chains are acyclic.
//! - `latest_branches` is a contiguous run of branches, `b[i].end == b[i+1].start`, the last one
//!   ending at the current offset (the list is emptied as soon as other bytes follow it).
//!   Each branch's fixup is in `fixups`, and the branches' fixups are the *last* fixups, in order:
//!   so removing the last branch pops the last fixup. A *resolved* branch (a short backward
//!   branch to a [stable](MachBuffer::stable_label_offset) label, patched when emitted) has no
//!   fixup; it is never the conditional branch of an inversion (that one targets the tail).
//! - `labels_at_tail` are the labels bound at `labels_at_tail_off`; when that equals the current
//!   offset they are exactly the labels bound at the current offset. Each branch's
//!   `labels_at_this_branch` are the labels bound at its start.
//! - A conditional branch carries its inverted bytes (same length); an unconditional one none.
//! - No fixup is patched into the bytes before an island or [`MachBuffer::finish`]: branch edits
//!   may still move or alias labels at the tail, and patching reads the final answer.
//! - Relocations, source-location ranges and CFI records never lie inside a removable branch
//!   (none are created for branch bytes); truncation clips source ranges and CFI offsets to the
//!   new end.

use super::encode::ByteSink;
use crate::backend::{CfiOp, Reloc, RelocKind, RelocTarget};
use crate::ssa::ir::SrcLoc;

/// A position in the code, bound at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MachLabel(pub u32);

const UNKNOWN: u32 = u32::MAX;
const UNKNOWN_LABEL: MachLabel = MachLabel(u32::MAX);

/// A kind of reference to a label from inside an instruction: how far it reaches and how it is
/// patched. x86-64 has [`X64LabelUse`]; an AArch64 port adds its 19/26-bit kinds with veneers.
pub trait LabelUse: Copy + Eq + std::fmt::Debug {
    /// The largest forward distance `label - use_offset` the field can express.
    fn max_pos_range(self) -> u32;
    /// The largest backward distance `use_offset - label` the field can express.
    fn max_neg_range(self) -> u32;
    /// The size of the patched field in bytes.
    fn patch_size(self) -> u32;
    /// Patches the field at `field` (which starts at code offset `use_offset`) to reach
    /// `label_offset`.
    fn patch(self, field: &mut [u8], use_offset: u32, label_offset: u32);
    fn supports_veneer(self) -> bool;
    fn veneer_size(self) -> u32;
    fn worst_case_veneer_size() -> u32;
    /// Writes a veneer into `veneer` (at code offset `veneer_offset`); returns the offset and kind
    /// of the veneer's own label use.
    fn generate_veneer(self, veneer: &mut [u8], veneer_offset: u32) -> (u32, Self);
}

/// x86-64 label uses. Both add `label - use_offset` to what the field holds, so the emitter
/// writes the bias it wants: `-4` for a rel32 whose PC is the end of the field, `4*i` for entry
/// `i` of a jump table (giving `target - table_start`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum X64LabelUse {
    Rel8,
    Rel32,
}

impl LabelUse for X64LabelUse {
    fn max_pos_range(self) -> u32 {
        match self {
            X64LabelUse::Rel8 => i8::MAX as u32,
            X64LabelUse::Rel32 => i32::MAX as u32,
        }
    }
    fn max_neg_range(self) -> u32 {
        match self {
            X64LabelUse::Rel8 => 128 - 1,
            X64LabelUse::Rel32 => i32::MAX as u32,
        }
    }
    fn patch_size(self) -> u32 {
        match self {
            X64LabelUse::Rel8 => 1,
            X64LabelUse::Rel32 => 4,
        }
    }
    fn patch(self, field: &mut [u8], use_offset: u32, label_offset: u32) {
        let delta = label_offset as i64 - use_offset as i64;
        match self {
            X64LabelUse::Rel8 => field[0] = (field[0] as i8 as i64 + delta) as i8 as u8,
            X64LabelUse::Rel32 => super::encode::add_to_rel32(field, 0, delta),
        }
    }
    fn supports_veneer(self) -> bool {
        false
    }
    fn veneer_size(self) -> u32 {
        0
    }
    fn worst_case_veneer_size() -> u32 {
        0
    }
    fn generate_veneer(self, _: &mut [u8], _: u32) -> (u32, Self) {
        unreachable!("x86-64 label uses need no veneers")
    }
}

#[derive(Clone, Debug)]
struct Fixup<U> {
    label: MachLabel,
    offset: u32,
    kind: U,
}

impl<U: LabelUse> Fixup<U> {
    fn deadline(&self) -> u32 {
        self.offset.saturating_add(self.kind.max_pos_range())
    }
}

#[derive(Clone, Debug)]
struct MachBranch {
    start: u32,
    end: u32,
    target: MachLabel,
    /// The branch's label use; `None` for a resolved branch.
    fixup: Option<usize>,
    inverted: Option<Vec<u8>>,
    labels_at_this_branch: Vec<MachLabel>,
    /// Index of the branch's line in the listing, if one is kept.
    listing: Option<usize>,
}

/// One line of the optional assembly listing.
#[derive(Clone, Debug)]
pub enum ListingLine {
    Inst(String),
    /// A branch: the mnemonic and its label, resolved when the listing is printed.
    Branch(String, MachLabel),
}

/// The finished code of a function.
#[derive(Debug, Default)]
pub struct MachBufferFinished {
    pub data: Vec<u8>,
    pub relocs: Vec<Reloc>,
    pub srclocs: Vec<(u32, u32, SrcLoc)>,
    pub cfi: Vec<(u32, CfiOp)>,
    pub branches_removed: usize,
    /// The offsets [`MachBuffer::mark`] recorded, by mark number, moved back with the code when
    /// a branch they followed was removed.
    pub marks: Vec<u32>,
    /// `(offset, line)` in offset order, when a listing was requested.
    pub listing: Vec<(u32, String)>,
}

pub struct MachBuffer<U: LabelUse> {
    data: Vec<u8>,
    relocs: Vec<Reloc>,
    srclocs: Vec<(u32, u32, SrcLoc)>,
    cur_srcloc: Option<(u32, SrcLoc)>,
    cfi: Vec<(u32, CfiOp)>,
    marks: Vec<u32>,
    label_offsets: Vec<u32>,
    label_aliases: Vec<MachLabel>,
    label_names: Vec<Option<String>>,
    fixups: Vec<Fixup<U>>,
    pending_constants: Vec<(MachLabel, Vec<u8>, u32)>,
    latest_branches: Vec<MachBranch>,
    labels_at_tail: Vec<MachLabel>,
    labels_at_tail_off: u32,
    branches_removed: usize,
    listing: Option<Vec<(u32, ListingLine)>>,
    check: bool,
}

impl<U: LabelUse> ByteSink for MachBuffer<U> {
    fn put1(&mut self, b: u8) {
        self.data.push(b)
    }
    fn cur_offset(&self) -> u32 {
        self.data.len() as u32
    }
}

impl<U: LabelUse> MachBuffer<U> {
    /// `check` runs the invariant checks at every bind (always on in debug builds).
    pub fn new(check: bool, listing: bool) -> Self {
        MachBuffer {
            data: Vec::new(),
            relocs: Vec::new(),
            srclocs: Vec::new(),
            cur_srcloc: None,
            cfi: Vec::new(),
            marks: Vec::new(),
            label_offsets: Vec::new(),
            label_aliases: Vec::new(),
            label_names: Vec::new(),
            fixups: Vec::new(),
            pending_constants: Vec::new(),
            latest_branches: Vec::new(),
            labels_at_tail: Vec::new(),
            labels_at_tail_off: 0,
            branches_removed: 0,
            listing: listing.then(Vec::new),
            check: check || cfg!(debug_assertions),
        }
    }

    pub fn get_label(&mut self) -> MachLabel {
        self.label_offsets.push(UNKNOWN);
        self.label_aliases.push(UNKNOWN_LABEL);
        self.label_names.push(None);
        MachLabel(self.label_offsets.len() as u32 - 1)
    }

    /// A label with a name for the listing (block labels).
    pub fn get_named_label(&mut self, name: String) -> MachLabel {
        let l = self.get_label();
        self.label_names[l.0 as usize] = Some(name);
        l
    }

    pub fn listing_enabled(&self) -> bool {
        self.listing.is_some()
    }

    /// Records a listing line for the instruction starting at `offset`.
    pub fn list(&mut self, offset: u32, line: impl FnOnce() -> String) {
        if let Some(l) = &mut self.listing {
            l.push((offset, ListingLine::Inst(line())))
        }
    }

    /// Marks that the bytes from here on come from `loc` (until `end_srcloc`).
    pub fn start_srcloc(&mut self, loc: SrcLoc) {
        self.cur_srcloc = Some((self.cur_offset(), loc));
    }

    pub fn end_srcloc(&mut self) {
        let Some((start, loc)) = self.cur_srcloc.take() else {
            return;
        };
        let end = self.cur_offset();
        if end <= start {
            return;
        }
        match self.srclocs.last_mut() {
            Some(last) if last.1 == start && last.2 == loc => last.1 = end,
            _ => self.srclocs.push((start, end, loc)),
        }
    }

    /// Records the current offset (e.g. where an instruction starts, for debug info) and
    /// returns its mark number. Marks never change the code.
    pub fn mark(&mut self) -> usize {
        self.marks.push(self.cur_offset());
        self.marks.len() - 1
    }

    pub fn add_cfi(&mut self, op: CfiOp) {
        self.cfi.push((self.cur_offset(), op))
    }

    pub fn add_reloc_at(&mut self, offset: u32, kind: RelocKind, target: RelocTarget, addend: i64) {
        self.relocs.push(Reloc {
            offset,
            kind,
            target,
            addend,
        })
    }

    /// Records that the field at `offset` refers to `label` with `kind`.
    pub fn use_label_at_offset(&mut self, offset: u32, label: MachLabel, kind: U) {
        self.fixups.push(Fixup {
            label,
            offset,
            kind,
        })
    }

    /// A constant placed in the next island (or at the end); returns its label.
    pub fn defer_constant(&mut self, bytes: Vec<u8>, align: u32) -> MachLabel {
        let l = self.get_label();
        self.pending_constants.push((l, bytes, align.max(1)));
        l
    }

    fn lazily_clear_labels_at_tail(&mut self) {
        let off = self.cur_offset();
        if off != self.labels_at_tail_off {
            self.labels_at_tail_off = off;
            self.labels_at_tail.clear();
        }
    }

    fn add_branch(
        &mut self,
        start: u32,
        end: u32,
        target: MachLabel,
        inverted: Option<Vec<u8>>,
        resolved: bool,
    ) {
        debug_assert_eq!(end, self.cur_offset());
        let fixup = if resolved {
            None
        } else {
            let fixup = self.fixups.len() - 1;
            debug_assert!(
                self.fixups[fixup].label == target
                    && (start..end).contains(&self.fixups[fixup].offset),
                "the branch's label use must be its last fixup"
            );
            Some(fixup)
        };
        if self.latest_branches.last().is_some_and(|b| b.end != start) {
            self.latest_branches.clear();
        }
        let labels_at_this_branch = if self.labels_at_tail_off == start {
            self.labels_at_tail.clone()
        } else {
            Vec::new()
        };
        let listing = self.listing.as_ref().map(|l| l.len() - 1);
        self.latest_branches.push(MachBranch {
            start,
            end,
            target,
            fixup,
            inverted,
            labels_at_this_branch,
            listing,
        });
    }

    /// Declares the bytes `start..end` (just emitted, with their label use) an unconditional
    /// branch to `target`.
    pub fn add_uncond_branch(&mut self, start: u32, end: u32, target: MachLabel) {
        self.add_branch(start, end, target, None, false)
    }

    /// Declares the bytes `start..end` a conditional branch to `target`; `inverted` is the
    /// branch with the opposite condition, same length and field position.
    pub fn add_cond_branch(&mut self, start: u32, end: u32, target: MachLabel, inverted: Vec<u8>) {
        debug_assert_eq!(inverted.len() as u32, end - start);
        self.add_branch(start, end, target, Some(inverted), false)
    }

    /// The offset `label` resolves to, if it is bound *and final*: behind every byte the tail
    /// edits may still remove (the latest branches) and behind the current offset, so no
    /// truncation or aliasing can move it. A branch to it can be patched as it is emitted.
    pub fn stable_label_offset(&self, label: MachLabel) -> Option<u32> {
        let off = self.resolve_label_offset(label);
        let cur = self.cur_offset();
        let tail_start = match (self.latest_branches.first(), self.latest_branches.last()) {
            (Some(first), Some(last)) if last.end == cur => first.start,
            _ => cur,
        };
        (off != UNKNOWN && off < tail_start).then_some(off)
    }

    /// Declares the bytes `start..end` (just emitted, already patched, no label use) a branch to
    /// `target`, a [stable](MachBuffer::stable_label_offset) label; `inverted`, for a
    /// conditional branch, is the opposite condition to the same target, same length.
    pub fn add_resolved_branch(
        &mut self,
        start: u32,
        end: u32,
        target: MachLabel,
        inverted: Option<Vec<u8>>,
    ) {
        debug_assert!(self.stable_label_offset(target).is_some_and(|t| t < start));
        debug_assert!(inverted
            .as_ref()
            .is_none_or(|v| v.len() as u32 == end - start));
        self.add_branch(start, end, target, inverted, true)
    }

    /// Binds `label` to the current offset and edits the branches at the tail.
    pub fn bind_label(&mut self, label: MachLabel) {
        debug_assert_eq!(
            self.label_offsets[label.0 as usize], UNKNOWN,
            "label bound twice"
        );
        debug_assert_eq!(self.label_aliases[label.0 as usize], UNKNOWN_LABEL);
        let off = self.cur_offset();
        self.label_offsets[label.0 as usize] = off;
        self.lazily_clear_labels_at_tail();
        self.labels_at_tail.push(label);
        self.optimize_branches();
        if self.check {
            self.check_invariants();
        }
    }

    /// The offset `label` resolves to through its aliases, if known.
    pub fn resolve_label_offset(&self, mut label: MachLabel) -> u32 {
        for _ in 0..=self.label_offsets.len() {
            let alias = self.label_aliases[label.0 as usize];
            if alias == UNKNOWN_LABEL {
                return self.label_offsets[label.0 as usize];
            }
            label = alias;
        }
        panic!("MachBuffer: cycle in label aliases")
    }

    fn truncate_last_branch(&mut self) {
        let b = self.latest_branches.pop().expect("a branch at the tail");
        debug_assert_eq!(b.end, self.cur_offset());
        self.data.truncate(b.start as usize);
        if let Some(fixup) = b.fixup {
            debug_assert_eq!(fixup, self.fixups.len() - 1);
            self.fixups.truncate(fixup);
        }
        debug_assert!(self.relocs.last().is_none_or(|r| r.offset < b.start));
        // The labels bound at the old end move back with the end.
        self.lazily_clear_labels_at_tail_to(b.end);
        for &l in &self.labels_at_tail {
            self.label_offsets[l.0 as usize] = b.start;
        }
        self.labels_at_tail.extend(b.labels_at_this_branch);
        self.labels_at_tail_off = b.start;
        let new_end = b.start;
        self.srclocs.retain(|r| r.0 < new_end);
        if let Some(last) = self.srclocs.last_mut() {
            last.1 = last.1.min(new_end);
        }
        if let Some((s, _)) = &mut self.cur_srcloc {
            *s = (*s).min(new_end);
        }
        for c in &mut self.cfi {
            c.0 = c.0.min(new_end);
        }
        for m in &mut self.marks {
            *m = (*m).min(new_end);
        }
        if let (Some(listing), Some(i)) = (&mut self.listing, b.listing) {
            listing.truncate(i);
        }
        self.branches_removed += 1;
    }

    /// Clears the tail labels unless they are bound at `off`.
    fn lazily_clear_labels_at_tail_to(&mut self, off: u32) {
        if self.labels_at_tail_off != off {
            self.labels_at_tail.clear();
            self.labels_at_tail_off = off;
        }
    }

    fn optimize_branches(&mut self) {
        loop {
            let cur = self.cur_offset();
            let Some(b) = self.latest_branches.last() else {
                break;
            };
            if b.end < cur {
                self.latest_branches.clear();
                break;
            }
            let n = self.latest_branches.len();
            let prev = (n >= 2)
                .then(|| &self.latest_branches[n - 2])
                .filter(|p| p.end == b.start);

            // A branch to the next instruction does nothing.
            if self.resolve_label_offset(b.target) == cur {
                self.truncate_last_branch();
                continue;
            }
            // Threading: labels bound at an unconditional branch alias its target.
            if b.inverted.is_none()
                && !b.labels_at_this_branch.is_empty()
                && self.resolve_label_offset(b.target) != b.start
            {
                let target = b.target;
                let b = self.latest_branches.last_mut().expect("branch");
                for l in std::mem::take(&mut b.labels_at_this_branch) {
                    self.label_offsets[l.0 as usize] = UNKNOWN;
                    self.label_aliases[l.0 as usize] = target;
                }
                continue;
            }
            // Unreachable: an unconditional branch right after an unconditional branch.
            if b.inverted.is_none()
                && b.labels_at_this_branch.is_empty()
                && prev.is_some_and(|p| p.inverted.is_none())
            {
                self.truncate_last_branch();
                continue;
            }
            // `jcc L1; jmp L2; L1:` → `jncc L2; L1:`.
            if b.inverted.is_none()
                && b.labels_at_this_branch.is_empty()
                && prev.is_some_and(|p| {
                    p.inverted.is_some() && self.resolve_label_offset(p.target) == cur
                })
            {
                let target = b.target;
                self.truncate_last_branch();
                self.invert_last_branch(target);
                continue;
            }
            break;
        }
    }

    fn invert_last_branch(&mut self, new_target: MachLabel) {
        let b = self.latest_branches.last_mut().expect("branch");
        let inverted = b.inverted.as_mut().expect("a conditional branch");
        let (s, e) = (b.start as usize, b.end as usize);
        self.data[s..e].swap_with_slice(inverted);
        b.target = new_target;
        let fixup = b
            .fixup
            .expect("an inverted branch targets the tail, so is unresolved");
        self.fixups[fixup].label = new_target;
        if let (Some(listing), Some(i)) = (&mut self.listing, b.listing) {
            if let ListingLine::Branch(m, l) = &mut listing[i].1 {
                *m = invert_mnemonic(m);
                *l = new_target;
            }
        }
    }

    /// Debug checks of the invariants in the module doc.
    fn check_invariants(&self) {
        let cur = self.cur_offset();
        for (i, b) in self.latest_branches.iter().enumerate() {
            assert!(b.start < b.end && b.end <= cur);
            if let Some(next) = self.latest_branches.get(i + 1) {
                assert_eq!(b.end, next.start, "latest branches are contiguous");
            }
            if let Some(fixup) = b.fixup {
                let f = &self.fixups[fixup];
                assert!(f.label == b.target && (b.start..b.end).contains(&f.offset));
                let later = self.latest_branches[i..]
                    .iter()
                    .filter(|b| b.fixup.is_some())
                    .count();
                assert_eq!(
                    fixup,
                    self.fixups.len() - later,
                    "branch fixups are the last"
                );
            } else {
                assert!(self.resolve_label_offset(b.target) < b.start);
            }
            assert!(b
                .inverted
                .as_ref()
                .is_none_or(|v| v.len() as u32 == b.end - b.start));
            for l in &b.labels_at_this_branch {
                assert_eq!(self.label_offsets[l.0 as usize], b.start);
            }
        }
        if let Some(b) = self.latest_branches.last() {
            assert_eq!(b.end, cur, "the latest branches end at the tail");
        }
        if self.labels_at_tail_off == cur {
            for l in &self.labels_at_tail {
                assert_eq!(self.label_offsets[l.0 as usize], cur);
            }
        }
        for l in 0..self.label_offsets.len() {
            // Terminates (acyclic) or panics.
            let _ = self.resolve_label_offset(MachLabel(l as u32));
        }
    }

    /// The size of an island placed now: constants and worst-case veneers.
    fn worst_case_island_size(&self) -> u32 {
        let consts: u32 = self
            .pending_constants
            .iter()
            .map(|(_, b, a)| b.len() as u32 + a)
            .sum();
        consts + self.fixups.len() as u32 * U::worst_case_veneer_size()
    }

    /// Whether an island must be emitted before `distance` more bytes of code.
    pub fn island_needed(&self, distance: u32) -> bool {
        let deadline = self
            .fixups
            .iter()
            .map(|f| f.deadline())
            .min()
            .unwrap_or(u32::MAX);
        let end = self.cur_offset() as u64 + distance as u64 + self.worst_case_island_size() as u64;
        end > deadline as u64
    }

    /// Emits an island here: the pending constants, and veneers for the fixups that could not
    /// reach their label from after `distance` more bytes. The caller jumps around it.
    pub fn emit_island(&mut self, distance: u32) {
        self.emit_island_inner(distance, false)
    }

    fn emit_island_inner(&mut self, distance: u32, force: bool) {
        self.latest_branches.clear();
        self.end_srcloc();
        for (label, bytes, align) in std::mem::take(&mut self.pending_constants) {
            while !self.cur_offset().is_multiple_of(align) {
                self.put1(0);
            }
            self.label_offsets[label.0 as usize] = self.cur_offset();
            bytes.into_iter().for_each(|b| self.put1(b));
        }
        let horizon = self.cur_offset() as u64
            + distance as u64
            + self.fixups.len() as u64 * U::worst_case_veneer_size() as u64;
        for f in std::mem::take(&mut self.fixups) {
            let target = self.resolve_label_offset(f.label);
            let in_range = |t: u32| {
                if t >= f.offset {
                    t - f.offset <= f.kind.max_pos_range()
                } else {
                    f.offset - t <= f.kind.max_neg_range()
                }
            };
            if target != UNKNOWN && in_range(target) {
                let (s, e) = (f.offset as usize, (f.offset + f.kind.patch_size()) as usize);
                f.kind.patch(&mut self.data[s..e], f.offset, target);
            } else if target != UNKNOWN || force || (f.deadline() as u64) < horizon {
                assert!(
                    f.kind.supports_veneer(),
                    "label use {:?} out of range",
                    f.kind
                );
                let veneer_off = self.cur_offset();
                let (s, e) = (f.offset as usize, (f.offset + f.kind.patch_size()) as usize);
                f.kind.patch(&mut self.data[s..e], f.offset, veneer_off);
                let mut veneer = vec![0u8; f.kind.veneer_size() as usize];
                let (use_off, kind) = f.kind.generate_veneer(&mut veneer, veneer_off);
                veneer.into_iter().for_each(|b| self.put1(b));
                self.fixups.push(Fixup {
                    label: f.label,
                    offset: use_off,
                    kind,
                });
            } else {
                self.fixups.push(f);
            }
        }
        self.lazily_clear_labels_at_tail();
    }

    /// Places everything pending, patches every fixup and returns the code.
    pub fn finish(mut self) -> MachBufferFinished {
        self.end_srcloc();
        // Constants are bound in the island itself; every other used label must be bound now.
        let constants: Vec<MachLabel> = self.pending_constants.iter().map(|c| c.0).collect();
        assert!(
            self.fixups.iter().all(|f| {
                self.resolve_label_offset(f.label) != UNKNOWN || constants.contains(&f.label)
            }),
            "MachBuffer: a label was used but never bound"
        );
        while !self.fixups.is_empty() || !self.pending_constants.is_empty() {
            self.emit_island_inner(0, true);
        }
        let len = self.cur_offset();
        self.cfi.retain(|c| c.0 < len);
        let listing = match self.listing.take() {
            None => Vec::new(),
            Some(lines) => self.render_listing(lines),
        };
        MachBufferFinished {
            data: self.data,
            relocs: self.relocs,
            srclocs: self.srclocs,
            cfi: self.cfi,
            branches_removed: self.branches_removed,
            marks: self.marks,
            listing,
        }
    }

    fn render_listing(&self, lines: Vec<(u32, ListingLine)>) -> Vec<(u32, String)> {
        let mut labels: Vec<(u32, &str)> = (0..self.label_offsets.len())
            .filter_map(|l| {
                let off = self.label_offsets[l];
                let name = self.label_names[l].as_deref()?;
                (off != UNKNOWN && self.label_aliases[l] == UNKNOWN_LABEL).then_some((off, name))
            })
            .collect();
        labels.sort();
        let name_at = |off: u32| {
            labels
                .iter()
                .find(|(o, _)| *o == off)
                .map_or(format!("0x{off:x}"), |(_, n)| n.to_string())
        };
        let mut out = Vec::new();
        let mut li = 0;
        for (off, line) in lines {
            while li < labels.len() && labels[li].0 <= off {
                out.push((labels[li].0, format!("{}:", labels[li].1)));
                li += 1;
            }
            let text = match line {
                ListingLine::Inst(s) => format!("    {s}"),
                ListingLine::Branch(m, l) => {
                    format!("    {m} {}", name_at(self.resolve_label_offset(l)))
                }
            };
            out.push((off, text));
        }
        for (o, n) in &labels[li..] {
            out.push((*o, format!("{n}:")));
        }
        out
    }

    /// Records a branch line for the listing (call just before `add_*_branch`).
    pub fn list_branch(&mut self, offset: u32, mnemonic: &str, target: MachLabel) {
        if let Some(l) = &mut self.listing {
            l.push((offset, ListingLine::Branch(mnemonic.to_string(), target)))
        }
    }
}

/// `je` ↔ `jne` etc. for listing lines.
fn invert_mnemonic(m: &str) -> String {
    use super::inst::Cond;
    (0..16)
        .map(Cond::from_enc)
        .find(|c| format!("j{}", c.suffix()) == m)
        .map_or(m.to_string(), |c| format!("j{}", c.invert().suffix()))
}
