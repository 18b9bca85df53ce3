// A taskloop of 100 000 one-iteration tasks (grainsize(1), and num_tasks
// of the trip count) inside a nested parallel region: in each inner team
// of two threads, under each of the two outer threads, one thread makes
// them and both run them; every iteration adds its index to a sum, which
// must be the loop's when the taskloop ends (its taskgroup waits for all
// of them). Exercises a producer far ahead of its team: tasks queued, and
// run at once once the queue is long.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

enum { N = 100000 };

int main(void) {
  long sums[2][2] = {{0}};
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2)
#pragma omp single
    {
      long sum = 0;
#pragma omp taskloop grainsize(1) shared(sum)
      for (long i = 0; i < N; i++) {
#pragma omp atomic
        sum += i;
      }
      sums[outer][0] = sum;
      sum = 0;
#pragma omp taskloop num_tasks(N) shared(sum)
      for (long i = 0; i < N; i++) {
#pragma omp atomic
        sum += i;
      }
      sums[outer][1] = sum;
    }
  }
  const long want = (long)N * (N - 1) / 2;
  for (int o = 0; o < 2; o++)
    for (int k = 0; k < 2; k++)
      CHECK_EQ(sums[o][k], want);
  printf("4 taskloops of %d tasks summed right\n", N);
  return 0;
}
// CHECK: 4 taskloops of 100000 tasks summed right
