//! Optimizer tests: the PyPy post's examples, one snapshot per rule, the rule-table check, and
//! an interpreter-equivalence property test on random functions.

use super::rules::*;
use super::*;
use crate::ssa::builder::{FunctionBuilder, ModuleBuilder};
use crate::ssa::interp::{run_function, IValue};
use crate::ssa::print::print_function;
use crate::ssa::verify::verify_module;

/// Optimizes a one-function module; checks it before and after; returns the printed result.
fn optimize_one(f: Function) -> (String, OptStats) {
    let mut m = ModuleBuilder::new();
    m.add_function(f);
    let mut m = m.finish();
    assert_eq!(verify_module(&m), Ok(()), "input invalid");
    let stats = optimize_module(&mut m);
    if let Err(e) = verify_module(&m) {
        panic!(
            "{}\n{}",
            e.join("\n"),
            print_function(&m.functions[0], None)
        );
    }
    (print_function(&m.functions[0], Some(&m)), stats)
}

fn straight(
    nparams: usize,
    body: impl FnOnce(&mut FunctionBuilder, &[Value]) -> Value,
) -> Function {
    let mut b = FunctionBuilder::new("f", vec![Type::Val; nparams], Type::Val);
    let ps: Vec<Value> = (0..nparams).map(|i| b.param(i)).collect();
    let r = body(&mut b, &ps);
    b.ret(r);
    b.finish()
}

// ---- the PyPy toy optimizer's examples ----

#[test]
fn pypy_cse() {
    // a * (b + 17) + (b + 17)
    let f = straight(2, |b, p| {
        let c17 = b.iconst(17);
        let v1 = b.binary(BinOp::Add, p[1], c17);
        let v2 = b.binary(BinOp::Mul, p[0], v1);
        let c17b = b.iconst(17);
        let v3 = b.binary(BinOp::Add, p[1], c17b);
        b.binary(BinOp::Add, v2, v3)
    });
    let (out, stats) = optimize_one(f);
    assert_eq!(
        out,
        "\
function f(%0::val, %1::val) -> val
0 ─ %2 = const 17
│   %3 = add %1, %2
│   %4 = mul %0, %3
│   %5 = add %4, %3
└──      return %5
"
    );
    assert_eq!(stats.fired["(cse)"], 2);
    assert_eq!((stats.stmts_before, stats.stmts_after), (9, 7));
}

#[test]
fn pypy_constant_folding_chain() {
    // var1 = add(5, 4); var2 = add(var1, 10); var3 = add(var2, var0)
    let f = straight(1, |b, p| {
        let c5 = b.iconst(5);
        let c4 = b.iconst(4);
        let v1 = b.binary(BinOp::Add, c5, c4);
        let c10 = b.iconst(10);
        let v2 = b.binary(BinOp::Add, v1, c10);
        b.binary(BinOp::Add, v2, p[0])
    });
    let (out, stats) = optimize_one(f);
    assert_eq!(
        out,
        "\
function f(%0::val) -> val
0 ─ %1 = const 19
│   %2 = add %0, %1
└──      return %2
"
    );
    assert_eq!(stats.fired["fold_add"], 2);
}

#[test]
fn pypy_strength_reduction() {
    let f = straight(1, |b, p| b.binary(BinOp::Add, p[0], p[0]));
    let (out, _) = optimize_one(f);
    assert_eq!(
        out,
        "\
function f(%0::val) -> val
0 ─ %1 = const 1
│   %2 = lsl %0, %1
└──      return %2
"
    );
}

#[test]
fn pypy_add_zero() {
    // var1 = add(16, -16); var2 = add(var0, var1); var3 = add(0, var2); var4 = add(var2, var3)
    let f = straight(1, |b, p| {
        let c16 = b.iconst(16);
        let cm16 = b.iconst(-16);
        let v1 = b.binary(BinOp::Add, c16, cm16);
        let v2 = b.binary(BinOp::Add, p[0], v1);
        let c0 = b.iconst(0);
        let v3 = b.binary(BinOp::Add, c0, v2);
        b.binary(BinOp::Add, v2, v3)
    });
    let (out, stats) = optimize_one(f);
    assert_eq!(
        out,
        "\
function f(%0::val) -> val
0 ─ %1 = const 1
│   %2 = lsl %0, %1
└──      return %2
"
    );
    assert_eq!(stats.fired["add_zero"], 2);
    assert_eq!(stats.fired["add_self"], 1);
}

#[test]
fn pypy_single_pass_combined() {
    // CSE + strength reduction: (x + y) + 2 twice, then their sum.
    let f = straight(2, |b, p| {
        let v2 = b.binary(BinOp::Add, p[0], p[1]);
        let v3 = b.binary(BinOp::Add, p[0], p[1]);
        let c2 = b.iconst(2);
        let v4 = b.binary(BinOp::Add, v2, c2);
        let c2b = b.iconst(2);
        let v5 = b.binary(BinOp::Add, v3, c2b);
        b.binary(BinOp::Add, v4, v5)
    });
    let (out, _) = optimize_one(f);
    assert_eq!(
        out,
        "\
function f(%0::val, %1::val) -> val
0 ─ %2 = add %0, %1
│   %3 = const 2
│   %4 = add %2, %3
│   %5 = const 1
│   %6 = lsl %4, %5
└──      return %6
"
    );
}

// ---- control flow ----

#[test]
fn branch_on_constant_becomes_jump_and_phis_are_fixed() {
    // if 3 < 4 then x + 1 else x * 5, joined by a phi: one arm and the phi disappear.
    let mut b = FunctionBuilder::new("f", vec![Type::Val], Type::Val);
    let x = b.param(0);
    let (l, r, j) = (b.create_block(), b.create_block(), b.create_block());
    let c3 = b.iconst(3);
    let c4 = b.iconst(4);
    let c = b.binary(BinOp::Lt, c3, c4);
    b.branch(c, l, r);
    b.switch_to_block(l);
    let one = b.iconst(1);
    let a = b.binary(BinOp::Add, x, one);
    b.jump(j);
    b.switch_to_block(r);
    let five = b.iconst(5);
    let m = b.binary(BinOp::Mul, x, five);
    b.jump(j);
    b.switch_to_block(j);
    let p = b.phi(Type::Val, &[(l, a), (r, m)]);
    b.ret(p);
    let (out, stats) = optimize_one(b.finish());
    assert_eq!(
        out,
        "\
function f(%0::val) -> val
0 ─ %1 = const 1
└──      goto #1
1 ─ %3 = add %0, %1
└──      goto #2
2 ─      return %3
"
    );
    assert_eq!(stats.fired["(branch)"], 1);
}

#[test]
fn a_branch_decided_by_a_dominating_branch_becomes_a_jump() {
    // if x < i then (if x < i then x + 1 else 7) else 8: the inner test (the same condition,
    // value-numbered) is decided by the outer one; its else arm disappears. After the join of
    // both arms nothing is known: the last test on the condition stays.
    let mut b = FunctionBuilder::new("f", vec![Type::Val, Type::Val], Type::Val);
    let (x, i) = (b.param(0), b.param(1));
    let [inner, seven, body, eight, join, yes, no] = [(); 7].map(|_| b.create_block());
    let c = b.binary(BinOp::Lt, x, i);
    b.branch(c, inner, eight);
    b.switch_to_block(inner);
    let c2 = b.binary(BinOp::Lt, x, i);
    b.branch(c2, body, seven);
    b.switch_to_block(body);
    let one = b.iconst(1);
    let a = b.binary(BinOp::Add, x, one);
    b.jump(join);
    b.switch_to_block(seven);
    let s = b.iconst(7);
    b.ret(s);
    b.switch_to_block(eight);
    let e = b.iconst(8);
    b.jump(join);
    b.switch_to_block(join);
    let p = b.phi(Type::Val, &[(body, a), (eight, e)]);
    let c3 = b.binary(BinOp::Lt, x, i);
    b.branch(c3, yes, no);
    b.switch_to_block(yes);
    b.ret(p);
    b.switch_to_block(no);
    b.ret(x);
    let (out, stats) = optimize_one(b.finish());
    assert_eq!(stats.fired["(dominated branch)"], 1, "{out}");
    assert!(!out.contains("const 7"), "{out}");
    assert_eq!(out.matches("goto #").count(), 5, "{out}");
}

#[test]
fn switch_on_constant_and_pi_facts() {
    // switch 2 [#1, #2, #3]; in #3 a pi says x is a block of tag 3, so its tag folds.
    let mut b = FunctionBuilder::new("f", vec![Type::Val], Type::Val);
    let x = b.param(0);
    let t: Vec<Block> = (0..3).map(|_| b.create_block()).collect();
    let d = b.create_block();
    let two = b.iconst(2);
    b.ins(
        Stmt::Switch {
            value: two,
            targets: t.clone(),
            default: d,
        },
        Type::Raw,
    );
    for &blk in &t[..2] {
        b.switch_to_block(blk);
        b.ret(x);
    }
    b.switch_to_block(t[2]);
    let px = b.ins(
        Stmt::Pi {
            value: x,
            fact: Fact::HasTag(3),
        },
        Type::Val,
    );
    let tag = b.unary(UnOp::BlockTag, px);
    let isint = b.unary(UnOp::IsInt, px);
    let r = b.binary(BinOp::Add, tag, isint);
    b.ret(r);
    b.switch_to_block(d);
    b.ret(x);
    let (out, _) = optimize_one(b.finish());
    assert_eq!(
        out,
        "\
function f(%0::val) -> val
0 ─      goto #1
1 ─ %2 = const 3
└──      return %2
"
    );
}

#[test]
fn loop_invariant_cse_and_back_edge_phis() {
    // i from 0 while i < n: acc += (n + 1); i = i + 1 — `n + 1` in the body is the same value
    // as `n + 1` before the loop; the phis stay.
    let mut b = FunctionBuilder::new("f", vec![Type::Val], Type::Val);
    let n = b.param(0);
    let entry = b.current_block();
    let (head, body, exit) = (b.create_block(), b.create_block(), b.create_block());
    let zero = b.iconst(0);
    let one = b.iconst(1);
    let n1 = b.binary(BinOp::Add, n, one);
    b.jump(head);
    b.switch_to_block(head);
    let i = b.phi(Type::Val, &[(entry, zero)]);
    let acc = b.phi(Type::Val, &[(entry, zero)]);
    let c = b.binary(BinOp::Lt, i, n);
    b.branch(c, body, exit);
    b.switch_to_block(body);
    let one_b = b.iconst(1);
    let n1b = b.binary(BinOp::Add, n, one_b);
    let acc2 = b.binary(BinOp::Add, acc, n1b);
    let i2 = b.binary(BinOp::Add, i, one_b);
    b.add_phi_input(i, body, i2);
    b.add_phi_input(acc, body, acc2);
    b.jump(head);
    b.switch_to_block(exit);
    let r = b.binary(BinOp::Add, acc, n1);
    b.ret(r);
    let (out, _) = optimize_one(b.finish());
    assert_eq!(
        out,
        "\
function f(%0::val) -> val
0 ─  %1 = const 0
│    %2 = const 1
│    %3 = add %0, %2
└──       goto #1
1 ┄  %5 = phi (#0 => %1, #2 => %10)::val
│    %6 = phi (#0 => %1, #2 => %9)::val
│    %7 = lt %5, %0
└──       goto #2 if %7 else #3
2 ─  %9 = add %6, %3
│   %10 = add %5, %2
└──       goto #1
3 ─ %12 = add %6, %3
└──       return %12
"
    );
}

// ---- the rule table ----

#[test]
fn rule_table_has_no_overlaps_or_shadowed_rules() {
    assert_eq!(check_rules(&rules()), Vec::<String>::new());
}

#[test]
fn rule_checker_reports_overlap_and_shadowing() {
    let bad = vec![
        rules().into_iter().find(|r| r.name == "add_zero").unwrap(),
        Rule {
            name: "add_any_const",
            prio: 50,
            pat: Pat::Op(Op::named("add"), vec![Pat::Var("x"), Pat::Const("c")]),
            rhs: Rhs::Var("x"),
        },
        Rule {
            name: "add_seven",
            prio: 5,
            pat: Pat::Op(Op::named("add"), vec![Pat::Var("y"), Pat::Lit(0)]),
            rhs: Rhs::Lit(7),
        },
    ];
    assert_eq!(
        check_rules(&bad),
        vec![
            "add_zero and add_any_const overlap at priority 50",
            "add_seven is shadowed by add_zero",
            "add_seven is shadowed by add_any_const",
        ]
    );
}

/// One example per rule: a function of `x`, `y` whose optimization fires the rule. The
/// expected input → output texts are in `snapshots/rules.txt` (regenerate with
/// `EGRET_UPDATE_SNAPSHOTS=1` and review the diff).
fn rule_examples() -> Vec<(&'static str, Function)> {
    use BinOp::*;
    let mut cases: Vec<(&'static str, Function)> = Vec::new();
    let bin_const = |op: BinOp, a: i64, k: i64| {
        straight(2, move |b, _| {
            let x = b.iconst(a);
            let y = b.iconst(k);
            b.binary(op, x, y)
        })
    };
    for (name, op, a, k) in [
        ("fold_add", Add, 40, 2),
        ("fold_sub", Sub, 40, 2),
        ("fold_mul", Mul, 4611686018427387903, 2),
        ("fold_div", Div, -7, 2),
        ("fold_mod", Mod, -7, 2),
        ("fold_land", And, 12, 10),
        ("fold_lor", Or, 12, 10),
        ("fold_lxor", Xor, 12, 10),
        ("fold_lsl", Lsl, 1, 62),
        ("fold_lsr", Lsr, -1, 1),
        ("fold_asr", Asr, -5, 1),
        ("fold_eq", Eq, 3, 3),
        ("fold_ne", Ne, 3, 3),
        ("fold_lt", Lt, 3, 4),
        ("fold_le", Le, 4, 3),
        ("fold_gt", Gt, 4, 3),
        ("fold_ge", Ge, 3, 4),
        ("fold_phys_eq", PhysEq, 3, 3),
        ("fold_phys_ne", PhysNe, 3, 3),
    ] {
        cases.push((name, bin_const(op, a, k)));
    }
    let un_const = |op: UnOp, a: i64| {
        straight(2, move |b, _| {
            let x = b.iconst(a);
            b.unary(op, x)
        })
    };
    cases.push(("fold_neg", un_const(UnOp::Neg, 5)));
    cases.push(("fold_not", un_const(UnOp::Not, 1)));
    // x op const(k)
    let with_const = |op: BinOp, k: i64| {
        straight(2, move |b, p| {
            let c = b.iconst(k);
            b.binary(op, p[0], c)
        })
    };
    for (name, op, k) in [
        ("mul_zero", Mul, 0),
        ("mod_one", Mod, 1),
        ("mod_minus_one", Mod, -1),
        ("land_zero", And, 0),
        ("lor_minus_one", Or, -1),
        ("add_zero", Add, 0),
        ("sub_zero", Sub, 0),
        ("mul_one", Mul, 1),
        ("mul_minus_one", Mul, -1),
        ("div_one", Div, 1),
        ("div_minus_one", Div, -1),
        ("lxor_zero", Xor, 0),
        ("lsl_zero", Lsl, 0),
        ("lsr_zero", Lsr, 0),
        ("asr_zero", Asr, 0),
        ("land_minus_one", And, -1),
        ("lor_zero", Or, 0),
        ("sub_const", Sub, 5),
        ("mul_pow2", Mul, 8),
        ("div_pow2", Div, 8),
        ("mod_pow2", Mod, 8),
    ] {
        cases.push((name, with_const(op, k)));
    }
    // x op x
    let self_op = |op: BinOp| straight(2, move |b, p| b.binary(op, p[0], p[0]));
    for (name, op) in [
        ("sub_self", Sub),
        ("div_self", Div),
        ("mod_self", Mod),
        ("lxor_self", Xor),
        ("eq_self", Eq),
        ("ne_self", Ne),
        ("lt_self", Lt),
        ("le_self", Le),
        ("gt_self", Gt),
        ("ge_self", Ge),
        ("phys_eq_self", PhysEq),
        ("phys_ne_self", PhysNe),
        ("land_self", And),
        ("lor_self", Or),
        ("add_self", Add),
    ] {
        cases.push((name, self_op(op)));
    }
    cases.push((
        "is_int_of_int",
        straight(2, |b, p| {
            let s = b.binary(Add, p[0], p[1]);
            b.unary(UnOp::IsInt, s)
        }),
    ));
    let pi = |b: &mut FunctionBuilder, v: Value, fact: Fact| {
        b.ins(Stmt::Pi { value: v, fact }, Type::Val)
    };
    cases.push((
        "is_int_of_block",
        straight(2, move |b, p| {
            let t = pi(b, p[0], Fact::HasTag(0));
            b.unary(UnOp::IsInt, t)
        }),
    ));
    cases.push((
        "tag_of_tagged",
        straight(2, |b, p| {
            let a = b.ins(
                Stmt::Alloc {
                    tag: 5,
                    fields: vec![p[0]],
                    raw_prefix: 0,
                },
                Type::Val,
            );
            b.unary(UnOp::BlockTag, a)
        }),
    ));
    for (name, op) in [("eq_nonzero_zero", Eq), ("ne_nonzero_zero", Ne)] {
        cases.push((
            name,
            straight(2, move |b, p| {
                let nz = pi(b, p[0], Fact::NonZero);
                let z = b.iconst(0);
                b.binary(op, nz, z)
            }),
        ));
    }
    cases.push((
        "neg_neg",
        straight(2, |b, p| {
            let n = b.unary(UnOp::Neg, p[0]);
            b.unary(UnOp::Neg, n)
        }),
    ));
    cases.push((
        "not_not",
        straight(2, |b, p| {
            let n = b.unary(UnOp::Not, p[0]);
            b.unary(UnOp::Not, n)
        }),
    ));
    cases.push((
        "add_add_const",
        straight(2, |b, p| {
            let c = b.iconst(3);
            let s = b.binary(Add, p[0], c);
            let d = b.iconst(4);
            b.binary(Add, s, d)
        }),
    ));
    cases.push((
        "sub_neg",
        straight(2, |b, p| {
            let n = b.unary(UnOp::Neg, p[1]);
            b.binary(Sub, p[0], n)
        }),
    ));
    cases
}

#[test]
fn rule_snapshots() {
    let mut text = String::new();
    let mut not_fired = Vec::new();
    let cases = rule_examples();
    for (name, f) in cases.iter().cloned() {
        let before = print_function(&f, None);
        let (after, stats) = optimize_one(f);
        if !stats.fired.contains_key(name) {
            not_fired.push(name);
        }
        text.push_str(&format!("== {name}\n{before}--\n{after}\n"));
    }
    assert_eq!(
        not_fired,
        Vec::<&str>::new(),
        "rules not fired by their example"
    );
    let mut missing: Vec<&str> = rules()
        .iter()
        .map(|r| r.name)
        .filter(|n| !cases.iter().any(|(c, _)| c == n))
        .collect();
    missing.sort();
    assert_eq!(missing, Vec::<&str>::new(), "rules without an example");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/opt/snapshots/rules.txt");
    if std::env::var_os("EGRET_UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let expected = std::fs::read_to_string(path).unwrap_or_default();
    if expected != text {
        // Show the first differing case, both texts.
        let e: Vec<&str> = expected.split("== ").collect();
        let t: Vec<&str> = text.split("== ").collect();
        for (a, b) in e.iter().zip(&t) {
            assert_eq!(
                b, a,
                "snapshot differs (EGRET_UPDATE_SNAPSHOTS=1 to accept)"
            );
        }
        assert_eq!(
            text, expected,
            "snapshot differs (EGRET_UPDATE_SNAPSHOTS=1 to accept)"
        );
    }
}

// ---- interpreter equivalence on random functions ----

/// xorshift64*: a small deterministic PRNG.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
}

const INTERESTING: [i64; 12] = [
    0,
    1,
    -1,
    2,
    3,
    7,
    8,
    -8,
    64,
    62,
    crate::ssa::arith::MAX_INT,
    crate::ssa::arith::MIN_INT,
];

struct Gen<'a> {
    rng: &'a mut Rng,
    b: FunctionBuilder,
    budget: usize,
}

impl Gen<'_> {
    fn constant(&mut self) -> Value {
        let n = if self.rng.below(3) == 0 {
            (self.rng.next() as i64) >> 1
        } else {
            self.rng.pick(&INTERESTING)
        };
        self.b.iconst(n)
    }

    fn operand(&mut self, pool: &[Value]) -> Value {
        if self.rng.below(4) == 0 {
            self.constant()
        } else {
            self.rng.pick(pool)
        }
    }

    /// A random int operation on values of `pool` (divisions by provably non-zero values).
    fn op(&mut self, pool: &[Value]) -> Value {
        use BinOp::*;
        let ops = [
            Add, Sub, Mul, Div, Mod, And, Or, Xor, Lsl, Lsr, Asr, Eq, Ne, Lt, Le, Gt, Ge, PhysEq,
        ];
        match self.rng.below(10) {
            0 => {
                let a = self.operand(pool);
                let op = self.rng.pick(&[UnOp::Neg, UnOp::Not, UnOp::IsInt]);
                self.b.unary(op, a)
            }
            1 => {
                // x op x, to exercise the identities.
                let a = self.rng.pick(pool);
                let op = self.rng.pick(&ops);
                let d = self.nonzero(a);
                let op_b = if matches!(op, Div | Mod) { d } else { a };
                self.b.binary(op, op_b, op_b)
            }
            _ => {
                let op = self.rng.pick(&ops);
                let a = self.operand(pool);
                let mut c = self.operand(pool);
                if matches!(op, Div | Mod) {
                    c = if self.rng.below(2) == 0 {
                        let k = self.rng.pick(&[1, 2, 4, 8, 1 << 20, -1, 3, -8]);
                        self.b.iconst(k)
                    } else {
                        self.nonzero(c)
                    };
                }
                self.b.binary(op, a, c)
            }
        }
    }

    fn nonzero(&mut self, v: Value) -> Value {
        let one = self.b.iconst(1);
        self.b.binary(BinOp::Or, v, one)
    }

    /// Emits a random region; returns the values defined in it that dominate what follows.
    fn region(&mut self, pool: &mut Vec<Value>, depth: u32) {
        while self.budget > 0 {
            self.budget -= 1;
            match self.rng.below(if depth < 3 { 8 } else { 4 }) {
                0..=3 => {
                    let v = self.op(pool);
                    pool.push(v);
                }
                4 | 5 => self.diamond(pool, depth),
                6 => self.loop_(pool, depth),
                _ => return,
            }
        }
    }

    fn condition(&mut self, pool: &[Value]) -> Value {
        let a = self.operand(pool);
        let c = self.operand(pool);
        let op = self.rng.pick(&[BinOp::Lt, BinOp::Eq, BinOp::Ge, BinOp::Ne]);
        self.b.binary(op, a, c)
    }

    fn diamond(&mut self, pool: &mut Vec<Value>, depth: u32) {
        let (l, r, j) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        let c = self.condition(pool);
        self.b.branch(c, l, r);
        let mut arms = Vec::new();
        for blk in [l, r] {
            self.b.switch_to_block(blk);
            let mut inner = pool.clone();
            self.region(&mut inner, depth + 1);
            let v = if self.rng.below(3) == 0 {
                self.rng.pick(pool)
            } else {
                self.op(&inner)
            };
            arms.push((self.b.current_block(), v));
            self.b.jump(j);
        }
        self.b.switch_to_block(j);
        let p = self.b.phi(Type::Val, &arms);
        pool.push(p);
    }

    fn loop_(&mut self, pool: &mut Vec<Value>, depth: u32) {
        let pre = self.b.current_block();
        let (head, body, exit) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        let a = self.operand(pool);
        let seven = self.b.iconst(7);
        let n = self.b.binary(BinOp::And, a, seven);
        let zero = self.b.iconst(0);
        let init = self.operand(pool);
        self.b.jump(head);
        self.b.switch_to_block(head);
        let i = self.b.phi(Type::Val, &[(pre, zero)]);
        let acc = self.b.phi(Type::Val, &[(pre, init)]);
        let c = self.b.binary(BinOp::Lt, i, n);
        self.b.branch(c, body, exit);
        self.b.switch_to_block(body);
        let mut inner = pool.clone();
        inner.push(i);
        inner.push(acc);
        self.region(&mut inner, depth + 1);
        let acc2 = self.op(&inner);
        let one = self.b.iconst(1);
        let i2 = self.b.binary(BinOp::Add, i, one);
        let latch = self.b.current_block();
        self.b.add_phi_input(i, latch, i2);
        self.b.add_phi_input(acc, latch, acc2);
        self.b.jump(head);
        self.b.switch_to_block(exit);
        pool.push(acc);
    }
}

fn random_function(seed: u64) -> Function {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let b = FunctionBuilder::new("rand", vec![Type::Val; 3], Type::Val);
    let budget = 10 + rng.below(40);
    let mut g = Gen {
        rng: &mut rng,
        b,
        budget,
    };
    let mut pool: Vec<Value> = (0..3).map(|i| g.b.param(i)).collect();
    g.region(&mut pool, 0);
    // Combine several values so that most of the function matters.
    let mut r = g.rng.pick(&pool);
    for _ in 0..3 {
        let v = g.rng.pick(&pool);
        r = g.b.binary(BinOp::Xor, r, v);
    }
    g.b.ret(r);
    g.b.finish()
}

#[test]
fn optimizer_preserves_interpreter_results() {
    let mut total = OptStats::default();
    for seed in 0..3000u64 {
        let f = random_function(seed);
        let mut m = ModuleBuilder::new();
        m.add_function(f);
        let before = m.finish();
        assert_eq!(verify_module(&before), Ok(()), "seed {seed}: generator bug");
        let mut after = before.clone();
        if std::env::var_os("EGRET_OPT_DEBUG").is_some() {
            eprintln!(
                "seed {seed}\n{}",
                print_function(&before.functions[0], None)
            );
        }
        let stats = optimize_module(&mut after);
        if let Err(e) = verify_module(&after) {
            panic!(
                "seed {seed}: {}\nbefore:\n{}\nafter:\n{}",
                e.join("\n"),
                print_function(&before.functions[0], None),
                print_function(&after.functions[0], None)
            );
        }
        total.stmts_before += stats.stmts_before;
        total.stmts_after += stats.stmts_after;
        for (k, v) in stats.fired {
            *total.fired.entry(k).or_default() += v;
        }
        let mut rng = Rng(seed + 1);
        for _ in 0..6 {
            let args: Vec<IValue> = (0..3)
                .map(|_| {
                    IValue::Int(if rng.below(2) == 0 {
                        rng.pick(&INTERESTING)
                    } else {
                        crate::ssa::arith::wrap(rng.next() as i64 >> rng.below(60))
                    })
                })
                .collect();
            let x = run_function(&before, FuncId(0), &args, 1_000_000);
            let y = run_function(&after, FuncId(0), &args, 1_000_000);
            assert_eq!(
                x,
                y,
                "seed {seed}, args {args:?}\nbefore:\n{}\nafter:\n{}",
                print_function(&before.functions[0], None),
                print_function(&after.functions[0], None)
            );
        }
    }
    // The generator exercises the optimizer (not a vacuous test).
    assert!(total.stmts_after < total.stmts_before);
    for r in [
        "(cse)", "(phi)", "(branch)", "fold_add", "add_zero", "sub_self", "div_pow2",
    ] {
        assert!(
            total.fired.contains_key(r),
            "{r} never fired: {:?}",
            total.fired
        );
    }
}

#[test]
fn debug_seed() {
    let Some(seed) = std::env::var("EGRET_SEED").ok() else {
        return;
    };
    let f = random_function(seed.parse().unwrap());
    let mut m = ModuleBuilder::new();
    m.add_function(f);
    let mut m = m.finish();
    let stats = optimize_module(&mut m);
    eprintln!("{:?}\n{}", stats, print_function(&m.functions[0], None));
}

// ---- tuples bound from branches (`tuples.rs`) ----

/// `let (a, b) = if p0 then (p1, 1) else (2, p1) in a - b`, as the lowering builds it: a phi
/// of two fresh blocks read only through their fields; and the same with `escape`, where the
/// phi is also returned (the block escapes and must stay).
fn tuple_phi(escape: bool) -> Function {
    let mut b = FunctionBuilder::new("f", vec![Type::Val; 2], Type::Val);
    let (p0, p1) = (b.param(0), b.param(1));
    let (t, e, j) = (b.create_block(), b.create_block(), b.create_block());
    b.branch(p0, t, e);
    b.switch_to_block(t);
    let one = b.iconst(1);
    let x = b.ins(
        Stmt::Alloc {
            tag: 0,
            fields: vec![p1, one],
            raw_prefix: 0,
        },
        Type::Val,
    );
    b.jump(j);
    b.switch_to_block(e);
    let two = b.iconst(2);
    let y = b.ins(
        Stmt::Alloc {
            tag: 0,
            fields: vec![two, p1],
            raw_prefix: 0,
        },
        Type::Val,
    );
    b.jump(j);
    b.switch_to_block(j);
    let p = b.phi(Type::Val, &[(t, x), (e, y)]);
    let load = |b: &mut FunctionBuilder, index| {
        b.ins(
            Stmt::Load {
                base: p,
                index,
                ty: Type::Val,
            },
            Type::Val,
        )
    };
    let l0 = load(&mut b, 0);
    let l1 = load(&mut b, 1);
    let d = b.binary(BinOp::Sub, l0, l1);
    b.ret(if escape { p } else { d });
    b.finish()
}

#[test]
fn tuple_phi_is_split_without_allocating() {
    let mut m = ModuleBuilder::new();
    m.add_function(tuple_phi(false));
    let before = m.finish();
    let mut after = before.clone();
    assert_eq!(tuples::split_module(&mut after), 1);
    assert_eq!(verify_module(&after), Ok(()));
    let printed = print_function(&after.functions[0], Some(&after));
    assert!(!printed.contains("alloc"), "{printed}");
    for (c, v) in [(1, 10), (0, 10)] {
        let args = [IValue::Int(c), IValue::Int(v)];
        let x = run_function(&before, FuncId(0), &args, 1_000_000);
        let y = run_function(&after, FuncId(0), &args, 1_000_000);
        assert_eq!(x, y);
    }
}

#[test]
fn escaping_tuple_phi_is_kept() {
    let mut m = ModuleBuilder::new();
    m.add_function(tuple_phi(true));
    let mut m = m.finish();
    assert_eq!(tuples::split_module(&mut m), 0);
    let printed = print_function(&m.functions[0], Some(&m));
    assert_eq!(printed.matches("alloc").count(), 2, "{printed}");
}
