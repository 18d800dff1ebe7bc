/* egret's embedding API: the C side of an object built with `egret build --output-obj`
 * (ocamlopt's -output-complete-obj). OCaml's names and value conventions (OCaml 4.13's
 * <caml/mlvalues.h>, <caml/callback.h>, <caml/alloc.h>, <caml/memory.h>); those headers,
 * next to this one under caml/, include it, so a C program written against OCaml's compiles
 * with `-I runtime/include` unchanged. Implemented by runtime/egret_embed.c.
 *
 * Values (ARCHITECTURE.md, "Run-time representation"; the same as OCaml's on 64-bit):
 *   an int n is the word 2n+1 (Val_int / Int_val, Val_long / Long_val); (), false, [] and
 *   None are Val_unit / Val_false / Val_emptylist / Val_none (the int 0), true is Val_int(1);
 *   a block is a pointer to its first field, its header word (wosize << 10 | color << 8 | tag)
 *   just before (Field, Wosize_val, Tag_val); a string is a block of tag String_tag holding
 *   the bytes (String_val, caml_string_length); a float a block of tag Double_tag
 *   (Double_val).
 *
 * Lifetime: the collector scans the C stack conservatively, so values in C locals and
 * arguments stay alive (CAMLparam / CAMLlocal / CAMLreturn are accepted and not needed);
 * a value kept anywhere else (a global, the C heap) must be registered with
 * caml_register_global_root. Blocks never move.
 */
#ifndef EGRET_EMBED_H
#define EGRET_EMBED_H

#include <stddef.h>
#include <stdint.h>

typedef int64_t intnat;
typedef uint64_t uintnat;
typedef intnat value;
typedef uintnat header_t;
typedef uintnat mlsize_t;
typedef unsigned int tag_t;

/* ---- <caml/mlvalues.h> ---- */
#define Val_long(x) ((value)(((uintnat)(intnat)(x) << 1) + 1))
#define Long_val(x) ((intnat)(x) >> 1)
#define Val_int(x) Val_long(x)
#define Int_val(x) ((int)Long_val(x))
#define Unsigned_long_val(x) ((uintnat)(x) >> 1)
#define Is_long(x) (((x) & 1) != 0)
#define Is_block(x) (((x) & 1) == 0)
#define Val_unit Val_int(0)
#define Val_false Val_int(0)
#define Val_true Val_int(1)
#define Val_bool(x) ((x) ? Val_true : Val_false)
#define Bool_val(x) Int_val(x)
#define Val_emptylist Val_int(0)
#define Val_none Val_int(0)
#define Some_val(v) Field(v, 0)
#define Hd_val(v) (((header_t *)(v))[-1])
#define Wosize_val(v) ((mlsize_t)(Hd_val(v) >> 10))
#define Tag_val(v) ((tag_t)(Hd_val(v) & 0xff))
#define Field(x, i) (((value *)(x))[i])
#define Store_field(block, offset, val) (Field(block, offset) = (val))
#define Closure_tag 247
#define Object_tag 248
#define String_tag 252
#define Double_tag 253
#define Double_array_tag 254
#define String_val(x) ((const char *)(x))
#define Bytes_val(x) ((unsigned char *)(x))
#define Double_val(v) (*(double *)(v))
#define Is_exception_result(v) (((v) & 3) == 2)
#define Extract_exception(v) ((v) & ~3)
#define Make_exception_result(v) ((v) | 2)
mlsize_t caml_string_length(value s);

/* ---- <caml/callback.h> ---- */
/* Runs the OCaml program's top level (once; later calls do nothing). */
void caml_startup(char **argv);
void caml_main(char **argv);
/* The value registered under `name` with Callback.register, or NULL. */
const value *caml_named_value(const char *name);
/* Applies a closure to 1, 2, 3 or narg arguments. An exception escaping it is reported as
 * uncaught ("Fatal error: exception ...", exit 2); the _exn variants return it marked
 * (Is_exception_result, Extract_exception). */
value caml_callback(value closure, value arg);
value caml_callback2(value closure, value arg1, value arg2);
value caml_callback3(value closure, value arg1, value arg2, value arg3);
value caml_callbackN(value closure, int narg, value args[]);
value caml_callback_exn(value closure, value arg);
value caml_callback2_exn(value closure, value arg1, value arg2);
value caml_callback3_exn(value closure, value arg1, value arg2, value arg3);
value caml_callbackN_exn(value closure, int narg, value args[]);

/* ---- <caml/alloc.h> ---- */
value caml_copy_string(const char *s);
value caml_alloc_initialized_string(mlsize_t len, const char *p);
value caml_copy_double(double d);
/* A block of wosize fields of tag `tag`, each Val_unit. */
value caml_alloc(mlsize_t wosize, tag_t tag);
value caml_alloc_tuple(mlsize_t wosize);

/* ---- <caml/memory.h> ---- */
void caml_register_global_root(value *cell);
void caml_register_generational_global_root(value *cell);
#define CAMLparam0() do { } while (0)
#define CAMLparam1(x) (void)(x)
#define CAMLparam2(x, y) ((void)(x), (void)(y))
#define CAMLparam3(x, y, z) ((void)(x), (void)(y), (void)(z))
#define CAMLlocal1(x) value x = Val_unit
#define CAMLlocal2(x, y) value x = Val_unit, y = Val_unit
#define CAMLlocal3(x, y, z) value x = Val_unit, y = Val_unit, z = Val_unit
#define CAMLreturn(x) return (x)
#define CAMLreturn0 return

#endif
