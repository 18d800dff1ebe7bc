/* OCaml's embedding API (OCaml 4.13's runtime/startup_nat.c, callback.c, alloc.c), for C
 * programs linking an object built with `egret build --output-obj` (ocamlopt's
 * -output-complete-obj). The C side's declarations are include/egret_embed.h (also reachable
 * as <caml/mlvalues.h>, <caml/callback.h>, <caml/alloc.h>, <caml/memory.h>).
 *
 *   - caml_startup / caml_main run the program's top level once, on the program stack, as
 *     `main` does for an executable (egret_start_program); a second call does nothing.
 *   - caml_callback{,2,3,N}{,_exn} apply a closure: the compiled entries egret_callback{1,2,3}
 *     (plugin/src/ssa/callbacks.rs, present only with --output-obj: referenced weakly here) run
 *     on the program stack, so the collector finds the OCaml frames where it always does. An
 *     exception escaping caml_callback is reported as uncaught (OCaml's behaviour when no OCaml
 *     code is below the C caller); the _exn variants catch it (egret_try) and return it marked
 *     as OCaml's Make_exception_result does (`exn | 2`).
 *   - Values the C code holds: the collector scans the C stack conservatively between
 *     egret_c_stack_sp (or the stack pointer) and egret_c_stack_high (glibc's
 *     __libc_stack_end), so a value in a C local stays alive; OCaml's CAMLparam/CAMLlocal are
 *     accepted and not needed. A value kept anywhere else (a C global, the C heap) must be
 *     registered with caml_register_global_root.
 */
#include "egret_runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *egret_c_stack_high;
char *egret_c_stack_sp;

extern void *__libc_stack_end;

/* The compiled entries egret_callback{1,2,3} (--output-obj only): egret_runtime.h. */

static void embed_fatal(const char *what) __attribute__((noreturn));
static void embed_fatal(const char *what) {
  egret_flush_std_channels();
  fprintf(stderr, "Fatal error: %s\n", what);
  exit(2);
}

/* ---- start-up ---- */

static int started;

void caml_startup(char **argv) {
  if (started) return;
  started = 1;
  int argc = 0;
  while (argv != NULL && argv[argc] != NULL) argc++;
  static char *no_args[] = {(char *)"", NULL};
  egret_c_stack_high = (char *)__libc_stack_end;
  egret_start_program(argc, argc > 0 ? argv : no_args);
}

void caml_main(char **argv) { caml_startup(argv); }

/* ---- callbacks ---- */

struct callback_call {
  int nargs;     /* 1 to 3 */
  int catch_exn; /* an _exn variant */
  value closure;
  value args[3];
  value result;
};

static struct callback_call *pending_call;

static value apply_entry(struct callback_call *c) {
  switch (c->nargs) {
  case 1: return egret_callback1(c->closure, c->args[0]);
  case 2: return egret_callback2(c->closure, c->args[0], c->args[1]);
  default: return egret_callback3(c->closure, c->args[0], c->args[1], c->args[2]);
  }
}

/* egret_try's body: env[1] is the call. */
static value callback_body(value *env) { return apply_entry((struct callback_call *)(uintptr_t)env[1]); }

/* Runs on the program stack (egret_enter_program_stack). */
static void run_pending_call(void) {
  struct callback_call *c = pending_call;
  if (c->catch_exn) {
    value env[2] = {Val_unit, (value)(uintptr_t)c};
    if (egret_try(callback_body, env) == Val_true)
      c->result = env[0] | 2; /* Make_exception_result */
    else
      c->result = env[0];
  } else {
    c->result = apply_entry(c);
  }
}

static value callback(int catch_exn, value closure, int nargs, const value *args) {
  if (!started) embed_fatal("caml_callback called before caml_startup");
  if (egret_callback1 == NULL)
    embed_fatal("caml_callback: the OCaml code was not built with `egret build --output-obj`");
  struct callback_call c = {nargs, catch_exn, closure, {Val_unit, Val_unit, Val_unit}, Val_unit};
  for (int i = 0; i < nargs; i++) c.args[i] = args[i];
  struct callback_call *saved = pending_call;
  pending_call = &c;
  egret_enter_program_stack(run_pending_call);
  pending_call = saved;
  return c.result;
}

value caml_callback_exn(value closure, value arg) { return callback(1, closure, 1, &arg); }

value caml_callback2_exn(value closure, value arg1, value arg2) {
  value args[2] = {arg1, arg2};
  return callback(1, closure, 2, args);
}

value caml_callback3_exn(value closure, value arg1, value arg2, value arg3) {
  value args[3] = {arg1, arg2, arg3};
  return callback(1, closure, 3, args);
}

/* OCaml's native caml_callbackN_exn: three arguments at a time. */
value caml_callbackN_exn(value closure, int narg, value args[]) {
  value f = closure;
  int i = 0;
  while (i < narg) {
    int n = narg - i < 3 ? narg - i : 3;
    f = callback(1, f, n, args + i);
    if ((f & 3) == 2) return f;
    i += n;
  }
  return f;
}

value caml_callback(value closure, value arg) { return callback(0, closure, 1, &arg); }

value caml_callback2(value closure, value arg1, value arg2) {
  value args[2] = {arg1, arg2};
  return callback(0, closure, 2, args);
}

value caml_callback3(value closure, value arg1, value arg2, value arg3) {
  value args[3] = {arg1, arg2, arg3};
  return callback(0, closure, 3, args);
}

value caml_callbackN(value closure, int narg, value args[]) {
  value f = closure;
  int i = 0;
  while (i < narg) {
    int n = narg - i < 3 ? narg - i : 3;
    f = callback(0, f, n, args + i);
    i += n;
  }
  return f;
}

/* ---- values from C (OCaml's alloc.c, memory.c) ---- */

value caml_copy_string(const char *s) { return egret_string_of_bytes(s, strlen(s)); }

value caml_alloc_initialized_string(size_t len, const char *p) {
  return egret_string_of_bytes(p, len);
}

value caml_copy_double(double d) { return egret_box_float(d); }

size_t caml_string_length(value s) { return egret_string_len(s); }

/* A block of `wosize` fields of tag `tag`, each field Val_unit (OCaml's caml_alloc). */
value caml_alloc(size_t wosize, int tag) {
  if (wosize == 0) return (value)egret_alloc(0, (uint64_t)tag);
  value *b = egret_alloc(wosize, (uint64_t)tag);
  for (size_t i = 0; i < wosize; i++) b[i] = Val_unit;
  return (value)b;
}

value caml_alloc_tuple(size_t wosize) { return caml_alloc(wosize, 0); }

/* Keeps *cell alive (and what it points to) from now on: the collector's global roots are
 * never removed, so there is no caml_remove_global_root (a C program calling it does not
 * link, rather than freeing a cell the collector still reads). */
void caml_register_global_root(value *cell) { egret_register_global_root(cell); }
void caml_register_generational_global_root(value *cell) { egret_register_global_root(cell); }
