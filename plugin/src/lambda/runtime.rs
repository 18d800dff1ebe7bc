//! The runtime primitives a `Prim::Runtime(name, purity)` may call, with their signatures.
//!
//! The verifier types runtime calls from this table (an unknown name is typed loosely: its
//! arguments are checked, its result is whatever the context demands); the interpreter
//! implements every entry (`interp::Machine::call_runtime`; a test checks the two agree). To add a
//! primitive, add a row here and a case there.

use super::ir::{BoxedIntKind, Purity, Type};

/// The types runtime primitives take and return.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RtTy {
    Int,
    Char,
    String,
    /// A `string` or a `bytes` (one representation): what the external declaring the
    /// function says it is (typed loosely, as [`RtTy::Any`], for results).
    Text,
    Unit,
    Bool,
    /// A (boxed) float.
    Float,
    /// Any type (`exit : int -> 'a`, `Sys.opaque_identity : 'a -> 'a`).
    Any,
    /// `'a array` for any `'a` (typed loosely, as [`RtTy::Any`]; the interpreter wants a block).
    Array,
    /// Boxed integers (custom blocks, `lambda::boxint`).
    Int32,
    Int64,
    Nativeint,
}

impl RtTy {
    /// The IR type, or `None` for [`RtTy::Any`].
    pub fn to_type(self) -> Option<Type> {
        Some(match self {
            RtTy::Int => Type::int(),
            RtTy::Char => Type::char(),
            RtTy::String => Type::string(),
            RtTy::Unit => Type::unit(),
            RtTy::Bool => Type::bool(),
            RtTy::Float => Type::float(),
            RtTy::Int32 => Type::boxed_int(BoxedIntKind::Int32),
            RtTy::Int64 => Type::boxed_int(BoxedIntKind::Int64),
            RtTy::Nativeint => Type::boxed_int(BoxedIntKind::Nativeint),
            RtTy::Any | RtTy::Array | RtTy::Text => return None,
        })
    }
}

#[derive(Debug)]
pub struct RuntimeFn {
    pub name: &'static str,
    pub params: &'static [RtTy],
    pub result: RtTy,
    pub purity: Purity,
}

impl RuntimeFn {
    /// Whether `n` arguments are accepted: the declared number, or none for a function whose
    /// only parameter is `unit` (`print_newline ()` may be lowered either way).
    pub fn accepts_arity(&self, n: usize) -> bool {
        n == self.params.len() || (n == 0 && self.params == [RtTy::Unit])
    }
}

use Purity::*;
use RtTy::*;

macro_rules! rt {
    ($name:literal ($($p:expr),*) -> $r:expr, $pur:expr) => {
        RuntimeFn { name: $name, params: &[$($p),*], result: $r, purity: $pur }
    };
}

/// The primitives of one boxed integer type `$t` (OCaml's C names, `runtime/ints.c`; the
/// `%int32_add` ... primitives map onto them, `typing/externals.rs`).
macro_rules! boxed_int_prims {
    ($t:ident, $p:literal) => {
        [
            RuntimeFn {
                name: concat!("caml_", $p, "_neg"),
                params: &[$t],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_add"),
                params: &[$t, $t],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_sub"),
                params: &[$t, $t],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_mul"),
                params: &[$t, $t],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_div"),
                params: &[$t, $t],
                result: $t,
                purity: Effect,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_mod"),
                params: &[$t, $t],
                result: $t,
                purity: Effect,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_and"),
                params: &[$t, $t],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_or"),
                params: &[$t, $t],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_xor"),
                params: &[$t, $t],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_shift_left"),
                params: &[$t, Int],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_shift_right"),
                params: &[$t, Int],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_shift_right_unsigned"),
                params: &[$t, Int],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_bswap"),
                params: &[$t],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_of_int"),
                params: &[Int],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_to_int"),
                params: &[$t],
                result: Int,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_of_float"),
                params: &[Float],
                result: $t,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_to_float"),
                params: &[$t],
                result: Float,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_compare"),
                params: &[$t, $t],
                result: Int,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_format"),
                params: &[String, $t],
                result: String,
                purity: Pure,
            },
            RuntimeFn {
                name: concat!("caml_", $p, "_of_string"),
                params: &[String],
                result: $t,
                purity: Effect,
            },
            // Printf's `%ld`, `%Lx`, `%nd` ...: the spec as written and the argument.
            RuntimeFn {
                name: concat!("egret_format_", $p),
                params: &[String, $t],
                result: String,
                purity: Pure,
            },
        ]
    };
}

macro_rules! rt_table {
    ($($part:expr),* $(,)?) => {{
        const PARTS: &[&[RuntimeFn]] = &[$($part),*];
        const LEN: usize = {
            let mut n = 0;
            let mut i = 0;
            while i < PARTS.len() {
                n += PARTS[i].len();
                i += 1;
            }
            n
        };
        const TABLE: [RuntimeFn; LEN] = {
            let mut out = [const { RuntimeFn { name: "", params: &[], result: Unit, purity: Pure } }; LEN];
            let mut n = 0;
            let mut i = 0;
            while i < PARTS.len() {
                let mut j = 0;
                while j < PARTS[i].len() {
                    out[n] = RuntimeFn {
                        name: PARTS[i][j].name,
                        params: PARTS[i][j].params,
                        result: PARTS[i][j].result,
                        purity: PARTS[i][j].purity,
                    };
                    n += 1;
                    j += 1;
                }
                i += 1;
            }
            out
        };
        &TABLE
    }};
}

pub const RUNTIME: &[RuntimeFn] = rt_table![
    BASE,
    &boxed_int_prims!(Int32, "int32"),
    &boxed_int_prims!(Int64, "int64"),
    &boxed_int_prims!(Nativeint, "nativeint"),
    &BOXED_INT_CONVERSIONS,
    BIGARRAY,
    UNIX,
];

/// OCaml's `Bigarray` primitives (`runtime/bigarray.c`; egret's `runtime/egret_bigarray.c`):
/// a bigarray is a custom block (typed loosely, as [`RtTy::Any`]), its elements values of the
/// type its kind says; kinds and layouts are the constant constructors' ints. The
/// `%caml_ba_ref_N` ... primitives map onto `caml_ba_get_N` ... (`typing/externals.rs`).
/// The interpreters do not implement bigarrays: calling one is their error.
const BIGARRAY: &[RuntimeFn] = &[
    rt!("caml_ba_create"(Any, Any, Array) -> Any, Effect),
    rt!("caml_ba_get_generic"(Any, Array) -> Any, Effect),
    rt!("caml_ba_set_generic"(Any, Array, Any) -> Unit, Effect),
    rt!("caml_ba_get_1"(Any, Int) -> Any, Effect),
    rt!("caml_ba_get_2"(Any, Int, Int) -> Any, Effect),
    rt!("caml_ba_get_3"(Any, Int, Int, Int) -> Any, Effect),
    rt!("caml_ba_set_1"(Any, Int, Any) -> Unit, Effect),
    rt!("caml_ba_set_2"(Any, Int, Int, Any) -> Unit, Effect),
    rt!("caml_ba_set_3"(Any, Int, Int, Int, Any) -> Unit, Effect),
    rt!("caml_ba_num_dims"(Any) -> Int, Pure),
    rt!("caml_ba_dim"(Any, Int) -> Int, Effect),
    rt!("caml_ba_dim_1"(Any) -> Int, Pure),
    rt!("caml_ba_dim_2"(Any) -> Int, Pure),
    rt!("caml_ba_dim_3"(Any) -> Int, Pure),
    rt!("caml_ba_kind"(Any) -> Any, Pure),
    rt!("caml_ba_layout"(Any) -> Any, Pure),
    rt!("caml_ba_change_layout"(Any, Any) -> Any, Effect),
    rt!("caml_ba_sub"(Any, Int, Int) -> Any, Effect),
    rt!("caml_ba_slice"(Any, Array) -> Any, Effect),
    rt!("caml_ba_blit"(Any, Any) -> Unit, Effect),
    rt!("caml_ba_fill"(Any, Any) -> Unit, Effect),
    rt!("caml_ba_reshape"(Any, Array) -> Any, Effect),
    // A char bigarray's bytes read and written as little-endian 16, 32 and 64-bit integers
    // (`%caml_bigstring_get16` ...), checked.
    rt!("caml_ba_uint8_get16"(Any, Int) -> Int, Effect),
    rt!("caml_ba_uint8_get32"(Any, Int) -> Int32, Effect),
    rt!("caml_ba_uint8_get64"(Any, Int) -> Int64, Effect),
    rt!("caml_ba_uint8_set16"(Any, Int, Int) -> Unit, Effect),
    rt!("caml_ba_uint8_set32"(Any, Int, Int32) -> Unit, Effect),
    rt!("caml_ba_uint8_set64"(Any, Int, Int64) -> Unit, Effect),
];

/// OCaml's Unix library's primitives (OCaml's `otherlibs/unix/*.c`; egret's
/// `runtime/egret_unix.c`), under OCaml's names: the ones `libraries/unix.ml` calls. Records,
/// variants, lists and options are typed loosely ([`RtTy::Any`]). The interpreters do not
/// implement them: calling one is their error ([`is_unix`]).
const UNIX: &[RuntimeFn] = &[
    rt!("unix_error_message"(Any) -> String, Pure),
    rt!("unix_environment"(Unit) -> Array, Effect),
    rt!("unix_putenv"(String, String) -> Unit, Effect),
    rt!("unix_execv"(String, Array) -> Any, Effect),
    rt!("unix_execve"(String, Array, Array) -> Any, Effect),
    rt!("unix_execvp"(String, Array) -> Any, Effect),
    rt!("unix_fork"(Unit) -> Int, Effect),
    rt!("unix_wait"(Unit) -> Any, Effect),
    rt!("unix_waitpid"(Any, Int) -> Any, Effect),
    rt!("unix_exit"(Int) -> Any, Effect),
    rt!("unix_getpid"(Unit) -> Int, Effect),
    rt!("unix_getppid"(Unit) -> Int, Effect),
    rt!("unix_spawn"(String, Array, Any, Bool, Array) -> Int, Effect),
    rt!("unix_open"(String, Any, Int) -> Int, Effect),
    rt!("unix_close"(Int) -> Unit, Effect),
    rt!("unix_read"(Int, Text, Int, Int) -> Int, Effect),
    rt!("unix_write"(Int, Text, Int, Int) -> Int, Effect),
    rt!("unix_single_write"(Int, Text, Int, Int) -> Int, Effect),
    rt!("unix_inchannel_of_filedescr"(Int) -> Any, Effect),
    rt!("unix_outchannel_of_filedescr"(Int) -> Any, Effect),
    rt!("unix_lseek"(Int, Int, Any) -> Int, Effect),
    rt!("unix_truncate"(String, Int) -> Unit, Effect),
    rt!("unix_ftruncate"(Int, Int) -> Unit, Effect),
    rt!("unix_stat"(String) -> Any, Effect),
    rt!("unix_lstat"(String) -> Any, Effect),
    rt!("unix_fstat"(Int) -> Any, Effect),
    rt!("unix_isatty"(Int) -> Bool, Effect),
    rt!("unix_unlink"(String) -> Unit, Effect),
    rt!("unix_rename"(String, String) -> Unit, Effect),
    rt!("unix_readlink"(String) -> String, Effect),
    rt!("unix_chmod"(String, Int) -> Unit, Effect),
    rt!("unix_umask"(Int) -> Int, Effect),
    rt!("unix_access"(String, Any) -> Unit, Effect),
    rt!("unix_dup"(Any, Int) -> Int, Effect),
    rt!("unix_dup2"(Any, Int, Int) -> Unit, Effect),
    rt!("unix_mkdir"(String, Int) -> Unit, Effect),
    rt!("unix_rmdir"(String) -> Unit, Effect),
    rt!("unix_chdir"(String) -> Unit, Effect),
    rt!("unix_getcwd"(Unit) -> String, Effect),
    rt!("unix_opendir"(String) -> Any, Effect),
    rt!("unix_readdir"(Any) -> String, Effect),
    rt!("unix_rewinddir"(Any) -> Unit, Effect),
    rt!("unix_closedir"(Any) -> Unit, Effect),
    rt!("unix_pipe"(Any, Unit) -> Any, Effect),
    rt!("unix_kill"(Int, Int) -> Unit, Effect),
    rt!("unix_time"(Unit) -> Float, Effect),
    rt!("unix_gettimeofday"(Unit) -> Float, Effect),
    rt!("unix_gmtime"(Float) -> Any, Effect),
    rt!("unix_localtime"(Float) -> Any, Effect),
    rt!("unix_mktime"(Any) -> Any, Effect),
    rt!("unix_alarm"(Int) -> Int, Effect),
    rt!("unix_sleep"(Float) -> Unit, Effect),
    rt!("unix_times"(Unit) -> Any, Effect),
    rt!("unix_getuid"(Unit) -> Int, Effect),
    rt!("unix_geteuid"(Unit) -> Int, Effect),
    rt!("unix_getgid"(Unit) -> Int, Effect),
    rt!("unix_getegid"(Unit) -> Int, Effect),
    rt!("unix_gethostname"(Unit) -> String, Effect),
];

/// Whether `name` is a primitive of the Unix library ([`UNIX`]), which only the C runtime
/// implements.
pub fn is_unix(name: &str) -> bool {
    name.starts_with("unix_")
}

/// The runtime's own primitives and OCaml's other C primitives.
const BASE: &[RuntimeFn] = &[
    rt!("egret_print_int"(Int) -> Unit, Effect),
    rt!("egret_print_string"(String) -> Unit, Effect),
    rt!("egret_print_char"(Char) -> Unit, Effect),
    rt!("egret_print_endline"(String) -> Unit, Effect),
    rt!("egret_print_newline"(Unit) -> Unit, Effect),
    rt!("egret_prerr_string"(String) -> Unit, Effect),
    rt!("egret_prerr_endline"(String) -> Unit, Effect),
    rt!("egret_prerr_int"(Int) -> Unit, Effect),
    rt!("egret_flush_stdout"(Unit) -> Unit, Effect),
    rt!("egret_flush_stderr"(Unit) -> Unit, Effect),
    rt!("egret_string_concat"(String, String) -> String, Pure),
    rt!("egret_string_length"(Text) -> Int, Pure),
    rt!("egret_string_get"(Text, Int) -> Char, Effect),
    rt!("egret_string_of_int"(Int) -> String, Pure),
    rt!("egret_int_of_string"(String) -> Int, Effect),
    rt!("egret_string_sub"(String, Int, Int) -> String, Effect),
    rt!("egret_string_make"(Int, Char) -> String, Effect),
    rt!("egret_exit"(Int) -> Any, Effect),
    rt!("egret_sys_exit"(Int) -> Any, Effect),
    rt!("egret_format_exception_string"(Any, Bool) -> String, Pure),
    rt!("egret_opaque_identity"(Any) -> Any, Effect),
    // `let rec` of values: a dummy block of n fields, then filled with a block's tag and fields.
    rt!("egret_alloc_dummy"(Int) -> Any, Effect),
    // `let exception C`: a fresh identity [name, id] of tag 248 (`typing::extensible`).
    rt!("egret_fresh_exception"(String) -> Any, Effect),
    rt!("egret_update_dummy"(Any, Any) -> Unit, Effect),
    // `flush chan` passes an `out_channel`, `%!` passes the int 1 or 2 (stdout or stderr).
    rt!("egret_flush"(Any) -> Unit, Effect),
    rt!("egret_compare"(Any, Any) -> Int, Pure),
    // `= <> < > <= >=` on structured values: raises on functional values.
    rt!("egret_compare_partial"(Any, Any) -> Int, Effect),
    // Strings as mutable bytes (`String.init`, `String.concat` build them in place).
    rt!("egret_bytes_create"(Int) -> Text, Effect),
    // OCaml's own primitives of string.ml and bytes.ml (runtime/str.c).
    rt!("caml_bytes_set"(Text, Int, Char) -> Unit, Effect),
    rt!("caml_fill_bytes"(Text, Int, Int, Char) -> Unit, Effect),
    rt!("caml_string_equal"(Text, Text) -> Bool, Pure),
    rt!("caml_string_notequal"(Text, Text) -> Bool, Pure),
    rt!("caml_string_lessthan"(Text, Text) -> Bool, Pure),
    rt!("caml_string_lessequal"(Text, Text) -> Bool, Pure),
    rt!("caml_string_greaterthan"(Text, Text) -> Bool, Pure),
    rt!("caml_string_greaterequal"(Text, Text) -> Bool, Pure),
    rt!("caml_string_compare"(Text, Text) -> Int, Pure),
    rt!("egret_bytes_unsafe_set"(Text, Int, Char) -> Unit, Effect),
    rt!("egret_blit_string"(Text, Int, Text, Int, Int) -> Unit, Effect),
    // Printf conversions: the spec as written (`%-5d`) and the argument; a fresh string.
    rt!("egret_format_int"(String, Int) -> String, Pure),
    rt!("egret_format_string"(String, String) -> String, Pure),
    rt!("egret_format_char"(String, Char) -> String, Pure),
    rt!("egret_sys_argv"(Unit) -> Array, Effect),
    rt!("egret_array_length"(Array) -> Int, Pure),
    rt!("egret_array_get"(Array, Int) -> Any, Effect),
    rt!("egret_array_set"(Array, Int, Any) -> Unit, Effect),
    rt!("egret_array_make"(Int, Any) -> Array, Effect),
    // caml_floatarray_create, caml_make_float_vect: a flat float array of zeros.
    rt!("egret_floatarray_create"(Int) -> Array, Effect),
    // OCaml's array.c for the installed array.ml (bounds checked by its callers): copies keep
    // the source's representation (flat for floats), the empty array has tag 0.
    rt!("caml_array_sub"(Array, Int, Int) -> Array, Effect),
    rt!("caml_array_append"(Array, Array) -> Array, Effect),
    rt!("caml_array_concat"(Any) -> Array, Effect),
    rt!("caml_array_blit"(Array, Int, Array, Int, Int) -> Unit, Effect),
    rt!("caml_array_fill"(Array, Int, Int, Any) -> Unit, Effect),
    // The same by the array's kind, which `mono` knows from its type (ocamlopt's Paddrarray:
    // not floats; Pfloatarray: a flat float array). The SSA lowering inlines all six.
    rt!("egret_addr_array_get"(Array, Int) -> Any, Effect),
    rt!("egret_addr_array_set"(Array, Int, Any) -> Unit, Effect),
    rt!("egret_floatarray_get"(Array, Int) -> Any, Effect),
    rt!("egret_floatarray_set"(Array, Int, Any) -> Unit, Effect),
    // A flat float record's field (`Expr::record_field`); the lowering inlines them.
    // `Obj.field`, `Obj.set_field`: `egret_array_get`/`_set` as calls (`%obj_field`).
    rt!("egret_obj_field"(Any, Int) -> Any, Effect),
    rt!("egret_obj_set_field"(Any, Int, Any) -> Unit, Effect),
    rt!("egret_double_field_get"(Any, Int) -> Float, ReadOnly),
    rt!("egret_double_field_set"(Any, Int, Float) -> Unit, Effect),
    // `Hashtbl.seeded_hash_param count limit seed v` (OCaml's caml_hash).
    rt!("egret_hash"(Int, Int, Int, Any) -> Int, Pure),
    // Floats (boxed: a `Double_tag` block). Conversions as OCaml's runtime (`floats.c`).
    rt!("egret_float_of_string"(String) -> Float, Effect),
    rt!("egret_string_of_float"(Float) -> String, Pure),
    // A Printf float conversion (`%-8.3f`, `%F`, `%h`) and the argument.
    rt!("egret_format_float"(String, Float) -> String, Pure),
    // CamlinternalFormat's `%h`: the float, the precision (negative: as many digits as
    // needed) and the sign of a non-negative number (`-` none, `+`, ` `).
    rt!("caml_hexstring_of_float"(Float, Int, Char) -> String, Pure),
    rt!("egret_float_ldexp"(Float, Int) -> Float, Pure),
    // `frexp`/`modf`: a pair (float * int, float * float).
    rt!("egret_float_frexp"(Float) -> Any, Pure),
    rt!("egret_float_modf"(Float) -> Any, Pure),
    // `classify_float`: the index of the `fpclass` constructor.
    rt!("egret_float_classify"(Float) -> Any, Pure),
    rt!("egret_float_fma"(Float, Float, Float) -> Float, Pure),
    // The C library's functions of one and two floats (`egret_float_` + the C name).
    rt!("egret_float_exp"(Float) -> Float, Pure),
    rt!("egret_float_log"(Float) -> Float, Pure),
    rt!("egret_float_log10"(Float) -> Float, Pure),
    rt!("egret_float_log2"(Float) -> Float, Pure),
    rt!("egret_float_exp2"(Float) -> Float, Pure),
    rt!("egret_float_expm1"(Float) -> Float, Pure),
    rt!("egret_float_log1p"(Float) -> Float, Pure),
    rt!("egret_float_sin"(Float) -> Float, Pure),
    rt!("egret_float_cos"(Float) -> Float, Pure),
    rt!("egret_float_tan"(Float) -> Float, Pure),
    rt!("egret_float_asin"(Float) -> Float, Pure),
    rt!("egret_float_acos"(Float) -> Float, Pure),
    rt!("egret_float_atan"(Float) -> Float, Pure),
    rt!("egret_float_sinh"(Float) -> Float, Pure),
    rt!("egret_float_cosh"(Float) -> Float, Pure),
    rt!("egret_float_tanh"(Float) -> Float, Pure),
    rt!("egret_float_asinh"(Float) -> Float, Pure),
    rt!("egret_float_acosh"(Float) -> Float, Pure),
    rt!("egret_float_atanh"(Float) -> Float, Pure),
    rt!("egret_float_ceil"(Float) -> Float, Pure),
    rt!("egret_float_floor"(Float) -> Float, Pure),
    rt!("egret_float_trunc"(Float) -> Float, Pure),
    rt!("egret_float_round"(Float) -> Float, Pure),
    rt!("egret_float_cbrt"(Float) -> Float, Pure),
    rt!("egret_float_signbit"(Float) -> Bool, Pure),
    rt!("egret_float_erf"(Float) -> Float, Pure),
    rt!("egret_float_erfc"(Float) -> Float, Pure),
    rt!("egret_float_atan2"(Float, Float) -> Float, Pure),
    rt!("egret_float_hypot"(Float, Float) -> Float, Pure),
    rt!("egret_float_pow"(Float, Float) -> Float, Pure),
    rt!("egret_float_fmod"(Float, Float) -> Float, Pure),
    rt!("egret_float_copysign"(Float, Float) -> Float, Pure),
    rt!("egret_float_nextafter"(Float, Float) -> Float, Pure),
    // ---- OCaml's C primitives, called by `external` declarations (the prelude's `Gc` ...) ----
    // `Gc`: egret's collector is one non-moving generation, so `minor`, `major`, `full_major`,
    // `compaction` and `major_slice` are each a full collection.
    rt!("caml_gc_minor"(Unit) -> Unit, Effect),
    rt!("caml_gc_major"(Unit) -> Unit, Effect),
    rt!("caml_gc_full_major"(Unit) -> Unit, Effect),
    rt!("caml_gc_compaction"(Unit) -> Unit, Effect),
    rt!("caml_gc_major_slice"(Int) -> Int, Effect),
    // The control record (`Gc.control`, 11 int fields), kept and normalised as OCaml's
    // `caml_gc_set` does ([`GcControl`]).
    rt!("caml_gc_get"(Unit) -> Any, Effect),
    rt!("caml_gc_set"(Any) -> Unit, Effect),
    // The counters (words allocated: minor words as a boxed float, the triple of
    // `Gc.counters`), the `Gc.stat` record (`stat` walks the heap, `quick_stat` does not), and
    // the free words of the current allocation region. The interpreters count nothing (0).
    rt!("caml_gc_minor_words"(Unit) -> Float, Effect),
    rt!("caml_gc_counters"(Unit) -> Any, Effect),
    rt!("caml_gc_stat"(Unit) -> Any, Effect),
    rt!("caml_gc_quick_stat"(Unit) -> Any, Effect),
    rt!("caml_get_minor_free"(Unit) -> Int, Effect),
    // Finalisers and ephemerons (runtime/egret_weak.c): `Gc.finalise` and
    // `Gc.finalise_last` register (function, value); `egret_final_pending` says whether a
    // finaliser is due, `egret_final_next` gives the next one as a pair (function, argument),
    // or 0; an ephemeron of n keys is a block of
    // tag 251 and n + 2 fields (the empty marker, the data, the keys), every field unset.
    rt!("caml_final_register"(Any, Any) -> Unit, Effect),
    rt!("caml_final_register_called_without_value"(Any, Any) -> Unit, Effect),
    rt!("egret_final_pending"(Unit) -> Bool, Effect),
    rt!("egret_final_next"(Unit) -> Any, Effect),
    rt!("caml_ephe_create"(Int) -> Any, Effect),
    // Weak arrays (weak.ml's externals; the offsets checked by weak.ml): an ephemeron whose
    // data stays unset; `get` is an option (`get_copy` of a one-level copy), `blit` as memmove.
    rt!("caml_weak_create"(Int) -> Any, Effect),
    rt!("caml_ephe_set_key"(Any, Int, Any) -> Unit, Effect),
    rt!("caml_ephe_unset_key"(Any, Int) -> Unit, Effect),
    rt!("caml_weak_get"(Any, Int) -> Any, Effect),
    rt!("caml_weak_get_copy"(Any, Int) -> Any, Effect),
    rt!("caml_weak_check"(Any, Int) -> Bool, ReadOnly),
    rt!("caml_weak_blit"(Any, Int, Any, Int, Int) -> Unit, Effect),
    // Obj.Ephemeron's data (field 1), after OCaml's weak.c: `get_data` is an option
    // (`get_data_copy` of a one-level copy); its keys' are the `caml_weak_*` above
    // ([`OCAML_NAMES`]).
    rt!("caml_ephe_get_data"(Any) -> Any, Effect),
    rt!("caml_ephe_get_data_copy"(Any) -> Any, Effect),
    rt!("caml_ephe_set_data"(Any, Any) -> Unit, Effect),
    rt!("caml_ephe_unset_data"(Any) -> Unit, Effect),
    rt!("caml_ephe_check_data"(Any) -> Bool, ReadOnly),
    rt!("caml_ephe_blit_data"(Any, Any) -> Unit, Effect),
    // `Obj` (runtime/egret_prims.c, after OCaml's obj.c): a value's tag (1000 for an int),
    // `%obj_is_int`, and fresh blocks.
    rt!("caml_obj_tag"(Any) -> Int, ReadOnly),
    // Printexc's backtraces (runtime/egret_backtrace.c); the interpreters record none.
    rt!("caml_record_backtrace"(Bool) -> Unit, Effect),
    rt!("caml_backtrace_status"(Unit) -> Bool, ReadOnly),
    rt!("caml_get_exception_raw_backtrace"(Unit) -> Any, Effect),
    rt!("caml_restore_raw_backtrace"(Any, Any) -> Unit, Effect),
    rt!("caml_get_current_callstack"(Int) -> Any, Effect),
    rt!("caml_convert_raw_backtrace"(Any) -> Any, Effect),
    rt!("caml_convert_raw_backtrace_slot"(Any) -> Any, Effect),
    rt!("caml_raw_backtrace_slot"(Any, Int) -> Any, Effect),
    rt!("caml_raw_backtrace_next_slot"(Any) -> Any, Effect),
    rt!("caml_get_exception_backtrace"(Unit) -> Any, Effect),
    rt!("caml_ml_debug_info_status"(Unit) -> Int, Pure),
    rt!("egret_obj_is_int"(Any) -> Bool, Pure),
    rt!("caml_obj_block"(Int, Int) -> Any, Effect),
    rt!("caml_obj_with_tag"(Int, Any) -> Any, Effect),
    rt!("caml_obj_dup"(Any) -> Any, Effect),
    // Obj.set_tag (in place), Obj.raw_field and Obj.set_raw_field (a field's word as a
    // nativeint).
    rt!("caml_obj_set_tag"(Any, Int) -> Unit, Effect),
    rt!("caml_obj_raw_field"(Any, Int) -> Nativeint, Effect),
    rt!("caml_obj_set_raw_field"(Any, Int, Nativeint) -> Unit, Effect),
    // Lazy values (camlinternalLazy.ml, lazy.ml): a block forced in place, a forward block.
    rt!("caml_obj_make_forward"(Any, Any) -> Unit, Effect),
    rt!("caml_lazy_make_forward"(Any) -> Any, Effect),
    // The words of the heap blocks a value reaches (static data is not counted).
    rt!("caml_obj_reachable_words"(Any) -> Int, ReadOnly),
    // `Sys` (runtime/egret_prims.c, after OCaml's sys.c; the interpreters' are `lambda::sys`).
    // Channels (runtime/egret_runtime.c, after OCaml's io.c; the interpreters' are
    // `lambda::chan`): a channel is an int, 0 stdin, 1 stdout, 2 stderr, 3.. opened files.
    rt!("egret_open_in"(String) -> Int, Effect),
    rt!("egret_open_out"(String) -> Int, Effect),
    // open_out_gen / open_in_gen: caml_sys_open's flags as bits (bit i: the i-th
    // `open_flag`), the permissions, whether an output channel.
    rt!("egret_close_channel"(Any) -> Unit, Effect),
    // The next byte, or -1 at the end of the input.
    rt!("egret_input_char"(Any) -> Int, Effect),
    // `caml_ml_input` without the destination: at most n bytes, read into a fresh string
    // (empty at the end of the input).
    rt!("egret_input"(Any, Int) -> String, Effect),
    // OCaml's caml_ml_input_scan_line: n > 0, a line of n bytes (newline included) is
    // buffered; n <= 0, -n bytes and no newline (end of input or a full buffer).
    rt!("egret_input_scan_line"(Any) -> Int, Effect),
    rt!("egret_in_channel_length"(Any) -> Int, Effect),
    rt!("egret_output_string"(Any, String) -> Unit, Effect),
    rt!("egret_flush_all"(Unit) -> Unit, Effect),
    // Positions (OCaml's `channel->offset` bookkeeping): `pos_in`, `seek_in` (within the
    // buffer when it can), `pos_out`, `seek_out` (flushes first), `out_channel_length`.
    rt!("egret_pos_in"(Any) -> Int, Effect),
    rt!("egret_seek_in"(Any, Int) -> Unit, Effect),
    rt!("egret_pos_out"(Any) -> Int, Effect),
    rt!("egret_seek_out"(Any, Int) -> Unit, Effect),
    rt!("egret_out_channel_length"(Any) -> Int, Effect),
    // `open_in_gen`/`open_out_gen`: OCaml's caml_sys_open (the flag list as a bit set, bit i
    // for the i-th `open_flag`; the permissions) gives a descriptor, which
    // caml_ml_open_descriptor_in/out make a channel; `Filename.temp_file` closes one.
    rt!("egret_sys_open"(String, Int, Int) -> Int, Effect),
    rt!("egret_sys_close"(Int) -> Unit, Effect),
    // OCaml's own, with the open_flag list (`Filename.temp_file`); the interpreters make it
    // the bit set.
    rt!("caml_sys_open"(String, Any, Int) -> Int, Effect),
    rt!("egret_open_descriptor_in"(Int) -> Int, Effect),
    rt!("egret_open_descriptor_out"(Int) -> Int, Effect),
    rt!("caml_sys_getenv"(String) -> String, Effect),
    rt!("caml_sys_file_exists"(String) -> Bool, Effect),
    rt!("caml_sys_is_directory"(String) -> Bool, Effect),
    rt!("caml_sys_remove"(String) -> Unit, Effect),
    rt!("caml_sys_rename"(String, String) -> Unit, Effect),
    rt!("caml_sys_chdir"(String) -> Unit, Effect),
    rt!("caml_sys_getcwd"(Unit) -> String, Effect),
    rt!("caml_sys_mkdir"(String, Int) -> Unit, Effect),
    rt!("caml_sys_rmdir"(String) -> Unit, Effect),
    rt!("caml_sys_system_command"(String) -> Int, Effect),
    rt!("caml_sys_read_directory"(String) -> Array, Effect),
    // `Sys.time`: the processor time used (getrusage), boxed.
    rt!("caml_sys_time"(Unit) -> Float, Effect),
    // `Sys.executable_name`: /proc/self/exe, else argv[0].
    rt!("caml_sys_executable_name"(Unit) -> String, Effect),
    // Sys's configuration (OCaml's sys.c and gc_ctrl.c): ("Unix", 64, false); the runtime
    // variant "" (not the debug or instrumented one); the settings in OCAMLRUNPARAM's syntax
    // ([`GcControl::runtime_parameters`]); the runtime-warnings flag, stored and read back.
    rt!("caml_sys_get_config"(Unit) -> Any, Effect),
    rt!("caml_runtime_variant"(Unit) -> String, Effect),
    rt!("caml_runtime_parameters"(Unit) -> String, Effect),
    rt!("caml_ml_enable_runtime_warnings"(Bool) -> Unit, Effect),
    rt!("caml_ml_runtime_warnings_enabled"(Unit) -> Bool, Effect),
    // `Sys.signal`: installs the behaviour (Signal_default 0, Signal_ignore 1, a block
    // [handler]) and returns the previous one; a handler runs at the next allocation
    // (runtime/egret_prims.c; the interpreters record behaviours and receive no signals).
    rt!("caml_install_signal_handler"(Int, Any) -> Any, Effect),
    // `Random.self_init`'s seed: an int array from /dev/urandom (egret_prims.c).
    rt!("caml_sys_random_seed"(Unit) -> Array, Effect),
    // `Digest.string`: the 16 bytes of the MD5 of a substring (runtime/egret_md5.c,
    // `lambda::md5`); `Digest.substring` checks the bounds.
    rt!("caml_md5_string"(String, Int, Int) -> String, Pure),
    // `Digest.channel`: of the next n bytes of a channel, or of the rest when n < 0.
    rt!("caml_md5_chan"(Any, Int) -> String, Effect),
    // `Callback.register`: the runtime keeps the value under the name, alive (a GC root).
    rt!("caml_register_named_value"(String, Any) -> Unit, Effect),
    // The value registered under a name, as an option (the uncaught-exception handler's
    // lookup of Printexc's).
    rt!("egret_named_value"(String) -> Any, ReadOnly),
    // The automata of ocamllex's lexers and ocamlyacc's parsers (runtime/egret_lexing.c,
    // egret_parsing.c; the interpreters' are `lambda::engines`): they update the fields of
    // the `Lexing.lexbuf` and `Parsing.parser_env` records in place.
    rt!("caml_lex_engine"(Any, Int, Any) -> Int, Effect),
    rt!("caml_new_lex_engine"(Any, Int, Any) -> Int, Effect),
    rt!("caml_parse_engine"(Any, Any, Any, Any) -> Any, Effect),
    rt!("caml_set_parser_trace"(Bool) -> Bool, Effect),
    // Marshal (runtime/egret_marshal.c, after OCaml's extern.c and intern.c: OCaml's format).
    // Not in the interpreters (a call is their error).
    rt!("caml_output_value"(Any, Any, Any) -> Unit, Effect),
    rt!("caml_output_value_to_bytes"(Any, Any) -> Text, Effect),
    rt!("caml_output_value_to_string"(Any, Any) -> Text, Effect),
    rt!("caml_output_value_to_buffer"(Any, Int, Int, Any, Any) -> Int, Effect),
    rt!("caml_input_value"(Any) -> Any, Effect),
    rt!("caml_input_value_from_bytes"(Any, Int) -> Any, Effect),
    rt!("caml_marshal_data_size"(Any, Int) -> Int, Effect),
];

/// The conversions between boxed integer types, their float bits, `%bswap16` on ints, and
/// the strings' and bytes' accesses of 16, 32 and 64 bits (little-endian; a string or bytes
/// first, typed loosely as the two types differ).
const BOXED_INT_CONVERSIONS: [RuntimeFn; 20] = [
    rt!("caml_string_get16"(Any, Int) -> Int, Effect),
    rt!("caml_string_get32"(Any, Int) -> Int32, Effect),
    rt!("caml_string_get64"(Any, Int) -> Int64, Effect),
    rt!("caml_bytes_get16"(Any, Int) -> Int, Effect),
    rt!("caml_bytes_get32"(Any, Int) -> Int32, Effect),
    rt!("caml_bytes_get64"(Any, Int) -> Int64, Effect),
    rt!("caml_bytes_set16"(Any, Int, Int) -> Unit, Effect),
    rt!("caml_bytes_set32"(Any, Int, Int32) -> Unit, Effect),
    rt!("caml_bytes_set64"(Any, Int, Int64) -> Unit, Effect),
    rt!("caml_bswap16"(Int) -> Int, Pure),
    rt!("caml_int64_of_int32"(Int32) -> Int64, Pure),
    rt!("caml_int64_to_int32"(Int64) -> Int32, Pure),
    rt!("caml_nativeint_of_int32"(Int32) -> Nativeint, Pure),
    rt!("caml_nativeint_to_int32"(Nativeint) -> Int32, Pure),
    rt!("caml_int64_of_nativeint"(Nativeint) -> Int64, Pure),
    rt!("caml_int64_to_nativeint"(Int64) -> Nativeint, Pure),
    rt!("caml_int32_bits_of_float"(Float) -> Int32, Pure),
    rt!("caml_int32_float_of_bits"(Int32) -> Float, Pure),
    rt!("caml_int64_bits_of_float"(Float) -> Int64, Pure),
    rt!("caml_int64_float_of_bits"(Int64) -> Float, Pure),
];

/// The C library's functions of one float the runtime exposes as `egret_float_<name>`, with
/// their meaning for the interpreters: the same C functions (the system's `libm`, which Rust's
/// standard library links), so that both give the same bits.
/// A float function of one argument.
pub type FloatFn1 = fn(f64) -> f64;
/// A float function of two arguments.
pub type FloatFn2 = fn(f64, f64) -> f64;

pub const FLOAT_UNARY: &[(&str, FloatFn1)] = &[
    ("exp", |x| unsafe { libm::exp(x) }),
    ("log", |x| unsafe { libm::log(x) }),
    ("log10", |x| unsafe { libm::log10(x) }),
    ("log2", |x| unsafe { libm::log2(x) }),
    ("exp2", |x| unsafe { libm::exp2(x) }),
    ("expm1", |x| unsafe { libm::expm1(x) }),
    ("log1p", |x| unsafe { libm::log1p(x) }),
    ("sin", |x| unsafe { libm::sin(x) }),
    ("cos", |x| unsafe { libm::cos(x) }),
    ("tan", |x| unsafe { libm::tan(x) }),
    ("asin", |x| unsafe { libm::asin(x) }),
    ("acos", |x| unsafe { libm::acos(x) }),
    ("atan", |x| unsafe { libm::atan(x) }),
    ("sinh", |x| unsafe { libm::sinh(x) }),
    ("cosh", |x| unsafe { libm::cosh(x) }),
    ("tanh", |x| unsafe { libm::tanh(x) }),
    ("asinh", |x| unsafe { libm::asinh(x) }),
    ("acosh", |x| unsafe { libm::acosh(x) }),
    ("atanh", |x| unsafe { libm::atanh(x) }),
    ("ceil", |x| unsafe { libm::ceil(x) }),
    ("floor", |x| unsafe { libm::floor(x) }),
    ("trunc", |x| unsafe { libm::trunc(x) }),
    ("round", |x| unsafe { libm::round(x) }),
    ("cbrt", |x| unsafe { libm::cbrt(x) }),
    ("erf", |x| unsafe { libm::erf(x) }),
    ("erfc", |x| unsafe { libm::erfc(x) }),
];

/// The functions of two floats, likewise.
pub const FLOAT_BINARY: &[(&str, FloatFn2)] = &[
    ("atan2", |x, y| unsafe { libm::atan2(x, y) }),
    ("hypot", |x, y| unsafe { libm::hypot(x, y) }),
    ("pow", |x, y| unsafe { libm::pow(x, y) }),
    ("fmod", |x, y| unsafe { libm::fmod(x, y) }),
    ("copysign", |x, y| unsafe { libm::copysign(x, y) }),
    ("nextafter", |x, y| unsafe { libm::nextafter(x, y) }),
];

/// The C library function of doubles that the runtime's `egret_float_<c>` boxes (one of
/// [`FLOAT_UNARY`] or [`FLOAT_BINARY`]), with its arity: compiled code calls `<c>` itself with
/// unboxed arguments and result, as ocamlopt calls the `[@@unboxed]` externals of `Float`.
pub fn unboxed_c_float(runtime_name: &str) -> Option<(&'static str, usize)> {
    let c = runtime_name.strip_prefix("egret_float_")?;
    let unary = FLOAT_UNARY
        .iter()
        .find(|(n, _)| *n == c)
        .map(|(n, _)| (*n, 1));
    unary.or_else(|| {
        FLOAT_BINARY
            .iter()
            .find(|(n, _)| *n == c)
            .map(|(n, _)| (*n, 2))
    })
}

/// The arity of `c_name` if it is a C library function of doubles of [`FLOAT_UNARY`] or
/// [`FLOAT_BINARY`] (a runtime call to it passes and returns unboxed floats).
pub fn c_float_arity(c_name: &str) -> Option<usize> {
    let unary = FLOAT_UNARY.iter().any(|(n, _)| *n == c_name);
    let binary = FLOAT_BINARY.iter().any(|(n, _)| *n == c_name);
    unary.then_some(1).or(binary.then_some(2))
}

/// The C library's mathematics.
mod libm {
    unsafe extern "C" {
        pub fn exp(x: f64) -> f64;
        pub fn log(x: f64) -> f64;
        pub fn log10(x: f64) -> f64;
        pub fn log2(x: f64) -> f64;
        pub fn exp2(x: f64) -> f64;
        pub fn expm1(x: f64) -> f64;
        pub fn log1p(x: f64) -> f64;
        pub fn sin(x: f64) -> f64;
        pub fn cos(x: f64) -> f64;
        pub fn tan(x: f64) -> f64;
        pub fn asin(x: f64) -> f64;
        pub fn acos(x: f64) -> f64;
        pub fn atan(x: f64) -> f64;
        pub fn sinh(x: f64) -> f64;
        pub fn cosh(x: f64) -> f64;
        pub fn tanh(x: f64) -> f64;
        pub fn asinh(x: f64) -> f64;
        pub fn acosh(x: f64) -> f64;
        pub fn atanh(x: f64) -> f64;
        pub fn ceil(x: f64) -> f64;
        pub fn floor(x: f64) -> f64;
        pub fn trunc(x: f64) -> f64;
        pub fn round(x: f64) -> f64;
        pub fn cbrt(x: f64) -> f64;
        pub fn erf(x: f64) -> f64;
        pub fn erfc(x: f64) -> f64;
        pub fn atan2(y: f64, x: f64) -> f64;
        pub fn hypot(x: f64, y: f64) -> f64;
        pub fn pow(x: f64, y: f64) -> f64;
        pub fn fmod(x: f64, y: f64) -> f64;
        pub fn copysign(x: f64, y: f64) -> f64;
        pub fn nextafter(x: f64, y: f64) -> f64;
    }
}

/// OCaml's `Gc.control` record as `caml_gc_get` returns it: the runtime's parameters. egret's
/// collector keeps its own policy (ARCHITECTURE.md, "The garbage collector"); the parameters
/// are stored, normalised as OCaml 4.13's `caml_gc_set` does (`runtime/gc_ctrl.c`), and read
/// back. `runtime/egret_gc.c` does the same in C; both interpreters use this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GcControl(pub [i64; 11]);

impl Default for GcControl {
    /// OCaml 4.13's defaults (`runtime/caml/config.h`); `stack_limit` is 0 in native code.
    fn default() -> Self {
        GcControl([262_144, 15, 120, 0, 500, 0, 2, 1, 44, 100, 8192])
    }
}

impl GcControl {
    /// `Sys.runtime_parameters`'s text (OCaml 4.13's `caml_runtime_parameters`): these
    /// settings, the backtrace, parser-trace and runtime-warnings flags (`H`, `l`, `t`: 0 in
    /// native code, as in egret_gc.c).
    pub fn runtime_parameters(
        &self,
        backtrace: bool,
        parser_trace: bool,
        warnings: bool,
    ) -> std::string::String {
        let c = &self.0;
        format!(
            "a={},b={},H=0,i={},l=0,o={},O={},p={},s={},t=0,v={},w={},W={}",
            c[6],
            backtrace as u8,
            c[1],
            c[2],
            c[4],
            parser_trace as u8,
            c[0],
            c[3],
            c[7],
            warnings as u8
        )
    }

    /// `caml_gc_set`: the new record's fields, normalised; `stack_limit` is ignored in native
    /// code (it stays 0).
    pub fn set(&mut self, f: [i64; 11]) {
        // OCaml's `Max (p, 1)` on unsigned words: only 0 becomes 1.
        let at_least_1 = |p: i64| if p == 0 { 1 } else { p };
        let c = &mut self.0;
        c[3] = f[3];
        c[2] = at_least_1(f[2]);
        c[4] = f[4];
        c[1] = f[1];
        c[7] = f[7].clamp(1, 50);
        c[8] = at_least_1(f[8]);
        c[9] = at_least_1(f[9]);
        c[10] = f[10];
        // Next-fit (0) and first-fit (1); anything else is best-fit (2).
        c[6] = if f[6] == 0 || f[6] == 1 { f[6] } else { 2 };
        // The minor heap size: within [4096, 2^28] words, rounded up to whole 4 KiB pages.
        let s = f[0].clamp(4096, 1 << 28);
        c[0] = (s + 511) / 512 * 512;
    }
}

/// Marshal's primitives, which only the C runtime implements (the interpreters' values are
/// not OCaml's blocks): a call is the interpreters' error.
pub const MARSHAL: &[&str] = &[
    "caml_output_value",
    "caml_output_value_to_bytes",
    "caml_output_value_to_string",
    "caml_output_value_to_buffer",
    "caml_input_value",
    "caml_input_value_from_bytes",
    "caml_marshal_data_size",
];

pub fn lookup(name: &str) -> Option<&'static RuntimeFn> {
    let name = OCAML_NAMES
        .iter()
        .find(|(ocaml, _)| *ocaml == name)
        .map_or(name, |(_, egret)| egret);
    RUNTIME.iter().find(|f| f.name == name)
}

/// C primitives of OCaml's runtime that egret's runtime implements under a name of its own,
/// with the same arguments, result and semantics (exceptions and their texts included): an
/// `external` naming the OCaml one calls egret's.
pub const OCAML_NAMES: &[(&str, &str)] = &[
    ("caml_create_bytes", "egret_bytes_create"),
    ("caml_create_string", "egret_bytes_create"),
    ("caml_fill_string", "caml_fill_bytes"),
    ("caml_bytes_equal", "caml_string_equal"),
    ("caml_format_int", "egret_format_int"),
    ("caml_make_vect", "egret_array_make"),
    ("caml_make_float_vect", "egret_floatarray_create"),
    ("caml_floatarray_create", "egret_floatarray_create"),
    ("caml_blit_string", "egret_blit_string"),
    ("caml_blit_bytes", "egret_blit_string"),
    ("caml_int_of_string", "egret_int_of_string"),
    ("caml_float_of_string", "egret_float_of_string"),
    ("caml_format_float", "egret_format_float"),
    ("caml_hash", "egret_hash"),
    // float.ml's functions (the bytecode names of its unboxed externals).
    ("caml_exp_float", "egret_float_exp"),
    ("caml_log_float", "egret_float_log"),
    ("caml_log10_float", "egret_float_log10"),
    ("caml_log2_float", "egret_float_log2"),
    ("caml_exp2_float", "egret_float_exp2"),
    ("caml_expm1_float", "egret_float_expm1"),
    ("caml_log1p_float", "egret_float_log1p"),
    ("caml_sin_float", "egret_float_sin"),
    ("caml_cos_float", "egret_float_cos"),
    ("caml_tan_float", "egret_float_tan"),
    ("caml_asin_float", "egret_float_asin"),
    ("caml_acos_float", "egret_float_acos"),
    ("caml_atan_float", "egret_float_atan"),
    ("caml_sinh_float", "egret_float_sinh"),
    ("caml_cosh_float", "egret_float_cosh"),
    ("caml_tanh_float", "egret_float_tanh"),
    ("caml_asinh_float", "egret_float_asinh"),
    ("caml_acosh_float", "egret_float_acosh"),
    ("caml_atanh_float", "egret_float_atanh"),
    ("caml_ceil_float", "egret_float_ceil"),
    ("caml_floor_float", "egret_float_floor"),
    ("caml_trunc_float", "egret_float_trunc"),
    ("caml_round_float", "egret_float_round"),
    ("caml_cbrt_float", "egret_float_cbrt"),
    ("caml_erf_float", "egret_float_erf"),
    ("caml_erfc_float", "egret_float_erfc"),
    ("caml_atan2_float", "egret_float_atan2"),
    ("caml_hypot_float", "egret_float_hypot"),
    ("caml_fmod_float", "egret_float_fmod"),
    ("caml_copysign_float", "egret_float_copysign"),
    ("caml_nextafter_float", "egret_float_nextafter"),
    ("caml_ldexp_float", "egret_float_ldexp"),
    ("caml_frexp_float", "egret_float_frexp"),
    ("caml_modf_float", "egret_float_modf"),
    ("caml_fma_float", "egret_float_fma"),
    ("caml_signbit_float", "egret_float_signbit"),
    ("caml_power_float", "egret_float_pow"),
    ("caml_classify_float", "egret_float_classify"),
    // Float.Array.blit: the flat float array's words copied as any array's.
    ("caml_floatarray_blit", "caml_array_blit"),
    ("caml_sys_close", "egret_sys_close"),
    // Obj.Ephemeron's keys are Weak's (OCaml's weak.c: one function under both names).
    ("caml_ephe_get_key", "caml_weak_get"),
    ("caml_ephe_get_key_copy", "caml_weak_get_copy"),
    ("caml_ephe_check_key", "caml_weak_check"),
    ("caml_ephe_blit_key", "caml_weak_blit"),
];

/// A string as Printf's `%S` writes it (Printexc's text of a string argument): in double
/// quotes, with `String.escaped`'s escapes (`\"`, `\\`, `\n`, `\t`, `\r`, `\b`, and `\ddd` in
/// decimal for the bytes outside `' '..'~'`).
pub fn ocaml_quoted(s: &[u8]) -> Vec<u8> {
    let mut out = vec![b'"'];
    for &c in s {
        match c {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\r' => out.extend_from_slice(b"\\r"),
            8 => out.extend_from_slice(b"\\b"),
            b' '..=b'~' => out.push(c),
            _ => out.extend_from_slice(format!("\\{c:03}").as_bytes()),
        }
    }
    out.push(b'"');
    out
}
