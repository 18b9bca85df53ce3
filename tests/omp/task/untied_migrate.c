// REQUIRES: bobbin
// An untied task may resume on another thread after it suspends; a tied
// one never does. Each round forces the question, on two ESs, without
// relying on timing: the task T spins until its child W has started (so W
// runs on the other ES, in the other thread's seat), then waits for W in a
// taskwait. W creates a grandchild S and spins until S has started (so S
// runs on T's ES, in T's seat, which T lends its descendants while it
// waits), then ends, which wakes T. S keeps T's seat busy until T has
// resumed. An untied T can therefore only resume in the seat W left, as
// the other thread: its omp_get_thread_num() changes in every round. For a
// tied T, S yields a while and ends: T resumes once S is done, as its own
// thread, and its number never changes. (Were S to wait for T instead, it
// would wait forever, as on any runtime whose threads are Pthreads: T
// cannot resume in the seat S occupies.)
// The OpenMP thread is what a tied task keeps, not the OS thread: an ES
// may hand its work to another OS thread while a unit waits (a preempted
// unit keeps the one it ran on, threading/README), so gettid() may change
// across a taskwait for any task, tied or not, and tells nothing here.
// The scheduling points sit in a called function, so clang does not split
// the untied task into parts (untied.c covers those): the task suspends in
// the runtime and resumes as a migratable unit. A watchdog turns a hang (an
// untied task that cannot resume elsewhere) into a failure with a message.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=2 %libomp-run | FileCheck %s
#include "check.h"

#include <signal.h>

enum { UNTIED_ROUNDS = 100, TIED_ROUNDS = 200 };

static int round_no, w_started, s_started, resumed;
static volatile int phase; // what the watchdog reports

static void watchdog(int sig) {
  static const char *what[] = {"start", "untied task", "tied task", "end"};
  char msg[96];
  int n = snprintf(msg, sizeof msg, "hang: no progress in the %s\n", what[phase]);
  (void)sig;
  write(2, msg, n);
  _exit(1);
}

static int load(int *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static void store(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }

// One forced round; returns 1 if the calling task resumed as another
// thread. sitter_yields: S lets its ES run other units while it waits.
static int forced_round(int sitter_yields) {
  int r = ++round_no;
  int before = omp_get_thread_num();
#pragma omp task firstprivate(r, sitter_yields)
  {
    store(&w_started, r);
#pragma omp task firstprivate(r, sitter_yields)
    {
      store(&s_started, r);
      for (int yields = 0; load(&resumed) < r && yields < 100;)
        if (sitter_yields) {
#pragma omp taskyield
          yields++;
        }
    }
    while (load(&s_started) < r)
      ;
  }
  while (load(&w_started) < r)
    ;
#pragma omp taskwait
  int after = omp_get_thread_num();
  store(&resumed, r);
  return after != before;
}

int main(void) {
  int untied_moves = 0, tied_moves = 0;
  signal(SIGALRM, watchdog);
  alarm(100);
  CHECK_EQ(omp_get_num_procs() >= 1, 1);
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    phase = 1;
#pragma omp task untied shared(untied_moves)
    for (int i = 0; i < UNTIED_ROUNDS; i++)
      untied_moves += forced_round(0);
#pragma omp taskwait
    phase = 2;
#pragma omp task shared(tied_moves)
    for (int i = 0; i < TIED_ROUNDS; i++)
      tied_moves += forced_round(1);
#pragma omp taskwait
    phase = 3;
  }
  CHECK_EQ(untied_moves, UNTIED_ROUNDS);
  CHECK_EQ(tied_moves, 0);
  printf("untied task moved in all %d rounds; tied task stayed for %d\n", UNTIED_ROUNDS,
         TIED_ROUNDS);
  return 0;
}
// CHECK: untied task moved in all 100 rounds; tied task stayed for 200
