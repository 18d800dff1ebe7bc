//! The system: `Sys`, the GC's interface (no collector here), finalisers and ephemerons,
//! signals, runtime parameters, the lexer's and parser's engines.

use super::*;

/// The `Sys` primitives (`lambda::sys`), told apart by `it.current_runtime`.
pub(super) fn rt_sys(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_gc_collect(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(UNIT)
}
pub(super) fn rt_gc_major_slice(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(0))
}
/// 0: no free words in an allocation region, no finaliser due (`false`; `egret_final_next`'s
/// none): nothing is collected here.
pub(super) fn rt_zero(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(IValue::Int(0))
}
/// Nor any count of allocations: every counter is 0.
pub(super) fn rt_gc_minor_words(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(it.box_float(0.0))
}
pub(super) fn rt_gc_counters(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let fields = (0..3).map(|_| it.box_float(0.0)).collect();
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
}
/// `Gc.stat`, `Gc.quick_stat`: the record of gc.mli (three boxed floats, fourteen ints).
pub(super) fn rt_gc_stat(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let mut fields: Vec<IValue> = (0..3).map(|_| it.box_float(0.0)).collect();
    fields.extend((0..14).map(|_| IValue::Int(0)));
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
}
/// `Obj.reachable_words`: the words (headers included) of the blocks reachable from the
/// argument, each counted once; a closure's code pointer and raw words are not followed.
pub(super) fn rt_obj_reachable_words(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
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
pub(super) fn rt_ephe_create(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
/// What an ephemeron's key or data accessor does to its field.
enum EpheOp {
    Set(IValue),
    Unset,
    Check,
    Get,
    GetCopy,
}
/// `op` on field `i` of ephemeron `e`, unset when it is the empty marker (field 0): `Get` is
/// an option, `GetCopy` of a one-level copy of a block.
fn ephe_field(it: &mut Interpreter, e: IValue, i: usize, op: EpheOp) -> Result<IValue, StopReason> {
    let fields = it.fields_mut(e)?;
    let (none, v) = (fields[0], fields[i]);
    let v = match op {
        EpheOp::Set(x) => {
            fields[i] = x;
            return Ok(UNIT);
        }
        EpheOp::Unset => {
            fields[i] = none;
            return Ok(UNIT);
        }
        EpheOp::Check => return Ok(IValue::Int((v != none) as i64)),
        _ if v == none => return Ok(IValue::Int(0)),
        EpheOp::GetCopy if matches!(v, IValue::Ptr(_)) => {
            let copy = it.block(v)?.clone();
            it.alloc(copy)
        }
        _ => v,
    };
    Ok(it.alloc(HeapBlock::Fields {
        tag: 0,
        fields: vec![v],
    }))
}
/// Weak.*'s externals (weak.ml checks the offsets): key i is field i + 2, told apart by
/// `it.current_runtime`.
pub(super) fn rt_weak(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let i = it.int_arg(a[1])? as usize + 2;
    let op = match it.current_runtime {
        "caml_ephe_set_key" => EpheOp::Set(a[2]),
        "caml_ephe_unset_key" => EpheOp::Unset,
        "caml_weak_check" => EpheOp::Check,
        "caml_weak_get_copy" => EpheOp::GetCopy,
        _ => EpheOp::Get,
    };
    ephe_field(it, a[0], i, op)
}
/// Obj.Ephemeron's data accessors: the data is field 1, told apart by `it.current_runtime`.
pub(super) fn rt_ephe_data(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let op = match it.current_runtime {
        "caml_ephe_blit_data" => {
            let src = it.fields_mut(a[0])?;
            let (none1, v) = (src[0], src[1]);
            let dst = it.fields_mut(a[1])?;
            dst[1] = if v == none1 { dst[0] } else { v };
            return Ok(UNIT);
        }
        "caml_ephe_set_data" => EpheOp::Set(a[1]),
        "caml_ephe_unset_data" => EpheOp::Unset,
        "caml_ephe_check_data" => EpheOp::Check,
        "caml_ephe_get_data_copy" => EpheOp::GetCopy,
        _ => EpheOp::Get,
    };
    ephe_field(it, a[0], 1, op)
}
/// `caml_weak_blit e1 o1 e2 o2 l`, overlapping as memmove; an unset field of `e1` becomes
/// `e2`'s empty marker.
pub(super) fn rt_weak_blit(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let (o1, o2, l) = (it.int_arg(a[1])?, it.int_arg(a[3])?, it.int_arg(a[4])?);
    let src = it.fields_mut(a[0])?.clone();
    let dst = it.fields_mut(a[2])?;
    let none2 = dst[0];
    for k in 0..l {
        let v = src[(o1 + 2 + k) as usize];
        dst[(o2 + 2 + k) as usize] = if v == src[0] { none2 } else { v };
    }
    Ok(UNIT)
}
/// Finalisers are registered (the value checked as OCaml's `caml_final_register` does) and
/// never due (`egret_final_next` says none): nothing is collected here.
pub(super) fn rt_final_register(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_gc_get(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let fields = it.gc_control.0.iter().map(|&n| IValue::Int(n)).collect();
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
}
/// `Sys.signal`: records the behaviour, returns the previous one (Signal_default at first).
pub(super) fn rt_install_signal_handler(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    let signo = it.int_arg(a[0])?;
    if !(-28..=64).contains(&signo) || signo == 0 {
        return it.raise_with_string("Invalid_argument", "Sys.signal: unavailable signal");
    }
    Ok(it
        .signal_actions
        .insert(signo, a[1])
        .unwrap_or(IValue::Int(0)))
}
/// `Callback.register`'s table (nothing is collected here).
pub(super) fn rt_register_named_value(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    let name = it.string_arg(a[0])?;
    it.named_values.insert(name, a[1]);
    Ok(UNIT)
}
/// The value registered under a name, as an option.
pub(super) fn rt_named_value(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let name = it.string_arg(a[0])?;
    Ok(match it.named_values.get(&name).copied() {
        Some(v) => it.alloc(HeapBlock::Fields {
            tag: 0,
            fields: vec![v],
        }),
        None => IValue::Int(0),
    })
}
pub(super) fn rt_gc_set(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let mut f = [0i64; 11];
    let fields = it.fields_mut(a[0])?.clone();
    for (slot, v) in f.iter_mut().zip(fields) {
        *slot = it.int_arg(v)?;
    }
    it.gc_control.set(f);
    Ok(UNIT)
}
/// `Sys.argv`: one array, the same at every use.
pub(super) fn rt_sys_argv(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
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
pub(super) fn rt_sys_get_config(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    let os = it.alloc(HeapBlock::Bytes(b"Unix".to_vec()));
    let fields = vec![os, IValue::Int(64), IValue::Int(0)];
    Ok(it.alloc(HeapBlock::Fields { tag: 0, fields }))
}
pub(super) fn rt_runtime_variant(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(it.alloc(HeapBlock::Bytes(Vec::new())))
}
pub(super) fn rt_runtime_parameters(
    it: &mut Interpreter,
    _: &[IValue],
) -> Result<IValue, StopReason> {
    let text = (it.gc_control).runtime_parameters(
        it.record_backtrace,
        it.parser_trace,
        it.runtime_warnings,
    );
    Ok(it.alloc(HeapBlock::Bytes(text.into_bytes())))
}
pub(super) fn rt_enable_runtime_warnings(
    it: &mut Interpreter,
    a: &[IValue],
) -> Result<IValue, StopReason> {
    it.runtime_warnings = it.int_arg(a[0])? != 0;
    Ok(UNIT)
}
pub(super) fn rt_runtime_warnings_enabled(
    it: &mut Interpreter,
    _: &[IValue],
) -> Result<IValue, StopReason> {
    Ok(IValue::Int(it.runtime_warnings as i64))
}

/// The lexer's and parser's automata (`lambda::engines`), told apart by `it.current_runtime`.
pub(super) fn rt_engine(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
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
