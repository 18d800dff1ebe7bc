//! Output to the standard channels, exit, and control: raising, `egret_try`.

use super::*;

pub(super) fn rt_print_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    it.stdout.extend_from_slice(n.to_string().as_bytes());
    Ok(UNIT)
}
pub(super) fn rt_print_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let s = it.string_arg(a[0])?;
    it.stdout.extend_from_slice(&s);
    Ok(UNIT)
}
pub(super) fn rt_print_char(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let c = it.int_arg(a[0])?;
    it.stdout.push(c as u8);
    Ok(UNIT)
}
pub(super) fn rt_print_endline(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    rt_print_string(it, a)?;
    it.stdout.push(b'\n');
    Ok(UNIT)
}
pub(super) fn rt_print_newline(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    it.stdout.push(b'\n');
    Ok(UNIT)
}
pub(super) fn rt_prerr_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let s = it.string_arg(a[0])?;
    it.stderr.extend_from_slice(&s);
    Ok(UNIT)
}
pub(super) fn rt_prerr_endline(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    rt_prerr_string(it, a)?;
    it.stderr.push(b'\n');
    Ok(UNIT)
}
pub(super) fn rt_prerr_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    it.stderr.extend_from_slice(n.to_string().as_bytes());
    Ok(UNIT)
}
pub(super) fn rt_flush(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_exit(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Exit(it.int_arg(a[0])? as i32))
}
pub(super) fn rt_opaque_identity(_: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(a[0])
}
pub(super) fn rt_raise_division_by_zero(
    it: &mut Interpreter,
    _: &[IValue],
) -> Result<IValue, StopReason> {
    it.raise_constant("Division_by_zero")
}
pub(super) fn rt_raise_bound_error(
    it: &mut Interpreter,
    _: &[IValue],
) -> Result<IValue, StopReason> {
    it.invalid_argument("index out of bounds")
}
/// `egret_bound_error_exn`, `egret_division_by_zero_exn`: the exception a failing inline check
/// raises, returned for a local `try`'s handler.
pub(super) fn rt_bound_error_exn(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    returned(rt_raise_bound_error(it, a))
}
pub(super) fn rt_division_by_zero_exn(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    returned(rt_raise_division_by_zero(it, a))
}
/// The exception a raising primitive raised, as its result.
fn returned(r: Result<IValue, StopReason>) -> Result<IValue, StopReason> {
    match r {
        Err(StopReason::Raise(exn)) => Ok(exn),
        r => r,
    }
}
pub(super) fn rt_raise(_: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Err(StopReason::Raise(a[0]))
}
/// A raise point noted for the backtrace (a local raise): the interpreter keeps no backtrace.
pub(super) fn rt_note_raise(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(0))
}
pub(super) fn rt_try(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
