//! Control flow compiled and run: fused and unfused branches, phis on split critical edges,
//! loops (including a conditional self-loop), switches as compare chains and jump tables, and
//! the text of the VCode and listing of a loop.

use super::builder::FnBuilder;
use super::exec::{sum_loop, switch_fn, wrap, MAX_INT, MIN_INT, SAMPLES};
use super::jit::{module, tag, Jit};
use crate::ssa::ir::*;

/// `min(a, b)` with a fused compare-and-branch and a phi; `max` with a non-fused compare.
#[test]
fn branches_and_phis() {
    let mut b = FnBuilder::new("min", 2);
    let (t, e, j) = (b.new_block(), b.new_block(), b.new_block());
    let c = b.bin(BinOp::Lt, b.param(0), b.param(1));
    b.branch(c, t, e);
    b.switch_to(t);
    b.jump(j);
    b.switch_to(e);
    b.jump(j);
    b.switch_to(j);
    let p = b.phi();
    b.set_phi(p, &[(t, Value(0)), (e, Value(1))]);
    b.ret(p);
    let min = b.finish();

    let mut b = FnBuilder::new("max_or_flag", 2);
    let (t, e) = (b.new_block(), b.new_block());
    let c = b.bin(BinOp::Gt, b.param(0), b.param(1));
    b.branch(c, t, e);
    b.switch_to(t);
    let r = b.bin(BinOp::Add, b.param(0), c); // c used twice: not fused
    b.ret(r);
    b.switch_to(e);
    b.ret(c);
    let max = b.finish();

    let jit = Jit::load(&module(vec![min, max]), &[]);
    for x in SAMPLES {
        for y in SAMPLES {
            assert_eq!(jit.call_ints(0, &[x, y]), x.min(y));
            let want = if x > y { wrap(x.wrapping_add(1)) } else { 0 };
            assert_eq!(jit.call_ints(1, &[x, y]), want);
        }
    }
    assert!(
        jit.compiled[0].stats.branches_removed > 0,
        "fallthrough jumps removed"
    );
}

#[test]
fn loop_sum() {
    let jit = Jit::load(&module(vec![sum_loop()]), &[]);
    for n in [0i64, 1, 2, 10, 1000, 100_000] {
        assert_eq!(jit.call_ints(0, &[n]), n * (n + 1) / 2);
    }
}

#[test]
fn switch_chain_and_table() {
    let jit = Jit::load(&module(vec![switch_fn(3), switch_fn(9)]), &[]);
    for (fi, n) in [(0usize, 3i64), (1, 9)] {
        for v in [
            -5i64,
            -1,
            0,
            1,
            2,
            3,
            4,
            5,
            8,
            9,
            10,
            1 << 40,
            MAX_INT,
            MIN_INT,
        ] {
            let want = if (0..n).contains(&v) {
                if v == 2 {
                    101
                } else {
                    100 + v
                }
            } else {
                -1
            };
            assert_eq!(jit.call_ints(fi, &[v]), want, "switch of {n} on {v}");
        }
    }
}

/// A do-while loop whose conditional back edge targets its own block (a critical self-edge,
/// split), with phis: `count_down n = let rec go i acc = let acc = acc + i in if i > 1 then
/// go (i - 1) acc else acc`.
#[test]
fn self_loop_with_conditional_back_edge() {
    let mut b = FnBuilder::new("do_while", 1);
    let (body, exit) = (b.new_block(), b.new_block());
    let zero = b.int(0);
    b.jump(body);
    b.switch_to(body);
    let i = b.phi();
    let acc = b.phi();
    let acc2 = b.bin(BinOp::Add, acc, i);
    let one = b.int(1);
    let i2 = b.bin(BinOp::Sub, i, one);
    let c = b.bin(BinOp::Gt, i, one);
    b.branch(c, body, exit);
    b.set_phi(i, &[(Block(0), Value(0)), (body, i2)]);
    b.set_phi(acc, &[(Block(0), zero), (body, acc2)]);
    b.switch_to(exit);
    b.ret(acc2);
    let jit = Jit::load(&module(vec![b.finish()]), &[]);
    for n in [1i64, 2, 10, 1000] {
        assert_eq!(jit.call_ints(0, &[n]), n * (n + 1) / 2);
    }
}

/// Phis in blocks that conditional branches and switches reach directly (critical edges), a
/// fused `IsInt` test, and a branch on a bool that is not a fusible compare.
#[test]
fn phis_on_critical_edges() {
    // f a b = let j = if a < b then a else (if is_int b then b + 10 else 0) in j * 2
    let mut b = FnBuilder::new("crit", 2);
    let (k, l, j) = (b.new_block(), b.new_block(), b.new_block());
    let c = b.bin(BinOp::Lt, b.param(0), b.param(1));
    b.branch(c, j, k);
    b.switch_to(k);
    let ii = b.un(UnOp::IsInt, b.param(1));
    b.branch(ii, l, j);
    b.switch_to(l);
    let ten = b.int(10);
    let s = b.bin(BinOp::Add, b.param(1), ten);
    b.jump(j);
    b.switch_to(j);
    let p = b.phi();
    let zero = b.int(0);
    b.set_phi(p, &[(Block(0), Value(0)), (k, zero), (l, s)]);
    let two = b.int(2);
    let r = b.bin(BinOp::Mul, p, two);
    b.ret(r);
    let crit = b.finish();

    // g x = match x with 0 -> 7 | 1 | 3 -> x + 1 | 2 -> x | _ -> -x, all joined by one phi;
    // and a branch on the bool `x = 5` used twice (not fused).
    let mut b = FnBuilder::new("switch_phi", 1);
    let (t1, join) = (b.new_block(), b.new_block());
    let one = b.int(1);
    let inc = b.bin(BinOp::Add, b.param(0), one);
    let neg = b.un(UnOp::Neg, b.param(0));
    let seven = b.int(7);
    b.push(
        Stmt::Switch {
            value: Value(0),
            targets: vec![join, t1, join, t1],
            default: join,
        },
        Type::Raw,
    );
    b.switch_to(t1);
    b.jump(join);
    b.switch_to(join);
    let p = b.phi();
    b.set_phi(p, &[(Block(0), seven), (t1, inc)]);
    // The switch's edges to `join` share one phi value: give `join` a real choice instead.
    let five = b.int(5);
    let is5 = b.bin(BinOp::Eq, p, five);
    let (y, n) = (b.new_block(), b.new_block());
    b.branch(is5, y, n);
    b.switch_to(y);
    let r = b.bin(BinOp::Add, is5, neg);
    b.ret(r);
    b.switch_to(n);
    b.ret(p);
    let sw = b.finish();

    let jit = Jit::load(&module(vec![crit, sw]), &[]);
    for x in [-3i64, 0, 4, 100] {
        for y in [-3i64, 0, 4, 100] {
            let j = if x < y { x } else { y + 10 };
            assert_eq!(jit.call_ints(0, &[x, y]), j * 2, "crit {x} {y}");
        }
    }
    // A pointer (even word) is not an int: the phi takes 0.
    let block = super::jit::fake_alloc(1, 0);
    assert_eq!(jit.call(0, &[tag(MAX_INT), block]), tag(0));
    for x in [-2i64, 0, 1, 2, 3, 4, 9] {
        let p = if x == 1 || x == 3 { x + 1 } else { 7 };
        let want = if p == 5 { 1 - x } else { p };
        assert_eq!(jit.call_ints(1, &[x]), want, "switch_phi {x}");
    }
}

/// The VCode and the final listing of the sum loop, as text: phis become block parameters,
/// the compare is fused into the branch, constants fold into `lea`, the loop body (deeper than
/// the exit, blockorder.rs) comes right after the test, and the MachBuffer drops its
/// `jmp body` to the next block.
#[test]
fn sum_loop_vcode_and_listing_snapshot() {
    let m = module(vec![sum_loop()]);
    let vcode = crate::backend::x64::print_vcode(&m.functions[0]).unwrap();
    let want_vcode = "\
block0 (#0)():
    args v4=rdi
    mov v5, 0x3
    mov v6, 0x1
    jmp block1
    ; to block1: (v5, v6)
block1 (#1)(v3, v0):
    cmp v3, v4; jg block3; jmp block2
block2 (#2)():
    lea v2, [v0+v3-0x1]
    lea v1, [v3+0x2]
    jmp block1
    ; to block1: (v1, v2)
block3 (#3)():
    ret v0
";
    assert_eq!(vcode, want_vcode, "got:\n{vcode}");
    let asm = crate::backend::x64::disassemble_listing(&m, &super::jit::options()).unwrap();
    let body: Vec<&str> = asm.lines().filter(|l| !l.contains("; source")).collect();
    // A leaf without stack needs: no frame at all.
    let want_asm = [
        "sum:  ; sum",
        "  000000  block0 (#0):",
        "  000000      mov rsi, 0x3",
        "  000005      mov rax, 0x1",
        "  00000a  block1 (#1):",
        "  00000a      cmp rsi, rdi",
        "  00000d      jg block3 (#3)",
        "  000013  block2 (#2):",
        "  000013      lea rax, [rax+rsi-0x1]",
        "  000018      lea rsi, [rsi+0x2]",
        "  00001c      jmp block1 (#1)",
        "  00001e  block3 (#3):",
        "  00001e      ret",
        "",
    ];
    assert_eq!(body, want_asm, "got:\n{asm}");
}

/// A branch on a constant (normally folded by `opt`) still compiles: the dead successor, and
/// the edge blocks toward it, become unreachable in the VCode.
#[test]
fn branch_on_constant_with_phis() {
    let mut b = FnBuilder::new("konst", 1);
    let (t, e, j) = (b.new_block(), b.new_block(), b.new_block());
    let yes = b.int(1);
    let tr = b.push(
        Stmt::Pi {
            value: yes,
            fact: Fact::IsConst(1),
        },
        Type::Val,
    );
    b.branch(tr, t, e);
    b.switch_to(t);
    let one = b.int(1);
    let x = b.bin(BinOp::Add, Value(0), one);
    let c = b.bin(BinOp::Lt, x, Value(0));
    b.branch(c, j, e);
    b.switch_to(e);
    b.jump(j);
    b.switch_to(j);
    let p = b.phi();
    b.set_phi(p, &[(t, x), (e, Value(0))]);
    b.ret(p);
    let jit = Jit::load(&module(vec![b.finish()]), &[]);
    assert_eq!(jit.call_ints(0, &[41]), 41);
    assert_eq!(jit.call_ints(0, &[MAX_INT]), MIN_INT);
}

/// `--emit=asm` with a line function: function headers with their line, `; line L:C` runs
/// (not repeated), and relocation targets by symbol name.
#[test]
fn listing_with_lines_and_symbol_names() {
    let mut callee = FnBuilder::new("egret_double_1", 1);
    callee.f.source_name = "double".into();
    callee.f.decl_loc = SrcLoc::new(crate::diagnostics::Span::new(120, 130));
    let r = callee.bin(BinOp::Add, Value(0), Value(0));
    callee.ret(r);
    let mut caller = FnBuilder::new("egret_main_2", 1);
    let c = caller.call(Callee::Direct(FuncId(0)), &[Value(0)]);
    let one = caller.int(1);
    let s = caller.bin(BinOp::Add, c, one);
    caller.ret(s);
    let m = module(vec![callee.finish(), caller.finish()]);
    // The builder gives statement k the bytes 10k..10k+5: line k, column 1.
    let line_of = |b: u32| (b / 10, b % 10 + 1);
    let asm =
        crate::backend::x64::disassemble_listing_with_lines(&m, &super::jit::options(), &line_of)
            .unwrap();
    assert!(asm.contains("egret_double_1:  ; double, line 12"), "{asm}");
    assert!(asm.contains("call egret_double_1"), "{asm}");
    assert!(asm.contains("; line 2:1"), "{asm}");
    assert!(!asm.contains("; source"), "{asm}");
    assert!(!asm.contains("func0"), "{asm}");
    let notes: Vec<&str> = asm.lines().filter(|l| l.contains("; line ")).collect();
    assert!(
        notes.windows(2).all(|w| w[0] != w[1]),
        "consecutive notes differ: {asm}"
    );
}
