//! The built-in type declarations and exceptions, in the order [`TyCon`]'s constants fix.
//!
//! `typing` may build its own table; whatever it builds must agree with these indices
//! (`TyCon::INT` = 0 ... `TyCon::EXN` = 9). Constructor indices follow OCaml's declaration
//! order: `false` = 0, `true` = 1; `[]` = 0, `::` = 1; `None` = 0, `Some` = 1.
//! Tests and the interpreter's own examples use [`builtin_types`].

use super::ir::*;

/// `'a`, the parameter of the built-in parameterised types (`list`, `option`, `ref`).
pub const PARAM: TyVar = TyVar(u32::MAX);

pub fn builtin_types() -> TypeTable {
    let a = Type::Var(PARAM);
    let ctor = |name: &str, args: Vec<Type>| Constructor {
        name: name.into(),
        args,
    };
    let prim = |name: &str| TypeDecl {
        name: name.into(),
        params: vec![],
        kind: DeclKind::Primitive,
    };
    let decls = vec![
        prim("int"),
        prim("char"),
        prim("string"),
        prim("float"),
        TypeDecl {
            name: "unit".into(),
            params: vec![],
            kind: DeclKind::Variant(vec![ctor("()", vec![])]),
        },
        TypeDecl {
            name: "bool".into(),
            params: vec![],
            kind: DeclKind::Variant(vec![ctor("false", vec![]), ctor("true", vec![])]),
        },
        TypeDecl {
            name: "list".into(),
            params: vec![PARAM],
            kind: DeclKind::Variant(vec![
                ctor("[]", vec![]),
                ctor(
                    "::",
                    vec![a.clone(), Type::Con(TyCon::LIST, vec![a.clone()])],
                ),
            ]),
        },
        TypeDecl {
            name: "option".into(),
            params: vec![PARAM],
            kind: DeclKind::Variant(vec![ctor("None", vec![]), ctor("Some", vec![a.clone()])]),
        },
        TypeDecl {
            name: "ref".into(),
            params: vec![PARAM],
            kind: DeclKind::Record(vec![FieldInfo {
                name: "contents".into(),
                ty: a,
                mutable: true,
            }]),
        },
        TypeDecl {
            name: "exn".into(),
            params: vec![],
            kind: DeclKind::Extensible,
        },
    ];
    let exn = |name: &str, args: Vec<Type>| ExceptionDecl {
        name: name.into(),
        args,
    };
    let loc = Type::Tuple(vec![Type::string(), Type::int(), Type::int()]);
    let exceptions = vec![
        exn("Not_found", vec![]),
        exn("Failure", vec![Type::string()]),
        exn("Invalid_argument", vec![Type::string()]),
        exn("Exit", vec![]),
        exn("Division_by_zero", vec![]),
        exn("Match_failure", vec![loc.clone()]),
        exn("Assert_failure", vec![loc]),
        exn("Stack_overflow", vec![]),
        exn("End_of_file", vec![]),
    ];
    TypeTable { decls, exceptions }
}

/// A program around `body` with the built-in types and an empty variable table.
pub fn empty_program(body: Expr) -> Program {
    Program {
        body,
        vars: VarTable::default(),
        types: builtin_types(),
        next_tyvar: 0,
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
