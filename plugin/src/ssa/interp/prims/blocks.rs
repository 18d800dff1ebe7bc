//! Blocks: exceptions, recursive-value dummies, arrays (flat float arrays included) and
//! `Obj`.

use super::*;

pub(super) fn rt_fresh_exception(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    // Identities are compared physically: the id only has to be distinct from the others.
    let id = it.heap.len() as i64;
    Ok(it.alloc(HeapBlock::Fields {
        tag: 248,
        fields: vec![a[0], IValue::Int(id)],
    }))
}
pub(super) fn rt_alloc_dummy(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![UNIT; n.max(0) as usize],
    }))
}
pub(super) fn rt_update_dummy(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_array_make(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_unit(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(UNIT)
}
/// `Printexc.record_backtrace`: the flag is kept (and reported), no trace is recorded.
pub(super) fn rt_record_backtrace(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    it.record_backtrace = it.int_arg(a[0])? != 0;
    Ok(UNIT)
}
pub(super) fn rt_backtrace_status(
    it: &mut Interpreter,
    _: &[IValue],
) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.record_backtrace as i64))
}
/// An empty raw backtrace.
pub(super) fn rt_empty_backtrace(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: Vec::new(),
    }))
}
/// `Some [||]`: the trace of an exception, when none is recorded.
pub(super) fn rt_no_backtrace(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let empty = rt_empty_backtrace(it, a)?;
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![empty],
    }))
}
pub(super) fn rt_same(_: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(a[0])
}
/// Every raw backtrace is empty: no slot exists.
pub(super) fn rt_no_slot(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    it.invalid_argument("Printexc.get_raw_backtrace_slot: index out of bounds")
}
/// caml_floatarray_create: `n` zeros, flat (the empty array has tag 0).
pub(super) fn rt_floatarray_create(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
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
pub(super) fn array_tag(it: &Interpreter, v: IValue) -> u8 {
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
pub(super) fn array_gather(
    it: &mut Interpreter,
    parts: &[(IValue, i64, i64)],
) -> Result<IValue, StopReason> {
    let (mut tag, mut fields) = (0, Vec::new());
    for &(a, o, n) in parts {
        if n > 0 {
            tag = array_tag(it, a);
            fields.extend_from_slice(&it.fields_mut(a)?[o as usize..(o + n) as usize]);
        }
    }
    Ok(it.alloc(HeapBlock::Fields { tag, fields }))
}
pub(super) fn rt_array_sub(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (o, n) = (it.int_arg(a[1])?, it.int_arg(a[2])?);
    array_gather(it, &[(a[0], o, n)])
}
pub(super) fn rt_array_append(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n1 = it.fields_mut(a[0])?.len() as i64;
    let n2 = it.fields_mut(a[1])?.len() as i64;
    array_gather(it, &[(a[0], 0, n1), (a[1], 0, n2)])
}
pub(super) fn rt_array_concat(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (mut parts, mut l) = (Vec::new(), a[0]);
    while !matches!(l, IValue::Int(_)) {
        let cell = it.fields_mut(l)?.clone();
        let n = it.fields_mut(cell[0])?.len() as i64;
        parts.push((cell[0], 0, n));
        l = cell[1];
    }
    array_gather(it, &parts)
}
pub(super) fn rt_array_blit(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (o1, o2, n) = (it.int_arg(a[1])?, it.int_arg(a[3])?, it.int_arg(a[4])?);
    let src = it.fields_mut(a[0])?[o1 as usize..(o1 + n) as usize].to_vec();
    it.fields_mut(a[2])?[o2 as usize..(o2 + n) as usize].copy_from_slice(&src);
    Ok(UNIT)
}
pub(super) fn rt_array_fill(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_array_length(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.fields_mut(a[0])?.len() as i64))
}
pub(super) fn rt_float_field_get(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])? as usize;
    match it.fields_mut(a[0])?.get(i).copied() {
        Some(IValue::Raw(bits)) => Ok(it.box_float(f64::from_bits(bits as u64))),
        x => Err(StopReason::Invalid(format!("float field {i} holds {x:?}"))),
    }
}
pub(super) fn rt_float_field_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn is_float_array(it: &Interpreter, a: IValue) -> bool {
    matches!(a, IValue::Ptr(p) if matches!(it.heap[p as usize], HeapBlock::Fields { tag: DOUBLE_ARRAY_TAG, .. }))
}
pub(super) fn rt_array_get(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_array_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_obj_tag(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(match a[0] {
        IValue::Int(_) => 1000,
        IValue::Ptr(p) => match &it.heap[p as usize] {
            HeapBlock::Fields { tag, .. } => *tag as i64,
            HeapBlock::Bytes(_) => 252,
        },
        v => return Err(StopReason::Invalid(format!("caml_obj_tag of {v:?}"))),
    }))
}
pub(super) fn rt_obj_is_int(_: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(matches!(a[0], IValue::Int(_)) as i64))
}
pub(super) fn rt_obj_block(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_obj_with_tag(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_obj_dup(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let copy = it.block(a[0])?.clone();
    Ok(it.alloc(copy))
}
/// `caml_obj_set_tag v tag` (Obj.set_tag): the block's tag, in place.
pub(super) fn rt_obj_set_tag(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let new = it.int_arg(a[1])? & 0xff;
    let IValue::Ptr(p) = a[0] else {
        return Err(StopReason::Invalid("caml_obj_set_tag: not a block".into()));
    };
    match &mut it.heap[p as usize] {
        HeapBlock::Fields { tag, .. } => {
            *tag = new as u8;
            Ok(UNIT)
        }
        HeapBlock::Bytes(_) => Err(StopReason::Invalid(
            "caml_obj_set_tag of a string: not in the interpreter".into(),
        )),
    }
}
/// `caml_obj_raw_field v i` (Obj.raw_field): field `i`'s word as a nativeint; an int's is
/// `2n + 1`, a raw word is itself, a pointer has no address here.
pub(super) fn rt_obj_raw_field(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])? as usize;
    let w = match it.fields_mut(a[0])?.get(i).copied() {
        Some(IValue::Int(n)) => n.wrapping_mul(2).wrapping_add(1),
        Some(IValue::Raw(w)) => w,
        _ => {
            return Err(StopReason::Invalid(
                "Obj.raw_field of a pointer: not in the interpreter".into(),
            ))
        }
    };
    Ok(it.box_int(crate::lambda::ir::BoxedIntKind::Nativeint, w))
}
/// `caml_obj_set_raw_field v i n` (Obj.set_raw_field): field `i` becomes the word `n` (an
/// odd word is an int).
pub(super) fn rt_obj_set_raw_field(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])? as usize;
    let (_, w) = it.boxed_int_arg(a[2])?;
    let v = if w & 1 == 1 {
        IValue::Int(w >> 1)
    } else {
        IValue::Raw(w)
    };
    if let Some(f) = it.fields_mut(a[0])?.get_mut(i) {
        *f = v;
    }
    Ok(UNIT)
}
/// `caml_obj_make_forward blk v` (CamlinternalLazy): `blk` becomes a block of
/// `Obj.forward_tag` whose field is `v`.
pub(super) fn rt_obj_make_forward(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    let IValue::Ptr(p) = a[0] else {
        return Err(StopReason::Invalid(
            "caml_obj_make_forward: not a block".into(),
        ));
    };
    match &mut it.heap[p as usize] {
        HeapBlock::Fields { tag, fields } if !fields.is_empty() => {
            *tag = 250;
            fields[0] = a[1];
            Ok(UNIT)
        }
        _ => Err(StopReason::Invalid(
            "caml_obj_make_forward: not a block of fields".into(),
        )),
    }
}
/// `caml_lazy_make_forward v` (`Lazy.from_val`): a fresh block of `Obj.forward_tag`
/// holding `v`.
pub(super) fn rt_lazy_make_forward(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    Ok(it.alloc(HeapBlock::Fields {
        tag: 250,
        fields: vec![a[0]],
    }))
}
