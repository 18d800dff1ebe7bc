//! The SSA interpreter's runtime primitives ([`RUNTIME`]): the C runtime's functions with
//! their semantics, errors included, over the interpreter's heap.

use super::*;

mod blocks;
mod control;
mod numbers;
mod strings;
mod system;
use blocks::*;
use control::*;
use numbers::*;
use strings::*;
use system::*;

/// A runtime primitive: receives the arguments, returns the result (unit is `Int(0)`).
pub type RuntimeFn = fn(&mut Interpreter, &[IValue]) -> Result<IValue, StopReason>;

/// How a runtime primitive ends the program or transfers control instead of returning.
#[derive(Clone, Debug, PartialEq)]
pub enum StopReason {
    /// Exit with this code (output so far is kept).
    Exit(i32),
    /// A misuse (wrong argument kind).
    Invalid(String),
    /// Raise this OCaml exception.
    Raise(IValue),
    /// Run `code(env)` under a handler (`egret_try`); the interpreter loop does it.
    RunTry { code: FuncId, env: IValue },
}

/// The runtime primitives: C symbol, minimum and maximum argument count, implementation.
/// Primitives of OCaml type `unit -> _` accept their unit argument or none.
pub const RUNTIME: &[(&str, usize, usize, RuntimeFn)] = &[
    ("egret_print_int", 1, 1, rt_print_int),
    ("egret_print_string", 1, 1, rt_print_string),
    ("egret_print_char", 1, 1, rt_print_char),
    ("egret_print_endline", 1, 1, rt_print_endline),
    ("egret_print_newline", 0, 1, rt_print_newline),
    ("egret_prerr_string", 1, 1, rt_prerr_string),
    ("egret_prerr_endline", 1, 1, rt_prerr_endline),
    ("egret_prerr_int", 1, 1, rt_prerr_int),
    ("egret_flush_stdout", 0, 1, rt_flush),
    ("egret_flush_stderr", 0, 1, rt_flush),
    ("egret_flush", 1, 1, rt_flush),
    ("egret_exit", 1, 1, rt_exit),
    ("egret_sys_exit", 1, 1, rt_exit),
    (
        "egret_format_exception_string",
        2,
        2,
        rt_format_exception_string,
    ),
    ("egret_opaque_identity", 1, 1, rt_opaque_identity),
    ("egret_alloc_dummy", 1, 1, rt_alloc_dummy),
    ("egret_fresh_exception", 1, 1, rt_fresh_exception),
    ("egret_update_dummy", 2, 2, rt_update_dummy),
    (
        "egret_raise_division_by_zero",
        0,
        1,
        rt_raise_division_by_zero,
    ),
    ("egret_raise_bound_error", 0, 1, rt_raise_bound_error),
    ("egret_bound_error_exn", 0, 1, rt_bound_error_exn),
    ("egret_division_by_zero_exn", 0, 1, rt_division_by_zero_exn),
    ("egret_raise", 1, 1, rt_raise),
    ("egret_reraise", 1, 1, rt_raise),
    ("egret_reraise_unmatched", 1, 1, rt_raise),
    ("egret_raise_notrace", 1, 1, rt_raise),
    ("egret_note_raise", 1, 1, rt_note_raise),
    ("egret_note_reraise", 1, 1, rt_note_raise),
    ("egret_try", 2, 2, rt_try),
    ("egret_compare", 2, 2, rt_compare),
    ("egret_compare_partial", 2, 2, rt_compare_partial),
    ("egret_string_length", 1, 1, rt_string_length),
    ("egret_string_get", 2, 2, rt_string_get),
    ("egret_string_make", 2, 2, rt_string_make),
    ("egret_string_sub", 3, 3, rt_string_sub),
    ("egret_string_concat", 2, 2, rt_string_concat),
    ("egret_string_of_int", 1, 1, rt_string_of_int),
    ("egret_int_of_string", 1, 1, rt_int_of_string),
    ("egret_bytes_create", 1, 1, rt_bytes_create),
    ("caml_bytes_set", 3, 3, rt_bytes_set),
    ("caml_fill_bytes", 4, 4, rt_fill_bytes),
    ("caml_string_equal", 2, 2, rt_string_equal),
    ("caml_string_notequal", 2, 2, rt_string_notequal),
    ("caml_string_lessthan", 2, 2, rt_string_lessthan),
    ("caml_string_lessequal", 2, 2, rt_string_lessequal),
    ("caml_string_greaterthan", 2, 2, rt_string_greaterthan),
    ("caml_string_greaterequal", 2, 2, rt_string_greaterequal),
    ("caml_string_compare", 2, 2, rt_string_compare),
    ("egret_bytes_unsafe_set", 3, 3, rt_bytes_unsafe_set),
    ("egret_blit_string", 5, 5, rt_blit_string),
    ("egret_array_make", 2, 2, rt_array_make),
    ("caml_record_backtrace", 1, 1, rt_record_backtrace),
    ("caml_restore_raw_backtrace", 2, 2, rt_unit),
    ("caml_backtrace_status", 1, 1, rt_backtrace_status),
    ("caml_get_exception_raw_backtrace", 1, 1, rt_empty_backtrace),
    ("caml_get_current_callstack", 1, 1, rt_empty_backtrace),
    ("caml_convert_raw_backtrace", 1, 1, rt_same),
    ("caml_raw_backtrace_next_slot", 1, 1, rt_unit),
    ("caml_get_exception_backtrace", 1, 1, rt_no_backtrace),
    ("caml_ml_debug_info_status", 1, 1, rt_unit),
    ("caml_convert_raw_backtrace_slot", 1, 1, rt_no_slot),
    ("caml_raw_backtrace_slot", 2, 2, rt_no_slot),
    ("egret_floatarray_create", 1, 1, rt_floatarray_create),
    ("caml_array_sub", 3, 3, rt_array_sub),
    ("caml_array_append", 2, 2, rt_array_append),
    ("caml_array_concat", 1, 1, rt_array_concat),
    ("caml_array_blit", 5, 5, rt_array_blit),
    ("caml_array_fill", 4, 4, rt_array_fill),
    ("egret_hash", 4, 4, rt_hash),
    ("egret_array_length", 1, 1, rt_array_length),
    ("egret_array_get", 2, 2, rt_array_get),
    ("egret_array_set", 3, 3, rt_array_set),
    ("egret_double_field_get", 2, 2, rt_float_field_get),
    ("egret_double_field_set", 3, 3, rt_float_field_set),
    ("egret_obj_field", 2, 2, rt_array_get),
    ("egret_obj_set_field", 3, 3, rt_array_set),
    ("egret_addr_array_get", 2, 2, rt_array_get),
    ("egret_addr_array_set", 3, 3, rt_array_set),
    ("egret_floatarray_get", 2, 2, rt_array_get),
    ("egret_floatarray_set", 3, 3, rt_array_set),
    ("egret_sys_argv", 0, 1, rt_sys_argv),
    ("caml_sys_get_config", 0, 1, rt_sys_get_config),
    ("caml_runtime_variant", 0, 1, rt_runtime_variant),
    ("caml_runtime_parameters", 0, 1, rt_runtime_parameters),
    (
        "caml_ml_enable_runtime_warnings",
        1,
        1,
        rt_enable_runtime_warnings,
    ),
    (
        "caml_ml_runtime_warnings_enabled",
        0,
        1,
        rt_runtime_warnings_enabled,
    ),
    ("egret_format_int", 2, 2, rt_format_int),
    ("egret_format_string", 2, 2, rt_format_string),
    ("egret_format_char", 2, 2, rt_format_char),
    // Floats: boxed (a block of tag 253 whose one field is the raw bits).
    ("egret_float_exp", 1, 1, rt_float_exp),
    ("egret_float_log", 1, 1, rt_float_log),
    ("egret_float_log10", 1, 1, rt_float_log10),
    ("egret_float_log2", 1, 1, rt_float_log2),
    ("egret_float_exp2", 1, 1, rt_float_exp2),
    ("egret_float_expm1", 1, 1, rt_float_expm1),
    ("egret_float_log1p", 1, 1, rt_float_log1p),
    ("egret_float_sin", 1, 1, rt_float_sin),
    ("egret_float_cos", 1, 1, rt_float_cos),
    ("egret_float_tan", 1, 1, rt_float_tan),
    ("egret_float_asin", 1, 1, rt_float_asin),
    ("egret_float_acos", 1, 1, rt_float_acos),
    ("egret_float_atan", 1, 1, rt_float_atan),
    ("egret_float_sinh", 1, 1, rt_float_sinh),
    ("egret_float_cosh", 1, 1, rt_float_cosh),
    ("egret_float_tanh", 1, 1, rt_float_tanh),
    ("egret_float_asinh", 1, 1, rt_float_asinh),
    ("egret_float_acosh", 1, 1, rt_float_acosh),
    ("egret_float_atanh", 1, 1, rt_float_atanh),
    ("egret_float_ceil", 1, 1, rt_float_ceil),
    ("egret_float_floor", 1, 1, rt_float_floor),
    ("egret_float_trunc", 1, 1, rt_float_trunc),
    ("egret_float_round", 1, 1, rt_float_round),
    ("egret_float_cbrt", 1, 1, rt_float_cbrt),
    ("egret_float_signbit", 1, 1, rt_float_signbit),
    ("egret_float_erf", 1, 1, rt_float_erf),
    ("egret_float_erfc", 1, 1, rt_float_erfc),
    ("egret_float_atan2", 2, 2, rt_float_atan2),
    ("egret_float_hypot", 2, 2, rt_float_hypot),
    ("egret_float_pow", 2, 2, rt_float_pow),
    ("egret_float_fmod", 2, 2, rt_float_fmod),
    ("egret_float_copysign", 2, 2, rt_float_copysign),
    ("egret_float_nextafter", 2, 2, rt_float_nextafter),
    ("egret_float_of_string", 1, 1, rt_float_of_string),
    ("egret_string_of_float", 1, 1, rt_string_of_float),
    ("egret_format_float", 2, 2, rt_format_float),
    ("caml_hexstring_of_float", 3, 3, rt_hexstring_of_float),
    ("egret_float_ldexp", 2, 2, rt_float_ldexp),
    ("egret_float_frexp", 1, 1, rt_float_frexp),
    ("egret_float_modf", 1, 1, rt_float_modf),
    ("egret_float_classify", 1, 1, rt_float_classify),
    ("egret_float_fma", 3, 3, rt_float_fma),
    ("caml_gc_minor", 0, 1, rt_gc_collect),
    ("caml_gc_major", 0, 1, rt_gc_collect),
    ("caml_gc_full_major", 0, 1, rt_gc_collect),
    ("caml_gc_compaction", 0, 1, rt_gc_collect),
    ("caml_gc_major_slice", 1, 1, rt_gc_major_slice),
    ("caml_gc_get", 0, 1, rt_gc_get),
    ("caml_gc_minor_words", 0, 1, rt_gc_minor_words),
    ("caml_gc_counters", 0, 1, rt_gc_counters),
    ("caml_gc_stat", 0, 1, rt_gc_stat),
    ("caml_gc_quick_stat", 0, 1, rt_gc_stat),
    ("caml_get_minor_free", 0, 1, rt_zero),
    ("caml_obj_reachable_words", 1, 1, rt_obj_reachable_words),
    ("caml_ephe_create", 1, 1, rt_ephe_create),
    ("caml_weak_create", 1, 1, rt_ephe_create),
    ("caml_ephe_set_key", 3, 3, rt_weak),
    ("caml_ephe_unset_key", 2, 2, rt_weak),
    ("caml_weak_get", 2, 2, rt_weak),
    ("caml_weak_get_copy", 2, 2, rt_weak),
    ("caml_weak_check", 2, 2, rt_weak),
    ("caml_weak_blit", 5, 5, rt_weak_blit),
    ("caml_final_register", 2, 2, rt_final_register),
    (
        "caml_final_register_called_without_value",
        2,
        2,
        rt_final_register,
    ),
    ("egret_final_pending", 0, 1, rt_zero),
    ("egret_final_next", 0, 1, rt_zero),
    ("caml_gc_set", 1, 1, rt_gc_set),
    ("caml_obj_tag", 1, 1, rt_obj_tag),
    ("egret_obj_is_int", 1, 1, rt_obj_is_int),
    ("caml_obj_block", 2, 2, rt_obj_block),
    ("caml_obj_with_tag", 2, 2, rt_obj_with_tag),
    ("caml_obj_dup", 1, 1, rt_obj_dup),
    ("caml_obj_make_forward", 2, 2, rt_obj_make_forward),
    ("caml_lazy_make_forward", 1, 1, rt_lazy_make_forward),
    ("egret_open_in", 1, 1, rt_sys),
    ("egret_open_out", 1, 1, rt_sys),
    ("egret_close_channel", 1, 1, rt_sys),
    ("egret_input_char", 1, 1, rt_sys),
    ("egret_input", 2, 2, rt_sys),
    ("egret_input_scan_line", 1, 1, rt_sys),
    ("egret_in_channel_length", 1, 1, rt_sys),
    ("egret_output_string", 2, 2, rt_sys),
    ("egret_pos_in", 1, 1, rt_sys),
    ("egret_seek_in", 2, 2, rt_sys),
    ("egret_pos_out", 1, 1, rt_sys),
    ("egret_seek_out", 2, 2, rt_sys),
    ("egret_out_channel_length", 1, 1, rt_sys),
    ("egret_sys_open", 3, 3, rt_sys),
    ("egret_sys_close", 1, 1, rt_sys),
    ("caml_sys_open", 3, 3, rt_sys),
    ("egret_open_descriptor_in", 1, 1, rt_sys),
    ("egret_open_descriptor_out", 1, 1, rt_sys),
    ("egret_flush_all", 0, 1, rt_sys),
    ("caml_sys_getenv", 1, 1, rt_sys),
    ("caml_sys_file_exists", 1, 1, rt_sys),
    ("caml_sys_is_directory", 1, 1, rt_sys),
    ("caml_sys_remove", 1, 1, rt_sys),
    ("caml_sys_rename", 2, 2, rt_sys),
    ("caml_sys_chdir", 1, 1, rt_sys),
    ("caml_sys_getcwd", 0, 1, rt_sys),
    ("caml_sys_mkdir", 2, 2, rt_sys),
    ("caml_sys_rmdir", 1, 1, rt_sys),
    ("caml_sys_system_command", 1, 1, rt_sys),
    ("caml_sys_read_directory", 1, 1, rt_sys),
    ("caml_sys_time", 0, 1, rt_sys),
    ("caml_sys_executable_name", 0, 1, rt_sys),
    (
        "caml_install_signal_handler",
        2,
        2,
        rt_install_signal_handler,
    ),
    ("caml_sys_random_seed", 0, 1, rt_sys),
    ("caml_md5_string", 3, 3, rt_sys),
    ("caml_md5_chan", 2, 2, rt_sys),
    ("caml_register_named_value", 2, 2, rt_register_named_value),
    ("egret_named_value", 1, 1, rt_named_value),
    ("caml_bswap16", 1, 1, rt_bswap16),
    // Marshal (runtime/egret_marshal.c) is not in the interpreter: a call is its error.
    ("caml_output_value", 3, 3, rt_marshal),
    ("caml_output_value_to_bytes", 2, 2, rt_marshal),
    ("caml_output_value_to_string", 2, 2, rt_marshal),
    ("caml_output_value_to_buffer", 5, 5, rt_marshal),
    ("caml_input_value", 1, 1, rt_marshal),
    ("caml_input_value_from_bytes", 2, 2, rt_marshal),
    ("caml_marshal_data_size", 2, 2, rt_marshal),
    // The lexer's and parser's automata (`lambda::engines`).
    ("caml_lex_engine", 3, 3, rt_engine),
    ("caml_new_lex_engine", 3, 3, rt_engine),
    ("caml_parse_engine", 4, 4, rt_engine),
    ("caml_set_parser_trace", 1, 1, rt_engine),
    ("caml_string_get16", 2, 2, rt_bytes_access),
    ("caml_string_get32", 2, 2, rt_bytes_access),
    ("caml_string_get64", 2, 2, rt_bytes_access),
    ("caml_bytes_get16", 2, 2, rt_bytes_access),
    ("caml_bytes_get32", 2, 2, rt_bytes_access),
    ("caml_bytes_get64", 2, 2, rt_bytes_access),
    ("caml_bytes_set16", 3, 3, rt_bytes_access),
    ("caml_bytes_set32", 3, 3, rt_bytes_access),
    ("caml_bytes_set64", 3, 3, rt_bytes_access),
    // Bigarrays (runtime/egret_bigarray.c) are not in the interpreter: a call is its error.
    ("caml_ba_create", 3, 3, rt_bigarray),
    ("caml_ba_get_generic", 2, 2, rt_bigarray),
    ("caml_ba_set_generic", 3, 3, rt_bigarray),
    ("caml_ba_get_1", 2, 2, rt_bigarray),
    ("caml_ba_get_2", 3, 3, rt_bigarray),
    ("caml_ba_get_3", 4, 4, rt_bigarray),
    ("caml_ba_set_1", 3, 3, rt_bigarray),
    ("caml_ba_set_2", 4, 4, rt_bigarray),
    ("caml_ba_set_3", 5, 5, rt_bigarray),
    ("caml_ba_num_dims", 1, 1, rt_bigarray),
    ("caml_ba_dim", 2, 2, rt_bigarray),
    ("caml_ba_dim_1", 1, 1, rt_bigarray),
    ("caml_ba_dim_2", 1, 1, rt_bigarray),
    ("caml_ba_dim_3", 1, 1, rt_bigarray),
    ("caml_ba_kind", 1, 1, rt_bigarray),
    ("caml_ba_layout", 1, 1, rt_bigarray),
    ("caml_ba_change_layout", 2, 2, rt_bigarray),
    ("caml_ba_sub", 3, 3, rt_bigarray),
    ("caml_ba_slice", 2, 2, rt_bigarray),
    ("caml_ba_blit", 2, 2, rt_bigarray),
    ("caml_ba_fill", 2, 2, rt_bigarray),
    ("caml_ba_reshape", 2, 2, rt_bigarray),
    ("caml_ba_uint8_get16", 2, 2, rt_bigarray),
    ("caml_ba_uint8_get32", 2, 2, rt_bigarray),
    ("caml_ba_uint8_get64", 2, 2, rt_bigarray),
    ("caml_ba_uint8_set16", 3, 3, rt_bigarray),
    ("caml_ba_uint8_set32", 3, 3, rt_bigarray),
    ("caml_ba_uint8_set64", 3, 3, rt_bigarray),
    // Boxed integers (`lambda::boxint`): custom blocks `[ops, payload]`.
];

/// The primitive `name`: its C symbol, minimum and maximum argument count, implementation.
/// The boxed-integer family (`caml_int32_add` ..., every name [`crate::lambda::boxint::split_name`]
/// knows) is [`rt_boxint`] at the arity `lambda::runtime` declares; the rest is [`RUNTIME`].
pub fn lookup(name: &str) -> Option<(&'static str, usize, usize, RuntimeFn)> {
    if let Some(&entry) = RUNTIME.iter().find(|(n, ..)| *n == name) {
        return Some(entry);
    }
    crate::lambda::boxint::split_name(name)?;
    let f = crate::lambda::runtime::lookup(name)?;
    Some((f.name, f.params.len(), f.params.len(), rt_boxint))
}

/// The raw word standing for a custom operations symbol in the interpreter's heap (the address
/// of `caml_int32_ops` ... in the C runtime): 1, 2, 3 for int32, int64, nativeint.
pub fn custom_ops_code(symbol: &str) -> i64 {
    crate::lambda::ir::BoxedIntKind::ALL
        .iter()
        .position(|k| k.ops_symbol() == symbol)
        .map_or(0, |i| i as i64 + 1)
}

/// The boxed integer type of an operations word ([`custom_ops_code`]).
pub fn custom_ops_kind(code: i64) -> Option<crate::lambda::ir::BoxedIntKind> {
    let i = usize::try_from(code.checked_sub(1)?).ok()?;
    crate::lambda::ir::BoxedIntKind::ALL.get(i).copied()
}

pub(super) const UNIT: IValue = IValue::Int(0);
