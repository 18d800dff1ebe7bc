/* egret's runtime, linked into every executable egret builds.
 *
 * What it gives the compiled program (both backends, see ARCHITECTURE.md):
 *   - start-up: `egret_start_program` (called by `main` in egret_start.c, or by `caml_startup`
 *     in egret_embed.c) records argv, reserves a big program stack (1 GiB, a PROT_NONE guard
 *     at its low end), switches to it and calls `egret_main`; a SIGSEGV handler on an alternate signal
 *     stack turns a fault in the guard into OCaml's `Stack_overflow` message;
 *   - allocation and the garbage collector live in egret_gc.c (`egret_alloc`, the inline
 *     allocation protocol of egret_runtime.h);
 *   - strings in OCaml's layout;
 *   - stdout and stderr buffered as OCaml's channels are, flushed at exit; a failed write raises
 *     Sys_error where OCaml's does (a full buffer, an explicit flush), the flush at exit ignores
 *     errors (OCaml's at_exit flush_std_buffers);
 *   - the primitives compiled code calls (C ABI, arguments and results are value words).
 *
 * For a target other than the host, egret compiles the runtime's sources (this file and
 * egret_gc.c) with the target's C compiler at link time.
 */
#define _GNU_SOURCE
#include "egret_runtime.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#if !defined(__x86_64__) && !defined(__aarch64__)
#include <ucontext.h>
#endif

#ifdef EGRET_IN_PROCESS
struct egret_program_symbols egret_program;
#endif

int egret_argc;
char **egret_argv;
uint64_t egret_extra_args[256];

/* ======================================================================================
 * Buffered channels: OCaml's stdout and stderr.
 * A channel keeps bytes until it is full, flushed explicitly, or the program ends.
 * ====================================================================================== */

#define IO_BUFFER_SIZE 65536

/* `offset` is the file position where the buffer's first byte goes (OCaml's
 * channel->offset: lseek(fd, 0, SEEK_CUR) when the channel was opened, -1 if the descriptor
 * cannot seek, plus every byte written since). */
struct channel {
  int fd;
  size_t pos;
  int64_t offset;
  unsigned char buf[IO_BUFFER_SIZE];
};

static struct channel egret_stdout = {.fd = 1};
static struct channel egret_stderr = {.fd = 2};

static void raise_sys_error(int err) __attribute__((noreturn));

/* Writes the buffered bytes. On an error (other than EINTR) the unwritten bytes stay in the
 * buffer, as in OCaml's caml_flush_partial, and the result is errno; else 0. Uses only
 * write(2), so the fatal-signal path can call it. */
static int channel_write_out(struct channel *ch) {
  size_t done = 0;
  int err = 0;
  while (done < ch->pos) {
    ssize_t n = write(ch->fd, ch->buf + done, ch->pos - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      err = errno;
      break;
    }
    done += (size_t)n;
  }
  ch->offset += (int64_t)done;
  memmove(ch->buf, ch->buf + done, ch->pos - done);
  ch->pos -= done;
  return err;
}

/* OCaml's caml_flush: a failed write raises Sys_error (strerror's text). A closed pipe is
 * SIGPIPE first, which kills the program unless it is ignored; then write fails with EPIPE
 * and this raises Sys_error("Broken pipe"). */
static void channel_flush(struct channel *ch) {
  int err = channel_write_out(ch);
  if (err != 0) raise_sys_error(err);
}

/* The flush at exit (OCaml's flush_std_buffers: `try flush stdout with _ -> ()`): errors are
 * ignored, the bytes that could not be written are dropped. */
static void channel_flush_quietly(struct channel *ch) {
  if (channel_write_out(ch) != 0) ch->pos = 0;
}

static void channel_write(struct channel *ch, const void *data, size_t len) {
  const unsigned char *p = data;
  while (len > 0) {
    size_t room = IO_BUFFER_SIZE - ch->pos;
    size_t n = len < room ? len : room;
    memcpy(ch->buf + ch->pos, p, n);
    ch->pos += n;
    p += n;
    len -= n;
    /* A full buffer is written out (OCaml's caml_putblock); if that fails, Sys_error, and the
     * rest of `data` is not buffered. */
    if (ch->pos == IO_BUFFER_SIZE) channel_flush(ch);
  }
}

static void channel_write_cstr(struct channel *ch, const char *s) {
  channel_write(ch, s, strlen(s));
}

static void channel_write_int(struct channel *ch, value v) {
  char text[32];
  int n = snprintf(text, sizeof text, "%" PRId64, Int_val(v));
  channel_write(ch, text, (size_t)n);
}

static void channel_write_string(struct channel *ch, value s) {
  channel_write(ch, (const char *)s, egret_string_len(s));
}

/* What OCaml's at_exit does for the standard channels: flush both, ignoring errors. */
static void flush_std_channels(void) {
  channel_flush_quietly(&egret_stdout);
  channel_flush_quietly(&egret_stderr);
}

void egret_flush_std_channels(void) { flush_std_channels(); }

/* ======================================================================================
 * Fatal errors.
 * ====================================================================================== */

void egret_fatal_uncaught(const char *what) {
  flush_std_channels(); /* leaves both buffers empty: the message below never fills one */
  channel_write_cstr(&egret_stderr, "Fatal error: exception ");
  channel_write_cstr(&egret_stderr, what);
  channel_write_cstr(&egret_stderr, "\n");
  channel_flush_quietly(&egret_stderr);
  egret_gc_report();
  _exit(2);
}


/* ======================================================================================
 * Strings: OCaml's layout. The bytes are padded to whole words; the last byte of the block
 * holds the padding count, so len = wosize * 8 - 1 - last_byte.
 * ====================================================================================== */

value egret_alloc_string(size_t len) {
  uint64_t wosize = (len + 8) / 8;
  uint64_t *block = egret_alloc(wosize, String_tag);
  block[wosize - 1] = 0;
  unsigned char *bytes = (unsigned char *)block;
  size_t last = wosize * 8 - 1;
  memset(bytes, 0, len);
  bytes[last] = (unsigned char)(last - len);
  return (value)block;
}

value egret_string_of_bytes(const char *data, size_t len) {
  value s = egret_alloc_string(len);
  memcpy((char *)s, data, len);
  return s;
}

value egret_string_length(value s) { return Val_int(egret_string_len(s)); }

/* ======================================================================================
 * Output primitives, as OCaml's Stdlib defines them.
 * ====================================================================================== */

value egret_print_int(value v) {
  channel_write_int(&egret_stdout, v);
  return Val_unit;
}

value egret_print_string(value s) {
  channel_write_string(&egret_stdout, s);
  return Val_unit;
}

value egret_print_char(value c) {
  unsigned char byte = (unsigned char)Int_val(c);
  channel_write(&egret_stdout, &byte, 1);
  return Val_unit;
}

value egret_print_endline(value s) {
  channel_write_string(&egret_stdout, s);
  channel_write(&egret_stdout, "\n", 1);
  channel_flush(&egret_stdout);
  return Val_unit;
}

value egret_print_newline(value unit) {
  (void)unit;
  channel_write(&egret_stdout, "\n", 1);
  channel_flush(&egret_stdout);
  return Val_unit;
}

value egret_prerr_string(value s) {
  channel_write_string(&egret_stderr, s);
  return Val_unit;
}

value egret_prerr_endline(value s) {
  channel_write_string(&egret_stderr, s);
  channel_write(&egret_stderr, "\n", 1);
  channel_flush(&egret_stderr);
  return Val_unit;
}

value egret_prerr_int(value v) {
  channel_write_int(&egret_stderr, v);
  return Val_unit;
}

value egret_flush_stdout(value unit) {
  (void)unit;
  channel_flush(&egret_stdout);
  return Val_unit;
}

value egret_flush_stderr(value unit) {
  (void)unit;
  channel_flush(&egret_stderr);
  return Val_unit;
}

/* ======================================================================================
 * Exceptions (until handlers exist every raise is uncaught): OCaml's uncaught-exception
 * message, formatted as runtime/printexc.c's caml_format_exception does.
 * ====================================================================================== */

#define Is_int(v) (((v) & 1) != 0)
#define Field(v, i) (((value *)(v))[i])

static void append(char *buf, size_t cap, size_t *len, const char *s, size_t n) {
  for (size_t i = 0; i < n && *len + 1 < cap; i++) buf[(*len)++] = s[i];
  buf[*len] = 0;
}

/* Match_failure, Assert_failure and Undefined_recursive_module print their tuple argument's
 * fields. */
static int is_special_exception(value identity) {
  value name = Field(identity, 0);
  size_t n = egret_string_len(name);
  return (n == 13 && memcmp((char *)name, "Match_failure", 13) == 0) ||
         (n == 14 && memcmp((char *)name, "Assert_failure", 14) == 0) ||
         (n == 26 && memcmp((char *)name, "Undefined_recursive_module", 26) == 0);
}

void egret_format_exception(value exn, char *buf, size_t cap);

/* A string field as Printf's %S writes it: quoted, with String.escaped's escapes. */
static void append_escaped(char *buf, size_t cap, size_t *len, value s) {
  const unsigned char *p = (const unsigned char *)s;
  size_t n = egret_string_len(s);
  append(buf, cap, len, "\"", 1);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = p[i];
    char esc[8];
    switch (c) {
    case '"': append(buf, cap, len, "\\\"", 2); break;
    case '\\': append(buf, cap, len, "\\\\", 2); break;
    case '\n': append(buf, cap, len, "\\n", 2); break;
    case '\t': append(buf, cap, len, "\\t", 2); break;
    case '\r': append(buf, cap, len, "\\r", 2); break;
    case '\b': append(buf, cap, len, "\\b", 2); break;
    default:
      if (c >= ' ' && c <= '~') {
        append(buf, cap, len, (const char *)&c, 1);
      } else {
        snprintf(esc, sizeof esc, "\\%03u", (unsigned)c);
        append(buf, cap, len, esc, 4);
      }
    }
  }
  append(buf, cap, len, "\"", 1);
}

/* Printexc.to_string_default's generic case (printexc.ml): the constructor, then every
 * argument (ints in decimal, strings as %S, anything else `_`); no special case for
 * Match_failure and Assert_failure, which Printexc formats itself. */
static void format_exception_printexc(value exn, char *buf, size_t cap) {
  size_t len = 0;
  buf[0] = 0;
  if (Tag_hd(Hd_val(exn)) == Exception_identity_tag) {
    value name = Field(exn, 0);
    append(buf, cap, &len, (char *)name, egret_string_len(name));
    return;
  }
  value name = Field(Field(exn, 0), 0);
  append(buf, cap, &len, (char *)name, egret_string_len(name));
  size_t size = Wosize_hd(Hd_val(exn));
  if (size < 2) return;
  append(buf, cap, &len, "(", 1);
  for (size_t i = 1; i < size; i++) {
    if (i > 1) append(buf, cap, &len, ", ", 2);
    value v = Field(exn, i);
    if (Is_int(v)) {
      char num[32];
      int n = snprintf(num, sizeof num, "%ld", (long)Int_val(v));
      append(buf, cap, &len, num, (size_t)n);
    } else if (Tag_hd(Hd_val(v)) == String_tag) {
      append_escaped(buf, cap, &len, v);
    } else {
      append(buf, cap, &len, "_", 1);
    }
  }
  append(buf, cap, &len, ")", 1);
}

/* The text of an exception as a string: as the runtime prints an uncaught one
 * (caml_format_exception), or as Printexc.to_string_default does when `printexc` is true. */
value egret_format_exception_string(value exn, value printexc) {
  static char buf[4096];
  if (printexc != Val_false)
    format_exception_printexc(exn, buf, sizeof buf);
  else
    egret_format_exception(exn, buf, sizeof buf);
  return egret_string_of_bytes(buf, strlen(buf));
}

void egret_format_exception(value exn, char *buf, size_t cap) {
  size_t len = 0;
  buf[0] = 0;
  if (Tag_hd(Hd_val(exn)) == Exception_identity_tag) {
    value name = Field(exn, 0);
    append(buf, cap, &len, (char *)name, egret_string_len(name));
    return;
  }
  value identity = Field(exn, 0);
  value name = Field(identity, 0);
  append(buf, cap, &len, (char *)name, egret_string_len(name));
  value bucket = exn;
  size_t start = 1;
  if (Wosize_hd(Hd_val(exn)) == 2 && !Is_int(Field(exn, 1)) && Tag_hd(Hd_val(Field(exn, 1))) == 0 &&
      is_special_exception(identity)) {
    bucket = Field(exn, 1);
    start = 0;
  }
  append(buf, cap, &len, "(", 1);
  for (size_t i = start; i < Wosize_hd(Hd_val(bucket)); i++) {
    if (i > start) append(buf, cap, &len, ", ", 2);
    value v = Field(bucket, i);
    if (Is_int(v)) {
      char num[32];
      int n = snprintf(num, sizeof num, "%ld", (long)Int_val(v));
      append(buf, cap, &len, num, (size_t)n);
    } else if (Tag_hd(Hd_val(v)) == String_tag) {
      append(buf, cap, &len, "\"", 1);
      append(buf, cap, &len, (char *)v, egret_string_len(v));
      append(buf, cap, &len, "\"", 1);
    } else {
      append(buf, cap, &len, "_", 1);
    }
  }
  append(buf, cap, &len, ")", 1);
}

/* Handlers: `egret_try` pushes one on the C stack; `egret_raise` jumps straight to the
 * innermost (no frame walking). __builtin_setjmp saves only the frame and stack pointers and
 * the resume address; the compiler saves egret_try's callee-saved registers in its frame. */
struct handler {
  struct handler *prev;
  void *jmp[5];
  value exn;
  value *env;
  /* egret_try's own frame: a backtrace's walk from a raise stops there. Not the handler's
   * address: on AArch64 a frame's record (saved frame pointer and return address) is at its
   * bottom, below its locals, so egret_try's record lies below `h` and the walk would take
   * egret_try's caller for a frame between the raise and the handler. */
  void *frame;
};

static struct handler *current_handler;

value egret_try(value (*body)(value *env), value *env) {
  struct handler h;
  h.prev = current_handler;
  h.env = env;
  h.frame = __builtin_frame_address(0);
  /* An outermost handler: the program's top level (`try phrases with e -> uncaught`), or a
   * top-level `try` of the initialisation before it. Its body's frame comes to lie where the
   * initialisation's finished calls left their words, and a word its code never writes (a
   * Cranelift spill slot unused on the paths taken) would be taken for a root at every
   * collection until the program ends: start it on a clean stack. Once per such `try`; an inner
   * one costs nothing. */
  if (h.prev == NULL) egret_clear_dead_stack();
  if (__builtin_setjmp(h.jmp) == 0) {
    current_handler = &h;
    value r = body(env);
    current_handler = h.prev;
    env[0] = r;
    return Val_false;
  }
  current_handler = h.prev;
  h.env[0] = h.exn;
  return Val_true;
}

/* The uncaught-exception report of a raise without a handler. */
static void __attribute__((noreturn, noinline)) raise_uncaught(value exn) {
  static char buf[4096];
  egret_format_exception(exn, buf, sizeof buf);
  egret_fatal_uncaught(buf);
}

/* Jumps to the innermost handler with exn (none: the runtime's uncaught-exception report).
 * A macro, expanded in each raise entry (GCC inlines no function using __builtin_longjmp): a
 * call here would leave one more return address that is never returned to, and the
 * processor's return predictions after the jump go wrong (raises took twice as long). */
#define RAISE_TO_HANDLER(exn)                                                                  \
  do {                                                                                         \
    struct handler *h_ = current_handler;                                                      \
    if (h_ == NULL) raise_uncaught(exn);                                                       \
    h_->exn = (exn);                                                                           \
    __builtin_longjmp(h_->jmp, 1);                                                             \
  } while (0)

/* The raises of compiled code, one entry per kind so that recording changes no code: each
 * records (when on) the frames from its own up to the handler's. noinline: the frame the walk
 * starts from must be the entry's own, its return address the raise point. */
#define RECORD(exn, regular, kind)                                                              \
  do {                                                                                         \
    if (egret_backtrace_active && current_handler != NULL)                                     \
      egret_backtrace_stash(exn, regular, __builtin_frame_address(0), current_handler->frame,  \
                            kind);                                                             \
  } while (0)

value __attribute__((noinline)) egret_raise(value exn) {
  RECORD(exn, 1, EGRET_BT_RAISE);
  RAISE_TO_HANDLER(exn);
}

value __attribute__((noinline)) egret_reraise(value exn) {
  RECORD(exn, 0, EGRET_BT_RAISE);
  RAISE_TO_HANDLER(exn);
}

value __attribute__((noinline)) egret_reraise_unmatched(value exn) {
  RECORD(exn, 0, EGRET_BT_UNMATCHED);
  RAISE_TO_HANDLER(exn);
}

value egret_raise_notrace(value exn) { RAISE_TO_HANDLER(exn); }

/* A raise from C (a primitive failing, or a compiled bound check: `kind`): the trace continues
 * when it is the same exception, and its first frame in compiled code is a call ("Raised by
 * primitive operation"). */
static void __attribute__((noinline, noreturn)) raise_from_c_kind(value exn, int kind) {
  RECORD(exn, 0, kind);
  RAISE_TO_HANDLER(exn);
}
static void __attribute__((noinline, noreturn)) raise_from_c(value exn) {
  raise_from_c_kind(exn, EGRET_BT_CALL);
}

/* A C primitive of another file raising `exn` (egret_unix.c's Unix_error). */
void egret_raise_from_c(value exn) { raise_from_c(exn); }

/* The predefined exceptions' identities: egret_runtime.h. */

static void raise_constant(uint64_t *identity, const char *name) __attribute__((noreturn));
static void raise_constant(uint64_t *identity, const char *name) {
  if (identity == NULL) egret_fatal_uncaught(name);
  raise_from_c((value)&identity[1]);
  __builtin_unreachable();
}

/* The exception `exn msg` (identity's constructor applied to the string msg). A module without
 * the predefined exceptions (identity NULL) ends as if it were raised uncaught. */
static value exception_with_string(uint64_t *identity, const char *exn, const char *msg) {
  if (identity == NULL) {
    char buf[512];
    snprintf(buf, sizeof buf, "%s(\"%s\")", exn, msg);
    egret_fatal_uncaught(buf);
  }
  value arg = egret_string_of_bytes(msg, strlen(msg));
  value *e = egret_alloc(2, 0);
  e[0] = (value)&identity[1];
  e[1] = arg;
  return (value)e;
}

static void raise_with_string(uint64_t *identity, const char *exn, const char *msg) __attribute__((noreturn));
static void raise_with_string(uint64_t *identity, const char *exn, const char *msg) {
  raise_from_c(exception_with_string(identity, exn, msg));
  __builtin_unreachable();
}

void egret_invalid_argument(const char *msg) { raise_with_string(egret_exn_Invalid_argument, "Invalid_argument", msg); }
void egret_failwith(const char *msg) { raise_with_string(egret_exn_Failure, "Failure", msg); }
void egret_raise_not_found(void) { raise_constant(egret_exn_Not_found, "Not_found"); }
/* OCaml raises one preallocated `Invalid_argument "index out of bounds"` for every failed bound
 * check (runtime/fail_nat.c, the stdlib's registered "Pervasives.array_bound_error"): physically
 * the same each time, so a backtrace continues across two bound errors as OCaml's does. */
static value bound_error_bucket;
static value bound_error_exception(void) {
  if (bound_error_bucket == 0) {
    bound_error_bucket =
        exception_with_string(egret_exn_Invalid_argument, "Invalid_argument", "index out of bounds");
    egret_register_global_root(&bound_error_bucket);
  }
  return bound_error_bucket;
}
/* Called by compiled code's checks (directly: its return address is the check's, where
 * code without -g has no location) and by C primitives'. */
void __attribute__((noinline)) egret_raise_bound_error(void) {
  uintptr_t pc = (uintptr_t)__builtin_return_address(0);
  int check = egret_backtrace_active && egret_backtrace_untraced(pc);
  raise_from_c_kind(bound_error_exception(), check ? EGRET_BT_BOUND : EGRET_BT_CALL);
  __builtin_unreachable();
}
/* A zero divisor: ocamlopt's check raises inline (`raise Division_by_zero`, a regular raise,
 * "Raised at" the division). Called from C (Int64.div ...), the first frame is the C caller's,
 * not in the backtrace table, and the trace reads "Raised by primitive operation". */
value __attribute__((noinline)) egret_raise_division_by_zero(void) {
  if (egret_exn_Division_by_zero == NULL) egret_fatal_uncaught("Division_by_zero");
  value exn = (value)&egret_exn_Division_by_zero[1];
  RECORD(exn, 1, EGRET_BT_CHECK);
  RAISE_TO_HANDLER(exn);
}
/* The failures of the checks compiled code makes inline, when the handler is in the same frame
 * (a local `try`): the exception, returned for the jump to the handler, its raise point noted
 * for the backtrace as the raising entries above record it. noinline: the return address is the check's. */
value __attribute__((noinline)) egret_bound_error_exn(void) {
  value exn = bound_error_exception();
  egret_note_local_raise(exn, 0, __builtin_return_address(0));
  return exn;
}
value __attribute__((noinline)) egret_division_by_zero_exn(void) {
  if (egret_exn_Division_by_zero == NULL) egret_fatal_uncaught("Division_by_zero");
  value exn = (value)&egret_exn_Division_by_zero[1];
  egret_note_local_raise(exn, 1, __builtin_return_address(0));
  return exn;
}
void egret_raise_stack_overflow(void) { raise_constant(egret_exn_Stack_overflow, "Stack_overflow"); }
void egret_raise_out_of_memory(void) { raise_constant(egret_exn_Out_of_memory, "Out_of_memory"); }
/* OCaml's caml_sys_error: Sys_error "NAME: <strerror>" (NAME an OCaml string), or strerror's
 * text alone when `name` is 0. */
void egret_sys_error(value name, int err) {
  const char *text = strerror(err);
  size_t tl = strlen(text), nl = name ? egret_string_len(name) : 0;
  size_t len = name ? nl + 2 + tl : tl;
  if (egret_exn_Sys_error == NULL) {
    char buf[1024];
    snprintf(buf, sizeof buf, "Sys_error(\"%.*s%s%s\")", (int)(nl < 512 ? nl : 512),
             name ? (const char *)name : "", name ? ": " : "", text);
    egret_fatal_uncaught(buf);
  }
  value s = egret_alloc_string(len);
  char *p = (char *)s;
  if (name) {
    memcpy(p, (const char *)name, nl);
    memcpy(p + nl, ": ", 2);
    p += nl + 2;
  }
  memcpy(p, text, tl);
  value *e = egret_alloc(2, 0);
  e[0] = (value)&egret_exn_Sys_error[1];
  e[1] = s;
  raise_from_c((value)e);
  __builtin_unreachable();
}

/* OCaml's caml_sys_io_error(NO_ARG): Sys_error with strerror's text alone. */
static void raise_sys_error(int err) { raise_with_string(egret_exn_Sys_error, "Sys_error", strerror(err)); }

/* ======================================================================================
 * Structural comparison, as OCaml's compare: ints before blocks, strings bytewise, other
 * blocks by tag, then size, then fields left to right. Functions cannot be compared.
 * ====================================================================================== */

/* What compare_values returns when a nan makes its operands unordered (`=`, `<`... only):
 * OCaml's UNORDERED. egret_compare_partial reports it as 2, which the compiled code's tests
 * (c = 0, c < 0, c <= 0, the last two with operands swapped for > and >=) all take as false,
 * and only <> (c != 0) as true. */
#define UNORDERED INT64_MIN

/* `total` is OCaml's flag: compare (total) treats physically equal values as equal at once;
 * = and the orderings (not total) look inside, so functional values always raise. */
static int64_t compare_doubles(const void *pa, const void *pb, int total) {
  double da, db;
  memcpy(&da, pa, sizeof da);
  memcpy(&db, pb, sizeof db);
  if (da < db) return -1;
  if (da > db) return 1;
  if (da != db) {
    /* A nan: unordered for = and the orderings; compare puts nan below all floats. */
    if (!total) return UNORDERED;
    if (da == da) return 1;
    if (db == db) return -1;
  }
  return 0;
}

static int64_t compare_values(value a, value b, int total) {
  for (;;) {
    if (a == b && (total || Is_int(a))) return 0;
    if (Is_int(a)) {
      if (Is_int(b)) return Int_val(a) < Int_val(b) ? -1 : 1;
      /* A forced lazy value compares as its value (OCaml's compare.c). */
      if (Tag_hd(Hd_val(b)) == Forward_tag) {
        b = Field(b, 0);
        continue;
      }
      return -1;
    }
    if (Is_int(b)) {
      if (Tag_hd(Hd_val(a)) == Forward_tag) {
        a = Field(a, 0);
        continue;
      }
      return 1;
    }
    uint64_t ha = Hd_val(a), hb = Hd_val(b);
    uint64_t ta = Tag_hd(ha), tb = Tag_hd(hb);
    if (ta == Forward_tag || tb == Forward_tag) {
      if (ta == Forward_tag) a = Field(a, 0);
      if (tb == Forward_tag) b = Field(b, 0);
      continue;
    }
    /* Closures, exception identities and strings are the tags >= Closure_tag: one test keeps
     * them off the common path (constructors' blocks). */
    if (ta >= Closure_tag || tb >= Closure_tag) {
      if (ta == Closure_tag || tb == Closure_tag) egret_invalid_argument("compare: functional value");
      if (ta != tb) return ta < tb ? -1 : 1;
      if (ta == Custom_tag) {
        int c = egret_custom_compare(a, b);
        if (c != 0) return c;
        return 0;
      }
      if (ta == String_tag) {
        size_t la = egret_string_len(a), lb = egret_string_len(b);
        int c = memcmp((char *)a, (char *)b, la < lb ? la : lb);
        if (c != 0) return c < 0 ? -1 : 1;
        if (la != lb) return la < lb ? -1 : 1;
        return 0;
      }
      if (ta == Exception_identity_tag) {
        int64_t ia = Int_val(Field(a, 1)), ib = Int_val(Field(b, 1));
        return ia == ib ? 0 : (ia < ib ? -1 : 1);
      }
      if (ta == Double_array_tag) {
        /* Flat float arrays: by length, then element by element as floats. */
        uint64_t sa = Wosize_hd(ha), sb = Wosize_hd(hb);
        if (sa != sb) return sa < sb ? -1 : 1;
        for (uint64_t i = 0; i < sa; i++) {
          int64_t c = compare_doubles((uint64_t *)a + i, (uint64_t *)b + i, total);
          if (c != 0) return c;
        }
        return 0;
      }
      if (ta == Double_tag) {
        int64_t c = compare_doubles((void *)a, (void *)b, total);
        if (c != 0) return c;
        return 0;
      }
    }
    if (ta != tb) return ta < tb ? -1 : 1;
    uint64_t sa = Wosize_hd(ha), sb = Wosize_hd(hb);
    if (sa != sb) return sa < sb ? -1 : 1;
    if (sa == 0) return 0;
    for (uint64_t i = 0; i + 1 < sa; i++) {
      value fa = Field(a, i), fb = Field(b, i);
      /* Int fields (a constructor's int argument, a constant constructor) without a call. */
      if (Is_int(fa) && Is_int(fb)) {
        if (fa != fb) return Int_val(fa) < Int_val(fb) ? -1 : 1;
        continue;
      }
      int64_t c = compare_values(fa, fb, total);
      if (c != 0) return c;
    }
    /* The last field iteratively: lists compare in constant stack. */
    a = Field(a, sa - 1);
    b = Field(b, sa - 1);
  }
}

/* Both are often called on ints (a polymorphic function's `compare a x` or `=`): those are
 * answered here, without the generic walk. Tagged ints compare as the ints do. */
value egret_compare(value a, value b) {
  if (Is_int(a) && Is_int(b)) return Val_int((int64_t)a < (int64_t)b ? -1 : a != b);
  return Val_int(compare_values(a, b, 1));
}
value egret_compare_partial(value a, value b) {
  if (Is_int(a) && Is_int(b)) return Val_int((int64_t)a < (int64_t)b ? -1 : a != b);
  int64_t c = compare_values(a, b, 0);
  return Val_int(c == UNORDERED ? 2 : c);
}

/* ======================================================================================
 * Strings, bytes, conversions.
 * ====================================================================================== */

value egret_string_get(value s, value i) {
  int64_t n = Int_val(i);
  if (n < 0 || (uint64_t)n >= egret_string_len(s)) egret_raise_bound_error();
  return Val_int(((unsigned char *)s)[n]);
}

/* OCaml's caml_create_bytes: a negative length or one over Sys.max_string_length. */
static size_t checked_bytes_length(value n) {
  int64_t len = Int_val(n);
  if (len < 0 || (uint64_t)len > EGRET_MAX_STRING_LENGTH) egret_invalid_argument("Bytes.create");
  return (size_t)len;
}

value egret_string_make(value n, value c) {
  size_t len = checked_bytes_length(n);
  value s = egret_alloc_string((size_t)len);
  memset((char *)s, (int)Int_val(c), (size_t)len);
  return s;
}

value egret_string_sub(value s, value ofs, value len) {
  int64_t o = Int_val(ofs), l = Int_val(len);
  if (o < 0 || l < 0 || (uint64_t)(o + l) > egret_string_len(s)) egret_invalid_argument("String.sub / Bytes.sub");
  return egret_string_of_bytes((char *)s + o, (size_t)l);
}

value egret_string_concat(value a, value b) {
  size_t la = egret_string_len(a), lb = egret_string_len(b);
  value s = egret_alloc_string(la + lb);
  memcpy((char *)s, (char *)a, la);
  memcpy((char *)s + la, (char *)b, lb);
  return s;
}

value egret_bytes_create(value n) {
  return egret_alloc_string(checked_bytes_length(n));
}

/* OCaml's runtime/str.c: Bytes.set / String.set (checked), Bytes.fill's unchecked fill,
 * and string equality. */
value caml_bytes_set(value b, value i, value c) {
  int64_t k = Int_val(i);
  if (k < 0 || (uint64_t)k >= egret_string_len(b)) egret_raise_bound_error();
  ((unsigned char *)b)[k] = (unsigned char)Int_val(c);
  return Val_unit;
}

value caml_fill_bytes(value b, value ofs, value len, value c) {
  memset((char *)b + Int_val(ofs), (int)Int_val(c), (size_t)Int_val(len));
  return Val_unit;
}

/* Word by word, as OCaml's: a string's last word holds its padding, which its length decides,
 * so two strings are equal exactly when their sizes and all their words are. */
value caml_string_equal(value a, value b) {
  if (a == b) return Val_true;
  uint64_t n = Wosize_hd(Hd_val(a));
  if (n != Wosize_hd(Hd_val(b))) return Val_false;
  const uint64_t *pa = (const uint64_t *)a, *pb = (const uint64_t *)b;
  for (uint64_t i = 0; i < n; i++)
    if (pa[i] != pb[i]) return Val_false;
  return Val_true;
}

value caml_string_notequal(value a, value b) { return caml_string_equal(a, b) == Val_true ? Val_false : Val_true; }

/* The bytes' lexicographic order, a prefix first: -1, 0 or 1, as OCaml's caml_string_compare. */
static int string_order(value a, value b) {
  if (a == b) return 0;
  size_t la = egret_string_len(a), lb = egret_string_len(b);
  int c = memcmp((char *)a, (char *)b, la <= lb ? la : lb);
  if (c != 0) return c < 0 ? -1 : 1;
  return la < lb ? -1 : la > lb ? 1 : 0;
}

value caml_string_compare(value a, value b) { return Val_int(string_order(a, b)); }
value caml_string_lessthan(value a, value b) { return string_order(a, b) < 0 ? Val_true : Val_false; }
value caml_string_lessequal(value a, value b) { return string_order(a, b) <= 0 ? Val_true : Val_false; }
value caml_string_greaterthan(value a, value b) { return string_order(a, b) > 0 ? Val_true : Val_false; }
value caml_string_greaterequal(value a, value b) { return string_order(a, b) >= 0 ? Val_true : Val_false; }

value egret_bytes_unsafe_set(value b, value i, value c) {
  ((unsigned char *)b)[Int_val(i)] = (unsigned char)Int_val(c);
  return Val_unit;
}

value egret_blit_string(value src, value srcoff, value dst, value dstoff, value len) {
  memmove((char *)dst + Int_val(dstoff), (char *)src + Int_val(srcoff), (size_t)Int_val(len));
  return Val_unit;
}

value egret_string_of_int(value n) {
  char buf[32];
  int len = snprintf(buf, sizeof buf, "%ld", (long)Int_val(n));
  return egret_string_of_bytes(buf, (size_t)len);
}

/* OCaml's parse_intnat: optional sign, 0x/0o/0b/0u prefixes, '_' separators; decimal must fit
 * in 63 bits signed, other bases in 63 bits unsigned. */
value egret_int_of_string(value s) {
  const unsigned char *p = (const unsigned char *)s;
  size_t len = egret_string_len(s), i = 0;
  int negative = 0, base = 10, signed_range = 1;
  if (i < len && (p[i] == '-' || p[i] == '+')) negative = p[i++] == '-';
  if (i + 1 < len && p[i] == '0') {
    switch (p[i + 1]) {
      case 'x': case 'X': base = 16; signed_range = 0; i += 2; break;
      case 'o': case 'O': base = 8; signed_range = 0; i += 2; break;
      case 'b': case 'B': base = 2; signed_range = 0; i += 2; break;
      case 'u': case 'U': base = 10; signed_range = 0; i += 2; break;
    }
  }
  if (i >= len) egret_failwith("int_of_string");
  uint64_t acc = 0;
  const uint64_t limit = signed_range ? ((uint64_t)1 << 62) : ((uint64_t)1 << 63) - 1;
  int digits = 0;
  for (; i < len; i++) {
    unsigned c = p[i];
    int d = 0;
    if (c == '_' && digits > 0) continue;
    if (c >= '0' && c <= '9') d = (int)(c - '0');
    else if (c >= 'a' && c <= 'f') d = (int)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') d = (int)(c - 'A' + 10);
    else egret_failwith("int_of_string");
    if (d >= base) egret_failwith("int_of_string");
    if (acc > (limit - (uint64_t)d) / (uint64_t)base) egret_failwith("int_of_string");
    acc = acc * (uint64_t)base + (uint64_t)d;
    digits++;
  }
  if (signed_range && !negative && acc > limit - 1) egret_failwith("int_of_string");
  int64_t r = negative ? -(int64_t)acc : (int64_t)acc;
  return Val_int(r);
}

/* ======================================================================================
 * Arrays (tag-0 blocks of values), Sys, exit.
 * ====================================================================================== */

/* OCaml's caml_make_vect with flat float arrays: an array whose initial element is a boxed
 * float holds the doubles themselves (a Double_array_tag block of one word per element). */
value egret_array_make(value n, value x) {
  int64_t len = Int_val(n);
  /* OCaml's caml_make_vect: a negative length or one over Sys.max_array_length. */
  if (len < 0 || (uint64_t)len > EGRET_MAX_WOSIZE) egret_invalid_argument("Array.make");
  if (len > 0 && !Is_int(x) && Tag_hd(Hd_val(x)) == Double_tag) {
    uint64_t *a = egret_alloc((uint64_t)len, Double_array_tag);
    for (int64_t i = 0; i < len; i++) a[i] = *(uint64_t *)x;
    return (value)a;
  }
  value *a = egret_alloc((uint64_t)len, 0);
  for (int64_t i = 0; i < len; i++) a[i] = x;
  return (value)a;
}

/* OCaml's array.c, for the installed array.ml: Array.sub, append, concat, blit and fill
 * (array.ml checks the bounds first). An array is flat (Double_array_tag, the doubles
 * unboxed) when its elements are floats, and the empty array is the atom of tag 0; copies
 * keep the source's tag, so a word is a word either way. */
static value array_gather(int n, const value *arrays, const int64_t *offsets, const int64_t *lens) {
  uint64_t size = 0, tag = 0;
  for (int i = 0; i < n; i++) {
    size += (uint64_t)lens[i];
    if (lens[i] > 0) tag = Tag_hd(Hd_val(arrays[i]));
  }
  if (size == 0) return (value)egret_alloc(0, 0);
  if (size > EGRET_MAX_WOSIZE) egret_invalid_argument("Array.concat");
  uint64_t *r = egret_alloc(size, tag);
  uint64_t k = 0;
  for (int i = 0; i < n; i++) {
    memcpy(r + k, (uint64_t *)arrays[i] + offsets[i], (size_t)lens[i] * sizeof(uint64_t));
    k += (uint64_t)lens[i];
  }
  return (value)r;
}

value caml_array_sub(value a, value ofs, value len) {
  int64_t o = Int_val(ofs), l = Int_val(len);
  return array_gather(1, &a, &o, &l);
}

value caml_array_append(value a1, value a2) {
  value arrays[2] = {a1, a2};
  int64_t offsets[2] = {0, 0};
  int64_t lens[2] = {(int64_t)Wosize_hd(Hd_val(a1)), (int64_t)Wosize_hd(Hd_val(a2))};
  return array_gather(2, arrays, offsets, lens);
}

value caml_array_concat(value list) {
  int n = 0;
  for (value l = list; !Is_int(l); l = ((value *)l)[1]) n++;
  value *arrays = malloc(sizeof(value) * (size_t)(n + 1));
  int64_t *offsets = malloc(sizeof(int64_t) * (size_t)(n + 1));
  int64_t *lens = malloc(sizeof(int64_t) * (size_t)(n + 1));
  if (!arrays || !offsets || !lens) abort();
  int i = 0;
  for (value l = list; !Is_int(l); l = ((value *)l)[1], i++) {
    arrays[i] = ((value *)l)[0];
    offsets[i] = 0;
    lens[i] = (int64_t)Wosize_hd(Hd_val(arrays[i]));
  }
  /* `arrays` is malloc'd memory, which the collector does not scan: the arrays stay alive
   * through `list`, kept in a register or on the stack (both roots) until the copy is done. */
  value r = array_gather(n, arrays, offsets, lens);
  egret_keep_alive(list);
  free(arrays);
  free(offsets);
  free(lens);
  return r;
}

value caml_array_blit(value a1, value ofs1, value a2, value ofs2, value len) {
  memmove((uint64_t *)a2 + Int_val(ofs2), (uint64_t *)a1 + Int_val(ofs1),
          (size_t)Int_val(len) * sizeof(uint64_t));
  return Val_unit;
}

value caml_array_fill(value a, value ofs, value len, value v) {
  uint64_t *p = (uint64_t *)a + Int_val(ofs);
  uint64_t w = Tag_hd(Hd_val(a)) == Double_array_tag ? *(uint64_t *)v : (uint64_t)v;
  for (int64_t i = 0; i < Int_val(len); i++) p[i] = w;
  return Val_unit;
}

/* OCaml 4.13's caml_hash (runtime/hash.c): MurmurHash3 mixing over a breadth-first walk of
 * at most `limit` values, `count` of them meaningful (ints and strings). Hashtbl's iteration
 * order depends on it, so it must agree with OCaml bit for bit; the interpreters' twin is
 * plugin/src/lambda/hash.rs. A closure mixes its tag only (OCaml mixes code pointers). */
#define HASH_QUEUE_SIZE 256
#define ROTL32(x, n) ((x) << (n) | (x) >> (32 - (n)))
static uint32_t hash_mix(uint32_t h, uint32_t d) {
  d *= 0xcc9e2d51u;
  d = ROTL32(d, 15);
  d *= 0x1b873593u;
  h ^= d;
  h = ROTL32(h, 13);
  return h * 5 + 0xe6546b64u;
}

/* caml_hash_mix_double: nans and -0. normalised, low word then high word. */
static uint32_t hash_mix_double(uint32_t h, const uint64_t *p) {
  uint64_t bits;
  memcpy(&bits, p, sizeof bits);
  uint32_t hi = (uint32_t)(bits >> 32), lo = (uint32_t)bits;
  if ((hi & 0x7FF00000u) == 0x7FF00000u && (lo | (hi & 0xFFFFFu)) != 0) {
    hi = 0x7FF00000u;
    lo = 1;
  } else if (hi == 0x80000000u && lo == 0) {
    hi = 0;
  }
  h = hash_mix(h, lo);
  return hash_mix(h, hi);
}

/* OCaml's limit on the forward links followed in one step (hash.c). */
#define MAX_FORWARD_DEREFERENCE 1000

value egret_hash(value count, value limit, value seed, value obj) {
  value queue[HASH_QUEUE_SIZE];
  int64_t sz = Int_val(limit), num = Int_val(count);
  if (sz < 0 || sz > HASH_QUEUE_SIZE) sz = HASH_QUEUE_SIZE;
  uint32_t h = (uint32_t)Int_val(seed);
  int64_t rd = 0, wr = 1;
  queue[0] = obj;
  while (rd < wr && num > 0) {
    value v = queue[rd++];
    if (Is_int(v)) {
      int64_t d = (int64_t)v;
      h = hash_mix(h, (uint32_t)((d >> 32) ^ (d >> 63) ^ d));
      num--;
      continue;
    }
    uint64_t hd = Hd_val(v);
    switch (Tag_hd(hd)) {
    case String_tag: {
      size_t len = egret_string_len(v), i;
      const unsigned char *p = (const unsigned char *)v;
      for (i = 0; i + 4 <= len; i += 4) {
        uint32_t w;
        memcpy(&w, p + i, 4);
        h = hash_mix(h, w);
      }
      uint32_t w = 0;
      switch (len & 3) {
      case 3: w = (uint32_t)p[i + 2] << 16; /* fallthrough */
      case 2: w |= (uint32_t)p[i + 1] << 8; /* fallthrough */
      case 1: w |= p[i]; h = hash_mix(h, w);
      default: break;
      }
      h ^= (uint32_t)len;
      num--;
      break;
    }
    case Closure_tag:
      h = hash_mix(h, Closure_tag);
      break;
    case Forward_tag: {
      /* A forced lazy value hashes as its value; a chain of forward blocks (which may loop)
       * is followed MAX_FORWARD_DEREFERENCE links at most, then skipped (OCaml's hash.c). */
      int i = MAX_FORWARD_DEREFERENCE;
      for (; i > 0; i--) {
        v = Field(v, 0);
        if (Is_int(v) || Tag_hd(Hd_val(v)) != Forward_tag) break;
      }
      if (i > 0) queue[--rd] = v; /* looked at again, as OCaml's `goto again` */
      break;
    }
    case Custom_tag:
      /* The custom operations' hash (only the low 32 bits, as OCaml). */
      h = hash_mix(h, egret_custom_hash(v));
      num--;
      break;
    case Double_tag:
      h = hash_mix_double(h, (uint64_t *)v);
      num--;
      break;
    case Exception_identity_tag: {
      /* Objects and exception identities (Object_tag): by their id, as OCaml's
       * caml_hash_mix_intnat(h, Oid_val(v)). */
      int64_t d = Int_val(Field(v, 1));
      h = hash_mix(h, (uint32_t)((d >> 32) ^ (d >> 63) ^ d));
      num--;
      break;
    }
    case Double_array_tag:
      for (uint64_t i = 0, len = Wosize_hd(hd); i < len; i++) {
        h = hash_mix_double(h, (uint64_t *)v + i);
        num--;
        if (num <= 0) break;
      }
      break;
    default:
      h = hash_mix(h, (uint32_t)(Wosize_hd(hd) << 10 | Tag_hd(hd)));
      for (uint64_t i = 0, len = Wosize_hd(hd); i < len && wr < sz; i++) queue[wr++] = Field(v, i);
      break;
    }
  }
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return Val_int(h & 0x3FFFFFFFu);
}

value egret_array_length(value a) { return Val_int(Wosize_hd(Hd_val(a))); }

static void check_bound(value a, value i) {
  int64_t n = Int_val(i);
  if (n < 0 || (uint64_t)n >= Wosize_hd(Hd_val(a))) egret_raise_bound_error();
}

/* An element of any array: a float array's is boxed. */
value egret_array_get(value a, value i) {
  if (Tag_hd(Hd_val(a)) == Double_array_tag) return egret_floatarray_get(a, i);
  return egret_addr_array_get(a, i);
}

value egret_array_set(value a, value i, value x) {
  if (Tag_hd(Hd_val(a)) == Double_array_tag) return egret_floatarray_set(a, i, x);
  return egret_addr_array_set(a, i, x);
}

/* Obj.field and Obj.set_field: the generic accesses, always called (typing/externals.rs). */
value egret_obj_field(value a, value i) { return egret_array_get(a, i); }
value egret_obj_set_field(value a, value i, value x) { return egret_array_set(a, i, x); }

/* An array known not to hold floats (ocamlopt's Paddrarray/Pintarray). */
value egret_addr_array_get(value a, value i) {
  check_bound(a, i);
  return Field(a, Int_val(i));
}

value egret_addr_array_set(value a, value i, value x) {
  check_bound(a, i);
  Field(a, Int_val(i)) = x;
  return Val_unit;
}

/* OCaml's caml_floatarray_create (and caml_make_float_vect, the same with flat float arrays):
 * `n` doubles, flat (Double_array_tag), or the empty array (tag 0). OCaml leaves the doubles
 * uninitialised; here they are 0.0. */
value egret_floatarray_create(value n) {
  int64_t len = Int_val(n);
  if (len < 0 || (uint64_t)len > EGRET_MAX_WOSIZE) egret_invalid_argument("Float.Array.create");
  if (len == 0) return (value)egret_alloc(0, 0);
  uint64_t *a = egret_alloc((uint64_t)len, Double_array_tag);
  memset(a, 0, (size_t)len * sizeof(uint64_t));
  return (value)a;
}

/* A `float array`: flat, or the empty array (tag 0, no elements). */
value egret_floatarray_get(value a, value i) {
  check_bound(a, i);
  double d;
  memcpy(&d, (uint64_t *)a + Int_val(i), sizeof d);
  return egret_box_float(d);
}

value egret_floatarray_set(value a, value i, value x) {
  check_bound(a, i);
  memcpy((uint64_t *)a + Int_val(i), (void *)x, sizeof(double));
  return Val_unit;
}

/* A flat float record's field (OCaml's Record_float): the double, boxed. */
value egret_double_field_get(value r, value i) {
  double d;
  memcpy(&d, (uint64_t *)r + Int_val(i), sizeof d);
  return egret_box_float(d);
}

value egret_double_field_set(value r, value i, value x) {
  memcpy((uint64_t *)r + Int_val(i), (void *)x, sizeof(double));
  return Val_unit;
}

/* Sys.argv (`%sys_argv`, OCaml's caml_sys_argv): one array, made at the first use and the
 * same at every later one, so that a program's update of it is seen by every reader. */
static value sys_argv;

value egret_sys_argv(value unit) {
  (void)unit;
  if (sys_argv) return sys_argv;
  value *a = egret_alloc((uint64_t)egret_argc, 0);
  for (int i = 0; i < egret_argc; i++) a[i] = Val_unit;
  for (int i = 0; i < egret_argc; i++) a[i] = egret_string_of_bytes(egret_argv[i], strlen(egret_argv[i]));
  sys_argv = (value)a;
  egret_register_global_root(&sys_argv);
  return sys_argv;
}

value egret_exit(value code) {
  flush_std_channels();
  egret_gc_report();
  exit((int)Int_val(code));
}

/* OCaml's sys_exit: ends the program without flushing the channels (`exit` and the end of
 * the program flush them first, in do_at_exit). */
value egret_sys_exit(value code) {
  egret_gc_report();
  exit((int)Int_val(code));
}

/* ======================================================================================
 * Channels beyond stdout and stderr (after OCaml's io.c): a channel is an int, 0 stdin,
 * 1 stdout, 2 stderr, 3.. the files open_in/open_out opened. An input channel buffers
 * IO_BUFFER_SIZE bytes as OCaml's; reading stdin never flushes stdout (OCaml's read_line
 * flushes it itself). The interpreters' twin is plugin/src/lambda/chan.rs.
 * ====================================================================================== */

/* `offset` is the file position just after the buffer's last byte (OCaml's channel->offset:
 * lseek(fd, 0, SEEK_CUR) when the channel was opened, -1 if the descriptor cannot seek, plus
 * every byte read since). */
struct in_chan {
  int fd;
  size_t curr, max;
  int64_t offset;
  unsigned char buf[IO_BUFFER_SIZE];
};

struct chan_slot {
  int is_out;
  void *p;
};

static struct in_chan egret_stdin = {.fd = 0};
static struct chan_slot *chan_table;
static size_t chan_count, chan_cap;

static void chan_table_init(void) {
  if (chan_table != NULL) return;
  chan_cap = 16;
  chan_table = calloc(chan_cap, sizeof *chan_table);
  if (chan_table == NULL) egret_out_of_memory();
  chan_table[0] = (struct chan_slot){0, &egret_stdin};
  chan_table[1] = (struct chan_slot){1, &egret_stdout};
  chan_table[2] = (struct chan_slot){1, &egret_stderr};
  chan_count = 3;
}

/* The standard channels' offsets, as OCaml's caml_ml_open_descriptor_in/out set them when
 * Stdlib is initialised. */
static void open_std_channels(void) {
  egret_stdin.offset = lseek(0, 0, SEEK_CUR);
  egret_stdout.offset = lseek(1, 0, SEEK_CUR);
  egret_stderr.offset = lseek(2, 0, SEEK_CUR);
}

static struct chan_slot *chan_get(value id) {
  chan_table_init();
  int64_t i = Int_val(id);
  if (i < 0 || (size_t)i >= chan_count) egret_invalid_argument("bad channel");
  return &chan_table[i];
}

static value chan_add(int is_out, void *p) {
  chan_table_init();
  if (chan_count == chan_cap) {
    struct chan_slot *t = realloc(chan_table, 2 * chan_cap * sizeof *t);
    if (t == NULL) egret_out_of_memory();
    chan_table = t;
    chan_cap *= 2;
  }
  chan_table[chan_count] = (struct chan_slot){is_out, p};
  return Val_int((int64_t)chan_count++);
}

/* OCaml's caml_sys_open with open_in's / open_out's flags: Sys_error "NAME: <strerror>". */
static int open_file(value name, int flags) {
  size_t len = egret_string_len(name);
  if (memchr((const char *)name, 0, len) != NULL) egret_sys_error(name, ENOENT);
  int fd = open((const char *)name, flags | O_CLOEXEC, 0666);
  if (fd < 0) egret_sys_error(name, errno);
  return fd;
}

/* caml_ml_open_descriptor_in / _out: a channel on descriptor fd. */
value egret_open_descriptor_in(value fd) {
  struct in_chan *c = malloc(sizeof *c);
  if (c == NULL) egret_out_of_memory();
  c->fd = (int)Int_val(fd);
  c->curr = c->max = 0;
  c->offset = lseek(c->fd, 0, SEEK_CUR);
  return chan_add(0, c);
}

value egret_open_descriptor_out(value fd) {
  struct channel *c = malloc(sizeof *c);
  if (c == NULL) egret_out_of_memory();
  c->fd = (int)Int_val(fd);
  c->pos = 0;
  c->offset = lseek(c->fd, 0, SEEK_CUR);
  return chan_add(1, c);
}

value egret_open_in(value name) {
  return egret_open_descriptor_in(Val_int(open_file(name, O_RDONLY)));
}

value egret_open_out(value name) {
  return egret_open_descriptor_out(Val_int(open_file(name, O_WRONLY | O_CREAT | O_TRUNC)));
}

/* OCaml's caml_sys_open: `flags` is the open_flag list as a bit set (bit i for the i-th
 * constructor of Stdlib.open_flag, made by the prelude), `perm` the permissions; the
 * descriptor, or Sys_error "NAME: <strerror>". */
value egret_sys_open(value name, value flags, value perm) {
  static const int open_flags[] = {O_RDONLY, O_WRONLY, O_APPEND | O_WRONLY,
                                   O_CREAT,  O_TRUNC,  O_EXCL,
                                   0 /* Open_binary */, 0 /* Open_text */, O_NONBLOCK};
  int64_t bits = Int_val(flags);
  int f = 0;
  for (int i = 0; i < 9; i++)
    if (bits & ((int64_t)1 << i)) f |= open_flags[i];
  size_t len = egret_string_len(name);
  if (memchr((const char *)name, 0, len) != NULL) egret_sys_error(name, ENOENT);
  int fd = open((const char *)name, f | O_CLOEXEC, (int)Int_val(perm));
  if (fd < 0) egret_sys_error(name, errno);
  return Val_int(fd);
}

/* OCaml's caml_sys_open (Filename.temp_file): the open_flag list as egret_sys_open's bit set
 * (bit i for the i-th constructor). */
value caml_sys_open(value name, value flags, value perm) {
  int64_t bits = 0;
  for (value l = flags; !Is_int(l); l = ((value *)l)[1]) bits |= (int64_t)1 << Int_val(((value *)l)[0]);
  return egret_sys_open(name, Val_int(bits), perm);
}

/* OCaml's caml_sys_close. */
value egret_sys_close(value fd) {
  close((int)Int_val(fd));
  return Val_unit;
}

/* caml_ml_close_channel: the descriptor is closed; later reads and writes fail. */
value egret_close_channel(value id) {
  struct chan_slot *s = chan_get(id);
  int fd;
  if (s->is_out) {
    struct channel *c = s->p;
    fd = c->fd;
    c->fd = -1;
    c->pos = 0;
  } else {
    struct in_chan *c = s->p;
    fd = c->fd;
    c->fd = -1;
    c->curr = c->max = 0;
  }
  if (fd != -1 && close(fd) != 0) raise_sys_error(errno);
  return Val_unit;
}

static struct in_chan *in_get(value id) {
  struct chan_slot *s = chan_get(id);
  if (s->is_out) raise_sys_error(EBADF);
  return s->p;
}

/* caml_read_fd: Sys_error on an error other than EINTR. */
static size_t read_fd(int fd, unsigned char *p, size_t n) {
  for (;;) {
    ssize_t r = read(fd, p, n);
    if (r >= 0) return (size_t)r;
    if (errno != EINTR) raise_sys_error(errno);
    /* OCaml's caml_read_fd returns Io_interrupted and the channel runs the handlers. */
    egret_process_pending_signals();
  }
}

/* caml_refill: the buffer anew, or 0 bytes at the end of the input. */
static size_t in_refill(struct in_chan *c) {
  size_t n = read_fd(c->fd, c->buf, IO_BUFFER_SIZE);
  c->offset += (int64_t)n;
  c->curr = 0;
  c->max = n;
  return n;
}

value egret_input_char(value id) {
  struct in_chan *c = in_get(id);
  if (c->curr >= c->max && in_refill(c) == 0) return Val_int(-1);
  return Val_int(c->buf[c->curr++]);
}

/* caml_ml_input: at most n bytes, what is buffered or one read. */
value egret_input(value id, value n) {
  struct in_chan *c = in_get(id);
  size_t want = (size_t)Int_val(n);
  size_t avail = c->max - c->curr;
  if (avail == 0 && want > 0) avail = in_refill(c);
  size_t k = want < avail ? want : avail;
  value s = egret_alloc_string(k);
  memcpy((unsigned char *)s, c->buf + c->curr, k);
  c->curr += k;
  return s;
}

/* OCaml's caml_md5_chan: the digest of the next `len` bytes of the channel (End_of_file if it
 * has fewer), or of all the bytes up to its end when `len` is negative. */
value caml_md5_chan(value id, value len) {
  struct in_chan *c = in_get(id);
  int64_t want = Int_val(len);
  size_t cap = 4096, n = 0;
  unsigned char *data = malloc(cap);
  if (data == NULL) egret_raise_out_of_memory();
  while (want < 0 || (int64_t)n < want) {
    if (c->curr == c->max && in_refill(c) == 0) {
      if (want < 0) break;
      free(data);
      raise_constant(egret_exn_End_of_file, "End_of_file");
    }
    size_t k = c->max - c->curr;
    if (want >= 0 && (int64_t)k > want - (int64_t)n) k = (size_t)(want - (int64_t)n);
    if (n + k > cap) {
      while (n + k > cap) cap *= 2;
      unsigned char *bigger = realloc(data, cap);
      if (bigger == NULL) {
        free(data);
        egret_raise_out_of_memory();
      }
      data = bigger;
    }
    memcpy(data + n, c->buf + c->curr, k);
    c->curr += k;
    n += k;
  }
  unsigned char digest[16];
  egret_md5_buffer(data, n, digest);
  free(data);
  return egret_string_of_bytes((const char *)digest, 16);
}

void egret_raise_end_of_file(void) { raise_constant(egret_exn_End_of_file, "End_of_file"); }

/* OCaml's caml_really_getblock: up to `n` bytes of the channel into `p`, fewer only at the end
 * of the input; the number read. */
size_t egret_channel_read(value id, unsigned char *p, size_t n) {
  struct in_chan *c = in_get(id);
  size_t done = 0;
  while (done < n) {
    if (c->curr == c->max && in_refill(c) == 0) break;
    size_t k = c->max - c->curr;
    if (k > n - done) k = n - done;
    memcpy(p + done, c->buf + c->curr, k);
    c->curr += k;
    done += k;
  }
  return done;
}

/* caml_ml_input_scan_line. */
value egret_input_scan_line(value id) {
  struct in_chan *c = in_get(id);
  size_t p = c->curr;
  do {
    if (p >= c->max) {
      if (c->curr > 0) {
        memmove(c->buf, c->buf + c->curr, c->max - c->curr);
        p -= c->curr;
        c->max -= c->curr;
        c->curr = 0;
      }
      if (c->max >= IO_BUFFER_SIZE) return Val_int(-(int64_t)(c->max - c->curr));
      size_t n = read_fd(c->fd, c->buf + c->max, IO_BUFFER_SIZE - c->max);
      if (n == 0) return Val_int(-(int64_t)(c->max - c->curr));
      c->offset += (int64_t)n;
      c->max += n;
    }
  } while (c->buf[p++] != '\n');
  return Val_int((int64_t)(p - c->curr));
}

/* OCaml's caml_channel_size: the file's size, leaving the descriptor at the channel's offset
 * (Sys_error "Illegal seek" on a pipe). */
static value channel_size(int fd, int64_t offset) {
  off_t here = offset;
  if (here == -1) {
    here = lseek(fd, 0, SEEK_CUR);
    if (here == -1) raise_sys_error(errno);
  }
  off_t end = lseek(fd, 0, SEEK_END);
  if (end == -1 || lseek(fd, here, SEEK_SET) != here) raise_sys_error(errno);
  return Val_int((int64_t)end);
}

/* caml_ml_channel_size. */
value egret_in_channel_length(value id) {
  struct in_chan *c = in_get(id);
  return channel_size(c->fd, c->offset);
}

/* caml_ml_pos_in: the offset of the next byte to read. */
value egret_pos_in(value id) {
  struct in_chan *c = in_get(id);
  return Val_int(c->offset - (int64_t)(c->max - c->curr));
}

/* caml_ml_seek_in: within the buffer, only moves in it; else lseek and empty the buffer
 * (Sys_error with strerror's text when lseek fails). */
value egret_seek_in(value id, value pos) {
  struct in_chan *c = in_get(id);
  int64_t dest = Int_val(pos);
  if (dest >= c->offset - (int64_t)c->max && dest <= c->offset) {
    c->curr = c->max - (size_t)(c->offset - dest);
  } else {
    if (lseek(c->fd, dest, SEEK_SET) != dest) raise_sys_error(errno);
    c->offset = dest;
    c->curr = c->max = 0;
  }
  return Val_unit;
}

static struct channel *out_get(value id) {
  struct chan_slot *s = chan_get(id);
  if (!s->is_out) raise_sys_error(EBADF);
  return s->p;
}

value egret_output_string(value id, value s) {
  channel_write_string(out_get(id), s);
  return Val_unit;
}

/* caml_ml_channel_size of an out channel: the file's size as written so far (the buffered
 * bytes not counted). */
value egret_out_channel_length(value id) {
  struct channel *c = out_get(id);
  return channel_size(c->fd, c->offset);
}

/* caml_ml_pos_out: where the next byte written will go. */
value egret_pos_out(value id) {
  struct channel *c = out_get(id);
  return Val_int(c->offset + (int64_t)c->pos);
}

/* caml_ml_seek_out: flush, then lseek. */
value egret_seek_out(value id, value pos) {
  struct channel *c = out_get(id);
  int64_t dest = Int_val(pos);
  channel_flush(c);
  if (lseek(c->fd, dest, SEEK_SET) != dest) raise_sys_error(errno);
  c->offset = dest;
  return Val_unit;
}

/* The opened files' part of flush_all: errors ignored (OCaml's `with Sys_error _ -> ()`). */
value egret_flush_all(value unit) {
  (void)unit;
  chan_table_init();
  for (size_t i = 3; i < chan_count; i++) {
    if (!chan_table[i].is_out) continue;
    struct channel *c = chan_table[i].p;
    if (c->fd != -1) channel_flush_quietly(c);
  }
  return Val_unit;
}

value egret_flush(value channel) {
  int64_t i = Int_val(channel);
  if (i == 1 || i == 2) {
    channel_flush(i == 2 ? &egret_stderr : &egret_stdout);
    return Val_unit;
  }
  struct channel *c = out_get(channel);
  if (c->pos > 0 && c->fd == -1) raise_sys_error(EBADF);
  channel_flush(c);
  return Val_unit;
}

value egret_opaque_identity(value x) { return x; }

/* ======================================================================================
 * Printf conversions. `spec` is the conversion as written (`%-5d`, `%08x`, `%s`); the
 * result is a fresh string. Ints are 63-bit: %u %x %X %o print the 63-bit two's complement.
 * ====================================================================================== */

/* Copies the flags and width of `spec` (without the conversion letter) into `out`. */
static size_t spec_prefix(value spec, char *out, size_t cap) {
  size_t n = egret_string_len(spec);
  if (n < 2) n = 2;
  size_t k = n - 1 < cap - 1 ? n - 1 : cap - 1;
  memcpy(out, (char *)spec, k);
  out[k] = 0;
  return k;
}

/* OCaml's `%#d`: the decimal digits of `s` grouped by threes with underscores
 * (CamlinternalFormat.transform_int_alt). `out` has room for `len + len / 3` bytes. */
static size_t group_digits(const char *s, size_t len, char *out) {
  size_t digits = 0, k = 0;
  for (size_t i = 0; i < len; i++) digits += s[i] >= '0' && s[i] <= '9';
  size_t left = digits == 0 ? 0 : (digits - 1) % 3 + 1;
  for (size_t i = 0; i < len; i++) {
    if (s[i] >= '0' && s[i] <= '9') {
      if (left == 0) { out[k++] = '_'; left = 3; }
      left--;
    }
    out[k++] = s[i];
  }
  return k;
}

/* Pads `s` to the spec's width as OCaml's fix_padding does: `-` pads on the right with spaces;
 * `0` (when `zeros_ok`, for numbers) puts zeros after a leading sign; otherwise spaces on the
 * left. */
static value pad_to_width(value spec, const char *s, size_t len, int zeros_ok) {
  const char *p = (const char *)spec + 1;
  size_t n = egret_string_len(spec) - 1;
  int left = 0, zeros = 0;
  size_t i = 0, width = 0;
  while (i < n && (p[i] == '-' || p[i] == '0' || p[i] == '+' || p[i] == ' ' || p[i] == '#')) {
    if (p[i] == '-') left = 1;
    if (p[i] == '0') zeros = zeros_ok;
    i++;
  }
  while (i < n && p[i] >= '0' && p[i] <= '9') width = width * 10 + (size_t)(p[i++] - '0');
  if (width <= len) return egret_string_of_bytes(s, len);
  value r = egret_alloc_string(width);
  char *d = (char *)r;
  if (left) {
    memcpy(d, s, len);
    memset(d + len, ' ', width - len);
  } else if (zeros) {
    size_t sign = s[0] == '-';
    memcpy(d, s, sign);
    memset(d + sign, '0', width - len);
    memcpy(d + sign + (width - len), s + sign, len - sign);
  } else {
    memset(d, ' ', width - len);
    memcpy(d + (width - len), s, len);
  }
  return r;
}

/* `%#d`: the digits grouped, then padded. */
static value format_int_grouped(value spec, long n, unsigned long un, int is_unsigned) {
  char plain[32], grouped[48];
  int plen = is_unsigned ? snprintf(plain, sizeof plain, "%lu", un) : snprintf(plain, sizeof plain, "%ld", n);
  size_t len = group_digits(plain, (size_t)plen, grouped);
  return pad_to_width(spec, grouped, len, 1);
}

value egret_format_int(value spec, value n) {
  return egret_format_integer(spec, Int_val(n), (uint64_t)(n >> 1) & 0x7fffffffffffffffUL);
}

/* An integer of any width (boxed integers too, egret_boxint.c): `n` its value, `unsigned_bits`
 * what %u %x %X %o show. */
value egret_format_integer(value spec, int64_t n, uint64_t unsigned_bits) {
  char fmt[64];
  size_t k = spec_prefix(spec, fmt, sizeof fmt - 4);
  char conv = ((char *)spec)[egret_string_len(spec) - 1];
  int decimal = conv == 'd' || conv == 'i';
  /* `#` groups decimal digits (`%#u` too) unless `+` or ` ` chose another conversion, as in
   * OCaml. */
  if ((decimal || conv == 'u') && strchr(fmt, '#') && !strchr(fmt, '+') && !strchr(fmt, ' '))
    return format_int_grouped(spec, (long)n, (unsigned long)unsigned_bits, conv == 'u');
  /* A precision is a minimum number of digits (OCaml's fix_int_precision), so `%.0d` of 0 is
   * "0" where C's printf gives "": a precision of 0 is one of 1. */
  char *dot = strchr(fmt, '.');
  if (dot != NULL && strspn(dot + 1, "0") == strlen(dot + 1)) {
    dot[1] = '1';
    k = (size_t)(dot + 2 - fmt);
  }
  fmt[k] = 'l'; fmt[k + 1] = decimal ? 'd' : conv; fmt[k + 2] = 0;
  long sv = (long)n;
  unsigned long uv = (unsigned long)unsigned_bits;
  int len = decimal ? snprintf(NULL, 0, fmt, sv) : snprintf(NULL, 0, fmt, uv);
  if (len < 0) len = 0;
  value r = egret_alloc_string((size_t)len);
  /* snprintf writes a terminating NUL: format into a scratch buffer of len + 1 bytes (on the
   * stack unless the width is large). */
  char small[128];
  char *tmp = (size_t)len < sizeof small ? small : malloc((size_t)len + 1);
  if (decimal) snprintf(tmp, (size_t)len + 1, fmt, sv); else snprintf(tmp, (size_t)len + 1, fmt, uv);
  memcpy((char *)r, tmp, (size_t)len);
  if (tmp != small) free(tmp);
  return r;
}

value egret_format_string(value spec, value s) { return pad_to_width(spec, (char *)s, egret_string_len(s), 0); }

/* OCaml's %c ignores flags and width. */
value egret_format_char(value spec, value c) {
  (void)spec;
  char ch = (char)Int_val(c);
  return egret_string_of_bytes(&ch, 1);
}

/* ======================================================================================
 * Start-up: the program stack and its guard.
 *
 * The program runs on a 1 GiB reservation (MAP_NORESERVE: pages are committed when touched),
 * so deep non-tail recursion works far beyond the usual 8 MiB. Under a limit on the address
 * space (`ulimit -v`, RLIMIT_AS) the reservation is at most a quarter of it, and if the system
 * refuses, half as much again, down to MIN_STACK_BYTES: deep recursion then ends sooner, with
 * Stack_overflow. The lowest GUARD_BYTES are
 * PROT_NONE; a SIGSEGV whose address falls there is a stack overflow. The guard is larger than
 * a page because frames of C code called on this stack may skip a single page.
 * ====================================================================================== */

#define STACK_BYTES ((size_t)1 << 30)
#define MIN_STACK_BYTES ((size_t)8 << 20)
#define GUARD_BYTES EGRET_STACK_GUARD_BYTES
#define ALT_STACK_BYTES ((size_t)1 << 16)

char *egret_stack_low;  /* lowest address of the reservation (start of the guard) */
char *egret_stack_high; /* one past the highest address */
#define stack_low egret_stack_low
#define stack_high egret_stack_high
static char alt_stack[ALT_STACK_BYTES] __attribute__((aligned(16)));

static void segv_handler(int sig, siginfo_t *info, void *context) {
  (void)context;
  char *addr = info->si_addr;
  if (addr >= stack_low && addr < stack_low + GUARD_BYTES) {
    /* Raise Stack_overflow on the program stack's innermost handler (leaving this signal
     * frame on the alternate stack behind), or die with OCaml's message. */
    if (current_handler != NULL) {
      sigset_t set;
      sigemptyset(&set);
      sigaddset(&set, SIGSEGV);
      sigaddset(&set, SIGBUS);
      sigprocmask(SIG_UNBLOCK, &set, NULL);
      egret_raise_stack_overflow();
    }
    egret_fatal_uncaught("Stack_overflow");
  }
  /* Not ours: die of the signal as if there were no handler. */
  signal(sig, SIG_DFL);
  raise(sig);
}

/* The reservation to try first: STACK_BYTES, or a quarter of the address-space limit. */
static size_t stack_bytes_wanted(void) {
  size_t bytes = STACK_BYTES;
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      limit.rlim_cur / 4 < bytes)
    bytes = (size_t)limit.rlim_cur / 4;
  bytes &= ~(size_t)0xfff;
  return bytes < MIN_STACK_BYTES ? MIN_STACK_BYTES : bytes;
}

static void install_stack(void) {
  size_t bytes = stack_bytes_wanted();
  char *base = MAP_FAILED;
  for (;;) {
    base = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                -1, 0);
    if (base != MAP_FAILED || bytes / 2 < MIN_STACK_BYTES) break;
    bytes = (bytes / 2) & ~(size_t)0xfff;
  }
  if (base == MAP_FAILED) {
    static const char msg[] = "Fatal error: cannot reserve the program stack\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(2);
  }
  if (mprotect(base, GUARD_BYTES, PROT_NONE) != 0) {
    static const char msg[] = "Fatal error: cannot protect the stack guard\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(2);
  }
  stack_low = base;
  stack_high = base + bytes;

  stack_t ss;
  memset(&ss, 0, sizeof ss);
  ss.ss_sp = alt_stack;
  ss.ss_size = sizeof alt_stack;
  sigaltstack(&ss, NULL);

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = segv_handler;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, NULL);
  sigaction(SIGBUS, &sa, NULL);
}

/* egret_call_on_stack(top, f): calls f() with the stack pointer at `top` (16-byte aligned),
 * and returns on the original stack. The CFI lets debuggers walk from the program stack back
 * into main. */
void egret_call_on_stack(void *top, void (*f)(void));

#if defined(__x86_64__)
__asm__(".text\n"
        ".p2align 4\n"
        ".globl egret_call_on_stack\n"
        ".hidden egret_call_on_stack\n"
        ".type egret_call_on_stack, @function\n"
        "egret_call_on_stack:\n"
        ".cfi_startproc\n"
        "  pushq %rbp\n"
        ".cfi_def_cfa_offset 16\n"
        ".cfi_offset %rbp, -16\n"
        "  movq %rsp, %rbp\n"
        ".cfi_def_cfa_register %rbp\n"
        "  movq %rdi, %rsp\n"
        "  callq *%rsi\n"
        "  movq %rbp, %rsp\n"
        "  popq %rbp\n"
        ".cfi_def_cfa %rsp, 8\n"
        "  ret\n"
        ".cfi_endproc\n"
        ".size egret_call_on_stack, .-egret_call_on_stack\n");
#elif defined(__aarch64__)
__asm__(".text\n"
        ".p2align 4\n"
        ".globl egret_call_on_stack\n"
        ".hidden egret_call_on_stack\n"
        ".type egret_call_on_stack, %function\n"
        "egret_call_on_stack:\n"
        ".cfi_startproc\n"
        "  stp x29, x30, [sp, #-16]!\n"
        ".cfi_def_cfa_offset 16\n"
        ".cfi_offset x29, -16\n"
        ".cfi_offset x30, -8\n"
        "  mov x29, sp\n"
        ".cfi_def_cfa_register x29\n"
        "  mov sp, x0\n"
        "  blr x1\n"
        "  mov sp, x29\n"
        "  ldp x29, x30, [sp], #16\n"
        ".cfi_def_cfa sp, 0\n"
        ".cfi_restore x29\n"
        ".cfi_restore x30\n"
        "  ret\n"
        ".cfi_endproc\n"
        ".size egret_call_on_stack, .-egret_call_on_stack\n");
#else
static ucontext_t main_context;
static ucontext_t program_context;

void egret_call_on_stack(void *top, void (*f)(void)) {
  getcontext(&program_context);
  program_context.uc_stack.ss_sp = stack_low + GUARD_BYTES;
  program_context.uc_stack.ss_size = (size_t)((char *)top - (stack_low + GUARD_BYTES));
  program_context.uc_link = &main_context;
  makecontext(&program_context, f, 0);
  swapcontext(&main_context, &program_context);
}
#endif

/* Start-up, shared by an executable's `main` (egret_start.c) and the embedding API's
 * `caml_startup` (egret_embed.c): records the command line, reserves the program stack and
 * runs the program on it, then flushes stdout and stderr. */
void egret_start_program(int argc, char **argv) {
  egret_argc = argc;
  egret_argv = argv;
  egret_backtrace_init();
  open_std_channels();
  install_stack();
  egret_enter_program_stack(egret_main);
  flush_std_channels();
}

/* Calls f() on the program stack: at its top when called from C code (egret_c_stack_sp then
 * marks the C stack's live part for the collector, see egret_runtime.h), directly when
 * already on it. */
void __attribute__((noinline)) egret_enter_program_stack(void (*f)(void)) {
  volatile char marker = 0;
  if ((char *)&marker >= stack_low && (char *)&marker < stack_high) {
    f();
    return;
  }
  char *saved = egret_c_stack_sp;
  egret_c_stack_sp = (char *)&marker;
  egret_call_on_stack(stack_high, f);
  egret_c_stack_sp = saved;
  (void)marker;
}
