//! Whole programs: SSA written by hand, compiled by the Cranelift backend at -O0 and -O2,
//! linked with the runtime, run; stdout, stderr and the exit code are checked.

mod common;

use common::*;
use egret_plugin::ssa::ir::*;

const MAX_INT: i64 = (1 << 62) - 1;
const MIN_INT: i64 = -(1 << 62);

/// An OCaml int from the low 63 bits of `x`.
fn wrap63(x: i64) -> i64 {
    (x << 1) >> 1
}

/// What OCaml computes for `a op b` (egret masks shift counts to 6 bits).
fn reference(op: BinOp, a: i64, b: i64) -> i64 {
    let n = (b & 63) as u32;
    let bool = |c: bool| c as i64;
    match op {
        BinOp::Add => wrap63(a.wrapping_add(b)),
        BinOp::Sub => wrap63(a.wrapping_sub(b)),
        BinOp::Mul => wrap63(a.wrapping_mul(b)),
        BinOp::Div => wrap63(a.wrapping_div(b)),
        BinOp::Mod => a.wrapping_rem(b),
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Lsl => wrap63(a.wrapping_shl(n)),
        BinOp::Lsr => wrap63((((a as u64) & (u64::MAX >> 1)) >> n) as i64),
        BinOp::Asr => a >> n,
        BinOp::Eq | BinOp::PhysEq => bool(a == b),
        BinOp::Ne | BinOp::PhysNe => bool(a != b),
        BinOp::Lt => bool(a < b),
        BinOp::Le => bool(a <= b),
        BinOp::Gt => bool(a > b),
        BinOp::Ge => bool(a >= b),
        BinOp::Ult => bool((((a << 1) | 1) as u64) < (((b << 1) | 1) as u64)),
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

const OPERANDS: [i64; 13] = [
    0,
    1,
    -1,
    2,
    7,
    -7,
    3,
    62,
    63,
    100,
    12_345_678_901,
    MAX_INT,
    MIN_INT,
];

/// Every binary operation on every pair of operands, both through a function (operands unknown
/// to Cranelift) and on constants (folded by Cranelift at -O2), against OCaml's semantics.
#[test]
fn integer_operations_match_ocaml() {
    let mut main = FnBuilder::new("program", 0);
    main.block(0);
    let mut expected = String::new();
    let mut helpers = Vec::new();
    for (k, &op) in OPS.iter().enumerate() {
        let mut h = FnBuilder::new(&format!("op_{k}"), 2);
        h.block(0);
        let (a, b) = (h.param(0), h.param(1));
        let r = h.bin(op, a, b);
        h.ret(r);
        helpers.push(h.finish());
        for &a in &OPERANDS {
            for &b in &OPERANDS {
                if matches!(op, BinOp::Div | BinOp::Mod) && b == 0 {
                    continue;
                }
                let r = reference(op, a, b);
                expected.push_str(&format!("{r}\n{r}\n"));
                let (va, vb) = (main.int(a), main.int(b));
                let through_call = main.call(k as u32 + 1, &[va, vb]);
                main.print_line(through_call);
                let folded = main.bin(op, va, vb);
                main.print_line(folded);
            }
        }
    }
    let unit = main.int(0);
    main.ret(unit);
    let mut functions = vec![main.finish()];
    functions.extend(helpers);
    let out = run_module(&module(functions, vec![]), "intops");
    assert_eq!(out.code, Some(0), "stderr: {}", out.stderr);
    let (got, want): (Vec<_>, Vec<_>) = (out.stdout.lines().collect(), expected.lines().collect());
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "line {i}");
    }
}

#[test]
fn max_int_plus_one_is_min_int() {
    let mut f = FnBuilder::new("program", 0);
    f.block(0);
    let (a, b) = (f.int(MAX_INT), f.int(1));
    let s = f.bin(BinOp::Add, a, b);
    f.print_line(s);
    f.print_line(a);
    let unit = f.int(0);
    f.ret(unit);
    let out = run_module(&module(vec![f.finish()], vec![]), "maxint");
    assert_eq!(out.stdout, "-4611686018427387904\n4611686018427387903\n");
    assert_eq!(out.code, Some(0));
}

#[test]
fn unary_operations_and_blocks() {
    let mut f = FnBuilder::new("program", 0);
    f.block(0);
    let five = f.int(5);
    let neg = f.un(UnOp::Neg, five);
    f.print_line(neg);
    let min = f.int(MIN_INT);
    let neg_min = f.un(UnOp::Neg, min);
    f.print_line(neg_min);
    let (t, fl) = (f.int(1), f.int(0));
    let not_t = f.un(UnOp::Not, t);
    f.print_line(not_t);
    let not_f = f.un(UnOp::Not, fl);
    f.print_line(not_f);
    let block = f.push(
        Stmt::Alloc {
            tag: 3,
            fields: vec![five, neg, t],
            raw_prefix: 0,
        },
        Type::Val,
    );
    let is_int_block = f.un(UnOp::IsInt, block);
    f.print_line(is_int_block);
    let is_int_five = f.un(UnOp::IsInt, five);
    f.print_line(is_int_five);
    let tag = f.un(UnOp::BlockTag, block);
    f.print_line(tag);
    let size = f.un(UnOp::BlockSize, block);
    f.print_line(size);
    let field = f.push(
        Stmt::Load {
            base: block,
            index: 1,
            ty: Type::Val,
        },
        Type::Val,
    );
    f.print_line(field);
    let seven = f.int(7);
    f.push(
        Stmt::Store {
            base: block,
            index: 1,
            value: seven,
        },
        Type::Raw,
    );
    let field = f.push(
        Stmt::Load {
            base: block,
            index: 1,
            ty: Type::Val,
        },
        Type::Val,
    );
    f.print_line(field);
    let same = f.bin(BinOp::PhysEq, block, block);
    f.print_line(same);
    let unit = f.int(0);
    f.ret(unit);
    let out = run_module(&module(vec![f.finish()], vec![]), "unary");
    assert_eq!(
        out.stdout,
        "-5\n-4611686018427387904\n0\n1\n0\n1\n3\n3\n-5\n7\n1\n"
    );
}

/// fib n = if n < 2 then n else fib (n - 1) + fib (n - 2)
fn fib_function() -> Function {
    let mut f = FnBuilder::new("fib", 1);
    f.block(0);
    let n = f.param(0);
    let two = f.int(2);
    let small = f.bin(BinOp::Lt, n, two);
    f.branch(small, 1, 2);
    f.block(1);
    f.ret(n);
    f.block(2);
    let one = f.int(1);
    let n1 = f.bin(BinOp::Sub, n, one);
    let a = f.call(1, &[n1]);
    let n2 = f.bin(BinOp::Sub, n, two);
    let b = f.call(1, &[n2]);
    let s = f.bin(BinOp::Add, a, b);
    f.ret(s);
    f.finish()
}

#[test]
fn recursive_fib() {
    let mut main = FnBuilder::new("program", 0);
    main.block(0);
    let n = main.int(25);
    let r = main.call(1, &[n]);
    main.print_line(r);
    let unit = main.int(0);
    main.ret(unit);
    let out = run_module(&module(vec![main.finish(), fib_function()], vec![]), "fib");
    assert_eq!(out.stdout, "75025\n");
    assert_eq!(out.code, Some(0));
}

/// let rec loop i acc = if i > 100 then acc else loop (i + 1) (acc + i), as a CFG with phis.
#[test]
fn loop_with_phis() {
    let mut f = FnBuilder::new("program", 0);
    f.block(0);
    let (one, zero, limit) = (f.int(1), f.int(0), f.int(100));
    f.jump(1);
    f.block(1);
    let i = f.phi(&[0, 2], &[one, one]);
    let acc = f.phi(&[0, 2], &[zero, zero]);
    let done = f.bin(BinOp::Gt, i, limit);
    f.branch(done, 3, 2);
    f.block(2);
    let i2 = f.bin(BinOp::Add, i, one);
    let acc2 = f.bin(BinOp::Add, acc, i);
    f.jump(1);
    f.block(3);
    f.print_line(acc);
    f.ret(zero);
    f.set_phi(i, &[one, i2]);
    f.set_phi(acc, &[zero, acc2]);
    let out = run_module(&module(vec![f.finish()], vec![]), "loop");
    assert_eq!(out.stdout, "5050\n");
}

/// A switch whose targets take phis (through trampolines) and whose default is taken for
/// out-of-range and negative values.
#[test]
fn switch_on_ints() {
    let mut main = FnBuilder::new("program", 0);
    main.block(0);
    for n in [-1, 0, 1, 2, 3, 4] {
        let v = main.int(n);
        let r = main.call(1, &[v]);
        main.print_line(r);
    }
    let v = main.int(1);
    let r = main.call(2, &[v]);
    main.print_line(r);
    let unit = main.int(0);
    main.ret(unit);

    let mut f = FnBuilder::new("classify", 1);
    f.block(0);
    let n = f.param(0);
    let (ten, twenty) = (f.int(10), f.int(20));
    f.push(
        Stmt::Switch {
            value: n,
            targets: vec![Block(1), Block(2), Block(1)],
            default: Block(3),
        },
        Type::Raw,
    );
    f.block(1);
    f.jump(4);
    f.block(2);
    f.jump(4);
    f.block(3);
    let minus = f.int(-1);
    f.ret(minus);
    f.block(4);
    let r = f.phi(&[1, 2], &[ten, twenty]);
    let r = f.bin(BinOp::Add, r, n);
    f.ret(r);

    // A second switch jumping straight to a phi block.
    let mut g = FnBuilder::new("pick", 1);
    g.block(0);
    let n2 = g.param(0);
    let (a, b) = (g.int(100), g.int(200));
    g.push(
        Stmt::Switch {
            value: n2,
            targets: vec![Block(1), Block(1)],
            default: Block(1),
        },
        Type::Raw,
    );
    g.block(1);
    let p = g.phi(&[0], &[a]);
    let s = g.bin(BinOp::Add, p, b);
    g.ret(s);

    let m = module(vec![main.finish(), f.finish(), g.finish()], vec![]);
    let out = run_module(&m, "switch");
    assert_eq!(out.stdout, "-1\n10\n21\n12\n-1\n-1\n300\n");
}

/// A closure-like call: a block [code pointer; arity; captured x], its code loaded from field 0
/// and called indirectly with the closure as the last argument.
#[test]
fn closure_call_through_code_pointer() {
    let mut main = FnBuilder::new("program", 0);
    main.block(0);
    let code = main.push(Stmt::FuncAddr(FuncId(1)), Type::Raw);
    let (arity, x) = (main.int(1), main.int(40));
    let closure = main.push(
        Stmt::Alloc {
            tag: 247,
            fields: vec![code, arity, x],
            raw_prefix: 1,
        },
        Type::Val,
    );
    let loaded = main.push(
        Stmt::Load {
            base: closure,
            index: 0,
            ty: Type::Raw,
        },
        Type::Raw,
    );
    let two = main.int(2);
    let r = main.call_indirect(loaded, &[two, closure]);
    main.print_line(r);
    let unit = main.int(0);
    main.ret(unit);

    // add_x y env = y + env.x
    let mut add = FnBuilder::new("add_x", 2);
    add.block(0);
    let (y, env) = (add.param(0), add.param(1));
    let x = add.push(
        Stmt::Load {
            base: env,
            index: 2,
            ty: Type::Val,
        },
        Type::Val,
    );
    let s = add.bin(BinOp::Add, y, x);
    add.ret(s);

    let out = run_module(
        &module(vec![main.finish(), add.finish()], vec![]),
        "closure",
    );
    assert_eq!(out.stdout, "42\n");
}

/// even and odd with 16 arguments each, calling each other in tail position 10 million times:
/// the 1 GiB stack would not hold that many frames, so this passes only with real tail calls.
#[test]
fn mutual_tail_calls_with_sixteen_arguments() {
    let mut main = FnBuilder::new("program", 0);
    main.block(0);
    let n = main.int(10_000_000);
    let mut args = vec![n];
    for i in 1..16 {
        args.push(main.int(i));
    }
    let r = main.call(1, &args);
    main.print_line(r);
    let unit = main.int(0);
    main.ret(unit);

    // f_k(n, a1..a15) = if n = 0 then a1 - a15 + k else f_(1-k)(n - 1, a2..a15, a1)
    let step = |name: &str, me: i64, other: u32| {
        let mut f = FnBuilder::new(name, 16);
        f.block(0);
        let params: Vec<Value> = (0..16).map(|i| f.param(i)).collect();
        let zero = f.int(0);
        let done = f.bin(BinOp::Eq, params[0], zero);
        f.branch(done, 1, 2);
        f.block(1);
        let d = f.bin(BinOp::Sub, params[1], params[15]);
        let k = f.int(me);
        let r = f.bin(BinOp::Add, d, k);
        f.ret(r);
        f.block(2);
        let one = f.int(1);
        let n1 = f.bin(BinOp::Sub, params[0], one);
        let mut next = vec![n1];
        next.extend_from_slice(&params[2..16]);
        next.push(params[1]);
        f.tail_call(other, &next);
        f.finish()
    };
    let m = module(
        vec![main.finish(), step("even", 100, 2), step("odd", 200, 1)],
        vec![],
    );
    let out = run_module(&m, "tailcalls");
    // 10^7 rotations of a 15-cycle: 10^7 mod 15 = 10, so a1 = 11 and a15 = 10; n is even.
    assert_eq!(out.stdout, "101\n", "stderr: {}", out.stderr);
    assert_eq!(out.code, Some(0));
}

/// A string literal as a static data object.
#[test]
fn string_literal_from_data() {
    let mut f = FnBuilder::new("program", 0);
    f.block(0);
    let hello = f.push(Stmt::DataAddr(DataId(0)), Type::Val);
    f.rt("egret_print_string", &[hello]);
    let empty = f.push(Stmt::DataAddr(DataId(1)), Type::Val);
    f.rt("egret_print_endline", &[empty]);
    let eight = f.push(Stmt::DataAddr(DataId(2)), Type::Val);
    f.rt("egret_print_endline", &[eight]);
    for s in [hello, empty, eight] {
        let len = f.rt("egret_string_length", &[s]);
        f.print_line(len);
    }
    let bang = f.int(b'!' as i64);
    f.rt("egret_print_char", &[bang]);
    let unit = f.int(0);
    f.rt("egret_print_newline", &[unit]);
    f.ret(unit);
    let data = vec![
        string_data("str_hello", "Hello, world!\n"),
        string_data("str_empty", ""),
        string_data("str_eight", "12345678"),
    ];
    let out = run_module(&module(vec![f.finish()], data), "strings");
    assert_eq!(out.stdout, "Hello, world!\n\n12345678\n14\n0\n8\n!\n");
}

/// Static data pointing at other data and at code: a closure block in data, called through it.
#[test]
fn static_closure_in_data() {
    let mut main = FnBuilder::new("program", 0);
    main.block(0);
    let closure = main.push(Stmt::DataAddr(DataId(0)), Type::Val);
    let code = main.push(
        Stmt::Load {
            base: closure,
            index: 0,
            ty: Type::Raw,
        },
        Type::Raw,
    );
    let one = main.int(1);
    let r = main.call_indirect(code, &[one, closure]);
    main.print_line(r);
    // field 2 of the closure is the string's address
    let s = main.push(
        Stmt::Load {
            base: closure,
            index: 2,
            ty: Type::Val,
        },
        Type::Val,
    );
    main.rt("egret_print_endline", &[s]);
    let unit = main.int(0);
    main.ret(unit);

    let mut inc = FnBuilder::new("inc", 2);
    inc.block(0);
    let (x, _env) = (inc.param(0), inc.param(1));
    let one = inc.int(1);
    let r = inc.bin(BinOp::Add, x, one);
    inc.ret(r);

    let closure = Data {
        linkage: egret_plugin::ssa::ir::Linkage::Local,
        name: "closure_inc".into(),
        words: vec![
            DataWord::Word((3 << 10) | 247),
            DataWord::FuncAddr(FuncId(1)),
            DataWord::Word(3),
            DataWord::DataAddr(DataId(1)),
        ],
    };
    let data = vec![closure, string_data("str_inc", "inc")];
    let out = run_module(
        &module(vec![main.finish(), inc.finish()], data),
        "static_closure",
    );
    assert_eq!(out.stdout, "2\ninc\n");
}

fn print_string(f: &mut FnBuilder, data: u32, prim: &'static str) {
    let s = f.push(Stmt::DataAddr(DataId(data)), Type::Val);
    f.rt(prim, &[s]);
}

/// stdout and stderr are buffered as OCaml's: `prerr_endline` flushes stderr only, everything
/// else waits for exit, where stdout is flushed before stderr. Checked with both streams on one
/// file, against what ocamlopt's program prints.
#[test]
fn output_buffering_matches_ocaml() {
    // print_string "a"; prerr_string "b"; print_string "c"; prerr_endline "x";
    // print_string "d"; prerr_int 5
    let mut f = FnBuilder::new("program", 0);
    f.block(0);
    print_string(&mut f, 0, "egret_print_string");
    print_string(&mut f, 1, "egret_prerr_string");
    print_string(&mut f, 2, "egret_print_string");
    print_string(&mut f, 3, "egret_prerr_endline");
    print_string(&mut f, 4, "egret_print_string");
    let five = f.int(5);
    f.rt("egret_prerr_int", &[five]);
    let unit = f.int(0);
    f.ret(unit);
    let data = ["a", "b", "c", "x", "d"]
        .iter()
        .enumerate()
        .map(|(i, s)| string_data(&format!("s{i}"), s))
        .collect();
    let m = module(vec![f.finish()], data);
    let exe = build(&m, 0, "buffering");

    let separate = run(&exe, &[]);
    assert_eq!(separate.stdout, "acd");
    assert_eq!(separate.stderr, "bx\n5");

    let combined = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' 2>&1", exe.display()))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&combined.stdout), "bx\nacd5");
}

/// `flush stdout` and `print_newline` write stdout out at once.
#[test]
fn explicit_flushes() {
    let mut f = FnBuilder::new("program", 0);
    f.block(0);
    let unit = f.int(0);
    print_string(&mut f, 0, "egret_print_string");
    f.rt("egret_flush_stdout", &[unit]);
    print_string(&mut f, 1, "egret_prerr_string");
    f.rt("egret_flush_stderr", &[unit]);
    print_string(&mut f, 2, "egret_print_string");
    f.rt("egret_print_newline", &[unit]);
    print_string(&mut f, 3, "egret_prerr_string");
    print_string(&mut f, 4, "egret_print_endline");
    f.ret(unit);
    let data = ["1", "2", "3", "4", "5"]
        .iter()
        .enumerate()
        .map(|(i, s)| string_data(&format!("s{i}"), s))
        .collect();
    let exe = build(&module(vec![f.finish()], data), 0, "flushes");
    let combined = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' 2>&1", exe.display()))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&combined.stdout), "123\n5\n4");
}

/// Output larger than the 64 KiB channel buffer arrives whole and in order.
#[test]
fn large_output() {
    let mut f = FnBuilder::new("program", 0);
    f.block(0);
    let (zero, one, limit) = (f.int(0), f.int(1), f.int(20_000));
    f.jump(1);
    f.block(1);
    let i = f.phi(&[0, 2], &[zero, zero]);
    let done = f.bin(BinOp::Ge, i, limit);
    f.branch(done, 3, 2);
    f.block(2);
    f.print_line(i);
    let i2 = f.bin(BinOp::Add, i, one);
    f.jump(1);
    f.block(3);
    f.ret(zero);
    f.set_phi(i, &[zero, i2]);
    let out = run_module(&module(vec![f.finish()], vec![]), "large_output");
    let want: String = (0..20_000).map(|i| format!("{i}\n")).collect();
    assert!(out.stdout == want, "output differs");
}

/// depth n = if n = 0 then 0 else 1 + depth (n - 1)
fn depth_function(bounded: bool) -> Function {
    let mut f = FnBuilder::new("depth", 1);
    f.block(0);
    let n = f.param(0);
    let (zero, one) = (f.int(0), f.int(1));
    let stop = f.bin(BinOp::Eq, n, zero);
    f.branch(stop, 1, 2);
    f.block(1);
    f.ret(zero);
    f.block(2);
    let step = if bounded {
        f.bin(BinOp::Sub, n, one)
    } else {
        f.bin(BinOp::Add, n, one)
    };
    let d = f.call(1, &[step]);
    let r = f.bin(BinOp::Add, d, one);
    f.ret(r);
    f.finish()
}

#[test]
fn a_million_frames_of_recursion() {
    let mut main = FnBuilder::new("program", 0);
    main.block(0);
    let n = main.int(1_000_000);
    let r = main.call(1, &[n]);
    main.print_line(r);
    let unit = main.int(0);
    main.ret(unit);
    let out = run_module(
        &module(vec![main.finish(), depth_function(true)], vec![]),
        "deep",
    );
    assert_eq!(out.stdout, "1000000\n");
    assert_eq!(out.code, Some(0));
}

#[test]
fn unbounded_recursion_is_stack_overflow() {
    let mut main = FnBuilder::new("program", 0);
    main.block(0);
    print_string(&mut main, 0, "egret_print_string");
    let n = main.int(1);
    let r = main.call(1, &[n]);
    main.print_line(r);
    let unit = main.int(0);
    main.ret(unit);
    let m = module(
        vec![main.finish(), depth_function(false)],
        vec![string_data("before", "before")],
    );
    let out = run_module(&m, "overflow");
    assert_eq!(out.code, Some(2));
    assert_eq!(out.stdout, "before");
    assert_eq!(out.stderr, "Fatal error: exception Stack_overflow\n");
}

#[test]
fn division_by_zero_primitive() {
    let mut f = FnBuilder::new("program", 0);
    f.block(0);
    let one = f.int(1);
    f.rt("egret_print_int", &[one]);
    f.rt("egret_raise_division_by_zero", &[]);
    f.push(Stmt::Unreachable, Type::Raw);
    let out = run_module(&module(vec![f.finish()], vec![]), "divzero");
    assert_eq!(out.code, Some(2));
    assert_eq!(out.stdout, "1");
    assert_eq!(out.stderr, "Fatal error: exception Division_by_zero\n");
}

/// An exported function keeps its name; the program still starts at the entry.
#[test]
fn exported_functions_and_entry_named_freely() {
    let mut main = FnBuilder::new("program_init", 0);
    main.block(0);
    let n = main.int(10);
    let r = main.call(1, &[n]);
    main.print_line(r);
    let unit = main.int(0);
    main.ret(unit);
    let mut fib = fib_function();
    fib.linkage = Linkage::Export;
    fib.name = "egret_test_fib".into();
    let exe = build(&module(vec![main.finish(), fib], vec![]), 2, "exported");
    assert_eq!(run(&exe, &[]).stdout, "55\n");
    if have("nm") {
        let nm = std::process::Command::new("nm").arg(&exe).output().unwrap();
        let symbols = String::from_utf8_lossy(&nm.stdout);
        assert!(symbols.contains(" T egret_test_fib"), "{symbols}");
        assert!(symbols.contains(" T egret_main"), "{symbols}");
        assert!(symbols.contains(" t program_init"), "{symbols}");
    }
}
