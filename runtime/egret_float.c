/* egret's float primitives: boxed floats (OCaml's Double_tag blocks of one word), their
 * arithmetic and the C library's functions, and the conversions of OCaml's runtime/floats.c
 * (string_of_float, float_of_string, Printf's float conversions, %h).
 *
 * The interpreters' twin is plugin/src/lambda/float.rs: both give OCaml's results bit for bit.
 */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egret_runtime.h"

static double Double_val(value v) {
  double d;
  memcpy(&d, (void *)v, sizeof d);
  return d;
}

value egret_box_float(double d) {
  uint64_t *p = egret_alloc(1, Double_tag);
  memcpy(p, &d, sizeof d);
  return (value)p;
}

/* ---- the C library ---- */

/* One definition per function (tests/runtime_table.rs finds each by its name). */
value egret_float_exp(value a) { return egret_box_float(exp(Double_val(a))); }
value egret_float_log(value a) { return egret_box_float(log(Double_val(a))); }
value egret_float_log10(value a) { return egret_box_float(log10(Double_val(a))); }
value egret_float_log2(value a) { return egret_box_float(log2(Double_val(a))); }
value egret_float_exp2(value a) { return egret_box_float(exp2(Double_val(a))); }
value egret_float_expm1(value a) { return egret_box_float(expm1(Double_val(a))); }
value egret_float_log1p(value a) { return egret_box_float(log1p(Double_val(a))); }
value egret_float_sin(value a) { return egret_box_float(sin(Double_val(a))); }
value egret_float_cos(value a) { return egret_box_float(cos(Double_val(a))); }
value egret_float_tan(value a) { return egret_box_float(tan(Double_val(a))); }
value egret_float_asin(value a) { return egret_box_float(asin(Double_val(a))); }
value egret_float_acos(value a) { return egret_box_float(acos(Double_val(a))); }
value egret_float_atan(value a) { return egret_box_float(atan(Double_val(a))); }
value egret_float_sinh(value a) { return egret_box_float(sinh(Double_val(a))); }
value egret_float_cosh(value a) { return egret_box_float(cosh(Double_val(a))); }
value egret_float_tanh(value a) { return egret_box_float(tanh(Double_val(a))); }
value egret_float_asinh(value a) { return egret_box_float(asinh(Double_val(a))); }
value egret_float_acosh(value a) { return egret_box_float(acosh(Double_val(a))); }
value egret_float_atanh(value a) { return egret_box_float(atanh(Double_val(a))); }
value egret_float_ceil(value a) { return egret_box_float(ceil(Double_val(a))); }
value egret_float_floor(value a) { return egret_box_float(floor(Double_val(a))); }
value egret_float_trunc(value a) { return egret_box_float(trunc(Double_val(a))); }
value egret_float_round(value a) { return egret_box_float(round(Double_val(a))); }
/* caml_signbit_float (Float.sign_bit): the sign bit, nans and zeros included. */
value egret_float_signbit(value a) { return signbit(Double_val(a)) ? Val_true : Val_false; }
value egret_float_cbrt(value a) { return egret_box_float(cbrt(Double_val(a))); }
value egret_float_erf(value a) { return egret_box_float(erf(Double_val(a))); }
value egret_float_erfc(value a) { return egret_box_float(erfc(Double_val(a))); }
value egret_float_atan2(value a, value b) { return egret_box_float(atan2(Double_val(a), Double_val(b))); }
value egret_float_hypot(value a, value b) { return egret_box_float(hypot(Double_val(a), Double_val(b))); }
value egret_float_pow(value a, value b) { return egret_box_float(pow(Double_val(a), Double_val(b))); }
value egret_float_fmod(value a, value b) { return egret_box_float(fmod(Double_val(a), Double_val(b))); }
value egret_float_copysign(value a, value b) { return egret_box_float(copysign(Double_val(a), Double_val(b))); }
value egret_float_nextafter(value a, value b) { return egret_box_float(nextafter(Double_val(a), Double_val(b))); }

value egret_float_fma(value a, value b, value c) {
  return egret_box_float(fma(Double_val(a), Double_val(b), Double_val(c)));
}

value egret_float_ldexp(value a, value n) {
  int64_t e = Int_val(n);
  if (e > 100000) e = 100000;
  if (e < -100000) e = -100000;
  return egret_box_float(ldexp(Double_val(a), (int)e));
}

value egret_float_frexp(value a) {
  int e;
  value m = egret_box_float(frexp(Double_val(a), &e));
  value *pair = egret_alloc(2, 0);
  pair[0] = m;
  pair[1] = Val_int(e);
  return (value)pair;
}

value egret_float_modf(value a) {
  double i;
  double f = modf(Double_val(a), &i);
  value vf = egret_box_float(f);
  value vi = egret_box_float(i);
  value *pair = egret_alloc(2, 0);
  pair[0] = vf;
  pair[1] = vi;
  return (value)pair;
}

/* The index of the fpclass constructor: FP_normal, FP_subnormal, FP_zero, FP_infinite, FP_nan. */
value egret_float_classify(value a) {
  switch (fpclassify(Double_val(a))) {
  case FP_NORMAL: return Val_int(0);
  case FP_SUBNORMAL: return Val_int(1);
  case FP_ZERO: return Val_int(2);
  case FP_INFINITE: return Val_int(3);
  default: return Val_int(4);
  }
}

/* ---- conversions ---- */

static value string_of_c(const char *s) { return egret_string_of_bytes(s, strlen(s)); }

/* Stdlib.valid_float_lexem (sprintf "%.12g"): a '.' when the text reads as an int. */
value egret_string_of_float(value a) {
  char buf[64];
  snprintf(buf, sizeof buf - 1, "%.12g", Double_val(a));
  size_t n = strlen(buf), i;
  for (i = 0; i < n; i++)
    if (!((buf[i] >= '0' && buf[i] <= '9') || buf[i] == '-')) break;
  if (i == n) { buf[n] = '.'; buf[n + 1] = 0; }
  return string_of_c(buf);
}

/* caml_hexstring_of_float: `prec` < 0 prints as many digits as needed; `style` is the sign
 * of a non-negative number ('-' for none, '+' or ' '). Writes into buf (>= prec + 40). */
static void hexstring_of_float(char *buf, double d, long prec, char style) {
  union { uint64_t i; double d; } u;
  u.d = d;
  int sign = (int)(u.i >> 63);
  int exp = (int)((u.i >> 52) & 0x7FF);
  uint64_t m = u.i & (((uint64_t)1 << 52) - 1);
  char *p = buf;
  if (sign) *p++ = '-';
  else if (style == '+' || style == ' ') *p++ = style;
  if (exp == 0x7FF) {
    strcpy(p, m == 0 ? "infinity" : "nan");
    return;
  }
  *p++ = '0';
  *p++ = 'x';
  if (exp == 0) {
    if (m != 0) exp = -1022;
  } else {
    exp = exp - 1023;
    m = m | ((uint64_t)1 << 52);
  }
  if (prec >= 0 && prec < 13) {
    int i = 52 - (int)prec * 4;
    uint64_t unit = (uint64_t)1 << i, half = unit >> 1, mask = unit - 1;
    uint64_t frac = m & mask;
    m = m & ~mask;
    if (frac > half || (frac == half && (m & unit) != 0)) m += unit;
  }
  int dg = (int)(m >> 52);
  *p++ = (char)(dg < 10 ? dg + '0' : dg - 10 + 'a');
  m = (m << 4) & (((uint64_t)1 << 56) - 1);
  if (prec >= 0 ? prec > 0 : m != 0) {
    *p++ = '.';
    while (prec >= 0 ? prec > 0 : m != 0) {
      dg = (int)(m >> 52);
      *p++ = (char)(dg < 10 ? dg + '0' : dg - 10 + 'a');
      m = (m << 4) & (((uint64_t)1 << 56) - 1);
      prec--;
    }
  }
  sprintf(p, "p%+d", exp);
}

/* OCaml's caml_hexstring_of_float (CamlinternalFormat's %h %H %#F). */
value caml_hexstring_of_float(value x, value vprec, value vstyle) {
  long prec = Int_val(vprec);
  char small[96];
  char *buf = prec + 40 <= (long)sizeof small ? small : malloc((size_t)prec + 40);
  if (buf == NULL) egret_out_of_memory();
  hexstring_of_float(buf, Double_val(x), prec, (char)Int_val(vstyle));
  value r = string_of_c(buf);
  if (buf != small) free(buf);
  return r;
}

/* CamlinternalFormat.fix_padding: '-' pads on the right, '0' with zeros after a sign or
 * after 0x, else spaces on the left. */
static value fix_padding(int left, int zeros, size_t width, const char *s) {
  size_t len = strlen(s);
  if (width <= len) return string_of_c(s);
  value r = egret_alloc_string(width);
  char *res = (char *)r;
  memset(res, zeros && !left ? '0' : ' ', width);
  if (left) {
    memcpy(res, s, len);
  } else if (zeros && len > 0 && (s[0] == '+' || s[0] == '-' || s[0] == ' ')) {
    res[0] = s[0];
    memcpy(res + width - len + 1, s + 1, len - 1);
  } else if (zeros && len > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    res[1] = s[1];
    memcpy(res + width - len + 2, s + 2, len - 2);
  } else {
    memcpy(res + width - len, s, len);
  }
  return r;
}

/* A Printf float conversion, %[flags][width][.prec]conv with conv in f e E g G F h H, as
 * CamlinternalFormat.convert_float and fix_padding print it (the C library's printf for
 * f e E g G, as OCaml's caml_format_float). OCaml's '#' only selects the hexadecimal %#F:
 * it is not passed to printf. */
value egret_format_float(value spec, value v) {
  const char *s = (const char *)spec;
  size_t n = egret_string_len(spec);
  double x = Double_val(v);
  char conv = s[n - 1];
  size_t i = 1;
  int left = 0, zeros = 0, plus = 0, space = 0, alt = 0;
  for (; i < n - 1; i++) {
    char c = s[i];
    if (c == '-') left = 1;
    else if (c == '0') zeros = 1;
    else if (c == '+') plus = 1;
    else if (c == ' ') space = 1;
    else if (c == '#') alt = 1;
    else break;
  }
  size_t width = 0;
  while (i < n - 1 && s[i] >= '0' && s[i] <= '9') width = width * 10 + (size_t)(s[i++] - '0');
  long prec = -1;
  if (i < n - 1 && s[i] == '.') {
    i++;
    prec = 0;
    while (i < n - 1 && s[i] >= '0' && s[i] <= '9') prec = prec * 10 + (s[i++] - '0');
  }
  char style = plus ? '+' : space ? ' ' : '-';
  size_t cap = (size_t)(prec > 0 ? prec : 0) + 400;
  char *buf = malloc(cap);
  if (buf == NULL) egret_out_of_memory();
  if (conv == 'h' || conv == 'H' || (conv == 'F' && alt)) {
    hexstring_of_float(buf, x, prec < 0 ? -6 : prec, style);
    if (conv == 'H')
      for (char *p = buf; *p; p++)
        if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
  } else {
    char fmt[16];
    int k = 0;
    fmt[k++] = '%';
    if (plus) fmt[k++] = '+';
    if (space) fmt[k++] = ' ';
    fmt[k++] = '.';
    fmt[k++] = '*';
    fmt[k++] = conv == 'F' ? 'g' : conv;
    fmt[k] = 0;
    int p = conv == 'F' ? (prec < 0 ? 12 : (int)prec) : (prec < 0 ? 6 : (int)prec);
    snprintf(buf, cap, fmt, p, x);
    if (conv == 'F' && !strpbrk(buf, ".eE")) strcat(buf, ".");
  }
  if (conv == 'F' && !isfinite(x)) strcpy(buf, isnan(x) ? "nan" : x < 0 ? "neg_infinity" : "infinity");
  value r = fix_padding(left, zeros, width, buf);
  free(buf);
  return r;
}

/* caml_float_of_hex: the digits after 0x, an optional '.', an optional p exponent. */
static int float_of_hex(const char *s, const char *end, double *res) {
  int64_t m = 0;
  int n_bits = 0, m_bits = 0, x_bits = 0, dec_point = -1, exp = 0;
  double f;
  while (s < end) {
    char c = *s++;
    switch (c) {
    case '.':
      if (dec_point >= 0) return -1;
      dec_point = n_bits;
      break;
    case 'p': case 'P': {
      if (*s == 0) return -1;
      char *p;
      long e = strtol(s, &p, 10);
      if (p != end) return -1;
      if (e < INT32_MIN + 2000 || e > INT32_MAX - 2000) e = e < 0 ? INT32_MIN + 2000 : INT32_MAX - 2000;
      exp = (int)e;
      s = p;
      break;
    }
    default: {
      int d;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
      else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else return -1;
      n_bits += 4;
      if (d == 0 && m == 0) break;
      if (m_bits < 60) {
        m = (m << 4) + d;
        m_bits += 4;
      } else {
        if (d != 0) m |= 1;
        x_bits += 4;
      }
      break;
    }
    }
  }
  if (n_bits == 0) return -1;
  if (dec_point >= 0) exp = exp + (dec_point - n_bits);
  exp = exp + x_bits;
  f = (double)m;
  /* An inexact int64 -> double conversion of m would round once; a second rounding in
   * ldexp (denormals) could differ from OCaml only in such corner cases. */
  if (exp != 0) f = ldexp(f, exp);
  *res = f;
  return 0;
}

/* caml_float_of_string: '_' removed; hexadecimal by float_of_hex, else strtod, which must
 * consume everything. */
value egret_float_of_string(value vs) {
  size_t len = egret_string_len(vs);
  char small[64];
  char *buf = len < sizeof small ? small : malloc(len + 1);
  if (buf == NULL) egret_out_of_memory();
  const char *src = (const char *)vs;
  char *dst = buf;
  for (size_t i = 0; i < len; i++)
    if (src[i] != '_') *dst++ = src[i];
  *dst = 0;
  double d = 0;
  int ok = dst != buf;
  if (ok) {
    const char *p = buf;
    int sign = 1;
    if (*p == '-') { sign = -1; p++; } else if (*p == '+') p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
      ok = float_of_hex(p + 2, dst, &d) == 0;
      if (sign < 0) d = -d;
    } else {
      char *end;
      d = strtod(buf, &end);
      ok = end == dst;
    }
  }
  if (buf != small) free(buf);
  if (!ok) egret_failwith("float_of_string");
  return egret_box_float(d);
}
