// OMP_MAX_ACTIVE_LEVELS=1 and OMP_NESTED=false serialize inner regions: they
// run with one thread at an inactive level.
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NESTED=false %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  CHECK_EQ(omp_get_max_active_levels(), 1);
  int inner_runs = 0;
#pragma omp parallel num_threads(3)
  {
    CHECK_EQ(omp_get_num_threads(), 3);
#pragma omp parallel num_threads(4)
    {
      CHECK_EQ(omp_get_num_threads(), 1);
      CHECK_EQ(omp_get_thread_num(), 0);
      CHECK_EQ(omp_get_level(), 2);
      CHECK_EQ(omp_get_active_level(), 1);
#pragma omp atomic
      inner_runs++;
    }
  }
  CHECK_EQ(inner_runs, 3);
  printf("max active levels %d, inner runs %d\n", omp_get_max_active_levels(),
         inner_runs);
  return 0;
}
// CHECK: max active levels 1, inner runs 3
