//! The isel rules' overlap check (ISLE's, done by enumeration): over a corpus of statements whose
//! operands take every interesting *shape*, each statement must be matched by exactly one rule
//! of the highest matching priority, only by rules declaring its root, and every rule must win
//! somewhere (otherwise it is shadowed or dead).

use crate::backend::x64::blockorder::BlockOrder;
use crate::backend::x64::lower::Lower;
use crate::backend::x64::rules::{all_rules, Root};
use crate::ssa::ir::*;
use std::collections::BTreeMap;

/// How an operand is defined.
#[derive(Clone, Copy, Debug)]
enum Shape {
    Opaque,
    SmallConst,
    HugeConst,
    RawConst,
    PiConst,
    /// A comparison used only by the statement under test.
    CmpOnce,
    /// A comparison with another use.
    CmpTwice,
    IsIntOnce,
    /// A block's tag used only by the statement under test.
    BlockTagOnce,
    /// An ordered float comparison used only by the statement under test.
    FCmpOnce,
    /// A float load used only by the statement under test (right after it).
    FLoadOnce,
    /// A float constant.
    FConst,
}

const SHAPES: [Shape; 12] = [
    Shape::Opaque,
    Shape::SmallConst,
    Shape::HugeConst,
    Shape::RawConst,
    Shape::PiConst,
    Shape::CmpOnce,
    Shape::CmpTwice,
    Shape::IsIntOnce,
    Shape::BlockTagOnce,
    Shape::FCmpOnce,
    Shape::FLoadOnce,
    Shape::FConst,
];

/// Builds `entry: params; operand defs; stmt; [return]`, with blocks 1 and 2 returning; gives
/// the function and the statement under test.
fn function(shapes: &[Shape], make: &dyn Fn(&[Value]) -> Stmt) -> (Function, Value) {
    let mut f = Function::new("t", vec![Type::Val, Type::Val], Type::Val);
    let push = |f: &mut Function, s: Stmt| {
        f.stmts.push(s);
        f.types.push(Type::Val);
        f.locs.push(SrcLoc::default());
        Value(f.stmts.len() as u32 - 1)
    };
    let p0 = push(&mut f, Stmt::Param(0, Type::Val));
    let p1 = push(&mut f, Stmt::Param(1, Type::Val));
    let mut ops = Vec::new();
    let mut extra_uses = Vec::new();
    for s in shapes {
        let v = match s {
            Shape::Opaque => p1,
            Shape::SmallConst => push(&mut f, Stmt::Const(3)),
            Shape::HugeConst => push(&mut f, Stmt::Const(1 << 40)),
            Shape::RawConst => push(&mut f, Stmt::RawConst(8)),
            Shape::PiConst => push(
                &mut f,
                Stmt::Pi {
                    value: p0,
                    fact: Fact::IsConst(2),
                },
            ),
            Shape::CmpOnce => push(&mut f, Stmt::Binary(BinOp::Lt, p0, p1)),
            Shape::CmpTwice => {
                let c = push(&mut f, Stmt::Binary(BinOp::Lt, p0, p1));
                extra_uses.push(c);
                c
            }
            Shape::IsIntOnce => push(&mut f, Stmt::Unary(UnOp::IsInt, p0)),
            Shape::BlockTagOnce => push(&mut f, Stmt::Unary(UnOp::BlockTag, p0)),
            Shape::FCmpOnce => push(&mut f, Stmt::FBinary(FBinOp::Gt, p0, p1)),
            Shape::FConst => push(&mut f, Stmt::FConst(2.5f64.to_bits())),
            Shape::FLoadOnce => push(
                &mut f,
                Stmt::Load {
                    base: p0,
                    index: 1,
                    ty: Type::F64,
                },
            ),
        };
        ops.push(v);
    }
    for u in extra_uses {
        push(
            &mut f,
            Stmt::Store {
                base: p0,
                index: 0,
                value: u,
            },
        );
    }
    let stmt = make(&ops);
    let term = stmt.is_terminator();
    let at = push(&mut f, stmt);
    if !term {
        push(&mut f, Stmt::Return(p0));
    }
    let end = f.stmts.len() as u32;
    f.blocks.push(BlockData { start: 0, end });
    for _ in 0..2 {
        let start = f.stmts.len() as u32;
        push(&mut f, Stmt::Return(p0));
        f.blocks.push(BlockData {
            start,
            end: start + 1,
        });
    }
    (f, at)
}

type Template = (&'static str, usize, Box<dyn Fn(&[Value]) -> Stmt>);

fn templates() -> Vec<Template> {
    let (b1, b2) = (Block(1), Block(2));
    let mut t: Vec<Template> = Vec::new();
    use BinOp::*;
    for op in [
        Add, Sub, Mul, Div, Mod, And, Or, Xor, Lsl, Lsr, Asr, Eq, Ne, Lt, Le, Gt, Ge, PhysEq,
        PhysNe,
    ] {
        t.push(("binary", 2, Box::new(move |o| Stmt::Binary(op, o[0], o[1]))));
    }
    for op in [
        UnOp::Neg,
        UnOp::Not,
        UnOp::IsInt,
        UnOp::BlockTag,
        UnOp::BlockSize,
    ] {
        t.push(("unary", 1, Box::new(move |o| Stmt::Unary(op, o[0]))));
    }
    for op in [
        FBinOp::Add,
        FBinOp::Sub,
        FBinOp::Mul,
        FBinOp::Div,
        FBinOp::Eq,
        FBinOp::Ne,
        FBinOp::Lt,
        FBinOp::Le,
        FBinOp::Gt,
        FBinOp::Ge,
    ] {
        t.push((
            "fbinary",
            2,
            Box::new(move |o| Stmt::FBinary(op, o[0], o[1])),
        ));
    }
    for op in [
        FUnOp::Neg,
        FUnOp::Abs,
        FUnOp::Sqrt,
        FUnOp::OfInt,
        FUnOp::ToInt,
    ] {
        t.push(("funary", 1, Box::new(move |o| Stmt::FUnary(op, o[0]))));
    }
    t.push((
        "load_float",
        1,
        Box::new(|o| Stmt::Load {
            base: o[0],
            index: 0,
            ty: Type::F64,
        }),
    ));
    t.push((
        "load",
        1,
        Box::new(|o| Stmt::Load {
            base: o[0],
            index: 1,
            ty: Type::Val,
        }),
    ));
    t.push((
        "store",
        2,
        Box::new(|o| Stmt::Store {
            base: o[0],
            index: 2,
            value: o[1],
        }),
    ));
    for ty in [Type::Val, Type::F64] {
        t.push((
            "load_idx",
            2,
            Box::new(move |o| Stmt::LoadIdx {
                base: o[0],
                index: o[1],
                ty,
            }),
        ));
    }
    t.push((
        "load_byte",
        2,
        Box::new(|o| Stmt::LoadByte {
            base: o[0],
            index: o[1],
        }),
    ));
    t.push((
        "store_byte",
        3,
        Box::new(|o| Stmt::StoreByte {
            base: o[0],
            index: o[1],
            value: o[2],
        }),
    ));
    t.push((
        "store_idx",
        3,
        Box::new(|o| Stmt::StoreIdx {
            base: o[0],
            index: o[1],
            value: o[2],
        }),
    ));
    t.push((
        "alloc",
        2,
        Box::new(|o| Stmt::Alloc {
            tag: 3,
            fields: o.to_vec(),
            raw_prefix: 0,
        }),
    ));
    let call = |callee: Callee| {
        move |o: &[Value]| Stmt::Call {
            callee: callee.clone(),
            args: o.to_vec(),
            ret: Type::Val,
        }
    };
    t.push(("call", 2, Box::new(call(Callee::Direct(FuncId(0))))));
    t.push(("call", 1, Box::new(call(Callee::Runtime("f")))));
    t.push((
        "call",
        2,
        Box::new(|o| Stmt::Call {
            callee: Callee::Indirect(o[0]),
            args: vec![o[1]],
            ret: Type::Val,
        }),
    ));
    t.push(("jump", 0, Box::new(move |_| Stmt::Jump(b1))));
    t.push((
        "branch",
        1,
        Box::new(move |o| Stmt::Branch {
            cond: o[0],
            then: b1,
            els: b2,
        }),
    ));
    t.push((
        "branch",
        1,
        Box::new(move |o| Stmt::Branch {
            cond: o[0],
            then: b2,
            els: b2,
        }),
    ));
    for (n, same) in [(2, false), (2, true), (6, false), (6, true), (0, true)] {
        t.push((
            "switch",
            1,
            Box::new(move |o| Stmt::Switch {
                value: o[0],
                targets: (0..n)
                    .map(|i| if same || i % 2 == 0 { b1 } else { b2 })
                    .collect(),
                default: b1,
            }),
        ));
    }
    t.push(("return", 1, Box::new(|o| Stmt::Return(o[0]))));
    t.push((
        "tail_call",
        2,
        Box::new(|o| Stmt::TailCall {
            callee: Callee::Direct(FuncId(0)),
            args: o.to_vec(),
        }),
    ));
    t.push(("unreachable", 0, Box::new(|_| Stmt::Unreachable)));
    t
}

fn shape_tuples(n: usize) -> Vec<Vec<Shape>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .iter()
            .flat_map(|p| SHAPES.iter().map(move |s| [p.clone(), vec![*s]].concat()))
            .collect();
    }
    out
}

#[test]
fn rules_overlap_check() {
    let rules = all_rules();
    let mut wins: BTreeMap<&str, usize> = rules.iter().map(|r| (r.name, 0)).collect();
    let mut problems = Vec::new();
    let mut n = 0;
    for (_, arity, make) in templates() {
        for shapes in shape_tuples(arity) {
            let (f, at) = function(&shapes, &*make);
            let order = BlockOrder::new(&f);
            let lo = Lower::new(&f, &order, None);
            let stmt = &f.stmts[at.index()];
            n += 1;
            let matched: Vec<_> = rules
                .iter()
                .filter(|r| (r.pattern)(&lo, stmt).is_some())
                .collect();
            for r in &matched {
                if !r.roots.contains(&Root::of(stmt)) {
                    problems.push(format!(
                        "rule `{}` matches {stmt:?} outside its roots",
                        r.name
                    ));
                }
            }
            let Some(top) = matched.iter().map(|r| r.prio).max() else {
                problems.push(format!("no rule for {stmt:?} with operands {shapes:?}"));
                continue;
            };
            let winners: Vec<&str> = matched
                .iter()
                .filter(|r| r.prio == top)
                .map(|r| r.name)
                .collect();
            if winners.len() > 1 {
                problems.push(format!(
                    "ambiguous at priority {top}: {winners:?} on {stmt:?} {shapes:?}"
                ));
            }
            *wins.get_mut(winners[0]).unwrap() += 1;
        }
    }
    for (name, w) in &wins {
        if *w == 0 {
            problems.push(format!("rule `{name}` never wins: shadowed or dead"));
        }
    }
    assert!(n > 1000, "{n} statements");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
