//! Exception values in the lambda interpreter, with the layout the SSA lowering gives them
//! (the facts are [`crate::ssa::lower`]'s constants), so that code reading an exception
//! through `Obj` (the installed `printexc.ml`: `Obj.tag`, `Obj.size`, the name at field 0 of
//! the slot) sees what it sees in a native build:
//!
//! - An exception's identity (its slot, `Obj.Extension_constructor.t`) is a block of tag
//!   [`EXN_TAG`] (OCaml's `Object_tag`) `[name, id]`: the constructor's name (a string) and a
//!   number. A static exception's identity is one block per program, made at its first use,
//!   with its index in the exception table as its number; a local exception (`let exception`,
//!   the runtime's `egret_fresh_exception`) gets a fresh one each time, numbered from
//!   [`FIRST_FRESH_EXN_ID`] up as the C runtime numbers them.
//! - A constant exception is its identity; an exception with arguments is a block of tag
//!   [`EXN_ARGS_TAG`] `[identity, args..]`.
//! - Identities compare and test by their number (`compare`, `IsException` by identity).

use super::*;
use crate::ssa::lower::{EXN_ARGS_TAG, EXN_ID_FIELD, EXN_NAME_FIELD, FIRST_FRESH_EXN_ID};

/// The tag of exception identities, in the interpreter's numbering and OCaml's.
pub const EXN_TAG: u32 = crate::ssa::lower::EXN_TAG as u32;

impl<'p> Machine<'p> {
    /// The identity of static exception `index`: the same block at every use, as the
    /// lowering's static data object.
    pub(super) fn exception_identity(&self, index: u32) -> Value<'p> {
        self.exception_identities
            .borrow_mut()
            .entry(index)
            .or_insert_with(|| {
                let name = self
                    .prog
                    .types
                    .exceptions
                    .get(index as usize)
                    .map_or_else(|| format!("exn{index}"), |e| e.name.clone());
                identity_block(name.into_bytes(), index as i64)
            })
            .clone()
    }

    /// The value of static exception `index` applied to `args`.
    pub(super) fn exception_value(&self, index: u32, args: Vec<Value<'p>>) -> Value<'p> {
        let identity = self.exception_identity(index);
        if args.is_empty() {
            return identity;
        }
        let mut fields = Vec::with_capacity(args.len() + 1);
        fields.push(identity);
        fields.extend(args);
        Value::Block(Block::new(EXN_ARGS_TAG as u32, fields))
    }

    /// `let exception C`: a fresh identity named `name` (`egret_fresh_exception`).
    pub(super) fn fresh_exception(&mut self, name: Value<'p>) -> R<'p, Value<'p>> {
        let Value::Str(s) = name else {
            return error("egret_fresh_exception: the name is not a string");
        };
        let id = FIRST_FRESH_EXN_ID + self.fresh_exceptions;
        self.fresh_exceptions += 1;
        let fields = vec![Value::Str(s), Value::Int(id)];
        Ok(Value::Block(Block::new(EXN_TAG, fields)))
    }

    /// Whether `v` is a value of static exception `k` (`IsException`): `v` is its identity
    /// (a constant exception) or `v`'s field 0 is (one with arguments).
    pub(super) fn is_exception(&self, k: u32, v: &Value<'p>) -> R<'p, bool> {
        let Value::Block(b) = v else {
            return error("IsException of a non-exception");
        };
        let identity = self.exception_identity(k);
        let Value::Block(id) = &identity else {
            unreachable!("an identity is a block");
        };
        if self.prog.types.exceptions[k as usize].args.is_empty() {
            return Ok(Rc::ptr_eq(b, id));
        }
        Ok(matches!(b.fields.borrow().first(), Some(Value::Block(f)) if Rc::ptr_eq(f, id)))
    }

    pub(super) fn eval_construct_exn(
        &mut self,
        index: u32,
        args: &'p [Expr],
        env: &Env<'p>,
    ) -> R<'p, Value<'p>> {
        let args = self.eval_args(args, env)?;
        Ok(self.exception_value(index, args))
    }

    pub(super) fn raise_named<T>(&self, name: &str, arg: Option<&str>) -> R<'p, T> {
        let Some(i) = exception_index(&self.prog.types, name) else {
            return error(format!("exception {name} raised but not declared"));
        };
        let args = arg.map(|a| str_value(a.as_bytes().to_vec()));
        Err(Unwind::Raise(
            self.exception_value(i, args.into_iter().collect()),
        ))
    }

    /// The text OCaml's runtime prints for an uncaught exception (`caml_format_exception`:
    /// the name, then the arguments in parentheses, ints in decimal, strings in quotes
    /// unescaped, anything else `_`; `Match_failure` and `Assert_failure` show their tuple).
    pub fn exception_text(&self, v: &Value<'p>) -> String {
        String::from_utf8_lossy(&self.exception_bytes(v)).into_owned()
    }

    /// [`Machine::exception_text`] as bytes (a string argument need not be UTF-8).
    pub fn exception_bytes(&self, v: &Value<'p>) -> Vec<u8> {
        let (mut out, mut args) = exception_parts(v);
        if matches!(
            out.as_slice(),
            b"Match_failure" | b"Assert_failure" | b"Undefined_recursive_module"
        ) && args.len() == 1
        {
            if let Value::Block(t) = &args[0] {
                let inner = t.fields.borrow().clone();
                args = inner;
            }
        }
        push_arguments(&mut out, &args, |s| [b"\"", s, b"\""].concat());
        out
    }

    /// Printexc.to_string_default's generic text of an exception (printexc.ml): the
    /// constructor, then every argument, strings as `%S` writes them; no special case.
    pub fn printexc_exception_bytes(&self, v: &Value<'p>) -> Vec<u8> {
        let (mut out, args) = exception_parts(v);
        push_arguments(&mut out, &args, crate::lambda::runtime::ocaml_quoted);
        out
    }
}

/// `(a1, .., an)` after an exception's name (nothing for none): ints in decimal, strings as
/// `string` writes them, anything else `_`.
fn push_arguments(out: &mut Vec<u8>, args: &[Value<'_>], string: impl Fn(&[u8]) -> Vec<u8>) {
    if args.is_empty() {
        return;
    }
    out.push(b'(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        match a {
            Value::Int(n) => out.extend_from_slice(n.to_string().as_bytes()),
            Value::Str(s) => out.extend_from_slice(&string(&s.borrow())),
            _ => out.push(b'_'),
        }
    }
    out.push(b')');
}

/// An identity block `[name, id]`.
fn identity_block<'p>(name: Vec<u8>, id: i64) -> Value<'p> {
    let mut fields = vec![Value::Int(0); 2];
    fields[EXN_NAME_FIELD as usize] = str_value(name);
    fields[EXN_ID_FIELD as usize] = Value::Int(id);
    Value::Block(Block::new(EXN_TAG, fields))
}

/// The constructor's name and the arguments of exception value `v` (`_` and none for what
/// is not an exception).
fn exception_parts<'p>(v: &Value<'p>) -> (Vec<u8>, Vec<Value<'p>>) {
    let name_of = |identity: &Rc<Block<'p>>| match identity.fields.borrow().first() {
        Some(Value::Str(s)) if identity.ocaml_tag.get() as u32 == EXN_TAG => {
            Some(s.borrow().clone())
        }
        _ => None,
    };
    let Value::Block(b) = v else {
        return (b"_".to_vec(), vec![]);
    };
    if let Some(name) = name_of(b) {
        return (name, vec![]);
    }
    let fields = b.fields.borrow();
    match fields.first() {
        Some(Value::Block(id)) => match name_of(id) {
            Some(name) => (name, fields[1..].to_vec()),
            None => (b"_".to_vec(), vec![]),
        },
        _ => (b"_".to_vec(), vec![]),
    }
}

/// Whether two blocks are exception identities, and then their order by number (OCaml's
/// `compare_val` on `Object_tag` blocks).
pub(super) fn compare_identities(x: &Block<'_>, y: &Block<'_>) -> Option<Ordering> {
    if x.ocaml_tag.get() as u32 != EXN_TAG || y.ocaml_tag.get() as u32 != EXN_TAG {
        return None;
    }
    let id = |b: &Block<'_>| match b.fields.borrow().get(EXN_ID_FIELD as usize) {
        Some(Value::Int(n)) => *n,
        _ => 0,
    };
    Some(id(x).cmp(&id(y)))
}
