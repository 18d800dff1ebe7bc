//! Lowering: SSA → VCode, by the rules of [`super::rules`].
//!
//! Takes one SSA [`Function`] and gives [`VCode`]: instructions over virtual registers in SSA
//! form, one VCode block per lowered block of the [`BlockOrder`], phis as block parameters and
//! their incoming values as arguments of the jumps (critical edges are split, so only single-
//! successor jumps carry arguments).
//!
//! As in Cranelift, blocks are lowered last-first and statements bottom-up, so every use of a
//! value is seen before its definition (a block comes after its dominators in the order). A rule
//! asks for an operand in a register with [`Lower::put`], which marks the value *used*; a pure
//! statement nobody `put` is not lowered at all. That is how a compare fused into a branch, or a
//! constant folded into an immediate, disappears without a separate dead-code pass. Constants,
//! data and function addresses, and stack-slot addresses (`lea r, [rbp - d]`) are
//! rematerialised at each use instead of living in a register across the function; loads and
//! stores of a stack slot address it `rbp`-relative directly.
//!
//! Rules may drop a successor (a branch on a constant); blocks the lowered CFG no longer reaches
//! are pruned and the rest renumbered before register allocation.
//!
//! Each statement's instructions are built forward into `cur` and then prepended to the block.
//! Value `v` of the SSA has one virtual register, created on first mention; `Pi` is a copy and
//! shares its operand's register.
//!
//! Live-range splitting at the frame's entries ([`FrameEntries`]): the blocks that will likely
//! run without the frame (shrinkwrap.rs; predicted here: no call, entered only from such
//! blocks) form the *region*. Under a *frame entry* `S` — a block outside the region whose
//! predecessors are all in it — a value defined in the region is read through its own copy,
//! made at the start of `S` (one `mov` per value and entry). The value's register then lives
//! only in the region and up to `S`, with no call in between, so regalloc2 keeps it in the
//! register it arrived in instead of moving it into a callee-saved register in the entry block
//! (which would make the entry block need the frame).

use super::abi::{self, ArgLoc, ARG_REGS, EXTRA_ARGS_SYMBOL};
use super::blockorder::{BlockOrder, LoweredBlock};
use super::inst::{AluOp, Amode, CallTarget, Inst, LoadKind, MachBlock, Reg, RegImm};
use super::regalloc::{VBlock, VCode};
use super::rules;
use crate::backend::RelocTarget;
use crate::ssa::ir::{Abi, Block, Callee, FuncId, Function, Module, SrcLoc, Stmt, Type, Value};
use regalloc2::{PReg, RegClass, VReg};

/// A lowered instruction, its source location and the SSA statement it comes from.
type LoweredInst = (Inst, SrcLoc, Option<Value>);

const NO_VREG: u32 = u32::MAX;

/// The machine word of the OCaml int `n`.
pub fn tag(n: i64) -> i64 {
    n.wrapping_mul(2).wrapping_add(1)
}

/// Which parameters each function of a module reads. A direct call passes only those: the
/// callee's `Args` defines only the parameters some statement uses ([`Lower::lower_params`]),
/// so the other argument registers and `egret_extra_args` words are never read and are left
/// as they are. Typically a closure environment the function never looks at: indirect calls
/// still pass it (they cannot know the callee), direct calls skip the `lea`.
pub struct ParamReads(Vec<Vec<bool>>);

impl ParamReads {
    pub fn of(module: &Module) -> ParamReads {
        ParamReads(module.functions.iter().map(params_read).collect())
    }

    /// Whether function `f` reads its parameter `i` (true when unknown).
    pub fn reads(&self, f: FuncId, i: usize) -> bool {
        self.0
            .get(f.index())
            .and_then(|r| r.get(i))
            .copied()
            .unwrap_or(true)
    }
}

/// Per parameter of `f`: whether some statement (live or not) uses it. One no statement uses
/// is never [`Lower::put`], so lowering never defines nor reads it.
pub fn params_read(f: &Function) -> Vec<bool> {
    let mut used = vec![false; f.stmts.len()];
    for s in &f.stmts {
        s.for_each_use(|v| used[v.index()] = true);
    }
    let mut read = vec![false; f.params.len()];
    for (v, s) in f.stmts.iter().enumerate() {
        if let Stmt::Param(i, _) = s {
            if used[v] {
                // A parameter index past the signature would be the verifier's to reject.
                if let Some(r) = read.get_mut(*i as usize) {
                    *r = true;
                }
            }
        }
    }
    read
}

/// The predicted entry region and the frame entries of a function (module docs).
struct FrameEntries {
    /// Per SSA block: in the predicted region.
    region: Vec<bool>,
    /// Per SSA block: the frame entry it is dominated by, whose copies it reads.
    entry_of: Vec<Option<Block>>,
    /// Per statement: the block defining it.
    def_block: Vec<Block>,
    /// The copies made so far: (entry, value) → copy.
    copies: std::collections::BTreeMap<(Block, Value), VReg>,
    /// Per SSA block: its copies have been emitted (lowering is bottom-up, so every block an
    /// entry dominates asks for its copies before the entry is lowered).
    done: Vec<bool>,
}

impl FrameEntries {
    fn new(f: &Function) -> FrameEntries {
        let n = f.blocks.len();
        let mut def_block = vec![Block(0); f.stmts.len()];
        for b in 0..n {
            let d = f.blocks[b];
            for v in d.start..d.end {
                def_block[v as usize] = Block(b as u32);
            }
        }
        let needs_frame = |b: usize| {
            f.block_stmts(Block(b as u32)).any(|(_, s)| match s {
                Stmt::Call { .. } => true,
                Stmt::Alloc { fields, .. } => !(1..=abi::MAX_INLINE_WOSIZE).contains(&fields.len()),
                _ => false,
            })
        };
        let dom = crate::ssa::dom::DomTree::new(f);
        let has_slot = f.stmts.iter().any(|s| matches!(s, Stmt::StackSlot { .. }));
        let mut region: Vec<bool> = (0..n).map(|b| !has_slot && !needs_frame(b)).collect();
        loop {
            let mut changed = false;
            for b in 0..n {
                if region[b] && dom.preds[b].iter().any(|p| !region[p.index()]) {
                    region[b] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // The region is closed under predecessors, so a block outside it has, on its
        // dominator chain, a first block outside it right under the region: its entry.
        let mut top: Vec<Option<Block>> = vec![None; n];
        let mut entry_of = vec![None; n];
        if n > 0 && region[0] {
            for &b in &dom.rpo {
                let Some(idom) = dom.idom[b.index()] else {
                    continue;
                };
                if region[b.index()] {
                    continue;
                }
                top[b.index()] = if region[idom.index()] {
                    Some(b)
                } else {
                    top[idom.index()]
                };
                entry_of[b.index()] = top[b.index()]
                    .filter(|s| dom.preds[s.index()].iter().all(|p| region[p.index()]));
            }
        }
        FrameEntries {
            region,
            entry_of,
            def_block,
            copies: Default::default(),
            done: vec![false; n],
        }
    }
}

pub struct Lower<'a> {
    pub f: &'a Function,
    pub order: &'a BlockOrder,
    /// The parameters the module's functions read, when the module is known.
    param_reads: Option<&'a ParamReads>,
    entries: FrameEntries,
    use_counts: Vec<u32>,
    /// Per value, how many of its uses are the condition of a `Branch`.
    branch_uses: Vec<u32>,
    vregs: Vec<u32>,
    used: Vec<bool>,
    num_vregs: usize,
    /// Whether some virtual register is an SSE register (the allocation slow paths then save
    /// the SSE registers around their call).
    has_floats: bool,
    cur: Vec<Inst>,
    cur_block: Block,
    jump_args: Vec<VReg>,
    /// Per `StackSlot` statement: the `rbp`-relative displacement of its first word.
    slot_disps: Vec<(Value, i32)>,
    /// Bytes of the frame's stack-slot area.
    pub slot_area: u32,
    /// Bytes of the outgoing stack-argument area (runtime calls with more than 6 arguments).
    pub outgoing_area: u32,
    /// The first error a constructor met (unsupported statement).
    pub error: Option<String>,
}

impl<'a> Lower<'a> {
    pub fn new(
        f: &'a Function,
        order: &'a BlockOrder,
        param_reads: Option<&'a ParamReads>,
    ) -> Lower<'a> {
        let mut use_counts = vec![0; f.stmts.len()];
        let mut branch_uses = vec![0; f.stmts.len()];
        for s in &f.stmts {
            s.for_each_use(|v| use_counts[v.index()] += 1);
            if let Stmt::Branch { cond, .. } = s {
                branch_uses[cond.index()] += 1;
            }
        }
        // Each StackSlot gets its own words of the area under the saved rbp (abi.rs).
        let mut slot_disps = Vec::new();
        let mut area: i64 = 0;
        for (i, s) in f.stmts.iter().enumerate() {
            if let Stmt::StackSlot { words } = s {
                area += 8 * (*words).max(1) as i64;
                slot_disps.push((Value(i as u32), (-area).max(i32::MIN as i64) as i32));
            }
        }
        let error = (area > i32::MAX as i64 / 2)
            .then(|| format!("stack slots of {area} bytes are too large"));
        Lower {
            f,
            order,
            param_reads,
            entries: FrameEntries::new(f),
            use_counts,
            branch_uses,
            vregs: vec![NO_VREG; f.stmts.len()],
            used: vec![false; f.stmts.len()],
            num_vregs: 0,
            has_floats: false,
            cur: Vec::new(),
            cur_block: Block(0),
            jump_args: Vec::new(),
            slot_disps,
            slot_area: area as u32,
            outgoing_area: 0,
            error,
        }
    }

    // ---- queries for patterns (pure) ----

    /// The value `v` is a copy of (through `Pi`s).
    pub fn alias(&self, mut v: Value) -> Value {
        while let Stmt::Pi { value, .. } = self.f.stmts[v.index()] {
            v = value;
        }
        v
    }

    /// The statement defining `v`, looking through `Pi`s.
    pub fn def_of(&self, v: Value) -> &'a Stmt {
        &self.f.stmts[self.alias(v).index()]
    }

    pub fn use_count(&self, v: Value) -> u32 {
        self.use_counts[v.index()]
    }

    /// Whether every use of `v` is a `Branch` on it.
    pub fn only_branched_on(&self, v: Value) -> bool {
        self.branch_uses[v.index()] == self.use_counts[v.index()]
    }

    /// If `v` is (a copy of) a `StackSlot`: the `rbp`-relative displacement of its first word.
    pub fn stack_slot(&self, v: Value) -> Option<i32> {
        let v = self.alias(v);
        if !matches!(self.f.stmts[v.index()], Stmt::StackSlot { .. }) {
            return None;
        }
        let i = self.slot_disps.binary_search_by_key(&v, |p| p.0).ok()?;
        Some(self.slot_disps[i].1)
    }

    /// The SSA block being lowered.
    pub fn cur_block(&self) -> Block {
        self.cur_block
    }

    // ---- registers ----

    /// Whether `v` is an unboxed float (its register is an SSE register).
    pub fn is_float(&self, v: Value) -> bool {
        self.f.types[v.index()] == Type::F64
    }

    fn vreg_of(&mut self, v: Value) -> VReg {
        if self.vregs[v.index()] == NO_VREG {
            self.vregs[v.index()] = self.num_vregs as u32;
            self.num_vregs += 1;
        }
        let class = if self.is_float(v) {
            self.has_floats = true;
            RegClass::Float
        } else {
            RegClass::Int
        };
        VReg::new(self.vregs[v.index()] as usize, class)
    }

    /// A fresh virtual register.
    pub fn temp(&mut self) -> Reg {
        self.num_vregs += 1;
        Reg::virt(VReg::new(self.num_vregs - 1, RegClass::Int))
    }

    /// A fresh virtual SSE register.
    pub fn temp_float(&mut self) -> Reg {
        self.num_vregs += 1;
        self.has_floats = true;
        Reg::virt(VReg::new(self.num_vregs - 1, RegClass::Float))
    }

    /// The register `v`'s statement defines.
    pub fn def(&mut self, v: Value) -> Reg {
        Reg::virt(self.vreg_of(v))
    }

    /// `v` in a register: marks it used, or rematerialises a constant here.
    pub fn put(&mut self, v: Value) -> Reg {
        let v = self.alias(v);
        match self.f.stmts[v.index()] {
            Stmt::Const(n) => self.mov_imm(tag(n)),
            Stmt::RawConst(n) => self.mov_imm(n),
            Stmt::DataAddr(d) => self.lea_symbol(RelocTarget::Data(d), 8 - 4),
            Stmt::FuncAddr(fid) => self.lea_symbol(RelocTarget::Func(fid), -4),
            Stmt::FConst(bits) => {
                let dst = self.temp_float();
                self.emit(Inst::FConst { dst, bits });
                dst
            }
            Stmt::StackSlot { .. } => {
                let disp = self.stack_slot(v).expect("a stack slot");
                let dst = self.temp();
                self.lea(dst, Amode::frame(disp));
                dst
            }
            _ => {
                self.used[v.index()] = true;
                Reg::virt(self.use_vreg(v))
            }
        }
    }

    /// The register a use of `v` in the current block reads: `v`'s own, or its copy at the
    /// frame entry dominating the block (module docs).
    fn use_vreg(&mut self, v: Value) -> VReg {
        let e = &self.entries;
        let entry = e.entry_of[self.cur_block.index()];
        let Some(s) = entry.filter(|_| e.region[e.def_block[v.index()].index()]) else {
            return self.vreg_of(v);
        };
        if let Some(&r) = e.copies.get(&(s, v)) {
            return r;
        }
        if e.done[s.index()] {
            self.fail(format!("block {} lowered before a block it dominates", s));
        }
        let r = if self.is_float(v) {
            self.temp_float().vreg()
        } else {
            self.temp().vreg()
        };
        self.entries.copies.insert((s, v), r);
        r
    }

    pub fn emit(&mut self, inst: Inst) {
        self.cur.push(inst)
    }

    pub fn fail(&mut self, msg: String) {
        self.error.get_or_insert(msg);
    }

    // ---- constructors: small sequences rules build from ----

    pub fn mov_imm(&mut self, imm: i64) -> Reg {
        let dst = self.temp();
        self.emit(Inst::MovImm { dst, imm });
        dst
    }

    pub fn lea_symbol(&mut self, target: RelocTarget, addend: i64) -> Reg {
        let dst = self.temp();
        self.emit(Inst::LeaSymbol {
            dst,
            target,
            addend,
        });
        dst
    }

    pub fn lea(&mut self, dst: Reg, addr: Amode) {
        self.emit(Inst::Lea { dst, addr })
    }

    /// `dst = src1 op src2` (two-address, tied by a reuse constraint).
    pub fn alu(&mut self, dst: Reg, op: AluOp, src1: Reg, src2: RegImm) {
        self.emit(Inst::Alu {
            op,
            dst,
            src1,
            src2,
        })
    }

    /// `src1 op src2` into a fresh register.
    pub fn alu_tmp(&mut self, op: AluOp, src1: Reg, src2: RegImm) -> Reg {
        let dst = self.temp();
        self.alu(dst, op, src1, src2);
        dst
    }

    pub fn load(&mut self, dst: Reg, kind: LoadKind, addr: Amode) {
        self.emit(Inst::Load { kind, dst, addr })
    }

    /// The lowered block a multi-way terminator of the current block goes to for SSA edge
    /// `cur → to` (never with arguments, by the splitting rule).
    pub fn succ(&mut self, to: Block) -> MachBlock {
        self.order.target(self.cur_block, to)
    }

    /// An unconditional jump to `to`, passing its phis' incoming values.
    pub fn jump(&mut self, to: Block) {
        let target = self.order.target(self.cur_block, to);
        if !self.order.is_split(self.cur_block, to) {
            self.jump_args = self.phi_args(to, self.cur_block);
        }
        self.emit(Inst::Jmp { target });
    }

    fn phi_args(&mut self, to: Block, from: Block) -> Vec<VReg> {
        let mut args = Vec::new();
        for (_, s) in self.f.block_stmts(to) {
            let Stmt::Phi { edges, values, .. } = s else {
                break;
            };
            match edges.iter().position(|e| *e == from) {
                Some(i) => {
                    let r = self.put(values[i]);
                    args.push(r.vreg());
                }
                None => self.fail(format!(
                    "phi in block {to} has no value for edge from {from}"
                )),
            }
        }
        args
    }

    /// Argument registers, and stores of the arguments after the sixth: into
    /// `egret_extra_args` for an egret call, onto the stack (SysV: argument `6 + k` at
    /// `[rsp + 8k]` at the call, in the frame's outgoing-argument area) for a runtime call.
    /// A direct call to a function of the module skips the arguments it does not read
    /// ([`ParamReads`]).
    fn call_args(&mut self, callee: &Callee, args: &[Value]) -> Vec<(Reg, PReg)> {
        let c_abi = matches!(callee, Callee::Runtime(_));
        let reads = match (callee, self.param_reads) {
            (Callee::Direct(f), Some(r)) => (0..args.len()).map(|i| r.reads(*f, i)).collect(),
            _ => vec![true; args.len()],
        };
        // Only direct calls and calls of C functions of doubles pass `F64`s (the verifier's
        // rule), by their types' locations (SysV's too: doubles in xmm0.., words apart).
        let locs = abi::arg_locations(args.iter().map(|a| self.f.types[a.index()]));
        let mut fixed = Vec::new();
        let mut extra: Vec<(usize, Value)> = Vec::new();
        let mut words = 0;
        for ((a, loc), read) in args.iter().zip(locs).zip(&reads) {
            if !matches!(loc, ArgLoc::Xmm(_)) {
                words += 1;
            }
            if !read {
                continue;
            }
            match loc {
                ArgLoc::Gpr(g) => fixed.push((self.put(*a), g.preg())),
                ArgLoc::Xmm(x) => fixed.push((self.put(*a), x.preg())),
                ArgLoc::Extra(k) => extra.push((k, *a)),
            }
        }
        if extra.is_empty() {
            return fixed;
        }
        let base = if c_abi {
            let stack_words = words - ARG_REGS.len();
            let bytes = (8 * stack_words as u32).next_multiple_of(16);
            self.outgoing_area = self.outgoing_area.max(bytes);
            Reg::phys(super::inst::Gpr::Rsp)
        } else {
            self.lea_symbol(RelocTarget::External(EXTRA_ARGS_SYMBOL.into()), -4)
        };
        for (k, a) in extra {
            self.store_value(a, Amode::base_disp(base, 8 * k as i32));
        }
        fixed
    }

    fn call_target(&mut self, callee: &Callee) -> CallTarget {
        match callee {
            Callee::Direct(f) => CallTarget::Symbol(RelocTarget::Func(*f)),
            Callee::Runtime(name) => CallTarget::Symbol(RelocTarget::External(name.to_string())),
            Callee::Indirect(v) => CallTarget::Reg(self.put(*v)),
        }
    }

    pub fn call(&mut self, ret: Reg, callee: &Callee, args: &[Value]) {
        let target = self.call_target(callee);
        let args = self.call_args(callee, args);
        self.emit(Inst::Call { target, args, ret });
    }

    pub fn tail_call(&mut self, callee: &Callee, args: &[Value]) {
        if matches!(callee, Callee::Runtime(_)) {
            self.fail("tail call to a runtime function".into());
        }
        let target = self.call_target(callee);
        let args = self.call_args(callee, args);
        self.emit(Inst::TailCall { target, args });
    }

    /// A heap block of `wosize` words with `tag`, header written; its first field's address in
    /// `dst`. Small blocks bump the minor heap inline ([`Inst::AllocInline`]); empty and large
    /// ones call the runtime's `egret_alloc`.
    pub fn alloc_block(&mut self, dst: Reg, wosize: usize, tag_byte: u8) {
        if (1..=abi::MAX_INLINE_WOSIZE).contains(&wosize) {
            let tmp = self.temp();
            self.emit(Inst::AllocInline {
                dst,
                tmp,
                wosize: wosize as u32,
                tag: tag_byte,
            });
            return;
        }
        let w = self.mov_imm(wosize as i64);
        let t = self.mov_imm(tag_byte as i64);
        let target = CallTarget::Symbol(RelocTarget::External(abi::ALLOC_SYMBOL.into()));
        self.emit(Inst::Call {
            target,
            args: vec![(w, ARG_REGS[0].preg()), (t, ARG_REGS[1].preg())],
            ret: dst,
        });
    }

    // ---- driving ----

    /// Lowers one block: its instructions, each with the source location and the SSA statement
    /// it comes from (an edge block's: its source block's terminator; the entry's parameter
    /// moves: none), its parameters and its jump's arguments.
    fn lower_block(&mut self, lb: LoweredBlock) -> (Vec<LoweredInst>, Vec<VReg>, Vec<VReg>) {
        self.jump_args.clear();
        let mut rev: Vec<LoweredInst> = Vec::new();
        let b = match lb {
            LoweredBlock::Edge { from, to } => {
                self.cur_block = from;
                let args = self.phi_args(to, from);
                let target = self.order.orig[to.index()].expect("reachable");
                let term = Value(self.f.block(from).end - 1);
                let loc = self.f.locs.get(term.index()).copied();
                self.cur.push(Inst::Jmp { target });
                for inst in self.cur.drain(..).rev() {
                    rev.push((inst, loc.unwrap_or_default(), Some(term)));
                }
                rev.reverse();
                return (rev, Vec::new(), args);
            }
            LoweredBlock::Orig(b) => b,
        };
        self.cur_block = b;
        for (v, stmt) in self.f.block_stmts(b).collect::<Vec<_>>().into_iter().rev() {
            if matches!(
                stmt,
                Stmt::Phi { .. } | Stmt::Param(..) | Stmt::Pi { .. } | Stmt::Nop
            ) {
                continue;
            }
            if !stmt.is_terminator() && !stmt.has_effect() && !self.used[v.index()] {
                continue;
            }
            self.cur.clear();
            rules::lower_stmt(self, v, stmt);
            let loc = self.f.locs.get(v.index()).copied().unwrap_or_default();
            for inst in self.cur.drain(..).rev() {
                rev.push((inst, loc, Some(v)));
            }
        }
        // The copies of the values this block is the frame entry for, first.
        self.entries.done[b.index()] = true;
        let copies: Vec<(Value, VReg)> = (self.entries.copies.range((b, Value(0))..))
            .take_while(|((s, _), _)| *s == b)
            .map(|((_, v), r)| (*v, *r))
            .collect();
        let loc = rev.last().map(|(_, l, _)| *l).unwrap_or_default();
        for (v, copy) in copies.into_iter().rev() {
            let src = Reg::virt(self.vreg_of(v));
            // Not a statement's code: like the allocator's moves, in no statement range.
            rev.push((
                Inst::MovRR {
                    dst: Reg::virt(copy),
                    src,
                },
                loc,
                None,
            ));
        }
        if b == Block(0) {
            self.cur.clear();
            self.lower_params();
            for inst in self.cur.drain(..).rev() {
                rev.push((inst, self.f.decl_loc, None));
            }
        }
        rev.reverse();
        let mut params = Vec::new();
        for (v, s) in self.f.block_stmts(b) {
            if !matches!(s, Stmt::Phi { .. }) {
                break;
            }
            params.push(self.vreg_of(v));
        }
        (rev, params, std::mem::take(&mut self.jump_args))
    }

    /// Parameters 0–5 arrive in registers (one `Args` instruction of fixed defs); 6.. are
    /// copied out of `egret_extra_args` before anything else runs.
    fn lower_params(&mut self) {
        let mut regs = Vec::new();
        let mut extra = Vec::new();
        let locs = abi::arg_locations(self.f.params.iter().copied());
        for (v, s) in self.f.block_stmts(Block(0)) {
            let Stmt::Param(i, _) = *s else { continue };
            if !self.used[v.index()] {
                continue;
            }
            match locs.get(i as usize) {
                Some(ArgLoc::Gpr(g)) => regs.push((self.def(v), g.preg())),
                Some(ArgLoc::Xmm(x)) => regs.push((self.def(v), x.preg())),
                Some(ArgLoc::Extra(k)) => extra.push((*k, v)),
                None => self.fail(format!("parameter {i} of {} parameters", locs.len())),
            }
        }
        self.emit(Inst::Args { args: regs });
        if !extra.is_empty() {
            let base = self.lea_symbol(RelocTarget::External(EXTRA_ARGS_SYMBOL.into()), -4);
            for (k, v) in extra {
                let dst = self.def(v);
                self.load(dst, LoadKind::Word, Amode::base_disp(base, 8 * k as i32));
            }
        }
    }
}

/// Lowers `f` into VCode; `self_id` is `f`'s id in its module, if known, and `param_reads`
/// what the module's functions read of their parameters (direct calls pass only those). With
/// `debug_labels`, the vreg of each debug variable's value is labelled with that value (see
/// [`VCode::debug_labels`]).
pub fn lower_function(
    f: &Function,
    self_id: Option<FuncId>,
    param_reads: Option<&ParamReads>,
    debug_labels: bool,
) -> Result<VCode, String> {
    if f.blocks.is_empty() {
        return Err("function has no blocks".into());
    }
    if !f.predecessors()[0].is_empty() {
        return Err("the entry block has predecessors".into());
    }
    if f.abi == Abi::C {
        // The runtime calls it with the SysV C ABI, which agrees with egret's own convention
        // for up to six register arguments; it never reads `egret_extra_args`, and a tail call
        // would hand a C caller's frame to an egret function.
        if f.params.len() > ARG_REGS.len() {
            return Err(format!(
                "a C-ABI function with {} parameters (at most {} are supported)",
                f.params.len(),
                ARG_REGS.len()
            ));
        }
        if let Some((i, _)) = f
            .stmts
            .iter()
            .enumerate()
            .find(|(_, s)| matches!(s, Stmt::TailCall { .. }))
        {
            return Err(format!(
                "a C-ABI function makes a tail call (%{i}); the SSA lowering must not emit one"
            ));
        }
    }
    let order = BlockOrder::new(f);
    let mut lo = Lower::new(f, &order, param_reads);
    let n = order.order.len();
    let mut lowered = vec![None; n];
    for mb in (0..n).rev() {
        lowered[mb] = Some(lo.lower_block(order.order[mb]));
    }
    if let Some(e) = lo.error.take() {
        return Err(e);
    }
    // Rules may drop successors (a branch on a constant): keep the blocks the lowered CFG
    // reaches, in order. Removing edges keeps dominance and creates no critical edge.
    let lowered: Vec<_> = lowered.into_iter().map(|l| l.expect("lowered")).collect();
    let mut reachable = vec![false; n];
    let mut stack = vec![0usize];
    reachable[0] = true;
    while let Some(b) = stack.pop() {
        let term = &lowered[b].0.last().expect("a terminator").0;
        for s in term.successors() {
            if !std::mem::replace(&mut reachable[s.0 as usize], true) {
                stack.push(s.0 as usize);
            }
        }
    }
    let mut renumber = vec![MachBlock(u32::MAX); n];
    let mut next = 0;
    for (mb, r) in reachable.iter().enumerate() {
        if *r {
            renumber[mb] = MachBlock(next);
            next += 1;
        }
    }
    let mut vcode = VCode::default();
    for (mb, (insts, params, jump_args)) in lowered.into_iter().enumerate() {
        if !reachable[mb] {
            continue;
        }
        let start = vcode.insts.len() as u32;
        for (mut inst, loc, stmt) in insts {
            inst.map_targets(|b| renumber[b.0 as usize]);
            vcode.insts.push(inst);
            vcode.srclocs.push(loc);
            vcode.stmts.push(stmt);
        }
        let nb = renumber[mb].0;
        let name = match order.order[mb] {
            LoweredBlock::Orig(b) => format!("block{nb} ({b})"),
            LoweredBlock::Edge { from, to } => format!("block{nb} (edge {from}->{to})"),
        };
        let end = vcode.insts.len() as u32;
        vcode.blocks.push(VBlock {
            start,
            end,
            params,
            succ_args: vec![jump_args],
            name,
            ..VBlock::default()
        });
    }
    if debug_labels {
        // Over the whole function: regalloc2 reports only where the vreg is live.
        let end = regalloc2::Inst::new(vcode.insts.len());
        let mut labels: Vec<(VReg, regalloc2::Inst, regalloc2::Inst, u32)> = f
            .debug_vars
            .iter()
            .flat_map(|d| d.values())
            .filter_map(|value| {
                let vreg = lo.vregs[lo.alias(value).index()];
                (vreg != NO_VREG).then(|| {
                    (
                        VReg::new(vreg as usize, RegClass::Int),
                        regalloc2::Inst::new(0),
                        end,
                        value.0,
                    )
                })
            })
            .collect();
        // A value's copies at frame entries hold it too.
        for (&(_, v), &r) in &lo.entries.copies {
            let held = f.debug_vars.iter().flat_map(|d| d.values());
            for value in held.filter(|&value| lo.alias(value) == v) {
                labels.push((r, regalloc2::Inst::new(0), end, value.0));
            }
        }
        labels.sort_by_key(|&(v, _, _, l)| (v.vreg(), l));
        labels.dedup();
        vcode.debug_labels = labels;
    }
    vcode.num_vregs = lo.num_vregs;
    vcode.has_floats = lo.has_floats;
    vcode.slot_area = lo.slot_area;
    vcode.outgoing_area = lo.outgoing_area;
    vcode.self_id = self_id;
    vcode.finalize();
    Ok(vcode)
}
