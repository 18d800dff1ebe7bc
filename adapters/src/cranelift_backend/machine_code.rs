//! Cranelift's compiled code → plugin [`CompiledFunction`]: bytes, relocations, source ranges
//! and call-frame information, in the same form egret's own backend produces, so one object
//! writer and one `.eh_frame` writer serve both.
//!
//! CFI comes from the buffer's `UnwindInst`s, translated as Cranelift's own System V unwind
//! builder does (`isa/unwind/systemv.rs`): frame-register push, new frame on the frame pointer,
//! callee-saved register saves. Like Cranelift's, it describes the prologue only: inside an
//! epilogue (after the frame pointer is popped) the rules are stale, which matters to
//! asynchronous unwinders only — every call site is described exactly.

use super::lower::{DATA_NAMESPACE, FUNC_NAMESPACE, RUNTIME_NAMESPACE};
use cranelift_codegen::binemit::Reloc as ClifReloc;
use cranelift_codegen::ir::{self, ExternalName};
use cranelift_codegen::isa::unwind::UnwindInst;
use cranelift_codegen::isa::TargetIsa;
use cranelift_codegen::LabelValueLoc;
use cranelift_codegen::{CompiledCode, FinalizedRelocTarget, Reg};
use egret_plugin::backend::{
    CfiOp, CompiledFunction, FunctionDebugInfo, FunctionStats, Reloc, RelocKind, RelocTarget,
    ValueLocation,
};
use egret_plugin::ssa::ir::{DataId, FuncId, Function, Stmt, Value};
use target_lexicon::Architecture;

/// Converts `code`, compiled from `clif` (which lowered `func`; `runtime_names` resolves its
/// runtime symbols).
pub fn compiled_function(
    isa: &dyn TargetIsa,
    func: &Function,
    clif: &ir::Function,
    runtime_names: &[&'static str],
    code: &CompiledCode,
) -> Result<CompiledFunction, String> {
    let buffer = &code.buffer;
    let relocs = buffer
        .relocs()
        .iter()
        .map(|r| {
            let ExternalName::User(name) = &r.target_name_or_label()? else {
                return Err(format!("unexpected relocation target {:?}", r.target));
            };
            let name = &clif.params.user_named_funcs()[*name];
            let target = match name.namespace {
                FUNC_NAMESPACE => RelocTarget::Func(FuncId(name.index)),
                DATA_NAMESPACE => RelocTarget::Data(DataId(name.index)),
                RUNTIME_NAMESPACE => {
                    RelocTarget::External(runtime_names[name.index as usize].to_string())
                }
                other => return Err(format!("unknown symbol namespace {other}")),
            };
            Ok(Reloc {
                offset: r.offset,
                kind: reloc_kind(r.kind)?,
                target,
                addend: r.addend,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;

    let srclocs = buffer
        .get_srclocs_sorted()
        .iter()
        .filter(|s| !s.loc.is_default() && s.start < s.end)
        .filter_map(|s| {
            let loc = func.locs.get(s.loc.bits() as usize)?;
            Some((s.start, s.end, *loc))
        })
        .collect();

    let cfi = call_frame_info(isa, &buffer.unwind_info)?;
    let prologue_end = buffer
        .unwind_info
        .iter()
        .map(|&(offset, _)| offset)
        .max()
        .unwrap_or(0);
    let insts = clif
        .layout
        .blocks()
        .map(|b| clif.layout.block_insts(b).count())
        .sum();

    Ok(CompiledFunction {
        code: buffer.data().to_vec(),
        alignment: buffer.alignment,
        relocs,
        srclocs,
        cfi,
        prologue_end,
        stats: FunctionStats {
            insts,
            ..FunctionStats::default()
        },
    })
}

/// Where each labelled SSA value lives, and the SSA statement of each instruction (its source
/// location) (labels are SSA value indices, see
/// [`super::lower_function_with_labels`]): Cranelift's value-label ranges, from regalloc2's debug
/// locations, with DWARF register numbers.
///
/// regalloc2 describes a parameter from its first move on; at the entry, and up to and including
/// the first instruction after the prologue (where `break f` stops), it is still in its argument
/// register, which the prologue does not touch: that range is added.
///
/// Cranelift's ranges cover the whole instruction where a value dies, calls included; a caller's
/// frame is looked up at its return address minus one, where registers the call clobbers hold
/// the callee's values. So a range in such a register leaves out the last byte of every call.
pub fn debug_info(
    isa: &dyn TargetIsa,
    func: &Function,
    code: &CompiledCode,
) -> Result<FunctionDebugInfo, String> {
    let prologue_end = code
        .buffer
        .unwind_info
        .iter()
        .map(|&(offset, _)| offset)
        .max()
        .unwrap_or(0);
    let mut params: std::collections::HashMap<u32, u32> = func
        .stmts
        .iter()
        .enumerate()
        .filter_map(|(v, s)| match s {
            Stmt::Param(i, _) => Some((v as u32, *i)),
            _ => None,
        })
        .collect();
    let returns: Vec<u32> = code.buffer.call_sites().map(|c| c.ret_addr).collect();
    let mut value_locations = Vec::new();
    for (label, ranges) in &code.value_labels_ranges {
        let mut out = Vec::with_capacity(ranges.len());
        for range in ranges {
            let loc = match range.loc {
                LabelValueLoc::Reg(reg) => ValueLocation::Reg(
                    isa.map_regalloc_reg_to_dwarf(reg)
                        .map_err(|e| format!("no DWARF number for {reg:?}: {e:?}"))?,
                ),
                LabelValueLoc::CFAOffset(offset) => ValueLocation::CfaOffset(
                    i32::try_from(offset).map_err(|_| format!("frame offset {offset}"))?,
                ),
            };
            push_outside_calls(isa, &returns, (range.start, range.end, loc), &mut out);
        }
        if let Some(i) = params.remove(&label.as_u32()) {
            add_entry_range(isa, i, prologue_end, &mut out);
        }
        out.sort_by_key(|&(start, _, _)| start);
        value_locations.push((Value(label.as_u32()), out));
    }
    for (v, i) in params {
        let mut out = Vec::new();
        add_entry_range(isa, i, prologue_end, &mut out);
        if !out.is_empty() {
            value_locations.push((Value(v), out));
        }
    }
    value_locations.sort_by_key(|(v, _)| *v);
    // Every instruction carries its SSA statement as its source location.
    let stmt_ranges = code
        .buffer
        .get_srclocs_sorted()
        .iter()
        .filter(|s| !s.loc.is_default() && s.start < s.end)
        .filter(|s| (s.loc.bits() as usize) < func.stmts.len())
        .map(|s| (s.start, s.end, Value(s.loc.bits())))
        .collect();
    Ok(FunctionDebugInfo {
        value_locations,
        stmt_ranges,
    })
}

/// Adds `range` to `ranges`, without the last byte of each call (at `returns`) when its location
/// is a register calls clobber.
fn push_outside_calls(
    isa: &dyn TargetIsa,
    returns: &[u32],
    range: (u32, u32, ValueLocation),
    ranges: &mut Vec<(u32, u32, ValueLocation)>,
) {
    let (mut start, end, loc) = range;
    if let ValueLocation::Reg(reg) = loc {
        if !callee_saved(isa, reg) {
            // (Call sites are in code order.)
            for &r in returns {
                if r <= start || r > end {
                    continue;
                }
                if r - 1 > start {
                    ranges.push((start, r - 1, loc));
                }
                start = r;
            }
        }
    }
    if start < end {
        ranges.push((start, end, loc));
    }
}

/// Whether calls preserve DWARF register `reg` (Cranelift's `tail` convention and the platform
/// C ABI agree on integer registers).
fn callee_saved(isa: &dyn TargetIsa, reg: u16) -> bool {
    match isa.triple().architecture {
        // rbx rbp r12-r15
        Architecture::X86_64 => matches!(reg, 3 | 6 | 12..=15),
        // x19-x29
        Architecture::Aarch64(_) => (19..=29).contains(&reg),
        _ => false,
    }
}

/// Adds parameter `index`'s argument register over `[0, prologue_end]` to `ranges`, where they
/// do not cover the entry already.
fn add_entry_range(
    isa: &dyn TargetIsa,
    index: u32,
    prologue_end: u32,
    ranges: &mut Vec<(u32, u32, ValueLocation)>,
) {
    let Some(reg) = argument_register(isa, index) else {
        return;
    };
    let first = ranges
        .iter()
        .map(|&(start, _, _)| start)
        .min()
        .unwrap_or(u32::MAX);
    let end = first.min(prologue_end + 1);
    if end > 0 {
        ranges.push((0, end, ValueLocation::Reg(reg)));
    }
}

/// The DWARF number of the register parameter `index` arrives in (Cranelift's `tail` and the
/// platform convention agree on integer arguments).
fn argument_register(isa: &dyn TargetIsa, index: u32) -> Option<u16> {
    match isa.triple().architecture {
        // rdi rsi rdx rcx r8 r9
        Architecture::X86_64 => [5, 4, 1, 2, 8, 9].get(index as usize).copied(),
        // x0..x7
        Architecture::Aarch64(_) => (index < 8).then_some(index as u16),
        _ => None,
    }
}

trait RelocName {
    fn target_name_or_label(&self) -> Result<ExternalName, String>;
}

impl RelocName for cranelift_codegen::FinalizedMachReloc {
    fn target_name_or_label(&self) -> Result<ExternalName, String> {
        match &self.target {
            FinalizedRelocTarget::ExternalName(name) => Ok(name.clone()),
            FinalizedRelocTarget::Func(offset) => Err(format!(
                "unexpected relocation to offset {offset} in the same function"
            )),
        }
    }
}

/// The plugin relocation kind for one Cranelift emits.
fn reloc_kind(kind: ClifReloc) -> Result<RelocKind, String> {
    Ok(match kind {
        ClifReloc::X86CallPCRel4 | ClifReloc::X86CallPLTRel4 => RelocKind::X86CallPcRel4,
        ClifReloc::X86PCRel4 => RelocKind::X86PcRel4,
        ClifReloc::X86GOTPCRel4 => RelocKind::X86GotPcRel4,
        ClifReloc::Abs8 => RelocKind::Abs8,
        ClifReloc::Arm64Call => RelocKind::Arm64Call,
        ClifReloc::Aarch64AdrPrelPgHi21 => RelocKind::Aarch64AdrPrelPgHi21,
        ClifReloc::Aarch64AddAbsLo12Nc => RelocKind::Aarch64AddAbsLo12Nc,
        ClifReloc::Aarch64AdrGotPage21 => RelocKind::Aarch64AdrGotPage21,
        ClifReloc::Aarch64Ld64GotLo12Nc => RelocKind::Aarch64Ld64GotLo12Nc,
        other => return Err(format!("unsupported relocation kind {other:?}")),
    })
}

/// The DWARF frame-pointer register and, where the ISA has one, the link register with its
/// offset in the frame record.
fn frame_registers(isa: &dyn TargetIsa) -> Result<(u16, Option<(u16, i32)>), String> {
    match isa.triple().architecture {
        // DWARF: rbp is 6.
        Architecture::X86_64 => Ok((6, None)),
        // DWARF: x29 (fp), x30 (lr); `stp x29, x30` puts lr 8 bytes above fp.
        Architecture::Aarch64(_) => Ok((29, Some((30, 8)))),
        other => Err(format!("no frame registers for {other}")),
    }
}

/// Translates Cranelift's unwind pseudo-instructions into CFI ops.
fn call_frame_info(
    isa: &dyn TargetIsa,
    unwind: &[(u32, UnwindInst)],
) -> Result<Vec<(u32, CfiOp)>, String> {
    let (fp, lr) = frame_registers(isa)?;
    let mut cfi = Vec::new();
    let mut clobber_offset_to_cfa: i32 = 0;
    for &(offset, ref inst) in unwind {
        match *inst {
            UnwindInst::PushFrameRegs {
                offset_upward_to_caller_sp,
            } => {
                let up = offset_upward_to_caller_sp as i32;
                cfi.push((offset, CfiOp::DefCfaOffset(up)));
                cfi.push((
                    offset,
                    CfiOp::Offset {
                        reg: fp,
                        offset: -up,
                    },
                ));
                if let Some((lr, lr_offset)) = lr {
                    cfi.push((
                        offset,
                        CfiOp::Offset {
                            reg: lr,
                            offset: -up + lr_offset,
                        },
                    ));
                }
            }
            UnwindInst::DefineNewFrame {
                offset_upward_to_caller_sp,
                offset_downward_to_clobbers,
            } => {
                cfi.push((offset, CfiOp::DefCfaRegister(fp)));
                clobber_offset_to_cfa =
                    (offset_upward_to_caller_sp + offset_downward_to_clobbers) as i32;
            }
            // The CFA is on the frame pointer: allocating stack does not move it.
            UnwindInst::StackAlloc { .. } => {}
            UnwindInst::SaveReg {
                clobber_offset,
                reg,
            } => {
                let dwarf = isa
                    .map_regalloc_reg_to_dwarf(Reg::from(reg))
                    .map_err(|e| format!("no DWARF number for {reg:?}: {e:?}"))?;
                cfi.push((
                    offset,
                    CfiOp::Offset {
                        reg: dwarf,
                        offset: clobber_offset as i32 - clobber_offset_to_cfa,
                    },
                ));
            }
            UnwindInst::Aarch64SetPointerAuth {
                return_addresses: false,
            } => {}
            ref other => return Err(format!("unsupported unwind instruction {other:?}")),
        }
    }
    Ok(cfi)
}
