//! An interpreter for the lambda IR with OCaml's semantics, the oracle for every
//! lambda-to-lambda transformation: run a program before and after, compare the outcomes.
//!
//! - Values: ints (also chars, bools, `()` and every constant constructor, as their index),
//!   strings (mutable bytes: the prelude builds strings in place with `egret_bytes_create` and
//!   `egret_bytes_unsafe_set`; a string literal evaluates to the same string every time, as
//!   ocamlopt's static constants do), blocks (constructors with arguments, tuples, records — fields mutable
//!   in place — and exception values, with the native layout: [`exceptions`]) and
//!   closures (a `Fun`'s parameters and body with its environment; partial applications are
//!   closures over the remaining parameters).
//! - Ints are 63-bit and wrap; `/` and `mod` truncate and raise `Division_by_zero`
//!   ([`super::arith`]). `compare` and `=` are structural with OCaml's order (constant
//!   constructors before blocks, blocks by tag then size then fields, strings by bytes) and
//!   raise `Invalid_argument "compare: functional value"` on closures (`compare` first
//!   answers 0 for physically equal values, `=` and the orders do not: as OCaml's
//!   `compare_val` with `total` set or not).
//! - Evaluation order is ocamlopt's: arguments, constructor fields and primitive operands
//!   right to left, then the function; `for` bounds left to right.
//! - Exceptions are Rust `Err`s. An uncaught one prints OCaml's message on stderr
//!   (`Fatal error: exception Failure("boom")`) and exits with code 2.
//! - Runtime primitives are those of [`super::runtime::RUNTIME`] ([`Machine::call_runtime`]),
//!   with OCaml's semantics where `runtime/egret_runtime.c` differs from it (OCaml is the
//!   oracle): errors raise the predefined exceptions with OCaml's messages
//!   (`Invalid_argument "index out of bounds"`, `Failure "int_of_string"`, ...), Printf's `%#d`
//!   groups digits with `_`, `%c` ignores its width. Arrays (and `Sys.argv`) are tag-0 blocks.
//!   `Hashtbl.hash` ([`super::hash`]) sees a block's OCaml tag ([`Block::ocaml_tag`]); a
//!   constant constructor is its index in the declaration, which is OCaml's value only when no
//!   non-constant constructor precedes it, so hashing such a constructor differs from OCaml.
//!   Output is not buffered: stdout and stderr are separate byte vectors.
//! - Tail calls (and `let`/`seq`/`if`/`switch` bodies) run in a loop, so tail recursion takes
//!   no Rust stack; other recursion runs on a thread with a large stack
//!   ([`InterpOptions::stack_bytes`]) and, past [`InterpOptions::max_depth`] nested calls,
//!   raises `Stack_overflow` as OCaml would. Every step costs fuel; a program that runs out
//!   stops with [`Status::OutOfFuel`].

use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::rc::Rc;

use crate::ssa::lower::DOUBLE_ARRAY_TAG;

use super::arith::{eval_int_prim, IntResult};
use super::builtins::exception_index;
use super::ir::*;
use super::pmap::PMap;

pub use exceptions::EXN_TAG;

#[derive(Clone, Debug)]
pub struct InterpOptions {
    /// Evaluation steps before giving up.
    pub fuel: u64,
    /// Nested (non-tail) evaluations before `Stack_overflow` (which is also raised when the
    /// thread's stack is nearly used up).
    pub max_depth: usize,
    /// The interpreter thread's stack (reserved, not committed: 4 GiB by default, which holds
    /// about a million nested calls in a debug build, several million in a release build).
    pub stack_bytes: usize,
    /// `Sys.argv`, the program name first.
    pub argv: Vec<String>,
}

impl Default for InterpOptions {
    fn default() -> Self {
        InterpOptions {
            fuel: 50_000_000,
            max_depth: 10_000_000,
            stack_bytes: 4 << 30,
            argv: vec!["program".into()],
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Finished,
    /// `exit n`.
    Exited,
    /// An exception escaped; its OCaml rendering.
    UncaughtException(String),
    OutOfFuel,
    /// The program is ill-formed (unbound variable, unknown primitive, ...).
    Error(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub exit_code: i32,
    pub status: Status,
}

impl Outcome {
    pub fn stdout_str(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Runs the program's body.
pub fn run_program(p: &Program, opts: &InterpOptions) -> Outcome {
    super::with_big_stack(opts.stack_bytes, || {
        let base = 0u8;
        let mut m = Machine {
            prog: p,
            stdout: vec![],
            stderr: vec![],
            fuel: opts.fuel,
            depth: 0,
            max_depth: opts.max_depth,
            stack_base: &base as *const u8 as usize,
            // Leave room for the frames of one evaluation step and of printing the result.
            stack_budget: opts
                .stack_bytes
                .saturating_sub(opts.stack_bytes / 8 + (1 << 20)),
            argv: &opts.argv,
            literals: HashMap::new(),
            gc_control: Default::default(),
            parser_trace: false,
            record_backtrace: false,
            runtime_warnings: false,
            sys_argv: None,
            exception_identities: RefCell::new(HashMap::new()),
            fresh_exceptions: 0,
            signal_actions: HashMap::new(),
            named_values: HashMap::new(),
        };
        let r = m.eval(&p.body, Env::new());
        let (exit_code, status) = match r {
            Ok(_) => (0, Status::Finished),
            Err(Unwind::Exit(n)) => (n, Status::Exited),
            Err(Unwind::Raise(v)) => {
                let msg = m.exception_bytes(&v);
                m.stderr.extend_from_slice(b"Fatal error: exception ");
                m.stderr.extend_from_slice(&msg);
                m.stderr.push(b'\n');
                (
                    2,
                    Status::UncaughtException(String::from_utf8_lossy(&msg).into_owned()),
                )
            }
            Err(Unwind::OutOfFuel) => (-1, Status::OutOfFuel),
            Err(Unwind::Error(e)) => (-1, Status::Error(e)),
        };
        Outcome {
            stdout: m.stdout,
            stderr: m.stderr,
            exit_code,
            status,
        }
    })
}

/// A string's bytes, mutable in place.
pub type Bytes = Rc<RefCell<Vec<u8>>>;

#[derive(Clone)]
pub enum Value<'p> {
    Int(i64),
    Str(Bytes),
    /// A boxed float.
    Float(f64),
    /// A boxed integer (`int32` sign-extended, `int64`, `nativeint`): a custom block.
    BoxedInt(BoxedIntKind, i64),
    Block(Rc<Block<'p>>),
    Closure(Rc<Closure<'p>>),
}

pub struct Block<'p> {
    /// The constructor's index in its declaration (0 for tuples, records and arrays,
    /// [`EXN_TAG`] for exception identities): what `Switch` arms are keyed by.
    pub tag: std::cell::Cell<u32>,
    /// The tag the block has in memory, as OCaml numbers it (a constructor's index among the
    /// declaration's non-constant constructors): what `Hashtbl.hash` mixes in.
    pub ocaml_tag: std::cell::Cell<u8>,
    pub fields: RefCell<Vec<Value<'p>>>,
}

impl Block<'_> {
    fn new<'p>(tag: u32, fields: Vec<Value<'p>>) -> Rc<Block<'p>> {
        Self::with_ocaml_tag(tag, tag.min(255) as u8, fields)
    }

    fn with_ocaml_tag<'p>(tag: u32, ocaml_tag: u8, fields: Vec<Value<'p>>) -> Rc<Block<'p>> {
        Rc::new(Block {
            tag: tag.into(),
            ocaml_tag: ocaml_tag.into(),
            fields: RefCell::new(fields),
        })
    }
}

pub struct Closure<'p> {
    params: &'p [VarId],
    body: &'p Expr,
    env: RefCell<Env<'p>>,
}

type Env<'p> = PMap<Value<'p>>;

enum Step<'p> {
    Value(Value<'p>),
    /// Continue with this expression in this environment (a tail position).
    Tail(&'p Expr, Env<'p>),
}

pub enum Unwind<'p> {
    Raise(Value<'p>),
    Exit(i32),
    OutOfFuel,
    Error(String),
}

type R<'p, T> = Result<T, Unwind<'p>>;

fn error<'p, T>(msg: impl Into<String>) -> R<'p, T> {
    Err(Unwind::Error(msg.into()))
}

pub struct Machine<'p> {
    prog: &'p Program,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    fuel: u64,
    depth: usize,
    max_depth: usize,
    /// The address of a local of the interpreter thread's first frame, and how far below it
    /// the stack may grow: `Stack_overflow` is raised before the thread's stack runs out,
    /// whatever the size of the interpreter's frames.
    stack_base: usize,
    stack_budget: usize,
    argv: &'p [String],
    /// The string each literal evaluates to, by the address of its `Const` node.
    literals: HashMap<*const Expr, Bytes>,
    /// What `Gc.set` stored (`caml_gc_get`, `caml_gc_set`).
    gc_control: super::runtime::GcControl,
    /// `Parsing.set_trace`'s flag (`caml_set_parser_trace`).
    parser_trace: bool,
    /// `Printexc.record_backtrace`'s flag (`caml_record_backtrace`): kept and reported, but no
    /// trace is ever recorded.
    record_backtrace: bool,
    /// `Sys.enable_runtime_warnings`'s flag.
    runtime_warnings: bool,
    /// `Sys.argv`: made at its first use, the same array at every later one.
    sys_argv: Option<Value<'p>>,
    /// The identity of each static exception used so far ([`exceptions`]): one block, so
    /// that `==` holds between two uses as in OCaml.
    exception_identities: RefCell<HashMap<u32, Value<'p>>>,
    /// The local exceptions' identities made so far (`egret_fresh_exception`).
    fresh_exceptions: i64,
    /// `Sys.signal`'s behaviour of each signal set so far (`caml_install_signal_handler`):
    /// recorded, never installed in the process (the interpreters receive no signals).
    signal_actions: HashMap<i64, Value<'p>>,
    /// `Callback.register`'s table (`caml_register_named_value`, `egret_named_value`).
    named_values: HashMap<Vec<u8>, Value<'p>>,
}

/// A fresh array of the given slices of arrays (`caml_array_sub`, `append`, `concat`): the
/// tag of the last non-empty one (flat float arrays stay flat), the empty array's tag 0.
fn gather<'p>(parts: &[(Rc<Block<'p>>, i64, i64)]) -> Value<'p> {
    let mut fields = Vec::new();
    let (mut tag, mut ocaml_tag) = (0, 0);
    for (a, o, n) in parts {
        if *n > 0 {
            (tag, ocaml_tag) = (a.tag.get(), a.ocaml_tag.get());
            fields.extend_from_slice(&a.fields.borrow()[*o as usize..(*o + *n) as usize]);
        }
    }
    Value::Block(Block::with_ocaml_tag(tag, ocaml_tag, fields))
}

fn str_value<'p>(bytes: Vec<u8>) -> Value<'p> {
    Value::Str(Rc::new(RefCell::new(bytes)))
}

fn bool_val<'p>(b: bool) -> Value<'p> {
    Value::Int(b as i64)
}

impl<'p> Machine<'p> {
    fn eval(&mut self, e: &'p Expr, env: Env<'p>) -> R<'p, Value<'p>> {
        self.depth += 1;
        let here = 0u8;
        let used = self.stack_base.saturating_sub(&here as *const u8 as usize);
        if self.depth > self.max_depth || used > self.stack_budget {
            self.depth -= 1;
            return self.raise_named("Stack_overflow", None);
        }
        let r = self.eval_loop(e, env);
        self.depth -= 1;
        r
    }

    fn eval_args(&mut self, args: &'p [Expr], env: &Env<'p>) -> R<'p, Vec<Value<'p>>> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args.iter().rev() {
            vals.push(self.eval(a, env.clone())?);
        }
        vals.reverse();
        Ok(vals)
    }

    /// Evaluates `e`: one [`Machine::step`] after another while they end in a tail position.
    fn eval_loop(&mut self, mut e: &'p Expr, mut env: Env<'p>) -> R<'p, Value<'p>> {
        loop {
            if self.fuel == 0 {
                return Err(Unwind::OutOfFuel);
            }
            self.fuel -= 1;
            match self.step(e, env)? {
                Step::Value(v) => return Ok(v),
                Step::Tail(e2, env2) => {
                    e = e2;
                    env = env2;
                }
            }
        }
    }

    /// One node. Each kind of node with more than a few locals has its own function, so that
    /// the frames on the recursion path stay small (in debug builds a `match` with all the
    /// cases inline takes kilobytes of stack per nested evaluation).
    fn step(&mut self, e: &'p Expr, mut env: Env<'p>) -> R<'p, Step<'p>> {
        Ok(match e {
            Expr::Var(v) => match env.get(v.0) {
                Some(x) => Step::Value(x.clone()),
                None => return error(format!("unbound variable {v}")),
            },
            Expr::Const(Const::Int(n)) => Step::Value(Value::Int(*n)),
            Expr::Const(Const::Char(c)) => Step::Value(Value::Int(*c as i64)),
            Expr::Const(Const::Float(bits)) => Step::Value(Value::Float(f64::from_bits(*bits))),
            Expr::Const(Const::BoxedInt(k, n)) => Step::Value(Value::BoxedInt(*k, *n)),
            Expr::Const(Const::String(s)) => {
                let bytes = self
                    .literals
                    .entry(e as *const Expr)
                    .or_insert_with(|| Rc::new(RefCell::new(s.to_vec())));
                Step::Value(Value::Str(bytes.clone()))
            }
            Expr::Fun(ps, body, _) => Step::Value(Value::Closure(Rc::new(Closure {
                params: ps,
                body,
                env: RefCell::new(env),
            }))),
            Expr::App(f, args) => return self.step_app(f, args, env),
            Expr::TyFun(_, b) | Expr::TyApp(b, _) | Expr::Loc(_, b) => Step::Tail(b, env),
            Expr::Local(v, d, b) => {
                let x = self.eval(d, env.clone())?;
                env.insert(v.0, x);
                Step::Tail(b, env)
            }
            Expr::LetRec(defs, b) => return self.step_letrec(defs, b, env),
            Expr::Seq(a, b) => {
                self.eval(a, env.clone())?;
                Step::Tail(b, env)
            }
            Expr::Prim(p, args) => Step::Value(self.eval_prim(*p, args, &env)?),
            Expr::If(c, a, b) => match self.eval(c, env.clone())? {
                Value::Int(0) => Step::Tail(b, env),
                Value::Int(_) => Step::Tail(a, env),
                _ => return error("`if` on a non-boolean"),
            },
            Expr::Construct { ty, index, args } => {
                Step::Value(self.eval_construct(ty, *index, args, &env)?)
            }
            Expr::ConstructExn { index, args } => {
                Step::Value(self.eval_construct_exn(*index, args, &env)?)
            }
            Expr::Field(b, i) => Step::Value(self.eval_field(b, *i, env)?),
            Expr::SetField(b, i, v) => Step::Value(self.eval_set_field(b, *i, v, env)?),
            Expr::Switch {
                scrut,
                arms,
                default,
                ..
            } => return self.step_switch(scrut, arms, default.as_deref(), env),
            Expr::While(c, b) => Step::Value(self.eval_while(c, b, env)?),
            Expr::For {
                var,
                from,
                to,
                dir,
                body,
            } => Step::Value(self.eval_for(*var, from, to, *dir, body, env)?),
            Expr::Raise(b, _, _) => {
                let v = self.eval(b, env)?;
                return Err(Unwind::Raise(v));
            }
            Expr::Try(b, v, h) => match self.eval(b, env.clone()) {
                Ok(x) => Step::Value(x),
                Err(Unwind::Raise(exn)) => {
                    env.insert(v.0, exn);
                    Step::Tail(h, env)
                }
                Err(other) => return Err(other),
            },
        })
    }

    fn step_app(&mut self, f: &'p Expr, args: &'p [Expr], env: Env<'p>) -> R<'p, Step<'p>> {
        let mut argv = self.eval_args(args, &env)?;
        let mut fv = self.eval(f, env)?;
        // Apply, one closure at a time; the last saturated call is a tail call.
        loop {
            let Value::Closure(c) = &fv else {
                return error("applying a non-function");
            };
            let n = c.params.len();
            let params: &'p [VarId] = c.params;
            let mut cenv = c.env.borrow().clone();
            if argv.len() < n {
                let k = argv.len();
                for (p, a) in params.iter().zip(argv) {
                    cenv.insert(p.0, a);
                }
                return Ok(Step::Value(Value::Closure(Rc::new(Closure {
                    params: &params[k..],
                    body: c.body,
                    env: RefCell::new(cenv),
                }))));
            }
            let rest = argv.split_off(n);
            for (p, a) in params.iter().zip(argv) {
                cenv.insert(p.0, a);
            }
            let body = c.body;
            if rest.is_empty() {
                return Ok(Step::Tail(body, cenv));
            }
            fv = self.eval(body, cenv)?;
            argv = rest;
        }
    }

    fn step_letrec(
        &mut self,
        defs: &'p [(VarId, Expr)],
        b: &'p Expr,
        mut env: Env<'p>,
    ) -> R<'p, Step<'p>> {
        let mut closures = vec![];
        for (v, d) in defs {
            let mut f = d;
            while let Expr::TyFun(_, x) | Expr::Loc(_, x) = f {
                f = x;
            }
            let Expr::Fun(ps, body, _) = f else {
                return error(format!("let rec {v} is not a function"));
            };
            let c = Rc::new(Closure {
                params: ps,
                body,
                env: RefCell::new(Env::new()),
            });
            env.insert(v.0, Value::Closure(c.clone()));
            closures.push(c);
        }
        for c in closures {
            *c.env.borrow_mut() = env.clone();
        }
        Ok(Step::Tail(b, env))
    }

    fn eval_prim(&mut self, p: Prim, args: &'p [Expr], env: &Env<'p>) -> R<'p, Value<'p>> {
        let argv = self.eval_args(args, env)?;
        self.prim(p, argv)
    }

    fn eval_construct(
        &mut self,
        ty: &Type,
        index: u32,
        args: &'p [Expr],
        env: &Env<'p>,
    ) -> R<'p, Value<'p>> {
        if args.is_empty() {
            return Ok(Value::Int(index as i64));
        }
        let fields = self.eval_args(args, env)?;
        let ocaml_tag = match ty {
            // A flat float record is a `Double_array_tag` block in the runtime.
            Type::Con(c, _) if self.prog.types.is_flat_float_record(*c) => DOUBLE_ARRAY_TAG,
            Type::Con(c, _) => match &self.prog.types.decl(*c).kind {
                DeclKind::Variant(cs) => (cs.iter().take(index as usize))
                    .filter(|c| !c.args.is_empty())
                    .count() as u8,
                _ => 0,
            },
            _ => 0,
        };
        Ok(Value::Block(Block::with_ocaml_tag(
            index, ocaml_tag, fields,
        )))
    }

    fn eval_field(&mut self, b: &'p Expr, i: u32, env: Env<'p>) -> R<'p, Value<'p>> {
        let v = self.eval(b, env)?;
        let Value::Block(blk) = v else {
            return error(format!("field {i} of a non-block"));
        };
        // An exception block is [identity, args..], as in the SSA lowering: no skipping.
        let fields = blk.fields.borrow();
        match fields.get(i as usize) {
            Some(x) => Ok(x.clone()),
            None => error(format!("field {i} out of range")),
        }
    }

    fn eval_set_field(
        &mut self,
        b: &'p Expr,
        i: u32,
        v: &'p Expr,
        env: Env<'p>,
    ) -> R<'p, Value<'p>> {
        let x = self.eval(v, env.clone())?;
        let target = self.eval(b, env)?;
        let Value::Block(blk) = target else {
            return error(format!("setting field {i} of a non-block"));
        };
        let mut fields = blk.fields.borrow_mut();
        match fields.get_mut(i as usize) {
            Some(slot) => *slot = x,
            None => return error(format!("field {i} out of range")),
        }
        Ok(Value::Int(0))
    }

    fn step_switch(
        &mut self,
        scrut: &'p Expr,
        arms: &'p [(i64, Expr)],
        default: Option<&'p Expr>,
        env: Env<'p>,
    ) -> R<'p, Step<'p>> {
        let key = match self.eval(scrut, env.clone())? {
            Value::Int(n) => n,
            Value::Block(b) => b.tag.get() as i64,
            _ => return error("switch on a string or closure"),
        };
        match arms.iter().find(|(k, _)| *k == key) {
            Some((_, a)) => Ok(Step::Tail(a, env)),
            None => match default {
                Some(d) => Ok(Step::Tail(d, env)),
                None => error(format!("no switch arm for {key}")),
            },
        }
    }

    fn eval_while(&mut self, c: &'p Expr, b: &'p Expr, env: Env<'p>) -> R<'p, Value<'p>> {
        loop {
            match self.eval(c, env.clone())? {
                Value::Int(0) => break,
                Value::Int(_) => {}
                _ => return error("`while` on a non-boolean"),
            }
            self.eval(b, env.clone())?;
        }
        Ok(Value::Int(0))
    }

    fn eval_for(
        &mut self,
        var: VarId,
        from: &'p Expr,
        to: &'p Expr,
        dir: Direction,
        body: &'p Expr,
        env: Env<'p>,
    ) -> R<'p, Value<'p>> {
        let Value::Int(lo) = self.eval(from, env.clone())? else {
            return error("for bound");
        };
        let Value::Int(hi) = self.eval(to, env.clone())? else {
            return error("for bound");
        };
        let mut i = lo;
        loop {
            let go = match dir {
                Direction::Upto => i <= hi,
                Direction::Downto => i >= hi,
            };
            if !go {
                break;
            }
            self.eval(body, env.update(var.0, Value::Int(i)))?;
            i = match dir {
                Direction::Upto => i + 1,
                Direction::Downto => i - 1,
            };
        }
        Ok(Value::Int(0))
    }

    fn prim(&mut self, p: Prim, args: Vec<Value<'p>>) -> R<'p, Value<'p>> {
        match p {
            Prim::Runtime(name, _) => return self.call_runtime(name, args),
            Prim::Identity => {
                let [v] = args.as_slice() else {
                    return error("Identity arity");
                };
                return Ok(v.clone());
            }
            Prim::IsException(k) => {
                let [v] = args.as_slice() else {
                    return error("IsException arity");
                };
                return Ok(bool_val(self.is_exception(k, v)?));
            }
            Prim::Eq | Prim::Ne | Prim::Lt | Prim::Le | Prim::Gt | Prim::Ge | Prim::Compare => {
                let [a, b] = args.as_slice() else {
                    return error("comparison arity");
                };
                // `None`: unordered (a nan met by `=`, `<`, ...: only `<>` holds).
                let o = self.compare(a, b, p == Prim::Compare)?;
                return Ok(match p {
                    Prim::Eq => bool_val(o == Some(Ordering::Equal)),
                    Prim::Ne => bool_val(o != Some(Ordering::Equal)),
                    Prim::Lt => bool_val(o == Some(Ordering::Less)),
                    Prim::Le => bool_val(matches!(o, Some(Ordering::Less | Ordering::Equal))),
                    Prim::Gt => bool_val(o == Some(Ordering::Greater)),
                    Prim::Ge => bool_val(matches!(o, Some(Ordering::Greater | Ordering::Equal))),
                    _ => Value::Int(o.expect("compare is total") as i64),
                });
            }
            Prim::FAdd
            | Prim::FSub
            | Prim::FMul
            | Prim::FDiv
            | Prim::FNeg
            | Prim::FAbs
            | Prim::FSqrt
            | Prim::FloatOfInt
            | Prim::IntOfFloat
            | Prim::FEq
            | Prim::FNe
            | Prim::FLt
            | Prim::FLe
            | Prim::FGt
            | Prim::FGe
            | Prim::FCompare => {
                let f = |i: usize| match args.get(i) {
                    Some(Value::Float(x)) => Ok(*x),
                    _ => error(format!("{p:?}: argument {i} is not a float")),
                };
                return Ok(match p {
                    Prim::FloatOfInt => match args.as_slice() {
                        [Value::Int(n)] => Value::Float(*n as f64),
                        _ => return error("float_of_int of a non-int"),
                    },
                    Prim::IntOfFloat => Value::Int(super::arith::int_of_float(f(0)?)),
                    Prim::FAdd => Value::Float(f(0)? + f(1)?),
                    Prim::FSub => Value::Float(f(0)? - f(1)?),
                    Prim::FMul => Value::Float(f(0)? * f(1)?),
                    Prim::FDiv => Value::Float(f(0)? / f(1)?),
                    Prim::FNeg => Value::Float(-f(0)?),
                    Prim::FAbs => Value::Float(f(0)?.abs()),
                    Prim::FSqrt => Value::Float(f(0)?.sqrt()),
                    Prim::FEq => bool_val(f(0)? == f(1)?),
                    Prim::FNe => bool_val(f(0)? != f(1)?),
                    Prim::FLt => bool_val(f(0)? < f(1)?),
                    Prim::FLe => bool_val(f(0)? <= f(1)?),
                    Prim::FGt => bool_val(f(0)? > f(1)?),
                    Prim::FGe => bool_val(f(0)? >= f(1)?),
                    _ => Value::Int(super::arith::float_compare(f(0)?, f(1)?)),
                });
            }
            Prim::PhysEq | Prim::PhysNe => {
                let [a, b] = args.as_slice() else {
                    return error("comparison arity");
                };
                let same = match (a, b) {
                    (Value::Int(x), Value::Int(y)) => x == y,
                    (Value::Str(x), Value::Str(y)) => Rc::ptr_eq(x, y),
                    (Value::Block(x), Value::Block(y)) => Rc::ptr_eq(x, y),
                    (Value::Closure(x), Value::Closure(y)) => Rc::ptr_eq(x, y),
                    // Boxed floats have no identity here: equal bits stand for one box.
                    (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
                    _ => false,
                };
                return Ok(bool_val(same == (p == Prim::PhysEq)));
            }
            _ => {}
        }
        let mut ints = Vec::with_capacity(args.len());
        for a in &args {
            match a {
                Value::Int(n) => ints.push(*n),
                _ => return error(format!("{p:?} of a non-int")),
            }
        }
        match eval_int_prim(p, &ints) {
            Some(IntResult::Int(n)) => Ok(Value::Int(n)),
            Some(IntResult::Bool(b)) => Ok(bool_val(b)),
            Some(IntResult::DivisionByZero) => self.raise_named("Division_by_zero", None),
            None => error(format!("bad primitive {p:?} with {} operands", ints.len())),
        }
    }

    /// OCaml's `compare_val`: ints before blocks; blocks by tag, size, then fields. `total`
    /// (`compare`, not `=`/`<`/...): physically equal values are equal without looking inside.
    /// The last field is compared iteratively, so long lists take no Rust stack.
    /// Floats (`Double_tag` blocks) compare by value; a nan makes the comparison unordered
    /// (`None`) unless `total`, where nan equals nan and is below every other float.
    fn compare(&self, a: &Value<'p>, b: &Value<'p>, total: bool) -> R<'p, Option<Ordering>> {
        let (mut a, mut b) = (a.clone(), b.clone());
        loop {
            if total {
                let same = match (&a, &b) {
                    (Value::Str(x), Value::Str(y)) => Rc::ptr_eq(x, y),
                    (Value::Block(x), Value::Block(y)) => Rc::ptr_eq(x, y),
                    (Value::Closure(x), Value::Closure(y)) => Rc::ptr_eq(x, y),
                    _ => false,
                };
                if same {
                    return Ok(Some(Ordering::Equal));
                }
            }
            // A forced lazy value compares as its value (OCaml's compare.c follows
            // `Forward_tag` blocks).
            let forward = |v: &Value<'p>| match v {
                Value::Block(x) if x.tag.get() == 250 => x.fields.borrow().first().cloned(),
                _ => None,
            };
            if let Some(f) = forward(&a) {
                a = f;
                continue;
            }
            if let Some(f) = forward(&b) {
                b = f;
                continue;
            }
            // Blocks by tag: strings (252), floats (253) and custom blocks (255) above
            // structured blocks.
            let rank = |v: &Value<'p>| match v {
                Value::Str(_) => 1,
                Value::Float(_) => 2,
                Value::BoxedInt(..) => 3,
                _ => 0,
            };
            let (x, y) = match (&a, &b) {
                (Value::Int(x), Value::Int(y)) => return Ok(Some(x.cmp(y))),
                (Value::Closure(_), _) | (_, Value::Closure(_)) => {
                    return self.raise_named("Invalid_argument", Some("compare: functional value"))
                }
                (Value::Int(_), _) => return Ok(Some(Ordering::Less)),
                (_, Value::Int(_)) => return Ok(Some(Ordering::Greater)),
                (Value::Str(x), Value::Str(y)) => {
                    return Ok(Some(x.borrow().as_slice().cmp(y.borrow().as_slice())))
                }
                (Value::Float(x), Value::Float(y)) => {
                    return Ok(match x.partial_cmp(y) {
                        Some(o) => Some(o),
                        None if !total => None,
                        None => Some(super::arith::float_compare(*x, *y).cmp(&0)),
                    })
                }
                // Custom blocks of different types by their identifiers ("_i" < "_j" < "_n").
                (Value::BoxedInt(k, x), Value::BoxedInt(j, y)) => {
                    return Ok(Some(k.cmp(j).then(x.cmp(y))))
                }
                (Value::Block(x), Value::Block(y)) => (x.clone(), y.clone()),
                (x, y) => return Ok(Some(rank(x).cmp(&rank(y)))),
            };
            if x.tag.get() == y.tag.get() {
                if let Some(o) = exceptions::compare_identities(&x, &y) {
                    return Ok(Some(o));
                }
            }
            let (fx, fy) = (x.fields.borrow(), y.fields.borrow());
            match x.tag.get().cmp(&y.tag.get()).then(fx.len().cmp(&fy.len())) {
                Ordering::Equal => {}
                o => return Ok(Some(o)),
            }
            let Some((last_x, init_x)) = fx.split_last() else {
                return Ok(Some(Ordering::Equal));
            };
            for (u, v) in init_x.iter().zip(fy.iter()) {
                match self.compare(u, v, total)? {
                    Some(Ordering::Equal) => {}
                    o => return Ok(o),
                }
            }
            let last_y = fy[fy.len() - 1].clone();
            let last_x = last_x.clone();
            drop((fx, fy));
            a = last_x;
            b = last_y;
        }
    }
}

mod calls;
mod exceptions;
mod format;
mod heap;

pub use format::{format_int, format_integer, format_string, parse_ocaml_int};
