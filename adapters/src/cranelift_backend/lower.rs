//! SSA → CLIF, with `cranelift-frontend`.
//!
//! Takes one SSA [`Function`] (verified: blocks end in one terminator, phis lead their blocks,
//! definitions dominate uses) and gives a CLIF function with the same meaning, using the value
//! representation of ARCHITECTURE.md:
//!
//! - every `Val`/`Raw` SSA value is one `i64` CLIF value, every `F64` one `f64` (also as a
//!   parameter or result of the optimizer's workers: [`function_signature`]);
//! - one CLIF block per *reachable* SSA block, created up front; a block's phis become its block
//!   parameters, and every edge passes the phi values for its predecessor (`Phi.edges`/`values`);
//!   switch targets with phis get a trampoline block, as `Switch` jumps without arguments;
//! - a separate CLIF entry block holds the function parameters (`Param(i)`) and jumps to SSA
//!   block 0, so block 0 may be a loop header;
//! - blocks are lowered in reverse postorder, so an SSA value is lowered before its uses;
//! - module functions use Cranelift's `tail` calling convention (guaranteed tail calls with any
//!   number of arguments via `return_call`); runtime functions the platform C ABI.
//!
//! Symbols are CLIF user names: namespace [`FUNC_NAMESPACE`] indexes the module's functions,
//! [`DATA_NAMESPACE`] its data, [`RUNTIME_NAMESPACE`] the function's list of runtime symbols
//! ([`LoweredFunction::runtime_names`]). Source locations: each instruction carries the index of
//! the SSA statement it comes from as its `SourceLoc`. With debug info, every CLIF value an SSA
//! value lowers to carries the SSA value's index as its `ValueLabel`, so Cranelift reports where
//! each SSA value lives (regalloc2's debug locations); labels do not change the code.

use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::immediates::Ieee64;
use cranelift_codegen::ir::types::{F64, I64};
use cranelift_codegen::ir::{
    self, AbiParam, BlockArg, ExtFuncData, ExternalName, FuncRef, GlobalValue, GlobalValueData,
    InstBuilder, MemFlagsData, SigRef, Signature, SourceLoc, TrapCode, UserExternalName,
    UserFuncName, ValueLabel,
};
use cranelift_codegen::isa::{CallConv, TargetFrontendConfig};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Switch};
use egret_plugin::backend::BackendError;
use egret_plugin::ssa::ir::{
    c_float_arity, Abi, BinOp, Block, Callee, DataId, FBinOp, FUnOp, FuncId, Function, Module,
    Stmt, Type, UnOp, Value,
};
use std::collections::HashMap;

pub const FUNC_NAMESPACE: u32 = 0;
pub const DATA_NAMESPACE: u32 = 1;
pub const RUNTIME_NAMESPACE: u32 = 2;

/// The runtime's allocator, the slow path of inline allocation (see `runtime/egret_runtime.h`).
const ALLOC_SYMBOL: &str = "egret_alloc";
/// The runtime's bump pointer and limit for inline allocation.
const YOUNG_PTR_SYMBOL: &str = "egret_young_ptr";
const YOUNG_LIMIT_SYMBOL: &str = "egret_young_limit";
/// The largest block allocated inline (`EGRET_MAX_INLINE_WOSIZE`); larger ones call
/// `egret_alloc`.
const MAX_INLINE_WOSIZE: u64 = 64;

/// The runtime's helper that zeroes the callee-saved registers before an explicit collection.
const CLEAR_CALLEE_SAVED_SYMBOL: &str = "egret_clear_callee_saved";

/// The trap code of `Unreachable`.
const UNREACHABLE_TRAP: TrapCode = TrapCode::unwrap_user(1);

/// A CLIF function and the runtime symbols its `RUNTIME_NAMESPACE` names index.
pub struct LoweredFunction {
    pub func: ir::Function,
    pub runtime_names: Vec<&'static str>,
}

/// The signature of an egret function with `params` word parameters: `tail` calling convention,
/// one word result.
pub fn egret_signature(params: usize) -> Signature {
    word_signature(params, CallConv::Tail)
}

/// The signature of a module function: egret's (`tail`) or, for `Abi::C` functions the runtime
/// calls (a `try` body), the platform's.
/// An `F64` parameter or result (an optimizer's worker, `opt::unbox_calls`) is a CLIF `f64`.
pub fn function_signature(func: &Function) -> Signature {
    match func.abi {
        Abi::Egret => {
            let clif = |t: &Type| AbiParam::new(Lowering::clif_type(*t));
            let mut sig = Signature::new(CallConv::Tail);
            sig.params.extend(func.params.iter().map(clif));
            sig.returns.push(clif(&func.ret));
            sig
        }
        Abi::C => word_signature(func.params.len(), CallConv::SystemV),
    }
}

fn word_signature(params: usize, call_conv: CallConv) -> Signature {
    let mut sig = Signature::new(call_conv);
    sig.params.extend((0..params).map(|_| AbiParam::new(I64)));
    sig.returns.push(AbiParam::new(I64));
    sig
}

fn error(func: &Function, message: impl Into<String>) -> BackendError {
    BackendError {
        function: func.name.clone(),
        message: message.into(),
    }
}

/// Lowers function `id` of `module` to CLIF.
pub fn lower_function(
    module: &Module,
    id: FuncId,
    frontend: TargetFrontendConfig,
) -> Result<LoweredFunction, BackendError> {
    lower_function_with_labels(module, id, frontend, false)
}

/// [`lower_function`]; with `value_labels`, each CLIF value of an SSA value `v` is labelled
/// `ValueLabel::from_u32(v.0)` (debug info).
pub fn lower_function_with_labels(
    module: &Module,
    id: FuncId,
    frontend: TargetFrontendConfig,
    value_labels: bool,
) -> Result<LoweredFunction, BackendError> {
    let func = &module.functions[id.index()];
    let mut clif = ir::Function::with_name_signature(
        UserFuncName::user(FUNC_NAMESPACE, id.0),
        function_signature(func),
    );
    let mut context = FunctionBuilderContext::new();
    let mut builder = FunctionBuilder::new(&mut clif, &mut context);
    if value_labels {
        builder.func.dfg.collect_debug_info();
    }
    let entry = builder.create_block();
    let mut lowering = Lowering {
        value_labels,
        module,
        func,
        builder,
        entry,
        values: vec![None; func.stmts.len()],
        blocks: vec![None; func.blocks.len()],
        func_refs: HashMap::new(),
        runtime_refs: HashMap::new(),
        runtime_names: Vec::new(),
        data_values: HashMap::new(),
        runtime_data: HashMap::new(),
        indirect_sigs: HashMap::new(),
    };
    lowering.lower()?;
    let runtime_names = lowering.runtime_names;
    lowering.builder.finalize(frontend);
    Ok(LoweredFunction {
        func: clif,
        runtime_names,
    })
}

/// The C-ABI `egret_main` the runtime calls: calls the module's entry `entry` (tail calling
/// convention, no parameters) and returns.
pub fn lower_entry_wrapper(entry: FuncId, frontend: TargetFrontendConfig) -> ir::Function {
    let mut clif = ir::Function::with_name_signature(
        UserFuncName::testcase("egret_main"),
        Signature::new(CallConv::SystemV),
    );
    let mut context = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut clif, &mut context);
    let block = b.create_block();
    b.switch_to_block(block);
    let sig = b.import_signature(egret_signature(0));
    let name = b
        .func
        .declare_imported_user_function(UserExternalName::new(FUNC_NAMESPACE, entry.0));
    let callee = b.import_function(ExtFuncData {
        name: ExternalName::user(name),
        signature: sig,
        colocated: true,
        patchable: false,
    });
    b.ins().call(callee, &[]);
    b.ins().return_(&[]);
    b.seal_all_blocks();
    b.finalize(frontend);
    clif
}

struct Lowering<'a, 'f> {
    /// Label CLIF values with their SSA values (debug info).
    value_labels: bool,
    module: &'a Module,
    func: &'a Function,
    builder: FunctionBuilder<'f>,
    /// The CLIF entry block, holding the function's parameters.
    entry: ir::Block,
    /// The CLIF value of each SSA value lowered so far.
    values: Vec<Option<ir::Value>>,
    /// The CLIF block of each reachable SSA block.
    blocks: Vec<Option<ir::Block>>,
    func_refs: HashMap<FuncId, FuncRef>,
    runtime_refs: HashMap<&'static str, (FuncRef, usize)>,
    runtime_names: Vec<&'static str>,
    data_values: HashMap<DataId, GlobalValue>,
    runtime_data: HashMap<&'static str, GlobalValue>,
    indirect_sigs: HashMap<usize, SigRef>,
}

impl Lowering<'_, '_> {
    fn lower(&mut self) -> Result<(), BackendError> {
        let order = reverse_postorder(self.func);
        let entry = self.entry;
        self.builder.append_block_params_for_function_params(entry);
        for &b in &order {
            let block = self.builder.create_block();
            self.blocks[b.index()] = Some(block);
            for (v, stmt) in self.func.block_stmts(b) {
                let Stmt::Phi { ty, .. } = stmt else { break };
                self.check_type(*ty)?;
                let param = self.builder.append_block_param(block, Self::clif_type(*ty));
                self.values[v.index()] = Some(param);
                if self.value_labels {
                    self.builder.set_val_label(param, ValueLabel::from_u32(v.0));
                }
            }
        }
        let first = self.blocks[0].ok_or_else(|| error(self.func, "function has no blocks"))?;
        if self.builder.func.dfg.num_block_params(first) != 0 {
            return Err(error(self.func, "the entry block has phis"));
        }

        self.builder.switch_to_block(entry);
        if self.value_labels {
            // Label the parameters in the entry block, so their locations start at the entry.
            let params = self.builder.block_params(entry).to_vec();
            for (v, stmt) in self.func.stmts.iter().enumerate() {
                if let Stmt::Param(i, _) = stmt {
                    if let Some(&param) = params.get(*i as usize) {
                        self.builder
                            .set_val_label(param, ValueLabel::from_u32(v as u32));
                    }
                }
            }
        }
        self.builder.ins().jump(first, &[]);
        for &b in &order {
            self.builder
                .switch_to_block(self.blocks[b.index()].unwrap());
            self.lower_block(b)?;
        }
        self.builder.seal_all_blocks();
        Ok(())
    }

    fn check_type(&self, ty: Type) -> Result<(), BackendError> {
        match ty {
            Type::Val | Type::Raw | Type::F64 => Ok(()),
        }
    }

    /// The CLIF type of an SSA type.
    fn clif_type(ty: Type) -> ir::Type {
        match ty {
            Type::Val | Type::Raw => I64,
            Type::F64 => F64,
        }
    }

    fn value(&self, v: Value) -> Result<ir::Value, BackendError> {
        self.values
            .get(v.index())
            .copied()
            .flatten()
            .ok_or_else(|| error(self.func, format!("{v} is used before it is defined")))
    }

    /// `base + 4 * index` for an array element numbered by the OCaml int `index` (`2i + 1`);
    /// the access adds the displacement -4.
    fn element_address(&mut self, base: Value, index: Value) -> Result<ir::Value, BackendError> {
        let (base, index) = (self.value(base)?, self.value(index)?);
        let scaled = self.builder.ins().ishl_imm_u(index, 2);
        Ok(self.builder.ins().iadd(base, scaled))
    }

    /// `base + i` for the byte at the OCaml int offset `index` (`2i + 1`).
    fn byte_address(&mut self, base: Value, index: Value) -> Result<ir::Value, BackendError> {
        let (base, index) = (self.value(base)?, self.value(index)?);
        let offset = self.builder.ins().sshr_imm_s(index, 1);
        Ok(self.builder.ins().iadd(base, offset))
    }

    fn values(&self, vs: &[Value]) -> Result<Vec<ir::Value>, BackendError> {
        vs.iter().map(|&v| self.value(v)).collect()
    }

    fn lower_block(&mut self, b: Block) -> Result<(), BackendError> {
        for (v, stmt) in self.func.block_stmts(b) {
            self.builder.set_srcloc(SourceLoc::new(v.0));
            if let Some(result) = self.lower_stmt(b, stmt)? {
                self.check_type(self.func.ty(v))?;
                self.values[v.index()] = Some(result);
                if self.value_labels {
                    self.builder
                        .set_val_label(result, ValueLabel::from_u32(v.0));
                }
            }
        }
        Ok(())
    }

    /// Lowers one statement; returns the CLIF value it defines, if any.
    fn lower_stmt(&mut self, b: Block, stmt: &Stmt) -> Result<Option<ir::Value>, BackendError> {
        let value = match stmt {
            Stmt::Nop | Stmt::Phi { .. } => return Ok(None),
            Stmt::Param(i, ty) => {
                self.check_type(*ty)?;
                let params = self.builder.block_params(self.entry);
                *params
                    .get(*i as usize)
                    .ok_or_else(|| error(self.func, format!("no parameter {i}")))?
            }
            Stmt::Const(n) => self.builder.ins().iconst(I64, n.wrapping_shl(1) | 1),
            Stmt::RawConst(n) => self.builder.ins().iconst(I64, *n),
            Stmt::DataAddr(d) => {
                let gv = self.data_value(*d)?;
                self.builder.ins().symbol_value(I64, gv)
            }
            Stmt::FuncAddr(f) => {
                let fref = self.func_ref(*f)?;
                self.builder.ins().func_addr(I64, fref)
            }
            Stmt::StackSlot { words } => {
                let slot = self.builder.create_sized_stack_slot(ir::StackSlotData::new(
                    ir::StackSlotKind::ExplicitSlot,
                    words * 8,
                    3,
                ));
                self.builder.ins().stack_addr(I64, slot, 0)
            }
            Stmt::Unary(op, a) => {
                let a = self.value(*a)?;
                self.unary(*op, a)
            }
            Stmt::Binary(op, a, c) => {
                let (a, c) = (self.value(*a)?, self.value(*c)?);
                self.binary(*op, a, c)
            }
            Stmt::FConst(bits) => self.builder.ins().f64const(Ieee64::with_bits(*bits)),
            Stmt::FUnary(op, a) => {
                let a = self.value(*a)?;
                self.float_unary(*op, a)
            }
            Stmt::FBinary(op, a, c) => {
                let (a, c) = (self.value(*a)?, self.value(*c)?);
                self.float_binary(*op, a, c)
            }
            Stmt::Alloc {
                tag,
                fields,
                raw_prefix: _,
            } => {
                let fields = self.values(fields)?;
                let block = self.alloc(fields.len() as u64, *tag)?;
                for (i, field) in fields.into_iter().enumerate() {
                    self.builder
                        .ins()
                        .store(MemFlagsData::trusted(), field, block, 8 * i as i32);
                }
                block
            }
            Stmt::Load { base, index, ty } => {
                self.check_type(*ty)?;
                let base = self.value(*base)?;
                self.builder.ins().load(
                    Self::clif_type(*ty),
                    MemFlagsData::trusted(),
                    base,
                    field_offset(*index),
                )
            }
            Stmt::Store { base, index, value } => {
                let (base, value) = (self.value(*base)?, self.value(*value)?);
                self.builder.ins().store(
                    MemFlagsData::trusted(),
                    value,
                    base,
                    field_offset(*index),
                );
                return Ok(None);
            }
            Stmt::LoadIdx { base, index, ty } => {
                self.check_type(*ty)?;
                let addr = self.element_address(*base, *index)?;
                self.builder
                    .ins()
                    .load(Self::clif_type(*ty), MemFlagsData::trusted(), addr, -4)
            }
            Stmt::StoreIdx { base, index, value } => {
                let addr = self.element_address(*base, *index)?;
                let value = self.value(*value)?;
                self.builder
                    .ins()
                    .store(MemFlagsData::trusted(), value, addr, -4);
                return Ok(None);
            }
            Stmt::LoadByte { base, index } => {
                let addr = self.byte_address(*base, *index)?;
                let byte = self
                    .builder
                    .ins()
                    .uload8(I64, MemFlagsData::trusted(), addr, 0);
                let twice = self.builder.ins().ishl_imm_u(byte, 1);
                self.builder.ins().bor_imm_s(twice, 1)
            }
            Stmt::StoreByte { base, index, value } => {
                let addr = self.byte_address(*base, *index)?;
                let value = self.value(*value)?;
                let byte = self.builder.ins().sshr_imm_s(value, 1);
                self.builder
                    .ins()
                    .istore8(MemFlagsData::trusted(), byte, addr, 0);
                return Ok(None);
            }
            Stmt::Call { callee, args, ret } => {
                self.check_type(*ret)?;
                let args = self.values(args)?;
                self.call(callee, &args)?
            }
            Stmt::Pi { value, .. } => self.value(*value)?,

            Stmt::Jump(target) => {
                let args = self.edge_args(b, *target)?;
                let target = self.block(*target)?;
                self.builder.ins().jump(target, &args);
                return Ok(None);
            }
            Stmt::Branch { cond, then, els } => {
                let is_true = self.branch_condition(*cond)?;
                let then_args = self.edge_args(b, *then)?;
                let els_args = self.edge_args(b, *els)?;
                let (then, els) = (self.block(*then)?, self.block(*els)?);
                self.builder
                    .ins()
                    .brif(is_true, then, &then_args, els, &els_args);
                return Ok(None);
            }
            Stmt::Switch {
                value,
                targets,
                default,
            } => {
                let value = self.value(*value)?;
                self.switch(b, value, targets, *default)?;
                return Ok(None);
            }
            Stmt::Return(value) => {
                let value = self.value(*value)?;
                self.builder.ins().return_(&[value]);
                return Ok(None);
            }
            Stmt::TailCall { callee, args } => {
                let args = self.values(args)?;
                self.tail_call(callee, &args)?;
                return Ok(None);
            }
            Stmt::Unreachable => {
                self.builder.ins().trap(UNREACHABLE_TRAP);
                return Ok(None);
            }
        };
        Ok(Some(value))
    }

    fn block(&self, b: Block) -> Result<ir::Block, BackendError> {
        self.blocks
            .get(b.index())
            .copied()
            .flatten()
            .ok_or_else(|| error(self.func, format!("jump to unknown block {b}")))
    }

    /// The arguments of the edge `from → to`: the value of each phi of `to` for `from`.
    fn edge_args(&self, from: Block, to: Block) -> Result<Vec<BlockArg>, BackendError> {
        let mut args = Vec::new();
        for (_, stmt) in self.func.block_stmts(to) {
            let Stmt::Phi { edges, values, .. } = stmt else {
                break;
            };
            let i = edges.iter().position(|&e| e == from).ok_or_else(|| {
                error(
                    self.func,
                    format!("a phi of {to} has no value for edge {from}"),
                )
            })?;
            args.push(BlockArg::Value(self.value(values[i])?));
        }
        Ok(args)
    }

    /// `Switch`: a jump table on the untagged int; targets with phis go through a trampoline.
    fn switch(
        &mut self,
        from: Block,
        value: ir::Value,
        targets: &[Block],
        default: Block,
    ) -> Result<(), BackendError> {
        let mut trampolines: HashMap<Block, ir::Block> = HashMap::new();
        let mut pending = Vec::new();
        let mut destination = |this: &mut Self, target: Block| -> Result<ir::Block, BackendError> {
            let args = this.edge_args(from, target)?;
            if args.is_empty() {
                return this.block(target);
            }
            if let Some(&t) = trampolines.get(&target) {
                return Ok(t);
            }
            let t = this.builder.create_block();
            trampolines.insert(target, t);
            pending.push((t, this.block(target)?, args));
            Ok(t)
        };
        let mut switch = Switch::new();
        for (n, &target) in targets.iter().enumerate() {
            let dest = destination(self, target)?;
            switch.set_entry(n as u128, dest);
        }
        let otherwise = destination(self, default)?;
        let untagged = self.builder.ins().sshr_imm_s(value, 1);
        switch.emit(&mut self.builder, untagged, otherwise);
        for (trampoline, target, args) in pending {
            self.builder.switch_to_block(trampoline);
            self.builder.ins().jump(target, &args);
        }
        Ok(())
    }

    fn unary(&mut self, op: UnOp, a: ir::Value) -> ir::Value {
        let b = &mut self.builder;
        match op {
            // -n is the word 2 - (2n + 1) = 2(-n) + 1.
            UnOp::Neg => {
                let two = b.ins().iconst(I64, 2);
                b.ins().isub(two, a)
            }
            UnOp::Not => b.ins().bxor_imm_s(a, 2),
            UnOp::IsInt => {
                let bit = b.ins().band_imm_s(a, 1);
                tag_int(b, bit)
            }
            UnOp::BlockTag => {
                let tag = b.ins().uload8(I64, MemFlagsData::trusted(), a, -8);
                tag_int(b, tag)
            }
            UnOp::BlockSize => {
                let header = b.ins().load(I64, MemFlagsData::trusted(), a, -8);
                let size = b.ins().ushr_imm_s(header, 10);
                tag_int(b, size)
            }
        }
    }

    fn float_unary(&mut self, op: FUnOp, a: ir::Value) -> ir::Value {
        let b = &mut self.builder;
        match op {
            FUnOp::Neg => b.ins().fneg(a),
            FUnOp::Abs => b.ins().fabs(a),
            FUnOp::Sqrt => b.ins().sqrt(a),
            FUnOp::OfInt => {
                let n = b.ins().sshr_imm_s(a, 1);
                b.ins().fcvt_from_sint(F64, n)
            }
            // x86-64's cvttsd2si: out of range or nan gives min_int's bits (Cranelift's
            // conversion traps there, its saturating one clamps).
            FUnOp::ToInt => {
                let lo = b
                    .ins()
                    .f64const(Ieee64::with_float(-9.223_372_036_854_776e18));
                let hi = b
                    .ins()
                    .f64const(Ieee64::with_float(9.223_372_036_854_776e18));
                let ge = b.ins().fcmp(FloatCC::GreaterThanOrEqual, a, lo);
                let lt = b.ins().fcmp(FloatCC::LessThan, a, hi);
                let in_range = b.ins().band(ge, lt);
                let n = b.ins().fcvt_to_sint_sat(I64, a);
                let min = b.ins().iconst(I64, i64::MIN);
                let n = b.ins().select(in_range, n, min);
                tag_int(b, n)
            }
        }
    }

    /// The CLIF flag a `Branch` on `cond` tests: a comparison's own `icmp`/`fcmp` on its
    /// operands (Cranelift fuses it into the branch; the tagged bool, if nothing else uses it,
    /// is dead code), else `cond` against OCaml's false (true is the word 3, false the word 1).
    fn branch_condition(&mut self, cond: Value) -> Result<ir::Value, BackendError> {
        let int_cc = |op: BinOp| match op {
            BinOp::Eq | BinOp::PhysEq => Some(IntCC::Equal),
            BinOp::Ne | BinOp::PhysNe => Some(IntCC::NotEqual),
            BinOp::Lt => Some(IntCC::SignedLessThan),
            BinOp::Le => Some(IntCC::SignedLessThanOrEqual),
            BinOp::Gt => Some(IntCC::SignedGreaterThan),
            BinOp::Ge => Some(IntCC::SignedGreaterThanOrEqual),
            BinOp::Ult => Some(IntCC::UnsignedLessThan),
            _ => None,
        };
        let float_cc = |op: FBinOp| match op {
            FBinOp::Eq => Some(FloatCC::Equal),
            FBinOp::Ne => Some(FloatCC::NotEqual),
            FBinOp::Lt => Some(FloatCC::LessThan),
            FBinOp::Le => Some(FloatCC::LessThanOrEqual),
            FBinOp::Gt => Some(FloatCC::GreaterThan),
            FBinOp::Ge => Some(FloatCC::GreaterThanOrEqual),
            _ => None,
        };
        match self.func.stmts.get(cond.index()) {
            Some(&Stmt::Binary(op, a, c)) if int_cc(op).is_some() => {
                let (a, c) = (self.value(a)?, self.value(c)?);
                Ok(self.builder.ins().icmp(int_cc(op).unwrap(), a, c))
            }
            Some(&Stmt::FBinary(op, a, c)) if float_cc(op).is_some() => {
                let (a, c) = (self.value(a)?, self.value(c)?);
                Ok(self.builder.ins().fcmp(float_cc(op).unwrap(), a, c))
            }
            _ => {
                let cond = self.value(cond)?;
                Ok(self.builder.ins().icmp_imm_s(IntCC::NotEqual, cond, 1))
            }
        }
    }

    fn float_binary(&mut self, op: FBinOp, a: ir::Value, c: ir::Value) -> ir::Value {
        let b = &mut self.builder;
        let cc = match op {
            FBinOp::Add => return b.ins().fadd(a, c),
            FBinOp::Sub => return b.ins().fsub(a, c),
            FBinOp::Mul => return b.ins().fmul(a, c),
            FBinOp::Div => return b.ins().fdiv(a, c),
            FBinOp::Eq => FloatCC::Equal,
            FBinOp::Ne => FloatCC::NotEqual,
            FBinOp::Lt => FloatCC::LessThan,
            FBinOp::Le => FloatCC::LessThanOrEqual,
            FBinOp::Gt => FloatCC::GreaterThan,
            FBinOp::Ge => FloatCC::GreaterThanOrEqual,
        };
        let flag = b.ins().fcmp(cc, a, c);
        let flag = b.ins().uextend(I64, flag);
        tag_int(b, flag)
    }

    fn binary(&mut self, op: BinOp, a: ir::Value, c: ir::Value) -> ir::Value {
        let b = &mut self.builder;
        match op {
            // (2x+1) + (2y+1) - 1 = 2(x+y) + 1
            BinOp::Add => {
                let sum = b.ins().iadd(a, c);
                b.ins().iadd_imm_s(sum, -1)
            }
            // (2x+1) - (2y+1) + 1 = 2(x-y) + 1
            BinOp::Sub => {
                let diff = b.ins().isub(a, c);
                b.ins().iadd_imm_s(diff, 1)
            }
            // x * 2y + 1
            BinOp::Mul => {
                let x = b.ins().iadd_imm_s(a, -1);
                let x = b.ins().sshr_imm_s(x, 1);
                let y2 = b.ins().iadd_imm_s(c, -1);
                let product = b.ins().imul(x, y2);
                b.ins().iadd_imm_s(product, 1)
            }
            // On untagged 63-bit ints neither can overflow i64 (min_int / -1 = 2^62 fits), and
            // retagging wraps 2^62 to min_int as OCaml does.
            BinOp::Div | BinOp::Mod => {
                let x = b.ins().sshr_imm_s(a, 1);
                let y = b.ins().sshr_imm_s(c, 1);
                let r = if op == BinOp::Div {
                    b.ins().sdiv(x, y)
                } else {
                    b.ins().srem(x, y)
                };
                tag_int(b, r)
            }
            BinOp::And => b.ins().band(a, c),
            BinOp::Or => b.ins().bor(a, c),
            BinOp::Xor => {
                let x = b.ins().bxor(a, c);
                b.ins().bor_imm_s(x, 1)
            }
            BinOp::Lsl | BinOp::Lsr | BinOp::Asr => {
                let count = b.ins().sshr_imm_s(c, 1);
                let count = b.ins().band_imm_s(count, 63);
                match op {
                    BinOp::Lsl => {
                        let x = b.ins().iadd_imm_s(a, -1);
                        let shifted = b.ins().ishl(x, count);
                        b.ins().iadd_imm_s(shifted, 1)
                    }
                    BinOp::Lsr => {
                        let shifted = b.ins().ushr(a, count);
                        b.ins().bor_imm_s(shifted, 1)
                    }
                    _ => {
                        let shifted = b.ins().sshr(a, count);
                        b.ins().bor_imm_s(shifted, 1)
                    }
                }
            }
            BinOp::Eq | BinOp::PhysEq => compare(b, IntCC::Equal, a, c),
            BinOp::Ne | BinOp::PhysNe => compare(b, IntCC::NotEqual, a, c),
            BinOp::Lt => compare(b, IntCC::SignedLessThan, a, c),
            BinOp::Le => compare(b, IntCC::SignedLessThanOrEqual, a, c),
            BinOp::Gt => compare(b, IntCC::SignedGreaterThan, a, c),
            BinOp::Ge => compare(b, IntCC::SignedGreaterThanOrEqual, a, c),
            BinOp::Ult => compare(b, IntCC::UnsignedLessThan, a, c),
        }
    }

    fn func_ref(&mut self, f: FuncId) -> Result<FuncRef, BackendError> {
        if let Some(&r) = self.func_refs.get(&f) {
            return Ok(r);
        }
        let callee = self
            .module
            .functions
            .get(f.index())
            .ok_or_else(|| error(self.func, format!("no function {}", f.0)))?;
        let sig = self.builder.import_signature(function_signature(callee));
        let name = self
            .builder
            .func
            .declare_imported_user_function(UserExternalName::new(FUNC_NAMESPACE, f.0));
        let r = self.builder.import_function(ExtFuncData {
            name: ExternalName::user(name),
            signature: sig,
            colocated: true,
            patchable: false,
        });
        self.func_refs.insert(f, r);
        Ok(r)
    }

    fn runtime_ref(&mut self, symbol: &'static str, arity: usize) -> Result<FuncRef, BackendError> {
        if let Some(&(r, known)) = self.runtime_refs.get(symbol) {
            if known != arity {
                return Err(error(
                    self.func,
                    format!("runtime function {symbol} called with {arity} and {known} arguments"),
                ));
            }
            return Ok(r);
        }
        // The C library's functions of doubles take and return `f64`s; the runtime's words.
        let sig = match c_float_arity(symbol) {
            Some(_) => {
                let mut sig = Signature::new(CallConv::SystemV);
                sig.params.extend((0..arity).map(|_| AbiParam::new(F64)));
                sig.returns.push(AbiParam::new(F64));
                sig
            }
            None => word_signature(arity, CallConv::SystemV),
        };
        let sig = self.builder.import_signature(sig);
        let index = self.runtime_names.len() as u32;
        self.runtime_names.push(symbol);
        let name = self
            .builder
            .func
            .declare_imported_user_function(UserExternalName::new(RUNTIME_NAMESPACE, index));
        let r = self.builder.import_function(ExtFuncData {
            name: ExternalName::user(name),
            signature: sig,
            colocated: false,
            patchable: false,
        });
        self.runtime_refs.insert(symbol, (r, arity));
        Ok(r)
    }

    fn data_value(&mut self, d: DataId) -> Result<GlobalValue, BackendError> {
        if let Some(&gv) = self.data_values.get(&d) {
            return Ok(gv);
        }
        if d.index() >= self.module.data.len() {
            return Err(error(self.func, format!("no data object {}", d.0)));
        }
        let name = self
            .builder
            .func
            .declare_imported_user_function(UserExternalName::new(DATA_NAMESPACE, d.0));
        // A data address points at the first field, after the header word.
        let gv = self.builder.create_global_value(GlobalValueData::Symbol {
            name: ExternalName::user(name),
            offset: 8.into(),
            colocated: true,
            tls: false,
        });
        self.data_values.insert(d, gv);
        Ok(gv)
    }

    fn indirect_sig(&mut self, arity: usize) -> SigRef {
        if let Some(&s) = self.indirect_sigs.get(&arity) {
            return s;
        }
        let s = self.builder.import_signature(egret_signature(arity));
        self.indirect_sigs.insert(arity, s);
        s
    }

    /// The address of the runtime's data symbol `symbol` (through the GOT when PIC).
    fn runtime_data(&mut self, symbol: &'static str) -> ir::Value {
        let gv = match self.runtime_data.get(symbol) {
            Some(&gv) => gv,
            None => {
                let index = self.runtime_names.len() as u32;
                self.runtime_names.push(symbol);
                let name = self
                    .builder
                    .func
                    .declare_imported_user_function(UserExternalName::new(
                        RUNTIME_NAMESPACE,
                        index,
                    ));
                let gv = self.builder.create_global_value(GlobalValueData::Symbol {
                    name: ExternalName::user(name),
                    offset: 0.into(),
                    colocated: false,
                    tls: false,
                });
                self.runtime_data.insert(symbol, gv);
                gv
            }
        };
        self.builder.ins().symbol_value(I64, gv)
    }

    /// A fresh block of `wosize` fields with header tag `tag`, fields uninitialised: the inline
    /// allocation protocol of `runtime/egret_runtime.h` (bump `egret_young_ptr` up to
    /// `egret_young_limit`, else call `egret_alloc`). Leaves the builder in the join block.
    /// A block of no fields always calls `egret_alloc`, which returns the static atom of its tag
    /// (no wosize-0 block is ever in the heap: ARCHITECTURE.md, "The garbage collector").
    fn alloc(&mut self, wosize: u64, tag: u8) -> Result<ir::Value, BackendError> {
        if wosize == 0 || wosize > MAX_INLINE_WOSIZE {
            let wosize = self.builder.ins().iconst(I64, wosize as i64);
            let tag = self.builder.ins().iconst(I64, i64::from(tag));
            return self.call_runtime(ALLOC_SYMBOL, &[wosize, tag]);
        }
        let flags = MemFlagsData::trusted();
        let ptr_addr = self.runtime_data(YOUNG_PTR_SYMBOL);
        let limit_addr = self.runtime_data(YOUNG_LIMIT_SYMBOL);
        let p = self.builder.ins().load(I64, flags, ptr_addr, 0);
        let limit = self.builder.ins().load(I64, flags, limit_addr, 0);
        let q = self.builder.ins().iadd_imm_s(p, 8 * (wosize as i64 + 1));
        let fits = self
            .builder
            .ins()
            .icmp(IntCC::UnsignedLessThanOrEqual, q, limit);
        let fast = self.builder.create_block();
        let slow = self.builder.create_block();
        let join = self.builder.create_block();
        let result = self.builder.append_block_param(join, I64);
        self.builder.ins().brif(fits, fast, &[], slow, &[]);
        self.builder.set_cold_block(slow);

        self.builder.switch_to_block(fast);
        self.builder.ins().store(flags, q, ptr_addr, 0);
        let header = self
            .builder
            .ins()
            .iconst(I64, ((wosize << 10) | u64::from(tag)) as i64);
        self.builder.ins().store(flags, header, p, 0);
        let block = self.builder.ins().iadd_imm_s(p, 8);
        self.builder.ins().jump(join, &[BlockArg::Value(block)]);

        self.builder.switch_to_block(slow);
        let wosize = self.builder.ins().iconst(I64, wosize as i64);
        let tag = self.builder.ins().iconst(I64, i64::from(tag));
        let block = self.call_runtime(ALLOC_SYMBOL, &[wosize, tag])?;
        self.builder.ins().jump(join, &[BlockArg::Value(block)]);

        self.builder.switch_to_block(join);
        Ok(result)
    }

    fn call_runtime(
        &mut self,
        symbol: &'static str,
        args: &[ir::Value],
    ) -> Result<ir::Value, BackendError> {
        if egret_plugin::backend::is_explicit_collection(symbol) {
            let clear = self.clear_callee_saved_ref();
            self.builder.ins().call(clear, &[]);
        }
        let r = self.runtime_ref(symbol, args.len())?;
        let call = self.builder.ins().call(r, args);
        Ok(self.builder.inst_results(call)[0])
    }

    /// The runtime's `egret_clear_callee_saved`, called before an explicit collection
    /// ([`egret_plugin::backend::is_explicit_collection`]) with Cranelift's `winch` convention,
    /// which preserves no register: no value lives in a callee-saved register across the call
    /// (the prologue saves the caller's), so the zeroed ones held only dead values, which the
    /// collector would take for roots.
    fn clear_callee_saved_ref(&mut self) -> FuncRef {
        if let Some(&(r, _)) = self.runtime_refs.get(CLEAR_CALLEE_SAVED_SYMBOL) {
            return r;
        }
        let sig = self
            .builder
            .import_signature(Signature::new(CallConv::Winch));
        let index = self.runtime_names.len() as u32;
        self.runtime_names.push(CLEAR_CALLEE_SAVED_SYMBOL);
        let name = self
            .builder
            .func
            .declare_imported_user_function(UserExternalName::new(RUNTIME_NAMESPACE, index));
        let r = self.builder.import_function(ExtFuncData {
            name: ExternalName::user(name),
            signature: sig,
            colocated: false,
            patchable: false,
        });
        self.runtime_refs.insert(CLEAR_CALLEE_SAVED_SYMBOL, (r, 0));
        r
    }

    fn call(&mut self, callee: &Callee, args: &[ir::Value]) -> Result<ir::Value, BackendError> {
        let call = match callee {
            Callee::Direct(f) => {
                let r = self.func_ref(*f)?;
                self.builder.ins().call(r, args)
            }
            Callee::Indirect(code) => {
                let code = self.value(*code)?;
                let sig = self.indirect_sig(args.len());
                self.builder.ins().call_indirect(sig, code, args)
            }
            Callee::Runtime(symbol) => return self.call_runtime(symbol, args),
        };
        Ok(self.builder.inst_results(call)[0])
    }

    fn tail_call(&mut self, callee: &Callee, args: &[ir::Value]) -> Result<(), BackendError> {
        match callee {
            Callee::Direct(f) => {
                let r = self.func_ref(*f)?;
                self.builder.ins().return_call(r, args);
            }
            Callee::Indirect(code) => {
                let code = self.value(*code)?;
                let sig = self.indirect_sig(args.len());
                self.builder.ins().return_call_indirect(sig, code, args);
            }
            // A C function cannot be tail-called from the tail convention; its frame is
            // bounded, so an ordinary call is as good.
            Callee::Runtime(symbol) => {
                let result = self.call_runtime(symbol, args)?;
                self.builder.ins().return_(&[result]);
            }
        }
        Ok(())
    }
}

/// The word `2x + 1` for the machine integer `x`.
fn tag_int(b: &mut FunctionBuilder, x: ir::Value) -> ir::Value {
    let doubled = b.ins().ishl_imm_s(x, 1);
    b.ins().bor_imm_s(doubled, 1)
}

/// An OCaml bool (word 1 or 3) from a comparison of two words.
fn compare(b: &mut FunctionBuilder, cc: IntCC, x: ir::Value, y: ir::Value) -> ir::Value {
    let flag = b.ins().icmp(cc, x, y);
    let flag = b.ins().uextend(I64, flag);
    tag_int(b, flag)
}

fn field_offset(index: u32) -> i32 {
    (index as i32).wrapping_mul(8)
}

/// The blocks reachable from the entry, in reverse postorder.
fn reverse_postorder(func: &Function) -> Vec<Block> {
    if func.blocks.is_empty() {
        return Vec::new();
    }
    let mut visited = vec![false; func.blocks.len()];
    let mut postorder = Vec::with_capacity(func.blocks.len());
    // (block, its successors, next successor to visit)
    let mut stack: Vec<(Block, Vec<Block>, usize)> = Vec::new();
    visited[0] = true;
    stack.push((Block(0), func.successors(Block(0)), 0));
    while let Some((block, successors, next)) = stack.last_mut() {
        if let Some(&s) = successors.get(*next) {
            *next += 1;
            if s.index() < visited.len() && !visited[s.index()] {
                visited[s.index()] = true;
                let succ = func.successors(s);
                stack.push((s, succ, 0));
            }
        } else {
            postorder.push(*block);
            stack.pop();
        }
    }
    postorder.reverse();
    postorder
}
