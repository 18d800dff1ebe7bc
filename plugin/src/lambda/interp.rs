//! An interpreter for the lambda IR with OCaml's semantics, the oracle for every
//! lambda-to-lambda transformation: run a program before and after, compare the outcomes.
//!
//! - Values: ints (also chars, bools, `()` and every constant constructor, as their index),
//!   strings (mutable bytes: the prelude builds strings in place with `egret_bytes_create` and
//!   `egret_bytes_unsafe_set`; a string literal evaluates to the same string every time, as
//!   ocamlopt's static constants do), blocks (constructors with arguments, tuples, records — fields mutable
//!   in place — and exception values, tag [`EXN_TAG`] with the exception's index first) and
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

/// The tag of exception values.
pub const EXN_TAG: u32 = 248;

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
            runtime_warnings: false,
            sys_argv: None,
            constant_exceptions: HashMap::new(),
            signal_actions: HashMap::new(),
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
    /// [`EXN_TAG`] for exceptions): what `Switch` arms are keyed by.
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
    /// `Sys.enable_runtime_warnings`'s flag.
    runtime_warnings: bool,
    /// `Sys.argv`: made at its first use, the same array at every later one.
    sys_argv: Option<Value<'p>>,
    /// The value of each constant exception constructor: its identity, one block, so that
    /// `==` holds between two uses as in OCaml.
    constant_exceptions: HashMap<u32, Value<'p>>,
    /// `Sys.signal`'s behaviour of each signal set so far (`caml_install_signal_handler`):
    /// recorded, never installed in the process (the interpreters receive no signals).
    signal_actions: HashMap<i64, Value<'p>>,
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
    fn raise_named<T>(&self, name: &str, arg: Option<&str>) -> R<'p, T> {
        let Some(i) = exception_index(&self.prog.types, name) else {
            return error(format!("exception {name} raised but not declared"));
        };
        let mut fields = vec![Value::Int(i as i64)];
        if let Some(a) = arg {
            fields.push(str_value(a.as_bytes().to_vec()));
        }
        Err(Unwind::Raise(Value::Block(Block::new(EXN_TAG, fields))))
    }

    /// The text OCaml's runtime prints for an uncaught exception (`caml_format_exception`:
    /// the name, then the arguments in parentheses, ints in decimal, strings in quotes
    /// unescaped, anything else `_`; `Match_failure` and `Assert_failure` show their tuple).
    pub fn exception_text(&self, v: &Value<'p>) -> String {
        String::from_utf8_lossy(&self.exception_bytes(v)).into_owned()
    }

    /// The constructor's name of an exception value whose field 0 is `first`: a static
    /// exception's index, a local exception's name (the value is its identity), or a local
    /// exception's identity (the value is `[identity, args..]`).
    fn exception_name(&self, first: Option<&Value<'p>>) -> String {
        let local = |s: &Bytes| String::from_utf8_lossy(&s.borrow()).into_owned();
        match first {
            Some(Value::Int(i)) => self
                .prog
                .types
                .exceptions
                .get(*i as usize)
                .map_or_else(|| format!("exn{i}"), |e| e.name.clone()),
            Some(Value::Str(s)) => local(s),
            Some(Value::Block(b)) => match b.fields.borrow().first() {
                Some(Value::Str(s)) => local(s),
                _ => "_".into(),
            },
            _ => "_".into(),
        }
    }

    /// [`Machine::exception_text`] as bytes (a string argument need not be UTF-8).
    pub fn exception_bytes(&self, v: &Value<'p>) -> Vec<u8> {
        let Value::Block(b) = v else {
            return b"_".to_vec();
        };
        let fields = b.fields.borrow();
        let name = self.exception_name(fields.first());
        let mut args: Vec<Value<'p>> = fields[1..].to_vec();
        if matches!(
            name.as_str(),
            "Match_failure" | "Assert_failure" | "Undefined_recursive_module"
        ) && args.len() == 1
        {
            if let Value::Block(t) = &args[0] {
                let inner = t.fields.borrow().clone();
                args = inner;
            }
        }
        let mut out = name.into_bytes();
        if args.is_empty() {
            return out;
        }
        out.push(b'(');
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(b", ");
            }
            match a {
                Value::Int(n) => out.extend_from_slice(n.to_string().as_bytes()),
                Value::Str(s) => {
                    out.push(b'"');
                    out.extend_from_slice(&s.borrow());
                    out.push(b'"');
                }
                _ => out.push(b'_'),
            }
        }
        out.push(b')');
        out
    }

    /// Printexc.to_string_default's generic text of an exception (printexc.ml): the
    /// constructor, then every argument, strings as `%S` writes them; no special case.
    pub fn printexc_exception_bytes(&self, v: &Value<'p>) -> Vec<u8> {
        let Value::Block(b) = v else {
            return b"_".to_vec();
        };
        let fields = b.fields.borrow();
        let mut out = self.exception_name(fields.first()).into_bytes();
        if fields.len() < 2 {
            return out;
        }
        out.push(b'(');
        for (i, a) in fields[1..].iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(b", ");
            }
            match a {
                Value::Int(n) => out.extend_from_slice(n.to_string().as_bytes()),
                Value::Str(s) => {
                    out.extend_from_slice(&crate::lambda::runtime::ocaml_quoted(&s.borrow()))
                }
                _ => out.push(b'_'),
            }
        }
        out.push(b')');
        out
    }

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
            Expr::Fun(ps, body) => Step::Value(Value::Closure(Rc::new(Closure {
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
            let Expr::Fun(ps, body) = f else {
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

    fn eval_construct_exn(
        &mut self,
        index: u32,
        args: &'p [Expr],
        env: &Env<'p>,
    ) -> R<'p, Value<'p>> {
        if args.is_empty() {
            let identity = self.constant_exceptions.entry(index).or_insert_with(|| {
                Value::Block(Block::new(EXN_TAG, vec![Value::Int(index as i64)]))
            });
            return Ok(identity.clone());
        }
        let mut fields = vec![Value::Int(index as i64)];
        fields.extend(self.eval_args(args, env)?);
        Ok(Value::Block(Block::new(EXN_TAG, fields)))
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
                let [Value::Block(b)] = args.as_slice() else {
                    return error("IsException of a non-exception");
                };
                let is = b.tag.get() == EXN_TAG
                    && matches!(b.fields.borrow().first(), Some(Value::Int(i)) if *i == k as i64);
                return Ok(bool_val(is));
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

    /// A boxed-integer primitive ([`super::boxint`]).
    fn call_boxint(
        &mut self,
        name: &str,
        kind: BoxedIntKind,
        op: &str,
        args: &[Value<'p>],
    ) -> R<'p, Value<'p>> {
        use super::boxint::{BoxArg, BoxResult};
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
        match super::boxint::eval(kind, op, &args) {
            Some(BoxResult::Value(BoxArg::Int(n))) => Ok(Value::Int(n)),
            Some(BoxResult::Value(BoxArg::Boxed(k, n))) => Ok(Value::BoxedInt(k, n)),
            Some(BoxResult::Value(BoxArg::Float(x))) => Ok(Value::Float(x)),
            Some(BoxResult::Value(BoxArg::Str(s))) => Ok(str_value(s)),
            Some(BoxResult::DivisionByZero) => self.raise_named("Division_by_zero", None),
            Some(BoxResult::Failure(msg)) => self.raise_named("Failure", Some(&msg)),
            None => error(format!("{name}: bad arguments")),
        }
    }

    /// A `Sys` primitive ([`super::sys`]).
    fn call_sys(&mut self, name: &str, values: &[Value<'p>]) -> R<'p, Value<'p>> {
        use super::sys::{SysArg, SysFailure, SysValue};
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
        let r = if let Some(r) = std_out.and_then(|w| super::chan::std_out_call(name, w)) {
            Some(r)
        } else if super::chan::PRIMITIVES.contains(&name) {
            super::chan::call(name, &args)
        } else {
            super::sys::call(name, &args)
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
        use super::engines::{lex_engine, parse_engine, EngineError};
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

    /// The runtime primitives of [`super::runtime::RUNTIME`].
    pub fn call_runtime(&mut self, name: &str, args: Vec<Value<'p>>) -> R<'p, Value<'p>> {
        let Some(f) = super::runtime::lookup(name) else {
            return error(format!("unknown runtime primitive {name}"));
        };
        if !f.accepts_arity(args.len()) {
            return error(format!("{name} applied to {} arguments", args.len()));
        }
        if name.starts_with("caml_ba_") {
            return error(format!("{name}: bigarrays are not in the interpreter"));
        }
        if super::runtime::MARSHAL.contains(&name) {
            return error(format!("{name}: Marshal is not in the interpreter"));
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
        if super::sys::PRIMITIVES.contains(&name) || super::chan::PRIMITIVES.contains(&name) {
            return self.call_sys(name, &args);
        }
        if let Some((kind, op)) = super::boxint::split_name(name) {
            return self.call_boxint(name, kind, op, &args);
        }
        if let Some((set, width)) = super::boxint::bytes_access(name) {
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
                if !super::boxint::bytes_set(&mut s.borrow_mut(), i, width, v) {
                    return self.raise_named("Invalid_argument", Some("index out of bounds"));
                }
                return unit;
            }
            return match super::boxint::bytes_get(&s.borrow(), i, width) {
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
            use super::float as fl;
            use super::runtime::{FLOAT_BINARY, FLOAT_UNARY};
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
                return str_val(super::float::string_of_float(float(0)?).into_bytes())
            }
            "caml_hexstring_of_float" => {
                let style = u8::try_from(int(2)?).unwrap_or(b'-');
                let s = super::float::hexstring_of_float(float(0)?, int(1)?, style);
                return str_val(s.into_bytes());
            }
            "egret_format_float" => {
                return match super::float::format_conversion(&string(0)?, float(1)?) {
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
                    if let Err(super::sys::SysFailure::SysError(m)) = super::chan::flush(id) {
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
            "caml_bswap16" => return Ok(Value::Int(super::boxint::bswap16(int(0)?))),
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
            // No backtraces are recorded: every trace is empty.
            "caml_record_backtrace" | "caml_restore_raw_backtrace" => return Ok(Value::Int(0)),
            "caml_backtrace_status" => return Ok(bool_val(false)),
            "caml_get_exception_raw_backtrace" | "caml_get_current_callstack" => {
                return Ok(Value::Block(Block::new(0, Vec::new())))
            }
            "caml_convert_raw_backtrace" => return Ok(args[0].clone()),
            "caml_get_exception_backtrace" => {
                let empty = Value::Block(Block::new(0, Vec::new()));
                return Ok(Value::Block(Block::new(0, vec![empty])));
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
            // Nothing reads the table (no C code) and nothing is collected here.
            "caml_register_named_value" => {}
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
            "caml_ephe_create" => {
                let n = int(0)?;
                if n < 0 {
                    return self.raise_named("Invalid_argument", Some("Obj.Ephemeron.create"));
                }
                let none = Value::Block(Block::with_ocaml_tag(251, 251, vec![Value::Int(0)]));
                let fields = vec![none; n as usize + 2];
                return Ok(Value::Block(Block::with_ocaml_tag(251, 251, fields)));
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
            // A local exception's identity: an exception block whose field 0 is its name
            // (a static exception's is its index), compared physically.
            "egret_fresh_exception" => {
                let name = args.into_iter().next().unwrap_or(Value::Int(0));
                return Ok(Value::Block(Block::new(EXN_TAG, vec![name])));
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
                    false,
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
                use super::hash::{caml_hash, Node};
                let h = caml_hash(int(0)?, int(1)?, int(2)?, args[3].clone(), |v| match v {
                    Value::Int(n) => Node::Int(*n),
                    Value::Str(s) => Node::Str(s.borrow().clone()),
                    Value::Float(x) => Node::Float(*x),
                    Value::BoxedInt(k, n) => Node::Custom(super::boxint::hash(*k, *n)),
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

/// The flags and width of a Printf conversion (`%-05d`: minus, zero, width 5) and its letter.
struct Spec {
    minus: bool,
    zero: bool,
    plus: bool,
    space: bool,
    hash: bool,
    width: usize,
    /// `.N`: an integer's minimum number of digits.
    precision: Option<usize>,
    conv: u8,
}

fn parse_spec(spec: &[u8]) -> Spec {
    let mut s = Spec {
        minus: false,
        zero: false,
        plus: false,
        space: false,
        hash: false,
        width: 0,
        precision: None,
        conv: spec.last().copied().unwrap_or(b'd'),
    };
    let body = spec
        .get(1..spec.len().saturating_sub(1))
        .unwrap_or_default();
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'-' => s.minus = true,
            b'0' => s.zero = true,
            b'+' => s.plus = true,
            b' ' => s.space = true,
            b'#' => s.hash = true,
            _ => break,
        }
        i += 1;
    }
    while i < body.len() && body[i].is_ascii_digit() {
        s.width = s
            .width
            .saturating_mul(10)
            .saturating_add((body[i] - b'0') as usize);
        i += 1;
    }
    if body.get(i) == Some(&b'.') {
        let digits = body[i + 1..].iter().take_while(|c| c.is_ascii_digit());
        s.precision = Some(digits.fold(0usize, |p, c| {
            p.saturating_mul(10).saturating_add((c - b'0') as usize)
        }));
    }
    s
}

/// Pads `prefix ++ digits` to the spec's width: spaces on the right with `-`, zeros between
/// the prefix and the digits with `0` (when `zero_ok`), spaces on the left otherwise.
fn pad(s: &Spec, prefix: &[u8], digits: &[u8], zero_ok: bool) -> Vec<u8> {
    let len = prefix.len() + digits.len();
    let fill = s.width.saturating_sub(len);
    let mut out = Vec::with_capacity(len + fill);
    if s.minus {
        out.extend_from_slice(prefix);
        out.extend_from_slice(digits);
        out.resize(len + fill, b' ');
    } else if s.zero && zero_ok {
        out.extend_from_slice(prefix);
        out.resize(prefix.len() + fill, b'0');
        out.extend_from_slice(digits);
    } else {
        out.resize(fill, b' ');
        out.extend_from_slice(prefix);
        out.extend_from_slice(digits);
    }
    out
}

/// `%d %i %u %x %X %o` with OCaml's Printf: ints are 63-bit (the unsigned conversions show
/// the 63-bit two's complement), `+` and space only affect signed conversions, `#` groups
/// decimal digits by three with `_` (unless `+` or space chose the signed conversion, as in
/// CamlinternalFormat) and prefixes `0x`/`0X`/`0` to non-zero hex/octal. The SSA interpreter
/// shares this implementation.
pub fn format_int(spec: &[u8], n: i64) -> Vec<u8> {
    format_integer(spec, n, (n as u64) & 0x7fff_ffff_ffff_ffff)
}

/// [`format_int`] of an integer of any width: `n` its value, `unsigned` its bits as the
/// unsigned conversions show them (`%lu` of `-1l` is 4294967295). Boxed integers use it too.
pub fn format_integer(spec: &[u8], n: i64, unsigned: u64) -> Vec<u8> {
    let s = parse_spec(spec);
    let group = |digits: String| -> String {
        if !s.hash || s.plus || s.space {
            return digits;
        }
        let b = digits.as_bytes();
        let mut out = String::new();
        for (i, c) in b.iter().enumerate() {
            if i > 0 && (b.len() - i).is_multiple_of(3) {
                out.push('_');
            }
            out.push(*c as char);
        }
        out
    };
    let (prefix, digits): (&[u8], String) = match s.conv {
        b'd' | b'i' => {
            let sign: &[u8] = if n < 0 {
                b"-"
            } else if s.plus {
                b"+"
            } else if s.space {
                b" "
            } else {
                b""
            };
            (sign, group(n.unsigned_abs().to_string()))
        }
        b'u' => (b"", group(unsigned.to_string())),
        b'x' => (
            if s.hash && unsigned != 0 { b"0x" } else { b"" },
            format!("{unsigned:x}"),
        ),
        b'X' => (
            if s.hash && unsigned != 0 { b"0X" } else { b"" },
            format!("{unsigned:X}"),
        ),
        b'o' => (
            if s.hash && unsigned != 0 { b"0" } else { b"" },
            format!("{unsigned:o}"),
        ),
        _ => (b"", n.to_string()),
    };
    // A precision is a minimum number of digits (OCaml's `fix_int_precision`; `%.0d` of 0 is
    // still "0"), and the `0` flag no longer pads; `%#o`'s leading 0 is one of those digits.
    match s.precision {
        Some(p) if p > digits.len() => {
            let zeros = "0".repeat(p - digits.len());
            let prefix = if s.conv == b'o' { &b""[..] } else { prefix };
            let s = Spec { zero: false, ..s };
            pad(&s, prefix, format!("{zeros}{digits}").as_bytes(), true)
        }
        Some(_) => pad(&Spec { zero: false, ..s }, prefix, digits.as_bytes(), true),
        None => pad(&s, prefix, digits.as_bytes(), true),
    }
}

/// `%s` (and `%b`, given "true"/"false"): padded with spaces to the width (`0` is ignored).
pub fn format_string(spec: &[u8], text: &[u8]) -> Vec<u8> {
    pad(&parse_spec(spec), b"", text, false)
}

/// OCaml's `int_of_string` (`parse_intnat` of runtime/ints.c at 63 bits).
pub fn parse_ocaml_int(s: &[u8]) -> Option<i64> {
    super::boxint::parse_intnat(s, 63).map(super::arith::wrap)
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

/// The engines' access to this interpreter's values.
impl<'p> super::engines::Heap for Machine<'p> {
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
    fn token_argument(&self, v: &Value<'p>) -> super::engines::TokenArgument {
        use super::engines::TokenArgument;
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
