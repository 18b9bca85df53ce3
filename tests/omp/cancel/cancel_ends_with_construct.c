// A cancelled loop or sections construct stays cancelled only until it
// ends: the next construct's cancellation points do not fire. gcc ends a
// static loop and sections with a plain GOMP_barrier when the region has no
// `cancel parallel`; clang with its cancellation barrier; the request must
// end at either, for every construct kind, in a team of one too (where
// LLVM's libomp 14 aborts; libgomp passes).
// RUN: %libomp-compile && env OMP_CANCELLATION=true %libomp-run | FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
#include "check.h"

static volatile int never;
static int ran;

/* How many of 100 iterations of a cancellable loop run, summed over the
 * team; cancel point at the top of each. */
static int next_loop_runs(void) {
#pragma omp single
  ran = 0;
#pragma omp for reduction(+ : ran)
  for (int i = 0; i < 100; i++) {
#pragma omp cancellation point for
    ran++;
#pragma omp cancel for if (never)
  }
  return ran;
}

int main(void) {
  int loops_ok = 0, sections_ok = 0, nthreads = 0;
#pragma omp parallel
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    for (int round = 0; round < 20; round++) {
#pragma omp for
      for (int i = 0; i < 100; i++) {
#pragma omp cancel for if (i == 3)
      }
      int whole = next_loop_runs() == 100;
#pragma omp single
      loops_ok += whole;

#pragma omp sections
      {
#pragma omp section
        {
#pragma omp cancel sections
        }
#pragma omp section
        {
#pragma omp cancel sections
        }
      }
      whole = next_loop_runs() == 100;
#pragma omp single
      sections_ok += whole;
    }
  }
  CHECK_EQ(loops_ok, 20);
  CHECK_EQ(sections_ok, 20);
  printf("%d threads: the next loop ran whole after cancelled loops and sections\n",
         nthreads > 0);
  return 0;
}
// CHECK: 1 threads: the next loop ran whole after cancelled loops and sections
