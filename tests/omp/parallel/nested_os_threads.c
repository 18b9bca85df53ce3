// REQUIRES: bobbin
// Deep nesting (4 x 8 x 8 OpenMP threads) creates work units, never OS
// threads: the process never has more OS threads than ESs (2 here) and one
// that serves ES 0 while the application's thread waits. Preemption is off:
// it adds a sleeping monitor, and an OS thread per unit it preempts.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=2 BOBBIN_TIME_SLICE=off %libomp-run | FileCheck %s
#include "check.h"

static int max_seen;

static void sample(void) { os_thread_count_max(&max_seen); }

int main(void) {
  int leaves = 0;
  sample();
#pragma omp parallel num_threads(4)
  {
    sample();
#pragma omp parallel num_threads(8)
    {
      sample();
#pragma omp parallel num_threads(8)
      {
        CHECK_EQ(omp_get_active_level(), 3);
        CHECK_EQ(omp_get_num_threads(), 8);
        sample();
#pragma omp barrier
        sample();
#pragma omp atomic
        leaves++;
      }
      sample();
    }
  }
  sample();
  CHECK_EQ(leaves, 4 * 8 * 8);
  printf("leaves %d, max OS threads %d\n", leaves, max_seen);
  CHECK(max_seen <= 3);
  return 0;
}
// CHECK: leaves 256, max OS threads {{[123]$}}
