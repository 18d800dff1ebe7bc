//! Operations on the interpreter's OCaml values that are not instructions: structural
//! comparison (`compare`, `=`, the orderings) and the printing of exceptions as the runtime
//! prints them (`Printexc.to_string`, the uncaught-exception message).

use super::*;

impl Interpreter<'_> {
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
            // A forced lazy value compares as its value (OCaml's compare.c follows
            // `Forward_tag` blocks, against an int too).
            let forward = |v: IValue| match v {
                IValue::Ptr(p) => match &self.heap[p as usize] {
                    HeapBlock::Fields { tag: 250, fields } => fields.first().copied(),
                    _ => None,
                },
                _ => None,
            };
            if let Some(f) = forward(a) {
                work.push((f, b));
                continue;
            }
            if let Some(f) = forward(b) {
                work.push((a, f));
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
            if ta == CUSTOM_TAG {
                // Boxed integers: of different types by their identifiers, else signed.
                let (x, y) = (self.boxed_int_arg(a)?, self.boxed_int_arg(b)?);
                match x.cmp(&y) {
                    std::cmp::Ordering::Equal => continue,
                    o => return Ok(o as i64),
                }
            }
            if ta == DOUBLE_ARRAY_TAG {
                let (HeapBlock::Fields { fields: xs, .. }, HeapBlock::Fields { fields: ys, .. }) =
                    (&self.heap[pa], &self.heap[pb])
                else {
                    unreachable!("tag of a fields block")
                };
                if xs.len() != ys.len() {
                    return Ok(if xs.len() < ys.len() { -1 } else { 1 });
                }
                let bits = |v: &IValue| match v {
                    IValue::Raw(b) => f64::from_bits(*b as u64),
                    _ => f64::NAN,
                };
                for (x, y) in xs.iter().zip(ys) {
                    let c = compare_floats(bits(x), bits(y), total);
                    if c != 0 {
                        return Ok(c);
                    }
                }
                continue;
            }
            if ta == DOUBLE_TAG {
                let (x, y) = (self.float_arg(a)?, self.float_arg(b)?);
                match compare_floats(x, y, total) {
                    0 => continue,
                    c => return Ok(c),
                }
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
        let special = out == b"Match_failure"
            || out == b"Assert_failure"
            || out == b"Undefined_recursive_module";
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
}
