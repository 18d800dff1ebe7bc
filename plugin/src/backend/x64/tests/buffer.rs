//! MachBuffer: each branch edit, label aliases (with cycles), veneers and islands with an
//! artificial tiny-range label-use kind, the constant pool, and a randomized check that the
//! edited code follows the same paths as the unedited control-flow graph.

use crate::backend::x64::buffer::{LabelUse, MachBuffer, MachLabel, X64LabelUse};
use crate::backend::x64::encode::{self, ByteSink};
use crate::backend::x64::inst::Cond;

type Buf = MachBuffer<X64LabelUse>;

fn jmp<U: LabelUse>(b: &mut MachBuffer<U>, l: MachLabel, kind: U) {
    let start = b.cur_offset();
    let field = encode::jmp_rel32(b, -4);
    b.use_label_at_offset(field, l, kind);
    let end = b.cur_offset();
    b.add_uncond_branch(start, end, l);
}

fn jcc(b: &mut Buf, cc: Cond, l: MachLabel) {
    let start = b.cur_offset();
    let field = encode::jcc_rel32(b, cc, -4);
    b.use_label_at_offset(field, l, X64LabelUse::Rel32);
    let mut inv = Vec::new();
    encode::jcc_rel32(&mut inv, cc.invert(), -4);
    let end = b.cur_offset();
    b.add_cond_branch(start, end, l, inv);
}

/// The 2-byte `rel8` displacement to `l` from a branch starting here, as the emitter decides it:
/// only to a stable (bound, final) label in reach.
fn short_disp(b: &Buf, l: MachLabel) -> Option<i8> {
    let t = b.stable_label_offset(l)?;
    i8::try_from(t as i64 - (b.cur_offset() as i64 + 2)).ok()
}

/// `jmp`, short when the emitter would make it short.
fn jmp_auto(b: &mut Buf, l: MachLabel) {
    match short_disp(b, l) {
        Some(d) => {
            let start = b.cur_offset();
            encode::jmp_rel8(b, d);
            let end = b.cur_offset();
            b.add_resolved_branch(start, end, l, None);
        }
        None => jmp(b, l, X64LabelUse::Rel32),
    }
}

/// `jcc`, short when the emitter would make it short.
fn jcc_auto(b: &mut Buf, cc: Cond, l: MachLabel) {
    match short_disp(b, l) {
        Some(d) => {
            let start = b.cur_offset();
            encode::jcc_rel8(b, cc, d);
            let mut inv = Vec::new();
            encode::jcc_rel8(&mut inv, cc.invert(), d);
            let end = b.cur_offset();
            b.add_resolved_branch(start, end, l, Some(inv));
        }
        None => jcc(b, cc, l),
    }
}

fn rel32_target(code: &[u8], field: usize) -> usize {
    let rel = i32::from_le_bytes(code[field..field + 4].try_into().unwrap());
    (field as i64 + 4 + rel as i64) as usize
}

#[test]
fn jump_to_next_is_removed() {
    let mut b = Buf::new(true, false);
    let l = b.get_label();
    b.put1(0x90);
    jmp(&mut b, l, X64LabelUse::Rel32);
    b.bind_label(l);
    b.put1(0xC3);
    let out = b.finish();
    assert_eq!(out.data, vec![0x90, 0xC3]);
    assert_eq!(out.branches_removed, 1);
}

#[test]
fn conditional_then_unconditional_is_inverted() {
    let mut b = Buf::new(true, false);
    let (l1, l2) = (b.get_label(), b.get_label());
    b.put1(0x90);
    jcc(&mut b, Cond::Z, l1);
    jmp(&mut b, l2, X64LabelUse::Rel32);
    b.bind_label(l1);
    b.put1(0x90);
    b.bind_label(l2);
    b.put1(0xC3);
    let out = b.finish();
    // nop; jne l2; l1: nop; l2: ret
    assert_eq!(&out.data[1..3], &[0x0F, 0x85]);
    assert_eq!(out.data.len(), 1 + 6 + 1 + 1);
    assert_eq!(rel32_target(&out.data, 3), 8);
    assert_eq!(out.branches_removed, 1);
}

#[test]
fn unreachable_unconditional_branch_is_removed() {
    let mut b = Buf::new(true, false);
    let (l1, l2, l3) = (b.get_label(), b.get_label(), b.get_label());
    jmp(&mut b, l1, X64LabelUse::Rel32);
    jmp(&mut b, l2, X64LabelUse::Rel32);
    b.bind_label(l3);
    b.put1(0xC3);
    b.bind_label(l1);
    b.bind_label(l2);
    b.put1(0xC3);
    let out = b.finish();
    assert_eq!(out.data.len(), 5 + 1 + 1);
    assert_eq!(rel32_target(&out.data, 1), 6);
    assert_eq!(out.branches_removed, 1);
}

#[test]
fn jumps_thread_through_label_aliases_and_cycles_are_safe() {
    let mut b = Buf::new(true, false);
    let (l0, l2, l3, l5, l6, l7, l8) = (
        b.get_label(),
        b.get_label(),
        b.get_label(),
        b.get_label(),
        b.get_label(),
        b.get_label(),
        b.get_label(),
    );
    // 0: jmp l0
    jmp(&mut b, l0, X64LabelUse::Rel32);
    b.put1(0xC3); // 5
                  // l0: jmp l2 — a block that only jumps: l0 becomes an alias of l2.
    b.bind_label(l0); // 6
    jmp(&mut b, l2, X64LabelUse::Rel32);
    b.bind_label(l3); // 11
    b.put1(0xC3);
    // l5: jmp l5 — an infinite loop stays.
    b.bind_label(l5); // 12
    jmp(&mut b, l5, X64LabelUse::Rel32);
    // l6: jmp l7; l7: jmp l6 — the first jump goes to the next instruction and is removed,
    // the second targets itself: a cycle of aliases must not form.
    b.bind_label(l6); // 17
    jmp(&mut b, l7, X64LabelUse::Rel32);
    b.bind_label(l7);
    jmp(&mut b, l6, X64LabelUse::Rel32);
    b.bind_label(l8);
    b.put1(0x90);
    b.bind_label(l2);
    b.put1(0xC3);
    let out = b.finish();
    let l2_off = out.data.len() - 1;
    assert_eq!(rel32_target(&out.data, 1), l2_off, "jmp l0 threads to l2");
    assert_eq!(rel32_target(&out.data, 13), 12, "jmp l5 loops");
    assert_eq!(rel32_target(&out.data, 18), 17, "jmp l6 loops on itself");
    assert_eq!(out.data.len(), 17 + 5 + 1 + 1);
}

/// A label use reaching only 16 bytes either way, with a veneer to a 32-bit kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TinyUse {
    Short,
    Long,
}

impl LabelUse for TinyUse {
    fn max_pos_range(self) -> u32 {
        match self {
            TinyUse::Short => 16,
            TinyUse::Long => i32::MAX as u32,
        }
    }
    fn max_neg_range(self) -> u32 {
        self.max_pos_range()
    }
    fn patch_size(self) -> u32 {
        match self {
            TinyUse::Short => 1,
            TinyUse::Long => 4,
        }
    }
    fn patch(self, field: &mut [u8], use_offset: u32, label_offset: u32) {
        let delta = label_offset as i64 - use_offset as i64;
        match self {
            TinyUse::Short => field[0] = (field[0] as i8 as i64 + delta) as i8 as u8,
            TinyUse::Long => encode::add_to_rel32(field, 0, delta),
        }
    }
    fn supports_veneer(self) -> bool {
        self == TinyUse::Short
    }
    fn veneer_size(self) -> u32 {
        5
    }
    fn worst_case_veneer_size() -> u32 {
        5
    }
    fn generate_veneer(self, veneer: &mut [u8], veneer_offset: u32) -> (u32, Self) {
        veneer[0] = 0xE9;
        veneer[1..5].copy_from_slice(&(-4i32).to_le_bytes());
        (veneer_offset + 1, TinyUse::Long)
    }
}

/// Follows `jmp rel8` / `jmp rel32` from `at` until a non-jump byte.
fn follow(code: &[u8], mut at: usize) -> usize {
    loop {
        match code[at] {
            0xEB => at = (at as i64 + 2 + code[at + 1] as i8 as i64) as usize,
            0xE9 => at = rel32_target(code, at + 1),
            _ => return at,
        }
    }
}

#[test]
fn veneers_extend_short_label_uses_past_their_deadline() {
    let mut b: MachBuffer<TinyUse> = MachBuffer::new(true, false);
    let far = b.get_label();
    let near = b.get_label();
    // Two short jumps: one to a label 200 bytes ahead, one to a label in range.
    b.put1(0xEB);
    b.put1(-1i8 as u8);
    b.use_label_at_offset(1, far, TinyUse::Short);
    b.put1(0xEB);
    b.put1(-1i8 as u8);
    b.use_label_at_offset(3, near, TinyUse::Short);
    b.put1(0x90);
    b.bind_label(near);
    let mut islands = 0;
    while b.cur_offset() < 200 {
        if b.island_needed(4) {
            // Jump around the island with a long-range use.
            let after = b.get_label();
            let start = b.cur_offset();
            let field = encode::jmp_rel32(&mut b, -4);
            b.use_label_at_offset(field, after, TinyUse::Long);
            b.add_uncond_branch(start, b.cur_offset(), after);
            b.emit_island(4);
            b.bind_label(after);
            islands += 1;
            assert!(
                b.cur_offset() < 1 + 16 + 5 + 5 + 8,
                "island before the deadline"
            );
        }
        for _ in 0..4 {
            b.put1(0x90);
        }
    }
    let far_off = b.cur_offset() as usize;
    b.bind_label(far);
    b.put1(0xC3);
    let out = b.finish();
    assert_eq!(islands, 1);
    assert_eq!(follow(&out.data, 0), far_off, "through the veneer");
    assert_eq!(
        4 + out.data[3] as i8 as i64,
        5,
        "in range: patched directly"
    );
    // The jump around the island lands on the code after it.
    assert_eq!(out.data[far_off], 0xC3);
}

#[test]
fn constant_pool_is_placed_and_referenced() {
    let mut b = Buf::new(true, false);
    let k = b.defer_constant(vec![1, 2, 3, 4, 5, 6, 7, 8], 8);
    b.put1(0x90);
    let field = encode::lea(
        &mut b,
        crate::backend::x64::inst::Gpr::Rax,
        &encode::Mem::Rip { disp: -4 },
    )
    .unwrap();
    b.use_label_at_offset(field, k, X64LabelUse::Rel32);
    encode::ret(&mut b);
    let out = b.finish();
    let at = rel32_target(&out.data, field as usize);
    assert_eq!(at % 8, 0);
    assert_eq!(&out.data[at..at + 8], &[1, 2, 3, 4, 5, 6, 7, 8]);
}

/// A tiny deterministic generator (no external crates).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[derive(Clone, Copy, Debug)]
enum Term {
    Jump(usize),
    Cond(Cond, usize, usize),
    Exit,
}

/// The condition a simulated `jcc` sees after `k` block markers: a pseudo-random flag, so that
/// an inverted condition code really takes the other path. (Only marked blocks end in a
/// conditional, so `k` identifies the branch on both sides even when edits remove one.)
fn taken(cc: Cond, k: usize) -> bool {
    let base = (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1;
    base ^ (cc.enc() & 1 == 1)
}

/// Runs the emitted code: `mov al, id` marks a block; jumps as encoded; `ret` stops.
fn run_code(code: &[u8], steps: usize) -> Vec<u8> {
    let (mut pc, mut trace, mut fuel) = (0usize, Vec::new(), 100_000);
    while trace.len() < steps && fuel > 0 {
        fuel -= 1;
        match code[pc] {
            0xB0 => {
                trace.push(code[pc + 1]);
                pc += 2;
            }
            0xE9 => pc = rel32_target(code, pc + 1),
            0xEB => pc = (pc as i64 + 2 + code[pc + 1] as i8 as i64) as usize,
            0x70..=0x7F => {
                let cc = Cond::from_enc(code[pc] - 0x70);
                pc = if taken(cc, trace.len()) {
                    (pc as i64 + 2 + code[pc + 1] as i8 as i64) as usize
                } else {
                    pc + 2
                };
            }
            0x0F => {
                let cc = Cond::from_enc(code[pc + 1] - 0x80);
                pc = if taken(cc, trace.len()) {
                    rel32_target(code, pc + 2)
                } else {
                    pc + 6
                };
            }
            0xC3 => break,
            b => panic!("unexpected byte {b:#x} at {pc}"),
        }
    }
    trace
}

/// The marked blocks the CFG visits (at most `steps` visits in all).
fn run_cfg(blocks: &[Term], empty: &[bool], steps: usize) -> Vec<u8> {
    let (mut b, mut trace) = (0usize, Vec::new());
    for _ in 0..steps {
        if !empty[b] {
            trace.push(b as u8);
        }
        match blocks[b] {
            Term::Jump(t) => b = t,
            Term::Cond(cc, t, e) => b = if taken(cc, trace.len()) { t } else { e },
            Term::Exit => break,
        }
    }
    trace
}

#[test]
fn branch_edits_preserve_control_flow_on_random_cfgs() {
    random_cfgs(false);
}

/// The same with short backward branches (resolved at emission, no fixup) wherever the emitter
/// would use them.
#[test]
fn branch_edits_with_short_backward_branches_on_random_cfgs() {
    let shorts = random_cfgs(true);
    assert!(shorts > 200, "short branches were used ({shorts})");
}

/// Returns the number of short branches in the final code.
fn random_cfgs(short: bool) -> usize {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut removed = 0;
    let mut shorts = 0;
    for _ in 0..500 {
        let n = 2 + rng.below(12) as usize;
        let blocks: Vec<Term> = (0..n)
            .map(|_| match rng.below(5) {
                0 => Term::Exit,
                1 | 2 => Term::Jump(rng.below(n as u64) as usize),
                _ => Term::Cond(
                    Cond::from_enc(rng.below(16) as u8),
                    rng.below(n as u64) as usize,
                    rng.below(n as u64) as usize,
                ),
            })
            .collect();
        // Some jump-only blocks are empty (no marker): threading material.
        let empty: Vec<bool> = (0..n)
            .map(|i| i != 0 && matches!(blocks[i], Term::Jump(_)) && rng.below(2) == 0)
            .collect();
        let mut b = Buf::new(true, false);
        let labels: Vec<MachLabel> = (0..n).map(|_| b.get_label()).collect();
        for (i, t) in blocks.iter().enumerate() {
            b.bind_label(labels[i]);
            if !empty[i] {
                b.put1(0xB0);
                b.put1(i as u8);
            }
            match (*t, short) {
                (Term::Jump(x), false) => jmp(&mut b, labels[x], X64LabelUse::Rel32),
                (Term::Jump(x), true) => jmp_auto(&mut b, labels[x]),
                (Term::Cond(cc, x, y), false) => {
                    jcc(&mut b, cc, labels[x]);
                    jmp(&mut b, labels[y], X64LabelUse::Rel32);
                }
                (Term::Cond(cc, x, y), true) => {
                    jcc_auto(&mut b, cc, labels[x]);
                    jmp_auto(&mut b, labels[y]);
                }
                (Term::Exit, _) => b.put1(0xC3),
            }
        }
        let out = b.finish();
        shorts += count_short_branches(&out.data);
        removed += out.branches_removed;
        let want = run_cfg(&blocks, &empty, 300);
        let got = run_code(&out.data, want.len());
        assert_eq!(got, want, "cfg {blocks:?} empty {empty:?}");
    }
    assert!(removed > 200, "the edits fired ({removed})");
    shorts
}

/// Walks code made of markers, branches and `ret`, counting rel8 branches.
fn count_short_branches(code: &[u8]) -> usize {
    let (mut pc, mut n) = (0, 0);
    while pc < code.len() {
        pc += match code[pc] {
            0xB0 => 2,
            0xE9 => 5,
            0x0F => 6,
            0xC3 => 1,
            0xEB | 0x70..=0x7F => {
                n += 1;
                2
            }
            b => panic!("unexpected byte {b:#x}"),
        };
    }
    n
}
