// Tasks inside nested parallel regions (2 x 3 threads): a task sees the team
// of the thread that created it (level 2, team size 3, a thread number of
// that team, the creator's ancestor at level 1); the end of each inner region
// completes its tasks; tasks that open a parallel region themselves work.
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=3 %libomp-run | FileCheck %s
// RUN: env OMP_MAX_ACTIVE_LEVELS=3 OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#define PER_THREAD 50

int main(void) {
  static int done[2][3][PER_THREAD];
  int complete_at_end[2] = {0, 0}, bad = 0, inner_regions = 0;
#pragma omp parallel num_threads(2) shared(done, complete_at_end, bad)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(3) shared(done, bad)
    {
      int inner = omp_get_thread_num();
      for (int k = 0; k < PER_THREAD; k++)
#pragma omp task firstprivate(k, inner, outer) shared(done, bad)
      {
        if (omp_get_level() != 2 || omp_get_active_level() != 2 ||
            omp_get_num_threads() != 3 || omp_get_thread_num() < 0 ||
            omp_get_thread_num() >= 3 || omp_get_ancestor_thread_num(1) != outer ||
            omp_get_team_size(1) != 2)
          bad = 1;
        spin_a_bit(200);
        done[outer][inner][k]++;
      }
    }
    // The inner region has ended: all its tasks are complete.
    int all = 1;
    for (int i = 0; i < 3; i++)
      for (int k = 0; k < PER_THREAD; k++)
        all &= done[outer][i][k] == 1;
    complete_at_end[outer] = all;

    // A task that opens a region of its own, whose threads create tasks.
#pragma omp task shared(inner_regions, bad)
    {
      int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
      {
        if (omp_get_level() != 2 || omp_get_num_threads() != 2)
          bad = 1;
        int part = 0;
#pragma omp task shared(part)
        part = 5;
#pragma omp taskwait
        sum += part;
      }
      if (sum == 10) {
#pragma omp atomic
        inner_regions++;
      }
    }
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(complete_at_end[0], 1);
  CHECK_EQ(complete_at_end[1], 1);
  CHECK_EQ(inner_regions, 2);
  printf("nested: 2 x 3 x %d tasks complete at their regions' end\n", PER_THREAD);
  return 0;
}
// CHECK: nested: 2 x 3 x 50 tasks complete at their regions' end
