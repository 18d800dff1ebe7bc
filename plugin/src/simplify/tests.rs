//! The simplifier's tests: the post's reference cases as snapshots, then effects, recursion,
//! data, and semantics preservation checked with the lambda interpreter.

use super::*;
use crate::lambda::builtins::empty_program;
use crate::lambda::interp::{run_program, InterpOptions, Outcome};
use crate::lambda::parse::parse_expr;
use crate::lambda::print::print_expr;
use crate::lambda::verify::verify_program;

/// Simplifies the term written `input` and compares the printed result with `expected`.
fn snapshot(input: &str, expected: &str) {
    let mut p = empty_program(unit_expr());
    let e = parse_expr(input, &mut p).unwrap();
    let (out, report) = simplify_expr(e, &mut p.vars, &p.types, &SimplifyOptions::default());
    let got = print_expr(&out, Some(&p));
    assert_eq!(
        got, expected,
        "\ninput:    {input}\nexpected: {expected}\ngot:      {got}\n{report}"
    );
}

#[test]
fn reference_1_nested_betas_under_ty_fun() {
    snapshot(
        "(ty_fun (fun [V0] ((fun [V1] ((fun [V2] V0) 2)) 1)))",
        "(ty_fun (fun [V0] V0))",
    );
}

#[test]
fn reference_2_function_argument_applied() {
    snapshot("((fun [V0] (V0 157)) (fun [V1] V1))", "157");
}

#[test]
fn reference_3_trivial_argument_used_many_times() {
    snapshot(
        "((fun [V0] (fun [V1] (V1 V0 (V1 V0 V0)))) 3005)",
        "(fun [V1] (V1 3005 (V1 3005 3005)))",
    );
}

#[test]
fn reference_4_function_used_once() {
    snapshot(
        "(ty_fun (ty_fun (fun [V0] ((fun [V1] (V0 V1)) (fun [V2] (V2 3005))))))",
        "(ty_fun (ty_fun (fun [V0] (V0 (fun [V2] (V2 3005))))))",
    );
}

#[test]
fn reference_5_function_used_many_times_without_benefit() {
    snapshot(
        "(ty_fun (ty_fun ((fun [V0] (fun [V1] (V1 V0 V0))) (fun [V2] (V2 3005)))))",
        "(ty_fun (ty_fun (let [V0 (fun [V2] (V2 3005))] (fun [V1] (V1 V0 V0)))))",
    );
}

#[test]
fn reference_6_once_in_fun_without_benefit() {
    snapshot(
        "(ty_fun (ty_fun ((fun [V0] (fun [V1] V0)) (fun [V2] (V2 3005)))))",
        "(ty_fun (ty_fun (let [V0 (fun [V2] (V2 3005))] (fun [V1] V0))))",
    );
}

#[test]
fn reference_7_once_in_fun_with_benefit() {
    snapshot(
        "(ty_fun (ty_fun (ty_fun ((fun [V0] (fun [V1] (V0 (fun [V2] V2)))) (fun [V3] (fun [V4] (V3 (fun [V5] V5))))))))",
        "(ty_fun (ty_fun (ty_fun (fun [V1] (fun [V4] (fun [V5] V5))))))",
    );
}

#[test]
fn reference_8_the_posts_big_term() {
    snapshot(
        "((fun [V0] ((fun [V1] ((fun [V2] ((fun [V3] ((fun [V4] (V4 V0 V1 V2 V3)) (fun [V5 V6 V7 V8] V5))) 4)) 3)) 2)) ((fun [V9] V9) ((fun [V10] V10) ((fun [V11] V11) ((fun [V12] V12) 1)))))",
        "1",
    );
}
