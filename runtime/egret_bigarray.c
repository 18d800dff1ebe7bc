/* Bigarrays: OCaml 4.13's Bigarray primitives (runtime/bigarray.c), written for egret.
 *
 * A bigarray is a custom block (Custom_tag, never scanned by the collector) of 5 + num_dims
 * words:
 *
 *     [0] &caml_ba_ops   [1] data   [2] num_dims   [3] flags   [4] proxy   [5..] dims
 *
 * flags = kind | layout, as OCaml's: the kind is the index of the `Bigarray.kind` constructor
 * (Float32 = 0 ... Char = 12), the layout 0 (C) or 0x100 (Fortran). Invariants: every dim is
 * >= 0 and their product times the element size fits the data; a sub-array, slice, reshaped
 * or re-laid-out array shares its parent's data (a pointer into it) and its proxy.
 *
 * Memory: the data is malloc'd and owned by a proxy (a count of the bigarrays over it and
 * the allocation, as OCaml's struct caml_ba_proxy). The runtime lists every bigarray block;
 * after each collection's marking (egret_ba_after_mark, called by the collector after the
 * weak phase) an unmarked one leaves the list and releases its proxy, the last release
 * freeing the data. Data allocated since the last collection counts towards the next one:
 * past BA_COLLECT_BYTES (or what the last collection left live, if more) a creation collects first,
 * as OCaml's caml_alloc_custom_mem speeds up its major GC.
 *
 * Elements are OCaml values of the kind's element type: a boxed float (Float32/64), a tagged
 * int (the int8/int16 kinds, Int, Char), a boxed int32/int64/nativeint (egret_boxint.c's
 * custom blocks) or a Complex.t (a tag-0 block of two boxed floats: egret has no flat float
 * records). Accessors check their indices and raise Invalid_argument "index out of bounds"
 * as OCaml's caml_ba_offset; the unsafe accessors are these checked ones too.
 *
 * Marshalling: egret_ba_serialize and egret_ba_deserialize (for egret_marshal.c). Not yet:
 * memory-mapped files.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "egret_runtime.h"

enum {
  BA_FLOAT32, BA_FLOAT64, BA_SINT8, BA_UINT8, BA_SINT16, BA_UINT16, BA_INT32, BA_INT64,
  BA_CAML_INT, BA_NATIVE_INT, BA_COMPLEX32, BA_COMPLEX64, BA_CHAR
};
#define BA_KIND_MASK 0xFF
#define BA_FORTRAN_LAYOUT 0x100
#define BA_LAYOUT_MASK 0x100
#define BA_MAX_NUM_DIMS 16

#define Ba_data(v) (((void **)(v))[1])
#define Ba_num_dims(v) (((int64_t *)(v))[2])
#define Ba_flags(v) (((int64_t *)(v))[3])
#define Ba_dim(v) (((int64_t *)(v)) + 5)
#define Ba_kind(v) (Ba_flags(v) & BA_KIND_MASK)
#define Ba_fortran(v) ((Ba_flags(v) & BA_LAYOUT_MASK) != 0)

static const int element_size[] = {4, 8, 1, 1, 2, 2, 4, 8, 8, 8, 8, 16, 1};

static uint64_t num_elts(value b) {
  uint64_t n = 1;
  for (int64_t i = 0; i < Ba_num_dims(b); i++) n *= (uint64_t)Ba_dim(b)[i];
  return n;
}

/* ---- comparison and hashing (OCaml's caml_ba_compare and caml_ba_hash) ---- */

static int ba_compare(value b1, value b2) {
  int64_t f1 = Ba_flags(b1) & (BA_KIND_MASK | BA_LAYOUT_MASK);
  int64_t f2 = Ba_flags(b2) & (BA_KIND_MASK | BA_LAYOUT_MASK);
  if (f1 != f2) return f2 - f1 < 0 ? -1 : 1;
  if (Ba_num_dims(b1) != Ba_num_dims(b2)) return Ba_num_dims(b2) - Ba_num_dims(b1) < 0 ? -1 : 1;
  for (int64_t i = 0; i < Ba_num_dims(b1); i++) {
    int64_t d1 = Ba_dim(b1)[i], d2 = Ba_dim(b2)[i];
    if (d1 != d2) return d1 < d2 ? -1 : 1;
  }
  uint64_t n = num_elts(b1);
#define INTEGERS(type)                                          \
  {                                                             \
    const type *p1 = Ba_data(b1), *p2 = Ba_data(b2);            \
    for (uint64_t i = 0; i < n; i++) {                          \
      if (p1[i] < p2[i]) return -1;                             \
      if (p1[i] > p2[i]) return 1;                              \
    }                                                           \
    return 0;                                                   \
  }
  /* NaNs: equal to each other, below every other number (compare's total order). */
#define FLOATS(type)                                            \
  {                                                             \
    const type *p1 = Ba_data(b1), *p2 = Ba_data(b2);            \
    for (uint64_t i = 0; i < n; i++) {                          \
      type e1 = p1[i], e2 = p2[i];                              \
      if (e1 < e2) return -1;                                   \
      if (e1 > e2) return 1;                                    \
      if (e1 != e2) {                                           \
        if (e1 == e1) return 1;                                 \
        if (e2 == e2) return -1;                                \
      }                                                         \
    }                                                           \
    return 0;                                                   \
  }
  switch (Ba_kind(b1)) {
  case BA_COMPLEX32: n *= 2; /* fallthrough */
  case BA_FLOAT32: FLOATS(float)
  case BA_COMPLEX64: n *= 2; /* fallthrough */
  case BA_FLOAT64: FLOATS(double)
  case BA_CHAR: INTEGERS(uint8_t)
  case BA_SINT8: INTEGERS(int8_t)
  case BA_UINT8: INTEGERS(uint8_t)
  case BA_SINT16: INTEGERS(int16_t)
  case BA_UINT16: INTEGERS(uint16_t)
  case BA_INT32: INTEGERS(int32_t)
  case BA_INT64: INTEGERS(int64_t)
  default: INTEGERS(int64_t) /* Int, Nativeint */
  }
#undef INTEGERS
#undef FLOATS
}

static uint32_t rotl32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
static uint32_t mix_uint32(uint32_t h, uint32_t d) {
  d *= 0xcc9e2d51u;
  d = rotl32(d, 15);
  d *= 0x1b873593u;
  h ^= d;
  h = rotl32(h, 13);
  return h * 5 + 0xe6546b64u;
}
static uint32_t mix_intnat(uint32_t h, int64_t d) {
  return mix_uint32(h, (uint32_t)((d >> 32) ^ (d >> 63) ^ d));
}
static uint32_t mix_int64(uint32_t h, int64_t d) {
  h = mix_uint32(h, (uint32_t)d);
  return mix_uint32(h, (uint32_t)((uint64_t)d >> 32));
}
static uint32_t mix_double(uint32_t hash, double d) {
  uint64_t i;
  memcpy(&i, &d, sizeof i);
  uint32_t h = (uint32_t)(i >> 32), l = (uint32_t)i;
  if ((h & 0x7FF00000u) == 0x7FF00000u && (l | (h & 0xFFFFFu)) != 0) {
    h = 0x7FF00000u;
    l = 1;
  } else if (h == 0x80000000u && l == 0) {
    h = 0;
  }
  return mix_uint32(mix_uint32(hash, l), h);
}
static uint32_t mix_float(uint32_t hash, float f) {
  uint32_t n;
  memcpy(&n, &f, sizeof n);
  if ((n & 0x7F800000u) == 0x7F800000u && (n & 0x007FFFFFu) != 0) n = 0x7F800001u;
  else if (n == 0x80000000u) n = 0;
  return mix_uint32(hash, n);
}

static uint32_t ba_hash(value b) {
  uint64_t n = num_elts(b);
  uint32_t h = 0;
  switch (Ba_kind(b)) {
  case BA_CHAR:
  case BA_SINT8:
  case BA_UINT8: {
    const uint8_t *p = Ba_data(b);
    if (n > 256) n = 256;
    uint64_t i = 0;
    for (; i + 4 <= n; i += 4)
      h = mix_uint32(h, p[i] | (p[i + 1] << 8) | (p[i + 2] << 16) | ((uint32_t)p[i + 3] << 24));
    uint32_t w = 0;
    switch (n & 3) {
    case 3: w = p[i + 2] << 16; /* fallthrough */
    case 2: w |= p[i + 1] << 8; /* fallthrough */
    case 1: w |= p[i]; h = mix_uint32(h, w);
    }
    break;
  }
  case BA_SINT16:
  case BA_UINT16: {
    const uint16_t *p = Ba_data(b);
    if (n > 128) n = 128;
    uint64_t i = 0;
    for (; i + 2 <= n; i += 2) h = mix_uint32(h, p[i] | ((uint32_t)p[i + 1] << 16));
    if (n & 1) h = mix_uint32(h, p[i]);
    break;
  }
  case BA_INT32: {
    const uint32_t *p = Ba_data(b);
    if (n > 64) n = 64;
    for (uint64_t i = 0; i < n; i++) h = mix_uint32(h, p[i]);
    break;
  }
  case BA_CAML_INT:
  case BA_NATIVE_INT: {
    const int64_t *p = Ba_data(b);
    if (n > 64) n = 64;
    for (uint64_t i = 0; i < n; i++) h = mix_intnat(h, p[i]);
    break;
  }
  case BA_INT64: {
    const int64_t *p = Ba_data(b);
    if (n > 32) n = 32;
    for (uint64_t i = 0; i < n; i++) h = mix_int64(h, p[i]);
    break;
  }
  case BA_COMPLEX32: n *= 2; /* fallthrough */
  case BA_FLOAT32: {
    const float *p = Ba_data(b);
    if (n > 64) n = 64;
    for (uint64_t i = 0; i < n; i++) h = mix_float(h, p[i]);
    break;
  }
  case BA_COMPLEX64: n *= 2; /* fallthrough */
  case BA_FLOAT64: {
    const double *p = Ba_data(b);
    if (n > 32) n = 32;
    for (uint64_t i = 0; i < n; i++) h = mix_double(h, p[i]);
    break;
  }
  }
  return h;
}

const struct egret_custom_operations caml_ba_ops = {"_bigarr02", ba_compare, ba_hash};

/* ---- allocation and freeing ---- */

struct proxy {
  uint64_t refcount; /* the listed bigarrays over the data */
  uint64_t size;     /* bytes */
  void *data;
};
#define Ba_proxy(v) (((struct proxy **)(v))[4])

#define BA_COLLECT_BYTES ((uint64_t)64 << 20)

static value *listed; /* every bigarray block not yet found dead */
static size_t listed_count, listed_capacity;
static uint64_t live_bytes, bytes_since_collection, live_after_collection;

static void release(struct proxy *p) {
  if (--p->refcount > 0) return;
  live_bytes -= p->size;
  free(p->data);
  free(p);
}

/* After a collection's marking: the unmarked bigarrays release their data. */
void egret_ba_after_mark(void) {
  size_t kept = 0;
  for (size_t i = 0; i < listed_count; i++) {
    if (egret_gc_is_live(listed[i])) listed[kept++] = listed[i];
    else release(Ba_proxy(listed[i]));
  }
  listed_count = kept;
  bytes_since_collection = 0;
  live_after_collection = live_bytes;
}

/* A bigarray of `flags` and dims over the data of `owner`, at `data`; or, when `owner` is
 * NULL, over fresh zeroed data of its own. */
static value ba_alloc(int64_t flags, int64_t num_dims, struct proxy *owner, void *data,
                      const int64_t *dim) {
  if (listed_count == listed_capacity) {
    size_t cap = listed_capacity == 0 ? 64 : listed_capacity * 2;
    value *grown = realloc(listed, cap * sizeof *listed);
    if (grown == NULL) egret_out_of_memory();
    listed = grown;
    listed_capacity = cap;
  }
  if (owner == NULL) {
    uint64_t size = (uint64_t)element_size[flags & BA_KIND_MASK];
    for (int64_t i = 0; i < num_dims; i++) {
      if (dim[i] != 0 && size > UINT64_MAX / (uint64_t)dim[i]) egret_raise_out_of_memory();
      size *= (uint64_t)dim[i];
    }
    uint64_t limit = live_after_collection > BA_COLLECT_BYTES ? live_after_collection : BA_COLLECT_BYTES;
    if (bytes_since_collection + size > limit) egret_gc_collect();
    owner = malloc(sizeof *owner);
    data = calloc(size == 0 ? 1 : size, 1);
    if (owner == NULL || data == NULL) {
      free(owner);
      free(data);
      egret_raise_out_of_memory();
    }
    *owner = (struct proxy){0, size, data};
    live_bytes += size;
    bytes_since_collection += size;
  }
  /* Counted before allocating: a collection there may find the parent view dead. */
  owner->refcount++;
  value *b = egret_alloc(5 + (uint64_t)num_dims, Custom_tag);
  b[0] = (value)&caml_ba_ops;
  b[1] = (value)data;
  b[2] = (value)num_dims;
  b[3] = (value)flags;
  b[4] = (value)owner;
  for (int64_t i = 0; i < num_dims; i++) b[5 + i] = (value)dim[i];
  listed[listed_count++] = (value)b;
  return (value)b;
}

static int64_t array_length(value a) { return (int64_t)Wosize_hd(Hd_val(a)); }

value caml_ba_create(value vkind, value vlayout, value vdim) {
  int64_t num_dims = array_length(vdim), dim[BA_MAX_NUM_DIMS];
  if (num_dims > BA_MAX_NUM_DIMS) egret_invalid_argument("Bigarray.create: bad number of dimensions");
  for (int64_t i = 0; i < num_dims; i++) {
    dim[i] = Int_val(((value *)vdim)[i]);
    if (dim[i] < 0) egret_invalid_argument("Bigarray.create: negative dimension");
  }
  int64_t flags = Int_val(vkind) | (Int_val(vlayout) ? BA_FORTRAN_LAYOUT : 0);
  return ba_alloc(flags, num_dims, NULL, NULL, dim);
}

/* ---- element access ---- */

/* The offset of the element at `index` (num_dims indices), checking each. */
static int64_t ba_offset(value b, const int64_t *index) {
  int64_t offset = 0, n = Ba_num_dims(b);
  const int64_t *dim = Ba_dim(b);
  if (!Ba_fortran(b)) {
    for (int64_t i = 0; i < n; i++) {
      if ((uint64_t)index[i] >= (uint64_t)dim[i]) egret_raise_bound_error();
      offset = offset * dim[i] + index[i];
    }
  } else {
    for (int64_t i = n - 1; i >= 0; i--) {
      if ((uint64_t)(index[i] - 1) >= (uint64_t)dim[i]) egret_raise_bound_error();
      offset = offset * dim[i] + (index[i] - 1);
    }
  }
  return offset;
}

extern const struct egret_custom_operations caml_int32_ops, caml_int64_ops, caml_nativeint_ops;

static value box_int(const struct egret_custom_operations *ops, int64_t n) {
  value *p = egret_alloc(2, Custom_tag);
  p[0] = (value)ops;
  p[1] = (value)n;
  return (value)p;
}

/* A Complex.t: a flat float record (Double_array_tag), as OCaml's. */
static value box_complex(double re, double im) {
  double *c = (double *)egret_alloc(2, Double_array_tag);
  c[0] = re;
  c[1] = im;
  return (value)c;
}

static double double_val(value v) {
  double d;
  memcpy(&d, (void *)v, sizeof d);
  return d;
}

static int64_t payload(value v) { return ((int64_t *)v)[1]; }

/* The element at offset `ofs`, as a value. */
static value ba_read(value b, int64_t ofs) {
  void *data = Ba_data(b);
  switch (Ba_kind(b)) {
  case BA_FLOAT32: return egret_box_float(((float *)data)[ofs]);
  case BA_FLOAT64: return egret_box_float(((double *)data)[ofs]);
  case BA_SINT8: return Val_int(((int8_t *)data)[ofs]);
  case BA_UINT8: return Val_int(((uint8_t *)data)[ofs]);
  case BA_SINT16: return Val_int(((int16_t *)data)[ofs]);
  case BA_UINT16: return Val_int(((uint16_t *)data)[ofs]);
  case BA_INT32: return box_int(&caml_int32_ops, ((int32_t *)data)[ofs]);
  case BA_INT64: return box_int(&caml_int64_ops, ((int64_t *)data)[ofs]);
  case BA_NATIVE_INT: return box_int(&caml_nativeint_ops, ((int64_t *)data)[ofs]);
  case BA_CAML_INT: return Val_int(((int64_t *)data)[ofs]);
  case BA_COMPLEX32: {
    const float *p = (float *)data + ofs * 2;
    return box_complex(p[0], p[1]);
  }
  case BA_COMPLEX64: {
    const double *p = (double *)data + ofs * 2;
    return box_complex(p[0], p[1]);
  }
  default: return Val_int(((uint8_t *)data)[ofs]); /* Char */
  }
}

/* Stores `v` as the element at offset `ofs`. */
static void ba_write(value b, int64_t ofs, value v) {
  void *data = Ba_data(b);
  switch (Ba_kind(b)) {
  case BA_FLOAT32: ((float *)data)[ofs] = (float)double_val(v); break;
  case BA_FLOAT64: ((double *)data)[ofs] = double_val(v); break;
  case BA_SINT8:
  case BA_UINT8:
  case BA_CHAR: ((int8_t *)data)[ofs] = (int8_t)Int_val(v); break;
  case BA_SINT16:
  case BA_UINT16: ((int16_t *)data)[ofs] = (int16_t)Int_val(v); break;
  case BA_INT32: ((int32_t *)data)[ofs] = (int32_t)payload(v); break;
  case BA_INT64:
  case BA_NATIVE_INT: ((int64_t *)data)[ofs] = payload(v); break;
  case BA_CAML_INT: ((int64_t *)data)[ofs] = Int_val(v); break;
  case BA_COMPLEX32: {
    float *p = (float *)data + ofs * 2;
    p[0] = (float)((const double *)v)[0];
    p[1] = (float)((const double *)v)[1];
    break;
  }
  case BA_COMPLEX64: {
    double *p = (double *)data + ofs * 2;
    p[0] = ((const double *)v)[0];
    p[1] = ((const double *)v)[1];
    break;
  }
  }
}

static value get_n(value b, int64_t n, const int64_t *index) {
  if (n != Ba_num_dims(b)) egret_invalid_argument("Bigarray.get: wrong number of indices");
  return ba_read(b, ba_offset(b, index));
}

static value set_n(value b, int64_t n, const int64_t *index, value v) {
  if (n != Ba_num_dims(b)) egret_invalid_argument("Bigarray.set: wrong number of indices");
  ba_write(b, ba_offset(b, index), v);
  return Val_unit;
}

/* The indices of an int array (at most BA_MAX_NUM_DIMS are read; more is a wrong number). */
static int64_t indices(value vind, int64_t *index) {
  int64_t n = array_length(vind);
  for (int64_t i = 0; i < n && i < BA_MAX_NUM_DIMS; i++) index[i] = Int_val(((value *)vind)[i]);
  return n;
}

value caml_ba_get_generic(value b, value vind) {
  int64_t index[BA_MAX_NUM_DIMS];
  return get_n(b, indices(vind, index), index);
}

value caml_ba_set_generic(value b, value vind, value v) {
  int64_t index[BA_MAX_NUM_DIMS];
  return set_n(b, indices(vind, index), index, v);
}

value caml_ba_get_1(value b, value i) {
  int64_t index[1] = {Int_val(i)};
  return get_n(b, 1, index);
}

value caml_ba_get_2(value b, value i, value j) {
  int64_t index[2] = {Int_val(i), Int_val(j)};
  return get_n(b, 2, index);
}

value caml_ba_get_3(value b, value i, value j, value k) {
  int64_t index[3] = {Int_val(i), Int_val(j), Int_val(k)};
  return get_n(b, 3, index);
}

value caml_ba_set_1(value b, value i, value v) {
  int64_t index[1] = {Int_val(i)};
  return set_n(b, 1, index, v);
}

value caml_ba_set_2(value b, value i, value j, value v) {
  int64_t index[2] = {Int_val(i), Int_val(j)};
  return set_n(b, 2, index, v);
}

value caml_ba_set_3(value b, value i, value j, value k, value v) {
  int64_t index[3] = {Int_val(i), Int_val(j), Int_val(k)};
  return set_n(b, 3, index, v);
}

/* ---- shape ---- */

value caml_ba_num_dims(value b) { return Val_int(Ba_num_dims(b)); }

value caml_ba_dim(value b, value vn) {
  int64_t n = Int_val(vn);
  if (n < 0 || n >= Ba_num_dims(b)) egret_invalid_argument("Bigarray.dim");
  return Val_int(Ba_dim(b)[n]);
}

value caml_ba_dim_1(value b) { return caml_ba_dim(b, Val_int(0)); }

value caml_ba_dim_2(value b) { return caml_ba_dim(b, Val_int(1)); }

value caml_ba_dim_3(value b) { return caml_ba_dim(b, Val_int(2)); }

value caml_ba_kind(value b) { return Val_int(Ba_kind(b)); }

value caml_ba_layout(value b) { return Val_int(Ba_fortran(b) ? 1 : 0); }

value caml_ba_change_layout(value b, value vlayout) {
  int64_t layout = Int_val(vlayout) ? BA_FORTRAN_LAYOUT : 0;
  if ((Ba_flags(b) & BA_LAYOUT_MASK) == layout) return b;
  int64_t n = Ba_num_dims(b), dim[BA_MAX_NUM_DIMS];
  for (int64_t i = 0; i < n; i++) dim[i] = Ba_dim(b)[n - i - 1];
  return ba_alloc((Ba_flags(b) & BA_KIND_MASK) | layout, n, Ba_proxy(b), Ba_data(b), dim);
}

value caml_ba_sub(value b, value vofs, value vlen) {
  int64_t ofs = Int_val(vofs), len = Int_val(vlen), n = Ba_num_dims(b);
  int64_t changed, mul = 1;
  if (!Ba_fortran(b)) {
    changed = 0;
    for (int64_t i = 1; i < n; i++) mul *= Ba_dim(b)[i];
  } else {
    changed = n - 1;
    for (int64_t i = 0; i < n - 1; i++) mul *= Ba_dim(b)[i];
    ofs--;
  }
  /* OCaml reads dim[changed] even of a 0-dimensional array (the word after the header). */
  if (n == 0 || ofs < 0 || len < 0 || ofs + len > Ba_dim(b)[changed])
    egret_invalid_argument("Bigarray.sub: bad sub-array");
  int64_t dim[BA_MAX_NUM_DIMS];
  memcpy(dim, Ba_dim(b), (size_t)n * sizeof *dim);
  dim[changed] = len;
  char *data = (char *)Ba_data(b) + ofs * mul * element_size[Ba_kind(b)];
  return ba_alloc(Ba_flags(b), n, Ba_proxy(b), data, dim);
}

value caml_ba_slice(value b, value vind) {
  int64_t num_inds = array_length(vind), n = Ba_num_dims(b);
  if (num_inds > n) egret_invalid_argument("Bigarray.slice: too many indices");
  int64_t index[BA_MAX_NUM_DIMS];
  const int64_t *sub_dims;
  if (!Ba_fortran(b)) {
    for (int64_t i = 0; i < num_inds; i++) index[i] = Int_val(((value *)vind)[i]);
    for (int64_t i = num_inds; i < n; i++) index[i] = 0;
    sub_dims = Ba_dim(b) + num_inds;
  } else {
    for (int64_t i = 0; i < n - num_inds; i++) index[i] = 1;
    for (int64_t i = 0; i < num_inds; i++) index[n - num_inds + i] = Int_val(((value *)vind)[i]);
    sub_dims = Ba_dim(b);
  }
  int64_t offset = ba_offset(b, index);
  int64_t dim[BA_MAX_NUM_DIMS];
  memcpy(dim, sub_dims, (size_t)(n - num_inds) * sizeof *dim);
  char *data = (char *)Ba_data(b) + offset * element_size[Ba_kind(b)];
  return ba_alloc(Ba_flags(b), n - num_inds, Ba_proxy(b), data, dim);
}

value caml_ba_reshape(value b, value vdim) {
  int64_t n = array_length(vdim), dim[BA_MAX_NUM_DIMS];
  if (n > BA_MAX_NUM_DIMS) egret_invalid_argument("Bigarray.reshape: bad number of dimensions");
  uint64_t elts = 1;
  for (int64_t i = 0; i < n; i++) {
    dim[i] = Int_val(((value *)vdim)[i]);
    if (dim[i] < 0) egret_invalid_argument("Bigarray.reshape: negative dimension");
    elts *= (uint64_t)dim[i];
  }
  if (elts != num_elts(b)) egret_invalid_argument("Bigarray.reshape: size mismatch");
  return ba_alloc(Ba_flags(b), n, Ba_proxy(b), Ba_data(b), dim);
}

/* ---- bulk operations ---- */

value caml_ba_blit(value src, value dst) {
  if (Ba_num_dims(src) != Ba_num_dims(dst)) goto mismatch;
  for (int64_t i = 0; i < Ba_num_dims(src); i++)
    if (Ba_dim(src)[i] != Ba_dim(dst)[i]) goto mismatch;
  memmove(Ba_data(dst), Ba_data(src), num_elts(dst) * (uint64_t)element_size[Ba_kind(dst)]);
  return Val_unit;
mismatch:
  egret_invalid_argument("Bigarray.blit: dimension mismatch");
}

value caml_ba_fill(value b, value v) {
  uint64_t n = num_elts(b);
  for (uint64_t i = 0; i < n; i++) ba_write(b, (int64_t)i, v);
  return Val_unit;
}

/* ---- bigstrings: 16, 32 and 64-bit little-endian accesses of a char bigarray ---- */

/* The address of bytes idx .. idx + width - 1 of a one-dimensional bigarray, checked. */
static uint8_t *bigstring_at(value b, value vidx, int64_t width) {
  int64_t idx = Int_val(vidx);
  if (idx < 0 || idx >= Ba_dim(b)[0] - (width - 1)) egret_raise_bound_error();
  return (uint8_t *)Ba_data(b) + idx;
}

static uint64_t load_le(const uint8_t *p, int width) {
  uint64_t r = 0;
  for (int i = width - 1; i >= 0; i--) r = (r << 8) | p[i];
  return r;
}

static void store_le(uint8_t *p, int width, uint64_t v) {
  for (int i = 0; i < width; i++) p[i] = (uint8_t)(v >> (8 * i));
}

value caml_ba_uint8_get16(value b, value idx) { return Val_int(load_le(bigstring_at(b, idx, 2), 2)); }

value caml_ba_uint8_get32(value b, value idx) {
  return box_int(&caml_int32_ops, (int32_t)load_le(bigstring_at(b, idx, 4), 4));
}

value caml_ba_uint8_get64(value b, value idx) {
  return box_int(&caml_int64_ops, (int64_t)load_le(bigstring_at(b, idx, 8), 8));
}

value caml_ba_uint8_set16(value b, value idx, value v) {
  store_le(bigstring_at(b, idx, 2), 2, (uint64_t)Int_val(v));
  return Val_unit;
}

value caml_ba_uint8_set32(value b, value idx, value v) {
  store_le(bigstring_at(b, idx, 4), 4, (uint64_t)payload(v));
  return Val_unit;
}

value caml_ba_uint8_set64(value b, value idx, value v) {
  store_le(bigstring_at(b, idx, 8), 8, (uint64_t)payload(v));
  return Val_unit;
}

/* ---- marshalling (OCaml's caml_ba_serialize and caml_ba_deserialize) ----
 *
 * The payload Marshal writes after the identifier "_bigarr02": num_dims and flags (4 bytes
 * each), each dim (2 bytes, or 0xffff then 8), then the elements big-endian; Int and
 * Nativeint elements as 4 bytes after a 0 byte when all fit 32 bits (Int: 31), else as 8
 * after a 1. Big-endian throughout, as OCaml's caml_serialize_*. */

static void put_be(unsigned char *p, uint64_t n, int bytes) {
  for (int i = bytes - 1; i >= 0; i--) {
    p[i] = (unsigned char)n;
    n >>= 8;
  }
}

static uint64_t get_be(const unsigned char *p, int bytes) {
  uint64_t n = 0;
  for (int i = 0; i < bytes; i++) n = n << 8 | p[i];
  return n;
}

/* The payload of bigarray `b`, malloc'd (*len bytes); NULL when out of memory. */
unsigned char *egret_ba_serialize(value b, size_t *len) {
  int64_t nd = Ba_num_dims(b);
  uint64_t n = num_elts(b);
  int kind = (int)Ba_kind(b);
  int width = kind == BA_COMPLEX32 ? 4 : kind == BA_COMPLEX64 ? 8 : element_size[kind];
  uint64_t count = (kind == BA_COMPLEX32 || kind == BA_COMPLEX64) ? 2 * n : n;
  const int64_t *longs = Ba_data(b);
  int wide = 0;
  if (kind == BA_CAML_INT || kind == BA_NATIVE_INT) {
    int64_t lo = kind == BA_CAML_INT ? -0x40000000 : -0x80000000LL;
    int64_t hi = kind == BA_CAML_INT ? 0x3FFFFFFF : 0x7FFFFFFF;
    for (uint64_t i = 0; i < n; i++)
      if (longs[i] < lo || longs[i] > hi) wide = 1;
    width = wide ? 8 : 4;
  }
  size_t size = 8 + 10 * (size_t)nd + 1 + (size_t)(count * (uint64_t)width);
  unsigned char *out = malloc(size), *p = out;
  if (out == NULL) return NULL;
  put_be(p, (uint64_t)nd, 4);
  put_be(p + 4, (uint64_t)Ba_flags(b) & (BA_KIND_MASK | BA_LAYOUT_MASK), 4);
  p += 8;
  for (int64_t i = 0; i < nd; i++) {
    uint64_t d = (uint64_t)Ba_dim(b)[i];
    if (d < 0xffff) {
      put_be(p, d, 2);
      p += 2;
    } else {
      put_be(p, 0xffff, 2);
      put_be(p + 2, d, 8);
      p += 10;
    }
  }
  if (kind == BA_CAML_INT || kind == BA_NATIVE_INT) *p++ = (unsigned char)wide;
  const unsigned char *data = Ba_data(b);
  for (uint64_t i = 0; i < count; i++) {
    uint64_t x;
    if (kind == BA_CAML_INT || kind == BA_NATIVE_INT) {
      x = (uint64_t)longs[i];
    } else {
      x = 0;
      /* The element's bytes in memory (little-endian) as a number. */
      for (int k = width - 1; k >= 0; k--) x = x << 8 | data[i * (uint64_t)width + (uint64_t)k];
    }
    put_be(p, x, width);
    p += width;
  }
  *len = (size_t)(p - out);
  return out;
}

/* A bigarray from the payload at *src (at most end), advancing *src; NULL with *error set
 * when the payload is wrong (OCaml's messages). *size is what OCaml's deserialiser returns,
 * (4 + num_dims) words, which Marshal checks against the size written. */
value egret_ba_deserialize(const unsigned char **src, const unsigned char *end,
                           uint64_t *size, const char **error) {
  const unsigned char *p = *src;
#define NEED(k)                                                     \
  if ((uint64_t)(end - p) < (uint64_t)(k)) {                        \
    *error = "input_value: ill-formed message";                     \
    return 0;                                                       \
  }
  NEED(8);
  uint64_t nd = get_be(p, 4), flags = get_be(p + 4, 4);
  p += 8;
  if (nd > BA_MAX_NUM_DIMS) {
    *error = "input_value: wrong number of bigarray dimensions";
    return 0;
  }
  int64_t dim[BA_MAX_NUM_DIMS];
  uint64_t n = 1;
  for (uint64_t i = 0; i < nd; i++) {
    NEED(2);
    uint64_t d = get_be(p, 2);
    p += 2;
    if (d == 0xffff) {
      NEED(8);
      d = get_be(p, 8);
      p += 8;
    }
    dim[i] = (int64_t)d;
    if (d != 0 && n > UINT64_MAX / d) {
      *error = "input_value: size overflow for bigarray";
      return 0;
    }
    n *= d;
  }
  int kind = (int)(flags & BA_KIND_MASK);
  if (kind > BA_CHAR) {
    *error = "input_value: bad bigarray kind";
    return 0;
  }
  if (n > UINT64_MAX / 16) {
    *error = "input_value: size overflow for bigarray";
    return 0;
  }
  int width = kind == BA_COMPLEX32 ? 4 : kind == BA_COMPLEX64 ? 8 : element_size[kind];
  uint64_t count = (kind == BA_COMPLEX32 || kind == BA_COMPLEX64) ? 2 * n : n;
  if (kind == BA_CAML_INT || kind == BA_NATIVE_INT) {
    NEED(1);
    width = *p++ ? 8 : 4;
  }
  NEED(count * (uint64_t)width);
  value b = ba_alloc((int64_t)(flags & (BA_KIND_MASK | BA_LAYOUT_MASK)), (int64_t)nd, NULL,
                     NULL, dim);
  unsigned char *data = Ba_data(b);
  for (uint64_t i = 0; i < count; i++) {
    uint64_t x = get_be(p, width);
    p += width;
    if (kind == BA_CAML_INT || kind == BA_NATIVE_INT) {
      int64_t v = width == 4 ? (int64_t)(int32_t)(uint32_t)x : (int64_t)x;
      ((int64_t *)data)[i] = v;
    } else {
      for (int k = 0; k < width; k++) {
        data[i * (uint64_t)width + (uint64_t)k] = (unsigned char)x;
        x >>= 8;
      }
    }
  }
#undef NEED
  *src = p;
  *size = (4 + nd) * 8;
  return b;
}
