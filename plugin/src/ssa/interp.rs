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
//! Runtime primitives (`Callee::Runtime`) come from the table [`RUNTIME`] ([`lookup_runtime`], which adds the boxed-integer family): adding one is one
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

/// Two floats as `compare` (`total`) or `=` and the orderings see them: a nan is
/// `UNORDERED` for the latter (which makes all but `<>` false), and for `compare` equal to
/// a nan and below every float.
fn compare_floats(x: f64, y: f64, total: bool) -> i64 {
    if x < y {
        -1
    } else if x > y {
        1
    } else if x == y || (total && x.is_nan() && y.is_nan()) {
        0
    } else if !total {
        UNORDERED
    } else if !x.is_nan() {
        1
    } else {
        -1
    }
}

/// OCaml's tag of a flat float array: here its fields are the doubles' bits (`IValue::Raw`).
pub use crate::ssa::lower::DOUBLE_ARRAY_TAG;

/// OCaml's tag of a custom block (a boxed integer: `[ops, payload]`, the operations as the
/// raw word [`prims::custom_ops_code`] gives).
pub const CUSTOM_TAG: u8 = 255;

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

/// The runtime primitives, in their own file.
mod prims;
mod values;
use prims::UNIT;
pub use prims::{lookup as lookup_runtime, RuntimeFn, StopReason, RUNTIME};

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
    /// `Parsing.set_trace`'s flag (`caml_set_parser_trace`).
    parser_trace: bool,
    /// `Printexc.record_backtrace`'s flag (`caml_record_backtrace`): kept and reported, but no
    /// trace is ever recorded.
    record_backtrace: bool,
    /// `Sys.enable_runtime_warnings`'s flag.
    runtime_warnings: bool,
    /// `Sys.argv`: made at its first use, the same array at every later one.
    sys_argv: Option<IValue>,
    /// The runtime function being called (for the primitives that share an implementation).
    current_runtime: &'static str,
    /// `Sys.signal`'s behaviour of each signal set so far, recorded only (no signal is ever
    /// delivered to an interpreted program).
    pub signal_actions: std::collections::HashMap<i64, IValue>,
    /// `Callback.register`'s table (`caml_register_named_value`, `egret_named_value`).
    pub named_values: std::collections::HashMap<Vec<u8>, IValue>,
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
            parser_trace: false,
            record_backtrace: false,
            runtime_warnings: false,
            sys_argv: None,
            current_runtime: "",
            signal_actions: Default::default(),
            named_values: Default::default(),
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
                            DataWord::Word(w) if tag == DOUBLE_TAG || tag == CUSTOM_TAG => {
                                IValue::Raw(*w as i64)
                            }
                            DataWord::Word(w) if w & 1 == 1 => IValue::Int((*w as i64) >> 1),
                            DataWord::Word(w) => IValue::Raw(*w as i64),
                            DataWord::FuncAddr(f) => IValue::Code(*f),
                            DataWord::DataAddr(x) => IValue::Ptr(x.0),
                            DataWord::Symbol(s) => IValue::Raw(prims::custom_ops_code(s)),
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

    /// The type and payload of a boxed integer (a custom block).
    pub fn boxed_int_arg(
        &self,
        v: IValue,
    ) -> Result<(crate::lambda::ir::BoxedIntKind, i64), StopReason> {
        if let IValue::Ptr(p) = v {
            if let HeapBlock::Fields {
                tag: CUSTOM_TAG,
                fields,
            } = &self.heap[p as usize]
            {
                if let [IValue::Raw(ops), IValue::Raw(n)] = fields.as_slice() {
                    if let Some(kind) = prims::custom_ops_kind(*ops) {
                        return Ok((kind, kind.wrap(*n)));
                    }
                }
            }
        }
        Err(StopReason::Invalid(format!(
            "expected a boxed integer, got {v:?}"
        )))
    }

    /// A fresh boxed integer.
    pub fn box_int(&mut self, kind: crate::lambda::ir::BoxedIntKind, n: i64) -> IValue {
        self.alloc(HeapBlock::Fields {
            tag: CUSTOM_TAG,
            fields: vec![
                IValue::Raw(prims::custom_ops_code(kind.ops_symbol())),
                IValue::Raw(n),
            ],
        })
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
                Stmt::LoadIdx { base, index, .. } => {
                    let IValue::Int(i) = get(index) else {
                        return invalid(format!("{}: %{pc}: index not an int", func.name));
                    };
                    match &self.heap[ptr(base)? as usize] {
                        HeapBlock::Fields { fields, .. }
                            if (0..fields.len() as i64).contains(&i) =>
                        {
                            fields[i as usize]
                        }
                        _ => return invalid(format!("{}: %{pc}: load out of bounds", func.name)),
                    }
                }
                Stmt::StoreIdx { base, index, value } => {
                    let v = get(value);
                    let IValue::Int(i) = get(index) else {
                        return invalid(format!("{}: %{pc}: index not an int", func.name));
                    };
                    match &mut self.heap[ptr(base)? as usize] {
                        HeapBlock::Fields { fields, .. }
                            if (0..fields.len() as i64).contains(&i) =>
                        {
                            fields[i as usize] = v
                        }
                        _ => return invalid(format!("{}: %{pc}: store out of bounds", func.name)),
                    }
                    UNIT
                }
                Stmt::LoadByte { base, index } => {
                    let IValue::Int(i) = get(index) else {
                        return invalid(format!("{}: %{pc}: offset not an int", func.name));
                    };
                    let HeapBlock::Bytes(b) = &self.heap[ptr(base)? as usize] else {
                        return invalid(format!("{}: %{pc}: load_byte of a non-string", func.name));
                    };
                    // Past the contents: zero padding, then the block's last byte says how
                    // much padding there is (OCaml's string layout).
                    let last = (b.len() / 8 + 1) * 8 - 1;
                    match usize::try_from(i) {
                        Ok(i) if i < b.len() => IValue::Int(b[i] as i64),
                        Ok(i) if i < last => IValue::Int(0),
                        Ok(i) if i == last => IValue::Int((last - b.len()) as i64),
                        _ => {
                            return invalid(format!(
                                "{}: %{pc}: load_byte out of bounds",
                                func.name
                            ))
                        }
                    }
                }
                Stmt::StoreByte { base, index, value } => {
                    let (IValue::Int(i), IValue::Int(x)) = (get(index), get(value)) else {
                        return invalid(format!("{}: %{pc}: store_byte of non-ints", func.name));
                    };
                    match &mut self.heap[ptr(base)? as usize] {
                        HeapBlock::Bytes(b) if (0..b.len() as i64).contains(&i) => {
                            b[i as usize] = x as u8
                        }
                        _ => {
                            return invalid(format!(
                                "{}: %{pc}: store_byte out of bounds",
                                func.name
                            ))
                        }
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
                        Callee::Runtime(name) if c_float_arity(name).is_some() => {
                            // A C library function of doubles: `F64`s are raw words.
                            let x: Vec<f64> = argv
                                .iter()
                                .map(|a| match a {
                                    IValue::Raw(bits) => Ok(f64::from_bits(*bits as u64)),
                                    other => Err(format!("{name}: argument {other:?}")),
                                })
                                .collect::<Result<_, _>>()
                                .or_else(invalid)?;
                            let mut unary = crate::lambda::runtime::FLOAT_UNARY.iter();
                            let mut binary = crate::lambda::runtime::FLOAT_BINARY.iter();
                            let r = match x.as_slice() {
                                [a] => unary.find(|(n, _)| n == name).map(|(_, f)| f(*a)),
                                [a, b] => binary.find(|(n, _)| n == name).map(|(_, f)| f(*a, *b)),
                                _ => None,
                            };
                            let Some(r) = r else {
                                return invalid(format!("{name}: bad argument count"));
                            };
                            let fr = stack.last_mut().unwrap();
                            fr.vals[pc as usize] = IValue::Raw(r.to_bits() as i64);
                            fr.pc += 1;
                            continue;
                        }
                        Callee::Runtime(name) => {
                            let Some((rt_name, lo, hi, prim)) = prims::lookup(name) else {
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
