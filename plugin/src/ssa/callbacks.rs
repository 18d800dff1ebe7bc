//! The entries through which C code calls OCaml closures (`--output-obj`, OCaml's
//! `caml_callback`): `egret_callback{n}(f, a1..an)`, exported C-ABI functions that apply the
//! closure `f` to n arguments through the module's `egret_apply{n}` (exact, partial and
//! over-application alike, as compiled code's own unknown calls).
//!
//! Why compiled entries and not C: a closure's code uses egret's calling convention (the
//! Cranelift backend's is its `tail` convention), which C cannot call; an `Abi::C` function
//! can (the `try` bodies the runtime calls are the same kind). The runtime's `caml_callback*`
//! (`runtime/egret_embed.c`) switch to the program stack and call these; they refer to them
//! weakly, so a program built without them links and says so if one is called.
//!
//! Only modules built with `LowerOptions::callback_entries` have them: every other program's
//! code is unchanged.

use super::builder::FunctionBuilder;
use super::ir::*;

/// The arities with an entry (OCaml's `caml_callback`, `caml_callback2`, `caml_callback3`;
/// `caml_callbackN` applies three at a time, as OCaml's native runtime does).
pub const CALLBACK_ARITIES: std::ops::RangeInclusive<usize> = 1..=3;

/// The symbol of the entry for `n` arguments.
pub fn callback_symbol(n: usize) -> String {
    format!("egret_callback{n}")
}

/// `egret_callback{n}(f, a1..an) = egret_apply{n}(f, a1..an)`, C ABI, exported. `apply` is
/// the module's `egret_apply{n}`.
pub fn callback_entry(n: usize, apply: FuncId) -> Function {
    let mut b = FunctionBuilder::new(callback_symbol(n), vec![Type::Val; n + 1], Type::Val);
    b.set_source_name(format!(
        "caml_callback{}",
        if n == 1 { String::new() } else { n.to_string() }
    ));
    b.set_abi(Abi::C);
    b.set_linkage(Linkage::Export);
    let args: Vec<Value> = (0..=n).map(|i| b.param(i)).collect();
    let r = b.call(Callee::Direct(apply), args, Type::Val);
    b.ret(r);
    b.finish()
}
