//! The lexing/parsing engines' view of the interpreter's values ([`crate::lambda::engines::Heap`]):
//! fields, integers, bytes and tags of [`Value`]s, as the compiled runtime's C engines see
//! OCaml blocks.

use super::*;

/// The engines' access to this interpreter's values.
impl<'p> crate::lambda::engines::Heap for Machine<'p> {
    type V = Value<'p>;
    fn field(&self, v: &Value<'p>, i: usize) -> Result<Value<'p>, String> {
        match v {
            Value::Block(b) => b.fields.borrow().get(i).cloned(),
            _ => None,
        }
        .ok_or_else(|| format!("no field {i}"))
    }
    fn set_field(&mut self, v: &Value<'p>, i: usize, x: Value<'p>) -> Result<(), String> {
        match v {
            Value::Block(b) => match b.fields.borrow_mut().get_mut(i) {
                Some(slot) => {
                    *slot = x;
                    Ok(())
                }
                None => Err(format!("no field {i}")),
            },
            _ => Err("not a block".into()),
        }
    }
    fn int(&self, v: &Value<'p>) -> Option<i64> {
        match v {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }
    fn of_int(&self, n: i64) -> Value<'p> {
        Value::Int(n)
    }
    fn byte(&self, v: &Value<'p>, i: usize) -> Result<u8, String> {
        match v {
            Value::Str(s) => s.borrow().get(i).copied(),
            _ => None,
        }
        .ok_or_else(|| format!("no byte {i}"))
    }
    fn tag(&self, v: &Value<'p>) -> Option<u8> {
        match v {
            Value::Int(_) => None,
            Value::Block(b) => Some(b.ocaml_tag.get()),
            Value::Str(_) => Some(252),
            Value::Float(_) => Some(253),
            Value::BoxedInt(..) => Some(255),
            Value::Closure(_) => Some(247),
        }
    }
    fn token_argument(&self, v: &Value<'p>) -> crate::lambda::engines::TokenArgument {
        use crate::lambda::engines::TokenArgument;
        match v {
            Value::Int(n) => TokenArgument::Int(*n),
            Value::Str(s) => TokenArgument::Str(s.borrow().clone()),
            Value::Float(x) => TokenArgument::Float(*x),
            _ => TokenArgument::Other,
        }
    }
    fn write_stderr(&mut self, text: &[u8]) {
        self.stderr.extend_from_slice(text);
    }
}
