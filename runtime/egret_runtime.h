/* egret's runtime: the interface compiled code and the runtime's own modules share.
 *
 * Every value is a 64-bit word (ARCHITECTURE.md, "Run-time representation"): an int n is the
 * word 2n+1, a heap value points at the first field of a block whose header word
 * (wosize << 10 | color << 8 | tag) sits just before it. Primitives called from compiled code
 * use the platform C ABI; their arguments and results are such words.
 */
#ifndef EGRET_RUNTIME_H
#define EGRET_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t value;

#define Val_int(n) ((value)(((uint64_t)(int64_t)(n) << 1) | 1))
#define Int_val(v) ((int64_t)(v) >> 1)
#define Val_unit ((value)1)
#define Val_false ((value)1)
#define Val_true ((value)3)

#define Hd_val(v) (((uint64_t *)(v))[-1])
#define Wosize_hd(h) ((h) >> 10)
#define Tag_hd(h) ((h) & 0xff)
#define Make_header(wosize, tag) (((uint64_t)(wosize) << 10) | (uint64_t)(tag))

#define Closure_tag 247
#define Exception_identity_tag 248
#define String_tag 252

/* ---- allocation (egret_alloc.c's boundary; the GC will replace the bump allocator) ---- */

/* A fresh block of `wosize` fields with header tag `tag`; returns a pointer to field 0.
 * The fields are uninitialised: the caller stores every one before the next allocation. */
void *egret_alloc(uint64_t wosize, uint64_t tag);

/* ---- strings ---- */

/* A fresh string of `len` bytes (contents zeroed, padding written). */
value egret_alloc_string(size_t len);
/* A fresh string holding a copy of `bytes[0..len)`. */
value egret_string_of_bytes(const char *bytes, size_t len);
/* The byte length of string `s`, untagged. */
size_t egret_string_len(value s);
/* The byte length of string `s`, as an OCaml int. */
value egret_string_length(value s);

/* ---- fatal errors ---- */

/* Flushes stdout and stderr, prints "Fatal error: exception <what>\n" to stderr, exits 2. */
void egret_fatal_uncaught(const char *what) __attribute__((noreturn));

/* ---- exceptions ---- */

/* Runs body(env) under a handler. Returns false (the word 1) with the body's result in env[0],
 * or true (3) with the exception raised in env[0]. No heap allocation. */
value egret_try(value (*body)(value *env), value *env);
/* Raises exn: jumps to the innermost egret_try, or (none) prints OCaml's uncaught-exception
 * message and exits 2. */
value egret_raise(value exn) __attribute__((noreturn));
/* The predefined exceptions, raised from C. */
void egret_raise_division_by_zero(void) __attribute__((noreturn));
void egret_raise_not_found(void) __attribute__((noreturn));
void egret_raise_stack_overflow(void) __attribute__((noreturn));
void egret_invalid_argument(const char *msg) __attribute__((noreturn));
void egret_failwith(const char *msg) __attribute__((noreturn));

/* ---- the calling convention of the native backend ---- */

/* Arguments 6.. of egret-to-egret calls (native backend). */
extern uint64_t egret_extra_args[256];

/* The command line, for Sys.argv. */
extern int egret_argc;
extern char **egret_argv;

/* The program, compiled by egret: called once on the big stack. */
void egret_main(void);

#endif
