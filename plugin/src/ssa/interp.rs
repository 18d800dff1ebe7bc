//! An interpreter for SSA modules, for tests and the differential runner.
//!
//! Values ([`IValue`]) are OCaml ints (`i64` holding a 63-bit int, [`super::arith`] gives the
//! operations), references to heap blocks, code addresses of functions (what `FuncAddr` gives
//! and `Indirect` calls take) and other raw words. The heap is a vector of blocks, each a tag
//! with fields or, for strings (tag 252), bytes; static `Data` objects are placed in it before
//! the program starts. Nothing is ever freed.
//!
//! The interpreter keeps its own frame stack, so neither deep recursion nor tail calls grow the
//! Rust stack; a `TailCall` replaces the current frame. A fuel budget (statements executed)
//! catches non-termination, a depth limit stands for the native stack (and ends the program as
//! OCaml's `Stack_overflow` does). `Pi` facts are checked when executed: a false fact is a
//! compiler bug and an [`InterpError`].
//!
//! Runtime primitives (`Callee::Runtime`) come from the table [`RUNTIME`]: adding one is one
//! line there plus its function. An unknown name is an error. They have the semantics of the C
//! runtime (`runtime/egret_runtime.c`), errors included: a primitive raises an OCaml exception
//! by returning [`StopReason::Raise`] (the predefined exceptions' identities are the module's
//! `egret_exn_<Name>` data objects; a module without them ends as if uncaught).
//!
//! Exceptions: `egret_try(code, env)` runs the `Abi::C` function `code(env)` in a frame marked
//! as a handler ([`StopReason::RunTry`]). When that frame returns `r`, `r` is stored in env
//! field 0 and `egret_try` returns false; a raise pops frames up to the innermost handler frame,
//! stores the exception in its env field 0 and makes its `egret_try` return true. With no
//! handler, OCaml's uncaught-exception message goes to stderr and the program exits with 2.

use super::arith::{eval_binop, eval_unop};
use super::builder::string_bytes;
use super::ir::*;

/// A run-time value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IValue {
    /// An OCaml int (63-bit, sign-extended in the `i64`).
    Int(i64),
    /// A heap block, by its index in the interpreter's heap.
    Ptr(u32),
    /// The code address of a function.
    Code(FuncId),
    /// Any other raw machine word.
    Raw(i64),
}

/// What `egret_compare_partial` returns when a nan makes its operands unordered: neither
/// `-1`, `0` nor `1`, so `= < <= > >=` (tested as `c = 0`, `c < 0`, `c <= 0` and the last two
/// with swapped operands) are all false and only `<>` holds.
pub const UNORDERED: i64 = 2;

/// OCaml's tag of a boxed float.
pub const DOUBLE_TAG: u8 = 253;

/// A heap block.
#[derive(Clone, Debug, PartialEq)]
pub enum HeapBlock {
    Fields {
        tag: u8,
        fields: Vec<IValue>,
    },
    /// A string (tag 252): its bytes.
    Bytes(Vec<u8>),
}

/// What a run produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub exit_code: i32,
    /// The value the function returned (`None` when the program exited, e.g. on an uncaught
    /// exception).
    pub result: Option<IValue>,
}

/// Why a run could not complete: the fuel ran out, or the program is not valid SSA / did
/// something the IR says never happens (a type confusion, a false `Pi` fact, `Unreachable`).
#[derive(Clone, Debug, PartialEq)]
pub enum InterpError {
    OutOfFuel,
    Invalid(String),
}

/// How execution stops early, inside the interpreter.
enum Stop {
    Exit(i32),
    Error(InterpError),
}

fn invalid<T>(msg: impl Into<String>) -> Result<T, Stop> {
    Err(Stop::Error(InterpError::Invalid(msg.into())))
}

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
    ("egret_update_dummy", 2, 2, rt_update_dummy),
    (
        "egret_raise_division_by_zero",
        0,
        1,
        rt_raise_division_by_zero,
    ),
    ("egret_raise", 1, 1, rt_raise),
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
    ("egret_bytes_unsafe_set", 3, 3, rt_bytes_unsafe_set),
    ("egret_blit_string", 5, 5, rt_blit_string),
    ("egret_array_make", 2, 2, rt_array_make),
    ("egret_hash", 4, 4, rt_hash),
    ("egret_array_length", 1, 1, rt_array_length),
    ("egret_array_get", 2, 2, rt_array_get),
    ("egret_array_set", 3, 3, rt_array_set),
    ("egret_sys_argv", 0, 1, rt_sys_argv),
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
    ("caml_gc_set", 1, 1, rt_gc_set),
    ("caml_obj_tag", 1, 1, rt_obj_tag),
    ("egret_obj_is_int", 1, 1, rt_obj_is_int),
    ("caml_obj_block", 2, 2, rt_obj_block),
    ("caml_obj_with_tag", 2, 2, rt_obj_with_tag),
    ("caml_obj_dup", 1, 1, rt_obj_dup),
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
    // Nothing reads the table (no C code) and nothing is collected here.
    ("caml_register_named_value", 2, 2, rt_gc_collect),
];

const UNIT: IValue = IValue::Int(0);

fn rt_float_exp(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "exp")
}
fn rt_float_log(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "log")
}
fn rt_float_log10(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "log10")
}
fn rt_float_log2(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "log2")
}
fn rt_float_exp2(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "exp2")
}
fn rt_float_expm1(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "expm1")
}
fn rt_float_log1p(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "log1p")
}
fn rt_float_sin(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "sin")
}
fn rt_float_cos(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "cos")
}
fn rt_float_tan(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "tan")
}
fn rt_float_asin(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "asin")
}
fn rt_float_acos(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "acos")
}
fn rt_float_atan(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "atan")
}
fn rt_float_sinh(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "sinh")
}
fn rt_float_cosh(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "cosh")
}
fn rt_float_tanh(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "tanh")
}
fn rt_float_asinh(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "asinh")
}
fn rt_float_acosh(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "acosh")
}
fn rt_float_atanh(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "atanh")
}
fn rt_float_ceil(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "ceil")
}
fn rt_float_floor(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "floor")
}
fn rt_float_trunc(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "trunc")
}
fn rt_float_round(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "round")
}
fn rt_float_cbrt(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "cbrt")
}
fn rt_float_erf(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "erf")
}
fn rt_float_erfc(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_unary(it, a, "erfc")
}
fn rt_float_atan2(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_binary(it, a, "atan2")
}
fn rt_float_hypot(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_binary(it, a, "hypot")
}
fn rt_float_pow(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_binary(it, a, "pow")
}
fn rt_float_fmod(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_binary(it, a, "fmod")
}
fn rt_float_copysign(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_binary(it, a, "copysign")
}
fn rt_float_nextafter(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    float_binary(it, a, "nextafter")
}
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
fn rt_flush(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
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
fn rt_raise(_: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Raise(a[0]))
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
            HeapBlock::Fields { tag, fields } => Node::Block(*tag, fields.clone()),
        },
        IValue::Code(_) | IValue::Raw(_) => Node::Closure,
    });
    Ok(IValue::Int(h))
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
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![a[1]; n as usize],
    }))
}
fn rt_array_length(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.fields_mut(a[0])?.len() as i64))
}
fn rt_array_get(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])?;
    match usize::try_from(i)
        .ok()
        .and_then(|i| it.fields_mut(a[0]).ok()?.get(i).copied())
    {
        Some(v) => Ok(v),
        None => {
            it.fields_mut(a[0])?;
            it.invalid_argument("index out of bounds")
        }
    }
}
fn rt_array_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])?;
    let fields = it.fields_mut(a[0])?;
    match usize::try_from(i).ok().and_then(|i| fields.get_mut(i)) {
        Some(f) => {
            *f = a[2];
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
    for &v in a {
        args.push(match v {
            IValue::Int(n) => SysArg::Int(n),
            v => SysArg::Str(it.bytes_ref(v)?.to_vec()),
        });
    }
    let Some(r) = crate::lambda::sys::call(name, &args) else {
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
fn rt_gc_get(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let fields = it.gc_control.0.iter().map(|&n| IValue::Int(n)).collect();
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
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
fn rt_sys_argv(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let fields = it
        .argv
        .clone()
        .into_iter()
        .map(|arg| it.alloc(HeapBlock::Bytes(arg)))
        .collect();
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
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

/// Where a frame's result goes.
#[derive(Clone, Copy, Debug)]
enum Dest {
    /// The entry function: the run's result.
    Entry,
    /// The caller's value defined by the call.
    Value(Value),
    /// The caller returns it too (a tail call made as a real call: from a handler frame).
    Return,
}

/// One activation.
struct Frame {
    func: FuncId,
    vals: Vec<IValue>,
    pc: u32,
    block: Block,
    /// Where the result goes.
    dest: Dest,
    /// `Some(env)` for the body of an `egret_try`: a handler.
    try_env: Option<IValue>,
}

/// The interpreter's state: the heap, the output, the budget.
pub struct Interpreter<'m> {
    module: &'m Module,
    pub heap: Vec<HeapBlock>,
    /// The heap block of each data object.
    data_blocks: Vec<u32>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Statements left to execute.
    pub fuel: u64,
    /// Frames allowed before a call raises `Stack_overflow`.
    pub max_depth: usize,
    /// `Sys.argv`.
    pub argv: Vec<Vec<u8>>,
    /// What `Gc.set` stored (`caml_gc_get`, `caml_gc_set`).
    gc_control: crate::lambda::runtime::GcControl,
    /// The runtime function being called (for the primitives that share an implementation).
    current_runtime: &'static str,
}

impl<'m> Interpreter<'m> {
    /// An interpreter for `module` with its data objects placed in the heap.
    pub fn new(module: &'m Module, fuel: u64) -> Interpreter<'m> {
        let mut it = Interpreter {
            module,
            heap: Vec::new(),
            data_blocks: Vec::new(),
            stdout: Vec::new(),
            stderr: Vec::new(),
            fuel,
            max_depth: 10_000_000,
            argv: vec![b"egret".to_vec()],
            gc_control: Default::default(),
            current_runtime: "",
        };
        let n = module.data.len() as u32;
        it.data_blocks = (0..n).collect();
        for d in &module.data {
            let block = match string_bytes(d) {
                Some(bytes) => HeapBlock::Bytes(bytes),
                None => {
                    let tag = match d.words.first() {
                        Some(DataWord::Word(h)) => (h & 0xff) as u8,
                        _ => 0,
                    };
                    let fields = d.words[1.min(d.words.len())..]
                        .iter()
                        .map(|w| match w {
                            DataWord::Word(w) if tag == DOUBLE_TAG => IValue::Raw(*w as i64),
                            DataWord::Word(w) if w & 1 == 1 => IValue::Int((*w as i64) >> 1),
                            DataWord::Word(w) => IValue::Raw(*w as i64),
                            DataWord::FuncAddr(f) => IValue::Code(*f),
                            DataWord::DataAddr(x) => IValue::Ptr(x.0),
                        })
                        .collect();
                    HeapBlock::Fields { tag, fields }
                }
            };
            it.heap.push(block);
        }
        it
    }

    /// The number a boxed float holds.
    pub fn float_arg(&self, v: IValue) -> Result<f64, StopReason> {
        match v {
            IValue::Ptr(p) => match &self.heap[p as usize] {
                HeapBlock::Fields {
                    tag: DOUBLE_TAG,
                    fields,
                } => match fields.as_slice() {
                    [IValue::Raw(bits)] => Ok(f64::from_bits(*bits as u64)),
                    f => Err(StopReason::Invalid(format!("a float block holds {f:?}"))),
                },
                b => Err(StopReason::Invalid(format!("expected a float, got {b:?}"))),
            },
            v => Err(StopReason::Invalid(format!("expected a float, got {v:?}"))),
        }
    }

    /// A fresh boxed float.
    pub fn box_float(&mut self, f: f64) -> IValue {
        self.alloc(HeapBlock::Fields {
            tag: DOUBLE_TAG,
            fields: vec![IValue::Raw(f.to_bits() as i64)],
        })
    }

    fn int_arg(&self, v: IValue) -> Result<i64, StopReason> {
        match v {
            IValue::Int(n) => Ok(n),
            v => Err(StopReason::Invalid(format!("expected an int, got {v:?}"))),
        }
    }

    /// The bytes of a string value.
    pub fn string_arg(&self, v: IValue) -> Result<Vec<u8>, StopReason> {
        match v {
            IValue::Ptr(p) => match &self.heap[p as usize] {
                HeapBlock::Bytes(b) => Ok(b.clone()),
                b => Err(StopReason::Invalid(format!("expected a string, got {b:?}"))),
            },
            v => Err(StopReason::Invalid(format!("expected a string, got {v:?}"))),
        }
    }

    /// Ends the program as an uncaught OCaml exception does (stdout is kept: OCaml flushes it at
    /// exit).
    pub fn uncaught_exception(&mut self, name: &str) -> Result<IValue, StopReason> {
        self.stderr
            .extend_from_slice(format!("Fatal error: exception {name}\n").as_bytes());
        Err(StopReason::Exit(2))
    }

    /// A fresh heap block.
    pub fn alloc(&mut self, block: HeapBlock) -> IValue {
        self.heap.push(block);
        IValue::Ptr(self.heap.len() as u32 - 1)
    }

    /// The bytes of a string value, borrowed.
    fn bytes_ref(&self, v: IValue) -> Result<&[u8], StopReason> {
        match v {
            IValue::Ptr(p) => match &self.heap[p as usize] {
                HeapBlock::Bytes(b) => Ok(b),
                b => Err(StopReason::Invalid(format!("expected a string, got {b:?}"))),
            },
            v => Err(StopReason::Invalid(format!("expected a string, got {v:?}"))),
        }
    }

    fn bytes_mut(&mut self, v: IValue) -> Result<&mut Vec<u8>, StopReason> {
        match v {
            IValue::Ptr(p) => match &mut self.heap[p as usize] {
                HeapBlock::Bytes(b) => Ok(b),
                b => Err(StopReason::Invalid(format!("expected bytes, got {b:?}"))),
            },
            v => Err(StopReason::Invalid(format!("expected bytes, got {v:?}"))),
        }
    }

    /// The heap block `v` points at.
    fn block(&self, v: IValue) -> Result<&HeapBlock, StopReason> {
        match v {
            IValue::Ptr(p) => Ok(&self.heap[p as usize]),
            v => Err(StopReason::Invalid(format!("expected a block, got {v:?}"))),
        }
    }

    /// The fields of a block of values (an array).
    fn fields_mut(&mut self, v: IValue) -> Result<&mut Vec<IValue>, StopReason> {
        match v {
            IValue::Ptr(p) => match &mut self.heap[p as usize] {
                HeapBlock::Fields { fields, .. } => Ok(fields),
                b => Err(StopReason::Invalid(format!("expected a block, got {b:?}"))),
            },
            v => Err(StopReason::Invalid(format!("expected a block, got {v:?}"))),
        }
    }

    /// The identity of the predefined exception `name`: the module's `egret_exn_<name>` object.
    pub fn exception_identity(&self, name: &str) -> Option<IValue> {
        let symbol = format!("egret_exn_{name}");
        let i = self.module.data.iter().position(|d| d.name == symbol)?;
        Some(IValue::Ptr(self.data_blocks[i]))
    }

    /// Raises the constant predefined exception `name`.
    pub fn raise_constant(&mut self, name: &str) -> Result<IValue, StopReason> {
        match self.exception_identity(name) {
            Some(id) => Err(StopReason::Raise(id)),
            None => self.uncaught_exception(name),
        }
    }

    /// Raises the predefined exception `name` (`Failure`, `Invalid_argument`) with a message.
    fn raise_with_string(&mut self, name: &str, msg: &str) -> Result<IValue, StopReason> {
        match self.exception_identity(name) {
            Some(id) => {
                let arg = self.alloc(HeapBlock::Bytes(msg.as_bytes().to_vec()));
                let exn = self.alloc(HeapBlock::Fields {
                    tag: 0,
                    fields: vec![id, arg],
                });
                Err(StopReason::Raise(exn))
            }
            None => self.uncaught_exception(&format!("{name}(\"{msg}\")")),
        }
    }

    pub fn invalid_argument(&mut self, msg: &str) -> Result<IValue, StopReason> {
        self.raise_with_string("Invalid_argument", msg)
    }

    pub fn failwith(&mut self, msg: &str) -> Result<IValue, StopReason> {
        self.raise_with_string("Failure", msg)
    }

    /// OCaml's `compare` (the C runtime's `compare_values`): ints before blocks, strings
    /// bytewise, exception identities by their number, other blocks by tag, then size, then
    /// fields left to right; a closure raises `Invalid_argument "compare: functional value"`.
    /// `total` is OCaml's flag: `compare` (total) takes physically equal values as equal at
    /// once, `=` and the orderings (partial) look inside, so functional values always raise.
    /// Iterative, so long lists compare in constant Rust stack.
    pub fn compare(&mut self, a: IValue, b: IValue, total: bool) -> Result<i64, StopReason> {
        let mut work = vec![(a, b)];
        while let Some((a, b)) = work.pop() {
            if a == b && (total || matches!(a, IValue::Int(_))) {
                continue;
            }
            let (pa, pb) = match (a, b) {
                (IValue::Int(x), IValue::Int(y)) => return Ok(if x < y { -1 } else { 1 }),
                (IValue::Int(_), IValue::Ptr(_)) => return Ok(-1),
                (IValue::Ptr(_), IValue::Int(_)) => return Ok(1),
                (IValue::Ptr(x), IValue::Ptr(y)) => (x as usize, y as usize),
                (a, b) => {
                    return Err(StopReason::Invalid(format!(
                        "compare of non-values {a:?} and {b:?}"
                    )))
                }
            };
            let tag = |blk: &HeapBlock| match blk {
                HeapBlock::Fields { tag, .. } => *tag,
                HeapBlock::Bytes(_) => 252,
            };
            let (ta, tb) = (tag(&self.heap[pa]), tag(&self.heap[pb]));
            if ta == 247 || tb == 247 {
                self.invalid_argument("compare: functional value")?;
            }
            if ta != tb {
                return Ok(if ta < tb { -1 } else { 1 });
            }
            if ta == DOUBLE_TAG {
                let (x, y) = (self.float_arg(a)?, self.float_arg(b)?);
                if x < y {
                    return Ok(-1);
                }
                if x > y {
                    return Ok(1);
                }
                if x != y {
                    // A nan: unordered for `=` and the orderings (`UNORDERED`, which makes
                    // all but `<>` false), else nan equals nan and is below every float.
                    if !total {
                        return Ok(UNORDERED);
                    }
                    if !x.is_nan() {
                        return Ok(1);
                    }
                    if !y.is_nan() {
                        return Ok(-1);
                    }
                }
                continue;
            }
            match (&self.heap[pa], &self.heap[pb]) {
                (HeapBlock::Bytes(x), HeapBlock::Bytes(y)) => match x.cmp(y) {
                    std::cmp::Ordering::Equal => {}
                    o => return Ok(o as i64),
                },
                (HeapBlock::Fields { fields: x, .. }, HeapBlock::Fields { fields: y, .. }) => {
                    if ta == 248 {
                        let (ix, iy) = (x.get(1), y.get(1));
                        if ix != iy {
                            let n = |v: Option<&IValue>| match v {
                                Some(IValue::Int(n)) => *n,
                                _ => 0,
                            };
                            return Ok(if n(ix) < n(iy) { -1 } else { 1 });
                        }
                        continue;
                    }
                    if x.len() != y.len() {
                        return Ok(if x.len() < y.len() { -1 } else { 1 });
                    }
                    work.extend(x.iter().copied().zip(y.iter().copied()).rev());
                }
                _ => unreachable!("blocks of equal tags have the same kind"),
            }
        }
        Ok(0)
    }

    /// Printexc.to_string_default's generic text of an exception (the C runtime's
    /// `format_exception_printexc`): the constructor, then every argument, strings as `%S`.
    pub fn format_exception_printexc(&self, exn: IValue) -> Vec<u8> {
        let block = |v: IValue| match v {
            IValue::Ptr(p) => Some(&self.heap[p as usize]),
            _ => None,
        };
        let fields = |v: IValue| match block(v) {
            Some(HeapBlock::Fields { tag, fields }) => Some((*tag, fields.as_slice())),
            _ => None,
        };
        let string = |v: IValue| match block(v) {
            Some(HeapBlock::Bytes(b)) => Some(b.as_slice()),
            _ => None,
        };
        let name_of = |identity: IValue| {
            fields(identity)
                .and_then(|(_, f)| f.first().copied())
                .and_then(string)
                .unwrap_or(b"<exception>")
                .to_vec()
        };
        let Some((tag, exn_fields)) = fields(exn) else {
            return b"<exception>".to_vec();
        };
        if tag == 248 {
            return name_of(exn);
        }
        let mut out = name_of(exn_fields.first().copied().unwrap_or(UNIT));
        if exn_fields.len() < 2 {
            return out;
        }
        out.push(b'(');
        for (k, v) in exn_fields.iter().enumerate().skip(1) {
            if k > 1 {
                out.extend_from_slice(b", ");
            }
            match v {
                IValue::Int(n) => out.extend_from_slice(n.to_string().as_bytes()),
                v => match string(*v) {
                    Some(s) => out.extend_from_slice(&crate::lambda::runtime::ocaml_quoted(s)),
                    None => out.push(b'_'),
                },
            }
        }
        out.push(b')');
        out
    }

    /// OCaml's text for an exception value (the C runtime's `egret_format_exception`, after
    /// OCaml's `caml_format_exception`).
    pub fn format_exception(&self, exn: IValue) -> Vec<u8> {
        let block = |v: IValue| match v {
            IValue::Ptr(p) => Some(&self.heap[p as usize]),
            _ => None,
        };
        let fields = |v: IValue| match block(v) {
            Some(HeapBlock::Fields { tag, fields }) => Some((*tag, fields.as_slice())),
            _ => None,
        };
        let string = |v: IValue| match block(v) {
            Some(HeapBlock::Bytes(b)) => Some(b.as_slice()),
            _ => None,
        };
        let name_of = |identity: IValue| {
            fields(identity)
                .and_then(|(_, f)| f.first().copied())
                .and_then(string)
                .unwrap_or(b"<exception>")
                .to_vec()
        };
        let Some((tag, exn_fields)) = fields(exn) else {
            return b"<exception>".to_vec();
        };
        if tag == 248 {
            return name_of(exn);
        }
        let identity = exn_fields.first().copied().unwrap_or(UNIT);
        let mut out = name_of(identity);
        let special = out == b"Match_failure" || out == b"Assert_failure";
        let (mut bucket, mut start) = (exn_fields, 1);
        if exn_fields.len() == 2 && special {
            if let Some((0, inner)) = fields(exn_fields[1]) {
                bucket = inner;
                start = 0;
            }
        }
        out.push(b'(');
        for (k, v) in bucket.iter().enumerate().skip(start) {
            if k > start {
                out.extend_from_slice(b", ");
            }
            match v {
                IValue::Int(n) => out.extend_from_slice(n.to_string().as_bytes()),
                v => match string(*v) {
                    Some(s) => {
                        out.push(b'"');
                        out.extend_from_slice(s);
                        out.push(b'"');
                    }
                    None => out.push(b'_'),
                },
            }
        }
        out.push(b')');
        out
    }

    /// Runs `f(args)` to completion.
    pub fn run(&mut self, f: FuncId, args: &[IValue]) -> Result<Outcome, InterpError> {
        let r = self.exec(f, args);
        let (exit_code, result) = match r {
            Ok(v) => (0, Some(v)),
            Err(Stop::Exit(c)) => (c, None),
            Err(Stop::Error(e)) => return Err(e),
        };
        Ok(Outcome {
            stdout: std::mem::take(&mut self.stdout),
            stderr: std::mem::take(&mut self.stderr),
            exit_code,
            result,
        })
    }

    fn new_frame(&self, f: FuncId, args: &[IValue], dest: Dest) -> Result<Frame, Stop> {
        let Some(func) = self.module.functions.get(f.index()) else {
            return invalid(format!("call of function {f:?} out of range"));
        };
        if args.len() != func.params.len() {
            return invalid(format!(
                "{} takes {} arguments, given {}",
                func.name,
                func.params.len(),
                args.len()
            ));
        }
        let mut vals = vec![UNIT; func.stmts.len()];
        let mut pc = 0;
        while let Some(Stmt::Param(i, _)) = func.stmts.get(pc as usize) {
            vals[pc as usize] = args[*i as usize];
            pc += 1;
        }
        Ok(Frame {
            func: f,
            vals,
            pc: func.blocks.first().map_or(0, |b| b.start).max(pc),
            block: Block(0),
            dest,
            try_env: None,
        })
    }

    fn exec(&mut self, entry: FuncId, args: &[IValue]) -> Result<IValue, Stop> {
        let m = self.module;
        let mut stack = vec![self.new_frame(entry, args, Dest::Entry)?];
        loop {
            if self.fuel == 0 {
                return Err(Stop::Error(InterpError::OutOfFuel));
            }
            self.fuel -= 1;
            let fr = stack.last_mut().unwrap();
            let func = &m.functions[fr.func.index()];
            let pc = fr.pc;
            let Some(s) = func.stmts.get(pc as usize) else {
                return invalid(format!("{}: ran off the end", func.name));
            };
            let get = |v: &Value| fr.vals[v.index()];
            let int = |v: &Value| match fr.vals[v.index()] {
                IValue::Int(n) => Ok(n),
                x => invalid(format!("{}: %{pc}: {v} is {x:?}, not an int", func.name)),
            };
            let ptr = |v: &Value| match fr.vals[v.index()] {
                IValue::Ptr(p) => Ok(p),
                x => invalid(format!("{}: %{pc}: {v} is {x:?}, not a block", func.name)),
            };
            let result: IValue = match s {
                Stmt::Nop | Stmt::Param(..) => UNIT,
                Stmt::Const(n) => IValue::Int(*n),
                Stmt::RawConst(n) => IValue::Raw(*n),
                Stmt::DataAddr(d) => IValue::Ptr(self.data_blocks[d.index()]),
                Stmt::FuncAddr(f) => IValue::Code(*f),
                Stmt::StackSlot { words } => {
                    // A stack area behaves like a block only this activation refers to.
                    self.heap.push(HeapBlock::Fields {
                        tag: 0,
                        fields: vec![UNIT; *words as usize],
                    });
                    IValue::Ptr(self.heap.len() as u32 - 1)
                }
                Stmt::Unary(op, a) => match op {
                    UnOp::IsInt => IValue::Int(matches!(get(a), IValue::Int(_)) as i64),
                    UnOp::BlockTag => match &self.heap[ptr(a)? as usize] {
                        HeapBlock::Fields { tag, .. } => IValue::Int(*tag as i64),
                        HeapBlock::Bytes(_) => IValue::Int(252),
                    },
                    UnOp::BlockSize => match &self.heap[ptr(a)? as usize] {
                        HeapBlock::Fields { fields, .. } => IValue::Int(fields.len() as i64),
                        HeapBlock::Bytes(b) => IValue::Int(b.len() as i64 / 8 + 1),
                    },
                    _ => IValue::Int(eval_unop(*op, int(a)?).unwrap()),
                },
                Stmt::Binary(op, a, b) => match op {
                    BinOp::PhysEq => IValue::Int((get(a) == get(b)) as i64),
                    BinOp::PhysNe => IValue::Int((get(a) != get(b)) as i64),
                    _ => match eval_binop(*op, int(a)?, int(b)?) {
                        Some(n) => IValue::Int(n),
                        None => return invalid(format!("{}: %{pc}: division by zero", func.name)),
                    },
                },
                Stmt::FConst(bits) => IValue::Raw(*bits as i64),
                Stmt::FUnary(op, a) => {
                    let x = || match get(a) {
                        IValue::Raw(bits) => Ok(f64::from_bits(bits as u64)),
                        v => invalid(format!("{}: %{pc}: {v:?} is not a float", func.name)),
                    };
                    let f = |r: f64| IValue::Raw(r.to_bits() as i64);
                    match op {
                        FUnOp::Neg => f(-x()?),
                        FUnOp::Abs => f(x()?.abs()),
                        FUnOp::Sqrt => f(x()?.sqrt()),
                        FUnOp::OfInt => f(int(a)? as f64),
                        FUnOp::ToInt => IValue::Int(crate::lambda::arith::int_of_float(x()?)),
                    }
                }
                Stmt::FBinary(op, a, b) => {
                    let x = |v: &Value| match get(v) {
                        IValue::Raw(bits) => Ok(f64::from_bits(bits as u64)),
                        v => invalid(format!("{}: %{pc}: {v:?} is not a float", func.name)),
                    };
                    let (x, y) = (x(a)?, x(b)?);
                    let f = |r: f64| IValue::Raw(r.to_bits() as i64);
                    let bool_ = |c: bool| IValue::Int(c as i64);
                    match op {
                        FBinOp::Add => f(x + y),
                        FBinOp::Sub => f(x - y),
                        FBinOp::Mul => f(x * y),
                        FBinOp::Div => f(x / y),
                        FBinOp::Eq => bool_(x == y),
                        FBinOp::Ne => bool_(x != y),
                        FBinOp::Lt => bool_(x < y),
                        FBinOp::Le => bool_(x <= y),
                        FBinOp::Gt => bool_(x > y),
                        FBinOp::Ge => bool_(x >= y),
                    }
                }
                Stmt::Alloc { tag, fields, .. } => {
                    let fields = fields.iter().map(get).collect();
                    self.heap.push(HeapBlock::Fields { tag: *tag, fields });
                    IValue::Ptr(self.heap.len() as u32 - 1)
                }
                Stmt::Load { base, index, .. } => {
                    let i = *index as usize;
                    match &self.heap[ptr(base)? as usize] {
                        HeapBlock::Fields { fields, .. } if i < fields.len() => fields[i],
                        HeapBlock::Bytes(b) if i <= b.len() / 8 => {
                            let mut raw = b.clone();
                            let words = b.len() / 8 + 1;
                            raw.resize(words * 8 - 1, 0);
                            raw.push((words * 8 - 1 - b.len()) as u8);
                            let w = u64::from_le_bytes(raw[i * 8..i * 8 + 8].try_into().unwrap());
                            IValue::Raw(w as i64)
                        }
                        _ => return invalid(format!("{}: %{pc}: load out of bounds", func.name)),
                    }
                }
                Stmt::Store { base, index, value } => {
                    let v = get(value);
                    let p = ptr(base)?;
                    match &mut self.heap[p as usize] {
                        HeapBlock::Fields { fields, .. } if (*index as usize) < fields.len() => {
                            fields[*index as usize] = v
                        }
                        _ => return invalid(format!("{}: %{pc}: bad store", func.name)),
                    }
                    UNIT
                }
                Stmt::Pi { value, fact } => {
                    let v = get(value);
                    let holds = match (fact, v) {
                        (Fact::IsInt, IValue::Int(_)) => true,
                        (Fact::IsConst(n), IValue::Int(k)) => *n == k,
                        (Fact::NonZero, IValue::Int(k)) => k != 0,
                        (Fact::NonZero, _) => true,
                        (Fact::HasTag(t), IValue::Ptr(p)) => match &self.heap[p as usize] {
                            HeapBlock::Fields { tag, .. } => tag == t,
                            HeapBlock::Bytes(_) => *t == 252,
                        },
                        _ => false,
                    };
                    if !holds {
                        return invalid(format!("{}: %{pc}: pi fact false of {v:?}", func.name));
                    }
                    v
                }
                Stmt::Phi { .. } => {
                    return invalid(format!("{}: %{pc}: phi reached in sequence", func.name))
                }
                Stmt::Call { callee, args, .. } | Stmt::TailCall { callee, args } => {
                    let argv: Vec<IValue> = args.iter().map(get).collect();
                    let target = match callee {
                        Callee::Direct(f) => *f,
                        Callee::Indirect(c) => match get(c) {
                            IValue::Code(f) => f,
                            x => return invalid(format!("{}: %{pc}: call of {x:?}", func.name)),
                        },
                        Callee::Runtime(name) => {
                            let Some(&(rt_name, lo, hi, prim)) =
                                RUNTIME.iter().find(|(n, ..)| n == name)
                            else {
                                return invalid(format!("unknown runtime function {name}"));
                            };
                            if argv.len() < lo || argv.len() > hi {
                                return invalid(format!("{name}: bad argument count"));
                            }
                            let tail = matches!(s, Stmt::TailCall { .. });
                            self.current_runtime = rt_name;
                            let r = match prim(self, &argv) {
                                Ok(r) => r,
                                Err(StopReason::Exit(c)) => return Err(Stop::Exit(c)),
                                Err(StopReason::Invalid(e)) => return invalid(e),
                                Err(StopReason::Raise(exn)) => {
                                    if let Some(r) = self.unwind(&mut stack, exn)? {
                                        return Ok(r);
                                    }
                                    continue;
                                }
                                Err(StopReason::RunTry { code, env }) => {
                                    if let Some(r) =
                                        self.call(&mut stack, code, &[env], tail, Some(env))?
                                    {
                                        return Ok(r);
                                    }
                                    continue;
                                }
                            };
                            if tail {
                                // A runtime tail call returns its result to our caller.
                                if let Some(r) = self.ret(&mut stack, r)? {
                                    return Ok(r);
                                }
                                continue;
                            }
                            let fr = stack.last_mut().unwrap();
                            fr.vals[pc as usize] = r;
                            fr.pc += 1;
                            continue;
                        }
                    };
                    let tail = matches!(s, Stmt::TailCall { .. });
                    if let Some(r) = self.call(&mut stack, target, &argv, tail, None)? {
                        return Ok(r);
                    }
                    continue;
                }
                Stmt::Return(v) => {
                    let r = get(v);
                    if let Some(r) = self.ret(&mut stack, r)? {
                        return Ok(r);
                    }
                    continue;
                }
                Stmt::Jump(b) => {
                    let b = *b;
                    self.enter(fr, b)?;
                    continue;
                }
                Stmt::Branch { cond, then, els } => {
                    let b = if int(cond)? != 0 { *then } else { *els };
                    self.enter(fr, b)?;
                    continue;
                }
                Stmt::Switch {
                    value,
                    targets,
                    default,
                } => {
                    let b = match get(value) {
                        IValue::Int(n) if n >= 0 && (n as usize) < targets.len() => {
                            targets[n as usize]
                        }
                        _ => *default,
                    };
                    self.enter(fr, b)?;
                    continue;
                }
                Stmt::Unreachable => {
                    return invalid(format!("{}: %{pc}: reached unreachable", func.name))
                }
            };
            fr.vals[pc as usize] = result;
            fr.pc += 1;
        }
    }

    /// Calls `f(args)` from the current frame (as a tail call if `tail`), as the body of an
    /// `egret_try` if `try_env` is given. A call too deep raises `Stack_overflow`. Returns the
    /// run's result if the program ended.
    fn call(
        &mut self,
        stack: &mut Vec<Frame>,
        f: FuncId,
        args: &[IValue],
        tail: bool,
        try_env: Option<IValue>,
    ) -> Result<Option<IValue>, Stop> {
        let caller = stack.last().unwrap();
        // A handler frame stays: its tail calls are real calls whose result it returns.
        let replace = tail && caller.try_env.is_none();
        if !replace && stack.len() >= self.max_depth {
            return match self.raise_constant("Stack_overflow") {
                Err(StopReason::Raise(exn)) => self.unwind(stack, exn),
                _ => Err(Stop::Exit(2)),
            };
        }
        let dest = if replace {
            caller.dest
        } else if tail {
            Dest::Return
        } else {
            Dest::Value(Value(caller.pc))
        };
        let mut frame = self.new_frame(f, args, dest)?;
        frame.try_env = try_env;
        if replace {
            *stack.last_mut().unwrap() = frame;
        } else {
            stack.push(frame);
        }
        Ok(None)
    }

    /// Pops the current frame, which returns `r`; a handler frame stores `r` in its env and
    /// returns false. Returns the run's result if that was the entry frame.
    fn ret(&mut self, stack: &mut Vec<Frame>, r: IValue) -> Result<Option<IValue>, Stop> {
        let done = stack.pop().unwrap();
        let r = match done.try_env {
            Some(env) => {
                self.store_env(env, r)?;
                IValue::Int(0)
            }
            None => r,
        };
        self.deliver(stack, done.dest, r)
    }

    /// Gives `r` to `dest` (the frame that returned it is popped already).
    fn deliver(
        &mut self,
        stack: &mut Vec<Frame>,
        dest: Dest,
        r: IValue,
    ) -> Result<Option<IValue>, Stop> {
        match dest {
            Dest::Entry => Ok(Some(r)),
            Dest::Value(v) => {
                let caller = stack.last_mut().unwrap();
                caller.vals[v.index()] = r;
                caller.pc = v.0 + 1;
                Ok(None)
            }
            Dest::Return => self.ret(stack, r),
        }
    }

    /// Raises `exn`: pops frames up to the innermost handler, whose `egret_try` returns true
    /// with `exn` in env field 0; with no handler, the program ends with OCaml's message.
    fn unwind(&mut self, stack: &mut Vec<Frame>, exn: IValue) -> Result<Option<IValue>, Stop> {
        while let Some(frame) = stack.pop() {
            if let Some(env) = frame.try_env {
                self.store_env(env, exn)?;
                return self.deliver(stack, frame.dest, IValue::Int(1));
            }
        }
        let mut message = b"Fatal error: exception ".to_vec();
        message.extend_from_slice(&self.format_exception(exn));
        message.push(b'\n');
        self.stderr.extend_from_slice(&message);
        Err(Stop::Exit(2))
    }

    /// Stores `v` in field 0 of a `try` environment.
    fn store_env(&mut self, env: IValue, v: IValue) -> Result<(), Stop> {
        match self.fields_mut(env) {
            Ok(fields) if !fields.is_empty() => {
                fields[0] = v;
                Ok(())
            }
            _ => invalid(format!("egret_try: bad environment {env:?}")),
        }
    }

    /// Moves `fr` to the start of block `to`, evaluating its phis on the edge from `fr.block`.
    fn enter(&self, fr: &mut Frame, to: Block) -> Result<(), Stop> {
        let func = &self.module.functions[fr.func.index()];
        let Some(bd) = func.blocks.get(to.index()) else {
            return invalid(format!("{}: jump to {to} out of range", func.name));
        };
        let mut updates = Vec::new();
        let mut pc = bd.start;
        while let Some(Stmt::Phi { edges, values, .. }) = func.stmts.get(pc as usize) {
            let Some(k) = edges.iter().position(|e| *e == fr.block) else {
                return invalid(format!(
                    "{}: %{pc}: phi without an input for {}",
                    func.name, fr.block
                ));
            };
            updates.push((pc, fr.vals[values[k].index()]));
            pc += 1;
        }
        for (i, v) in updates {
            fr.vals[i as usize] = v;
        }
        fr.block = to;
        fr.pc = pc;
        Ok(())
    }
}

/// Runs the module's entry function (a module without one is an error).
pub fn run_module(m: &Module, fuel: u64) -> Result<Outcome, InterpError> {
    run_module_with_args(m, fuel, &[])
}

/// [`run_module`] with command-line arguments (`Sys.argv` is the program name, then `args`).
pub fn run_module_with_args(m: &Module, fuel: u64, args: &[&str]) -> Result<Outcome, InterpError> {
    let Some(entry) = m.entry else {
        return Err(InterpError::Invalid(
            "the module has no entry function".into(),
        ));
    };
    let mut it = Interpreter::new(m, fuel);
    it.argv.extend(args.iter().map(|a| a.as_bytes().to_vec()));
    it.run(entry, &[])
}

/// Runs `f(args)` in a fresh interpreter.
pub fn run_function(
    m: &Module,
    f: FuncId,
    args: &[IValue],
    fuel: u64,
) -> Result<Outcome, InterpError> {
    Interpreter::new(m, fuel).run(f, args)
}
