//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*.rs`, run with `cargo fuzz`), shared
//! with the corpus-replay test (`plugin/tests/fuzz_corpus.rs`) that CI runs.
//!
//! The property every target checks: **no panic, whatever the bytes**. A wrong program is
//! reported with diagnostics; an internal compiler error (a verifier or backend checker
//! failing on a program the front end accepted) is a bug, so the targets turn it into a panic.
//!
//! - [`parse`]: bytes → lexer + parser.
//! - [`typecheck`]: bytes → parser + type checker, then the lambda IR's verifier.
//! - [`pipeline`]: bytes → every stage up to machine code with the native x86-64 backend, in
//!   memory (no object file, no linking), with every IR verifier, regalloc2's checker and the
//!   MachBuffer invariants on, and each function's relocations checked against its code.
//!
//! Input bytes that are not UTF-8 are decoded lossily (the lexer sees U+FFFD), so mutations
//! that break UTF-8 still exercise the compiler.

use std::borrow::Cow;

use crate::backend::x64::X64Backend;
use crate::backend::{
    BackendError, CodegenBackend, CodegenOptions, CompiledFunction, ObjectSink, RelocKind,
};
use crate::driver::{self, CompileError, Output, Session};
use crate::ssa::ir::{FuncId, Function};
use crate::{lambda, syntax, typing};

/// The file name the targets compile under.
pub const FILE_NAME: &str = "fuzz.ml";

/// The stack the targets run the type checker and later stages on: the CLI's (`src/main.rs`
/// gives the compiler thread 4 GiB; the stages recurse over the program's trees).
const STACK_SIZE: usize = 1 << 30;

fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Runs `f` on a thread with the CLI's stack; a panic in `f` is re-raised in the caller.
fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        let h = std::thread::Builder::new()
            .name("egret-fuzz".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(s, f)
            .expect("spawn the compiler thread");
        match h.join() {
            Ok(v) => v,
            Err(p) => std::panic::resume_unwind(p),
        }
    })
}

/// The `parse` target. Returns whether the input parsed.
pub fn parse(data: &[u8]) -> bool {
    let src = text(data);
    match syntax::parse(&src) {
        Ok(p) => {
            // The AST can be deep; drop it where the parser built it is not needed: the
            // program is dropped on the big stack.
            on_big_stack(move || drop(p));
            true
        }
        Err(ds) => {
            assert!(!ds.is_empty(), "parse failed without a diagnostic");
            false
        }
    }
}

/// The `typecheck` target. Returns whether the input type-checked.
pub fn typecheck(data: &[u8]) -> bool {
    let src = text(data);
    on_big_stack(|| {
        let ast = match syntax::parse(&src) {
            Ok(a) => a,
            Err(ds) => {
                assert!(!ds.is_empty(), "parse failed without a diagnostic");
                return false;
            }
        };
        match typing::type_program(&ast, &src, FILE_NAME) {
            Ok((program, _warnings)) => {
                if let Err(e) = lambda::verify::verify_program(&program) {
                    panic!(
                        "the type checker's lambda IR does not verify:\n{}",
                        e.join("\n")
                    );
                }
                true
            }
            Err(ds) => {
                assert!(!ds.is_empty(), "typing failed without a diagnostic");
                false
            }
        }
    })
}

/// The driver options the `pipeline` target uses: verifiers on, the default optimisations.
/// `src` compiled to optimised SSA with [`pipeline_options`], on a big stack as the command
/// line compiles (the prelude's phrases nest); panics if it does not compile. For tests.
pub fn compile_module(src: &str) -> crate::ssa::ir::Module {
    let opts = pipeline_options();
    on_big_stack(
        || match driver::compile_to_ssa(src, &opts, &mut Session::default()) {
            Ok(Output::Module(m)) => m,
            _ => panic!("does not compile"),
        },
    )
}

pub fn pipeline_options() -> driver::Options {
    driver::Options {
        lower: Default::default(),
        parse: Default::default(),
        unix: false,
        file_name: FILE_NAME.to_string(),
        emit: None,
        time_passes: false,
        verify: true,
        simplify: Default::default(),
        optimize: true,
        codegen: CodegenOptions {
            target: "x86_64-unknown-linux-gnu".to_string(),
            opt_level: 2,
            debug_info: false,
            verify: true,
            backend_args: Vec::new(),
        },
    }
}

/// An object sink that keeps nothing but checks what it is given.
#[derive(Default)]
struct CheckingSink {
    functions: usize,
    code_bytes: usize,
}

fn check_code(name: &str, code: &CompiledFunction) -> Result<(), BackendError> {
    let fail = |message: String| BackendError {
        function: name.to_string(),
        message,
    };
    let len = code.code.len();
    if len == 0 {
        return Err(fail("empty code".into()));
    }
    for r in &code.relocs {
        let size = match r.kind {
            RelocKind::Abs8 => 8,
            _ => 4,
        };
        if r.offset as usize + size > len {
            return Err(fail(format!(
                "relocation {r:?} beyond the code ({len} bytes)"
            )));
        }
    }
    if code.prologue_end as usize > len {
        return Err(fail(format!(
            "prologue end {} beyond the code",
            code.prologue_end
        )));
    }
    let mut last = 0;
    for (start, end, _) in &code.srclocs {
        if start > end || *end as usize > len || *start < last {
            return Err(fail(format!(
                "source range {start}..{end} out of order or beyond the code"
            )));
        }
        last = *start;
    }
    let mut last = 0;
    for (off, _) in &code.cfi {
        if *off < last || *off as usize > len {
            return Err(fail(format!(
                "CFI at {off} out of order or beyond the code"
            )));
        }
        last = *off;
    }
    Ok(())
}

impl ObjectSink for CheckingSink {
    fn define_function(
        &mut self,
        _id: FuncId,
        func: &Function,
        code: &CompiledFunction,
    ) -> Result<(), BackendError> {
        check_code(&func.name, code)?;
        self.functions += 1;
        self.code_bytes += code.code.len();
        Ok(())
    }

    fn define_helper(&mut self, name: &str, code: &CompiledFunction) -> Result<(), BackendError> {
        check_code(name, code)?;
        self.code_bytes += code.code.len();
        Ok(())
    }
}

/// What the `pipeline` target did with an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PipelineOutcome {
    /// Rejected with diagnostics (syntax or type error, or an unsupported construct).
    Rejected,
    /// Compiled to machine code: this many functions, this many bytes.
    Compiled { functions: usize, code_bytes: usize },
}

/// The `pipeline` target: panics on any internal compiler error.
pub fn pipeline(data: &[u8]) -> PipelineOutcome {
    let src = text(data);
    let opts = pipeline_options();
    on_big_stack(|| {
        let mut sess = Session::default();
        let module = match driver::compile_to_ssa(&src, &opts, &mut sess) {
            Ok(Output::Module(m)) => m,
            Ok(Output::Emitted(_)) => unreachable!("no --emit"),
            Err(CompileError::User(ds)) => {
                assert!(!ds.is_empty(), "compilation failed without a diagnostic");
                return PipelineOutcome::Rejected;
            }
            Err(e @ CompileError::Internal { .. }) => panic!("{e}"),
        };
        let mut sink = CheckingSink::default();
        if let Err(e) = X64Backend.compile_module(&module, &opts.codegen, &mut sink) {
            panic!("native backend: {e}");
        }
        assert_eq!(
            sink.functions,
            module.functions.len(),
            "the backend defined a function per SSA function"
        );
        PipelineOutcome::Compiled {
            functions: sink.functions,
            code_bytes: sink.code_bytes,
        }
    })
}

/// A target's body.
pub type Target = fn(&[u8]);

/// The targets by name, as `cargo fuzz` and the corpus directories name them.
pub const TARGETS: &[(&str, Target)] = &[
    ("parse", |d| {
        parse(d);
    }),
    ("typecheck", |d| {
        typecheck(d);
    }),
    ("pipeline", |d| {
        pipeline(d);
    }),
];

/// Byte- and token-level mutations of corpus entries, for the bounded fuzz run of the test suite
/// (`cargo fuzz` does far better; this only needs no extra tool). Deterministic for a seed.
pub mod mutate {
    /// splitmix64.
    pub struct Rng(pub u64);

    impl Rng {
        pub fn next_u64(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        pub fn below(&mut self, n: usize) -> usize {
            if n == 0 {
                0
            } else {
                (self.next_u64() % n as u64) as usize
            }
        }
    }

    /// OCaml tokens worth inserting (the keywords and the punctuation of the subset).
    pub const TOKENS: &[&str] = &[
        "let",
        "rec",
        "in",
        "and",
        "fun",
        "function",
        "match",
        "with",
        "when",
        "if",
        "then",
        "else",
        "begin",
        "end",
        "try",
        "raise",
        "type",
        "of",
        "exception",
        "mutable",
        "while",
        "do",
        "done",
        "for",
        "to",
        "downto",
        "assert",
        "not",
        "true",
        "false",
        "ref",
        "as",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "[|",
        "|]",
        ";",
        ";;",
        ",",
        "|",
        "->",
        "=",
        "==",
        "<>",
        "!=",
        "<",
        ">",
        "<=",
        ">=",
        "+",
        "-",
        "*",
        "/",
        "mod",
        "land",
        "lor",
        "lxor",
        "lsl",
        "lsr",
        "asr",
        "&&",
        "||",
        "::",
        "@",
        "^",
        ":=",
        "!",
        ".",
        ":",
        "_",
        "'a",
        "`",
        "~",
        "?",
        "0",
        "1",
        "-1",
        "max_int",
        "min_int",
        "4611686018427387903",
        "0x7fff",
        "'c'",
        "'\\n'",
        "\"s\"",
        "\"%d\"",
        "x",
        "f",
        "Some",
        "None",
        "[]",
        "()",
        "print_int",
        "print_string",
        "Printf.printf",
        "List.map",
        "failwith",
        "int",
        "string",
        "list",
        "option",
        "unit",
        "compare",
        "exit",
        "Not_found",
        "Exit",
        "(*",
        "*)",
        "{|",
        "|}",
    ];

    /// Applies 1 to 4 random mutations to `input`.
    pub fn mutate(input: &[u8], others: &[&[u8]], rng: &mut Rng) -> Vec<u8> {
        let mut v = input.to_vec();
        for _ in 0..1 + rng.below(4) {
            match rng.below(8) {
                // flip, set or delete a byte
                0 if !v.is_empty() => {
                    let i = rng.below(v.len());
                    v[i] ^= 1 << rng.below(8);
                }
                1 if !v.is_empty() => {
                    let i = rng.below(v.len());
                    const BYTES: &[u8] = b" \n()[]{};,|:=<>+-*/'\"!.0123456789abcxyz_";
                    v[i] = BYTES[rng.below(BYTES.len())];
                }
                2 if !v.is_empty() => {
                    let i = rng.below(v.len());
                    let n = 1 + rng.below(8.min(v.len() - i));
                    v.drain(i..i + n);
                }
                // insert a token
                3 | 4 => {
                    let i = rng.below(v.len() + 1);
                    let t = TOKENS[rng.below(TOKENS.len())];
                    let ins = format!(" {t} ");
                    v.splice(i..i, ins.bytes());
                }
                // duplicate a slice
                5 if !v.is_empty() => {
                    let i = rng.below(v.len());
                    let n = 1 + rng.below(64.min(v.len() - i));
                    let chunk = v[i..i + n].to_vec();
                    let j = rng.below(v.len() + 1);
                    v.splice(j..j, chunk);
                }
                // splice in a slice of another entry
                6 if !others.is_empty() => {
                    let o = others[rng.below(others.len())];
                    if !o.is_empty() {
                        let i = rng.below(o.len());
                        let n = 1 + rng.below(128.min(o.len() - i));
                        let j = rng.below(v.len() + 1);
                        v.splice(j..j, o[i..i + n].iter().copied());
                    }
                }
                // swap two lines
                _ => {
                    let mut lines: Vec<Vec<u8>> =
                        v.split(|b| *b == b'\n').map(|l| l.to_vec()).collect();
                    if lines.len() > 1 {
                        let a = rng.below(lines.len());
                        let b = rng.below(lines.len());
                        lines.swap(a, b);
                        v = lines.join(&b'\n');
                    }
                }
            }
        }
        v
    }
}
