//! Floats are unboxed inside functions: the optimized SSA (`--emit=opt`) of programs whose
//! float temporaries and loop variables never escape allocates no float box for them. (Speed is
//! measured by `bench/bench.py`; this checks the property that gives it.)

mod common;

use std::process::Command;

/// The number of float boxes (`alloc tag 253`) in the optimized SSA of `src`.
fn float_boxes(name: &str, src: &str) -> usize {
    let dir = std::env::temp_dir().join(format!("egret-unbox-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.ml");
    std::fs::write(&file, src).unwrap();
    let out = Command::new(common::egret())
        .args(["build", "--emit=opt", "--verify"])
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .matches("alloc tag 253")
        .count()
}

#[test]
fn temporaries_are_not_boxed() {
    // One box: the result, passed to print_float.
    let src = "let f x y z = x *. y +. z /. (x -. y)\n\
               let () = print_float (f (float_of_int 3) 2. 1.)\n";
    let boxes = float_boxes("temporaries", src);
    assert!(boxes <= 1, "{boxes} float boxes");
}

#[test]
fn loop_variables_are_not_boxed() {
    // The accumulator of each loop is boxed once, where it escapes (printed), not per
    // iteration: with the phi unboxed, the loops allocate nothing.
    let src = "let () =\n\
               let s = ref 0. in\n\
               for i = 1 to 1000 do s := !s +. float_of_int i *. 0.5 done;\n\
               let t = ref 1. and k = ref 0 in\n\
               while !t < 1e6 do t := !t *. 1.5; incr k done;\n\
               Printf.printf \"%g %g %d\\n\" !s !t !k\n";
    let boxes = float_boxes("loops", src);
    assert!(boxes <= 2, "{boxes} float boxes");
}
