//! The built-in type declarations and exceptions, in the order [`TyCon`]'s constants fix.
//!
//! This is the one table: `typing` starts from it, tests and the interpreter use it too. Its
//! order fixes the [`TyCon`] constants (`TyCon::INT` = 0 ...). Constructor indices follow OCaml's declaration
//! order: `false` = 0, `true` = 1; `[]` = 0, `::` = 1; `None` = 0, `Some` = 1.
//! Tests and the interpreter's own examples use [`builtin_types`].

use super::ir::*;

/// The parameters of the built-in parameterised types (`'a list`, `('a, 'b) %either`). The type
/// checker reserves these two type variables.
pub const PARAMS: [TyVar; 2] = [TyVar(0), TyVar(1)];

/// The predefined exceptions, in the order of their indices in [`TypeTable::exceptions`]. An
/// exception's name is what an uncaught exception prints: qualified (`Stdlib.Exit`, and for
/// user exceptions `Module.E`) except for the runtime's own exceptions; its constructor is the
/// last component. `Match_failure`, `Assert_failure` and `Undefined_recursive_module` take one
/// tuple argument, as in OCaml.
pub const EXCEPTIONS: &[(&str, &[&str])] = &[
    ("Match_failure", &["string * int * int"]),
    ("Assert_failure", &["string * int * int"]),
    ("Invalid_argument", &["string"]),
    ("Failure", &["string"]),
    ("Not_found", &[]),
    ("Division_by_zero", &[]),
    ("Stack_overflow", &[]),
    ("Stdlib.Exit", &[]),
    ("End_of_file", &[]),
    ("Out_of_memory", &[]),
    ("Sys_error", &["string"]),
    ("Undefined_recursive_module", &["string * int * int"]),
    ("Sys_blocked_io", &[]),
];

pub const EXN_MATCH_FAILURE: u32 = 0;
pub const EXN_ASSERT_FAILURE: u32 = 1;
pub const EXN_UNDEFINED_RECURSIVE_MODULE: u32 = 11;

/// The predefined type table.
pub fn builtin_types() -> TypeTable {
    let a = PARAMS[0];
    let va = Type::Var(a);
    let prim = |name: &str| TypeDecl {
        name: name.into(),
        params: vec![],
        kind: DeclKind::Primitive,
    };
    let variant = |name: &str, params: Vec<TyVar>, ctors: Vec<(&str, Vec<Type>)>| TypeDecl {
        name: name.into(),
        params,
        kind: DeclKind::Variant(
            ctors
                .into_iter()
                .map(|(n, args)| Constructor {
                    name: n.into(),
                    args,
                })
                .collect(),
        ),
    };
    let decls = vec![
        prim("int"),
        prim("char"),
        prim("string"),
        prim("float"),
        variant("unit", vec![], vec![("()", vec![])]),
        variant("bool", vec![], vec![("false", vec![]), ("true", vec![])]),
        variant(
            "list",
            vec![a],
            vec![
                ("[]", vec![]),
                (
                    "::",
                    vec![va.clone(), Type::Con(TyCon::LIST, vec![va.clone()])],
                ),
            ],
        ),
        variant(
            "option",
            vec![a],
            vec![("None", vec![]), ("Some", vec![va.clone()])],
        ),
        TypeDecl {
            name: "ref".into(),
            params: vec![a],
            kind: DeclKind::Record(vec![FieldInfo {
                name: "contents".into(),
                ty: va.clone(),
                mutable: true,
            }]),
        },
        TypeDecl {
            name: "exn".into(),
            params: vec![],
            kind: DeclKind::Extensible,
        },
        TypeDecl {
            name: "array".into(),
            params: vec![a],
            kind: DeclKind::Primitive,
        },
        prim("out_channel"),
        variant(
            "%either",
            vec![a, PARAMS[1]],
            vec![
                ("%Left", vec![va.clone()]),
                ("%Right", vec![Type::Var(PARAMS[1])]),
            ],
        ),
        prim("bytes"),
        // `Obj.t`, the type of any value (OCaml's is abstract in obj.mli).
        prim("Obj.t"),
        prim("int32"),
        prim("int64"),
        prim("nativeint"),
        prim("in_channel"),
        TypeDecl {
            name: "lazy_t".into(),
            params: vec![a],
            kind: DeclKind::Primitive,
        },
    ];
    let exceptions = EXCEPTIONS
        .iter()
        .map(|(name, args)| ExceptionDecl {
            name: (*name).into(),
            args: args.iter().map(|t| named(t)).collect(),
        })
        .collect();
    TypeTable { decls, exceptions }
}

fn named(t: &str) -> Type {
    match t {
        "int" => Type::int(),
        "string" => Type::string(),
        "string * int * int" => Type::Tuple(vec![Type::string(), Type::int(), Type::int()]),
        other => unreachable!("predefined exception argument type {other}"),
    }
}

/// A program around `body` with the built-in types and an empty variable table.
pub fn empty_program(body: Expr) -> Program {
    Program {
        body,
        vars: VarTable::default(),
        types: builtin_types(),
        next_tyvar: 0,
        inline_sites: InlineSites::default(),
    }
}

/// The index of the exception called `name`, if the table declares it.
pub fn exception_index(types: &TypeTable, name: &str) -> Option<u32> {
    types
        .exceptions
        .iter()
        .position(|e| e.name == name)
        .map(|i| i as u32)
}

/// `true`/`false` as the IR writes them.
pub fn bool_expr(b: bool) -> Expr {
    Expr::Construct {
        ty: Type::bool(),
        index: b as u32,
        args: vec![],
    }
}

/// `()` as the IR writes it.
pub fn unit_expr() -> Expr {
    Expr::Construct {
        ty: Type::unit(),
        index: 0,
        args: vec![],
    }
}
