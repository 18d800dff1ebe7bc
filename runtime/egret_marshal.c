/* Marshal: OCaml's external format for values (`Marshal`, `output_value`, `input_value`), after
 * OCaml's runtime/extern.c and intern.c, so that data written by an ocamlopt-built program reads
 * back here and the other way round.
 *
 * The format: a header (the "small" one of 20 bytes, or the "big" one of 32 when a length
 * does not fit 32 bits: magic number, length of the data, number of shared objects, sizes in
 * words on 32- and 64-bit platforms, big-endian), then the value depth-first, fields in order:
 * small ints, strings and blocks in one byte, longer ones with a code; a block already written
 * is a back reference (its distance in objects) unless `No_sharing`; floats, float arrays and
 * the custom blocks of boxed integers ("_i", "_j", "_n") and bigarrays ("_bigarr02", whose
 * payload egret_bigarray.c writes and reads) in OCaml's encodings.
 *
 * egret's representation is OCaml's, flat float arrays and float records (Double_array_tag)
 * included, so every value is written as ocamlopt writes it.
 * Functions cannot be written (ocamlopt writes code pointers only with `Closures`, keyed by
 * its own code's digest): "output_value: functional value".
 *
 * Extern allocates nothing in the heap until the data is complete (its tables are malloc'd).
 * Intern allocates each object as it reads it and stores it at once into its parent (whose
 * fields are initialised first), so a collection during intern finds the whole partial value
 * reachable from the result, a local of the reading function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egret_runtime.h"

#define MAGIC_SMALL 0x8495A6BEu
#define MAGIC_BIG 0x8495A6BFu

#define PREFIX_SMALL_BLOCK 0x80
#define PREFIX_SMALL_INT 0x40
#define PREFIX_SMALL_STRING 0x20
#define CODE_INT8 0x0
#define CODE_INT16 0x1
#define CODE_INT32 0x2
#define CODE_INT64 0x3
#define CODE_SHARED8 0x4
#define CODE_SHARED16 0x5
#define CODE_SHARED32 0x6
#define CODE_SHARED64 0x14
#define CODE_BLOCK32 0x8
#define CODE_BLOCK64 0x13
#define CODE_STRING8 0x9
#define CODE_STRING32 0xA
#define CODE_STRING64 0x15
#define CODE_DOUBLE_BIG 0xB
#define CODE_DOUBLE_LITTLE 0xC
#define CODE_DOUBLE_ARRAY8_BIG 0xD
#define CODE_DOUBLE_ARRAY8_LITTLE 0xE
#define CODE_DOUBLE_ARRAY32_BIG 0xF
#define CODE_DOUBLE_ARRAY32_LITTLE 0x7
#define CODE_DOUBLE_ARRAY64_BIG 0x16
#define CODE_DOUBLE_ARRAY64_LITTLE 0x17
#define CODE_CODEPOINTER 0x10
#define CODE_INFIXPOINTER 0x11
#define CODE_CUSTOM 0x12
#define CODE_CUSTOM_LEN 0x18
#define CODE_CUSTOM_FIXED 0x19

/* Marshal.extern_flags */
#define NO_SHARING 1
#define CLOSURES 2
#define COMPAT_32 4

#define Object_tag 248
#define Abstract_tag 251

#define F(v, i) (((value *)(v))[i])
#define Is_block(v) (((v) & 1) == 0)
#define Tag_val(v) Tag_hd(Hd_val(v))
#define Wosize_val(v) Wosize_hd(Hd_val(v))

extern const struct egret_custom_operations caml_int32_ops, caml_int64_ops, caml_nativeint_ops,
    caml_ba_ops;
/* Bigarrays' payloads (egret_bigarray.c). */
unsigned char *egret_ba_serialize(value b, size_t *len);
value egret_ba_deserialize(const unsigned char **src, const unsigned char *end, uint64_t *size,
                           const char **error);

/* ======================================================================================
 * Extern
 * ====================================================================================== */

/* The output: a malloc'd buffer that grows, or the caller's (Marshal.to_buffer) that does
 * not. */
static unsigned char *out_buf;
static size_t out_len, out_cap;
static int out_fixed;

/* The objects written so far (unless No_sharing): open addressing on the address, mapping it
 * to its number in the output. */
struct position {
  value obj;
  uint64_t pos;
};
static struct position *pos_table;
static size_t pos_size, pos_count;

/* The blocks whose fields are still to be written (depth first). */
struct pending {
  value *fields;
  size_t count;
};
static struct pending *stack;
static size_t stack_len, stack_cap;

static int extern_flags;
static uint64_t obj_counter, size_32, size_64;

static void extern_free(void) {
  if (!out_fixed) free(out_buf);
  out_buf = NULL;
  free(pos_table);
  pos_table = NULL;
  free(stack);
  stack = NULL;
  stack_len = stack_cap = 0;
}

static void extern_invalid_argument(const char *msg) __attribute__((noreturn));
static void extern_invalid_argument(const char *msg) {
  extern_free();
  egret_invalid_argument(msg);
}

static void extern_failwith(const char *msg) __attribute__((noreturn));
static void extern_failwith(const char *msg) {
  extern_free();
  egret_failwith(msg);
}

static void *extern_realloc(void *p, size_t n) {
  void *q = realloc(p, n);
  if (q == NULL) {
    extern_free();
    egret_raise_out_of_memory();
  }
  return q;
}

static void reserve(size_t n) {
  if (out_len + n <= out_cap) return;
  if (out_fixed) extern_failwith("Marshal.to_buffer: buffer overflow");
  size_t cap = out_cap < 4096 ? 4096 : out_cap;
  while (out_len + n > cap) cap *= 2;
  out_buf = extern_realloc(out_buf, cap);
  out_cap = cap;
}

static void store_be(unsigned char *dst, uint64_t n, int bytes) {
  for (int i = bytes - 1; i >= 0; i--) {
    dst[i] = (unsigned char)n;
    n >>= 8;
  }
}

static void write_byte(int c) {
  reserve(1);
  out_buf[out_len++] = (unsigned char)c;
}

static void write_block(const void *data, size_t len) {
  reserve(len);
  memcpy(out_buf + out_len, data, len);
  out_len += len;
}

/* A code and a big-endian number of `bytes` bytes. */
static void write_code(int code, uint64_t n, int bytes) {
  reserve(1 + (size_t)bytes);
  out_buf[out_len] = (unsigned char)code;
  store_be(out_buf + out_len + 1, n, bytes);
  out_len += 1 + (size_t)bytes;
}

static void extern_int(int64_t n) {
  if (n >= 0 && n < 0x40)
    write_byte(PREFIX_SMALL_INT + (int)n);
  else if (n >= -(1 << 7) && n < (1 << 7))
    write_code(CODE_INT8, (uint64_t)n, 1);
  else if (n >= -(1 << 15) && n < (1 << 15))
    write_code(CODE_INT16, (uint64_t)n, 2);
  else if (n < -((int64_t)1 << 30) || n >= ((int64_t)1 << 30)) {
    if (extern_flags & COMPAT_32)
      extern_failwith("output_value: integer cannot be read back on 32-bit platform");
    write_code(CODE_INT64, (uint64_t)n, 8);
  } else
    write_code(CODE_INT32, (uint64_t)n, 4);
}

static void extern_shared_reference(uint64_t d) {
  if (d < 0x100)
    write_code(CODE_SHARED8, d, 1);
  else if (d < 0x10000)
    write_code(CODE_SHARED16, d, 2);
  else if (d >= (uint64_t)1 << 32)
    write_code(CODE_SHARED64, d, 8);
  else
    write_code(CODE_SHARED32, d, 4);
}

static void extern_header(uint64_t sz, unsigned tag) {
  if (tag < 16 && sz < 8) {
    write_byte(PREFIX_SMALL_BLOCK + (int)tag + (int)(sz << 4));
    return;
  }
  uint64_t hd = Make_header(sz, tag); /* colour white (0) */
  if (sz > 0x3FFFFF && (extern_flags & COMPAT_32))
    extern_failwith("output_value: array cannot be read back on 32-bit platform");
  if (hd < (uint64_t)1 << 32)
    write_code(CODE_BLOCK32, hd, 4);
  else
    write_code(CODE_BLOCK64, hd, 8);
}

static void extern_string(value v, size_t len) {
  if (len < 0x20)
    write_byte(PREFIX_SMALL_STRING + (int)len);
  else if (len < 0x100)
    write_code(CODE_STRING8, len, 1);
  else {
    if (len > 0xFFFFFB && (extern_flags & COMPAT_32))
      extern_failwith("output_value: string cannot be read back on 32-bit platform");
    if (len < (uint64_t)1 << 32)
      write_code(CODE_STRING32, len, 4);
    else
      write_code(CODE_STRING64, len, 8);
  }
  write_block((const void *)v, len);
}

static void extern_double_array(value v, uint64_t n) {
  if (n < 0x100)
    write_code(CODE_DOUBLE_ARRAY8_LITTLE, n, 1);
  else {
    if (n > 0x1FFFFF && (extern_flags & COMPAT_32))
      extern_failwith("output_value: float array cannot be read back on 32-bit platform");
    if (n < (uint64_t)1 << 32)
      write_code(CODE_DOUBLE_ARRAY32_LITTLE, n, 4);
    else
      write_code(CODE_DOUBLE_ARRAY64_LITTLE, n, 8);
  }
  reserve(8 * n);
  for (uint64_t i = 0; i < n; i++) {
    memcpy(out_buf + out_len, (const uint64_t *)v + i, 8);
    out_len += 8;
  }
}

/* A big-endian number of `bytes` bytes. */
static void write_be(uint64_t n, int bytes) {
  reserve((size_t)bytes);
  store_be(out_buf + out_len, n, bytes);
  out_len += (size_t)bytes;
}

/* The boxed integers' custom blocks (OCaml's ints.c serialisers; all of fixed length, the
 * identifier then the payload). */
static void extern_custom(value v) {
  const struct egret_custom_operations *ops = (const void *)F(v, 0);
  int64_t n = (int64_t)F(v, 1);
  if (ops == &caml_int32_ops) {
    write_block("\x19_i", 4);
    write_be((uint64_t)n, 4);
    size_32 += 2 + 1;
    size_64 += 2 + 1;
  } else if (ops == &caml_int64_ops) {
    write_block("\x19_j", 4);
    write_be((uint64_t)n, 8);
    size_32 += 2 + 2;
    size_64 += 2 + 1;
  } else if (ops == &caml_nativeint_ops) {
    write_block("\x19_n", 4);
    if (n >= -((int64_t)1 << 31) && n < ((int64_t)1 << 31))
      write_code(1, (uint64_t)n, 4);
    else
      write_code(2, (uint64_t)n, 8);
    size_32 += 2 + 1;
    size_64 += 2 + 1;
  } else if (ops == &caml_ba_ops) {
    /* Of variable length: the sizes OCaml's deserialiser will return come first. */
    size_t len;
    unsigned char *payload = egret_ba_serialize(v, &len);
    if (payload == NULL) {
      extern_free();
      egret_raise_out_of_memory();
    }
    uint64_t num_dims = F(v, 2), sz_32 = (4 + num_dims) * 4, sz_64 = (4 + num_dims) * 8;
    if (out_fixed && out_len + 23 + len > out_cap) {
      free(payload);
      extern_failwith("Marshal.to_buffer: buffer overflow");
    }
    write_block("\x18_bigarr02", 11);
    write_be(sz_32, 4);
    write_be(sz_64, 8);
    write_block(payload, len);
    free(payload);
    size_32 += 2 + ((sz_32 + 3) >> 2);
    size_64 += 2 + ((sz_64 + 7) >> 3);
  } else {
    extern_invalid_argument("output_value: abstract value (Custom)");
  }
}

static uint64_t hash_address(value v) { return (uint64_t)(v >> 3) * 0x9E3779B97F4A7C15ull; }

/* The number of `v` in the output, if it was written: 1 and *pos; else 0. */
static int lookup_position(value v, uint64_t *pos) {
  if (pos_table == NULL) return 0;
  for (size_t h = hash_address(v) & (pos_size - 1);; h = (h + 1) & (pos_size - 1)) {
    if (pos_table[h].obj == 0) return 0;
    if (pos_table[h].obj == v) {
      *pos = pos_table[h].pos;
      return 1;
    }
  }
}

static void insert_position(struct position *t, size_t size, value v, uint64_t pos) {
  size_t h = hash_address(v) & (size - 1);
  while (t[h].obj != 0) h = (h + 1) & (size - 1);
  t[h].obj = v;
  t[h].pos = pos;
}

/* Numbers the object just written (OCaml's extern_record_location). */
static void record_location(value v) {
  if (extern_flags & NO_SHARING) return;
  if (2 * (pos_count + 1) > pos_size) {
    size_t size = pos_size == 0 ? 1024 : 2 * pos_size;
    struct position *t = calloc(size, sizeof *t);
    if (t == NULL) {
      extern_free();
      egret_raise_out_of_memory();
    }
    for (size_t i = 0; i < pos_size; i++)
      if (pos_table[i].obj != 0) insert_position(t, size, pos_table[i].obj, pos_table[i].pos);
    free(pos_table);
    pos_table = t;
    pos_size = size;
  }
  insert_position(pos_table, pos_size, v, obj_counter);
  pos_count++;
  obj_counter++;
}

static void push_fields(value *fields, size_t count) {
  if (stack_len == stack_cap) {
    stack_cap = stack_cap == 0 ? 256 : 2 * stack_cap;
    stack = extern_realloc(stack, stack_cap * sizeof *stack);
  }
  stack[stack_len++] = (struct pending){fields, count};
}

/* Writes `v` and what it reaches (OCaml's extern_rec, the recursion on fields unrolled). */
static void extern_rec(value v) {
  for (;;) {
    if (!Is_block(v)) {
      extern_int(Int_val(v));
    } else {
      uint64_t sz = Wosize_val(v);
      unsigned tag = Tag_val(v);
      uint64_t pos;
      if (sz == 0) {
        /* Atoms are not counted and are shared by nature. */
        extern_header(0, tag);
      } else if (!(extern_flags & NO_SHARING) && lookup_position(v, &pos)) {
        extern_shared_reference(obj_counter - pos);
      } else {
        switch (tag) {
        case String_tag: {
          size_t len = egret_string_len(v);
          extern_string(v, len);
          size_32 += 1 + (len + 4) / 4;
          size_64 += 1 + (len + 8) / 8;
          record_location(v);
          break;
        }
        case Double_tag:
          write_byte(CODE_DOUBLE_LITTLE);
          write_block((const void *)v, 8);
          size_32 += 1 + 2;
          size_64 += 1 + 1;
          record_location(v);
          break;
        case Abstract_tag:
          extern_invalid_argument("output_value: abstract value (Abstract)");
          break;
        case Custom_tag:
          extern_custom(v);
          record_location(v);
          break;
        case Closure_tag:
          /* ocamlopt writes a code pointer with Closures, keyed by its code's digest, which
           * only the same executable can read: egret does not. */
          extern_invalid_argument(extern_flags & CLOSURES
                                      ? "output_value: functional value (Marshal.Closures is "
                                        "not supported by egret)"
                                      : "output_value: functional value");
          break;
        case Double_array_tag:
          extern_double_array(v, sz);
          size_32 += 1 + 2 * sz;
          size_64 += 1 + sz;
          record_location(v);
          break;
        default:
          extern_header(sz, tag);
          size_32 += 1 + sz;
          size_64 += 1 + sz;
          record_location(v);
          if (sz > 1) push_fields(&F(v, 1), sz - 1);
          v = F(v, 0);
          continue;
        }
      }
    }
    /* The next field still to write, if any. */
    if (stack_len == 0) return;
    struct pending *top = &stack[stack_len - 1];
    v = *top->fields++;
    if (--top->count == 0) stack_len--;
  }
}

/* The flags of a `Marshal.extern_flags list`: No_sharing, Closures, Compat_32. */
static int convert_flags(value flags) {
  int r = 0;
  for (; Is_block(flags); flags = F(flags, 1)) r |= 1 << Int_val(F(flags, 0));
  return r;
}

/* Writes `v` after the 20 bytes already in the output (room for the small header); the
 * header into `header`, its length the result. */
static int extern_value(value v, value flags, unsigned char header[32]) {
  extern_flags = convert_flags(flags);
  obj_counter = size_32 = size_64 = 0;
  pos_count = pos_size = 0;
  pos_table = NULL;
  extern_rec(v);
  free(pos_table);
  pos_table = NULL;
  free(stack);
  stack = NULL;
  stack_len = stack_cap = 0;
  uint64_t data_len = out_len - 20;
  if (data_len >= (uint64_t)1 << 32 || size_32 >= (uint64_t)1 << 32 ||
      size_64 >= (uint64_t)1 << 32) {
    if (extern_flags & COMPAT_32)
      extern_failwith("output_value: object too big to be read back on 32-bit platform");
    store_be(header, MAGIC_BIG, 4);
    store_be(header + 4, 0, 4);
    store_be(header + 8, data_len, 8);
    store_be(header + 16, obj_counter, 8);
    store_be(header + 24, size_64, 8);
    return 32;
  }
  store_be(header, MAGIC_SMALL, 4);
  store_be(header + 4, data_len, 4);
  store_be(header + 8, obj_counter, 4);
  store_be(header + 12, size_32, 4);
  store_be(header + 16, size_64, 4);
  return 20;
}

/* Marshals into a fresh malloc'd buffer: *len bytes, the header first. */
static unsigned char *extern_to_malloc(value v, value flags, size_t *len) {
  out_fixed = 0;
  out_buf = NULL;
  out_len = out_cap = 0;
  reserve(32);
  out_len = 20; /* room for the small header */
  unsigned char header[32];
  int header_len = extern_value(v, flags, header);
  if (header_len != 20) {
    reserve(12);
    memmove(out_buf + header_len, out_buf + 20, out_len - 20);
    out_len += (size_t)header_len - 20;
  }
  memcpy(out_buf, header, (size_t)header_len);
  *len = out_len;
  unsigned char *buf = out_buf;
  out_buf = NULL;
  return buf;
}

value caml_output_value_to_bytes(value v, value flags) {
  size_t len;
  unsigned char *buf = extern_to_malloc(v, flags, &len);
  value s = egret_alloc_string(len);
  memcpy((void *)s, buf, len);
  free(buf);
  return s;
}

value caml_output_value_to_string(value v, value flags) {
  return caml_output_value_to_bytes(v, flags);
}

/* Marshal.to_buffer: into buf[ofs .. ofs + len), "Marshal.to_buffer: buffer overflow" when it
 * does not fit; the number of bytes written. */
value caml_output_value_to_buffer(value buf, value ofs, value len, value v, value flags) {
  out_fixed = 1;
  out_buf = (unsigned char *)buf + Int_val(ofs);
  out_cap = (size_t)Int_val(len);
  out_len = 0;
  reserve(20);
  out_len = 20;
  unsigned char header[32];
  int header_len = extern_value(v, flags, header);
  if (header_len != 20) {
    if (out_len + 12 > out_cap) extern_failwith("Marshal.to_buffer: buffer overflow");
    memmove(out_buf + header_len, out_buf + 20, out_len - 20);
    out_len += (size_t)header_len - 20;
  }
  memcpy(out_buf, header, (size_t)header_len);
  size_t n = out_len;
  out_buf = NULL;
  out_fixed = 0;
  return Val_int((int64_t)n);
}

value caml_output_value(value chan, value v, value flags) {
  /* Through a heap string, so that nothing malloc'd leaks when the write raises Sys_error. */
  return egret_output_string(chan, caml_output_value_to_bytes(v, flags));
}

/* ======================================================================================
 * Intern
 * ====================================================================================== */

static const unsigned char *in_src, *in_end;
/* The malloc'd block being read (input_value), freed on an error. */
static unsigned char *in_block;
/* The objects read so far, by number (for back references). */
static value *objs;
static uint64_t objs_len, objs_cap;
/* The blocks whose fields are still to be read. */
struct pending_read {
  value block;
  uint64_t next, size;
};
static struct pending_read *rstack;
static size_t rstack_len, rstack_cap;
/* The blocks of tag 248 read (exception identities): each gets a fresh identity number. */
static value *oids;
static size_t oids_len, oids_cap;

static void intern_free(void) {
  free(in_block);
  in_block = NULL;
  free(objs);
  objs = NULL;
  objs_len = objs_cap = 0;
  free(rstack);
  rstack = NULL;
  rstack_len = rstack_cap = 0;
  free(oids);
  oids = NULL;
  oids_len = oids_cap = 0;
}

static void intern_failwith(const char *msg) __attribute__((noreturn));
static void intern_failwith(const char *msg) {
  intern_free();
  egret_failwith(msg);
}

static void *intern_realloc(void *p, size_t n) {
  void *q = realloc(p, n);
  if (q == NULL) {
    intern_free();
    egret_raise_out_of_memory();
  }
  return q;
}

static void need(uint64_t n) {
  if ((uint64_t)(in_end - in_src) < n) intern_failwith("input_value: ill-formed message");
}

static uint64_t read_be(int bytes) {
  need((uint64_t)bytes);
  uint64_t n = 0;
  for (int i = 0; i < bytes; i++) n = n << 8 | *in_src++;
  return n;
}

static int64_t read_signed(int bytes) {
  uint64_t n = read_be(bytes);
  int shift = 64 - 8 * bytes;
  return (int64_t)(n << shift) >> shift;
}

static void remember(value v) {
  if (objs == NULL) return; /* no sharing in the data */
  if (objs_len == objs_cap) intern_failwith("input_value: ill-formed message");
  objs[objs_len++] = v;
}

/* A fresh block of `size` fields, each Val_unit, its fields then read in order. */
static value read_block(uint64_t size, unsigned tag) {
  if (size == 0) return (value)egret_alloc(0, tag);
  if (size > EGRET_MAX_WOSIZE) intern_failwith("input_value: ill-formed message");
  value *b = egret_alloc(size, tag);
  for (uint64_t i = 0; i < size; i++) b[i] = Val_unit;
  remember((value)b);
  if (tag == Object_tag) {
    if (oids_len == oids_cap) {
      oids_cap = oids_cap == 0 ? 16 : 2 * oids_cap;
      oids = intern_realloc(oids, oids_cap * sizeof *oids);
    }
    oids[oids_len++] = (value)b;
  }
  if (rstack_len == rstack_cap) {
    rstack_cap = rstack_cap == 0 ? 256 : 2 * rstack_cap;
    rstack = intern_realloc(rstack, rstack_cap * sizeof *rstack);
  }
  rstack[rstack_len++] = (struct pending_read){(value)b, 0, size};
  return (value)b;
}

static value read_string(uint64_t len) {
  need(len);
  value s = egret_alloc_string(len);
  memcpy((void *)s, in_src, len);
  in_src += len;
  remember(s);
  return s;
}

static double read_double(unsigned code) {
  need(8);
  unsigned char b[8];
  for (int i = 0; i < 8; i++) b[i] = in_src[code == CODE_DOUBLE_BIG ? 7 - i : i];
  in_src += 8;
  double d;
  memcpy(&d, b, 8);
  return d;
}

/* A float array or float record: a flat Double_array_tag block of the doubles. */
static value read_double_array(uint64_t n, unsigned code) {
  need(8 * n);
  int big = code == CODE_DOUBLE_ARRAY8_BIG || code == CODE_DOUBLE_ARRAY32_BIG ||
            code == CODE_DOUBLE_ARRAY64_BIG;
  if (n == 0) return (value)egret_alloc(0, 0);
  uint64_t *b = egret_alloc(n, Double_array_tag);
  remember((value)b);
  for (uint64_t i = 0; i < n; i++) {
    double d = read_double(big ? CODE_DOUBLE_BIG : 0);
    memcpy(&b[i], &d, 8);
  }
  return (value)b;
}

static value box_custom(const struct egret_custom_operations *ops, int64_t n) {
  value *p = egret_alloc(2, Custom_tag);
  p[0] = (value)ops;
  p[1] = (value)n;
  return (value)p;
}

/* A custom block: the boxed integers' (OCaml's ints.c deserialisers). */
static value read_custom(unsigned code) {
  const unsigned char *ident = in_src;
  while (in_src < in_end && *in_src != 0) in_src++;
  need(1);
  in_src++;
  const char *id = (const char *)ident;
  uint64_t expected = 0;
  int bigarray = !strcmp(id, "_bigarr02");
  int known = bigarray || !strcmp(id, "_i") || !strcmp(id, "_j") || !strcmp(id, "_n");
  if (!known) intern_failwith("input_value: unknown custom block identifier");
  if (code == CODE_CUSTOM_FIXED && bigarray)
    intern_failwith("input_value: expected a fixed-size custom block");
  if (code == CODE_CUSTOM_LEN) {
    read_be(4);
    expected = read_be(8);
  }
  value v;
  uint64_t size;
  if (bigarray) {
    const char *error = NULL;
    v = egret_ba_deserialize(&in_src, in_end, &size, &error);
    if (error != NULL) intern_failwith(error);
  } else if (!strcmp(id, "_i")) {
    v = box_custom(&caml_int32_ops, read_signed(4));
    size = 4;
  } else if (!strcmp(id, "_j")) {
    v = box_custom(&caml_int64_ops, read_signed(8));
    size = 8;
  } else {
    int kind = (int)read_be(1);
    if (kind == 1)
      v = box_custom(&caml_nativeint_ops, read_signed(4));
    else if (kind == 2)
      v = box_custom(&caml_nativeint_ops, read_signed(8));
    else
      intern_failwith("input_value: ill-formed native integer");
    size = 8;
  }
  if (code == CODE_CUSTOM_LEN && expected != size)
    intern_failwith("input_value: incorrect length of serialized custom block");
  remember(v);
  return v;
}

/* One value of the data (a block's fields are left to intern_rec's loop). */
static value read_item(void) {
  unsigned code = (unsigned)read_be(1);
  if (code >= PREFIX_SMALL_BLOCK) return read_block((code >> 4) & 0x7, code & 0xF);
  if (code >= PREFIX_SMALL_INT) return Val_int(code & 0x3F);
  if (code >= PREFIX_SMALL_STRING) return read_string(code & 0x1F);
  uint64_t ofs, hd;
  switch (code) {
  case CODE_INT8:
    return Val_int(read_signed(1));
  case CODE_INT16:
    return Val_int(read_signed(2));
  case CODE_INT32:
    return Val_int(read_signed(4));
  case CODE_INT64:
    return Val_int(read_signed(8));
  case CODE_SHARED8:
    ofs = read_be(1);
    goto shared;
  case CODE_SHARED16:
    ofs = read_be(2);
    goto shared;
  case CODE_SHARED32:
    ofs = read_be(4);
    goto shared;
  case CODE_SHARED64:
    ofs = read_be(8);
  shared:
    if (ofs == 0 || ofs > objs_len) intern_failwith("input_value: ill-formed message");
    return objs[objs_len - ofs];
  case CODE_BLOCK32:
    hd = read_be(4);
    return read_block(Wosize_hd(hd), Tag_hd(hd));
  case CODE_BLOCK64:
    hd = read_be(8);
    return read_block(Wosize_hd(hd), Tag_hd(hd));
  case CODE_STRING8:
    return read_string(read_be(1));
  case CODE_STRING32:
    return read_string(read_be(4));
  case CODE_STRING64:
    return read_string(read_be(8));
  case CODE_DOUBLE_LITTLE:
  case CODE_DOUBLE_BIG: {
    value v = egret_box_float(read_double(code));
    remember(v);
    return v;
  }
  case CODE_DOUBLE_ARRAY8_LITTLE:
  case CODE_DOUBLE_ARRAY8_BIG:
    return read_double_array(read_be(1), code);
  case CODE_DOUBLE_ARRAY32_LITTLE:
  case CODE_DOUBLE_ARRAY32_BIG:
    return read_double_array(read_be(4), code);
  case CODE_DOUBLE_ARRAY64_LITTLE:
  case CODE_DOUBLE_ARRAY64_BIG:
    return read_double_array(read_be(8), code);
  case CODE_CODEPOINTER:
    /* A function written by ocamlopt with Closures: its code is not this program's. */
    intern_failwith("input_value: unknown code module");
  case CODE_CUSTOM:
  case CODE_CUSTOM_LEN:
  case CODE_CUSTOM_FIXED:
    return read_custom(code);
  default:
    intern_failwith("input_value: ill-formed message");
  }
  return Val_unit;
}

/* Reads the value of the data [in_src, in_end) with `num_objects` shared objects. */
static value intern_rec(uint64_t num_objects) {
  /* A local the collector sees (conservatively, on the stack): the partial value hangs from it. */
  volatile value result = Val_unit;
  objs_len = 0;
  objs_cap = num_objects;
  if (num_objects > 0) {
    if (num_objects > (uint64_t)(in_end - in_src)) intern_failwith("input_value: ill-formed message");
    objs = intern_realloc(NULL, num_objects * sizeof *objs);
  }
  result = read_item();
  while (rstack_len > 0) {
    struct pending_read *top = &rstack[rstack_len - 1];
    value block = top->block;
    uint64_t i = top->next++;
    if (top->next == top->size) rstack_len--;
    value v = read_item();
    F(block, i) = v;
  }
  /* Exception identities read get fresh numbers (OCaml's caml_set_oo_id), as a local
   * exception's identity does: predefined ones (negative numbers) keep theirs. */
  for (size_t i = 0; i < oids_len; i++) {
    value b = oids[i];
    if (Wosize_val(b) >= 2 && Is_block(F(b, 0)) && Int_val(F(b, 1)) >= 0)
      F(b, 1) = F(egret_fresh_exception(F(b, 0)), 1);
  }
  value r = result;
  intern_free();
  return r;
}

struct marshal_header {
  int header_len;
  uint64_t data_len, num_objects;
};

/* The header at in_src (at least 20 bytes there; 32 for the big one). */
static void parse_header(const char *fun_name, struct marshal_header *h) {
  uint32_t magic = (uint32_t)read_be(4);
  if (magic == MAGIC_SMALL) {
    h->header_len = 20;
    h->data_len = read_be(4);
    h->num_objects = read_be(4);
    read_be(4);
    read_be(4);
  } else if (magic == MAGIC_BIG) {
    h->header_len = 32;
    read_be(4);
    h->data_len = read_be(8);
    h->num_objects = read_be(8);
    read_be(8);
  } else {
    char msg[100];
    snprintf(msg, sizeof msg, "%s: bad object", fun_name);
    intern_failwith(msg);
  }
}

value caml_input_value_from_bytes(value str, value ofs) {
  size_t len = egret_string_len(str);
  size_t o = (size_t)Int_val(ofs);
  in_src = (const unsigned char *)str + o;
  in_end = (const unsigned char *)str + len;
  struct marshal_header h;
  if (o + 20 > len) intern_failwith("input_val_from_string: bad length");
  parse_header("input_val_from_string", &h);
  if (o + (uint64_t)h.header_len + h.data_len > len)
    intern_failwith("input_val_from_string: bad length");
  in_src = (const unsigned char *)str + o + h.header_len;
  in_end = in_src + h.data_len;
  return intern_rec(h.num_objects);
}

value caml_input_value(value chan) {
  unsigned char header[32];
  size_t r = egret_channel_read(chan, header, 20);
  if (r == 0) egret_raise_end_of_file();
  if (r < 20) egret_failwith("input_value: truncated object");
  if (((uint32_t)header[0] << 24 | (uint32_t)header[1] << 16 | (uint32_t)header[2] << 8 |
       header[3]) == MAGIC_BIG &&
      egret_channel_read(chan, header + 20, 12) < 12)
    egret_failwith("input_value: truncated object");
  in_src = header;
  in_end = header + 32;
  struct marshal_header h;
  parse_header("input_value", &h);
  in_block = malloc(h.data_len == 0 ? 1 : h.data_len);
  if (in_block == NULL) egret_raise_out_of_memory();
  /* A read error raises Sys_error: the block is freed by the next intern_free. */
  if (egret_channel_read(chan, in_block, h.data_len) < h.data_len)
    intern_failwith("input_value: truncated object");
  in_src = in_block;
  in_end = in_block + h.data_len;
  return intern_rec(h.num_objects);
}

/* Marshal.data_size: the length of the data after the header's first 20 bytes. */
value caml_marshal_data_size(value buff, value ofs) {
  in_src = (const unsigned char *)buff + Int_val(ofs);
  in_end = in_src + 20;
  uint32_t magic = (uint32_t)read_be(4);
  if (magic == MAGIC_SMALL) return Val_int((int64_t)read_be(4));
  if (magic == MAGIC_BIG) {
    in_end = in_src + 12;
    read_be(4);
    return Val_int(12 + (int64_t)read_be(8));
  }
  egret_failwith("Marshal.data_size: bad object");
}
