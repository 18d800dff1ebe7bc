//! The predefined types, constructors, exceptions and primitive values.
//!
//! Types are registered in the order of the [`TyCon`] constants. Primitive values map an OCaml
//! name to a lambda [`Prim`] of a fixed arity; a primitive used with fewer arguments is
//! eta-expanded by the elaborator. The rest of the standard library is written in OCaml in
//! `typing/prelude.ml`.

pub use crate::lambda::builtins::{EXCEPTIONS, EXN_ASSERT_FAILURE, EXN_MATCH_FAILURE};
use crate::lambda::ir::{Prim, Purity, TyCon, TyVar, Type};

/// How a predefined value is implemented.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinImpl {
    /// A primitive of this many arguments.
    Prim(Prim, usize),
    /// `&&` / `||`: lazy in their second argument.
    And,
    Or,
    /// `raise e`
    Raise,
    /// `ref e`, `!e`, `e1 := e2`
    Ref,
    Deref,
    Assign,
    /// `x |> f` and `f @@ x`: the application `f x` (so `x` is evaluated before `f`).
    RevApply,
    Apply,
    /// A primitive whose arguments ocamlopt evaluates left to right (`String.get`).
    LeftToRight(Prim, usize),
    /// `%field1`: field `n` of the argument.
    Field(u32),
    /// `%ignore`: the argument evaluated, then `()`.
    Ignore,
    /// `%succint`, `%predint`: the argument plus a constant.
    AddConst(i64),
    /// `%word_size` and the other constants of `Sys`: the argument evaluated, then the int.
    Const(i64),
    /// An `external` that cannot be called (an unknown C primitive ...): using it is the error
    /// `Typer::unavailable[i]` (see `typing::externals`).
    Unavailable(u32),
}

/// A predefined value: its OCaml name, its type scheme (in terms of `TyVar(0)`, `TyVar(1)`,
/// quantified), and its implementation.
pub struct Builtin {
    pub name: &'static str,
    pub quantified: usize,
    pub ty: Type,
    pub imp: BuiltinImpl,
}

pub fn builtins() -> Vec<Builtin> {
    use crate::lambda::ir::Prim as P;
    use BuiltinImpl::{And, Apply, Assign, Deref, LeftToRight, Or, Raise, Ref, RevApply};
    let prim = BuiltinImpl::Prim;
    let int = Type::int;
    let bool_ = Type::bool;
    let unit = Type::unit;
    let string = Type::string;
    let a = || Type::Var(TyVar(0));
    let f = |args: Vec<Type>, r: Type| Type::arrows(args.into_iter(), r);
    let mut v = Vec::new();
    let mut add = |name: &'static str, quantified: usize, ty: Type, imp: BuiltinImpl| {
        v.push(Builtin {
            name,
            quantified,
            ty,
            imp,
        })
    };
    let int2 = f(vec![int(), int()], int());
    for (name, p) in [
        ("+", P::Add),
        ("-", P::Sub),
        ("*", P::Mul),
        ("/", P::Div),
        ("mod", P::Mod),
        ("land", P::And),
        ("lor", P::Or),
        ("lxor", P::Xor),
        ("lsl", P::Lsl),
        ("lsr", P::Lsr),
        ("asr", P::Asr),
    ] {
        add(name, 0, int2.clone(), prim(p, 2));
    }
    add("~-", 0, f(vec![int()], int()), prim(P::Neg, 1));
    add("~+", 0, f(vec![int()], int()), prim(P::Add, 0));
    let cmp = f(vec![a(), a()], bool_());
    for (name, p) in [
        ("=", P::Eq),
        ("<>", P::Ne),
        ("<", P::Lt),
        ("<=", P::Le),
        (">", P::Gt),
        (">=", P::Ge),
        ("==", P::PhysEq),
        ("!=", P::PhysNe),
    ] {
        add(name, 1, cmp.clone(), prim(p, 2));
    }
    add("compare", 1, f(vec![a(), a()], int()), prim(P::Compare, 2));
    add("not", 0, f(vec![bool_()], bool_()), prim(P::Not, 1));
    add("&&", 0, f(vec![bool_(), bool_()], bool_()), And);
    add("||", 0, f(vec![bool_(), bool_()], bool_()), Or);
    add("raise", 1, f(vec![Type::exn()], a()), Raise);
    let ref_a = Type::Con(TyCon::REF, vec![a()]);
    add("ref", 1, f(vec![a()], ref_a.clone()), Ref);
    add("!", 1, f(vec![ref_a.clone()], a()), Deref);
    add(":=", 1, f(vec![ref_a, a()], unit()), Assign);
    let b = || Type::Var(TyVar(1));
    add("|>", 2, f(vec![a(), Type::arrow(a(), b())], b()), RevApply);
    add("@@", 2, f(vec![Type::arrow(a(), b()), a()], b()), Apply);
    let rt =
        |name: &'static str, purity: Purity, arity: usize| prim(P::Runtime(name, purity), arity);
    let eff = Purity::Effect;
    add(
        "print_int",
        0,
        f(vec![int()], unit()),
        rt("egret_print_int", eff, 1),
    );
    add(
        "print_string",
        0,
        f(vec![string()], unit()),
        rt("egret_print_string", eff, 1),
    );
    add(
        "print_char",
        0,
        f(vec![Type::char()], unit()),
        rt("egret_print_char", eff, 1),
    );
    add(
        "print_endline",
        0,
        f(vec![string()], unit()),
        rt("egret_print_endline", eff, 1),
    );
    add(
        "print_newline",
        0,
        f(vec![unit()], unit()),
        rt("egret_print_newline", eff, 1),
    );
    add(
        "prerr_int",
        0,
        f(vec![int()], unit()),
        rt("egret_prerr_int", eff, 1),
    );
    add(
        "prerr_string",
        0,
        f(vec![string()], unit()),
        rt("egret_prerr_string", eff, 1),
    );
    add(
        "prerr_endline",
        0,
        f(vec![string()], unit()),
        rt("egret_prerr_endline", eff, 1),
    );
    let pure = Purity::Pure;
    let char_ = Type::char;
    let chan = || Type::Con(TyCon::OUT_CHANNEL, vec![]);
    let array = |t: Type| Type::Con(TyCon::ARRAY, vec![t]);
    add(
        "^",
        0,
        f(vec![string(), string()], string()),
        rt("egret_string_concat", pure, 2),
    );
    add(
        "string_of_int",
        0,
        f(vec![int()], string()),
        rt("egret_string_of_int", pure, 1),
    );
    add(
        "int_of_string",
        0,
        f(vec![string()], int()),
        rt("egret_int_of_string", eff, 1),
    );
    add("exit", 1, f(vec![int()], a()), rt("egret_exit", eff, 1));
    add(
        "flush",
        0,
        f(vec![chan()], unit()),
        rt("egret_flush", eff, 1),
    );
    add(
        "String.length",
        0,
        f(vec![string()], int()),
        rt("egret_string_length", pure, 1),
    );
    add(
        "String.get",
        0,
        f(vec![string(), int()], char_()),
        LeftToRight(P::Runtime("egret_string_get", eff), 2),
    );
    add(
        "String.make",
        0,
        f(vec![int(), char_()], string()),
        rt("egret_string_make", eff, 2),
    );
    add(
        "String.sub",
        0,
        f(vec![string(), int(), int()], string()),
        rt("egret_string_sub", eff, 3),
    );
    add(
        "Sys.opaque_identity",
        1,
        f(vec![a()], a()),
        rt("egret_opaque_identity", eff, 1),
    );
    add(
        "Array.length",
        1,
        f(vec![array(a())], int()),
        rt("egret_array_length", pure, 1),
    );
    add(
        "Array.get",
        1,
        f(vec![array(a()), int()], a()),
        rt("egret_array_get", eff, 2),
    );
    add(
        "Array.set",
        1,
        f(vec![array(a()), int(), a()], unit()),
        rt("egret_array_set", eff, 3),
    );
    add(
        "Array.make",
        1,
        f(vec![int(), a()], array(a())),
        rt("egret_array_make", eff, 2),
    );
    add(
        "Hashtbl.seeded_hash_param",
        1,
        f(vec![int(), int(), int(), a()], int()),
        rt("egret_hash", pure, 4),
    );
    // Private to the prelude (hidden afterwards).
    add(
        "__obj_is_int",
        1,
        f(vec![a()], bool_()),
        rt("egret_obj_is_int", pure, 1),
    );
    add("__channel", 0, f(vec![int()], chan()), prim(P::Identity, 1));
    add(
        "__channel_id",
        0,
        f(vec![chan()], int()),
        prim(P::Identity, 1),
    );
    // `'a -> 'b`, for the prelude's empty array only (a zero-length block has no elements
    // whose representation could disagree with the type).
    add(
        "__empty_array_cast",
        2,
        f(vec![array(unit())], array(Type::Var(TyVar(1)))),
        prim(P::Identity, 1),
    );
    add(
        "__int_of_char",
        0,
        f(vec![char_()], int()),
        prim(P::Identity, 1),
    );
    add(
        "__char_of_int",
        0,
        f(vec![int()], char_()),
        prim(P::Identity, 1),
    );
    let bytes = || Type::Con(TyCon::BYTES, vec![]);
    add(
        "__bytes_of_string",
        0,
        f(vec![string()], bytes()),
        prim(P::Identity, 1),
    );
    add(
        "__string_of_bytes",
        0,
        f(vec![bytes()], string()),
        prim(P::Identity, 1),
    );
    add(
        "__bytes_create",
        0,
        f(vec![int()], string()),
        rt("egret_bytes_create", eff, 1),
    );
    add(
        "__bytes_set",
        0,
        f(vec![string(), int(), char_()], unit()),
        rt("egret_bytes_unsafe_set", eff, 3),
    );
    add(
        "__blit_string",
        0,
        f(vec![string(), int(), string(), int(), int()], unit()),
        rt("egret_blit_string", eff, 5),
    );
    add(
        "__argv",
        0,
        f(vec![unit()], array(string())),
        rt("egret_sys_argv", eff, 1),
    );
    add(
        "__string_compare",
        0,
        f(vec![string(), string()], int()),
        rt("egret_compare", pure, 2),
    );
    v
}
