//! Compile time and work grow linearly in the program (issue #22): one test per family of
//! generated programs that used to blow up, each compiled at size n and 4n. No absolute time is
//! asserted (the machine is noisy); where a deterministic count exists (the inliner's copied
//! nodes) the test bounds its growth, otherwise it bounds the growth of the stage's time from
//! `--time-passes` (the least of three builds at each size) by 8: linear growth is 4, the
//! quadratic and cubic algorithms these families caught grew 16 and 64 times.
//!
//! The generators are `bench/compile_time.py`'s; the benchmark prints the same families' growth
//! and the comparison with ocamlopt.

mod common;

use common::egret;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Mutex;

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egret-growth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds `source` with `extra` flags; returns stderr (where `--time-passes` reports).
fn build(name: &str, source: &str, extra: &[&str]) -> String {
    let dir = scratch();
    let ml = dir.join(format!("{name}.ml"));
    std::fs::write(&ml, source).unwrap();
    let out = Command::new(egret())
        .arg("build")
        .arg(&ml)
        .arg("-o")
        .arg(dir.join(name))
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "{name}: {}",
        &stderr[..stderr.len().min(400)]
    );
    format!("{stderr}{}", String::from_utf8_lossy(&out.stdout))
}

/// The time of `stage` (ms) in a `--time-passes` report.
fn stage_ms(report: &str, stage: &str) -> f64 {
    report
        .lines()
        .find_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            (words.last() == Some(&stage) && words.get(1) == Some(&"ms"))
                .then(|| words[0].parse().unwrap())
        })
        .unwrap_or_else(|| panic!("no stage {stage} in\n{report}"))
}

/// The least time of `stage` over three builds of `source`.
fn least_stage_ms(name: &str, source: &str, stage: &str) -> f64 {
    (0..3)
        .map(|_| stage_ms(&build(name, source, &["--time-passes"]), stage))
        .fold(f64::INFINITY, f64::min)
}

/// The timed tests take turns, so that they do not slow each other down.
static TIMING: Mutex<()> = Mutex::new(());

/// Asserts that `stage`'s time grows at most 8 times from `gen(n)` to `gen(4n)`.
fn assert_stage_grows_linearly(family: &str, gen: fn(usize) -> String, n: usize, stage: &str) {
    let _turn = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let small = least_stage_ms(&format!("{family}_{n}"), &gen(n), stage);
    let large = least_stage_ms(&format!("{family}_{}", 4 * n), &gen(4 * n), stage);
    let ratio = large / small.max(1.0);
    println!("{family}: {stage} {small:.1} ms at n = {n}, {large:.1} ms at 4n: x{ratio:.2}");
    assert!(
        ratio <= 8.0,
        "{family}: {stage} grew {ratio:.1} times from n = {n} to 4n ({small:.1} ms -> {large:.1} ms)"
    );
}

fn nested_tuple(n: usize) -> String {
    let mut e = "0".to_string();
    for i in 1..n {
        e = format!("({i}, {e})");
    }
    format!("let t = {e}\nlet () = match t with (a, _) -> print_int a; print_newline ()\n")
}

fn nested_fun(n: usize) -> String {
    let params: Vec<String> = (0..n).map(|i| format!("fun x{i} ->")).collect();
    let args: Vec<String> = (0..n).map(|i| i.to_string()).collect();
    format!(
        "let f = {} x0 + x{}\nlet () = print_int (f {}); print_newline ()\n",
        params.join(" "),
        n - 1,
        args.join(" ")
    )
}

fn arrow(n: usize) -> String {
    format!(
        "let f (g : {}) = g\nlet () = print_endline \"ok\"\n",
        vec!["int"; n].join(" -> ")
    )
}

fn chain(n: usize) -> String {
    let mut s = String::from("let f0 x = x + 1\n");
    for i in 1..n {
        s.push_str(&format!("let f{i} x = f{} (x + {})\n", i - 1, i % 7));
    }
    s.push_str(&format!(
        "let () = print_int (f{} 0); print_newline ()\n",
        n - 1
    ));
    s
}

/// `let x_i = x_(i-1) + 1`, n top-level definitions each used once by the next.
fn top_lets(n: usize) -> String {
    let mut s = String::from("let x0 = 0\n");
    for i in 1..n {
        s.push_str(&format!("let x{i} = x{} + 1\n", i - 1));
    }
    s.push_str(&format!(
        "let () = print_int x{}; print_newline ()\n",
        n - 1
    ));
    s
}

/// A module of n functions sealed by a signature declaring each.
fn sealed(n: usize) -> String {
    let mut s = String::from("module M : sig\n");
    for i in 0..n {
        s.push_str(&format!("  val x{i} : int -> int\n"));
    }
    s.push_str("end = struct\n");
    for i in 0..n {
        s.push_str(&format!("  let x{i} y = y + {i}\n"));
    }
    s.push_str(&format!(
        "end\nlet () = print_int (M.x{} 1); print_newline ()\n",
        n - 1
    ));
    s
}

fn letrec(n: usize) -> String {
    let mut s = String::from("let rec g0 x = if x <= 0 then 0 else g1 (x - 1) + 1\n");
    for i in 1..n {
        s.push_str(&format!(
            "and g{i} x = if x <= 0 then {i} else g{} (x - 1) + 1\n",
            (i + 1) % n
        ));
    }
    s.push_str("let () = print_int (g0 10000); print_newline ()\n");
    s
}

fn array(n: usize) -> String {
    let elems: Vec<String> = (0..n).map(|i| i.to_string()).collect();
    format!(
        "let a = [| {} |]\nlet () = print_int (Array.length a); print_newline ()\n",
        elems.join("; ")
    )
}

/// A long ordinary program: blocks of a record and a variant type and functions over them,
/// each block using the one before (as `bench/compile_time.py`'s `program`).
fn program(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        let prev = if i > 0 {
            format!("use{}", i - 1)
        } else {
            "(fun x -> x)".to_string()
        };
        s.push_str(&format!(
            "type r{i} = {{ a{i} : int; b{i} : string; mutable c{i} : int list }}
type v{i} = A{i} | B{i} of int | C{i} of r{i} * v{i}
let rec size{i} = function A{i} -> 0 | B{i} n -> n | C{i} (r, v) -> r.a{i} + List.length r.c{i} + size{i} v
let make{i} n = C{i} ({{ a{i} = n; b{i} = string_of_int n; c{i} = [n; n + 1] }}, B{i} (n * 2))
let step{i} acc x = if x mod 3 = {m} then acc + x else acc - 1
let use{i} n =
  let v = make{i} ({prev} n) in
  let l = List.init 5 (fun j -> j + n) in
  List.fold_left step{i} (size{i} v) l
",
            m = i % 3
        ));
    }
    s.push_str(&format!(
        "let () = print_int (use{} 1); print_newline ()\n",
        n - 1
    ));
    s
}

/// The nodes the simplifier copied to inline definitions, over all passes (`--emit=inline-report`).
fn inlined_nodes(name: &str, source: &str) -> usize {
    let report = build(name, source, &["--emit=inline-report"]);
    report
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("pass ")?;
            let (_, counts) = rest.split_once(": ")?;
            let copied = counts.split(", ").last()?;
            copied
                .strip_suffix(" nodes copied by inlining")?
                .parse::<usize>()
                .ok()
        })
        .sum()
}

/// The program-wide inlining budget: a chain of functions, each used once in the next, copied
/// f0 into f1, f0+f1 into f2, ...: quadratic time and memory (1,600 functions: 1.8 GB).
#[test]
fn inlining_a_chain_of_calls_copies_linearly_many_nodes() {
    let (n, m) = (1000, 4000);
    let small = inlined_nodes("chain_small", &chain(n));
    let large = inlined_nodes("chain_large", &chain(m));
    println!("chain: {small} nodes copied at n = {n}, {large} at 4n");
    assert!(
        (large as f64) <= 4.5 * small as f64,
        "inlining copied {small} nodes for a chain of {n} functions, {large} for {m}"
    );
}

#[test]
fn simplifying_a_chain_of_calls_grows_linearly() {
    assert_stage_grows_linearly("chain", chain, 1000, "simplify");
}

/// Whether a suspended definition allocates was found by walking the chain of suspended
/// definitions behind it, at every link: 30,000 top-level `let`s took 300 s to simplify. A
/// position's line was found by counting the newlines before it: quadratic typing.
#[test]
fn simplifying_a_chain_of_top_level_lets_grows_linearly() {
    assert_stage_grows_linearly("top_lets", top_lets, 2000, "simplify");
}

#[test]
fn typing_a_chain_of_top_level_lets_grows_linearly() {
    assert_stage_grows_linearly("top_lets", top_lets, 2000, "typing");
}

#[test]
fn simplifying_a_let_rec_group_grows_linearly() {
    assert_stage_grows_linearly("letrec", letrec, 500, "simplify");
}

/// Typing copied a type at every look-up of a binding: cubic in the nesting (500 levels: 4 s).
/// What remains is quadratic, and small: the lambda IR annotates each of the n tuples with its
/// whole type, n²/2 type nodes (about 150 ms at 1,000 levels).
#[test]
fn typing_nested_tuples_grows_linearly() {
    assert_stage_grows_linearly("nested_tuple", nested_tuple, 150, "typing");
}

/// Matching each value against its signature opened the signature's names anew: a scan of
/// the whole environment that copied and sorted every value of the module (n = 500 took 1.1
/// and n = 2,000 7.6 billion instructions, the prelude's 0.5 included).
#[test]
fn typing_a_signature_of_many_values_grows_linearly() {
    assert_stage_grows_linearly("sealed", sealed, 1000, "typing");
}

#[test]
fn typing_nested_functions_grows_linearly() {
    assert_stage_grows_linearly("nested_fun", nested_fun, 400, "typing");
}

#[test]
fn typing_a_long_arrow_type_grows_linearly() {
    assert_stage_grows_linearly("arrow", arrow, 1000, "typing");
}

/// The scope copied every `let`'s definition, and the chain `use_i` inlined `use_(i-1)`:
/// quadratic in the nesting of `let`s inside definitions (1,000 blocks: 44 s).
#[test]
fn simplifying_a_long_program_grows_linearly() {
    assert_stage_grows_linearly("program", program, 60, "simplify");
}

/// Closure conversion gave a recursive group's functions closures allocated and filled by the
/// entry function, thousands of values live at once for the register allocator.
#[test]
fn compiling_a_let_rec_group_grows_linearly() {
    assert_stage_grows_linearly("letrec_codegen", letrec, 500, "codegen+object");
}

#[test]
fn simplifying_an_array_literal_grows_linearly() {
    assert_stage_grows_linearly("array", array, 5000, "simplify");
}

/// `Printf.printf` with `n` formats of distinct types, each of two conversions: as many
/// instantiations of `CamlinternalFormat`'s interpreters (`make_printf` and the rest).
fn printf_types(n: usize) -> String {
    let convs = [
        ("%d", "1"),
        ("%s", "\"s\""),
        ("%c", "'c'"),
        ("%b", "true"),
        ("%F", "1.5"),
    ];
    let mut s = String::from("let () =\n");
    for i in 0..n {
        let (a, x) = convs[i % convs.len()];
        let (b, y) = convs[i / convs.len() % convs.len()];
        let (c, z) = convs[i / 25 % convs.len()];
        s.push_str(&format!(
            "  Printf.printf \"{a} {b} {c}\\n\" {x} {y} {z};\n"
        ));
    }
    s.push_str("  ()\n");
    s
}

/// The SSA statements the optimizer leaves (`--time-passes`' `opt: N -> M SSA statements`).
fn ssa_statements(name: &str, source: &str) -> usize {
    let report = build(name, source, &["--time-passes"]);
    report
        .lines()
        .find_map(|l| {
            let rest = l.trim().strip_prefix("opt: ")?;
            rest.split_once(" -> ")?.1.split(' ').next()?.parse().ok()
        })
        .unwrap_or_else(|| panic!("no opt line in\n{report}"))
}

/// Mono copied every polymorphic definition once per instantiation, whether or not a type could
/// change its code: each format type a program prints with got its own copy of
/// `CamlinternalFormat`'s interpreters (8 -> 32 formats: 26,391 -> 70,769 statements; now
/// 8,856 -> 9,312). Only type-sensitive definitions are specialised now; the program's own code
/// is what grows.
#[test]
fn printf_at_many_types_shares_the_format_interpreter() {
    let (n, m) = (8, 32);
    let small = ssa_statements("printf_small", &printf_types(n));
    let large = ssa_statements("printf_large", &printf_types(m));
    println!("printf: {small} SSA statements at n = {n}, {large} at 4n");
    assert!(
        (large as f64) <= 1.5 * small as f64,
        "{small} SSA statements for {n} printf types, {large} for {m}"
    );
}
