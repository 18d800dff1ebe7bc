//! Every item of LANGUAGE.md's Level 1 is exercised by an example (whose expected output comes
//! from ocamlopt and is checked on both backends by `tests/examples.rs`). This table names the
//! example for each item and a piece of text it must contain, so the table cannot go stale:
//! removing the construct from the example fails this test.

mod common;

/// (Level 1 item, example file, text the example contains).
const COVERAGE: &[(&str, &str, &str)] = &[
    // Lexical.
    (
        "nested comments",
        "level1_misc.ml",
        "(* nested (* comments *) *)",
    ),
    ("hex, octal, binary literals with _", "arith.ml", "0x"),
    ("octal literal", "c_numbers.ml", "0o"),
    ("binary literal", "c_numbers.ml", "0b"),
    ("char escapes \\n \\\\ \\'", "c_strings.ml", "'\\''"),
    ("decimal char escape", "level1_misc.ml", "'\\065'"),
    ("hex char escape", "c_strings.ml", "'\\x41'"),
    ("string line continuation", "c_strings.ml", "\\\n"),
    (";; between phrases", "c_stack_vm.ml", ";;"),
    // Types and declarations.
    ("variants, parameterised", "c_avl.ml", "type "),
    ("mutually recursive types", "c_json.ml", "and "),
    ("records with mutable fields", "c_bank.ml", "mutable"),
    ("type abbreviations", "c_library.ml", "type "),
    (
        "value restriction (weak refs fixed by use)",
        "c_closures.ml",
        "ref ",
    ),
    // Expressions.
    (
        "currying, partial and over-application",
        "closures.ml",
        "fun ",
    ),
    ("function | p -> e", "bst.ml", "function"),
    ("let rec ... and", "mutual.ml", "let rec"),
    ("let with a tuple pattern", "level1_misc.ml", "let (a, b)"),
    ("if without else", "c_life.ml", "if "),
    ("lists [] [a; b] :: @", "bst.ml", "@"),
    (
        "record creation, r.f, { r with }, r.f <- e",
        "records.ml",
        "<-",
    ),
    ("{ r with f = e }", "level1_misc.ml", "{ p with y = 3 }"),
    ("ref ! := incr decr", "records.ml", "decr"),
    ("sequencing and begin ... end", "exceptions.ml", "begin"),
    ("for ... to", "c_sudoku.ml", " to "),
    ("for ... downto", "c_sudoku.ml", "downto"),
    ("while", "c_imp_interp.ml", "while"),
    ("assert", "c_exceptions.ml", "assert"),
    ("raise, try ... with", "c_exceptions.ml", "try"),
    ("|> and @@", "c_closures.ml", "@@"),
    ("type annotations (e : t)", "level1_misc.ml", "(x : int)"),
    // Patterns.
    ("char ranges", "c_wordfreq.ml", "'a' .. 'z'"),
    ("record patterns with ; _", "c_todo.ml", "; _ }"),
    ("or-patterns, as, when", "c_exceptions.ml", "when"),
    (
        "Match_failure at run time",
        "c_exceptions.ml",
        "Match_failure",
    ),
    // Operators.
    ("land lor lxor lsl lsr asr", "arith.ml", "asr"),
    ("== and !=", "level1_misc.ml", "!="),
    (
        "/ and mod truncate, Division_by_zero",
        "c_exceptions.ml",
        "Division_by_zero",
    ),
    (
        "structural compare on every type",
        "structural.ml",
        "compare",
    ),
    // Exceptions.
    ("exception E of t", "c_exceptions.ml", "exception "),
    (
        "Not_found, Exit, Invalid_argument, Failure",
        "c_exceptions.ml",
        "Exit",
    ),
    ("Assert_failure", "c_exceptions.ml", "Assert_failure"),
    ("Stack_overflow caught", "exceptions2.ml", "Stack_overflow"),
    ("uncaught exception, exit 2", "c_bank.ml", "raise"),
    ("failwith, invalid_arg", "c_exceptions.ml", "invalid_arg"),
    // Evaluation order.
    (
        "right-to-left arguments and constructors",
        "evalorder.ml",
        "record-perm",
    ),
    // Standard library.
    ("print_* and prerr_*", "c_printf.ml", "prerr_int"),
    ("flush stdout", "c_argv.ml", "flush stdout"),
    (
        "Printf.printf/sprintf/eprintf, flags, widths",
        "c_printf.ml",
        "%-",
    ),
    ("%! %%", "c_printf.ml", "%!"),
    ("conversions", "c_strings.ml", "char_of_int"),
    ("bool_of_string", "c_exceptions.ml", "bool_of_string"),
    ("String functions", "c_strings.ml", "String.compare"),
    ("s.[i]", "c_parser.ml", ".["),
    (
        "List.append rev_append flatten",
        "level1_misc.ml",
        "List.flatten",
    ),
    ("List.iter2 map2 fold_left2", "c_closures.ml", "List.iter2"),
    ("List.combine split", "c_deep.ml", "List.split"),
    ("List.sort, stable_sort", "c_sorting.ml", "List.stable_sort"),
    ("List.mem_assoc", "c_sudoku.ml", "List.mem_assoc"),
    ("fst snd ignore succ pred abs", "c_closures.ml", "pred"),
    ("min max max_int min_int", "c_numbers.ml", "max_int"),
    ("Sys.argv (with egret run -- args)", "c_argv.ml", "Sys.argv"),
    ("exit", "c_exit.ml", "exit"),
    (
        "Sys.opaque_identity",
        "level1_misc.ml",
        "Sys.opaque_identity",
    ),
    // Run time.
    (
        "a million frames of non-tail recursion",
        "c_deep.ml",
        "List.map",
    ),
    (
        "stack overflow raises Stack_overflow",
        "c_overflow.ml",
        "Stack_overflow",
    ),
    ("tail calls in constant stack", "loop.ml", "let rec"),
    ("memory reclaimed", "gc_churn.ml", "let rec"),
];

#[test]
fn every_level1_item_has_an_example() {
    let dir = common::root().join("examples");
    let mut missing = Vec::new();
    for (item, example, text) in COVERAGE {
        let path = dir.join(example);
        let source = std::fs::read_to_string(&path).unwrap_or_default();
        if !source.contains(text) {
            missing.push(format!("{item}: {example} does not contain {text:?}"));
        }
        // The example is checked against ocamlopt's output.
        assert!(
            path.with_extension("out").exists(),
            "{example} has no expected output"
        );
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
