//! The checkers `verify` turns on are really on, and really catch mistakes: regalloc2's
//! symbolic checker rejects a corrupted allocation, and compiling with `verify` runs it.

use crate::backend::x64::{abi, lower, regalloc};
use regalloc2::{Allocation, PReg};

#[test]
fn regalloc2_checker_rejects_corrupted_allocations() {
    let m = crate::fuzz::compile_module(
        "let rec f a b c = if a > 0 then f (a - 1) (b + c * a) (c lxor b) else b + c\n\
         let () = print_int (f 10 1 2)\n",
    );
    let func = m
        .functions
        .iter()
        .find(|f| f.source_name == "f")
        .expect("function f");
    let vcode = lower::lower_function(func, None, None, false).unwrap();
    let out = regalloc::allocate(&vcode, true).expect("a correct allocation checks");
    let env = abi::machine_env();
    let check = |out: &regalloc2::Output| {
        let mut checker = regalloc2::checker::Checker::new(&vcode, &env);
        checker.prepare(out);
        checker.run()
    };
    assert!(check(&out).is_ok());
    // Move each register operand to another register in turn: most such edits read or
    // clobber the wrong value, and the checker must notice.
    let (mut tried, mut caught) = (0, 0);
    for i in 0..out.allocs.len() {
        let Some(r) = out.allocs[i].as_reg() else {
            continue;
        };
        let other = env.preferred_regs_by_class[r.class() as usize]
            .into_iter()
            .find(|p| *p != r)
            .unwrap_or(PReg::new(0, r.class()));
        let mut bad = out.clone();
        bad.allocs[i] = Allocation::reg(other);
        tried += 1;
        if check(&bad).is_err() {
            caught += 1;
        }
    }
    assert!(tried > 10, "{tried} register operands");
    assert!(
        caught * 2 > tried,
        "the checker caught {caught} of {tried} corrupted allocations"
    );
}
