/* OCaml's Unix library's C primitives (OCaml 4.13's otherlibs/unix/ C files is the reference for
 * their semantics), under OCaml's names: the externals of plugin/src/libraries/unix.ml, typed
 * in plugin/src/lambda/runtime.rs (`UNIX`).
 *
 * A failing system call raises `Unix.Unix_error (err, fun_name, arg)`: the exception unix.ml
 * registers as "Unix.Unix_error", `err` the constructor of errno in OCaml's `error` type
 * (EUNKNOWNERR n for the others), `fun_name` and `arg` as OCaml's stubs give them.
 *
 * Values: file descriptors are ints; records and tuples are blocks of tag 0 whose float
 * fields are boxed, except an all-float record (`process_times`), a flat Double_array_tag
 * block; a `dir_handle` is an Abstract_tag block holding the DIR * (NULL once closed). Every
 * block's fields are stored before the next allocation (egret_runtime.h). */

#define _GNU_SOURCE
#include "egret_runtime.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

value egret_open_descriptor_in(value fd);
value egret_open_descriptor_out(value fd);
const value *caml_named_value(const char *name);

#define Abstract_tag 251
#define Val_bool(b) ((b) ? Val_true : Val_false)
#define String_val(v) ((const char *)(v))
#define Bytes_val(v) ((unsigned char *)(v))
#define Field(v, i) (((value *)(v))[i])
#define Is_block(v) (((v) & 1) == 0)
#define Val_emptylist Val_int(0)
/* OCaml's UNIX_BUFFER_SIZE: the most one read or write call transfers. */
#define UNIX_BUFFER_SIZE 65536

static double double_val(value v) {
  double d;
  memcpy(&d, (const void *)v, sizeof d);
  return d;
}

/* ---- errors ---- */

/* errno of each constant constructor of Unix.error, in the type's order. */
static const int error_table[] = {
    E2BIG,       EACCES,       EAGAIN,          EBADF,           EBUSY,        ECHILD,
    EDEADLK,     EDOM,         EEXIST,          EFAULT,          EFBIG,        EINTR,
    EINVAL,      EIO,          EISDIR,          EMFILE,          EMLINK,       ENAMETOOLONG,
    ENFILE,      ENODEV,       ENOENT,          ENOEXEC,         ENOLCK,       ENOMEM,
    ENOSPC,      ENOSYS,       ENOTDIR,         ENOTEMPTY,       ENOTTY,       ENXIO,
    EPERM,       EPIPE,        ERANGE,          EROFS,           ESPIPE,       ESRCH,
    EXDEV,       EWOULDBLOCK,  EINPROGRESS,     EALREADY,        ENOTSOCK,     EDESTADDRREQ,
    EMSGSIZE,    EPROTOTYPE,   ENOPROTOOPT,     EPROTONOSUPPORT, ESOCKTNOSUPPORT,
    EOPNOTSUPP,  EPFNOSUPPORT, EAFNOSUPPORT,    EADDRINUSE,      EADDRNOTAVAIL, ENETDOWN,
    ENETUNREACH, ENETRESET,    ECONNABORTED,    ECONNRESET,      ENOBUFS,      EISCONN,
    ENOTCONN,    ESHUTDOWN,    ETOOMANYREFS,    ETIMEDOUT,       ECONNREFUSED, EHOSTDOWN,
    EHOSTUNREACH, ELOOP,       EOVERFLOW};
#define ERRORS (int)(sizeof error_table / sizeof error_table[0])

/* The `error` value of errno `code`: the first constructor with that code (EAGAIN before
 * EWOULDBLOCK, as OCaml's table search finds), else EUNKNOWNERR code. */
static value error_of_code(int code) {
  if (code == ENOTSUP) code = EOPNOTSUPP;
  for (int i = 0; i < ERRORS; i++)
    if (error_table[i] == code) return Val_int(i);
  value *b = egret_alloc(1, 0);
  b[0] = Val_int(code);
  return (value)b;
}

static int code_of_error(value err) {
  if (Is_block(err)) return (int)Int_val(Field(err, 0));
  return error_table[Int_val(err)];
}

static void unix_error(int code, const char *fun_name, value arg) __attribute__((noreturn));
static void unix_error(int code, const char *fun_name, value arg) {
  const value *slot = caml_named_value("Unix.Unix_error");
  if (slot == NULL)
    egret_invalid_argument("Exception Unix.Unix_error not initialized, please link unix.cma");
  value err = error_of_code(code);
  value name = egret_string_of_bytes(fun_name, strlen(fun_name));
  value a = arg ? egret_string_of_bytes(String_val(arg), egret_string_len(arg))
                : egret_alloc_string(0);
  value *e = egret_alloc(4, 0);
  e[0] = *slot;
  e[1] = err;
  e[2] = name;
  e[3] = a;
  egret_raise_from_c((value)e);
}

/* OCaml's uerror: Unix_error of errno. `arg` is an OCaml string or 0 (OCaml's Nothing). */
static void uerror(const char *fun_name, value arg) __attribute__((noreturn));
static void uerror(const char *fun_name, value arg) { unix_error(errno, fun_name, arg); }

/* OCaml's caml_unix_check_path: a path with a NUL byte names no file. */
static void check_path(value path, const char *fun_name) {
  if (memchr(String_val(path), 0, egret_string_len(path)) != NULL)
    unix_error(ENOENT, fun_name, path);
}

value unix_error_message(value err) {
  const char *text = strerror(code_of_error(err));
  return egret_string_of_bytes(text, strlen(text));
}

/* ---- helpers ---- */

static value alloc_pair(value a, value b) {
  value *p = egret_alloc(2, 0);
  p[0] = a;
  p[1] = b;
  return (value)p;
}

/* An OCaml `string array` of the NULL-terminated `strings`. */
static value copy_string_array(char **strings) {
  size_t n = 0;
  while (strings[n] != NULL) n++;
  if (n == 0) return (value)egret_alloc(0, 0);
  value *a = egret_alloc(n, 0);
  for (size_t i = 0; i < n; i++) a[i] = Val_unit;
  for (size_t i = 0; i < n; i++) {
    value s = egret_string_of_bytes(strings[i], strlen(strings[i]));
    a[i] = s;
  }
  egret_keep_alive((value)a);
  return (value)a;
}

/* OCaml's cstringvect: a `string array` as a NULL-terminated malloc'd vector (strings with a
 * NUL byte are ENOENT for `fun_name`). */
static char **string_vector(value arr, const char *fun_name) {
  size_t n = Wosize_hd(Hd_val(arr));
  for (size_t i = 0; i < n; i++)
    if (memchr(String_val(Field(arr, i)), 0, egret_string_len(Field(arr, i))) != NULL)
      unix_error(ENOENT, fun_name, 0);
  char **v = malloc((n + 1) * sizeof *v);
  if (v == NULL) egret_out_of_memory();
  for (size_t i = 0; i < n; i++) v[i] = (char *)String_val(Field(arr, i));
  v[n] = NULL;
  return v;
}

/* OCaml's caml_convert_flag_list: the OR of table[constructor] over the list. */
static int convert_flags(value list, const int *table) {
  int r = 0;
  for (; list != Val_emptylist; list = Field(list, 1)) r |= table[Int_val(Field(list, 0))];
  return r;
}

/* `bool option` of the ?cloexec arguments: Some b is b, None the default (no close-on-exec). */
static int cloexec_p(value opt) { return Is_block(opt) ? Field(opt, 0) == Val_true : 0; }

/* ---- process environment and processes ---- */

value unix_environment(value unit) {
  (void)unit;
  return environ != NULL ? copy_string_array(environ) : (value)egret_alloc(0, 0);
}

value unix_putenv(value name, value val) {
  size_t nl = egret_string_len(name), vl = egret_string_len(val);
  if (memchr(String_val(name), 0, nl) != NULL || memchr(String_val(val), 0, vl) != NULL)
    unix_error(EINVAL, "putenv", name);
  char *s = malloc(nl + vl + 2);
  if (s == NULL) egret_out_of_memory();
  memcpy(s, String_val(name), nl);
  s[nl] = '=';
  memcpy(s + nl + 1, String_val(val), vl);
  s[nl + vl + 1] = 0;
  if (putenv(s) == -1) {
    free(s);
    uerror("putenv", name);
  }
  return Val_unit;
}

value unix_execv(value path, value args) {
  check_path(path, "execv");
  char **argv = string_vector(args, "execv");
  execv(String_val(path), argv);
  free(argv);
  uerror("execv", path);
}

value unix_execve(value path, value args, value env) {
  check_path(path, "execve");
  char **argv = string_vector(args, "execve");
  char **envp = string_vector(env, "execve");
  execve(String_val(path), argv, envp);
  free(argv);
  free(envp);
  uerror("execve", path);
}

value unix_execvp(value path, value args) {
  check_path(path, "execvp");
  char **argv = string_vector(args, "execvp");
  execvp(String_val(path), argv);
  free(argv);
  uerror("execvp", path);
}

value unix_fork(value unit) {
  (void)unit;
  pid_t pid = fork();
  if (pid == -1) uerror("fork", 0);
  return Val_int(pid);
}

/* (pid, process_status) of waitpid's result. */
static value wait_result(pid_t pid, int status) {
  int tag, arg;
  if (WIFEXITED(status)) {
    tag = 0;
    arg = WEXITSTATUS(status);
  } else if (WIFSTOPPED(status)) {
    tag = 2;
    arg = (int)egret_rev_convert_signal_number(WSTOPSIG(status));
  } else {
    tag = 1;
    arg = (int)egret_rev_convert_signal_number(WTERMSIG(status));
  }
  value *st = egret_alloc(1, tag);
  st[0] = Val_int(arg);
  return alloc_pair(Val_int(pid), (value)st);
}

value unix_wait(value unit) {
  (void)unit;
  int status = 0;
  pid_t pid = wait(&status);
  if (pid == -1) uerror("wait", 0);
  return wait_result(pid, status);
}

value unix_waitpid(value flags, value pid_req) {
  static const int wait_flag_table[] = {WNOHANG, WUNTRACED};
  int status = 0;
  pid_t pid = waitpid((pid_t)Int_val(pid_req), &status, convert_flags(flags, wait_flag_table));
  if (pid == -1) uerror("waitpid", 0);
  return wait_result(pid, status);
}

value unix_exit(value code) { _exit((int)Int_val(code)); }

value unix_getpid(value unit) {
  (void)unit;
  return Val_int(getpid());
}

value unix_getppid(value unit) {
  (void)unit;
  return Val_int(getppid());
}

/* unix.ml's spawn (Unix.system, create_process): `path` run with `args`, the environment
 * `optenv` (None: this one's), found in PATH when `usepath`, descriptors redirect.(i) as 0, 1
 * and 2. */
value unix_spawn(value path, value args, value optenv, value usepath, value redirect) {
  check_path(path, "create_process");
  char **argv = string_vector(args, "create_process");
  char **envp = Is_block(optenv) ? string_vector(Field(optenv, 0), "create_process") : environ;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  int r = 0;
  for (int dst = 0; dst <= 2 && r == 0; dst++) {
    int src = (int)Int_val(Field(redirect, dst));
    if (src != dst) r = posix_spawn_file_actions_adddup2(&actions, src, dst);
  }
  pid_t pid = 0;
  if (r == 0) {
    r = usepath == Val_true
            ? posix_spawnp(&pid, String_val(path), &actions, NULL, argv, envp)
            : posix_spawn(&pid, String_val(path), &actions, NULL, argv, envp);
  }
  posix_spawn_file_actions_destroy(&actions);
  free(argv);
  if (Is_block(optenv)) free(envp);
  if (r != 0) unix_error(r, "create_process", path);
  return Val_int(pid);
}

/* ---- file descriptors ---- */

value unix_open(value path, value flags, value perm) {
  static const int open_flag_table[] = {O_RDONLY,   O_WRONLY, O_RDWR, O_NONBLOCK, O_APPEND,
                                        O_CREAT,    O_TRUNC,  O_EXCL, O_NOCTTY,   O_DSYNC,
                                        O_SYNC,     O_RSYNC,  0,      O_CLOEXEC,  0};
  check_path(path, "open");
  int fd = open(String_val(path), convert_flags(flags, open_flag_table), (int)Int_val(perm));
  if (fd == -1) uerror("open", path);
  return Val_int(fd);
}

value unix_close(value fd) {
  if (close((int)Int_val(fd)) == -1) uerror("close", 0);
  return Val_unit;
}

value unix_read(value fd, value buf, value ofs, value len) {
  size_t n = (size_t)Int_val(len);
  if (n > UNIX_BUFFER_SIZE) n = UNIX_BUFFER_SIZE;
  ssize_t r = read((int)Int_val(fd), Bytes_val(buf) + Int_val(ofs), n);
  if (r == -1) uerror("read", 0);
  return Val_int(r);
}

/* OCaml's unix_write: every byte, in calls of at most UNIX_BUFFER_SIZE; an EAGAIN after some
 * were written ends early. */
value unix_write(value fd, value buf, value ofs, value len) {
  int64_t o = Int_val(ofs), left = Int_val(len), written = 0;
  while (left > 0) {
    size_t n = left > UNIX_BUFFER_SIZE ? UNIX_BUFFER_SIZE : (size_t)left;
    ssize_t r = write((int)Int_val(fd), Bytes_val(buf) + o, n);
    if (r == -1) {
      if ((errno == EAGAIN || errno == EWOULDBLOCK) && written > 0) break;
      uerror("write", 0);
    }
    written += r;
    o += r;
    left -= r;
  }
  return Val_int(written);
}

value unix_single_write(value fd, value buf, value ofs, value len) {
  size_t n = (size_t)Int_val(len);
  if (n > UNIX_BUFFER_SIZE) n = UNIX_BUFFER_SIZE;
  ssize_t r = n > 0 ? write((int)Int_val(fd), Bytes_val(buf) + Int_val(ofs), n) : 0;
  if (r == -1) uerror("single_write", 0);
  return Val_int(r);
}

value unix_inchannel_of_filedescr(value fd) { return egret_open_descriptor_in(fd); }

value unix_outchannel_of_filedescr(value fd) { return egret_open_descriptor_out(fd); }

value unix_lseek(value fd, value ofs, value cmd) {
  static const int seek_table[] = {SEEK_SET, SEEK_CUR, SEEK_END};
  off_t r = lseek((int)Int_val(fd), (off_t)Int_val(ofs), seek_table[Int_val(cmd)]);
  if (r == -1) uerror("lseek", 0);
  if (r > ((int64_t)1 << 62) - 1) unix_error(EOVERFLOW, "lseek", 0);
  return Val_int(r);
}

value unix_truncate(value path, value len) {
  check_path(path, "truncate");
  if (truncate(String_val(path), (off_t)Int_val(len)) == -1) uerror("truncate", path);
  return Val_unit;
}

value unix_ftruncate(value fd, value len) {
  if (ftruncate((int)Int_val(fd), (off_t)Int_val(len)) == -1) uerror("ftruncate", 0);
  return Val_unit;
}

/* ---- files ---- */

/* OCaml's stat_timestamp: seconds and nanoseconds as a float whose integer part is `sec`. */
static double timestamp(time_t sec, long nsec) {
  double s = (double)sec;
  double t = s + (double)nsec / 1e9;
  if (t == s + 1.0) t = nextafter(t, s);
  return t;
}

static value stat_record(const struct stat *st, const char *fun_name, value path) {
  if ((uint64_t)st->st_size > (((uint64_t)1 << 62) - 1)) unix_error(EOVERFLOW, fun_name, path);
  int kind;
  switch (st->st_mode & S_IFMT) {
    case S_IFDIR: kind = 1; break;
    case S_IFCHR: kind = 2; break;
    case S_IFBLK: kind = 3; break;
    case S_IFLNK: kind = 4; break;
    case S_IFIFO: kind = 5; break;
    case S_IFSOCK: kind = 6; break;
    default: kind = 0; break;
  }
  value atime = egret_box_float(timestamp(st->st_atim.tv_sec, st->st_atim.tv_nsec));
  value mtime = egret_box_float(timestamp(st->st_mtim.tv_sec, st->st_mtim.tv_nsec));
  value ctime = egret_box_float(timestamp(st->st_ctim.tv_sec, st->st_ctim.tv_nsec));
  value *r = egret_alloc(12, 0);
  r[0] = Val_int(st->st_dev);
  r[1] = Val_int(st->st_ino);
  r[2] = Val_int(kind);
  r[3] = Val_int(st->st_mode & 07777);
  r[4] = Val_int(st->st_nlink);
  r[5] = Val_int(st->st_uid);
  r[6] = Val_int(st->st_gid);
  r[7] = Val_int(st->st_rdev);
  r[8] = Val_int(st->st_size);
  r[9] = atime;
  r[10] = mtime;
  r[11] = ctime;
  return (value)r;
}

value unix_stat(value path) {
  struct stat st;
  check_path(path, "stat");
  if (stat(String_val(path), &st) == -1) uerror("stat", path);
  return stat_record(&st, "stat", path);
}

value unix_lstat(value path) {
  struct stat st;
  check_path(path, "lstat");
  if (lstat(String_val(path), &st) == -1) uerror("lstat", path);
  return stat_record(&st, "lstat", path);
}

value unix_fstat(value fd) {
  struct stat st;
  if (fstat((int)Int_val(fd), &st) == -1) uerror("fstat", 0);
  return stat_record(&st, "fstat", 0);
}

value unix_isatty(value fd) { return Val_bool(isatty((int)Int_val(fd))); }

value unix_unlink(value path) {
  check_path(path, "unlink");
  if (unlink(String_val(path)) == -1) uerror("unlink", path);
  return Val_unit;
}

value unix_rename(value from, value to) {
  check_path(from, "rename");
  check_path(to, "rename");
  if (rename(String_val(from), String_val(to)) == -1) uerror("rename", from);
  return Val_unit;
}

value unix_readlink(value path) {
  char buf[PATH_MAX];
  check_path(path, "readlink");
  ssize_t n = readlink(String_val(path), buf, sizeof buf - 1);
  if (n == -1) uerror("readlink", path);
  return egret_string_of_bytes(buf, (size_t)n);
}

value unix_chmod(value path, value perm) {
  check_path(path, "chmod");
  if (chmod(String_val(path), (mode_t)Int_val(perm)) == -1) uerror("chmod", path);
  return Val_unit;
}

value unix_umask(value perm) { return Val_int(umask((mode_t)Int_val(perm))); }

value unix_access(value path, value perms) {
  static const int access_table[] = {R_OK, W_OK, X_OK, F_OK};
  check_path(path, "access");
  if (access(String_val(path), convert_flags(perms, access_table)) == -1) uerror("access", path);
  return Val_unit;
}

value unix_dup(value cloexec, value fd) {
  int r = fcntl((int)Int_val(fd), cloexec_p(cloexec) ? F_DUPFD_CLOEXEC : F_DUPFD, 0);
  if (r == -1) uerror("dup", 0);
  return Val_int(r);
}

value unix_dup2(value cloexec, value fd1, value fd2) {
  int a = (int)Int_val(fd1), b = (int)Int_val(fd2);
  if (a == b) {
    /* dup2 of a descriptor onto itself only sets close-on-exec as asked. */
    if (Is_block(cloexec)) {
      int flags = fcntl(a, F_GETFD, 0);
      if (flags == -1 ||
          fcntl(a, F_SETFD, cloexec_p(cloexec) ? flags | FD_CLOEXEC : flags & ~FD_CLOEXEC) == -1)
        uerror("dup2", 0);
    }
  } else if (dup3(a, b, cloexec_p(cloexec) ? O_CLOEXEC : 0) == -1) {
    uerror("dup2", 0);
  }
  return Val_unit;
}

/* ---- directories ---- */

value unix_mkdir(value path, value perm) {
  check_path(path, "mkdir");
  if (mkdir(String_val(path), (mode_t)Int_val(perm)) == -1) uerror("mkdir", path);
  return Val_unit;
}

value unix_rmdir(value path) {
  check_path(path, "rmdir");
  if (rmdir(String_val(path)) == -1) uerror("rmdir", path);
  return Val_unit;
}

value unix_chdir(value path) {
  check_path(path, "chdir");
  if (chdir(String_val(path)) == -1) uerror("chdir", path);
  return Val_unit;
}

value unix_getcwd(value unit) {
  (void)unit;
  char buf[PATH_MAX];
  if (getcwd(buf, sizeof buf) == NULL) uerror("getcwd", 0);
  return egret_string_of_bytes(buf, strlen(buf));
}

value unix_opendir(value path) {
  check_path(path, "opendir");
  DIR *d = opendir(String_val(path));
  if (d == NULL) uerror("opendir", path);
  DIR **h = egret_alloc(1, Abstract_tag);
  *h = d;
  return (value)h;
}

value unix_readdir(value handle) {
  DIR *d = *(DIR **)handle;
  if (d == NULL) unix_error(EBADF, "readdir", 0);
  struct dirent *e = readdir(d);
  if (e == NULL) egret_raise_end_of_file();
  return egret_string_of_bytes(e->d_name, strlen(e->d_name));
}

value unix_rewinddir(value handle) {
  DIR *d = *(DIR **)handle;
  if (d == NULL) unix_error(EBADF, "rewinddir", 0);
  rewinddir(d);
  return Val_unit;
}

value unix_closedir(value handle) {
  DIR *d = *(DIR **)handle;
  if (d == NULL) unix_error(EBADF, "closedir", 0);
  closedir(d);
  *(DIR **)handle = NULL;
  return Val_unit;
}

value unix_pipe(value cloexec, value unit) {
  (void)unit;
  int fd[2];
  if (pipe2(fd, cloexec_p(cloexec) ? O_CLOEXEC : 0) == -1) uerror("pipe", 0);
  return alloc_pair(Val_int(fd[0]), Val_int(fd[1]));
}

value unix_kill(value pid, value signal) {
  int sig = egret_convert_signal_number(Int_val(signal));
  if (kill((pid_t)Int_val(pid), sig) == -1) uerror("kill", 0);
  egret_process_pending_signals();
  return Val_unit;
}

/* ---- time ---- */

value unix_time(value unit) {
  (void)unit;
  return egret_box_float((double)time(NULL));
}

value unix_gettimeofday(value unit) {
  (void)unit;
  struct timeval tp;
  gettimeofday(&tp, NULL);
  return egret_box_float((double)tp.tv_sec + (double)tp.tv_usec / 1e6);
}

static value tm_record(const struct tm *tm) {
  value *r = egret_alloc(9, 0);
  r[0] = Val_int(tm->tm_sec);
  r[1] = Val_int(tm->tm_min);
  r[2] = Val_int(tm->tm_hour);
  r[3] = Val_int(tm->tm_mday);
  r[4] = Val_int(tm->tm_mon);
  r[5] = Val_int(tm->tm_year);
  r[6] = Val_int(tm->tm_wday);
  r[7] = Val_int(tm->tm_yday);
  r[8] = Val_bool(tm->tm_isdst);
  return (value)r;
}

value unix_gmtime(value t) {
  time_t clock = (time_t)double_val(t);
  struct tm tm;
  if (gmtime_r(&clock, &tm) == NULL) unix_error(EINVAL, "gmtime", 0);
  return tm_record(&tm);
}

value unix_localtime(value t) {
  time_t clock = (time_t)double_val(t);
  struct tm tm;
  if (localtime_r(&clock, &tm) == NULL) unix_error(EINVAL, "localtime", 0);
  return tm_record(&tm);
}

value unix_mktime(value t) {
  struct tm tm;
  memset(&tm, 0, sizeof tm);
  tm.tm_sec = (int)Int_val(Field(t, 0));
  tm.tm_min = (int)Int_val(Field(t, 1));
  tm.tm_hour = (int)Int_val(Field(t, 2));
  tm.tm_mday = (int)Int_val(Field(t, 3));
  tm.tm_mon = (int)Int_val(Field(t, 4));
  tm.tm_year = (int)Int_val(Field(t, 5));
  tm.tm_wday = 0;
  tm.tm_yday = 0;
  tm.tm_isdst = -1;
  time_t clock = mktime(&tm);
  if (clock == (time_t)-1) unix_error(ERANGE, "mktime", 0);
  value record = tm_record(&tm);
  value f = egret_box_float((double)clock);
  value r = alloc_pair(f, record);
  egret_keep_alive(record);
  return r;
}

value unix_alarm(value secs) { return Val_int(alarm((unsigned)Int_val(secs))); }

/* Unix.sleepf: the whole duration, resumed after a signal (whose OCaml handler runs). */
value unix_sleep(value duration) {
  double d = double_val(duration);
  if (d < 0.0) return Val_unit;
  struct timespec t;
  t.tv_sec = (time_t)d;
  t.tv_nsec = (long)((d - (double)t.tv_sec) * 1e9);
  int r;
  do {
    r = nanosleep(&t, &t);
    if (r == -1 && errno == EINTR) egret_process_pending_signals();
  } while (r == -1 && errno == EINTR);
  if (r == -1) uerror("sleep", 0);
  return Val_unit;
}

value unix_times(value unit) {
  (void)unit;
  struct rusage self, children;
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &children);
  double fields[4] = {
      (double)self.ru_utime.tv_sec + (double)self.ru_utime.tv_usec / 1e6,
      (double)self.ru_stime.tv_sec + (double)self.ru_stime.tv_usec / 1e6,
      (double)children.ru_utime.tv_sec + (double)children.ru_utime.tv_usec / 1e6,
      (double)children.ru_stime.tv_sec + (double)children.ru_stime.tv_usec / 1e6,
  };
  value *r = egret_alloc(4, Double_array_tag);
  memcpy(r, fields, sizeof fields);
  return (value)r;
}

/* ---- users ---- */

value unix_getuid(value unit) {
  (void)unit;
  return Val_int(getuid());
}

value unix_geteuid(value unit) {
  (void)unit;
  return Val_int(geteuid());
}

value unix_getgid(value unit) {
  (void)unit;
  return Val_int(getgid());
}

value unix_getegid(value unit) {
  (void)unit;
  return Val_int(getegid());
}

value unix_gethostname(value unit) {
  (void)unit;
  char name[256];
  if (gethostname(name, sizeof name) == -1) uerror("gethostname", 0);
  name[sizeof name - 1] = 0;
  return egret_string_of_bytes(name, strlen(name));
}
