/* Boxed integers: OCaml's int32, int64 and nativeint (runtime/ints.c), as custom blocks of
 * two words, [custom operations, payload] (Custom_tag; an int32 payload in the low 4 bytes,
 * here stored sign-extended in the whole word). Constants are static blocks whose first word
 * is the address of caml_int32_ops ... (the object writer relocates it).
 *
 * The arithmetic follows ocamlopt's inline code: wrapping, shifts on the 64-bit register with
 * the count masked to 6 bits then wrapped to the width, div/rem by zero raising
 * Division_by_zero, min_int / -1 = min_int and min_int mod -1 = 0. The interpreters' twin is
 * plugin/src/lambda/boxint.rs. One definition per line, so tests/runtime_table.rs finds each.
 */

#include <stdint.h>
#include <string.h>

#include "egret_runtime.h"

#define Payload(v) (((int64_t *)(v))[1])
#define I32(v) ((int32_t)Payload(v))
#define I64(v) (Payload(v))

static int cmp64(int64_t a, int64_t b) { return (a > b) - (a < b); }
static int int32_cmp(value a, value b) { return cmp64(I32(a), I32(b)); }
static int int64_cmp(value a, value b) { return cmp64(I64(a), I64(b)); }
static uint32_t int32_hash(value v) { return (uint32_t)I32(v); }
static uint32_t int64_hash(value v) { uint64_t x = (uint64_t)I64(v); return (uint32_t)(x >> 32) ^ (uint32_t)x; }
static uint32_t nativeint_hash(value v) { int64_t n = I64(v); return (uint32_t)((n >> 32) ^ (n >> 63) ^ n); }

const struct egret_custom_operations caml_int32_ops = {"_i", int32_cmp, int32_hash};
const struct egret_custom_operations caml_int64_ops = {"_j", int64_cmp, int64_hash};
const struct egret_custom_operations caml_nativeint_ops = {"_n", int64_cmp, nativeint_hash};

#define Ops(v) (((const struct egret_custom_operations **)(v))[0])

int egret_custom_compare(value a, value b) {
  const struct egret_custom_operations *oa = Ops(a), *ob = Ops(b);
  if (oa != ob) return strcmp(oa->identifier, ob->identifier) < 0 ? -1 : 1;
  return oa->compare(a, b);
}

uint32_t egret_custom_hash(value v) { return Ops(v)->hash(v); }

static value box(const struct egret_custom_operations *ops, int64_t n) {
  value *p = egret_alloc(2, Custom_tag);
  p[0] = (value)ops;
  p[1] = (value)n;
  return (value)p;
}
static value box32(int64_t n) { return box(&caml_int32_ops, (int32_t)n); }
static value box64(int64_t n) { return box(&caml_int64_ops, n); }
static value boxn(int64_t n) { return box(&caml_nativeint_ops, n); }
value egret_copy_nativeint(int64_t n) { return boxn(n); }

static double double_val(value v) { double d; memcpy(&d, (void *)v, sizeof d); return d; }
static value box_double(double d) {
  uint64_t *p = egret_alloc(1, Double_tag);
  memcpy(p, &d, sizeof d);
  return (value)p;
}

/* Wrapping arithmetic on the unsigned words (signed overflow is undefined in C). */
static int64_t wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wsub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static int64_t shl(int64_t a, value c) { return (int64_t)((uint64_t)a << (Int_val(c) & 63)); }
static int64_t asr_(int64_t a, value c) { return a >> (Int_val(c) & 63); }
static int64_t lsr32(int64_t a, value c) { return (int64_t)((uint64_t)(uint32_t)a >> (Int_val(c) & 63)); }
static int64_t lsr64(int64_t a, value c) { return (int64_t)((uint64_t)a >> (Int_val(c) & 63)); }
static int64_t div_(int64_t a, int64_t b, int64_t min) {
  if (b == 0) egret_raise_division_by_zero();
  if (a == min && b == -1) return a;
  return a / b;
}
static int64_t mod_(int64_t a, int64_t b, int64_t min) {
  if (b == 0) egret_raise_division_by_zero();
  if (a == min && b == -1) return 0;
  return a % b;
}

/* x86-64's cvttsd2si: towards zero, the "integer indefinite" value out of range. */
static int64_t of_double32(double d) { return (d > -2147483649.0 && d < 2147483648.0) ? (int64_t)d : INT32_MIN; }
static int64_t of_double64(double d) { return (d >= -9223372036854775808.0 && d < 9223372036854775808.0) ? (int64_t)d : INT64_MIN; }

static int64_t swap32(int64_t x) { return (int32_t)__builtin_bswap32((uint32_t)x); }
static int64_t swap64(int64_t x) { return (int64_t)__builtin_bswap64((uint64_t)x); }

/* OCaml's parse_sign_and_base + parse_intnat (runtime/ints.c) for a width of `nbits`. */
static int parse_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}
static int64_t parse_boxed(value s, int nbits, const char *errmsg) {
  const char *p = (const char *)s, *end = p + egret_string_len(s);
  int sign = 1, base = 10, signedness = 1;
  if (p < end && *p == '-') { sign = -1; p++; } else if (p < end && *p == '+') p++;
  if (p + 1 < end && *p == '0') {
    switch (p[1]) {
    case 'x': case 'X': base = 16; signedness = 0; p += 2; break;
    case 'o': case 'O': base = 8; signedness = 0; p += 2; break;
    case 'b': case 'B': base = 2; signedness = 0; p += 2; break;
    case 'u': case 'U': signedness = 0; p += 2; break;
    }
  }
  uint64_t threshold = UINT64_MAX / (uint64_t)base, res;
  int d = p < end ? parse_digit(*p) : -1;
  if (d < 0 || d >= base) egret_failwith(errmsg);
  for (p++, res = (uint64_t)d; p < end; p++) {
    if (*p == '_') continue;
    d = parse_digit(*p);
    if (d < 0 || d >= base) break;
    if (res > threshold) egret_failwith(errmsg);
    res = (uint64_t)base * res + (uint64_t)d;
    if (res < (uint64_t)d) egret_failwith(errmsg);
  }
  if (p != end) egret_failwith(errmsg);
  if (signedness) {
    if (sign >= 0) { if (res >= (uint64_t)1 << (nbits - 1)) egret_failwith(errmsg); }
    else { if (res > (uint64_t)1 << (nbits - 1)) egret_failwith(errmsg); }
  } else if (nbits < 64 && res >= (uint64_t)1 << nbits) {
    egret_failwith(errmsg);
  }
  return sign < 0 ? (int64_t)(0 - res) : (int64_t)res;
}

/* Printf's %ld %Lx %nu ... and Int32.format: the conversion without its size letter. */
static value format_boxed(value spec, int64_t n, uint64_t unsigned_bits) {
  size_t len = egret_string_len(spec);
  const char *p = (const char *)spec;
  if (len >= 2 && (p[len - 2] == 'l' || p[len - 2] == 'L' || p[len - 2] == 'n')) {
    char buf[64];
    if (len - 1 > sizeof buf) egret_invalid_argument("format_int: format too long");
    memcpy(buf, p, len - 2);
    buf[len - 2] = p[len - 1];
    spec = egret_string_of_bytes(buf, len - 1);
  }
  return egret_format_integer(spec, n, unsigned_bits);
}

/* ---- int32 ---- */
value caml_int32_neg(value a) { return box32(wsub(0, I32(a))); }
value caml_int32_add(value a, value b) { return box32(wadd(I32(a), I32(b))); }
value caml_int32_sub(value a, value b) { return box32(wsub(I32(a), I32(b))); }
value caml_int32_mul(value a, value b) { return box32(wmul(I32(a), I32(b))); }
value caml_int32_div(value a, value b) { return box32(div_(I32(a), I32(b), (int64_t)INT32_MIN)); }
value caml_int32_mod(value a, value b) { return box32(mod_(I32(a), I32(b), (int64_t)INT32_MIN)); }
value caml_int32_and(value a, value b) { return box32(I32(a) & I32(b)); }
value caml_int32_or(value a, value b) { return box32(I32(a) | I32(b)); }
value caml_int32_xor(value a, value b) { return box32(I32(a) ^ I32(b)); }
value caml_int32_shift_left(value a, value n) { return box32(shl(I32(a), n)); }
value caml_int32_shift_right(value a, value n) { return box32(asr_(I32(a), n)); }
value caml_int32_shift_right_unsigned(value a, value n) { return box32(lsr32(I32(a), n)); }
value caml_int32_bswap(value a) { return box32(swap32(I32(a))); }
value caml_int32_of_int(value n) { return box32(Int_val(n)); }
value caml_int32_to_int(value a) { return Val_int(I32(a)); }
value caml_int32_of_float(value d) { return box32(of_double32(double_val(d))); }
value caml_int32_to_float(value a) { return box_double((double)I32(a)); }
value caml_int32_compare(value a, value b) { return Val_int(cmp64(I32(a), I32(b))); }
value caml_int32_format(value spec, value a) { return format_boxed(spec, I32(a), (uint32_t)I32(a)); }
value egret_format_int32(value spec, value a) { return format_boxed(spec, I32(a), (uint32_t)I32(a)); }
value caml_int32_of_string(value s) { return box32(parse_boxed(s, 32, "Int32.of_string")); }

/* ---- int64 ---- */
value caml_int64_neg(value a) { return box64(wsub(0, I64(a))); }
value caml_int64_add(value a, value b) { return box64(wadd(I64(a), I64(b))); }
value caml_int64_sub(value a, value b) { return box64(wsub(I64(a), I64(b))); }
value caml_int64_mul(value a, value b) { return box64(wmul(I64(a), I64(b))); }
value caml_int64_div(value a, value b) { return box64(div_(I64(a), I64(b), INT64_MIN)); }
value caml_int64_mod(value a, value b) { return box64(mod_(I64(a), I64(b), INT64_MIN)); }
value caml_int64_and(value a, value b) { return box64(I64(a) & I64(b)); }
value caml_int64_or(value a, value b) { return box64(I64(a) | I64(b)); }
value caml_int64_xor(value a, value b) { return box64(I64(a) ^ I64(b)); }
value caml_int64_shift_left(value a, value n) { return box64(shl(I64(a), n)); }
value caml_int64_shift_right(value a, value n) { return box64(asr_(I64(a), n)); }
value caml_int64_shift_right_unsigned(value a, value n) { return box64(lsr64(I64(a), n)); }
value caml_int64_bswap(value a) { return box64(swap64(I64(a))); }
value caml_int64_of_int(value n) { return box64(Int_val(n)); }
value caml_int64_to_int(value a) { return Val_int(I64(a)); }
value caml_int64_of_float(value d) { return box64(of_double64(double_val(d))); }
value caml_int64_to_float(value a) { return box_double((double)I64(a)); }
value caml_int64_compare(value a, value b) { return Val_int(cmp64(I64(a), I64(b))); }
value caml_int64_format(value spec, value a) { return format_boxed(spec, I64(a), (uint64_t)I64(a)); }
value egret_format_int64(value spec, value a) { return format_boxed(spec, I64(a), (uint64_t)I64(a)); }
value caml_int64_of_string(value s) { return box64(parse_boxed(s, 64, "Int64.of_string")); }

/* ---- nativeint ---- */
value caml_nativeint_neg(value a) { return boxn(wsub(0, I64(a))); }
value caml_nativeint_add(value a, value b) { return boxn(wadd(I64(a), I64(b))); }
value caml_nativeint_sub(value a, value b) { return boxn(wsub(I64(a), I64(b))); }
value caml_nativeint_mul(value a, value b) { return boxn(wmul(I64(a), I64(b))); }
value caml_nativeint_div(value a, value b) { return boxn(div_(I64(a), I64(b), INT64_MIN)); }
value caml_nativeint_mod(value a, value b) { return boxn(mod_(I64(a), I64(b), INT64_MIN)); }
value caml_nativeint_and(value a, value b) { return boxn(I64(a) & I64(b)); }
value caml_nativeint_or(value a, value b) { return boxn(I64(a) | I64(b)); }
value caml_nativeint_xor(value a, value b) { return boxn(I64(a) ^ I64(b)); }
value caml_nativeint_shift_left(value a, value n) { return boxn(shl(I64(a), n)); }
value caml_nativeint_shift_right(value a, value n) { return boxn(asr_(I64(a), n)); }
value caml_nativeint_shift_right_unsigned(value a, value n) { return boxn(lsr64(I64(a), n)); }
value caml_nativeint_bswap(value a) { return boxn(swap64(I64(a))); }
value caml_nativeint_of_int(value n) { return boxn(Int_val(n)); }
value caml_nativeint_to_int(value a) { return Val_int(I64(a)); }
value caml_nativeint_of_float(value d) { return boxn(of_double64(double_val(d))); }
value caml_nativeint_to_float(value a) { return box_double((double)I64(a)); }
value caml_nativeint_compare(value a, value b) { return Val_int(cmp64(I64(a), I64(b))); }
value caml_nativeint_format(value spec, value a) { return format_boxed(spec, I64(a), (uint64_t)I64(a)); }
value egret_format_nativeint(value spec, value a) { return format_boxed(spec, I64(a), (uint64_t)I64(a)); }
value caml_nativeint_of_string(value s) { return boxn(parse_boxed(s, 64, "Nativeint.of_string")); }

/* ---- conversions between the types, float bits, and %bswap16 on ints ---- */
value caml_bswap16(value v) { int64_t x = Int_val(v); return Val_int(((x & 0xff) << 8) | ((x & 0xff00) >> 8)); }
value caml_int64_of_int32(value a) { return box64(I32(a)); }
value caml_int64_to_int32(value a) { return box32(I64(a)); }
value caml_nativeint_of_int32(value a) { return boxn(I32(a)); }
value caml_nativeint_to_int32(value a) { return box32(I64(a)); }
value caml_int64_of_nativeint(value a) { return box64(I64(a)); }
value caml_int64_to_nativeint(value a) { return boxn(I64(a)); }
value caml_int32_bits_of_float(value d) { float f = (float)double_val(d); int32_t i; memcpy(&i, &f, 4); return box32(i); }
value caml_int32_float_of_bits(value a) { int32_t i = I32(a); float f; memcpy(&f, &i, 4); return box_double((double)f); }
value caml_int64_bits_of_float(value d) { double f = double_val(d); int64_t i; memcpy(&i, &f, 8); return box64(i); }
value caml_int64_float_of_bits(value a) { int64_t i = I64(a); double f; memcpy(&f, &i, 8); return box_double(f); }

/* ---- 16/32/64-bit little-endian accesses of strings and bytes (OCaml's str.c) ---- */
static int64_t get_bytes(value s, value i, int width) {
  int64_t idx = Int_val(i);
  if (idx < 0 || (uint64_t)idx + (uint64_t)width > egret_string_len(s)) egret_raise_bound_error();
  uint64_t w = 0;
  memcpy(&w, (const char *)s + idx, (size_t)width);
  return (int64_t)w;
}
static value set_bytes(value s, value i, int width, int64_t v) {
  int64_t idx = Int_val(i);
  if (idx < 0 || (uint64_t)idx + (uint64_t)width > egret_string_len(s)) egret_raise_bound_error();
  memcpy((char *)s + idx, &v, (size_t)width);
  return Val_unit;
}
value caml_string_get16(value s, value i) { return Val_int(get_bytes(s, i, 2)); }
value caml_string_get32(value s, value i) { return box32(get_bytes(s, i, 4)); }
value caml_string_get64(value s, value i) { return box64(get_bytes(s, i, 8)); }
value caml_bytes_get16(value s, value i) { return Val_int(get_bytes(s, i, 2)); }
value caml_bytes_get32(value s, value i) { return box32(get_bytes(s, i, 4)); }
value caml_bytes_get64(value s, value i) { return box64(get_bytes(s, i, 8)); }
value caml_bytes_set16(value s, value i, value v) { return set_bytes(s, i, 2, Int_val(v)); }
value caml_bytes_set32(value s, value i, value v) { return set_bytes(s, i, 4, I32(v)); }
value caml_bytes_set64(value s, value i, value v) { return set_bytes(s, i, 8, I64(v)); }
