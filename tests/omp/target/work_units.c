// REQUIRES: gcc, bobbin
// A target region's threads are work units like any region's: parallel
// regions inside it (nested, and from target regions that the threads of
// a team encounter) create no OS threads; the process never has more than
// the ESs' (2 here) and one that serves ES 0 while the application's thread
// waits. Preemption is off: it adds a monitor thread.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=2 BOBBIN_TIME_SLICE=off OMP_MAX_ACTIVE_LEVELS=3 %libomp-run | FileCheck %s
#include "check.h"

static int max_seen;

static void sample(void) { os_thread_count_max(&max_seen); }

static void region(int *leaves) {
#pragma omp target map(tofrom : leaves[0 : 1])
#pragma omp parallel num_threads(8)
  {
    sample();
#pragma omp parallel num_threads(4)
    {
      sample();
#pragma omp barrier
      __atomic_fetch_add(leaves, 1, __ATOMIC_RELAXED);
    }
  }
}

int main(void) {
  int leaves = 0;
  sample();
  region(&leaves);
  CHECK_EQ(leaves, 32);
#pragma omp parallel num_threads(4)
  region(&leaves);
  sample();
  CHECK_EQ(leaves, 5 * 32);
  printf("leaves %d, max OS threads %d\n", leaves, max_seen);
  CHECK(max_seen <= 3);
  return 0;
}
// CHECK: leaves 160, max OS threads {{[123]$}}
