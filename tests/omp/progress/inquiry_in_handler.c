// A sampling profiler's pattern: from before the program's first OpenMP
// call, every OS thread of the process gets SIGPROF every 100 us, and the
// handler asks omp_get_thread_num, omp_get_num_threads, omp_get_level,
// omp_in_parallel, omp_get_max_threads, omp_get_wtime, omp_get_team_num and
// the like, while the program allocates, starts the runtime, and runs flat
// and nested regions and tasks. No run may hang or crash, and every answer
// must be one a thread could give (a thread number below its team's size,
// levels that agree), and an inquiry starts nothing: the runtime starts at
// the program's first construct, under the signals, in each of 20 children
// of a fork. Before, the first inquiry in a handler started the runtime
// itself, inside whatever the handler had interrupted (the allocator: heap
// corruption or a hang; the start-up: a hang on its lock), and one that
// interrupted a task's end read the task's freed context. Passes on
// libgomp 12; LLVM's libomp 14 hangs, aborts or answers inconsistently.
// RUN: %libomp-compile && env OMP_NUM_THREADS=3 OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
// UNSUPPORTED: clang && system-libomp
#include "check.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>

#define CHILDREN 20

static _Atomic long samples;
static _Atomic int sampling;
static volatile int sink;

static void fail(const char *what) {
  static const char head[] = "inquiry in a handler: ";
  ssize_t ignored = write(2, head, sizeof head - 1);
  ignored = write(2, what, strlen(what));
  ignored = write(2, "\n", 1);
  (void)ignored;
  _exit(1);
}

static void on_sample(int sig) {
  (void)sig;
  int saved_errno = errno;
  int tn = omp_get_thread_num(), nt = omp_get_num_threads();
  int level = omp_get_level(), active = omp_get_active_level();
  if (tn < 0 || nt < 1 || level < 0 || active < 0 || active > level)
    fail("an answer out of range");
  // The initial thread, while it waits for its team, lends its TLS block to
  // the threads that run on its ES meanwhile (runtime/rt.h): there one
  // answer may be theirs and the next its own.
  if (syscall(SYS_gettid) != getpid()) {
    if (tn >= nt)
      fail("thread number outside its team");
    if (omp_in_parallel() != (active > 0))
      fail("omp_in_parallel disagrees with the active level");
    if (omp_get_ancestor_thread_num(level) != tn || omp_get_team_size(level) != nt)
      fail("the ancestor at the own level is not the thread itself");
  }
  if (omp_get_max_threads() < 1 || omp_get_thread_limit() < 1 ||
      omp_get_max_active_levels() < 0 || omp_get_num_procs() < 1)
    fail("an ICV out of range");
  if (omp_get_team_num() < 0 || omp_get_team_num() >= omp_get_num_teams())
    fail("team number outside the league");
  if (omp_get_wtime() <= 0 || omp_get_wtick() <= 0)
    fail("no time");
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  sink = omp_get_dynamic() + omp_get_nested() + omp_get_cancellation() +
         omp_get_max_task_priority() + omp_get_default_device() + omp_in_final() +
         omp_get_max_teams() + omp_get_teams_thread_limit() + (int)kind + chunk;
  atomic_fetch_add_explicit(&samples, 1, memory_order_relaxed);
  errno = saved_errno;
}

/* The profiler's thread: SIGPROF to every other thread of the process, every
 * 100 us, read from /proc/self/task as a sampler finds them. */
static void *sampler(void *arg) {
  (void)arg;
  pid_t me = (pid_t)syscall(SYS_gettid), pid = getpid();
  struct timespec gap = {0, 100000};
  while (atomic_load(&sampling)) {
    DIR *tasks = opendir("/proc/self/task");
    CHECK(tasks != NULL);
    for (struct dirent *e; (e = readdir(tasks));) {
      pid_t tid = (pid_t)atoi(e->d_name);
      if (tid > 0 && tid != me)
        syscall(SYS_tgkill, pid, tid, SIGPROF);
    }
    closedir(tasks);
    nanosleep(&gap, NULL);
  }
  return NULL;
}

static void work(void) {
  long flat = 0, nested = 0;
  _Atomic long tasks = 0;
  for (int r = 0; r < 20; r++) {
#pragma omp parallel reduction(+ : flat, nested)
    {
      flat += omp_get_thread_num() < omp_get_num_threads();
#pragma omp parallel num_threads(2) reduction(+ : nested)
      {
        nested += omp_get_level() == 2;
        for (int k = 0; k < 4; k++) {
#pragma omp task
          {
            spin_a_bit(2000);
            atomic_fetch_add(&tasks, 1);
          }
        }
      }
    }
  }
  CHECK_EQ(flat, 20 * 3);
  CHECK_EQ(nested, 20 * 3 * 2);
  CHECK_EQ(tasks, 20 * 3 * 2 * 4);
}

static void child(void) {
  deadline(20, "progress/inquiry_in_handler (a child)");
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sample;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  CHECK(sigaction(SIGPROF, &sa, NULL) == 0);
  atomic_store(&sampling, 1);
  pthread_t t;
  CHECK(pthread_create(&t, NULL, sampler, NULL) == 0);
  // Before the first OpenMP call the handler interrupts the allocator,
  // past its per-thread cache (which takes no lock), and starts nothing.
  while (atomic_load(&samples) < 50) {
    void *p = malloc(2048 + (size_t)(samples % 8) * 512);
    CHECK(p != NULL);
    free(p);
  }
  CHECK_EQ(os_thread_count(), 2); // this one and the sampler
  work();
  atomic_store(&sampling, 0);
  CHECK(pthread_join(t, NULL) == 0);
  _exit(0);
}

int main(void) {
  deadline(120, "progress/inquiry_in_handler");
  for (int i = 0; i < CHILDREN; i++) {
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0)
      child();
    int status;
    CHECK(waitpid(pid, &status, 0) == pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      fprintf(stderr, "child %d: %s %d\n", i, WIFEXITED(status) ? "exit" : "signal",
              WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  printf("%d starts under SIGPROF: ok\n", CHILDREN);
  return 0;
}
// CHECK: 20 starts under SIGPROF: ok
