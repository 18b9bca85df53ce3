// REQUIRES: bobbin, clang19
// `taskwait depend(...) nowait` (OpenMP 5.1, which clang 19 emits as
// __kmpc_omp_taskwait_deps_51 with has_no_wait set) is as if a deferred
// task with an empty body had those dependences: a later task that
// depends on it starts only once its predecessors are done. Here A
// depend(in: x) waits for a detached task P; then `taskwait depend(out: x)
// nowait`; then B depend(in: x), which must see A's write, though two in
// dependences alone would let it start before A. An application pthread
// fulfils P's event once B has run, or after a while that would have let
// B run had it been ready (B's start after the event does not depend on
// how long that was). Before, Bobbin ignored such a taskwait: B ran at
// once and saw nothing. LLVM's libomp 19 passes it too (it waits at the
// construct, as if without nowait); libomp 14 has no such entry point.
// RUN: %clang19-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

static omp_event_handle_t event;
static int event_made, a_done, b_ran;

// fulfils P's event once B ran, or after 100 ms without it
static void *fulfiller(void *unused) {
  (void)unused;
  struct timespec ms = {0, 1000000};
  while (!__atomic_load_n(&event_made, __ATOMIC_ACQUIRE))
    nanosleep(&ms, NULL);
  for (int i = 0; i < 100 && !__atomic_load_n(&b_ran, __ATOMIC_ACQUIRE); i++)
    nanosleep(&ms, NULL);
  omp_fulfill_event(event);
  return NULL;
}

static int round_seen(void) {
  int x = 0, y = 0, seen = -1;
  pthread_t helper;
  a_done = b_ran = event_made = 0;
  CHECK(pthread_create(&helper, NULL, fulfiller, NULL) == 0);
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : y) detach(event)
    ;
    __atomic_store_n(&event_made, 1, __ATOMIC_RELEASE);
#pragma omp task depend(in : y) depend(in : x) shared(a_done)
    __atomic_store_n(&a_done, 1, __ATOMIC_RELEASE);
#pragma omp taskwait depend(out : x) nowait
#pragma omp task depend(in : x) shared(seen, b_ran)
    {
      seen = __atomic_load_n(&a_done, __ATOMIC_ACQUIRE);
      __atomic_store_n(&b_ran, 1, __ATOMIC_RELEASE);
    }
    for (int i = 0; i < 100 && !__atomic_load_n(&b_ran, __ATOMIC_ACQUIRE); i++) {
#pragma omp taskyield
      spin_a_bit(10000);
    }
  }
  CHECK(pthread_join(helper, NULL) == 0);
  return seen;
}

int main(void) {
  deadline(30, "taskwait_depend_nowait");
  for (int round = 0; round < 3; round++)
    CHECK_EQ(round_seen(), 1);
  printf("taskwait depend nowait: ordered\n");
  return 0;
}
// CHECK: taskwait depend nowait: ordered
