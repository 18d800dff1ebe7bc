//! Tests of the SSA tooling: builder, printer, verifier (snapshot style: printed text compared
//! as text).

use super::builder::*;
use super::ir::*;
use super::print::*;
use super::verify::*;

/// `let rec fib n = if n < 2 then n else fib (n - 1) + fib (n - 2)`, with the else branch's
/// block created before the then branch's, to exercise the renumbering in `finish`.
pub(crate) fn fib_module() -> Module {
    let mut m = ModuleBuilder::new();
    let fib = m.declare_function();
    let mut b = FunctionBuilder::new("fib", vec![Type::Val], Type::Val);
    let n = b.param(0);
    let join = b.create_block();
    let els = b.create_block();
    let then = b.create_block();
    let two = b.iconst(2);
    let c = b.binary(BinOp::Lt, n, two);
    b.branch(c, then, els);
    b.switch_to_block(then);
    b.jump(join);
    b.switch_to_block(els);
    let one = b.iconst(1);
    let n1 = b.binary(BinOp::Sub, n, one);
    let r1 = b.call(Callee::Direct(fib), vec![n1], Type::Val);
    let n2 = b.binary(BinOp::Sub, n, two);
    let r2 = b.call(Callee::Direct(fib), vec![n2], Type::Val);
    let s = b.binary(BinOp::Add, r1, r2);
    b.jump(join);
    b.switch_to_block(join);
    let p = b.phi(Type::Val, &[(then, n)]);
    b.add_phi_input(p, els, s);
    b.ret(p);
    m.define_function(fib, b.finish());
    m.finish()
}

#[test]
fn print_fib() {
    let m = fib_module();
    assert_eq!(verify_module(&m), Ok(()));
    let expected = "\
function fib(%0::val) -> val
0 ─  %1 = const 2
│    %2 = lt %0, %1
└──       goto #1 if %2 else #2
1 ─       goto #3
2 ─  %5 = const 1
│    %6 = sub %0, %5
│    %7 = call @fib(%6)::val
│    %8 = sub %0, %1
│    %9 = call @fib(%8)::val
│   %10 = add %7, %9
└──       goto #3
3 ┄ %12 = phi (#1 => %0, #2 => %10)::val
└──       return %12
";
    assert_eq!(print_module(&m), expected);
}

#[test]
fn print_data_and_closures() {
    let mut m = ModuleBuilder::new();
    let s = m.add_string("str.0", b"hello\n");
    let main = m.declare_function();
    let mut b = FunctionBuilder::new("main", vec![], Type::Val);
    let a = b.ins(Stmt::DataAddr(s), Type::Val);
    b.call(Callee::Runtime("egret_print_string"), vec![a], Type::Val);
    let code = b.ins(Stmt::FuncAddr(main), Type::Raw);
    let ar = b.iconst(1);
    let clo = b.ins(
        Stmt::Alloc {
            tag: 247,
            fields: vec![code, ar],
            raw_prefix: 1,
        },
        Type::Val,
    );
    let c = b.ins(
        Stmt::Load {
            base: clo,
            index: 0,
            ty: Type::Raw,
        },
        Type::Raw,
    );
    b.ins(
        Stmt::TailCall {
            callee: Callee::Indirect(c),
            args: vec![],
        },
        Type::Raw,
    );
    m.define_function(main, b.finish());
    m.set_entry(main);
    let m = m.finish();
    assert_eq!(verify_module(&m), Ok(()));
    assert_eq!(
        print_module(&m),
        "\
data @str.0 = string \"hello\\n\"

# entry
function main() -> val
0 ─ %0 = data @str.0
│   %1 = call runtime egret_print_string(%0)::val
│   %2 = funcaddr @main
│   %3 = const 1
│   %4 = alloc tag 247 raw 1 [%2, %3]
│   %5 = load %4[0]::raw
└──      tailcall *%5()
"
    );
}

#[test]
fn string_data_layout() {
    for s in [&b""[..], b"a", b"1234567", b"12345678", b"hello, world"] {
        let d = string_data("s", s);
        assert_eq!(d.words.len(), 1 + s.len() / 8 + 1);
        assert_eq!(string_bytes(&d).unwrap(), s);
    }
    // OCaml's layout: "" is one word 0x07_00..00 (padding 7 in the last byte).
    assert_eq!(string_data("s", b"").words[1], DataWord::Word(7 << 56));
}

fn errors(f: &Function) -> String {
    match verify_function(f) {
        Ok(()) => "ok".into(),
        Err(e) => e.join("\n"),
    }
}

#[test]
fn verify_rejects_use_not_dominated() {
    let mut b = FunctionBuilder::new("f", vec![Type::Val], Type::Val);
    let x = b.param(0);
    let l = b.create_block();
    let r = b.create_block();
    let j = b.create_block();
    b.branch(x, l, r);
    b.switch_to_block(l);
    let one = b.iconst(1);
    b.jump(j);
    b.switch_to_block(r);
    b.jump(j);
    b.switch_to_block(j);
    b.ret(one);
    let f = b.finish();
    assert_eq!(
        errors(&f),
        "f: %5 = return %2: use of %2 not dominated by its definition"
    );
}

#[test]
fn verify_rejects_bad_phis_and_types() {
    let mut b = FunctionBuilder::new("f", vec![Type::Val], Type::Val);
    let x = b.param(0);
    let l = b.create_block();
    let j = b.create_block();
    b.branch(x, l, j);
    b.switch_to_block(l);
    let c = b.ins(Stmt::RawConst(3), Type::Raw);
    b.jump(j);
    b.switch_to_block(j);
    let p = b.phi(Type::Val, &[(l, c)]);
    let q = b.binary(BinOp::Add, p, c);
    b.ret(q);
    let f = b.finish();
    assert_eq!(
        errors(&f),
        "\
f: %4 = phi (#1 => %2)::val: phi edges are not the predecessors [#0, #1]
f: %4 = phi (#1 => %2)::val: phi input %2 is Raw, expected Val
f: %5 = add %4, %2: operand %2 is Raw, expected Val
f: %5 = add %4, %2: use of %2 not dominated by its definition"
    );
}

#[test]
fn verify_rejects_broken_blocks() {
    let mut f = Function::new("g", vec![], Type::Val);
    f.stmts = vec![
        Stmt::Const(1),
        Stmt::Return(Value(0)),
        Stmt::Nop,
        Stmt::Jump(Block(7)),
    ];
    f.types = vec![Type::Val, Type::Raw, Type::Raw, Type::Raw];
    f.locs = vec![SrcLoc::default(); 4];
    f.blocks = vec![
        BlockData { start: 0, end: 3 },
        BlockData { start: 3, end: 4 },
    ];
    assert_eq!(
        errors(&f),
        "\
g: %1 = return %0: terminator inside #0
g: %2 = nop: #0 does not end in a terminator
g: %3 = goto #7: successor #7 out of range"
    );
    f.stmts[3] = Stmt::Return(Value(2));
    f.blocks[0].end = 2;
    assert_eq!(
        errors(&f),
        "g: %3 = return %2: use of %2, which defines no value (nop)"
    );
}

#[test]
fn verify_loop_with_back_edge_phi() {
    // let rec loop i acc = if i = 0 then acc else loop (i - 1) (acc + i)
    let mut b = FunctionBuilder::new("sum", vec![Type::Val], Type::Val);
    let n = b.param(0);
    let entry = b.current_block();
    let head = b.create_block();
    let body = b.create_block();
    let exit = b.create_block();
    let zero = b.iconst(0);
    b.jump(head);
    b.switch_to_block(head);
    let i = b.phi(Type::Val, &[(entry, n)]);
    let acc = b.phi(Type::Val, &[(entry, zero)]);
    let c = b.binary(BinOp::Eq, i, zero);
    b.branch(c, exit, body);
    b.switch_to_block(body);
    let one = b.iconst(1);
    let i2 = b.binary(BinOp::Sub, i, one);
    let acc2 = b.binary(BinOp::Add, acc, i);
    b.add_phi_input(i, body, i2);
    b.add_phi_input(acc, body, acc2);
    b.jump(head);
    b.switch_to_block(exit);
    b.ret(acc);
    let f = b.finish();
    assert_eq!(errors(&f), "ok");
    assert_eq!(
        print_function(&f, None),
        "\
function sum(%0::val) -> val
0 ─  %1 = const 0
└──       goto #1
1 ┄  %3 = phi (#0 => %0, #2 => %8)::val
│    %4 = phi (#0 => %1, #2 => %9)::val
│    %5 = eq %3, %1
└──       goto #3 if %5 else #2
2 ─  %7 = const 1
│    %8 = sub %3, %7
│    %9 = add %4, %3
└──       goto #1
3 ─       return %4
"
    );
}

// ---- interpreter ----

use super::interp::*;

#[test]
fn interp_fib() {
    let m = fib_module();
    let out = run_function(&m, FuncId(0), &[IValue::Int(20)], 10_000_000).unwrap();
    assert_eq!(out.result, Some(IValue::Int(6765)));
    assert_eq!(out.exit_code, 0);
}

#[test]
fn interp_loop_phis_are_simultaneous() {
    // A loop swapping two phis: after n iterations (a, b) = (b, a).
    let mut b = FunctionBuilder::new("swap", vec![Type::Val], Type::Val);
    let n = b.param(0);
    let entry = b.current_block();
    let head = b.create_block();
    let body = b.create_block();
    let exit = b.create_block();
    let one = b.iconst(1);
    let two = b.iconst(2);
    let zero = b.iconst(0);
    b.jump(head);
    b.switch_to_block(head);
    let i = b.phi(Type::Val, &[(entry, n)]);
    let x = b.phi(Type::Val, &[(entry, one)]);
    let y = b.phi(Type::Val, &[(entry, two)]);
    let c = b.binary(BinOp::Eq, i, zero);
    b.branch(c, exit, body);
    b.switch_to_block(body);
    let i2 = b.binary(BinOp::Sub, i, one);
    b.add_phi_input(i, body, i2);
    b.add_phi_input(x, body, y);
    b.add_phi_input(y, body, x);
    b.jump(head);
    b.switch_to_block(exit);
    let ten = b.iconst(10);
    let r = b.binary(BinOp::Mul, x, ten);
    let r = b.binary(BinOp::Add, r, y);
    b.ret(r);
    let mut m = ModuleBuilder::new();
    m.add_function(b.finish());
    let m = m.finish();
    assert_eq!(verify_module(&m), Ok(()));
    let run = |k| {
        run_function(&m, FuncId(0), &[IValue::Int(k)], 1000)
            .unwrap()
            .result
    };
    assert_eq!(run(0), Some(IValue::Int(12)));
    assert_eq!(run(1), Some(IValue::Int(21)));
    assert_eq!(run(4), Some(IValue::Int(12)));
    assert_eq!(
        run_function(&m, FuncId(0), &[IValue::Int(1000)], 1000),
        Err(InterpError::OutOfFuel)
    );
}

/// `let rec count n = if n = 0 then 0 else count (n - 1)` with a tail call: a million
/// iterations without growing any stack.
#[test]
fn interp_tail_calls_run_in_constant_space() {
    let mut m = ModuleBuilder::new();
    let count = m.declare_function();
    let mut b = FunctionBuilder::new("count", vec![Type::Val], Type::Val);
    let n = b.param(0);
    let done = b.create_block();
    let again = b.create_block();
    let zero = b.iconst(0);
    let c = b.binary(BinOp::Eq, n, zero);
    b.branch(c, done, again);
    b.switch_to_block(done);
    b.ret(zero);
    b.switch_to_block(again);
    let one = b.iconst(1);
    let n1 = b.binary(BinOp::Sub, n, one);
    b.ins(
        Stmt::TailCall {
            callee: Callee::Direct(count),
            args: vec![n1],
        },
        Type::Raw,
    );
    m.define_function(count, b.finish());
    let m = m.finish();
    let mut it = Interpreter::new(&m, u64::MAX);
    it.max_depth = 10;
    let out = it.run(count, &[IValue::Int(1_000_000)]).unwrap();
    assert_eq!(out.result, Some(IValue::Int(0)));
}

/// `print_string "x = "; print_int (f 7); print_newline (); 1 / 0` where `f` is called through a
/// closure.
#[test]
fn interp_runtime_closures_and_division_by_zero() {
    let mut m = ModuleBuilder::new();
    let s = m.add_string("s", b"x = ");
    let f = m.declare_function();
    let main = m.declare_function();
    let mut b = FunctionBuilder::new("f", vec![Type::Val, Type::Val], Type::Val);
    let x = b.param(0);
    let env = b.param(1);
    let k = b.ins(
        Stmt::Load {
            base: env,
            index: 2,
            ty: Type::Val,
        },
        Type::Val,
    );
    let r = b.binary(BinOp::Mul, x, k);
    b.ret(r);
    m.define_function(f, b.finish());

    let mut b = FunctionBuilder::new("main", vec![], Type::Val);
    let sa = b.ins(Stmt::DataAddr(s), Type::Val);
    b.call(Callee::Runtime("egret_print_string"), vec![sa], Type::Val);
    let code = b.ins(Stmt::FuncAddr(f), Type::Raw);
    let arity = b.iconst(1);
    let six = b.iconst(6);
    let clo = b.ins(
        Stmt::Alloc {
            tag: 247,
            fields: vec![code, arity, six],
            raw_prefix: 1,
        },
        Type::Val,
    );
    let c = b.ins(
        Stmt::Load {
            base: clo,
            index: 0,
            ty: Type::Raw,
        },
        Type::Raw,
    );
    let seven = b.iconst(7);
    let r = b.call(Callee::Indirect(c), vec![seven, clo], Type::Val);
    b.call(Callee::Runtime("egret_print_int"), vec![r], Type::Val);
    let unit = b.iconst(0);
    b.call(
        Callee::Runtime("egret_print_newline"),
        vec![unit],
        Type::Val,
    );
    b.call(
        Callee::Runtime("egret_raise_division_by_zero"),
        vec![],
        Type::Val,
    );
    b.ins(Stmt::Unreachable, Type::Raw);
    m.define_function(main, b.finish());
    m.set_entry(main);
    let m = m.finish();
    assert_eq!(verify_module(&m), Ok(()));
    let out = run_module(&m, 1000).unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "x = 42\n");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "Fatal error: exception Division_by_zero\n"
    );
    assert_eq!(out.exit_code, 2);
    assert_eq!(out.result, None);
}

#[test]
fn interp_unknown_runtime_function_is_an_error() {
    let mut b = FunctionBuilder::new("main", vec![], Type::Val);
    let r = b.call(Callee::Runtime("egret_no_such_thing"), vec![], Type::Val);
    b.ret(r);
    let mut m = ModuleBuilder::new();
    let main = m.add_function(b.finish());
    m.set_entry(main);
    assert_eq!(
        run_module(&m.finish(), 100),
        Err(InterpError::Invalid(
            "unknown runtime function egret_no_such_thing".into()
        ))
    );
}
