//! `.eh_frame`: unwind tables for every function of the object, from the backends' CFI.
//!
//! Both backends describe their frames with plugin [`CfiOp`]s at code offsets; this module turns
//! each function's list into a gimli FDE under one CIE (the ISA's System V CIE: CFA = rsp + 8 and
//! the return address at CFA - 8 on x86-64, CFA = sp on AArch64) and writes the section into the
//! object. FDE addresses are `DW_EH_PE_pcrel | DW_EH_PE_sdata4` with a 32-bit PC-relative
//! relocation against the function's symbol, so a PIE needs no text relocation for them
//! (cranelift-object's own unwind writer uses absolute addresses).

use cranelift_codegen::isa::TargetIsa;
use cranelift_object::object::write::StandardSection;
use cranelift_object::object::write::{Object, Relocation as ObjectRelocation, SymbolId};
use cranelift_object::object::{RelocationEncoding, RelocationFlags, RelocationKind};
use egret_plugin::backend::CfiOp;
use gimli::write::{
    Address, CallFrameInstruction, EhFrame, EndianVec, FrameDescriptionEntry, FrameTable,
    RelocateWriter, Relocation, RelocationTarget,
};
use gimli::{constants, Register, RunTimeEndian};

/// One function's frame description: its symbol, code length and CFI.
pub struct FrameRecord {
    pub symbol: SymbolId,
    pub len: u32,
    pub cfi: Vec<(u32, CfiOp)>,
}

/// A section writer that records the relocations gimli asks for.
struct SectionWriter {
    data: EndianVec<RunTimeEndian>,
    relocs: Vec<Relocation>,
}

impl RelocateWriter for SectionWriter {
    type Writer = EndianVec<RunTimeEndian>;
    fn writer(&self) -> &Self::Writer {
        &self.data
    }
    fn writer_mut(&mut self) -> &mut Self::Writer {
        &mut self.data
    }
    fn relocate(&mut self, relocation: Relocation) {
        self.relocs.push(relocation);
    }
}

/// The gimli instruction for a plugin CFI op.
pub fn gimli_instruction(op: CfiOp) -> CallFrameInstruction {
    match op {
        CfiOp::DefCfa { reg, offset } => CallFrameInstruction::Cfa(Register(reg), offset),
        CfiOp::DefCfaOffset(offset) => CallFrameInstruction::CfaOffset(offset),
        CfiOp::DefCfaRegister(reg) => CallFrameInstruction::CfaRegister(Register(reg)),
        CfiOp::Offset { reg, offset } => CallFrameInstruction::Offset(Register(reg), offset),
        CfiOp::Restore(reg) => CallFrameInstruction::Restore(Register(reg)),
        CfiOp::RememberState => CallFrameInstruction::RememberState,
        CfiOp::RestoreState => CallFrameInstruction::RestoreState,
    }
}

/// The byte order of `isa`, as gimli names it.
pub fn gimli_endian(isa: &dyn TargetIsa) -> RunTimeEndian {
    match isa.endianness() {
        cranelift_codegen::ir::Endianness::Little => RunTimeEndian::Little,
        cranelift_codegen::ir::Endianness::Big => RunTimeEndian::Big,
    }
}

/// Writes `.eh_frame` for `records` into `object`.
pub fn write_eh_frame(
    object: &mut Object<'static>,
    isa: &dyn TargetIsa,
    records: &[FrameRecord],
) -> Result<(), String> {
    if records.is_empty() {
        return Ok(());
    }
    let mut cie = isa
        .create_systemv_cie()
        .ok_or_else(|| format!("no System V CIE for {}", isa.triple()))?;
    cie.fde_address_encoding =
        constants::DwEhPe(constants::DW_EH_PE_pcrel.0 | constants::DW_EH_PE_sdata4.0);
    let mut table = FrameTable::default();
    let cie_id = table.add_cie(cie);
    for (index, record) in records.iter().enumerate() {
        let address = Address::Symbol {
            symbol: index,
            addend: 0,
        };
        let mut fde = FrameDescriptionEntry::new(address, record.len);
        for &(offset, op) in &record.cfi {
            if offset > record.len {
                return Err(format!(
                    "CFI at offset {offset} is past the end of a {}-byte function",
                    record.len
                ));
            }
            fde.add_instruction(offset, gimli_instruction(op));
        }
        table.add_fde(cie_id, fde);
    }

    let endian = gimli_endian(isa);
    let mut eh_frame = EhFrame(SectionWriter {
        data: EndianVec::new(endian),
        relocs: Vec::new(),
    });
    table
        .write_eh_frame(&mut eh_frame)
        .map_err(|e| format!("writing .eh_frame: {e}"))?;
    let SectionWriter { data, relocs } = eh_frame.0;

    let section = object.section_id(StandardSection::EhFrame);
    let base = object.append_section_data(section, data.slice(), 8);
    for reloc in relocs {
        let RelocationTarget::Symbol(index) = reloc.target else {
            return Err("unexpected section-relative relocation in .eh_frame".to_string());
        };
        let pcrel = reloc
            .eh_pe
            .is_some_and(|pe| pe.application() == constants::DW_EH_PE_pcrel);
        let kind = if pcrel {
            RelocationKind::Relative
        } else {
            RelocationKind::Absolute
        };
        object
            .add_relocation(
                section,
                ObjectRelocation {
                    offset: base + reloc.offset as u64,
                    symbol: records[index].symbol,
                    addend: reloc.addend,
                    flags: RelocationFlags::Generic {
                        kind,
                        encoding: RelocationEncoding::Generic,
                        size: reloc.size * 8,
                    },
                },
            )
            .map_err(|e| format!("relocation in .eh_frame: {e}"))?;
    }
    Ok(())
}
