// 64 OpenMP threads (on 2 ESs under Bobbin) pass 1000 barriers; after each
// barrier every thread sees that all threads finished the previous phase.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define NT 64
#define PHASES 1000

int main(void) {
  static int phase_of[NT];
  int errors = 0;
#pragma omp parallel num_threads(NT) reduction(+ : errors)
  {
    int me = omp_get_thread_num();
    CHECK_EQ(omp_get_num_threads(), NT);
    for (int p = 1; p <= PHASES; p++) {
      __atomic_store_n(&phase_of[me], p, __ATOMIC_RELAXED);
#pragma omp barrier
      // Everyone reached phase p; nobody can be past it before the next
      // barrier.
      for (int t = 0; t < NT; t++)
        if (__atomic_load_n(&phase_of[t], __ATOMIC_RELAXED) != p)
          errors++;
#pragma omp barrier
    }
  }
  printf("%d threads, %d barrier phases, %d errors\n", NT, PHASES, errors);
  CHECK_EQ(errors, 0);
  return 0;
}
// CHECK: 64 threads, 1000 barrier phases, 0 errors
