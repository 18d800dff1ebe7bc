//! VCode — the lowered function in block order — and its register allocation with regalloc2.
//!
//! Takes the blocks [`super::lower`] builds (instructions over SSA virtual registers, block
//! parameters for phis, branch arguments per successor edge, critical edges already split) and
//! gives regalloc2's [`Output`]: an allocation per operand, the moves/spills/reloads to
//! interleave, the spill-slot count. With `verify` it also validates SSA form and runs
//! regalloc2's symbolic checker over the result.
//!
//! Invariants the [`Function`] impl relies on: every block is a contiguous, non-empty range of
//! `insts` ending in its only terminator; the entry block (0) has no parameters; a terminator with
//! several successors passes no block arguments; blocks are numbered in emission order.

use super::abi;
use super::inst::{CallTarget, Inst, MachBlock, OperandVisitor, Reg};
use crate::backend::RelocTarget;
use crate::ssa::ir::SrcLoc;
use regalloc2::{
    Algorithm, Allocation, Block, Function, Inst as RaInst, InstRange, Operand, Output, PReg,
    PRegSet, RegClass, RegallocOptions, VReg,
};

/// One lowered block.
#[derive(Clone, Debug, Default)]
pub struct VBlock {
    pub start: u32,
    pub end: u32,
    /// The block's phis, as regalloc2 block parameters.
    pub params: Vec<VReg>,
    pub succs: Vec<Block>,
    pub preds: Vec<Block>,
    /// Per successor (parallel to `succs`): the values passed to its parameters.
    pub succ_args: Vec<Vec<VReg>>,
    /// A listing name: `block3 (#5)` for SSA block 5, `block4 (edge #1->#5)` for an edge block.
    pub name: String,
}

/// The lowered function.
#[derive(Clone, Debug, Default)]
pub struct VCode {
    pub insts: Vec<Inst>,
    /// Parallel to `insts`: the source location of the SSA statement each comes from.
    pub srclocs: Vec<SrcLoc>,
    /// Parallel to `insts`: the SSA statement each comes from, if any (debug info).
    pub stmts: Vec<Option<crate::ssa::ir::Value>>,
    pub blocks: Vec<VBlock>,
    pub num_vregs: usize,
    /// Whether some virtual register is of the float class.
    pub has_floats: bool,
    /// Bytes of the frame's stack-slot area (`Stmt::StackSlot`s), addressed `rbp`-relative.
    pub slot_area: u32,
    /// Bytes at the bottom of the frame for stack arguments of runtime calls (`[rsp + 8k]`).
    pub outgoing_area: u32,
    /// The function's id in its module: a `TailCall` to it re-enters block 0.
    pub self_id: Option<crate::ssa::ir::FuncId>,
    /// With debug info: `(vreg, from, to, label)` — the vreg holds the SSA value numbered
    /// `label` over instructions `[from, to)` — sorted by vreg, for regalloc2's
    /// [`Output::debug_locations`]. They never change the allocation.
    pub debug_labels: Vec<(VReg, RaInst, RaInst, u32)>,
    operands: Vec<Operand>,
    operand_ranges: Vec<(u32, u32)>,
}

struct Collector<'a>(&'a mut Vec<Operand>);

impl OperandVisitor for Collector<'_> {
    fn use_reg(&mut self, r: &mut Reg) {
        self.0.push(Operand::reg_use(r.vreg()))
    }
    fn use_fixed(&mut self, r: &mut Reg, g: PReg) {
        self.0.push(Operand::reg_fixed_use(r.vreg(), g))
    }
    fn def_reg(&mut self, r: &mut Reg) {
        self.0.push(Operand::reg_def(r.vreg()))
    }
    fn def_fixed(&mut self, r: &mut Reg, g: PReg) {
        self.0.push(Operand::reg_fixed_def(r.vreg(), g))
    }
    fn def_reuse(&mut self, r: &mut Reg, idx: usize) {
        self.0.push(Operand::reg_reuse_def(r.vreg(), idx))
    }
    fn temp(&mut self, r: &mut Reg) {
        self.0.push(Operand::reg_temp(r.vreg()))
    }
}

/// Replaces each operand by its allocation, in visiting order.
pub struct Rewriter<'a> {
    pub allocs: &'a [Allocation],
    pub next: usize,
}

impl Rewriter<'_> {
    fn take(&mut self, r: &mut Reg) {
        let a = self.allocs[self.next];
        self.next += 1;
        let p = a
            .as_reg()
            .expect("every operand is constrained to a register");
        *r = Reg::from_preg(p);
    }
}

impl OperandVisitor for Rewriter<'_> {
    fn use_reg(&mut self, r: &mut Reg) {
        self.take(r)
    }
    fn use_fixed(&mut self, r: &mut Reg, _: PReg) {
        self.take(r)
    }
    fn def_reg(&mut self, r: &mut Reg) {
        self.take(r)
    }
    fn def_fixed(&mut self, r: &mut Reg, _: PReg) {
        self.take(r)
    }
    fn def_reuse(&mut self, r: &mut Reg, _: usize) {
        self.take(r)
    }
    fn temp(&mut self, r: &mut Reg) {
        self.take(r)
    }
}

impl VCode {
    /// Whether instruction `i` is a tail call to the function itself (a jump back to block 0).
    pub fn is_self_tail_call(&self, i: usize) -> bool {
        match &self.insts[i] {
            Inst::TailCall {
                target: CallTarget::Symbol(crate::backend::RelocTarget::Func(id)),
                ..
            } => Some(*id) == self.self_id,
            _ => false,
        }
    }

    /// Computes operands, successors and predecessors once the instructions are final.
    pub fn finalize(&mut self) {
        self.operands.clear();
        self.operand_ranges.clear();
        for inst in &mut self.insts {
            let start = self.operands.len() as u32;
            inst.visit_operands(&mut Collector(&mut self.operands));
            self.operand_ranges
                .push((start, self.operands.len() as u32));
        }
        for b in &mut self.blocks {
            b.preds.clear();
        }
        for i in 0..self.blocks.len() {
            let term = &self.insts[self.blocks[i].end as usize - 1];
            let succs: Vec<Block> = term
                .successors()
                .iter()
                .map(|b| Block::new(b.0 as usize))
                .collect();
            for s in &succs {
                self.blocks[s.index()].preds.push(Block::new(i));
            }
            debug_assert!(
                matches!(term, Inst::Jmp { .. })
                    || self.blocks[i].succ_args.iter().all(|a| a.is_empty()),
                "only jumps carry block arguments"
            );
            self.blocks[i].succ_args.resize(succs.len(), Vec::new());
            self.blocks[i].succs = succs;
        }
    }

    pub fn block_of(&self, b: MachBlock) -> &VBlock {
        &self.blocks[b.0 as usize]
    }

    /// A textual VCode listing (before allocation).
    pub fn print(&self) -> String {
        let mut s = String::new();
        for b in &self.blocks {
            let params: Vec<String> = b.params.iter().map(|v| format!("v{}", v.vreg())).collect();
            s.push_str(&format!("{}({}):\n", b.name, params.join(", ")));
            for inst in &self.insts[b.start as usize..b.end as usize] {
                s.push_str(&format!("    {inst}\n"));
            }
            for (succ, args) in b.succs.iter().zip(&b.succ_args) {
                if !args.is_empty() {
                    let a: Vec<String> = args.iter().map(|v| format!("v{}", v.vreg())).collect();
                    s.push_str(&format!(
                        "    ; to block{}: ({})\n",
                        succ.index(),
                        a.join(", ")
                    ));
                }
            }
        }
        s
    }
}

impl Function for VCode {
    fn num_insts(&self) -> usize {
        self.insts.len()
    }
    fn num_blocks(&self) -> usize {
        self.blocks.len()
    }
    fn entry_block(&self) -> Block {
        Block::new(0)
    }
    fn block_insns(&self, block: Block) -> InstRange {
        let b = &self.blocks[block.index()];
        InstRange::new(RaInst::new(b.start as usize), RaInst::new(b.end as usize))
    }
    fn block_succs(&self, block: Block) -> &[Block] {
        &self.blocks[block.index()].succs
    }
    fn block_preds(&self, block: Block) -> &[Block] {
        &self.blocks[block.index()].preds
    }
    fn block_params(&self, block: Block) -> &[VReg] {
        &self.blocks[block.index()].params
    }
    fn is_ret(&self, insn: RaInst) -> bool {
        self.insts[insn.index()].is_exit()
    }
    fn is_branch(&self, insn: RaInst) -> bool {
        let i = &self.insts[insn.index()];
        i.is_terminator() && !i.is_exit()
    }
    fn branch_blockparams(&self, block: Block, _insn: RaInst, succ_idx: usize) -> &[VReg] {
        &self.blocks[block.index()].succ_args[succ_idx]
    }
    fn inst_operands(&self, insn: RaInst) -> &[Operand] {
        let (s, e) = self.operand_ranges[insn.index()];
        &self.operands[s as usize..e as usize]
    }
    fn inst_clobbers(&self, insn: RaInst) -> PRegSet {
        match &self.insts[insn.index()] {
            Inst::Call {
                target: CallTarget::Symbol(RelocTarget::External(s)),
                ..
            } if abi::is_explicit_collection(s) => abi::collection_clobbers(),
            Inst::Call { ret, .. } if ret.is_float() => abi::float_call_clobbers(),
            Inst::Call { .. } => abi::call_clobbers(),
            _ => PRegSet::empty(),
        }
    }
    fn num_vregs(&self) -> usize {
        self.num_vregs
    }
    fn spillslot_size(&self, _: RegClass) -> usize {
        1
    }
    fn debug_value_labels(&self) -> &[(VReg, RaInst, RaInst, u32)] {
        &self.debug_labels
    }
}

/// Runs regalloc2 (Ion); with `verify`, validates SSA and checks the result symbolically.
pub fn allocate(vcode: &VCode, verify: bool) -> Result<Output, String> {
    allocate_with(vcode, verify, Algorithm::Ion)
}

/// [`allocate`] with regalloc2's `algorithm` (`-C backend-arg=regalloc_algorithm=...`).
pub fn allocate_with(vcode: &VCode, verify: bool, algorithm: Algorithm) -> Result<Output, String> {
    let env = abi::machine_env();
    let options = RegallocOptions {
        verbose_log: false,
        validate_ssa: verify,
        algorithm,
    };
    // The allocator's working memory is kept from one function to the next (per thread):
    // regalloc2 clears it, so the result is the same as with a fresh context, without
    // allocating and growing every table again for each function.
    thread_local! {
        static CTX: std::cell::RefCell<regalloc2::Ctx> = Default::default();
    }
    let out = CTX.with_borrow_mut(|ctx| {
        if let Err(e) = regalloc2::run_with_ctx(vcode, &env, &options, ctx) {
            return Err(format!("regalloc2: {e}"));
        }
        Ok(std::mem::take(&mut ctx.output))
    })?;
    if verify {
        let mut checker = regalloc2::checker::Checker::new(vcode, &env);
        checker.prepare(&out);
        checker
            .run()
            .map_err(|e| format!("regalloc2 checker: {e:?}"))?;
    }
    Ok(out)
}
