//! User errors are diagnostics with `file:line:column`, the source line and a caret, and exit
//! code 1 — never a panic.

mod common;

use std::process::Command;

fn check(name: &str, source: &str) -> (i32, String) {
    let dir = std::env::temp_dir().join(format!("egret-diag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, source).unwrap();
    let out = Command::new(common::egret())
        .arg("check")
        .arg(&file)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn type_error_points_at_the_expression() {
    let (code, err) = check("te.ml", "let () =\n  print_int (1 + \"two\")\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("This expression has type string but an expression was expected of type int"),
        "{err}"
    );
    assert!(err.contains("te.ml:2:18"), "{err}");
    assert!(err.contains("print_int (1 + \"two\")"), "{err}");
    assert!(err.contains("^^^^^"), "{err}");
}

#[test]
fn syntax_error_points_at_the_token() {
    let (code, err) = check("se.ml", "let x = 1 +\nlet y = ) 2\n");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("syntax error"), "{err}");
    assert!(err.contains("se.ml:"), "{err}");
}

#[test]
fn unbound_names_and_unsupported_constructs() {
    let (code, err) = check("ub.ml", "let () = print_int y\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("Unbound value y") && err.contains("ub.ml:1:20"),
        "{err}"
    );
    let (code, err) = check("mod.ml", "class c = object inherit d end\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("inheritance (`inherit`) not supported yet") && err.contains("mod.ml:1:18"),
        "{err}"
    );
    let (code, err) = check("cl.ml", "class c = object end\nlet o = new d\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("Unbound class d") && err.contains("cl.ml:2:9"),
        "{err}"
    );
    // Immediate objects, method calls and classes without inheritance are compiled.
    let (code, err) = check("send.ml", "let f o = o#m + 1\n");
    assert_eq!(code, 0, "{err}");
    let (code, err) = check("op.ml", "open Nowhere\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("Unbound module Nowhere") && err.contains("op.ml:1:1"),
        "{err}"
    );
}

#[test]
fn constructor_arity_and_branch_types() {
    let (code, err) = check("ar.ml", "type t = A of int * int\nlet x = A 1\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("The constructor A expects 2 argument(s)"),
        "{err}"
    );
    let (code, err) = check("br.ml", "let f b = if b then 1 else \"no\"\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("has type string but an expression was expected of type int"),
        "{err}"
    );
}

#[test]
fn non_exhaustive_match_is_a_warning() {
    let (code, err) = check("pm.ml", "let f x = match x with 1 -> 2\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: this pattern-matching is not exhaustive"),
        "{err}"
    );
}

#[test]
fn missing_file_is_an_error_not_a_panic() {
    let out = Command::new(common::egret())
        .arg("check")
        .arg("/nonexistent/x.ml")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

#[test]
fn unknown_record_field() {
    let (code, err) = check("uf.ml", "type r = { a : int }\nlet f x = x.b\n");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("Unbound record field b"), "{err}");
    assert!(err.contains("uf.ml:2:"), "{err}");
}

#[test]
fn value_restriction_at_top_level() {
    // A weak variable left free at the end of the program is an error, as in OCaml...
    let (code, err) = check("wk.ml", "let x = 1\nlet r, n = ref [], 3\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("The type of this expression, '_weak1 list ref,")
            && err.contains("contains type variables that cannot be generalized")
            && err.contains("wk.ml:2:5"),
        "{err}"
    );
    // ...but not when a later use fixes it, nor when no variable is bound to it.
    let (code, err) = check(
        "wk2.ml",
        "let r = ref []\nlet _ = ref []\nlet () = r := [1]\n",
    );
    assert_eq!(code, 0, "{err}");
}

#[test]
fn unsupported_library_names_say_so() {
    // Floats are supported: mixing them with ints is OCaml's type error.
    let (code, err) = check("fl.ml", "let x = 1 +. 2\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("This expression has type int but an expression was expected of type float")
            && err.contains("fl.ml:1:9"),
        "{err}"
    );
    let (code, err) = check("genmod.ml", "let m = Oo.new_method\n");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the module Oo is not supported yet"), "{err}");
    // Obj is the installation's: a C primitive the runtime lacks is named where it is used.
    let (code, err) = check("ls.ml", "let l = Obj.truncate\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "the C primitive \"caml_obj_truncate\" (external `truncate`) is not supported yet"
        ) && err.contains("ls.ml:1:9"),
        "{err}"
    );
    // A plain typo stays a plain unbound value.
    let (code, err) = check("ty.ml", "let x = lenght [1]\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("Unbound value lenght") && !err.contains("not supported"),
        "{err}"
    );
}

/// A format is typed as OCaml types it (a `CamlinternalFormatBasics` value): a conversion
/// given the wrong argument, or a format that does not parse, is OCaml's error at OCaml's
/// place.
#[test]
fn format_errors_are_ocamls() {
    let cases = [
        (
            "fint.ml",
            "let () = Printf.printf \"%d\\n\" \"x\"\n",
            "This expression has type string but an expression was expected of type int",
            "fint.ml:1:31",
        ),
        (
            "fbad.ml",
            "let () = Printf.printf \"%y\" 3\n",
            "invalid format \"%y\": at character number 1, invalid conversion \"%y\"",
            "fbad.ml:1:24",
        ),
        (
            "fformat.ml",
            "let () = Format.printf \"%d %s\" 1 2\n",
            "This expression has type int but an expression was expected of type string",
            "fformat.ml:1:34",
        ),
    ];
    for (name, source, message, at) in cases {
        let (code, err) = check(name, source);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains(message) && err.contains(at), "{name}: {err}");
    }
}

/// What the typer's former elaboration of formats refused, the installed Printf, Format and
/// Scanf accept, as ocamlopt does.
#[test]
fn formats_ocaml_accepts_are_accepted() {
    let cases = [
        ("fsub.ml", "let () = Printf.printf \"%{%d%}\" \"%d\"\n"),
        ("fsof.ml", "let s = string_of_format \"%d\"\n"),
        (
            "scansub.ml",
            "let () = Scanf.sscanf \"\" \"%(%d%)\" (fun _ _ -> ())\n",
        ),
        (
            "fbox.ml",
            "let () = Format.printf \"@[<%a>x@]\" (fun _ _ -> ()) 1\n",
        ),
    ];
    for (name, source) in cases {
        let (code, err) = check(name, source);
        assert_eq!(code, 0, "{name}: {err}");
    }
}

#[test]
fn native_backend_refuses_other_targets_and_suggests_cranelift() {
    let dir = std::env::temp_dir().join(format!("egret-diag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(common::egret())
        .arg("build")
        .arg(common::root().join("examples/hello.ml"))
        .arg("-o")
        .arg(dir.join("hello-aarch64"))
        .args(["--backend=native", "--target", "aarch64-unknown-linux-gnu"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "error: the native backend cannot generate code for `aarch64-unknown-linux-gnu` \
             (try --backend=cranelift)"
        ),
        "{err}"
    );
    assert!(!dir.join("hello-aarch64").exists());
    // The default backend is the native one: same error without --backend.
    let out = Command::new(common::egret())
        .arg("build")
        .arg(common::root().join("examples/hello.ml"))
        .arg("-o")
        .arg(dir.join("hello-aarch64"))
        .args(["--target", "aarch64-unknown-linux-gnu"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("try --backend=cranelift"), "{err}");
}

#[test]
fn unsupported_targets_are_errors_for_every_backend() {
    for backend in ["native", "cranelift", "example"] {
        let out = Command::new(common::egret())
            .arg("build")
            .arg(common::root().join("examples/hello.ml"))
            .args(["-o", "/dev/null", "--target", "riscv64gc-unknown-linux-gnu"])
            .arg(format!("--backend={backend}"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{backend}: {err}");
        assert!(
            err.contains(&format!(
                "the {backend} backend cannot generate code for `riscv64gc-unknown-linux-gnu`"
            )),
            "{backend}: {err}"
        );
        // Cranelift cannot either: no suggestion to use it.
        assert!(!err.contains("try --backend"), "{backend}: {err}");
    }
}

/// `external` declarations: OCaml's errors at the declaration (`%`-primitives, arity), and
/// where an external the runtime cannot call is used (never a link failure).
#[test]
fn external_declaration_errors() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "external x : int = \"foo\"\n",
            "External identifiers must be functions",
            "ext.ml:1:14",
        ),
        (
            "external f : int -> int = \"%frob\"\n",
            "Unknown builtin primitive \"%frob\"",
            "ext.ml:1:27",
        ),
        (
            "external f : int -> int = \"%addint\"\n",
            "Wrong arity for builtin primitive \"%addint\"",
            "ext.ml:1:27",
        ),
        (
            "external f : int -> int = \"%frame_pointers\"\n",
            "the primitive \"%frame_pointers\" is not supported yet",
            "ext.ml:1:27",
        ),
        (
            "external f : int -> int = \"caml_frob\"\nlet () = print_int (f 1)\n",
            "the C primitive \"caml_frob\" (external `f`) is not supported yet",
            "ext.ml:2:21",
        ),
        (
            "external f : int -> int -> int = \"caml_gc_minor\"\nlet g = f 1\n",
            "the external `f` is declared with 2 argument(s), but the runtime's \"caml_gc_minor\" takes 1",
            "ext.ml:2:9",
        ),
        (
            // An unboxed external calls its bytecode primitive, which must exist.
            "external f : (int [@untagged]) -> int = \"caml_frob\" \"s\"\nlet g = List.map f\n",
            "the C primitive \"caml_frob\" (external `f`) is not supported yet",
            "ext.ml:2:18",
        ),
    ];
    for (source, message, at) in cases {
        let (code, err) = check("ext.ml", source);
        assert_eq!(code, 1, "{source}: {err}");
        assert!(err.contains(message) && err.contains(at), "{source}: {err}");
    }
    // An external that cannot be called is fine while unused, as with ocamlopt.
    let (code, err) = check(
        "unused.ml",
        "external f : int -> int = \"caml_frob\"\nlet x = 1\n",
    );
    assert_eq!(code, 0, "{err}");
}

/// Boxed integer literals out of range are OCaml's error, pointing at the literal (the sign
/// counts: `-2147483648l` is in range, `4294967296l` is not); their types are OCaml's.
#[test]
fn boxed_integer_literal_errors() {
    for (src, what, at) in [
        ("let x = 4294967296l\n", "int32", "b1.ml:1:9"),
        ("let x = 0x1ffffffffl\n", "int32", "b1.ml:1:9"),
        ("let x = -0x10000000000000000L\n", "int64", "b1.ml:1:9"),
        (
            "let f = function 99999999999999999999n -> 1 | _ -> 0\n",
            "nativeint",
            "b1.ml:1:18",
        ),
    ] {
        let (code, err) = check("b1.ml", src);
        assert_eq!(code, 1, "{src}: {err}");
        let message =
            format!("Integer literal exceeds the range of representable integers of type {what}");
        assert!(err.contains(&message), "{src}: {err}");
        assert!(err.contains(at), "{src}: {err}");
    }
    let (code, err) = check("b2.ml", "let x = -2147483648l\nlet y = 2147483648l\n");
    assert_eq!(code, 0, "{err}");
    let (code, err) = check("b3.ml", "let x = 1L + 1\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("This expression has type int64 but an expression was expected of type int"),
        "{err}"
    );
}
