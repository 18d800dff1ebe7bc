//! Inline allocation: the bump-pointer fast path over `egret_young_ptr`/`egret_young_limit`
//! (here words of the JIT's data region), its out-of-line slow path (`egret_alloc`, here
//! [`super::jit::clobbering_alloc`], which trashes every caller-saved register), and large
//! blocks that call `egret_alloc` directly.

use super::builder::FnBuilder;
use super::jit::{module, tag, Jit};
use crate::backend::x64::{abi, print_vcode};
use crate::backend::RelocTarget;
use crate::ssa::ir::*;

fn alloc(b: &mut FnBuilder, tag: u8, fields: Vec<Value>) -> Value {
    b.push(
        Stmt::Alloc {
            tag,
            fields,
            raw_prefix: 0,
        },
        Type::Val,
    )
}

fn load(b: &mut FnBuilder, base: Value, index: u32) -> Value {
    b.push(
        Stmt::Load {
            base,
            index,
            ty: Type::Val,
        },
        Type::Val,
    )
}

/// Six parameters (in the six argument registers, all caller-saved) live across four
/// allocations, then summed with fields read back: `2 * (a+b+c+d+e+f) + tags + sizes`.
fn six_live() -> Function {
    let mut b = FnBuilder::new("six", 6);
    let p: Vec<Value> = (0..6).map(|i| b.param(i)).collect();
    let x = alloc(&mut b, 1, vec![p[0], p[1]]);
    let y = alloc(&mut b, 2, vec![p[2], p[3], p[4]]);
    let z = alloc(&mut b, 3, vec![p[5]]);
    let w = alloc(&mut b, 4, vec![x, y, z]);
    let mut acc = p[0];
    for v in &p[1..] {
        acc = b.bin(BinOp::Add, acc, *v);
    }
    let (x2, y2, z2) = (load(&mut b, w, 0), load(&mut b, w, 1), load(&mut b, w, 2));
    for (blk, n) in [(x2, 2), (y2, 3), (z2, 1)] {
        for i in 0..n {
            let f = load(&mut b, blk, i);
            acc = b.bin(BinOp::Add, acc, f);
        }
        let t = b.un(UnOp::BlockTag, blk);
        let s = b.un(UnOp::BlockSize, blk);
        acc = b.bin(BinOp::Add, acc, t);
        acc = b.bin(BinOp::Add, acc, s);
    }
    b.ret(acc);
    b.finish()
}

#[test]
fn slow_path_preserves_caller_saved_registers() {
    let f = six_live();
    let vcode = print_vcode(&f).unwrap();
    assert!(vcode.contains("alloc_inline"), "{vcode}");
    assert!(!vcode.contains("call"), "no call in the VCode:\n{vcode}");
    let jit = Jit::load(&module(vec![f]), &[]);
    let relocs = &jit.compiled[0].relocs;
    for sym in [
        abi::YOUNG_PTR_SYMBOL,
        abi::YOUNG_LIMIT_SYMBOL,
        abi::ALLOC_SYMBOL,
    ] {
        assert!(
            relocs
                .iter()
                .any(|r| r.target == RelocTarget::External(sym.into())),
            "no reloc to {sym}"
        );
    }
    let args = [1i64, -20, 300, 4000, -50000, 600000];
    let want = 2 * args.iter().sum::<i64>() + (1 + 2 + 3) + (2 + 3 + 1);
    // Null young pointers: every allocation takes the slow path.
    jit.set_nursery(None);
    assert_eq!(jit.call_ints(0, &args), want);
    // A nursery with room for the first two blocks only (3 + 4 words).
    let mut nursery = vec![0u64; 8];
    let start = nursery.as_ptr() as u64;
    jit.set_nursery(Some(&mut nursery));
    assert_eq!(jit.call_ints(0, &args), want);
    assert_eq!(jit.young_ptr(), start + 8 * 7, "two blocks bumped inline");
    // Room for all four.
    let mut nursery = vec![0u64; 64];
    let start = nursery.as_ptr() as u64;
    jit.set_nursery(Some(&mut nursery));
    assert_eq!(jit.call_ints(0, &args), want);
    assert_eq!(jit.young_ptr(), start + 8 * (3 + 4 + 2 + 4));
    jit.set_nursery(None);
}

/// `build n = let rec go i acc = if i = n then acc else go (i + 1) (i :: acc) in go 0 []`, as
/// one loop.
fn build_list() -> Function {
    let mut b = FnBuilder::new("build", 1);
    let n = b.param(0);
    let zero = b.int(0);
    let (head, body, exit) = (b.new_block(), b.new_block(), b.new_block());
    b.jump(head);
    b.switch_to(head);
    let i = b.phi();
    let acc = b.phi();
    let done = b.bin(BinOp::Eq, i, n);
    b.branch(done, exit, body);
    b.switch_to(body);
    let cell = alloc(&mut b, 0, vec![i, acc]);
    let one = b.int(1);
    let next = b.bin(BinOp::Add, i, one);
    b.jump(head);
    b.switch_to(exit);
    b.ret(acc);
    b.set_phi(i, &[(Block(0), zero), (body, next)]);
    b.set_phi(acc, &[(Block(0), zero), (body, cell)]);
    b.finish()
}

/// Walks the list `v`: its elements (head first) and the cells' addresses.
fn walk(mut v: u64) -> (Vec<i64>, Vec<u64>) {
    let (mut elems, mut cells) = (Vec::new(), Vec::new());
    while v & 1 == 0 {
        let p = v as *const u64;
        unsafe {
            assert_eq!(*p.sub(1), 2 << 10, "header of a 2-field tag-0 block");
            elems.push((*p as i64) >> 1);
            cells.push(v);
            v = *p.add(1);
        }
    }
    assert_eq!(v, tag(0));
    (elems, cells)
}

#[test]
fn fast_path_bumps_the_nursery_then_falls_back() {
    let jit = Jit::load(&module(vec![build_list()]), &[]);
    // 10 cells of 3 words fit exactly; the 11th goes to the slow path, and so do the rest
    // (the pointer is never moved past the limit).
    let mut nursery = vec![0u64; 30];
    let range = nursery.as_ptr_range();
    let (lo, hi) = (range.start as u64, range.end as u64);
    jit.set_nursery(Some(&mut nursery));
    let list = jit.call(0, &[tag(25)]);
    assert_eq!(jit.young_ptr(), hi, "the nursery is used up exactly");
    let (elems, cells) = walk(list);
    assert_eq!(elems, (0..25).rev().collect::<Vec<i64>>());
    let inline: Vec<u64> = cells.iter().rev().take(10).copied().collect();
    for (k, c) in inline.iter().enumerate() {
        assert_eq!(*c, lo + 8 * (3 * k as u64 + 1), "cell {k} bumped inline");
    }
    assert!(cells[..15].iter().all(|c| !(lo..hi).contains(c)));
    jit.set_nursery(None);
    let (elems, _) = walk(jit.call(0, &[tag(1000)]));
    assert_eq!(elems.len(), 1000);
}

#[test]
fn large_blocks_call_the_runtime() {
    let mut b = FnBuilder::new("large", 1);
    let fields = vec![b.param(0); abi::MAX_INLINE_WOSIZE + 1];
    let blk = alloc(&mut b, 7, fields);
    let last = load(&mut b, blk, abi::MAX_INLINE_WOSIZE as u32);
    let s = b.un(UnOp::BlockSize, blk);
    let r = b.bin(BinOp::Add, last, s);
    b.ret(r);
    let f = b.finish();
    assert!(!print_vcode(&f).unwrap().contains("alloc_inline"));
    let jit = Jit::load(&module(vec![f]), &[]);
    assert_eq!(
        jit.call_ints(0, &[5]),
        5 + abi::MAX_INLINE_WOSIZE as i64 + 1
    );
}
