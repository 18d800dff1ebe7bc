//! Numbers: boxed integers (`caml_int32_add` ...), 16/32/64-bit accesses of bytes, the
//! C library's float functions and float conversions.

use super::*;

/// Bigarrays are the C runtime's only (`runtime/egret_bigarray.c`): the interpreter stops.
pub(super) fn rt_bigarray(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Invalid(format!(
        "{}: bigarrays are not in the interpreter",
        it.current_runtime
    )))
}

/// The Unix library is the C runtime's only (`runtime/egret_unix.c`): the interpreter stops.
pub(super) fn rt_unix(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Invalid(format!(
        "{}: the Unix library is not in the interpreter",
        it.current_runtime
    )))
}

pub(super) fn rt_marshal(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Invalid(format!(
        "{}: Marshal is not in the interpreter",
        it.current_runtime
    )))
}

pub(super) fn rt_bswap16(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(crate::lambda::boxint::bswap16(
        it.int_arg(a[0])?,
    )))
}

/// The 16-, 32- and 64-bit accesses of strings and bytes ([`crate::lambda::boxint::bytes_get`]).
pub(super) fn rt_bytes_access(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_boxint(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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

/// The C library's functions of one and two floats, each calling `float_unary`/`float_binary`
/// with its C name (the table's functions receive no name).
macro_rules! float_fns {
    ($kind:ident: $($rt:ident = $name:literal),* $(,)?) => {
        $(pub(super) fn $rt(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
            $kind(it, a, $name)
        })*
    };
}
float_fns!(float_unary: rt_float_exp = "exp", rt_float_log = "log", rt_float_log10 = "log10", rt_float_log2 = "log2", rt_float_exp2 = "exp2", rt_float_expm1 = "expm1", rt_float_log1p = "log1p", rt_float_sin = "sin", rt_float_cos = "cos", rt_float_tan = "tan", rt_float_asin = "asin", rt_float_acos = "acos", rt_float_atan = "atan", rt_float_sinh = "sinh", rt_float_cosh = "cosh", rt_float_tanh = "tanh", rt_float_asinh = "asinh", rt_float_acosh = "acosh", rt_float_atanh = "atanh", rt_float_ceil = "ceil", rt_float_floor = "floor", rt_float_trunc = "trunc", rt_float_round = "round", rt_float_cbrt = "cbrt", rt_float_erf = "erf", rt_float_erfc = "erfc");
float_fns!(float_binary: rt_float_atan2 = "atan2", rt_float_hypot = "hypot", rt_float_pow = "pow", rt_float_fmod = "fmod", rt_float_copysign = "copysign", rt_float_nextafter = "nextafter");
pub(super) fn rt_float_of_string(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    match crate::lambda::float::float_of_string(it.bytes_ref(x[0])?) {
        Some(f) => Ok(it.box_float(f)),
        None => it.failwith("float_of_string"),
    }
}
pub(super) fn rt_string_of_float(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    let s = crate::lambda::float::string_of_float(a);
    Ok(it.alloc(HeapBlock::Bytes(s.into_bytes())))
}
pub(super) fn rt_hexstring_of_float(
    it: &mut Interpreter,
    x: &[IValue],
) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    let prec = it.int_arg(x[1])?;
    let style = u8::try_from(it.int_arg(x[2])?).unwrap_or(b'-');
    let s = crate::lambda::float::hexstring_of_float(a, prec, style);
    Ok(it.alloc(HeapBlock::Bytes(s.into_bytes())))
}
pub(super) fn rt_format_float(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_float_ldexp(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let (a, e) = (it.float_arg(x[0])?, it.int_arg(x[1])?);
    Ok(it.box_float(crate::lambda::float::ldexp(a, e)))
}
pub(super) fn rt_float_frexp(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let (m, e) = crate::lambda::float::frexp(it.float_arg(x[0])?);
    let m = it.box_float(m);
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![m, IValue::Int(e)],
    }))
}
pub(super) fn rt_float_modf(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    let (f, i) = crate::lambda::float::modf(a);
    let (f, i) = (it.box_float(f), it.box_float(i));
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![f, i],
    }))
}
pub(super) fn rt_float_signbit(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.float_arg(x[0])?.is_sign_negative() as i64))
}
pub(super) fn rt_float_classify(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    Ok(IValue::Int(crate::lambda::float::classify(a)))
}
pub(super) fn rt_float_fma(it: &mut Interpreter, x: &[IValue]) -> Result<IValue, StopReason> {
    let (a, b, c) = (
        it.float_arg(x[0])?,
        it.float_arg(x[1])?,
        it.float_arg(x[2])?,
    );
    Ok(it.box_float(a.mul_add(b, c)))
}
pub(super) fn float_unary(
    it: &mut Interpreter,
    x: &[IValue],
    name: &str,
) -> Result<IValue, StopReason> {
    let a = it.float_arg(x[0])?;
    let f = crate::lambda::runtime::FLOAT_UNARY
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a listed function")
        .1;
    Ok(it.box_float(f(a)))
}
pub(super) fn float_binary(
    it: &mut Interpreter,
    x: &[IValue],
    name: &str,
) -> Result<IValue, StopReason> {
    let (a, b) = (it.float_arg(x[0])?, it.float_arg(x[1])?);
    let f = crate::lambda::runtime::FLOAT_BINARY
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a listed function")
        .1;
    Ok(it.box_float(f(a, b)))
}
