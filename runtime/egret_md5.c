/* MD5 (RFC 1321), the digest of the standard library's `Digest` module: OCaml 4.13's
 * runtime/md5.c primitive `caml_md5_string str ofs len`, the 16 raw bytes of the digest of
 * `len` bytes of `str` from `ofs` (Digest checks the bounds; the primitive does not). egret's
 * own implementation, written from the RFC; the interpreters' twin is
 * plugin/src/lambda/md5.rs. */
#include "egret_runtime.h"

#include <string.h>

struct md5 {
  uint32_t state[4];
  uint64_t length; /* bytes hashed so far */
  unsigned char block[64];
  size_t filled; /* bytes waiting in block */
};

static uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

/* The per-step constants: floor(abs(sin(i + 1)) * 2^32), and the rotation amounts. */
static const uint32_t K[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
    0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
    0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
    0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
    0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
    0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
    0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
    0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
    0xeb86d391};
static const int R[16] = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};

static void md5_block(uint32_t st[4], const unsigned char *p) {
  uint32_t m[16];
  for (int i = 0; i < 16; i++)
    m[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
           (uint32_t)p[4 * i + 3] << 24;
  uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
  for (int i = 0; i < 64; i++) {
    uint32_t f;
    int g;
    switch (i / 16) {
    case 0: f = (b & c) | (~b & d); g = i; break;
    case 1: f = (d & b) | (~d & c); g = (5 * i + 1) % 16; break;
    case 2: f = b ^ c ^ d; g = (3 * i + 5) % 16; break;
    default: f = c ^ (b | ~d); g = (7 * i) % 16; break;
    }
    uint32_t t = d;
    d = c;
    c = b;
    b = b + rotl(a + f + K[i] + m[g], R[(i / 16) * 4 + i % 4]);
    a = t;
  }
  st[0] += a;
  st[1] += b;
  st[2] += c;
  st[3] += d;
}

static void md5_init(struct md5 *s) {
  s->state[0] = 0x67452301;
  s->state[1] = 0xefcdab89;
  s->state[2] = 0x98badcfe;
  s->state[3] = 0x10325476;
  s->length = 0;
  s->filled = 0;
}

static void md5_update(struct md5 *s, const unsigned char *p, size_t n) {
  s->length += n;
  while (n > 0) {
    size_t take = 64 - s->filled < n ? 64 - s->filled : n;
    memcpy(s->block + s->filled, p, take);
    s->filled += take;
    p += take;
    n -= take;
    if (s->filled == 64) {
      md5_block(s->state, s->block);
      s->filled = 0;
    }
  }
}

/* Padding: a 1 bit, zeros up to 56 bytes mod 64, the length in bits (little-endian). */
static void md5_final(struct md5 *s, unsigned char out[16]) {
  uint64_t bits = s->length * 8;
  unsigned char pad[72] = {0x80};
  size_t padlen = (s->filled < 56 ? 56 : 120) - s->filled;
  for (int i = 0; i < 8; i++) pad[padlen + i] = (unsigned char)(bits >> (8 * i));
  md5_update(s, pad, padlen + 8);
  for (int i = 0; i < 16; i++) out[i] = (unsigned char)(s->state[i / 4] >> (8 * (i % 4)));
}

/* The digest of `n` bytes at `p` (for caml_md5_chan, which reads a channel in
 * egret_runtime.c). */
void egret_md5_buffer(const unsigned char *p, size_t n, unsigned char out[16]) {
  struct md5 s;
  md5_init(&s);
  md5_update(&s, p, n);
  md5_final(&s, out);
}

value caml_md5_string(value str, value ofs, value len) {
  struct md5 s;
  unsigned char digest[16];
  md5_init(&s);
  md5_update(&s, (const unsigned char *)str + Int_val(ofs), (size_t)Int_val(len));
  md5_final(&s, digest);
  return egret_string_of_bytes((const char *)digest, 16);
}
