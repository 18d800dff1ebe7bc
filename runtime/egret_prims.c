/* OCaml's C primitives that the standard library's `external` declarations name, beyond the
 * collector's (egret_gc.c): the Obj module's and the Sys module's (with Random's seed), after
 * OCaml 4.13's runtime/obj.c and runtime/sys.c.
 *
 * Every primitive takes and returns values (the `value` ABI of egret_runtime.h). A primitive
 * that allocates calls egret_alloc, which may collect: the collector finds the arguments and
 * locals held on the C stack or in registers (conservative roots), so no registration is
 * needed, but a block must be fully initialised before the next allocation. */
#define _GNU_SOURCE
#include "egret_runtime.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define No_scan_tag 251
#define Custom_tag 255

/* Obj.tag: the block's tag, 1000 for an int, 1002 for an unaligned pointer (OCaml's
 * Int_tag and Unaligned_tag). Every aligned value egret builds is a block with a header, in
 * the heap or in static data (OCaml's Out_of_heap_tag, 1001, never occurs). */
value caml_obj_tag(value v) {
  if (v & 1) return Val_int(1000);
  if (v & 7) return Val_int(1002);
  return Val_int(Tag_hd(Hd_val(v)));
}

/* Obj.is_int (%obj_is_int). */
value egret_obj_is_int(value v) { return (v & 1) ? Val_true : Val_false; }

/* Obj.new_block tag size: a block whose fields are () (below No_scan_tag) or zero bytes;
 * a string must have a word (its last byte is the padding count), and custom blocks, which
 * need their operations table, are refused, as OCaml does. */
value caml_obj_block(value tag, value size) {
  int64_t sz = Int_val(size), tg = Int_val(tag);
  if (sz < 0 || (uint64_t)sz > EGRET_MAX_WOSIZE) egret_invalid_argument("Obj.new_block");
  tg &= 0xff;
  if (tg == Custom_tag || (tg == String_tag && sz == 0) || (tg == Closure_tag && sz < 2))
    egret_invalid_argument("Obj.new_block");
  uint64_t *b = egret_alloc((uint64_t)sz, (uint64_t)tg);
  if (sz == 0) return (value)b;
  /* A closure's field 0 is a code pointer (never scanned), field 1 its arity. */
  uint64_t fill = tg < No_scan_tag ? Val_unit : 0;
  for (int64_t i = 0; i < sz; i++) b[i] = fill;
  return (value)b;
}

/* Obj.with_tag tag v: a copy of block v with another tag (the atom of that tag if v has no
 * fields). */
value caml_obj_with_tag(value tag, value v) {
  uint64_t sz = Wosize_hd(Hd_val(v));
  uint64_t tg = (uint64_t)Int_val(tag) & 0xff;
  uint64_t *b = egret_alloc(sz, tg);
  if (sz > 0) memcpy(b, (const void *)v, sz * sizeof(uint64_t));
  return (value)b;
}

/* Obj.dup v: a copy of block v (a string's bytes included). */
value caml_obj_dup(value v) { return caml_obj_with_tag(Val_int(Tag_hd(Hd_val(v))), v); }

/* Obj.set_tag v tag (deprecated in OCaml 4.13, still there): the block's tag, in place. */
value caml_obj_set_tag(value v, value tag) {
  Hd_val(v) = (Hd_val(v) & ~(uint64_t)0xff) | ((uint64_t)Int_val(tag) & 0xff);
  return Val_unit;
}

/* Obj.raw_field v i: field i's word, as a nativeint (not checked, as OCaml's). */
value caml_obj_raw_field(value v, value i) {
  return egret_copy_nativeint(((const int64_t *)v)[Int_val(i)]);
}

/* Obj.set_raw_field v i n: field i's word becomes n's payload (word 1 of the custom block). */
value caml_obj_set_raw_field(value v, value i, value n) {
  ((int64_t *)v)[Int_val(i)] = ((const int64_t *)n)[1];
  return Val_unit;
}

/* Lazy values (camlinternalLazy.ml): a block of Lazy_tag holds the delayed closure; forcing
 * turns it in place into a block of Forward_tag holding the value. The collector is
 * non-moving and needs no write barrier, and it does not short-circuit forward blocks: a
 * forced value stays behind its forward block, which Lazy.force, compare and hash follow. */
value caml_obj_make_forward(value blk, value fwd) {
  ((value *)blk)[0] = fwd;
  Hd_val(blk) = (Hd_val(blk) & ~(uint64_t)0xff) | Forward_tag;
  return Val_unit;
}

/* Lazy.from_val of a value that could be taken for a lazy block (a float, a lazy or forward
 * block): a fresh forward block holding it. */
value caml_lazy_make_forward(value v) {
  uint64_t *b = egret_alloc(1, Forward_tag);
  b[0] = v;
  return (value)b;
}

/* ---- Sys (OCaml's runtime/sys.c) ----
 * A file name must be a C string: one holding a NUL byte names no file (OCaml's
 * caml_string_is_c_safe; egret's strings, as OCaml's, end with a NUL byte in their padding).
 * A failing system call raises Sys_error "NAME: <strerror>", as caml_sys_error does. */

static int c_safe(value s) { return memchr((const char *)s, 0, egret_string_len(s)) == NULL; }

static void check_path(value name) {
  if (!c_safe(name)) egret_sys_error(name, ENOENT);
}

value caml_sys_getenv(value var) {
  if (!c_safe(var)) egret_raise_not_found();
  const char *v = getenv((const char *)var);
  if (v == NULL) egret_raise_not_found();
  return egret_string_of_bytes(v, strlen(v));
}

value caml_sys_file_exists(value name) {
  struct stat st;
  if (!c_safe(name)) return Val_false;
  return stat((const char *)name, &st) == 0 ? Val_true : Val_false;
}

value caml_sys_is_directory(value name) {
  struct stat st;
  check_path(name);
  if (stat((const char *)name, &st) == -1) egret_sys_error(name, errno);
  return S_ISDIR(st.st_mode) ? Val_true : Val_false;
}

value caml_sys_remove(value name) {
  check_path(name);
  if (unlink((const char *)name) == -1) egret_sys_error(name, errno);
  return Val_unit;
}

value caml_sys_rename(value from, value to) {
  check_path(from);
  check_path(to);
  if (rename((const char *)from, (const char *)to) == -1) egret_sys_error(0, errno);
  return Val_unit;
}

value caml_sys_chdir(value dir) {
  check_path(dir);
  if (chdir((const char *)dir) == -1) egret_sys_error(dir, errno);
  return Val_unit;
}

value caml_sys_getcwd(value unit) {
  (void)unit;
  char buf[4096];
  if (getcwd(buf, sizeof buf) == NULL) egret_sys_error(0, errno);
  return egret_string_of_bytes(buf, strlen(buf));
}

value caml_sys_mkdir(value path, value perm) {
  check_path(path);
  if (mkdir((const char *)path, (mode_t)Int_val(perm)) == -1) egret_sys_error(path, errno);
  return Val_unit;
}

value caml_sys_rmdir(value path) {
  check_path(path);
  if (rmdir((const char *)path) == -1) egret_sys_error(path, errno);
  return Val_unit;
}

/* Sys.command: the shell's exit status, 255 when the command did not exit normally. OCaml's
 * buffered output is not flushed first (as with ocamlopt). */
value caml_sys_system_command(value command) {
  if (!c_safe(command)) egret_sys_error(command, EINVAL);
  int status = system((const char *)command);
  if (status == -1) egret_sys_error(command, errno);
  return Val_int(WIFEXITED(status) ? WEXITSTATUS(status) : 255);
}

/* Sys.readdir: the entries but . and .., in the order the system lists them. */
value caml_sys_read_directory(value path) {
  check_path(path);
  DIR *d = opendir((const char *)path);
  if (d == NULL) egret_sys_error(path, errno);
  size_t n = 0, cap = 16;
  char **names = malloc(cap * sizeof *names);
  if (names == NULL) egret_out_of_memory();
  struct dirent *e;
  errno = 0;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    if (n == cap) {
      cap *= 2;
      char **grown = realloc(names, cap * sizeof *names);
      if (grown == NULL) egret_out_of_memory();
      names = grown;
    }
    names[n] = strdup(e->d_name);
    if (names[n] == NULL) egret_out_of_memory();
    n++;
  }
  int err = errno;
  closedir(d);
  if (err != 0) {
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    egret_sys_error(path, err);
  }
  uint64_t *a = egret_alloc(n, 0);
  for (size_t i = 0; i < n; i++) a[i] = Val_unit;
  for (size_t i = 0; i < n; i++) {
    a[i] = egret_string_of_bytes(names[i], strlen(names[i]));
    free(names[i]);
  }
  free(names);
  return (value)a;
}

/* Sys.time: the processor time the program has used, user and system, in seconds (OCaml's
 * caml_sys_time, with getrusage). */
value egret_box_float(double d); /* egret_float.c */

value caml_sys_time(value unit) {
  (void)unit;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return egret_box_float((double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                         (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6);
}

/* Random.self_init's seed (OCaml's caml_sys_random_seed): up to 12 bytes of /dev/urandom,
 * last byte first, one int each; if fewer than 12 could be read, the time (microseconds,
 * seconds) and the process ids complete them. */
value caml_sys_random_seed(value unit) {
  (void)unit;
  int64_t data[16];
  int n = 0;
  int fd = open("/dev/urandom", O_RDONLY, 0);
  if (fd != -1) {
    unsigned char buffer[12];
    ssize_t nread = read(fd, buffer, 12);
    close(fd);
    while (nread > 0) data[n++] = buffer[--nread];
  }
  if (n < 12) {
    struct timeval tv;
    gettimeofday(&tv, NULL);
    data[n++] = tv.tv_usec;
    data[n++] = tv.tv_sec;
    data[n++] = getpid();
    data[n++] = getppid();
  }
  uint64_t *a = egret_alloc((uint64_t)n, 0);
  for (int i = 0; i < n; i++) a[i] = Val_int(data[i]);
  return (value)a;
}

/* ---- Callback (OCaml's runtime/callback.c) ----
 * Callback.register keeps a value under a name for C code to find (caml_named_value). The
 * table's cells are roots of the collector, so a registered value stays alive, as in OCaml.
 * A name registered again gets the new value. */

struct named_value {
  struct named_value *next;
  value v;
  size_t len;
  char name[];
};
static struct named_value *named_values;

value caml_register_named_value(value name, value v) {
  size_t len = egret_string_len(name);
  for (struct named_value *n = named_values; n != NULL; n = n->next)
    if (n->len == len && memcmp(n->name, (const char *)name, len) == 0) {
      n->v = v;
      return Val_unit;
    }
  struct named_value *n = malloc(sizeof *n + len + 1);
  if (n == NULL) egret_out_of_memory();
  memcpy(n->name, (const char *)name, len);
  n->name[len] = 0;
  n->len = len;
  n->v = v;
  n->next = named_values;
  named_values = n;
  egret_register_global_root(&n->v);
  return Val_unit;
}

/* The value registered under the OCaml string `name`, as an option: what the program's
 * uncaught-exception handler asks for "Printexc.handle_uncaught_exception" (OCaml's
 * caml_fatal_uncaught_exception, which C code does with caml_named_value). */
value egret_named_value(value name) {
  size_t len = egret_string_len(name);
  for (struct named_value *n = named_values; n != NULL; n = n->next)
    if (n->len == len && memcmp(n->name, (const char *)name, len) == 0) {
      value *some = egret_alloc(1, 0);
      some[0] = n->v;
      return (value)some;
    }
  return Val_int(0);
}

/* OCaml's C API: the value registered under `name`, or NULL. */
const value *caml_named_value(const char *name) {
  size_t len = strlen(name);
  for (struct named_value *n = named_values; n != NULL; n = n->next)
    if (n->len == len && memcmp(n->name, name, len) == 0) return &n->v;
  return NULL;
}

/* Sys.executable_name (caml_sys_executable_name): on Linux, /proc/self/exe (OCaml's
 * caml_executable_name), else argv[0] as given. */
value caml_sys_executable_name(value unit) {
  (void)unit;
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf);
  if (n > 0 && (size_t)n < sizeof buf) {
    struct stat st;
    buf[n] = 0;
    if (stat(buf, &st) == 0 && S_ISREG(st.st_mode)) return egret_string_of_bytes(buf, (size_t)n);
  }
  const char *a = egret_argc > 0 ? egret_argv[0] : "";
  return egret_string_of_bytes(a, strlen(a));
}

/* Sys's configuration (OCaml's caml_sys_get_config): the OS type, the word size in bits,
 * whether the machine is big-endian. */
value caml_sys_get_config(value unit) {
  (void)unit;
  value os = egret_string_of_bytes("Unix", 4);
  uint64_t *r = egret_alloc(3, 0);
  r[0] = os;
  r[1] = Val_int(64);
  r[2] = Val_false;
  return (value)r;
}

/* Sys.runtime_variant: "" (OCaml's normal runtime; "d" and "i" are its debug and
 * instrumented ones). */
value caml_runtime_variant(value unit) {
  (void)unit;
  return egret_string_of_bytes("", 0);
}

/* ======================================================================================
 * Signals (Sys.signal), after OCaml 4.13's signals.c and signals_nat.c. A signal with an
 * OCaml handler (Signal_handle f) is recorded as pending by the C handler, which also sets
 * egret_young_limit to NULL so that the next allocation takes the slow path; egret_alloc
 * then runs the handlers (egret_process_pending_signals) before allocating, as OCaml's
 * native code does at its allocation points (4.13 has no other polling), and so do the
 * channels' reads and writes interrupted by a signal (EINTR). A handler is called through
 * the program's C-ABI entry egret_callback1 (plugin/src/ssa/callbacks.rs), which the SSA
 * lowering adds to every program that installs a handler; its exception propagates from the
 * allocation (or the read) that ran it.
 * ====================================================================================== */

#include <signal.h>

/* OCaml's signal numbers are negative: -1 is Sys.sigabrt ... -28 Sys.sigxfsz. */
static const int posix_signals[] = {
    SIGABRT, SIGALRM, SIGFPE,  SIGHUP,  SIGILL,  SIGINT,  SIGKILL,   SIGPIPE, SIGQUIT, SIGSEGV,
    SIGTERM, SIGUSR1, SIGUSR2, SIGCHLD, SIGCONT, SIGSTOP, SIGTSTP,   SIGTTIN, SIGTTOU, SIGVTALRM,
    SIGPROF, SIGBUS,  SIGPOLL, SIGSYS,  SIGTRAP, SIGURG,  SIGXCPU,   SIGXFSZ};
#define POSIX_SIGNALS (int)(sizeof posix_signals / sizeof posix_signals[0])

int egret_convert_signal_number(int64_t signo) {
  if (signo < 0 && signo >= -POSIX_SIGNALS) return posix_signals[-signo - 1];
  return (int)signo;
}

int64_t egret_rev_convert_signal_number(int signo) {
  for (int i = 0; i < POSIX_SIGNALS; i++)
    if (signo == posix_signals[i]) return -i - 1;
  return signo;
}

/* The OCaml handler of each signal (a GC root once there is one). */
static value signal_handlers[NSIG];
static int signal_handlers_registered;
static volatile sig_atomic_t signals_pending[NSIG];
volatile int egret_signals_are_pending;

static void handle_signal(int signo) {
  int saved_errno = errno;
  signals_pending[signo] = 1;
  egret_signals_are_pending = 1;
  egret_young_limit = NULL;
  errno = saved_errno;
}

/* OCaml's caml_set_signal_action: 0 default, 1 ignore, 2 handle; the previous action, or -1
 * on an error. */
static int set_signal_action(int signo, int action) {
  struct sigaction sa, old;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  sa.sa_handler = action == 0 ? SIG_DFL : action == 1 ? SIG_IGN : handle_signal;
  if (sigaction(signo, &sa, &old) == -1) return -1;
  if (old.sa_handler == handle_signal) return 2;
  if (old.sa_handler == SIG_IGN) return 1;
  return 0;
}

/* Sys.signal: the behaviour's constant constructors are 0 (Signal_default) and 1
 * (Signal_ignore); Signal_handle f is a block [f]. */
value caml_install_signal_handler(value signal_number, value action) {
  int signo = egret_convert_signal_number(Int_val(signal_number));
  if (signo <= 0 || signo >= NSIG) egret_invalid_argument("Sys.signal: unavailable signal");
  int act = action == Val_int(0) ? 0 : action == Val_int(1) ? 1 : 2;
  if (act == 2 && egret_callback1 == NULL)
    egret_invalid_argument("Sys.signal: the program was built without signal handlers");
  int oldact = set_signal_action(signo, act);
  value res;
  switch (oldact) {
  case 0: res = Val_int(0); break;
  case 1: res = Val_int(1); break;
  case 2: {
    value *b = egret_alloc(1, 0);
    b[0] = signal_handlers[signo];
    res = (value)b;
    break;
  }
  default: egret_sys_error(0, errno);
  }
  if (act == 2) {
    if (!signal_handlers_registered) {
      for (int i = 0; i < NSIG; i++) {
        signal_handlers[i] = Val_unit;
        egret_register_global_root(&signal_handlers[i]);
      }
      signal_handlers_registered = 1;
    }
    signal_handlers[signo] = ((value *)action)[0];
  }
  egret_process_pending_signals();
  return res;
}

/* egret_try's body: env = [result, handler, OCaml signal number]. */
static value run_signal_handler(value *env) { return egret_callback1(env[1], env[2]); }

/* Runs the OCaml handlers of the signals received, each with the signal blocked while it runs
 * (caml_execute_signal_exn); a handler's exception propagates, the other signals staying
 * pending. */
void egret_process_pending_signals(void) {
  if (!egret_signals_are_pending) return;
  egret_signals_are_pending = 0;
  for (int signo = 1; signo < NSIG; signo++) {
    if (!signals_pending[signo]) continue;
    signals_pending[signo] = 0;
    if (!signal_handlers_registered || egret_callback1 == NULL) continue;
    value handler = signal_handlers[signo];
    if (handler == Val_unit) continue;
    sigset_t block, previous;
    sigemptyset(&block);
    sigaddset(&block, signo);
    sigprocmask(SIG_BLOCK, &block, &previous);
    /* The other pending ones are seen again at the next allocation. */
    for (int s = signo + 1; s < NSIG; s++)
      if (signals_pending[s]) egret_signals_are_pending = 1;
    if (egret_signals_are_pending) egret_young_limit = NULL;
    value env[3] = {Val_unit, handler, Val_int(egret_rev_convert_signal_number(signo))};
    /* The interrupted code may be between storing the arguments past the sixth of a call
     * (native backend) and its callee reading them. */
    uint64_t saved_extra_args[sizeof egret_extra_args / sizeof egret_extra_args[0]];
    memcpy(saved_extra_args, egret_extra_args, sizeof saved_extra_args);
    value exn_raised = egret_try(run_signal_handler, env);
    memcpy(egret_extra_args, saved_extra_args, sizeof saved_extra_args);
    sigprocmask(SIG_SETMASK, &previous, NULL);
    if (exn_raised == Val_true) egret_reraise(env[0]);
  }
}
