// omp_pause_resource(omp_pause_soft) keeps the OpenMP state, threadprivate
// data included, as OpenMP asks, and releases only OS threads that hold
// none: the ESs' own remain (two with BOBBIN_NUM_ES=2), with their TLS, so
// every thread, also beyond the ES count, finds its threadprivate and
// __thread values in the next region. A hard pause after soft ones still
// leaves the initial thread alone. Bobbin only: libgomp 12 ends its
// threads, and their threadprivate data, on a soft pause too.
// RUN: %libomp-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"

#include <time.h>

static int tp = 7;
#pragma omp threadprivate(tp)
static __thread int tl = 5;

// Each thread checks the values the previous region left, then leaves its own.
static void region(int base, int expect) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  {
    int i = omp_get_thread_num();
    if (expect) {
      CHECK_EQ(tp, expect + i);
      CHECK_EQ(tl, expect + 1000 + i);
    }
    tp = base + i;
    tl = base + 1000 + i;
    n++;
  }
  CHECK_EQ(n, omp_get_max_threads());
}

static void settle(int threads) {
  while (os_thread_count() != threads)
    nanosleep(&(struct timespec){0, 1000000}, NULL);
}

int main(void) {
  deadline(60, "pause_soft");
  region(100, 0);
  for (int round = 1; round <= 10; round++) {
    CHECK_EQ(omp_pause_resource(omp_pause_soft, omp_get_initial_device()), 0);
    settle(2);
    region(100 + round, 100 + round - 1);
  }
  CHECK_EQ(omp_pause_resource_all(omp_pause_hard), 0);
  settle(1);
  printf("soft pauses kept threadprivate data\n");
  return 0;
}
// CHECK: soft pauses kept threadprivate data
