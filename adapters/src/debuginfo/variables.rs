//! The DWARF types and location expressions of variables: `int` and `bool` are base types
//! whose location expressions untag the word; every other OCaml type `t` is a base type
//! `egret_value t` of the value word, which the pretty-printer decodes by its name.

use super::VALUE_TYPE_NAME;
use egret_plugin::backend::ValueLocation;
use gimli::write::{AttributeValue, DwarfUnit, Expression, UnitEntryId};
use gimli::{constants, Register};
use std::collections::HashMap;

/// How a variable's word is shown: as the value word the pretty-printer decodes, or decoded by
/// the location expression itself (tagged ints and bools: `2n+1` → `n`), which gdb then prints
/// and computes with as a plain number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Decode {
    Word,
    Untag,
}

/// The DWARF expression of a value location.
pub(super) fn location_expression(loc: ValueLocation, decode: Decode) -> Expression {
    let mut e = Expression::new();
    match (loc, decode) {
        (ValueLocation::Reg(r), Decode::Word) => e.op_reg(Register(r)),
        (ValueLocation::CfaOffset(offset), Decode::Word) => {
            e.op(constants::DW_OP_call_frame_cfa);
            e.op_consts(offset as i64);
            e.op(constants::DW_OP_plus);
        }
        (loc, Decode::Untag) => {
            match loc {
                ValueLocation::Reg(r) => e.op_breg(Register(r), 0),
                ValueLocation::CfaOffset(offset) => {
                    e.op(constants::DW_OP_call_frame_cfa);
                    e.op_consts(offset as i64);
                    e.op(constants::DW_OP_plus);
                    e.op_deref();
                }
            }
            e.op(constants::DW_OP_lit1);
            e.op(constants::DW_OP_shra);
            e.op(constants::DW_OP_stack_value);
        }
    }
    e
}

/// The DWARF types of variables, made on first use: `int` and `bool` (decoded in the location
/// expression) and, for every other OCaml type `t`, a base type `egret_value t` of the value word
/// the pretty-printer selects its printer by.
pub(super) struct VariableTypes {
    pub(super) value_type: UnitEntryId,
    pub(super) word_size: u8,
    pub(super) made: HashMap<String, (UnitEntryId, Decode)>,
}

impl VariableTypes {
    /// The type of a value word of OCaml type `ty` that nothing decodes before the
    /// pretty-printer: the base type `egret_value ty` for every type, `int` and `bool` included.
    pub(super) fn word(&mut self, dwarf: &mut DwarfUnit, ty: &str) -> UnitEntryId {
        match ty {
            "" => self.value_type,
            "int" | "bool" => {
                let key = format!("{VALUE_TYPE_NAME} {ty}");
                if let Some(&(id, _)) = self.made.get(&key) {
                    return id;
                }
                let id = self.value_word(dwarf, ty);
                self.made.insert(key, (id, Decode::Word));
                id
            }
            _ => self.get(dwarf, ty).0,
        }
    }

    /// The value word under the name `egret_value ty`, which selects the pretty-printer's
    /// decoding.
    fn value_word(&self, dwarf: &mut DwarfUnit, ty: &str) -> UnitEntryId {
        let root = dwarf.unit.root();
        let id = dwarf.unit.add(root, constants::DW_TAG_base_type);
        let e = dwarf.unit.get_mut(id);
        e.set(
            constants::DW_AT_name,
            AttributeValue::String(format!("{VALUE_TYPE_NAME} {ty}").into_bytes()),
        );
        e.set(
            constants::DW_AT_encoding,
            AttributeValue::Encoding(constants::DW_ATE_signed),
        );
        e.set(
            constants::DW_AT_byte_size,
            AttributeValue::Udata(self.word_size as u64),
        );
        id
    }

    pub(super) fn get(&mut self, dwarf: &mut DwarfUnit, ty: &str) -> (UnitEntryId, Decode) {
        if ty.is_empty() {
            return (self.value_type, Decode::Word);
        }
        if let Some(&t) = self.made.get(ty) {
            return t;
        }
        let root = dwarf.unit.root();
        let made = match ty {
            "int" | "bool" => {
                let id = dwarf.unit.add(root, constants::DW_TAG_base_type);
                let e = dwarf.unit.get_mut(id);
                e.set(
                    constants::DW_AT_name,
                    AttributeValue::String(ty.as_bytes().to_vec()),
                );
                let encoding = if ty == "int" {
                    constants::DW_ATE_signed
                } else {
                    constants::DW_ATE_boolean
                };
                e.set(
                    constants::DW_AT_encoding,
                    AttributeValue::Encoding(encoding),
                );
                e.set(
                    constants::DW_AT_byte_size,
                    AttributeValue::Udata(self.word_size as u64),
                );
                (id, Decode::Untag)
            }
            _ => (self.value_word(dwarf, ty), Decode::Word),
        };
        self.made.insert(ty.to_string(), made);
        made
    }
}
