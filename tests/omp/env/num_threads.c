// OMP_NUM_THREADS: a single value sets every level's default team size; a
// list "4,2" gives the outer team 4 threads and inner teams 2.
// RUN: %libomp-compile && env OMP_NUM_THREADS=3 OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s --check-prefix=THREE
// RUN: env OMP_NUM_THREADS=4,2 %libomp-run | FileCheck %s --check-prefix=LIST
// RUN: env OMP_NUM_THREADS=" 5 " %libomp-run | FileCheck %s --check-prefix=SPACES
#include "check.h"

int main(void) {
  int outer = 0, inner_max = 0, inner[8] = {0}, inner_inner_max = 0;
  printf("max threads %d\n", omp_get_max_threads());
#pragma omp parallel
  {
    int me = omp_get_thread_num();
#pragma omp single
    {
      outer = omp_get_num_threads();
      inner_max = omp_get_max_threads();
    }
#pragma omp parallel
    {
#pragma omp master
      inner[me % 8] = omp_get_num_threads();
#pragma omp master
      if (me == 0)
        inner_inner_max = omp_get_max_threads();
    }
  }
  for (int i = 1; i < outer && i < 8; i++)
    CHECK_EQ(inner[i], inner[0]);
  printf("outer %d, max inside %d, inner %d, max inside inner %d\n", outer,
         inner_max, inner[0], inner_inner_max);
  return 0;
}
// THREE: max threads 3
// THREE-NEXT: outer 3, max inside 3, inner 3, max inside inner 3
// LIST: max threads 4
// LIST-NEXT: outer 4, max inside 2, inner 2, max inside inner 2
// SPACES: max threads 5
