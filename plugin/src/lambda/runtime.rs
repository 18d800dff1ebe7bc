//! The runtime primitives a `Prim::Runtime(name, purity)` may call, with their signatures.
//!
//! The verifier types runtime calls from this table (an unknown name is typed loosely: its
//! arguments are checked, its result is whatever the context demands); the interpreter
//! implements every entry (`interp::Machine::call_runtime`; a test checks the two agree). To add a
//! primitive, add a row here and a case there.

use super::ir::{Purity, Type};

/// The types runtime primitives take and return.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RtTy {
    Int,
    Char,
    String,
    Unit,
    Bool,
    /// Any type (`exit : int -> 'a`, `Sys.opaque_identity : 'a -> 'a`).
    Any,
    /// `'a array` for any `'a` (typed loosely, as [`RtTy::Any`]; the interpreter wants a block).
    Array,
}

impl RtTy {
    /// The IR type, or `None` for [`RtTy::Any`].
    pub fn to_type(self) -> Option<Type> {
        Some(match self {
            RtTy::Int => Type::int(),
            RtTy::Char => Type::char(),
            RtTy::String => Type::string(),
            RtTy::Unit => Type::unit(),
            RtTy::Bool => Type::bool(),
            RtTy::Any | RtTy::Array => return None,
        })
    }
}

#[derive(Debug)]
pub struct RuntimeFn {
    pub name: &'static str,
    pub params: &'static [RtTy],
    pub result: RtTy,
    pub purity: Purity,
}

impl RuntimeFn {
    /// Whether `n` arguments are accepted: the declared number, or none for a function whose
    /// only parameter is `unit` (`print_newline ()` may be lowered either way).
    pub fn accepts_arity(&self, n: usize) -> bool {
        n == self.params.len() || (n == 0 && self.params == [RtTy::Unit])
    }
}

use Purity::*;
use RtTy::*;

macro_rules! rt {
    ($name:literal ($($p:expr),*) -> $r:expr, $pur:expr) => {
        RuntimeFn { name: $name, params: &[$($p),*], result: $r, purity: $pur }
    };
}

pub const RUNTIME: &[RuntimeFn] = &[
    rt!("egret_print_int"(Int) -> Unit, Effect),
    rt!("egret_print_string"(String) -> Unit, Effect),
    rt!("egret_print_char"(Char) -> Unit, Effect),
    rt!("egret_print_endline"(String) -> Unit, Effect),
    rt!("egret_print_newline"(Unit) -> Unit, Effect),
    rt!("egret_prerr_string"(String) -> Unit, Effect),
    rt!("egret_prerr_endline"(String) -> Unit, Effect),
    rt!("egret_prerr_int"(Int) -> Unit, Effect),
    rt!("egret_prerr_char"(Char) -> Unit, Effect),
    rt!("egret_prerr_newline"(Unit) -> Unit, Effect),
    rt!("egret_flush_stdout"(Unit) -> Unit, Effect),
    rt!("egret_flush_stderr"(Unit) -> Unit, Effect),
    rt!("egret_string_concat"(String, String) -> String, Pure),
    rt!("egret_string_length"(String) -> Int, Pure),
    rt!("egret_string_get"(String, Int) -> Char, Effect),
    rt!("egret_string_of_int"(Int) -> String, Pure),
    rt!("egret_int_of_string"(String) -> Int, Effect),
    rt!("egret_string_sub"(String, Int, Int) -> String, Effect),
    rt!("egret_string_make"(Int, Char) -> String, Effect),
    rt!("egret_string_equal"(String, String) -> Bool, Pure),
    rt!("egret_string_compare"(String, String) -> Int, Pure),
    rt!("egret_string_of_bool"(Bool) -> String, Pure),
    rt!("egret_bool_of_string"(String) -> Bool, Effect),
    rt!("egret_char_chr"(Int) -> Char, Effect),
    rt!("egret_exit"(Int) -> Any, Effect),
    rt!("egret_sys_exit"(Int) -> Any, Effect),
    rt!("egret_format_exception_string"(Any, Bool) -> String, Pure),
    rt!("egret_opaque_identity"(Any) -> Any, Effect),
    // `let rec` of values: a dummy block of n fields, then filled with a block's tag and fields.
    rt!("egret_alloc_dummy"(Int) -> Any, Effect),
    rt!("egret_update_dummy"(Any, Any) -> Unit, Effect),
    // `flush chan` passes an `out_channel`, `%!` passes the int 1 or 2 (stdout or stderr).
    rt!("egret_flush"(Any) -> Unit, Effect),
    rt!("egret_compare"(Any, Any) -> Int, Pure),
    // `= <> < > <= >=` on structured values: raises on functional values.
    rt!("egret_compare_partial"(Any, Any) -> Int, Effect),
    // Strings as mutable bytes (`String.init`, `String.concat` build them in place).
    rt!("egret_bytes_create"(Int) -> String, Effect),
    rt!("egret_bytes_unsafe_set"(String, Int, Char) -> Unit, Effect),
    rt!("egret_blit_string"(String, Int, String, Int, Int) -> Unit, Effect),
    // Printf conversions: the spec as written (`%-5d`) and the argument; a fresh string.
    rt!("egret_format_int"(String, Int) -> String, Pure),
    rt!("egret_format_string"(String, String) -> String, Pure),
    rt!("egret_format_char"(String, Char) -> String, Pure),
    rt!("egret_sys_argv"(Unit) -> Array, Effect),
    rt!("egret_array_length"(Array) -> Int, Pure),
    rt!("egret_array_get"(Array, Int) -> Any, Effect),
    rt!("egret_array_set"(Array, Int, Any) -> Unit, Effect),
    rt!("egret_array_make"(Int, Any) -> Array, Effect),
    // `Hashtbl.seeded_hash_param count limit seed v` (OCaml's caml_hash).
    rt!("egret_hash"(Int, Int, Int, Any) -> Int, Pure),
];

pub fn lookup(name: &str) -> Option<&'static RuntimeFn> {
    RUNTIME.iter().find(|f| f.name == name)
}

/// A string as Printf's `%S` writes it (Printexc's text of a string argument): in double
/// quotes, with `String.escaped`'s escapes (`\"`, `\\`, `\n`, `\t`, `\r`, `\b`, and `\ddd` in
/// decimal for the bytes outside `' '..'~'`).
pub fn ocaml_quoted(s: &[u8]) -> Vec<u8> {
    let mut out = vec![b'"'];
    for &c in s {
        match c {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\r' => out.extend_from_slice(b"\\r"),
            8 => out.extend_from_slice(b"\\b"),
            b' '..=b'~' => out.push(c),
            _ => out.extend_from_slice(format!("\\{c:03}").as_bytes()),
        }
    }
    out.push(b'"');
    out
}
