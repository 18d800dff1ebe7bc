//! Test helpers: SSA functions written by hand ([`FnBuilder`]), and compiling, linking and
//! running a module ([`run_module`]).
#![allow(dead_code)]

use egret_adapters::{link, write_object, CraneliftBackend};
use egret_plugin::backend::{CodegenBackend, CodegenOptions};
use egret_plugin::ssa::ir::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

pub const HOST: &str = egret_adapters::isa::HOST_TARGET;

/// Writes an SSA function statement by statement. Blocks are contiguous and numbered in the
/// order they are started; a phi whose values are defined later is filled in with
/// [`FnBuilder::set_phi`].
pub struct FnBuilder {
    pub f: Function,
}

impl FnBuilder {
    pub fn new(name: &str, params: usize) -> FnBuilder {
        FnBuilder {
            f: Function::new(name, vec![Type::Val; params], Type::Val),
        }
    }

    /// Starts block `b`, which must be the next block number.
    pub fn block(&mut self, b: u32) -> Block {
        assert_eq!(
            b as usize,
            self.f.blocks.len(),
            "blocks are started in order"
        );
        if let Some(last) = self.f.blocks.last_mut() {
            last.end = self.f.stmts.len() as u32;
        }
        let start = self.f.stmts.len() as u32;
        self.f.blocks.push(BlockData { start, end: start });
        Block(b)
    }

    pub fn push(&mut self, stmt: Stmt, ty: Type) -> Value {
        let v = Value(self.f.stmts.len() as u32);
        let lo = v.0 * 10;
        self.f.stmts.push(stmt);
        self.f.types.push(ty);
        self.f
            .locs
            .push(SrcLoc::new(egret_plugin::diagnostics::Span::new(
                lo,
                lo + 5,
            )));
        v
    }

    pub fn param(&mut self, i: u32) -> Value {
        self.push(Stmt::Param(i, Type::Val), Type::Val)
    }
    pub fn int(&mut self, n: i64) -> Value {
        self.push(Stmt::Const(n), Type::Val)
    }
    pub fn raw(&mut self, n: i64) -> Value {
        self.push(Stmt::RawConst(n), Type::Raw)
    }
    pub fn bin(&mut self, op: BinOp, a: Value, b: Value) -> Value {
        self.push(Stmt::Binary(op, a, b), Type::Val)
    }
    pub fn un(&mut self, op: UnOp, a: Value) -> Value {
        self.push(Stmt::Unary(op, a), Type::Val)
    }
    pub fn call(&mut self, f: u32, args: &[Value]) -> Value {
        let callee = Callee::Direct(FuncId(f));
        self.push(
            Stmt::Call {
                callee,
                args: args.to_vec(),
                ret: Type::Val,
            },
            Type::Val,
        )
    }
    pub fn call_indirect(&mut self, code: Value, args: &[Value]) -> Value {
        let callee = Callee::Indirect(code);
        self.push(
            Stmt::Call {
                callee,
                args: args.to_vec(),
                ret: Type::Val,
            },
            Type::Val,
        )
    }
    pub fn rt(&mut self, name: &'static str, args: &[Value]) -> Value {
        let callee = Callee::Runtime(name);
        self.push(
            Stmt::Call {
                callee,
                args: args.to_vec(),
                ret: Type::Val,
            },
            Type::Val,
        )
    }
    /// `print_int v; print_newline ()`.
    pub fn print_line(&mut self, v: Value) {
        self.rt("egret_print_int", &[v]);
        let unit = self.int(0);
        self.rt("egret_print_newline", &[unit]);
    }
    pub fn phi(&mut self, edges: &[u32], values: &[Value]) -> Value {
        let edges = edges.iter().map(|&b| Block(b)).collect();
        self.push(
            Stmt::Phi {
                edges,
                values: values.to_vec(),
                ty: Type::Val,
            },
            Type::Val,
        )
    }
    pub fn set_phi(&mut self, phi: Value, values: &[Value]) {
        let Stmt::Phi { values: vs, .. } = &mut self.f.stmts[phi.index()] else {
            panic!("{phi} is not a phi")
        };
        *vs = values.to_vec();
    }
    pub fn jump(&mut self, b: u32) {
        self.push(Stmt::Jump(Block(b)), Type::Raw);
    }
    pub fn branch(&mut self, cond: Value, then: u32, els: u32) {
        self.push(
            Stmt::Branch {
                cond,
                then: Block(then),
                els: Block(els),
            },
            Type::Raw,
        );
    }
    pub fn ret(&mut self, v: Value) {
        self.push(Stmt::Return(v), Type::Raw);
    }
    pub fn tail_call(&mut self, f: u32, args: &[Value]) {
        let callee = Callee::Direct(FuncId(f));
        self.push(
            Stmt::TailCall {
                callee,
                args: args.to_vec(),
            },
            Type::Raw,
        );
    }

    pub fn finish(mut self) -> Function {
        if let Some(last) = self.f.blocks.last_mut() {
            last.end = self.f.stmts.len() as u32;
        }
        self.f
    }
}

/// A module whose entry is function 0.
pub fn module(functions: Vec<Function>, data: Vec<Data>) -> Module {
    Module {
        functions,
        data,
        entry: Some(FuncId(0)),
        debug_types: Vec::new(),
        inline_sites: Default::default(),
    }
}

/// A static OCaml string: header (tag 252) and bytes padded as OCaml pads them.
pub fn string_data(name: &str, text: &str) -> Data {
    let mut bytes = text.as_bytes().to_vec();
    let wosize = (bytes.len() + 8) / 8;
    let last = wosize * 8 - 1;
    bytes.resize(wosize * 8, 0);
    bytes[last] = (last - text.len()) as u8;
    let mut words = vec![DataWord::Word(((wosize as u64) << 10) | 252)];
    for chunk in bytes.chunks(8) {
        words.push(DataWord::Word(u64::from_le_bytes(
            chunk.try_into().unwrap(),
        )));
    }
    Data {
        name: name.to_string(),
        linkage: egret_plugin::ssa::ir::Linkage::Local,
        words,
    }
}

pub fn options(opt_level: u8) -> CodegenOptions {
    CodegenOptions {
        target: HOST.to_string(),
        opt_level,
        debug_info: false,
        verify: true,
        backend_args: Vec::new(),
    }
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "{name}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `module` with `backend` and links it; returns the executable's path.
pub fn build_with(
    module: &Module,
    backend: &dyn CodegenBackend,
    opt_level: u8,
    name: &str,
) -> PathBuf {
    let object = write_object(module, backend, &options(opt_level))
        .unwrap_or_else(|e| panic!("compiling {name}: {e}"));
    let dir = scratch(name);
    std::fs::write(dir.join("program.o"), &object.bytes).unwrap();
    let exe = dir.join(name);
    link(&object.bytes, &exe, HOST).unwrap_or_else(|e| panic!("linking {name}: {e}"));
    exe
}

pub fn build(module: &Module, opt_level: u8, name: &str) -> PathBuf {
    build_with(module, &CraneliftBackend, opt_level, name)
}

pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

pub fn run(exe: &Path, args: &[&str]) -> Outcome {
    let out = Command::new(exe).args(args).output().unwrap();
    Outcome {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

/// Builds and runs `module` at both optimisation levels; both runs must agree.
pub fn run_module(module: &Module, name: &str) -> Outcome {
    let unopt = run(&build(module, 0, &format!("{name}-O0")), &[]);
    let opt = run(&build(module, 2, &format!("{name}-O2")), &[]);
    assert_eq!(
        unopt.stdout, opt.stdout,
        "{name}: stdout differs between -O0 and -O2"
    );
    assert_eq!(
        unopt.stderr, opt.stderr,
        "{name}: stderr differs between -O0 and -O2"
    );
    assert_eq!(
        unopt.code, opt.code,
        "{name}: exit code differs between -O0 and -O2"
    );
    opt
}

/// Whether `tool` can be run.
pub fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok()
}

/// Whether this is a CI run (`CI=true`, as CI services and `.ci/run` set it): then no test may
/// pass by skipping.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// A test that cannot run here (a tool is missing) says so on stderr and returns; under
/// `CI=true` that is a failure instead.
pub fn skip(test: &str, why: &str) {
    if under_ci() {
        panic!("{test}: cannot run: {why}; under CI=true a test must not pass by skipping");
    }
    use std::io::Write;
    // Straight to stderr: the harness captures eprintln! output of passing tests.
    let _ = writeln!(std::io::stderr(), "{test}: skipped: {why}");
}
