//! Stack slots and C-ABI functions: the frame area under the saved `rbp`, loads and stores
//! folded to `rbp`-relative addresses, slot addresses passed to other code, and `try` as the SSA
//! lowering builds it — a C-ABI body run through a `egret_try` that here is a tiny handler
//! written in assembly (below), raising across many native frames with callee-saved registers
//! in use.

use super::builder::FnBuilder;
use super::jit::{module, tag, Jit};
use crate::backend::x64::compile_function;
use crate::ssa::ir::*;

// `x64test_try(body, env)`: runs `body(env)`; on return stores its result in `env[0]` and
// returns OCaml `false`; if `x64test_raise(exn)` runs meanwhile, stores `exn` in `env[0]` and
// returns `true` — as the runtime's `egret_try` (which uses `__builtin_setjmp`). The handler
// chain lives in one global, so only one test uses these.
std::arch::global_asm!(
    ".pushsection .data",
    ".balign 8",
    "x64test_handler: .quad 0",
    ".popsection",
    ".text",
    ".globl x64test_try",
    "x64test_try:",
    "push rbp",
    "mov rbp, rsp",
    "push rbx",
    "push r12",
    "push r13",
    "push r14",
    "push r15",
    "push rsi",
    "push qword ptr [rip + x64test_handler]",
    "mov [rip + x64test_handler], rsp",
    "sub rsp, 8",
    "mov rax, rdi",
    "mov rdi, rsi",
    "call rax",
    "add rsp, 8",
    "pop rcx",
    "mov [rip + x64test_handler], rcx",
    "pop rsi",
    "mov [rsi], rax",
    "mov eax, 1",
    "jmp 2f",
    ".globl x64test_raise",
    "x64test_raise:",
    "mov rsp, [rip + x64test_handler]",
    "pop rcx",
    "mov [rip + x64test_handler], rcx",
    "pop rsi",
    "mov [rsi], rdi",
    "mov eax, 3",
    "2:",
    "pop r15",
    "pop r14",
    "pop r13",
    "pop r12",
    "pop rbx",
    "pop rbp",
    "ret",
);

extern "C" {
    fn x64test_try(body: usize, env: *mut u64) -> u64;
    fn x64test_raise(exn: u64) -> u64;
}

fn load(b: &mut FnBuilder, base: Value, index: u32, ty: Type) -> Value {
    b.push(Stmt::Load { base, index, ty }, ty)
}

fn store(b: &mut FnBuilder, base: Value, index: u32, value: Value) {
    b.push(Stmt::Store { base, index, value }, Type::Raw);
}

/// Writes `3 * env[0]` (an OCaml int) into `env[1]` and returns `env[0] + env[2]`.
extern "C" fn touch_slot(env: *mut u64) -> u64 {
    unsafe {
        let x = (*env as i64) >> 1;
        *env.add(1) = tag(3 * x);
        tag(x + ((*env.add(2) as i64) >> 1))
    }
}

extern "C" fn opaque(x: u64) -> u64 {
    x
}

/// Two stack slots, values live across calls (callee-saved registers and spills in use), the
/// slots' addresses passed to a runtime function and stored in a slot.
#[test]
fn stack_slots_beside_saved_registers_and_spills() {
    let mut b = FnBuilder::new("slots", 2);
    let s1 = b.push(Stmt::StackSlot { words: 3 }, Type::Raw);
    let s2 = b.push(Stmt::StackSlot { words: 2 }, Type::Raw);
    let (x, y) = (b.param(0), b.param(1));
    store(&mut b, s1, 0, x);
    store(&mut b, s1, 2, y);
    let k = b.int(1000);
    store(&mut b, s2, 0, k);
    store(&mut b, s2, 1, s1); // a slot's address, stored (Raw) in another slot
    let mut vals = Vec::new();
    for i in 0..16 {
        let c = b.int(i + 1);
        let v = b.bin(BinOp::Mul, x, c);
        vals.push(b.bin(BinOp::Add, v, y));
    }
    let r = b.call(Callee::Runtime("touch_slot"), &[s1]);
    let o = b.call(Callee::Runtime("opaque"), &[r]);
    let mut acc = o;
    for v in &vals {
        acc = b.bin(BinOp::Add, acc, *v);
    }
    let back = load(&mut b, s2, 1, Type::Raw);
    let t = load(&mut b, back, 1, Type::Val);
    let kk = load(&mut b, s2, 0, Type::Val);
    let acc = b.bin(BinOp::Add, acc, t);
    let acc = b.bin(BinOp::Add, acc, kk);
    b.ret(acc);
    let jit = Jit::load(
        &module(vec![b.finish()]),
        &[
            ("touch_slot", touch_slot as *const () as usize),
            ("opaque", opaque as *const () as usize),
        ],
    );
    for (x, y) in [(3i64, 5i64), (-7, 11), (0, 0)] {
        let vals: i64 = (0..16).map(|i| x * (i + 1) + y).sum();
        let want = (x + y) + vals + 3 * x + 1000;
        assert_eq!(jit.call_ints(0, &[x, y]), want, "x={x} y={y}");
    }
    assert!(jit.compiled[0].stats.spill_slots > 0, "expected spills");
}

/// `deep(n, k) = if n = 0 then raise k else deep (n - 1) k + n`, non-tail, with values live
/// across the recursive call.
fn deep() -> Function {
    let mut b = FnBuilder::new("deep", 2);
    let (n, k) = (b.param(0), b.param(1));
    let zero = b.int(0);
    let c = b.bin(BinOp::Eq, n, zero);
    let (raise, rec) = (b.new_block(), b.new_block());
    b.branch(c, raise, rec);
    b.switch_to(raise);
    b.call(Callee::Runtime("x64test_raise"), &[k]);
    b.push(Stmt::Unreachable, Type::Raw);
    b.switch_to(rec);
    let one = b.int(1);
    let m = b.bin(BinOp::Sub, n, one);
    let sq = b.bin(BinOp::Mul, n, n);
    let r = b.call(Callee::Direct(FuncId(0)), &[m, k]);
    let r = b.bin(BinOp::Add, r, n);
    let r = b.bin(BinOp::Add, r, sq);
    let r = b.bin(BinOp::Sub, r, sq);
    b.ret(r);
    b.finish()
}

/// The try body, C ABI: `env = [_, n, k]`; returns `deep n k` if `k >= 0`, else `n`.
fn body() -> Function {
    let mut b = FnBuilder::new("body", 0);
    b.f.abi = Abi::C;
    b.f.params = vec![Type::Raw];
    let env = b.push(Stmt::Param(0, Type::Raw), Type::Raw);
    let n = load(&mut b, env, 1, Type::Val);
    let k = load(&mut b, env, 2, Type::Val);
    let zero = b.int(0);
    let c = b.bin(BinOp::Ge, k, zero);
    let (go, quiet) = (b.new_block(), b.new_block());
    b.branch(c, go, quiet);
    b.switch_to(go);
    let r = b.call(Callee::Direct(FuncId(0)), &[n, k]);
    b.ret(r);
    b.switch_to(quiet);
    b.ret(n);
    b.finish()
}

/// `main(n, k, c)`: `(try body with e -> e * 1000) + live values` where the live values are
/// computed from `c` before the try and used after it.
fn main_fn() -> Function {
    let mut b = FnBuilder::new("main", 3);
    let (n, k, c) = (b.param(0), b.param(1), b.param(2));
    let mut live = Vec::new();
    for i in 0..8 {
        let m = b.int(i + 2);
        live.push(b.bin(BinOp::Mul, c, m));
    }
    let env = b.push(Stmt::StackSlot { words: 3 }, Type::Raw);
    store(&mut b, env, 1, n);
    store(&mut b, env, 2, k);
    let code = b.push(Stmt::FuncAddr(FuncId(1)), Type::Raw);
    let raised = b.call(Callee::Runtime("x64test_try"), &[code, env]);
    let (caught, ok, join) = (b.new_block(), b.new_block(), b.new_block());
    b.branch(raised, caught, ok);
    b.switch_to(caught);
    let e = load(&mut b, env, 0, Type::Val);
    let thousand = b.int(1000);
    let h = b.bin(BinOp::Mul, e, thousand);
    b.jump(join);
    b.switch_to(ok);
    let r = load(&mut b, env, 0, Type::Val);
    b.jump(join);
    b.switch_to(join);
    let p = b.phi();
    b.set_phi(p, &[(caught, h), (ok, r)]);
    let mut acc = p;
    for v in &live {
        acc = b.bin(BinOp::Add, acc, *v);
    }
    b.ret(acc);
    b.finish()
}

#[test]
fn try_through_a_c_abi_body_and_raise_across_frames() {
    let jit = Jit::load(
        &module(vec![deep(), body(), main_fn()]),
        &[
            ("x64test_try", x64test_try as *const () as usize),
            ("x64test_raise", x64test_raise as *const () as usize),
        ],
    );
    let live = |c: i64| (0..8).map(|i| c * (i + 2)).sum::<i64>();
    // Raised from 10000 frames down: the handler gets k.
    assert_eq!(jit.call_ints(2, &[10000, 7, 3]), 7000 + live(3));
    // No raise: the body's value.
    assert_eq!(jit.call_ints(2, &[42, -1, 5]), 42 + live(5));
    // Again after a raise (the handler chain is intact).
    assert_eq!(jit.call_ints(2, &[1, 9, -2]), 9000 + live(-2));
}

#[test]
fn c_abi_function_errors() {
    let mut b = FnBuilder::new("tail", 1);
    b.f.abi = Abi::C;
    b.tail_call(Callee::Direct(FuncId(0)), &[Value(0)]);
    let e = compile_function(&b.finish(), &super::jit::options()).unwrap_err();
    assert!(e.message.contains("tail call"), "{e}");

    let mut b = FnBuilder::new("seven", 7);
    b.f.abi = Abi::C;
    b.ret(Value(6));
    let e = compile_function(&b.finish(), &super::jit::options()).unwrap_err();
    assert!(e.message.contains("7 parameters"), "{e}");
}

/// `go(i, a1..a7)`: a self tail call with 8 arguments (two through `egret_extra_args`), a call
/// and a stack slot in the body (so a frame with saved registers): the tail call jumps back to
/// block 0 keeping the frame, 1 million times.
#[test]
fn self_tail_calls_keep_the_frame() {
    let mut b = FnBuilder::new("go", 8);
    let p: Vec<Value> = (0..8).map(|i| b.param(i)).collect();
    let slot = b.push(Stmt::StackSlot { words: 3 }, Type::Raw);
    store(&mut b, slot, 0, p[1]);
    store(&mut b, slot, 2, p[7]);
    let zero = b.int(0);
    let done = b.bin(BinOp::Eq, p[0], zero);
    let (exit, rec) = (b.new_block(), b.new_block());
    b.branch(done, exit, rec);
    b.switch_to(exit);
    let mut acc = p[1];
    for v in &p[2..] {
        acc = b.bin(BinOp::Add, acc, *v);
    }
    b.ret(acc);
    b.switch_to(rec);
    let r = b.call(Callee::Runtime("touch_slot"), &[slot]); // slot[0] + slot[2]
    let one = b.int(1);
    let i = b.bin(BinOp::Sub, p[0], one);
    let t = load(&mut b, slot, 1, Type::Val); // 3 * slot[0]
    let a1 = b.bin(BinOp::Sub, r, p[7]); // = p[1]
    let a1 = b.bin(BinOp::Add, a1, one);
    let a7 = b.bin(BinOp::Add, p[7], t);
    let a7 = b.bin(BinOp::Sub, a7, t);
    b.tail_call(
        Callee::Direct(FuncId(0)),
        &[i, a1, p[3], p[2], p[5], p[4], p[6], a7],
    );
    let w = wrap8();
    let jit = Jit::load(
        &module(vec![b.finish(), w]),
        &[("touch_slot", touch_slot as *const () as usize)],
    );
    let cf = &jit.compiled[0];
    assert!(
        !cf.relocs
            .iter()
            .any(|r| r.target == crate::backend::RelocTarget::Func(FuncId(0))),
        "the self tail call is a jump inside the function"
    );
    let n = 1_000_000;
    // a1 grows by 1 per iteration; a2..a6 are permuted in pairs; a7 is unchanged.
    assert_eq!(
        jit.call_ints(1, &[n]),
        (10 + n) + 20 + 30 + 40 + 50 + 60 + 70
    );
    assert_eq!(jit.call_ints(1, &[3]), 13 + 20 + 30 + 40 + 50 + 60 + 70);
}

/// `go(i, a1..a7)` with no stack slot: its entry block needs no frame, while the loop body calls
/// a runtime function with values live across the call (a frame with saved registers). The
/// body's self tail call goes to the framed copy of the entry region, the base case returns
/// without the frame, 1 million times (a frame set up per iteration and never torn down would
/// overflow the stack). `go` never reads `a6`: `wrap`'s direct call does not pass it.
#[test]
fn self_tail_calls_from_the_frame_go_to_a_framed_copy_of_the_entry() {
    let mut b = FnBuilder::new("go", 8);
    let p: Vec<Value> = (0..8).map(|i| b.param(i)).collect();
    let zero = b.int(0);
    let done = b.bin(BinOp::Eq, p[0], zero);
    let (exit, rec) = (b.new_block(), b.new_block());
    b.branch(done, exit, rec);
    b.switch_to(exit);
    let mut acc = p[1];
    for k in [2, 3, 4, 5, 7] {
        acc = b.bin(BinOp::Add, acc, p[k]);
    }
    b.ret(acc);
    b.switch_to(rec);
    let r = b.call(Callee::Runtime("opaque"), &[p[1]]); // = p[1]
    let one = b.int(1);
    let i = b.bin(BinOp::Sub, p[0], one);
    let a1 = b.bin(BinOp::Add, r, one);
    b.tail_call(
        Callee::Direct(FuncId(0)),
        &[i, a1, p[3], p[2], p[5], p[4], p[0], p[7]],
    );
    let w = wrap8();
    let jit = Jit::load(
        &module(vec![b.finish(), w]),
        &[("opaque", opaque as *const () as usize)],
    );
    let cf = &jit.compiled[0];
    assert_ne!(
        cf.code[0], 0x55,
        "the entry block runs without the frame (no push rbp)"
    );
    assert!(
        !cf.relocs
            .iter()
            .any(|r| r.target == crate::backend::RelocTarget::Func(FuncId(0))),
        "the self tail call is a jump inside the function"
    );
    let n = 1_000_000;
    assert_eq!(jit.call_ints(1, &[n]), (10 + n) + 20 + 30 + 40 + 50 + 70);
    assert_eq!(jit.call_ints(1, &[0]), 10 + 20 + 30 + 40 + 50 + 70);
}

#[allow(clippy::too_many_arguments)]
extern "C" fn nine(a: u64, b: u64, c: u64, d: u64, e: u64, f: u64, g: u64, h: u64, i: u64) -> u64 {
    let n = |w: u64, k: i64| ((w as i64) >> 1) * k;
    tag(n(a, 1) + n(b, 2) + n(c, 3) + n(d, 4) + n(e, 5) + n(f, 6) + n(g, 7) + n(h, 8) + n(i, 9))
}

/// A runtime call with 9 arguments: 3 on the stack (SysV), one of them an immediate, with
/// values live across the call in spill slots and callee-saved registers.
#[test]
fn runtime_call_with_stack_arguments() {
    let mut b = FnBuilder::new("nine", 2);
    let (x, y) = (b.param(0), b.param(1));
    let mut live = Vec::new();
    for i in 0..20 {
        let k = b.int(i + 1);
        let v = b.bin(BinOp::Mul, x, k);
        live.push(b.bin(BinOp::Add, v, y));
    }
    let args: Vec<Value> = (0..9)
        .map(|i| match i {
            7 => b.int(100),
            i => live[i],
        })
        .collect();
    let r = b.call(Callee::Runtime("nine"), &args);
    let mut acc = r;
    for v in &live {
        acc = b.bin(BinOp::Add, acc, *v);
    }
    b.ret(acc);
    let jit = Jit::load(
        &module(vec![b.finish()]),
        &[("nine", nine as *const () as usize)],
    );
    assert!(jit.compiled[0].stats.spill_slots > 0, "expected spills");
    for (x, y) in [(1i64, 2i64), (-5, 7)] {
        let live: Vec<i64> = (0..20).map(|i| x * (i + 1) + y).collect();
        let call: i64 = (0..9)
            .map(|i| (i as i64 + 1) * if i == 7 { 100 } else { live[i] })
            .sum();
        assert_eq!(jit.call_ints(0, &[x, y]), call + live.iter().sum::<i64>());
    }
}

/// `wrap(n)` calls function 0 as `go(n, 10, 20, .., 70)`: 8 arguments cannot go through
/// `Jit::call` (6 at most).
fn wrap8() -> Function {
    let mut w = FnBuilder::new("wrap", 1);
    let args: Vec<Value> = (0..8)
        .map(|k| if k == 0 { w.param(0) } else { w.int(k * 10) })
        .collect();
    let r = w.call(Callee::Direct(FuncId(0)), &args);
    w.ret(r);
    w.finish()
}
