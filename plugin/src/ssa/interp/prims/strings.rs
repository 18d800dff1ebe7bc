//! Strings and bytes: comparison, access, building, blits, Printf conversions of one
//! value, `Hashtbl.hash`.

use super::*;

pub(super) fn rt_compare(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.compare(a[0], a[1], true)?))
}
pub(super) fn rt_compare_partial(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.compare(a[0], a[1], false)?))
}
pub(super) fn rt_string_length(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.bytes_ref(a[0])?.len() as i64))
}
pub(super) fn rt_string_get(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])?;
    let s = it.bytes_ref(a[0])?;
    match usize::try_from(i).ok().and_then(|i| s.get(i)) {
        Some(&c) => Ok(IValue::Int(c as i64)),
        None => it.invalid_argument("index out of bounds"),
    }
}
pub(super) fn rt_string_make(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (n, c) = (it.int_arg(a[0])?, it.int_arg(a[1])?);
    if n < 0 {
        return it.invalid_argument("Bytes.create");
    }
    Ok(it.alloc(HeapBlock::Bytes(vec![c as u8; n as usize])))
}
pub(super) fn rt_string_sub(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_string_concat(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let mut s = it.bytes_ref(a[0])?.to_vec();
    s.extend_from_slice(it.bytes_ref(a[1])?);
    Ok(it.alloc(HeapBlock::Bytes(s)))
}
pub(super) fn rt_format_exception_string(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    let text = if it.int_arg(a[1])? != 0 {
        it.format_exception_printexc(a[0])
    } else {
        it.format_exception(a[0])
    };
    Ok(it.alloc(HeapBlock::Bytes(text)))
}
pub(super) fn rt_string_of_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    Ok(it.alloc(HeapBlock::Bytes(n.to_string().into_bytes())))
}
pub(super) fn rt_int_of_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    match crate::lambda::interp::parse_ocaml_int(it.bytes_ref(a[0])?) {
        Some(n) => Ok(IValue::Int(n)),
        None => it.failwith("int_of_string"),
    }
}
pub(super) fn rt_bytes_create(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    if n < 0 {
        return it.invalid_argument("Bytes.create");
    }
    Ok(it.alloc(HeapBlock::Bytes(vec![0; n as usize])))
}
pub(super) fn rt_bytes_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (i, c) = (it.int_arg(a[1])?, it.int_arg(a[2])?);
    let b = it.bytes_mut(a[0])?;
    match usize::try_from(i).ok().and_then(|i| b.get_mut(i)) {
        Some(byte) => *byte = c as u8,
        None => return it.invalid_argument("index out of bounds"),
    }
    Ok(UNIT)
}
pub(super) fn rt_fill_bytes(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_string_equal(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_eq())
}
pub(super) fn rt_string_notequal(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_ne())
}
pub(super) fn rt_string_lessthan(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_lt())
}
pub(super) fn rt_string_lessequal(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_le())
}
pub(super) fn rt_string_greaterthan(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_gt())
}
pub(super) fn rt_string_greaterequal(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    string_order(it, a, |o| o.is_ge())
}
pub(super) fn rt_string_compare(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let order = it.bytes_ref(a[0])?.cmp(it.bytes_ref(a[1])?);
    Ok(IValue::Int(order as i64))
}
/// A string comparison's boolean: the bytes' lexicographic order (OCaml's `caml_string_*`).
pub(super) fn string_order(
    it: &mut Interpreter,
    a: &[IValue],
    test: fn(std::cmp::Ordering) -> bool,
) -> Result<IValue, StopReason> {
    let order = it.bytes_ref(a[0])?.cmp(it.bytes_ref(a[1])?);
    Ok(IValue::Int(test(order) as i64))
}
pub(super) fn rt_bytes_unsafe_set(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
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
pub(super) fn rt_blit_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_hash(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_format_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let spec = it.bytes_ref(a[0])?.to_vec();
    let n = it.int_arg(a[1])?;
    Ok(it.alloc(HeapBlock::Bytes(crate::lambda::interp::format_int(
        &spec, n,
    ))))
}
pub(super) fn rt_format_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let spec = it.bytes_ref(a[0])?.to_vec();
    let s = it.bytes_ref(a[1])?.to_vec();
    Ok(
        it.alloc(HeapBlock::Bytes(crate::lambda::interp::format_string(
            &spec, &s,
        ))),
    )
}
/// OCaml's `%c` ignores flags and width.
pub(super) fn rt_format_char(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let c = it.int_arg(a[1])? as u8;
    Ok(it.alloc(HeapBlock::Bytes(vec![c])))
}
