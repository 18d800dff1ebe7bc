//! Whole functions compiled with `verify` (regalloc2 checker, MachBuffer invariants), loaded and
//! run.

use super::builder::FnBuilder;
use super::jit::{module, tag, Jit};
use crate::ssa::ir::*;

pub(super) const MAX_INT: i64 = (1 << 62) - 1;
pub(super) const MIN_INT: i64 = -(1 << 62);

/// Wraps to OCaml's 63-bit ints.
pub(super) fn wrap(n: i64) -> i64 {
    (n << 1) >> 1
}

fn reference(op: BinOp, a: i64, b: i64) -> i64 {
    use BinOp::*;
    let bool = |c: bool| c as i64;
    match op {
        Add => wrap(a.wrapping_add(b)),
        Sub => wrap(a.wrapping_sub(b)),
        Mul => wrap(a.wrapping_mul(b)),
        Div => wrap(a.wrapping_div(b)),
        Mod => wrap(a.wrapping_rem(b)),
        And => a & b,
        Or => a | b,
        Xor => a ^ b,
        Lsl => wrap(a.wrapping_shl(b as u32 & 63)),
        Lsr => {
            let n = b as u32 & 63;
            if n == 0 {
                a
            } else {
                ((a as u64 & (u64::MAX >> 1)) >> n) as i64
            }
        }
        Asr => a >> (b as u32 & 63).min(63),
        Eq | PhysEq => bool(a == b),
        Ne | PhysNe => bool(a != b),
        Lt => bool(a < b),
        Le => bool(a <= b),
        Gt => bool(a > b),
        Ge => bool(a >= b),
        Ult => bool((((a << 1) | 1) as u64) < (((b << 1) | 1) as u64)),
    }
}

const OPS: [BinOp; 20] = [
    BinOp::Add,
    BinOp::Sub,
    BinOp::Mul,
    BinOp::Div,
    BinOp::Mod,
    BinOp::And,
    BinOp::Or,
    BinOp::Xor,
    BinOp::Lsl,
    BinOp::Lsr,
    BinOp::Asr,
    BinOp::Eq,
    BinOp::Ne,
    BinOp::Lt,
    BinOp::Le,
    BinOp::Gt,
    BinOp::Ge,
    BinOp::PhysEq,
    BinOp::PhysNe,
    BinOp::Ult,
];

pub(super) const SAMPLES: [i64; 14] = [
    0, 1, -1, 2, -2, 3, 7, -7, 62, 63, 1000, -12345, MAX_INT, MIN_INT,
];

fn is_shift(op: BinOp) -> bool {
    matches!(op, BinOp::Lsl | BinOp::Lsr | BinOp::Asr)
}

#[test]
fn binary_ops_register_and_immediate_forms() {
    // For each op: f(a, b) = a op b, g(a) = a op C, h(b) = C op b, for several constants C.
    let consts = [0i64, 1, -1, 5, 62, -3, 1 << 40, MAX_INT, MIN_INT];
    let mut funcs = Vec::new();
    let mut cases = Vec::new();
    for op in OPS {
        let mut b = FnBuilder::new("rr", 2);
        let r = b.bin(op, b.param(0), b.param(1));
        b.ret(r);
        cases.push((op, None, None, funcs.len()));
        funcs.push(b.finish());
        for c in consts {
            let mut b = FnBuilder::new("ri", 1);
            let k = b.int(c);
            let r = b.bin(op, b.param(0), k);
            b.ret(r);
            cases.push((op, None, Some(c), funcs.len()));
            funcs.push(b.finish());
            let mut b = FnBuilder::new("ir", 1);
            let k = b.int(c);
            let r = b.bin(op, k, b.param(0));
            b.ret(r);
            cases.push((op, Some(c), None, funcs.len()));
            funcs.push(b.finish());
        }
    }
    let jit = Jit::load(&module(funcs), &[]);
    for (op, lc, rc, fi) in cases {
        for &x in &SAMPLES {
            for &y in &SAMPLES {
                let (a, b) = (lc.unwrap_or(x), rc.unwrap_or(y));
                if matches!(op, BinOp::Div | BinOp::Mod) && b == 0 {
                    continue;
                }
                if is_shift(op) && !(0..64).contains(&b) {
                    continue;
                }
                let args: Vec<i64> = match (lc, rc) {
                    (None, None) => vec![a, b],
                    (Some(_), _) => vec![b],
                    (_, Some(_)) => vec![a],
                };
                let got = jit.call_ints(fi, &args);
                assert_eq!(
                    got,
                    reference(op, a, b),
                    "{op:?} {a} {b} (consts {lc:?} {rc:?})"
                );
            }
        }
    }
}

#[test]
fn unary_ops() {
    let mut fs = Vec::new();
    for op in [
        UnOp::Neg,
        UnOp::Not,
        UnOp::IsInt,
        UnOp::BlockTag,
        UnOp::BlockSize,
    ] {
        let mut b = FnBuilder::new("u", 1);
        let r = b.un(op, b.param(0));
        b.ret(r);
        fs.push(b.finish());
    }
    let jit = Jit::load(&module(fs), &[]);
    for n in SAMPLES {
        assert_eq!(jit.call_ints(0, &[n]), wrap(n.wrapping_neg()), "neg {n}");
    }
    assert_eq!(jit.call_ints(1, &[0]), 1);
    assert_eq!(jit.call_ints(1, &[1]), 0);
    assert_eq!(jit.call_ints(2, &[5]), 1);
    let block = super::jit::fake_alloc(3, 7);
    assert_eq!(jit.call(2, &[block]) >> 1, 0);
    assert_eq!(jit.call(3, &[block]) >> 1, 7);
    assert_eq!(jit.call(4, &[block]) >> 1, 3);
    // A black header (color bits set) does not change the size.
    let big = super::jit::fake_alloc(1000, 252);
    unsafe { *((big - 8) as *mut u64) |= 3 << 8 };
    assert_eq!(jit.call(4, &[big]) >> 1, 1000);
    assert_eq!(jit.call(3, &[big]) >> 1, 252);
}

/// `sum n = let rec go i acc = if i > n then acc else go (i+1) (acc+i)`, as a loop with phis.
pub(super) fn sum_loop() -> Function {
    let mut b = FnBuilder::new("sum", 1);
    let (head, body, exit) = (b.new_block(), b.new_block(), b.new_block());
    let one = b.int(1);
    let zero = b.int(0);
    b.jump(head);
    b.switch_to(head);
    let i = b.phi();
    let acc = b.phi();
    let c = b.bin(BinOp::Gt, i, b.param(0));
    b.branch(c, exit, body);
    b.switch_to(body);
    let acc2 = b.bin(BinOp::Add, acc, i);
    let i2 = b.bin(BinOp::Add, i, one);
    b.jump(head);
    b.set_phi(i, &[(Block(0), one), (body, i2)]);
    b.set_phi(acc, &[(Block(0), zero), (body, acc2)]);
    b.switch_to(exit);
    b.ret(acc);
    b.finish()
}

/// `fib n = if n < 2 then n else fib (n-1) + fib (n-2)`.
pub(super) fn fib(id: u32) -> Function {
    let mut b = FnBuilder::new("fib", 1);
    let (small, big) = (b.new_block(), b.new_block());
    let two = b.int(2);
    let c = b.bin(BinOp::Lt, b.param(0), two);
    b.branch(c, small, big);
    b.switch_to(small);
    b.ret(Value(0));
    b.switch_to(big);
    let one = b.int(1);
    let n1 = b.bin(BinOp::Sub, b.param(0), one);
    let f1 = b.call(Callee::Direct(FuncId(id)), &[n1]);
    let n2 = b.bin(BinOp::Sub, b.param(0), two);
    let f2 = b.call(Callee::Direct(FuncId(id)), &[n2]);
    let r = b.bin(BinOp::Add, f1, f2);
    b.ret(r);
    b.finish()
}

#[test]
fn recursion_fib() {
    let jit = Jit::load(&module(vec![fib(0)]), &[]);
    let want = [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55];
    for (n, w) in want.iter().enumerate() {
        assert_eq!(jit.call_ints(0, &[n as i64]), *w);
    }
    assert_eq!(jit.call_ints(0, &[25]), 75025);
}

pub(super) fn switch_fn(n: usize) -> Function {
    let mut b = FnBuilder::new("switch", 1);
    let targets: Vec<Block> = (0..n).map(|_| b.new_block()).collect();
    let default = b.new_block();
    // Targets 1 and 2 share a block when n > 2: duplicate switch targets.
    let mut tv = targets.clone();
    if n > 2 {
        tv[2] = tv[1];
    }
    b.push(
        Stmt::Switch {
            value: Value(0),
            targets: tv,
            default,
        },
        Type::Raw,
    );
    for (i, t) in targets.iter().enumerate() {
        b.switch_to(*t);
        let r = b.int(100 + i as i64);
        b.ret(r);
    }
    b.switch_to(default);
    let r = b.int(-1);
    b.ret(r);
    b.finish()
}

/// `f n a1..a15`: if n = 0 then a1 + a15 (weighted) else g (n-1) (a2..a15, a1+1), and `g`
/// tail-calls `f` back with the arguments rotated the other way. 16 arguments: 10 go through
/// `egret_extra_args`. 10 million iterations in constant stack.
#[test]
fn mutual_tail_calls_with_16_arguments() {
    let mk = |name: &str, me: u32, other: u32| {
        let mut b = FnBuilder::new(name, 16);
        let (done, more) = (b.new_block(), b.new_block());
        let zero = b.int(0);
        let c = b.bin(BinOp::Eq, b.param(0), zero);
        b.branch(c, done, more);
        b.switch_to(done);
        // Σ i * a_i distinguishes any permutation.
        let mut acc = b.int(0);
        for i in 1..16 {
            let k = b.int(i as i64);
            let m = b.bin(BinOp::Mul, b.param(i), k);
            acc = b.bin(BinOp::Add, acc, m);
        }
        b.ret(acc);
        b.switch_to(more);
        let one = b.int(1);
        let n1 = b.bin(BinOp::Sub, b.param(0), one);
        let mut args = vec![n1];
        if me == 0 {
            for i in 2..16 {
                args.push(b.param(i));
            }
            let a1 = b.bin(BinOp::Add, b.param(1), one);
            args.push(a1);
        } else {
            args.push(b.param(15));
            for i in 1..15 {
                args.push(b.param(i));
            }
        }
        b.tail_call(Callee::Direct(FuncId(other)), &args);
        b.finish()
    };
    // start n = f n 1 2 .. 15 (an egret function with one argument calling the 16-ary one).
    let mut b = FnBuilder::new("start", 1);
    let mut args = vec![b.param(0)];
    for i in 1..16 {
        args.push(b.int(i));
    }
    let r = b.call(Callee::Direct(FuncId(0)), &args);
    b.ret(r);
    let start = b.finish();
    let jit = Jit::load(&module(vec![mk("f", 0, 1), mk("g", 1, 0), start]), &[]);
    let model = |n: i64| {
        let mut a: Vec<i64> = (1..16).collect();
        for k in 0..n {
            if k % 2 == 0 {
                let a1 = a.remove(0) + 1;
                a.push(a1);
            } else {
                let last = a.pop().unwrap();
                a.insert(0, last);
            }
        }
        a.iter()
            .enumerate()
            .map(|(i, x)| (i as i64 + 1) * x)
            .sum::<i64>()
    };
    for n in [0, 1, 2, 3, 7, 100] {
        assert_eq!(jit.call_ints(2, &[n]), model(n), "n = {n}");
    }
    assert_eq!(jit.call_ints(2, &[10_000_000]), model(10_000_000));
}

/// Direct and indirect calls: `apply f x = f x` through a code pointer from `FuncAddr`.
#[test]
fn direct_and_indirect_calls() {
    let mut b = FnBuilder::new("double", 1);
    let r = b.bin(BinOp::Add, b.param(0), b.param(0));
    b.ret(r);
    let double = b.finish();
    let mut b = FnBuilder::new("apply_twice", 1);
    let f = b.push(Stmt::FuncAddr(FuncId(0)), Type::Raw);
    let x = b.call(Callee::Indirect(f), &[b.param(0)]);
    let y = b.call(Callee::Direct(FuncId(0)), &[x]);
    b.ret(y);
    let apply = b.finish();
    // Indirect tail call.
    let mut b = FnBuilder::new("tail_ind", 1);
    let f = b.push(Stmt::FuncAddr(FuncId(1)), Type::Raw);
    b.tail_call(Callee::Indirect(f), &[b.param(0)]);
    let tail = b.finish();
    let jit = Jit::load(&module(vec![double, apply, tail]), &[]);
    assert_eq!(jit.call_ints(1, &[5]), 20);
    assert_eq!(jit.call_ints(2, &[-7]), -28);
}

extern "C" fn opaque(x: u64) -> u64 {
    x
}

/// 24 values live across a call: more than the 5 callee-saved registers hold, so some spill.
#[test]
fn register_pressure_across_calls() {
    let mut b = FnBuilder::new("pressure", 2);
    let mut vals = Vec::new();
    for i in 0..24 {
        let k = b.int(i * 3 + 1);
        let v = b.bin(BinOp::Mul, b.param(0), k);
        let v = b.bin(BinOp::Add, v, b.param(1));
        vals.push(v);
    }
    let c = b.call(Callee::Runtime("opaque"), &[vals[0]]);
    let mut acc = c;
    for (i, v) in vals.iter().enumerate() {
        let k = b.int(i as i64 + 1);
        let m = b.bin(BinOp::Mul, *v, k);
        acc = b.bin(BinOp::Add, acc, m);
    }
    let c2 = b.call(Callee::Runtime("opaque"), &[acc]);
    b.ret(c2);
    let f = b.finish();
    let jit = Jit::load(
        &module(vec![f]),
        &[("opaque", opaque as *const () as usize)],
    );
    let (x, y) = (3i64, 5i64);
    let vals: Vec<i64> = (0..24).map(|i| x * (i * 3 + 1) + y).collect();
    let want = vals[0]
        + vals
            .iter()
            .enumerate()
            .map(|(i, v)| (i as i64 + 1) * v)
            .sum::<i64>();
    assert_eq!(jit.call_ints(0, &[x, y]), want);
    assert!(jit.compiled[0].stats.spill_slots > 0, "expected spills");
}

/// Alloc, Store, Load, BlockTag: `let r = (a, b, ref c) in r.2 := a; r.0 + r.1 + !r.2`.
#[test]
fn alloc_load_store() {
    let mut b = FnBuilder::new("blocks", 3);
    let cell = b.push(
        Stmt::Alloc {
            tag: 0,
            fields: vec![Value(2)],
            raw_prefix: 0,
        },
        Type::Val,
    );
    let big = b.int(1 << 40);
    let blk = b.push(
        Stmt::Alloc {
            tag: 5,
            fields: vec![Value(0), Value(1), cell, big],
            raw_prefix: 0,
        },
        Type::Val,
    );
    let c2 = b.push(
        Stmt::Load {
            base: blk,
            index: 2,
            ty: Type::Val,
        },
        Type::Val,
    );
    b.push(
        Stmt::Store {
            base: c2,
            index: 0,
            value: Value(0),
        },
        Type::Raw,
    );
    let seven = b.int(7);
    b.push(
        Stmt::Store {
            base: blk,
            index: 1,
            value: seven,
        },
        Type::Raw,
    );
    let f0 = b.push(
        Stmt::Load {
            base: blk,
            index: 0,
            ty: Type::Val,
        },
        Type::Val,
    );
    let f1 = b.push(
        Stmt::Load {
            base: blk,
            index: 1,
            ty: Type::Val,
        },
        Type::Val,
    );
    let f3 = b.push(
        Stmt::Load {
            base: blk,
            index: 3,
            ty: Type::Val,
        },
        Type::Val,
    );
    let r = b.push(
        Stmt::Load {
            base: cell,
            index: 0,
            ty: Type::Val,
        },
        Type::Val,
    );
    let t = b.un(UnOp::BlockTag, blk);
    let s = b.un(UnOp::BlockSize, blk);
    let mut acc = b.bin(BinOp::Add, f0, f1);
    for v in [r, t, s, f3] {
        acc = b.bin(BinOp::Add, acc, v);
    }
    b.ret(acc);
    let jit = Jit::load(&module(vec![b.finish()]), &[]);
    assert_eq!(
        jit.call_ints(0, &[10, 20, 30]),
        10 + 7 + 10 + 5 + 4 + (1 << 40)
    );
}

/// `DataAddr` points at the first field of a static block.
#[test]
fn static_data() {
    let mut m = module(vec![]);
    m.data.push(Data {
        name: "d".into(),
        linkage: crate::ssa::ir::Linkage::Local,
        words: vec![
            DataWord::Word(2 << 10),
            DataWord::Word(tag(11)),
            DataWord::Word(tag(31)),
        ],
    });
    let mut b = FnBuilder::new("read", 0);
    let d = b.push(Stmt::DataAddr(DataId(0)), Type::Val);
    let x = b.push(
        Stmt::Load {
            base: d,
            index: 1,
            ty: Type::Val,
        },
        Type::Val,
    );
    let s = b.un(UnOp::BlockSize, d);
    let r = b.bin(BinOp::Sub, x, s);
    b.ret(r);
    m.functions.push(b.finish());
    let jit = Jit::load(&m, &[]);
    assert_eq!(jit.call_ints(0, &[]), 29);
}

extern "C" fn add3(a: u64, b: u64, c: u64) -> u64 {
    a + b + c
}

/// A runtime call with the C ABI, its result used after the call.
#[test]
fn runtime_calls() {
    let mut b = FnBuilder::new("rt", 2);
    let raw = b.push(Stmt::RawConst(999), Type::Raw);
    let r = b.call(Callee::Runtime("add3"), &[b.param(0), b.param(1), raw]);
    let s = b.bin(BinOp::Sub, r, b.param(0));
    b.ret(s);
    let jit = Jit::load(
        &module(vec![b.finish()]),
        &[("add3", add3 as *const () as usize)],
    );
    // (2a+1) + (2b+1) + 999 is the int a + b + 500; minus a.
    assert_eq!(jit.call_ints(0, &[4, 9]), 9 + 500);
}

/// Unreachable blocks are cold (sunk to the end) and hold `ud2`. `checked_div` makes no call
/// and needs no stack, so it has no frame; `framed` calls `opaque` after the division check, so
/// it sets up its frame there (shrink-wrapped): its entry block and the cold block run without.
#[test]
fn cold_blocks_and_metadata() {
    let mut fs = Vec::new();
    for (name, call) in [("checked_div", false), ("framed", true)] {
        let mut b = FnBuilder::new(name, 2);
        let (bad, good) = (b.new_block(), b.new_block());
        let zero = b.int(0);
        let c = b.bin(BinOp::Eq, b.param(1), zero);
        b.branch(c, bad, good);
        b.switch_to(bad);
        b.push(Stmt::Unreachable, Type::Raw);
        b.switch_to(good);
        let q = b.bin(BinOp::Div, b.param(0), b.param(1));
        let q = if call {
            b.call(Callee::Runtime("opaque"), &[q])
        } else {
            q
        };
        b.ret(q);
        fs.push(b.finish());
    }
    let m = module(fs);
    let jit = Jit::load(&m, &[("opaque", opaque as *const () as usize)]);
    assert_eq!(jit.call_ints(0, &[-7, 2]), -3);
    assert_eq!(jit.call_ints(1, &[-7, 2]), -3);
    for cf in &jit.compiled {
        assert_eq!(
            &cf.code[cf.code.len() - 2..],
            &[0x0F, 0x0B],
            "ud2 sunk to the end"
        );
        assert_eq!(
            cf.code[0..3],
            [0x48, 0x83, 0xFE],
            "starts with cmp rsi, imm8 (no prologue at the entry)"
        );
        assert_eq!(cf.prologue_end, 0);
    }
    let leaf = &jit.compiled[0];
    assert!(leaf.cfi.is_empty(), "frameless");
    let cf = &jit.compiled[1];
    // Prologue CFI after the entry block: push rbp (1 byte), mov rbp, rsp (3 bytes).
    let push = cf.code.iter().position(|b| *b == 0x55).expect("push rbp") as u32;
    use crate::backend::CfiOp::*;
    assert_eq!(cf.cfi[0], (push + 1, DefCfaOffset(16)));
    assert_eq!(
        cf.cfi[1],
        (
            push + 1,
            Offset {
                reg: 6,
                offset: -16
            }
        )
    );
    assert_eq!(cf.cfi[2], (push + 4, DefCfaRegister(6)));
    assert!(
        cf.cfi.windows(2).all(|w| w[0].0 <= w[1].0),
        "CFI in offset order"
    );
    let remember = cf.cfi.iter().filter(|c| c.1 == RememberState).count();
    assert_eq!(remember, 1);
    // The cold `ud2` runs without the frame: the CFI says so again before it.
    let ud2 = cf.code.len() as u32 - 2;
    assert!(
        cf.cfi
            .iter()
            .any(|c| c.0 <= ud2 && c.1 == DefCfa { reg: 7, offset: 8 }),
        "{:?}",
        cf.cfi
    );
    assert!(
        cf.srclocs.windows(2).all(|w| w[0].1 <= w[1].0),
        "srclocs ordered, disjoint"
    );
    assert!(cf
        .srclocs
        .iter()
        .all(|r| r.0 < r.1 && r.1 as usize <= cf.code.len()));
    let listing = crate::backend::x64::disassemble_listing(&m, &super::jit::options()).unwrap();
    assert!(listing.contains("checked_div:"), "{listing}");
    assert!(listing.contains("framed:"), "{listing}");
    assert!(listing.contains("idiv"), "{listing}");
    assert!(listing.contains("; source"), "{listing}");
    assert!(listing.contains("ud2"), "{listing}");
}

/// The `CodegenBackend` face: name, targets, and a module through an `ObjectSink`.
#[test]
fn codegen_backend_interface() {
    use crate::backend::{CodegenBackend, CompiledFunction, ObjectSink};
    struct Sink(Vec<(FuncId, usize)>);
    impl ObjectSink for Sink {
        fn define_function(
            &mut self,
            id: FuncId,
            _: &Function,
            code: &CompiledFunction,
        ) -> Result<(), crate::backend::BackendError> {
            self.0.push((id, code.code.len()));
            Ok(())
        }
        fn define_helper(
            &mut self,
            name: &str,
            _: &CompiledFunction,
        ) -> Result<(), crate::backend::BackendError> {
            panic!("the native backend defines no helper (asked for {name})")
        }
    }
    let backend = crate::backend::x64::X64Backend;
    assert_eq!(backend.name(), "native");
    assert!(backend.supports_target("x86_64-unknown-linux-gnu"));
    assert!(!backend.supports_target("aarch64-unknown-linux-gnu"));
    let mut sink = Sink(Vec::new());
    let mut opts = super::jit::options();
    opts.verify = false;
    let stats = backend
        .compile_module(&module(vec![sum_loop(), fib(1)]), &opts, &mut sink)
        .unwrap();
    assert_eq!(stats.len(), 2);
    assert_eq!(sink.0.len(), 2);
    assert!(stats.iter().all(|(_, s)| s.insts > 0));
    // An unsupported statement (a runtime call returning an unboxed float: only direct calls
    // of workers do) is an error naming the function, not a panic.
    let mut b = FnBuilder::new("floaty", 1);
    let l = b.push(
        Stmt::Call {
            callee: Callee::Runtime("egret_float_sin"),
            args: vec![Value(0)],
            ret: Type::F64,
        },
        Type::F64,
    );
    b.ret(l);
    let err = backend
        .compile_module(&module(vec![b.finish()]), &opts, &mut sink)
        .unwrap_err();
    assert_eq!(err.function, "floaty");
}
