// gcc's path shares the chunks of a large taskloop with the team through
// claims rather than queueing a task of each (runtime/gomp_task.c); a
// claim may take several chunks, which then wait for the one before them.
// Claims are bounded by time, so a thread that stops in one chunk (here it
// sleeps, as a thread that loses its CPU would) holds up few others: the
// other threads run the rest of the loop meanwhile. The chunks here take
// 20 us each; the one that sleeps sleeps until all but MAX_LATE of the
// others are done, or for 20 s (a fixed nap was outlasted by the rest of
// the loop on a machine loaded ninefold). (libgomp runs a taskloop of more than 64 tasks a
// thread on the encountering thread alone, and the clang path throttles,
// so neither keeps this.)
// REQUIRES: gcc, bobbin
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

enum { N = 2048, SLEEPER = 300, MAX_LATE = 8, MAX_NAPS = 20000 };

static int woke, late, done;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  deadline(60, "taskloop_long_held");
  int threads = omp_get_max_threads() < 2 ? 2 : omp_get_max_threads();
#pragma omp parallel num_threads(threads)
#pragma omp single
#pragma omp taskloop num_tasks(N)
  for (int i = 0; i < N; i++) {
    if (i == SLEEPER) {
      struct timespec nap = {0, 1000 * 1000};
      for (int naps = 0; naps < MAX_NAPS &&
                         __atomic_load_n(&done, __ATOMIC_ACQUIRE) < N - 1 - MAX_LATE;
           naps++)
        nanosleep(&nap, NULL);
      __atomic_store_n(&woke, 1, __ATOMIC_RELEASE);
    } else {
      for (double end = now() + 20e-6; now() < end;)
        ;
      if (__atomic_load_n(&woke, __ATOMIC_ACQUIRE))
        __atomic_add_fetch(&late, 1, __ATOMIC_RELAXED);
    }
    __atomic_add_fetch(&done, 1, __ATOMIC_RELAXED);
  }
  CHECK_EQ(done, N);
  if (late > MAX_LATE)
    printf("%d tasks ran only after the sleeping one\n", late);
  CHECK(late <= MAX_LATE);
  printf("the other tasks ran while one slept\n");
  return 0;
}
// CHECK: the other tasks ran while one slept
