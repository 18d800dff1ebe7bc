/* Exception backtraces: OCaml's runtime/backtrace.c and backtrace_nat.c, over egret's frames.
 *
 * Recording. While recording is on (Printexc.record_backtrace true, OCAMLRUNPARAM=b), each raise
 * (egret_runtime.c's egret_raise and friends) stores the return addresses of the frames between
 * the raise and the innermost handler, innermost first, in a buffer: every frame keeps the
 * frame-pointer chain (both backends, and the runtime, which is compiled with
 * -fno-omit-frame-pointer), so [fp] is the caller's frame pointer and [fp + 8] the return
 * address. A frame whose return address is not in the program's backtrace table (C code,
 * generated code, code without locations) is skipped. A regular raise starts a new trace; a
 * re-raise, or a raise from C, continues it when it raises the exception the trace was recorded
 * for (OCaml's backtrace_last_exn), as ocamlopt's Raise_regular / Raise_reraise do.
 *
 * A slot is an OCaml integer: (pc << 10) | (inline depth << 3) | (unknown << 2) | (raise << 1)
 * | 1. `raise` marks the slot of the raise itself (the immediate caller of the raise function):
 * Printexc prints it "Raised at" / "Re-raised at"; `unknown` marks the compiler's re-raise of
 * an exception no handler case matched, which converts to no slot at all, as ocamlopt's frame
 * without debuginfo. The depth selects one of the functions inlined at pc (0 the innermost),
 * for Printexc.get_raw_backtrace_next_slot.
 *
 * Locations. The table (adapters/src/backtrace_table.rs) maps each function's code ranges to
 * locations: file, line, characters, the function's scoped name, and the call it was inlined
 * at (under -g). Code compiled without -g is ocamlopt's (egret_backtrace_untraced): the raises
 * of the program's own code record nothing, as raise_notrace, and its failed bound checks no
 * frame (ocamlopt's shared bound-error call has no frame descriptor); a zero divisor's raise and the stdlib's code record as under -g. */

#include "egret_runtime.h"

#include <stdlib.h>
#include <string.h>

struct egret_bt_function {
  int32_t start; /* relative to this field */
  uint32_t len, first_range, n_ranges, flags;
};
#define FUNCTION_WITHOUT_G 1u
struct egret_bt_range {
  uint32_t start, end, loc;
};
#define RANGE_INSTALLED (1u << 31)
struct egret_bt_loc {
  uint32_t defname, file, line, start_char, end_char, next;
};

#ifndef EGRET_IN_PROCESS
extern const unsigned char egret_backtrace_table[] __attribute__((weak));
/* Read through a data word (a load, never the symbol's address in code): where the linker puts
 * the table depends on its size, and -g must not change the runtime's code either. */
static const unsigned char *volatile table_address = egret_backtrace_table;
#define TABLE (table_address)
#else
/* Programs run in memory have no debug info (`--jit` refuses -g). */
#define TABLE ((const unsigned char *)0)
#endif

int egret_backtrace_active;

#define BUFFER_SIZE 1024
static value buffer[BUFFER_SIZE];
static int buffer_pos;
static value last_exn = Val_unit;

static const struct egret_bt_function *functions;
static const struct egret_bt_range *ranges;
static const struct egret_bt_loc *locs;
static const char *strings;
static const struct egret_bt_function **sorted;
static uint32_t n_functions;
static int table_read;

static uint32_t u32_at(const unsigned char *p) {
  uint32_t x;
  memcpy(&x, p, 4);
  return x;
}

static uint64_t start_of(const struct egret_bt_function *f) {
  return (uint64_t)((uintptr_t)&f->start + (intptr_t)f->start);
}

static int by_start(const void *a, const void *b) {
  uint64_t x = start_of(*(const struct egret_bt_function *const *)a);
  uint64_t y = start_of(*(const struct egret_bt_function *const *)b);
  return x < y ? -1 : x > y;
}

/* Reads the table once: the functions sorted by address. */
static int read_table(void) {
  if (table_read) return n_functions > 0;
  table_read = 1;
  const unsigned char *t = TABLE;
  if (t == NULL || memcmp(t, "EGBT", 4) != 0) return 0;
  uint32_t n = u32_at(t + 4);
  functions = (const struct egret_bt_function *)(t + u32_at(t + 8));
  ranges = (const struct egret_bt_range *)(t + u32_at(t + 12));
  locs = (const struct egret_bt_loc *)(t + u32_at(t + 16));
  strings = (const char *)(t + u32_at(t + 20));
  sorted = malloc(n * sizeof *sorted);
  if (sorted == NULL) return 0;
  for (uint32_t i = 0; i < n; i++) sorted[i] = &functions[i];
  qsort(sorted, n, sizeof *sorted, by_start);
  n_functions = n;
  return n > 0;
}

/* The function the code before return address pc is in, and its range there (NULL if none);
 * NULL if pc is in no function the table describes. */
static const struct egret_bt_function *function_of(uintptr_t pc, const struct egret_bt_range **range) {
  *range = NULL;
  if (!read_table()) return NULL;
  uint64_t at = (uint64_t)pc - 1;
  uint32_t lo = 0, hi = n_functions;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (start_of(sorted[mid]) <= at) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return NULL;
  const struct egret_bt_function *f = sorted[lo - 1];
  if (at >= start_of(f) + f->len) return NULL;
  uint32_t off = (uint32_t)(at - start_of(f));
  const struct egret_bt_range *r = &ranges[f->first_range];
  for (uint32_t i = f->n_ranges; i-- > 0;)
    if (r[i].start <= off && off < r[i].end) {
      *range = &r[i];
      break;
    }
  return f;
}

/* The location (index + 1) of the code before return address pc, 0 if pc is not in a function
 * the table describes; -1 if it is, but at no location. */
static int64_t location_of(uintptr_t pc) {
  const struct egret_bt_range *r;
  if (function_of(pc, &r) == NULL) return 0;
  return r == NULL ? -1 : (int64_t)(r->loc & ~RANGE_INSTALLED) + 1;
}

int egret_backtrace_untraced(uintptr_t pc) {
  const struct egret_bt_range *r;
  const struct egret_bt_function *f = function_of(pc, &r);
  return f != NULL && (f->flags & FUNCTION_WITHOUT_G) && r != NULL && !(r->loc & RANGE_INSTALLED);
}

#define SLOT(pc, depth, unknown, raise)                                                        \
  ((value)(((uint64_t)(pc) << 10) | ((uint64_t)(depth) << 3) | ((uint64_t)(unknown) << 2) |    \
           ((uint64_t)(raise) << 1) | 1))
#define SLOT_PC(s) ((uintptr_t)((uint64_t)(s) >> 10))
#define SLOT_DEPTH(s) ((int)(((uint64_t)(s) >> 3) & 127))
#define SLOT_UNKNOWN(s) (((uint64_t)(s) >> 2) & 1)
#define SLOT_RAISE(s) (((uint64_t)(s) >> 1) & 1)

static void push(value slot) {
  if (buffer_pos < BUFFER_SIZE) buffer[buffer_pos++] = slot;
}

/* The frames from fp (a frame of the raise function) up to limit (the frame of the handler's
 * egret_try, excluded), as the slots of a trace. The first return address is the raise point when `kind` says
 * so (RAISE, or UNMATCHED for the compiler's re-raise). */
static int collect(void **fp, const char *limit, int kind, value *out, int max) {
  int n = 0, first = 1;
  while (fp != NULL && (const char *)fp < limit && n < max) {
    uintptr_t pc = (uintptr_t)fp[1];
    int64_t loc = location_of(pc);
    if (loc != 0) {
      int raise = first && kind != EGRET_BT_CALL;
      int unknown = first && kind == EGRET_BT_UNMATCHED;
      out[n++] = SLOT(pc, 0, unknown, raise);
    }
    first = 0;
    void **next = (void **)fp[0];
    if (next <= fp) break;
    fp = next;
  }
  return n;
}

void egret_backtrace_stash(value exn, int regular, void **fp, const void *limit, int kind) {
  /* A raise of code without -g: raise_notrace. */
  if ((kind == EGRET_BT_RAISE || kind == EGRET_BT_UNMATCHED) && egret_backtrace_untraced((uintptr_t)fp[1]))
    return;
  if (kind == EGRET_BT_CHECK) kind = EGRET_BT_RAISE;
  if (regular || exn != last_exn) {
    buffer_pos = 0;
    last_exn = exn;
  }
  /* A failed bound check of code without -g: ocamlopt's shared call to
   * caml_ml_array_bound_error has no frame descriptor, and the walk stops there. */
  if (kind == EGRET_BT_BOUND) return;
  if (!read_table()) return;
  buffer_pos += collect(fp, limit, kind, buffer + buffer_pos, BUFFER_SIZE - buffer_pos);
}

/* A raise whose handler is in the same frame (a local `try`): only its own point, a raise
 * (`raise`) or a call (a failing primitive's check; without -g, a bound check's is not
 * recorded). */
static void note(value exn, int regular, uintptr_t pc, int raise) {
  if (regular || exn != last_exn) {
    buffer_pos = 0;
    last_exn = exn;
  }
  int located = raise || regular || !egret_backtrace_untraced(pc);
  if (location_of(pc) != 0 && located) push(SLOT(pc, 0, 0, raise));
}

/* A `raise` (a re-raise) to a handler in the same frame; without -g, a raise_notrace. */
static void note_raise(value exn, int regular, uintptr_t pc) {
  if (egret_backtrace_active && !egret_backtrace_untraced(pc)) note(exn, regular, pc, 1);
}

value egret_note_raise(value exn) {
  note_raise(exn, 1, (uintptr_t)__builtin_return_address(0));
  return Val_unit;
}

value egret_note_reraise(value exn) {
  note_raise(exn, 0, (uintptr_t)__builtin_return_address(0));
  return Val_unit;
}

/* A failing inline check in a local `try` (egret_bound_error_exn ...), pc the check's call: a
 * regular raise (a zero divisor, "Raised at"), or a primitive's failure continuing the trace of
 * the same exception ("Raised by primitive operation at"). */
void egret_note_local_raise(value exn, int regular, void *pc) {
  if (egret_backtrace_active) note(exn, regular, (uintptr_t)pc, regular);
}

/* OCAMLRUNPARAM's (or CAMLRUNPARAM's) `b`: b, b=1 record; b=0 does not. */
void egret_backtrace_init(void) {
  const char *p = getenv("OCAMLRUNPARAM");
  if (p == NULL) p = getenv("CAMLRUNPARAM");
  if (p == NULL) return;
  while (*p) {
    char c = *p++;
    if (c == 'b') {
      int v = 1;
      if (*p == '=') {
        p++;
        v = (int)strtol(p, (char **)&p, 0);
      }
      egret_backtrace_active = v != 0;
    }
    while (*p && *p != ',') p++;
    if (*p == ',') p++;
  }
}

/* ---- Printexc's primitives ---- */

value caml_record_backtrace(value flag) {
  int on = flag != Val_false;
  if (on != egret_backtrace_active) {
    egret_backtrace_active = on;
    buffer_pos = 0;
    last_exn = Val_unit;
  }
  return Val_unit;
}

value caml_backtrace_status(value unit) {
  (void)unit;
  return egret_backtrace_active ? Val_true : Val_false;
}

static value array_of(const value *slots, int n) {
  value *a = egret_alloc((uint64_t)n, 0);
  for (int i = 0; i < n; i++) a[i] = slots[i];
  return (value)a;
}

value caml_get_exception_raw_backtrace(value unit) {
  (void)unit;
  if (!egret_backtrace_active) return array_of(NULL, 0);
  return array_of(buffer, buffer_pos);
}

/* Printexc.raise_with_backtrace: the trace becomes bt, for exn (which is then raised without
 * recording). */
value caml_restore_raw_backtrace(value exn, value bt) {
  int n = (int)Wosize_hd(Hd_val(bt));
  if (n > BUFFER_SIZE) n = BUFFER_SIZE;
  last_exn = exn;
  buffer_pos = n;
  for (int i = 0; i < n; i++) buffer[i] = ((value *)bt)[i];
  return Val_unit;
}

value caml_get_current_callstack(value max_frames) {
  int64_t max = Int_val(max_frames);
  if (max > 4096) max = 4096;
  if (max <= 0 || !read_table()) return array_of(NULL, 0);
  value *slots = malloc((size_t)max * sizeof *slots);
  if (slots == NULL) return array_of(NULL, 0);
  int n = collect(__builtin_frame_address(0), egret_stack_high, EGRET_BT_CALL, slots, (int)max);
  value r = array_of(slots, n);
  free(slots);
  return r;
}

/* The location of slot s's inlined function at depth d (0 the innermost), NULL if none. The
 * compiler's re-raise has no location of its own: its slot starts at depth 1, the code it was
 * inlined into. */
static const struct egret_bt_loc *loc_at(value s, int depth) {
  if (SLOT_UNKNOWN(s) && depth == 0) return NULL;
  int64_t l = location_of(SLOT_PC(s));
  if (l <= 0) return NULL;
  const struct egret_bt_loc *loc = &locs[l - 1];
  for (int i = 0; i < depth && loc != NULL; i++) loc = loc->next ? &locs[loc->next - 1] : NULL;
  return loc;
}

/* Printexc's Known_location { is_raise; filename; line_number; start_char; end_char;
 * is_inline; defname }. */
static value known_location(const struct egret_bt_loc *loc, int is_raise) {
  value filename = egret_string_of_bytes(strings + loc->file, strlen(strings + loc->file));
  value defname = egret_string_of_bytes(strings + loc->defname, strlen(strings + loc->defname));
  value *b = egret_alloc(7, 0);
  b[0] = is_raise ? Val_true : Val_false;
  b[1] = filename;
  b[2] = Val_int(loc->line);
  b[3] = Val_int(loc->start_char);
  b[4] = Val_int(loc->end_char);
  b[5] = loc->next ? Val_true : Val_false;
  b[6] = defname;
  return (value)b;
}

/* A trace's slots as Printexc's: each inlined function its own, innermost first; the
 * compiler's re-raise and code at no location give none. The raise flag is the innermost's. */
value caml_convert_raw_backtrace(value bt) {
  int n = (int)Wosize_hd(Hd_val(bt));
  int count = 0;
  for (int i = 0; i < n; i++) {
    value s = ((value *)bt)[i];
    for (const struct egret_bt_loc *l = loc_at(s, (int)SLOT_UNKNOWN(s)); l != NULL;
         l = l->next ? &locs[l->next - 1] : NULL)
      count++;
  }
  value *out = egret_alloc((uint64_t)count, 0);
  for (int k = 0; k < count; k++) out[k] = Val_unit;
  int k = 0;
  for (int i = 0; i < n && k < count; i++) {
    value s = ((value *)bt)[i];
    int depth = (int)SLOT_UNKNOWN(s);
    for (const struct egret_bt_loc *l = loc_at(s, depth); l != NULL && k < count;
         l = l->next ? &locs[l->next - 1] : NULL, depth++) {
      value slot = known_location(l, depth == 0 && SLOT_RAISE(s));
      out[k++] = slot;
    }
  }
  return (value)out;
}

/* One slot (a raw_backtrace_slot) as a Printexc slot. */
value caml_convert_raw_backtrace_slot(value s) {
  const struct egret_bt_loc *l = loc_at(s, SLOT_DEPTH(s));
  if (l == NULL) {
    value *b = egret_alloc(1, 1);
    b[0] = SLOT_RAISE(s) ? Val_true : Val_false;
    return (value)b;
  }
  return known_location(l, SLOT_DEPTH(s) == 0 && SLOT_RAISE(s));
}

/* The deprecated `caml_get_exception_backtrace` (OCaml's backtrace.c): the last exception's
 * trace as `Some` array of Printexc slots, one per raw slot (its innermost location, inlined
 * frames not expanded, as caml_convert_raw_backtrace_slot); native code always has debug info,
 * so never None. */
value caml_get_exception_backtrace(value unit) {
  value bt = caml_get_exception_raw_backtrace(unit);
  int n = (int)Wosize_hd(Hd_val(bt));
  value *arr = egret_alloc((uint64_t)n, 0);
  for (int i = 0; i < n; i++) arr[i] = Val_unit;
  for (int i = 0; i < n; i++) {
    value slot = caml_convert_raw_backtrace_slot(((value *)bt)[i]);
    arr[i] = slot;
  }
  value *some = egret_alloc(1, 0);
  some[0] = (value)arr;
  return (value)some;
}

value caml_raw_backtrace_slot(value bt, value i) {
  int64_t k = Int_val(i);
  if (k < 0 || (uint64_t)k >= Wosize_hd(Hd_val(bt))) egret_invalid_argument("Printexc.get_raw_backtrace_slot: index out of bounds");
  return ((value *)bt)[k];
}

/* The slot of the function the slot's code was inlined into, as an option. */
value caml_raw_backtrace_next_slot(value s) {
  int depth = SLOT_DEPTH(s) + 1;
  if (depth > 127 || loc_at(s, depth) == NULL) return Val_int(0);
  value next = SLOT(SLOT_PC(s), depth, SLOT_UNKNOWN(s), SLOT_RAISE(s));
  value *b = egret_alloc(1, 0);
  b[0] = next;
  return (value)b;
}

value caml_ml_debug_info_status(value unit) {
  (void)unit;
  return Val_int(0);
}
