//! Floats are unboxed inside functions: the optimized SSA (`--emit=opt`) of programs whose
//! float temporaries and loop variables never escape allocates no float box for them. Across
//! direct calls (`opt::unbox_calls`, the worker/wrapper split): a float function's worker takes
//! and returns `f64`s, and a program's allocation (`EGRET_GC_STATS=1`) shows the boxes gone on
//! both backends. (Speed is measured by `bench/bench.py`; this checks the property that gives
//! it.)

mod common;

use common::Backend;
use std::process::Command;

/// The optimized SSA of `src` (`--emit=opt --verify`).
fn emit_opt(name: &str, src: &str) -> String {
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
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Builds `src` with `backend` (`--verify`), runs it with `EGRET_GC_STATS=1`; returns its
/// output and the words it allocated.
fn run_counting(name: &str, src: &str, backend: Backend) -> (String, u64) {
    let dir = std::env::temp_dir().join(format!(
        "egret-unbox-run-{}-{name}-{backend:?}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.ml");
    let exe = dir.join("t");
    std::fs::write(&file, src).unwrap();
    let build = Command::new(common::egret())
        .args(["build", "--verify", backend.flag()])
        .arg(&file)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let out = Command::new(&exe)
        .env("EGRET_GC_STATS", "1")
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    // "egret gc: 0 MiB allocated (453 words), ..."
    let words = stderr
        .split_once(" MiB allocated (")
        .and_then(|(_, rest)| rest.split_once(" words)"))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("no allocation summary in {stderr:?}"));
    (String::from_utf8_lossy(&out.stdout).into_owned(), words)
}

/// The number of float boxes (`alloc tag 253`) in the optimized SSA of `src`.
fn float_boxes(name: &str, src: &str) -> usize {
    emit_opt(name, src).matches("alloc tag 253").count()
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
    // iteration: with the phi unboxed, the loops allocate nothing. (`print_float`, not
    // Printf: the count is over the whole program, and the installed CamlinternalFormat
    // boxes floats of its own.)
    let src = "let () =\n\
               let s = ref 0. in\n\
               for i = 1 to 1000 do s := !s +. float_of_int i *. 0.5 done;\n\
               let t = ref 1. and k = ref 0 in\n\
               while !t < 1e6 do t := !t *. 1.5; incr k done;\n\
               print_float !s; print_float !t; print_int !k\n";
    let boxes = float_boxes("loops", src);
    assert!(boxes <= 2, "{boxes} float boxes");
}

/// A tail-recursive loop carrying two floats, a non-tail recursive float function and a mutually
/// recursive pair: without the split each iteration allocates a box per float argument (three
/// words each), with it none.
const CALLS: &str = "let rec sum_to n acc x = if n = 0 then acc else sum_to (n - 1) (acc +. x) (x *. 0.999999)\n\
                     let rec pow2 x n = if n = 0 then x else 2. *. pow2 x (n - 1)\n\
                     let rec even_f n x = if n = 0 then x else odd_f (n - 1) (x +. 1.)\n\
                     and odd_f n x = if n = 0 then -. x else even_f (n - 1) (x *. 0.5)\n\
                     let () =\n\
                     let s = ref 0. in\n\
                     for i = 1 to 1000 do s := !s +. pow2 (float i) 50 done;\n\
                     Printf.printf \"%.6f %g %g\\n\" (sum_to 1_000_000 0. 1.) !s (even_f 100_001 0.5)\n";

#[test]
fn float_functions_get_unboxed_workers() {
    let ssa = emit_opt("workers", CALLS);
    // (`odd_f`, called only by `even_f`, is inlined into it.)
    for f in ["sum_to", "pow2", "even_f"] {
        let header = ssa
            .lines()
            .find(|l| {
                l.starts_with("function ")
                    && l.contains(&format!("_unboxed("))
                    && l.ends_with(&format!("# {f}"))
            })
            .unwrap_or_else(|| panic!("no worker for {f} in:\n{ssa}"));
        assert!(
            header.contains("::f64") && header.contains("-> f64"),
            "{header}"
        );
    }
    // The workers allocate no float box.
    let workers: Vec<&str> = ssa
        .split("\nfunction ")
        .filter(|f| f.lines().next().is_some_and(|l| l.contains("_unboxed(")))
        .collect();
    for w in workers {
        assert!(!w.contains("alloc tag 253"), "a worker boxes a float:\n{w}");
    }
}

#[test]
fn float_calls_allocate_no_boxes() {
    for backend in [Backend::Native, Backend::Cranelift] {
        if !common::backend_enabled(backend) {
            continue;
        }
        let (out, words) = run_counting("calls", CALLS, backend);
        // ocamlopt's output.
        assert_eq!(out, "632120.742761 5.63513e+20 -2\n", "{backend:?}");
        // 1,100,000 calls with float arguments: boxed, at least 3.3 million words.
        assert!(words < 10_000, "{backend:?}: {words} words allocated");
    }
}

#[test]
fn float_call_edge_cases_match_ocamlopt_under_gc_stress() {
    let ml = common::root().join("examples/floats_calls.ml");
    for backend in [Backend::Native, Backend::Cranelift] {
        if !common::backend_enabled(backend) {
            continue;
        }
        common::check_example(&ml, backend, &[], &[("EGRET_GC_STRESS", "1")])
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The native backend's float code reads fields where it uses them (`mulsd xmm0, qword ptr
/// [rdi]`, ocamlopt's form: a float load with one use and no store or call before it is folded
/// into the use) and branches on a float comparison directly (`ucomisd; jbe`, no bool made).
/// `examples/floats_branches.ml` checks the meaning (nan, stores between loads and uses).
#[test]
fn native_folds_float_loads_and_compare_branches() {
    if !common::backend_enabled(Backend::Native) {
        return;
    }
    let src = "type v = { mutable x : float; mutable y : float }\n\
               let[@inline never] step p (d : float) = if d > p.x then p.y <- p.y +. p.x *. d\n\
               let () = let p = { x = 1.; y = 2. } in step p 3.; Printf.printf \"%F\\n\" p.y\n";
    let dir = std::env::temp_dir().join(format!("egret-unbox-asm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.ml");
    std::fs::write(&file, src).unwrap();
    let out = Command::new(common::egret())
        .args(["build", "--emit=asm", "--verify", "--backend=native"])
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let asm = String::from_utf8_lossy(&out.stdout);
    let worker = asm
        .split("\n\n")
        .find(|f| f.contains("_unboxed:  ; step"))
        .unwrap_or_else(|| panic!("no worker for step in:\n{asm}"));
    assert!(
        worker.contains("ucomisd") && !worker.contains("fcmp"),
        "{worker}"
    );
    let folded = ["addsd", "mulsd"]
        .iter()
        .filter(|op| {
            worker
                .lines()
                .any(|l| l.contains(&format!("{op} xmm")) && l.contains("qword ptr ["))
        })
        .count();
    assert_eq!(folded, 2, "{worker}");
}
