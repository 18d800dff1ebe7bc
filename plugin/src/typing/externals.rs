//! `external` declarations: OCaml's primitives, typed as OCaml types them and compiled to egret's
//! predefined operations or to calls of the runtime's C functions.
//!
//! `external name : type = "prim" ["native_prim"]` binds `name` to a primitive of arity = the
//! number of arrows written in `type` (OCaml's `Ctype.arity` before abbreviations are
//! expanded), with the declared type generalised. The primitive is what ocamlopt calls, the
//! native name when there are two (OCaml's `Primitive.native_name`; the old-style strings
//! `"noalloc"` and `"float"` are read as `Primitive.parse_declaration` reads them).
//!
//! - A `%`-primitive is one of OCaml's built-in operations (`translprim.ml`): those egret has
//!   map to its predefined values' implementations ([`PERCENT`]: `%addint` is `+`'s); one
//!   of OCaml's that egret lacks is "not supported yet", any other name is OCaml's error
//!   `Unknown builtin primitive`, both at the declaration, as OCaml checks them there.
//! - Any other name is a C function of the runtime, called with OCaml's `value` ABI (every
//!   argument and the result a word): a full application is a `Prim::Runtime` call, a partial
//!   application or a use as a value gets a wrapper closure (the typer eta-expands, as for
//!   every predefined primitive). The runtime's functions are those of
//!   [`crate::lambda::runtime::RUNTIME`]: a name that is not there, a declaration whose arity
//!   is not the function's, or unboxed/untagged arguments (`[@unboxed]`, `[@untagged]`, which
//!   change the C signature) are an error where the external is used, naming the primitive
//!   — never a link failure. (An unused declaration is fine, as with ocamlopt, which only
//!   references the symbols it calls.) An unboxed external with a bytecode name as well
//!   calls that one (OCaml requires the two to mean the same; the bytecode one takes values).

use super::builtins::{Builtin, BuiltinImpl};
use super::env::ValueBinding;
use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Prim, Purity, RaiseKind, TyCon, Type};
use crate::syntax::ast::{self, TypeExprKind};

/// What an OCaml `%`-primitive egret implements becomes.
#[derive(Clone, Copy)]
enum Percent {
    /// The implementation of this predefined value (`%addint` is `+`'s).
    As(&'static str),
    Impl(BuiltinImpl),
}

/// A `%`-primitive that is a call of the runtime's C function `name`.
const fn runtime(name: &'static str, purity: Purity, arity: usize) -> Percent {
    Percent::Impl(BuiltinImpl::Prim(Prim::Runtime(name, purity), arity))
}

/// OCaml's `%`-primitives egret implements, with their arity (OCaml rejects a declaration of
/// another arity: `Wrong arity for builtin primitive`).
const PERCENT: &[(&str, usize, Percent)] = {
    use BuiltinImpl as B;
    use Percent::{As, Impl};
    &[
        ("%identity", 1, Impl(B::Prim(Prim::Identity, 1))),
        ("%bytes_to_string", 1, Impl(B::Prim(Prim::Identity, 1))),
        ("%bytes_of_string", 1, Impl(B::Prim(Prim::Identity, 1))),
        ("%ignore", 1, Impl(B::Ignore)),
        ("%revapply", 2, As("|>")),
        ("%apply", 2, As("@@")),
        ("%field0", 1, As("!")),
        ("%field1", 1, Impl(B::Field(1))),
        ("%setfield0", 2, As(":=")),
        ("%makemutable", 1, As("ref")),
        ("%raise", 1, As("raise")),
        ("%reraise", 1, Impl(B::Raise(RaiseKind::Reraise))),
        ("%raise_notrace", 1, Impl(B::Raise(RaiseKind::Notrace))),
        ("%raise_with_backtrace", 2, Impl(B::RaiseWithBacktrace)),
        ("%sequand", 2, As("&&")),
        ("%sequor", 2, As("||")),
        ("%boolnot", 1, As("not")),
        ("%negint", 1, As("~-")),
        ("%succint", 1, Impl(B::AddConst(1))),
        ("%predint", 1, Impl(B::AddConst(-1))),
        ("%incr", 1, Impl(B::IncrRef(1))),
        ("%decr", 1, Impl(B::IncrRef(-1))),
        ("%addint", 2, As("+")),
        ("%subint", 2, As("-")),
        ("%mulint", 2, As("*")),
        ("%divint", 2, As("/")),
        ("%modint", 2, As("mod")),
        ("%andint", 2, As("land")),
        ("%orint", 2, As("lor")),
        ("%xorint", 2, As("lxor")),
        ("%lslint", 2, As("lsl")),
        ("%lsrint", 2, As("lsr")),
        ("%asrint", 2, As("asr")),
        ("%eq", 2, As("==")),
        ("%noteq", 2, As("!=")),
        ("%equal", 2, As("=")),
        ("%notequal", 2, As("<>")),
        ("%lessthan", 2, As("<")),
        ("%lessequal", 2, As("<=")),
        ("%greaterthan", 2, As(">")),
        ("%greaterequal", 2, As(">=")),
        ("%compare", 2, As("compare")),
        ("%ltint", 2, Impl(B::Prim(Prim::IntLt, 2))),
        ("%leint", 2, Impl(B::Prim(Prim::IntLe, 2))),
        ("%gtint", 2, Impl(B::Prim(Prim::IntGt, 2))),
        ("%geint", 2, Impl(B::Prim(Prim::IntGe, 2))),
        // Floats (OCaml's `Pfloatofint` ... `Pfloatcomp`): egret's float operators.
        ("%floatofint", 1, As("float_of_int")),
        ("%intoffloat", 1, As("int_of_float")),
        ("%negfloat", 1, As("~-.")),
        ("%absfloat", 1, As("abs_float")),
        ("%addfloat", 2, As("+.")),
        ("%subfloat", 2, As("-.")),
        ("%mulfloat", 2, As("*.")),
        ("%divfloat", 2, As("/.")),
        ("%eqfloat", 2, Impl(B::Prim(Prim::FEq, 2))),
        ("%noteqfloat", 2, Impl(B::Prim(Prim::FNe, 2))),
        ("%ltfloat", 2, Impl(B::Prim(Prim::FLt, 2))),
        ("%lefloat", 2, Impl(B::Prim(Prim::FLe, 2))),
        ("%gtfloat", 2, Impl(B::Prim(Prim::FGt, 2))),
        ("%gefloat", 2, Impl(B::Prim(Prim::FGe, 2))),
        ("%string_length", 1, As("String.length")),
        ("%bytes_length", 1, As("String.length")),
        ("%string_safe_get", 2, As("String.get")),
        ("%bytes_safe_get", 2, As("String.get")),
        // The unsafe accesses are checked: where OCaml's behaviour is undefined egret raises.
        ("%string_unsafe_get", 2, As("String.get")),
        ("%bytes_unsafe_get", 2, As("String.get")),
        ("%bytes_unsafe_set", 3, As("__bytes_set")),
        ("%string_unsafe_set", 3, As("__bytes_set")),
        (
            "%bytes_safe_set",
            3,
            runtime("caml_bytes_set", Purity::Effect, 3),
        ),
        (
            "%string_safe_set",
            3,
            runtime("caml_bytes_set", Purity::Effect, 3),
        ),
        // 16, 32 and 64-bit accesses: the unsafe ones are checked too.
        (
            "%caml_string_get16",
            2,
            runtime("caml_string_get16", Purity::Effect, 2),
        ),
        (
            "%caml_string_get16u",
            2,
            runtime("caml_string_get16", Purity::Effect, 2),
        ),
        (
            "%caml_string_get32",
            2,
            runtime("caml_string_get32", Purity::Effect, 2),
        ),
        (
            "%caml_string_get32u",
            2,
            runtime("caml_string_get32", Purity::Effect, 2),
        ),
        (
            "%caml_string_get64",
            2,
            runtime("caml_string_get64", Purity::Effect, 2),
        ),
        (
            "%caml_string_get64u",
            2,
            runtime("caml_string_get64", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get16",
            2,
            runtime("caml_bytes_get16", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get16u",
            2,
            runtime("caml_bytes_get16", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get32",
            2,
            runtime("caml_bytes_get32", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get32u",
            2,
            runtime("caml_bytes_get32", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get64",
            2,
            runtime("caml_bytes_get64", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get64u",
            2,
            runtime("caml_bytes_get64", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_set16",
            3,
            runtime("caml_bytes_set16", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set16u",
            3,
            runtime("caml_bytes_set16", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set32",
            3,
            runtime("caml_bytes_set32", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set32u",
            3,
            runtime("caml_bytes_set32", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set64",
            3,
            runtime("caml_bytes_set64", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set64u",
            3,
            runtime("caml_bytes_set64", Purity::Effect, 3),
        ),
        ("%bswap16", 1, runtime("caml_bswap16", Purity::Pure, 1)),
        (
            "%bswap_int32",
            1,
            runtime("caml_int32_bswap", Purity::Pure, 1),
        ),
        (
            "%bswap_int64",
            1,
            runtime("caml_int64_bswap", Purity::Pure, 1),
        ),
        ("%array_length", 1, As("Array.length")),
        ("%array_safe_get", 2, As("Array.get")),
        ("%array_safe_set", 3, As("Array.set")),
        ("%array_unsafe_get", 2, As("Array.get")),
        ("%array_unsafe_set", 3, As("Array.set")),
        // A floatarray is a float array (the same flat representation).
        ("%floatarray_length", 1, As("Array.length")),
        ("%floatarray_safe_get", 2, As("Array.get")),
        ("%floatarray_safe_set", 3, As("Array.set")),
        ("%floatarray_unsafe_get", 2, As("Array.get")),
        ("%floatarray_unsafe_set", 3, As("Array.set")),
        ("%obj_size", 1, As("Array.length")),
        // Obj's field accesses stay calls (never inlined): the weak pointers and ephemerons
        // read through them then leave no copy of what they read in the reader's frame, where
        // the conservative stack scan would keep it alive past its last use.
        (
            "%obj_field",
            2,
            runtime("egret_obj_field", Purity::Effect, 2),
        ),
        (
            "%obj_set_field",
            3,
            runtime("egret_obj_set_field", Purity::Effect, 3),
        ),
        ("%obj_is_int", 1, As("__obj_is_int")),
        ("%opaque", 1, As("Sys.opaque_identity")),
        ("%lazy_force", 1, Impl(B::LazyForce)),
        // Sys's constants (`external word_size : unit -> int = "%word_size"`): a 64-bit
        // little-endian Unix.
        ("%word_size", 1, Impl(B::Const(64))),
        ("%int_size", 1, Impl(B::Const(63))),
        ("%max_wosize", 1, Impl(B::Const((1 << 54) - 1))),
        ("%big_endian", 1, Impl(B::Const(0))),
        ("%ostype_unix", 1, Impl(B::Const(1))),
        ("%ostype_win32", 1, Impl(B::Const(0))),
        ("%ostype_cygwin", 1, Impl(B::Const(0))),
        // `Native`, `backend_type`'s first constructor.
        ("%backend_type", 1, Impl(B::Const(0))),
        // Sys.argv: the one array of the program's arguments (the runtime keeps it).
        (
            "%sys_argv",
            0,
            Impl(B::Value(Prim::Runtime("egret_sys_argv", Purity::Effect))),
        ),
        ("%bswap16", 1, runtime("caml_bswap16", Purity::Pure, 1)),
        // 16/32/64-bit accesses of strings and bytes; the unsafe ones (`..u`) are checked too.
        (
            "%caml_string_get16",
            2,
            runtime("caml_string_get16", Purity::Effect, 2),
        ),
        (
            "%caml_string_get16u",
            2,
            runtime("caml_string_get16", Purity::Effect, 2),
        ),
        (
            "%caml_string_get32",
            2,
            runtime("caml_string_get32", Purity::Effect, 2),
        ),
        (
            "%caml_string_get32u",
            2,
            runtime("caml_string_get32", Purity::Effect, 2),
        ),
        (
            "%caml_string_get64",
            2,
            runtime("caml_string_get64", Purity::Effect, 2),
        ),
        (
            "%caml_string_get64u",
            2,
            runtime("caml_string_get64", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get16",
            2,
            runtime("caml_bytes_get16", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get16u",
            2,
            runtime("caml_bytes_get16", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get32",
            2,
            runtime("caml_bytes_get32", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get32u",
            2,
            runtime("caml_bytes_get32", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get64",
            2,
            runtime("caml_bytes_get64", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_get64u",
            2,
            runtime("caml_bytes_get64", Purity::Effect, 2),
        ),
        (
            "%caml_bytes_set16",
            3,
            runtime("caml_bytes_set16", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set16u",
            3,
            runtime("caml_bytes_set16", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set32",
            3,
            runtime("caml_bytes_set32", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set32u",
            3,
            runtime("caml_bytes_set32", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set64",
            3,
            runtime("caml_bytes_set64", Purity::Effect, 3),
        ),
        (
            "%caml_bytes_set64u",
            3,
            runtime("caml_bytes_set64", Purity::Effect, 3),
        ),
        // Boxed integers: the runtime's functions named as OCaml's C primitives
        // (`lambda::boxint`, `runtime/egret_boxint.c`).
        ("%int32_neg", 1, runtime("caml_int32_neg", Purity::Pure, 1)),
        ("%int32_add", 2, runtime("caml_int32_add", Purity::Pure, 2)),
        ("%int32_sub", 2, runtime("caml_int32_sub", Purity::Pure, 2)),
        ("%int32_mul", 2, runtime("caml_int32_mul", Purity::Pure, 2)),
        (
            "%int32_div",
            2,
            runtime("caml_int32_div", Purity::Effect, 2),
        ),
        (
            "%int32_mod",
            2,
            runtime("caml_int32_mod", Purity::Effect, 2),
        ),
        ("%int32_and", 2, runtime("caml_int32_and", Purity::Pure, 2)),
        ("%int32_or", 2, runtime("caml_int32_or", Purity::Pure, 2)),
        ("%int32_xor", 2, runtime("caml_int32_xor", Purity::Pure, 2)),
        (
            "%int32_lsl",
            2,
            runtime("caml_int32_shift_left", Purity::Pure, 2),
        ),
        (
            "%int32_lsr",
            2,
            runtime("caml_int32_shift_right_unsigned", Purity::Pure, 2),
        ),
        (
            "%int32_asr",
            2,
            runtime("caml_int32_shift_right", Purity::Pure, 2),
        ),
        (
            "%int32_of_int",
            1,
            runtime("caml_int32_of_int", Purity::Pure, 1),
        ),
        (
            "%int32_to_int",
            1,
            runtime("caml_int32_to_int", Purity::Pure, 1),
        ),
        ("%int64_neg", 1, runtime("caml_int64_neg", Purity::Pure, 1)),
        ("%int64_add", 2, runtime("caml_int64_add", Purity::Pure, 2)),
        ("%int64_sub", 2, runtime("caml_int64_sub", Purity::Pure, 2)),
        ("%int64_mul", 2, runtime("caml_int64_mul", Purity::Pure, 2)),
        (
            "%int64_div",
            2,
            runtime("caml_int64_div", Purity::Effect, 2),
        ),
        (
            "%int64_mod",
            2,
            runtime("caml_int64_mod", Purity::Effect, 2),
        ),
        ("%int64_and", 2, runtime("caml_int64_and", Purity::Pure, 2)),
        ("%int64_or", 2, runtime("caml_int64_or", Purity::Pure, 2)),
        ("%int64_xor", 2, runtime("caml_int64_xor", Purity::Pure, 2)),
        (
            "%int64_lsl",
            2,
            runtime("caml_int64_shift_left", Purity::Pure, 2),
        ),
        (
            "%int64_lsr",
            2,
            runtime("caml_int64_shift_right_unsigned", Purity::Pure, 2),
        ),
        (
            "%int64_asr",
            2,
            runtime("caml_int64_shift_right", Purity::Pure, 2),
        ),
        (
            "%int64_of_int",
            1,
            runtime("caml_int64_of_int", Purity::Pure, 1),
        ),
        (
            "%int64_to_int",
            1,
            runtime("caml_int64_to_int", Purity::Pure, 1),
        ),
        (
            "%nativeint_neg",
            1,
            runtime("caml_nativeint_neg", Purity::Pure, 1),
        ),
        (
            "%nativeint_add",
            2,
            runtime("caml_nativeint_add", Purity::Pure, 2),
        ),
        (
            "%nativeint_sub",
            2,
            runtime("caml_nativeint_sub", Purity::Pure, 2),
        ),
        (
            "%nativeint_mul",
            2,
            runtime("caml_nativeint_mul", Purity::Pure, 2),
        ),
        (
            "%nativeint_div",
            2,
            runtime("caml_nativeint_div", Purity::Effect, 2),
        ),
        (
            "%nativeint_mod",
            2,
            runtime("caml_nativeint_mod", Purity::Effect, 2),
        ),
        (
            "%nativeint_and",
            2,
            runtime("caml_nativeint_and", Purity::Pure, 2),
        ),
        (
            "%nativeint_or",
            2,
            runtime("caml_nativeint_or", Purity::Pure, 2),
        ),
        (
            "%nativeint_xor",
            2,
            runtime("caml_nativeint_xor", Purity::Pure, 2),
        ),
        (
            "%nativeint_lsl",
            2,
            runtime("caml_nativeint_shift_left", Purity::Pure, 2),
        ),
        (
            "%nativeint_lsr",
            2,
            runtime("caml_nativeint_shift_right_unsigned", Purity::Pure, 2),
        ),
        (
            "%nativeint_asr",
            2,
            runtime("caml_nativeint_shift_right", Purity::Pure, 2),
        ),
        (
            "%nativeint_of_int",
            1,
            runtime("caml_nativeint_of_int", Purity::Pure, 1),
        ),
        (
            "%nativeint_to_int",
            1,
            runtime("caml_nativeint_to_int", Purity::Pure, 1),
        ),
        (
            "%int64_of_int32",
            1,
            runtime("caml_int64_of_int32", Purity::Pure, 1),
        ),
        (
            "%int64_to_int32",
            1,
            runtime("caml_int64_to_int32", Purity::Pure, 1),
        ),
        (
            "%nativeint_of_int32",
            1,
            runtime("caml_nativeint_of_int32", Purity::Pure, 1),
        ),
        (
            "%nativeint_to_int32",
            1,
            runtime("caml_nativeint_to_int32", Purity::Pure, 1),
        ),
        (
            "%int64_of_nativeint",
            1,
            runtime("caml_int64_of_nativeint", Purity::Pure, 1),
        ),
        (
            "%int64_to_nativeint",
            1,
            runtime("caml_int64_to_nativeint", Purity::Pure, 1),
        ),
        (
            "%bswap_int32",
            1,
            runtime("caml_int32_bswap", Purity::Pure, 1),
        ),
        (
            "%bswap_int64",
            1,
            runtime("caml_int64_bswap", Purity::Pure, 1),
        ),
        (
            "%bswap_native",
            1,
            runtime("caml_nativeint_bswap", Purity::Pure, 1),
        ),
    ]
};

/// OCaml's bigarray `%`-primitives: calls of the runtime's functions (`runtime/egret_bigarray.c`),
/// which check the indices, the unsafe ones' too. The bigstring accesses read and write a
/// char bigarray's bytes as little-endian 16, 32 and 64-bit integers.
#[rustfmt::skip]
const BIGARRAY_PERCENT: &[(&str, usize, Percent)] = &[
    ("%caml_ba_ref_1", 2, runtime("caml_ba_get_1", Purity::Effect, 2)),
    ("%caml_ba_unsafe_ref_1", 2, runtime("caml_ba_get_1", Purity::Effect, 2)),
    ("%caml_ba_set_1", 3, runtime("caml_ba_set_1", Purity::Effect, 3)),
    ("%caml_ba_unsafe_set_1", 3, runtime("caml_ba_set_1", Purity::Effect, 3)),
    ("%caml_ba_ref_2", 3, runtime("caml_ba_get_2", Purity::Effect, 3)),
    ("%caml_ba_unsafe_ref_2", 3, runtime("caml_ba_get_2", Purity::Effect, 3)),
    ("%caml_ba_set_2", 4, runtime("caml_ba_set_2", Purity::Effect, 4)),
    ("%caml_ba_unsafe_set_2", 4, runtime("caml_ba_set_2", Purity::Effect, 4)),
    ("%caml_ba_ref_3", 4, runtime("caml_ba_get_3", Purity::Effect, 4)),
    ("%caml_ba_unsafe_ref_3", 4, runtime("caml_ba_get_3", Purity::Effect, 4)),
    ("%caml_ba_set_3", 5, runtime("caml_ba_set_3", Purity::Effect, 5)),
    ("%caml_ba_unsafe_set_3", 5, runtime("caml_ba_set_3", Purity::Effect, 5)),
    ("%caml_ba_dim_1", 1, runtime("caml_ba_dim_1", Purity::Pure, 1)),
    ("%caml_ba_dim_2", 1, runtime("caml_ba_dim_2", Purity::Pure, 1)),
    ("%caml_ba_dim_3", 1, runtime("caml_ba_dim_3", Purity::Pure, 1)),
    ("%caml_bigstring_get16", 2, runtime("caml_ba_uint8_get16", Purity::Effect, 2)),
    ("%caml_bigstring_set16", 3, runtime("caml_ba_uint8_set16", Purity::Effect, 3)),
    ("%caml_bigstring_get16u", 2, runtime("caml_ba_uint8_get16", Purity::Effect, 2)),
    ("%caml_bigstring_set16u", 3, runtime("caml_ba_uint8_set16", Purity::Effect, 3)),
    ("%caml_bigstring_get32", 2, runtime("caml_ba_uint8_get32", Purity::Effect, 2)),
    ("%caml_bigstring_set32", 3, runtime("caml_ba_uint8_set32", Purity::Effect, 3)),
    ("%caml_bigstring_get32u", 2, runtime("caml_ba_uint8_get32", Purity::Effect, 2)),
    ("%caml_bigstring_set32u", 3, runtime("caml_ba_uint8_set32", Purity::Effect, 3)),
    ("%caml_bigstring_get64", 2, runtime("caml_ba_uint8_get64", Purity::Effect, 2)),
    ("%caml_bigstring_set64", 3, runtime("caml_ba_uint8_set64", Purity::Effect, 3)),
    ("%caml_bigstring_get64u", 2, runtime("caml_ba_uint8_get64", Purity::Effect, 2)),
    ("%caml_bigstring_set64u", 3, runtime("caml_ba_uint8_set64", Purity::Effect, 3)),
];

/// Every `%`-primitive OCaml 4.13 knows (`lambda/translprim.ml`): one of these that egret
/// lacks is "not supported yet", any other name OCaml's `Unknown builtin primitive`.
#[rustfmt::skip]
const OCAML_PERCENT: &[&str] = &[
    "%identity", "%bytes_to_string", "%bytes_of_string", "%ignore", "%revapply", "%apply",
    "%loc_LOC", "%loc_FILE", "%loc_LINE", "%loc_POS", "%loc_MODULE", "%loc_FUNCTION",
    "%field0", "%field1", "%setfield0", "%makeblock", "%makemutable", "%raise", "%reraise",
    "%raise_notrace", "%raise_with_backtrace", "%sequand", "%sequor", "%boolnot",
    "%big_endian", "%backend_type", "%word_size", "%int_size", "%max_wosize", "%ostype_unix",
    "%ostype_win32", "%ostype_cygwin", "%frame_pointers", "%negint", "%succint", "%predint",
    "%addint", "%subint", "%mulint", "%divint", "%modint", "%andint", "%orint", "%xorint",
    "%lslint", "%lsrint", "%asrint", "%eq", "%noteq", "%ltint", "%leint", "%gtint", "%geint",
    "%incr", "%decr", "%intoffloat", "%floatofint", "%negfloat", "%absfloat", "%addfloat",
    "%subfloat", "%mulfloat", "%divfloat", "%eqfloat", "%noteqfloat", "%ltfloat", "%lefloat",
    "%gtfloat", "%gefloat", "%string_length", "%string_safe_get", "%string_safe_set",
    "%string_unsafe_get", "%string_unsafe_set", "%bytes_length", "%bytes_safe_get",
    "%bytes_safe_set", "%bytes_unsafe_get", "%bytes_unsafe_set", "%array_length",
    "%array_safe_get", "%array_safe_set", "%array_unsafe_get", "%array_unsafe_set",
    "%obj_size", "%obj_field", "%obj_set_field", "%floatarray_length", "%floatarray_safe_get",
    "%floatarray_safe_set", "%floatarray_unsafe_get", "%floatarray_unsafe_set", "%obj_is_int",
    "%lazy_force", "%nativeint_of_int", "%nativeint_to_int", "%nativeint_neg",
    "%nativeint_add", "%nativeint_sub", "%nativeint_mul", "%nativeint_div", "%nativeint_mod",
    "%nativeint_and", "%nativeint_or", "%nativeint_xor", "%nativeint_lsl", "%nativeint_lsr",
    "%nativeint_asr", "%int32_of_int", "%int32_to_int", "%int32_neg", "%int32_add",
    "%int32_sub", "%int32_mul", "%int32_div", "%int32_mod", "%int32_and", "%int32_or",
    "%int32_xor", "%int32_lsl", "%int32_lsr", "%int32_asr", "%int64_of_int", "%int64_to_int",
    "%int64_neg", "%int64_add", "%int64_sub", "%int64_mul", "%int64_div", "%int64_mod",
    "%int64_and", "%int64_or", "%int64_xor", "%int64_lsl", "%int64_lsr", "%int64_asr",
    "%nativeint_of_int32", "%nativeint_to_int32", "%int64_of_int32", "%int64_to_int32",
    "%int64_of_nativeint", "%int64_to_nativeint", "%caml_ba_ref_1", "%caml_ba_ref_2",
    "%caml_ba_ref_3", "%caml_ba_set_1", "%caml_ba_set_2", "%caml_ba_set_3",
    "%caml_ba_unsafe_ref_1", "%caml_ba_unsafe_ref_2", "%caml_ba_unsafe_ref_3",
    "%caml_ba_unsafe_set_1", "%caml_ba_unsafe_set_2", "%caml_ba_unsafe_set_3",
    "%caml_ba_dim_1", "%caml_ba_dim_2", "%caml_ba_dim_3", "%caml_string_get16",
    "%caml_string_get16u", "%caml_string_get32", "%caml_string_get32u", "%caml_string_get64",
    "%caml_string_get64u", "%caml_string_set16", "%caml_string_set16u", "%caml_string_set32",
    "%caml_string_set32u", "%caml_string_set64", "%caml_string_set64u", "%caml_bytes_get16",
    "%caml_bytes_get16u", "%caml_bytes_get32", "%caml_bytes_get32u", "%caml_bytes_get64",
    "%caml_bytes_get64u", "%caml_bytes_set16", "%caml_bytes_set16u", "%caml_bytes_set32",
    "%caml_bytes_set32u", "%caml_bytes_set64", "%caml_bytes_set64u", "%caml_bigstring_get16",
    "%caml_bigstring_get16u", "%caml_bigstring_get32", "%caml_bigstring_get32u",
    "%caml_bigstring_get64", "%caml_bigstring_get64u", "%caml_bigstring_set16",
    "%caml_bigstring_set16u", "%caml_bigstring_set32", "%caml_bigstring_set32u",
    "%caml_bigstring_set64", "%caml_bigstring_set64u", "%bswap16", "%bswap_int32",
    "%bswap_int64", "%bswap_native", "%int_as_pointer", "%opaque", "%sys_argv", "%send",
    "%sendself", "%sendcache", "%equal", "%notequal", "%lessequal", "%lessthan",
    "%greaterequal", "%greaterthan", "%compare",
];

/// The first `arity` parameters of function type `t`, and what is left.
fn split_arrows(t: &Type, arity: usize) -> (Vec<Type>, Type) {
    let mut params = Vec::new();
    let mut t = t.clone();
    while params.len() < arity {
        match t {
            Type::Arrow(a, r) => {
                params.push(*a);
                t = *r;
            }
            _ => break,
        }
    }
    (params, t)
}

/// The number of arrows of a declared type as written (OCaml's arity of a primitive).
fn syntactic_arity(t: &ast::TypeExpr) -> usize {
    match &t.kind {
        TypeExprKind::Arrow(_, _, r) => 1 + syntactic_arity(r),
        _ => 0,
    }
}

impl Typer<'_> {
    /// A C primitive egret compiles as one of its predefined values (`caml_sqrt_float`,
    /// `float.ml`'s and `stdlib.ml`'s `sqrt`, is `sqrt`'s instruction), if `name` is one.
    fn c_as_builtin(&self, name: &str, arity: usize) -> Option<BuiltinImpl> {
        // `caml_floatarray_get`/`_set` (obj.ml's `double_field`): a floatarray is a float array
        // (the same flat representation), read and written with its bounds checked.
        const C_AS_BUILTIN: &[(&str, usize, &str)] = &[
            ("caml_sqrt_float", 1, "sqrt"),
            ("caml_floatarray_get", 2, "Array.get"),
            ("caml_floatarray_set", 3, "Array.set"),
        ];
        let &(_, want, value) = C_AS_BUILTIN.iter().find(|(n, ..)| *n == name)?;
        let b = self.builtins.iter().find(|b| b.name == value)?;
        (arity == want).then_some(b.imp)
    }

    /// `external name : type = "prim" ..`: binds `name` to a new predefined value.
    pub(super) fn external_decl(&mut self, x: &ast::ExternalDecl) -> TResult<()> {
        let arity = syntactic_arity(&x.ty);
        // OCaml's `Primitive.parse_declaration`: the old-style "noalloc" and "float" (unboxed
        // floats) strings, later strings ignored.
        let prims: Vec<&str> = x.prims.iter().map(String::as_str).collect();
        let (native, old_style_float) = match prims[..] {
            [_, "noalloc", native, "float", ..] => (native, true),
            [_, "noalloc", native, ..] => (native, false),
            [_, native, "float", ..] => (native, true),
            [name, "noalloc", ..] => (name, false),
            [_, native, ..] => (native, false),
            [name] => (name, false),
            [] => unreachable!("the parser requires a primitive name"),
        };
        let native = native.to_string();
        let first = &x.prims[0];
        if arity == 0 && !first.starts_with('%') {
            return Err(Diagnostic::error(
                x.ty.span,
                "External identifiers must be functions",
            ));
        }
        let ty = self.external_scheme(&x.ty)?;
        let imp = if first.starts_with("%loc_") && OCAML_PERCENT.contains(&first.as_str()) {
            // A location value (`pervasives.ml`'s `external __LOC__ : string = "%loc_LOC"`):
            // its uses are elaborated by name where they are written
            // (`Typer::location_value`, which reads `Stdlib.__LOC__` and
            // `Stdlib.Pervasives.__LOC__`); reached through another path it is unsupported.
            self.unavailable.push((
                format!(
                    "the location primitive \"{first}\" (external `{}`) through a module alias is",
                    x.name
                ),
                true,
            ));
            BuiltinImpl::Unavailable(self.unavailable.len() as u32 - 1)
        } else if first.starts_with('%') {
            self.percent_primitive(first, arity, x.prims_span)?
        } else if let Some(imp) = self.c_as_builtin(first, arity) {
            imp
        } else if (x.unboxed || old_style_float) && native != *first {
            // The native primitive takes unboxed or untagged arguments; the bytecode one,
            // which OCaml requires to have the same meaning, takes every argument as a
            // value: egret calls that one.
            self.c_primitive(&x.name, first, arity, false)
        } else {
            self.c_primitive(&x.name, &native, arity, x.unboxed || old_style_float)
        };
        let casts = self.declared_differently(first, &imp, &ty, arity);
        let index = self.builtins.len();
        self.builtins.push(Builtin {
            name: "",
            quantified: 0,
            ty,
            imp,
            casts,
        });
        self.env.bind(&x.name, ValueBinding::Builtin(index));
        Ok(())
    }

    /// Whether the declared type `ty` of an external implemented by `imp` (OCaml primitive
    /// `prim`) gives an argument or the result a type of the same representation as, but
    /// other than, the implementation's: `int` for `char` (`bytes.ml`'s `unsafe_get_uint8 :
    /// bytes -> int -> int = "%bytes_unsafe_get"`), `bytes` for `string`.
    fn declared_differently(&self, prim: &str, imp: &BuiltinImpl, ty: &Type, arity: usize) -> bool {
        let natural: Vec<Option<Type>> = match (prim.starts_with('%'), imp) {
            (_, BuiltinImpl::Prim(Prim::Runtime(name, _), _)) => {
                match crate::lambda::runtime::lookup(name) {
                    Some(f) => (f.params.iter().chain([&f.result]))
                        .map(|t| t.to_type())
                        .collect(),
                    None => return false,
                }
            }
            (true, _) => {
                let Some(&(_, _, Percent::As(value))) = PERCENT
                    .iter()
                    .chain(BIGARRAY_PERCENT)
                    .find(|(n, ..)| *n == prim)
                else {
                    return false;
                };
                let Some(b) = self.builtins.iter().find(|b| b.name == value) else {
                    return false;
                };
                let (params, result) = split_arrows(&b.ty, arity);
                params.into_iter().chain([result]).map(Some).collect()
            }
            _ => return false,
        };
        let mut body = ty;
        while let Type::Forall(_, t) = body {
            body = t;
        }
        let (params, result) = split_arrows(body, arity);
        let same_representation = |a: &Type, b: &Type| {
            let class = |t: &Type| match t {
                Type::Con(c, _) if *c == TyCon::CHAR || *c == TyCon::INT => Some(0),
                Type::Con(c, _) if *c == TyCon::STRING || *c == TyCon::BYTES => Some(1),
                _ => None,
            };
            a != b && class(a).is_some() && class(a) == class(b)
        };
        let declared: Vec<&Type> = params.iter().chain([&result]).collect();
        let differs = declared
            .iter()
            .zip(&natural)
            .any(|(d, n)| n.as_ref().is_some_and(|n| same_representation(d, n)));
        differs
    }

    /// The declared type, generalised: `Forall`s around it (instantiated at each use).
    fn external_scheme(&mut self, te: &ast::TypeExpr) -> TResult<Type> {
        self.annot_vars.clear();
        self.u.level += 1;
        let t = self.type_expr(te);
        self.u.level -= 1;
        self.annot_vars.clear();
        let t = self.u.zonk(&t?);
        let vs = self.u.generalizable(&t);
        let mut scheme = t;
        for &v in vs.iter().rev() {
            self.u.levels[v.0 as usize] = u32::MAX;
            scheme = Type::Forall(v, Box::new(scheme));
        }
        Ok(scheme)
    }

    fn percent_primitive(&self, name: &str, arity: usize, span: Span) -> TResult<BuiltinImpl> {
        let Some(&(_, want, how)) = PERCENT
            .iter()
            .chain(BIGARRAY_PERCENT)
            .find(|(n, ..)| *n == name)
        else {
            return Err(if OCAML_PERCENT.contains(&name) {
                Diagnostic::unsupported(span, &format!("the primitive \"{name}\" is"))
            } else {
                Diagnostic::error(span, format!("Unknown builtin primitive \"{name}\""))
            });
        };
        if arity != want {
            return Err(Diagnostic::error(
                span,
                format!("Wrong arity for builtin primitive \"{name}\""),
            ));
        }
        Ok(match how {
            Percent::Impl(imp) => imp,
            Percent::As(value) => {
                self.builtins
                    .iter()
                    .find(|b| b.name == value)
                    .expect("a %-primitive names a predefined value")
                    .imp
            }
        })
    }

    /// A C function of the runtime, or why it cannot be called (reported where it is used).
    fn c_primitive(
        &mut self,
        external: &str,
        name: &str,
        arity: usize,
        unboxed: bool,
    ) -> BuiltinImpl {
        let (message, unsupported) = match crate::lambda::runtime::lookup(name) {
            _ if unboxed => (
                format!("unboxed or untagged arguments (external `{external}`, primitive \"{name}\") are"),
                true,
            ),
            Some(f) if f.params.len() == arity => {
                return BuiltinImpl::Prim(Prim::Runtime(f.name, f.purity), arity)
            }
            Some(f) => (
                format!(
                    "the external `{external}` is declared with {arity} argument(s), but the runtime's \"{name}\" takes {}",
                    f.params.len()
                ),
                false,
            ),
            None => (
                format!("the C primitive \"{name}\" (external `{external}`) is"),
                true,
            ),
        };
        self.unavailable.push((message, unsupported));
        BuiltinImpl::Unavailable(self.unavailable.len() as u32 - 1)
    }

    /// The error for a use of an external that cannot be called, if builtin `i` is one.
    pub(super) fn check_available(&self, i: usize, span: Span) -> TResult<()> {
        match self.builtins[i].imp {
            BuiltinImpl::Unavailable(k) => {
                let (message, unsupported) = &self.unavailable[k as usize];
                Err(if *unsupported {
                    Diagnostic::unsupported(span, message)
                } else {
                    Diagnostic::error(span, message.clone())
                })
            }
            _ => Ok(()),
        }
    }
}
