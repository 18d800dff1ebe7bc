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

#define Lazy_tag 246
#define Closure_tag 247
#define Forward_tag 250
#define Exception_identity_tag 248
#define String_tag 252
#define Double_tag 253
#define Double_array_tag 254
#define Custom_tag 255

/* Boxed integers (egret_boxint.c): custom blocks [ops, payload]. Structural comparison and
 * hashing call the block's operations. */
/* OCaml's struct custom_operations, reduced to what egret uses: the identifier ("_i", "_j",
 * "_n", "_bigarr02", which orders blocks of different types in compare) and the comparison
 * and hash. A custom block's field 0 is the address of its operations. */
struct egret_custom_operations {
  const char *identifier;
  int (*compare)(value, value);
  uint32_t (*hash)(value);
};
int egret_custom_compare(value a, value b);
uint32_t egret_custom_hash(value v);
value egret_format_integer(value spec, int64_t n, uint64_t unsigned_bits);
/* A fresh nativeint of value n (OCaml's caml_copy_nativeint). */
value egret_copy_nativeint(int64_t n);

/* ---- allocation (egret_gc.c) ----
 *
 * The heap is managed by a non-moving mark-sweep collector that finds roots conservatively
 * (the program stack, the registers, egret_extra_args) and scans heap blocks precisely
 * (closures' field 0 is a raw code pointer and is skipped; blocks with tag >= 251, e.g.
 * strings, are not scanned). A root may point anywhere inside a block; a field of a heap block
 * must be an int or point exactly at field 0 of a block (or outside the heap).
 *
 * THE INLINE-ALLOCATION PROTOCOL. Compiled code allocating a block of `wosize` fields
 * (wosize <= EGRET_MAX_INLINE_WOSIZE) with tag `tag` does:
 *
 *     p = egret_young_ptr;                    // uint64_t *
 *     q = p + (wosize + 1);                   // words: the header and the fields
 *     if (q <= egret_young_limit) {           // unsigned comparison
 *       egret_young_ptr = q;
 *       p[0] = Make_header(wosize, tag);      // color 0
 *       result = p + 1;
 *     } else {
 *       result = egret_alloc(wosize, tag);    // the slow path (C ABI)
 *     }
 *     // then stores every field result[0..wosize) before any other call or allocation.
 *
 * Larger blocks always call egret_alloc. Both pointers may be NULL (before the first
 * allocation, during a collection); the test then fails and the slow path runs. In GC stress
 * mode (EGRET_GC_STRESS=1) egret_young_limit == egret_young_ptr, so every allocation takes the
 * slow path, which collects first. Nothing else may write these two variables. */
extern uint64_t *egret_young_ptr;
extern uint64_t *egret_young_limit;

/* Blocks of more words than this (header included) are "large" to the collector. */
#define EGRET_LARGE_WORDS 256
/* The largest wosize compiled code may allocate inline. */
#define EGRET_MAX_INLINE_WOSIZE 64

/* The largest wosize (OCaml's Max_wosize = Sys.max_array_length), and the longest string
 * (Sys.max_string_length). */
#define EGRET_MAX_WOSIZE (((uint64_t)1 << 54) - 1)
#define EGRET_MAX_STRING_LENGTH (EGRET_MAX_WOSIZE * 8 - 1)

/* A fresh block of `wosize` fields with header tag `tag`; returns a pointer to field 0.
 * The fields are uninitialised: the caller stores every one before the next allocation.
 * May collect. A request the heap cannot satisfy raises Out_of_memory; wosize 0 gives the
 * tag's static atom. */
void *egret_alloc(uint64_t wosize, uint64_t tag);
/* Roots are found conservatively on the stack and in registers (egret_gc.c), so a C
 * function's value is a root only while the C compiler keeps it: `egret_keep_alive(v)` after
 * the last allocation that must not free `v` keeps it in a register or stack slot until then
 * (needed when the only other copies are in memory the collector does not scan: malloc). */
#define egret_keep_alive(v) __asm__ volatile("" : : "r"(v) : "memory")
/* Recursive values (`let rec`): a block of `size` unit fields, and its filling. */
value egret_alloc_dummy(value size);
/* A local exception's identity (`let exception C`): a fresh object of tag 248 [name, id]. */
value egret_fresh_exception(value name);
value egret_update_dummy(value dummy, value v);
/* Makes `*cell` a root of every collection from now on (the cell must never be freed). */
void egret_register_global_root(value *cell);
/* Zeroes 8 KiB of the dead stack below the caller's frame (so that stale words there are not
 * taken for roots by a later collection, when live frames come to lie there). */
void egret_clear_dead_stack(void);
/* A full collection now. */
void egret_gc_collect(void);
/* Between marking and sweeping (egret_weak.c): whether a value survives (an int, static data or
 * a marked block), marking a value and what it reaches, and whether a value is a heap block. */
int egret_gc_is_live(value v);
void egret_gc_mark(value v);
int egret_gc_in_heap(value v);
/* The weak phase of a collection (egret_weak.c), after marking from the roots and before the
 * sweep: finalisers' values and ephemerons' data are marked, dead weak pointers cleared. */
void egret_weak_after_mark(void);
/* After the weak phase (egret_bigarray.c): the bigarrays found dead release their data. */
void egret_ba_after_mark(void);
/* A boxed float (egret_float.c). */
value egret_box_float(double d);
/* With EGRET_GC_STATS=1, prints collection statistics to stderr (called at exit). */
void egret_gc_report(void);
/* Prints "Fatal error: out of memory" and exits 2: for the runtime's own tables (a collection
 * cannot be interrupted by an exception) and a heap that cannot even start. */
void egret_out_of_memory(void) __attribute__((noreturn));

/* ---- strings ---- */

/* A fresh string of `len` bytes (contents zeroed, padding written). */
value egret_alloc_string(size_t len);
/* A fresh string holding a copy of `bytes[0..len)`. */
value egret_string_of_bytes(const char *bytes, size_t len);
void egret_md5_buffer(const unsigned char *p, size_t n, unsigned char out[16]);
/* The byte length of string `s`, untagged. */
/* A string's length from its header's size and its last byte (OCaml's padding). */
static inline size_t egret_string_len(value s) {
  size_t last = Wosize_hd(Hd_val(s)) * 8 - 1;
  return last - ((const unsigned char *)s)[last];
}
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
/* The other raises the compiled code calls (plugin's RaiseKind): a re-raise of a handler's
 * exception, the re-raise of an exception no handler case matched, raise_notrace; and a raise
 * whose handler is in the same frame (a jump), noted for the backtrace first. */
value egret_reraise(value exn) __attribute__((noreturn));
value egret_reraise_unmatched(value exn) __attribute__((noreturn));
value egret_raise_notrace(value exn) __attribute__((noreturn));
value egret_note_raise(value exn);
void egret_note_local_raise(value exn, int regular, void *pc);
value egret_note_reraise(value exn);
/* Backtraces (egret_backtrace.c): whether raises record, OCAMLRUNPARAM's `b`, and recording
 * a raise: a new trace (`regular`) or the continued one, the frames from fp (the raise
 * function's) up to limit (the handler's place), the first one a raise point unless kind is
 * EGRET_BT_CALL. */
extern int egret_backtrace_active;
/* Parsing.set_trace's flag (egret_parsing.c). */
int egret_parser_trace_on(void);
void egret_backtrace_init(void);
/* EGRET_BT_CHECK: a compiled check's raise (a zero divisor), a raise even without -g;
 * EGRET_BT_BOUND: a failed bound check of code without -g, which records no frame at all. */
enum { EGRET_BT_CALL, EGRET_BT_RAISE, EGRET_BT_UNMATCHED, EGRET_BT_CHECK, EGRET_BT_BOUND };
void egret_backtrace_stash(value exn, int regular, void **fp, const void *limit, int kind);
/* Whether return address pc is in code compiled without -g at the program's own location:
 * its raises and failed bound checks record nothing. */
int egret_backtrace_untraced(uintptr_t pc);
/* Signals (egret_prims.c): set when a signal with an OCaml handler was received; the
 * handlers run at the next allocation from compiled code, or read interrupted. */
extern volatile int egret_signals_are_pending;
void egret_process_pending_signals(void);
/* The predefined exceptions, raised from C. */
value egret_raise_division_by_zero(void) __attribute__((noreturn));
/* Invalid_argument "index out of bounds": the compiled code's array bound checks. */
void egret_raise_bound_error(void) __attribute__((noreturn));
value egret_bound_error_exn(void);
value egret_division_by_zero_exn(void);
/* Arrays by kind, as ocamlopt's Pgenarray (any array), Paddrarray (not floats) and
 * Pfloatarray (a flat float array): get, set with the bound check. */
value egret_array_get(value a, value i);
value egret_array_set(value a, value i, value x);
value egret_obj_field(value a, value i);
value egret_obj_set_field(value a, value i, value x);
value egret_addr_array_get(value a, value i);
value egret_addr_array_set(value a, value i, value x);
value egret_floatarray_create(value n);
value egret_floatarray_get(value a, value i);
value egret_floatarray_set(value a, value i, value x);
/* A flat float record's field `i` (a constant), boxed; its update. */
value egret_double_field_get(value r, value i);
value egret_double_field_set(value r, value i, value x);
void egret_raise_not_found(void) __attribute__((noreturn));
void egret_raise_stack_overflow(void) __attribute__((noreturn));
void egret_raise_out_of_memory(void) __attribute__((noreturn));
void egret_invalid_argument(const char *msg) __attribute__((noreturn));
void egret_failwith(const char *msg) __attribute__((noreturn));
void egret_raise_end_of_file(void) __attribute__((noreturn));
/* OCaml's caml_sys_error: raises Sys_error "NAME: <strerror err>", or strerror's text alone
 * when `name` (an OCaml string) is 0. */
void egret_sys_error(value name, int err) __attribute__((noreturn));
/* Raises `exn` from a C primitive ("Raised by primitive operation" in a backtrace). */
void egret_raise_from_c(value exn) __attribute__((noreturn));
/* OCaml's signal numbers (negative: Sys.sigabrt is -1) and the system's (egret_prims.c). */
int egret_convert_signal_number(int64_t signo);
int64_t egret_rev_convert_signal_number(int signo);

/* ---- the calling convention of the native backend ---- */

/* Arguments 6.. of egret-to-egret calls (native backend). */
extern uint64_t egret_extra_args[256];

/* The command line, for Sys.argv. */
extern int egret_argc;
extern char **egret_argv;

/* The program stack (egret_runtime.c's start-up): [egret_stack_low, egret_stack_high), the
 * collector scans it from the stack pointer up to egret_stack_high. */
extern char *egret_stack_low;
extern char *egret_stack_high;
/* The PROT_NONE guard at the low end of the program stack: a fault there is Stack_overflow. */
#define EGRET_STACK_GUARD_BYTES ((size_t)1 << 20)

/* Channels (egret_runtime.c): a channel is an int (0 stdin, 1 stdout, 2 stderr, 3.. files).
 * Writes a string; reads up to n bytes (fewer only at the end of the input), the count. */
value egret_output_string(value id, value s);
size_t egret_channel_read(value id, unsigned char *p, size_t n);

/* Flushes OCaml's stdout and stderr buffers (write(2) only). */
void egret_flush_std_channels(void);

/* The symbols the program defines and the runtime uses: its entry, the predefined exceptions'
 * identities (weak: a program built by hand in a test may lack them, and then raising one is
 * fatal) and the C-ABI entries calling closures (weak: only programs built with --output-obj
 * or installing a signal handler have them, plugin/src/ssa/callbacks.rs).
 *
 * Linked into an executable or an object, they are symbols resolved by the linker. Compiled
 * with EGRET_IN_PROCESS (the copy of the runtime inside the egret binary, for
 * `egret run --jit`, adapters/src/jit), the program is compiled after the runtime was linked:
 * they are the fields of `egret_program`, which the JIT fills before egret_start_program
 * (NULL for a symbol the program lacks, as a weak symbol would be). */
#ifndef EGRET_IN_PROCESS
void egret_main(void);
extern uint64_t egret_exn_Invalid_argument[] __attribute__((weak));
extern uint64_t egret_exn_Failure[] __attribute__((weak));
extern uint64_t egret_exn_Not_found[] __attribute__((weak));
extern uint64_t egret_exn_Division_by_zero[] __attribute__((weak));
extern uint64_t egret_exn_Stack_overflow[] __attribute__((weak));
extern uint64_t egret_exn_Out_of_memory[] __attribute__((weak));
extern uint64_t egret_exn_Sys_error[] __attribute__((weak));
extern uint64_t egret_exn_End_of_file[] __attribute__((weak));
extern value egret_callback1(value f, value a) __attribute__((weak));
extern value egret_callback2(value f, value a, value b) __attribute__((weak));
extern value egret_callback3(value f, value a, value b, value c) __attribute__((weak));
#else
/* Keep in sync with adapters/src/jit/program.rs (`ProgramSymbols`). */
struct egret_program_symbols {
  void (*main)(void);
  uint64_t *exn_Invalid_argument, *exn_Failure, *exn_Not_found, *exn_Division_by_zero,
      *exn_Stack_overflow, *exn_Out_of_memory, *exn_Sys_error, *exn_End_of_file;
  value (*callback1)(value f, value a);
  value (*callback2)(value f, value a, value b);
  value (*callback3)(value f, value a, value b, value c);
};
extern struct egret_program_symbols egret_program;
#define egret_main (egret_program.main)
#define egret_exn_Invalid_argument (egret_program.exn_Invalid_argument)
#define egret_exn_Failure (egret_program.exn_Failure)
#define egret_exn_Not_found (egret_program.exn_Not_found)
#define egret_exn_Division_by_zero (egret_program.exn_Division_by_zero)
#define egret_exn_Stack_overflow (egret_program.exn_Stack_overflow)
#define egret_exn_Out_of_memory (egret_program.exn_Out_of_memory)
#define egret_exn_Sys_error (egret_program.exn_Sys_error)
#define egret_exn_End_of_file (egret_program.exn_End_of_file)
#define egret_callback1 (egret_program.callback1)
#define egret_callback2 (egret_program.callback2)
#define egret_callback3 (egret_program.callback3)
#endif

/* Start-up (egret_runtime.c): records argv, reserves the program stack, runs egret_main on it
 * and flushes stdout and stderr. Called by `main` (egret_start.c, executables only) and by
 * `caml_startup` (egret_embed.c, objects built with --output-obj). */
void egret_start_program(int argc, char **argv);
/* Calls f() on the program stack (at its top when called from C code, directly when already
 * on it). */
void egret_enter_program_stack(void (*f)(void));

/* Embedding (egret_embed.c): when C code runs the program (caml_startup) and calls closures
 * (caml_callback), it holds values on its own stack too, and allocates from it
 * (caml_copy_string). The collector then also scans the C stack conservatively, from the
 * current stack pointer (or, while OCaml code runs on the program stack, from
 * egret_c_stack_sp, the C stack pointer when it was entered) up to egret_c_stack_high.
 * Both NULL in executables. */
extern char *egret_c_stack_high;
extern char *egret_c_stack_sp;

#endif
