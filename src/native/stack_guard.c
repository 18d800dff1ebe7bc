/* The compiler's own stacks: a fault in the guard below the stack of a compiler thread (the
 * compiler thread, and the big-stack threads the parser and the lambda tooling spawn) is the
 * compiler running out of stack on a deeply nested program. Instead of Rust's "thread has
 * overflowed its stack" and an abort (SIGABRT, exit 134), egret says so, names the stage, and
 * exits with status 1 (src/main.rs, `guard_thread_stack`).
 *
 * egret_cli_guard_stack runs at the start of such a thread: it records the thread's guard range
 * (pthread_getattr_np) in a free slot, gives the thread an alternate signal stack, and (once)
 * installs the SIGSEGV and SIGBUS handler; egret_cli_unguard_stack frees the slot when the
 * thread ends. Any other fault gets the default action (the process dies of the signal). The
 * stage name is read through pointers into the driver's atomics
 * (`egret_plugin::driver::current_stage_location`): a pointer to the bytes and a length. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define SLOTS 8
#define ALT_STACK_BYTES (1 << 16)

struct slot {
  volatile int used;
  pthread_t thread;
  volatile uintptr_t guard_low, guard_high;
};

static struct slot slots[SLOTS];
static char alt_stacks[SLOTS][ALT_STACK_BYTES] __attribute__((aligned(16)));
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static const char *const *stage_bytes;
static const size_t *stage_len;
static int handler_installed;

static void say(const char *s, size_t n) { (void)!write(2, s, n); }

static void on_fault(int sig, siginfo_t *info, void *context) {
  (void)context;
  uintptr_t addr = (uintptr_t)info->si_addr;
  for (int i = 0; i < SLOTS; i++) {
    if (slots[i].used && addr >= slots[i].guard_low && addr < slots[i].guard_high) {
      static const char a[] = "error: the program is nested too deeply for egret: the compiler ran out of stack";
      say(a, sizeof a - 1);
      if (stage_bytes != NULL && *stage_bytes != NULL && *stage_len > 0) {
        say(" in stage `", 11);
        say(*stage_bytes, *stage_len);
        say("`", 1);
      }
      static const char b[] = "\nnote: split the deepest expression (a long chain of nested lets, operators or "
                              "parentheses) into smaller definitions\n";
      say(b, sizeof b - 1);
      _exit(1);
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Returns 0 on success. The guard range is the thread's guard pages and the lowest page of its
 * stack (a probe of the last page faults there too). */
int egret_cli_guard_stack(const char *const *stage, const size_t *len) {
  pthread_attr_t attr;
  void *low;
  size_t size, guard;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return -1;
  int ok = pthread_attr_getstack(&attr, &low, &size) == 0 && pthread_attr_getguardsize(&attr, &guard) == 0;
  pthread_attr_destroy(&attr);
  if (!ok) return -1;
  if (guard < 4096) guard = 4096;
  pthread_mutex_lock(&slots_lock);
  int i = 0;
  while (i < SLOTS && slots[i].used) i++;
  if (i == SLOTS) {
    pthread_mutex_unlock(&slots_lock);
    return -1;
  }
  stack_t ss;
  memset(&ss, 0, sizeof ss);
  ss.ss_sp = alt_stacks[i];
  ss.ss_size = ALT_STACK_BYTES;
  if (sigaltstack(&ss, NULL) != 0) {
    pthread_mutex_unlock(&slots_lock);
    return -1;
  }
  slots[i].thread = pthread_self();
  slots[i].guard_low = (uintptr_t)low - guard;
  slots[i].guard_high = (uintptr_t)low + 4096;
  slots[i].used = 1;
  stage_bytes = stage;
  stage_len = len;
  int result = 0;
  if (!handler_installed) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGSEGV, &sa, NULL) != 0 || sigaction(SIGBUS, &sa, NULL) != 0) result = -1;
    else handler_installed = 1;
  }
  pthread_mutex_unlock(&slots_lock);
  return result;
}

/* At the end of a thread egret_cli_guard_stack registered: its slot (and alternate stack) are
 * free again. */
void egret_cli_unguard_stack(void) {
  pthread_mutex_lock(&slots_lock);
  for (int i = 0; i < SLOTS; i++) {
    if (slots[i].used && pthread_equal(slots[i].thread, pthread_self())) {
      slots[i].used = 0;
      stack_t ss;
      memset(&ss, 0, sizeof ss);
      ss.ss_flags = SS_DISABLE;
      sigaltstack(&ss, NULL);
    }
  }
  pthread_mutex_unlock(&slots_lock);
}
