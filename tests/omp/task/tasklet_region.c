// REQUIRES: bobbin
// Tasks created by OpenMP threads that are tasklets (BOBBIN_THREAD_KIND=
// ult,tasklet: the inner region's threads) run as ULT tasks and are complete
// by the end of that inner region; the tasklet threads themselves never wait.
// Also with a dependence chain between them, and with ult everywhere.
// RUN: %libomp-compile && env BOBBIN_THREAD_KIND=ult,tasklet %libomp-run 2>&1 | FileCheck %s
// RUN: env BOBBIN_THREAD_KIND=ult %libomp-run 2>&1 | FileCheck %s
#include "check.h"

#define PER_THREAD 100

int main(void) {
  static int done[2][4][PER_THREAD];
  int complete[2] = {0, 0}, chain_ok[2] = {0, 0}, bad = 0;
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num();
    int x = 0;
#pragma omp parallel num_threads(4) shared(x)
    {
      int inner = omp_get_thread_num();
      for (int k = 0; k < PER_THREAD; k++)
#pragma omp task firstprivate(inner, k, outer)
      {
        if (omp_get_num_threads() != 4 || omp_get_level() != 2)
          bad = 1;
        done[outer][inner][k]++;
      }
      if (inner == 0) {
        // A chain on x: each link sees the previous one's value.
        for (int k = 0; k < 50; k++)
#pragma omp task depend(inout : x) shared(x) firstprivate(k)
        {
          if (x == k)
            x = k + 1;
        }
      }
    }
    int all = 1;
    for (int i = 0; i < 4; i++)
      for (int k = 0; k < PER_THREAD; k++)
        all &= done[outer][i][k] == 1;
    complete[outer] = all;
    chain_ok[outer] = x == 50;
  }
  CHECK_EQ(bad, 0);
  CHECK(complete[0] && complete[1]);
  CHECK(chain_ok[0] && chain_ok[1]);
  printf("tasks of tasklet threads complete at the region's end\n");
  return 0;
}
// CHECK-NOT: bobbin:
// CHECK: tasks of tasklet threads complete at the region's end
