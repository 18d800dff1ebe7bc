//! The SSA interpreter's runtime primitives ([`RUNTIME`]): the C runtime's functions with
//! their semantics, errors included, over the interpreter's heap.

use super::*;

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
    ("caml_record_backtrace", 1, 1, rt_unit),
    ("caml_restore_raw_backtrace", 2, 2, rt_unit),
    ("caml_backtrace_status", 1, 1, rt_unit),
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
    // Nothing reads the table (no C code) and nothing is collected here.
    ("caml_register_named_value", 2, 2, rt_gc_collect),
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
    ("caml_int32_neg", 1, 1, rt_boxint),
    ("caml_int32_add", 2, 2, rt_boxint),
    ("caml_int32_sub", 2, 2, rt_boxint),
    ("caml_int32_mul", 2, 2, rt_boxint),
    ("caml_int32_div", 2, 2, rt_boxint),
    ("caml_int32_mod", 2, 2, rt_boxint),
    ("caml_int32_and", 2, 2, rt_boxint),
    ("caml_int32_or", 2, 2, rt_boxint),
    ("caml_int32_xor", 2, 2, rt_boxint),
    ("caml_int32_shift_left", 2, 2, rt_boxint),
    ("caml_int32_shift_right", 2, 2, rt_boxint),
    ("caml_int32_shift_right_unsigned", 2, 2, rt_boxint),
    ("caml_int32_bswap", 1, 1, rt_boxint),
    ("caml_int32_of_int", 1, 1, rt_boxint),
    ("caml_int32_to_int", 1, 1, rt_boxint),
    ("caml_int32_of_float", 1, 1, rt_boxint),
    ("caml_int32_to_float", 1, 1, rt_boxint),
    ("caml_int32_compare", 2, 2, rt_boxint),
    ("caml_int32_format", 2, 2, rt_boxint),
    ("caml_int32_of_string", 1, 1, rt_boxint),
    ("egret_format_int32", 2, 2, rt_boxint),
    ("caml_int64_neg", 1, 1, rt_boxint),
    ("caml_int64_add", 2, 2, rt_boxint),
    ("caml_int64_sub", 2, 2, rt_boxint),
    ("caml_int64_mul", 2, 2, rt_boxint),
    ("caml_int64_div", 2, 2, rt_boxint),
    ("caml_int64_mod", 2, 2, rt_boxint),
    ("caml_int64_and", 2, 2, rt_boxint),
    ("caml_int64_or", 2, 2, rt_boxint),
    ("caml_int64_xor", 2, 2, rt_boxint),
    ("caml_int64_shift_left", 2, 2, rt_boxint),
    ("caml_int64_shift_right", 2, 2, rt_boxint),
    ("caml_int64_shift_right_unsigned", 2, 2, rt_boxint),
    ("caml_int64_bswap", 1, 1, rt_boxint),
    ("caml_int64_of_int", 1, 1, rt_boxint),
    ("caml_int64_to_int", 1, 1, rt_boxint),
    ("caml_int64_of_float", 1, 1, rt_boxint),
    ("caml_int64_to_float", 1, 1, rt_boxint),
    ("caml_int64_compare", 2, 2, rt_boxint),
    ("caml_int64_format", 2, 2, rt_boxint),
    ("caml_int64_of_string", 1, 1, rt_boxint),
    ("egret_format_int64", 2, 2, rt_boxint),
    ("caml_nativeint_neg", 1, 1, rt_boxint),
    ("caml_nativeint_add", 2, 2, rt_boxint),
    ("caml_nativeint_sub", 2, 2, rt_boxint),
    ("caml_nativeint_mul", 2, 2, rt_boxint),
    ("caml_nativeint_div", 2, 2, rt_boxint),
    ("caml_nativeint_mod", 2, 2, rt_boxint),
    ("caml_nativeint_and", 2, 2, rt_boxint),
    ("caml_nativeint_or", 2, 2, rt_boxint),
    ("caml_nativeint_xor", 2, 2, rt_boxint),
    ("caml_nativeint_shift_left", 2, 2, rt_boxint),
    ("caml_nativeint_shift_right", 2, 2, rt_boxint),
    ("caml_nativeint_shift_right_unsigned", 2, 2, rt_boxint),
    ("caml_nativeint_bswap", 1, 1, rt_boxint),
    ("caml_nativeint_of_int", 1, 1, rt_boxint),
    ("caml_nativeint_to_int", 1, 1, rt_boxint),
    ("caml_nativeint_of_float", 1, 1, rt_boxint),
    ("caml_nativeint_to_float", 1, 1, rt_boxint),
    ("caml_nativeint_compare", 2, 2, rt_boxint),
    ("caml_nativeint_format", 2, 2, rt_boxint),
    ("caml_nativeint_of_string", 1, 1, rt_boxint),
    ("egret_format_nativeint", 2, 2, rt_boxint),
    ("caml_int64_of_int32", 1, 1, rt_boxint),
    ("caml_int64_to_int32", 1, 1, rt_boxint),
    ("caml_nativeint_of_int32", 1, 1, rt_boxint),
    ("caml_nativeint_to_int32", 1, 1, rt_boxint),
    ("caml_int64_of_nativeint", 1, 1, rt_boxint),
    ("caml_int64_to_nativeint", 1, 1, rt_boxint),
    ("caml_int32_bits_of_float", 1, 1, rt_boxint),
    ("caml_int32_float_of_bits", 1, 1, rt_boxint),
    ("caml_int64_bits_of_float", 1, 1, rt_boxint),
    ("caml_int64_float_of_bits", 1, 1, rt_boxint),
];

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

/// Bigarrays are the C runtime's only (`runtime/egret_bigarray.c`): the interpreter stops.
fn rt_bigarray(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Invalid(format!(
        "{}: bigarrays are not in the interpreter",
        it.current_runtime
    )))
}

fn rt_marshal(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Invalid(format!(
        "{}: Marshal is not in the interpreter",
        it.current_runtime
    )))
}

fn rt_bswap16(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(crate::lambda::boxint::bswap16(
        it.int_arg(a[0])?,
    )))
}

/// The 16-, 32- and 64-bit accesses of strings and bytes ([`crate::lambda::boxint::bytes_get`]).
fn rt_bytes_access(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    use crate::lambda::boxint::{bytes_access, bytes_get, bytes_set};
    use crate::lambda::ir::BoxedIntKind;
    let name = it.current_runtime;
    let Some((set, width)) = bytes_access(name) else {
        return Err(StopReason::Invalid(format!("{name}: not a bytes access")));
    };
    let i = it.int_arg(a[1])?;
    if set {
        let v = match a[2] {
            IValue::Int(n) => n,
            v => it.boxed_int_arg(v)?.1,
        };
        if !bytes_set(it.bytes_mut(a[0])?, i, width, v) {
            return it.invalid_argument("index out of bounds");
        }
        return Ok(UNIT);
    }
    match bytes_get(it.bytes_ref(a[0])?, i, width) {
        None => it.invalid_argument("index out of bounds"),
        Some(n) if width == 2 => Ok(IValue::Int(n)),
        Some(n) if width == 4 => Ok(it.box_int(BoxedIntKind::Int32, n)),
        Some(n) => Ok(it.box_int(BoxedIntKind::Int64, n)),
    }
}

/// Every boxed-integer primitive: [`crate::lambda::boxint::eval`] by the primitive's name.
fn rt_boxint(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    use crate::lambda::boxint::{eval, split_name, BoxArg, BoxResult};
    let name = it.current_runtime;
    let Some((kind, op)) = split_name(name) else {
        return Err(StopReason::Invalid(format!(
            "{name}: not a boxed-integer primitive"
        )));
    };
    let mut args = Vec::with_capacity(a.len());
    for &v in a {
        args.push(match v {
            IValue::Int(n) => BoxArg::Int(n),
            IValue::Ptr(p) => match &it.heap[p as usize] {
                HeapBlock::Bytes(b) => BoxArg::Str(b.clone()),
                HeapBlock::Fields {
                    tag: DOUBLE_TAG, ..
                } => BoxArg::Float(it.float_arg(v)?),
                _ => {
                    let (k, n) = it.boxed_int_arg(v)?;
                    BoxArg::Boxed(k, n)
                }
            },
            v => return Err(StopReason::Invalid(format!("{name} of {v:?}"))),
        });
    }
    match eval(kind, op, &args) {
        Some(BoxResult::Value(BoxArg::Int(n))) => Ok(IValue::Int(n)),
        Some(BoxResult::Value(BoxArg::Boxed(k, n))) => Ok(it.box_int(k, n)),
        Some(BoxResult::Value(BoxArg::Float(x))) => Ok(it.box_float(x)),
        Some(BoxResult::Value(BoxArg::Str(s))) => Ok(it.alloc(HeapBlock::Bytes(s))),
        Some(BoxResult::DivisionByZero) => it.raise_constant("Division_by_zero"),
        Some(BoxResult::Failure(msg)) => it.failwith(&msg),
        None => Err(StopReason::Invalid(format!(
            "{name}: bad arguments {args:?}"
        ))),
    }
}

pub(super) const UNIT: IValue = IValue::Int(0);

/// The C library's functions of one and two floats, each calling `float_unary`/`float_binary`
/// with its C name (the table's functions receive no name).
macro_rules! float_fns {
    ($kind:ident: $($rt:ident = $name:literal),* $(,)?) => {
        $(fn $rt(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
            $kind(it, a, $name)
        })*
    };
}
float_fns!(float_unary: rt_float_exp = "exp", rt_float_log = "log", rt_float_log10 = "log10", rt_float_log2 = "log2", rt_float_exp2 = "exp2", rt_float_expm1 = "expm1", rt_float_log1p = "log1p", rt_float_sin = "sin", rt_float_cos = "cos", rt_float_tan = "tan", rt_float_asin = "asin", rt_float_acos = "acos", rt_float_atan = "atan", rt_float_sinh = "sinh", rt_float_cosh = "cosh", rt_float_tanh = "tanh", rt_float_asinh = "asinh", rt_float_acosh = "acosh", rt_float_atanh = "atanh", rt_float_ceil = "ceil", rt_float_floor = "floor", rt_float_trunc = "trunc", rt_float_round = "round", rt_float_cbrt = "cbrt", rt_float_erf = "erf", rt_float_erfc = "erfc");
float_fns!(float_binary: rt_float_atan2 = "atan2", rt_float_hypot = "hypot", rt_float_pow = "pow", rt_float_fmod = "fmod", rt_float_copysign = "copysign", rt_float_nextafter = "nextafter");
fn rt_float_of_string(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    match crate::lambda::float::float_of_string(it.bytes_ref(x[0])?) {
        Some(f) => Ok(it.box_float(f)),
        None => it.failwith("float_of_string"),
    }
}
fn rt_string_of_float(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    let s = crate::lambda::float::string_of_float(a);
    Ok(it.alloc(HeapBlock::Bytes(s.into_bytes())))
}
fn rt_hexstring_of_float(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    let prec = it.int_arg(x[1])?;
    let style = u8::try_from(it.int_arg(x[2])?).unwrap_or(b'-');
    let s = crate::lambda::float::hexstring_of_float(a, prec, style);
    Ok(it.alloc(HeapBlock::Bytes(s.into_bytes())))
}
fn rt_format_float(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let spec = it.bytes_ref(x[0])?.to_vec();
    let a = it.float_arg(x[1])?;
    match crate::lambda::float::format_conversion(&spec, a) {
        Some(s) => Ok(it.alloc(HeapBlock::Bytes(s.into_bytes()))),
        None => Err(StopReason::Invalid(format!(
            "egret_format_float: bad conversion {}",
            String::from_utf8_lossy(&spec)
        ))),
    }
}
fn rt_float_ldexp(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let (a, e) = (it.float_arg(x[0])?, it.int_arg(x[1])?);
    Ok(it.box_float(crate::lambda::float::ldexp(a, e)))
}
fn rt_float_frexp(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let (m, e) = crate::lambda::float::frexp(it.float_arg(x[0])?);
    let m = it.box_float(m);
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![m, IValue::Int(e)],
    }))
}
fn rt_float_modf(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    let (f, i) = crate::lambda::float::modf(a);
    let (f, i) = (it.box_float(f), it.box_float(i));
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![f, i],
    }))
}
fn rt_float_signbit(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.float_arg(x[0])?.is_sign_negative() as i64))
}
fn rt_float_classify(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    Ok(IValue::Int(crate::lambda::float::classify(a)))
}
fn rt_float_fma(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let (a, b, c) = (
        it.float_arg(x[0])?,
        it.float_arg(x[1])?,
        it.float_arg(x[2])?,
    );
    Ok(it.box_float(a.mul_add(b, c)))
}
fn float_unary(it: &mut Interpreter, x: &[IValue], name: &str) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    let f = crate::lambda::runtime::FLOAT_UNARY
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a listed function")
        .1;
    Ok(it.box_float(f(a)))
}
fn float_binary(it: &mut Interpreter, x: &[IValue], name: &str) -> Result<IValue, StopReason> {
    let (a, b) = (it.float_arg(x[0])?, it.float_arg(x[1])?);
    let f = crate::lambda::runtime::FLOAT_BINARY
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a listed function")
        .1;
    Ok(it.box_float(f(a, b)))
}

fn rt_print_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    it.stdout.extend_from_slice(n.to_string().as_bytes());
    Ok(UNIT)
}
fn rt_print_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let s = it.string_arg(a[0])?;
    it.stdout.extend_from_slice(&s);
    Ok(UNIT)
}
fn rt_print_char(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let c = it.int_arg(a[0])?;
    it.stdout.push(c as u8);
    Ok(UNIT)
}
fn rt_print_endline(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    rt_print_string(it, a)?;
    it.stdout.push(b'\n');
    Ok(UNIT)
}
fn rt_print_newline(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    it.stdout.push(b'\n');
    Ok(UNIT)
}
fn rt_prerr_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let s = it.string_arg(a[0])?;
    it.stderr.extend_from_slice(&s);
    Ok(UNIT)
}
fn rt_prerr_endline(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    rt_prerr_string(it, a)?;
    it.stderr.push(b'\n');
    Ok(UNIT)
}
fn rt_prerr_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    it.stderr.extend_from_slice(n.to_string().as_bytes());
    Ok(UNIT)
}
fn rt_flush(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    // stdout and stderr are collected unbuffered; an opened file's buffer is written.
    if let Some(&IValue::Int(id)) = a.first() {
        if id > 2 && it.current_runtime == "egret_flush" {
            if let Err(crate::lambda::sys::SysFailure::SysError(m)) = crate::lambda::chan::flush(id)
            {
                return it.raise_with_string("Sys_error", &String::from_utf8_lossy(&m));
            }
        }
    }
    Ok(UNIT)
}
fn rt_exit(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Exit(it.int_arg(a[0])? as i32))
}
fn rt_opaque_identity(_: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(a[0])
}
fn rt_raise_division_by_zero(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    it.raise_constant("Division_by_zero")
}
fn rt_raise_bound_error(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    it.invalid_argument("index out of bounds")
}
fn rt_raise(_: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Raise(a[0]))
}
/// A raise point noted for the backtrace (a local raise): the interpreter keeps no backtrace.
fn rt_note_raise(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(0))
}
fn rt_try(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let IValue::Code(code) = a[0] else {
        return Err(StopReason::Invalid(format!("egret_try of {:?}", a[0])));
    };
    let IValue::Ptr(p) = a[1] else {
        return Err(StopReason::Invalid(format!(
            "egret_try with env {:?}",
            a[1]
        )));
    };
    match it.module.functions.get(code.index()) {
        Some(f) if f.abi == Abi::C && f.params.len() == 1 => {}
        _ => {
            return Err(StopReason::Invalid(format!(
                "egret_try of {code:?}, not a C-ABI function of one parameter"
            )))
        }
    }
    Err(StopReason::RunTry {
        code,
        env: IValue::Ptr(p),
    })
}
fn rt_compare(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.compare(a[0], a[1], true)?))
}
fn rt_compare_partial(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.compare(a[0], a[1], false)?))
}
fn rt_string_length(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.bytes_ref(a[0])?.len() as i64))
}
fn rt_string_get(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])?;
    let s = it.bytes_ref(a[0])?;
    match usize::try_from(i).ok().and_then(|i| s.get(i)) {
        Some(&c) => Ok(IValue::Int(c as i64)),
        None => it.invalid_argument("index out of bounds"),
    }
}
fn rt_string_make(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (n, c) = (it.int_arg(a[0])?, it.int_arg(a[1])?);
    if n < 0 {
        return it.invalid_argument("Bytes.create");
    }
    Ok(it.alloc(HeapBlock::Bytes(vec![c as u8; n as usize])))
}
fn rt_string_sub(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (o, l) = (it.int_arg(a[1])?, it.int_arg(a[2])?);
    let s = it.bytes_ref(a[0])?;
    if o < 0
        || l < 0
        || o.checked_add(l)
            .is_none_or(|end| end as u64 > s.len() as u64)
    {
        return it.invalid_argument("String.sub / Bytes.sub");
    }
    let sub = s[o as usize..(o + l) as usize].to_vec();
    Ok(it.alloc(HeapBlock::Bytes(sub)))
}
fn rt_string_concat(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let mut s = it.bytes_ref(a[0])?.to_vec();
    s.extend_from_slice(it.bytes_ref(a[1])?);
    Ok(it.alloc(HeapBlock::Bytes(s)))
}
fn rt_format_exception_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let text = if it.int_arg(a[1])? != 0 {
        it.format_exception_printexc(a[0])
    } else {
        it.format_exception(a[0])
    };
    Ok(it.alloc(HeapBlock::Bytes(text)))
}
fn rt_string_of_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    Ok(it.alloc(HeapBlock::Bytes(n.to_string().into_bytes())))
}
fn rt_int_of_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    match parse_int(it.bytes_ref(a[0])?) {
        Some(n) => Ok(IValue::Int(n)),
        None => it.failwith("int_of_string"),
    }
}
fn rt_bytes_create(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    if n < 0 {
        return it.invalid_argument("Bytes.create");
    }
    Ok(it.alloc(HeapBlock::Bytes(vec![0; n as usize])))
}
fn rt_bytes_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (i, c) = (it.int_arg(a[1])?, it.int_arg(a[2])?);
    let b = it.bytes_mut(a[0])?;
    match usize::try_from(i).ok().and_then(|i| b.get_mut(i)) {
        Some(byte) => *byte = c as u8,
        None => return it.invalid_argument("index out of bounds"),
    }
    Ok(UNIT)
}
fn rt_fill_bytes(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (o, l, c) = (it.int_arg(a[1])?, it.int_arg(a[2])?, it.int_arg(a[3])?);
    let b = it.bytes_mut(a[0])?;
    match (usize::try_from(o), usize::try_from(l)) {
        (Ok(o), Ok(l)) if o + l <= b.len() => b[o..o + l].fill(c as u8),
        _ => {
            return Err(StopReason::Invalid(format!(
                "caml_fill_bytes: {o} {l} out of bounds"
            )))
        }
    }
    Ok(UNIT)
}
fn rt_string_equal(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_eq())
}
fn rt_string_notequal(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_ne())
}
fn rt_string_lessthan(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_lt())
}
fn rt_string_lessequal(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_le())
}
fn rt_string_greaterthan(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_gt())
}
fn rt_string_greaterequal(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_ge())
}
fn rt_string_compare(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let order = it.bytes_ref(a[0])?.cmp(it.bytes_ref(a[1])?);
    Ok(IValue::Int(order as i64))
}
/// A string comparison's boolean: the bytes' lexicographic order (OCaml's `caml_string_*`).
fn string_order(
    it: &mut Interpreter,
    a: &[IValue],
    test: fn(std::cmp::Ordering) -> bool,
) -> Result<IValue, StopReason> {
    let order = it.bytes_ref(a[0])?.cmp(it.bytes_ref(a[1])?);
    Ok(IValue::Int(test(order) as i64))
}
fn rt_bytes_unsafe_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (i, c) = (it.int_arg(a[1])?, it.int_arg(a[2])?);
    let b = it.bytes_mut(a[0])?;
    match usize::try_from(i).ok().and_then(|i| b.get_mut(i)) {
        Some(byte) => *byte = c as u8,
        None => {
            return Err(StopReason::Invalid(format!(
                "egret_bytes_unsafe_set: index {i} out of bounds"
            )))
        }
    }
    Ok(UNIT)
}
fn rt_blit_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (so, d_o, len) = (it.int_arg(a[1])?, it.int_arg(a[3])?, it.int_arg(a[4])?);
    let src = it.bytes_ref(a[0])?;
    let range = |o: i64, n: usize| {
        (o >= 0 && len >= 0 && (o + len) as u64 <= n as u64).then(|| o as usize..(o + len) as usize)
    };
    let Some(from) = range(so, src.len()) else {
        return Err(StopReason::Invalid(
            "egret_blit_string: source out of bounds".into(),
        ));
    };
    let chunk = src[from].to_vec();
    let dst = it.bytes_mut(a[2])?;
    let Some(to) = range(d_o, dst.len()) else {
        return Err(StopReason::Invalid(
            "egret_blit_string: destination out of bounds".into(),
        ));
    };
    dst[to].copy_from_slice(&chunk);
    Ok(UNIT)
}
fn rt_hash(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    use crate::lambda::hash::{caml_hash, Node};
    let (count, limit, seed) = (it.int_arg(a[0])?, it.int_arg(a[1])?, it.int_arg(a[2])?);
    let h = caml_hash(count, limit, seed, a[3], |v| match *v {
        IValue::Int(n) => Node::Int(n),
        IValue::Ptr(p) => match &it.heap[p as usize] {
            HeapBlock::Bytes(b) => Node::Str(b.clone()),
            HeapBlock::Fields { tag: 247, .. } => Node::Closure,
            HeapBlock::Fields {
                tag: DOUBLE_TAG,
                fields,
            } => match fields.as_slice() {
                [IValue::Raw(bits)] => Node::Float(f64::from_bits(*bits as u64)),
                _ => Node::Closure,
            },
            HeapBlock::Fields {
                tag: CUSTOM_TAG, ..
            } => match it.boxed_int_arg(*v) {
                Ok((k, n)) => Node::Custom(crate::lambda::boxint::hash(k, n)),
                Err(_) => Node::Closure,
            },
            HeapBlock::Fields {
                tag: DOUBLE_ARRAY_TAG,
                fields,
            } => Node::FloatArray(
                fields
                    .iter()
                    .map(|x| match x {
                        IValue::Raw(bits) => f64::from_bits(*bits as u64),
                        _ => 0.0,
                    })
                    .collect(),
            ),
            HeapBlock::Fields { tag, fields } => Node::Block(*tag, fields.clone()),
        },
        IValue::Code(_) | IValue::Raw(_) => Node::Closure,
    });
    Ok(IValue::Int(h))
}
fn rt_fresh_exception(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    // Identities are compared physically: the id only has to be distinct from the others.
    let id = it.heap.len() as i64;
    Ok(it.alloc(HeapBlock::Fields {
        tag: 248,
        fields: vec![a[0], IValue::Int(id)],
    }))
}
fn rt_alloc_dummy(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![UNIT; n.max(0) as usize],
    }))
}
fn rt_update_dummy(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (IValue::Ptr(d), IValue::Ptr(v)) = (a[0], a[1]) else {
        return Err(StopReason::Invalid("egret_update_dummy: not blocks".into()));
    };
    let new = it.heap[v as usize].clone();
    match (&mut it.heap[d as usize], new) {
        (HeapBlock::Fields { tag, fields }, HeapBlock::Fields { tag: t, fields: f })
            if fields.len() == f.len() =>
        {
            *tag = t;
            *fields = f;
            Ok(UNIT)
        }
        _ => Err(StopReason::Invalid(
            "egret_update_dummy: sizes differ".into(),
        )),
    }
}
fn rt_array_make(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    if n < 0 {
        return it.invalid_argument("Array.make");
    }
    // caml_make_vect: an array whose first element is a float is flat (its fields the raw
    // doubles), as in the runtime.
    if n > 0 {
        if let Ok(x) = it.float_arg(a[1]) {
            return Ok(it.alloc(HeapBlock::Fields {
                tag: DOUBLE_ARRAY_TAG,
                fields: vec![IValue::Raw(x.to_bits() as i64); n as usize],
            }));
        }
    }
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![a[1]; n as usize],
    }))
}
/// Backtraces: the interpreter records none (`false`, `None`, 0 and unit are all the word 0..).
fn rt_unit(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(UNIT)
}
/// An empty raw backtrace.
fn rt_empty_backtrace(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: Vec::new(),
    }))
}
/// `Some [||]`: the trace of an exception, when none is recorded.
fn rt_no_backtrace(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let empty = rt_empty_backtrace(it, a)?;
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![empty],
    }))
}
fn rt_same(_: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(a[0])
}
/// Every raw backtrace is empty: no slot exists.
fn rt_no_slot(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    it.invalid_argument("Printexc.get_raw_backtrace_slot: index out of bounds")
}
/// caml_floatarray_create: `n` zeros, flat (the empty array has tag 0).
fn rt_floatarray_create(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    if n < 0 {
        return it.invalid_argument("Float.Array.create");
    }
    let tag = if n > 0 { DOUBLE_ARRAY_TAG } else { 0 };
    Ok(it.alloc(HeapBlock::Fields {
        tag,
        fields: vec![IValue::Raw(0f64.to_bits() as i64); n as usize],
    }))
}
/// An array's tag (`DOUBLE_ARRAY_TAG` when flat).
fn array_tag(it: &Interpreter, v: IValue) -> u8 {
    match v {
        IValue::Ptr(p) => match &it.heap[p as usize] {
            HeapBlock::Fields { tag, .. } => *tag,
            HeapBlock::Bytes(_) => 0,
        },
        _ => 0,
    }
}
/// A fresh array of the given slices (array, offset, length) of arrays: the tag of the last
/// non-empty one (a flat float array's raw doubles copied as they are), the empty array's 0.
fn array_gather(it: &mut Interpreter, parts: &[(IValue, i64, i64)]) -> Result<IValue, StopReason> {
    let (mut tag, mut fields) = (0, Vec::new());
    for &(a, o, n) in parts {
        if n > 0 {
            tag = array_tag(it, a);
            fields.extend_from_slice(&it.fields_mut(a)?[o as usize..(o + n) as usize]);
        }
    }
    Ok(it.alloc(HeapBlock::Fields { tag, fields }))
}
fn rt_array_sub(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (o, n) = (it.int_arg(a[1])?, it.int_arg(a[2])?);
    array_gather(it, &[(a[0], o, n)])
}
fn rt_array_append(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n1 = it.fields_mut(a[0])?.len() as i64;
    let n2 = it.fields_mut(a[1])?.len() as i64;
    array_gather(it, &[(a[0], 0, n1), (a[1], 0, n2)])
}
fn rt_array_concat(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (mut parts, mut l) = (Vec::new(), a[0]);
    while !matches!(l, IValue::Int(_)) {
        let cell = it.fields_mut(l)?.clone();
        let n = it.fields_mut(cell[0])?.len() as i64;
        parts.push((cell[0], 0, n));
        l = cell[1];
    }
    array_gather(it, &parts)
}
fn rt_array_blit(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (o1, o2, n) = (it.int_arg(a[1])?, it.int_arg(a[3])?, it.int_arg(a[4])?);
    let src = it.fields_mut(a[0])?[o1 as usize..(o1 + n) as usize].to_vec();
    it.fields_mut(a[2])?[o2 as usize..(o2 + n) as usize].copy_from_slice(&src);
    Ok(UNIT)
}
fn rt_array_fill(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (o, n) = (it.int_arg(a[1])?, it.int_arg(a[2])?);
    // A flat float array holds the raw double.
    let v = if array_tag(it, a[0]) == DOUBLE_ARRAY_TAG {
        IValue::Raw(it.float_arg(a[3])?.to_bits() as i64)
    } else {
        a[3]
    };
    for f in &mut it.fields_mut(a[0])?[o as usize..(o + n) as usize] {
        *f = v;
    }
    Ok(UNIT)
}
fn rt_array_length(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.fields_mut(a[0])?.len() as i64))
}
fn rt_float_field_get(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])? as usize;
    match it.fields_mut(a[0])?.get(i).copied() {
        Some(IValue::Raw(bits)) => Ok(it.box_float(f64::from_bits(bits as u64))),
        x => Err(StopReason::Invalid(format!("float field {i} holds {x:?}"))),
    }
}
fn rt_float_field_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])? as usize;
    let x = IValue::Raw(it.float_arg(a[2])?.to_bits() as i64);
    match it.fields_mut(a[0])?.get_mut(i) {
        Some(f) => {
            *f = x;
            Ok(UNIT)
        }
        None => Err(StopReason::Invalid(format!("no float field {i}"))),
    }
}
fn is_float_array(it: &Interpreter, a: IValue) -> bool {
    matches!(a, IValue::Ptr(p) if matches!(it.heap[p as usize], HeapBlock::Fields { tag: DOUBLE_ARRAY_TAG, .. }))
}
fn rt_array_get(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])?;
    match usize::try_from(i)
        .ok()
        .and_then(|i| it.fields_mut(a[0]).ok()?.get(i).copied())
    {
        Some(IValue::Raw(bits)) if is_float_array(it, a[0]) => {
            Ok(it.box_float(f64::from_bits(bits as u64)))
        }
        Some(v) => Ok(v),
        None => {
            it.fields_mut(a[0])?;
            it.invalid_argument("index out of bounds")
        }
    }
}
fn rt_array_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])?;
    let x = if is_float_array(it, a[0]) {
        IValue::Raw(it.float_arg(a[2])?.to_bits() as i64)
    } else {
        a[2]
    };
    let fields = it.fields_mut(a[0])?;
    match usize::try_from(i).ok().and_then(|i| fields.get_mut(i)) {
        Some(f) => {
            *f = x;
            Ok(UNIT)
        }
        None => it.invalid_argument("index out of bounds"),
    }
}
fn rt_obj_tag(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(match a[0] {
        IValue::Int(_) => 1000,
        IValue::Ptr(p) => match &it.heap[p as usize] {
            HeapBlock::Fields { tag, .. } => *tag as i64,
            HeapBlock::Bytes(_) => 252,
        },
        v => return Err(StopReason::Invalid(format!("caml_obj_tag of {v:?}"))),
    }))
}
fn rt_obj_is_int(_: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(matches!(a[0], IValue::Int(_)) as i64))
}
fn rt_obj_block(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (tag, size) = (it.int_arg(a[0])? & 0xff, it.int_arg(a[1])?);
    if size < 0 || tag == 255 || (tag == 252 && size == 0) || (tag == 247 && size < 2) {
        return it.invalid_argument("Obj.new_block");
    }
    Ok(match tag {
        // Zero words: the last byte, the padding count, says 7.
        252 => it.alloc(HeapBlock::Bytes(vec![0; size as usize * 8 - 1])),
        251.. => {
            return Err(StopReason::Invalid(format!(
                "Obj.new_block {tag}: not in the interpreter"
            )))
        }
        _ => it.alloc(HeapBlock::Fields {
            tag: tag as u8,
            fields: vec![UNIT; size as usize],
        }),
    })
}
fn rt_obj_with_tag(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let tag = it.int_arg(a[0])? & 0xff;
    let copy = match (it.block(a[1])?, tag) {
        (HeapBlock::Bytes(b), 252) => HeapBlock::Bytes(b.clone()),
        (HeapBlock::Fields { fields, .. }, t) if t < 251 => HeapBlock::Fields {
            tag: t as u8,
            fields: fields.clone(),
        },
        _ => {
            return Err(StopReason::Invalid(format!(
                "Obj.with_tag {tag}: not in the interpreter"
            )))
        }
    };
    Ok(it.alloc(copy))
}
fn rt_obj_dup(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let copy = it.block(a[0])?.clone();
    Ok(it.alloc(copy))
}
/// The `Sys` primitives (`lambda::sys`), told apart by `it.current_runtime`.
fn rt_sys(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    use crate::lambda::sys::{SysArg, SysFailure, SysValue};
    let name = it.current_runtime;
    let mut args = Vec::new();
    let mut a = a.to_vec();
    if name == "caml_sys_open" {
        // The open_flag list as the bit set (bit i for the i-th constructor).
        let (mut bits, mut l) = (0i64, a[1]);
        while !matches!(l, IValue::Int(_)) {
            let cell = it.fields_mut(l)?.clone();
            if let IValue::Int(i) = cell[0] {
                bits |= 1 << i;
            }
            l = cell[1];
        }
        a[1] = IValue::Int(bits);
    }
    for &v in &a {
        args.push(match v {
            IValue::Int(n) => SysArg::Int(n),
            v => SysArg::Str(it.bytes_ref(v)?.to_vec()),
        });
    }
    if name == "egret_output_string" {
        // stdout and stderr are collected here.
        if let (Some(SysArg::Int(id @ (1 | 2))), Some(SysArg::Str(t))) = (args.first(), args.get(1))
        {
            let out = if *id == 1 {
                &mut it.stdout
            } else {
                &mut it.stderr
            };
            out.extend_from_slice(t);
            return Ok(UNIT);
        }
    }
    let std_out = match args.first() {
        Some(SysArg::Int(1)) => Some(it.stdout.len()),
        Some(SysArg::Int(2)) => Some(it.stderr.len()),
        _ => None,
    };
    let r = if let Some(r) = std_out.and_then(|w| crate::lambda::chan::std_out_call(name, w)) {
        Some(r)
    } else if crate::lambda::chan::PRIMITIVES.contains(&name) {
        crate::lambda::chan::call(name, &args)
    } else {
        crate::lambda::sys::call(name, &args)
    };
    let Some(r) = r else {
        return Err(StopReason::Invalid(format!("{name}: bad arguments")));
    };
    match r {
        Ok(SysValue::Unit) => Ok(UNIT),
        Ok(SysValue::Bool(b)) => Ok(IValue::Int(b as i64)),
        Ok(SysValue::Int(n)) => Ok(IValue::Int(n)),
        Ok(SysValue::Str(s)) => Ok(it.alloc(HeapBlock::Bytes(s))),
        Ok(SysValue::Strs(v)) => {
            let fields = v
                .into_iter()
                .map(|s| it.alloc(HeapBlock::Bytes(s)))
                .collect();
            Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
        }
        Ok(SysValue::Float(x)) => Ok(it.box_float(x)),
        Ok(SysValue::Ints(v)) => {
            let fields = v.into_iter().map(IValue::Int).collect();
            Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
        }
        Ok(SysValue::Command {
            code,
            stdout,
            stderr,
        }) => {
            it.stdout.extend_from_slice(&stdout);
            it.stderr.extend_from_slice(&stderr);
            Ok(IValue::Int(code))
        }
        Err(SysFailure::NotFound) => it.raise_constant("Not_found"),
        Err(SysFailure::EndOfFile) => it.raise_constant("End_of_file"),
        Err(SysFailure::SysError(m)) => {
            it.raise_with_string("Sys_error", &String::from_utf8_lossy(&m))
        }
    }
}
/// No collector here: a collection has nothing to show.
fn rt_gc_collect(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(UNIT)
}
fn rt_gc_major_slice(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(0))
}
/// 0: no free words in an allocation region, no finaliser due (`false`; `egret_final_next`'s
/// none): nothing is collected here.
fn rt_zero(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(0))
}
/// Nor any count of allocations: every counter is 0.
fn rt_gc_minor_words(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(it.box_float(0.0))
}
fn rt_gc_counters(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let fields = (0..3).map(|_| it.box_float(0.0)).collect();
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
}
/// `Gc.stat`, `Gc.quick_stat`: the record of gc.mli (three boxed floats, fourteen ints).
fn rt_gc_stat(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let mut fields: Vec<IValue> = (0..3).map(|_| it.box_float(0.0)).collect();
    fields.extend((0..14).map(|_| IValue::Int(0)));
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
}
/// `Obj.reachable_words`: the words (headers included) of the blocks reachable from the
/// argument, each counted once; a closure's code pointer and raw words are not followed.
fn rt_obj_reachable_words(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![a[0]];
    let mut words = 0i64;
    while let Some(v) = stack.pop() {
        let IValue::Ptr(p) = v else { continue };
        if !seen.insert(p) {
            continue;
        }
        match &it.heap[p as usize] {
            HeapBlock::Bytes(b) => words += b.len() as i64 / 8 + 2,
            HeapBlock::Fields { tag, fields } => {
                words += fields.len() as i64 + 1;
                if *tag < 251 {
                    stack.extend(fields.iter().copied());
                }
            }
        }
    }
    Ok(IValue::Int(words))
}
/// An ephemeron as the C runtime's (runtime/egret_weak.c): tag 251, field 0 the empty marker
/// that unset fields hold, 1 the data, 2.. the keys. Never cleared: nothing is collected here.
fn rt_ephe_create(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    if n < 0 {
        return it.invalid_argument("Obj.Ephemeron.create");
    }
    let none = it.alloc(HeapBlock::Fields {
        tag: 251,
        fields: vec![UNIT],
    });
    Ok(it.alloc(HeapBlock::Fields {
        tag: 251,
        fields: vec![none; n as usize + 2],
    }))
}
/// Finalisers are registered (the value checked as OCaml's `caml_final_register` does) and
/// never due (`egret_final_next` says none): nothing is collected here.
fn rt_final_register(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    match a[1] {
        IValue::Ptr(p) => match &it.heap[p as usize] {
            HeapBlock::Fields {
                tag: 246 | 250 | 253,
                ..
            } => it.invalid_argument("Gc.finalise"),
            _ => Ok(UNIT),
        },
        _ => it.invalid_argument("Gc.finalise"),
    }
}
fn rt_gc_get(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let fields = it.gc_control.0.iter().map(|&n| IValue::Int(n)).collect();
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
}
/// `Sys.signal`: records the behaviour, returns the previous one (Signal_default at first).
fn rt_install_signal_handler(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let signo = it.int_arg(a[0])?;
    if !(-28..=64).contains(&signo) || signo == 0 {
        return it.raise_with_string("Invalid_argument", "Sys.signal: unavailable signal");
    }
    Ok(it
        .signal_actions
        .insert(signo, a[1])
        .unwrap_or(IValue::Int(0)))
}
fn rt_gc_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let mut f = [0i64; 11];
    let fields = it.fields_mut(a[0])?.clone();
    for (slot, v) in f.iter_mut().zip(fields) {
        *slot = it.int_arg(v)?;
    }
    it.gc_control.set(f);
    Ok(UNIT)
}
/// `Sys.argv`: one array, the same at every use.
fn rt_sys_argv(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    if let Some(a) = it.sys_argv {
        return Ok(a);
    }
    let fields = it
        .argv
        .clone()
        .into_iter()
        .map(|arg| it.alloc(HeapBlock::Bytes(arg)))
        .collect();
    let a = it.alloc(HeapBlock::Fields { tag: 0, fields });
    it.sys_argv = Some(a);
    Ok(a)
}
/// `("Unix", 64, false)`: the OS type, the word size, whether big-endian.
fn rt_sys_get_config(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let os = it.alloc(HeapBlock::Bytes(b"Unix".to_vec()));
    let fields = vec![os, IValue::Int(64), IValue::Int(0)];
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
}
fn rt_runtime_variant(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(it.alloc(HeapBlock::Bytes(Vec::new())))
}
fn rt_runtime_parameters(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let text = (it.gc_control).runtime_parameters(false, it.parser_trace, it.runtime_warnings);
    Ok(it.alloc(HeapBlock::Bytes(text.into_bytes())))
}
fn rt_enable_runtime_warnings(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    it.runtime_warnings = it.int_arg(a[0])? != 0;
    Ok(UNIT)
}
fn rt_runtime_warnings_enabled(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.runtime_warnings as i64))
}
fn rt_format_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let spec = it.bytes_ref(a[0])?.to_vec();
    let n = it.int_arg(a[1])?;
    Ok(it.alloc(HeapBlock::Bytes(crate::lambda::interp::format_int(
        &spec, n,
    ))))
}
fn rt_format_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let spec = it.bytes_ref(a[0])?.to_vec();
    let s = it.bytes_ref(a[1])?.to_vec();
    Ok(
        it.alloc(HeapBlock::Bytes(crate::lambda::interp::format_string(
            &spec, &s,
        ))),
    )
}
/// OCaml's `%c` ignores flags and width.
fn rt_format_char(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let c = it.int_arg(a[1])? as u8;
    Ok(it.alloc(HeapBlock::Bytes(vec![c])))
}

/// OCaml's `int_of_string` (the C runtime's `egret_int_of_string`, after OCaml's
/// `parse_intnat`): optional sign, `0x 0o 0b 0u` prefixes, `_` separators after the first digit;
/// decimal must fit in 63 bits signed, other bases in 63 bits unsigned.
fn parse_int(p: &[u8]) -> Option<i64> {
    let mut i = 0;
    let mut negative = false;
    if i < p.len() && (p[i] == b'-' || p[i] == b'+') {
        negative = p[i] == b'-';
        i += 1;
    }
    let (mut base, mut signed_range) = (10u64, true);
    if i + 1 < p.len() && p[i] == b'0' {
        let prefix = match p[i + 1] {
            b'x' | b'X' => Some(16),
            b'o' | b'O' => Some(8),
            b'b' | b'B' => Some(2),
            b'u' | b'U' => Some(10),
            _ => None,
        };
        if let Some(b) = prefix {
            base = b;
            signed_range = false;
            i += 2;
        }
    }
    if i >= p.len() {
        return None;
    }
    let limit: u64 = if signed_range { 1 << 62 } else { (1 << 63) - 1 };
    let mut acc: u64 = 0;
    let mut digits = 0;
    for &c in &p[i..] {
        if c == b'_' && digits > 0 {
            continue;
        }
        let d = (c as char).to_digit(16)? as u64;
        if d >= base || acc > (limit - d) / base {
            return None;
        }
        acc = acc * base + d;
        digits += 1;
    }
    if signed_range && !negative && acc > limit - 1 {
        return None;
    }
    let r = if negative {
        (acc as i64).wrapping_neg()
    } else {
        acc as i64
    };
    // Non-decimal literals denote 63-bit words: wrap into the int range.
    Some((r << 1) >> 1)
}

/// The lexer's and parser's automata (`lambda::engines`), told apart by `it.current_runtime`.
fn rt_engine(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    use crate::lambda::engines::{lex_engine, parse_engine, EngineError};
    let name = it.current_runtime;
    let r = match (name, a) {
        ("caml_lex_engine" | "caml_new_lex_engine", [tables, state, lexbuf]) => {
            let state = it.int_arg(*state)?;
            let with_mem = name == "caml_new_lex_engine";
            lex_engine(it, tables, state, lexbuf, with_mem)
        }
        ("caml_parse_engine", [tables, env, cmd, arg]) => {
            let (cmd, trace) = (it.int_arg(*cmd)?, it.parser_trace);
            parse_engine(it, tables, env, cmd, arg, trace)
        }
        ("caml_set_parser_trace", [flag]) => {
            let on = it.int_arg(*flag)? != 0;
            Ok(std::mem::replace(&mut it.parser_trace, on) as i64)
        }
        _ => Err(EngineError::Invalid("arguments".into())),
    };
    match r {
        Ok(n) => Ok(IValue::Int(n)),
        Err(EngineError::Failure(msg)) => it.failwith(msg),
        Err(EngineError::Invalid(msg)) => Err(StopReason::Invalid(format!("{name}: {msg}"))),
    }
}

/// The engines' access to this interpreter's heap.
impl crate::lambda::engines::Heap for Interpreter<'_> {
    type V = IValue;
    fn field(&self, v: &IValue, i: usize) -> Result<IValue, String> {
        match v {
            IValue::Ptr(p) => match &self.heap[*p as usize] {
                HeapBlock::Fields { fields, .. } => fields.get(i).copied(),
                HeapBlock::Bytes(_) => None,
            },
            _ => None,
        }
        .ok_or_else(|| format!("no field {i} in {v:?}"))
    }
    fn set_field(&mut self, v: &IValue, i: usize, x: IValue) -> Result<(), String> {
        match self.fields_mut(*v).ok().and_then(|f| f.get_mut(i)) {
            Some(slot) => {
                *slot = x;
                Ok(())
            }
            None => Err(format!("no field {i} in {v:?}")),
        }
    }
    fn int(&self, v: &IValue) -> Option<i64> {
        match v {
            IValue::Int(n) => Some(*n),
            _ => None,
        }
    }
    fn of_int(&self, n: i64) -> IValue {
        IValue::Int(n)
    }
    fn byte(&self, v: &IValue, i: usize) -> Result<u8, String> {
        let bytes = self
            .bytes_ref(*v)
            .map_err(|_| format!("{v:?} is not a string"))?;
        bytes.get(i).copied().ok_or_else(|| format!("no byte {i}"))
    }
    fn tag(&self, v: &IValue) -> Option<u8> {
        match v {
            IValue::Ptr(p) => Some(match &self.heap[*p as usize] {
                HeapBlock::Fields { tag, .. } => *tag,
                HeapBlock::Bytes(_) => 252,
            }),
            _ => None,
        }
    }
    fn token_argument(&self, v: &IValue) -> crate::lambda::engines::TokenArgument {
        use crate::lambda::engines::TokenArgument;
        match *v {
            IValue::Int(n) => TokenArgument::Int(n),
            v => match (self.bytes_ref(v), self.float_arg(v)) {
                (Ok(s), _) => TokenArgument::Str(s.to_vec()),
                (_, Ok(x)) => TokenArgument::Float(x),
                _ => TokenArgument::Other,
            },
        }
    }
    fn write_stderr(&mut self, text: &[u8]) {
        self.stderr.extend_from_slice(text);
    }
}
