//! The interpreter's runtime primitives: [`Machine::call_runtime`] and the families it
//! dispatches to (boxed integers, `Sys` and channels, the engines), with OCaml's semantics.

use super::*;

impl<'p> Machine<'p> {
    /// A boxed-integer primitive ([`crate::lambda::boxint`]).
    fn call_boxint(
        &mut self,
        name: &str,
        kind: BoxedIntKind,
        op: &str,
        args: &[Value<'p>],
    ) -> R<'p, Value<'p>> {
        use crate::lambda::boxint::{BoxArg, BoxResult};
        let args: Vec<BoxArg> = args
            .iter()
            .map(|a| match a {
                Value::Int(n) => BoxArg::Int(*n),
                Value::BoxedInt(k, n) => BoxArg::Boxed(*k, *n),
                Value::Float(x) => BoxArg::Float(*x),
                Value::Str(s) => BoxArg::Str(s.borrow().clone()),
                _ => BoxArg::Int(0),
            })
            .collect();
        match crate::lambda::boxint::eval(kind, op, &args) {
            Some(BoxResult::Value(BoxArg::Int(n))) => Ok(Value::Int(n)),
            Some(BoxResult::Value(BoxArg::Boxed(k, n))) => Ok(Value::BoxedInt(k, n)),
            Some(BoxResult::Value(BoxArg::Float(x))) => Ok(Value::Float(x)),
            Some(BoxResult::Value(BoxArg::Str(s))) => Ok(str_value(s)),
            Some(BoxResult::DivisionByZero) => self.raise_named("Division_by_zero", None),
            Some(BoxResult::Failure(msg)) => self.raise_named("Failure", Some(&msg)),
            None => error(format!("{name}: bad arguments")),
        }
    }

    /// A `Sys` primitive ([`crate::lambda::sys`]).
    fn call_sys(&mut self, name: &str, values: &[Value<'p>]) -> R<'p, Value<'p>> {
        use crate::lambda::sys::{SysArg, SysFailure, SysValue};
        let mut args: Vec<SysArg> = values
            .iter()
            .map(|a| match a {
                Value::Str(s) => SysArg::Str(s.borrow().clone()),
                Value::Int(n) => SysArg::Int(*n),
                _ => SysArg::Int(0),
            })
            .collect();
        if let ("caml_sys_open", Some(flags)) = (name, values.get(1)) {
            // The open_flag list as the bit set (bit i for the i-th constructor).
            let mut bits = 0i64;
            let mut l = flags.clone();
            while let Value::Block(b) = l {
                let cell = b.fields.borrow().clone();
                if let Value::Int(i) = cell[0] {
                    bits |= 1 << i;
                }
                l = cell[1].clone();
            }
            args[1] = SysArg::Int(bits);
        }
        if name == "egret_output_string" {
            // stdout and stderr are collected here.
            if let (Some(SysArg::Int(id @ (1 | 2))), Some(SysArg::Str(t))) =
                (args.first(), args.get(1))
            {
                let out = if *id == 1 {
                    &mut self.stdout
                } else {
                    &mut self.stderr
                };
                out.extend_from_slice(t);
                return Ok(Value::Int(0));
            }
        }
        let std_out = match args.first() {
            Some(SysArg::Int(1)) => Some(self.stdout.len()),
            Some(SysArg::Int(2)) => Some(self.stderr.len()),
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
            return error(format!("{name}: bad arguments"));
        };
        match r {
            Ok(SysValue::Unit) => Ok(Value::Int(0)),
            Ok(SysValue::Bool(b)) => Ok(bool_val(b)),
            Ok(SysValue::Int(n)) => Ok(Value::Int(n)),
            Ok(SysValue::Str(s)) => Ok(str_value(s)),
            Ok(SysValue::Strs(v)) => Ok(Value::Block(Block::new(
                0,
                v.into_iter().map(str_value).collect(),
            ))),
            Ok(SysValue::Float(x)) => Ok(Value::Float(x)),
            Ok(SysValue::Ints(v)) => Ok(Value::Block(Block::new(
                0,
                v.into_iter().map(Value::Int).collect(),
            ))),
            Ok(SysValue::Command {
                code,
                stdout,
                stderr,
            }) => {
                self.stdout.extend_from_slice(&stdout);
                self.stderr.extend_from_slice(&stderr);
                Ok(Value::Int(code))
            }
            Err(SysFailure::NotFound) => self.raise_named("Not_found", None),
            Err(SysFailure::EndOfFile) => self.raise_named("End_of_file", None),
            Err(SysFailure::SysError(m)) => {
                self.raise_named("Sys_error", Some(&String::from_utf8_lossy(&m)))
            }
        }
    }

    /// The lexer's and parser's automata (`lambda::engines`), or `None` for another primitive.
    fn call_engine(&mut self, name: &str, args: &[Value<'p>]) -> Option<R<'p, Value<'p>>> {
        use crate::lambda::engines::{lex_engine, parse_engine, EngineError};
        // The start state, the command and the flag are ints.
        let int = |v: &Value| match v {
            Value::Int(n) => Ok(*n),
            _ => Err(EngineError::Invalid("an argument is not an int".into())),
        };
        let r = match (name, args) {
            ("caml_lex_engine" | "caml_new_lex_engine", [tables, state, lexbuf]) => {
                let with_mem = name == "caml_new_lex_engine";
                int(state)
                    .and_then(|state| lex_engine(self, tables, state, lexbuf, with_mem))
                    .map(Value::Int)
            }
            // A constant constructor is its index in the declaration here, not OCaml's
            // number among the constant constructors, which `transl_const` is indexed by.
            ("caml_parse_engine", [_, _, Value::Int(1), Value::Int(_)]) => {
                return Some(error(
                    "caml_parse_engine: a constant token's number is not known to the lambda \
                     interpreter",
                ));
            }
            ("caml_parse_engine", [tables, env, cmd, arg]) => {
                let trace = self.parser_trace;
                int(cmd)
                    .and_then(|cmd| parse_engine(self, tables, env, cmd, arg, trace))
                    .map(Value::Int)
            }
            ("caml_set_parser_trace", [flag]) => int(flag).map(|flag| {
                let old = std::mem::replace(&mut self.parser_trace, flag != 0);
                bool_val(old)
            }),
            _ => return None,
        };
        Some(match r {
            Ok(v) => Ok(v),
            Err(EngineError::Failure(msg)) => self.raise_named("Failure", Some(msg)),
            Err(EngineError::Invalid(msg)) => error(format!("{name}: {msg}")),
        })
    }

    /// The runtime primitives of [`crate::lambda::runtime::RUNTIME`].
    pub fn call_runtime(&mut self, name: &str, args: Vec<Value<'p>>) -> R<'p, Value<'p>> {
        let Some(f) = crate::lambda::runtime::lookup(name) else {
            return error(format!("unknown runtime primitive {name}"));
        };
        if !f.accepts_arity(args.len()) {
            return error(format!("{name} applied to {} arguments", args.len()));
        }
        if name.starts_with("caml_ba_") {
            return error(format!("{name}: bigarrays are not in the interpreter"));
        }
        if crate::lambda::runtime::MARSHAL.contains(&name) {
            return error(format!("{name}: Marshal is not in the interpreter"));
        }
        if crate::lambda::runtime::is_unix(name) {
            return error(format!(
                "{name}: the Unix library is not in the interpreter"
            ));
        }
        let int = |i: usize| match args.get(i) {
            Some(Value::Int(n)) => Ok(*n),
            _ => error(format!("{name}: argument {i} is not an int")),
        };
        // A copy of a string argument's bytes.
        let string = |i: usize| match args.get(i) {
            Some(Value::Str(s)) => Ok(s.borrow().clone()),
            _ => error(format!("{name}: argument {i} is not a string")),
        };
        let bytes = |i: usize| match args.get(i) {
            Some(Value::Str(s)) => Ok(s.clone()),
            _ => error(format!("{name}: argument {i} is not a string")),
        };
        // An array, or any block for `Obj.size` and `Obj.field`.
        let block = |i: usize| match args.get(i) {
            Some(Value::Block(b)) => Ok(b.clone()),
            _ => error(format!("{name}: argument {i} is not an array")),
        };
        let unit = Ok(Value::Int(0));
        if let Some(r) = self.call_engine(name, &args) {
            return r;
        }
        if crate::lambda::sys::PRIMITIVES.contains(&name)
            || crate::lambda::chan::PRIMITIVES.contains(&name)
        {
            return self.call_sys(name, &args);
        }
        if let Some((kind, op)) = crate::lambda::boxint::split_name(name) {
            return self.call_boxint(name, kind, op, &args);
        }
        if let Some((set, width)) = crate::lambda::boxint::bytes_access(name) {
            let s = bytes(0)?;
            let i = int(1)?;
            let boxed = |w: usize| match w {
                4 => BoxedIntKind::Int32,
                _ => BoxedIntKind::Int64,
            };
            if set {
                let v = match args.get(2) {
                    Some(Value::Int(n)) => *n,
                    Some(Value::BoxedInt(_, n)) => *n,
                    _ => return error(format!("{name}: bad value")),
                };
                if !crate::lambda::boxint::bytes_set(&mut s.borrow_mut(), i, width, v) {
                    return self.raise_named("Invalid_argument", Some("index out of bounds"));
                }
                return unit;
            }
            return match crate::lambda::boxint::bytes_get(&s.borrow(), i, width) {
                None => self.raise_named("Invalid_argument", Some("index out of bounds")),
                Some(n) if width == 2 => Ok(Value::Int(n)),
                Some(n) => Ok(Value::BoxedInt(boxed(width), n)),
            };
        }
        let str_val = |s: Vec<u8>| Ok(str_value(s));
        let float = |i: usize| match args.get(i) {
            Some(Value::Float(x)) => Ok(*x),
            _ => error(format!("{name}: argument {i} is not a float")),
        };
        if let Some(f) = name.strip_prefix("egret_float_") {
            use crate::lambda::float as fl;
            use crate::lambda::runtime::{FLOAT_BINARY, FLOAT_UNARY};
            if let Some((_, op)) = FLOAT_UNARY.iter().find(|(n, _)| *n == f) {
                return Ok(Value::Float(op(float(0)?)));
            }
            if let Some((_, op)) = FLOAT_BINARY.iter().find(|(n, _)| *n == f) {
                return Ok(Value::Float(op(float(0)?, float(1)?)));
            }
            return Ok(match f {
                "ldexp" => Value::Float(fl::ldexp(float(0)?, int(1)?)),
                "frexp" => {
                    let (m, e) = fl::frexp(float(0)?);
                    Value::Block(Block::new(0, vec![Value::Float(m), Value::Int(e)]))
                }
                "modf" => {
                    let (a, b) = fl::modf(float(0)?);
                    Value::Block(Block::new(0, vec![Value::Float(a), Value::Float(b)]))
                }
                "classify" => Value::Int(fl::classify(float(0)?)),
                "signbit" => bool_val(float(0)?.is_sign_negative()),
                "fma" => Value::Float(float(0)?.mul_add(float(1)?, float(2)?)),
                "of_string" => match fl::float_of_string(&string(0)?) {
                    Some(x) => Value::Float(x),
                    None => return self.raise_named("Failure", Some("float_of_string")),
                },
                _ => return error(format!("unknown runtime primitive {name}")),
            });
        }
        match name {
            "egret_string_of_float" => {
                return str_val(crate::lambda::float::string_of_float(float(0)?).into_bytes())
            }
            "caml_hexstring_of_float" => {
                let style = u8::try_from(int(2)?).unwrap_or(b'-');
                let s = crate::lambda::float::hexstring_of_float(float(0)?, int(1)?, style);
                return str_val(s.into_bytes());
            }
            "egret_format_float" => {
                return match crate::lambda::float::format_conversion(&string(0)?, float(1)?) {
                    Some(s) => str_val(s.into_bytes()),
                    None => error(format!("{name}: bad conversion")),
                }
            }
            _ => {}
        }
        match name {
            "egret_print_int" => self
                .stdout
                .extend_from_slice(int(0)?.to_string().as_bytes()),
            "egret_print_string" => self.stdout.extend_from_slice(&bytes(0)?.borrow()),
            "egret_print_char" => self.stdout.push(int(0)? as u8),
            "egret_print_endline" => {
                self.stdout.extend_from_slice(&bytes(0)?.borrow());
                self.stdout.push(b'\n');
            }
            "egret_print_newline" => self.stdout.push(b'\n'),
            "egret_prerr_string" => self.stderr.extend_from_slice(&bytes(0)?.borrow()),
            "egret_prerr_endline" => {
                self.stderr.extend_from_slice(&bytes(0)?.borrow());
                self.stderr.push(b'\n');
            }
            "egret_prerr_int" => self
                .stderr
                .extend_from_slice(int(0)?.to_string().as_bytes()),
            // Output is not buffered here, so flushing has nothing to do.
            "egret_flush_stdout" | "egret_flush_stderr" => {}
            "egret_flush" => {
                let id = int(0)?;
                if id > 2 {
                    if let Err(crate::lambda::sys::SysFailure::SysError(m)) =
                        crate::lambda::chan::flush(id)
                    {
                        return self.raise_named("Sys_error", Some(&String::from_utf8_lossy(&m)));
                    }
                }
            }
            "egret_string_concat" => {
                let mut s = string(0)?;
                s.extend_from_slice(&bytes(1)?.borrow());
                return str_val(s);
            }
            "egret_string_length" => return Ok(Value::Int(bytes(0)?.borrow().len() as i64)),
            "egret_string_get" => {
                let (s, i) = (bytes(0)?, int(1)?);
                let c = usize::try_from(i)
                    .ok()
                    .and_then(|i| s.borrow().get(i).copied());
                return match c {
                    Some(c) => Ok(Value::Int(c as i64)),
                    None => self.raise_named("Invalid_argument", Some("index out of bounds")),
                };
            }
            "egret_string_of_int" => return str_val(int(0)?.to_string().into_bytes()),
            "egret_int_of_string" => {
                return match parse_ocaml_int(&string(0)?) {
                    Some(n) => Ok(Value::Int(n)),
                    None => self.raise_named("Failure", Some("int_of_string")),
                }
            }
            "egret_string_sub" => {
                let (s, ofs, len) = (bytes(0)?, int(1)?, int(2)?);
                let s = s.borrow();
                if ofs < 0 || len < 0 || ofs > s.len() as i64 - len {
                    return self.raise_named("Invalid_argument", Some("String.sub / Bytes.sub"));
                }
                return str_val(s[ofs as usize..(ofs + len) as usize].to_vec());
            }
            "egret_string_make" => {
                let (n, c) = (int(0)?, int(1)?);
                if n < 0 {
                    // OCaml's String.make is Bytes.make, whose Bytes.create fails.
                    return self.raise_named("Invalid_argument", Some("Bytes.create"));
                }
                return str_val(vec![c as u8; n as usize]);
            }
            "egret_exit" | "egret_sys_exit" => return Err(Unwind::Exit(int(0)? as i32)),
            "caml_bswap16" => return Ok(Value::Int(crate::lambda::boxint::bswap16(int(0)?))),
            "caml_obj_tag" => {
                return Ok(Value::Int(match args.first() {
                    Some(Value::Int(_)) => 1000,
                    Some(Value::Str(_)) => 252,
                    Some(Value::Float(_)) => 253,
                    Some(Value::BoxedInt(..)) => 255,
                    Some(Value::Block(b)) => b.ocaml_tag.get() as i64,
                    Some(Value::Closure(_)) => 247,
                    None => return error("caml_obj_tag arity"),
                }))
            }
            // No backtraces are recorded, whatever `Printexc.record_backtrace`'s flag says:
            // every trace is empty.
            "caml_record_backtrace" => {
                self.record_backtrace = int(0)? != 0;
                return Ok(Value::Int(0));
            }
            "caml_restore_raw_backtrace" => return Ok(Value::Int(0)),
            "caml_backtrace_status" => return Ok(bool_val(self.record_backtrace)),
            "caml_get_exception_raw_backtrace" | "caml_get_current_callstack" => {
                return Ok(Value::Block(Block::new(0, Vec::new())))
            }
            "caml_convert_raw_backtrace" => return Ok(args[0].clone()),
            "caml_get_exception_backtrace" => {
                let empty = Value::Block(Block::new(0, Vec::new()));
                return Ok(some(empty));
            }
            "caml_raw_backtrace_next_slot" | "caml_ml_debug_info_status" => {
                return Ok(Value::Int(0))
            }
            "caml_convert_raw_backtrace_slot" | "caml_raw_backtrace_slot" => {
                return self.raise_named(
                    "Invalid_argument",
                    Some("Printexc.get_raw_backtrace_slot: index out of bounds"),
                )
            }
            "egret_obj_is_int" => return Ok(bool_val(matches!(args.first(), Some(Value::Int(_))))),
            // CamlinternalLazy's forcing: the block becomes a forward block holding the value.
            "caml_obj_make_forward" => {
                let Some(Value::Block(b)) = args.first() else {
                    return error("caml_obj_make_forward: not a block");
                };
                let v = args.get(1).cloned().unwrap_or(Value::Int(0));
                let mut fields = b.fields.borrow_mut();
                let Some(first) = fields.first_mut() else {
                    return error("caml_obj_make_forward: an empty block");
                };
                *first = v;
                b.tag.set(250);
                b.ocaml_tag.set(250);
                return Ok(Value::Int(0));
            }
            "caml_lazy_make_forward" => {
                let v = args.first().cloned().unwrap_or(Value::Int(0));
                return Ok(Value::Block(Block::new(250, vec![v])));
            }
            "caml_obj_block" => {
                let (tag, size) = (int(0)?, int(1)?);
                let tag = tag & 0xff;
                if size < 0 || tag == 255 || (tag == 252 && size == 0) || (tag == 247 && size < 2) {
                    return self.raise_named("Invalid_argument", Some("Obj.new_block"));
                }
                return match tag {
                    // Zero words: the last byte, the padding count, says 7.
                    252 => str_val(vec![0; size as usize * 8 - 1]),
                    247 | 251.. => error(format!("Obj.new_block {tag}: not in the interpreter")),
                    _ => {
                        let fields = vec![Value::Int(0); size as usize];
                        Ok(Value::Block(Block::new(tag as u32, fields)))
                    }
                };
            }
            // The previous behaviour (Signal_default, 0, at first); OCaml's numbers -1..-28
            // and the system's 1..64 are accepted.
            "caml_install_signal_handler" => {
                let signo = int(0)?;
                if !(-28..=64).contains(&signo) || signo == 0 {
                    return self
                        .raise_named("Invalid_argument", Some("Sys.signal: unavailable signal"));
                }
                let action = args.get(1).cloned().unwrap_or(Value::Int(0));
                let old = self.signal_actions.insert(signo, action);
                return Ok(old.unwrap_or(Value::Int(0)));
            }
            "caml_obj_with_tag" | "caml_obj_dup" => {
                let v = args.last().cloned().unwrap_or(Value::Int(0));
                let tag = match name {
                    "caml_obj_dup" => None,
                    _ => Some(int(0)? & 0xff),
                };
                return match (v, tag) {
                    (Value::Str(s), None | Some(252)) => str_val(s.borrow().clone()),
                    // A constructor's tag is its index among the non-constant constructors
                    // (`ocaml_tag`); the interpreter dispatches on its index in the declaration
                    // (`tag`), which another tag's constructor has only when the two agree.
                    (Value::Block(b), t)
                        if t.is_none() || b.tag.get() == b.ocaml_tag.get() as u32 =>
                    {
                        let fields = b.fields.borrow().clone();
                        Ok(Value::Block(match t {
                            None => Block::with_ocaml_tag(b.tag.get(), b.ocaml_tag.get(), fields),
                            Some(t) => Block::new(t as u32, fields),
                        }))
                    }
                    (Value::Closure(_), _) => {
                        error(format!("{name} of a closure: not in the interpreter"))
                    }
                    (_, _) => error(format!(
                        "{name}: not a block of this tag in the interpreter"
                    )),
                };
            }
            // The table of `Callback.register` (nothing is collected here).
            "caml_register_named_value" => {
                let Some(Value::Str(n)) = args.first() else {
                    return error("caml_register_named_value: not a string");
                };
                let v = args.get(1).cloned().unwrap_or(Value::Int(0));
                self.named_values.insert(n.borrow().clone(), v);
            }
            "egret_named_value" => {
                let Some(Value::Str(n)) = args.first() else {
                    return error("egret_named_value: not a string");
                };
                return Ok(match self.named_values.get(&*n.borrow()) {
                    Some(v) => some(v.clone()),
                    None => Value::Int(0),
                });
            }
            // No collector here: a collection has nothing to show.
            "caml_gc_minor" | "caml_gc_major" | "caml_gc_full_major" | "caml_gc_compaction" => {}
            "caml_gc_major_slice" => return Ok(Value::Int(0)),
            // Nor any count of allocations (this interpreter's values are not egret's
            // blocks): every counter is 0.
            "caml_gc_minor_words" => return Ok(Value::Float(0.0)),
            "caml_get_minor_free" => return Ok(Value::Int(0)),
            "caml_gc_counters" => {
                let fields = vec![Value::Float(0.0); 3];
                return Ok(Value::Block(Block::new(0, fields)));
            }
            "caml_gc_stat" | "caml_gc_quick_stat" => {
                let mut fields = vec![Value::Float(0.0); 3];
                fields.extend((0..14).map(|_| Value::Int(0)));
                return Ok(Value::Block(Block::new(0, fields)));
            }
            "caml_obj_reachable_words" => {
                let v = args.into_iter().next().unwrap_or(Value::Int(0));
                return Ok(Value::Int(reachable_words(&v)));
            }
            // An ephemeron as the C runtime's (runtime/egret_weak.c): tag 251, field 0 the
            // empty marker that unset fields hold, 1 the data, 2.. the keys. Never cleared:
            // nothing is collected here.
            "caml_ephe_create" | "caml_weak_create" => {
                let n = int(0)?;
                if n < 0 {
                    return self.raise_named("Invalid_argument", Some("Obj.Ephemeron.create"));
                }
                let none = Value::Block(Block::with_ocaml_tag(251, 251, vec![Value::Int(0)]));
                let fields = vec![none; n as usize + 2];
                return Ok(Value::Block(Block::with_ocaml_tag(251, 251, fields)));
            }
            // Weak.*'s externals (weak.ml checks the offsets): key i is field i + 2.
            "caml_ephe_set_key" | "caml_ephe_unset_key" => {
                let (e, i) = (block(0)?, int(1)? as usize + 2);
                let v = match args.get(2) {
                    Some(v) => v.clone(),
                    None => e.fields.borrow()[0].clone(),
                };
                e.fields.borrow_mut()[i] = v;
                return unit;
            }
            "caml_weak_get" | "caml_weak_get_copy" | "caml_weak_check" => {
                let (e, i) = (block(0)?, int(1)? as usize + 2);
                let fields = e.fields.borrow();
                let set = !is_ephe_none(&fields[0], &fields[i]);
                let v = fields[i].clone();
                return Ok(match name {
                    "caml_weak_check" => bool_val(set),
                    _ if !set => Value::Int(0),
                    "caml_weak_get" => some(v),
                    _ => some(shallow_copy(v)),
                });
            }
            // Obj.Ephemeron's data: field 1.
            "caml_ephe_get_data" | "caml_ephe_get_data_copy" | "caml_ephe_check_data" => {
                let e = block(0)?;
                let fields = e.fields.borrow();
                let set = !is_ephe_none(&fields[0], &fields[1]);
                let v = fields[1].clone();
                return Ok(match name {
                    "caml_ephe_check_data" => bool_val(set),
                    _ if !set => Value::Int(0),
                    "caml_ephe_get_data" => some(v),
                    _ => some(shallow_copy(v)),
                });
            }
            "caml_ephe_set_data" | "caml_ephe_unset_data" => {
                let e = block(0)?;
                let v = match args.get(1) {
                    Some(v) => v.clone(),
                    None => e.fields.borrow()[0].clone(),
                };
                e.fields.borrow_mut()[1] = v;
                return unit;
            }
            "caml_ephe_blit_data" => {
                let (e1, e2) = (block(0)?, block(1)?);
                let v = {
                    let f1 = e1.fields.borrow();
                    if is_ephe_none(&f1[0], &f1[1]) {
                        e2.fields.borrow()[0].clone()
                    } else {
                        f1[1].clone()
                    }
                };
                e2.fields.borrow_mut()[1] = v;
                return unit;
            }
            // Obj.set_tag: the block's tag, in place (both its numbers, as caml_obj_make_forward).
            "caml_obj_set_tag" => {
                let (b, tag) = (block(0)?, int(1)? & 0xff);
                b.tag.set(tag as u32);
                b.ocaml_tag.set(tag as u8);
                return unit;
            }
            // A field's word: an int's is 2n + 1; the interpreter has no address for a block.
            "caml_obj_raw_field" => {
                let (b, i) = (block(0)?, int(1)? as usize);
                return match b.fields.borrow().get(i) {
                    Some(Value::Int(n)) => Ok(Value::BoxedInt(
                        BoxedIntKind::Nativeint,
                        n.wrapping_mul(2).wrapping_add(1),
                    )),
                    _ => error("Obj.raw_field of a pointer: not in the interpreter"),
                };
            }
            "caml_obj_set_raw_field" => {
                let (b, i) = (block(0)?, int(1)? as usize);
                let w = match args.get(2) {
                    Some(Value::BoxedInt(_, w)) if w & 1 == 1 => *w,
                    _ => return error("Obj.set_raw_field of a pointer: not in the interpreter"),
                };
                if let Some(f) = b.fields.borrow_mut().get_mut(i) {
                    *f = Value::Int(w >> 1);
                }
                return unit;
            }
            "caml_weak_blit" => {
                let (e1, o1, e2, o2, l) = (block(0)?, int(1)?, block(2)?, int(3)?, int(4)?);
                // Unset fields of e1 become e2's empty marker; read all before writing.
                let src: Vec<Value> = {
                    let f1 = e1.fields.borrow();
                    let none2 = e2.fields.borrow()[0].clone();
                    f1[(o1 + 2) as usize..(o1 + 2 + l) as usize]
                        .iter()
                        .map(|v| {
                            if is_ephe_none(&f1[0], v) {
                                none2.clone()
                            } else {
                                v.clone()
                            }
                        })
                        .collect()
                };
                e2.fields.borrow_mut()[(o2 + 2) as usize..(o2 + 2 + l) as usize]
                    .clone_from_slice(&src);
                return unit;
            }
            // Finalisers are registered (the value checked as OCaml's caml_final_register
            // does) and never due: nothing is collected here.
            "caml_final_register" | "caml_final_register_called_without_value" => {
                match args.get(1) {
                    Some(
                        Value::Block(_) | Value::Str(_) | Value::BoxedInt(..) | Value::Closure(_),
                    ) => {}
                    _ => return self.raise_named("Invalid_argument", Some("Gc.finalise")),
                }
            }
            "egret_final_next" => return Ok(Value::Int(0)),
            "egret_final_pending" => return Ok(bool_val(false)),
            "caml_gc_get" => {
                let fields = self.gc_control.0.iter().map(|&n| Value::Int(n)).collect();
                return Ok(Value::Block(Block::new(0, fields)));
            }
            "caml_gc_set" => {
                let Some(Value::Block(b)) = args.first() else {
                    return error("caml_gc_set: not a block");
                };
                let mut f = [0i64; 11];
                for (slot, v) in f.iter_mut().zip(b.fields.borrow().iter()) {
                    let Value::Int(n) = v else {
                        return error("caml_gc_set: a field is not an int");
                    };
                    *slot = *n;
                }
                self.gc_control.set(f);
            }
            "egret_format_exception_string" => {
                let printexc = matches!(args.get(1), Some(Value::Int(1)));
                let text = if printexc {
                    self.printexc_exception_bytes(&args[0])
                } else {
                    self.exception_bytes(&args[0])
                };
                return str_val(text);
            }
            "egret_opaque_identity" => return Ok(args.into_iter().next().unwrap_or(Value::Int(0))),
            // A local exception's identity, compared physically.
            "egret_fresh_exception" => {
                let name = args.into_iter().next().unwrap_or(Value::Int(0));
                return self.fresh_exception(name);
            }
            "egret_alloc_dummy" => {
                let n = int(0)?.max(0) as usize;
                return Ok(Value::Block(Block::new(0, vec![Value::Int(0); n])));
            }
            "egret_update_dummy" => {
                let (Some(Value::Block(d)), Some(Value::Block(v))) = (args.first(), args.get(1))
                else {
                    return error("egret_update_dummy: not blocks");
                };
                let fields = v.fields.borrow().clone();
                if fields.len() != d.fields.borrow().len() {
                    return error("egret_update_dummy: sizes differ");
                }
                d.tag.set(v.tag.get());
                d.ocaml_tag.set(v.ocaml_tag.get());
                *d.fields.borrow_mut() = fields;
                return Ok(Value::Int(0));
            }
            "egret_compare" | "egret_compare_partial" => {
                let [a, b] = args.as_slice() else {
                    return error("egret_compare arity");
                };
                let total = name == "egret_compare";
                return Ok(Value::Int(match self.compare(a, b, total)? {
                    Some(o) => o as i64,
                    None => crate::ssa::interp::UNORDERED,
                }));
            }
            "egret_bytes_create" => {
                let n = int(0)?;
                if n < 0 {
                    return self.raise_named("Invalid_argument", Some("Bytes.create"));
                }
                // OCaml leaves the bytes uninitialised; the C runtime zeroes them.
                return str_val(vec![0; n as usize]);
            }
            "caml_bytes_set" => {
                let (s, i, c) = (bytes(0)?, int(1)?, int(2)?);
                let mut s = s.borrow_mut();
                match usize::try_from(i).ok().and_then(|i| s.get_mut(i)) {
                    Some(slot) => *slot = c as u8,
                    None => {
                        return self.raise_named("Invalid_argument", Some("index out of bounds"))
                    }
                }
            }
            "caml_fill_bytes" => {
                let (s, o, l, c) = (bytes(0)?, int(1)?, int(2)?, int(3)?);
                let mut s = s.borrow_mut();
                // Unchecked in OCaml (Bytes.fill checks first): a compiler bug if out of range.
                match (usize::try_from(o), usize::try_from(l)) {
                    (Ok(o), Ok(l)) if o + l <= s.len() => s[o..o + l].fill(c as u8),
                    _ => return error(format!("caml_fill_bytes out of bounds: {o} {l}")),
                }
            }
            "caml_string_equal" => return Ok(bool_val(string(0)? == string(1)?)),
            "caml_string_notequal" => return Ok(bool_val(string(0)? != string(1)?)),
            "caml_string_lessthan" => return Ok(bool_val(string(0)? < string(1)?)),
            "caml_string_lessequal" => return Ok(bool_val(string(0)? <= string(1)?)),
            "caml_string_greaterthan" => return Ok(bool_val(string(0)? > string(1)?)),
            "caml_string_greaterequal" => return Ok(bool_val(string(0)? >= string(1)?)),
            "caml_string_compare" => {
                return Ok(Value::Int(string(0)?.cmp(&string(1)?) as i64));
            }
            "egret_bytes_unsafe_set" => {
                let (s, i, c) = (bytes(0)?, int(1)?, int(2)?);
                let mut s = s.borrow_mut();
                match usize::try_from(i).ok().and_then(|i| s.get_mut(i)) {
                    Some(slot) => *slot = c as u8,
                    // Unchecked in OCaml and in the C runtime: a compiler bug if it happens.
                    None => return error(format!("egret_bytes_unsafe_set out of bounds: {i}")),
                }
            }
            "egret_blit_string" => {
                let (src, so, dst, d, n) = (string(0)?, int(1)?, bytes(2)?, int(3)?, int(4)?);
                let mut dst = dst.borrow_mut();
                if so < 0 || d < 0 || n < 0 || so > src.len() as i64 - n || d > dst.len() as i64 - n
                {
                    return error(format!(
                        "egret_blit_string out of bounds: {so}+{n} of {}, {d}+{n} of {}",
                        src.len(),
                        dst.len()
                    ));
                }
                let (so, d, n) = (so as usize, d as usize, n as usize);
                dst[d..d + n].copy_from_slice(&src[so..so + n]);
            }
            "egret_format_int" => return str_val(format_int(&string(0)?, int(1)?)),
            "egret_format_string" => return str_val(format_string(&string(0)?, &string(1)?)),
            // OCaml's Printf ignores the flags and width of `%c`.
            "egret_format_char" => return str_val(vec![int(1)? as u8]),
            "egret_sys_argv" => {
                if let Some(a) = &self.sys_argv {
                    return Ok(a.clone());
                }
                let fields = self
                    .argv
                    .iter()
                    .map(|a| str_value(a.as_bytes().to_vec()))
                    .collect();
                let a = Value::Block(Block::new(0, fields));
                self.sys_argv = Some(a.clone());
                return Ok(a);
            }
            "caml_sys_get_config" => {
                let fields = vec![str_value(b"Unix".to_vec()), Value::Int(64), bool_val(false)];
                return Ok(Value::Block(Block::new(0, fields)));
            }
            "caml_runtime_variant" => return Ok(str_value(Vec::new())),
            "caml_runtime_parameters" => {
                let text = (self.gc_control).runtime_parameters(
                    self.record_backtrace,
                    self.parser_trace,
                    self.runtime_warnings,
                );
                return Ok(str_value(text.into_bytes()));
            }
            "caml_ml_enable_runtime_warnings" => {
                self.runtime_warnings = !matches!(args.first(), Some(Value::Int(0)));
            }
            "caml_ml_runtime_warnings_enabled" => return Ok(bool_val(self.runtime_warnings)),
            "egret_hash" => {
                use crate::lambda::hash::{caml_hash, Node};
                let h = caml_hash(int(0)?, int(1)?, int(2)?, args[3].clone(), |v| match v {
                    Value::Int(n) => Node::Int(*n),
                    Value::Str(s) => Node::Str(s.borrow().clone()),
                    Value::Float(x) => Node::Float(*x),
                    Value::BoxedInt(k, n) => Node::Custom(crate::lambda::boxint::hash(*k, *n)),
                    Value::Block(b) if b.ocaml_tag.get() == DOUBLE_ARRAY_TAG => Node::FloatArray(
                        b.fields
                            .borrow()
                            .iter()
                            .map(|x| if let Value::Float(x) = x { *x } else { 0.0 })
                            .collect(),
                    ),
                    Value::Block(b) => Node::Block(b.ocaml_tag.get(), b.fields.borrow().clone()),
                    Value::Closure(_) => Node::Closure,
                });
                return Ok(Value::Int(h));
            }
            "egret_array_make" => {
                let n = int(0)?;
                if n < 0 {
                    return self.raise_named("Invalid_argument", Some("Array.make"));
                }
                // A float array is flat in the runtime (`Double_array_tag`), which its hash
                // and `Obj.tag` see.
                let x = args[1].clone();
                let tag = if n > 0 && matches!(x, Value::Float(_)) {
                    DOUBLE_ARRAY_TAG
                } else {
                    0
                };
                return Ok(Value::Block(Block::new(tag as u32, vec![x; n as usize])));
            }
            "caml_array_sub" => {
                let (a, o, l) = (block(0)?, int(1)?, int(2)?);
                return Ok(gather(&[(a, o, l)]));
            }
            "caml_array_append" => {
                let (a, b) = (block(0)?, block(1)?);
                let (la, lb) = (a.fields.borrow().len(), b.fields.borrow().len());
                return Ok(gather(&[(a, 0, la as i64), (b, 0, lb as i64)]));
            }
            "caml_array_concat" => {
                let mut parts = Vec::new();
                let mut l = args[0].clone();
                while let Value::Block(cell) = l {
                    let next = cell.fields.borrow()[1].clone();
                    if let Value::Block(a) = cell.fields.borrow()[0].clone() {
                        let n = a.fields.borrow().len() as i64;
                        parts.push((a, 0, n));
                    }
                    l = next;
                }
                return Ok(gather(&parts));
            }
            "caml_array_blit" => {
                let (a, o1, b, o2, n) = (block(0)?, int(1)?, block(2)?, int(3)?, int(4)?);
                let src: Vec<Value> = a.fields.borrow()[o1 as usize..(o1 + n) as usize].to_vec();
                b.fields.borrow_mut()[o2 as usize..(o2 + n) as usize].clone_from_slice(&src);
                return unit;
            }
            "caml_array_fill" => {
                let (a, o, n) = (block(0)?, int(1)?, int(2)?);
                let v = args[3].clone();
                for f in &mut a.fields.borrow_mut()[o as usize..(o + n) as usize] {
                    *f = v.clone();
                }
                return unit;
            }
            "egret_floatarray_create" => {
                let n = int(0)?;
                if n < 0 {
                    return self.raise_named("Invalid_argument", Some("Float.Array.create"));
                }
                let tag = if n > 0 { DOUBLE_ARRAY_TAG } else { 0 };
                let zeros = vec![Value::Float(0.0); n as usize];
                return Ok(Value::Block(Block::new(tag as u32, zeros)));
            }
            "egret_array_length" => return Ok(Value::Int(block(0)?.fields.borrow().len() as i64)),
            "egret_double_field_get" => {
                let (r, i) = (block(0)?, int(1)?);
                let x = r.fields.borrow().get(i as usize).cloned();
                return match x {
                    Some(x) => Ok(x),
                    None => error(format!("no float field {i}")),
                };
            }
            "egret_double_field_set" => {
                let (r, i) = (block(0)?, int(1)?);
                r.fields.borrow_mut()[i as usize] = args[2].clone();
            }
            "egret_array_get"
            | "egret_addr_array_get"
            | "egret_floatarray_get"
            | "egret_obj_field" => {
                let (a, i) = (block(0)?, int(1)?);
                let x = usize::try_from(i)
                    .ok()
                    .and_then(|i| a.fields.borrow().get(i).cloned());
                return match x {
                    Some(x) => Ok(x),
                    None => self.raise_named("Invalid_argument", Some("index out of bounds")),
                };
            }
            "egret_array_set"
            | "egret_addr_array_set"
            | "egret_floatarray_set"
            | "egret_obj_set_field" => {
                let (a, i) = (block(0)?, int(1)?);
                let mut fields = a.fields.borrow_mut();
                match usize::try_from(i).ok().and_then(|i| fields.get_mut(i)) {
                    Some(slot) => *slot = args[2].clone(),
                    None => {
                        return self.raise_named("Invalid_argument", Some("index out of bounds"))
                    }
                }
            }
            _ => {
                return error(format!(
                    "runtime primitive {name} is not implemented by the interpreter"
                ))
            }
        }
        unit
    }
}

/// `Obj.reachable_words`: the words (headers included) of the blocks reachable from `v`, each
/// counted once, with the C runtime's sizes (a string's padded bytes, a float's one word, a
/// boxed integer's two). A closure counts its header and is not followed: its environment
/// here is not egret's block.
fn reachable_words(v: &Value<'_>) -> i64 {
    let mut seen: std::collections::HashSet<*const ()> = std::collections::HashSet::new();
    let mut stack = vec![v.clone()];
    let mut words = 0;
    while let Some(v) = stack.pop() {
        let key = match &v {
            Value::Int(_) => continue,
            Value::Str(s) => Rc::as_ptr(s) as *const (),
            Value::Block(b) => Rc::as_ptr(b) as *const (),
            Value::Closure(c) => Rc::as_ptr(c) as *const (),
            // Floats and boxed integers are values here, not shared blocks.
            Value::Float(_) => {
                words += 2;
                continue;
            }
            Value::BoxedInt(..) => {
                words += 3;
                continue;
            }
        };
        if !seen.insert(key) {
            continue;
        }
        match &v {
            Value::Str(s) => words += s.borrow().len() as i64 / 8 + 2,
            Value::Block(b) => {
                let fields = b.fields.borrow();
                words += fields.len() as i64 + 1;
                if b.ocaml_tag.get() < 251 {
                    stack.extend(fields.iter().cloned());
                }
            }
            _ => words += 1,
        }
    }
    words
}

/// `Some v`: constructor 1 of `option` (what `Switch` keys on), OCaml's tag 0.
fn some(v: Value<'_>) -> Value<'_> {
    Value::Block(Block::with_ocaml_tag(1, 0, vec![v]))
}

/// Whether an ephemeron's field `v` is unset: physically its empty marker `none` (field 0).
fn is_ephe_none<'p>(none: &Value<'p>, v: &Value<'p>) -> bool {
    matches!((none, v), (Value::Block(n), Value::Block(b)) if Rc::ptr_eq(n, b))
}

/// `caml_weak_get_copy`'s copy: a block's fields or a string's bytes, one level.
fn shallow_copy<'p>(v: Value<'p>) -> Value<'p> {
    match v {
        Value::Str(s) => str_value(s.borrow().clone()),
        Value::Block(b) => Value::Block(Block::with_ocaml_tag(
            b.tag.get(),
            b.ocaml_tag.get(),
            b.fields.borrow().clone(),
        )),
        v => v,
    }
}
