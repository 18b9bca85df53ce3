/* Shared helpers for the threading tests. Include it first (it sets
 * _GNU_SOURCE). Everything is static inline so that a test not using a
 * helper stays warning-free. */
#ifndef BOBBIN_TEST_CHECK_H
#define BOBBIN_TEST_CHECK_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* environ, sched_getaffinity, CPU_COUNT */
#endif

#include <bobbin/threading.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Fails the test: prints where and what, exits 1 at once (no cleanup). */
#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,     \
              #cond);                                                      \
      fflush(stderr);                                                      \
      _exit(1);                                                            \
    }                                                                      \
  } while (0)

/* A chain of depth + 1 frames, each holding a buffer filled from seed, with
 * at_bottom(arg) called at the bottom. Returns the sum over every buffer
 * taken after at_bottom returned: frame_chain_sum(depth, seed) unless a
 * frame moved or was overwritten meanwhile (the stack of a unit that
 * suspended in at_bottom, say). */
static inline long frame_chain(int depth, int seed, void (*at_bottom)(int), int arg) {
  volatile char buf[160];
  for (int i = 0; i < (int)sizeof buf; i++) buf[i] = (char)(seed + depth + i);
  long below = depth ? frame_chain(depth - 1, seed, at_bottom, arg) : (at_bottom(arg), 0);
  long sum = below;
  for (int i = 0; i < (int)sizeof buf; i++) sum += buf[i];
  return sum;
}

static inline long frame_chain_sum(int depth, int seed) {
  long sum = 0;
  for (int d = 0; d <= depth; d++)
    for (int i = 0; i < 160; i++) sum += (char)(seed + d + i);
  return sum;
}

/* The caller's frame, and whether two such addresses lie on one stack:
 * stacks are separate mappings, much further apart than 64 KiB. */
static inline __attribute__((always_inline)) char *frame_here(void) {
  return __builtin_frame_address(0);
}

static inline int on_same_stack(const char *a, const char *b) {
  return (a > b ? a - b : b - a) < (64 << 10);
}

/* Seconds on the monotonic clock; used only for give-up deadlines, never to
 * assert how long something took. */
static inline double now_sec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* How long a polling loop waits for a state before declaring failure. */
#define GIVE_UP_SEC 60.0

#include "../include/deadline.h"

static inline void nap_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

static inline pthread_t start_thread(void *(*fn)(void *), void *arg) {
  pthread_t t;
  CHECK(pthread_create(&t, NULL, fn, arg) == 0);
  return t;
}

static inline void join_thread(pthread_t t) {
  CHECK(pthread_join(t, NULL) == 0);
}

/* Gives the calling unit a signal mask other than its OS thread's (SIGUSR2
 * blocked), which keeps preemption from redirecting it into a yield
 * (threading/async.c): it is frozen with its OS thread instead. *old gets
 * the mask to restore with pthread_sigmask(SIG_SETMASK, old, NULL). */
static inline void mask_of_its_own(sigset_t *old) {
  sigset_t usr2;
  sigemptyset(&usr2);
  sigaddset(&usr2, SIGUSR2);
  CHECK(pthread_sigmask(SIG_BLOCK, &usr2, old) == 0);
}

/* An external pthread that a ULT (such as main) can wait for without
 * blocking its ES: pthread_join in main would stall ES 0, and with it every
 * unit in ES 0's private pool. */
struct ext_thread {
  pthread_t thread;
  bt_eventual_t done;
  void *(*fn)(void *);
  void *arg;
};

static inline void *ext_thread_main(void *p) {
  struct ext_thread *e = p;
  e->fn(e->arg);
  bt_eventual_set(&e->done, NULL);
  return NULL;
}

static inline void ext_start(struct ext_thread *e, void *(*fn)(void *),
                             void *arg) {
  bt_eventual_init(&e->done);
  e->fn = fn;
  e->arg = arg;
  e->thread = start_thread(ext_thread_main, e);
}

static inline void ext_join(struct ext_thread *e) {
  bt_eventual_wait(&e->done);
  join_thread(e->thread);
}

static inline pid_t my_tid(void) { return (pid_t)syscall(SYS_gettid); }

/* Scheduler state letter of thread `tid` of this process (from
 * /proc/self/task/<tid>/stat, the field after the ')' closing comm), or 0 if
 * the thread is gone. */
static inline char thread_state(pid_t tid) {
  char path[64], buf[512];
  snprintf(path, sizeof path, "/proc/self/task/%d/stat", (int)tid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  char *p = strrchr(buf, ')');
  if (!p || p[1] != ' ') return 0;
  return p[2];
}

/* Polls `tid` until it is sleeping in the kernel ('S'); 1 if it got there
 * before the give-up deadline. */
static inline int wait_thread_sleeping(pid_t tid) {
  double end = now_sec() + GIVE_UP_SEC;
  while (now_sec() < end) {
    if (thread_state(tid) == 'S') return 1;
    nap_ms(1);
  }
  return 0;
}

/* Yields until a unit has been stored in *slot, then resumes it (a unit
 * that stores itself there before bt_suspend). */
static inline void resume_when_suspending(bt_unit_t *_Atomic *slot) {
  bt_unit_t *u;
  double end = now_sec() + GIVE_UP_SEC;
  while (!(u = __atomic_load_n(slot, __ATOMIC_SEQ_CST))) {
    CHECK(now_sec() < end);
    bt_yield();
  }
  bt_resume(u);
}

/* Runs this program again (/proc/self/exe) as `self mode` with every BOBBIN_* and KMP_ABT_*
 * variable removed and then the "NAME=VALUE" strings of `env` (NULL ended,
 * may be NULL) added. The child's stderr is collected into err (always NUL
 * terminated, the excess dropped) and also copied to our stderr so that a
 * failing ctest run shows it. Returns the wait status. Call it before
 * bt_init: the child is forked from a single-threaded process. */
static inline int run_self(const char *self, const char *mode,
                           const char *const *env, char *err, size_t errsz) {
  int fds[2];
  CHECK(pipe(fds) == 0);
  fflush(NULL);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    for (int again = 1; again;) {
      again = 0;
      for (char **e = environ; *e; e++) {
        if (strncmp(*e, "BOBBIN_", 7) == 0 || strncmp(*e, "KMP_ABT_", 8) == 0) {
          char name[256];
          size_t len = strcspn(*e, "=");
          if (len >= sizeof name) len = sizeof name - 1;
          memcpy(name, *e, len);
          name[len] = '\0';
          unsetenv(name);
          again = 1;
          break;
        }
      }
    }
    for (size_t i = 0; env && env[i]; i++) putenv((char *)env[i]);
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    execl("/proc/self/exe", self, mode, (char *)NULL);
    _exit(127);
  }
  close(fds[1]);
  size_t used = 0;
  char chunk[4096];
  for (;;) {
    ssize_t n = read(fds[0], chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    fwrite(chunk, 1, (size_t)n, stderr);
    size_t keep = (size_t)n;
    if (keep > errsz - 1 - used) keep = errsz - 1 - used;
    memcpy(err + used, chunk, keep);
    used += keep;
  }
  err[used] = '\0';
  close(fds[0]);
  int status;
  while (waitpid(pid, &status, 0) < 0) CHECK(errno == EINTR);
  return status;
}

/* Describes a wait status for the test log. */
static inline const char *status_text(int status, char *buf, size_t n) {
  if (WIFEXITED(status))
    snprintf(buf, n, "exit %d", WEXITSTATUS(status));
  else if (WIFSIGNALED(status))
    snprintf(buf, n, "signal %d", WTERMSIG(status));
  else
    snprintf(buf, n, "status 0x%x", status);
  return buf;
}

#endif
