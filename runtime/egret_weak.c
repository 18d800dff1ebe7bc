/* Values the collector holds weakly: ephemerons (and weak arrays, which are ephemerons without
 * data) and finalisers. After OCaml 4.13's runtime/weak.c and runtime/finalise.c, on egret's
 * stop-the-world collector (egret_gc.c), whose collect() calls egret_weak_after_mark between
 * marking from the roots and sweeping.
 *
 * Ephemerons. An ephemeron of n keys is a block of n + 2 fields with tag Abstract_tag (251), as
 * OCaml's: field 1 is the data, fields 2.. the keys. The collector never scans a block of tag
 * >= No_scan_tag, so marking does not follow the keys nor the data. OCaml's field 0 links the
 * ephemerons for its collector; egret keeps them in a table (`ephemerons`), and field 0 holds
 * the *empty marker* instead, a static block (`ephe_none`, OCaml's caml_ephe_none) that every
 * unset key and data field holds. The installed weak.ml and obj.ml (Obj.Ephemeron, and the
 * Ephemeron unit through it) call the caml_weak_* and caml_ephe_* primitives below (the
 * collector is stop-the-world, so an ephemeron is always clean when the program runs).
 *
 * The weak phase of a collection, after the roots are marked:
 *   1. the finalisers' functions and the finalisers due (function and value) are roots;
 *   2. an ephemeron that is live and whose keys are all live (unset keys count as live) keeps
 *      its data alive: marked, to a fixpoint (marking data can make more keys live);
 *   3. the values registered with Gc.finalise that are not marked become due, and are marked
 *      with what they reach (the finaliser receives them), then step 2 again;
 *   4. the values registered with Gc.finalise_last that are not marked become due (their
 *      function receives ()), not marked;
 *   5. in every live ephemeron, a key that is not marked, and then the data, are unset; dead
 *      ephemerons leave the table.
 * The finalisers due are run by the program, not here (the runtime cannot call OCaml code):
 * the prelude's Gc functions take them one by one with egret_final_next after each collection
 * they make and at each Gc.finalise (when egret_final_pending says some are due); a collection
 * an allocation makes leaves them due until then. */
#include "egret_runtime.h"

#include <stdlib.h>

#define Abstract_tag 251

/* The empty marker: static (outside the heap), so always live and never scanned. */
static uint64_t ephe_none_block[2] = {Make_header(1, Abstract_tag) | (3 << 8), Val_unit};
#define EPHE_NONE ((value)&ephe_none_block[1])

static void *grow(void *array, size_t *capacity, size_t size) {
  size_t n = *capacity < 64 ? 64 : *capacity * 2;
  void *p = realloc(array, n * size);
  if (p == NULL) egret_out_of_memory();
  *capacity = n;
  return p;
}

/* ---- ephemerons ---- */

static value *ephemerons;
static size_t ephemeron_count, ephemeron_capacity;

/* caml_ephe_create: an ephemeron of `len` keys, every key and the data unset. */
value caml_ephe_create(value len) {
  int64_t n = Int_val(len);
  if (n < 0 || (uint64_t)n > EGRET_MAX_WOSIZE - 2) egret_invalid_argument("Obj.Ephemeron.create");
  value *e = egret_alloc((uint64_t)n + 2, Abstract_tag);
  for (int64_t i = 0; i < n + 2; i++) e[i] = EPHE_NONE;
  if (ephemeron_count == ephemeron_capacity)
    ephemerons = grow(ephemerons, &ephemeron_capacity, sizeof *ephemerons);
  ephemerons[ephemeron_count++] = (value)e;
  return (value)e;
}

/* caml_weak_create: a weak array is an ephemeron whose data stays unset (weak.ml). */
value caml_weak_create(value len) { return caml_ephe_create(len); }

/* The key and data accessors, after OCaml 4.13's weak.c (its Weak.*'s and
 * Obj.Ephemeron.*'s externals). weak.ml checks the offsets before calling them, as OCaml's
 * primitives expect. The collector is stop-the-world, so an ephemeron is always clean here
 * (OCaml's Phase_clean cleaning has nothing to do). */
#define EPHE_FIRST_KEY 2

value caml_ephe_set_key(value e, value n, value k) {
  ((value *)e)[EPHE_FIRST_KEY + Int_val(n)] = k;
  return Val_unit;
}

value caml_ephe_unset_key(value e, value n) {
  ((value *)e)[EPHE_FIRST_KEY + Int_val(n)] = EPHE_NONE;
  return Val_unit;
}

/* None, or Some of the field (OCaml's optionalize). */
static value ephe_option(value e, uint64_t i) {
  value v = ((const value *)e)[i];
  if (v == EPHE_NONE) return Val_int(0);
  /* v is on this frame's stack: a root while Some is allocated, as OCaml's CAMLlocal. */
  value *some = egret_alloc(1, 0);
  some[0] = v;
  egret_keep_alive(v);
  return (value)some;
}

value caml_weak_get(value e, value n) { return ephe_option(e, EPHE_FIRST_KEY + (uint64_t)Int_val(n)); }

/* caml_ephe_get_key_copy: Some of a shallow copy of a heap block other than a custom block
 * (the fields of a scanned block, the bytes of another), else of the value itself. */
static value ephe_option_copy(value e, uint64_t i) {
  value v = ((const value *)e)[i];
  if (v == EPHE_NONE) return Val_int(0);
  if (egret_gc_in_heap(v) && Tag_hd(Hd_val(v)) != Custom_tag) {
    /* v is on this frame's stack: a root while it is copied. */
    uint64_t sz = Wosize_hd(Hd_val(v));
    value *copy = egret_alloc(sz, Tag_hd(Hd_val(v)));
    for (uint64_t k = 0; k < sz; k++) copy[k] = ((const value *)v)[k];
    egret_keep_alive(v);
    v = (value)copy;
  }
  value *some = egret_alloc(1, 0);
  some[0] = v;
  return (value)some;
}

value caml_weak_get_copy(value e, value n) {
  return ephe_option_copy(e, EPHE_FIRST_KEY + (uint64_t)Int_val(n));
}

value caml_weak_check(value e, value n) {
  return ((const value *)e)[EPHE_FIRST_KEY + Int_val(n)] != EPHE_NONE ? Val_true : Val_false;
}

/* caml_weak_blit src ofs dst ofd len: overlapping as memmove. */
value caml_weak_blit(value src, value ofs, value dst, value ofd, value len) {
  const value *s = (const value *)src + EPHE_FIRST_KEY + Int_val(ofs);
  value *d = (value *)dst + EPHE_FIRST_KEY + Int_val(ofd);
  int64_t l = Int_val(len);
  if (d < s)
    for (int64_t i = 0; i < l; i++) d[i] = s[i];
  else
    for (int64_t i = l - 1; i >= 0; i--) d[i] = s[i];
  return Val_unit;
}

/* The data accessors (Obj.Ephemeron's caml_ephe_*_data, after OCaml 4.13's weak.c): the
 * data is field 1; the key accessors are the caml_weak_* above under OCaml's other names
 * (plugin/src/lambda/runtime.rs, OCAML_NAMES). */
#define EPHE_DATA 1

value caml_ephe_get_data(value e) { return ephe_option(e, EPHE_DATA); }

value caml_ephe_get_data_copy(value e) { return ephe_option_copy(e, EPHE_DATA); }

value caml_ephe_set_data(value e, value d) {
  ((value *)e)[EPHE_DATA] = d;
  return Val_unit;
}

value caml_ephe_unset_data(value e) {
  ((value *)e)[EPHE_DATA] = EPHE_NONE;
  return Val_unit;
}

value caml_ephe_check_data(value e) {
  return ((const value *)e)[EPHE_DATA] != EPHE_NONE ? Val_true : Val_false;
}

value caml_ephe_blit_data(value src, value dst) {
  ((value *)dst)[EPHE_DATA] = ((const value *)src)[EPHE_DATA];
  return Val_unit;
}

static int ephemeron_keys_live(value e) {
  const value *f = (const value *)e;
  uint64_t n = Wosize_hd(Hd_val(e));
  for (uint64_t i = 2; i < n; i++)
    if (!egret_gc_is_live(f[i])) return 0;
  return 1;
}

/* Step 2: marks the data of the live ephemerons whose keys are live, to a fixpoint. */
static void mark_ephemeron_data(void) {
  int changed = 1;
  while (changed) {
    changed = 0;
    for (size_t k = 0; k < ephemeron_count; k++) {
      value e = ephemerons[k];
      value data = ((const value *)e)[1];
      if (!egret_gc_is_live(e) || egret_gc_is_live(data) || !ephemeron_keys_live(e)) continue;
      egret_gc_mark(data);
      changed = 1;
    }
  }
}

/* Step 5: unsets the dead keys (and then the data) of the live ephemerons; forgets the dead. */
static void clean_ephemerons(void) {
  size_t kept = 0;
  for (size_t k = 0; k < ephemeron_count; k++) {
    value e = ephemerons[k];
    if (!egret_gc_is_live(e)) continue;
    value *f = (value *)e;
    uint64_t n = Wosize_hd(Hd_val(e));
    int dead = 0;
    for (uint64_t i = 2; i < n; i++) {
      if (!egret_gc_is_live(f[i])) {
        f[i] = EPHE_NONE;
        dead = 1;
      }
    }
    if (dead) f[1] = EPHE_NONE;
    ephemerons[kept++] = e;
  }
  ephemeron_count = kept;
}

/* ---- finalisers ---- */

struct finaliser {
  value fn, v;
};

/* Registered by Gc.finalise (first) and Gc.finalise_last (last); due: to be run. */
static struct finaliser *first, *last, *due;
static size_t first_count, first_capacity, last_count, last_capacity;
static size_t due_start, due_count, due_capacity;

/* due[due_start..due_count) are due; the array restarts when the program has taken them all. */
static void push_due(value fn, value v) {
  if (due_count == due_capacity) due = grow(due, &due_capacity, sizeof *due);
  due[due_count++] = (struct finaliser){fn, v};
}

/* OCaml's caml_final_register: v must be a heap block, and not a lazy value, a forward block
 * or a float. */
static value final_register(value fn, value v, struct finaliser **table, size_t *count, size_t *capacity) {
  if (!egret_gc_in_heap(v)) egret_invalid_argument("Gc.finalise");
  uint64_t tag = Tag_hd(Hd_val(v));
  if (tag == Lazy_tag || tag == Forward_tag || tag == Double_tag) egret_invalid_argument("Gc.finalise");
  if (*count == *capacity) *table = grow(*table, capacity, sizeof **table);
  (*table)[(*count)++] = (struct finaliser){fn, v};
  return Val_unit;
}

value caml_final_register(value fn, value v) { return final_register(fn, v, &first, &first_count, &first_capacity); }

value caml_final_register_called_without_value(value fn, value v) {
  return final_register(fn, v, &last, &last_count, &last_capacity);
}

/* Whether a finaliser is due. */
value egret_final_pending(value unit) {
  (void)unit;
  return due_start < due_count ? Val_true : Val_false;
}

/* The next finaliser due, as a pair (function, argument), or 0 when none is. */
value egret_final_next(value unit) {
  (void)unit;
  if (due_start == due_count) return Val_int(0);
  /* Allocate first: a collection meanwhile may add finalisers due, never remove one. */
  value *pair = egret_alloc(2, 0);
  struct finaliser f = due[due_start++];
  if (due_start == due_count) due_start = due_count = 0;
  pair[0] = f.fn;
  pair[1] = f.v;
  return (value)pair;
}

/* Moves the entries of `table` whose value is dead to the finalisers due, in the reverse order
 * of their registration (gc.mli: values that become unreachable in the same cycle are finalised
 * in the reverse order of the calls to finalise); for Gc.finalise_last (`with_value` 0) the
 * function receives (). */
static void collect_dead(struct finaliser *table, size_t *count, int with_value) {
  size_t kept = 0, start = due_count;
  for (size_t i = 0; i < *count; i++) {
    if (egret_gc_is_live(table[i].v)) table[kept++] = table[i];
    else push_due(table[i].fn, with_value ? table[i].v : Val_unit);
  }
  *count = kept;
  for (size_t i = start, j = due_count; i + 1 < j; i++, j--) {
    struct finaliser t = due[i];
    due[i] = due[j - 1];
    due[j - 1] = t;
  }
}

void egret_weak_after_mark(void) {
  /* 1. */
  for (size_t i = 0; i < first_count; i++) egret_gc_mark(first[i].fn);
  for (size_t i = 0; i < last_count; i++) egret_gc_mark(last[i].fn);
  for (size_t i = due_start; i < due_count; i++) {
    egret_gc_mark(due[i].fn);
    egret_gc_mark(due[i].v);
  }
  /* 2. */
  mark_ephemeron_data();
  /* 3. */
  size_t resurrected = due_count;
  collect_dead(first, &first_count, 1);
  for (size_t i = resurrected; i < due_count; i++) egret_gc_mark(due[i].v);
  if (due_count > resurrected) mark_ephemeron_data();
  /* 4. */
  collect_dead(last, &last_count, 0);
  /* 5. */
  clean_ephemerons();
}
