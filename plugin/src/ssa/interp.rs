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
//! Runtime primitives (`Callee::Runtime`) come from the table [`RUNTIME`]: adding one is one
//! line there plus its function. An unknown name is an error.

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

/// A runtime primitive: receives the arguments, returns the result (unit is `Int(0)`).
pub type RuntimeFn = fn(&mut Interpreter, &[IValue]) -> Result<IValue, StopReason>;

/// How a runtime primitive ends the program instead of returning.
#[derive(Clone, Debug, PartialEq)]
pub enum StopReason {
    /// Exit with this code (output so far is kept).
    Exit(i32),
    /// A misuse (wrong argument kind).
    Invalid(String),
}

/// The runtime primitives: C symbol, minimum and maximum argument count, implementation.
/// Primitives of OCaml type `unit -> _` accept their unit argument or none.
pub const RUNTIME: &[(&str, usize, usize, RuntimeFn)] = &[
    ("egret_print_int", 1, 1, rt_print_int),
    ("egret_print_string", 1, 1, rt_print_string),
    ("egret_print_char", 1, 1, rt_print_char),
    ("egret_print_endline", 1, 1, rt_print_endline),
    ("egret_print_newline", 0, 1, rt_print_newline),
    ("egret_prerr_string", 1, 1, rt_prerr_string),
    ("egret_prerr_endline", 1, 1, rt_prerr_endline),
    ("egret_prerr_int", 1, 1, rt_prerr_int),
    ("egret_flush_stdout", 0, 1, rt_flush_stdout),
    (
        "egret_raise_division_by_zero",
        0,
        1,
        rt_raise_division_by_zero,
    ),
];

const UNIT: IValue = IValue::Int(0);

fn rt_print_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    it.stdout.extend_from_slice(n.to_string().as_bytes());
    Ok(UNIT)
}
fn rt_print_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let s = it.string_arg(a[0])?;
    it.stdout.extend_from_slice(&s);
    Ok(UNIT)
}
fn rt_print_char(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let c = it.int_arg(a[0])?;
    it.stdout.push(c as u8);
    Ok(UNIT)
}
fn rt_print_endline(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    rt_print_string(it, a)?;
    it.stdout.push(b'\n');
    Ok(UNIT)
}
fn rt_print_newline(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    it.stdout.push(b'\n');
    Ok(UNIT)
}
fn rt_prerr_string(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let s = it.string_arg(a[0])?;
    it.stderr.extend_from_slice(&s);
    Ok(UNIT)
}
fn rt_prerr_endline(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    rt_prerr_string(it, a)?;
    it.stderr.push(b'\n');
    Ok(UNIT)
}
fn rt_prerr_int(it: &mut Interpreter, a: &[IValue]) -> Result<IValue, StopReason> {
    let n = it.int_arg(a[0])?;
    it.stderr.extend_from_slice(n.to_string().as_bytes());
    Ok(UNIT)
}
fn rt_flush_stdout(_: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    Ok(UNIT)
}
fn rt_raise_division_by_zero(it: &mut Interpreter, _: &[IValue]) -> Result<IValue, StopReason> {
    it.uncaught_exception("Division_by_zero")
}

/// One activation.
struct Frame {
    func: FuncId,
    vals: Vec<IValue>,
    pc: u32,
    block: Block,
    /// Where the caller wants the result.
    dest: Option<Value>,
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
    /// Frames allowed before the program ends with `Stack_overflow`.
    pub max_depth: usize,
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
            max_depth: 1_000_000,
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
                            DataWord::Word(w) if w & 1 == 1 => IValue::Int((*w as i64) >> 1),
                            DataWord::Word(w) => IValue::Raw(*w as i64),
                            DataWord::FuncAddr(f) => IValue::Code(*f),
                            DataWord::DataAddr(x) => IValue::Ptr(x.0),
                        })
                        .collect();
                    HeapBlock::Fields { tag, fields }
                }
            };
            it.heap.push(block);
        }
        it
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

    fn new_frame(&self, f: FuncId, args: &[IValue], dest: Option<Value>) -> Result<Frame, Stop> {
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
        })
    }

    fn exec(&mut self, entry: FuncId, args: &[IValue]) -> Result<IValue, Stop> {
        let m = self.module;
        let mut stack = vec![self.new_frame(entry, args, None)?];
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
                    self.heap.push(HeapBlock::Fields { tag: 0, fields: vec![UNIT; *words as usize] });
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
                        Callee::Runtime(name) => {
                            let Some(&(_, lo, hi, prim)) = RUNTIME.iter().find(|(n, ..)| n == name)
                            else {
                                return invalid(format!("unknown runtime function {name}"));
                            };
                            if argv.len() < lo || argv.len() > hi {
                                return invalid(format!("{name}: bad argument count"));
                            }
                            let r = match prim(self, &argv) {
                                Ok(r) => r,
                                Err(StopReason::Exit(c)) => return Err(Stop::Exit(c)),
                                Err(StopReason::Invalid(e)) => return invalid(e),
                            };
                            if let Stmt::TailCall { .. } = s {
                                // A runtime tail call returns its result to our caller.
                                self.ret(&mut stack, r);
                                if stack.is_empty() {
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
                    if let Stmt::TailCall { .. } = s {
                        let dest = fr.dest;
                        let new = self.new_frame(target, &argv, dest)?;
                        *stack.last_mut().unwrap() = new;
                    } else {
                        if stack.len() >= self.max_depth {
                            self.uncaught_exception("Stack_overflow").ok();
                            return Err(Stop::Exit(2));
                        }
                        let new = self.new_frame(target, &argv, Some(Value(pc)))?;
                        stack.push(new);
                    }
                    continue;
                }
                Stmt::Return(v) => {
                    let r = get(v);
                    self.ret(&mut stack, r);
                    if stack.is_empty() {
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

    /// Pops the current frame, giving `r` to the caller if there is one.
    fn ret(&self, stack: &mut Vec<Frame>, r: IValue) {
        let done = stack.pop().unwrap();
        if let Some(caller) = stack.last_mut() {
            let dest = done.dest.unwrap();
            caller.vals[dest.index()] = r;
            caller.pc = dest.0 + 1;
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
    let Some(entry) = m.entry else {
        return Err(InterpError::Invalid(
            "the module has no entry function".into(),
        ));
    };
    Interpreter::new(m, fuel).run(entry, &[])
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
