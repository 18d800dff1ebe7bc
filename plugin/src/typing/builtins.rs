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
    /// `raise e`, `raise_notrace e`, `%reraise`
    Raise(crate::lambda::ir::RaiseKind),
    /// `%raise_with_backtrace e bt`: the trace becomes `bt`, which the raise continues (a
    /// re-raise at the call, as ocamlopt's).
    RaiseWithBacktrace,
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
    /// `%incr`, `%decr`: the int reference's contents plus a constant.
    IncrRef(i64),
    /// `%word_size` and the other constants of `Sys`: the argument evaluated, then the int
    /// (a bool where the result is one, constant constructor `k` where it is a variant:
    /// `%backend_type`'s `Native`).
    Const(i64),
    /// An external of no arrow (`external argv : string array = "%sys_argv"`): the primitive
    /// applied to `()`, at each use (OCaml's arity-0 primitive).
    Value(Prim),
    /// `%lazy_force`: `CamlinternalLazy.force` applied (the tag tests and the forcing that
    /// ocamlopt inlines, in the installed `camlinternalLazy.ml`).
    LazyForce,
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
    /// An `external` whose declared type differs from its implementation's in types of one
    /// representation (`int` for `char`, `bytes` for `string`): its applications cast each
    /// argument and the result (`Prim::Identity`), so the IR stays well typed.
    pub casts: bool,
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
            casts: false,
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
    // The deprecated spellings (`stdlib.mli`: `external ( & ) : .. = "%sequand"`), as lazy.
    add("&", 0, f(vec![bool_(), bool_()], bool_()), And);
    add("or", 0, f(vec![bool_(), bool_()], bool_()), Or);
    // bool.ml's externals (`%boolnot`, `%sequand`, `%sequor`, `%identity`).
    add("Bool.not", 0, f(vec![bool_()], bool_()), prim(P::Not, 1));
    add("Bool.&&", 0, f(vec![bool_(), bool_()], bool_()), And);
    add("Bool.||", 0, f(vec![bool_(), bool_()], bool_()), Or);
    add(
        "Bool.to_int",
        0,
        f(vec![bool_()], int()),
        prim(P::Identity, 1),
    );
    add(
        "raise",
        1,
        f(vec![Type::exn()], a()),
        Raise(crate::lambda::ir::RaiseKind::Regular),
    );
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
    // The prelude's `exit` runs `do_at_exit`, then this (OCaml's sys_exit: no flush).
    add(
        "__sys_exit",
        1,
        f(vec![int()], a()),
        rt("egret_sys_exit", eff, 1),
    );
    // An exception's text: the runtime's (false) or Printexc.to_string_default's (true).
    add(
        "__format_exception",
        0,
        f(vec![Type::exn(), bool_()], string()),
        rt("egret_format_exception_string", pure, 2),
    );
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
    // Floats: the operators are primitives, the C library's functions runtime calls.
    let float = Type::float;
    let float2 = f(vec![float(), float()], float());
    for (name, p) in [
        ("+.", P::FAdd),
        ("-.", P::FSub),
        ("*.", P::FMul),
        ("/.", P::FDiv),
    ] {
        add(name, 0, float2.clone(), prim(p, 2));
    }
    let float1 = f(vec![float()], float());
    add("~-.", 0, float1.clone(), prim(P::FNeg, 1));
    add("~+.", 0, float1.clone(), prim(P::Identity, 1));
    add("abs_float", 0, float1.clone(), prim(P::FAbs, 1));
    add("sqrt", 0, float1.clone(), prim(P::FSqrt, 1));
    for name in ["float", "float_of_int"] {
        add(name, 0, f(vec![int()], float()), prim(P::FloatOfInt, 1));
    }
    for name in ["int_of_float", "truncate"] {
        add(name, 0, f(vec![float()], int()), prim(P::IntOfFloat, 1));
    }
    for (name, imp) in [
        ("exp", rt("egret_float_exp", pure, 1)),
        ("log", rt("egret_float_log", pure, 1)),
        ("log10", rt("egret_float_log10", pure, 1)),
        ("expm1", rt("egret_float_expm1", pure, 1)),
        ("log1p", rt("egret_float_log1p", pure, 1)),
        ("cos", rt("egret_float_cos", pure, 1)),
        ("sin", rt("egret_float_sin", pure, 1)),
        ("tan", rt("egret_float_tan", pure, 1)),
        ("acos", rt("egret_float_acos", pure, 1)),
        ("asin", rt("egret_float_asin", pure, 1)),
        ("atan", rt("egret_float_atan", pure, 1)),
        ("cosh", rt("egret_float_cosh", pure, 1)),
        ("sinh", rt("egret_float_sinh", pure, 1)),
        ("tanh", rt("egret_float_tanh", pure, 1)),
        ("acosh", rt("egret_float_acosh", pure, 1)),
        ("asinh", rt("egret_float_asinh", pure, 1)),
        ("atanh", rt("egret_float_atanh", pure, 1)),
        ("ceil", rt("egret_float_ceil", pure, 1)),
        ("floor", rt("egret_float_floor", pure, 1)),
        ("__float_trunc", rt("egret_float_trunc", pure, 1)),
        ("__float_round", rt("egret_float_round", pure, 1)),
        ("__float_cbrt", rt("egret_float_cbrt", pure, 1)),
        ("__float_exp2", rt("egret_float_exp2", pure, 1)),
        ("__float_log2", rt("egret_float_log2", pure, 1)),
        ("__float_erf", rt("egret_float_erf", pure, 1)),
        ("__float_erfc", rt("egret_float_erfc", pure, 1)),
    ] {
        add(name, 0, float1.clone(), imp);
    }
    for (name, imp) in [
        ("**", rt("egret_float_pow", pure, 2)),
        ("atan2", rt("egret_float_atan2", pure, 2)),
        ("hypot", rt("egret_float_hypot", pure, 2)),
        ("copysign", rt("egret_float_copysign", pure, 2)),
        ("mod_float", rt("egret_float_fmod", pure, 2)),
        ("__float_nextafter", rt("egret_float_nextafter", pure, 2)),
    ] {
        add(name, 0, float2.clone(), imp);
    }
    add(
        "__float_fma",
        0,
        f(vec![float(), float(), float()], float()),
        rt("egret_float_fma", pure, 3),
    );
    add(
        "ldexp",
        0,
        f(vec![float(), int()], float()),
        rt("egret_float_ldexp", pure, 2),
    );
    add(
        "frexp",
        0,
        f(vec![float()], Type::Tuple(vec![float(), int()])),
        rt("egret_float_frexp", pure, 1),
    );
    add(
        "modf",
        0,
        f(vec![float()], Type::Tuple(vec![float(), float()])),
        rt("egret_float_modf", pure, 1),
    );
    add(
        "__classify_float",
        0,
        f(vec![float()], int()),
        rt("egret_float_classify", pure, 1),
    );
    add(
        "__float_compare",
        0,
        f(vec![float(), float()], int()),
        prim(P::FCompare, 2),
    );
    add(
        "string_of_float",
        0,
        f(vec![float()], string()),
        rt("egret_string_of_float", pure, 1),
    );
    add(
        "float_of_string",
        0,
        f(vec![string()], float()),
        rt("egret_float_of_string", eff, 1),
    );
    // Private to the prelude (hidden afterwards).
    add(
        "__obj_is_int",
        1,
        f(vec![a()], bool_()),
        rt("egret_obj_is_int", pure, 1),
    );
    add("__channel", 0, f(vec![int()], chan()), prim(P::Identity, 1));
    let in_chan = || Type::Con(TyCon::IN_CHANNEL, vec![]);
    add(
        "__in_channel",
        0,
        f(vec![int()], in_chan()),
        prim(P::Identity, 1),
    );
    add(
        "__in_channel_id",
        0,
        f(vec![in_chan()], int()),
        prim(P::Identity, 1),
    );
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
        "__string_compare",
        0,
        f(vec![string(), string()], int()),
        rt("egret_compare", pure, 2),
    );
    v
}
